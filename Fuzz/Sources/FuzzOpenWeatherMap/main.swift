import CoreKit
import Foundation
import Networking
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
    // The same bytes as the body of a failed answer (the first 12 as its Retry-After, the last one picks the
    // status): the message for the user names no key and holds nothing that moves the cursor, for OpenWeatherMap and
    // for any provider.
    let code = [400, 401, 403, 404, 429, 500, 503][Int(body.last ?? 0) % 7]
    let retryAfter = String(decoding: body.prefix(12), as: UTF8.self)
    let status = HTTPStatusError(host: "api.example.org", code: code, headers: ["retry-after": retryAfter], body: body)
    let key = "0123456789abcdef0123456789abcdef"
    let owm = OpenWeatherMap.scrub(OpenWeatherMap.specific(.status(status)), key: key)
    precondition(!owm.message.contains(key), "the key in a message")
    for error in [owm, WeatherError.from(.status(status), provider: "Open-Meteo")] {
        precondition(TerminalText.isClean(error.message, allowNewlines: true), "a control character in a message")
    }
    return 0
}
