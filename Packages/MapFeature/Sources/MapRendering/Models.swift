import CoreKit

/// A position on the Earth in degrees (WGS 84): latitude north-positive, longitude east-positive.
public struct GeoPoint: Sendable, Equatable {
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

/// One closed ring of a country outline (an island, a mainland, an enclave).
public struct Outline: Sendable, Equatable {
    /// ISO 3166-1 alpha-3 code of the country the ring belongs to, e.g. "CAN".
    public var country: String
    /// The ring's vertices in order; the renderer closes the ring if the last point differs from the first.
    public var points: [GeoPoint]

    /// Creates a ring for a country.
    public init(country: String, points: [GeoPoint]) {
        self.country = country
        self.points = points
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

/// What to draw: where, how close, how big and in which style.
public struct MapRequest: Sendable, Equatable {
    /// Zoom levels accepted by the renderer; other values are clamped into this range.
    public static let zoomRange = 0...12
    /// Smallest map width in columns; narrower requests are widened to it.
    public static let minimumWidth = 10
    /// Smallest map height in rows; lower requests are raised to it.
    public static let minimumHeight = 3
    /// Largest map width in columns; wider requests are narrowed to it.
    public static let maximumWidth = 1_000
    /// Largest map height in rows; taller requests are lowered to it.
    public static let maximumHeight = 500

    /// The point shown in the middle of the map.
    public var center: GeoPoint
    /// 0 shows the whole 360° of longitude across the width; each step halves the span (see `zoomRange`).
    public var zoom: Int
    /// Terminal columns of the map area (at least `minimumWidth`).
    public var width: Int
    /// Terminal rows of the map area (at least `minimumHeight`); the footer line comes on top of these.
    public var height: Int
    /// Braille or half-block dots.
    public var style: MapStyle
    /// The chosen place: drawn as "◉" with its name, which always wins over other labels.
    public var marker: MapPlace?

    /// Creates a request.
    public init(
        center: GeoPoint, zoom: Int, width: Int, height: Int,
        style: MapStyle = .braille, marker: MapPlace? = nil
    ) {
        self.center = center
        self.zoom = zoom
        self.width = width
        self.height = height
        self.style = style
        self.marker = marker
    }
}

/// A finished map: text lines ready to print, plus a one-line footer.
public struct RenderedMap: Sendable, Equatable {
    /// Exactly `height` lines, each exactly `width` display columns wide (see `DisplayWidth`).
    public var lines: [String]
    /// Centre, zoom, scale and a scale bar, at most `width` display columns wide.
    public var footer: String
    /// The names written on the map (the marked place's first), where their places are.
    public var labels: [MapLabel]

    /// Creates a rendered map.
    public init(lines: [String], footer: String, labels: [MapLabel] = []) {
        self.lines = lines
        self.footer = footer
        self.labels = labels
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
