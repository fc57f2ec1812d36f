// swift-tools-version: 6.1
import PackageDescription

// `make bench`: the speed and memory targets of the city search, the map and the sky, measured against the baselines of the issue in the
// same run, on the same data and queries. Built in release mode, apart from the App's own build.
let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../Packages/Services"),
        .package(path: "../Packages/MapFeature"),
        .package(path: "../Packages/TestSupport"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "SkyLensBench",
            dependencies: [
                .product(name: "CitiesService", package: "Services"),
                .product(name: "Astronomy", package: "Services"),
                .product(name: "MapRendering", package: "MapFeature"),
                .product(name: "TestSupport", package: "TestSupport"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        )
    ]
)
