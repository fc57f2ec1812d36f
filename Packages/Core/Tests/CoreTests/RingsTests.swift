import CoreKit
import Testing

/// The one ring test the map's shading and the warnings' areas share.
@Suite struct RingsTests {
    struct Point: DegreePoint {
        var latitude: Double
        var longitude: Double
    }

    @Test func evenOddInPlainDegrees() {
        // A square from 43 to 44 °N and -80 to -79 °E, with a hole cut by a second ring inside it.
        let square = [
            Point(latitude: 43, longitude: -80), .init(latitude: 43, longitude: -79),
            .init(latitude: 44, longitude: -79), .init(latitude: 44, longitude: -80),
        ]
        #expect(Rings.contains([square], latitude: 43.7, longitude: -79.4))
        #expect(!Rings.contains([square], latitude: 45, longitude: -79.4))
        #expect(!Rings.contains([square], latitude: 43.7, longitude: -78.9))
        // A ring of two points holds nothing (and never traps).
        #expect(!Rings.contains([Array(square.prefix(2))], latitude: 43.5, longitude: -79.5))
        #expect(!Rings.contains([[Point]()], latitude: 43.5, longitude: -79.5))
    }
}
