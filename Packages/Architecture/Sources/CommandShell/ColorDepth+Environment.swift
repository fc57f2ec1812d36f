import Architecture

extension ColorDepth {
    /// What the terminal says it draws: 24-bit with `COLORTERM=truecolor` (or a `-direct` `TERM`), 16 colours where
    /// `TERM` names such a terminal, else 256.
    public static func from(environment env: [String: String]) -> ColorDepth {
        let colorTerm = env["COLORTERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .truecolor }
        let term = env["TERM"]?.lowercased() ?? ""
        // By bytes: the standard library's `contains` of a string starts its regular-expression machinery, a tenth
        // of a millisecond of every start (issue 30).
        func has(_ part: String) -> Bool {
            let text = Array(term.utf8), part = Array(part.utf8)
            guard part.count <= text.count else { return false }
            return (0...(text.count - part.count)).contains { text[$0..<($0 + part.count)].elementsEqual(part) }
        }
        if has("256color") || has("direct") {
            return has("direct") ? .truecolor : .ansi256
        }
        if ["linux", "vt100", "vt102", "vt220", "ansi", "cons25", "xterm-color", "xterm-16color", "screen-16color"]
            .contains(term) || term.hasSuffix("-8color") || term.hasSuffix("-16color")
        {
            return .ansi16
        }
        return .ansi256
    }
}
