import CommandShell
import Testing

@testable import Architecture

/// Issue 25: four temperature bands made −40 °C and +9 °C the same purple. A continuous scale from −40 to +45 °C,
/// written in the colours the terminal shows.
@Suite struct ColorScaleTests {
    func rgb(_ style: Painter.Style) -> (Int, Int, Int) {
        guard case .rgb(let r, let g, let b) = style else { return (-1, -1, -1) }
        return (Int(r), Int(g), Int(b))
    }

    @Test func theTemperatureScaleIsContinuousAndTellsColdFromCool() {
        let cold = rgb(ColorScale.temperature(-40)), cool = rgb(ColorScale.temperature(9))
        #expect(cold != cool)
        // Neighbouring degrees are near each other: no band edges.
        for celsius in stride(from: -45.0, through: 50, by: 1) {
            let (a, b) = (rgb(ColorScale.temperature(celsius)), rgb(ColorScale.temperature(celsius + 1)))
            let step = abs(a.0 - b.0) + abs(a.1 - b.1) + abs(a.2 - b.2)
            #expect(step <= 60, "\(celsius) °C to \(celsius + 1) °C: \(a) → \(b)")
        }
        // Every 5 degrees from −40 to +45 is told apart in 256 colours.
        let indices = stride(from: -40.0, through: 45, by: 5).map { celsius -> UInt8 in
            let (r, g, b) = rgb(ColorScale.temperature(celsius))
            return ColorScale.xterm256(UInt8(r), UInt8(g), UInt8(b))
        }
        for index in indices.indices.dropFirst() { #expect(indices[index] != indices[index - 1], "\(indices)") }
        // The ends hold beyond the range, and a value that is not a number does not trap.
        #expect(rgb(ColorScale.temperature(-80)) == cold && rgb(ColorScale.temperature(.nan)) == cold)
    }

    @Test func windAndRainHaveTheirScales() {
        #expect(rgb(ColorScale.wind(0)) != rgb(ColorScale.wind(80)))
        #expect(ColorScale.rain(0) == nil && ColorScale.rain(0.05) == nil)
        #expect(rgb(ColorScale.rain(0.2)!) != rgb(ColorScale.rain(20)!))
    }

    @Test func aColourIsWrittenInTheTerminalsDepth() {
        let style = Painter.Style.rgb(250, 170, 30)
        #expect(Painter(enabled: true, depth: .truecolor).paint("x", style) == "\u{1B}[38;2;250;170;30mx\u{1B}[0m")
        #expect(Painter(enabled: true, depth: .ansi256).paint("x", style) == "\u{1B}[38;5;214mx\u{1B}[0m")
        #expect(Painter(enabled: true, depth: .ansi16).paint("x", style) == "\u{1B}[33mx\u{1B}[0m")
        #expect(Painter(enabled: false, depth: .truecolor).paint("x", style) == "x")
        #expect(ColorDepth.from(environment: ["COLORTERM": "truecolor", "TERM": "xterm"]) == .truecolor)
        #expect(ColorDepth.from(environment: ["TERM": "xterm-256color"]) == .ansi256)
        #expect(ColorDepth.from(environment: ["TERM": "linux"]) == .ansi16)
        #expect(ColorDepth.from(environment: [:]) == .ansi256)
        #expect(ColorDepth.from(environment: ["TERM": "xterm-direct"]) == .truecolor)
        #expect(ColorDepth.from(environment: ["TERM": "XTERM-256COLOR"]) == .ansi256)
        // Part of a name is not the name: `dir-16color` is 16 colours, not "direct"; `x-256color-16color` has 256.
        #expect(ColorDepth.from(environment: ["TERM": "dir-16color"]) == .ansi16)
        #expect(ColorDepth.from(environment: ["TERM": "x-256color-16color"]) == .ansi256)
        #expect(ColorDepth.from(environment: ["TERM": "xterm-directe"]) == .truecolor)
        #expect(ColorDepth.from(environment: ["TERM": "rxvt-unicode-256color"]) == .ansi256)
        #expect(ColorDepth.from(environment: ["TERM": "screen-16color"]) == .ansi16)
        #expect(ColorDepth.from(environment: ["TERM": "dumb"]) == .ansi256)
    }
}
