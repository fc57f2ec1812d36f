import Architecture

/// Turns the bytes a terminal sends into keys: UTF-8 characters, control keys, cursor keys (`ESC [ A` and
/// `ESC O A`), `ESC [ 5 ~` and the like, and SGR mouse reports (`ESC [ < b ; x ; y M`). A lone ESC is the Escape
/// key only once no more bytes follow it (the reader waits a moment): pass `final: true` then.
public struct ScreenKeyParser: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// The keys in `bytes` (after what was pending); an incomplete sequence at the end waits for more, unless
    /// `final` is true.
    public mutating func keys(_ bytes: [UInt8], final: Bool = false) -> [ScreenKey] {
        pending += bytes
        var keys: [ScreenKey] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = Self.parse(pending[index...], final: final) else { break }
            if let key { keys.append(key) }
            index += length
        }
        pending.removeFirst(index)
        if pending.count > 64 { pending.removeAll() }  // garbage that never completes
        return keys
    }

    /// One key at the start of `bytes` and how many bytes it took (a nil key: bytes skipped); nil when more bytes
    /// are needed.
    static func parse(_ bytes: ArraySlice<UInt8>, final: Bool) -> (ScreenKey?, Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x1B: return escape(bytes, final: final)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x09: return (.tab, 1)
        case 0x03: return (.interrupt, 1)
        case 0x00..<0x20: return (nil, 1)
        case 0x20..<0x80: return (.character(Character(Unicode.Scalar(first))), 1)
        default:
            // A UTF-8 sequence: its length from the lead byte. A byte that cannot start one, or a sequence that
            // does not decode, is skipped one byte at a time, so that what follows still reads.
            guard (0xC2...0xF4).contains(first) else { return (nil, 1) }
            let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : 2
            guard bytes.count >= length else { return final ? (nil, 1) : nil }
            let text = String(decoding: bytes.prefix(length), as: UTF8.self)
            guard let character = text.first, text.count == 1, character != "\u{FFFD}" else { return (nil, 1) }
            return (.character(character), length)
        }
    }

    private static func escape(_ bytes: ArraySlice<UInt8>, final: Bool) -> (ScreenKey?, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return final ? (.escape, 1) : nil }
        let second = bytes[start + 1]
        if second == 0x4F {  // ESC O A: cursor keys in application mode
            guard bytes.count >= 3 else { return final ? (.escape, 1) : nil }
            return (cursor(bytes[start + 2]), 3)
        }
        guard second == 0x5B else { return (.escape, 1) }  // ESC then another key: Escape, then that key
        // CSI: parameters (0x30-0x3F), then a final byte (0x40-0x7E).
        var index = start + 2
        while index < bytes.endIndex, (0x30...0x3F).contains(bytes[index]) { index += 1 }
        guard index < bytes.endIndex else { return final ? (nil, bytes.count) : nil }
        let finalByte = bytes[index]
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        let length = index - start + 1
        if parameters.hasPrefix("<"), finalByte == 0x4D || finalByte == 0x6D {
            return (mouse(parameters.dropFirst(), pressed: finalByte == 0x4D), length)
        }
        switch finalByte {
        case 0x41...0x44, 0x48, 0x46: return (cursor(finalByte), length)
        case 0x7E:
            switch parameters {
            case "5": return (.pageUp, length)
            case "6": return (.pageDown, length)
            case "1", "7": return (.home, length)
            case "4", "8": return (.end, length)
            default: return (nil, length)
            }
        default: return (nil, length)
        }
    }

    private static func cursor(_ byte: UInt8) -> ScreenKey? {
        switch byte {
        case 0x41: .up
        case 0x42: .down
        case 0x43: .right
        case 0x44: .left
        case 0x48: .home
        case 0x46: .end
        default: nil
        }
    }

    /// SGR mouse: `b;x;y`, columns and rows from 1; b 64/65 the wheel, 0 the left button, +32 while moving.
    private static func mouse(_ parameters: Substring, pressed: Bool) -> ScreenKey? {
        let fields = parameters.split(separator: ";").compactMap { Int($0) }
        guard fields.count == 3 else { return nil }
        let (button, column, row) = (fields[0], max(0, fields[1] - 1), max(0, fields[2] - 1))
        switch (button & ~(4 | 8 | 16), pressed) {
        case (64, true): return .wheelUp(column: column, row: row)
        case (65, true): return .wheelDown(column: column, row: row)
        case (0, true): return .press(column: column, row: row)
        case (32, true): return .drag(column: column, row: row)
        case (0, false), (3, false): return .release(column: column, row: row)
        default: return nil
        }
    }
}
