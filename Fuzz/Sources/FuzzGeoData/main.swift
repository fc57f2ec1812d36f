import Foundation
import MapRendering

// Prepared geography from damaged files: a file that reads must decode every tile of every level without trapping,
// however its payloads are broken (the seeds are small valid files, which libFuzzer then damages).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let geography = try? GeoData(Data(bytes: data, count: size)) else { return 0 }
    let world = Double(GeoUnits.unitsPerWorld)
    for level in geography.levels {
        var points = 0
        geography.forEachLine(in: level, minX: -world / 2, minY: 0, maxX: world * 1.5, maxY: world) { minZoom, line in
            precondition(line.count % 2 == 0, "a point without its y")
            points += line.count / 2 + minZoom * 0
        }
        _ = points
    }
    return 0
}
