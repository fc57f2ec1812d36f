import Foundation
import OpenWeatherMap
import WeatherService

// OpenWeatherMap's answers (current, forecast, error bodies), decoded and mapped: errors are fine, crashes are not.
let place = WeatherLocation(id: 1, name: "Test", country: "CA", latitude: 43.7, longitude: -79.4)
let emptyForecast = try? JSONDecoder().decode(OWMForecastDTO.self, from: Data(#"{"cod":"200","list":[]}"#.utf8))
let someCurrent = try? JSONDecoder().decode(
    OWMCurrentDTO.self, from: Data(#"{"weather":[{"id":800}],"main":{"temp":1},"dt":0,"timezone":0}"#.utf8))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(bytes: data, count: size)
    let decoder = JSONDecoder()
    if let current = try? decoder.decode(OWMCurrentDTO.self, from: body), let emptyForecast {
        _ = try? OpenWeatherMap.report(current: current, forecast: emptyForecast, for: place)
    }
    if let forecast = try? decoder.decode(OWMForecastDTO.self, from: body), let someCurrent {
        _ = try? OpenWeatherMap.report(current: someCurrent, forecast: forecast, for: place)
    }
    _ = try? decoder.decode(OWMErrorDTO.self, from: body)
    return 0
}
