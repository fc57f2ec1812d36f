// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
    // A generic type's metadata made from the conformances the compiler knows, not from its mangled name, which
    // scans every protocol conformance of the process the first time (issue 30; docs/benchmarks.md, fifth step).
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
]

let package = Package(
    name: "Core",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CoreKit", targets: ["CoreKit"]),
        .library(name: "Networking", targets: ["Networking"]),
        .library(name: "NIOTransport", targets: ["NIOTransport"]),
        .library(name: "Diagnostics", targets: ["Diagnostics"]),
        .library(name: "Persistence", targets: ["Persistence"]),
        .library(name: "Localization", targets: ["Localization"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(path: "../TestSupport"),
    ],
    targets: [
        // Core's words (the store's, the files' and the network's failures) in its catalogue, said by `Words`.
        .target(
            name: "CoreKit", resources: [.copy("Resources/Localizable.xcstrings")], swiftSettings: swiftSettings),
        // Words in the user's language: the languages, their CLDR plural rules, String Catalogs read at run time.
        .target(name: "Localization", dependencies: ["CoreKit"], swiftSettings: swiftSettings),
        .target(
            name: "Networking",
            dependencies: ["CoreKit", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        // The live HTTP engine (async-http-client on SwiftNIO), apart so that Networking's users build without it.
        .target(
            name: "NIOTransport",
            dependencies: [
                "Networking", "CoreKit",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Diagnostics",
            dependencies: ["CoreKit", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Persistence",
            dependencies: [
                "CoreKit",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CoreTests",
            dependencies: [
                "CoreKit", "Networking", "NIOTransport", "Diagnostics", "Persistence", "Localization",
                .product(name: "TestSupport", package: "TestSupport"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
