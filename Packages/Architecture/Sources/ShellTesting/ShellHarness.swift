import Architecture
import CommandShell
import Localization

/// A shell around some plugins, with scripted input and captured output: how a feature's tests run its commands as a
/// user types them. Shared by every feature package (product `ShellTesting`), so none keeps a copy.
@MainActor
public struct ShellHarness {
    public let shell: Shell
    public let output: CapturedOutput

    /// - Parameter placeNames: what Tab offers for a place's name (the App gives the city list's).
    public init(
        plugins: [any FeaturePlugin], format: OutputFormat = .text, terminal: TerminalInfo = .plain,
        input: [String] = [], placeNames: (@Sendable ([String], String) -> [String])? = nil,
        language: Language = .english
    ) {
        let output = CapturedOutput()
        self.output = output
        var configuration = Shell.Configuration(
            version: "test", tagline: "test", format: format, terminal: terminal, placeNames: placeNames)
        configuration.language = language
        configuration.languageSource = "--lang"
        shell = Shell(configuration: configuration, plugins: plugins, input: ScriptedInput(input), output: output)
    }

    /// Runs a line and returns what it printed on standard output.
    @discardableResult
    public func run(_ line: String) async -> String {
        let before = output.stdout
        _ = await shell.execute(line: line)
        return String(output.stdout.dropFirst(before.count))
    }

    /// Runs a line and returns how it ended.
    public func status(_ line: String) async -> Shell.Outcome { await shell.execute(line: line) }
}
