import Foundation
import Synchronization

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
    /// Where the keys of each first byte and pair of bytes begin (`CityCatalogue.prefixKey`), when known: the first
    /// two levels of the trie without a search (they are the widest, and their runs the longest).
    var pairs: [UInt32] = []

    /// The table of `pairs` for these keys (one pass over their first bytes); nil when they are out of order.
    func pairTable() -> [UInt32]? {
        var pairs = [UInt32](repeating: UInt32(count), count: CityCatalogue.pairKeys + 1)
        var nextKey = 0, lastKey = 0
        for index in 0..<count {
            let key = pairKey(index)
            guard key >= lastKey else { return nil }
            lastKey = key
            while nextKey <= key {
                pairs[nextKey] = UInt32(index)
                nextKey += 1
            }
        }
        return pairs
    }

    @inline(__always) func length(_ index: Int) -> Int { Int(starts[index + 1]) - Int(starts[index]) }
    @inline(__always) func byte(_ index: Int, _ depth: Int) -> UInt8 { bytes[Int(starts[index]) + depth] }

    /// The pair key of key `index` (`CityCatalogue.prefixKey`; 0 for an empty key).
    @inline(__always) func pairKey(_ index: Int) -> Int {
        let length = self.length(index)
        return length == 0 ? 0 : CityCatalogue.prefixKey(byte(index, 0), length > 1 ? byte(index, 1) : nil)
    }

    /// The first key whose pair key is `key` or more (`count` when none is): a binary search.
    func firstIndex(ofPairKey key: Int) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if pairKey(middle) < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// Where the keys of each first byte and pair of bytes begin (`CityCatalogue.prefixKey`), for a search that narrows
/// a prefix to its run of keys before any binary search. Made in one of two ways (issue 30):
///
/// - whole, by one pass over every key's first bytes, which also checks that the keys are in order: for a catalogue
///   checked as it is opened;
/// - an entry at a time, by a binary search the first time a prefix asks for it: for a catalogue checked before (see
///   `CatalogueCheckRecord`), so that a one-shot search reads a few pages of the names, not all of them.
///
/// `@unchecked Sendable`: `keys` points into a catalogue's buffers, never written, and used only while the catalogue
/// lives; the table is behind a lock.
final class PairStarts: @unchecked Sendable {
    private let keys: SortedKeys
    /// The whole table (`pairKeys + 1` entries, the last is `count`) once made; until then the entries looked up, by
    /// key: a search looks up two, and a table of 65,793 made ready for them cost a 257 kB fill and its page faults
    /// at every one-shot command (issue 30).
    private let table: Mutex<(whole: [UInt32], some: [Int: UInt32])>

    /// The whole table, made now; nil when the keys are out of order (a damaged file).
    init?(checking keys: SortedKeys) {
        guard let whole = keys.pairTable() else { return nil }
        self.keys = keys
        self.table = Mutex((whole, [:]))
    }

    /// Entries found when first asked for.
    init(lookingUp keys: SortedKeys) {
        self.keys = keys
        self.table = Mutex(([], [:]))
    }

    /// The keys that can start with `prefix`: exact for one or two bytes.
    @inline(__always)
    func range(_ prefix: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        guard let first = prefix.first else { return 0..<keys.count }
        let base = 1 + Int(first) * 257
        let (low, high) =
            prefix.count == 1 ? (base, base + 257) : (base + 1 + Int(prefix[1]), base + 2 + Int(prefix[1]))
        return table.withLock { table in
            if !table.whole.isEmpty { return Int(table.whole[low])..<Int(table.whole[high]) }
            return Int(entry(low, in: &table.some))..<Int(entry(high, in: &table.some))
        }
    }

    /// Every entry (for the trie walk of suggestions, which visits every first byte and pair): made by one pass over
    /// the keys the first time (a binary search for each of 65,793 entries would cost far more), by a binary search
    /// for each only if the keys are out of order.
    func whole() -> [UInt32] {
        table.withLock { table in
            guard table.whole.isEmpty else { return table.whole }
            table.whole =
                keys.pairTable()
                ?? (0...CityCatalogue.pairKeys).map { key in
                    table.some[key] ?? UInt32(keys.firstIndex(ofPairKey: key))
                }
            table.some = [:]
            return table.whole
        }
    }

    @inline(__always)
    private func entry(_ key: Int, in some: inout [Int: UInt32]) -> UInt32 {
        if let known = some[key] { return known }
        let found = UInt32(keys.firstIndex(ofPairKey: key))
        some[key] = found
        return found
    }
}

/// The keys within `limit` edits of a query, by walking the sorted keys as the trie they are: a node is a run of
/// keys sharing a prefix, its children the runs of the next byte (found by galloping, then a binary search), and
/// one row of the edit-distance table per node (optimal string alignment: a transposition of neighbours is one
/// edit). A node whose row has nothing within the limit is left with everything under it: no longer key can come
/// back within it (a row's least value never falls). Edits are counted on folded UTF-8 bytes: a letter outside
/// ASCII is two or three of them.
///
/// With a `checkpoint` column h, only alignments that spend at most `budget` edits on the query's first h bytes are
/// followed (a cell before column h above the budget is dropped, column h is entered only within it, and a
/// transposition across it only from a cell of 0; key bytes left out in column h count for the second half): near
/// the root, where a walk with two edits visits nearly every node, it visits few. Walked forward with h = m/2 and
/// no edit on the first half, and backward over the reversed keys with at most one on the last m - h bytes, the two
/// find every key within two edits (the FB-trie of Mihov and Schulz). Say an alignment of cost 2 or less spends a
/// on the first half, c on key bytes left out where the halves meet and b on the last half: a = 0 or b ≤ 1, or the
/// cost would be 3; a transposition across the halves is taken forward after a = 0, else backward after b = 0.
struct FuzzyWalk {
    let keys: SortedKeys
    let query: [UInt8]
    let limit: Int
    let checkpoint: Int
    let budget: Int
    private(set) var found: [(key: Int, distance: Int)] = []

    init(keys: SortedKeys, query: [UInt8], limit: Int, checkpoint: Int = -1, budget: Int = 0) {
        self.keys = keys
        self.query = query
        self.limit = limit
        self.checkpoint = checkpoint
        self.budget = budget
    }

    mutating func run() {
        guard keys.count > 0 else { return }
        let width = query.count + 1
        let depth = query.count + limit + 2
        // Cells are capped at limit + 1 ("too far"): only a band of 2 × limit + 1 columns around the diagonal can be
        // within the limit, and the cells outside it keep that value.
        let table = UnsafeMutablePointer<Int32>.allocate(capacity: (depth + 1) * width)
        let path = UnsafeMutablePointer<UInt8>.allocate(capacity: depth + 1)
        defer {
            table.deallocate()
            path.deallocate()
        }
        let far = Int32(limit + 1)
        table.initialize(repeating: far, count: (depth + 1) * width)
        for column in 0...min(query.count, limit) where column > checkpoint || column <= budget {
            table[column] = Int32(column)
        }
        var found: [(key: Int, distance: Int)] = []
        query.withUnsafeBufferPointer { query in
            let walk = Walk(
                keys: keys, query: query, limit: Int32(limit), checkpoint: checkpoint, budget: Int32(budget),
                width: width, depth: depth, table: table, path: path)
            walk.visit(0, keys.count, 0, into: &found)
        }
        self.found = found
    }

    /// The recursion, over raw buffers (no copies, no bounds checks in the inner loop).
    private struct Walk {
        let keys: SortedKeys
        let query: UnsafeBufferPointer<UInt8>
        let limit: Int32
        let checkpoint: Int
        let budget: Int32
        let width: Int
        let depth: Int
        let table: UnsafeMutablePointer<Int32>
        let path: UnsafeMutablePointer<UInt8>

        func visit(_ low: Int, _ high: Int, _ depth: Int, into found: inout [(key: Int, distance: Int)]) {
            let m = query.count
            let row = table + depth * width
            var index = low
            // Keys that end here come first (a shorter key sorts before the longer ones it starts).
            while index < high, keys.length(index) == depth {
                if row[m] <= limit { found.append((index, Int(row[m]))) }
                index += 1
            }
            guard depth + 1 < self.depth else { return }
            let next = row + width
            next[0] = checkpoint >= 0 && depth + 1 > budget ? limit + 1 : min(Int32(depth + 1), limit + 1)
            let first = max(1, depth + 1 - Int(limit)), last = min(m, depth + 1 + Int(limit))
            if depth < 2, !keys.pairs.isEmpty, low == 0 || depth == 1 {
                // The first two levels from the pair table.
                let pairs = keys.pairs
                for byte in 0...255 {
                    let start: Int, end: Int
                    if depth == 0 {
                        (start, end) = (Int(pairs[1 + byte * 257]), Int(pairs[1 + (byte + 1) * 257]))
                    } else {
                        let key = 1 + Int(path[0]) * 257 + 1 + byte
                        (start, end) = (Int(pairs[key]), Int(pairs[key + 1]))
                    }
                    if start < end { step(UInt8(byte), start, end, depth, first, last, into: &found) }
                }
                return
            }
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
                self.step(byte, index, a, depth, first, last, into: &found)
                index = a
            }
        }

        /// The child of `byte` (keys `index..<end`): its row of the table, then its keys if any cell is in reach.
        @inline(__always)
        private func step(
            _ byte: UInt8, _ index: Int, _ end: Int, _ depth: Int, _ first: Int, _ last: Int,
            into found: inout [(key: Int, distance: Int)]
        ) {
            let row = table + depth * width
            let next = row + width
            do {
                path[depth] = byte
                var least = next[0]
                if first <= last {
                    for column in first...last {
                        let cost: Int32 = query[column - 1] == byte ? 0 : 1
                        // Moves into this column (from the one before), and the one down it (a key byte left out).
                        var entering = min(next[column - 1] + 1, row[column - 1] + cost)
                        if depth >= 1, column >= 2, query[column - 1] == path[depth - 1], query[column - 2] == byte {
                            let source = row[column - 2 - width]
                            if column - 1 != checkpoint || source == 0 { entering = min(entering, source + 1) }
                        }
                        var value: Int32
                        if column < checkpoint {
                            value = min(entering, row[column] + 1)
                            if value > budget { value = limit + 1 }
                        } else if column == checkpoint {
                            // The first half must be entered within its budget; key bytes left out after it count
                            // for the second half.
                            value = min(entering > budget ? limit + 1 : entering, row[column] + 1)
                        } else {
                            value = min(entering, row[column] + 1)
                        }
                        value = min(value, limit + 1)
                        next[column] = value
                        least = min(least, value)
                    }
                }
                // A row's least value never falls, but for one move: with no edit allowed on the first half, the
                // cell a transposition across the halves passes through (a first-half cell of 1) was dropped, so a
                // child that can start one is kept while its parent's last first-half cell is 0.
                if least <= limit
                    || (budget == 0 && checkpoint > 0 && row[checkpoint - 1] == 0 && query[checkpoint] == byte)
                {
                    visit(index, end, depth + 1, into: &found)
                }
            }
        }
    }
}

extension CityCatalogue {
    /// The folded names and the folded other names, as sorted keys.
    private var nameKeys: SortedKeys {
        SortedKeys(starts: foldStarts, bytes: folded, count: count, pairs: pairStarts.whole())
    }
    private var otherNameKeys: SortedKeys {
        let table = otherNames
        return SortedKeys(
            starts: table.foldStarts, bytes: table.folded, count: table.count, pairs: table.pairStarts.whole())
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
        let table = otherNames
        // Forward with the first half exact (one path down, then a small subtree), and backward over the reversed
        // keys with at most one edit on the last half; one byte: a walk with two edits anywhere (shallow, so cheap).
        let half = bytes.count >= 2 ? bytes.count / 2 : -1
        var names = FuzzyWalk(keys: nameKeys, query: bytes, limit: 2, checkpoint: half, budget: 0)
        names.run()
        for (row, distance) in names.found { consider(row, distance, -1) }
        var others = FuzzyWalk(keys: otherNameKeys, query: bytes, limit: 2, checkpoint: half, budget: 0)
        others.run()
        for (index, distance) in others.found { consider(table.row(index), distance, index) }
        if half >= 0 {
            let reversed = reversedKeys
            var backward = FuzzyWalk(
                keys: reversed.keys, query: bytes.reversed(), limit: 2, checkpoint: bytes.count - half, budget: 1)
            backward.run()
            for (index, distance) in backward.found {
                let target = reversed.targets[index]
                if target & CatalogueFormat.reversedOtherName != 0 {
                    let other = Int(target & ~CatalogueFormat.reversedOtherName)
                    consider(table.row(other), distance, other)
                } else {
                    consider(Int(target), distance, -1)
                }
            }
        }
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
