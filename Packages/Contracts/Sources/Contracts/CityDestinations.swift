import Architecture

/// A city as one feature hands it to another: its id in the city list in use, and its name for the prompt.
public struct CityReference: Hashable, Sendable {
    public var id: Int
    public var name: String

    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// The weather of a city. Shown by WeatherFeature; opened by the map (`weather` on a city's page or map).
///
/// `city` is nil when the weather on screen is for coordinates the user typed (`weather 19.54,110`), which only the
/// weather feature itself opens.
public struct CityWeather: Destination {
    public static let feature = "Weather"
    public var city: CityReference?
    public var name: String

    public init(city: CityReference) {
        self.city = city
        self.name = city.name
    }

    /// The weather of a place that is not a city of the list (bare coordinates), named `name`.
    public init(coordinatesNamed name: String) {
        self.city = nil
        self.name = name
    }

    public var title: String? { name }
}

/// A city's page: where it is, its neighbours, whether it is a favourite. Shown by MapFeature.
public struct CityPage: Destination {
    public static let feature = "Map"
    public var city: CityReference

    public init(city: CityReference) {
        self.city = city
    }

    public var title: String? { city.name }
}

/// A city on the map, at the zoom the map feature keeps. Shown by MapFeature.
public struct CityMap: Destination {
    public static let feature = "Map"
    public var city: CityReference

    public init(city: CityReference) {
        self.city = city
    }

    public var title: String? { city.name }
}
