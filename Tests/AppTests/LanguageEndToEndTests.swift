import CoreKit
import Foundation
import Localization
import TestSupport
import Testing

/// The language: chosen by --lang, SKYLENS_LANG, the one `lang` kept, the config file, LC_ALL, LC_MESSAGES, LANG;
/// an unknown code is a usage error that lists the ones SkyLens speaks; every language's sky and errors are its own.
@Suite(.serialized) struct LanguageEndToEndTests {
    struct Chosen: Decodable, Equatable {
        var code: String
        var source: String
        var kept: Bool?
    }

    func chosen(
        _ runner: ProcessRunner, _ arguments: [String] = [], _ environment: [String: String] = [:]
    ) throws
        -> Chosen
    {
        let result = try runner.run(["--format", "json"] + arguments + ["lang"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(Chosen.self, from: Data(result.stdout.utf8))
    }

    @Test func theOrderThatDecides() throws {
        let home = try TemporaryDirectory()
        let runner = AppBinary.runner(home: home)
        let folder = home.path + "/config/skylens"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "lang: it\n".write(toFile: folder + "/config.yaml", atomically: true, encoding: .utf8)
        let locale = ["LC_ALL": "ja_JP.UTF-8", "LC_MESSAGES": "ko_KR.UTF-8", "LANG": "ru_RU.UTF-8"]
        let all = locale.merging(["SKYLENS_LANG": "fr"]) { $1 }
        #expect(try chosen(runner, ["--lang", "de"], all) == Chosen(code: "de", source: "--lang"))
        #expect(try chosen(runner, [], all) == Chosen(code: "fr", source: "SKYLENS_LANG"))
        #expect(try chosen(runner, [], locale) == Chosen(code: "it", source: "config.yaml"))
        try FileManager.default.removeItem(atPath: folder + "/config.yaml")
        #expect(try chosen(runner, [], locale) == Chosen(code: "ja", source: "LC_ALL"))
        #expect(try chosen(runner, [], ["LC_MESSAGES": "ko_KR.UTF-8", "LANG": "ru_RU.UTF-8"]).code == "ko")
        #expect(try chosen(runner, [], ["LANG": "pt_BR.UTF-8"]).code == "pt-BR")
        #expect(try chosen(runner, [], ["LANG": "C"]).code == "en")
        #expect(try chosen(runner, [], ["LC_ALL": "POSIX", "LANG": "de_DE.UTF-8"]).code == "en")
        // A locale SkyLens does not speak: English, quietly.
        #expect(try chosen(runner, [], ["LANG": "sv_SE.UTF-8"]).code == "en")
    }

    @Test func langKeepsItsChoiceUntilAutoAndTheOptionsStillWin() throws {
        let home = try TemporaryDirectory()
        let runner = AppBinary.runner(home: home)
        let said = try runner.run(["lang", "ja"])
        #expect(said.status == 0 && said.stdout.contains("日本語"), "\(said.stdout)")
        #expect(try chosen(runner, [], ["LANG": "de_DE.UTF-8"]) == Chosen(code: "ja", source: "lang (kept)"))
        // A one-shot `sky` has its dates made ready in the language it will most likely speak (LANG's, the kept one
        // being in the store, not open yet), and speaks the kept one all the same (issue 30).
        let sky = try runner.run(["sky", "Tromsø", "--date", "2026-12-21"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(sky.stdout.contains("2026年12月21日") && !sky.stdout.contains("Dezember"), "\(sky.stdout)")
        #expect(try chosen(runner, [], ["SKYLENS_LANG": "fr"]).code == "fr")
        #expect(try runner.run(["lang", "auto"]).status == 0)
        #expect(try chosen(runner, [], ["LANG": "de_DE.UTF-8"]).code == "de")
        // In a session: the next command speaks the new language.
        let session = try runner.run([], stdin: "lang de\nsky Tromsø --date 2026-12-21\n")
        #expect(session.stdout.contains("Polarnacht"), "\(session.stdout)")
    }

    @Test func aboutAndHelpSayTheAppInTheLanguage() throws {
        let home = try TemporaryDirectory()
        let runner = AppBinary.runner(home: home)
        let about = try runner.run(["--lang", "de", "about"])
        #expect(about.stdout.contains("Wetter, die Städte der Welt auf einer Karte"), "\(about.stdout)")
        #expect(about.stdout.contains("Sprachen") || about.stdout.contains("de  Deutsch"), "\(about.stdout)")
        // The sources in the language too (their names, licences and organisations as they are).
        #expect(about.stdout.contains("Städteliste") && !about.stdout.contains("Shorelines and lakes"))
        #expect(about.stdout.contains("National Weather Service") && about.stdout.contains("Apache-2.0"))
        let help = try runner.run(["--lang", "ja", "help"])
        #expect(help.stdout.contains("天気、地図上の世界の都市"), "\(help.stdout)")
    }

    /// `skylens --help` is SkyLens's page in the language chosen as for any command (not swift-argument-parser's
    /// English), every global option on it, laid out to the width.
    @Test func theProgramsHelpIsInTheLanguageAndFitsTheWidth() throws {
        let home = try TemporaryDirectory()
        let options = ["--format", "--color", "--data-dir", "--offline", "--timeout", "--lang", "--version", "--help"]
        for (arguments, heading) in [
            (["--help"], "OPTIONS"), (["--lang", "de", "--help"], "OPTIONEN"), (["-h"], "OPTIONS"),
            (["--offline", "--lang", "ja", "-h"], "オプション"),
        ] {
            for columns in ["40", "200"] {
                let result = try AppBinary.runner(home: home, environment: ["COLUMNS": columns]).run(arguments)
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
                #expect(
                    result.stdout.split(separator: "\n").contains { $0 == heading }, "\(arguments): \(result.stdout)")
                #expect(!result.stdout.contains("OVERVIEW:") && !result.stdout.contains("USAGE:"))
                for option in options { #expect(result.stdout.contains(option), "\(arguments): \(option) missing") }
                let widest = result.stdout.split(separator: "\n").map { DisplayWidth.columns(of: $0) }.max() ?? 0
                #expect(widest <= Int(columns)!, "\(arguments) at \(columns): a line of \(widest) columns")
            }
        }
        // The kept language counts, as for any command.
        _ = try AppBinary.runner(home: home).run(["lang", "fr"])
        #expect(try AppBinary.runner(home: home).run(["--help"]).stdout.contains("DESCRIPTION\n  Sans COMMANDE"))
    }

    @Test func anUnknownCodeIsAUsageErrorListingTheLanguages() throws {
        let home = try TemporaryDirectory()
        let runner = AppBinary.runner(home: home)
        for (arguments, environment) in [(["--lang", "xx"], [:]), ([], ["SKYLENS_LANG": "klingon"])] {
            let result = try runner.run(arguments + ["sky"], environment: environment)
            #expect(result.status == 64, "\(result.stderr)")
            #expect(result.stderr.contains("de, en, es") && result.stderr.contains("zh-Hans"), "\(result.stderr)")
        }
        let inSession = try runner.run(["lang", "xx"])
        #expect(inSession.status == 64 && inSession.stderr.contains("pt-BR"), "\(inSession.stderr)")
        // In the config file: said, and English stands.
        let folder = home.path + "/config/skylens"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "lang: xx\n".write(toFile: folder + "/config.yaml", atomically: true, encoding: .utf8)
        let fromFile = try runner.run(["sky", "Tromsø", "--date", "2026-12-21"])
        #expect(fromFile.status == 0 && fromFile.stderr.contains("'xx'") && fromFile.stdout.contains("Sunrise"))
    }

    /// The sky's own words in every language: read from its catalogue, none of its English may show.
    @Test func everyLanguageSpeaksTheSkyAndItsErrors() throws {
        let catalogue = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Packages/SkyFeature/Sources/SkyFeature/Resources/Localizable.xcstrings")
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: catalogue)) as? [String: Any]
        let strings = try #require(root?["strings"] as? [String: Any])
        let english = [
            "Sunrise", "Astronomical dawn", "polar night", "Day length", "Moonrise", "Waxing", "is not a date",
        ]
        #expect(english.allSatisfy { word in strings.keys.contains { $0.contains(word) } })
        let home = try TemporaryDirectory()
        let runner = AppBinary.runner(home: home)
        let codes = ["ar", "de", "es", "fr", "it", "ja", "ko", "nl", "pl", "pt-BR", "ru", "tr", "uk", "zh-Hans"]
        for code in codes {
            let sky = try runner.run(["--lang", code, "sky", "Sydney", "--date", "2026-12-21"])
            #expect(sky.status == 0, "\(code): \(sky.stderr)")
            let polar = try runner.run(["--lang", code, "sky", "Tromsø", "--date", "2026-12-21"])
            let error = try runner.run(["--lang", code, "sky", "Sydney", "--date", "2026-02-30"])
            #expect(error.status == 64)
            for word in english {
                #expect(!(sky.stdout + polar.stdout + error.stderr).contains(word), "\(code): '\(word)' in English")
            }
        }
    }

    /// The English a catalogue's keys hold (the longer pieces between placeholders), for a test to look for on screen.
    static func englishPieces(_ package: String, _ target: String) throws -> [String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Packages/\(package)/Sources/\(target)/Resources/Localizable.xcstrings")
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let keys = (root?["strings"] as? [String: Any])?.keys.map { $0 } ?? []
        var pieces: Set<String> = []
        for key in keys {
            for piece in key.split(separator: /%(\d+\$)?(@|lld|d)|%%/) {
                let trimmed = piece.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
                // Two words at least: a single word may be the same in another language ("Wind", "UV").
                if trimmed.split(separator: " ").count >= 2, trimmed.filter(\.isLetter).count >= 6 {
                    pieces.insert(trimmed)
                }
            }
        }
        return pieces.sorted()
    }

    /// Every language's weather now, forecast, hours, sky and an error: none of their catalogues' English shows.
    @Test func everyLanguageSpeaksTheWeatherTheForecastTheSkyAndAnError() throws {
        let server = try WeatherServer()
        let english =
            try Self.englishPieces("WeatherFeature", "WeatherFeature")
            + Self.englishPieces("SkyFeature", "SkyFeature") + Self.englishPieces("Architecture", "CommandShell")
        #expect(english.count > 150)
        let home = try TemporaryDirectory()
        let runner = AppBinary.runner(home: home, environment: ["SKYLENS_OPEN_METEO_URL": server.url])
        let codes = ["ar", "de", "es", "fr", "it", "ja", "ko", "nl", "pl", "pt-BR", "ru", "tr", "uk", "zh-Hans"]
        for code in codes {
            var seen = ""
            for arguments in [
                ["weather", "Toronto"], ["forecast", "Toronto"], ["hourly", "Toronto"], ["sky", "Toronto"],
            ] {
                let result = try runner.run(["--lang", code] + arguments)
                #expect(result.status == 0 || result.status == 3, "\(code) \(arguments): \(result.stderr)")
                seen += result.stdout
            }
            for bad in [["forecast", "Toronto", "--model", "x"], ["frobnicate"], ["sky", "--date", "2026-02-30"]] {
                let result = try runner.run(["--lang", code] + bad)
                #expect(result.status == 64, "\(code) \(bad)")
                seen += result.stderr
            }
            let left = english.filter { seen.contains($0) }
            #expect(left.isEmpty, "\(code): English left: \(left)")
        }
    }

    /// Every language's failures from below the features (the network's and the providers'): offline, a refused
    /// connection, a server's 503, an answer that is not JSON. None of Core's or WeatherService's English shows; the
    /// host and the server's own words do.
    @Test func everyLanguageSaysTheNetworksAndTheProvidersFailures() throws {
        let english =
            try Self.englishPieces("Core", "CoreKit") + Self.englishPieces("Services", "WeatherService")
        #expect(english.count > 30)
        let home = try TemporaryDirectory()
        let unavailable = try LoopbackServer(always: .text("maintenance", status: 503))
        let html = try LoopbackServer(always: .text("<html>oops</html>", status: 200))
        let cases: [(environment: [String: String], arguments: [String], status: Int32, said: String)] = [
            ([:], ["--offline", "weather", "Toronto"], 69, "api.open-meteo.com"),
            (
                ["SKYLENS_OPEN_METEO_URL": "http://127.0.0.1:\(closedLoopbackPort())"], ["weather", "Toronto"], 69,
                "127.0.0.1"
            ),
            (
                ["SKYLENS_OPEN_METEO_URL": unavailable.baseURL.absoluteString], ["weather", "Toronto"], 69,
                "maintenance"
            ),
            (["SKYLENS_OPEN_METEO_URL": html.baseURL.absoluteString], ["weather", "Toronto"], 69, "127.0.0.1"),
        ]
        for code in ["ar", "de", "es", "fr", "it", "ja", "ko", "nl", "pl", "pt-BR", "ru", "tr", "uk", "zh-Hans"] {
            for failure in cases {
                let result = try AppBinary.runner(home: home, environment: failure.environment).run(
                    ["--lang", code] + failure.arguments)
                #expect(result.status == failure.status, "\(code) \(failure.arguments): \(result.stderr)")
                #expect(result.stderr.contains(failure.said), "\(code): \(result.stderr)")
                let left = english.filter { result.stderr.contains($0) }
                #expect(left.isEmpty, "\(code): English left: \(left) in \(result.stderr)")
            }
        }
    }

    /// What is said before the session starts — a setting given that is not valid (exit 64) and the config file's
    /// problems (the App goes on) — is said in the language of `--lang`, SKYLENS_LANG, the file's `lang:` or the
    /// locale, with none of the App's catalogue's English; the values typed and the path stay as they are.
    @Test func everyLanguageSaysTheSettingsAndTheConfigFilesProblems() throws {
        let english = try Self.appPieces() + Self.englishPieces("Core", "CoreKit")
        let home = try TemporaryDirectory()
        let folder = home.path + "/config/skylens"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "color: sometimes\nfromat: json\nunits:\n  - f\n".write(
            toFile: folder + "/config.yaml", atomically: true, encoding: .utf8)
        for code in ["ar", "de", "es", "fr", "it", "ja", "ko", "nl", "pl", "pt-BR", "ru", "tr", "uk", "zh-Hans"] {
            let runner = AppBinary.runner(home: home, environment: ["SKYLENS_LANG": code])
            let bad = try runner.run(["--timeout", "900", "about"])
            #expect(bad.status == 64 && bad.stderr.contains("--timeout") && bad.stderr.contains("900"), "\(code)")
            let noted = try runner.run(["about"])
            #expect(noted.status == 0, "\(code): \(noted.stderr)")
            #expect(noted.stderr.contains("sometimes") && noted.stderr.contains("fromat"), "\(code): \(noted.stderr)")
            let seen = bad.stderr + noted.stderr
            let left = english.filter { seen.contains($0) }
            #expect(left.isEmpty, "\(code): English left: \(left) in \(seen)")
        }
        // The file's own `lang:` decides its problems' language, too.
        try "lang: de\ncolor: sometimes\n".write(toFile: folder + "/config.yaml", atomically: true, encoding: .utf8)
        let german = try AppBinary.runner(home: home).run(["about"])
        #expect(!german.stderr.contains("must be auto") && german.stderr.contains("sometimes"), "\(german.stderr)")
    }

    /// The notices about SkyLens's own files — a store that is not a database, kept aside; a data directory that is a
    /// file — in every language, with none of Core's or the App's English.
    @Test func everyLanguageSaysTheNoticesAboutItsFiles() throws {
        let english = try Self.appPieces() + Self.englishPieces("Core", "CoreKit")
        for code in ["ar", "de", "es", "fr", "it", "ja", "ko", "nl", "pl", "pt-BR", "ru", "tr", "uk", "zh-Hans"] {
            let home = try TemporaryDirectory()
            try "not a database at all".write(
                toFile: home.file("skylens.sqlite").path, atomically: true, encoding: .utf8)
            let damaged = try AppBinary.runner(home: home).run(["--lang", code, "unit", "metric"])
            #expect(
                damaged.status == 0 && damaged.stderr.contains("skylens.sqlite.unreadable"),
                "\(code): \(damaged.stderr)")
            let file = try TemporaryDirectory()
            try "x".write(toFile: file.file("data").path, atomically: true, encoding: .utf8)
            let notFolder = try AppBinary.runner(homePath: file.file("data").path).run(["--lang", code, "about"])
            #expect(notFolder.stderr.contains("SKYLENS_HOME"), "\(code): \(notFolder.stderr)")
            let seen = damaged.stderr + notFolder.stderr
            let left = english.filter { seen.contains($0) }
            #expect(left.isEmpty, "\(code): English left: \(left) in \(seen)")
        }
    }

    /// Every language's search, a city's page, a map and the manual page: none of their catalogues' English shows.
    @Test func everyLanguageSpeaksTheCitiesTheMapAndTheManual() throws {
        var english =
            try Self.englishPieces("MapFeature", "MapFeature")
            + Self.englishPieces("Architecture", "ProgramDocumentation") + Self.appPieces()
        // What a person types stays as typed: `--sort population` in "Largest: …, #ID (--sort population)".
        english.removeAll { $0 == "sort population" }
        #expect(english.count > 100)
        let home = try TemporaryDirectory()
        let runner = AppBinary.runner(home: home)
        let codes = ["ar", "de", "es", "fr", "it", "ja", "ko", "nl", "pl", "pt-BR", "ru", "tr", "uk", "zh-Hans"]
        for code in codes {
            var seen = ""
            for arguments in [
                ["search", "tor"], ["open", "Toronto"], ["map", "Toronto", "--width", "60", "--height", "8"],
                ["manual"], ["cities"],
            ] {
                let result = try runner.run(["--lang", code] + arguments)
                #expect(result.status == 0, "\(code) \(arguments): \(result.stderr)")
                seen += result.stdout
            }
            for bad in [["open", "#42"], ["search", "a", "--sort", "size"]] {
                let result = try runner.run(["--lang", code] + bad)
                #expect(result.status != 0, "\(code) \(bad)")
                seen += result.stderr
            }
            let left = english.filter { seen.contains($0) }
            #expect(left.isEmpty, "\(code): English left: \(left)")
        }
        // `manual --lang` chooses the page's language whatever the session's; an unknown one is a usage error.
        let german = try runner.run(["manual", "--lang", "de"])
        #expect(
            german.stdout.contains(".SH BEZEICHNUNG") && german.stdout.contains("Dienstprogramme"),
            "\(german.stdout.prefix(300))")
        let unknown = try runner.run(["manual", "--lang", "xx"])
        #expect(unknown.status == 64 && unknown.stderr.contains("zh-Hans"), "\(unknown.stderr)")
    }

    /// The App's own catalogue (its options, the manual's description, `completions` and `manual`): every key the
    /// App's sources use is in it, every language has every key.
    @Test func theAppsCatalogueIsComplete() throws {
        let main = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../App/Main").standardizedFileURL
        let verdict = try StringCatalogCheck.verify(sourcesAt: main)
        #expect(
            verdict.problems.isEmpty, "\(verdict.problems.count) problems, the first: \(verdict.problems.prefix(10))")
        #expect(verdict.missing.isEmpty, "not in the catalogue: \(verdict.missing)")
        #expect(verdict.used > 30)
    }

    /// The App's own catalogue's English (its options, the manual's description).
    static func appPieces() throws -> [String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../App/Main/Resources/Localizable.xcstrings")
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let keys = (root?["strings"] as? [String: Any])?.keys.map { $0 } ?? []
        return keys.flatMap { key in
            key.split(separator: /%(\d+\$)?(@|lld|d)|%%/).map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
            }.filter { $0.split(separator: " ").count >= 3 }
        }
    }
}
