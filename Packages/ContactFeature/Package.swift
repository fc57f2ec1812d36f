// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
    // A generic type's metadata made from the conformances the compiler knows, not from its mangled name, which
    // scans every protocol conformance of the process the first time (issue 30; docs/benchmarks.md, fifth step).
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
]

let package = Package(
    name: "ContactFeature",
    platforms: [.macOS(.v15)],
    products: [.library(name: "ContactFeature", targets: ["ContactFeature"])],
    dependencies: [
        .package(path: "../Core"),
        .package(path: "../Architecture"),
        .package(path: "../Services"),
        .package(path: "../TestSupport"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "ContactFeature",
            dependencies: [
                .product(name: "Architecture", package: "Architecture"),
                .product(name: "ContactService", package: "Services"),
                .product(name: "CoreKit", package: "Core"), .product(name: "Localization", package: "Core"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // Its words in every language (docs/languages.md).
            resources: [.copy("Resources/Localizable.xcstrings")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ContactFeatureTests",
            dependencies: [
                .product(name: "ShellTesting", package: "Architecture"),
                .product(name: "CommandShell", package: "Architecture"),
                "ContactFeature",
                .product(name: "Architecture", package: "Architecture"),
                .product(name: "ContactService", package: "Services"),
                .product(name: "CoreKit", package: "Core"),
                .product(name: "Networking", package: "Core"),
                .product(name: "NIOTransport", package: "Core"),
                .product(name: "Diagnostics", package: "Core"),
                .product(name: "Localization", package: "Core"),
                .product(name: "TestSupport", package: "TestSupport"),
            ],
            exclude: ["__Goldens__"],
            swiftSettings: swiftSettings
        ),
    ]
)
