import CoreKit

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Draws country outlines and places as braille or half-block text (Web Mercator, square dots).
public enum MapRenderer {
    /// The box visible for a request, so a caller can fetch only the places inside it.
    ///
    /// Longitudes are within -180...180 and `west > east` when the view crosses the antimeridian;
    /// at zoom 0 the box spans the whole world. Latitudes reach ±90 when the view shows the ±85° edge
    /// of the projection (points beyond it are drawn on that edge). Use `GeoBox.contains` to test points.
    public static func visibleBox(_ request: MapRequest) -> GeoBox {
        Viewport(request).box
    }

    /// Renders a map: outlines as lines, each visible place as a dot, labels for the largest places
    /// (zoom 3 and closer), the marker "◉" with its name, and a footer with centre, zoom and scale.
    ///
    /// Places outside the view are ignored, so passing more than `visibleBox` selects is harmless.
    /// The output depends only on the input (no hashing order or clock is involved).
    public static func render(_ request: MapRequest, outlines: [Outline], places: [MapPlace]) -> RenderedMap {
        let viewport = Viewport(request)
        var canvas = DotCanvas(columns: viewport.columns, rows: viewport.rows, style: request.style)
        for outline in outlines {
            drawRing(outline.points, on: &canvas, viewport: viewport)
        }
        for place in places {
            if let dot = viewport.visibleDot(for: place.location) {
                canvas.set(x: dot.x, y: dot.y)
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
            overlay.placeMarker(name: name, column: column, row: row)
            labels.append(MapLabel(name: name, id: place.id, row: row, column: column))
        }
        if viewport.zoom >= minimumLabelZoom {
            labels += placeLabels(places, excludingID: marker?.0.id, viewport: viewport, overlay: &overlay)
        }
        let lines = (0..<viewport.rows).map { row in
            overlay.line(row: row) { canvas.appendGlyph(column: $0, row: row, to: &$1) }
        }
        return RenderedMap(lines: lines, footer: Footer.text(for: viewport), labels: labels)
    }

    /// Places get labels from this zoom on.
    static let minimumLabelZoom = 3

    /// At most one label for about every 6 rows (the marker's label comes on top).
    static func labelLimit(rows: Int) -> Int {
        max(1, rows / 6)
    }

    /// Labels the biggest visible places (population, then id) while they fit without overlapping.
    private static func placeLabels(
        _ places: [MapPlace], excludingID markerID: Int?, viewport: Viewport, overlay: inout LabelOverlay
    ) -> [MapLabel] {
        var candidates: [(place: MapPlace, column: Int, row: Int)] = []
        for place in places where place.id != markerID {
            if let dot = viewport.visibleDot(for: place.location) {
                candidates.append((place, dot.x / viewport.dotsPerCellX, dot.y / viewport.dotsPerCellY))
            }
        }
        candidates.sort { a, b in
            if a.place.population != b.place.population { return a.place.population > b.place.population }
            if a.place.id != b.place.id { return a.place.id < b.place.id }
            if a.place.name != b.place.name { return a.place.name < b.place.name }
            return (a.row, a.column) < (b.row, b.column)
        }
        let limit = labelLimit(rows: viewport.rows)
        var placed: [MapLabel] = []
        for candidate in candidates where placed.count < limit {
            let name = TerminalText.sanitize(candidate.place.name)
            if overlay.placeLabel(name: name, column: candidate.column, row: candidate.row) {
                placed.append(
                    MapLabel(name: name, id: candidate.place.id, row: candidate.row, column: candidate.column))
            }
        }
        return placed
    }

    /// Draws a ring's segments. Longitudes are unwrapped along the ring (no step longer than 180°), so a ring
    /// crossing the antimeridian stays continuous, and the ring is drawn once for every copy of the world
    /// that overlaps the view. Segments running along the ±180° meridian itself are not drawn: they are the cut
    /// edges of rings split at the antimeridian (Fiji, Chukotka, Antarctica in Natural Earth), not coastlines.
    private static func drawRing(_ points: [GeoPoint], on canvas: inout DotCanvas, viewport: Viewport) {
        var xs: [Double] = []
        var ys: [Double] = []
        var onCut: [Bool] = []
        xs.reserveCapacity(points.count + 1)
        ys.reserveCapacity(points.count + 1)
        onCut.reserveCapacity(points.count + 1)
        var previousLongitude: Double?
        for point in points where point.latitude.isFinite && point.longitude.isFinite {
            onCut.append(abs(point.longitude) == 180)
            var lon = MapGeometry.normalizedLongitude(point.longitude)
            if let previous = previousLongitude {
                let step = lon - previous
                lon = previous + step - 360 * (step / 360).rounded()
            }
            previousLongitude = lon
            xs.append(MapGeometry.mercatorX(longitude: lon))
            ys.append(MapGeometry.mercatorY(latitude: point.latitude))
        }
        guard xs.count >= 2, let firstPoint = points.first(where: { $0.latitude.isFinite && $0.longitude.isFinite }),
            let lastPoint = points.last(where: { $0.latitude.isFinite && $0.longitude.isFinite })
        else { return }
        if firstPoint != lastPoint, let lastX = xs.last, let firstY = ys.first {
            // Close the ring: back to the first point's latitude, at the copy of its longitude nearest the end.
            var x = MapGeometry.mercatorX(longitude: MapGeometry.normalizedLongitude(firstPoint.longitude))
            x += (lastX - x).rounded()
            xs.append(x)
            ys.append(firstY)
            onCut.append(abs(firstPoint.longitude) == 180)
        }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return }
        // Skip rings entirely above or below the view.
        if viewport.dotY(maxY) < -1 || viewport.dotY(minY) > Double(viewport.dotHeight) + 1 { return }
        // World copies k for which [minX + k, maxX + k] overlaps the visible x range.
        let halfWidth = Double(viewport.dotWidth) / 2 / viewport.worldDots
        let viewLeft = viewport.centerX - halfWidth, viewRight = viewport.centerX + halfWidth
        let firstCopy = Int((viewLeft - maxX).rounded(.up)), lastCopy = Int((viewRight - minX).rounded(.down))
        guard firstCopy <= lastCopy else { return }
        for copy in firstCopy...lastCopy {
            let shift = Double(copy)
            var previous = (x: viewport.dotX(xs[0] + shift), y: viewport.dotY(ys[0]))
            for i in 1..<xs.count {
                let current = (x: viewport.dotX(xs[i] + shift), y: viewport.dotY(ys[i]))
                if !(onCut[i - 1] && onCut[i]) { canvas.line(from: previous, to: current) }
                previous = current
            }
        }
    }
}
