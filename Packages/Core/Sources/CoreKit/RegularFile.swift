import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What is at a path, found without opening it: the App's files (the store, the catalogue, the history, a list of
/// places) are opened only when they are plain files, so a named pipe or a device put where one belongs can never
/// make the App wait for a writer that does not come, or read without end.
public enum FileKind: Sendable, Equatable {
    case missing
    case regular(size: Int)
    case directory
    /// Anything else (a named pipe, a socket, a device), in words: "a named pipe (FIFO)".
    case other(String)

    /// What is at `path`, following symbolic links (a link to a plain file is a plain file); a link that leads
    /// nowhere is `.missing`.
    public static func at(_ path: String) -> FileKind {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return .missing }
            return .other("unreachable (\(String(cString: strerror(errno))))")
        }
        return kind(of: info)
    }

    static func kind(of info: stat) -> FileKind {
        switch info.st_mode & S_IFMT {
        case S_IFREG: .regular(size: Int(info.st_size))
        case S_IFDIR: .directory
        case S_IFIFO: .other("a named pipe (FIFO)")
        case S_IFSOCK: .other("a socket")
        case S_IFCHR: .other("a character device")
        case S_IFBLK: .other("a block device")
        default: .other("not a plain file")
        }
    }

    /// "a folder", "a named pipe (FIFO)", "a file": for messages.
    public var description: String {
        switch self {
        case .missing: "missing"
        case .regular: "a file"
        case .directory: "a folder"
        case .other(let words): words
        }
    }

    /// The same, to be said in the user's language (`words(kind.sentence)`).
    public var sentence: Sentence {
        switch self {
        case .missing: Sentence("missing", table: .core)
        case .regular: Sentence("a file", table: .core)
        case .directory: Sentence("a folder", table: .core)
        case .other("a named pipe (FIFO)"): Sentence("a named pipe (FIFO)", table: .core)
        case .other("a socket"): Sentence("a socket", table: .core)
        case .other("a character device"): Sentence("a character device", table: .core)
        case .other("a block device"): Sentence("a block device", table: .core)
        case .other("not a plain file"): Sentence("not a plain file", table: .core)
        case .other(let words): .verbatim(words)
        }
    }

    public var isRegular: Bool {
        if case .regular = self { return true }
        return false
    }
}

/// Why a file could not be read as a plain file.
public enum FileReadError: Error, Equatable, Sendable {
    /// Something other than a plain file is at the path.
    case notAFile(path: String, kind: String)
    case tooLarge(path: String, size: Int, limit: Int)
    case unreadable(path: String, reason: String)
    /// The file grew shorter while it was read (truncated in place by another program).
    case changed(path: String)

    public var reason: String {
        switch self {
        case .notAFile(_, let kind): "it is \(kind), not a file"
        case .tooLarge(_, let size, let limit): "it is \(size) bytes, more than the \(limit) allowed"
        case .unreadable(_, let reason): reason
        case .changed: "it changed while it was being read"
        }
    }
}

/// Reads plain files whole, checking what they are first (opened without waiting, then `fstat`ed, so a named pipe
/// is refused before any read) and never trusting their size to stay put.
public enum RegularFile {
    /// The file's bytes; nil when nothing is at the path.
    public static func read(_ path: String, limit: Int) throws(FileReadError) -> Data? {
        guard let (descriptor, size) = try open(path, limit: limit) else { return nil }
        defer { close(descriptor) }
        var data = Data(count: size)
        let count = data.withUnsafeMutableBytes { buffer in
            Result { () throws(FileReadError) in try readFully(descriptor, into: buffer, path: path) }
        }
        guard try count.get() == size else { throw .changed(path: path) }
        return data
    }

    /// Opens a plain file for reading: its descriptor (close it) and its size, or nil when nothing is at the path.
    public static func open(_ path: String, limit: Int) throws(FileReadError) -> (descriptor: Int32, size: Int)? {
        // O_NONBLOCK: opening a named pipe for reading would otherwise wait for a writer.
        let descriptor = Foundation.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .unreadable(path: path, reason: reason)
        }
        let kind = FileKind.kind(of: info)
        guard case .regular(let size) = kind else {
            close(descriptor)
            throw .notAFile(path: path, kind: kind.description)
        }
        guard size <= limit else {
            close(descriptor)
            throw .tooLarge(path: path, size: size, limit: limit)
        }
        return (descriptor, size)
    }

    /// Reads until the buffer is full or the file ends; returns how many bytes were read (fewer than the buffer
    /// holds when the file ended sooner).
    public static func readFully(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String
    ) throws(FileReadError) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var done = 0
        while done < buffer.count {
            let count = Foundation.read(descriptor, base + done, buffer.count - done)
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            done += count
        }
        return done
    }
}

extension FileKind {
    /// Renames what is at `path` to `<path>.<tag>-<unix time>` (another number added if that is taken), never
    /// opening or changing it: a file that is not what the App expects is kept for the user, out of the App's way.
    /// Returns the new path.
    public static func keepAside(_ path: String, tag: String, now: Date = Date()) throws(FileReadError) -> String {
        let stamp = Int(now.timeIntervalSince1970)
        var aside = "\(path).\(tag)-\(stamp)"
        var counter = 1
        while hasEntry(aside) {
            aside = "\(path).\(tag)-\(stamp)-\(counter)"
            counter += 1
        }
        guard rename(path, aside) == 0 else {
            throw .unreadable(path: path, reason: "it could not be moved aside (\(String(cString: strerror(errno))))")
        }
        return aside
    }

    /// Whether anything, even a link that leads nowhere, is at `path`.
    public static func hasEntry(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// When something other than a plain file is at `path` (a named pipe, a folder, a device), moves it aside with
    /// `keepAside` and says so in words for the user: "…/history was a named pipe (FIFO), not a history file; it was
    /// kept as …/history.not-a-history-1795…", or why it could not be moved. Nil when a plain file or nothing is
    /// there. `what` names what belongs at the path: "a history file".
    public static func setAsideUnlessPlain(_ path: String, tag: String, what: Sentence) -> SetAside? {
        let kind = at(path)
        guard kind != .missing, !kind.isRegular else { return nil }
        let safe = Sentence.Value.text(path.terminalSafe)
        do {
            let aside = try keepAside(path, tag: tag)
            return SetAside(
                moved: true,
                sentence: Sentence(
                    "%1$@ was %2$@, not %3$@; it was kept as %4$@", safe, .sentence(kind.sentence), .sentence(what),
                    .text(aside.terminalSafe), table: .core))
        } catch {
            return SetAside(
                moved: false,
                sentence: Sentence(
                    "%1$@ is %2$@, not %3$@, and %4$@", safe, .sentence(kind.sentence), .sentence(what),
                    .text(error.reason), table: .core))
        }
    }

    /// What `setAsideUnlessPlain` did: whether the path is free now, and the words for the user (without a full
    /// stop, for the caller to go on).
    public struct SetAside: Sendable, Equatable {
        public var moved: Bool
        public var sentence: Sentence
        /// In English (logs, tests).
        public var message: String { sentence.english }
    }
}
