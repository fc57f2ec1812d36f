import Architecture
import CoreKit
import Foundation
import MapFeature
import MapRendering
import ShellTesting
import TestSupport
import Testing
import WeatherAlerts
import WeatherAlertsTesting
import WeatherService

/// `map --alerts`: the areas of the warnings in force for the map's place, shaded where the service draws them, over
/// the services' real recorded answers (Services' `WeatherAlertsTesting`) at the moments they were recorded.
@MainActor @Suite struct MapWarningsTests {
    func harness(at moment: String, format: OutputFormat = .text) throws -> (MapHarness, RecordedAlerts.Server) {
        let server = try RecordedAlerts.Server()
        let formatter = ISO8601DateFormatter()
        let now = try #require(formatter.date(from: moment))
        let lookup = AlertsLookup(client: server.client(now: { now }), cache: .inMemory(), now: { now })
        return (try MapHarness(format: format, now: { now }, alerts: lookup), server)
    }

    @Test func torontosFreezingRainIsShadedAndSaid() async throws {
        let (map, server) = try harness(at: "2026-03-06T01:00:00Z")
        let text = await map.run("map Toronto --alerts --zoom 9 --width 80 --height 24")
        #expect(text.contains("▒"), "\(text)")
        #expect(text.contains("▒ Freezing rain warning, City of Toronto"))
        #expect(text.contains("'alerts Toronto' says them whole."))
        #expect(server.requests.first?.path == "/collections/weather-alerts/items")
        // Far out, the shaded region is a few cells; without --alerts, nothing is shaded or asked.
        let plain = try MapHarness()
        #expect(!(await plain.run("map Toronto --zoom 9 --width 80 --height 24")).contains("▒"))
        let (json, _) = try harness(at: "2026-03-06T01:00:00Z", format: .json)
        let document = try #require(
            try JSONSerialization.jsonObject(
                with: Data(await json.run("map Toronto --alerts --zoom 9 --width 80 --height 24").utf8))
                as? [String: Any])
        let warnings = try #require(document["warnings"] as? [[String: Any]])
        #expect(warnings.first?["shaded"] as? Bool == true && warnings.first?["area"] as? String == "City of Toronto")
    }

    @Test func aServiceThatDrawsNoAreaOrNoServiceIsSaid() async throws {
        // NWS's recorded Phoenix warnings are zone warnings, with no polygon.
        let (phoenix, _) = try harness(at: "2024-07-19T19:00:00Z")
        let text = await phoenix.run("map Phoenix, AZ --alerts --width 80 --height 20")
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            flat.contains("· Excessive Heat Warning")
                && flat.contains("not drawn: National Weather Service gives no area"))
        #expect(!text.contains("▒ Excessive"))
        let tokyo = await phoenix.run("map Tokyo --alerts --width 80 --height 20")
        #expect(tokyo.contains("No warnings shaded: No warning service SkyLens knows covers JP"))
    }
}

@Suite struct MapShadeTests {
    @Test func aShadeFillsTheEmptyCellsInsideItsRingsOnly() {
        let square = MapShade(
            rings: [
                [
                    GeoPoint(latitude: 43, longitude: -80), GeoPoint(latitude: 43, longitude: -79),
                    GeoPoint(latitude: 44, longitude: -79), GeoPoint(latitude: 44, longitude: -80),
                ]
            ], ink: .warningSevere)
        let request = MapRequest(
            center: GeoPoint(latitude: 43.5, longitude: -79.5), zoom: 6, width: 60, height: 20,
            layers: MapLayers(), shades: [square])
        let rendered = MapRenderer.render(request, geography: nil, places: [])
        let shaded = rendered.lines.joined().filter { $0 == "▒" }.count
        // At zoom 6 the world is 128 × 64 = 8,192 columns: a degree of longitude is 22.8 columns, one of latitude
        // at 43.5° (4 dots a row, Mercator's 1/cos φ) 15.7 rows: about 357 cells.
        #expect(shaded > 320 && shaded < 400, "\(shaded)")
        #expect(rendered.runs.joined().contains { $0.ink == .warningSevere })
        let far = MapRequest(
            center: GeoPoint(latitude: 10, longitude: 10), zoom: 6, width: 60, height: 20, layers: MapLayers(),
            shades: [square])
        #expect(!MapRenderer.render(far, geography: nil, places: []).lines.joined().contains("▒"))
    }
}
