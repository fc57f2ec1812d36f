// swift-tools-version: 6.1
import PackageDescription

// The root package: the executable `App` (the composition root and the REPL) and the end-to-end tests in `Tests/`.
// It also declares every local package's test target by path, so that `make test` builds everything once; each
// package keeps its own manifest and also tests on its own (`make test-each`).

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
]

let core = "Core", architecture = "Architecture", services = "Services"

let package = Package(
    name: "SkyLens",
    platforms: [.macOS(.v15)],
    products: [.executable(name: "App", targets: ["App"])],
    dependencies: [
        .package(path: "Packages/Core"),
        .package(path: "Packages/Architecture"),
        .package(path: "Packages/Contracts"),
        .package(path: "Packages/Services"),
        .package(path: "Packages/ContactFeature"),
        .package(path: "Packages/MapFeature"),
        .package(path: "Packages/WeatherFeature"),
        .package(path: "Packages/SkyFeature"),
        .package(path: "Packages/TestSupport"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // The layered settings (options, environment, config file, defaults) and the YAML config file.
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0", traits: ["YAML"]),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        // libedit, loaded at run time (dlopen): building needs no development files, and a machine without the
        // library falls back to plain line reading.
        .target(
            name: "CEditLine",
            path: "App/CEditLine",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // The terminal's modes given back on Ctrl-Z and on signals (async-signal-safe C).
        .target(name: "CTerminal", path: "App/CTerminal"),
        .executableTarget(
            name: "App",
            dependencies: [
                "CEditLine", "CTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreKit", package: core),
                .product(name: "Networking", package: core), .product(name: "NIOTransport", package: core),
                .product(name: "Diagnostics", package: core),
                .product(name: "Persistence", package: core),
                .product(name: "Architecture", package: architecture),
                .product(name: "ContactService", package: services),
                .product(name: "ContactFeature", package: "ContactFeature"),
                .product(name: "CitiesService", package: services),
                .product(name: "MapFeature", package: "MapFeature"),
                .product(name: "WeatherService", package: services),
                .product(name: "OpenMeteo", package: services),
                .product(name: "OpenWeatherMap", package: services),
                .product(name: "SQLiteStores", package: services),
                .product(name: "WeatherFeature", package: "WeatherFeature"),
                .product(name: "SkyFeature", package: "SkyFeature"),
            ],
            path: "App/Main",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "GeoTool",
            dependencies: [.product(name: "MapRendering", package: "MapFeature")],
            path: "Tools/GeoTool",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "CatalogueTool",
            dependencies: [.product(name: "CitiesService", package: services)],
            path: "Tools/CatalogueTool",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AppTests",
            dependencies: [
                .product(name: "TestSupport", package: "TestSupport"), .product(name: "CoreKit", package: core),
            ],
            path: "Tests/AppTests",
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),

        // The packages' own tests, by path (see the comment at the top).
        .testTarget(
            name: "TestSupportTests",
            dependencies: [.product(name: "TestSupport", package: "TestSupport")],
            path: "Packages/TestSupport/Tests/TestSupportTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CoreTests",
            dependencies: [
                .product(name: "CoreKit", package: core), .product(name: "Networking", package: core),
                .product(name: "NIOTransport", package: core),
                .product(name: "Diagnostics", package: core), .product(name: "Persistence", package: core),
                .product(name: "TestSupport", package: "TestSupport"),
                .product(name: "Logging", package: "swift-log"), .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Packages/Core/Tests/CoreTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ArchitectureTests",
            dependencies: [
                .product(name: "Architecture", package: architecture),
                .product(name: "TestSupport", package: "TestSupport"),
            ],
            path: "Packages/Architecture/Tests/ArchitectureTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ContractsTests",
            dependencies: [
                .product(name: "Contracts", package: "Contracts"),
                .product(name: "Architecture", package: architecture),
            ],
            path: "Packages/Contracts/Tests/ContractsTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AstronomyTests",
            dependencies: [.product(name: "Astronomy", package: services)],
            path: "Packages/Services/Tests/AstronomyTests",
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ContactServiceTests",
            dependencies: [
                .product(name: "ContactService", package: services), .product(name: "Networking", package: core),
                .product(name: "NIOTransport", package: core),
                .product(name: "Diagnostics", package: core), .product(name: "TestSupport", package: "TestSupport"),
            ],
            path: "Packages/Services/Tests/ContactServiceTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CitiesServiceTests",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "CitiesService", package: services), .product(name: "Networking", package: core),
                .product(name: "NIOTransport", package: core),
                .product(name: "Diagnostics", package: core), .product(name: "Persistence", package: core),
                .product(name: "TestSupport", package: "TestSupport"),
            ],
            path: "Packages/Services/Tests/CitiesServiceTests",
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ContactFeatureTests",
            dependencies: [
                .product(name: "ShellTesting", package: architecture),
                .product(name: "ContactFeature", package: "ContactFeature"),
                .product(name: "Architecture", package: architecture),
                .product(name: "ContactService", package: services),
                .product(name: "CoreKit", package: core), .product(name: "Networking", package: core),
                .product(name: "NIOTransport", package: core),
                .product(name: "Diagnostics", package: core), .product(name: "TestSupport", package: "TestSupport"),
            ],
            path: "Packages/ContactFeature/Tests/ContactFeatureTests",
            exclude: ["__Goldens__"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MapRenderingTests",
            dependencies: [
                .product(name: "MapRendering", package: "MapFeature"), .product(name: "CoreKit", package: core),
                .product(name: "TestSupport", package: "TestSupport"),
            ],
            path: "Packages/MapFeature/Tests/MapRenderingTests",
            exclude: ["__Goldens__"],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MapFeatureTests",
            dependencies: [
                .product(name: "CitiesTesting", package: services), .product(name: "CoreKit", package: core),
                .product(name: "Contracts", package: "Contracts"),
                .product(name: "WeatherService", package: services),
                .product(name: "ShellTesting", package: architecture),
                .product(name: "MapFeature", package: "MapFeature"),
                .product(name: "MapRendering", package: "MapFeature"),
                .product(name: "Architecture", package: architecture),
                .product(name: "CitiesService", package: services),
                .product(name: "Diagnostics", package: core),
                .product(name: "Networking", package: core), .product(name: "TestSupport", package: "TestSupport"),
            ],
            path: "Packages/MapFeature/Tests/MapFeatureTests",
            exclude: ["__Goldens__"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SQLiteStoresTests",
            dependencies: [
                .product(name: "SQLiteStores", package: services), .product(name: "ContactService", package: services),
                .product(name: "WeatherService", package: services), .product(name: "CoreKit", package: core),
                .product(name: "Persistence", package: core), .product(name: "Diagnostics", package: core),
                .product(name: "TestSupport", package: "TestSupport"),
            ],
            path: "Packages/Services/Tests/SQLiteStoresTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WeatherServiceTests",
            dependencies: [
                .product(name: "WeatherService", package: services), .product(name: "OpenMeteo", package: services),
                .product(name: "OpenWeatherMap", package: services), .product(name: "Networking", package: core),
                .product(name: "NIOTransport", package: core),
                .product(name: "Diagnostics", package: core), .product(name: "TestSupport", package: "TestSupport"),
            ],
            path: "Packages/Services/Tests/WeatherServiceTests",
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WeatherFeatureTests",
            dependencies: [
                .product(name: "CitiesTesting", package: services),
                .product(name: "ShellTesting", package: architecture),
                .product(name: "WeatherFeature", package: "WeatherFeature"),
                .product(name: "Architecture", package: architecture),
                .product(name: "WeatherService", package: services), .product(name: "OpenMeteo", package: services),
                .product(name: "CitiesService", package: services), .product(name: "CoreKit", package: core),
                .product(name: "Diagnostics", package: core), .product(name: "Networking", package: core),
                .product(name: "NIOTransport", package: core),
                .product(name: "TestSupport", package: "TestSupport"),
            ],
            path: "Packages/WeatherFeature/Tests/WeatherFeatureTests",
            exclude: ["__Goldens__", "Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SkyFeatureTests",
            dependencies: [
                .product(name: "SkyFeature", package: "SkyFeature"),
                .product(name: "Architecture", package: architecture),
                .product(name: "ShellTesting", package: architecture),
                .product(name: "Contracts", package: "Contracts"),
                .product(name: "Astronomy", package: services), .product(name: "CitiesService", package: services),
                .product(name: "CitiesTesting", package: services), .product(name: "CoreKit", package: core),
                .product(name: "TestSupport", package: "TestSupport"),
            ],
            path: "Packages/SkyFeature/Tests/SkyFeatureTests",
            exclude: ["__Goldens__"],
            swiftSettings: swiftSettings
        ),
    ]
)
