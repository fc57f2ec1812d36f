import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A full disk and a read-only data directory, for real: the App runs in a mount namespace of its own (`unshare`),
/// on a small tmpfs filled to the last block or on a read-only bind mount, or as another user. Saved data stays
/// readable and intact, writes fail with a message that names the cause, and what needs no disk still works.
@Suite(.serialized, .enabled(if: MountNamespace.isAvailable, "needs root and unshare(1) to mount a small disk"))
struct FullAndReadOnlyDiskTests {
    /// Runs the App (arguments after the script's) on a copy of SRC in a 96 MB tmpfs (room for the 34 MB city catalogue) at FULL: filled at once when
    /// FILL_FIRST=1, or on SIGUSR1; afterwards the tmpfs is copied to AFTER (without the filler) for inspection.
    /// With READ_ONLY=1, the App runs on SRC itself, bind-mounted read-only.
    static let script = """
        set -u
        if [ "${READ_ONLY:-0}" = 1 ]; then
            mount --bind "$SRC" "$SRC" && mount -o remount,ro,bind "$SRC" || exit 97
            SKYLENS_HOME="$SRC" exec "$@"
        fi
        mount -t tmpfs -o size=96m tmpfs "$FULL" || exit 97
        cp -a "$SRC/." "$FULL/"
        fill() { dd if=/dev/zero of="$FULL/filler" bs=4k 2>/dev/null; echo "== the disk is full"; }
        [ "${FILL_FIRST:-0}" = 1 ] && fill >&2
        exec 3<&0
        SKYLENS_HOME="$FULL" "$@" <&3 3<&- &
        pid=$!
        trap fill USR1
        while :; do wait $pid; status=$?; kill -0 $pid 2>/dev/null || break; done
        rm -rf "$AFTER"; mkdir -p "$AFTER"; cp -a "$FULL/." "$AFTER/"; rm -f "$AFTER/filler"
        exit $status
        """

    struct Setup {
        let root: TemporaryDirectory
        let weather: LoopbackServer
        let contact: LoopbackServer
        var source: URL { root.file("source") }
        var full: URL { root.file("full") }
        var after: URL { root.file("after") }

        /// A data directory with a favourite (Toronto, CA) and one queued message.
        init() throws {
            root = try TemporaryDirectory()
            weather = try LoopbackServer(always: .json(try weatherFixture("open-meteo-toronto.json")))
            contact = try LoopbackServer(always: .json("{}", status: 503))
            try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: full, withIntermediateDirectories: true)
            try Data(FullAndReadOnlyDiskTests.script.utf8).write(to: root.file("disk.sh"))
            let runner = app(home: source.path)
            #expect(try runner.run([], stdin: "search toronto\nfav 1\n").stdout.contains("now a favourite"))
            let send = try runner.run([
                "--", "contact", "send", "--name", "A", "--email", "a@example.org", "--subject", "Kept", "--message",
                "0123456789",
            ])
            #expect(send.stdout.contains("not delivered yet"))
        }

        var environment: [String: String] {
            [
                "TERM": "dumb", "SKYLENS_LOG_LEVEL": "error", "SKYLENS_OPEN_METEO_URL": weather.baseURL.absoluteString,
                "SKYLENS_CONTACT_URL": contact.baseURL.absoluteString,
            ]
        }

        func app(home: String) -> ProcessRunner {
            AppBinary.runner(homePath: home, environment: environment)
        }

        /// The App inside its own mount namespace, through the script.
        func onDisk(_ extra: [String: String]) -> ProcessRunner {
            ProcessRunner(
                executable: URL(fileURLWithPath: "/usr/bin/unshare"),
                environment: environment.merging(
                    ["SRC": source.path, "FULL": full.path, "AFTER": after.path].merging(extra) { $1 }
                ) { $1 })
        }

        var arguments: [String] { ["--mount", "sh", root.file("disk.sh").path, AppBinary.url.path] }

        /// What a normal session finds in a data directory afterwards.
        func check(_ home: URL) throws {
            let runner = app(home: home.path)
            let favourites = try runner.run(["--format", "json", "search", "--favorites"])
            #expect(favourites.status == 0, "\(favourites.stderr)")
            #expect(favourites.stdout.contains(#""id":6167865"#))
            #expect(!favourites.stdout.contains(#""id":5174095"#))  // Toronto, US: added while the disk was full
            let outbox = try runner.run(["--format", "json", "contact", "outbox"])
            #expect(outbox.stdout.contains(#""subject":"Kept""#))
            #expect(!outbox.stdout.contains("Lost"))
        }
    }

    @Test func aDiskFullFromTheStartKeepsWhatIsSavedReadable() throws {
        let setup = try Setup()
        let result = try setup.onDisk(["FILL_FIRST": "1"]).run(
            setup.arguments,
            stdin: """
                search --favorites
                search toronto
                fav 2
                weather Toronto
                contact send --name B --email b@example.org --subject Lost --message 0123456789
                contact outbox

                """)
        #expect(result.stderr.contains("== the disk is full"))
        #expect(!result.signalled)
        // Saved data is read: the favourite with its star, the queued message.
        #expect(result.stdout.contains("Favourites: 1 match"))
        #expect(
            result.stdout.contains("Toronto, Ontario, CA · 2.8 M") && result.stdout.contains("43.7001   -79.4163 ★"),
            "\(result.stdout)")
        #expect(result.stdout.contains("Outbox: 1 queued"))
        // Writes fail, and say why.
        #expect(result.stderr.unwrapped.contains("is full; changes cannot be saved"))
        #expect(!result.stdout.contains("Toronto, OH, US is now a favourite"))
        #expect(!result.stdout.contains("Saved in the outbox"))
        #expect(
            !setup.contact.requests.contains { $0.bodyText.contains("Lost") },
            "a message that could not be saved was sent")
        // What needs no disk still works.
        #expect(result.stdout.contains("Toronto, Ontario, CA") && result.stdout.contains("3 °C"))
        #expect(!result.stderr.contains("disk I/O error"))
        try setup.check(setup.after)
    }

    @Test func theDiskFillingDuringASessionIsSaidAndNothingIsLost() throws {
        let setup = try Setup()
        let session = try setup.onDisk([:]).start(setup.arguments)
        session.write("search toronto\n")
        #expect(session.waitForOutput { $0.contains("Page 1 of 1") })
        session.write("weather Toronto\n")
        #expect(session.waitForOutput { $0.contains("3 °C") })
        session.kill(SIGUSR1)
        #expect(session.waitForOutput { $0.contains("== the disk is full") })
        session.write("search toronto\nfav 2\nweather Toronto --refresh\nhome\nsearch --favorites\n")
        #expect(
            session.waitForOutput { $0.contains("Favourites: 1 match") },
            "\(session.stdoutSoFar)\n---\n\(session.stderrSoFar)")
        session.write("contact send --name B --email b@example.org --subject Lost --message 0123456789\n")
        session.write("quit\n")
        let result = session.wait(timeout: .seconds(30))
        // 73: the session's last command (the message) could not be kept.
        #expect(result.status == 73 && !result.signalled, "\(result.stderr)")
        #expect(result.stderr.unwrapped.contains("is full; changes cannot be saved"))
        #expect(!result.stdout.contains("Toronto, OH, US is now a favourite"))
        #expect(result.stdout.components(separatedBy: "3 °C").count >= 3, "the refreshed weather is shown")
        #expect(
            !setup.contact.requests.contains { $0.bodyText.contains("Lost") },
            "a message that could not be saved was sent")
        try setup.check(setup.after)
    }

    @Test func aReadOnlyDataDirectoryIsReadAndSaysWhyWritesFail() throws {
        let setup = try Setup()
        let before = try Data(contentsOf: setup.source.appendingPathComponent("skylens.sqlite"))
        let result = try setup.onDisk(["READ_ONLY": "1"]).run(
            setup.arguments,
            stdin: """
                search --favorites
                search toronto
                fav 2
                unfav 1
                weather Toronto
                contact send --name B --email b@example.org --subject Lost --message 0123456789
                contact outbox

                """)
        #expect(!result.signalled)
        #expect(
            result.stdout.contains("Toronto, Ontario, CA · 2.8 M") && result.stdout.contains("43.7001   -79.4163 ★"),
            "\(result.stdout)")
        #expect(result.stdout.contains("Outbox: 1 queued"))
        #expect(result.stdout.contains("3 °C"))
        #expect(result.stderr.contains("The data directory is read-only"), "\(result.stderr)")
        #expect(!result.stdout.contains("is now a favourite") && !result.stdout.contains("no longer a favourite"))
        #expect(try Data(contentsOf: setup.source.appendingPathComponent("skylens.sqlite")) == before)
        try setup.check(setup.source)
    }

    @Test(.enabled(if: MountNamespace.nobodyCanRunTheApp, "the App's folder is closed to other users"))
    func anotherUsersDataDirectoryIsNotAFailure() throws {
        let setup = try Setup()
        // The folders on the way must be open to the other user; the data directory and its files stay root's.
        for url in [setup.root.url, setup.source] {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }
        let runner = ProcessRunner(
            executable: URL(fileURLWithPath: "/usr/bin/setpriv"),
            environment: setup.environment.merging(["SKYLENS_HOME": setup.source.path, "HOME": "/nonexistent"]) {
                $1
            })
        let result = try runner.run(
            ["--reuid=65534", "--regid=65534", "--clear-groups", AppBinary.url.path],
            stdin: "search toronto\nfav 2\nsearch --favorites\nweather Toronto\n")
        #expect(!result.signalled)
        #expect(result.stdout.contains("Toronto, OH, US"))
        #expect(result.stdout.contains("3 °C"))
        #expect(result.stderr.contains("The data directory is read-only"), "\(result.stderr)")
        #expect(result.stderr.contains("Favourites are unavailable"))
        #expect(!result.stdout.contains("You have no favourites yet"))
        try setup.check(setup.source)
    }
}

/// Whether this process may make mount namespaces and mount a tmpfs in one (root, with util-linux), and run the App
/// as another user.
enum MountNamespace {
    static let isAvailable: Bool = {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
            let directory = try? TemporaryDirectory()
        else { return false }
        let probe = ProcessRunner(executable: URL(fileURLWithPath: "/usr/bin/unshare"))
        let result = try? probe.run(["--mount", "mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", directory.path])
        return result?.status == 0
    }()

    /// Whether user `nobody` can run the built App where it is (the clone may sit in a folder closed to others).
    static let nobodyCanRunTheApp: Bool = {
        let probe = ProcessRunner(executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
        let result = try? probe.run([
            "--reuid=65534", "--regid=65534", "--clear-groups", AppBinary.url.path, "--version",
        ])
        return result?.status == 0
    }()
}
