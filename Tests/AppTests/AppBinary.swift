import Foundation
import TestSupport

/// The built `App` executable, beside the test bundle in the build folder (or `SKYLENS_APP_BINARY`).
enum AppBinary {
    static var url: URL {
        if let path = ProcessInfo.processInfo.environment["SKYLENS_APP_BINARY"] { return URL(fileURLWithPath: path) }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // The test runner may be inside SkyLensPackageTests.xctest/…; walk up to the folder that holds App.
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("App")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("App")
    }

    /// A runner with its own empty data directory and config folder, no colour, the warning services on 127.0.0.1
    /// (`AlertsServer.shared`), and nothing from the developer's environment. Its
    /// output is laid out for 300 columns (`COLUMNS`), the widest SkyLens fits, so that what these tests look for
    /// is on one line; `WidthTests` runs every command at 40 and 200.
    static func runner(home: TemporaryDirectory, environment: [String: String] = [:]) -> ProcessRunner {
        runner(homePath: home.path, environment: environment)
    }

    /// The same, with any folder as the data directory.
    static func runner(homePath: String, environment: [String: String] = [:]) -> ProcessRunner {
        ProcessRunner(
            executable: url,
            environment: [
                "SKYLENS_HOME": homePath, "TERM": "dumb", "SKYLENS_LOG_LEVEL": "error", "COLUMNS": "300",
                // English whatever the machine's locale; a test of the languages sets these itself.
                "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8",
                // Never the developer's own config file: one in the test's folder, if the test writes one.
                "XDG_CONFIG_HOME": homePath + "/config",
                // The historical weather (the normals): nothing listens, so no test reaches the internet for it.
                "SKYLENS_ARCHIVE_URL": "http://127.0.0.1:\(closedLoopbackPort())",
                "SKYLENS_ENSEMBLE_URL": "http://127.0.0.1:\(closedLoopbackPort())",
            ].merging(AlertsServer.shared.environment) { $1 }.merging(environment) { $1 })
    }
}
