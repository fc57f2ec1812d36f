import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file mapped read-only into memory. The pages load as they are touched, so opening costs nothing.
///
/// `@unchecked Sendable`: the mapping is read-only (`PROT_READ`, `MAP_PRIVATE`) and lives until `deinit`, so every
/// thread sees the same immutable bytes.
final class MappedFile: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer

    init(path: String) throws(CatalogueError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        let size = Int(info.st_size)
        guard size > 0 else { throw .corrupt(path: path, reason: "the file is empty") }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        bytes = UnsafeRawBufferPointer(start: address, count: size)
    }

    deinit {
        if let address = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: address), bytes.count) }
    }
}
