#!/usr/bin/env bash
# Runs the SwiftPM command plugin the way a team does: a temporary package that depends on this
# repository by path runs `swift package authlint`. The whole package fails on a sign-in target
# with an error, `--target` lints only the targets named (the clean one passes), and options go
# through to `authlint lint`. The temporary package builds in this repository's own `.build`
# (debug), so the authlint the plugin asks SwiftPM to build is the one `swift build` made there.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
package="$work/Sunrise"
mkdir -p "$package/Sources/SignInFeature" "$package/Sources/Formatting"

cat > "$package/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Sunrise",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "$repo")],
    targets: [
        .target(name: "SignInFeature"),
        .target(name: "Formatting"),
    ]
)
SWIFT

cat > "$package/Sources/SignInFeature/AppleLogin.swift" <<'SWIFT'
import AuthenticationServices

public final class AppleLogin: NSObject {
    public func start() {
        let request = ASAuthorizationAppleIDProvider().createRequest()
        request.requestedScopes = [.email]
        ASAuthorizationController(authorizationRequests: [request]).performRequests()
    }
}
SWIFT

cat > "$package/Sources/Formatting/Greeting.swift" <<'SWIFT'
public func greeting(for name: String) -> String {
    "Hello, \(name)"
}
SWIFT

fail() { echo "test-swiftpm-plugin: $*" >&2; exit 1; }
# `swift package` for the temporary package, building where this repository builds.
swift_package() { swift package --scratch-path "$repo/.build" "$@"; }
cd "$package"

echo "-- the plugin is offered"
swift_package plugin --list > "$work/list.txt" 2>&1 || { cat "$work/list.txt"; fail "swift package plugin --list failed"; }
grep -q "‘authlint’\|'authlint'" "$work/list.txt" || { cat "$work/list.txt"; fail "the authlint command is not listed"; }

echo "-- --help documents --target, then the lint options"
swift_package authlint --help > "$work/help.txt" 2>&1 || { cat "$work/help.txt"; fail "swift package authlint --help failed"; }
grep -q -- '--target NAME' "$work/help.txt" || { cat "$work/help.txt"; fail "--help does not document --target"; }
grep -q -- '--fail-on' "$work/help.txt" || { cat "$work/help.txt"; fail "--help does not show the lint options"; }

echo "-- the whole package: the missing nonce fails the command"
if swift_package authlint > "$work/whole.txt" 2>&1; then
  cat "$work/whole.txt"
  fail "expected the command to fail on the missing nonce"
fi
grep -q '^Sources/SignInFeature/AppleLogin.swift:5:13: error: .*\[missing-nonce\]$' "$work/whole.txt" \
  || { cat "$work/whole.txt"; fail "no missing-nonce finding at Sources/SignInFeature/AppleLogin.swift:5:13"; }

echo "-- --target Formatting: only that target, clean"
swift_package authlint --target Formatting > "$work/formatting.txt" 2>&1 || { cat "$work/formatting.txt"; fail "the clean target failed"; }
grep -q 'No findings in 1 file' "$work/formatting.txt" || { cat "$work/formatting.txt"; fail "expected one clean file"; }

echo "-- options go to authlint lint"
swift_package authlint --target SignInFeature --fail-on never --format json > "$work/json.txt" 2>/dev/null \
  || fail "--fail-on never still failed"
python3 - "$work/json.txt" <<'PY'
import json, sys
text = open(sys.argv[1]).read()
report = json.loads(text[text.index("{"):])
rules = [finding["rule"] for finding in report["findings"]]
assert rules == ["missing-nonce"], rules
print(f"   JSON through the plugin: {rules}")
PY
echo "SwiftPM command plugin: all checks passed"
