// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "authlint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "authlint", targets: ["authlint"]),
        .library(name: "AuthLintCore", targets: ["AuthLintCore"]),
        .plugin(name: "AuthLintPlugin", targets: ["AuthLintPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
    ],
    targets: [
        .target(name: "AuthLintModel", dependencies: []),
        .target(name: "AuthLintSyntax", dependencies: ["AuthLintModel"]),
        .target(
            name: "AuthLintProject",
            dependencies: ["AuthLintModel", "AuthLintSyntax", .product(name: "Yams", package: "Yams")]),
        .target(
            name: "AuthLintRules",
            dependencies: ["AuthLintModel", "AuthLintSyntax", .product(name: "Yams", package: "Yams")],
            plugins: ["RuleEmbedder"]),
        .target(
            name: "AuthLintIndex",
            dependencies: [
                "AuthLintModel", "AuthLintSyntax", "AuthLintProject", "AuthLintRules",
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .target(
            name: "AuthLintAnalysis",
            dependencies: ["AuthLintModel", "AuthLintSyntax", "AuthLintProject", "AuthLintRules", "AuthLintIndex"],
            plugins: ["ConditionLister"]),
        .target(
            name: "AuthLintCore",
            dependencies: [
                "AuthLintModel", "AuthLintSyntax", "AuthLintProject", "AuthLintRules", "AuthLintIndex",
                "AuthLintAnalysis",
            ]),
        .target(
            name: "AuthLintReporters",
            dependencies: ["AuthLintModel", "AuthLintSyntax", "AuthLintRules", "AuthLintIndex", "AuthLintCore"]),
        .target(
            name: "AuthLintServer",
            dependencies: [
                "AuthLintModel", "AuthLintSyntax", "AuthLintProject", "AuthLintRules", "AuthLintCore",
                "AuthLintReporters",
            ]),
        .executableTarget(name: "EmbedRules"),
        .executableTarget(name: "ListConditions"),
        .plugin(
            name: "RuleEmbedder",
            capability: .buildTool(),
            dependencies: ["EmbedRules"]
        ),
        .plugin(
            name: "ConditionLister",
            capability: .buildTool(),
            dependencies: ["ListConditions"]
        ),
        .plugin(
            name: "AuthLintPlugin",
            capability: .command(
                intent: .custom(
                    verb: "authlint", description: "Lint the package for Sign in with Apple and Guideline 4.8 mistakes")
            )
            // No dependency on the `authlint` executable: the plugin asks the package manager to
            // build it when it runs (`PackageManager.build`). Declared, it would be built twice
            // by every `swift build` and `swift test` on Linux, once more for the host.
        ),
        // What the test targets share: where the repository is, and the programs some tests run.
        .target(name: "AuthLintTestSupport", path: "Tests/AuthLintTestSupport"),
        // The behaviour of each library target, in folders named after them.
        .testTarget(
            name: "AuthLintCoreTests",
            dependencies: [
                "AuthLintModel", "AuthLintSyntax", "AuthLintProject", "AuthLintRules", "AuthLintIndex",
                "AuthLintAnalysis", "AuthLintCore", "AuthLintReporters", "AuthLintServer", "AuthLintTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: ["Fixtures", "Golden", "Schemas"]
        ),
        // The speed machinery changes what is lexed and kept, never what is found: the same
        // findings with the prefilter, without it and with no code kept.
        .testTarget(
            name: "AuthLintEquivalenceTests",
            dependencies: [
                "AuthLintModel", "AuthLintSyntax", "AuthLintProject", "AuthLintRules", "AuthLintIndex",
                "AuthLintAnalysis", "AuthLintCore", "AuthLintTestSupport",
            ]
        ),
        .executableTarget(
            name: "authlint",
            dependencies: [
                "AuthLintModel",
                "AuthLintSyntax",
                "AuthLintProject",
                "AuthLintRules",
                "AuthLintIndex",
                "AuthLintAnalysis",
                "AuthLintCore",
                "AuthLintReporters",
                "AuthLintServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// `authlint-mcp` (which `authlint mcp` runs), the Model Context Protocol server for coding
// agents, is built with the protocol's SDK. The SDK needs Swift 6.1, and links Foundation's
// networking, which a binary with the Swift runtime linked in cannot carry without libcurl: so
// it is a program of its own, built with Swift 6.1 and later, and `authlint` stays one file.
#if compiler(>=6.1)
    package.dependencies.append(.package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"))
    package.products.append(.executable(name: "authlint-mcp", targets: ["authlint-mcp"]))
    package.targets += [
        .target(
            name: "AuthLintAgent",
            dependencies: [
                "AuthLintModel", "AuthLintProject", "AuthLintRules", "AuthLintCore", "AuthLintReporters",
                .product(name: "MCP", package: "swift-sdk"),
            ]),
        .executableTarget(
            name: "authlint-mcp",
            dependencies: [
                "AuthLintAgent", "AuthLintModel", "AuthLintRules", "AuthLintCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
    ]
    for target in package.targets where target.name == "AuthLintCoreTests" {
        target.dependencies.append("AuthLintAgent")
    }
#endif
