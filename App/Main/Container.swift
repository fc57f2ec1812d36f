import AlertsFeature
import Architecture
import CitiesService
import ContactFeature
import ContactService
import Foundation
import Logging
import MapFeature
import NIOTransport
import Networking
import OpenMeteo
import OpenWeatherMap
import Persistence
import SQLiteStores
import SkyFeature
import WeatherAlerts
import WeatherFeature
import WeatherService

/// The composition root: the live dependencies, built once from the configuration and handed to the plugins.
struct Container: Sendable {
    let configuration: AppConfiguration
    let logger: Logger
    let transport: HTTPTransport
    let database: AppDatabase
    let contactClient: ContactClient
    let catalogue: CatalogueStore
    let favorites: FavoritesClient
    let weather: WeatherClient
    /// The other provider, asked when the chosen one fails.
    let weatherFallback: WeatherClient?

    /// - Parameter activity: told when a request starts (the spinner); what it returns, when it ends.
    /// - Parameter oneShot: one command, then exit: the store is opened with one connection
    ///   (`AppDatabase.Connections.single`).
    /// The environment the App was started with (the warnings' services read their settings in it).
    let environment: [String: String]
    /// Makes the App's loggers' handlers: the configuration's, given because the container is made before swift-log's
    /// `LoggingSystem` is bootstrapped (`EarlyStart`).
    let logging: @Sendable (String) -> any LogHandler

    init(
        configuration: AppConfiguration, activity: (@Sendable (_ host: String) -> @Sendable () -> Void)? = nil,
        oneShot: Bool = false, environment: [String: String] = ProcessInfo.processInfo.environment,
        logging: @escaping @Sendable (String) -> any LogHandler
    ) {
        self.configuration = configuration
        self.environment = environment
        self.logging = logging
        logger = Logger(label: "skylens", factory: logging)
        database = AppDatabase(
            // Always the file: when the data directory is unusable, every write fails and says so (nothing is kept
            // in memory while the App says it was kept).
            location: .file(path: configuration.databasePath),
            logger: Logger(label: "skylens.db", factory: logging), connections: oneShot ? .single : .pool)
        let transport = HTTPTransport(
            engine: NIOHTTPEngine(readTimeout: configuration.timeout),
            configuration: .init(
                timeout: configuration.timeout, offline: configuration.offline,
                userAgent: configuration.userAgent),
            logger: Logger(label: "skylens.http", factory: logging), now: { Date() }, activity: activity)
        self.transport = transport
        contactClient =
            configuration.contactURL.map { url in
                .live(http: HTTPClient(baseURL: url, transport: transport))
            } ?? .unconfigured
        catalogue = CatalogueStore(
            directory: configuration.dataDirectory,
            // Missing only when the App was copied without its resources: the first city command says where.
            builtIn: CitiesResources.builtInCatalogue
                ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
                .appendingPathComponent("Services_CitiesService.resources/cities.skycat"),
            remote: configuration.citiesURL.map { HTTPClient(baseURL: $0, transport: transport) },
            downloadTimeout: configuration.timeout * 6, now: { Date() })
        favorites = FavoritesClient.sqlite(database)
        let openMeteo = OpenMeteo.client(
            http: HTTPClient(baseURL: configuration.openMeteoURL, transport: transport))
        let openWeatherMap = OpenWeatherMap.client(
            http: HTTPClient(baseURL: configuration.openWeatherURL, transport: transport),
            apiKey: configuration.openWeatherKey)
        // The other provider answers when the chosen one fails: Open-Meteo always (it needs no key), OpenWeatherMap
        // only with a key.
        switch configuration.provider {
        case .openMeteo:
            weather = openMeteo
            weatherFallback = configuration.openWeatherKey == nil ? nil : openWeatherMap
        case .openWeatherMap:
            weather = openWeatherMap
            weatherFallback = openMeteo
        }
    }

    /// Every feature of the App, in the order `help` lists them. A new feature is one package and one line here.
    @MainActor
    func makePlugins() -> [any FeaturePlugin] {
        let places = PlaceMemory(settings: .sqlite(database), defaultPlace: configuration.place)
        // The official warnings: the `alerts` command's, at the top of the weather's views, shaded on the map.
        let alerts = AlertsLookup(
            client: .live(transport, environment: environment), cache: .sqlite(database),
            now: { Date() })
        return [
            WeatherPlugin(
                client: weather, fallback: weatherFallback, catalogue: .live(catalogue), favorites: favorites,
                cache: .sqlite(database), settings: .sqlite(database), dataDirectory: configuration.dataDirectory,
                now: { Date() },
                air: OpenMeteo.airQuality(
                    http: HTTPClient(baseURL: configuration.airQualityURL, transport: transport)),
                airCache: .sqlite(database),
                today: OpenMeteo.today(http: HTTPClient(baseURL: configuration.openMeteoURL, transport: transport)),
                unitDefaults: configuration.units, defaultPlace: configuration.place, alerts: alerts,
                climate: OpenMeteo.climate(http: HTTPClient(baseURL: configuration.archiveURL, transport: transport)),
                climateCache: .sqlite(database),
                ensemble: OpenMeteo.ensemble(
                    http: HTTPClient(baseURL: configuration.ensembleURL, transport: transport)),
                ensembleCache: .sqlite(database)),
            AlertsPlugin(alerts: alerts, catalogue: .live(catalogue), places: places, now: { Date() }),
            MapPlugin(
                catalogue: .live(catalogue), favorites: favorites, countries: { Countries.builtIn() },
                weather: MapWeather(
                    conditions: OpenMeteo.currentConditions(
                        http: HTTPClient(baseURL: configuration.openMeteoURL, transport: transport)),
                    cache: .sqlite(database),
                    temperature: .stored(in: .sqlite(database), default: configuration.units.temperatureUnit)),
                now: { Date() }, places: places, alerts: alerts),
            SkyPlugin(
                catalogue: .live(catalogue), settings: .sqlite(database), now: { Date() },
                defaultPlace: configuration.place),
            ContactPlugin(
                client: contactClient, outbox: .sqlite(database),
                logger: Logger(label: "skylens.contact", factory: logging),
                requestTimeout: configuration.timeout, now: { Date() }, makeID: { UUID().uuidString }),
        ]
    }

    /// What the App itself is built on, for `about`.
    static let attributions: [Attribution] = [
        Attribution("swift-argument-parser", detail: "command-line options", licence: "Apache-2.0"),
        Attribution("swift-log", detail: "logging", licence: "Apache-2.0"),
        Attribution("GRDB.swift", detail: "the SQLite database", licence: "MIT"),
        Attribution("swift-configuration", detail: "the config file and the layered settings", licence: "Apache-2.0"),
        Attribution("Yams and LibYAML", detail: "reading the config file's YAML", licence: "MIT"),
        Attribution("async-http-client", detail: "HTTP requests", licence: "Apache-2.0"),
        Attribution("SwiftNIO and swift-nio-ssl", detail: "networking and TLS", licence: "Apache-2.0"),
        Attribution("BoringSSL", detail: "TLS, inside swift-nio-ssl", licence: "OpenSSL and ISC"),
        Attribution("SQLite", detail: "storage", licence: "public domain"),
        Attribution("libedit", detail: "line editing, history and completion", licence: "BSD-3-Clause"),
    ]
}
