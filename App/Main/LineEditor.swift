import Architecture
import CEditLine
import CTerminal
import CommandShell
import CoreKit
import Foundation
import Synchronization

/// libedit, loaded once at run time (`SKYLENS_LIBEDIT` names another file, or `none`).
enum LibEdit {
    /// Nil when loaded; otherwise why not, in words.
    static let unavailableReason: String? = {
        let requested = ProcessInfo.processInfo.environment["SKYLENS_LIBEDIT"]
        if requested == "none" { return "SKYLENS_LIBEDIT is none" }
        if skylens_editline_load(requested) == 1 { return nil }
        return TerminalText.sanitize(String(cString: skylens_editline_error()))
    }()
}

/// The interactive line editor, on libedit: editing keys (emacs bindings, and Home, End and Delete as tmux and
/// screen send them), history kept in the data directory, tab completion of commands and arguments, Ctrl-C that
/// clears the line instead of killing the App, and Ctrl-Z that suspends it.
///
/// All libedit calls happen on one serial queue (`queue`); that is what makes the unchecked `Sendable` sound: the
/// `EditLine` and `History` pointers are only touched there (and in `deinit`, when nothing else holds the editor).
final class LineEditor: LineInput, @unchecked Sendable {
    private let editLine: OpaquePointer
    private let history: OpaquePointer
    private let historyPath: String?
    private let queue = DispatchQueue(label: "skylens.line-editor")
    private let completion = Mutex(CompletionModel(commands: []))
    /// The prompt as a C string, alive while libedit may read it.
    private var promptStorage: UnsafeMutablePointer<CChar>?
    /// Set by the Ctrl-C binding: the line ended because it was abandoned, not because input ended.
    private var interrupted = false

    /// The longest line taken (bytes); a longer one is refused.
    let lineLimit: Int

    init?(historyPath: String?, lineLimit: Int) {
        guard LibEdit.unavailableReason == nil else { return nil }
        self.lineLimit = lineLimit
        if setlocale(LC_CTYPE, "") == nil || !String(cString: setlocale(LC_CTYPE, nil)).lowercased().contains("utf") {
            _ = setlocale(LC_CTYPE, "C.UTF-8")
        }
        guard let editLine = skylens_el_init("skylens") else { return nil }
        guard let history = skylens_history_init() else {
            skylens_el_end(editLine)
            return nil
        }
        self.editLine = editLine
        self.history = history
        self.historyPath = historyPath
        skylens_history_set_size(history, 1_000)
        skylens_history_set_unique(history, 1)
        if let historyPath { skylens_history_load(history, historyPath) }
        skylens_el_set_editor(editLine, "emacs")
        skylens_el_set_history(editLine, history)
        skylens_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        skylens_el_set_prompt(editLine) { editLine in
            guard let editLine, let data = skylens_el_get_clientdata(editLine) else { return nil }
            return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().promptStorage
        }
        skylens_el_add_function(editLine, "skylens-complete", "Complete the word") { editLine, _ in
            guard let editLine, let data = skylens_el_get_clientdata(editLine) else {
                return UInt8(SKYLENS_CC_ERROR)
            }
            return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().complete(editLine)
        }
        skylens_el_add_function(editLine, "skylens-interrupt", "Abandon the line") { editLine, _ in
            guard let editLine, let data = skylens_el_get_clientdata(editLine) else {
                return UInt8(SKYLENS_CC_ERROR)
            }
            Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().interrupted = true
            // Empty the line and end it: the REPL sees an empty line and shows a fresh prompt.
            if let info = skylens_el_line(editLine), let buffer = info.pointee.buffer, let cursor = info.pointee.cursor,
                let last = info.pointee.lastchar
            {
                // libedit counts characters, not bytes.
                func characters(_ from: UnsafePointer<CChar>, _ to: UnsafePointer<CChar>) -> Int32 {
                    let bytes = UnsafeRawBufferPointer(start: from, count: max(0, to - from))
                    return Int32(String(decoding: bytes, as: UTF8.self).unicodeScalars.count)
                }
                skylens_el_cursor(editLine, characters(cursor, last))
                skylens_el_deletestr(editLine, characters(buffer, last))
            }
            skylens_print_to_stdout("^C\n")
            return UInt8(SKYLENS_CC_NEWLINE)
        }
        // Edit mode turns the terminal's signal keys off (`-isig`), so Ctrl-Z arrives as a key too: the App stops
        // with the terminal's own modes given back, and redraws the line when it continues (`fg`).
        skylens_el_add_function(editLine, "skylens-suspend", "Suspend SkyLens") { _, _ in
            skylens_print_to_stdout("\n")
            skylens_terminal_suspend()
            return UInt8(SKYLENS_CC_REDISPLAY)
        }
        skylens_el_bind(editLine, "^I", "skylens-complete")
        skylens_el_settty(editLine, "-isig")
        skylens_el_bind(editLine, "^C", "skylens-interrupt")
        skylens_el_bind(editLine, "^Z", "skylens-suspend")
        // Home, End and Delete as tmux, screen, the Linux console, rxvt and xterm send them; unbound, libedit
        // would read `\e[1` as a prefix and insert the `~`.
        for key in ["\u{1B}[1~", "\u{1B}[7~", "\u{1B}[H", "\u{1B}OH"] {
            skylens_el_bind(editLine, key, "ed-move-to-beg")
        }
        for key in ["\u{1B}[4~", "\u{1B}[8~", "\u{1B}[F", "\u{1B}OF"] {
            skylens_el_bind(editLine, key, "ed-move-to-end")
        }
        skylens_el_bind(editLine, "\u{1B}[3~", "ed-delete-next-char")
    }

    deinit {
        skylens_el_end(editLine)
        skylens_history_end(history)
        promptStorage.map { free($0) }
    }

    /// What tab completion offers; the REPL updates it before each prompt (it follows the router).
    func setCompletionModel(_ model: CompletionModel) {
        completion.withLock { $0 = model }
    }

    /// A line for a form's question: not kept in the history.
    func readLine(prompt: String) async -> String? {
        await read(prompt: prompt, remember: false)
    }

    /// The same, and whether it was ended by Ctrl-C.
    func readAnswer(prompt: String) async -> (line: String?, interrupted: Bool) {
        let line = await read(prompt: prompt, remember: false)
        return (line, queue.sync { interrupted })
    }

    /// A command line: kept in the history (and saved at once, so a crash does not lose it).
    func readCommand(prompt: String) async -> String? {
        await read(prompt: prompt, remember: true)
    }

    private func read(prompt: String, remember: Bool) async -> String? {
        await withCheckedContinuation { continuation in
            queue.async { [self] in
                continuation.resume(returning: readSynchronously(prompt: prompt, remember: remember))
            }
        }
    }

    private func readSynchronously(prompt: String, remember: Bool) -> String? {
        promptStorage.map { free($0) }
        promptStorage = strdup(prompt)
        var count: Int32 = 0
        interrupted = false
        // The window may have changed size since the last line (libedit notices only with its own signal handling).
        skylens_el_resize(editLine)
        let raw = skylens_el_gets(editLine, &count)
        if interrupted { return "" }
        guard let raw, count > 0 else { return nil }
        if Int(count) > lineLimit + 1 {
            skylens_print_to_stdout(InputLimits.refusal(bytes: Int(count) - 1, limit: lineLimit) + "\n")
            return ""
        }
        var line = String(cString: raw)
        if line.hasSuffix("\n") { line.removeLast() }
        if remember, !line.trimmingSpaces.isEmpty {
            skylens_history_enter(history, line)
            if let historyPath { saveHistory(to: historyPath) }
        }
        return line
    }

    /// Writes the history beside the file and renames it over, once the copy is checked whole (one line per entry
    /// after libedit's header): libedit writes in place and does not see a write that fails when its buffer is
    /// flushed, so on a full disk the old history would be cut to nothing.
    private func saveHistory(to path: String) {
        let temporary = "\(path).saving-\(getpid())"
        let written = skylens_history_save(history, temporary)
        let expected = Int(skylens_history_size(history)) + 1
        if written >= 0, let data = FileManager.default.contents(atPath: temporary), data.last == 0x0A,
            data.reduce(0, { $1 == 0x0A ? $0 + 1 : $0 }) == expected, chmod(temporary, 0o600) == 0,
            rename(temporary, path) == 0
        {
            return
        }
        unlink(temporary)
    }

    private func complete(_ editLine: OpaquePointer) -> UInt8 {
        guard let info = skylens_el_line(editLine), let buffer = info.pointee.buffer, let cursor = info.pointee.cursor
        else { return UInt8(SKYLENS_CC_ERROR) }
        let start = UnsafeRawPointer(buffer)
        let length = cursor - buffer
        let before = String(decoding: UnsafeRawBufferPointer(start: start, count: length), as: UTF8.self)
        let model = completion.withLock { $0 }
        let (partial, offered) = model.complete(before)
        // A line starting with "…" is a note for the list ("…and 312 more"), never a word to insert.
        let notes = offered.filter { $0.hasPrefix("…") }
        let candidates = offered.filter { !$0.hasPrefix("…") }
        guard !candidates.isEmpty else { return UInt8(SKYLENS_CC_REFRESH_BEEP) }
        if candidates.count == 1, notes.isEmpty {
            let word = CommandLineTokenizer.quote(candidates[0])
            skylens_el_deletestr(editLine, Int32(partial.unicodeScalars.count))
            skylens_el_insertstr(editLine, word + " ")
            return UInt8(SKYLENS_CC_REFRESH)
        }
        let common = CompletionModel.commonPrefix(candidates)
        if common.count > partial.count, notes.isEmpty {
            skylens_el_deletestr(editLine, Int32(partial.unicodeScalars.count))
            skylens_el_insertstr(editLine, common)
            return UInt8(SKYLENS_CC_REFRESH)
        }
        let width = (candidates.map(\.count).max() ?? 0) + 2
        let columns = max(1, 78 / width)
        var text = "\n"
        for (index, candidate) in candidates.prefix(200).enumerated() {
            text += candidate.padding(toLength: width, withPad: " ", startingAt: 0)
            if (index + 1) % columns == 0 { text += "\n" }
        }
        if candidates.count > 200 { text += "\n… and \(candidates.count - 200) more" }
        for note in notes { text += (text.hasSuffix("\n") ? "" : "\n") + note }
        if !text.hasSuffix("\n") { text += "\n" }
        skylens_print_to_stdout(text)
        return UInt8(SKYLENS_CC_REDISPLAY)
    }
}

/// A `LineEditor` made on first use. Falls back to plain reading (with a prompt), saying so once, when libedit
/// cannot start (not installed: only its runtime library, libedit.so.2, is needed, never its development files).
final class LazyLineEditor: LineInput, Sendable {
    private let make: @Sendable () -> LineEditor?
    private let editor = Mutex<LineEditor??>(nil)
    private let fallback = BoundedInput(showsPrompt: true)

    init(_ make: @escaping @Sendable () -> LineEditor?) {
        self.make = make
    }

    private var current: LineEditor? {
        editor.withLock { stored in
            if let made = stored { return made }
            let made = make()
            stored = .some(made)
            if made == nil {
                let reason = LibEdit.unavailableReason ?? "libedit could not start on this terminal"
                StandardStreams.write(
                    "skylens: line editing is off (\(reason)); reading plain lines. Install libedit (Debian and "
                        + "Ubuntu: libedit2) for editing keys, history and Tab completion.\n", to: STDERR_FILENO)
            }
            return made
        }
    }

    func setCompletionModel(_ model: CompletionModel) { current?.setCompletionModel(model) }

    private let onInterrupt = Mutex<(@Sendable () -> Void)?>(nil)

    /// What Ctrl-C at a question does (it cancels the command that asked); at the prompt it only clears the line.
    func setInterruptHandler(_ handler: @escaping @Sendable () -> Void) {
        onInterrupt.withLock { $0 = handler }
    }

    func readLine(prompt: String) async -> String? {
        guard let editor = current else { return await fallback.readLine(prompt: prompt) }
        let answer = await editor.readAnswer(prompt: prompt)
        if answer.interrupted { onInterrupt.withLock { $0 }?() }
        return answer.line
    }

    func readCommand(prompt: String) async -> String? {
        guard let editor = current else { return await fallback.readLine(prompt: prompt) }
        return await editor.readCommand(prompt: prompt)
    }
}
