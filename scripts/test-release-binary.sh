#!/usr/bin/env bash
# Builds the release binary (scripts/build-release.sh) and checks that it stands alone: copied to
# a bare directory with no rules/ and no Swift runtime beside it, it knows every built-in rule and
# lints a copy of the non-compliant sample with the same findings as the development build.
# The development build is AUTHLINT_DEV_BINARY when set (a debug binary already built, as in CI,
# where `swift run` would wait for the other lane's build to release .build), else `swift run`.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

built=$("$repo/scripts/build-release.sh" "$work/dist" | tail -n 2 | head -n 1)
mkdir "$work/bare"
cp "$built" "$work/bare/authlint"
cp -R "$repo/samples/NonCompliantApp" "$work/app"
cd "$work/bare"

if [[ $(uname -s) == Linux ]] && ldd ./authlint | grep -q libswiftCore; then
  echo "the Linux binary links the Swift runtime dynamically" >&2
  exit 1
fi
./authlint --version
rules=$(./authlint rules --format json | python3 -c 'import json, sys; print(len(json.load(sys.stdin)))')
expected=$(find "$repo/rules" -maxdepth 1 -name '*.yaml' | wc -l | tr -d ' ')
[[ $rules -eq $expected ]] || { echo "the binary knows $rules rules; rules/ has $expected" >&2; exit 1; }

set +e
./authlint lint "$work/app" --format json > "$work/release.json"
status=$?
set -e
[[ $status -eq 1 ]] || { echo "expected exit 1 on the non-compliant sample, got $status" >&2; exit 1; }
if [[ -n ${AUTHLINT_DEV_BINARY:-} ]]; then
  "$AUTHLINT_DEV_BINARY" lint "$work/app" --format json > "$work/debug.json" || true
else
  swift run -q --package-path "$repo" authlint lint "$work/app" --format json > "$work/debug.json" || true
fi
python3 - "$work/release.json" "$work/debug.json" <<'PY'
import json, sys
release, debug = (json.load(open(path))["findings"] for path in sys.argv[1:])
assert release, "no findings from the release binary"
key = lambda f: (f["rule"], f["path"], f["line"], f["column"])
assert [key(f) for f in release] == [key(f) for f in debug], "release and development builds disagree"
print(f"release binary: {len(release)} findings, same as the development build")
PY
