import Architecture

extension ColorDepth {
    /// What the terminal says it draws: 24-bit with `COLORTERM=truecolor` (or a `-direct` `TERM`), 16 colours where
    /// `TERM` names such a terminal, else 256.
    public static func from(environment env: [String: String]) -> ColorDepth {
        let colorTerm = env["COLORTERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .truecolor }
        let term = env["TERM"]?.lowercased() ?? ""
        if term.contains("256color") || term.contains("direct") {
            return term.contains("direct") ? .truecolor : .ansi256
        }
        if ["linux", "vt100", "vt102", "vt220", "ansi", "cons25", "xterm-color", "xterm-16color", "screen-16color"]
            .contains(term) || term.hasSuffix("-8color") || term.hasSuffix("-16color")
        {
            return .ansi16
        }
        return .ansi256
    }
}
