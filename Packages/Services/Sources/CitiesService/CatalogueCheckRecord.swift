import CoreKit
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What tells one file's bytes from another's without reading them: the device and inode it is, its size, and the
/// times it was last modified and last changed. Any write to a file changes its change time (`st_ctime`), which no
/// program can set back; a file replaced by rename is another inode.
struct FileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var changed: Int64

    /// Of an open descriptor; nil when `fstat` fails.
    init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        // Bit patterns, wrapping: a time after 2262 (`touch -d 2300-01-01`) or a negative device number must not
        // trap; the value is only ever compared.
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
        size = Int64(truncatingIfNeeded: status.st_size)
        #if canImport(Darwin)
            modified = Self.nanoseconds(status.st_mtimespec)
            changed = Self.nanoseconds(status.st_ctimespec)
        #else
            modified = Self.nanoseconds(status.st_mtim)
            changed = Self.nanoseconds(status.st_ctim)
        #endif
    }

    /// Of the file at `path`; nil when it cannot be opened.
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        self.init(descriptor: descriptor)
    }

    init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    var line: String { "\(device) \(inode) \(size) \(modified) \(changed)" }

    static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(truncatingIfNeeded: time.tv_sec) &* 1_000_000_000 &+ Int64(truncatingIfNeeded: time.tv_nsec)
    }
}

/// The record, in the data directory, of the built-in catalogue last checked whole (issue 30): which file (its
/// `FileIdentity`), by which format and which checks. Opening a catalogue checks every row, offset and key order so
/// that no damaged file can make a search read outside it; that pass touches every page of the file and was most of a
/// one-shot command's time. The built-in catalogue is installed once and only ever replaced whole, so it is checked
/// the first time a data directory meets it, and opened unchecked after that while it is the same file. A catalogue
/// written in place since (any byte: its change time moves), replaced, or met by other checks is checked again.
///
/// Only a mapped catalogue is opened on the strength of the record (see `CatalogueFile`); the record is a hint that
/// is written aside and renamed into place, and a record that cannot be read or written only means checking again.
struct CatalogueCheckRecord: Sendable {
    /// Changed whenever `CityCatalogue`'s checks change, so that a file checked by fewer checks is checked again.
    static let checks = 1
    let path: String

    init(directory: URL) {
        path = FilePaths.join(directory.path, "cities.checked")
    }

    private func line(for identity: FileIdentity) -> String {
        "SkyLens catalogue checked: format \(CatalogueFormat.version), checks \(Self.checks), file \(identity.line)\n"
    }

    /// True when `identity` is the file last checked whole, with today's format and checks.
    func holds(_ identity: FileIdentity) -> Bool {
        guard let data = try? RegularFile.read(path, limit: 256), data.count < 256 else { return false }
        return String(decoding: data, as: UTF8.self) == line(for: identity)
    }

    /// Records `identity` as checked: written aside, then renamed over the record (never a half-written one); not at
    /// all when the data directory does not exist or cannot be written.
    func record(_ identity: FileIdentity) {
        let directory = FilePaths.parent(of: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
        else { return }
        let aside = path + ".\(getpid()).new"
        guard FileManager.default.createFile(atPath: aside, contents: Data(line(for: identity).utf8)) else { return }
        if rename(aside, path) != 0 { unlink(aside) }
    }
}
