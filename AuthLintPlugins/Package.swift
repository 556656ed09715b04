// swift-tools-version:6.0
import PackageDescription

// authlint's build-tool plugin, as a package of its own so that an app's package downloads one
// prebuilt binary (an artifact bundle) and compiles nothing of authlint's. The release workflow
// publishes this package with the release's bundle in place of the local one:
//   .binaryTarget(name: "AuthLintBinary", url: ".../authlint-VERSION.artifactbundle.zip", checksum: "...")
let package = Package(
    name: "AuthLintPlugins",
    products: [
        .plugin(name: "AuthLintBuildToolPlugin", targets: ["AuthLintBuildToolPlugin"])
    ],
    targets: [
        .plugin(name: "AuthLintBuildToolPlugin", capability: .buildTool(), dependencies: ["AuthLintBinary"]),
        // Made by scripts/build-artifact-bundle.sh (see README.md).
        .binaryTarget(name: "AuthLintBinary", path: "Binaries/authlint.artifactbundle"),
    ]
)
