// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
    // A generic type's metadata made from the conformances the compiler knows, not from its mangled name, which
    // scans every protocol conformance of the process the first time (issue 30; docs/benchmarks.md, fifth step).
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
]

let package = Package(
    name: "Architecture",
    platforms: [.macOS(.v15)],
    products: [
        // What a feature depends on: the command and plugin contract, destinations and the router, output and
        // error types, painting and tables, full-screen views.
        .library(name: "Architecture", targets: ["Architecture"]),
        // What only the App links: the shell (resolution, dispatch, writing, help, completion, the general
        // commands) and the program's manual page and completion scripts, generated from the declarations.
        .library(name: "CommandShell", targets: ["CommandShell"]),
        .library(name: "ProgramDocumentation", targets: ["ProgramDocumentation"]),
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
            dependencies: [
                .product(name: "CoreKit", package: "Core"), .product(name: "Localization", package: "Core"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "CommandShell",
            dependencies: [
                "Architecture", .product(name: "CoreKit", package: "Core"),
                .product(name: "Localization", package: "Core"),
            ],
            // The shell's words (help, about, lang, its messages) in every language.
            resources: [.copy("Resources/Localizable.xcstrings")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "ProgramDocumentation",
            dependencies: [
                "Architecture", "CommandShell", .product(name: "Localization", package: "Core"),
                .product(name: "CoreKit", package: "Core"),
            ],
            // The manual's headings and exit statuses in every language.
            resources: [.copy("Resources/Localizable.xcstrings")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "ShellTesting",
            dependencies: [
                "Architecture", "CommandShell", .product(name: "Localization", package: "Core"),
                .product(name: "CoreKit", package: "Core"),
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "ArchitectureTests",
            dependencies: [
                "Architecture", "CommandShell", "ProgramDocumentation", "ShellTesting",
                .product(name: "TestSupport", package: "TestSupport"),
                .product(name: "Localization", package: "Core"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
