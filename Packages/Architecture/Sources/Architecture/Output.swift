import CoreKit

/// Why a command did not do its work, with a code for JSON and an exit status a script can act on (`sysexits.h`
/// where one fits): 64 a usage error, 65 input that is not valid (the contact form), 67 a place that cannot be
/// resolved, 69 a service unreachable or failing with nothing kept to show, 75 a temporary failure worth retrying
/// (a timeout, a rate limit, a delivery to try again), 78 a configuration to fix (a refused key), 73 something to keep
/// that could not be written, 70 a fault of SkyLens's own, 1 any other failure.
public struct CommandError: Error, Equatable, Sendable {
    public enum Kind: Sendable, Equatable {
        case usage
        case failure
        /// SkyLens's own fault (an answer it could not encode): not the user's, not the network's.
        case `internal`
        /// Fields that are not valid (`EX_DATAERR`, 65).
        case invalidInput
        /// No place of that name, id or text (`EX_NOUSER`, 67: the addressee is unknown).
        case unknownPlace
        /// The service cannot be reached or fails, and nothing kept can stand in (`EX_UNAVAILABLE`, 69).
        case unavailable
        /// Worth trying again later: a timeout, a rate limit (`EX_TEMPFAIL`, 75).
        case temporary
        /// A setting to fix: a key refused or missing (`EX_CONFIG`, 78).
        case configuration
        /// What was to be kept (a message, a favourite, a setting) could not be written to the store: said plainly,
        /// never claimed kept (`EX_CANTCREAT`, 73).
        case notKept
    }

    public var kind: Kind
    /// A stable, machine-readable code: `usage`, `validation`, `not_found`, `server_error`…
    public var code: String
    public var message: String
    /// Extra machine-readable facts (for validation: one message per field).
    package var details: [String: String]

    /// A request the user interrupted (Ctrl-C): the session says "Cancelled." itself, once.
    package var isInterrupted = false

    package init(kind: Kind, code: String, message: String, details: [String: String] = [:]) {
        self.kind = kind
        self.code = code
        self.message = message
        self.details = details
    }

    /// A request the user interrupted: its JSON error says so (`"interrupted": "true"`), and the session's own
    /// "Cancelled." stands for its message in text.
    public static func interrupted(_ code: String, _ message: String) -> Self {
        var error = Self(kind: .failure, code: code, message: message, details: ["interrupted": "true"])
        error.isInterrupted = true
        return error
    }

    public static func usage(_ message: String) -> Self {
        Self(kind: .usage, code: "usage", message: message)
    }

    public static func failure(
        _ code: String, _ message: String, details: [String: String] = [:], kind: Kind = .failure
    ) -> Self {
        Self(kind: kind, code: code, message: message, details: details)
    }

    package var exitCode: Int32 {
        switch kind {
        case .usage: 64
        case .failure: 1
        case .internal: 70
        case .invalidInput: 65
        case .unknownPlace: 67
        case .unavailable: 69
        case .temporary: 75
        case .configuration: 78
        case .notKept: 73
        }
    }
}

/// A JSON answer of a command. Its kind names its schema (`Schemas/<kind>.schema.json` of its package) and the shell stamps
/// both into the document it writes: `"schema": "skylens.weather/1"`. The version goes up when a field is removed,
/// renamed or changes meaning; a field added keeps it (see docs/json/README.md).
public protocol JSONDocument: Encodable, Sendable {
    /// `weather`, `search`, `error`: one kind per shape of document.
    static var kind: String { get }
    /// 1 unless a change broke the shape.
    static var version: Int { get }
}

extension JSONDocument {
    public static var version: Int { 1 }

    /// `skylens.weather/1`.
    package static var schema: String { "skylens.\(kind)/\(version)" }
}

/// What a command produced: text for a person and, for `--format json`, a document.
public struct CommandOutput: Sendable {
    public var text: String
    package var json: (any JSONDocument)?
    /// A view to open full-screen instead of printing `text`, in an interactive session on a terminal (see
    /// `FullScreen`); elsewhere `text` (or `json`) is written as usual.
    public var fullScreen: (any FullScreen)?
    /// A file's text (a script, a manual page): written as it is, never laid out to the terminal's width.
    package var isVerbatim: Bool
    /// Built from data older than its provider's refresh interval (said in the text and the JSON's `stale`): the
    /// command exits with `CommandOutput.oldDataStatus`, so that a status-bar script can tell by the status alone.
    package var isOld: Bool
    /// Shows what the command was asked to watch for (a warning at or above `alerts --fail-on`): the command exits
    /// with `CommandOutput.alarmStatus`, whatever the data's age, so that `… || notify-send` works in cron.
    package var isAlarm: Bool
    /// The answer to a yes-or-no question (`rain --within 2h`): the command exits 0 for yes and
    /// `CommandOutput.noStatus` for no, whatever the data's age (said in the text and the JSON), so that
    /// `skylens rain --within 30m && echo umbrella` works; nil for every other answer.
    package var yesOrNo: Bool?
    /// The text is itself in a format another program reads (a status bar's, `weather --line --format waybar`): it
    /// is written as it is whatever the session's format (a configured `format: json` must not break a bar).
    package var isOwnFormat: Bool

    public init(
        text: String, json: (any JSONDocument)? = nil, fullScreen: (any FullScreen)? = nil,
        isVerbatim: Bool = false, isOld: Bool = false, isAlarm: Bool = false, yesOrNo: Bool? = nil,
        isOwnFormat: Bool = false
    ) {
        self.text = text
        self.json = json
        self.fullScreen = fullScreen
        self.isVerbatim = isVerbatim
        self.isOld = isOld
        self.isAlarm = isAlarm
        self.yesOrNo = yesOrNo
        self.isOwnFormat = isOwnFormat
    }

    /// The exit status of an answer written in full but built from old data: 3, outside `sysexits.h`'s range and
    /// the shells' own (1, 2, 126–165), so that it is never mistaken for a failure's.
    package static let oldDataStatus: Int32 = 3
    /// The exit status of an answer written in full that shows what the command was asked to watch for: 4, for the
    /// same reasons as 3.
    package static let alarmStatus: Int32 = 4
    /// The exit status of a "no" (`yesOrNo`): 1, as `grep` and `test` say no.
    package static let noStatus: Int32 = 1

    public static let empty = CommandOutput(text: "")
}
