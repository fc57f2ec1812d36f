/// Makes text that came from outside (a server, a data file, a user) safe to print on a terminal.
///
/// Escape sequences (CSI such as cursor moves and colours, OSC such as window titles and hyperlinks, DCS, APC, PM,
/// SOS, and two-character ESC sequences) are removed whole; every other control character (C0, DEL, C1), the
/// Unicode bidirectional controls that can reorder what a reader sees (U+202A–U+202E, U+2066–U+2069, the marks
/// U+200E, U+200F, U+061C) and noncharacters (U+FDD0–U+FDEF, U+xFFFE, U+xFFFF) are replaced by a visible `�`.
/// The line and paragraph separators U+2028 and U+2029, which some terminals take as a line break, become a space;
/// U+FEFF (a byte-order mark, or an invisible zero-width no-break space) is removed.
/// Newlines survive only when `allowNewlines` is set; a tab becomes a space.
public enum TerminalText {
    public static let replacement: Character = "\u{FFFD}"

    public static func sanitize(_ text: String, allowNewlines: Bool = false) -> String {
        // Fast path: most text has nothing to remove.
        if !text.unicodeScalars.contains(where: { needsAttention($0) }) { return text }
        var output = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            switch scalar.value {
            case 0x1B:  // ESC: drop the whole sequence it introduces.
                skipEscapeSequence(after: &scalars)
            case 0x9B:  // C1 CSI
                skipControlSequence(&scalars)
            case 0x9D, 0x90, 0x98, 0x9E, 0x9F:  // C1 OSC, DCS, SOS, PM, APC: a string ended by ST or BEL
                skipString(&scalars)
            case 0x0A:
                if allowNewlines { output.append(scalar) } else { output.append(" ") }
            case 0x0D:
                // CR LF is a newline; a lone CR could overwrite the line, so it is made visible.
                if scalars.first?.value == 0x0A { continue }
                output.append(replacementScalar)
            case 0x09, 0x2028, 0x2029:
                output.append(" ")
            case 0xFEFF:
                continue
            default:
                output.append(needsAttention(scalar) ? replacementScalar : scalar)
            }
        }
        return String(output)
    }

    /// True when the text holds nothing that `sanitize` would change (newlines allowed or not).
    public static func isClean(_ text: String, allowNewlines: Bool = false) -> Bool {
        !text.unicodeScalars.contains { scalar in
            if allowNewlines, scalar == "\n" { return false }
            return needsAttention(scalar)
        }
    }

    private static let replacementScalar: Unicode.Scalar = "\u{FFFD}"

    private static func needsAttention(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true  // bidi controls
        case 0x2028, 0x2029, 0xFEFF: true
        case 0xFDD0...0xFDEF: true  // noncharacters
        case let value where value & 0xFFFE == 0xFFFE: true  // U+FFFE, U+FFFF, U+1FFFE, … U+10FFFF
        default: false
        }
    }

    private static func skipEscapeSequence(after scalars: inout ArraySlice<Unicode.Scalar>) {
        guard let next = scalars.popFirst() else { return }
        switch next {
        case "[": skipControlSequence(&scalars)
        case "]", "P", "X", "^", "_": skipString(&scalars)
        default:
            // nF sequences: intermediate bytes 0x20–0x2F, then one final byte.
            if (0x20...0x2F).contains(next.value) {
                while let s = scalars.first, (0x20...0x2F).contains(s.value) { scalars.removeFirst() }
                if !scalars.isEmpty { scalars.removeFirst() }
            }
        // Otherwise a two-character sequence (ESC 7, ESC c, …): `next` is already consumed.
        }
    }

    /// CSI: parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, one final byte 0x40–0x7E.
    private static func skipControlSequence(_ scalars: inout ArraySlice<Unicode.Scalar>) {
        while let s = scalars.first {
            scalars.removeFirst()
            if (0x40...0x7E).contains(s.value) { return }
            if !(0x20...0x3F).contains(s.value) { return }  // malformed: stop at the first foreign byte
        }
    }

    /// OSC, DCS and friends: everything up to BEL, ST (ESC \) or C1 ST.
    private static func skipString(_ scalars: inout ArraySlice<Unicode.Scalar>) {
        while let s = scalars.popFirst() {
            switch s.value {
            case 0x07, 0x9C: return
            case 0x1B:
                if scalars.first == "\\" { scalars.removeFirst() }
                return
            default: continue
            }
        }
    }
}

extension String {
    /// This text with escape sequences removed and control characters made visible (see `TerminalText`).
    public var terminalSafe: String { TerminalText.sanitize(self) }
}

extension String {
    /// At most 40 characters, safe for a terminal: for quoting user input back in an error.
    public var terminalPreview: String {
        let safe = terminalSafe
        return safe.count > 40 ? String(safe.prefix(40)) + "…" : safe
    }
}
