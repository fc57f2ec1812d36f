/// One `%…` of a template: `%@`, `%lld`, `%d`, `%2$@`, `%%`.
package struct Placeholder: Equatable, Sendable {
    package var position: Int?
    /// `@` for text, `d` for a whole number (`%d`, `%ld`, `%lld`).
    package var kind: Character
    package var isPercent: Bool { kind == "%" }
    package var end: String.Index

    package static func scan(_ text: String, at start: String.Index) -> Placeholder? {
        var index = text.index(after: start)
        guard index < text.endIndex else { return nil }
        if text[index] == "%" { return Placeholder(position: nil, kind: "%", end: text.index(after: index)) }
        var digits = ""
        var cursor = index
        while cursor < text.endIndex, text[cursor].isASCII, text[cursor].isNumber {
            digits.append(text[cursor])
            cursor = text.index(after: cursor)
        }
        var position: Int?
        if !digits.isEmpty, cursor < text.endIndex, text[cursor] == "$" {
            position = Int(digits)
            index = text.index(after: cursor)
        }
        guard index < text.endIndex else { return nil }
        if text[index] == "@" { return Placeholder(position: position, kind: "@", end: text.index(after: index)) }
        for length in ["lld", "ld", "d"] where text[index...].hasPrefix(length) {
            return Placeholder(position: position, kind: "d", end: text.index(index, offsetBy: length.count))
        }
        return nil
    }

    /// Every placeholder of `text` but `%%`, as (position, kind), positions counted as a formatter would.
    package static func all(in text: String) -> [(position: Int, kind: Character)] {
        var found: [(Int, Character)] = []
        var next = 1
        var index = text.startIndex
        while index < text.endIndex {
            guard text[index] == "%", let placeholder = scan(text, at: index) else {
                index = text.index(after: index)
                continue
            }
            index = placeholder.end
            guard !placeholder.isPercent else { continue }
            if let position = placeholder.position {
                found.append((position, placeholder.kind))
            } else {
                found.append((next, placeholder.kind))
                next += 1
            }
        }
        return found
    }

    /// `template` with `%@`, `%lld`, `%d` (each the next value, or `%N$…` the Nth) and `%%` replaced; a placeholder
    /// without a value is left out. What `Words.format` and `Sentence.english` fill their templates with.
    package static func fill(_ template: String, _ values: [String]) -> String {
        guard template.contains("%") else { return template }
        var result = ""
        var next = 0
        var index = template.startIndex
        while index < template.endIndex {
            let character = template[index]
            guard character == "%" else {
                result.append(character)
                index = template.index(after: index)
                continue
            }
            guard let placeholder = scan(template, at: index) else {
                result.append(character)
                index = template.index(after: index)
                continue
            }
            index = placeholder.end
            if placeholder.isPercent {
                result.append("%")
                continue
            }
            let position = placeholder.position.map { $0 - 1 } ?? next
            if placeholder.position == nil { next += 1 }
            if position >= 0, position < values.count { result += values[position] }
        }
        return result
    }
}
