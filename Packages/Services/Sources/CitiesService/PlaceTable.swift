import Foundation

/// The places of a list as columns: what a catalogue is built from. A million places of 35-letter names take about
/// 90 MB here, against about 250 MB as `[City]` (a `City` is 184 bytes and its name a separate allocation), which is
/// what lets `cities reload` build a catalogue of the largest list it takes within its memory bound (issue 25).
///
/// Rows are in the order they were appended. Time zones and regions are kept once each and referred to by index.
struct PlaceTable {
    static let noRegion = UInt32.max

    private(set) var ids: [UInt32] = []
    private(set) var latitudes: [Double] = []
    private(set) var longitudes: [Double] = []
    /// `CatalogueFormat.packCode` of the country (0 when the list has none).
    private(set) var countries: [UInt16] = []
    /// Row i's name is `names[nameStarts[i] ..< nameStarts[i + 1]]`, UTF-8.
    private(set) var nameStarts: [UInt32] = [0]
    private(set) var names: [UInt8] = []
    /// `CatalogueFormat.packCode` of the US state, or 0.
    private(set) var states: [UInt16] = []
    /// `Int.min` when unknown (a place's population may exceed 32 bits: the Earth's row).
    private(set) var populations: [Int] = []
    /// Index into `zoneNames`, or `CatalogueFormat.unknownTimeZone`.
    private(set) var zones: [UInt16] = []
    private(set) var zoneNames: [String] = []
    private var zoneIndex: [String: UInt16] = [:]
    /// Index into `regionList`, or `noRegion`.
    private(set) var regions: [UInt32] = []
    private(set) var regionList: [Region] = []
    private var regionIndex: [Region: UInt32] = [:]

    init() {}

    init(_ records: [City]) {
        reserve(records.count, nameBytes: records.reduce(0) { $0 + $1.name.utf8.count })
        for record in records { append(record) }
    }

    var count: Int { ids.count }

    mutating func reserve(_ rows: Int, nameBytes: Int) {
        ids.reserveCapacity(rows)
        latitudes.reserveCapacity(rows)
        longitudes.reserveCapacity(rows)
        countries.reserveCapacity(rows)
        nameStarts.reserveCapacity(rows + 1)
        names.reserveCapacity(nameBytes)
        states.reserveCapacity(rows)
        populations.reserveCapacity(rows)
        zones.reserveCapacity(rows)
        regions.reserveCapacity(rows)
    }

    /// Appends `city`. Its id must fit 32 bits (the parser and the built-in data make sure of it); its other name and
    /// its flags are not kept (a catalogue computes its own).
    mutating func append(_ city: City) {
        ids.append(UInt32(truncatingIfNeeded: city.id))
        latitudes.append(city.latitude)
        longitudes.append(city.longitude)
        countries.append(CatalogueFormat.packCode(city.country))
        names.append(contentsOf: city.name.utf8)
        nameStarts.append(UInt32(names.count))
        states.append(CatalogueFormat.packCode(city.state))
        populations.append(city.population ?? Int.min)
        zones.append(zoneNumber(city.timeZone))
        regions.append(regionNumber(city.region))
    }

    private mutating func zoneNumber(_ zone: String?) -> UInt16 {
        guard let zone else { return CatalogueFormat.unknownTimeZone }
        if let known = zoneIndex[zone] { return known }
        // More zones than a u16 numbers (there are about 600): the rest are unknown rather than wrong.
        guard zoneNames.count < Int(CatalogueFormat.unknownTimeZone) else { return CatalogueFormat.unknownTimeZone }
        let number = UInt16(zoneNames.count)
        zoneNames.append(zone)
        zoneIndex[zone] = number
        return number
    }

    private mutating func regionNumber(_ region: Region?) -> UInt32 {
        guard let region else { return Self.noRegion }
        if let known = regionIndex[region] { return known }
        let number = UInt32(regionList.count)
        regionList.append(region)
        regionIndex[region] = number
        return number
    }

    func name(_ row: Int) -> String {
        withName(row) { String(decoding: $0, as: UTF8.self) }
    }

    func withName<T>(_ row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        names.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[Int(nameStarts[row])..<Int(nameStarts[row + 1])]))
        }
    }

    func population(_ row: Int) -> Int? { populations[row] != Int.min ? populations[row] : nil }

    func timeZone(_ row: Int) -> String? {
        zones[row] == CatalogueFormat.unknownTimeZone ? nil : zoneNames[Int(zones[row])]
    }

    func region(_ row: Int) -> Region? {
        regions[row] == Self.noRegion ? nil : regionList[Int(regions[row])]
    }

    /// The row as a `City` (for the rules written over cities: `CatalogueBuilder.isTown`).
    func city(_ row: Int) -> City {
        City(
            id: Int(ids[row]), name: name(row), country: CatalogueFormat.unpackCode(countries[row]) ?? "",
            latitude: latitudes[row], longitude: longitudes[row], state: CatalogueFormat.unpackCode(states[row]),
            population: population(row), timeZone: timeZone(row), region: region(row))
    }

    /// Sets what a list of names and coordinates lacks (state, population, time zone, region) from a known place.
    mutating func setExtras(_ row: Int, from known: City) {
        states[row] = CatalogueFormat.packCode(known.state)
        populations[row] = known.population ?? Int.min
        zones[row] = zoneNumber(known.timeZone)
        regions[row] = regionNumber(known.region)
    }

    /// Keeps the first row of each id, in order; returns how many rows went. Sorting row numbers by id costs 4 bytes
    /// a row, where a set of the ids seen would cost about 40.
    mutating func removeRepeatedIDs() -> Int {
        var order = (0..<UInt32(count)).map { $0 }
        order.sort { ids[Int($0)] != ids[Int($1)] ? ids[Int($0)] < ids[Int($1)] : $0 < $1 }
        var drop = [Bool](repeating: false, count: count)
        var removed = 0
        for position in order.indices.dropFirst() where ids[Int(order[position])] == ids[Int(order[position - 1])] {
            drop[Int(order[position])] = true
            removed += 1
        }
        guard removed > 0 else { return 0 }
        order = []
        var kept = 0
        var nameEnd = 0
        for row in 0..<count where !drop[row] {
            let start = Int(nameStarts[row]), end = Int(nameStarts[row + 1])
            // Moving bytes down within the array: the destination never passes the source.
            for offset in 0..<(end - start) { names[nameEnd + offset] = names[start + offset] }
            nameEnd += end - start
            ids[kept] = ids[row]
            latitudes[kept] = latitudes[row]
            longitudes[kept] = longitudes[row]
            countries[kept] = countries[row]
            nameStarts[kept + 1] = UInt32(nameEnd)
            states[kept] = states[row]
            populations[kept] = populations[row]
            zones[kept] = zones[row]
            regions[kept] = regions[row]
            kept += 1
        }
        ids.removeLast(ids.count - kept)
        latitudes.removeLast(latitudes.count - kept)
        longitudes.removeLast(longitudes.count - kept)
        countries.removeLast(countries.count - kept)
        nameStarts.removeLast(nameStarts.count - kept - 1)
        names.removeLast(names.count - nameEnd)
        states.removeLast(states.count - kept)
        populations.removeLast(populations.count - kept)
        zones.removeLast(zones.count - kept)
        regions.removeLast(regions.count - kept)
        return removed
    }
}
