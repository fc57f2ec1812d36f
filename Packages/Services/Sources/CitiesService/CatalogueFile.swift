import CoreKit
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A catalogue file, in one of two ways (issue 30):
///
/// - **Mapped** (`mapped: true`, the built-in catalogue): read-only, private, so that a command touches only the pages
///   it reads and the kernel shares them with every other SkyLens running — no copy, no memory of our own. The
///   built-in catalogue lives where SkyLens is installed and is only ever replaced whole: by rename or unlink (dpkg,
///   `make install`'s `rm -rf` before it copies), which leaves the inode of the mapped file alive for a running App.
///   Truncating it in place would kill a running App with SIGBUS; nothing SkyLens or a package manager does, does.
/// - **Read** (the catalogue a user imported from `SKYLENS_CITIES_URL`, in the data directory, where an editor or
///   `: > file` may cut it in place while the App runs — issue 8): into memory of its own, everything but the other
///   names when it is opened, the other names the first time they are asked for, from the descriptor kept open, so
///   that a catalogue replaced meanwhile still gives the bytes of the one opened; a read that comes up short is an
///   error, not a crash.
///
/// Only a plain file is opened (see `RegularFile`).
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
    /// True when `bytes` is the whole file mapped (unmapped with the file, never freed).
    let mapped: Bool
    /// Which file this is, as it was opened (nil when `fstat` failed: then never taken as checked before).
    let identity: FileIdentity?

    /// - Parameter eagerLength: given the first bytes of the file (up to 4 KiB) and its size, how many bytes to read
    ///   now; the rest is read by `read(_:)` when asked for.
    /// - Parameter mapped: map the whole file read-only (a file only ever replaced whole: the built-in catalogue).
    init(
        path: String, mapped: Bool = false, eagerLength: (UnsafeRawBufferPointer, Int) -> Int = { $1 }
    )
        throws(CatalogueError)
    {
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
        // A file system that cannot map it (some network and FUSE ones): read, as any other file is.
        if mapped, let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED {
            self.bytes = UnsafeRawBufferPointer(start: address, count: size)
            self.size = size
            self.descriptor = descriptor
            self.path = path
            self.mapped = true
            self.identity = FileIdentity(descriptor: descriptor)
            return
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
        self.mapped = false
        self.identity = FileIdentity(descriptor: descriptor)
    }

    /// The bytes of `range` of the file (as it was opened), read now into a buffer that lives as long as this file;
    /// nil when the file no longer has them (truncated in place).
    func read(_ range: Range<Int>) -> UnsafeRawBufferPointer? {
        guard range.lowerBound >= 0, range.upperBound <= size else { return nil }
        if mapped { return UnsafeRawBufferPointer(rebasing: bytes[range]) }
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

    /// Mapped: searches read scattered pages from now on: no read-ahead, and no neighbouring pages mapped in with
    /// each one read (they would count in the App's memory without being used). Left to the kernel's default while
    /// the file is opened, so that checking it whole reads ahead.
    func readScattered() {
        guard mapped, let base = bytes.baseAddress else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base), size, MADV_RANDOM)
    }

    /// Mapped: lets go of the pages read so far (they are the file's, in the page cache; a later read maps them
    /// again), so that a check that reads the whole file does not count all of it in the App's memory at once.
    /// Nothing when read (those bytes are the App's own).
    func forgetPages() {
        guard mapped, let base = bytes.baseAddress else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base), size, MADV_DONTNEED)
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
        if mapped {
            munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), size)
        } else {
            bytes.deallocate()
        }
        for address in later.withLock({ $0 }) { UnsafeMutableRawPointer(bitPattern: address)?.deallocate() }
        close(descriptor)
    }
}

/// The other names of a catalogue (see `CatalogueFormat.Section.aliasFoldStarts`), as search needs them: folded
/// and sorted, and the row each names. Checked when made, so that reading it never goes outside its buffers.
///
/// `@unchecked Sendable`: the pointers point into a `CatalogueFile`'s buffers, never written after they are read, and
/// the table is used only while its catalogue lives.
struct OtherNameTable: @unchecked Sendable {
    let foldStarts: UnsafePointer<UInt32>
    let folded: UnsafePointer<UInt8>
    let rows: UnsafePointer<UInt32>
    /// Each one's kind (`OtherNameKind`); nil for an empty table (or one read without its kinds: every one a name).
    let kinds: UnsafePointer<UInt8>?
    let count: Int
    /// Where the names starting with each first byte and pair of bytes begin (`CityCatalogue.prefixKey`), as for
    /// the names: a lookup narrows to a few entries before any binary search.
    let pairStarts: PairStarts

    /// No other names (a list without them, or a file that no longer has them): nothing is ever read through it.
    static let empty = OtherNameTable()

    private init() {
        let nowhere = UnsafeRawPointer(bitPattern: 16)!
        foldStarts = nowhere.assumingMemoryBound(to: UInt32.self)
        folded = nowhere.assumingMemoryBound(to: UInt8.self)
        rows = nowhere.assumingMemoryBound(to: UInt32.self)
        kinds = nil
        count = 0
        pairStarts = PairStarts(
            lookingUp: SortedKeys(
                starts: nowhere.assumingMemoryBound(to: UInt32.self),
                bytes: nowhere.assumingMemoryBound(to: UInt8.self),
                count: 0))
    }

    /// Nil when the sections do not agree: offsets outside the blob or going back, rows that are no place. `check`
    /// false (a catalogue checked whole before, see `CatalogueCheckRecord`): only the sizes and the last offset are
    /// checked, not every entry.
    init?(
        foldStarts: UnsafeRawBufferPointer, folded: UnsafeRawBufferPointer, rows: UnsafeRawBufferPointer,
        kinds: UnsafeRawBufferPointer? = nil, placeCount: Int, check: Bool = true
    ) {
        let count = rows.count / 4
        guard rows.count % 4 == 0, foldStarts.count == (count + 1) * 4, let foldBase = foldStarts.baseAddress
        else { return nil }
        let nowhere = UnsafeRawPointer(bitPattern: 16)!
        self.foldStarts = foldBase.assumingMemoryBound(to: UInt32.self)
        self.folded = (folded.baseAddress ?? nowhere).assumingMemoryBound(to: UInt8.self)
        self.rows = (rows.baseAddress ?? nowhere).assumingMemoryBound(to: UInt32.self)
        if let kinds {
            // Format 5 has a kind for every other name: a section of another size is damage.
            guard kinds.count == count else { return nil }
            self.kinds = kinds.baseAddress?.assumingMemoryBound(to: UInt8.self)
        } else {
            self.kinds = nil
        }
        self.count = count
        guard self.foldStarts[0] == 0, Int(self.foldStarts[count]) <= folded.count else { return nil }
        let keys = SortedKeys(starts: self.foldStarts, bytes: self.folded, count: count)
        guard check else {
            pairStarts = PairStarts(lookingUp: keys)
            return
        }
        for index in 0..<count {
            guard self.foldStarts[index] <= self.foldStarts[index + 1], Int(self.rows[index]) < placeCount
            else { return nil }
        }
        // Out of order: a damaged file, whose binary searches could not be trusted.
        guard let pairs = PairStarts(checking: keys) else { return nil }
        pairStarts = pairs
    }

    /// The entries that can start with `prefix`: exact for one or two bytes.
    @inline(__always)
    func candidates(_ prefix: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        pairStarts.range(prefix)
    }

    @inline(__always) func foldedLength(_ index: Int) -> Int { Int(foldStarts[index + 1] - foldStarts[index]) }
    @inline(__always) func row(_ index: Int) -> Int { Int(rows[index]) }
    func kind(_ index: Int) -> OtherNameKind { kinds.flatMap { OtherNameKind(rawValue: $0[index]) } ?? .name }
}

/// What another name of a place is: how a resolver weighs a match of it.
public enum OtherNameKind: UInt8, Sendable, Equatable {
    /// Another language's or an old name (`Cologne`, `Bombay`, `Peking`).
    case name = 0
    /// A code people write (`NYC`, `YYZ`, `LA`).
    case code = 1
    /// The IATA code of an airport that serves the place (`MAD`), said with the airport's name.
    case airport = 2
}

/// The other names as written (for "(NYC)"), read apart from `OtherNameTable`: only when one is shown.
///
/// `@unchecked Sendable`: as `OtherNameTable`.
struct OtherNameTexts: @unchecked Sendable {
    let starts: UnsafePointer<UInt32>
    let names: UnsafePointer<UInt8>
    let count: Int

    static let empty = OtherNameTexts()

    private init() {
        let nowhere = UnsafeRawPointer(bitPattern: 16)!
        starts = nowhere.assumingMemoryBound(to: UInt32.self)
        names = nowhere.assumingMemoryBound(to: UInt8.self)
        count = 0
    }

    init?(starts: UnsafeRawBufferPointer, names: UnsafeRawBufferPointer, count: Int, check: Bool = true) {
        guard starts.count == (count + 1) * 4, let base = starts.baseAddress else { return nil }
        self.starts = base.assumingMemoryBound(to: UInt32.self)
        self.names = (names.baseAddress ?? UnsafeRawPointer(bitPattern: 16)!).assumingMemoryBound(to: UInt8.self)
        self.count = count
        guard self.starts[0] == 0, Int(self.starts[count]) <= names.count else { return nil }
        guard check else { return }
        for index in 0..<count where self.starts[index] > self.starts[index + 1] { return nil }
    }

    /// Nil for an index it does not have (the file gave no texts).
    func name(_ index: Int) -> String? {
        guard index >= 0, index < count else { return nil }
        let start = Int(starts[index]), end = Int(starts[index + 1])
        return String(decoding: UnsafeBufferPointer(start: names + start, count: end - start), as: UTF8.self)
    }
}

/// Every folded name and other name written backwards, sorted, and what each is (a row, or
/// `CatalogueFormat.reversedOtherName` | an other name's index): for suggestions. Checked when made.
///
/// `@unchecked Sendable`: as `OtherNameTable`.
struct ReversedKeys: @unchecked Sendable {
    let keys: SortedKeys
    let targets: UnsafePointer<UInt32>

    static let empty = ReversedKeys()

    private init() {
        let nowhere = UnsafeRawPointer(bitPattern: 16)!
        keys = SortedKeys(
            starts: nowhere.assumingMemoryBound(to: UInt32.self), bytes: nowhere.assumingMemoryBound(to: UInt8.self),
            count: 0)
        targets = nowhere.assumingMemoryBound(to: UInt32.self)
    }

    init?(
        starts: UnsafeRawBufferPointer, bytes: UnsafeRawBufferPointer, targets: UnsafeRawBufferPointer,
        placeCount: Int, otherNameCount: Int
    ) {
        let count = targets.count / 4
        guard targets.count % 4 == 0, starts.count == (count + 1) * 4, let startBase = starts.baseAddress,
            let targetBase = targets.baseAddress ?? (count == 0 ? UnsafeRawPointer(bitPattern: 16) : nil)
        else { return nil }
        let startPointer = startBase.assumingMemoryBound(to: UInt32.self)
        let targetPointer = targetBase.assumingMemoryBound(to: UInt32.self)
        guard startPointer[0] == 0, Int(startPointer[count]) <= bytes.count else { return nil }
        for index in 0..<count {
            let target = targetPointer[index]
            let valid =
                target & CatalogueFormat.reversedOtherName != 0
                ? Int(target & ~CatalogueFormat.reversedOtherName) < otherNameCount : Int(target) < placeCount
            guard startPointer[index] <= startPointer[index + 1], valid else { return nil }
        }
        var keys = SortedKeys(
            starts: startPointer,
            bytes: (bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 16)!).assumingMemoryBound(to: UInt8.self),
            count: count)
        // Out of order (a damaged file): no table, and no trust in the order either. (Checked whenever read, also in
        // a catalogue checked before: only a typo's suggestions read them, and they read all of them.)
        guard let pairs = keys.pairTable() else { return nil }
        keys.pairs = pairs
        self.keys = keys
        self.targets = targetPointer
    }
}
