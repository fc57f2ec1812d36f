// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
    // A generic type's metadata made from the conformances the compiler knows, not from its mangled name, which
    // scans every protocol conformance of the process the first time (issue 30; docs/benchmarks.md, fifth step).
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
]

// What features offer each other, as typed destinations: the one package both sides of a cross-feature move import.
// Small on purpose; it holds declarations only, no behaviour.
let package = Package(
    name: "Contracts",
    platforms: [.macOS(.v15)],
    products: [.library(name: "Contracts", targets: ["Contracts"])],
    dependencies: [.package(path: "../Architecture")],
    targets: [
        .target(
            name: "Contracts",
            dependencies: [.product(name: "Architecture", package: "Architecture")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ContractsTests",
            dependencies: [
                "Contracts", .product(name: "Architecture", package: "Architecture"),
                .product(name: "CommandShell", package: "Architecture"),
                .product(name: "ShellTesting", package: "Architecture"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
