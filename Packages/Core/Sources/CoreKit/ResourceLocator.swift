import Foundation

/// Finds a file of a SwiftPM resource bundle (`Package_Target.resources`) beside the running executable, and
/// answers nil when it is not there, where the generated `Bundle.module` would stop the program.
public enum ResourceLocator {
    public static func url(bundle: String, file: String) -> URL? {
        // Beside the executable first: on Linux found without `Bundle.main`, whose making lists the executable's
        // folder twice (a fifth of a millisecond of every start, issue 30); Foundation's places after it.
        // Paths as text here: Foundation's first `appendingPathComponent` or `path` of a process costs a scan of every
        // protocol conformance, on every command's path (issue 30).
        if let directory = besideExecutable {
            let candidate = FilePaths.join(FilePaths.join(directory, "\(bundle).resources"), file)
            if FileKind.at(candidate) != .missing { return URL(fileURLWithPath: candidate) }
        }
        for directory in bundleDirectories {
            let candidate = directory.appendingPathComponent("\(bundle).resources").appendingPathComponent(file)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The folder of the running executable, its links resolved (`/proc/self/exe`, Linux); nil elsewhere.
    private static let besideExecutable: String? = {
        #if os(Linux)
            guard let path = realpath("/proc/self/exe", nil) else { return nil }
            defer { free(path) }
            return FilePaths.parent(of: String(cString: path))
        #else
            return nil
        #endif
    }()

    /// Where Foundation's bundle says resources are: made on first use only (a static `let` is), that is when a
    /// resource is not beside the executable (resolving the executable's links is a system call a component).
    private static let bundleDirectories: [URL] = {
        var directories: [URL] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            directories.append(executable.deletingLastPathComponent())
        }
        directories.append(Bundle.main.bundleURL)
        directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
        if let resources = Bundle.main.resourceURL { directories.append(resources) }
        return directories
    }()
}
