import Architecture
import CommandShell
import Foundation
import Localization

/// An option of the program itself, given before the command (`--format json`).
public struct GlobalOption: Sendable, Equatable {
    public var name: String
    /// Nil for a flag (`--offline`).
    public var valueName: String?
    public var help: String
    /// What completion offers for the value (`text`, `json`).
    public var values: [String]
    /// The value is a path: completion offers files.
    public var isPath: Bool

    public init(_ name: String, value: String? = nil, help: String, values: [String] = [], isPath: Bool = false) {
        self.name = name
        self.valueName = value
        self.help = help
        self.values = values
        self.isPath = isPath
    }
}

/// A name and what it means: an environment variable, a file, an exit status.
public struct DescribedItem: Sendable, Equatable {
    public var name: String
    public var meaning: String

    public init(_ name: String, _ meaning: String) {
        self.name = name
        self.meaning = meaning
    }
}

/// Everything the manual page and the completion scripts say about the program, gathered from the declarations
/// that also drive `help`, `--help` and Tab in a session: they cannot drift apart.
public struct ProgramDescription: Sendable {
    public var name: String
    public var title: String
    public var version: String
    public var summary: String
    /// Paragraphs.
    public var description: [String]
    public var options: [GlobalOption]
    public var commands: [DeclaredCommand]
    public var exitStatuses: [DescribedItem]
    public var environment: [DescribedItem]
    public var files: [DescribedItem]
    public var examples: [DescribedItem]

    public init(
        name: String, title: String, version: String, summary: String, description: [String],
        options: [GlobalOption], commands: [DeclaredCommand], exitStatuses: [DescribedItem] = CommandError.exitStatuses,
        environment: [DescribedItem] = [], files: [DescribedItem] = [], examples: [DescribedItem] = []
    ) {
        self.name = name
        self.title = title
        self.version = version
        self.summary = summary
        self.description = description
        self.options = options
        self.commands = commands
        self.exitStatuses = exitStatuses
        self.environment = environment
        self.files = files
        self.examples = examples
    }

    /// The first word of every command, once, in declaration order: what completion offers first.
    var commandWords: [(word: String, summary: String)] {
        var seen = Set<String>()
        return commands.filter { $0.view == nil }.compactMap { command in
            guard let word = command.spec.words.first, seen.insert(word).inserted else { return nil }
            let summary = command.spec.words.count == 1 ? command.spec.summary : "\(word) commands"
            return (word, summary)
        }
    }

    /// The options that take a value, as shell patterns: `--format|--color|…`.
    var valueOptionPattern: String {
        let names = options.filter { $0.valueName != nil }.map { "--\($0.name)" }
        return names.isEmpty ? "--__none__" : names.joined(separator: "|")
    }
}

extension CommandError {
    /// Every exit status a command can end with, and what it means: the manual's EXIT STATUS section, in English.
    public static var exitStatuses: [DescribedItem] { exitStatuses(.english()) }

    /// The exit statuses in the user's language (`words`: `ManualPage.catalogue()`'s).
    public static func exitStatuses(_ words: Words) -> [DescribedItem] {
        [
            DescribedItem("0", words("Success.")),
            DescribedItem(
                "3",
                words(
                    "The answer is written in full but built from old data: kept because the service could not be reached, or observed more than three hours ago (JSON says \"stale\": true)."
                )),
            DescribedItem(
                "4",
                words(
                    "The answer is written in full and shows what the command was asked to watch for: a warning in force at or above the level of alerts --fail-on (whatever the answer's age)."
                )),
            DescribedItem("1", words("Any other failure.")),
            DescribedItem(
                "64", words("A usage error: an unknown command or option, a missing or malformed argument (EX_USAGE).")),
            DescribedItem("65", words("Input that is not valid: a contact form field (EX_DATAERR).")),
            DescribedItem(
                "67", words("A place that cannot be resolved: unknown, or ambiguous where one is needed (EX_NOUSER).")),
            DescribedItem(
                "69",
                words("The service cannot be reached or fails, and nothing kept can stand in (EX_UNAVAILABLE).")),
            DescribedItem("70", words("A fault of SkyLens's own (EX_SOFTWARE).")),
            DescribedItem(
                "73",
                words(
                    "Something to keep (a message, a favourite, a setting) could not be written: the data directory is unusable, read-only or full (EX_CANTCREAT)."
                )),
            DescribedItem("74", words("Standard output cannot be written (a full disk, say) (EX_IOERR).")),
            DescribedItem(
                "75",
                words(
                    "A temporary failure worth retrying: a timeout, a rate limit, a delivery to try again (EX_TEMPFAIL)."
                )),
            DescribedItem("78", words("A setting to fix: a key refused or missing (EX_CONFIG).")),
        ]
    }
}
