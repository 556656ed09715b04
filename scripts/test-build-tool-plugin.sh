#!/usr/bin/env bash
# Checks the build-tool plugin package (AuthLintPlugins/) as an app's package uses it: builds the
# release binary and the artifact bundle from it (scripts/build-artifact-bundle.sh), places the
# bundle in a copy of the plugin package, and builds a sample package that depends on that copy
# by path with `swift build`: a token logged as public must fail the build with the finding as an
# error line, its related place as a note; the same file without it must build.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

binary=$("$repo/scripts/build-release.sh" "$work/dist" | tail -n 2 | head -n 1)
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) triple=x86_64-unknown-linux-gnu ;;
  Linux-aarch64) triple=aarch64-unknown-linux-gnu ;;
  Darwin-*) triple=x86_64-apple-macosx,arm64-apple-macosx ;;
  *) echo "no target triple known for $(uname -s) $(uname -m)" >&2; exit 2 ;;
esac
cp -R "$repo/AuthLintPlugins" "$work/AuthLintPlugins"
rm -rf "$work/AuthLintPlugins/.build"
"$repo/scripts/build-artifact-bundle.sh" "$work/AuthLintPlugins/Binaries" "$binary=$triple" > /dev/null

mkdir -p "$work/app/Sources/App"
cat > "$work/app/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "App",
    dependencies: [.package(path: "../AuthLintPlugins")],
    targets: [
        .target(name: "App", plugins: [.plugin(name: "AuthLintBuildToolPlugin", package: "AuthLintPlugins")])
    ]
)
SWIFT
write_source() {
  cat > "$work/app/Sources/App/Log.swift" <<SWIFT
import Foundation

public struct Session {
    public func refreshed(accessToken: String) {
        print("Refreshed: \\(accessToken$1)")
    }
}
SWIFT
}
cd "$work/app"
git init -q .

write_source ""
if swift build > "$work/failing.txt" 2>&1; then
  cat "$work/failing.txt"
  echo "test-build-tool-plugin: the build passed with a token printed" >&2
  exit 1
fi
cat "$work/failing.txt"
grep -q "Sources/App/Log.swift:5:[0-9]*: error: .*\[token-logged\]" "$work/failing.txt" \
  || { echo "test-build-tool-plugin: the build did not show the finding as an error line" >&2; exit 1; }

write_source ".count"
swift build > "$work/passing.txt" 2>&1 || { cat "$work/passing.txt"; echo "test-build-tool-plugin: the clean build failed" >&2; exit 1; }
grep -q "token-logged" "$work/passing.txt" && { cat "$work/passing.txt"; echo "test-build-tool-plugin: a finding in the clean build" >&2; exit 1; }
echo "build-tool plugin: the finding fails the build as an error line; the clean package builds"
