import Foundation

/// Why the city catalogue could not be read, built or replaced, in words for the user.
public enum CatalogueError: Error, Equatable, Sendable {
    case unreadable(path: String, reason: String)
    case corrupt(path: String, reason: String)
    /// Written by an older SkyLens in a format this one no longer reads: imported again, quietly.
    case olderFormat(path: String, version: UInt32)
    /// The downloaded list is not the expected JSON.
    case malformed(String)
    /// Too few usable entries (none, or more than 1 % left out).
    case unusable(valid: Int, skipped: Int, firstProblem: String?)
    case download(String)
    /// The download timed out or was rate-limited: worth trying again later.
    case downloadTemporary(String)
    /// More places than a catalogue holds, or a catalogue larger than `CatalogueStore.maximumCatalogueBytes`.
    case tooLarge(String)
    case storage(String)

    /// What kind of failure it is, for the exit status: the list's own fault (malformed, unusable, too large),
    /// the network's (temporary or not), or the data directory's.
    public enum Kind: Sendable, Equatable { case list, temporary, unavailable, storage, other }

    public var kind: Kind {
        switch self {
        case .malformed, .unusable, .tooLarge: .list
        case .downloadTemporary: .temporary
        case .download: .unavailable
        case .storage: .storage
        case .unreadable, .corrupt, .olderFormat: .other
        }
    }

    public var message: String {
        switch self {
        case .unreadable(let path, let reason): "The city catalogue at \(path) cannot be read: \(reason)."
        case .corrupt(let path, let reason): "The city catalogue at \(path) is damaged: \(reason)."
        case .olderFormat(let path, let version):
            "The city catalogue at \(path) was written by an older SkyLens (format \(version))."
        case .malformed(let reason): "The city list is not valid JSON of the expected shape: \(reason)."
        case .unusable(let valid, let skipped, let problem):
            "The city list has \(valid) usable cities and \(skipped) broken entries\(problem.map { " (first: \($0))" } ?? "")."
        case .download(let reason), .downloadTemporary(let reason): "The city list could not be downloaded: \(reason)"
        case .tooLarge(let reason): "The city list is too large: \(reason)."
        case .storage(let reason): "The city catalogue could not be saved: \(reason)."
        }
    }
}

/// Turns a list of cities into a catalogue file: folds every name, sorts the rows into search order, and writes the
/// columns and indexes that `CityCatalogue` maps. Used ahead of time for the built-in list (`make catalogue`) and at
/// run time for a list from `SKYLENS_CITIES_URL`.
public enum CatalogueBuilder {
    /// One place per place: the rows of a name and country, ordered by known population first, then higher
    /// population, then lower id; each row joins the first earlier place within 0.01° in both latitude and
    /// longitude, or starts its own. Returns each place's rows, its first (most important) row first, places in the
    /// order of their first rows in `records`.
    public static func places(_ records: [City]) -> [[Int]] {
        var groups: [String: [Int]] = [:]
        for (index, record) in records.enumerated() {
            groups["\(record.country)\u{0}\(record.name)", default: []].append(index)
        }
        var places: [[Int]] = []
        places.reserveCapacity(records.count)
        for (_, members) in groups {
            let ordered = members.sorted { a, b in
                let x = records[a], y = records[b]
                if (x.population == nil) != (y.population == nil) { return x.population != nil }
                if let p = x.population, let q = y.population, p != q { return p > q }
                return x.id < y.id
            }
            var own: [[Int]] = []
            for row in ordered {
                let record = records[row]
                if let place = own.firstIndex(where: { place in
                    let first = records[place[0]]
                    return abs(first.latitude - record.latitude) <= 0.01
                        && abs(first.longitude - record.longitude) <= 0.01
                }) {
                    own[place].append(row)
                } else {
                    own.append([row])
                }
            }
            places += own
        }
        places.sort { $0[0] < $1[0] }
        return places
    }

    /// False for a row that is not a town: no letter in its name (`-`), no country (a continent, the Earth), a
    /// country's or a state's formal name (`Republic of Fiji`, `State of Kerala`), or its own country's name with no
    /// population (`Canada, CA`; but `Singapore`, `Luxembourg` with their people are towns).
    public static func isTown(_ city: City, countryName: String?) -> Bool {
        guard !city.country.isEmpty, city.name.contains(where: \.isLetter) else { return false }
        let folded = NameFolding.fold(city.name)
        let formal = [
            "republic of ", "kingdom of ", "state of ", "commonwealth of ", "federal republic of ", "principality of ",
            "grand duchy of ", "sultanate of ", "democratic republic of ", "independent state of ", "union of ",
        ]
        if formal.contains(where: { folded.hasPrefix($0) }) { return false }
        if city.population == nil, let countryName, NameFolding.fold(countryName) == folded { return false }
        // A first-level region listed as a place, with no people of its own (`New York`, NY, the state's row, beside
        // `New York City`; `Washington`, WA): the region, not a town.
        if city.population == nil, let region = city.region, NameFolding.fold(region.name) == folded { return false }
        return true
    }

    /// An airport's IATA code and the place it serves (`airports.csv`): the code finds the place, said with the
    /// airport's name.
    public struct Airport: Sendable, Equatable {
        public var code: String
        public var name: String
        /// The id of the city it serves.
        public var cityID: Int

        public init(code: String, name: String, cityID: Int) {
            self.code = code
            self.name = name
            self.cityID = cityID
        }
    }

    /// Reads `iata,icao,name,city,subd,country,lat,lon,tz,city_id` (the airports file): the airports that serve a
    /// city of the list.
    public static func airports(csv: String) -> [Airport] {
        csv.split(whereSeparator: \.isNewline).dropFirst().compactMap { line in
            let fields = Countries.fields(String(line))
            guard fields.count >= 10, fields[0].count == 3, fields[0].allSatisfy({ $0.isASCII && $0.isLetter }),
                let id = Int(fields[9].trimmingCharacters(in: .whitespaces))
            else { return nil }
            return Airport(
                code: fields[0].uppercased(), name: fields[2].trimmingCharacters(in: .whitespaces), cityID: id)
        }
    }

    /// What kind of other name a text is: a code when it is two to four capital ASCII letters (`NYC`, `YYZ`, `NY`),
    /// else a name.
    static func kind(ofOtherName text: String) -> OtherNameKind {
        PlaceRanking.isCodeLike(text) ? .code : .name
    }

    /// The rows of capitals: for each country of `countries`, the most populous place of that country whose name or
    /// other name is its capital's (`Washington` is `Washington, D.C.`; `Mexico City`, `Brasília`).
    static func capitals(
        _ records: [City], placeIDs: [[Int]], otherNames: [Int: [String]], countries: Countries
    ) -> Set<Int> {
        var wanted: [String: String] = [:]
        for record in records where wanted[record.country] == nil {
            guard let capital = countries.country(record.country)?.capital, !capital.isEmpty else { continue }
            wanted[record.country] = NameFolding.fold(capital)
        }
        // The most populous place of that name or other name; but one of that very name within 25 km of it is the
        // capital itself (New Delhi, not Delhi, whose other name it also is).
        var named: [String: [(place: Int, byName: Bool, population: Int)]] = [:]
        for (place, record) in records.enumerated() {
            guard let capital = wanted[record.country], let population = record.population, population > 0 else {
                continue
            }
            let byName = NameFolding.fold(record.name) == capital
            guard
                byName
                    || placeIDs[place].contains(where: { id in
                        (otherNames[id] ?? []).contains { NameFolding.fold($0) == capital }
                    })
            else { continue }
            named[record.country, default: []].append((place, byName, population))
        }
        var best: [String: (place: Int, byName: Bool, population: Int)] = [:]
        for (country, candidates) in named {
            guard var chosen = candidates.max(by: { $0.population < $1.population }) else { continue }
            if !chosen.byName,
                let own = candidates.filter({ candidate in
                    candidate.byName
                        && Geo.distance(
                            latitude1: records[candidate.place].latitude,
                            longitude1: records[candidate.place].longitude,
                            latitude2: records[chosen.place].latitude, longitude2: records[chosen.place].longitude)
                            <= 25
                }).max(by: { $0.population < $1.population })
            {
                chosen = own
            }
            best[country] = chosen
        }
        return Set(best.values.map(\.place))
    }

    /// - Parameter otherNames: other names by city id (`cities-aliases.tsv`): a place has those of all its rows.
    public static func build(
        _ records: [City], source: String, createdAt: Date, countries: Countries = .builtIn(),
        otherNames: [Int: [String]] = [:], airports: [Airport] = [], progress: ((Double) -> Void)? = nil
    ) -> Data {
        // 0. One row per place.
        let grouped = places(records)
        let placeIDs = grouped.map { rows in rows.map { records[$0].id } }
        var mergedPairs: [(id: UInt32, place: Int)] = []
        for (place, rows) in grouped.enumerated() {
            for row in rows.dropFirst() { mergedPairs.append((UInt32(records[row].id), place)) }
        }
        let records = grouped.map { records[$0[0]] }
        let count = records.count
        let capitals = capitals(records, placeIDs: placeIDs, otherNames: otherNames, countries: countries)
        // 1. Fold every name, on every core.
        var foldedNames = [[UInt8]](repeating: [], count: count)
        foldedNames.withUnsafeMutableBufferPointer { output in
            // Each chunk writes only its own slots, so the unchecked sharing is race-free.
            nonisolated(unsafe) let output = output
            let chunks = max(1, min(64, count / 2_048))
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let range = (count * chunk / chunks)..<(count * (chunk + 1) / chunks)
                for index in range { output[index] = Array(NameFolding.fold(records[index].name).utf8) }
            }
        }
        progress?(0.4)
        // 2. Sort rows by folded name (bytes: the order of Unicode scalars), then country, then the more populous
        //    (known population first), then id.
        var order = Array(0..<count)
        order.sort { a, b in
            let order = foldedNames[a].withUnsafeBufferPointer { x in
                foldedNames[b].withUnsafeBufferPointer { y -> Int32 in
                    let shared = min(x.count, y.count)
                    let result = shared == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, shared)
                    return result != 0 ? result : Int32(x.count) - Int32(y.count)
                }
            }
            if order != 0 { return order < 0 }
            let x = records[a], y = records[b]
            if x.country != y.country { return x.country < y.country }
            if (x.population ?? -1) != (y.population ?? -1) { return (x.population ?? -1) > (y.population ?? -1) }
            return x.id < y.id
        }
        var rowOf = [Int](repeating: 0, count: count)
        for (row, index) in order.enumerated() { rowOf[index] = row }
        progress?(0.7)
        // 3. Columns, in row order.
        var ids = [UInt32](), latitudes = [Int32](), longitudes = [Int32](), countryCodes = [UInt16]()
        var nameStarts = [UInt32](), names = [UInt8](), foldStarts = [UInt32](), folded = [UInt8]()
        var states = [UInt16](), populations = [UInt32](), zones = [UInt16](), regions = [UInt16](), flags = [UInt8]()
        ids.reserveCapacity(count)
        latitudes.reserveCapacity(count)
        longitudes.reserveCapacity(count)
        countryCodes.reserveCapacity(count)
        states.reserveCapacity(count)
        populations.reserveCapacity(count)
        zones.reserveCapacity(count)
        regions.reserveCapacity(count)
        flags.reserveCapacity(count)
        nameStarts.reserveCapacity(count + 1)
        foldStarts.reserveCapacity(count + 1)
        let zoneNames = Array(Set(records.compactMap(\.timeZone))).sorted()
        let zoneIndex = Dictionary(uniqueKeysWithValues: zoneNames.enumerated().map { ($1, UInt16($0)) })
        struct RegionKey: Hashable {
            var country: String, code: String, iso: String, name: String
        }
        let regionKeys = Array(
            Set(
                records.compactMap { record in
                    record.region.map {
                        RegionKey(country: record.country, code: $0.geonamesCode, iso: $0.isoCode ?? "", name: $0.name)
                    }
                })
        ).sorted { ($0.country, $0.code, $0.name) < ($1.country, $1.code, $1.name) }
        let regionIndex = Dictionary(
            uniqueKeysWithValues: regionKeys.prefix(Int(UInt16.max)).enumerated().map { ($1, UInt16($0)) })
        for index in order {
            let record = records[index]
            ids.append(UInt32(record.id))
            latitudes.append(Int32((record.latitude * 1e6).rounded()))
            longitudes.append(Int32((record.longitude * 1e6).rounded()))
            countryCodes.append(CatalogueFormat.packCode(record.country))
            nameStarts.append(UInt32(names.count))
            names.append(contentsOf: record.name.utf8)
            foldStarts.append(UInt32(folded.count))
            folded.append(contentsOf: foldedNames[index])
            states.append(CatalogueFormat.packCode(record.state))
            populations.append(record.population.map { UInt32(clamping: $0) } ?? CatalogueFormat.unknownPopulation)
            zones.append(record.timeZone.flatMap { zoneIndex[$0] } ?? CatalogueFormat.unknownTimeZone)
            let region = record.region.flatMap {
                regionIndex[
                    RegionKey(country: record.country, code: $0.geonamesCode, iso: $0.isoCode ?? "", name: $0.name)]
            }
            regions.append(region ?? CatalogueFormat.unknownRegion)
            var bits: UInt8 = 0
            if record.region?.inferred == true { bits |= CatalogueFormat.regionInferred }
            if !isTown(record, countryName: countries.name(record.country)) { bits |= CatalogueFormat.notATown }
            if capitals.contains(index) { bits |= CatalogueFormat.capital }
            flags.append(bits)
        }
        nameStarts.append(UInt32(names.count))
        foldStarts.append(UInt32(folded.count))
        // 4. Indexes: by country (in search order within each), by id, a 1° grid of the towns, and the merged ids.
        let byCountry = (0..<count).sorted {
            countryCodes[$0] != countryCodes[$1] ? countryCodes[$0] < countryCodes[$1] : $0 < $1
        }
        let byID = (0..<count).sorted { ids[$0] < ids[$1] }
        var cellOf = [Int](repeating: -1, count: count)
        var cellCounts = [UInt32](repeating: 0, count: CatalogueFormat.gridCells + 1)
        for row in 0..<count where flags[row] & CatalogueFormat.notATown == 0 {
            let cell = CatalogueFormat.gridCell(
                latitude: Double(latitudes[row]) / 1e6, longitude: Double(longitudes[row]) / 1e6)
            cellOf[row] = cell
            cellCounts[cell + 1] += 1
        }
        for cell in 0..<CatalogueFormat.gridCells { cellCounts[cell + 1] += cellCounts[cell] }
        var fill = cellCounts
        var gridItems = [UInt32](repeating: 0, count: Int(cellCounts[CatalogueFormat.gridCells]))
        for row in 0..<count where cellOf[row] >= 0 {
            gridItems[Int(fill[cellOf[row]])] = UInt32(row)
            fill[cellOf[row]] += 1
        }
        mergedPairs.sort { $0.id < $1.id }
        // Other names: a place's, once each as folded, unless it is the place's own name folded, or a name all in
        // lower-case ASCII letters (137,794 of GeoNames' are: machine transliterations from Arabic and Persian
        // script, `nychaytwchys  lwzyana`, that would answer typos with nonsense).
        // Airports' codes first, so that a code both lists give is said with the airport's name (`MAD: Madrid
        // Barajas International Airport`); and `X City` answers to `X` (`New Taipei`, `Ho Chi Minh`, `Quezon`).
        var placeOfID: [Int: Int] = [:]
        for (place, ids) in placeIDs.enumerated() { for id in ids { placeOfID[id] = place } }
        var airportsOfPlace: [Int: [Airport]] = [:]
        for airport in airports {
            guard let place = placeOfID[airport.cityID] else { continue }
            airportsOfPlace[place, default: []].append(airport)
        }
        var aliases: [(folded: [UInt8], name: String, row: Int, kind: OtherNameKind)] = []
        for (place, ids) in placeIDs.enumerated() {
            var seen: Set<[UInt8]> = [foldedNames[place]]
            for airport in airportsOfPlace[place] ?? [] {
                let key = Array(NameFolding.fold(airport.code).utf8)
                guard seen.insert(key).inserted else { continue }
                let text = airport.name.isEmpty ? airport.code : "\(airport.code): \(airport.name)"
                aliases.append((key, String(text.prefix(80)), rowOf[place], .airport))
            }
            let name = records[place].name
            if name.hasSuffix(" City"), name.split(separator: " ").count >= 2 {
                let short = String(name.dropLast(5)).trimmingCharacters(in: .whitespaces)
                let key = Array(NameFolding.fold(short).utf8)
                if !short.isEmpty, seen.insert(key).inserted { aliases.append((key, short, rowOf[place], .name)) }
            }
            for id in ids {
                for name in otherNames[id] ?? [] {
                    let trimmed = name.trimmingCharacters(in: .whitespaces)
                    guard !trimmed.isEmpty, trimmed.utf8.count <= 60,
                        !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
                        !(trimmed.utf8.allSatisfy { !(0x41...0x5A).contains($0) && $0 < 0x80 })
                    else { continue }
                    let key = Array(NameFolding.fold(trimmed).utf8)
                    guard seen.insert(key).inserted else { continue }
                    aliases.append((key, trimmed, rowOf[place], kind(ofOtherName: trimmed)))
                }
            }
        }
        aliases.sort { a, b in
            if a.folded.lexicographicallyPrecedes(b.folded) { return true }
            if b.folded.lexicographicallyPrecedes(a.folded) { return false }
            return a.row < b.row
        }
        var aliasFoldStarts: [UInt32] = [], aliasFolded: [UInt8] = []
        var aliasNameStarts: [UInt32] = [], aliasNames: [UInt8] = []
        aliasFoldStarts.reserveCapacity(aliases.count + 1)
        aliasNameStarts.reserveCapacity(aliases.count + 1)
        for alias in aliases {
            aliasFoldStarts.append(UInt32(aliasFolded.count))
            aliasFolded.append(contentsOf: alias.folded)
            aliasNameStarts.append(UInt32(aliasNames.count))
            aliasNames.append(contentsOf: alias.name.utf8)
        }
        aliasFoldStarts.append(UInt32(aliasFolded.count))
        aliasNameStarts.append(UInt32(aliasNames.count))
        // Every folded name and other name backwards, for suggestions that meet a typo from either end.
        var reversedKeys: [(key: [UInt8], target: UInt32)] = []
        reversedKeys.reserveCapacity(count + aliases.count)
        for row in 0..<count {
            let start = Int(foldStarts[row]), end = Int(foldStarts[row + 1])
            reversedKeys.append((Array(folded[start..<end].reversed()), UInt32(row)))
        }
        for (index, alias) in aliases.enumerated() {
            reversedKeys.append((alias.folded.reversed(), CatalogueFormat.reversedOtherName | UInt32(index)))
        }
        reversedKeys.sort { a, b in
            if a.key.lexicographicallyPrecedes(b.key) { return true }
            if b.key.lexicographicallyPrecedes(a.key) { return false }
            return a.target < b.target
        }
        var reversedStarts: [UInt32] = [], reversedBlob: [UInt8] = []
        reversedStarts.reserveCapacity(reversedKeys.count + 1)
        for entry in reversedKeys {
            reversedStarts.append(UInt32(reversedBlob.count))
            reversedBlob.append(contentsOf: entry.key)
        }
        reversedStarts.append(UInt32(reversedBlob.count))
        progress?(0.9)
        // 5. The file.
        var zoneStarts: [UInt32] = [0]
        var zoneBlob = [UInt8]()
        for zone in zoneNames {
            zoneBlob.append(contentsOf: zone.utf8)
            zoneStarts.append(UInt32(zoneBlob.count))
        }
        let regionTable = regionKeys.prefix(Int(UInt16.max)).map { key in
            [key.country, key.code, key.iso, key.name].map { $0.replacingOccurrences(of: "\t", with: " ") }
                .map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\t") + "\n"
        }.joined()
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        struct Meta: Encodable {
            var source: String
            var createdAt: Date
            var count: Int
            var merged: Int
        }
        let meta =
            (try? encoder.encode(Meta(source: source, createdAt: createdAt, count: count, merged: mergedPairs.count)))
            ?? Data("{}".utf8)
        var writer = CatalogueWriter(count: count)
        writer.append(.meta, bytes: meta)
        writer.append(.ids, values: ids)
        writer.append(.latitudes, values: latitudes)
        writer.append(.longitudes, values: longitudes)
        writer.append(.countries, values: countryCodes)
        writer.append(.nameStarts, values: nameStarts)
        writer.append(.names, bytes: Data(names))
        writer.append(.foldStarts, values: foldStarts)
        writer.append(.folded, bytes: Data(folded))
        writer.append(.states, values: states)
        writer.append(.populations, values: populations)
        writer.append(.timeZones, values: zones)
        writer.append(.timeZoneStarts, values: zoneStarts)
        writer.append(.timeZoneNames, bytes: Data(zoneBlob))
        writer.append(.byCountry, values: byCountry.map { UInt32($0) })
        writer.append(.byID, values: byID.map { UInt32($0) })
        writer.append(.gridStarts, values: cellCounts)
        writer.append(.gridItems, values: gridItems)
        writer.append(.regions, values: regions)
        writer.append(.flags, values: flags)
        writer.append(.regionTable, bytes: Data(regionTable.utf8))
        writer.append(.mergedIDs, values: mergedPairs.map(\.id))
        writer.append(.mergedRows, values: mergedPairs.map { UInt32(rowOf[$0.place]) })
        let towns = (0..<count).filter { flags[$0] & CatalogueFormat.notATown == 0 }
        let tree = NearestTree.build(
            rows: towns.map { UInt32($0) },
            points: towns.map {
                NearestTree.point(
                    latitude: Double(latitudes[$0]) / 1e6, longitude: Double(longitudes[$0]) / 1e6)
            })
        writer.append(.treeRows, values: tree.rows)
        writer.append(.treePoints, values: tree.points.map(\.bitPattern))
        writer.append(.treeAxes, values: tree.axes)
        writer.append(.aliasFoldStarts, values: aliasFoldStarts)
        writer.append(.aliasFolded, bytes: Data(aliasFolded))
        writer.append(.aliasNameStarts, values: aliasNameStarts)
        writer.append(.aliasNames, bytes: Data(aliasNames))
        writer.append(.aliasRows, values: aliases.map { UInt32($0.row) })
        writer.append(.aliasKinds, values: aliases.map(\.kind.rawValue))
        writer.append(.reversedStarts, values: reversedStarts)
        writer.append(.reversed, bytes: Data(reversedBlob))
        writer.append(.reversedTargets, values: reversedKeys.map(\.target))
        progress?(1)
        return writer.finish()
    }

    /// What `addMore` did.
    public struct MoreReport: Sendable, Equatable {
        /// Places added.
        public var added: Int
        /// Places left out: the list has one of the same name and country within 10 km (often at the neighbouring
        /// GeoNames id: `Kashan` 128476 and 128477).
        public var merged: Int
        /// Of those, how many gave the listed place the population it lacked.
        public var populated: Int
    }

    /// Adds the places of `cities-more.csv` (`id,name,country,admin1,lat,lon,population,timezone`: GeoNames places of
    /// 15,000 people or more that the list lacks) to `records`, with the region their admin1 code names (as the
    /// list's own places of that country and code have it). A place the list already has (the same folded name and
    /// country within 10 km) is not added again: merged by name, country and distance, not by id.
    public static func addMore(_ csv: String, to records: inout [City]) -> MoreReport {
        var regions: [String: Region] = [:]
        var byName: [String: [Int]] = [:]
        var listedIDs = Set<Int>()
        for (index, record) in records.enumerated() {
            listedIDs.insert(record.id)
            if let region = record.region, !region.inferred {
                regions["\(record.country)\u{0}\(region.geonamesCode)"] = region
            }
            byName["\(record.country)\u{0}\(NameFolding.fold(record.name))", default: []].append(index)
        }
        var report = MoreReport(added: 0, merged: 0, populated: 0)
        for line in csv.split(whereSeparator: \.isNewline).dropFirst() {
            let fields = Countries.fields(String(line))
            guard fields.count >= 8, let id = Int(fields[0]), !listedIDs.contains(id), fields[2].count == 2,
                let latitude = Double(fields[4]), let longitude = Double(fields[5]),
                (-90...90).contains(latitude), (-180...180).contains(longitude)
            else { continue }
            let name = fields[1].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { continue }
            let country = fields[2].uppercased()
            let population = Int(fields[6])
            let key = "\(country)\u{0}\(NameFolding.fold(name))"
            if let listed = byName[key]?.first(where: {
                Geo.distance(
                    latitude1: records[$0].latitude, longitude1: records[$0].longitude, latitude2: latitude,
                    longitude2: longitude) <= 10
            }) {
                report.merged += 1
                if records[listed].population == nil, let population {
                    records[listed].population = population
                    report.populated += 1
                }
                continue
            }
            let zone = fields[7].trimmingCharacters(in: .whitespaces)
            records.append(
                City(
                    id: id, name: name, country: country, latitude: latitude, longitude: longitude,
                    population: population, timeZone: zone.isEmpty ? nil : zone,
                    region: regions["\(country)\u{0}\(fields[3])"]))
            byName[key, default: []].append(records.count - 1)
            listedIDs.insert(id)
            report.added += 1
        }
        return report
    }

    /// Reads `id<TAB>alias` lines (the other-names file, with its header) into other names by id.
    public static func otherNames(tsv: String) -> [Int: [String]] {
        var names: [Int: [String]] = [:]
        for line in tsv.split(separator: "\n").dropFirst() {
            guard let tab = line.firstIndex(of: "\t"), let id = Int(line[..<tab]) else { continue }
            names[id, default: []].append(String(line[line.index(after: tab)...]))
        }
        return names
    }

    /// Reads `id,state,population,timezone` (the extras file) into the records with those ids.
    public static func applyExtras(_ csv: String, to records: inout [City]) {
        var positions: [Int: Int] = [:]
        positions.reserveCapacity(records.count)
        for (index, record) in records.enumerated() { positions[record.id] = index }
        for line in csv.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count >= 4, let id = Int(fields[0]), let index = positions[id] else { continue }
            if fields[1].count == 2 { records[index].state = String(fields[1]) }
            if let population = Int(fields[2]) { records[index].population = population }
            let zone = fields[3].trimmingCharacters(in: .whitespacesAndNewlines)
            if !zone.isEmpty { records[index].timeZone = zone }
        }
    }

    /// Reads `id,region_code,region_iso,region,region_source,timezone,timezone_source` (the regions file) into the
    /// records with those ids: the first-level region (GeoNames' own, or inferred from the nearest city) and the time
    /// zone (which it has for every city: GeoNames' own, or looked up from time-zone boundaries at the city's
    /// coordinates). Where both files name a zone, this one is kept.
    public static func applyRegions(_ csv: String, to records: inout [City]) {
        var positions: [Int: Int] = [:]
        positions.reserveCapacity(records.count)
        for (index, record) in records.enumerated() { positions[record.id] = index }
        for line in csv.split(separator: "\n").dropFirst() {
            let fields = Countries.fields(String(line))
            guard fields.count >= 6, let id = Int(fields[0]), let index = positions[id] else { continue }
            let zone = fields[5].trimmingCharacters(in: .whitespacesAndNewlines)
            if !zone.isEmpty { records[index].timeZone = zone }
            let name = fields[3].trimmingCharacters(in: .whitespaces)
            if !name.isEmpty, !fields[1].isEmpty, fields[4] == "geonames" || fields[4] == "nearest" {
                records[index].region = Region(
                    name: name, isoCode: fields[2].isEmpty ? nil : fields[2], geonamesCode: fields[1],
                    inferred: fields[4] == "nearest")
            }
        }
    }

    /// Copies state, population, time zone and region from `catalogue` into records with the same id (for a downloaded list,
    /// which has only names and coordinates).
    public static func applyExtras(from catalogue: CityCatalogue, to records: inout [City]) {
        for index in records.indices {
            guard let position = catalogue.position(ofID: records[index].id) else { continue }
            let known = catalogue.city(at: position)
            records[index].state = known.state
            records[index].population = known.population
            records[index].timeZone = known.timeZone
            records[index].region = known.region
        }
    }
}
