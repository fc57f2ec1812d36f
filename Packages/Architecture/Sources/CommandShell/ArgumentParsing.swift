import Architecture
import CoreKit
import Localization

/// How the shell reads a command's words: `--help` anywhere, options and flags by name, positionals in order, whole
/// numbers checked against their ranges, and what is missing, each a usage error that shows the usage line.
extension CommandDeclaration {
    /// True when `--help` or `-h` stands as an option of its own: not as the value of an option, not after `--`.
    public func asksForHelp(_ words: [String]) -> Bool {
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "--" { return false }
            if word == "--help" || word == "-h" { return true }
            let takesValue = arguments.contains { $0.kind == .option && "--\($0.name)" == word }
            index += takesValue ? 2 : 1
        }
        return false
    }

    /// Checks `words` (the arguments after the command's own words) against the spec; its usage errors in
    /// `language` (the shell's words), an argument's help in the plugin's (`translate`).
    public func parse(
        _ given: [String], language words: Words = .english(), translate: (String) -> String = { $0 }
    ) throws(CommandError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var positionals = arguments.filter { $0.kind == .positional || $0.kind == .remainder }[...]
        var index = given.startIndex
        var optionsEnded = false
        while index < given.endIndex {
            let word = given[index]
            index += 1
            if !optionsEnded, word == "--" {
                optionsEnded = true
                continue
            }
            if !optionsEnded, word.hasPrefix("--"), word.count > 2 {
                let body = word.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let inline = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
                guard let spec = arguments.first(where: { ($0.kind == .option || $0.kind == .flag) && $0.name == name })
                else {
                    throw .usage(unknownOption(name, words))
                }
                if spec.kind == .flag {
                    if inline != nil {
                        throw .usage(words("--%@ takes no value.", name) + "\n" + words("Usage: %@", usage))
                    }
                    parsed.flags.insert(name)
                    continue
                }
                if let inline {
                    parsed.values[name] = inline
                } else {
                    guard index < given.endIndex else {
                        throw .usage(
                            words("--%1$@ needs a value (%2$@).", name, spec.valueName) + "\n"
                                + words("Usage: %@", usage))
                    }
                    parsed.values[name] = given[index]
                    index += 1
                }
                continue
            }
            if let spec = positionals.first, spec.kind == .remainder {
                parsed.remainder.append(word)
                parsed.values[spec.name] = parsed.remainder.joined(separator: " ")
                continue
            }
            guard let spec = positionals.popFirst() else {
                throw .usage(
                    words("Unexpected argument '%@'.", word.terminalPreview) + "\n" + words("Usage: %@", usage))
            }
            parsed.values[spec.name] = word
        }
        for spec in arguments {
            guard let range = spec.integerRange, let text = parsed.values[spec.name] else { continue }
            guard let number = Int(text), range.contains(number) else {
                throw .usage(
                    words(
                        "--%1$@ must be a whole number from %2$@ to %3$@, not '%4$@'.", spec.name,
                        String(range.lowerBound), String(range.upperBound), text.terminalPreview))
            }
            parsed.integers[spec.name] = number
        }
        for spec in arguments where spec.isRequired && spec.kind != .flag && parsed.values[spec.name] == nil {
            let label = spec.kind == .option ? "--\(spec.name)" : spec.valueName
            var help = translate(spec.help)
            // Inside an English sentence the help goes on in lower case ("Missing --email: an email address."),
            // unless it starts with a name or a code ("URL", "SKYLENS_…"); other languages keep their own case.
            if words.language == .english, let first = help.first, first.isUppercase,
                help.dropFirst().first.map({ !$0.isUppercase }) ?? true
            {
                help = first.lowercased() + help.dropFirst()
            }
            throw .usage(words("Missing %1$@: %2$@.", label, help) + "\n" + words("Usage: %@", usage))
        }
        return parsed
    }

    private func unknownOption(_ name: String, _ words: Words) -> String {
        let options = arguments.filter { $0.kind == .option || $0.kind == .flag }.map(\.name)
        let suggestion =
            Suggestions.nearest(to: name, among: options).first.map { " " + words("Did you mean %@?", "--" + $0) } ?? ""
        let list =
            options.isEmpty
            ? words("It takes no options.")
            : words("Its options: %@.", options.map { "--\($0)" }.joined(separator: ", "))
        return words("'%1$@' is not an option of %2$@.", name, self.name) + suggestion + " " + list + "\n"
            + words("Usage: %@", usage)
    }
}
