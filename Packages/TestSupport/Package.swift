// swift-tools-version: 6.1
import PackageDescription

// Test-only helpers shared by every package's tests: a real HTTP server on 127.0.0.1, golden files, temporary
// directories, and a runner for the built App. Depends on nothing else of SkyLens.
let package = Package(
    name: "TestSupport",
    platforms: [.macOS(.v15)],
    products: [.library(name: "TestSupport", targets: ["TestSupport"])],
    targets: [
        .target(
            name: "TestSupport",
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]),
        .testTarget(
            name: "TestSupportTests", dependencies: ["TestSupport"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]),
    ]
)
