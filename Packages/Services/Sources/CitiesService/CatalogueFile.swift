import CoreKit
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A catalogue file read whole into memory of its own.
///
/// Not mapped: a mapped file that another program truncates in place while the App runs (an editor, `: > file`, a
/// half-finished copy) kills the App with SIGBUS at the next touch of a page that is gone. Read, the bytes are the
/// App's, whatever happens to the file; the cost is one read of ~13 MB at the first city command (see
/// `docs/benchmarks.md`). Only a plain file is opened (see `RegularFile`).
///
/// `@unchecked Sendable`: the buffer is written once, in `init`, and only read after; it lives until `deinit`.
final class CatalogueFile: @unchecked Sendable {
    /// Larger than any city list (the built-in one is 13 MB): a bound on what a damaged file can make the App allocate.
    static let sizeLimit = 1 << 30

    let bytes: UnsafeRawBufferPointer

    init(path: String) throws(CatalogueError) {
        let opened: (descriptor: Int32, size: Int)?
        do { opened = try RegularFile.open(path, limit: Self.sizeLimit) } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        guard let (descriptor, size) = opened else {
            throw .unreadable(path: path, reason: String(cString: strerror(ENOENT)))
        }
        defer { close(descriptor) }
        guard size > 0 else { throw .corrupt(path: path, reason: "the file is empty") }
        // Aligned for the widest column (the format aligns every section to 8 bytes).
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        let count: Int
        do { count = try RegularFile.readFully(descriptor, into: buffer, path: path) } catch {
            buffer.deallocate()
            throw .unreadable(path: path, reason: error.reason)
        }
        guard count == size else {
            buffer.deallocate()
            throw .corrupt(path: path, reason: "it grew shorter while it was being read")
        }
        bytes = UnsafeRawBufferPointer(buffer)
    }

    deinit {
        bytes.deallocate()
    }
}
