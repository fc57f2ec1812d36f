import Architecture
import CommandShell

// The full-screen map's key reader on arbitrary terminal bytes, fed in the pieces the input gives (split at a point
// the input chooses, then the rest, then the end): never traps, never keeps more than it must, and reads the same
// keys however the bytes were split, as a terminal's reads may split them anywhere.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let input = Array(bytes.dropFirst())
    var whole = ScreenKeyParser()
    let once = whole.keys(input, final: true)
    var pieces = ScreenKeyParser()
    let cut = input.isEmpty ? 0 : Int(first) % (input.count + 1)
    let split = pieces.keys(Array(input[..<cut])) + pieces.keys(Array(input[cut...])) + pieces.keys([], final: true)
    precondition(once.count <= input.count, "more keys than bytes")
    // A lone ESC at the end of the first piece waits for the rest; unless the input overflows the 64 bytes kept
    // pending, the two readings agree.
    if input.count <= 64 {
        precondition(once == split, "the keys depend on how the bytes were split: \(once) vs \(split)")
    }
    return 0
}
