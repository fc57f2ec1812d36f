import CitiesService
import Foundation

// The city list parser (the challenge's JSON shape), and query parsing and folding of what it found.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(bytes: data, count: size)
    _ = CityQuery(parsing: String(decoding: body, as: UTF8.self))
    guard let result = try? CityListParser.parse(body) else { return 0 }
    for city in result.cities.prefix(64) {
        precondition((-90...90).contains(city.latitude) && (-180...180).contains(city.longitude), "out of range")
        _ = NameFolding.fold(city.name)
    }
    return 0
}
