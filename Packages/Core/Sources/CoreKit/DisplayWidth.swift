/// Terminal column widths of text, in the spirit of `wcwidth`, measured per grapheme cluster (what a terminal
/// draws as one glyph): East Asian Wide and Fullwidth characters (CJK, Hangul, most emoji) take 2 columns, combining
/// marks and other zero-width characters 0, the rest 1; an emoji sequence (joined by ZWJ, a flag of two regional
/// indicators, a keycap, a character with the emoji presentation selector) is one glyph of 2 columns.
public enum DisplayWidth {
    /// The number of terminal columns `text` occupies; SkyLens's own colours (SGR sequences, `ESC [ … m`) take
    /// none.
    public static func columns(of text: some StringProtocol) -> Int {
        // Fast path: below U+0300 every scalar is its own character (CR LF aside, both zero).
        var total = 0
        for scalar in text.unicodeScalars {
            if scalar.value == 0x1B { return columns(of: stripSGR(Substring(text))) }
            guard scalar.value < 0x300 else {
                // A colour code after the first wide or combining character takes no room either.
                if text.unicodeScalars.contains("\u{1B}") { return columns(of: stripSGR(Substring(text))) }
                return text.reduce(0) { $0 + columns(of: $1) }
            }
            total += columns(of: scalar)
        }
        return total
    }

    /// Columns of one character (grapheme cluster): 0, 1 or 2.
    public static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.index(after: scalars.startIndex) == scalars.endIndex { return columns(of: first) }
        var regionalIndicators = 0, presentation = false, joined = false
        for scalar in scalars {
            switch scalar.value {
            case 0x1F1E6...0x1F1FF: regionalIndicators += 1
            case 0xFE0F: presentation = true
            case 0x200D: joined = true
            default: break
            }
        }
        if regionalIndicators >= 2 { return 2 }
        if first.properties.isEmoji, presentation || joined || first.properties.isEmojiPresentation { return 2 }
        // A base and what combines with it (marks, Hangul vowels and finals): as wide as its widest part.
        var widest = 0
        for scalar in scalars { widest = max(widest, columns(of: scalar)) }
        return widest
    }

    /// Columns of one scalar: 0, 1 or 2.
    public static func columns(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x300 { return v < 0x20 || (v >= 0x7F && v < 0xA0) ? 0 : 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control:
            return 0
        default:
            break
        }
        if v >= 0x1160 && v <= 0x11FF { return 0 }  // Hangul medial vowels and final consonants combine
        return isWide(v) ? 2 : 1
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges, condensed from Unicode 15 `EastAsianWidth.txt`.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F202,
        0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F320,
        0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3,
        0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC,
        0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596,
        0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2,
        0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB,
        0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ v: UInt32) -> Bool {
        guard v >= 0x1100 else { return false }
        var low = 0, high = wideRanges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = wideRanges[mid]
            if v < range.lowerBound {
                high = mid - 1
            } else if v > range.upperBound {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }

    /// The longest prefix of `text` (whole characters) that fits in `limit` columns, with "…" appended if cut.
    public static func truncated(_ text: String, toColumns limit: Int) -> String {
        guard limit > 0 else { return "" }
        if columns(of: text) <= limit { return text }
        var result = ""
        var used = 0
        for character in text {
            let w = columns(of: character)
            if used + w > limit - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }

    /// `text` cut to at most `columns` columns (with `…` when cut), then padded with spaces to exactly `columns`.
    public static func fit(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        let cut = truncated(text, toColumns: columns)
        return cut + String(repeating: " ", count: max(0, columns - self.columns(of: cut)))
    }

    /// `text` padded with spaces on the left to `columns` columns (never cut): right-aligned numbers.
    public static func padLeft(_ text: String, to columns: Int) -> String {
        String(repeating: " ", count: max(0, columns - self.columns(of: text))) + text
    }

    /// `text` padded with spaces on the right to `columns` columns (never cut).
    public static func pad(_ text: String, to columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - self.columns(of: text)))
    }

    /// `text` broken at spaces into lines of at most `width` columns, the later ones starting with `indent`: prose
    /// that fits a narrow terminal without halves of words (text that fits is returned as it is). Only a word longer than a whole line (a path, a URL) is
    /// broken, where the line ends, so that nothing of it is lost.
    public static func wrapped(_ text: String, width: Int, indent: String = "") -> [String] {
        // A line that fits is left as it is, its spaces too.
        if columns(of: text) <= width { return [text] }
        // The first line keeps the text's own leading spaces.
        let leading = String(text.prefix { $0 == " " })
        var lines: [String] = []
        var line = ""
        func start(_ word: Substring) {
            var rest = word
            while true {
                let lead = lines.isEmpty ? leading : indent
                let room = max(1, width - columns(of: lead))
                if columns(of: rest) <= room {
                    line = lead + rest
                    return
                }
                var used = 0
                var cut = rest.startIndex
                while cut < rest.endIndex, used + columns(of: rest[cut]) <= room {
                    used += columns(of: rest[cut])
                    cut = rest.index(after: cut)
                }
                if cut == rest.startIndex { cut = rest.index(after: cut) }
                lines.append(lead + rest[..<cut])
                rest = rest[cut...]
                if rest.isEmpty {
                    line = ""
                    return
                }
            }
        }
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            // Chinese and Japanese write no spaces: a line may break between two of their characters (but not
            // before a closing mark or after an opening one), joined again without a space.
            for (index, piece) in pieces(of: word).enumerated() {
                let joint = index == 0 ? " " : ""
                if !line.isEmpty, columns(of: line) + joint.count + columns(of: piece) <= width {
                    line += joint + piece
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                line = ""
                start(piece)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line.isEmpty ? leading : line) }
        return lines
    }

    /// A word cut where a line may break inside it: between two characters of which one is wide (CJK), unless the
    /// second may not start a line (`、。）」`) or the first may not end one (`（「`).
    static func pieces(of word: Substring) -> [Substring] {
        guard word.unicodeScalars.contains(where: { $0.value >= 0x1100 }) else { return [word] }
        var pieces: [Substring] = []
        var start = word.startIndex
        var index = word.startIndex
        while index < word.endIndex {
            let next = word.index(after: index)
            if next < word.endIndex, columns(of: word[index]) == 2 || columns(of: word[next]) == 2,
                !noLineStart.contains(word[next]), !noLineEnd.contains(word[index])
            {
                pieces.append(word[start..<next])
                start = next
            }
            index = next
        }
        pieces.append(word[start...])
        return pieces
    }

    /// What may not start a line in Chinese and Japanese (kinsoku): closing marks, small kana, the long vowel.
    static let noLineStart = Set("、。，．：；？！）」』】〉》〕］｝”’・ー…‥ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々,.:;?!)]}%")
    /// What may not end one: opening marks.
    static let noLineEnd = Set("（「『【〈《〔［｛“‘([{")

    /// Each line of `text` made to fit `width` columns: a plain line too long is broken at spaces (its later lines
    /// indented two more than it), a painted one (SkyLens's own views, laid out to the width already) is cut. The
    /// last guard that no line is wider than the terminal.
    public static func fitted(_ text: String, width: Int) -> String {
        guard width > 0 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
            if line.contains("\u{1B}") { return [fittingLines(String(line), width: width)] }
            guard columns(of: line) > width else { return [String(line)] }
            let indent = String(line.prefix { $0 == " " }) + "  "
            return wrapped(String(line), width: width, indent: indent.count < width / 2 ? indent : "  ")
        }.joined(separator: "\n")
    }

    /// Each line of `text` cut to `width` columns with "…" where it is longer, counting only what is drawn: an
    /// SGR sequence (`ESC [ … m`, SkyLens's own colours) takes no column and is kept, and a cut line ends with a
    /// reset when it held one. The last guard that no line is wider than the terminal.
    public static func fittingLines(_ text: String, width: Int) -> String {
        guard width > 0 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let plain = line.contains("\u{1B}") ? stripSGR(line) : String(line)
            guard columns(of: plain) > width else { return String(line) }
            var result = ""
            var used = 0
            var styled = false
            var characters = line.makeIterator()
            while let character = characters.next() {
                if character == "\u{1B}" {
                    var sequence = String(character)
                    while let next = characters.next() {
                        sequence.append(next)
                        if endsSequence(next) { break }
                    }
                    result += sequence
                    styled = true
                    continue
                }
                let size = columns(of: character)
                if used + size > width - 1 { break }
                result.append(character)
                used += size
            }
            return result + "…" + (styled ? "\u{1B}[0m" : "")
        }.joined(separator: "\n")
    }

    /// The final byte of an escape sequence (`m` of `ESC [ 1 m`): @ to ~, but the `[` that opens a CSI.
    private static func endsSequence(_ character: Character) -> Bool {
        guard character != "[", let scalar = character.unicodeScalars.first else { return false }
        return (0x40...0x7E).contains(scalar.value)
    }

    /// `text` without its SGR sequences.
    static func stripSGR(_ text: Substring) -> String {
        var result = ""
        var inSequence = false
        for character in text {
            if character == "\u{1B}" {
                inSequence = true
                continue
            }
            if inSequence {
                if endsSequence(character) { inSequence = false }
                continue
            }
            result.append(character)
        }
        return result
    }

    /// Short pieces (`Humidity 81 %`) joined by `separator`, as many to a line as fit in `width` columns, each line
    /// after the first starting with `indent`; a piece wider than a line is cut with "…".
    public static func flow(
        _ pieces: [String], separator: String = " · ", width: Int, indent: String = ""
    )
        -> [String]
    {
        var lines: [String] = []
        var line = ""
        for piece in pieces where !piece.isEmpty {
            if !line.isEmpty, columns(of: line) + columns(of: separator) + columns(of: piece) <= width {
                line += separator + piece
                continue
            }
            if !line.isEmpty { lines.append(line) }
            let lead = lines.isEmpty ? "" : indent
            line = lead + truncated(piece, toColumns: max(1, width - columns(of: lead)))
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
