// swift-tools-version: 6.1
import PackageDescription

// The root package: the executable `App` (the composition root and the REPL) and the end-to-end tests in `Tests/`.
// Each local package under `Packages/` is described by its own manifest alone, tests included: `make test` runs every
// package's tests from its own manifest and then these, all in one build folder (see the Makefile).

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
    // A generic type's metadata made from the conformances the compiler knows, not from its mangled name, which
    // scans every protocol conformance of the process the first time (issue 30; docs/benchmarks.md, fifth step).
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
]

let core = "Core", architecture = "Architecture", services = "Services"

/// The feature packages the App installs, each `Packages/<name>` with a product of that name: a new feature is one
/// word here and its plugin in `App/Main/Container.swift`.
let features = ["ContactFeature", "MapFeature", "WeatherFeature", "SkyFeature", "AlertsFeature"]

let package = Package(
    name: "SkyLens",
    platforms: [.macOS(.v15)],
    products: [.executable(name: "App", targets: ["App"])],
    dependencies: features.map { .package(path: "Packages/\($0)") } + [
        .package(path: "Packages/Core"),
        .package(path: "Packages/Architecture"),
        .package(path: "Packages/Services"),
        .package(path: "Packages/TestSupport"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
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
        // A thread started on another core than its maker's (CPU affinity, a GNU extension).
        .target(name: "CThread", path: "App/CThread"),
        .executableTarget(
            name: "App",
            dependencies: features.map { .product(name: $0, package: $0) } + [
                "CEditLine", "CTerminal", "CThread",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreKit", package: core),
                .product(name: "Localization", package: core),
                .product(name: "Networking", package: core), .product(name: "NIOTransport", package: core),
                .product(name: "Diagnostics", package: core),
                .product(name: "Persistence", package: core),
                .product(name: "Architecture", package: architecture),
                .product(name: "CommandShell", package: architecture),
                .product(name: "ProgramDocumentation", package: architecture),
                .product(name: "ContactService", package: services),
                .product(name: "CitiesService", package: services),
                .product(name: "WeatherService", package: services),
                .product(name: "WeatherAlerts", package: services),
                .product(name: "OpenMeteo", package: services),
                .product(name: "OpenWeatherMap", package: services),
                .product(name: "SQLiteStores", package: services),
            ],
            path: "App/Main",
            // The App's words (its options, the manual's description, its own commands) in every language.
            resources: [.copy("Resources/Localizable.xcstrings")],
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
                .product(name: "WeatherAlertsTesting", package: services),
                .product(name: "Localization", package: core),
            ],
            path: "Tests/AppTests",
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
    ]
)
