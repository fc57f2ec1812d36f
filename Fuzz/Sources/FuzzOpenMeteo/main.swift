import Foundation
import OpenMeteo
import WeatherService

// Open-Meteo's answer, decoded and mapped to the domain model: errors are fine, crashes are not.
let place = WeatherLocation(id: 1, name: "Test", country: "CA", latitude: 43.7, longitude: -79.4)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(bytes: data, count: size)
    guard let dto = try? OpenMeteo.decoder.decode(OpenMeteoForecastDTO.self, from: body) else { return 0 }
    _ = try? OpenMeteo.report(from: dto, for: place)
    return 0
}
