import CoreKit
import Foundation
import Testing

/// `FilePaths` against POSIX's `dirname` (glibc's), for absolute paths, which are what the App names (a
/// data directory is made absolute and standardized first). Not against `NSString`'s path methods, which it replaces
/// (issue 30): Foundation 6.3 stops the process on some paths (`("a" as NSString).deletingLastPathComponent`, `a//é`)
/// and keeps a doubled slash in some joins but not others.
@Suite struct FilePathsTests {
    @Test func asPOSIXSaysForAbsolutePaths() {
        var generator = SystemRandomNumberGenerator()
        let parts = ["a", "bc", "/", "//", ".", "..", "é", "x y", "skylens.sqlite"]
        var paths = ["/", "/a", "/a/", "/a/b", "/a/b/", "/tmp/ab/h_cur", "/.", "/..", "/é/x y", "/a//é"]
        for _ in 0..<5_000 {
            paths.append(
                "/"
                    + (0..<Int.random(in: 1...6, using: &generator)).map { _ in parts.randomElement(using: &generator)!
                    }
                    .joined())
        }
        // Not `//` alone (POSIX leaves it to the system, glibc keeps it).
        for path in paths where path != "//" {
            let parent = FilePaths.parent(of: path)
            #expect(parent == posix(path), "parent of \(path.debugDescription)")
            // The parent and the last part make the path again, its slashes tidied.
            let last = FilePaths.lastComponent(of: path)
            #expect(!last.contains("/") || path.allSatisfy { $0 == "/" }, "last of \(path.debugDescription)")
            let joined = FilePaths.join(path, "skylens.sqlite")
            #expect(FilePaths.parent(of: joined) == posix(path + "/x"), "\(path.debugDescription) + name")
            #expect(FilePaths.lastComponent(of: joined) == "skylens.sqlite")
            #expect(!joined.contains("//"))
            if parent != "/" || last != "/" {
                #expect(
                    FilePaths.join(parent, last) == FilePaths.join(path, "x").dropLast(2), "\(path.debugDescription)")
            }
        }
    }

    /// Relative paths: a single name has no folder (empty, as `NSString` says, where POSIX says `.`).
    @Test func relativePaths() {
        let cases: [(path: String, parent: String, last: String)] = [
            ("", "", ""), ("a", "", "a"), ("a/", "", "a"), ("é/", "", "é"), ("a/b", "a", "b"), ("a//b/", "a", "b"),
            ("a//é", "a", "é"), ("//é", "/", "é"), ("./x", ".", "x"),
        ]
        for (path, parent, last) in cases {
            #expect(FilePaths.parent(of: path) == parent, "parent of \(path.debugDescription)")
            #expect(FilePaths.lastComponent(of: path) == last, "last of \(path.debugDescription)")
        }
        #expect(FilePaths.join("", "a") == "a")
        #expect(FilePaths.join("a/", "/b") == "a/b")
        #expect(FilePaths.join("/", "skylens/config.yaml") == "/skylens/config.yaml")
        #expect(FilePaths.join("/home/x/", ".config/skylens/config.yaml") == "/home/x/.config/skylens/config.yaml")
    }

    /// POSIX's folder of `path`, its doubled slashes made single (`dirname` keeps those inside the path).
    private func posix(_ path: String) -> String {
        var bytes = Array(path.utf8CString)
        let folder = bytes.withUnsafeMutableBufferPointer { buffer in
            dirname(buffer.baseAddress).map { String(cString: $0) } ?? ""
        }
        return folder.split(separator: "/", omittingEmptySubsequences: true).reduce("") { $0 + "/" + $1 }.ifEmpty("/")
    }
}

extension String {
    fileprivate func ifEmpty(_ other: String) -> String { isEmpty ? other : self }
}
