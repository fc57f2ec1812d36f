import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 30's start-up and memory targets: every one-shot command that needs no network within 1.5× of starting the
/// binary (`--version`), the largest one-shot search, map and sky under 60 MB, a session's baseline under 40 MB.
extension SkyLensBench {
    /// One run of the App as its own child: wall time (from just before `posix_spawn` to `wait4`) and its exit
    /// status. Output goes to /dev/null. (Its `ru_maxrss` is not the App's: see `peakKiB`.)
    struct Run {
        var wall: Double
        var status: Int32
    }

    static func spawn(_ app: URL, _ arguments: [String], environment: [String: String]) throws -> Run {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([app.path] + arguments).map { strdup($0) } + [nil]
        let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let started = DispatchTime.now()
        let spawned = posix_spawn(&pid, app.path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw BenchError.app("posix_spawn: \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let wall = seconds(since: started)
        let exited = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Run(wall: wall, status: exited)
    }

    /// The peak resident memory (KiB) of one run of the App and its exit status, the App started by a small Python
    /// launcher rather than by this harness: a child inherits its parent's peak into its own `ru_maxrss` when it
    /// calls `exec` (Linux keeps the old address space's high-water mark, and a `vfork`ed child's old address space
    /// is its parent's: this harness holds the whole catalogue, about 150 MB). The launcher is about 10 MB, below any
    /// App run, so the figure is the App's own. Nil when there is no Python.
    static func peakKiB(_ app: URL, _ arguments: [String], environment: [String: String]) throws -> (Int, Int32)? {
        let python = ProcessInfo.processInfo.environment["SKYLENS_BENCH_PYTHON"] ?? "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python) else { return nil }
        let launcher = """
            import os, sys
            pid = os.posix_spawn(sys.argv[1], sys.argv[1:], os.environ, file_actions=[
                (os.POSIX_SPAWN_OPEN, 0, "/dev/null", os.O_RDONLY, 0),
                (os.POSIX_SPAWN_OPEN, 1, "/dev/null", os.O_WRONLY, 0),
                (os.POSIX_SPAWN_OPEN, 2, "/dev/null", os.O_WRONLY, 0)])
            _, status, usage = os.wait4(pid, 0)
            print(usage.ru_maxrss, os.waitstatus_to_exitcode(status))
            """
        let output = try ProcessRunner(
            executable: URL(fileURLWithPath: python),
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }
        ).run(["-c", launcher, app.path] + arguments)
        let fields = output.stdout.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard output.status == 0, fields.count == 2 else { throw BenchError.app("the launcher: \(output.stderr)") }
        return (fields[0], Int32(fields[1]))
    }

    /// The first and third quartiles of the ratios, as `1.45–1.58`.
    static func quartiles(_ values: [Double]) -> String {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return "n/a" }
        return String(format: "%.2f–%.2f", sorted[sorted.count / 4], sorted[(sorted.count * 3) / 4])
    }

    static func leanBenchmarks(app: URL, report: inout Report) throws {
        report.line("## Lean and fast: one-shot commands against starting the binary (issue 30)")
        report.line("")
        let home = try TemporaryDirectory()
        let environment = noWarningServices.merging(["SKYLENS_HOME": home.path, "SKYLENS_LOG_LEVEL": "error"]) { $1 }
        // A recorded Open-Meteo answer (Toronto), fetched once so that `weather --line` is then answered from the
        // cache (`--offline`: never the network, and exit 3 for an answer that says its age).
        let recorded = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent(
                "../../../Packages/Services/Tests/WeatherServiceTests/Fixtures/open-meteo-toronto.json")
        let server = try LoopbackServer(always: .json(try String(contentsOf: recorded, encoding: .utf8)))
        defer { server.stop() }
        // The first command of a data directory: the store made, the built-in catalogue checked whole (once); its
        // memory measured in another fresh one.
        let first = try spawn(app, ["--", "search", "toronto"], environment: environment)
        guard first.status == 0 else { throw BenchError.app("search toronto: exit \(first.status)") }
        let firstHome = try TemporaryDirectory()
        let firstPeak = try peakKiB(
            app, ["--", "search", "toronto"],
            environment: environment.merging(["SKYLENS_HOME": firstHome.path]) { $1 })?.0
        let fetched = try spawn(
            app, ["--", "weather", "Toronto", "--line"],
            environment: environment.merging(["SKYLENS_OPEN_METEO_URL": server.baseURL.absoluteString]) { $1 })
        guard [0, 3].contains(fetched.status) else { throw BenchError.app("weather --line: exit \(fetched.status)") }
        let commands: [(label: String, arguments: [String], statuses: Set<Int32>)] = [
            ("`search toronto`", ["--", "search", "toronto"], [0]),
            ("`open Toronto`", ["--", "open", "Toronto"], [0]),
            ("`sky Toronto`", ["--offline", "sky", "Toronto"], [0]),
            ("`map Toronto`", ["--offline", "map", "Toronto"], [0]),
            ("`weather Toronto --line` from the cache", ["--offline", "weather", "Toronto", "--line"], [0, 3]),
        ]
        let firstLabel = "the first command of a data directory (`search toronto`, the catalogue checked whole)"
        func megabytes(_ kib: Int?) -> String { kib.map { String(format: "%.1f MB", Double($0) / 1024) } ?? "n/a" }
        // 41 pairs: with 15, two runs a minute apart differed by up to 0.08 in the ratio (the machine's speed moves
        // over minutes, and a faster machine makes every ratio larger); the quartiles say how near the line it is.
        let pairCount = 41
        report.line(
            "| command | wall (median of \(pairCount)) | against `--version` run alongside (median of the pairs; their quartiles) | peak memory (of 3) |"
        )
        report.line("|---|---:|---:|---:|")
        var ratios: [(String, Double)] = []
        var peaks: [(String, Int)] = firstPeak.map { [(firstLabel, $0)] } ?? []
        var versionWalls: [Double] = []
        for command in commands {
            var walls: [Double] = [], pairs: [Double] = []
            _ = try spawn(app, command.arguments, environment: environment)
            for _ in 0..<pairCount {
                let version = try spawn(app, ["--version"], environment: environment)
                let run = try spawn(app, command.arguments, environment: environment)
                guard command.statuses.contains(run.status) else {
                    throw BenchError.app("\(command.label): exit \(run.status)")
                }
                walls.append(run.wall)
                versionWalls.append(version.wall)
                pairs.append(run.wall / version.wall)
            }
            var peak: Int?
            for _ in 0..<3 {
                guard let (kib, status) = try peakKiB(app, command.arguments, environment: environment) else { break }
                guard command.statuses.contains(status) else {
                    throw BenchError.app("\(command.label): exit \(status)")
                }
                peak = max(peak ?? 0, kib)
            }
            let ratio = median(pairs)
            ratios.append((command.label, ratio))
            if let peak { peaks.append((command.label, peak)) }
            report.line(
                "| \(command.label) | \(time(median(walls))) | \(String(format: "%.2f", ratio))× (\(quartiles(pairs))) | \(megabytes(peak)) |"
            )
        }
        report.line("| `--version` (median of all \(versionWalls.count) runs) | \(time(median(versionWalls))) | 1× | |")
        report.line("| \(firstLabel) | \(time(first.wall)) | | \(megabytes(firstPeak)) |")
        report.line("")
        for (label, ratio) in ratios {
            report.check("\(label) within 1.5× of `--version`", ratio <= 1.5, String(format: "%.2f×", ratio))
        }
        if let largest = peaks.max(by: { $0.1 < $1.1 }) {
            report.check(
                "the largest one-shot search, map and sky under 60 MB (the largest: \(largest.0))",
                largest.1 < 60 * 1024, megabytes(largest.1))
        } else {
            report.check("the largest one-shot search, map and sky under 60 MB", false, "not measured: no Python 3")
        }
        let session = try fullScreenMemory(app: app, home: home.path)
        report.check(
            "a session's baseline after start under 40 MB", session.baseline < 40 * 1024, megabytes(session.baseline))
        report.line("")
    }
}
