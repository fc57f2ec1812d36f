/// Colours that read like a weather map: continuous scales for the temperature (−40 °C violet to +45 °C dark red,
/// through blue at −10, pale cyan at 0, green at 10, yellow at 20 and orange at 25–30; every 5 degrees a colour of
/// its own even in 256 colours), the wind (grey when calm, green,
/// yellow, orange, red from a gale, magenta from a storm) and rain (light to deep blue, violet from a downpour).
/// Each is a list of stops interpolated linearly in RGB; the painter writes them in 24-bit colour, xterm's 256 or
/// ANSI's 16, as the terminal shows (`ColorDepth`). The same scale serves every view that colours a temperature.
public enum ColorScale {
    package typealias RGB = (r: UInt8, g: UInt8, b: UInt8)

    /// °C to colour; −40 and below, 45 and above, the ends.
    static let temperatureStops: [(Double, RGB)] = [
        (-40, (150, 0, 150)), (-30, (120, 30, 210)), (-20, (70, 60, 230)), (-15, (40, 100, 210)),
        (-10, (40, 140, 250)), (-5, (60, 170, 255)), (0, (130, 215, 255)), (5, (70, 200, 190)), (10, (90, 200, 90)),
        (15, (170, 210, 60)), (20, (240, 210, 40)), (25, (250, 170, 30)), (30, (245, 110, 30)), (35, (230, 50, 30)),
        (40, (190, 10, 40)), (45, (130, 0, 30)),
    ]
    /// km/h to colour (Beaufort: calm, a breeze, a strong wind, a gale, a storm).
    static let windStops: [(Double, RGB)] = [
        (0, (150, 150, 150)), (12, (120, 200, 130)), (30, (210, 210, 70)), (50, (250, 160, 40)),
        (75, (230, 50, 40)), (100, (200, 40, 160)),
    ]
    /// mm (in an hour or a part of a day) to colour: a trace, light, moderate, heavy, a downpour.
    static let rainStops: [(Double, RGB)] = [
        (0.1, (170, 200, 230)), (1, (110, 170, 240)), (4, (60, 120, 230)), (10, (40, 60, 200)),
        (30, (130, 40, 200)),
    ]

    public static func temperature(_ celsius: Double) -> Painter.Style { style(interpolate(temperatureStops, celsius)) }
    public static func wind(_ kmh: Double) -> Painter.Style { style(interpolate(windStops, kmh)) }
    /// Nil for less than 0.1 mm: nothing to colour.
    public static func rain(_ mm: Double) -> Painter.Style? {
        mm < 0.1 ? nil : style(interpolate(rainStops, mm))
    }

    static func style(_ rgb: RGB) -> Painter.Style { .rgb(rgb.r, rgb.g, rgb.b) }

    static func interpolate(_ stops: [(Double, RGB)], _ value: Double) -> RGB {
        guard value.isFinite, let first = stops.first, let last = stops.last else { return stops.first?.1 ?? (0, 0, 0) }
        if value <= first.0 { return first.1 }
        if value >= last.0 { return last.1 }
        let upper = stops.firstIndex { $0.0 >= value } ?? stops.count - 1
        let (x0, c0) = stops[upper - 1], (x1, c1) = stops[upper]
        let t = (value - x0) / (x1 - x0)
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded()) }
        return (mix(c0.r, c1.r), mix(c0.g, c1.g), mix(c0.b, c1.b))
    }

    /// The nearest colour of xterm's 6×6×6 cube or its grey ramp.
    package static func xterm256(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let levels: [Int] = [0, 95, 135, 175, 215, 255]
        func nearest(_ value: UInt8) -> Int {
            levels.indices.min { abs(levels[$0] - Int(value)) < abs(levels[$1] - Int(value)) } ?? 0
        }
        let (ri, gi, bi) = (nearest(r), nearest(g), nearest(b))
        let cube = (levels[ri], levels[gi], levels[bi])
        let mean = (Int(r) + Int(g) + Int(b)) / 3
        let greyIndex = max(0, min(23, (mean - 8 + 5) / 10))
        let grey = 8 + greyIndex * 10
        func distance(_ c: (Int, Int, Int)) -> Int {
            let (dr, dg, db) = (c.0 - Int(r), c.1 - Int(g), c.2 - Int(b))
            return dr * dr + dg * dg + db * db
        }
        return distance((grey, grey, grey)) < distance(cube)
            ? UInt8(232 + greyIndex) : UInt8(16 + 36 * ri + 6 * gi + bi)
    }

    /// The SGR code of the nearest of ANSI's 16 colours (as xterm draws them).
    package static func ansi16(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> String {
        let palette: [(code: String, rgb: (Int, Int, Int))] = [
            ("31", (205, 0, 0)), ("32", (0, 205, 0)), ("33", (205, 205, 0)), ("34", (0, 0, 238)),
            ("35", (205, 0, 205)), ("36", (0, 205, 205)), ("37", (229, 229, 229)), ("90", (127, 127, 127)),
            ("91", (255, 0, 0)), ("92", (0, 255, 0)), ("93", (255, 255, 0)), ("94", (92, 92, 255)),
            ("95", (255, 0, 255)), ("96", (0, 255, 255)), ("97", (255, 255, 255)),
        ]
        func distance(_ c: (Int, Int, Int)) -> Int {
            let (dr, dg, db) = (c.0 - Int(r), c.1 - Int(g), c.2 - Int(b))
            return dr * dr + dg * dg + db * db
        }
        return palette.min { distance($0.rgb) < distance($1.rgb) }?.code ?? "37"
    }
}
