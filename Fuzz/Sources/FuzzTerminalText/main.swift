import CoreKit

// The terminal-text sanitiser: whatever goes in, nothing that moves the cursor or retitles a window comes out.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let text = String(decoding: bytes, as: UTF8.self)
    for allowNewlines in [false, true] {
        let safe = TerminalText.sanitize(text, allowNewlines: allowNewlines)
        for scalar in safe.unicodeScalars {
            let value = scalar.value
            precondition(!(value < 0x20 && !(allowNewlines && value == 0x0A)), "a C0 control survived")
            precondition(!(0x7F...0x9F).contains(value), "DEL or a C1 control survived")
            precondition(
                !(0x202A...0x202E).contains(value) && !(0x2066...0x2069).contains(value), "a bidi override survived")
        }
        precondition(TerminalText.isClean(safe, allowNewlines: allowNewlines), "sanitised text is not clean")
        precondition(TerminalText.sanitize(safe, allowNewlines: allowNewlines) == safe, "sanitising is not idempotent")
    }
    let columns = Int(bytes.first ?? 0) % 50
    let fitted = DisplayWidth.fit(TerminalText.sanitize(text), to: columns)
    precondition(DisplayWidth.columns(of: fitted) == columns || columns == 0, "fit missed its width")
    return 0
}
