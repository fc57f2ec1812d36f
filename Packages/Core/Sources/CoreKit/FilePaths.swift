/// Paths joined and taken apart as `NSString`'s path methods do it, in the standard library: the App's own files are
/// named on the path of every one-shot command, where Foundation's string bridge costs a tenth of a millisecond the
/// first time (issue 30), and Foundation 6.3's `deletingLastPathComponent` stops the process on some paths (`a`,
/// `a//é`). Checked against POSIX's `dirname` for random paths (`FilePathsTests`).
public enum FilePaths {
    /// `name` inside `directory`: what `appendingPathComponent` gives (one slash between, none doubled, none at the
    /// end).
    public static func join(_ directory: String, _ name: String) -> String {
        let joined = directory.isEmpty ? name : directory + "/" + name
        return tidied(joined)
    }

    /// The folder `path` is in: what `deletingLastPathComponent` gives (`/` for a path at the root, empty for a
    /// single name).
    public static func parent(of path: String) -> String {
        let path = tidied(path)
        guard path != "/" else { return "/" }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// The last part of `path`: what `lastPathComponent` gives.
    public static func lastComponent(of path: String) -> String {
        let path = tidied(path)
        guard path != "/" else { return "/" }
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Doubled slashes made single and a slash at the end removed (not the root's).
    private static func tidied(_ path: String) -> String {
        guard path.contains("/") else { return path }
        var result = ""
        result.reserveCapacity(path.utf8.count)
        var previousWasSlash = false
        for character in path {
            if character == "/" {
                if previousWasSlash { continue }
                previousWasSlash = true
            } else {
                previousWasSlash = false
            }
            result.append(character)
        }
        if result.utf8.count > 1, result.hasSuffix("/") { result.removeLast() }
        return result
    }
}
