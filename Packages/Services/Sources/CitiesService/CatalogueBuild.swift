import CoreKit
import Foundation

/// The places of a table: rows of the same name and country within 0.01° of a more important row are one place.
///
/// Found by sorting the rows by (country, name, importance) rather than by a dictionary of names, which for a list of a
/// million places cost more than the list itself.
struct PlaceGrouping {
    /// Each place's first (most important) row, ascending: places in the order of their first rows.
    let firstRows: [UInt32]
    /// The rows of place p are `members[starts[p] ..< starts[p + 1]]`, its first row first.
    let starts: [UInt32]
    let members: [UInt32]

    var count: Int { firstRows.count }

    func rows(of place: Int) -> ArraySlice<UInt32> { members[Int(starts[place])..<Int(starts[place + 1])] }

    init(_ table: PlaceTable) {
        let rowCount = table.count
        var order = (0..<UInt32(rowCount)).map { $0 }
        let grouped = table.names.withUnsafeBufferPointer {
            names -> (firstRows: [UInt32], starts: [UInt32], members: [UInt32]) in
            func sameName(_ a: Int, _ b: Int) -> Int32 {
                let x = Int(table.nameStarts[a]), xEnd = Int(table.nameStarts[a + 1])
                let y = Int(table.nameStarts[b]), yEnd = Int(table.nameStarts[b + 1])
                return CatalogueBuilder.compare(
                    UnsafeBufferPointer(rebasing: names[x..<xEnd]), UnsafeBufferPointer(rebasing: names[y..<yEnd]))
            }
            // A name and country together, then within one: known population first, then higher, then lower id.
            order.sort { first, second in
                let a = Int(first), b = Int(second)
                if table.countries[a] != table.countries[b] { return table.countries[a] < table.countries[b] }
                let byName = sameName(a, b)
                if byName != 0 { return byName < 0 }
                let x = table.population(a), y = table.population(b)
                if (x == nil) != (y == nil) { return x != nil }
                if let x, let y, x != y { return x > y }
                if table.ids[a] != table.ids[b] { return table.ids[a] < table.ids[b] }
                return a < b
            }
            // Each row joins the first earlier place of its name within 0.01° in both latitude and longitude.
            var firstOf = [UInt32](repeating: 0, count: rowCount)
            var start = 0
            var own: [Int] = []
            while start < rowCount {
                var end = start + 1
                while end < rowCount, table.countries[Int(order[end])] == table.countries[Int(order[start])],
                    sameName(Int(order[end]), Int(order[start])) == 0
                {
                    end += 1
                }
                own.removeAll(keepingCapacity: true)
                for position in start..<end {
                    let row = Int(order[position])
                    if let place = own.first(where: { first in
                        abs(table.latitudes[first] - table.latitudes[row]) <= 0.01
                            && abs(table.longitudes[first] - table.longitudes[row]) <= 0.01
                    }) {
                        firstOf[row] = UInt32(place)
                    } else {
                        own.append(row)
                        firstOf[row] = UInt32(row)
                    }
                }
                start = end
            }
            var firstRows: [UInt32] = []
            var placeOfFirst = [UInt32](repeating: 0, count: rowCount)
            var sizes: [UInt32] = []
            for row in 0..<rowCount where firstOf[row] == UInt32(row) {
                placeOfFirst[row] = UInt32(firstRows.count)
                firstRows.append(UInt32(row))
                sizes.append(0)
            }
            for row in 0..<rowCount { sizes[Int(placeOfFirst[Int(firstOf[row])])] += 1 }
            var starts = [UInt32](repeating: 0, count: firstRows.count + 1)
            for place in 0..<firstRows.count { starts[place + 1] = starts[place] + sizes[place] }
            var fill = starts
            var members = [UInt32](repeating: 0, count: rowCount)
            // In the sorted order, a place's first row comes before the rows that joined it.
            for row in order {
                let place = Int(placeOfFirst[Int(firstOf[Int(row)])])
                members[Int(fill[place])] = row
                fill[place] += 1
            }
            return (firstRows, starts, members)
        }
        self.firstRows = grouped.firstRows
        self.starts = grouped.starts
        self.members = grouped.members
    }
}

/// Every place's name folded (`NameFolding.fold`), as one blob: place p's is `bytes[starts[p] ..< starts[p + 1]]`.
struct FoldedNames {
    let starts: [UInt32]
    let bytes: [UInt8]

    /// Folds on every core, each chunk into its own blob, then joins them.
    init(_ table: PlaceTable, rows: [UInt32]) {
        let count = rows.count
        let chunks = max(1, min(64, count / 2_048))
        var pieces = [(starts: [UInt32], bytes: [UInt8])](repeating: ([], []), count: chunks)
        pieces.withUnsafeMutableBufferPointer { output in
            // Each chunk writes only its own slot, so the unchecked sharing is race-free.
            nonisolated(unsafe) let output = output
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                var starts: [UInt32] = [], bytes: [UInt8] = []
                for index in (count * chunk / chunks)..<(count * (chunk + 1) / chunks) {
                    starts.append(UInt32(bytes.count))
                    bytes.append(contentsOf: NameFolding.fold(table.name(Int(rows[index]))).utf8)
                }
                output[chunk] = (starts, bytes)
            }
        }
        var starts: [UInt32] = [], bytes: [UInt8] = []
        starts.reserveCapacity(count + 1)
        bytes.reserveCapacity(pieces.reduce(0) { $0 + $1.bytes.count })
        for index in pieces.indices {
            let base = UInt32(bytes.count)
            starts.append(contentsOf: pieces[index].starts.map { $0 + base })
            bytes.append(contentsOf: pieces[index].bytes)
            pieces[index] = ([], [])
        }
        starts.append(UInt32(bytes.count))
        self.starts = starts
        self.bytes = bytes
    }

    func range(_ place: Int) -> Range<Int> { Int(starts[place])..<Int(starts[place + 1]) }

    func array(_ place: Int) -> [UInt8] { Array(bytes[range(place)]) }
}

extension CatalogueBuilder {
    /// One place per place: the rows of a name and country, ordered by known population first, then higher
    /// population, then lower id; each row joins the first earlier place within 0.01° in both latitude and
    /// longitude, or starts its own. Returns each place's rows, its first (most important) row first, places in the
    /// order of their first rows in `records`.
    public static func places(_ records: [City]) -> [[Int]] {
        let grouping = PlaceGrouping(PlaceTable(records))
        return (0..<grouping.count).map { grouping.rows(of: $0).map { Int($0) } }
    }

    /// Byte order of two UTF-8 texts (the order of their Unicode scalars), a shorter prefix first.
    static func compare(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int32 {
        let shared = min(x.count, y.count)
        if shared > 0, let a = x.baseAddress, let b = y.baseAddress {
            let result = memcmp(a, b, shared)
            if result != 0 { return result }
        }
        return Int32(x.count) - Int32(y.count)
    }

    /// - Parameter otherNames: other names by city id (`cities-aliases.tsv`): a place has those of all its rows.
    public static func build(
        _ records: [City], source: String, createdAt: Date, countries: Countries = .builtIn(),
        otherNames: [Int: [String]] = [:], airports: [Airport] = [], progress: ((Double) -> Void)? = nil
    ) throws(CatalogueError) -> Data {
        try build(
            PlaceTable(records), source: source, createdAt: createdAt, countries: countries, otherNames: otherNames,
            airports: airports, sink: .memory, limit: nil, progress: progress) ?? Data()
    }

    /// Builds the catalogue of `table` into `sink`: the file's bytes when it is memory, nil when it is a file. Stops
    /// with `CatalogueError.tooLarge` when the file would pass `limit` bytes.
    ///
    /// Memory: the table, the folded names and a few columns of 4 bytes a place; the file is written section by
    /// section, never held whole.
    static func build(
        _ table: PlaceTable, source: String, createdAt: Date, countries: Countries = .builtIn(),
        otherNames: [Int: [String]] = [:], airports: [Airport] = [], sink: CatalogueWriter.Sink, limit: Int?,
        progress: ((Double) -> Void)? = nil
    ) throws(CatalogueError) -> Data? {
        // 0. One row per place.
        let grouping = PlaceGrouping(table)
        let count = grouping.count
        let first = grouping.firstRows
        // 1. Fold every name, on every core.
        let folded = FoldedNames(table, rows: first)
        progress?(0.4)
        let capitals = capitals(table, grouping: grouping, folded: folded, otherNames: otherNames, countries: countries)
        // 2. Sort places by folded name (bytes: the order of Unicode scalars), then country, then the more populous
        //    (known population first), then id.
        var order = (0..<UInt32(count)).map { $0 }
        folded.bytes.withUnsafeBufferPointer { bytes in
            order.sort { first32, second32 in
                let a = Int(first32), b = Int(second32)
                let byName = compare(
                    UnsafeBufferPointer(rebasing: bytes[folded.range(a)]),
                    UnsafeBufferPointer(rebasing: bytes[folded.range(b)]))
                if byName != 0 { return byName < 0 }
                let x = Int(first[a]), y = Int(first[b])
                // Country codes as text: the first letter, then the second (a code packs them the other way round).
                let countryX = table.countries[x].byteSwapped, countryY = table.countries[y].byteSwapped
                if countryX != countryY { return countryX < countryY }
                let populationX = table.population(x) ?? -1, populationY = table.population(y) ?? -1
                if populationX != populationY { return populationX > populationY }
                return table.ids[x] < table.ids[y]
            }
        }
        var rowOf = [UInt32](repeating: 0, count: count)
        for (row, place) in order.enumerated() { rowOf[Int(place)] = UInt32(row) }
        progress?(0.7)
        // 3. The columns that the indexes need, in row order.
        let ids = order.map { table.ids[Int(first[Int($0)])] }
        let latitudes = order.map { Int32((table.latitudes[Int(first[Int($0)])] * 1e6).rounded()) }
        let longitudes = order.map { Int32((table.longitudes[Int(first[Int($0)])] * 1e6).rounded()) }
        let countryCodes = order.map { table.countries[Int(first[Int($0)])] }
        // Time zones and regions, numbered anew over the places (a table may know some that no place keeps).
        var usedZones = Set<UInt16>()
        for row in first where table.zones[Int(row)] != CatalogueFormat.unknownTimeZone {
            usedZones.insert(table.zones[Int(row)])
        }
        let zoneNames = usedZones.map { table.zoneNames[Int($0)] }.sorted()
        let zoneIndex = Dictionary(uniqueKeysWithValues: zoneNames.enumerated().map { ($1, UInt16($0)) })
        struct RegionKey: Hashable {
            var country: String, code: String, iso: String, name: String
        }
        func regionKey(_ row: Int) -> RegionKey? {
            table.region(row).map {
                RegionKey(
                    country: CatalogueFormat.unpackCode(table.countries[row]) ?? "", code: $0.geonamesCode,
                    iso: $0.isoCode ?? "", name: $0.name)
            }
        }
        var regionKeySet = Set<RegionKey>()
        // A region is shared by many places: each (country, region) is made into a key once.
        var keyOfRegion: [UInt64: RegionKey] = [:]
        for row in first where table.regions[Int(row)] != PlaceTable.noRegion {
            let tag = UInt64(table.countries[Int(row)]) << 32 | UInt64(table.regions[Int(row)])
            if keyOfRegion[tag] == nil, let key = regionKey(Int(row)) {
                keyOfRegion[tag] = key
                regionKeySet.insert(key)
            }
        }
        let regionKeys = regionKeySet.sorted {
            ($0.country, $0.code, $0.name, $0.iso) < ($1.country, $1.code, $1.name, $1.iso)
        }
        let regionIndex = Dictionary(
            uniqueKeysWithValues: regionKeys.prefix(Int(UInt16.max)).enumerated().map { ($1, UInt16($0)) })
        let regionNumbers = order.map { place -> UInt16 in
            let row = Int(first[Int(place)])
            guard table.regions[row] != PlaceTable.noRegion else { return CatalogueFormat.unknownRegion }
            let tag = UInt64(table.countries[row]) << 32 | UInt64(table.regions[row])
            return keyOfRegion[tag].flatMap { regionIndex[$0] } ?? CatalogueFormat.unknownRegion
        }
        let flags = order.map { place -> UInt8 in
            let row = Int(first[Int(place)])
            var bits: UInt8 = 0
            if table.region(row)?.inferred == true { bits |= CatalogueFormat.regionInferred }
            let city = table.city(row)
            if !isTown(city, countryName: countries.name(city.country)) { bits |= CatalogueFormat.notATown }
            if capitals[Int(place)] { bits |= CatalogueFormat.capital }
            return bits
        }
        var mergedPairs: [(id: UInt32, place: UInt32)] = []
        mergedPairs.reserveCapacity(table.count - count)
        for place in 0..<count {
            for row in grouping.rows(of: place).dropFirst() { mergedPairs.append((table.ids[Int(row)], UInt32(place))) }
        }
        mergedPairs.sort { $0.id < $1.id }

        // 4. The file, section by section.
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
        var writer = try CatalogueWriter(count: count, sink: sink, limit: limit)
        try writer.append(.meta, bytes: meta)
        try writer.append(.ids, values: ids)
        try writer.append(.latitudes, values: latitudes)
        try writer.append(.longitudes, values: longitudes)
        try writer.append(.countries, values: countryCodes)
        var nameLengths: [UInt32] = order.map {
            table.nameStarts[Int(first[Int($0)]) + 1] - table.nameStarts[Int(first[Int($0)])]
        }
        try writer.append(.nameStarts, values: cumulative(nameLengths))
        try writer.append(.names, length: Int(nameLengths.reduce(0, +)), pieces: count) { row, buffer in
            let tableRow = Int(first[Int(order[row])])
            buffer.append(
                contentsOf: table.names[Int(table.nameStarts[tableRow])..<Int(table.nameStarts[tableRow + 1])])
        }
        nameLengths = order.map { UInt32(folded.range(Int($0)).count) }
        try writer.append(.foldStarts, values: cumulative(nameLengths))
        try writer.append(.folded, length: folded.bytes.count, pieces: count) { row, buffer in
            buffer.append(contentsOf: folded.bytes[folded.range(Int(order[row]))])
        }
        nameLengths = []
        try writer.append(.states, count: count) { table.states[Int(first[Int(order[$0])])] }
        try writer.append(.populations, count: count) { row in
            table.population(Int(first[Int(order[row])])).map { UInt32(clamping: $0) }
                ?? CatalogueFormat.unknownPopulation
        }
        try writer.append(.timeZones, count: count) { row in
            table.timeZone(Int(first[Int(order[row])])).flatMap { zoneIndex[$0] } ?? CatalogueFormat.unknownTimeZone
        }
        var zoneStarts: [UInt32] = [0]
        var zoneBlob = [UInt8]()
        for zone in zoneNames {
            zoneBlob.append(contentsOf: zone.utf8)
            zoneStarts.append(UInt32(zoneBlob.count))
        }
        try writer.append(.timeZoneStarts, values: zoneStarts)
        try writer.append(.timeZoneNames, bytes: zoneBlob)
        // By country (in search order within each), by id, a 1° grid of the towns, the merged ids.
        let byCountry: [UInt32] = (0..<UInt32(count)).sorted { (a: UInt32, b: UInt32) -> Bool in
            let x = countryCodes[Int(a)], y = countryCodes[Int(b)]
            return x != y ? x < y : a < b
        }
        try writer.append(.byCountry, values: byCountry)
        let byID: [UInt32] = (0..<UInt32(count)).sorted { (a: UInt32, b: UInt32) -> Bool in ids[Int(a)] < ids[Int(b)] }
        try writer.append(.byID, values: byID)
        var cellCounts = [UInt32](repeating: 0, count: CatalogueFormat.gridCells + 1)
        func cell(_ row: Int) -> Int {
            CatalogueFormat.gridCell(latitude: Double(latitudes[row]) / 1e6, longitude: Double(longitudes[row]) / 1e6)
        }
        for row in 0..<count where flags[row] & CatalogueFormat.notATown == 0 { cellCounts[cell(row) + 1] += 1 }
        for index in 0..<CatalogueFormat.gridCells { cellCounts[index + 1] += cellCounts[index] }
        var fill = cellCounts
        var gridItems = [UInt32](repeating: 0, count: Int(cellCounts[CatalogueFormat.gridCells]))
        for row in 0..<count where flags[row] & CatalogueFormat.notATown == 0 {
            let cell = cell(row)
            gridItems[Int(fill[cell])] = UInt32(row)
            fill[cell] += 1
        }
        try writer.append(.gridStarts, values: cellCounts)
        try writer.append(.gridItems, values: gridItems)
        try writer.append(.regions, values: regionNumbers)
        try writer.append(.flags, values: flags)
        let regionTable = regionKeys.prefix(Int(UInt16.max)).map { key in
            [key.country, key.code, key.iso, key.name].map { $0.replacingEvery("\t", with: " ") }
                .map { $0.replacingEvery("\n", with: " ") }.joined(separator: "\t") + "\n"
        }.joined()
        try writer.append(.regionTable, bytes: Data(regionTable.utf8))
        try writer.append(.mergedIDs, count: mergedPairs.count) { mergedPairs[$0].id }
        try writer.append(.mergedRows, count: mergedPairs.count) { rowOf[Int(mergedPairs[$0].place)] }
        mergedPairs = []
        let towns = (0..<UInt32(count)).filter { flags[Int($0)] & CatalogueFormat.notATown == 0 }
        let tree = NearestTree.build(
            rows: towns,
            points: towns.map {
                NearestTree.point(
                    latitude: Double(latitudes[Int($0)]) / 1e6, longitude: Double(longitudes[Int($0)]) / 1e6)
            })
        try writer.append(.treeRows, values: tree.rows)
        try writer.append(.treePoints, count: tree.points.count) { tree.points[$0].bitPattern }
        try writer.append(.treeAxes, values: tree.axes)

        // Other names: a place's, once each as folded, unless it is the place's own name folded, or a name all in
        // lower-case ASCII letters (137,794 of GeoNames' are: machine transliterations from Arabic and Persian
        // script, `nychaytwchys  lwzyana`, that would answer typos with nonsense).
        // Airports' codes first, so that a code both lists give is said with the airport's name (`MAD: Madrid
        // Barajas International Airport`); and `X City` answers to `X` (`New Taipei`, `Ho Chi Minh`, `Quezon`).
        var airportsOfPlace: [Int: [Airport]] = [:]
        if !airports.isEmpty {
            var placeOfID: [Int: Int] = [:]
            for place in 0..<count {
                for row in grouping.rows(of: place) { placeOfID[Int(table.ids[Int(row)])] = place }
            }
            for airport in airports {
                guard let place = placeOfID[airport.cityID] else { continue }
                airportsOfPlace[place, default: []].append(airport)
            }
        }
        var aliases: [(folded: [UInt8], name: String, row: Int, kind: OtherNameKind)] = []
        for place in 0..<count {
            var seen: Set<[UInt8]> = [folded.array(place)]
            for airport in airportsOfPlace[place] ?? [] {
                let key = Array(NameFolding.fold(airport.code).utf8)
                guard seen.insert(key).inserted else { continue }
                let text = airport.name.isEmpty ? airport.code : "\(airport.code): \(airport.name)"
                aliases.append((key, String(text.prefix(80)), Int(rowOf[place]), .airport))
            }
            let name = table.name(Int(first[place]))
            if name.hasSuffix(" City"), name.split(separator: " ").count >= 2 {
                let short = String(name.dropLast(5)).trimmingSpaces
                let key = Array(NameFolding.fold(short).utf8)
                if !short.isEmpty, seen.insert(key).inserted { aliases.append((key, short, Int(rowOf[place]), .name)) }
            }
            guard !otherNames.isEmpty else { continue }
            for row in grouping.rows(of: place) {
                for name in otherNames[Int(table.ids[Int(row)])] ?? [] {
                    let trimmed = name.trimmingSpaces
                    guard !trimmed.isEmpty, trimmed.utf8.count <= 60,
                        !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
                        !(trimmed.utf8.allSatisfy { !(0x41...0x5A).contains($0) && $0 < 0x80 })
                    else { continue }
                    let key = Array(NameFolding.fold(trimmed).utf8)
                    guard seen.insert(key).inserted else { continue }
                    aliases.append((key, trimmed, Int(rowOf[place]), kind(ofOtherName: trimmed)))
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
        let aliasRows = aliases.map { UInt32($0.row) }
        let aliasKinds = aliases.map(\.kind.rawValue)
        aliases = []
        try writer.append(.aliasFoldStarts, values: aliasFoldStarts)
        try writer.append(.aliasFolded, bytes: aliasFolded)
        try writer.append(.aliasNameStarts, values: aliasNameStarts)
        try writer.append(.aliasNames, bytes: aliasNames)
        aliasNames = []
        aliasNameStarts = []
        try writer.append(.aliasRows, values: aliasRows)
        try writer.append(.aliasKinds, values: aliasKinds)

        // Every folded name and other name backwards, for suggestions that meet a typo from either end: sorted as
        // numbers (a row, or `reversedOtherName` | an other name's index) compared by their keys read backwards in
        // place, never copied out reversed.
        var targets = (0..<UInt32(count)).map { $0 }
        targets.append(contentsOf: (0..<UInt32(aliasRows.count)).map { CatalogueFormat.reversedOtherName | $0 })
        func key(_ target: UInt32) -> Range<Int> {
            if target & CatalogueFormat.reversedOtherName != 0 {
                let index = Int(target & ~CatalogueFormat.reversedOtherName)
                return Int(aliasFoldStarts[index])..<Int(aliasFoldStarts[index + 1])
            }
            return folded.range(Int(order[Int(target)]))
        }
        folded.bytes.withUnsafeBufferPointer { names in
            aliasFolded.withUnsafeBufferPointer { others in
                func bytes(_ target: UInt32) -> UnsafeBufferPointer<UInt8> {
                    UnsafeBufferPointer(
                        rebasing: target & CatalogueFormat.reversedOtherName != 0
                            ? others[key(target)] : names[key(target)])
                }
                targets.sort { a, b in
                    let x = bytes(a), y = bytes(b)
                    var i = x.count - 1, j = y.count - 1
                    while i >= 0, j >= 0 {
                        if x[i] != y[j] { return x[i] < y[j] }
                        i -= 1
                        j -= 1
                    }
                    if x.count != y.count { return x.count < y.count }
                    return a < b
                }
            }
        }
        progress?(0.9)
        let reversedLengths = targets.map { UInt32(key($0).count) }
        try writer.append(.reversedStarts, values: cumulative(reversedLengths))
        try writer.append(
            .reversed, length: Int(reversedLengths.reduce(0, +)), pieces: targets.count
        ) { index, buffer in
            let target = targets[index]
            let range = key(target)
            if target & CatalogueFormat.reversedOtherName != 0 {
                buffer.append(contentsOf: aliasFolded[range].reversed())
            } else {
                buffer.append(contentsOf: folded.bytes[range].reversed())
            }
        }
        try writer.append(.reversedTargets, values: targets)
        progress?(1)
        return try writer.finish()
    }

    /// `[0, a, a + b, …]`: the starts of consecutive pieces of these lengths, and the end of the last.
    private static func cumulative(_ lengths: [UInt32]) -> [UInt32] {
        var starts = [UInt32](repeating: 0, count: lengths.count + 1)
        for (index, length) in lengths.enumerated() { starts[index + 1] = starts[index] + length }
        return starts
    }

    /// Which places are capitals: for each country of `countries`, the most populous place of that country whose name
    /// or other name is its capital's (`Washington` is `Washington, D.C.`; `Mexico City`, `Brasília`).
    static func capitals(
        _ table: PlaceTable, grouping: PlaceGrouping, folded: FoldedNames, otherNames: [Int: [String]],
        countries: Countries
    ) -> [Bool] {
        let first = grouping.firstRows
        var wanted: [UInt16: [UInt8]] = [:]
        var asked = Set<UInt16>()
        for row in first where asked.insert(table.countries[Int(row)]).inserted {
            let code = CatalogueFormat.unpackCode(table.countries[Int(row)]) ?? ""
            guard let capital = countries.country(code)?.capital, !capital.isEmpty else { continue }
            wanted[table.countries[Int(row)]] = Array(NameFolding.fold(capital).utf8)
        }
        // The most populous place of that name or other name; but one of that very name within 25 km of it is the
        // capital itself (New Delhi, not Delhi, whose other name it also is).
        var named: [UInt16: [(place: Int, byName: Bool, population: Int)]] = [:]
        for place in 0..<grouping.count {
            let row = Int(first[place])
            guard let capital = wanted[table.countries[row]], let population = table.population(row), population > 0
            else { continue }
            let byName = folded.bytes[folded.range(place)].elementsEqual(capital)
            guard
                byName
                    || grouping.rows(of: place).contains(where: { member in
                        (otherNames[Int(table.ids[Int(member)])] ?? []).contains {
                            Array(NameFolding.fold($0).utf8) == capital
                        }
                    })
            else { continue }
            named[table.countries[row], default: []].append((place, byName, population))
        }
        var capitals = [Bool](repeating: false, count: grouping.count)
        for (_, candidates) in named {
            guard var chosen = candidates.max(by: { $0.population < $1.population }) else { continue }
            let chosenRow = Int(first[chosen.place])
            if !chosen.byName,
                let own = candidates.filter({ candidate in
                    let row = Int(first[candidate.place])
                    return candidate.byName
                        && Geo.distance(
                            latitude1: table.latitudes[row], longitude1: table.longitudes[row],
                            latitude2: table.latitudes[chosenRow], longitude2: table.longitudes[chosenRow]) <= 25
                }).max(by: { $0.population < $1.population })
            {
                chosen = own
            }
            capitals[chosen.place] = true
        }
        return capitals
    }
}
