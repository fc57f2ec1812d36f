import Architecture
import CommandShell
import CoreKit

extension ShellHarness {
    /// The example lines of every command the plugins declare that works anywhere (a command of one view needs its
    /// view first): what a feature's own tests run at every width, so that a new command is checked by declaring it.
    public var examplesOfCommandsAnywhere: [String] {
        shell.declaredCommands.filter { $0.view == nil && $0.group != Shell.generalGroup }.flatMap(\.spec.examples)
    }

    /// Every declared command, listed or not, by name: each should have an example or be run by the feature's tests.
    public var declaredCommandNames: [String] { shell.declaredCommands.map(\.spec.name) }

    /// Runs each line (in this harness's session) and returns those refused as usage errors (exit 64): an example
    /// must be a valid invocation of its command.
    public func usageErrors(running lines: [String]) async -> [String] {
        var refused: [String] = []
        for line in lines {
            let command = line.split(separator: ">", maxSplits: 1).first.map(String.init) ?? line
            if await shell.execute(line: command) == .completed(status: 64) { refused.append(line) }
        }
        return refused
    }

    /// Runs each line (one after another, in this harness's session) and returns every line of standard output and
    /// standard error wider than `width` columns, with the line that wrote it. A redirection in an example
    /// (`manual > skylens.1`) is not the command's: the words from `>` on are left out.
    public func linesWiderThan(_ width: Int, running lines: [String]) async -> [String] {
        var wide: [String] = []
        for line in lines {
            let command = line.split(separator: ">", maxSplits: 1).first.map(String.init) ?? line
            let before = (output.stdout.count, output.stderr.count)
            _ = await shell.execute(line: command)
            for text in [String(output.stdout.dropFirst(before.0)), String(output.stderr.dropFirst(before.1))] {
                for written in text.split(separator: "\n") where DisplayWidth.columns(of: written) > width {
                    wide.append("\(line): \(written)")
                }
            }
        }
        return wide
    }
}
