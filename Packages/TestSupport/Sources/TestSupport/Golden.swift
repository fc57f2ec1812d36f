import Foundation
import Testing

/// Golden files: the expected rendering of a view, kept beside the test in `__Goldens__/NAME.txt`.
///
/// Regenerate them all with `SKYLENS_RECORD_GOLDENS=1 make test` (or `swift test` in one package), then review the
/// diff with `git diff`.
public enum Golden {
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["SKYLENS_RECORD_GOLDENS"] == "1" }

    /// Records a test issue, with the first differing line, when `actual` differs from the golden file.
    public static func assertMatches(
        _ actual: String, named name: String, filePath: StaticString = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let directory = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().appendingPathComponent(
            "__Goldens__")
        let file = directory.appendingPathComponent("\(name).txt")
        if isRecording {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? Data(actual.utf8).write(to: file)
            return
        }
        guard let data = try? Data(contentsOf: file) else {
            Issue.record(
                "No golden file \(file.path); run with SKYLENS_RECORD_GOLDENS=1 to create it.",
                sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != actual else { return }
        let expectedLines = expected.components(separatedBy: "\n")
        let actualLines = actual.components(separatedBy: "\n")
        let index =
            zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expectedLines.count, actualLines.count)
        let want = index < expectedLines.count ? expectedLines[index] : "<end of file>"
        let got = index < actualLines.count ? actualLines[index] : "<end of output>"
        Issue.record(
            """
            \(name) differs from \(file.lastPathComponent) at line \(index + 1):
              expected: \(want.debugDescription)
              actual:   \(got.debugDescription)
            Re-record with SKYLENS_RECORD_GOLDENS=1 if the change is intended.
            """, sourceLocation: sourceLocation)
    }
}

/// A directory under the system's temporary folder, removed when the value is released.
public final class TemporaryDirectory: Sendable {
    public let url: URL
    public var path: String { url.path }

    public init(prefix: String = "skylens-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Where a fixture file lives: `Fixtures/NAME` beside the calling test file.
public func fixtureURL(_ name: String, filePath: StaticString = #filePath) -> URL {
    URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().appendingPathComponent("Fixtures")
        .appendingPathComponent(name)
}

public func fixture(_ name: String, filePath: StaticString = #filePath) throws -> String {
    try String(contentsOf: fixtureURL(name, filePath: filePath), encoding: .utf8)
}

extension String {
    /// The text with lines broken to the terminal's width joined again (a line break and the spaces that indent
    /// the next line become one space): for checking that a message says a sentence, wherever it was wrapped.
    public var unwrapped: String {
        var result = ""
        // A terminal's output ends its lines with CR LF.
        var lines = replacingOccurrences(of: "\r\n", with: "\n").split(
            separator: "\n", omittingEmptySubsequences: false)[
                ...]
        while let line = lines.popFirst() {
            result += line
            if let next = lines.first, next.hasPrefix("  ") {
                result += " "
                lines[lines.startIndex] = next.drop { $0 == " " }
            } else if !lines.isEmpty {
                result += "\n"
            }
        }
        return result
    }
}
