import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads `[{"country":"UA","name":"Hurzuf","_id":707860,"coord":{"lon":34.28,"lat":44.55}}, …]`.
///
/// A hand-written scanner over the bytes: about ten times faster than `JSONDecoder` on the 19 MB list, and
/// tolerant the way a user needs: unknown keys are skipped, entries that lack a field or have one of the wrong type
/// or out of range are counted and left out, and anything that is not JSON is an error with its byte offset.
public struct CityListParser {
    public struct Result: Sendable {
        public var cities: [City]
        /// Entries left out, and why the first of them was.
        public var skipped: Int
        public var firstProblem: String?
    }

    public static func parse(_ data: Data, progress: ((Double) -> Void)? = nil) throws(CatalogueError) -> Result {
        let outcome = data.withUnsafeBytes { raw -> Swift.Result<Result, CatalogueError> in
            var scanner = Scanner(bytes: raw.bindMemory(to: UInt8.self))
            var cities: [City] = []
            cities.reserveCapacity(raw.count / 95)
            do throws(CatalogueError) {
                let counts = try scanner.parseList(progress: progress) { city throws(CatalogueError) in
                    cities.append(city)
                }
                return .success(Result(cities: cities, skipped: counts.skipped, firstProblem: counts.firstProblem))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// What `parse(file:)` read: the places as a table, and the entries left out.
    struct TableResult {
        var table: PlaceTable
        var skipped: Int
        var firstProblem: String?
    }

    /// Reads the list in the file at `path` into a table, in memory bounded by the table: the file is mapped and
    /// each part read is given back to the system (`MADV_DONTNEED`) as the parse moves on, so a list of 256 MB never
    /// makes 256 MB resident. More than `maximumPlaces` usable entries stop the parse with `.tooLarge`.
    ///
    /// The file must be the caller's own (a download in the data directory, named for its process): a mapped file
    /// that another program truncates would end the process with SIGBUS (issue 8).
    static func parse(
        file path: String, maximumPlaces: Int, progress: ((Double) -> Void)? = nil
    ) throws(CatalogueError) -> TableResult {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .storage(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .storage(String(cString: strerror(errno))) }
        let size = Int(status.st_size)
        var table = PlaceTable()
        // A guess from the size of an entry of the usual list (about 95 bytes; more with unknown keys), so that the
        // columns grow a few times at most.
        let guess = min(maximumPlaces, size / 95)
        table.reserve(guess, nameBytes: guess * 12)
        func accept(_ city: City) throws(CatalogueError) {
            guard table.count < maximumPlaces else {
                throw .tooLarge("it has more than the \(maximumPlaces) places a catalogue holds")
            }
            table.append(city)
        }
        guard size > 0 else {
            var scanner = Scanner(bytes: UnsafeBufferPointer(start: nil, count: 0))
            let counts = try scanner.parseList(progress: progress, accept: accept)
            return TableResult(table: table, skipped: counts.skipped, firstProblem: counts.firstProblem)
        }
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            throw .storage(String(cString: strerror(errno)))
        }
        defer { munmap(mapped, size) }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        var released = 0
        var scanner = Scanner(
            bytes: UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: size))
        // Pages behind the parse (less a megabyte, for the entry being read) go back every 8 MB.
        scanner.passed = { index in
            let end = (index - 1_048_576) / page * page
            guard end - released >= 8 * 1_048_576 else { return }
            madvise(mapped + released, end - released, MADV_DONTNEED)
            released = end
        }
        let counts = try scanner.parseList(progress: progress, accept: accept)
        return TableResult(table: table, skipped: counts.skipped, firstProblem: counts.firstProblem)
    }

    struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        /// Told the position after each entry (the file parse gives back what it has read).
        var passed: ((Int) -> Void)?

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        func fail(_ reason: String) -> CatalogueError {
            .malformed("\(reason) at byte \(index)")
        }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        mutating func expect(_ byte: UInt8, _ what: String) throws(CatalogueError) {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { throw fail("expected \(what)") }
            index += 1
        }

        mutating func peek() -> UInt8? {
            skipSpace()
            return index < bytes.count ? bytes[index] : nil
        }

        /// Parses the list, handing each usable entry to `accept` (which may stop the parse by throwing); returns how
        /// many were left out, and why the first was.
        mutating func parseList(
            progress: ((Double) -> Void)?, accept: (City) throws(CatalogueError) -> Void
        ) throws(CatalogueError) -> (skipped: Int, firstProblem: String?) {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
            guard peek() == UInt8(ascii: "[") else {
                throw .malformed("the list is not a JSON array (it starts with \(describeStart()))")
            }
            index += 1
            var valid = 0
            var skipped = 0
            var firstProblem: String?
            var nextReport = 0
            if peek() == UInt8(ascii: "]") {
                index += 1
            } else {
                while true {
                    if peek() == UInt8(ascii: "{") {
                        let start = index
                        switch try parseCity() {
                        case .success(let city):
                            try accept(city)
                            valid += 1
                        case .failure(let problem):
                            skipped += 1
                            if firstProblem == nil {
                                firstProblem = "entry \(valid + skipped) (byte \(start)): \(problem)"
                            }
                        }
                    } else {
                        try skipValue()
                        skipped += 1
                        if firstProblem == nil { firstProblem = "entry \(valid + skipped) is not an object" }
                    }
                    if let progress, index >= nextReport {
                        progress(Double(index) / Double(max(1, bytes.count)))
                        nextReport = index + bytes.count / 100
                    }
                    passed?(index)
                    guard let next = peek() else { throw fail("the list ends before its closing ]") }
                    index += 1
                    if next == UInt8(ascii: "]") { break }
                    guard next == UInt8(ascii: ",") else { throw fail("expected , or ] between entries") }
                }
            }
            skipSpace()
            guard index == bytes.count else { throw fail("unexpected text after the list") }
            return (skipped, firstProblem)
        }

        private func describeStart() -> String {
            let start = bytes.prefix(20)
            let text = String(decoding: start, as: UTF8.self).unicodeScalars
                .map { $0.properties.generalCategory == .control ? "?" : String($0) }.joined()
            return text.isEmpty ? "nothing" : "'\(text)'"
        }

        enum Value {
            case string(String)
            case number(Double)
            case other(String)
        }

        /// One entry; a well-formed object with a missing or wrong field is a `.failure`, not an error.
        mutating func parseCity() throws(CatalogueError) -> Swift.Result<City, CityProblem> {
            try expect(UInt8(ascii: "{"), "{")
            var id: Double?, name: String?, country: String?, lon: Double?, lat: Double?
            var problem: String?
            if peek() == UInt8(ascii: "}") {
                index += 1
            } else {
                while true {
                    let key = try parseString()
                    try expect(UInt8(ascii: ":"), ":")
                    switch key {
                    case "_id":
                        if case .number(let value) = try parseScalar() {
                            id = value
                        } else {
                            problem = problem ?? "_id is not a number"
                        }
                    case "name":
                        if case .string(let value) = try parseScalar() {
                            name = value
                        } else {
                            problem = problem ?? "name is not a string"
                        }
                    case "country":
                        if case .string(let value) = try parseScalar() {
                            country = value
                        } else {
                            problem = problem ?? "country is not a string"
                        }
                    case "coord":
                        if peek() == UInt8(ascii: "{") {
                            index += 1
                            if peek() == UInt8(ascii: "}") {
                                index += 1
                            } else {
                                while true {
                                    let inner = try parseString()
                                    try expect(UInt8(ascii: ":"), ":")
                                    let value = try parseScalar()
                                    if inner == "lon" || inner == "lat" {
                                        if case .number(let number) = value {
                                            if inner == "lon" { lon = number } else { lat = number }
                                        } else {
                                            problem = problem ?? "coord.\(inner) is not a number"
                                        }
                                    }
                                    guard let next = peek() else { throw fail("the entry ends early") }
                                    index += 1
                                    if next == UInt8(ascii: "}") { break }
                                    guard next == UInt8(ascii: ",") else { throw fail("expected , or } in coord") }
                                }
                            }
                        } else {
                            try skipValue()
                            problem = problem ?? "coord is not an object"
                        }
                    default:
                        try skipValue()
                    }
                    guard let next = peek() else { throw fail("the entry ends early") }
                    index += 1
                    if next == UInt8(ascii: "}") { break }
                    guard next == UInt8(ascii: ",") else { throw fail("expected , or } in an entry") }
                }
            }
            if let problem { return .failure(CityProblem(problem)) }
            guard let id else { return .failure(CityProblem("_id is missing")) }
            guard id >= 0, id <= Double(UInt32.max), id == id.rounded() else {
                return .failure(CityProblem("_id \(id) is not a whole number of 32 bits"))
            }
            guard let name else { return .failure(CityProblem("name is missing")) }
            guard !name.isEmpty, name.utf8.count <= 1_000 else {
                return .failure(CityProblem("name is empty or too long"))
            }
            guard let lat, let lon else { return .failure(CityProblem("coord.lat or coord.lon is missing")) }
            guard (-90...90).contains(lat), (-180...180).contains(lon) else {
                return .failure(CityProblem("coordinates \(lat),\(lon) are out of range"))
            }
            let code = country ?? ""
            guard code.isEmpty || (code.utf8.count == 2 && code.utf8.allSatisfy { (0x41...0x5A).contains($0) }) else {
                return .failure(CityProblem("country '\(code.prefix(8))' is not a two-letter code"))
            }
            return .success(City(id: Int(id), name: name, country: code, latitude: lat, longitude: lon))
        }

        mutating func parseScalar() throws(CatalogueError) -> Value {
            guard let next = peek() else { throw fail("a value is missing") }
            switch next {
            case UInt8(ascii: "\""): return .string(try parseString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
            default:
                try skipValue()
                return .other("value")
            }
        }

        mutating func parseNumber() throws(CatalogueError) -> Double {
            let start = index
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                    UInt8(ascii: "e"), UInt8(ascii: "E"):
                    index += 1
                default:
                    return try number(start..<index)
                }
            }
            return try number(start..<index)
        }

        private func number(_ range: Range<Int>) throws(CatalogueError) -> Double {
            guard range.count < 40,
                let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)),
                value.isFinite
            else { throw .malformed("a malformed number at byte \(range.lowerBound)") }
            return value
        }

        mutating func parseString() throws(CatalogueError) -> String {
            try expect(UInt8(ascii: "\""), "a string")
            let start = index
            // Fast path: no escapes.
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    defer { index += 1 }
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { throw fail("a control character inside a string") }
                index += 1
            }
            var output = Array(bytes[start..<index])
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: output, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { throw fail("a string ends inside an escape") }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escaped)
                    case UInt8(ascii: "b"): output.append(0x08)
                    case UInt8(ascii: "f"): output.append(0x0C)
                    case UInt8(ascii: "n"): output.append(0x0A)
                    case UInt8(ascii: "r"): output.append(0x0D)
                    case UInt8(ascii: "t"): output.append(0x09)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if (0xD800...0xDBFF).contains(scalar), index + 1 < bytes.count,
                            bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        {
                            index += 2
                            let low = try hex4()
                            if (0xDC00...0xDFFF).contains(low) {
                                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                            } else {
                                scalar = 0xFFFD
                            }
                        }
                        let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                        output.append(contentsOf: Array(String(character).utf8))
                    default:
                        throw fail("an unknown escape \\\(Character(Unicode.Scalar(escaped)))")
                    }
                default:
                    if byte < 0x20 { throw fail("a control character inside a string") }
                    output.append(byte)
                }
            }
            throw fail("a string is not closed")
        }

        mutating func hex4() throws(CatalogueError) -> UInt32 {
            guard index + 4 <= bytes.count else { throw fail("a \\u escape is cut short") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                index += 1
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw fail("a \\u escape has a non-hex digit")
                }
                value = value << 4 | digit
            }
            return value
        }

        /// Skips any JSON value, nested to at most 64 levels.
        mutating func skipValue(depth: Int = 0) throws(CatalogueError) {
            guard depth < 64 else { throw fail("nesting is too deep") }
            guard let next = peek() else { throw fail("a value is missing") }
            switch next {
            case UInt8(ascii: "\""): _ = try parseString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try parseNumber()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let close = next == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                index += 1
                if peek() == close {
                    index += 1
                    return
                }
                while true {
                    if close == UInt8(ascii: "}") {
                        _ = try parseString()
                        try expect(UInt8(ascii: ":"), ":")
                    }
                    try skipValue(depth: depth + 1)
                    guard let separator = peek() else { throw fail("a value is not closed") }
                    index += 1
                    if separator == close { return }
                    guard separator == UInt8(ascii: ",") else { throw fail("expected , in a nested value") }
                }
            default:
                for word in ["true", "false", "null"] {
                    let literal = Array(word.utf8)
                    if index + literal.count <= bytes.count, Array(bytes[index..<(index + literal.count)]) == literal {
                        index += literal.count
                        return
                    }
                }
                throw fail("not a JSON value")
            }
        }
    }
}

/// Why one entry of the list was left out.
public struct CityProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
