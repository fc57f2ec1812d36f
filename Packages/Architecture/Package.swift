// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Architecture",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Architecture", targets: ["Architecture"]),
        // For the features' tests: a shell around their plugins, with scripted input and captured output.
        .library(name: "ShellTesting", targets: ["ShellTesting"]),
    ],
    dependencies: [
        .package(path: "../Core"),
        .package(path: "../TestSupport"),
    ],
    targets: [
        .target(
            name: "Architecture",
            dependencies: [.product(name: "CoreKit", package: "Core")],
            swiftSettings: swiftSettings
        ),
        .target(name: "ShellTesting", dependencies: ["Architecture"], swiftSettings: swiftSettings),
        .testTarget(
            name: "ArchitectureTests",
            dependencies: ["Architecture", .product(name: "TestSupport", package: "TestSupport")],
            swiftSettings: swiftSettings
        ),
    ]
)
