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
