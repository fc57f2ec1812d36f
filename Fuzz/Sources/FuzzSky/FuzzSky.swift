import Astronomy
import Foundation

// The sky on arbitrary places, dates and time zones (the odd ones included: +14, −11, 45-minute offsets, half-hour
// daylight time, a day skipped): every event inside its local day, lengths and fractions in range, a month whole.
let zones = [
    "UTC", "Europe/Oslo", "Australia/Sydney", "America/St_Johns", "Asia/Kathmandu", "Australia/Lord_Howe",
    "Pacific/Kiritimati", "Pacific/Pago_Pago", "Pacific/Apia", "Antarctica/Troll", "America/Sao_Paulo",
    "Africa/Casablanca", "Asia/Tehran", "America/Nuuk", "Etc/GMT+12", "Etc/GMT-14",
].compactMap(TimeZone.init(identifier:))

func value(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt32 {
    (0..<4).reduce(0) { $0 | UInt32(offset + $1 < bytes.count ? bytes[offset + $1] : 0) << (8 * $1) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard bytes.count >= 12 else { return 0 }
    let latitude = Double(value(bytes, 0)) / Double(UInt32.max) * 180 - 90
    let longitude = Double(value(bytes, 4)) / Double(UInt32.max) * 360 - 180
    // Any day of 1900–2100 (73,414 days).
    let days = Int(value(bytes, 8) % 73_414)
    let zone = zones[Int(bytes.count > 12 ? bytes[12] : 0) % zones.count]
    var first = LocalDay(year: 1900, month: 1, day: 1, timeZone: zone)
    first = first.adding(days: days)
    let observer = Observer(latitude: latitude, longitude: longitude)
    let sky = SkyDay(on: first, at: observer)
    let start = first.start, end = first.end
    // A day the clocks skipped (Samoa's 2011-12-30) has no time: computed without a crash, and no event in it.
    guard first.exists else {
        precondition(end == start && sky.sun.sunrise == nil && sky.moon.moonrise == nil)
        return 0
    }
    let sun = sky.sun
    for event in [
        sun.astronomicalDawn, sun.nauticalDawn, sun.civilDawn, sun.sunrise, sun.solarNoon, sun.sunset, sun.civilDusk,
        sun.nauticalDusk, sun.astronomicalDusk, sky.moon.moonrise, sky.moon.moonset,
    ] {
        guard let event else { continue }
        precondition(event >= start && event <= end, "an event outside \(first.isoDate) at \(latitude), \(longitude)")
    }
    precondition(sun.dayLength >= 0 && sun.dayLength <= end.timeIntervalSince(start) + 1)
    precondition((sun.polar != nil) == (sun.sunrise == nil && sun.sunset == nil))
    precondition(sun.polar != .day || sun.dayLength >= end.timeIntervalSince(start) - 1)
    precondition(sun.bands.count == Int((end.timeIntervalSince(start) / 300).rounded(.up)))
    precondition((0...1).contains(sky.moon.illumination) && (0..<29.9).contains(sky.moon.age))
    precondition(sky.moon.nextNewMoon >= start && sky.moon.nextNewMoon < start.addingTimeInterval(30 * 86_400))
    precondition(sky.moon.nextFullMoon >= start && sky.moon.nextFullMoon < start.addingTimeInterval(30 * 86_400))
    precondition(sky.moon.upAllDay == nil || (sky.moon.moonrise == nil && sky.moon.moonset == nil))
    if bytes.count > 13, bytes[13] == 0 {
        let month = MoonMonth(year: first.year, month: first.month, timeZone: zone)
        precondition((28...31).contains(month.days.count) && (3...6).contains(month.phases.count))
    }
    return 0
}
