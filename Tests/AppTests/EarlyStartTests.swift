import Foundation
import TestSupport
import Testing

/// Issue 30: a command's start (its settings, its configuration, its store connected) is made on another core while
/// ArgumentParser reads the command line, from a guess of the global options at its front; it is used only when
/// ArgumentParser read the same options, else put aside and made again from what ArgumentParser read.
@Suite(.serialized) struct EarlyStartTests {
    @Test func whatArgumentParserReadsIsWhatCountsWhateverTheGuess() throws {
        let home = try TemporaryDirectory()
        func run(_ arguments: [String]) throws -> ProcessResult { try AppBinary.runner(home: home).run(arguments) }
        // `--lang=` with nothing after the `=`: ArgumentParser takes the next word as the value, where the guess took
        // an empty one. The start made from the guess is put aside; the answer is ArgumentParser's reading.
        let empty = try run(["--lang=", "search", "toronto"])
        #expect(empty.status == 64 && empty.stderr.contains("not 'search'"), "\(empty.stderr)")
        // The options in each form the guess reads give the same answer as the other.
        let spaced = try run(["--format", "json", "--lang", "de", "search", "toronto"])
        let attached = try run(["--format=json", "--lang=de", "search", "toronto"])
        #expect(spaced.status == 0 && spaced.stdout.contains(#""name":"Toronto""#), "\(spaced.stdout)")
        #expect(attached.stdout == spaced.stdout)
        // The command after a `--`, as scripts write it.
        #expect(try run(["--format", "json", "--lang", "de", "--", "search", "toronto"]).stdout == spaced.stdout)
        // A form it does not read is left to ArgumentParser, as ever.
        let misspelt = try run(["--frmat", "json", "search", "toronto"])
        #expect(misspelt.status == 64 && misspelt.stderr.contains("--frmat"))
        // The store connected early is the one the options name: a language kept there, and only there.
        let other = try TemporaryDirectory()
        #expect(try run(["--data-dir", other.path, "lang", "fr"]).status == 0)
        let french = try run(["--data-dir=\(other.path)", "--offline", "sky", "Paris"])
        #expect(french.status == 0 && french.stdout.contains("Le ciel à Paris"), "\(french.stdout)")
        let english = try run(["--offline", "sky", "Paris"])
        #expect(english.status == 0 && english.stdout.contains("Sky over Paris"), "\(english.stdout)")
        // `--version` and `--help` make no start: answered as before.
        #expect(try run(["--version"]).stdout == "0.1.0\n")
        let help = try run(["--help"])
        #expect(help.status == 0 && help.stdout.contains("--data-dir"))
    }
}
