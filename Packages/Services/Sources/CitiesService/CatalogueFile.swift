import CoreKit
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A catalogue file read into memory of its own: everything but the other names when it is opened, the other names
/// (a third of the file, and only some searches need them) the first time they are asked for, from the descriptor
/// kept open, so that a catalogue replaced meanwhile (renamed over) still gives the bytes of the one opened.
///
/// Not mapped: a mapped file that another program truncates in place while the App runs (an editor, `: > file`, a
/// half-finished copy) kills the App with SIGBUS at the next touch of a page that is gone. Read, the bytes are the
/// App's, whatever happens to the file; a read that comes up short is an error, not a crash. The cost is one read of
/// ~13 MB at the first city command, and ~21 MB more at the first search of another name (see
/// `docs/benchmarks.md`). Only a plain file is opened (see `RegularFile`).
///
/// `@unchecked Sendable`: the buffers are written once, before they are handed out, and only read after; they live
/// until `deinit`; `later` is behind a lock.
final class CatalogueFile: @unchecked Sendable {
    /// Larger than any city list (the built-in one is 34 MB): a bound on what a damaged file can make the App
    /// allocate.
    static let sizeLimit = 1 << 30

    /// The file from its start up to `eagerLength`.
    let bytes: UnsafeRawBufferPointer
    /// The whole file's size, when it was opened.
    let size: Int
    private let descriptor: Int32
    private let path: String
    /// The buffers read later (their addresses), freed with the file.
    private let later = Mutex<[UInt]>([])

    /// - Parameter eagerLength: given the first bytes of the file (up to 4 KiB) and its size, how many bytes to read
    ///   now; the rest is read by `read(_:)` when asked for.
    init(path: String, eagerLength: (UnsafeRawBufferPointer, Int) -> Int = { $1 }) throws(CatalogueError) {
        let opened: (descriptor: Int32, size: Int)?
        do { opened = try RegularFile.open(path, limit: Self.sizeLimit) } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        guard let (descriptor, size) = opened else {
            throw .unreadable(path: path, reason: String(cString: strerror(ENOENT)))
        }
        guard size > 0 else {
            close(descriptor)
            throw .corrupt(path: path, reason: "the file is empty")
        }
        let head = UnsafeMutableRawBufferPointer.allocate(byteCount: min(size, 4_096), alignment: 16)
        defer { head.deallocate() }
        let headCount = Self.pread(descriptor, into: head, at: 0)
        let wanted = headCount == head.count ? eagerLength(UnsafeRawBufferPointer(head), size) : size
        let eager = min(size, max(headCount, wanted))
        // Aligned for the widest column (the format aligns every section to 8 bytes).
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: eager, alignment: 16)
        guard Self.pread(descriptor, into: buffer, at: 0) == eager else {
            buffer.deallocate()
            close(descriptor)
            throw .corrupt(path: path, reason: "it grew shorter while it was being read")
        }
        self.bytes = UnsafeRawBufferPointer(buffer)
        self.size = size
        self.descriptor = descriptor
        self.path = path
    }

    /// The bytes of `range` of the file (as it was opened), read now into a buffer that lives as long as this file;
    /// nil when the file no longer has them (truncated in place).
    func read(_ range: Range<Int>) -> UnsafeRawBufferPointer? {
        guard range.lowerBound >= 0, range.upperBound <= size else { return nil }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, range.count), alignment: 16)
        guard
            Self.pread(
                descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<range.count]), at: range.lowerBound
            ) == range.count
        else {
            buffer.deallocate()
            return nil
        }
        let address = UInt(bitPattern: buffer.baseAddress)
        later.withLock { $0.append(address) }
        return UnsafeRawBufferPointer(rebasing: buffer[0..<range.count])
    }

    /// Reads until `buffer` is full or the file ends; the count read.
    private static func pread(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var done = 0
        while done < buffer.count {
            #if canImport(Glibc)
                let count = Glibc.pread(descriptor, base + done, buffer.count - done, off_t(offset + done))
            #else
                let count = Darwin.pread(descriptor, base + done, buffer.count - done, off_t(offset + done))
            #endif
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { break }
            done += count
        }
        return done
    }

    deinit {
        bytes.deallocate()
        for address in later.withLock({ $0 }) { UnsafeMutableRawPointer(bitPattern: address)?.deallocate() }
        close(descriptor)
    }
}

/// The other names of a catalogue (see `CatalogueFormat.Section.aliasFoldStarts`): folded and sorted, as written,
/// and the row each names. Checked when made, so that reading it never goes outside its buffers.
///
/// `@unchecked Sendable`: the pointers point into a `CatalogueFile`'s buffers, never written after they are read, and
/// the table is used only while its catalogue lives.
struct OtherNameTable: @unchecked Sendable {
    let foldStarts: UnsafePointer<UInt32>
    let folded: UnsafePointer<UInt8>
    let nameStarts: UnsafePointer<UInt32>
    let names: UnsafePointer<UInt8>
    let rows: UnsafePointer<UInt32>
    let count: Int

    /// No other names (a list without them, or a file that no longer has them): nothing is ever read through it.
    static let empty = OtherNameTable()

    private init() {
        let nowhere = UnsafeRawPointer(bitPattern: 16)!
        foldStarts = nowhere.assumingMemoryBound(to: UInt32.self)
        folded = nowhere.assumingMemoryBound(to: UInt8.self)
        nameStarts = nowhere.assumingMemoryBound(to: UInt32.self)
        names = nowhere.assumingMemoryBound(to: UInt8.self)
        rows = nowhere.assumingMemoryBound(to: UInt32.self)
        count = 0
    }

    /// Nil when the sections do not agree: offsets outside their blobs or going back, rows that are no place.
    init?(
        foldStarts: UnsafeRawBufferPointer, folded: UnsafeRawBufferPointer, nameStarts: UnsafeRawBufferPointer,
        names: UnsafeRawBufferPointer, rows: UnsafeRawBufferPointer, placeCount: Int
    ) {
        let count = rows.count / 4
        guard rows.count % 4 == 0, foldStarts.count == (count + 1) * 4, nameStarts.count == (count + 1) * 4,
            let foldBase = foldStarts.baseAddress, let nameBase = nameStarts.baseAddress
        else { return nil }
        let nowhere = UnsafeRawPointer(bitPattern: 16)!
        self.foldStarts = foldBase.assumingMemoryBound(to: UInt32.self)
        self.nameStarts = nameBase.assumingMemoryBound(to: UInt32.self)
        self.folded = (folded.baseAddress ?? nowhere).assumingMemoryBound(to: UInt8.self)
        self.names = (names.baseAddress ?? nowhere).assumingMemoryBound(to: UInt8.self)
        self.rows = (rows.baseAddress ?? nowhere).assumingMemoryBound(to: UInt32.self)
        self.count = count
        guard self.foldStarts[0] == 0, self.nameStarts[0] == 0, Int(self.foldStarts[count]) <= folded.count,
            Int(self.nameStarts[count]) <= names.count
        else { return nil }
        for index in 0..<count {
            guard self.foldStarts[index] <= self.foldStarts[index + 1],
                self.nameStarts[index] <= self.nameStarts[index + 1], Int(self.rows[index]) < placeCount
            else { return nil }
        }
    }

    @inline(__always) func foldedLength(_ index: Int) -> Int { Int(foldStarts[index + 1] - foldStarts[index]) }
    @inline(__always) func row(_ index: Int) -> Int { Int(rows[index]) }

    func name(_ index: Int) -> String {
        let start = Int(nameStarts[index]), end = Int(nameStarts[index + 1])
        return String(decoding: UnsafeBufferPointer(start: names + start, count: end - start), as: UTF8.self)
    }
}
