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
        .target(
            name: "AuthLintCore",
            dependencies: [
                "AuthLintSystem",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            plugins: ["RuleEmbedder"]
        ),
        .executableTarget(name: "EmbedRules"),
        .target(name: "AuthLintSystem"),
        .plugin(
            name: "RuleEmbedder",
            capability: .buildTool(),
            dependencies: ["EmbedRules"]
        ),
        .plugin(
            name: "AuthLintPlugin",
            capability: .command(
                intent: .custom(verb: "authlint", description: "Lint the package for Sign in with Apple and Guideline 4.8 mistakes")
            ),
            dependencies: ["authlint"]
        ),
        .executableTarget(
            name: "authlint",
            dependencies: [
                "AuthLintCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "AuthLintCoreTests",
            dependencies: ["AuthLintCore", .product(name: "Crypto", package: "swift-crypto")],
            exclude: ["Fixtures", "Golden", "Schemas"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
