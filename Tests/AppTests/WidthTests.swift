import CoreKit
import Foundation
import TestSupport
import Testing

/// Every view of every feature fits the terminal from 40 to 300 columns (`$COLUMNS` when the output is not a
/// terminal): no line longer than the width, in display columns.
@Suite(.serialized) struct WidthTests {
    static let commands: [[String]] = [
        ["help"], ["help", "weather"], ["help", "search"], ["about"], ["--version"],
        ["weather", "Toronto"], ["weather", "Toronto", "--line"], ["hourly", "Toronto"],
        ["hourly", "Toronto", "--step", "1"], ["forecast", "Toronto"], ["forecast", "Toronto", "--days", "16"],
        ["forecast", "Toronto", "--parts"], ["air", "Toronto"], ["compare", "Toronto", "Ottawa", "Paris, TX, US"],
        ["unit"], ["presets"], ["fav", "Toronto"], ["favorites"], ["search", "toronto"],
        ["search", "san", "--sort", "population"], ["search", "--favorites"], ["open", "Toronto"],
        ["open", "Saint-Rémy-de-Provence"], ["map", "Toronto"], ["map", "Toronto", "--zoom", "8"], ["cities"],
        ["sky", "Toronto"], ["contact", "outbox"], ["weather", "Tornto"], ["search", "x", "--limit", "0"],
        [
            "contact", "send", "--name", "Ann", "--email", "ann@example.org", "--subject", "Hi", "--message",
            "Hello there",
        ],
        ["unfav", "Toronto"],
    ]

    /// The recorded Open-Meteo answers for every request: the forecast, the air, several places at once.
    static func server() throws -> LoopbackServer {
        let forecast = try weatherFixture("open-meteo-toronto.json")
        let air = try weatherFixture("open-meteo-air-toronto.json")
        let archive = try QuestionsEndToEndTests.archive()
        let ensemble = try QuestionsEndToEndTests.ensemble()
        return try LoopbackServer { request in
            switch request.path {
            case "/v1/air-quality": return .respond(.json(air))
            case "/v1/archive": return .respond(.json(archive))
            case "/v1/ensemble": return .respond(.json(ensemble))
            case "/v1/forecast" where request.queryItems["forecast_days"] == "1":
                let count = (request.queryItems["latitude"] ?? "").split(separator: ",").count
                let place = """
                    {"latitude":43.7,"longitude":-79.4,"utc_offset_seconds":-18000,"current":{"time":"2026-11-22T09:00",\
                    "temperature_2m":3.4,"weather_code":3,"is_day":1},"daily":{"time":["2026-11-22"],"weather_code":[3],\
                    "temperature_2m_max":[5.5],"temperature_2m_min":[-2.5]}}
                    """
                return .respond(
                    .json(count == 1 ? place : "[" + Array(repeating: place, count: count).joined(separator: ",") + "]")
                )
            default: return .respond(.json(forecast))
            }
        }
    }

    /// The commands that work only in a view, in a piped session that opens each view.
    static let session = """
        search al
        next
        prev
        page 2
        open 1
        fav
        unfav
        weather
        back
        map
        zoom in
        pan e
        weather
        home
        contact
        Ann
        ann@
        +1 555 123 4567
        Hi there
        Hello there, team, with a line long enough to be broken at forty columns.
        .
        show
        edit email ann@example.org
        submit
        contact
        Bob
        bob@example.org
        +1 555 123 4567
        Second
        Another message, to be discarded.
        .
        cancel
        contact retry
        weather Toronto
        fav
        refresh
        favorites
        unfav
        moon Toronto
        cities reset
        cities reload
        quit

        """

    @Test(arguments: [40, 200])
    func everyViewOfASessionFits(width: Int) throws {
        let home = try TemporaryDirectory()
        let server = try Self.server()
        let result = try AppBinary.runner(
            home: home,
            environment: ["COLUMNS": "\(width)", "SKYLENS_OPEN_METEO_URL": server.baseURL.absoluteString]
        ).run([], stdin: Self.session, timeout: .seconds(120))
        #expect(result.stdout.contains("Outbox") || result.stdout.contains("outbox"), "\(result.stdout)")
        for (stream, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                #expect(DisplayWidth.columns(of: line) <= width, "session at \(width) columns, \(stream): \(line)")
            }
        }
    }

    /// The examples of every command that works anywhere, from `help`'s JSON (the declarations): a new command is
    /// run here by being declared with an example, without a line in this file. A redirection (`> file`) is not the
    /// command's.
    static func examples() throws -> [[String]] {
        let home = try TemporaryDirectory()
        let help = try AppBinary.runner(home: home).run(["--format", "json", "help"])
        let document = try JSONSerialization.jsonObject(with: Data(help.stdout.utf8)) as? [String: Any]
        let commands = document?["commands"] as? [[String: Any]] ?? []
        return commands.filter { $0["availableIn"] == nil }.flatMap { $0["examples"] as? [String] ?? [] }.map {
            words($0.split(separator: ">").first.map(String.init) ?? $0)
        }
    }

    /// A line's words as a shell splits them: spaces apart, quotes kept together.
    static func words(_ line: String) -> [String] {
        var words: [String] = [], current = "", quote: Character?, inWord = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(current) }
                (current, inWord) = ("", false)
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    /// Every command's examples fit, as the lists above do.
    @Test(arguments: [40, 200])
    func everyExampleFits(width: Int) throws {
        let home = try TemporaryDirectory()
        let server = try Self.server()
        let runner = AppBinary.runner(
            home: home,
            environment: [
                "COLUMNS": "\(width)", "SKYLENS_OPEN_METEO_URL": server.baseURL.absoluteString,
                "SKYLENS_AIR_QUALITY_URL": server.baseURL.absoluteString,
                "SKYLENS_ARCHIVE_URL": server.baseURL.absoluteString,
                "SKYLENS_ENSEMBLE_URL": server.baseURL.absoluteString,
            ])
        let examples = try Self.examples()
        #expect(examples.count >= 40)
        for command in examples {
            let result = try runner.run(["--"] + command, stdin: "")
            // Files, not views (a completion script, a manual page): written as they are, never laid out.
            let isFile = ["manual", "completions"].contains(command.first ?? "")
            for (stream, text) in [("stdout", result.stdout), ("stderr", result.stderr)] where !isFile {
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    #expect(
                        DisplayWidth.columns(of: line) <= width,
                        "\(command.joined(separator: " ")) at \(width) columns, \(stream): \(line)")
                }
            }
        }
    }

    /// No command can be added without being run here: every command `help` lists is in one of the lists above, or
    /// works anywhere and has an example (run by `everyExampleFits`).
    @Test func noCommandIsLeftOut() throws {
        let home = try TemporaryDirectory()
        let help = try AppBinary.runner(home: home).run(["--format", "json", "help"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(help.stdout.utf8)) as? [String: Any])
        let declared = try #require(document["commands"] as? [[String: Any]])
        let names = Set(declared.compactMap { $0["name"] as? String })
        let exemplified = Set(
            declared.filter { $0["availableIn"] == nil && !(($0["examples"] as? [String]) ?? []).isEmpty }
                .compactMap { $0["name"] as? String })
        let covered = Set(
            Self.commands.flatMap { command in [command.prefix(1), command.prefix(2)].map { $0.joined(separator: " ") }
            }
                + Self.session.split(separator: "\n").flatMap { line in
                    let words = line.split(separator: " ").map(String.init)
                    return [words.prefix(1), words.prefix(2)].map { $0.joined(separator: " ") }
                })
        // Files, not views: a completion script and a manual page are written as they are, never laid out to the
        // width (ShellIntegrationTests checks they are the same at any width).
        let files: Set = ["completions", "manual"]
        let left = names.subtracting(covered).subtracting(files).subtracting(exemplified)
        #expect(left.isEmpty, "not run at 40 and 200 columns: \(left)")
    }

    @Test(arguments: [40, 200])
    func everyCommandFits(width: Int) throws {
        let home = try TemporaryDirectory()
        let server = try Self.server()
        let runner = AppBinary.runner(
            home: home,
            environment: [
                "COLUMNS": "\(width)", "SKYLENS_OPEN_METEO_URL": server.baseURL.absoluteString,
                "SKYLENS_AIR_QUALITY_URL": server.baseURL.absoluteString,
                "SKYLENS_ARCHIVE_URL": server.baseURL.absoluteString,
                "SKYLENS_ENSEMBLE_URL": server.baseURL.absoluteString,
            ])
        for command in Self.commands {
            let result = try runner.run(command.first == "--version" ? command : ["--"] + command)
            for (stream, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    #expect(
                        DisplayWidth.columns(of: line) <= width,
                        "\(command.joined(separator: " ")) at \(width) columns, \(stream): \(line)")
                }
            }
            // A one-shot run gives no hint that only a session can follow.
            #expect(!result.stdout.contains("'refresh' fetches again"), "\(command)")
        }
    }
}

/// The same views on a real pseudo-terminal (util-linux `script`), in colour, at 40, 80 and 200 columns: the App
/// reads the width from the terminal itself (no `$COLUMNS`), and colour codes take no room.
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
struct PseudoTerminalWidthTests {
    static let commands = [
        "weather Toronto", "forecast Toronto --parts", "hourly Toronto", "forecast Toronto --days 16", "air Toronto",
        "compare Toronto Ottawa", "search toronto", "open Toronto", "map Toronto", "sky Toronto", "moon Toronto",
        "help",
    ]

    @Test(arguments: [40, 80, 200])
    func everyViewFitsTheTerminalInColour(width: Int) throws {
        let home = try TemporaryDirectory()
        let server = try WidthTests.server()
        let script = home.file("views.sh")
        let app = AppBinary.url.path
        try
            (["stty cols \(width) rows 50"]
            + Self.commands.map { "echo '=== \($0)'; '\(app)' -- \($0)" }).joined(separator: "\n")
            .write(to: script, atomically: true, encoding: .utf8)
        let result = try ProcessRunner(
            executable: URL(fileURLWithPath: "/usr/bin/script"),
            environment: [
                "SKYLENS_HOME": home.path, "TERM": "xterm-256color", "SKYLENS_LOG_LEVEL": "error",
                "SKYLENS_OPEN_METEO_URL": server.baseURL.absoluteString,
                "SKYLENS_AIR_QUALITY_URL": server.baseURL.absoluteString,
                "SKYLENS_ARCHIVE_URL": server.baseURL.absoluteString,
                "SKYLENS_ENSEMBLE_URL": server.baseURL.absoluteString,
            ]
        ).start(["-qfec", "sh '\(script.path)'", "/dev/null"]).wait(timeout: .seconds(120))
        #expect(result.status == 0, "\(result.stdout)")
        // In colour (it is a terminal), and every view ran.
        #expect(result.stdout.contains("\u{1B}[38;5;"))
        #expect(result.stdout.components(separatedBy: "=== ").count == Self.commands.count + 1)
        // Lines as the terminal shows them: split at line ends and at carriage returns (a spinner draws over
        // itself), escape sequences other than colour removed.
        let cursor = try NSRegularExpression(pattern: "\u{1B}\\[[0-9;?]*[A-HJKSTfhlsu]")
        let text = cursor.stringByReplacingMatches(
            in: result.stdout, range: NSRange(result.stdout.startIndex..., in: result.stdout), withTemplate: "")
        var command = ""
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            if line.hasPrefix("=== ") { command = String(line.dropFirst(4)) }
            #expect(DisplayWidth.columns(of: line) <= width, "\(command) at \(width) columns: \(line)")
        }
    }
}
