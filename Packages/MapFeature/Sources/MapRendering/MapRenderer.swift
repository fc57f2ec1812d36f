import CoreKit

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Draws the prepared geography and places as braille or half-block text (Web Mercator, square dots, the
/// projection contract of `MapRequest.zoom`).
public enum MapRenderer {
    /// The box visible for a request, so a caller can fetch only the places inside it.
    ///
    /// Longitudes are within -180...180 and `west > east` when the view crosses the antimeridian;
    /// at zoom 0 the box spans the whole world. Latitudes reach ±90 when the view shows the ±85° edge
    /// of the projection (points beyond it are drawn on that edge). Use `GeoBox.contains` to test points.
    public static func visibleBox(_ request: MapRequest) -> GeoBox {
        Viewport(request).box
    }

    /// Renders a map: the geography's layers as lines (shorelines, lakes, rivers, borders, first-level
    /// boundaries, each from the level of detail for the zoom), the places as dots thinned by population (the
    /// biggest first, at most one in any 3 × 3 cells), names for the most populous dots (fewer at world zooms)
    /// without overlaps, favourites "★" and the marker "◉" with their names, and a footer with centre, zoom and scale.
    ///
    /// Places outside the view are ignored, so passing more than `visibleBox` selects is harmless.
    /// The output depends only on the input (no hashing order or clock is involved).
    public static func render(_ request: MapRequest, geography: GeoData?, places: [MapPlace]) -> RenderedMap {
        let viewport = Viewport(request)
        var canvas = DotCanvas(columns: viewport.columns, rows: viewport.rows, style: request.style)
        if let geography {
            for layer in request.layers.geoLayers {
                drawLayer(layer, of: geography, on: &canvas, viewport: viewport)
            }
        }
        var overlay = LabelOverlay(columns: viewport.columns, rows: viewport.rows)
        let marker = request.marker.flatMap { place in
            viewport.visibleDot(for: place.location).map { (place, $0) }
        }
        var labels: [MapLabel] = []
        if let (place, dot) = marker {
            let name = TerminalText.sanitize(place.name)
            let (column, row) = (dot.x / viewport.dotsPerCellX, dot.y / viewport.dotsPerCellY)
            overlay.placeMarker(
                name: name, annotation: annotation(request.annotations[place.id]), column: column, row: row)
            labels.append(MapLabel(name: name, id: place.id, row: row, column: column))
        }
        labels += favoriteLabels(
            request.favorites, excludingID: marker?.0.id, annotations: request.annotations, viewport: viewport,
            overlay: &overlay)
        // Labels without the dots name the same places, thinned alike.
        let shown =
            request.layers.isDisjoint(with: [.cities, .labels])
            ? [] : drawCities(places, viewport: viewport, on: &canvas, dots: request.layers.contains(.cities))
        if viewport.zoom >= minimumLabelZoom, request.layers.contains(.labels) {
            // Not again a place already named: by id, or by name within two cells (a list's duplicate row).
            let taken = Set(labels.map(\.id))
            let unlabelled = shown.filter { shown in
                !taken.contains(shown.place.id)
                    && !labels.contains { label in
                        label.name == TerminalText.sanitize(shown.place.name) && abs(label.row - shown.row) <= 2
                            && abs(label.column - shown.column) <= 2
                    }
            }
            labels += placeLabels(
                unlabelled, annotations: request.annotations, viewport: viewport, overlay: &overlay)
        }
        var lines: [String] = []
        var runs: [[MapRun]] = []
        lines.reserveCapacity(viewport.rows)
        runs.reserveCapacity(viewport.rows)
        let shade = shadeCells(viewport, night: request.night, shades: request.shades)
        for row in 0..<viewport.rows {
            let finished = overlay.row(row, canvas: canvas, shade: shade)
            lines.append(finished.line)
            runs.append(finished.runs)
        }
        return RenderedMap(
            lines: lines, footer: Footer.text(for: viewport, words: request.footerWords), labels: labels, runs: runs)
    }

    /// For each cell, the ink of its shade: a warning's where its centre is in the warning's area, else `.night`
    /// where the Sun is below the horizon there; nil when the map has neither.
    static func shadeCells(_ viewport: Viewport, night subsolar: GeoPoint?, shades: [MapShade]) -> [MapInk]? {
        guard subsolar != nil || !shades.isEmpty else { return nil }
        var cells =
            subsolar.map { nightCells(viewport, subsolar: $0).map { $0 ? MapInk.night : .none } }
            ?? [MapInk](repeating: .none, count: viewport.columns * viewport.rows)
        guard !shades.isEmpty else { return cells }
        let cellWidth = Double(viewport.dotsPerCellX), cellHeight = Double(viewport.dotsPerCellY)
        let longitudes = (0..<viewport.columns).map { column -> Double in
            let x =
                viewport.centerX + ((Double(column) + 0.5) * cellWidth - Double(viewport.dotWidth) / 2)
                / viewport.worldDots
            // Wrapped into -180…180, as the services' polygons are.
            return (x * 360 - 180 + 540).truncatingRemainder(dividingBy: 360) - 180
        }
        // Each shade's bounding box, to test only the cells that may be in it.
        let boxes = shades.map { shade -> (south: Double, north: Double, west: Double, east: Double) in
            let points = shade.rings.joined()
            return (
                points.map(\.latitude).min() ?? 0, points.map(\.latitude).max() ?? 0,
                points.map(\.longitude).min() ?? 0, points.map(\.longitude).max() ?? 0
            )
        }
        for row in 0..<viewport.rows {
            let y =
                viewport.centerY + ((Double(row) + 0.5) * cellHeight - Double(viewport.dotHeight) / 2)
                / viewport.worldDots
            let latitude = MapGeometry.latitude(mercatorY: min(1, max(0, y)))
            for (shade, box) in zip(shades, boxes) where latitude >= box.south && latitude <= box.north {
                for column in 0..<viewport.columns {
                    let longitude = longitudes[column]
                    guard longitude >= box.west, longitude <= box.east,
                        shade.contains(latitude: latitude, longitude: longitude)
                    else { continue }
                    cells[row * viewport.columns + column] = shade.ink
                }
            }
        }
        return cells
    }

    /// For each cell, whether the Sun is below the horizon at its centre: the cosine of the Sun's zenith angle,
    /// sin φ sin δ + cos φ cos δ cos(λ − λs), is negative (δ and λs: the subsolar point).
    static func nightCells(_ viewport: Viewport, subsolar: GeoPoint) -> [Bool] {
        let radians = Double.pi / 180
        let sinDeclination = sin(subsolar.latitude * radians), cosDeclination = cos(subsolar.latitude * radians)
        let cellWidth = Double(viewport.dotsPerCellX), cellHeight = Double(viewport.dotsPerCellY)
        // Longitudes of the columns' centres (linear), latitudes of the rows' centres (inverse Mercator).
        let cosines = (0..<viewport.columns).map { column -> Double in
            let x =
                viewport.centerX + ((Double(column) + 0.5) * cellWidth - Double(viewport.dotWidth) / 2)
                / viewport.worldDots
            return cos((x * 360 - 180 - subsolar.longitude) * radians)
        }
        var night = [Bool](repeating: false, count: viewport.columns * viewport.rows)
        for row in 0..<viewport.rows {
            let y =
                viewport.centerY + ((Double(row) + 0.5) * cellHeight - Double(viewport.dotHeight) / 2)
                / viewport.worldDots
            let latitude = MapGeometry.latitude(mercatorY: min(1, max(0, y))) * radians
            let a = sin(latitude) * sinDeclination, b = cos(latitude) * cosDeclination
            for column in 0..<viewport.columns where a + b * cosines[column] < 0 {
                night[row * viewport.columns + column] = true
            }
        }
        return night
    }

    /// What is written after a place's name: its annotation made safe, or nothing.
    static func annotation(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        let safe = TerminalText.sanitize(text)
        return safe.isEmpty ? nil : safe
    }

    /// A place's dot cell on the map.
    struct ShownPlace {
        var place: MapPlace
        var column: Int
        var row: Int
    }

    /// Draws the places as dots, the most populous (then the smallest id) first, leaving out any whose cell or
    /// a neighbouring cell already has a city: no area turns solid, however many cities it has. Returns the places
    /// kept, in that order (with `dots` false, only chooses them, for labels without dots).
    static func drawCities(
        _ places: [MapPlace], viewport: Viewport, on canvas: inout DotCanvas, dots: Bool = true
    ) -> [ShownPlace] {
        var candidates: [(place: MapPlace, x: Int, y: Int)] = []
        candidates.reserveCapacity(places.count)
        for place in places {
            if let dot = viewport.visibleDot(for: place.location) { candidates.append((place, dot.x, dot.y)) }
        }
        candidates.sort { a, b in
            if a.place.population != b.place.population { return a.place.population > b.place.population }
            if a.place.id != b.place.id { return a.place.id < b.place.id }
            if a.place.name != b.place.name { return a.place.name < b.place.name }
            return (a.y, a.x) < (b.y, b.x)
        }
        let columns = viewport.columns, rows = viewport.rows
        var taken = [Bool](repeating: false, count: columns * rows)
        var shown: [ShownPlace] = []
        for candidate in candidates {
            let column = candidate.x / viewport.dotsPerCellX, row = candidate.y / viewport.dotsPerCellY
            var free = true
            check: for r in max(0, row - 1)...min(rows - 1, row + 1) {
                for c in max(0, column - 1)...min(columns - 1, column + 1) where taken[r * columns + c] {
                    free = false
                    break check
                }
            }
            guard free else { continue }
            taken[row * columns + column] = true
            if dots { canvas.set(x: candidate.x, y: candidate.y, ink: .cities) }
            shown.append(ShownPlace(place: candidate.place, column: column, row: row))
        }
        return shown
    }

    /// Marks the favourites in view with "★" and their names (those whose name does not fit keep the star).
    private static func favoriteLabels(
        _ favorites: [MapPlace], excludingID markerID: Int?, annotations: [Int: String], viewport: Viewport,
        overlay: inout LabelOverlay
    ) -> [MapLabel] {
        var labels: [MapLabel] = []
        let ordered = favorites.sorted { a, b in
            a.population != b.population ? a.population > b.population : a.id < b.id
        }
        for favorite in ordered where favorite.id != markerID {
            guard let dot = viewport.visibleDot(for: favorite.location) else { continue }
            let (column, row) = (dot.x / viewport.dotsPerCellX, dot.y / viewport.dotsPerCellY)
            let name = TerminalText.sanitize(favorite.name)
            if overlay.placeLabel(
                name: name, annotation: annotation(annotations[favorite.id]), column: column, row: row,
                glyph: LabelOverlay.favoriteGlyph, ink: .favorite)
            {
                labels.append(MapLabel(name: name, id: favorite.id, row: row, column: column))
            }
        }
        return labels
    }

    /// The ink of each geography layer.
    static func ink(_ layer: GeoLayer) -> MapInk {
        switch layer {
        case .coast: .coast
        case .lakes: .lakes
        case .rivers: .rivers
        case .borders: .borders
        case .states: .states
        }
    }

    /// Draws a layer's lines from the tiles in view, at the level of detail of the zoom.
    private static func drawLayer(
        _ layer: GeoLayer, of geography: GeoData, on canvas: inout DotCanvas, viewport: Viewport
    ) {
        guard let level = geography.level(layer, zoom: viewport.zoom) else { return }
        let rect = viewport.unitRect
        let scale = viewport.unitScale
        let offsetX = Double(viewport.dotWidth) / 2 - viewport.centerUnitX * scale
        let offsetY = Double(viewport.dotHeight) / 2 - viewport.centerUnitY * scale
        let ink = ink(layer)
        let zoom = viewport.zoom
        geography.forEachLine(in: level, minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY) {
            minZoom, points in
            guard minZoom <= zoom, points.count >= 4 else { return }
            var previous = (x: Double(points[0]) * scale + offsetX, y: Double(points[1]) * scale + offsetY)
            var i = 2
            while i + 1 < points.count {
                let current = (x: Double(points[i]) * scale + offsetX, y: Double(points[i + 1]) * scale + offsetY)
                canvas.line(from: previous, to: current, ink: ink)
                previous = current
                i += 2
            }
        }
    }

    /// Places get labels from this zoom on (zoom 0 is the world in 128 columns: names would hide it).
    static let minimumLabelZoom = 1

    /// At most one label for about every 6 rows of 80 columns, a third of that at world zooms (1 and 2); the
    /// marker's and favourites' come on top.
    static func labelLimit(columns: Int, rows: Int, zoom: Int) -> Int {
        max(1, rows * columns / (zoom < 3 ? 1_440 : 480))
    }

    /// Labels the biggest places drawn (they come in population order) while they fit without overlapping.
    private static func placeLabels(
        _ shown: [ShownPlace], annotations: [Int: String], viewport: Viewport, overlay: inout LabelOverlay
    ) -> [MapLabel] {
        let limit = labelLimit(columns: viewport.columns, rows: viewport.rows, zoom: viewport.zoom)
        var placed: [MapLabel] = []
        for candidate in shown where placed.count < limit {
            let name = TerminalText.sanitize(candidate.place.name)
            if overlay.placeLabel(
                name: name, annotation: annotation(annotations[candidate.place.id]), column: candidate.column,
                row: candidate.row)
            {
                placed.append(
                    MapLabel(name: name, id: candidate.place.id, row: candidate.row, column: candidate.column))
            }
        }
        return placed
    }
}
