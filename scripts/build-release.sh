#!/usr/bin/env bash
# Builds a release binary of authlint for this platform and prints its path and SHA-256:
# on Linux with the Swift runtime linked in (`--static-swift-stdlib`), on macOS universal
# (arm64 and x86_64). The rules are compiled in, so the binary needs nothing beside it.
#   scripts/build-release.sh [OUTPUT_DIR]     (default: .build/dist)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/dist}
version=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/AuthLintCore/AuthLint.swift)
[[ -n $version ]] || { echo "cannot read the version from Sources/AuthLintCore/AuthLint.swift" >&2; exit 1; }

case "$(uname -s)" in
  Linux)
    swift build -c release --product authlint --static-swift-stdlib --build-path .build-release
    binary=$(swift build -c release --product authlint --static-swift-stdlib --build-path .build-release --show-bin-path)/authlint
    platform="linux-$(uname -m)"
    ;;
  Darwin)
    swift build -c release --product authlint --arch arm64 --arch x86_64 --build-path .build-release
    binary=$(swift build -c release --product authlint --arch arm64 --arch x86_64 --build-path .build-release --show-bin-path)/authlint
    platform="macos-universal"
    ;;
  *)
    echo "unsupported platform: $(uname -s)" >&2
    exit 1
    ;;
esac

mkdir -p "$out"
name="authlint-$version-$platform"
cp "$binary" "$out/$name"
strip "$out/$name" 2>/dev/null || true
(cd "$out" && { command -v sha256sum >/dev/null && sha256sum "$name" || shasum -a 256 "$name"; } > "$name.sha256")
echo "$out/$name"
cat "$out/$name.sha256"
