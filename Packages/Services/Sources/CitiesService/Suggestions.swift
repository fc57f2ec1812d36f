import Foundation

/// A place within two edits of a name that matched nothing: for "Did you mean …?".
public struct Suggestion: Sendable, Equatable {
    public var city: City
    /// Edits (insertions, deletions, substitutions, transpositions of neighbours) from what was typed, folded.
    public var distance: Int
}

/// Sorted keys (folded names, or folded other names) read in place: key `i` is `bytes[starts[i] ..< starts[i + 1]]`.
struct SortedKeys {
    let starts: UnsafePointer<UInt32>
    let bytes: UnsafePointer<UInt8>
    let count: Int

    @inline(__always) func length(_ index: Int) -> Int { Int(starts[index + 1]) - Int(starts[index]) }
    @inline(__always) func byte(_ index: Int, _ depth: Int) -> UInt8 { bytes[Int(starts[index]) + depth] }
}

/// The keys within `limit` edits of a query, by walking the sorted keys as the trie they are: a node is a run of
/// keys sharing a prefix, its children the runs of the next byte (found by galloping, then a binary search), and
/// one row of the edit-distance table per node (optimal string alignment: a transposition of neighbours is one
/// edit). A node whose row has nothing within the limit is left with everything under it: no longer key can come
/// back within it (a row's least value never falls). Edits are counted on folded UTF-8 bytes: a letter outside
/// ASCII is two or three of them.
struct FuzzyWalk {
    let keys: SortedKeys
    let query: [UInt8]
    let limit: Int
    /// (depth + 1) rows of (query.count + 1) cells; the path's bytes.
    private var table: [Int32]
    private var path: [UInt8]
    private(set) var found: [(key: Int, distance: Int)] = []

    init(keys: SortedKeys, query: [UInt8], limit: Int) {
        self.keys = keys
        self.query = query
        self.limit = limit
        let depth = query.count + limit + 2
        table = [Int32](repeating: 0, count: (depth + 1) * (query.count + 1))
        path = [UInt8](repeating: 0, count: depth + 1)
        for column in 0...query.count { table[column] = Int32(column) }
    }

    mutating func run() {
        guard keys.count > 0 else { return }
        visit(0, keys.count, depth: 0)
    }

    private mutating func visit(_ low: Int, _ high: Int, depth: Int) {
        let width = query.count + 1
        let row = depth * width
        var index = low
        // Keys that end here come first (a shorter key sorts before the longer ones it starts).
        while index < high, keys.length(index) == depth {
            let distance = Int(table[row + query.count])
            if distance <= limit { found.append((index, distance)) }
            index += 1
        }
        guard (depth + 1) * width + width <= table.count else { return }
        while index < high {
            let byte = keys.byte(index, depth)
            // The end of this byte's run: gallop, then halve.
            var inside = index, step = 1, outside = index + 1
            while outside < high, keys.byte(outside, depth) == byte {
                inside = outside
                step &*= 2
                outside = min(high, outside + step)
            }
            var a = inside + 1, b = outside
            while a < b {
                let middle = (a + b) / 2
                if keys.byte(middle, depth) == byte { a = middle + 1 } else { b = middle }
            }
            let end = a
            path[depth] = byte
            let next = (depth + 1) * width
            table[next] = Int32(depth + 1)
            var least = table[next]
            if !query.isEmpty {
                for column in 1...query.count {
                    let cost: Int32 = query[column - 1] == byte ? 0 : 1
                    var value = min(
                        table[row + column] + 1, table[next + column - 1] + 1, table[row + column - 1] + cost)
                    if depth >= 1, column >= 2, query[column - 1] == path[depth - 1], query[column - 2] == byte {
                        value = min(value, table[row - width + column - 2] + 1)
                    }
                    table[next + column] = value
                    least = min(least, value)
                }
            }
            if least <= Int32(limit) { visit(index, end, depth: depth + 1) }
            index = end
        }
    }
}

extension CityCatalogue {
    /// The folded names and the folded other names, as sorted keys.
    private var nameKeys: SortedKeys { SortedKeys(starts: foldStarts, bytes: folded, count: count) }
    private var otherNameKeys: SortedKeys {
        let table = otherNames
        return SortedKeys(starts: table.foldStarts, bytes: table.folded, count: table.count)
    }

    /// Up to `limit` places whose name or other name is within two edits of `text` (folded), the nearest first,
    /// then the most populous; each place once, and the place as the query narrows it (`Tornto, CA`).
    public func suggestions(for text: String, limit: Int = 5) -> [Suggestion] {
        let query = CityQuery(parsing: text)
        let plan = plan(query)
        let bytes = Array(plan.prefix.utf8)
        guard !bytes.isEmpty, bytes.count <= 64 else { return [] }
        var best: [Int: (distance: Int, otherName: Int)] = [:]
        func consider(_ row: Int, _ distance: Int, _ otherName: Int) {
            if let country = plan.country, countries[row] != country { return }
            if let filter = plan.filter, !filter(row) { return }
            if let known = best[row], known.distance <= distance { return }
            best[row] = (distance, otherName)
        }
        var names = FuzzyWalk(keys: nameKeys, query: bytes, limit: 2)
        names.run()
        for (row, distance) in names.found { consider(row, distance, -1) }
        let table = otherNames
        var others = FuzzyWalk(keys: otherNameKeys, query: bytes, limit: 2)
        others.run()
        for (index, distance) in others.found { consider(table.row(index), distance, index) }
        return best.sorted { a, b in
            if a.value.distance != b.value.distance { return a.value.distance < b.value.distance }
            let x = population(at: a.key), y = population(at: b.key)
            return x != y ? x > y : a.key < b.key
        }.prefix(limit).map { entry in
            var city = city(at: entry.key)
            if entry.value.otherName >= 0 { city.otherName = otherName(entry.value.otherName) }
            return Suggestion(city: city, distance: entry.value.distance)
        }
    }

    /// The same as `suggestions`' search, by reading every name and other name and computing a bounded edit
    /// distance for those of a near length: the benchmark's baseline, and the tests' reference. Returns each place
    /// within two edits, with its least distance.
    public func suggestionsByScanning(for text: String) -> [Int: Int] {
        let query = Array(CityQuery(parsing: text).prefix.utf8)
        var best: [Int: Int] = [:]
        guard !query.isEmpty, query.count <= 64 else { return best }
        var rows = [Int](repeating: 0, count: 3 * (query.count + 1))
        func scan(_ keys: SortedKeys, row: (Int) -> Int) {
            for index in 0..<keys.count {
                let length = keys.length(index)
                guard abs(length - query.count) <= 2 else { continue }
                let key = UnsafeBufferPointer(start: keys.bytes + Int(keys.starts[index]), count: length)
                if let distance = Self.boundedDistance(key, query, limit: 2, rows: &rows) {
                    let place = row(index)
                    best[place] = min(best[place] ?? .max, distance)
                }
            }
        }
        scan(nameKeys) { $0 }
        let table = otherNames
        scan(otherNameKeys) { table.row($0) }
        return best
    }

    /// Optimal string alignment distance between `a` and `b`, or nil once it must exceed `limit`. `rows` is room
    /// for three rows of `b.count + 1` cells, reused from call to call.
    static func boundedDistance(
        _ a: UnsafeBufferPointer<UInt8>, _ b: [UInt8], limit: Int, rows: inout [Int]
    ) -> Int? {
        let n = a.count, m = b.count, width = m + 1
        guard n > 0 else { return m <= limit ? m : nil }
        return rows.withUnsafeMutableBufferPointer { rows -> Int? in
            // Rows i - 2, i - 1 and i, in turn.
            var before = 0, previous = width, current = 2 * width
            for j in 0...m { rows[previous + j] = j }
            for i in 1...n {
                rows[current] = i
                var least = i
                if m > 0 {
                    for j in 1...m {
                        let cost = a[i - 1] == b[j - 1] ? 0 : 1
                        var value = min(
                            rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + cost)
                        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                            value = min(value, rows[before + j - 2] + 1)
                        }
                        rows[current + j] = value
                        least = min(least, value)
                    }
                }
                if least > limit { return nil }
                (before, previous, current) = (previous, current, before)
            }
            return rows[previous + m] <= limit ? rows[previous + m] : nil
        }
    }
}
