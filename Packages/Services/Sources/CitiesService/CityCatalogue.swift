import CoreKit
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One city of the catalogue. Names are exactly as in the data (make them terminal-safe when showing them).
public struct City: Sendable, Equatable, Hashable {
    public var id: Int
    public var name: String
    /// ISO 3166 alpha-2, empty for the few rows that are continents or the Earth.
    public var country: String
    public var latitude: Double
    public var longitude: Double
    /// A US state code, where the data has one.
    public var state: String?
    public var population: Int?
    /// An IANA time zone, where known.
    public var timeZone: String?
    /// The first-level region (state, province, Land), where known.
    public var region: Region?
    /// False for rows of the list that are not towns (`-`, a country or a continent listed as a city, "Republic of
    /// Fiji"): searchable, but left out of nearest-place lists and maps.
    public var isTown: Bool
    /// The other name (another language, an old name, a code) the city was found by, when it was not its name.
    public var otherName: String?
    /// Its country's capital.
    public var isCapital: Bool

    public init(
        id: Int, name: String, country: String, latitude: Double, longitude: Double, state: String? = nil,
        population: Int? = nil, timeZone: String? = nil, region: Region? = nil, isTown: Bool = true,
        otherName: String? = nil, isCapital: Bool = false
    ) {
        self.id = id
        self.name = name
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
        self.state = state
        self.population = population
        self.timeZone = timeZone
        self.region = region
        self.isTown = isTown
        self.otherName = otherName
        self.isCapital = isCapital
    }

    /// How important the place is, on the scale every ranking of places uses (`PlaceRanking.importance`).
    public var importance: Double {
        PlaceRanking.importance(population: population, isCapital: isCapital, isTown: isTown)
    }
}

/// A first-level region of a country (a state, province, Land or region), as GeoNames names it.
public struct Region: Sendable, Equatable, Hashable {
    /// `Ontario`, `Ile-de-France`, `Texas`.
    public var name: String
    /// The ISO 3166-2 code without the country (`ON`, `IDF`, `TX`), where one matches.
    public var isoCode: String?
    /// GeoNames' admin1 code (`08`, `11`, `TX`).
    public var geonamesCode: String
    /// True when the region was inferred from the nearest city (within 25 km) rather than known: it is shown, but
    /// it never rules a city out of a query that names another region.
    public var inferred: Bool

    public init(name: String, isoCode: String? = nil, geonamesCode: String, inferred: Bool = false) {
        self.name = name
        self.isoCode = isoCode
        self.geonamesCode = geonamesCode
        self.inferred = inferred
    }
}

/// A page of search results: how many match in all, and the rows (catalogue positions) of this page.
public struct CitySearchPage: Sendable, Equatable {
    public var total: Int
    public var offset: Int
    public var positions: [Int]
    /// For a row found by another name than its own: that name, as written, by position.
    public var otherNames: [Int: String] = [:]
}

/// A city near another, with the distance and the initial bearing from the first.
public struct NearbyCity: Sendable, Equatable {
    public var city: City
    public var distanceKm: Double
    public var bearing: Double

    public init(city: City, distanceKm: Double, bearing: Double) {
        self.city = city
        self.distanceKm = distanceKm
        self.bearing = bearing
    }
}

/// The city list, read whole from a catalogue file (see `CatalogueFormat`). Searching never allocates more than
/// the page it returns.
///
/// `@unchecked Sendable`: every stored pointer points into `file`'s buffer, which lives as long as the catalogue and
/// is never written after it is read.
public final class CityCatalogue: @unchecked Sendable {
    public let count: Int
    /// Where the list came from: `built-in`, or the URL it was downloaded from.
    public var source: String { meta.source }
    /// When it was made (none for the built-in list, which is made reproducibly).
    public var createdAt: Date? { meta.createdAt }
    public let path: String

    private let file: CatalogueFile
    private let ids: UnsafePointer<UInt32>
    private let latitudes: UnsafePointer<Int32>
    private let longitudes: UnsafePointer<Int32>
    let countries: UnsafePointer<UInt16>
    private let nameStarts: UnsafePointer<UInt32>
    private let names: UnsafePointer<UInt8>
    let foldStarts: UnsafePointer<UInt32>
    let folded: UnsafePointer<UInt8>
    private let states: UnsafePointer<UInt16>
    private let populations: UnsafePointer<UInt32>
    private let timeZoneIndex: UnsafePointer<UInt16>
    private let timeZoneNames: [String]
    private let byCountry: UnsafePointer<UInt32>
    private let byID: UnsafePointer<UInt32>
    private let gridStarts: UnsafePointer<UInt32>
    private let gridItems: UnsafePointer<UInt32>
    private let regionIndex: UnsafePointer<UInt16>
    private let flags: UnsafePointer<UInt8>
    private let mergedIDs: UnsafePointer<UInt32>
    private let mergedRows: UnsafePointer<UInt32>
    private let mergedCount: Int
    /// The towns as a k-d tree, for the place nearest a point.
    private let tree: NearestTree
    /// Where the other names' sections are in the file, and the table once read (see `otherNames`): by the section's
    /// number, nil for a section read with the rest.
    private let lateSections: [Range<Int>?]
    private let loadedOtherNames = Mutex<OtherNameTable?>(nil)
    private let loadedOtherNameTexts = Mutex<OtherNameTexts?>(nil)
    private let loadedReversedKeys = Mutex<ReversedKeys?>(nil)
    /// The region table, and for a qualifier (a region's folded name or upper-case code) the regions it names.
    let regionTable: RegionTable
    /// The meta section's bytes, and what they say once read (`source`, `createdAt`: not needed by most commands).
    private let metaBytes: UnsafeRawBufferPointer
    private let readMeta = Mutex<(source: String, createdAt: Date?)?>(nil)
    /// Made the first time a query names a region (folding 3,244 names costs more than the rest of opening).
    private let regionIndexByName = Mutex<[String: [Int]]?>(nil)
    /// Countries by folded name, for a qualifier that names one (made the first time one does).
    private let countryCodesByName = Mutex<[String: UInt16]?>(nil)
    /// Where the rows whose folded name starts with each pair of bytes begin (see `prefixKey`): a search for one or
    /// two bytes needs no binary search at all, a longer one only within that pair's rows. Built when the file is
    /// opened (one pass over the first bytes of the names, well under a millisecond).
    let pairStarts: PairStarts
    /// Opened on the strength of a check made before (`CatalogueCheckRecord`): its rows and other names are not
    /// checked again.
    let trusted: Bool
    /// Every section, the other names too, was checked as it was opened: the file may be recorded as checked.
    let checkedWhole: Bool
    /// Which file it is, as opened.
    var identity: FileIdentity? { file.identity }
    /// The most populous city of each grid cell (-1 for an empty one), made the first time a world map asks.
    private let leaders = Mutex<[Int32]?>(nil)

    /// Opens the catalogue at `path`, checking its header and that every section lies inside the file, and every row,
    /// offset and key order in them (a damaged file is an error, never a read outside it).
    /// - Parameters:
    ///   - mapped: map it read-only rather than read it (a file only ever replaced whole: the built-in catalogue; see
    ///     `CatalogueFile`). Mapped, it is checked whole, the other names too, unless `checkedBefore` says this very
    ///     file was (then only its header and the sections' bounds are).
    ///   - checkedBefore: whether the file of this identity was checked whole before (`CatalogueCheckRecord`).
    public convenience init(path: String, mapped: Bool = false) throws(CatalogueError) {
        try self.init(path: path, mapped: mapped, checkedBefore: { _ in false })
    }

    init(path: String, mapped: Bool, checkedBefore: (FileIdentity) -> Bool) throws(CatalogueError) {
        let file = try CatalogueFile(path: path, mapped: mapped) { CatalogueFormat.eagerLength(header: $0, size: $1) }
        let trusted = file.mapped && file.identity.map(checkedBefore) == true
        let bytes = file.bytes
        func corrupt(_ reason: String) -> CatalogueError { .corrupt(path: path, reason: reason) }
        guard bytes.count >= CatalogueFormat.headerSize, Array(bytes.prefix(8)) == CatalogueFormat.magic else {
            throw corrupt("it is not a SkyLens city catalogue")
        }
        let version = bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self).littleEndian
        if version < CatalogueFormat.version { throw .olderFormat(path: path, version: version) }
        guard version == CatalogueFormat.version else {
            throw corrupt("format version \(version) is not \(CatalogueFormat.version)")
        }
        let count = Int(bytes.loadUnaligned(fromByteOffset: 12, as: UInt32.self).littleEndian)
        var sections: [UnsafeRawBufferPointer] = []
        var late = [Range<Int>?](repeating: nil, count: CatalogueFormat.Section.allCases.count)
        for section in CatalogueFormat.Section.allCases {
            let index = section.rawValue
            let rawOffset = bytes.loadUnaligned(fromByteOffset: 16 + index * 16, as: UInt64.self).littleEndian
            let rawLength = bytes.loadUnaligned(fromByteOffset: 24 + index * 16, as: UInt64.self).littleEndian
            // Compared as unsigned before any conversion: a damaged header must not trap. Sections read later need
            // only lie in the file; the others in what was read.
            // Mapped and checked before, they are made when first asked for, unchecked.
            let isLate =
                CatalogueFormat.lateSections.contains(section) && (trusted || file.bytes.count < file.size)
            let limit = UInt64(isLate ? file.size : bytes.count)
            guard rawOffset <= limit, rawLength <= limit - rawOffset, rawOffset % 4 == 0 else {
                throw corrupt("section \(index) lies outside the file")
            }
            let offset = Int(rawOffset), length = Int(rawLength)
            if isLate {
                late[index] = offset..<(offset + length)
                sections.append(UnsafeRawBufferPointer(start: nil, count: 0))
            } else {
                sections.append(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)]))
            }
        }
        func section(_ name: CatalogueFormat.Section) -> UnsafeRawBufferPointer { sections[name.rawValue] }
        func column<T>(
            _ name: CatalogueFormat.Section, _ type: T.Type, rows: Int
        ) throws(CatalogueError) -> UnsafePointer<T> {
            let buffer = section(name)
            guard buffer.count == rows * MemoryLayout<T>.stride,
                let base = buffer.baseAddress ?? (rows == 0 ? UnsafeRawPointer(bitPattern: 8) : nil)
            else { throw corrupt("section \(name) has \(buffer.count) bytes for \(rows) rows") }
            return base.assumingMemoryBound(to: T.self)
        }
        ids = try column(.ids, UInt32.self, rows: count)
        latitudes = try column(.latitudes, Int32.self, rows: count)
        longitudes = try column(.longitudes, Int32.self, rows: count)
        countries = try column(.countries, UInt16.self, rows: count)
        nameStarts = try column(.nameStarts, UInt32.self, rows: count + 1)
        foldStarts = try column(.foldStarts, UInt32.self, rows: count + 1)
        states = try column(.states, UInt16.self, rows: count)
        populations = try column(.populations, UInt32.self, rows: count)
        timeZoneIndex = try column(.timeZones, UInt16.self, rows: count)
        byCountry = try column(.byCountry, UInt32.self, rows: count)
        byID = try column(.byID, UInt32.self, rows: count)
        gridStarts = try column(.gridStarts, UInt32.self, rows: CatalogueFormat.gridCells + 1)
        let gridCount = Int(gridStarts[CatalogueFormat.gridCells])
        guard gridCount <= count else { throw corrupt("the grid has more rows than the catalogue") }
        gridItems = try column(.gridItems, UInt32.self, rows: gridCount)
        regionIndex = try column(.regions, UInt16.self, rows: count)
        flags = try column(.flags, UInt8.self, rows: count)
        mergedCount = section(.mergedIDs).count / 4
        mergedIDs = try column(.mergedIDs, UInt32.self, rows: mergedCount)
        mergedRows = try column(.mergedRows, UInt32.self, rows: mergedCount)
        let treeCount = section(.treeRows).count / 4
        let treeRows = try column(.treeRows, UInt32.self, rows: treeCount)
        let treeAxes = try column(.treeAxes, UInt8.self, rows: treeCount)
        // Checked before: the loops over every row are not run again (they touch every page of the file).
        let rowsToCheck = trusted ? 0 : count
        for index in 0..<(trusted ? 0 : treeCount) where treeRows[index] >= count || treeAxes[index] > 2 {
            throw corrupt("entry \(index) of the nearest-place tree is inconsistent")
        }
        let treePoints = try column(.treePoints, Float.self, rows: treeCount * 3)
        // Points on the unit sphere: a damaged one (not finite, off the sphere) could make the walk compare nothing.
        for index in 0..<(trusted ? 0 : treeCount * 3)
        where !(treePoints[index].isFinite && abs(treePoints[index]) <= 1.001) {
            throw corrupt("point \(index / 3) of the nearest-place tree is not on the globe")
        }
        tree = NearestTree(rows: treeRows, points: treePoints, axes: treeAxes, count: treeCount)
        guard let namesBase = section(.names).baseAddress, let foldedBase = section(.folded).baseAddress else {
            throw corrupt("the name sections are empty")
        }
        names = namesBase.assumingMemoryBound(to: UInt8.self)
        folded = foldedBase.assumingMemoryBound(to: UInt8.self)
        // Offsets must stay inside their blobs, and rows must be valid, or a search could read outside the file.
        guard Int(nameStarts[count]) <= section(.names).count, Int(foldStarts[count]) <= section(.folded).count
        else { throw corrupt("the offsets do not match the blobs") }
        for row in 0..<rowsToCheck {
            guard nameStarts[row] <= nameStarts[row + 1], foldStarts[row] <= foldStarts[row + 1],
                byCountry[row] < count, byID[row] < count
            else { throw corrupt("row \(row) is inconsistent") }
        }
        // Checked: the pages each check read are let go after it (see below).
        if !trusted { file.forgetPages() }
        for index in 0..<(trusted ? 0 : gridCount) where gridItems[index] >= count {
            throw corrupt("grid entry \(index) is no row")
        }
        let noneLate = late.allSatisfy { $0 == nil }
        if noneLate {
            // Read whole (a small list): the other names are checked now.
            // Mapped, the pages each check read are let go after it (`forgetPages`): checking a whole catalogue
            // must not cost the memory of all of it at once.
            let table = OtherNameTable(
                foldStarts: section(.aliasFoldStarts), folded: section(.aliasFolded), rows: section(.aliasRows),
                kinds: section(.aliasKinds), placeCount: count)
            file.forgetPages()
            let texts = table.flatMap {
                OtherNameTexts(starts: section(.aliasNameStarts), names: section(.aliasNames), count: $0.count)
            }
            file.forgetPages()
            let reversed = table.flatMap {
                ReversedKeys(
                    starts: section(.reversedStarts), bytes: section(.reversed), targets: section(.reversedTargets),
                    placeCount: count, otherNameCount: $0.count)
            }
            file.forgetPages()
            guard let table, let texts, let reversed else { throw corrupt("the other names are inconsistent") }
            loadedOtherNames.withLock { $0 = table }
            loadedOtherNameTexts.withLock { $0 = texts }
            loadedReversedKeys.withLock { $0 = reversed }
        }
        for index in 0..<(trusted ? 0 : mergedCount)
        where mergedRows[index] >= count || (index > 0 && mergedIDs[index - 1] >= mergedIDs[index]) {
            throw corrupt("merged id \(index) is inconsistent")
        }
        let table = RegionTable(section(.regionTable))
        for index in 0..<(trusted ? 0 : table.count) where table[index] == nil {
            throw corrupt("the region table is inconsistent")
        }
        for row in 0..<rowsToCheck
        where regionIndex[row] != CatalogueFormat.unknownRegion && Int(regionIndex[row]) >= table.count {
            throw corrupt("row \(row) names no region")
        }
        regionTable = table
        for cell in 0..<CatalogueFormat.gridCells where gridStarts[cell] > gridStarts[cell + 1] {
            throw corrupt("grid cell \(cell) is inconsistent")
        }
        // Every place is on the globe: the grid, the nearest places and the map count on it.
        for row in 0..<rowsToCheck
        where !(-90_000_000...90_000_000).contains(latitudes[row])
            || !(-180_000_000...180_000_000).contains(longitudes[row])
        {
            throw corrupt("row \(row) is not on the globe")
        }
        let zoneStarts = section(.timeZoneStarts)
        let zoneBlob = section(.timeZoneNames)
        let zoneCount = zoneStarts.count / 4 - 1
        var zones: [String] = []
        if zoneCount > 0 {
            for index in 0..<zoneCount {
                let start = Int(zoneStarts.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
                let end = Int(zoneStarts.loadUnaligned(fromByteOffset: index * 4 + 4, as: UInt32.self))
                guard start <= end, end <= zoneBlob.count else { throw corrupt("the time-zone table is inconsistent") }
                zones.append(String(decoding: UnsafeRawBufferPointer(rebasing: zoneBlob[start..<end]), as: UTF8.self))
            }
        }
        timeZoneNames = zones
        if !trusted { file.forgetPages() }
        let keys = SortedKeys(starts: foldStarts, bytes: folded, count: count)
        if trusted {
            pairStarts = PairStarts(lookingUp: keys)
        } else {
            guard let pairs = PairStarts(checking: keys) else { throw corrupt("the rows are not in search order") }
            pairStarts = pairs
        }
        self.metaBytes = section(.meta)
        if !trusted { file.forgetPages() }
        file.readScattered()
        self.count = count
        self.path = path
        self.file = file
        self.lateSections = late
        self.trusted = trusted
        self.checkedWhole = noneLate
    }

    // MARK: - Rows

    public func city(at position: Int) -> City {
        let zone = timeZoneIndex[position]
        let population = populations[position]
        return City(
            id: Int(ids[position]),
            name: text(names, from: nameStarts, position),
            country: CatalogueFormat.unpackCode(countries[position]) ?? "",
            latitude: Double(latitudes[position]) / 1e6,
            longitude: Double(longitudes[position]) / 1e6,
            state: CatalogueFormat.unpackCode(states[position]),
            population: population == CatalogueFormat.unknownPopulation ? nil : Int(population),
            timeZone: zone == CatalogueFormat.unknownTimeZone || Int(zone) >= timeZoneNames.count
                ? nil : timeZoneNames[Int(zone)],
            region: region(at: position),
            isTown: isTown(at: position), isCapital: isCapital(at: position))
    }

    public func isCapital(at position: Int) -> Bool { flags[position] & CatalogueFormat.capital != 0 }

    /// `PlaceRanking.importance` of the row.
    public func importance(at position: Int) -> Double {
        let value = populations[position]
        return PlaceRanking.importance(
            population: value == CatalogueFormat.unknownPopulation ? nil : Int(value),
            isCapital: isCapital(at: position), isTown: isTown(at: position))
    }

    private var meta: (source: String, createdAt: Date?) {
        readMeta.withLock { read in
            if let read { return read }
            struct Meta: Decodable {
                var source: String
                var createdAt: Date?
            }
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let meta = try? decoder.decode(Meta.self, from: Data(metaBytes))
            // The built-in list is prepared reproducibly, with the date 0: it has no date.
            let made = (meta?.source ?? "unknown", meta?.createdAt.flatMap { $0.timeIntervalSince1970 > 0 ? $0 : nil })
            read = made
            return made
        }
    }

    public func region(at position: Int) -> Region? {
        let index = regionIndex[position]
        guard index != CatalogueFormat.unknownRegion, var region = regionTable[Int(index)]?.region else { return nil }
        region.inferred = flags[position] & CatalogueFormat.regionInferred != 0
        return region
    }

    public func isTown(at position: Int) -> Bool { flags[position] & CatalogueFormat.notATown == 0 }
    public func country(at position: Int) -> String { CatalogueFormat.unpackCode(countries[position]) ?? "" }

    public func id(at position: Int) -> Int { Int(ids[position]) }
    public func latitude(at position: Int) -> Double { Double(latitudes[position]) / 1e6 }
    public func longitude(at position: Int) -> Double { Double(longitudes[position]) / 1e6 }
    public func name(at position: Int) -> String { text(names, from: nameStarts, position) }
    /// The name as search folds it.
    public func folded(at position: Int) -> String { text(folded, from: foldStarts, position) }
    /// The other names, read from the file the first time they are needed (checked then: a damaged or truncated
    /// file gives none, never a crash).
    var otherNames: OtherNameTable {
        loadedOtherNames.withLock { loaded in
            if let loaded { return loaded }
            var table = OtherNameTable.empty
            if let foldStarts = readLate(.aliasFoldStarts), let folded = readLate(.aliasFolded),
                let rows = readLate(.aliasRows)
            {
                table =
                    OtherNameTable(
                        foldStarts: foldStarts, folded: folded, rows: rows, kinds: readLate(.aliasKinds),
                        placeCount: count, check: !trusted) ?? .empty
            }
            loaded = table
            return table
        }
    }

    /// The other names as written, read the first time one is shown (a search that finds none reads none).
    private var otherNameTexts: OtherNameTexts {
        let count = otherNames.count
        return loadedOtherNameTexts.withLock { loaded in
            if let loaded { return loaded }
            var texts = OtherNameTexts.empty
            if count > 0, let starts = readLate(.aliasNameStarts), let names = readLate(.aliasNames) {
                texts = OtherNameTexts(starts: starts, names: names, count: count, check: !trusted) ?? .empty
            }
            loaded = texts
            return texts
        }
    }

    /// The reversed keys, read the first time a typo needs suggestions.
    var reversedKeys: ReversedKeys {
        let otherNameCount = otherNames.count
        return loadedReversedKeys.withLock { loaded in
            if let loaded { return loaded }
            var keys = ReversedKeys.empty
            if let starts = readLate(.reversedStarts), let bytes = readLate(.reversed),
                let targets = readLate(.reversedTargets)
            {
                keys =
                    ReversedKeys(
                        starts: starts, bytes: bytes, targets: targets, placeCount: count,
                        otherNameCount: otherNameCount) ?? .empty
            }
            loaded = keys
            return keys
        }
    }

    private func readLate(_ section: CatalogueFormat.Section) -> UnsafeRawBufferPointer? {
        lateSections[section.rawValue].flatMap { file.read($0) }
    }

    /// How many other names the list has (read from the file the first time).
    public var aliasCount: Int { otherNames.count }
    /// Other name `index`, as written.
    public func otherName(_ index: Int) -> String { otherNameTexts.name(index) ?? "" }
    /// The row other name `index` names.
    public func otherNameRow(_ index: Int) -> Int { otherNames.row(index) }
    /// Other name `index` as search folds it: its key (`mad` for `MAD: Madrid Barajas International Airport`).
    public func otherNameKey(_ index: Int) -> String {
        let table = otherNames
        guard index >= 0, index < table.count else { return "" }
        return String(
            decoding: UnsafeBufferPointer(
                start: table.folded + Int(table.foldStarts[index]), count: table.foldedLength(index)),
            as: UTF8.self)
    }

    public func population(at position: Int) -> Int {
        let value = populations[position]
        return value == CatalogueFormat.unknownPopulation ? 0 : Int(value)
    }

    /// The row of the city with this id.
    public func position(ofID id: Int) -> Int? {
        guard id >= 0, id <= Int(UInt32.max) else { return nil }
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if Int(ids[Int(byID[middle])]) < id { low = middle + 1 } else { high = middle }
        }
        if low < count, Int(ids[Int(byID[low])]) == id { return Int(byID[low]) }
        // A row of the source list merged into another's place.
        low = 0
        high = mergedCount
        while low < high {
            let middle = (low + high) / 2
            if Int(mergedIDs[middle]) < id { low = middle + 1 } else { high = middle }
        }
        guard low < mergedCount, Int(mergedIDs[low]) == id else { return nil }
        return Int(mergedRows[low])
    }

    /// How many rows of the source list were merged into other rows' places.
    public var mergedRowCount: Int { mergedCount }

    public func city(id: Int) -> City? { position(ofID: id).map(city(at:)) }

    private func text(_ blob: UnsafePointer<UInt8>, from starts: UnsafePointer<UInt32>, _ position: Int) -> String {
        let start = Int(starts[position]), end = Int(starts[position + 1])
        return String(decoding: UnsafeBufferPointer(start: blob + start, count: end - start), as: UTF8.self)
    }

    // MARK: - Search

    /// 0 for an empty name; then for a first byte b: `1 + b * 257` when it is the whole name, and
    /// `2 + b * 257 + second` otherwise. Ordered like the bytes, so rows are sorted by key.
    static let pairKeys = 1 + 256 * 257

    @inline(__always)
    static func prefixKey(_ first: UInt8, _ second: UInt8?) -> Int {
        1 + Int(first) * 257 + (second.map { 1 + Int($0) } ?? 0)
    }

    /// The rows that can start with `prefix`, from the pair table: exact for one or two bytes.
    @inline(__always)
    private func candidateRange(_ prefix: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        pairStarts.range(prefix)
    }

    /// What a query asks of the rows: a prefix of the folded name, a country, and a test of the region.
    struct SearchPlan {
        var prefix: String
        var country: UInt16?
        var filter: ((Int) -> Bool)?
    }

    /// How a query reads against this list: a region it names narrows it (`paris, texas`; `paris, ca` is Canada's or
    /// California's); a region that names none leaves the whole text a plain prefix (`Washington, D.C.`).
    func plan(_ query: CityQuery) -> SearchPlan {
        guard let text = query.region else {
            return SearchPlan(prefix: query.prefix, country: query.country.map { CatalogueFormat.packCode($0) })
        }
        let named = regions(named: text)
        let country = query.country.map { CatalogueFormat.packCode($0) }
        if query.countryOrRegion {
            guard !named.isEmpty, let country else { return SearchPlan(prefix: query.prefix, country: country) }
            return SearchPlan(prefix: query.prefix, country: nil) { [self] row in
                countries[row] == country || isIn(row, named)
            }
        }
        guard !named.isEmpty else {
            // A country's name (`Córdoba, Spain`, `Cambridge, United Kingdom`) narrows like its code.
            if query.country == nil, let code = countryCode(named: text) {
                return SearchPlan(prefix: query.prefix, country: code)
            }
            return SearchPlan(prefix: query.whole, country: nil)
        }
        return SearchPlan(prefix: query.prefix, country: country) { [self] row in isIn(row, named) }
    }

    /// The country a qualifier names by its English name (`countries.csv`), or a name people use for it (`USA`,
    /// `UK`, `Britain`); nil for none.
    func countryCode(named text: String) -> UInt16? {
        let table = countryCodesByName.withLock { made in
            if let made { return made }
            var table: [String: UInt16] = [
                "usa": CatalogueFormat.packCode("US"), "united states of america": CatalogueFormat.packCode("US"),
                "america": CatalogueFormat.packCode("US"), "uk": CatalogueFormat.packCode("GB"),
                "britain": CatalogueFormat.packCode("GB"), "great britain": CatalogueFormat.packCode("GB"),
            ]
            for country in Countries.builtIn().all {
                table[NameFolding.fold(country.name)] = CatalogueFormat.packCode(country.code)
            }
            made = table
            return table
        }
        return table[NameFolding.fold(text.trimmingSpaces)]
    }

    /// The regions a qualifier names: by name (folded) or by code (ISO 3166-2 or GeoNames').
    func regions(named text: String) -> Set<Int> {
        let trimmed = text.trimmingSpaces
        let named = regionIndexByName.withLock { made in
            if let made { return made }
            var named: [String: [Int]] = [:]
            for index in 0..<regionTable.count {
                guard let entry = regionTable[index] else { continue }
                let keys =
                    [NameFolding.fold(entry.region.name), entry.region.geonamesCode.uppercased()]
                    + [entry.region.isoCode?.uppercased() ?? ""]
                for key in Set(keys) where !key.isEmpty { named[key, default: []].append(index) }
            }
            made = named
            return named
        }
        return Set((named[NameFolding.fold(trimmed)] ?? []) + (named[trimmed.uppercased()] ?? []))
    }

    /// True when the row lies in one of `regions`; a row whose region is inferred or unknown is never ruled out by
    /// it, as long as a region of its country is named.
    private func isIn(_ row: Int, _ regions: Set<Int>) -> Bool {
        let index = regionIndex[row]
        if index != CatalogueFormat.unknownRegion, regions.contains(Int(index)) { return true }
        guard index == CatalogueFormat.unknownRegion || flags[row] & CatalogueFormat.regionInferred != 0 else {
            return false
        }
        return regions.contains { regionTable[$0]?.country == countries[row] }
    }

    /// The places whose folded name starts with the query's prefix, narrowed by its country and region, in search
    /// order (or the most populous first), `limit` of them from `offset`. With `favorites`, only those ids.
    public func search(
        _ query: CityQuery, favorites: Set<Int>? = nil, offset: Int = 0, limit: Int = 20
    ) -> CitySearchPage {
        let offset = max(0, offset), limit = max(0, limit)
        let plan = plan(query)
        let others = otherNameCandidates(plan.prefix)
        guard plan.filter == nil, query.order == .name, favorites == nil else {
            var rows = matches(plan, favorites: favorites).map { (row: $0, otherName: -1) }
            rows = merged(rows, withOtherNames: others, plan: plan, favorites: favorites)
            if query.order == .population {
                // The most important of those found by their name (the resolver's measure, `PlaceRanking.importance`:
                // people on a log scale, a capital, not a region's own row), then of those found by another.
                rows = rows.enumerated().sorted { a, b in
                    if (a.element.otherName < 0) != (b.element.otherName < 0) { return a.element.otherName < 0 }
                    let x = importance(at: a.element.row), y = importance(at: b.element.row)
                    return x != y ? x > y : a.offset < b.offset
                }.map(\.element)
            }
            let page = rows.dropFirst(offset).prefix(limit)
            var names: [Int: String] = [:]
            let airports = airportNames(others)
            for entry in page {
                if entry.otherName >= 0 {
                    names[entry.row] = otherName(entry.otherName)
                } else if let airport = airports[entry.row] {
                    names[entry.row] = airport
                }
            }
            return CitySearchPage(total: rows.count, offset: offset, positions: page.map(\.row), otherNames: names)
        }
        var prefix = plan.prefix
        return prefix.withUTF8 { prefix -> CitySearchPage in
            // Those found by their name: a run of rows, or of indexes into the country's rows.
            let inCountry = plan.country.map { countryRange($0, prefix) }
            let named = inCountry ?? prefixRange(prefix)
            @inline(__always) func row(_ index: Int) -> Int { inCountry == nil ? index : Int(byCountry[index]) }
            guard !others.isEmpty else {
                let start = min(named.upperBound, named.lowerBound + offset)
                let stop = min(named.upperBound, start + limit)
                return CitySearchPage(total: named.count, offset: offset, positions: (start..<stop).map(row))
            }
            // Those found by another name, each once, unless found by their own; merged in search order, only as
            // far as the page.
            let table = otherNames
            var seen = Set<Int>()
            var extra: [(row: Int, otherName: Int)] = []
            for index in others {
                let place = table.row(index)
                if let country = plan.country, countries[place] != country { continue }
                guard comparePrefix(place, prefix) != 0, seen.insert(place).inserted else { continue }
                extra.append((place, index))
            }
            extra.sort { precedes($0, $1, table) }
            let airports = airportNames(others)
            var positions: [Int] = []
            var names: [Int: String] = [:]
            var next = named.lowerBound, other = 0, rank = 0
            let end = limit > Int.max - offset ? Int.max : offset + limit
            while rank < end, next < named.upperBound || other < extra.count {
                let byName =
                    other == extra.count
                    || (next < named.upperBound && precedes((row(next), -1), extra[other], table))
                if rank >= offset {
                    if byName {
                        positions.append(row(next))
                        if let airport = airports[row(next)] { names[row(next)] = airport }
                    } else {
                        positions.append(extra[other].row)
                        names[extra[other].row] = otherName(extra[other].otherName)
                    }
                }
                if byName { next += 1 } else { other += 1 }
                rank += 1
            }
            return CitySearchPage(
                total: named.count + extra.count, offset: offset, positions: positions, otherNames: names)
        }
    }

    /// For a query that is an airport's code (`MAD`): the airports' texts by the row they serve, so that a place
    /// listed by its own name (Madrid, under `mad…`) still says the airport beside it.
    private func airportNames(_ candidates: Range<Int>) -> [Int: String] {
        guard !candidates.isEmpty, candidates.count <= 64 else { return [:] }
        let table = otherNames
        var names: [Int: String] = [:]
        for index in candidates where table.kind(index) == .airport && table.foldedLength(index) <= 4 {
            names[table.row(index)] = otherName(index)
        }
        return names
    }

    /// The other names a search for `prefix` takes: those that start with it when it has four bytes or more, else
    /// only those equal to it (`nyc`, `yyz`), so that a few letters list names, not every other name of the world.
    /// With `exact`, only those equal to it.
    func otherNameCandidates(_ prefix: String, exact: Bool = false) -> Range<Int> {
        guard !prefix.isEmpty else { return 0..<0 }
        let table = otherNames
        guard table.count > 0 else { return 0..<0 }
        var prefix = prefix
        return prefix.withUTF8 { prefix in
            let narrowed = table.candidates(prefix)
            let low: Int, high: Int
            if prefix.count <= 2 {
                (low, high) = (narrowed.lowerBound, narrowed.upperBound)
            } else {
                low = lowerBound(narrowed.lowerBound, narrowed.upperBound) { compareOtherName(table, $0, prefix) < 0 }
                high = lowerBound(low, narrowed.upperBound) { compareOtherName(table, $0, prefix) <= 0 }
            }
            guard prefix.count < 4 || exact else { return low..<high }
            return low..<lowerBound(low, high) { table.foldedLength($0) == prefix.count }
        }
    }

    /// `rows` (found by name, in search order) with the places other names in `candidates` find too, each once,
    /// in search order by the name that found it (`otherName`: the other name's index, or -1 for its own name).
    func merged(
        _ rows: [(row: Int, otherName: Int)], withOtherNames candidates: Range<Int>, plan: SearchPlan,
        favorites: Set<Int>?
    ) -> [(row: Int, otherName: Int)] {
        guard !candidates.isEmpty else { return rows }
        let table = otherNames
        let named = Set(rows.map(\.row))
        var seen = Set<Int>()
        var extra: [(row: Int, otherName: Int)] = []
        for index in candidates {
            let row = table.row(index)
            guard !named.contains(row), seen.insert(row).inserted else { continue }
            if let favorites, !favorites.contains(id(at: row)) { continue }
            if let country = plan.country, countries[row] != country { continue }
            if let filter = plan.filter, !filter(row) { continue }
            extra.append((row, index))
        }
        guard !extra.isEmpty else { return rows }
        extra.sort { precedes($0, $1, table) }
        var result: [(row: Int, otherName: Int)] = []
        result.reserveCapacity(rows.count + extra.count)
        var i = 0, j = 0
        while i < rows.count || j < extra.count {
            if j == extra.count || (i < rows.count && precedes(rows[i], extra[j], table)) {
                result.append(rows[i])
                i += 1
            } else {
                result.append(extra[j])
                j += 1
            }
        }
        return result
    }

    /// Search order for rows found by their name or another: the folded name that found them, then country, then
    /// the more populous (known first), then id.
    private func precedes(
        _ a: (row: Int, otherName: Int), _ b: (row: Int, otherName: Int), _ table: OtherNameTable
    ) -> Bool {
        func key(_ entry: (row: Int, otherName: Int)) -> UnsafeBufferPointer<UInt8> {
            entry.otherName >= 0
                ? UnsafeBufferPointer(
                    start: table.folded + Int(table.foldStarts[entry.otherName]),
                    count: table.foldedLength(entry.otherName))
                : UnsafeBufferPointer(
                    start: folded + Int(foldStarts[entry.row]),
                    count: Int(foldStarts[entry.row + 1] - foldStarts[entry.row]))
        }
        let x = key(a), y = key(b)
        let shared = min(x.count, y.count)
        if shared > 0, let p = x.baseAddress, let q = y.baseAddress {
            let order = memcmp(p, q, shared)
            if order != 0 { return order < 0 }
        }
        if x.count != y.count { return x.count < y.count }
        let c = countries[a.row], d = countries[b.row]
        if c != d { return (c & 0xFF, c >> 8) < (d & 0xFF, d >> 8) }
        let p = populations[a.row], q = populations[b.row]
        if p != q {
            if p == CatalogueFormat.unknownPopulation { return false }
            if q == CatalogueFormat.unknownPopulation { return true }
            return p > q
        }
        return ids[a.row] < ids[b.row]
    }

    /// Other name `index` folded, cut to the prefix's length, compared with the prefix (as `comparePrefix`).
    @inline(__always)
    private func compareOtherName(
        _ table: OtherNameTable, _ index: Int, _ prefix: UnsafeBufferPointer<UInt8>
    ) -> Int32 {
        let start = Int(table.foldStarts[index])
        let length = table.foldedLength(index)
        let shared = min(length, prefix.count)
        if shared > 0, let query = prefix.baseAddress {
            let order = memcmp(table.folded + start, query, shared)
            if order != 0 { return order }
        }
        return length < prefix.count ? -1 : 0
    }

    /// Every row a plan matches, in search order.
    func matches(_ plan: SearchPlan, favorites: Set<Int>? = nil) -> [Int] {
        var prefix = plan.prefix
        return prefix.withUTF8 { prefix -> [Int] in
            var rows: [Int]
            if let favorites {
                rows = favorites.compactMap { position(ofID: $0) }.filter { row in
                    (plan.country == nil || countries[row] == plan.country) && comparePrefix(row, prefix) == 0
                }
                rows = Array(Set(rows)).sorted()
            } else if let country = plan.country {
                rows = countryRange(country, prefix).map { Int(byCountry[$0]) }
            } else {
                rows = Array(prefixRange(prefix))
            }
            if let filter = plan.filter { rows = rows.filter(filter) }
            return rows
        }
    }

    /// The rows whose folded name starts with `prefix`.
    private func prefixRange(_ prefix: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let candidates = candidateRange(prefix)
        if prefix.count <= 2 { return candidates }
        let low = lowerBound(candidates.lowerBound, candidates.upperBound) { comparePrefix($0, prefix) < 0 }
        let high = lowerBound(low, candidates.upperBound) { comparePrefix($0, prefix) <= 0 }
        return low..<high
    }

    /// The indexes into `byCountry` of the country's rows whose folded name starts with `prefix`.
    private func countryRange(_ country: UInt16, _ prefix: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let first = lowerBound(0, count) { countries[Int(byCountry[$0])] < country }
        let end = lowerBound(first, count) { countries[Int(byCountry[$0])] <= country }
        let low = lowerBound(first, end) { comparePrefix(Int(byCountry[$0]), prefix) < 0 }
        let high = lowerBound(low, end) { comparePrefix(Int(byCountry[$0]), prefix) <= 0 }
        return low..<high
    }

    /// The rows whose folded name starts with `prefix` by two plain binary searches over the same in-memory keys,
    /// without the pair table: the benchmark's floor.
    public func binarySearchRange(_ prefix: String) -> Range<Int> {
        var prefix = prefix
        return prefix.withUTF8 { prefix in
            let low = lowerBound(0, count) { comparePrefix($0, prefix) < 0 }
            let high = lowerBound(low, count) { comparePrefix($0, prefix) <= 0 }
            return low..<high
        }
    }

    /// The row's folded name cut to the prefix's length, compared with the prefix: <0, 0 (it starts with the
    /// prefix) or >0. Monotonic over the rows, because rows are sorted by folded name.
    @inline(__always)
    private func comparePrefix(_ row: Int, _ prefix: UnsafeBufferPointer<UInt8>) -> Int32 {
        let start = Int(foldStarts[row])
        let length = Int(foldStarts[row + 1]) - start
        let shared = min(length, prefix.count)
        if shared > 0, let query = prefix.baseAddress {
            let order = memcmp(folded + start, query, shared)
            if order != 0 { return order }
        }
        return length < prefix.count ? -1 : 0
    }

    /// The first index in `low..<high` for which `isBefore` is false (`isBefore` must be true, then false).
    @inline(__always)
    private func lowerBound(_ low: Int, _ high: Int, _ isBefore: (Int) -> Bool) -> Int {
        var low = low, high = high
        while low < high {
            let middle = (low + high) / 2
            if isBefore(middle) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    // MARK: - Places

    /// The `limit` cities nearest to the one at `position`, leaving out the city itself and its duplicates (the
    /// same name at the same coordinates under another id).
    public func nearest(to position: Int, limit: Int = 5) -> [NearbyCity] {
        let latitude = self.latitude(at: position), longitude = self.longitude(at: position)
        let name = self.name(at: position)
        let home = CatalogueFormat.gridCell(latitude: latitude, longitude: longitude)
        let homeRow = home / CatalogueFormat.gridColumns, homeColumn = home % CatalogueFormat.gridColumns
        var best: [(row: Int, distance: Double)] = []
        /// Keeps `other` among the `limit` nearest (by distance, then row) unless it is the city or a duplicate of
        /// it; true when it was kept.
        func consider(_ other: Int) -> Bool {
            if other == position { return false }
            if latitudes[other] == latitudes[position], longitudes[other] == longitudes[position],
                self.name(at: other) == name
            {
                return false
            }
            let distance = Geo.distance(
                latitude1: latitude, longitude1: longitude, latitude2: self.latitude(at: other),
                longitude2: self.longitude(at: other))
            guard
                best.count < limit || distance < best[best.count - 1].distance
                    || (distance == best[best.count - 1].distance && other < best[best.count - 1].row)
            else { return false }
            best.append((other, distance))
            best.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.row < $1.row }
            if best.count > limit { best.removeLast() }
            return true
        }
        for ring in 0...90 {
            for (row, column) in ringCells(row: homeRow, column: homeColumn, ring: ring) {
                let cell = row * CatalogueFormat.gridColumns + column
                for index in Int(gridStarts[cell])..<Int(gridStarts[cell + 1]) {
                    _ = consider(Int(gridItems[index]))
                }
            }
            // Cells of the next ring are at least `ring` degrees of latitude away, or `ring` degrees of longitude
            // at the most poleward latitude they reach.
            if best.count == limit {
                let poleward = min(89.9, abs(latitude) + Double(ring + 1))
                let reach = Double(ring) * 111.19 * max(0.01, cos(poleward * .pi / 180))
                if reach > best[best.count - 1].distance { break }
            }
        }
        // Near a pole the grid's columns mislead: a city across the pole is close but many columns away. When the
        // circle of the farthest neighbour reaches the pole, every cell of the polar cap within it is searched.
        let worst = best.count == limit ? best[best.count - 1].distance : .infinity
        if worst >= (90 - abs(latitude)) * 111.19 {
            let reach = worst.isFinite ? worst / 111.19 + 1 : 180
            let southmost = latitude >= 0 ? max(-90, latitude - reach) : -90
            let northmost = latitude >= 0 ? 90 : min(90, latitude + reach)
            let firstRow = max(0, Int((southmost + 90).rounded(.down)))
            let lastRow = min(CatalogueFormat.gridRows - 1, Int((northmost + 90).rounded(.down)))
            var known = Set(best.map(\.row))
            for cell in (firstRow * CatalogueFormat.gridColumns)..<((lastRow + 1) * CatalogueFormat.gridColumns) {
                for index in Int(gridStarts[cell])..<Int(gridStarts[cell + 1]) {
                    let other = Int(gridItems[index])
                    if !known.contains(other), consider(other) { known.insert(other) }
                }
            }
        }
        return best.map { entry in
            NearbyCity(
                city: city(at: entry.row), distanceKm: entry.distance,
                bearing: Geo.bearing(
                    latitude1: latitude, longitude1: longitude, latitude2: self.latitude(at: entry.row),
                    longitude2: self.longitude(at: entry.row)))
        }
    }

    /// The town nearest a point (any coordinates: at sea, at a pole, across the antimeridian), from the k-d tree:
    /// its row, nil when the list has no towns.
    public func nearestPosition(latitude: Double, longitude: Double) -> Int? {
        tree.nearest(latitude: latitude, longitude: longitude).map { Int(tree.rows[$0]) }
    }

    /// The same answer by measuring every town: the yardstick of `nearestPosition` in the benchmark and the tests.
    public func nearestPositionByScanning(latitude: Double, longitude: Double) -> Int? {
        tree.nearestByScanning(latitude: latitude, longitude: longitude).map { Int(tree.rows[$0]) }
    }

    /// How many towns the nearest-place index holds.
    public var nearestIndexCount: Int { tree.count }

    /// The town nearest a point, with its distance and the bearing from the point to it.
    public func nearestPlace(latitude: Double, longitude: Double) -> NearbyCity? {
        guard let position = nearestPosition(latitude: latitude, longitude: longitude) else { return nil }
        let city = city(at: position)
        return NearbyCity(
            city: city,
            distanceKm: Geo.distance(
                latitude1: latitude, longitude1: longitude, latitude2: city.latitude, longitude2: city.longitude),
            bearing: Geo.bearing(
                latitude1: latitude, longitude1: longitude, latitude2: city.latitude, longitude2: city.longitude))
    }

    private func ringCells(row: Int, column: Int, ring: Int) -> [(Int, Int)] {
        if ring == 0 { return [(row, column)] }
        var cells: [(Int, Int)] = []
        let columns = CatalogueFormat.gridColumns
        for dr in -ring...ring {
            let r = row + dr
            guard r >= 0, r < CatalogueFormat.gridRows else { continue }
            let step = abs(dr) == ring ? 1 : 2 * ring
            var dc = -ring
            while dc <= ring {
                cells.append((r, ((column + dc) % columns + columns) % columns))
                dc += step
            }
        }
        // Near the poles a ring can wrap onto itself; visit each cell once.
        var seen = Set<Int>()
        return cells.filter { seen.insert($0.0 * columns + $0.1).inserted }
    }

    /// The most populous city of each grid cell (then the first row), -1 for an empty cell: one pass over the
    /// grid, the first time it is needed (about a millisecond).
    private func leadersOfCells() -> [Int32] {
        leaders.withLock { cached in
            if let cached { return cached }
            let cells = CatalogueFormat.gridRows * CatalogueFormat.gridColumns
            var made = [Int32](repeating: -1, count: cells)
            for cell in 0..<cells {
                var leader = -1, most = -1
                for index in Int(gridStarts[cell])..<Int(gridStarts[cell + 1]) {
                    let position = Int(gridItems[index])
                    let people = population(at: position)
                    if people > most || (people == most && position < leader) { (leader, most) = (position, people) }
                }
                made[cell] = Int32(leader)
            }
            cached = made
            return made
        }
    }

    /// The rows of every city inside the box (`west > east` crosses the antimeridian), in cell order; with
    /// `mostPopulousPerCell` above 0, only that many of each block of `blockDegrees` × `blockDegrees` one-degree
    /// cells (blocks aligned on whole multiples of it, so that a moving view keeps its choices), the most populous
    /// (then the first).
    public func positions(
        south: Double, west: Double, north: Double, east: Double, mostPopulousPerCell: Int = 0, blockDegrees: Int = 1
    ) -> [Int] {
        let firstRow = max(0, Int((max(-90, south) + 90).rounded(.down)))
        let lastRow = min(CatalogueFormat.gridRows - 1, Int((min(90, north) + 90).rounded(.down)))
        guard firstRow <= lastRow else { return [] }
        let spans: [(Double, Double)] =
            west <= east ? [(max(-180, west), min(180, east))] : [(max(-180, west), 180), (-180, min(180, east))]
        let block = max(1, blockDegrees)
        var result: [Int] = []
        var best: [(position: Int, population: Int)] = []
        let cellLeaders = mostPopulousPerCell == 1 ? leadersOfCells() : nil
        for (from, to) in spans {
            let firstColumn = max(0, Int((from + 180).rounded(.down)))
            let lastColumn = min(CatalogueFormat.gridColumns - 1, Int((to + 180).rounded(.down)))
            guard firstColumn <= lastColumn else { continue }
            for blockRow in (firstRow / block)...(lastRow / block) {
                for blockColumn in (firstColumn / block)...(lastColumn / block) {
                    best.removeAll(keepingCapacity: true)
                    for row in max(firstRow, blockRow * block)...min(lastRow, blockRow * block + block - 1) {
                        for column in max(
                            firstColumn, blockColumn * block)...min(lastColumn, blockColumn * block + block - 1)
                        {
                            let cell = row * CatalogueFormat.gridColumns + column
                            // A cell wholly inside the box needs no city's coordinates read (a world map reads none).
                            let whole =
                                Double(row - 90) >= south && Double(row - 89) <= north && Double(column - 180) >= from
                                && Double(column - 179) <= to
                            if whole, mostPopulousPerCell == 1, let leaders = cellLeaders {
                                // Only the most populous of the block is wanted: each cell's own is known.
                                let leader = Int(leaders[cell])
                                if leader >= 0 {
                                    let entry = (leader, population(at: leader))
                                    if best.isEmpty || best[0].population < entry.1
                                        || (best[0].population == entry.1 && best[0].position > entry.0)
                                    {
                                        best = [entry]
                                    }
                                }
                                continue
                            }
                            for index in Int(gridStarts[cell])..<Int(gridStarts[cell + 1]) {
                                let position = Int(gridItems[index])
                                if !whole {
                                    let lat = latitude(at: position), lon = longitude(at: position)
                                    guard lat >= south, lat <= north, lon >= from, lon <= to else { continue }
                                }
                                guard mostPopulousPerCell > 0 else {
                                    result.append(position)
                                    continue
                                }
                                // The block's best so far, most populous first: insert, drop the last past the limit.
                                let entry = (position, population(at: position))
                                var slot = best.count
                                while slot > 0,
                                    best[slot - 1].population < entry.1
                                        || (best[slot - 1].population == entry.1 && best[slot - 1].position > entry.0)
                                {
                                    slot -= 1
                                }
                                if slot < mostPopulousPerCell {
                                    best.insert((entry.0, entry.1), at: slot)
                                    if best.count > mostPopulousPerCell { best.removeLast() }
                                }
                            }
                        }
                    }
                    result += best.map(\.position)
                }
            }
        }
        return result
    }
}

/// The first-level regions, a line each (country, GeoNames' code, ISO code, name, between tabs), read a line at a
/// time when one is asked for: opening the catalogue only finds where the lines start (a few hundred microseconds
/// less than reading 3,244 regions that a command mostly does not show).
///
/// `@unchecked Sendable`: `bytes` points into a catalogue's buffer, never written, and used only while it lives.
struct RegionTable: @unchecked Sendable {
    private let bytes: UnsafeRawBufferPointer
    /// Where each non-empty line starts and ends.
    private let lines: [Range<Int>]

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        // Newlines found by memchr: a byte at a time, the ~100 kB table was a tenth of a millisecond of every city
        // command's start (issue 30).
        var lines: [Range<Int>] = []
        var start = 0
        if let base = bytes.baseAddress {
            while start < bytes.count {
                let found = memchr(base + start, 0x0A, bytes.count - start)
                let end = found.map { base.distance(to: UnsafeRawPointer($0)) } ?? bytes.count
                if end > start { lines.append(start..<end) }
                start = end + 1
            }
        }
        self.lines = lines
    }

    var count: Int { lines.count }

    /// Region `index`; nil when there is no such line or it does not have its four fields.
    subscript(index: Int) -> (country: UInt16, region: Region)? {
        guard lines.indices.contains(index) else { return nil }
        let fields = UnsafeRawBufferPointer(rebasing: bytes[lines[index]])
            .split(separator: 0x09, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        guard fields.count == 4 else { return nil }
        let region = Region(name: fields[3], isoCode: fields[2].isEmpty ? nil : fields[2], geonamesCode: fields[1])
        return (CatalogueFormat.packCode(fields[0]), region)
    }
}
