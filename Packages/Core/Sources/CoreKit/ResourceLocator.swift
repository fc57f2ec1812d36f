import Foundation

/// Finds a file of a SwiftPM resource bundle (`Package_Target.resources`) beside the running executable, and
/// answers nil when it is not there, where the generated `Bundle.module` would stop the program.
public enum ResourceLocator {
    public static func url(bundle: String, file: String) -> URL? {
        for directory in directories {
            let candidate = directory.appendingPathComponent("\(bundle).resources").appendingPathComponent(file)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Where bundles are looked for, found once (resolving the executable's links is a system call a component): a
    /// one-shot command asks for a dozen resources.
    private static let directories: [URL] = {
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
