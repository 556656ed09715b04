#!/usr/bin/env bash
# Assembles the SwiftPM artifact bundle (SE-0305) that the build-tool plugins run, from release
# binaries built by scripts/build-release.sh: each binary with the target triples it runs on.
#
#   scripts/build-artifact-bundle.sh OUTPUT_DIR BINARY=TRIPLE[,TRIPLE...] ...
#
# Writes OUTPUT_DIR/authlint.artifactbundle (info.json and a folder per binary), its zip
# authlint-VERSION.artifactbundle.zip and the zip's .sha256 (the checksum `binaryTarget(url:
# checksum:)` takes, as `swift package compute-checksum` prints it), then checks the bundle.
# For example, on Linux:
#   scripts/build-artifact-bundle.sh .build/dist .build/dist/authlint-0.1.0-linux-x86_64=x86_64-unknown-linux-gnu
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
[[ $# -ge 2 ]] || { sed -n '2,12p' "$0" >&2; exit 2; }
out=$1
shift
version=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' "$repo/Sources/AuthLintModel/AuthLint.swift")
bundle="$out/authlint.artifactbundle"
rm -rf "$bundle"
mkdir -p "$bundle"
variants=()
for spec in "$@"; do
  binary=${spec%%=*}
  triples=${spec#*=}
  [[ -f $binary && -x $binary && $triples != "$spec" ]] || { echo "not BINARY=TRIPLES of an executable: $spec" >&2; exit 2; }
  folder="authlint-$version-$(basename "$binary" | sed "s/^authlint-$version-//")"
  mkdir -p "$bundle/$folder/bin"
  cp "$binary" "$bundle/$folder/bin/authlint"
  variants+=("$folder/bin/authlint=$triples")
done
python3 - "$bundle/info.json" "$version" "${variants[@]}" <<'PY'
import json, sys
path, version, *variants = sys.argv[1:]
info = {
    "schemaVersion": "1.0",
    "artifacts": {
        "authlint": {
            "version": version,
            "type": "executable",
            "variants": [
                {"path": variant.split("=")[0], "supportedTriples": variant.split("=")[1].split(",")}
                for variant in variants
            ],
        }
    },
}
with open(path, "w") as file:
    json.dump(info, file, indent=2)
    file.write("\n")
PY
"$repo/scripts/check-artifact-bundle.py" "$bundle"
zip_name="authlint-$version.artifactbundle.zip"
rm -f "$out/$zip_name"
(cd "$out" && zip -q -r -X "$zip_name" authlint.artifactbundle)
(cd "$out" && { command -v sha256sum >/dev/null && sha256sum "$zip_name" || shasum -a 256 "$zip_name"; } > "$zip_name.sha256")
echo "$out/$zip_name"
cat "$out/$zip_name.sha256"
