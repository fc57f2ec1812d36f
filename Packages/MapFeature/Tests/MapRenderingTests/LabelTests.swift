import CoreKit
import Foundation
import Testing

@testable import MapRendering

@Suite("Labels and marker")
struct LabelTests {
    static let center = GeoPoint(latitude: 0, longitude: 0)

    /// Zoom 5 on 80 columns: 4,096 columns round the world, 0.087890625° a column; a row is about 0.176° high.
    static func request(zoom: Int = 5, height: Int = 24, marker: MapPlace? = nil) -> MapRequest {
        MapRequest(center: center, zoom: zoom, width: 80, height: height, style: .braille, marker: marker)
    }

    static func place(_ name: String, lat: Double, lon: Double, population: Int, id: Int) -> MapPlace {
        MapPlace(name: name, location: GeoPoint(latitude: lat, longitude: lon), population: population, id: id)
    }

    @Test func noLabelsOnTheWholeWorldAndFewerAtWorldZooms() {
        let places = [Self.place("Alpha", lat: 0, lon: 0, population: 1_000_000, id: 1)]
        #expect(!MapRenderer.render(Self.request(zoom: 0), geography: nil, places: places).contains("Alpha"))
        #expect(MapRenderer.render(Self.request(zoom: 1), geography: nil, places: places).contains("Alpha"))
        // 80 × 24: 4 labels from zoom 3, 1 at zooms 1 and 2.
        #expect(MapRenderer.labelLimit(columns: 80, rows: 24, zoom: 3) == 4)
        #expect(MapRenderer.labelLimit(columns: 80, rows: 24, zoom: 2) == 1)
        #expect(MapRenderer.labelLimit(columns: 200, rows: 60, zoom: 1) == 8)
    }

    @Test func overlappingLabelsAreSkipped() throws {
        let places = [
            Self.place("Beta", lat: -0.01, lon: 0.4, population: 500, id: 2),  // 4.5 columns right of Alpha, same row
            Self.place("Alpha", lat: 0, lon: 0, population: 1_000, id: 1),
            Self.place("Gamma", lat: -1.5, lon: 0.5, population: 100, id: 3),  // other row
        ]
        let map = MapRenderer.render(Self.request(), geography: nil, places: places)
        print(map.framed)
        #expect(map.contains("Alpha"))
        #expect(!map.contains("Beta"))
        #expect(map.contains("Gamma"))
        // The label starts two cells right of the dot: dot, one space, text.
        let row = try #require(map.lines.first { $0.contains("Alpha") })
        let rowCells = cells(of: row)
        let start = rowCells.firstIndex(of: "A") ?? -1
        #expect(start >= 2 && rowCells[start - 1] == " " && isDotCell(rowCells[start - 2]))
    }

    @Test func everyLabelDrawnIsListedWithItsPlaceAndCell() throws {
        let places = [
            Self.place("Beta", lat: -0.01, lon: 0.5, population: 500, id: 2),
            Self.place("Alpha", lat: 0, lon: 0, population: 1_000, id: 1),
            Self.place("Gamma", lat: -1.5, lon: 0.5, population: 100, id: 3),
        ]
        let marker = Self.place("Here", lat: 1, lon: -2, population: 0, id: 9)
        let map = MapRenderer.render(Self.request(marker: marker), geography: nil, places: places)
        // The marker first, then the labels drawn in order of importance; Beta, crowded out, is not listed.
        #expect(map.labels.map(\.id) == [9, 1, 3])
        for label in map.labels {
            let rowCells = cells(of: map.lines[label.row])
            let name = Array(label.name).map(String.init)
            // Dot (or marker), a space, then the name: from two cells right of the listed column.
            #expect(Array(rowCells[(label.column + 2)..<(label.column + 2 + name.count)]) == name, "\(label.name)")
        }
    }

    @Test func populationTiesGoToTheSmallerID() {
        let places = [
            Self.place("Second", lat: 0, lon: 0.3, population: 1_000, id: 8),
            Self.place("First", lat: 0, lon: 0, population: 1_000, id: 7),
        ]
        let map = MapRenderer.render(Self.request(), geography: nil, places: places)
        #expect(map.contains("First"))
        #expect(!map.contains("Second"))
    }

    @Test func labelsAreCapped() {
        // Places on every other row (closer, their dots would crowd each other out), 12 rows of 80 columns: at
        // most 12 · 80 / 480 = 2 labels.
        let places = (0..<10).map {
            Self.place("P\($0)", lat: Double($0) * 0.36 - 1.0, lon: 0, population: 100 - $0, id: $0)
        }
        let map = MapRenderer.render(Self.request(height: 12), geography: nil, places: places)
        let labelled = (0..<10).filter { i in map.contains("P\(i)") }
        #expect(labelled == [0, 1])
    }

    @Test func labelsRunningOffTheEdgeAreSkipped() {
        let places = [Self.place("Faraway", lat: 0, lon: 3.3, population: 1_000, id: 1)]  // column 77
        let map = MapRenderer.render(Self.request(), geography: nil, places: places)
        #expect(!map.contains("Far"))
        #expect(map.lines.allSatisfy { DisplayWidth.columns(of: $0) == 80 })
    }

    @Test func markerWinsAndShowsItsName() {
        let marker = Self.place("Chosen", lat: 0, lon: 0.5, population: 10, id: 42)
        let places = [
            Self.place("Alpha", lat: 0, lon: 0, population: 1_000, id: 1),  // its label would run over the marker
            marker,  // the marker is not labelled twice
        ]
        let map = MapRenderer.render(Self.request(marker: marker), geography: nil, places: places)
        print(map.framed)
        #expect(map.contains("◉ Chosen"))
        #expect(!map.contains("Alpha"))
        #expect(map.lines.joined().components(separatedBy: "Chosen").count == 2)
    }

    @Test func markerLabelGoesLeftAtTheRightEdge() throws {
        let marker = Self.place("Edgeville", lat: 0, lon: 3.4, population: 0, id: 1)  // column 78
        let map = MapRenderer.render(Self.request(marker: marker), geography: nil, places: [])
        let row = try #require(map.lines.first { $0.contains("◉") })
        #expect(row.hasSuffix("Edgeville ◉ "))
        #expect(DisplayWidth.columns(of: row) == 80)
    }

    @Test func markerLabelIsCutWhenNeitherSideFits() {
        let marker = Self.place("Llanfairpwllgwyngyll", lat: 0, lon: 0, population: 0, id: 1)
        let request = MapRequest(center: Self.center, zoom: 5, width: 10, height: 3, marker: marker)
        let map = MapRenderer.render(request, geography: nil, places: [])
        #expect(map.contains("◉"))
        #expect(map.contains("…"))
        #expect(map.lines.allSatisfy { DisplayWidth.columns(of: $0) == 10 })
    }

    @Test func markerOutsideTheViewIsNotDrawn() {
        let marker = Self.place("Elsewhere", lat: 40, lon: 100, population: 0, id: 1)
        let map = MapRenderer.render(Self.request(marker: marker), geography: nil, places: [])
        #expect(!map.contains("◉"))
    }

    @Test func outputIsDeterministicAndIndependentOfInputOrder() throws {
        let geography = try Fixtures.geography()
        let places = try Fixtures.greatLakesCities()
        let request = MapRequest(center: GeoPoint(latitude: 43.7, longitude: -79.42), zoom: 6, width: 80, height: 24)
        let a = MapRenderer.render(request, geography: geography, places: places)
        let b = MapRenderer.render(request, geography: geography, places: places.reversed())
        #expect(a == b)
    }
}
