import Architecture

/// The arguments every command of a place takes.
enum PlaceArguments {
    static let place = Argument.remainder(
        "place",
        help: "A city name ('Paris', 'Paris, US', 'Paris, TX, US'), #ID or lat,lon; the last one when left out",
        completion: .placeNames)
    static let refresh = Argument.flag(
        "refresh", help: "Fetch now, even if the last answer is less than 10 minutes old")
}
