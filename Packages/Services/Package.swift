// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
    // A generic type's metadata made from the conformances the compiler knows, not from its mangled name, which
    // scans every protocol conformance of the process the first time (issue 30; docs/benchmarks.md, fifth step).
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
]

// Clients for the outside world, one module per domain. Each module is a small `Sendable` client with a live value
// (built once in the App's container) and test values.
let package = Package(
    name: "Services",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ContactService", targets: ["ContactService"]),
        .library(name: "CitiesService", targets: ["CitiesService"]),
        .library(name: "WeatherService", targets: ["WeatherService"]),
        // Sun and Moon, computed: Meeus's algorithms, no ephemeris files, no network.
        .library(name: "Astronomy", targets: ["Astronomy"]),
        .library(name: "OpenMeteo", targets: ["OpenMeteo"]),
        .library(name: "OpenWeatherMap", targets: ["OpenWeatherMap"]),
        // Official warnings from the national services (NWS, MET Norway, MeteoAlarm, Environment Canada).
        .library(name: "WeatherAlerts", targets: ["WeatherAlerts"]),
        // The live SQLite values of the services' storage clients (the outbox, the weather cache): only the App
        // links them, so that no feature sees the database.
        .library(name: "SQLiteStores", targets: ["SQLiteStores"]),
        // For the features' tests: a small city list instead of the built-in catalogue.
        .library(name: "CitiesTesting", targets: ["CitiesTesting"]),
        // For the warnings' tests: each service's real recorded answers, served on 127.0.0.1.
        .library(name: "WeatherAlertsTesting", targets: ["WeatherAlertsTesting"]),
    ],
    dependencies: [
        .package(path: "../Core"),
        .package(path: "../TestSupport"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .target(
            name: "ContactService",
            dependencies: [.product(name: "Networking", package: "Core"), .product(name: "CoreKit", package: "Core")],
            // Why a message could not be delivered yet, in every language (`Sentence.Table.contact`).
            resources: [.copy("Resources/Localizable.xcstrings")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "CitiesService",
            dependencies: [
                .product(name: "Networking", package: "Core"), .product(name: "CoreKit", package: "Core"),
                .product(name: "Persistence", package: "Core"), .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Localization", package: "Core"),
            ],
            resources: [
                .copy("Resources/cities.skycat"), .copy("Resources/timezones.skytz"), .copy("Resources/countries.csv"),
                // The words of finding a place (not found, did you mean, the default place), in every language.
                .copy("Resources/Localizable.xcstrings"),
                // Countries' common names in each language (`make country-names`, from iso-codes).
                .copy("Resources/country-names.tsv"),
                // Places' own names in each language where CLDR names them (`make place-names`).
                .copy("Resources/place-names.tsv"),
            ],
            swiftSettings: swiftSettings
        ),
        // Weather: one domain model and client interface, and one module per provider.
        .target(
            name: "WeatherService",
            dependencies: [.product(name: "Networking", package: "Core"), .product(name: "CoreKit", package: "Core")],
            // The providers' failures in every language (`Sentence.Table.weather`, also OpenMeteo's and
            // OpenWeatherMap's).
            resources: [.copy("Resources/Localizable.xcstrings")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "OpenMeteo",
            dependencies: ["WeatherService", .product(name: "Networking", package: "Core")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "OpenWeatherMap",
            dependencies: [
                "WeatherService", .product(name: "Networking", package: "Core"),
                .product(name: "CoreKit", package: "Core"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Astronomy", dependencies: [.product(name: "CoreKit", package: "Core")], swiftSettings: swiftSettings
        ),
        .target(name: "CitiesTesting", dependencies: ["CitiesService"], swiftSettings: swiftSettings),
        .target(
            name: "SQLiteStores",
            dependencies: [
                "ContactService", "WeatherService", .product(name: "CoreKit", package: "Core"),
                .product(name: "Persistence", package: "Core"), .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WeatherAlerts",
            dependencies: [
                "WeatherService", .product(name: "Networking", package: "Core"),
                .product(name: "CoreKit", package: "Core"),
            ],
            // Why no warnings could be had, in every language (`Sentence.Table.alerts`).
            resources: [.copy("Resources/Localizable.xcstrings")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WeatherAlertsTesting",
            dependencies: [
                "WeatherAlerts", .product(name: "Networking", package: "Core"),
                .product(name: "NIOTransport", package: "Core"), .product(name: "Diagnostics", package: "Core"),
                .product(name: "TestSupport", package: "TestSupport"),
            ],
            exclude: ["Recorded/SOURCES.md"],
            resources: [.copy("Recorded")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WeatherAlertsTests",
            dependencies: [
                "WeatherAlerts", "WeatherAlertsTesting", "WeatherService",
                .product(name: "Networking", package: "Core"),
                .product(name: "NIOTransport", package: "Core"), .product(name: "Diagnostics", package: "Core"),
                .product(name: "Localization", package: "Core"), .product(name: "TestSupport", package: "TestSupport"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SQLiteStoresTests",
            dependencies: [
                "SQLiteStores", "ContactService", "WeatherService", .product(name: "CoreKit", package: "Core"),
                .product(name: "Persistence", package: "Core"), .product(name: "Diagnostics", package: "Core"),
                .product(name: "Networking", package: "Core"),
                .product(name: "TestSupport", package: "TestSupport"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WeatherServiceTests",
            dependencies: [
                "WeatherService", "OpenMeteo", "OpenWeatherMap",
                .product(name: "Networking", package: "Core"),
                .product(name: "NIOTransport", package: "Core"),
                .product(name: "Diagnostics", package: "Core"),
                .product(name: "Localization", package: "Core"), .product(name: "TestSupport", package: "TestSupport"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AstronomyTests", dependencies: ["Astronomy"], exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ContactServiceTests",
            dependencies: [
                "ContactService",
                .product(name: "Networking", package: "Core"),
                .product(name: "NIOTransport", package: "Core"),
                .product(name: "Diagnostics", package: "Core"),
                .product(name: "Localization", package: "Core"), .product(name: "TestSupport", package: "TestSupport"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CitiesServiceTests",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Localization", package: "Core"),
                "CitiesService",
                .product(name: "Networking", package: "Core"),
                .product(name: "NIOTransport", package: "Core"),
                .product(name: "Diagnostics", package: "Core"),
                .product(name: "Persistence", package: "Core"),
                .product(name: "TestSupport", package: "TestSupport"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
    ]
)
