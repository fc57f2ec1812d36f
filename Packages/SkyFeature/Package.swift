// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
    // A generic type's metadata made from the conformances the compiler knows, not from its mangled name, which
    // scans every protocol conformance of the process the first time (issue 30; docs/benchmarks.md, fifth step).
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
]

// The sky: sun and moon for any city and date, computed offline (Services/Astronomy). See README.md.
let package = Package(
    name: "SkyFeature",
    platforms: [.macOS(.v15)],
    products: [.library(name: "SkyFeature", targets: ["SkyFeature"])],
    dependencies: [
        .package(path: "../Core"),
        .package(path: "../Architecture"),
        .package(path: "../Contracts"),
        .package(path: "../Services"),
        .package(path: "../TestSupport"),
    ],
    targets: [
        .target(
            name: "SkyFeature",
            dependencies: [
                .product(name: "Architecture", package: "Architecture"),
                .product(name: "Contracts", package: "Contracts"),
                .product(name: "Astronomy", package: "Services"),
                .product(name: "CitiesService", package: "Services"),
                .product(name: "CoreKit", package: "Core"),
                .product(name: "Localization", package: "Core"),
            ],
            // Its words in every language (docs/languages.md).
            resources: [.copy("Resources/Localizable.xcstrings")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SkyFeatureTests",
            dependencies: [
                "SkyFeature",
                .product(name: "Architecture", package: "Architecture"),
                .product(name: "ShellTesting", package: "Architecture"),
                .product(name: "CommandShell", package: "Architecture"),
                .product(name: "Contracts", package: "Contracts"),
                .product(name: "Astronomy", package: "Services"),
                .product(name: "CitiesService", package: "Services"),
                .product(name: "CitiesTesting", package: "Services"),
                .product(name: "CoreKit", package: "Core"),
                .product(name: "TestSupport", package: "TestSupport"),
                .product(name: "Localization", package: "Core"),
            ],
            exclude: ["__Goldens__"],
            swiftSettings: swiftSettings
        ),
    ]
)
