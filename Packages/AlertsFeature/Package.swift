// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
    // A generic type's metadata made from the conformances the compiler knows, not from its mangled name, which
    // scans every protocol conformance of the process the first time (issue 30; docs/benchmarks.md, fifth step).
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
]

// Official warnings (NWS, MET Norway, MeteoAlarm, Environment Canada) as a feature: the `alerts` command, its view,
// its JSON and its tests. The services themselves are Services' `WeatherAlerts`, which the weather's own views use too.
let package = Package(
    name: "AlertsFeature",
    platforms: [.macOS(.v15)],
    products: [.library(name: "AlertsFeature", targets: ["AlertsFeature"])],
    dependencies: [
        .package(path: "../Core"),
        .package(path: "../Architecture"),
        .package(path: "../Contracts"),
        .package(path: "../Services"),
        .package(path: "../TestSupport"),
    ],
    targets: [
        .target(
            name: "AlertsFeature",
            dependencies: [
                .product(name: "Architecture", package: "Architecture"),
                .product(name: "Contracts", package: "Contracts"),
                .product(name: "CitiesService", package: "Services"),
                .product(name: "WeatherAlerts", package: "Services"),
                .product(name: "WeatherService", package: "Services"),
                .product(name: "CoreKit", package: "Core"), .product(name: "Localization", package: "Core"),
            ],
            // Its words in every language (docs/languages.md).
            resources: [.copy("Resources/Localizable.xcstrings")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AlertsFeatureTests",
            dependencies: [
                "AlertsFeature",
                .product(name: "Architecture", package: "Architecture"),
                .product(name: "CommandShell", package: "Architecture"),
                .product(name: "ShellTesting", package: "Architecture"),
                .product(name: "CitiesService", package: "Services"),
                .product(name: "CitiesTesting", package: "Services"),
                .product(name: "WeatherAlerts", package: "Services"),
                .product(name: "WeatherAlertsTesting", package: "Services"),
                .product(name: "WeatherService", package: "Services"),
                .product(name: "CoreKit", package: "Core"),
                .product(name: "TestSupport", package: "TestSupport"),
                .product(name: "Localization", package: "Core"),
            ],
            exclude: ["__Goldens__"],
            swiftSettings: swiftSettings
        ),
    ]
)
