import CoreKit
import MapRendering

// The map renderer on arbitrary centres, zooms, sizes, styles, layers, places and lines (tiled at any tile zoom):
// every line exactly the width asked.
func double(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Double {
    guard offset + 8 <= bytes.count else { return 0 }
    var raw: UInt64 = 0
    for index in 0..<8 { raw |= UInt64(bytes[offset + index]) << (8 * index) }
    return Double(bitPattern: raw)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard bytes.count >= 20 else { return 0 }
    // Sizes: mostly small (up to 100 by 30, below and past the minimums), where the edges, labels and wide
    // characters meet most often; one input in 256 is very wide (up to 1,020 columns, past the maximum) and one very
    // tall (up to 510 rows). Rendering costs the area, and libFuzzer keeps mutating whatever input found something
    // new, so a whole 1,000 by 500 map would soon be every other run; the full size is left to the unit tests.
    let size: (width: Int, height: Int)
    switch bytes[19] {
    case 0xFE: size = (Int(bytes[17]) * 4, Int(bytes[18]) % 9)
    case 0xFF: size = (Int(bytes[17]) % 21, Int(bytes[18]) * 2)
    default: size = (Int(bytes[17]) % 101, Int(bytes[18]) % 31)
    }
    let request = MapRequest(
        center: GeoPoint(latitude: double(bytes, 0), longitude: double(bytes, 8)),
        zoom: Int(Int8(bitPattern: bytes[16])), width: size.width, height: size.height,
        style: (bytes[17] ^ bytes[19]) % 2 == 0 ? .braille : .blocks,
        marker: MapPlace(
            name: "Marker 東京", location: GeoPoint(latitude: double(bytes, 0), longitude: double(bytes, 8)), id: 0))
    var places: [MapPlace] = []
    var offset = 20
    while offset + 17 <= bytes.count, places.count < 200 {
        let name = String(
            decoding: bytes[(offset + 16)..<min(bytes.count, offset + 16 + Int(bytes[offset + 16] % 12))], as: UTF8.self
        )
        places.append(
            MapPlace(
                name: name, location: GeoPoint(latitude: double(bytes, offset), longitude: double(bytes, offset + 8)),
                population: places.count, id: places.count))
        offset += 17
    }
    // The places' positions also make a line of every layer, and the layers drawn come from the input.
    var chosen = request
    chosen.layers = MapLayers(rawValue: bytes[16] ^ bytes[18])
    chosen.favorites = Array(places.suffix(3))
    let geography = GeoData.lines(
        GeoLayer.allCases.map { ($0, places.map(\.location)) }, tileZoom: Int(bytes[17] % 9))
    let map = MapRenderer.render(chosen, geography: geography, places: places)
    let width = min(MapRequest.maximumWidth, max(MapRequest.minimumWidth, request.width))
    let height = min(MapRequest.maximumHeight, max(MapRequest.minimumHeight, request.height))
    precondition(map.lines.count == height, "wrong number of lines")
    precondition(map.lines.allSatisfy { DisplayWidth.columns(of: $0) == width }, "a line of the wrong width")
    precondition(DisplayWidth.columns(of: map.footer) <= width, "footer too wide")
    return 0
}
