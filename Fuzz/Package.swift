// swift-tools-version: 6.1
import PackageDescription

// libFuzzer harnesses, one executable each. Build and run them with `make fuzz` (or `make fuzz-smoke`):
// `swift build -c release --sanitize=fuzzer`, which supplies `main`; a plain `swift build` cannot link them.
let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "Fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../Packages/Core"),
        .package(path: "../Packages/Architecture"),
        .package(path: "../Packages/Services"),
        .package(path: "../Packages/MapFeature"),
    ],
    targets: [
        .executableTarget(
            name: "FuzzCommandLine",
            dependencies: [
                .product(name: "Architecture", package: "Architecture"),
                .product(name: "CommandShell", package: "Architecture"), .product(name: "CoreKit", package: "Core"),
            ],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "FuzzOpenMeteo",
            dependencies: [
                .product(name: "OpenMeteo", package: "Services"), .product(name: "WeatherService", package: "Services"),
            ], swiftSettings: swiftSettings),
        .executableTarget(
            name: "FuzzOpenWeatherMap",
            dependencies: [
                .product(name: "OpenWeatherMap", package: "Services"),
                .product(name: "WeatherService", package: "Services"), .product(name: "Networking", package: "Core"),
                .product(name: "CoreKit", package: "Core"),
            ], swiftSettings: swiftSettings),
        .executableTarget(
            name: "FuzzCityList", dependencies: [.product(name: "CitiesService", package: "Services")],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "FuzzContactForm", dependencies: [.product(name: "ContactService", package: "Services")],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "FuzzMapRenderer",
            dependencies: [
                .product(name: "MapRendering", package: "MapFeature"), .product(name: "CoreKit", package: "Core"),
            ],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "FuzzScreenKeys",
            dependencies: [
                .product(name: "Architecture", package: "Architecture"),
                .product(name: "CommandShell", package: "Architecture"),
            ],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "FuzzGeoData", dependencies: [.product(name: "MapRendering", package: "MapFeature")],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "FuzzPlaces", dependencies: [.product(name: "CitiesService", package: "Services")],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "FuzzSky", dependencies: [.product(name: "Astronomy", package: "Services")],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "FuzzTerminalText", dependencies: [.product(name: "CoreKit", package: "Core")],
            swiftSettings: swiftSettings),
    ]
)
