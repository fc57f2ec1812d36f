import CoreKit
import Foundation

/// A position on the Earth in degrees (WGS 84): latitude north-positive, longitude east-positive.
public struct GeoPoint: Sendable, Equatable, DegreePoint {
    /// Degrees north of the equator (negative south), -90...90.
    public var latitude: Double
    /// Degrees east of Greenwich (negative west), normally -180...180; other values wrap.
    public var longitude: Double

    /// Creates a point from a latitude and a longitude in degrees.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A city or other named place that can be drawn as a dot and, space permitting, labelled.
public struct MapPlace: Sendable, Equatable {
    /// The display name; control characters are removed before drawing.
    public var name: String
    /// Where the place is.
    public var location: GeoPoint
    /// Number of inhabitants, 0 if unknown; bigger places win labels first.
    public var population: Int
    /// A stable identifier (e.g. the OpenWeatherMap city id); breaks population ties, smaller first.
    public var id: Int

    /// Creates a place.
    public init(name: String, location: GeoPoint, population: Int = 0, id: Int) {
        self.name = name
        self.location = location
        self.population = population
        self.id = id
    }
}

/// How dots are packed into terminal cells.
public enum MapStyle: Sendable, Equatable {
    /// Unicode braille patterns: 2 × 4 dots a cell (U+2800...U+28FF).
    case braille
    /// Half blocks: 1 × 2 dots a cell (" ", "▀", "▄", "█"); works with fonts that lack braille.
    case blocks
}

/// Which parts of the map to draw (`--layers coast,lakes,rivers,borders,states,cities,labels`).
public struct MapLayers: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let coast = MapLayers(rawValue: 1 << 0)
    public static let lakes = MapLayers(rawValue: 1 << 1)
    public static let rivers = MapLayers(rawValue: 1 << 2)
    public static let borders = MapLayers(rawValue: 1 << 3)
    public static let states = MapLayers(rawValue: 1 << 4)
    public static let cities = MapLayers(rawValue: 1 << 5)
    public static let labels = MapLayers(rawValue: 1 << 6)
    public static let all: MapLayers = [.coast, .lakes, .rivers, .borders, .states, .cities, .labels]

    /// The names, in drawing order, as `--layers` takes them.
    public static let names: [(name: String, layers: MapLayers)] = [
        ("coast", .coast), ("lakes", .lakes), ("rivers", .rivers), ("borders", .borders), ("states", .states),
        ("cities", .cities), ("labels", .labels),
    ]

    /// A comma-separated list of names (`coast,borders`); nil with the first unknown name.
    public init?(names list: String) {
        var layers: MapLayers = []
        for name in list.split(separator: ",").map({ $0.trimmingSpaces.lowercased() }) {
            guard let found = Self.names.first(where: { $0.name == name }) else { return nil }
            layers.insert(found.layers)
        }
        self = layers
    }

    /// The geography layer each of these stands for.
    var geoLayers: [GeoLayer] {
        [
            (MapLayers.states, GeoLayer.states), (.rivers, .rivers), (.lakes, .lakes), (.coast, .coast),
            (.borders, .borders),
        ].compactMap { contains($0.0) ? $0.1 : nil }
    }
}

/// What a cell of a rendered map shows, so that a view can colour it (the renderer's text stays plain).
public enum MapInk: UInt8, Sendable, CaseIterable {
    /// Nothing: a blank cell.
    case none = 0
    case states, rivers, lakes, coast, borders
    /// City dots.
    case cities
    /// A place's name.
    case label
    /// A favourite's star and name.
    case favorite
    /// The chosen place: its mark and its name.
    case marker
    /// An empty cell on the night side ("░", with `MapRequest.night`).
    case night
    /// A place's annotation after its name (the map's weather: `3°☁`), coloured by what it says.
    case annotation
    /// An empty cell inside an official warning's area ("▒", with `MapRequest.shades`), by the warning's level: the
    /// services' yellow, orange and red.
    case warningModerate, warningSevere, warningExtreme
}

/// An area to shade (an official warning's): its outer rings, in degrees, and the ink of its empty cells.
public struct MapShade: Sendable, Equatable {
    public var rings: [[GeoPoint]]
    public var ink: MapInk

    public init(rings: [[GeoPoint]], ink: MapInk) {
        self.rings = rings
        self.ink = ink
    }

    /// Whether the point is inside one of the rings (even-odd).
    func contains(latitude: Double, longitude: Double) -> Bool {
        Rings.contains(rings, latitude: latitude, longitude: longitude)
    }
}

/// A run of cells of one ink in a line of a rendered map.
public struct MapSpan: Sendable, Equatable {
    public var text: String
    public var ink: MapInk

    public init(text: String, ink: MapInk) {
        self.text = text
        self.ink = ink
    }
}

/// What to draw: where, how close, how big and in which style.
public struct MapRequest: Sendable, Equatable {
    /// Zoom levels accepted by the renderer; other values are clamped into this range.
    public static let zoomRange = 0...14
    /// Smallest map width in columns; narrower requests are widened to it.
    public static let minimumWidth = 10
    /// Smallest map height in rows; lower requests are raised to it.
    public static let minimumHeight = 3
    /// Largest map width in columns; wider requests are narrowed to it.
    public static let maximumWidth = 1_000
    /// Largest map height in rows; taller requests are lowered to it.
    public static let maximumHeight = 500

    /// The point shown in the middle of the map: at dot (width, 2 × height) from the top-left corner.
    public var center: GeoPoint
    /// Web Mercator zoom: the world is 256 × 2^zoom braille dots wide (128 × 2^zoom columns), as in
    /// OpenStreetMap's tiles and mapscii (see `zoomRange`).
    public var zoom: Int
    /// Terminal columns of the map area (at least `minimumWidth`).
    public var width: Int
    /// Terminal rows of the map area (at least `minimumHeight`); the footer line comes on top of these.
    public var height: Int
    /// Braille or half-block dots.
    public var style: MapStyle
    /// The chosen place: drawn as "◉" with its name, which always wins over other labels.
    public var marker: MapPlace?
    /// Places to mark with "★" and name before any other (the user's favourites).
    public var favorites: [MapPlace]
    /// What to draw.
    public var layers: MapLayers
    /// Where the Sun is overhead (`SunPosition.subsolarPoint`): empty cells where it is below the horizon are
    /// shaded "░"; nil draws no night.
    public var night: GeoPoint?
    /// Text written after a place's name, by place id (the map's weather: `3°☁`).
    public var annotations: [Int: String]
    /// Areas whose empty cells are shaded "▒" in their ink (official warnings), over the night side; the most
    /// severe wins where they overlap (the later in the list).
    public var shades: [MapShade]
    /// The footer's words in the user's language (English unless given).
    public var footerWords: FooterWords

    /// Which cities the map can use: the `perBlock` most populous of each block of `blockDegrees` degrees square
    /// (`perBlock` 0: all). The renderer draws at most one city in any 3 × 3 cells: far out a degree is a fraction
    /// of a column (0.36 at zoom 0), so blocks of 8° (zoom 0) down to 1° (zoom 3) give enough candidates, and from
    /// zoom 4 more of each degree (4, 16, 64, 256); from zoom 8 every city. A caller that asks its city list for only
    /// these saves reading the 209,579 cities of a world map.
    public var citySampling: (blockDegrees: Int, perBlock: Int) {
        switch zoom {
        case ...3: (8 >> max(0, zoom), 1)
        case 4...7: (1, 1 << (2 * (zoom - 3)))
        default: (1, 0)
        }
    }

    /// Creates a request.
    public init(
        center: GeoPoint, zoom: Int, width: Int, height: Int,
        style: MapStyle = .braille, marker: MapPlace? = nil, favorites: [MapPlace] = [], layers: MapLayers = .all,
        night: GeoPoint? = nil, annotations: [Int: String] = [:], shades: [MapShade] = [],
        footerWords: FooterWords = .english
    ) {
        self.shades = shades
        self.footerWords = footerWords
        self.center = center
        self.zoom = zoom
        self.width = width
        self.height = height
        self.style = style
        self.marker = marker
        self.favorites = favorites
        self.layers = layers
        self.night = night
        self.annotations = annotations
    }
}

/// The words of the line under the map, in the user's language: formats with one `%@` (the zoom level, a
/// distance) and the decimal sign. The coordinates stay as a person types them (`43.70°N 79.42°W`), so that they
/// can be pasted back into `map`.
public struct FooterWords: Sendable, Equatable {
    /// `zoom %@`.
    public var zoom: String
    /// `1 cell ≈ %@`.
    public var cell: String
    /// `.` or `,`.
    public var decimalSign: String

    /// Creates the words.
    public init(zoom: String, cell: String, decimalSign: String) {
        self.zoom = zoom
        self.cell = cell
        self.decimalSign = decimalSign
    }

    /// `zoom 5 · 1 cell ≈ 11 km`.
    public static let english = FooterWords(zoom: "zoom %@", cell: "1 cell ≈ %@", decimalSign: ".")
}

/// A finished map: text lines ready to print, plus a one-line footer.
public struct RenderedMap: Sendable, Equatable {
    /// Exactly `height` lines, each exactly `width` display columns wide (see `DisplayWidth`).
    public var lines: [String]
    /// Centre, zoom, scale and a scale bar, at most `width` display columns wide.
    public var footer: String
    /// The names written on the map (the marked place's first), where their places are.
    public var labels: [MapLabel]
    /// For each line, its runs of one ink, as UTF-8 byte counts (see `spans`).
    public var runs: [[MapRun]]

    /// Creates a rendered map; without `runs`, each line is one run of no ink.
    public init(lines: [String], footer: String, labels: [MapLabel] = [], runs: [[MapRun]]? = nil) {
        self.lines = lines
        self.footer = footer
        self.labels = labels
        self.runs = runs ?? lines.map { [MapRun(ink: .none, utf8Count: $0.utf8.count)] }
    }

    /// The lines cut into runs of one ink, for colour (made when asked: most maps are printed plain).
    public var spans: [[MapSpan]] {
        zip(lines, runs).map { line, runs in
            var spans: [MapSpan] = []
            var start = line.utf8.startIndex
            for run in runs {
                let end =
                    line.utf8.index(start, offsetBy: run.utf8Count, limitedBy: line.utf8.endIndex) ?? line.utf8.endIndex
                spans.append(MapSpan(text: String(line[start..<end]), ink: run.ink))
                start = end
            }
            return spans
        }
    }
}

/// A run of one ink in a line of a rendered map: its ink and its length in UTF-8 bytes.
public struct MapRun: Sendable, Equatable {
    public var ink: MapInk
    public var utf8Count: Int

    public init(ink: MapInk, utf8Count: Int) {
        self.ink = ink
        self.utf8Count = utf8Count
    }
}

/// A place's name on a rendered map: the place's id, and the cell of its dot (row and column from 0, from the
/// top left); the name is written from two columns to its right, or ends two to its left for a marked place near
/// the right edge.
public struct MapLabel: Sendable, Equatable {
    public var name: String
    public var id: Int
    public var row: Int
    public var column: Int

    public init(name: String, id: Int, row: Int, column: Int) {
        self.name = name
        self.id = id
        self.row = row
        self.column = column
    }
}

/// A latitude/longitude box. When it crosses the antimeridian `west` is greater than `east`
/// (as in GeoJSON bounding boxes); a box as wide as the world has `west == -180` and `east == 180`.
public struct GeoBox: Sendable, Equatable {
    /// Southern edge in degrees, -90...90.
    public var south: Double
    /// Western edge in degrees, -180...180.
    public var west: Double
    /// Northern edge in degrees, -90...90.
    public var north: Double
    /// Eastern edge in degrees, -180...180.
    public var east: Double

    /// Creates a box from its edges.
    public init(south: Double, west: Double, north: Double, east: Double) {
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// Whether a point lies inside the box (edges included), honouring a box that crosses the antimeridian.
    public func contains(_ point: GeoPoint) -> Bool {
        guard point.latitude >= south, point.latitude <= north, point.longitude.isFinite else { return false }
        let lon = MapGeometry.normalizedLongitude(point.longitude)
        if west <= east {
            return (lon >= west && lon <= east) || (lon == -180 && east == 180)
        }
        return lon >= west || lon <= east
    }
}
