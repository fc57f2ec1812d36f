import Configuration
import CoreKit
import Foundation
import Synchronization
import SystemPackage

/// What a config file may be, checked before a YAML parser sees it: a file of a dozen settings cannot stop the App.
/// A 438-byte file of aliases nested five deep took 89 s at every start, and at 525 bytes the App never started and
/// ignored Ctrl-C (the YAML provider expands aliases without limit); 60,000 unknown keys took 35 s and printed
/// 180,000 lines; invalid UTF-8 gave Foundation's own message. Each refusal is one line, and the file is ignored.
extension Sentence.Table {
    /// The App's words (`SkyLens_App`): the settings' and the config file's problems among them.
    static let app = Self(bundle: "SkyLens_App")
}

enum ConfigFileLimits {
    /// Bytes: the settings and their comments take a few hundred.
    static let bytes = 65_536
    /// Top-level keys: there are a dozen settings.
    static let keys = 100
    /// How long the parse may take before the file is given up.
    static let deadline: Duration = .seconds(2)
    /// How many problems with keys are said, one line each; the rest are counted.
    static let problemsShown = 5

    /// Why the file is ignored, to be said in the user's language (the App's catalogue).
    struct Refusal: Error {
        var reason: Sentence
        /// `line 3`, `line 3, column 5`.
        var position: Sentence? = nil

        init(reason: Sentence, line: Int? = nil) {
            self.reason = reason
            position = line.map { Sentence("line %@", .number($0), table: .app) }
        }

        init(reason: Sentence, position: Sentence?) {
            self.reason = reason
            self.position = position
        }
    }

    /// The file's text, when it is UTF-8 (said with the first bad byte's line when it is not).
    static func text(atPath path: String) throws(Refusal) -> String {
        let read: Data?
        do throws(FileReadError) { read = try RegularFile.read(path, limit: bytes) } catch {
            throw Refusal(reason: Sentence("it cannot be read (%@)", .text(error.reason), table: .app))
        }
        guard let data = read else { return "" }
        guard let text = String(validating: data, as: UTF8.self) else {
            let bytes = [UInt8](data)
            var index = 0, line = 1
            // The first byte that does not start a valid sequence: the line it is on.
            while index < bytes.count {
                let length = sequenceLength(bytes, at: index)
                guard length > 0 else { break }
                if bytes[index] == 0x0A { line += 1 }
                index += length
            }
            throw Refusal(
                reason: Sentence("it is not UTF-8 text (byte %@ is not)", .number(index + 1), table: .app), line: line)
        }
        return text
    }

    /// Refuses anchors and aliases (`&name`, `*name`), a tag (`!!`), and more than `keys` top-level keys, outside
    /// quotes and comments.
    static func check(_ text: String) throws(Refusal) {
        var topLevelKeys = 0
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let first = line.first, first != " ", first != "#", first != "-", line.contains(":") {
                topLevelKeys += 1
                if topLevelKeys > keys {
                    throw Refusal(
                        reason: Sentence(
                            "it has more than %@ settings (there are a dozen); it looks like something else",
                            .number(keys), table: .app),
                        line: index + 1)
                }
            }
            if let found = anchorOrAlias(in: line) {
                let reason =
                    found == "&"
                    ? Sentence("YAML anchors are not read in the config file (write each value out)", table: .app)
                    : found == "*"
                        ? Sentence("YAML aliases are not read in the config file (write each value out)", table: .app)
                        : Sentence("YAML tags are not read in the config file (write each value out)", table: .app)
                throw Refusal(reason: reason, line: index + 1)
            }
        }
    }

    /// The YAML provider over the file, given `deadline` to read it: a parse that does not end in time (a file made
    /// to be slow) is given up and the App starts without it.
    static func parse(_ path: String) async throws(Refusal) -> FileProvider<YAMLSnapshot> {
        // The parse's outcome, or nil at the deadline, whichever comes first; a parse that never ends is left behind
        // (a task group would wait for it: a group awaits its children before it returns).
        let race = Handover<Result<FileProvider<YAMLSnapshot>, any Error>?>()
        Task.detached {
            do {
                let provider = try await FileProvider<YAMLSnapshot>(filePath: FilePath(path), allowMissing: true)
                race.give(.success(provider))
            } catch {
                race.give(.failure(error))
            }
        }
        Task.detached {
            try? await Task.sleep(for: deadline)
            race.give(nil)
        }
        let outcome = await race.value
        switch outcome {
        case .success(let provider)?: return provider
        case .failure(let error)?: throw Refusal(reason: describe(error), position: position(of: error))
        case nil:
            throw Refusal(
                reason: Sentence(
                    "it could not be read within %@ s", .number(Int(deadline.components.seconds)), table: .app))
        }
    }

    /// `&`, `*` or `!` where a YAML node starts (after `:`, `-`, `[`, `{`, `,`, `?` or at the start of a line), outside
    /// quotes and comments; nil when there is none.
    static func anchorOrAlias(in line: Substring) -> Character? {
        var quote: Character?
        var previous: Character = " "
        var nodeStart = true
        for character in line {
            if let open = quote {
                if character == open { quote = nil }
                previous = character
                continue
            }
            switch character {
            case "\"", "'":
                if nodeStart { quote = character }
            case "#" where previous == " " || previous == "\t":
                return nil
            // (Each pattern its own `where`: one after the last binds to it alone, and an `&` inside an unquoted
            // URL's query was taken for an anchor.)
            case "&" where nodeStart, "*" where nodeStart, "!" where nodeStart:
                return character
            case ":", "-", "[", "{", ",", "?":
                nodeStart = true
                previous = character
                continue
            case " ", "\t":
                previous = character
                continue
            default:
                break
            }
            nodeStart = false
            previous = character
        }
        return nil
    }

    /// The length of the UTF-8 sequence at `index`, 0 when it is not a valid one.
    private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        for offset in 1..<length where bytes[index + offset] & 0xC0 != 0x80 { return 0 }
        return length
    }

    /// The position in a YAML parser's message (`3:5: error: …`, `… in line 3, column 5`).
    private static func position(of error: any Error) -> Sentence? {
        let text = "\(error)"
        if let match = text.firstMatch(of: /^(\d+):(\d+):/) {
            return Sentence("line %1$@, column %2$@", .text(String(match.1)), .text(String(match.2)), table: .app)
        }
        if let match = text.firstMatch(of: /line (\d+)/) {
            return Sentence("line %@", .text(String(match.1)), table: .app)
        }
        return nil
    }

    /// A parser's message (`3:5: error: scanner: what went wrong:`, then the line and a caret), in a line of its
    /// own words: what went wrong, without the position (said already), a library's name or its closing colon.
    private static func describe(_ error: any Error) -> Sentence {
        var text = "\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)"
        if let position = text.firstMatch(of: /^\d+:\d+: (error: )?/) {
            text = String(text[position.range.upperBound...])
        }
        for prefix in ["scanner: ", "parser: "] where text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
        while text.hasSuffix(":") { text.removeLast() }
        return Sentence(
            "it is not valid YAML: %@", .text(TerminalText.sanitize(String(text.prefix(200)))), table: .app)
    }
}
