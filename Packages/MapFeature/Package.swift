// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
    // A generic type's metadata made from the conformances the compiler knows, not from its mangled name, which
    // scans every protocol conformance of the process the first time (issue 30; docs/benchmarks.md, fifth step).
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
]

let package = Package(
    name: "MapFeature",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "MapFeature", targets: ["MapFeature"]),
        .library(name: "MapRendering", targets: ["MapRendering"]),
    ],
    dependencies: [
        .package(path: "../Core"),
        .package(path: "../Architecture"),
        .package(path: "../Contracts"),
        .package(path: "../Services"),
        .package(path: "../TestSupport"),
    ],
    targets: [
        // The map drawing, pure and dependency-light: projection, braille and block canvases, labels, footer.
        .target(
            name: "MapRendering",
            dependencies: [.product(name: "CoreKit", package: "Core")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "MapFeature",
            dependencies: [
                .product(name: "Contracts", package: "Contracts"),
                "MapRendering",
                .product(name: "Architecture", package: "Architecture"),
                .product(name: "CitiesService", package: "Services"),
                .product(name: "Astronomy", package: "Services"),
                .product(name: "WeatherService", package: "Services"),
                .product(name: "WeatherAlerts", package: "Services"),
                .product(name: "CoreKit", package: "Core"), .product(name: "Localization", package: "Core"),
            ],
            resources: [.copy("Resources/world.skygeo"), .copy("Resources/Localizable.xcstrings")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MapRenderingTests",
            dependencies: [
                "MapRendering", .product(name: "CoreKit", package: "Core"),
                .product(name: "TestSupport", package: "TestSupport"),
            ],
            exclude: ["__Goldens__"],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MapFeatureTests",
            dependencies: [
                .product(name: "CitiesTesting", package: "Services"), .product(name: "CoreKit", package: "Core"),
                .product(name: "Contracts", package: "Contracts"),
                .product(name: "WeatherService", package: "Services"),
                .product(name: "WeatherAlerts", package: "Services"),
                .product(name: "WeatherAlertsTesting", package: "Services"),
                .product(name: "ShellTesting", package: "Architecture"),
                .product(name: "CommandShell", package: "Architecture"),
                "MapFeature", "MapRendering",
                .product(name: "Architecture", package: "Architecture"),
                .product(name: "CitiesService", package: "Services"),
                .product(name: "Diagnostics", package: "Core"),
                .product(name: "Networking", package: "Core"), .product(name: "Localization", package: "Core"),
                .product(name: "TestSupport", package: "TestSupport"),
            ],
            exclude: ["__Goldens__"],
            swiftSettings: swiftSettings
        ),
    ]
)
