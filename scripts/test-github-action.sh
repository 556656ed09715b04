#!/usr/bin/env bash
# Runs the GitHub Action's script (scripts/github-action.sh) the way action.yml does, on this
# machine, with GitHub's variables pointed at temporary files, and checks what it produces:
#   1. a release binary "downloaded" (file://) and verified by its checksum, on samples/: exit
#      code 1 recorded, counts equal to the development build's, valid SARIF with
#      repository-relative URIs, annotations, the Markdown report in the job summary with links;
#   2. a binary whose checksum does not match is refused;
#   3. built from source (the release build, incremental here) on the compliant sample: clean;
#   4. a usage error fails the step instead of passing as "no findings";
#   5. in pull-request mode, the base's policy applies and a weakening fails the step, unless
#      the pull request carries the policy label;
#   6. action.yml and the script agree on every input, and every output the action declares was
#      written by run 1.
# The development build is AUTHLINT_DEV_BINARY when set (a debug binary already built), else
# `swift run`.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
schema="$repo/Tests/AuthLintCoreTests/Schemas/sarif-2.1.0.json"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$repo"

version=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/AuthLintModel/AuthLint.swift)
scripts/build-release.sh "$work/release" > "$work/build.log" || { cat "$work/build.log"; exit 1; }

fail() { echo "test-github-action: $*" >&2; exit 1; }

# Checks a SARIF file against the OASIS 2.1.0 schema the tests keep (needs jsonschema).
validate_sarif() {
  python3 - "$schema" "$1" <<'PY'
import json, sys
import jsonschema
jsonschema.validate(json.load(open(sys.argv[2])), json.load(open(sys.argv[1])))
print("   valid SARIF 2.1.0")
PY
}

# Runs the action's lint step in a fresh fake runner; extra VAR=value arguments are its inputs.
run_action() {
  local name=$1
  shift
  local runner="$work/$name"
  mkdir -p "$runner/temp"
  : > "$runner/output"
  : > "$runner/summary"
  local unset=() variable
  for variable in $(compgen -e | grep -E '^(INPUT_|GITHUB_|RUNNER_|AUTHLINT_)' || true); do unset+=(-u "$variable"); done
  set +e
  # The caller's environment otherwise unchanged: SwiftPM rebuilds when it changes.
  env "${unset[@]}" \
    GITHUB_WORKSPACE="$repo" GITHUB_OUTPUT="$runner/output" GITHUB_STEP_SUMMARY="$runner/summary" \
    RUNNER_TEMP="$runner/temp" GITHUB_SERVER_URL=https://github.com GITHUB_REPOSITORY=acme/sunrise \
    GITHUB_SHA=0123abcd AUTHLINT_HEAD_SHA=4567cdef "$@" \
    "$repo/scripts/github-action.sh" lint > "$runner/stdout" 2> "$runner/stderr"
  echo $? > "$runner/status"
  set -e
}

output() { sed -n "s/^$2=//p" "$work/$1/output"; }

echo "-- 1. release binary by version, on samples/"
run_action download INPUT_PATH=samples INPUT_VERSION="v$version" INPUT_RELEASE_URL="file://$work/release" INPUT_JOB_SUMMARY=true
[[ $(cat "$work/download/status") == 0 ]] || { cat "$work/download/stderr"; fail "the lint step failed"; }
[[ $(output download exit-code) == 1 ]] || fail "exit-code is '$(output download exit-code)', expected 1 (the non-compliant sample)"
if [[ -n ${AUTHLINT_DEV_BINARY:-} ]]; then
  "$AUTHLINT_DEV_BINARY" lint samples --format json > "$work/dev.json" || true
else
  swift run -q authlint lint samples --format json > "$work/dev.json" || true
fi
python3 - "$work/dev.json" "$(output download json-file)" "$work/download/output" <<'PY'
import json, sys
dev, action = (json.load(open(path)) for path in sys.argv[1:3])
outputs = dict(line.split("=", 1) for line in open(sys.argv[3]).read().splitlines())
key = lambda f: (f["rule"], f["path"], f["line"], f["column"])
assert [key(f) for f in action["findings"]] == [key(f) for f in dev["findings"]], "the action's findings differ from the development build's"
counts = dev["summary"]["findings"]
assert int(outputs["findings"]) == sum(counts.values()) > 0, outputs
assert int(outputs["errors"]) == counts["error"] and int(outputs["warnings"]) == counts["warning"], outputs
print(f"   {outputs['findings']} findings, {outputs['errors']} errors, as the development build")
PY
sarif=$(output download sarif-file)
validate_sarif "$sarif"
python3 - "$sarif" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]}
assert uris and all(u.startswith("samples/") for u in uris), f"SARIF URIs are not relative to the repository: {sorted(uris)[:3]}"
PY
grep -q '^::error file=samples/NonCompliantApp/' "$work/download/stdout" || fail "no ::error annotation in the step's output"
grep -q '^## authlint: ' "$work/download/summary" || fail "the job summary has no Markdown report"
grep -q '](https://github.com/acme/sunrise/blob/4567cdef/samples/NonCompliantApp/' "$work/download/summary" \
  || fail "the job summary's links do not point at the pull request's head"

echo "-- 2. a binary that does not match its checksum is refused"
mkdir "$work/tampered"
cp "$work/release/"* "$work/tampered/"
for binary in "$work/tampered/authlint-$version-"*; do
  [[ $binary == *.sha256 ]] || printf 'x' >> "$binary"
done
run_action tampered INPUT_PATH=samples INPUT_VERSION="$version" INPUT_RELEASE_URL="file://$work/tampered"
[[ $(cat "$work/tampered/status") != 0 ]] || fail "a tampered binary was accepted"
grep -q 'SHA-256' "$work/tampered/stderr" || fail "the refusal does not name the checksum: $(cat "$work/tampered/stderr")"
[[ ! -s "$work/tampered/output" ]] || fail "outputs were written although authlint never ran"

echo "-- 3. built from source, on the compliant sample"
run_action source INPUT_PATH=samples/CompliantApp INPUT_FAIL_ON=warning
[[ $(cat "$work/source/status") == 0 ]] || { cat "$work/source/stderr"; fail "the lint step failed"; }
[[ $(output source exit-code) == 0 && $(output source findings) == 0 ]] || fail "the compliant sample is not clean: $(cat "$work/source/output")"
grep -q 'Building authlint from' "$work/source/stderr" || fail "the binary was not built from source"
validate_sarif "$(output source sarif-file)"

echo "-- 4. a usage error fails the step"
run_action usage INPUT_PATH=samples INPUT_BINARY="$(ls "$work/release/authlint-$version-"* | grep -v sha256)" INPUT_FAIL_ON=sometimes
[[ $(cat "$work/usage/status") == 2 ]] || fail "a bad fail-on gave status $(cat "$work/usage/status"), expected 2"
grep -q '^::error title=authlint::' "$work/usage/stdout" || fail "no ::error annotation for the usage error"

echo "-- 5. the base's policy, unless the pull request carries the policy label"
binary=$(ls "$work/release/authlint-$version-"* | grep -v sha256)
pr="$work/pull-request"
mkdir -p "$pr/App"
printf 'func refreshed(accessToken: String) {\n    print(accessToken)\n}\n' > "$pr/App/Session.swift"
git -C "$pr" init -q && git -C "$pr" add -A
git -C "$pr" -c user.name=t -c user.email=t@example.com commit -qm base
printf 'rules:\n  token-logged: off\n' > "$pr/.authlint.yml"
echo '// edited' >> "$pr/App/Session.swift"
run_action base GITHUB_WORKSPACE="$pr" INPUT_BINARY="$binary" INPUT_CHANGED_SINCE=HEAD
[[ $(output base exit-code) == 1 ]] || fail "a pull request that turns token-logged off passed: $(cat "$work/base/stdout")"
grep -q 'policy-changed' "$work/base/stdout" || fail "the weakening is not reported: $(cat "$work/base/stdout")"
run_action labelled GITHUB_WORKSPACE="$pr" INPUT_BINARY="$binary" INPUT_CHANGED_SINCE=HEAD AUTHLINT_POLICY_ACCEPTED=true
[[ $(output labelled exit-code) == 0 ]] || fail "the policy label did not apply the pull request's policy: $(cat "$work/labelled/stdout")"

echo "-- 6. action.yml and the script agree"
python3 - "$repo/action.yml" "$repo/scripts/github-action.sh" "$work/download/output" <<'PY'
import re, sys, yaml
action = yaml.safe_load(open(sys.argv[1]))
script = open(sys.argv[2]).read()
written = {line.split("=", 1)[0] for line in open(sys.argv[3]).read().splitlines()}  # what run 1 wrote
steps = action["runs"]["steps"]
lint = next(s for s in steps if s.get("id") == "lint")
env = lint["env"]
for name in action["inputs"]:
    variable = "INPUT_" + name.upper().replace("-", "_")
    used_in_yaml = f"inputs.{name}" in open(sys.argv[1]).read().split("runs:", 1)[1]
    assert used_in_yaml, f"input {name} is declared but never used"
    if variable in env:
        assert env[variable] == "${{ inputs.%s }}" % name, f"{variable} is not mapped from inputs.{name}"
        assert variable in script, f"{variable} is passed but the script never reads it"
for variable in set(re.findall(r"INPUT_[A-Z_]+", script)):
    assert variable in env, f"the script reads {variable}, which action.yml never sets"
for name, output in action["outputs"].items():
    match = re.fullmatch(r"\$\{\{ steps\.lint\.outputs\.([a-z-]+) \}\}", output["value"])
    assert match and match.group(1) in written, f"output {name} was not written by the lint step"
print(f"   {len(action['inputs'])} inputs, {len(action['outputs'])} outputs")
PY
echo "GitHub Action script: all checks passed"
