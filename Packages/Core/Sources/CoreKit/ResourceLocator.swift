import Foundation

/// Finds a file of a SwiftPM resource bundle (`Package_Target.resources`) beside the running executable, and
/// answers nil when it is not there, where the generated `Bundle.module` would stop the program.
public enum ResourceLocator {
    public static func url(bundle: String, file: String) -> URL? {
        // Beside the executable first: on Linux found without `Bundle.main`, whose making lists the executable's
        // folder twice (a fifth of a millisecond of every start, issue 30); Foundation's places after it.
        func find(in directories: [URL]) -> URL? {
            for directory in directories {
                let candidate = directory.appendingPathComponent("\(bundle).resources").appendingPathComponent(file)
                if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            }
            return nil
        }
        return find(in: besideExecutable) ?? find(in: bundleDirectories)
    }

    /// The folder of the running executable, its links resolved (`/proc/self/exe`, Linux); empty elsewhere.
    private static let besideExecutable: [URL] = {
        #if os(Linux)
            guard let path = realpath("/proc/self/exe", nil) else { return [] }
            defer { free(path) }
            return [URL(fileURLWithPath: String(cString: path)).deletingLastPathComponent()]
        #else
            return []
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
