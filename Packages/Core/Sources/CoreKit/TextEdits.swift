/// Trimming and replacing as Foundation's `NSString` methods do them, in the standard library: Foundation's string
/// bridge costs a tenth of a millisecond the first time a process uses it, on the path of every one-shot command
/// (issue 30). Checked against Foundation for every Unicode scalar (`TextEditsTests`).
extension StringProtocol {
    /// Without the spaces at either end: what `trimmingCharacters(in: .whitespaces)` gives (Unicode's space
    /// separators, Zs, the tab, and the zero-width space).
    public var trimmingSpaces: String { trimmingScalars(where: TextEdits.isSpace) }

    /// Without the spaces and line ends at either end: what `trimmingCharacters(in: .whitespacesAndNewlines)` gives
    /// (Unicode's separators, Z*, the tab, U+000A–U+000D, U+0085 and the zero-width space).
    public var trimmingSpacesAndNewlines: String { trimmingScalars(where: TextEdits.isSpaceOrNewline) }

    /// Every `target` replaced by `replacement`, left to right, without overlaps, whole characters only (an `a`
    /// followed by a combining accent is not an `a`): what `replacingOccurrences(of:with:)` gives with no options,
    /// except that Foundation may match part of a character (a lone combining mark, half of a flag).
    public func replacingEvery(_ target: String, with replacement: String) -> String {
        let needle = Array(target)
        guard let first = needle.first else { return String(self) }
        var result = ""
        var rest = Substring(self)
        while let index = rest.firstIndex(of: first) {
            let candidate = rest[index...]
            if candidate.starts(with: needle) {
                result.append(contentsOf: rest[..<index])
                result.append(contentsOf: replacement)
                rest = candidate.dropFirst(needle.count)
            } else {
                let next = rest.index(after: index)
                result.append(contentsOf: rest[..<next])
                rest = rest[next...]
            }
        }
        // String's own `append(contentsOf:)` for a substring, not `+=`'s generic one for any sequence of characters,
        // whose first use costs a scan of every protocol conformance in the process (issue 30).
        result.append(contentsOf: rest)
        return result
    }

    private func trimmingScalars(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = Substring(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
            let last = scalars.lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        return String(Substring(scalars[first...last]))
    }
}

private enum TextEdits {
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || scalar == "\t" }
        // Foundation's set also holds the zero-width space (U+200B), which Unicode no longer counts as one.
        return scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
    }

    static func isSpaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0x200B: return true
        case 0..<0x80: return false
        default:
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
    }
}
