import CoreKit
import Synchronization

/// What the output goes to: how wide, whether a person is looking, whether colour is wanted.
public struct TerminalInfo: Sendable, Equatable {
    public var isInteractive: Bool
    package var colorEnabled: Bool
    public var width: Int
    public var height: Int
    /// False for `TERM=dumb`: no escape sequence at all (no colour, no progress bar drawn over itself).
    package var allowsEscapes: Bool
    /// How many colours the terminal shows (`ColorDepth.from(environment:)`).
    package var colorDepth: ColorDepth

    public init(
        isInteractive: Bool, colorEnabled: Bool, width: Int = 80, height: Int = 24, allowsEscapes: Bool = true,
        colorDepth: ColorDepth = .ansi256
    ) {
        self.isInteractive = isInteractive
        self.colorEnabled = colorEnabled && allowsEscapes
        self.width = max(10, width)
        self.height = max(5, height)
        self.allowsEscapes = allowsEscapes
        self.colorDepth = colorDepth
    }

    /// Plain, 80×24, no colour: what tests and pipes get.
    public static let plain = TerminalInfo(isInteractive: false, colorEnabled: false)
}

public enum OutputFormat: String, Sendable, Equatable, CaseIterable {
    case text, json
}

/// How many colours a terminal shows: the 16 of ANSI, xterm's 256, or 24-bit colour. 256 unless the terminal says
/// otherwise: `COLORTERM=truecolor` (or `24bit`) for 24-bit, a `TERM` of 8 or 16 colours (`linux`, `vt100`,
/// `xterm-16color`, `ansi`…) for 16.
public enum ColorDepth: String, Sendable, Equatable {
    case ansi16, ansi256, truecolor
}

/// Text styles, written as ANSI SGR sequences only when colour is on.
public struct Painter: Sendable, Equatable {
    public enum Style: Sendable, Equatable {
        case bold, dim, italic, underline
        case red, green, yellow, blue, magenta, cyan
        /// One of the 256 colours of xterm.
        case color256(UInt8)
        /// A colour of a scale (`ColorScale`): 24-bit where the terminal shows it, else the nearest of its 256 or 16.
        case rgb(UInt8, UInt8, UInt8)
    }

    public var enabled: Bool
    package var depth: ColorDepth

    public init(enabled: Bool, depth: ColorDepth = .ansi256) {
        self.enabled = enabled
        self.depth = depth
    }

    public func paint(_ text: String, _ styles: Style...) -> String {
        guard enabled, !styles.isEmpty, !text.isEmpty else { return text }
        let codes = styles.map { style -> String in
            switch style {
            case .bold: "1"
            case .dim: "2"
            case .italic: "3"
            case .underline: "4"
            case .red: "31"
            case .green: "32"
            case .yellow: "33"
            case .blue: "34"
            case .magenta: "35"
            case .cyan: "36"
            case .color256(let n): "38;5;\(n)"
            case .rgb(let r, let g, let b):
                switch depth {
                case .truecolor: "38;2;\(r);\(g);\(b)"
                case .ansi256: "38;5;\(ColorScale.xterm256(r, g, b))"
                case .ansi16: ColorScale.ansi16(r, g, b)
                }
            }
        }
        return "\u{1B}[\(codes.joined(separator: ";"))m\(text)\u{1B}[0m"
    }
}

/// Lines typed (or piped) by the user. Forms read their answers through this.
public protocol LineInput: Sendable {
    /// The next line without its newline, or nil at the end of input. `prompt` is shown only on a terminal.
    func readLine(prompt: String) async -> String?
}

/// Where the shell writes. Standard output carries answers; standard error carries messages and errors.
public protocol OutputSink: Sendable {
    func standardOutput(_ text: String)
    func standardError(_ text: String)
}
