import Foundation

/// Why the city catalogue could not be read, built or replaced, in words for the user.
public enum CatalogueError: Error, Equatable, Sendable {
    case unreadable(path: String, reason: String)
    case corrupt(path: String, reason: String)
    /// The downloaded list is not the expected JSON.
    case malformed(String)
    /// Too few usable entries (none, or more than 1 % left out).
    case unusable(valid: Int, skipped: Int, firstProblem: String?)
    case download(String)
    case storage(String)

    public var message: String {
        switch self {
        case .unreadable(let path, let reason): "The city catalogue at \(path) cannot be read: \(reason)."
        case .corrupt(let path, let reason): "The city catalogue at \(path) is damaged: \(reason)."
        case .malformed(let reason): "The city list is not valid JSON of the expected shape: \(reason)."
        case .unusable(let valid, let skipped, let problem):
            "The city list has \(valid) usable cities and \(skipped) broken entries\(problem.map { " (first: \($0))" } ?? "")."
        case .download(let reason): "The city list could not be downloaded: \(reason)"
        case .storage(let reason): "The city catalogue could not be saved: \(reason)."
        }
    }
}

/// Turns a list of cities into a catalogue file: folds every name, sorts the rows into search order, and writes the
/// columns and indexes that `CityCatalogue` maps. Used ahead of time for the built-in list (`make catalogue`) and at
/// run time for a list from `SKYLENS_CITIES_URL`.
public enum CatalogueBuilder {
    public static func build(
        _ records: [City], source: String, createdAt: Date, progress: ((Double) -> Void)? = nil
    ) -> Data {
        let count = records.count
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
        // 2. Sort rows by folded name (bytes: the order of Unicode scalars), then country, then id.
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
            if records[a].country != records[b].country { return records[a].country < records[b].country }
            return records[a].id < records[b].id
        }
        progress?(0.7)
        // 3. Columns, in row order.
        var ids = [UInt32](), latitudes = [Int32](), longitudes = [Int32](), countries = [UInt16]()
        var nameStarts = [UInt32](), names = [UInt8](), foldStarts = [UInt32](), folded = [UInt8]()
        var states = [UInt16](), populations = [UInt32](), zones = [UInt16]()
        ids.reserveCapacity(count)
        latitudes.reserveCapacity(count)
        longitudes.reserveCapacity(count)
        countries.reserveCapacity(count)
        states.reserveCapacity(count)
        populations.reserveCapacity(count)
        zones.reserveCapacity(count)
        nameStarts.reserveCapacity(count + 1)
        foldStarts.reserveCapacity(count + 1)
        let zoneNames = Array(Set(records.compactMap(\.timeZone))).sorted()
        let zoneIndex = Dictionary(uniqueKeysWithValues: zoneNames.enumerated().map { ($1, UInt16($0)) })
        for index in order {
            let record = records[index]
            ids.append(UInt32(record.id))
            latitudes.append(Int32((record.latitude * 1e6).rounded()))
            longitudes.append(Int32((record.longitude * 1e6).rounded()))
            countries.append(CatalogueFormat.packCode(record.country))
            nameStarts.append(UInt32(names.count))
            names.append(contentsOf: record.name.utf8)
            foldStarts.append(UInt32(folded.count))
            folded.append(contentsOf: foldedNames[index])
            states.append(CatalogueFormat.packCode(record.state))
            populations.append(record.population.map { UInt32(clamping: $0) } ?? CatalogueFormat.unknownPopulation)
            zones.append(record.timeZone.flatMap { zoneIndex[$0] } ?? CatalogueFormat.unknownTimeZone)
        }
        nameStarts.append(UInt32(names.count))
        foldStarts.append(UInt32(folded.count))
        // 4. Indexes: by country (in search order within each), by id, and a 1° grid.
        let byCountry = (0..<count).sorted { countries[$0] != countries[$1] ? countries[$0] < countries[$1] : $0 < $1 }
        let byID = (0..<count).sorted { ids[$0] < ids[$1] }
        var cellOf = [Int](repeating: 0, count: count)
        var cellCounts = [UInt32](repeating: 0, count: CatalogueFormat.gridCells + 1)
        for row in 0..<count {
            let cell = CatalogueFormat.gridCell(
                latitude: Double(latitudes[row]) / 1e6, longitude: Double(longitudes[row]) / 1e6)
            cellOf[row] = cell
            cellCounts[cell + 1] += 1
        }
        for cell in 0..<CatalogueFormat.gridCells { cellCounts[cell + 1] += cellCounts[cell] }
        var fill = cellCounts
        var gridItems = [UInt32](repeating: 0, count: count)
        for row in 0..<count {
            gridItems[Int(fill[cellOf[row]])] = UInt32(row)
            fill[cellOf[row]] += 1
        }
        progress?(0.9)
        // 5. The file.
        var zoneStarts: [UInt32] = [0]
        var zoneBlob = [UInt8]()
        for zone in zoneNames {
            zoneBlob.append(contentsOf: zone.utf8)
            zoneStarts.append(UInt32(zoneBlob.count))
        }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        struct Meta: Encodable {
            var source: String
            var createdAt: Date
            var count: Int
        }
        let meta = (try? encoder.encode(Meta(source: source, createdAt: createdAt, count: count))) ?? Data("{}".utf8)
        var writer = CatalogueWriter(count: count)
        writer.append(.meta, bytes: meta)
        writer.append(.ids, values: ids)
        writer.append(.latitudes, values: latitudes)
        writer.append(.longitudes, values: longitudes)
        writer.append(.countries, values: countries)
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
        progress?(1)
        return writer.finish()
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

    /// Reads the time zones of `id,region_code,region_iso,region,region_source,timezone,timezone_source` (the regions
    /// file, which has one for every city: GeoNames' own, or looked up from time-zone boundaries at the city's
    /// coordinates) into the records with those ids. Where both files name a zone, this one is kept.
    public static func applyRegions(_ csv: String, to records: inout [City]) {
        var positions: [Int: Int] = [:]
        positions.reserveCapacity(records.count)
        for (index, record) in records.enumerated() { positions[record.id] = index }
        for line in csv.split(separator: "\n").dropFirst() {
            let fields = Countries.fields(String(line))
            guard fields.count >= 6, let id = Int(fields[0]), let index = positions[id] else { continue }
            let zone = fields[5].trimmingCharacters(in: .whitespacesAndNewlines)
            if !zone.isEmpty { records[index].timeZone = zone }
        }
    }

    /// Copies state, population and time zone from `catalogue` into records with the same id (for a downloaded list,
    /// which has only names and coordinates).
    public static func applyExtras(from catalogue: CityCatalogue, to records: inout [City]) {
        for index in records.indices {
            guard let position = catalogue.position(ofID: records[index].id) else { continue }
            let known = catalogue.city(at: position)
            records[index].state = known.state
            records[index].population = known.population
            records[index].timeZone = known.timeZone
        }
    }
}
