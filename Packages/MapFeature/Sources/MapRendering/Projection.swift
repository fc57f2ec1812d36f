#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Plain geodesy helpers.
enum MapGeometry {
    /// Latitudes beyond Web Mercator's edge (±85.05°) are drawn on it.
    static let maxLatitude = GeoUnits.maxLatitude
    /// Equatorial circumference in kilometres (WGS 84).
    static let equatorKm = 40_075.016_686

    /// Longitude wrapped into -180..<180; non-finite input gives 0.
    static func normalizedLongitude(_ lon: Double) -> Double {
        guard lon.isFinite else { return 0 }
        var l = lon.truncatingRemainder(dividingBy: 360)
        if l < -180 { l += 360 }
        if l >= 180 { l -= 360 }
        return l
    }

    /// Web Mercator x in world units: 0 at 180°W, 1 at 180°E.
    static func mercatorX(longitude lon: Double) -> Double {
        (lon + 180) / 360
    }

    /// Web Mercator y in world units, growing southwards: 0.5 at the equator. Latitude is clamped to ±85°.
    static func mercatorY(latitude lat: Double) -> Double {
        let clamped = min(max(lat, -maxLatitude), maxLatitude)
        let phi = clamped * .pi / 180
        return 0.5 - log(tan(.pi / 4 + phi / 2)) / (2 * .pi)
    }

    /// Inverse of `mercatorY`, in degrees.
    static func latitude(mercatorY y: Double) -> Double {
        atan(sinh((0.5 - y) * 2 * .pi)) * 180 / .pi
    }
}

/// Maps world coordinates to dot coordinates for one request.
///
/// The dot canvas is `dotWidth` × `dotHeight` dots; the world (one turn of longitude) is `worldDots` dots wide:
/// 256 × 2^zoom braille dots (128 × 2^zoom columns, as OpenStreetMap's 256-pixel tiles and mapscii count), and dots
/// are square, so the same scale applies vertically. The centre is at dot (`dotWidth` / 2, `dotHeight` / 2).
struct Viewport {
    let dotWidth: Int
    let dotHeight: Int
    let dotsPerCellX: Int
    let dotsPerCellY: Int
    let zoom: Int
    let center: GeoPoint
    let centerX: Double
    let centerY: Double
    let worldDots: Double

    /// Columns and rows after clamping to the documented limits.
    let columns: Int
    let rows: Int

    init(_ request: MapRequest) {
        columns = min(max(request.width, MapRequest.minimumWidth), MapRequest.maximumWidth)
        rows = min(max(request.height, MapRequest.minimumHeight), MapRequest.maximumHeight)
        switch request.style {
        case .braille: (dotsPerCellX, dotsPerCellY) = (2, 4)
        case .blocks: (dotsPerCellX, dotsPerCellY) = (1, 2)
        }
        dotWidth = columns * dotsPerCellX
        dotHeight = rows * dotsPerCellY
        zoom = min(max(request.zoom, MapRequest.zoomRange.lowerBound), MapRequest.zoomRange.upperBound)
        let lat = request.center.latitude.isFinite ? request.center.latitude : 0
        let clampedLat = min(max(lat, -MapGeometry.maxLatitude), MapGeometry.maxLatitude)
        var lon = MapGeometry.normalizedLongitude(request.center.longitude)
        if lon == -180 { lon = 180 }  // show 180°E rather than 180°W
        center = GeoPoint(latitude: clampedLat, longitude: lon)
        centerX = MapGeometry.mercatorX(longitude: lon)
        centerY = MapGeometry.mercatorY(latitude: clampedLat)
        worldDots = Double(128 * dotsPerCellX) * Double(1 << zoom)
        unitScale = worldDots / Double(GeoUnits.unitsPerWorld)
        centerUnitX = centerX * Double(GeoUnits.unitsPerWorld)
        centerUnitY = centerY * Double(GeoUnits.unitsPerWorld)
    }

    /// Dots per world unit of the prepared geography (`GeoUnits`), and the centre in those units.
    let unitScale: Double
    let centerUnitX: Double
    let centerUnitY: Double

    /// The view in world units, one dot larger on every side (x not wrapped).
    var unitRect: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let halfWidth = (Double(dotWidth) / 2 + 1) / unitScale, halfHeight = (Double(dotHeight) / 2 + 1) / unitScale
        return (centerUnitX - halfWidth, centerUnitY - halfHeight, centerUnitX + halfWidth, centerUnitY + halfHeight)
    }

    /// Dot x of a world x (no wrapping).
    @inline(__always) func dotX(_ x: Double) -> Double {
        (x - centerX) * worldDots + Double(dotWidth) / 2
    }

    /// Dot y of a world y.
    @inline(__always) func dotY(_ y: Double) -> Double {
        (y - centerY) * worldDots + Double(dotHeight) / 2
    }

    /// Dot position of a point, with its longitude wrapped to the copy of the world nearest the centre;
    /// nil for non-finite input.
    func dot(for point: GeoPoint) -> (x: Double, y: Double)? {
        guard point.latitude.isFinite, point.longitude.isFinite else { return nil }
        var dx = MapGeometry.mercatorX(longitude: MapGeometry.normalizedLongitude(point.longitude)) - centerX
        dx -= dx.rounded()  // into -0.5...0.5 of a world
        return (dx * worldDots + Double(dotWidth) / 2, dotY(MapGeometry.mercatorY(latitude: point.latitude)))
    }

    /// Integer dot of a point if it is on the canvas.
    func visibleDot(for point: GeoPoint) -> (x: Int, y: Int)? {
        guard let (x, y) = dot(for: point),
            x >= 0, x < Double(dotWidth), y >= 0, y < Double(dotHeight)
        else { return nil }
        return (Int(x), Int(y))
    }

    /// The visible box in degrees.
    var box: GeoBox {
        let halfSpan = 180 * Double(dotWidth) / worldDots
        let west: Double, east: Double
        if halfSpan >= 180 {
            (west, east) = (-180, 180)
        } else {
            west = MapGeometry.normalizedLongitude(center.longitude - halfSpan)
            let e = MapGeometry.normalizedLongitude(center.longitude + halfSpan)
            east = e == -180 ? 180 : e
        }
        let halfHeight = Double(dotHeight) / 2 / worldDots
        let topY = centerY - halfHeight
        let bottomY = centerY + halfHeight
        // Points beyond ±85° are drawn on the ±85° line, so a view reaching it shows them all.
        let north =
            topY <= MapGeometry.mercatorY(latitude: MapGeometry.maxLatitude)
            ? 90 : MapGeometry.latitude(mercatorY: topY)
        let south =
            bottomY >= MapGeometry.mercatorY(latitude: -MapGeometry.maxLatitude)
            ? -90 : MapGeometry.latitude(mercatorY: bottomY)
        return GeoBox(south: south, west: west, north: north, east: east)
    }

    /// Kilometres per dot horizontally at the centre latitude.
    var kmPerDot: Double {
        MapGeometry.equatorKm * cos(center.latitude * .pi / 180) / worldDots
    }
}
