import Architecture
import CEditLine
import Foundation
import Synchronization

/// The interactive line editor, on libedit: editing keys (emacs bindings), history kept in the data directory,
/// tab completion of commands and arguments, and Ctrl-C that clears the line instead of killing the App.
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

    init?(historyPath: String?) {
        if setlocale(LC_CTYPE, "") == nil || !String(cString: setlocale(LC_CTYPE, nil)).lowercased().contains("utf") {
            _ = setlocale(LC_CTYPE, "C.UTF-8")
        }
        guard let editLine = skylens_el_init("skylens"), let history = history_init() else { return nil }
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
            guard let editLine, let data = skylens_el_get_clientdata(editLine) else { return UInt8(CC_ERROR) }
            return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().complete(editLine)
        }
        skylens_el_add_function(editLine, "skylens-interrupt", "Abandon the line") { editLine, _ in
            guard let editLine, let data = skylens_el_get_clientdata(editLine) else { return UInt8(CC_ERROR) }
            Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().interrupted = true
            // Empty the line and end it: the REPL sees an empty line and shows a fresh prompt.
            if let info = el_line(editLine) {
                let before = info.pointee.cursor - info.pointee.buffer
                let after = info.pointee.lastchar - info.pointee.cursor
                el_cursor(editLine, Int32(after))
                el_deletestr(editLine, Int32(before + after))
            }
            skylens_print_to_stdout("^C\n")
            return UInt8(CC_NEWLINE)
        }
        skylens_el_bind(editLine, "^I", "skylens-complete")
        skylens_el_settty(editLine, "-isig")
        skylens_el_bind(editLine, "^C", "skylens-interrupt")
    }

    deinit {
        el_end(editLine)
        history_end(history)
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
        let raw = el_gets(editLine, &count)
        if interrupted { return "" }
        guard let raw, count > 0 else { return nil }
        var line = String(cString: raw)
        if line.hasSuffix("\n") { line.removeLast() }
        if remember, !line.trimmingCharacters(in: .whitespaces).isEmpty {
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
        guard let info = el_line(editLine) else { return UInt8(CC_ERROR) }
        let start = UnsafeRawPointer(info.pointee.buffer)!
        let length = info.pointee.cursor - info.pointee.buffer
        let before = String(decoding: UnsafeRawBufferPointer(start: start, count: length), as: UTF8.self)
        let model = completion.withLock { $0 }
        let (partial, candidates) = model.complete(before)
        guard !candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
        if candidates.count == 1 {
            let word = CommandLineTokenizer.quote(candidates[0])
            el_deletestr(editLine, Int32(partial.count))
            el_insertstr(editLine, word + " ")
            return UInt8(CC_REFRESH)
        }
        let common = CompletionModel.commonPrefix(candidates)
        if common.count > partial.count {
            el_deletestr(editLine, Int32(partial.count))
            el_insertstr(editLine, common)
            return UInt8(CC_REFRESH)
        }
        let width = (candidates.map(\.count).max() ?? 0) + 2
        let columns = max(1, 78 / width)
        var text = "\n"
        for (index, candidate) in candidates.prefix(200).enumerated() {
            text += candidate.padding(toLength: width, withPad: " ", startingAt: 0)
            if (index + 1) % columns == 0 { text += "\n" }
        }
        if candidates.count > 200 { text += "\n… and \(candidates.count - 200) more" }
        if !text.hasSuffix("\n") { text += "\n" }
        skylens_print_to_stdout(text)
        return UInt8(CC_REDISPLAY)
    }
}

/// A `LineEditor` made on first use. Falls back to plain reading when libedit cannot start.
final class LazyLineEditor: LineInput, Sendable {
    private let make: @Sendable () -> LineEditor?
    private let editor = Mutex<LineEditor??>(nil)
    private let fallback = PipedInput()

    init(_ make: @escaping @Sendable () -> LineEditor?) {
        self.make = make
    }

    private var current: LineEditor? {
        editor.withLock { stored in
            if let made = stored { return made }
            let made = make()
            stored = .some(made)
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
