/// Splits a command line into words as a POSIX shell does: spaces separate; single quotes keep everything
/// literally; double quotes keep everything but `\"`, `\\`; a backslash outside quotes escapes the next
/// character; quoted pieces next to each other join into one word (`'it''s'` is `its`, `"it's"` is `it's`).
public enum CommandLineTokenizer {
    public enum Failure: Error, Equatable, Sendable {
        case unterminatedQuote(Character)
        case trailingBackslash

        public var message: String {
            switch self {
            case .unterminatedQuote(let quote): "The line has an opening \(quote) without a closing one."
            case .trailingBackslash: "The line ends with a lone backslash."
            }
        }
    }

    /// Works on Unicode scalars, as a shell works on bytes: a quote followed by a combining mark is still a quote.
    public static func split(_ line: String) throws(Failure) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        var inWord = false
        var iterator = line.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            switch scalar {
            case " ", "\t", "\n", "\r":
                if inWord {
                    words.append(String(current))
                    current = String.UnicodeScalarView()
                    inWord = false
                }
            case "'":
                inWord = true
                var closed = false
                while let next = iterator.next() {
                    if next == "'" {
                        closed = true
                        break
                    }
                    current.append(next)
                }
                if !closed { throw .unterminatedQuote("'") }
            case "\"":
                inWord = true
                var closed = false
                while let next = iterator.next() {
                    if next == "\"" {
                        closed = true
                        break
                    }
                    if next == "\\" {
                        guard let escaped = iterator.next() else { throw .unterminatedQuote("\"") }
                        if escaped != "\"" && escaped != "\\" { current.append("\\") }
                        current.append(escaped)
                        continue
                    }
                    current.append(next)
                }
                if !closed { throw .unterminatedQuote("\"") }
            case "\\":
                guard let escaped = iterator.next() else { throw .trailingBackslash }
                inWord = true
                current.append(escaped)
            default:
                inWord = true
                current.append(scalar)
            }
        }
        if inWord { words.append(String(current)) }
        return words
    }

    /// Quotes a word so that `split` gives it back unchanged.
    public static func quote(_ word: String) -> String {
        let special: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r", "'", "\"", "\\"]
        if !word.isEmpty, !word.unicodeScalars.contains(where: special.contains) { return word }
        var quoted = String.UnicodeScalarView(["'"])
        for scalar in word.unicodeScalars {
            if scalar == "'" {
                quoted.append(contentsOf: "'\\''".unicodeScalars)
            } else {
                quoted.append(scalar)
            }
        }
        quoted.append("'")
        return String(quoted)
    }
}

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
