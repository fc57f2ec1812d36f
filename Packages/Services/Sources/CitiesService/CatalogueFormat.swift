import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The catalogue file: a header, then columns of fixed-width values and blobs of UTF-8 text, each section aligned to
/// 8 bytes, little-endian. Rows are in search order (folded name, then country, then id), so a search is two binary
/// searches and a page is a run of consecutive rows. The file is read whole and used in place, never parsed.
///
/// A row is a place: rows of the source list with the same name and country within 0.01° of a more important row
/// are that row's place (see `CatalogueBuilder.places`), and their ids lead to it through `mergedIDs`.
///
/// Header: magic `SKYCAT01`, format version (u32), row count (u32), then for each `Section` an offset and a length
/// (u64 each, from the start of the file).
enum CatalogueFormat {
    static let magic = Array("SKYCAT01".utf8)
    static let version: UInt32 = 5
    static let gridColumns = 360
    static let gridRows = 180
    static var gridCells: Int { gridColumns * gridRows }
    static let unknownPopulation = UInt32.max
    static let unknownTimeZone = UInt16.max
    static let unknownRegion = UInt16.max
    /// Bits of the `flags` column.
    static let regionInferred: UInt8 = 1
    static let notATown: UInt8 = 2
    /// The country's capital (the row of its capital city in `countries.csv`, the most populous of that name).
    static let capital: UInt8 = 4

    enum Section: Int, CaseIterable {
        /// JSON: `{"source","createdAt","count"}`.
        case meta
        /// u32 city ids.
        case ids
        /// i32 microdegrees.
        case latitudes, longitudes
        /// u16: the two ASCII letters of the country code (0 when the data has none).
        case countries
        /// u32 × (count + 1): row i's name is `names[nameStarts[i] ..< nameStarts[i + 1]]`.
        case nameStarts, names
        /// The same for the folded names, the search keys.
        case foldStarts, folded
        /// u16: two ASCII letters of the US state code, or 0.
        case states
        /// u32, `unknownPopulation` when unknown.
        case populations
        /// u16 index into the time-zone table, `unknownTimeZone` when unknown.
        case timeZones, timeZoneStarts, timeZoneNames
        /// u32 rows ordered by (country, row): a country's places in search order.
        case byCountry
        /// u32 rows ordered by id.
        case byID
        /// u32 × (gridCells + 1) and u32 rows: the rows of each 1°×1° cell, for nearest cities and the map (towns
        /// only: a row that is not a town is in no cell).
        case gridStarts, gridItems
        /// u16 index into the region table, `unknownRegion` when unknown.
        case regions
        /// u8 bits: `regionInferred`, `notATown`.
        case flags
        /// UTF-8 lines `CC<TAB>geonames code<TAB>ISO 3166-2 code or empty<TAB>name`.
        case regionTable
        /// u32 ids of the source rows merged into another row's place, ascending, and u32 that place's row.
        case mergedIDs, mergedRows
        /// The towns as a k-d tree over their points on the unit sphere, for the place nearest any coordinates: u32
        /// rows in tree order (the node of a range is at its middle, its left subtree before it, its right after),
        /// the points (three f32 each: x, y, z) and each node's split axis (u8: 0, 1, 2). See `NearestTree`.
        case treeRows, treePoints, treeAxes
        /// Other names (other languages and scripts, old names, codes), sorted by folded name then row: the folded
        /// names (u32 × (aliases + 1) starts and the blob), the names as written (the same), and u32 each one's row.
        case aliasFoldStarts, aliasFolded, aliasNameStarts, aliasNames, aliasRows
        /// u8 each other name's kind (`OtherNameKind`): a name, a code (`NYC`, `YYZ`), an airport's IATA code (its
        /// text `MAD: Madrid Barajas International Airport`).
        case aliasKinds
        /// Every folded name and other name written backwards, sorted (u32 starts and the blob), and what each is:
        /// a row, or `reversedOtherName` | an other name's index. For typo suggestions (see `Suggestions.swift`).
        case reversedStarts, reversed, reversedTargets
    }

    /// Marks a reversed key that is another name (its index in the low bits), not a row.
    static let reversedOtherName: UInt32 = 0x8000_0000

    static var headerSize: Int { 16 + Section.allCases.count * 16 }

    /// The other names' sections: read only when a search needs them.
    static let lateSections: [Section] = [
        .aliasFoldStarts, .aliasFolded, .aliasNameStarts, .aliasNames, .aliasRows, .aliasKinds, .reversedStarts,
        .reversed, .reversedTargets,
    ]

    /// How much of a catalogue to read when it is opened: up to where the other names begin, when the header says
    /// they are last in the file; else all of it.
    static func eagerLength(header: UnsafeRawBufferPointer, size: Int) -> Int {
        guard header.count >= headerSize, Array(header.prefix(8)) == magic,
            header.loadUnaligned(fromByteOffset: 8, as: UInt32.self).littleEndian == version
        else { return size }
        var lateStart = UInt64.max, earlyEnd: UInt64 = 0
        for section in Section.allCases {
            let offset = header.loadUnaligned(fromByteOffset: 16 + section.rawValue * 16, as: UInt64.self).littleEndian
            let length = header.loadUnaligned(fromByteOffset: 24 + section.rawValue * 16, as: UInt64.self).littleEndian
            guard offset <= UInt64(size), length <= UInt64(size) - offset else { return size }
            if lateSections.contains(section) {
                lateStart = min(lateStart, offset)
            } else {
                earlyEnd = max(earlyEnd, offset + length)
            }
        }
        return lateStart >= earlyEnd && lateStart <= UInt64(size) ? Int(lateStart) : size
    }

    static func gridCell(latitude: Double, longitude: Double) -> Int {
        let row = min(gridRows - 1, max(0, Int((latitude + 90).rounded(.down))))
        let column = min(gridColumns - 1, max(0, Int((longitude + 180).rounded(.down))))
        return row * gridColumns + column
    }

    static func packCode(_ code: String?) -> UInt16 {
        guard let code, code.utf8.count == 2 else { return 0 }
        let bytes = Array(code.utf8)
        return UInt16(bytes[0]) | UInt16(bytes[1]) << 8
    }

    static func unpackCode(_ value: UInt16) -> String? {
        guard value != 0 else { return nil }
        return String(decoding: [UInt8(value & 0xFF), UInt8(value >> 8)], as: UTF8.self)
    }
}

/// Writes sections one after another, aligned, and the header that points at them: into memory, or into a file as
/// they come (the header, written last, goes at its start), so that building a catalogue never holds the file too.
/// Past `limit` bytes it stops with `CatalogueError.tooLarge`.
struct CatalogueWriter {
    /// Where the bytes go.
    enum Sink {
        case memory
        /// An open file, empty; the writer does not close it.
        case file(descriptor: Int32)
    }

    private let sink: Sink
    private let limit: Int?
    private var data = Data()
    /// Bytes written so far, the header's room included.
    private var size = 0
    private var table: [(offset: UInt64, length: UInt64)] = []
    private let count: Int
    /// Values are converted in pieces of this many bytes at most.
    private static let chunk = 1 << 20

    init(count: Int, sink: Sink = .memory, limit: Int? = nil) throws(CatalogueError) {
        self.count = count
        self.sink = sink
        self.limit = limit
        try emit(UnsafeRawBufferPointer(start: nil, count: 0), zeros: CatalogueFormat.headerSize)
    }

    private mutating func emit(_ bytes: UnsafeRawBufferPointer, zeros: Int = 0) throws(CatalogueError) {
        let adding = bytes.count + zeros
        if let limit, size + adding > limit {
            throw .tooLarge(
                "its catalogue would be more than \(limit / 1_048_576) MB (\(CatalogueStore.maximumCatalogueBytes / 1_048_576) MB is the most a catalogue may be)"
            )
        }
        switch sink {
        case .memory:
            if zeros > 0 { data.append(contentsOf: repeatElement(0, count: zeros)) }
            data.append(contentsOf: bytes)
        case .file(let descriptor):
            if zeros > 0 {
                let padding = [UInt8](repeating: 0, count: zeros)
                try padding.withUnsafeBytes { raw in
                    Self.attempt { () throws(CatalogueError) in try Self.put(raw, descriptor) }
                }
                .get()
            }
            try Self.put(bytes, descriptor)
        }
        size += adding
    }

    /// `emit`, its error as a value: the standard library's `withUnsafeBytes` passes on untyped errors only.
    private mutating func attempt(_ bytes: UnsafeRawBufferPointer) -> Result<Void, CatalogueError> {
        do { try emit(bytes) } catch { return .failure(error) }
        return .success(())
    }

    private static func attempt(_ body: () throws(CatalogueError) -> Void) -> Result<Void, CatalogueError> {
        do { try body() } catch { return .failure(error) }
        return .success(())
    }

    private static func put(_ bytes: UnsafeRawBufferPointer, _ descriptor: Int32) throws(CatalogueError) {
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let written = write(descriptor, base + done, bytes.count - done)
            if written < 0 {
                if errno == EINTR { continue }
                throw .storage(String(cString: strerror(errno)))
            }
            done += written
        }
    }

    private mutating func begin(_ section: CatalogueFormat.Section, length: Int) throws(CatalogueError) {
        precondition(section.rawValue == table.count, "sections must be written in order")
        let padding = (8 - size % 8) % 8
        try emit(UnsafeRawBufferPointer(start: nil, count: 0), zeros: padding)
        table.append((UInt64(size), UInt64(length)))
    }

    mutating func append(_ section: CatalogueFormat.Section, bytes: Data) throws(CatalogueError) {
        try begin(section, length: bytes.count)
        try bytes.withUnsafeBytes { raw in attempt(raw) }.get()
    }

    mutating func append(_ section: CatalogueFormat.Section, bytes: [UInt8]) throws(CatalogueError) {
        try begin(section, length: bytes.count)
        try bytes.withUnsafeBytes { raw in attempt(raw) }.get()
    }

    mutating func append<T: FixedWidthInteger>(_ section: CatalogueFormat.Section, values: [T]) throws(CatalogueError) {
        try append(section, count: values.count) { values[$0] }
    }

    /// A column of `count` values, `value(i)` the i-th: written in pieces, never as a whole array of bytes.
    mutating func append<T: FixedWidthInteger>(
        _ section: CatalogueFormat.Section, count: Int, _ value: (Int) -> T
    ) throws(CatalogueError) {
        try begin(section, length: count * MemoryLayout<T>.size)
        let piece = max(1, Self.chunk / MemoryLayout<T>.size)
        var buffer: [T] = []
        buffer.reserveCapacity(min(piece, count))
        var start = 0
        while start < count {
            let end = min(count, start + piece)
            buffer.removeAll(keepingCapacity: true)
            for index in start..<end { buffer.append(value(index).littleEndian) }
            try buffer.withUnsafeBytes { raw in attempt(raw) }.get()
            start = end
        }
    }

    /// A blob of `length` bytes made of `pieces` pieces, `piece(i, &buffer)` appending the i-th: written a megabyte
    /// at a time.
    mutating func append(
        _ section: CatalogueFormat.Section, length: Int, pieces: Int, _ piece: (Int, inout [UInt8]) -> Void
    ) throws(CatalogueError) {
        try begin(section, length: length)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(Self.chunk + 4096)
        var written = 0
        for index in 0..<pieces {
            piece(index, &buffer)
            if buffer.count >= Self.chunk || index == pieces - 1 {
                written += buffer.count
                try buffer.withUnsafeBytes { raw in attempt(raw) }.get()
                buffer.removeAll(keepingCapacity: true)
            }
        }
        precondition(written == length, "a section's pieces must add up to its length")
    }

    private func header() -> [UInt8] {
        precondition(table.count == CatalogueFormat.Section.allCases.count, "every section must be written")
        var header = CatalogueFormat.magic
        withUnsafeBytes(of: CatalogueFormat.version.littleEndian) { header.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt32(count).littleEndian) { header.append(contentsOf: $0) }
        for entry in table {
            withUnsafeBytes(of: entry.offset.littleEndian) { header.append(contentsOf: $0) }
            withUnsafeBytes(of: entry.length.littleEndian) { header.append(contentsOf: $0) }
        }
        return header
    }

    /// The whole file, when written into memory; for a file, its header is written in place and nil returned.
    mutating func finish() throws(CatalogueError) -> Data? {
        let header = header()
        switch sink {
        case .memory:
            data.replaceSubrange(0..<header.count, with: header)
            defer { data = Data() }
            return data
        case .file(let descriptor):
            let written = header.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
            guard written == header.count else { throw .storage(String(cString: strerror(errno))) }
            return nil
        }
    }

    /// The bytes written so far, the header's room included.
    var byteCount: Int { size }
}
