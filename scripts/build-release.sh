#!/usr/bin/env bash
# Builds a release binary of authlint for this platform and prints its path and SHA-256:
# on Linux with the Swift runtime linked in (`--static-swift-stdlib`), on macOS universal
# (arm64 and x86_64). The rules are compiled in, so the binary needs nothing beside it.
#   scripts/build-release.sh [--host-only] [OUTPUT_DIR]     (default: .build/dist)
# --host-only builds for this Mac's architecture only (a CI runner that lints, not a release).
set -euo pipefail
cd "$(dirname "$0")/.."
host_only=false
if [[ ${1:-} == --host-only ]]; then
  host_only=true
  shift
fi
out=${1:-.build/dist}
version=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/AuthLintModel/AuthLint.swift)
[[ -n $version ]] || { echo "cannot read the version from Sources/AuthLintModel/AuthLint.swift" >&2; exit 1; }

case "$(uname -s)" in
  Linux)
    swift build -c release --product authlint --static-swift-stdlib --build-path .build-release
    binary=$(swift build -c release --product authlint --static-swift-stdlib --build-path .build-release --show-bin-path)/authlint
    platform="linux-$(uname -m)"
    ;;
  Darwin)
    if $host_only; then
      arches=(--arch "$(uname -m)")
      platform="macos-$(uname -m)"
    else
      arches=(--arch arm64 --arch x86_64)
      platform="macos-universal"
    fi
    swift build -c release --product authlint "${arches[@]}" --build-path .build-release
    binary=$(swift build -c release --product authlint "${arches[@]}" --build-path .build-release --show-bin-path)/authlint
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
