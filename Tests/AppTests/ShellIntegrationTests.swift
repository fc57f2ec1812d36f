import Foundation
import TestSupport
import Testing

/// The completion scripts and the manual page, generated from the declarations: loaded in a real bash, rendered
/// by a real groff, and checked to name every command `help` lists.
@Suite(.serialized) struct ShellIntegrationTests {
    /// The first word of every command `help --format json` lists: the source the generated files must follow.
    private func listedCommands(_ home: TemporaryDirectory) throws -> [String] {
        let help = try AppBinary.runner(home: home).run(["--format", "json", "help"])
        let document = try #require(
            try JSONSerialization.jsonObject(with: help.stdoutData) as? [String: Any])
        let commands = try #require(document["commands"] as? [[String: Any]])
        return commands.filter { ($0["availableIn"] as? String) == nil }.compactMap {
            ($0["name"] as? String)?.split(separator: " ").first
        }
        .map(String.init)
    }

    @Test func bashLoadsTheScriptAndCompletesCommandsOptionsAndPlaces() throws {
        let home = try TemporaryDirectory()
        let scriptPath = home.path + "/skylens.bash"
        let driver = """
            set -u
            source \(scriptPath) || exit 3
            t() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _skylens; echo "${COMPREPLY[*]}"; }
            t skylens we
            t skylens --fo
            t skylens --color a
            t skylens --format json weather Toro
            t skylens search new yo
            t skylens weather --re
            t skylens completions z
            complete -p skylens
            """
        let result = try runCompletion(
            "bash", writtenTo: scriptPath, in: "/bin/bash", home: home, arguments: ["-c", driver])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count >= 8, "\(result.stdout)")
        guard lines.count >= 8 else { return }
        #expect(lines[0] == "weather")
        #expect(lines[1] == "--format")
        #expect(lines[2] == "auto always")
        #expect(lines[3].split(separator: " ").first == "Toronto", "\(lines[3])")
        #expect(lines[4] == "York")
        #expect(lines[5] == "--refresh")
        #expect(lines[6] == "zsh")
        #expect(lines[7] == "complete -F _skylens skylens")
    }

    /// Writes `skylens completions SHELL` to `scriptPath`, and runs `executable` with `arguments`, with `skylens` (a
    /// link to the built App) on the PATH as an installed one would be.
    private func runCompletion(
        _ shell: String, writtenTo scriptPath: String, in executable: String, home: TemporaryDirectory,
        arguments: [String]
    ) throws -> ProcessResult {
        let script = try AppBinary.runner(home: home).run(["completions", shell])
        #expect(script.status == 0)
        try script.stdout.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let bin = home.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/skylens", withDestinationPath: AppBinary.url.path)
        let runner = ProcessRunner(
            executable: URL(fileURLWithPath: executable),
            environment: [
                "PATH": bin + ":/usr/bin:/bin", "SKYLENS_HOME": home.path, "TERM": "dumb", "HOME": home.path,
                "XDG_CONFIG_HOME": home.path + "/config",
            ])
        return try runner.run(arguments)
    }

    /// zsh runs the script's function as its completion system would, with `compadd` and `_describe` standing in
    /// for the widgets (which need a terminal): what it would offer, one per line. CI installs zsh (.ci/run).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")))
    func zshLoadsTheScriptAndCompletes() throws {
        let home = try TemporaryDirectory()
        let scriptPath = home.path + "/_skylens"
        let driver = """
            compadd() { if [[ $1 == -a ]]; then print -l -- ${(P)2}; else [[ $1 == -- ]] && shift; print -l -- "$@"; fi }
            _describe() { print -l -- ${(P)4} }
            _files() { print FILES }
            compdef() { print "compdef $*" }
            source \(scriptPath) || exit 3
            t() { words=("$@"); CURRENT=$#words; _skylens | tr '\\n' ' '; print }
            t skylens we
            t skylens --format ''
            t skylens --format json weather Toro
            t skylens weather --re
            t skylens --log-file ''
            """
        let result = try runCompletion(
            "zsh", writtenTo: scriptPath, in: "/usr/bin/zsh", home: home, arguments: ["-f", "-c", driver])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6, "\(result.stdout)")
        guard lines.count == 6 else { return }
        #expect(lines[0] == "compdef _skylens skylens")
        #expect(lines[1].contains("weather:The weather now"))
        #expect(lines[2] == "text json ")
        #expect(lines[3].hasPrefix("Toronto "), "\(lines[3])")
        #expect(lines[4] == "--refresh ")
        #expect(lines[5] == "FILES ")
    }

    /// fish completes a command line without a terminal (`complete -C`). CI installs fish (.ci/run).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish")))
    func fishLoadsTheScriptAndCompletes() throws {
        let home = try TemporaryDirectory()
        let scriptPath = home.path + "/skylens.fish"
        let driver = """
            source \(scriptPath); or exit 3
            for line in "skylens we" "skylens --format " "skylens --format json weather Toronto" "skylens weather --re" "skylens completions z"
                complete -C "$line" | string replace -r '\\t.*' '' | string join ' '
            end
            exit 0
            """
        let result = try runCompletion(
            "fish", writtenTo: scriptPath, in: "/usr/bin/fish", home: home, arguments: ["--no-config", "-c", driver])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines == ["weather", "json text", "Toronto", "--refresh", "zsh"], "\(result.stdout)")
    }

    @Test func everyScriptNamesEveryListedCommandAndGlobalOption() throws {
        let home = try TemporaryDirectory()
        let commands = try listedCommands(home)
        #expect(commands.contains("weather") && commands.contains("completions") && commands.contains("manual"))
        let options = ["--format", "--color", "--data-dir", "--offline", "--timeout", "--provider"]
        for shell in ["bash", "zsh", "fish"] {
            let script = try AppBinary.runner(home: home).run(["completions", shell])
            #expect(script.status == 0)
            for command in commands {
                #expect(script.stdout.contains(command), "\(shell) lacks \(command)")
            }
            for option in options {
                let spelled = shell == "fish" ? "-l \(option.dropFirst(2))" : option
                #expect(script.stdout.contains(spelled), "\(shell) lacks \(option)")
            }
            #expect(script.stdout.contains("__complete"))
        }
        let zsh = try AppBinary.runner(home: home).run(["completions", "zsh"])
        #expect(zsh.stdout.hasPrefix("#compdef skylens\n"))
        // Written as it is, never wrapped to the terminal's width.
        let narrow = try AppBinary.runner(home: home, environment: ["COLUMNS": "40"]).run(["completions", "bash"])
        let wide = try AppBinary.runner(home: home).run(["completions", "bash"])
        #expect(narrow.stdout == wide.stdout)
        let unknown = try AppBinary.runner(home: home).run(["completions", "tcsh"])
        #expect(unknown.status == 64 && unknown.stderr.contains("bash, zsh or fish"))
        let json = try AppBinary.runner(home: home).run(["--format", "json", "completions", "fish"])
        #expect(json.status == 0 && json.stdout.contains(#""shell":"fish""#))
    }

    @Test func theCallbackAnswersOneCandidatePerLine() throws {
        let home = try TemporaryDirectory()
        let runner = AppBinary.runner(home: home)
        let places = try runner.run(["__complete", "--", "weather", "Lisb"])
        #expect(places.status == 0 && places.stdout.split(separator: "\n").first == "Lisbon")
        // A list cut short is never offered its note (`…and N more`).
        let many = try runner.run(["__complete", "--", "weather", "S"])
        #expect(!many.stdout.isEmpty && !many.stdout.contains("…"))
        let options = try runner.run(["--format", "json", "__complete", "--", "contact", "send", "--"])
        #expect(options.stdout.contains("--email\n"), "\(options.stdout)")
        let nothing = try runner.run(["__complete"])
        #expect(nothing.status == 0 && nothing.stdout.isEmpty)
    }

    @Test func theManualRendersCleanlyAndNamesEveryCommandAndExitStatus() throws {
        let home = try TemporaryDirectory()
        let page = try AppBinary.runner(home: home).run(["manual"])
        #expect(page.status == 0)
        #expect(page.stdout.hasPrefix(".TH SKYLENS 1 "))
        let path = home.path + "/skylens.1"
        try page.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        // groff with every warning on: a roff mistake (an unknown request, a bad escape) is a warning.
        let groff = ProcessRunner(executable: URL(fileURLWithPath: "/usr/bin/groff"), environment: ["LANG": "C.UTF-8"])
        let checked = try groff.run(["-man", "-Tutf8", "-ww", "-k", "-z", path])
        #expect(checked.status == 0 && checked.stderr.isEmpty, "\(checked.stderr)")
        let rendered = try groff.run(["-man", "-Tascii", "-k", "-P", "-cbou", path])
        let text = rendered.stdout
        for section in ["NAME", "SYNOPSIS", "OPTIONS", "COMMANDS", "EXIT STATUS", "ENVIRONMENT", "FILES"] {
            #expect(text.contains("\n\(section)\n"), "no \(section)")
        }
        for command in try listedCommands(home) {
            #expect(text.contains("       \(command)"), "the manual lacks \(command)")
        }
        for status in ["0", "64", "65", "67", "69", "75", "78"] {
            // A short tag shares its line with the text: `       64     A usage error…`.
            #expect(
                text.contains("\n       \(status)" + String(repeating: " ", count: 7 - status.count)), "lacks \(status)"
            )
        }
        #expect(text.contains("--format format"))
    }
}
