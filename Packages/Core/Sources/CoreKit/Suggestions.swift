/// The nearest names to a mistyped one, for "did you mean".
public enum Suggestions {
    public static func nearest(to word: String, among candidates: [String], limit: Int = 3) -> [String] {
        let word = word.lowercased()
        let scored = candidates.compactMap { candidate -> (String, Int)? in
            let lowered = candidate.lowercased()
            let distance = editDistance(word, lowered)
            let threshold = max(1, min(3, lowered.count / 3))
            if distance <= threshold { return (candidate, distance) }
            if word.count >= 2, lowered.hasPrefix(word) { return (candidate, threshold) }
            return nil
        }
        var seen = Set<String>()
        return scored.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.map(\.0).filter { seen.insert($0).inserted }
            .prefix(limit).map { $0 }
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
