import Architecture

/// Tab completion over a snapshot of the commands available where the router stands. Pure and `Sendable`, so the
/// line editor can call it from its own thread.
public struct CompletionModel: Sendable {
    let commands: [CommandDeclaration]
    /// The words of places' names (`Completion.placeNames`), from the city list the App installs.
    let placeNames: (@Sendable ([String], String) -> [String])?

    public init(commands: [CommandDeclaration], placeNames: (@Sendable ([String], String) -> [String])? = nil) {
        self.commands = commands
        self.placeNames = placeNames
    }

    /// The candidates of one argument's completion for `prefix`, after the words `before` (see `Completion`).
    func candidates(of completion: Completion, for prefix: String, after before: [String] = []) -> [String] {
        switch completion {
        case .none: []
        case .values(let values): values.filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
        case .words(let provider): provider(before, prefix)
        case .placeNames: placeNames?(before, prefix) ?? []
        case .commandNames:
            // The words of command names after those typed: `help contact s` → `send`.
            commands.map(\.words).filter {
                $0.count > before.count && Array($0.prefix(before.count)) == before.map { $0.lowercased() }
            }
            .map { $0[before.count] }.filter { $0.hasPrefix(prefix.lowercased()) }
        }
    }

    /// True for a completion whose candidates come in their provider's order (the most populous places first).
    private static func isOrdered(_ completion: Completion) -> Bool {
        switch completion {
        case .words, .placeNames: true
        default: false
        }
    }

    /// The candidates for the word under the cursor, given the text before the cursor. Candidates are whole words
    /// (to replace the partial word `prefix`), not yet quoted.
    public func complete(_ lineBeforeCursor: String) -> (prefix: String, candidates: [String]) {
        let (done, partial) = Self.words(lineBeforeCursor)
        return (partial, candidates(after: done, partial: partial))
    }

    /// The candidates for `partial`, the word being typed, after the finished words `done` (each as the shell
    /// gives it, quotes removed): what `complete(_:)` offers, for a shell's completion script.
    public func candidates(after done: [String], partial: String) -> [String] {
        let lowered = done.map { $0.lowercased() }
        // Command words: the first word, or a sub-command word.
        let wordCandidates = commands.compactMap { spec -> String? in
            guard spec.words.count > done.count, Array(spec.words.prefix(done.count)) == lowered else { return nil }
            let word = spec.words[done.count]
            return word.hasPrefix(partial.lowercased()) ? word : nil
        }
        // The command these words name, if any: the longest match.
        let command = commands.filter {
            $0.words.count <= done.count && Array(lowered.prefix($0.words.count)) == $0.words
        }
        .max { $0.words.count < $1.words.count }
        guard let command else { return Self.unique(wordCandidates) }
        let arguments = Array(done.dropFirst(command.words.count))
        // The value of an option just named.
        if let last = arguments.last, last.hasPrefix("--"),
            let option = command.arguments.first(where: { $0.kind == .option && "--\($0.name)" == last })
        {
            return candidates(of: option.completion, for: partial)
        }
        if partial.hasPrefix("-") {
            let used = Set(arguments.filter { $0.hasPrefix("--") })
            let options = command.arguments.filter {
                ($0.kind == .option || $0.kind == .flag) && !used.contains("--\($0.name)")
            }
            .map { "--\($0.name)" }.filter { $0.hasPrefix(partial) }
            return Self.unique(options)
        }
        // The next positional argument.
        var positionalWords: [String] = []
        var index = 0
        while index < arguments.count {
            if arguments[index].hasPrefix("--") {
                let isOption = command.arguments.contains { $0.kind == .option && "--\($0.name)" == arguments[index] }
                index += isOption ? 2 : 1
            } else {
                positionalWords.append(arguments[index])
                index += 1
            }
        }
        let positionalIndex = positionalWords.count
        let positionals = command.arguments.filter { $0.kind == .positional || $0.kind == .remainder }
        var candidates = wordCandidates
        if let remainder = positionals.last, remainder.kind == .remainder, positionalIndex >= positionals.count - 1 {
            // The remainder's words so far: those after the positionals before it.
            let before = Array(positionalWords.dropFirst(positionals.count - 1))
            let words = self.candidates(of: remainder.completion, for: partial, after: before)
            if case .commandNames = remainder.completion { return Self.unique(words) }
            if Self.isOrdered(remainder.completion) {
                // Words of names come in their provider's order (the most populous places' first), after the rest.
                return Self.unique(candidates) + Self.unique(words, sorted: false).filter { !candidates.contains($0) }
            }
            candidates += words
        } else if positionalIndex < positionals.count {
            // A positional's `.words` completion sees the positionals before it (`unit wind ` offers wind's units).
            candidates += self.candidates(
                of: positionals[positionalIndex].completion, for: partial, after: positionalWords)
        }
        return Self.unique(candidates)
    }

    /// The longest common prefix of the candidates (what Tab inserts when there are several).
    public static func commonPrefix(_ candidates: [String]) -> String {
        guard var prefix = candidates.first else { return "" }
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }

    /// Splits a line into finished words and the word being typed; lenient about open quotes.
    static func words(_ line: String) -> (done: [String], partial: String) {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        return (words, current)
    }

    private static func unique(_ values: [String], sorted: Bool = true) -> [String] {
        var seen = Set<String>()
        let unique = values.filter { seen.insert($0).inserted }
        return sorted ? unique.sorted() : unique
    }
}
