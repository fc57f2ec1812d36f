import CoreKit
import Foundation
import Testing

/// `trimmingSpaces`, `trimmingSpacesAndNewlines` and `replacingEvery` against Foundation's own `NSString` methods,
/// which they replace on the paths of one-shot commands (issue 30).
@Suite struct TextEditsTests {
    /// Every Unicode scalar, alone, and doubled at both ends of words, one with a combining accent.
    @Test func trimsAsFoundationDoesForEveryScalar() {
        var differences: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let c = String(Character(scalar))
            for text in [c, "\t\(c)\(c)a \(c)\u{301}b\(c)\(c)\n"] {
                if text.trimmingSpaces != text.trimmingCharacters(in: .whitespaces) {
                    differences.append("spaces U+\(String(value, radix: 16)) in \(text.debugDescription)")
                }
                if text.trimmingSpacesAndNewlines != text.trimmingCharacters(in: .whitespacesAndNewlines) {
                    differences.append("spaces and newlines U+\(String(value, radix: 16)) in \(text.debugDescription)")
                }
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(20))")
    }

    @Test func trimsSubstrings() {
        let line = "  key:  value \t"
        let colon = line.firstIndex(of: ":")!
        #expect(line[..<colon].trimmingSpaces == "key")
        #expect(line[line.index(after: colon)...].trimmingSpaces == "value")
        #expect("   ".trimmingSpaces.isEmpty)
        #expect("".trimmingSpacesAndNewlines.isEmpty)
    }

    @Test func replacesAsFoundationDoes() {
        let cases: [(String, String, String)] = [
            ("Sky over \u{1}", "\u{1}", "Toronto"), ("\u{1}\u{1}", "\u{1}", "ab"), ("a\r\nb\r\n\r\n", "\r\n", "\n"),
            ("aaaa", "aa", "b"), ("aaa", "aa", "b"), ("abc", "", "x"), ("", "a", "b"), ("a", "abc", "x"),
            ("R&D <b>", "&", "&amp;"), ("pt_BR", "_", "-"), ("43.7°N", "°", ""), ("e\u{301}e", "e", "E"),
            ("é and é", "é", "e"), ("🌧🌧 rain", "🌧", "☂"), ("%{x}%{", "%{", "% {"),
            ("key=secret&k=secret", "secret", "***"),
            ("1 2  3", " ", ""), ("naïve", "ï", "i"),
            // A character is replaced whole or not at all: `a` and a space each followed by a combining accent.
            ("a\u{301}a", "a", "o"), ("x \u{301} y", " ", "_"),
        ]
        for (text, target, replacement) in cases {
            #expect(
                text.replacingEvery(target, with: replacement)
                    == text.replacingOccurrences(of: target, with: replacement),
                "\(text.debugDescription): \(target.debugDescription) → \(replacement.debugDescription)")
        }
        // Random texts over a small alphabet, where matches overlap and touch. (Where Foundation matches part of a
        // character, a lone combining mark or half of a flag, SkyLens never does: no such text is replaced here.)
        var generator = SystemRandomNumberGenerator()
        let alphabet: [String] = ["a", "b", "é", " ", "\n", "🌧", "°", "_", "\u{1}"]
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }.joined()
            let target = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }.joined()
            #expect(
                text.replacingEvery(target, with: "<>") == text.replacingOccurrences(of: target, with: "<>"),
                "\(text.debugDescription): \(target.debugDescription)")
        }
    }
}
