#!/usr/bin/env bash
# The logic of the GitHub Action (action.yml), kept here so that it runs and is tested outside
# GitHub too (scripts/test-github-action.sh).
#
#   github-action.sh cache-key   prints key=… for the build cache (a digest of the sources)
#   github-action.sh lint        gets authlint, lints, writes the reports and the step outputs
#
# `lint` reads the action's inputs from INPUT_* variables (action.yml maps them) and GitHub's
# own variables (GITHUB_WORKSPACE, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, RUNNER_TEMP, …). It
# exits 0 when authlint ran, whatever it found, and records authlint's exit code as the output
# `exit-code`, so the SARIF upload runs before a later step fails the job; it exits non-zero
# when authlint could not run (no binary, a bad checksum, a usage or configuration error).
set -euo pipefail
action_path=$(cd "$(dirname "$0")/.." && pwd)
exec 3>&1 # the step's standard output, also from inside $(…)

fail() {
  echo "::error title=authlint::$*" >&3
  echo "authlint action: $*" >&2
  exit 2
}

sha256() {
  if command -v sha256sum >/dev/null; then sha256sum "$@"; else shasum -a 256 "$@"; fi
}

platform() {
  case "$(uname -s)" in
    Linux) echo "linux-$(uname -m)" ;;
    Darwin) echo "macos-universal" ;;
    *) fail "no release binary for $(uname -s); leave 'version' empty to build from source" ;;
  esac
}

cache_key() {
  local digest
  digest=$(cd "$action_path" && find Package.swift Sources Plugins rules scripts/build-release.sh -type f | LC_ALL=C sort \
    | while read -r file; do sha256 "$file"; done | sha256 | cut -c1-32)
  echo "key=authlint-$(uname -s)-$(uname -m)-$(swift --version 2>/dev/null | head -n 1 | tr -cd '0-9.' | cut -c1-12)-$digest"
}

# Prints the path of an authlint binary: the one named, a release download, or a local build.
resolve_binary() {
  local dir="$1"
  if [[ -n ${INPUT_BINARY:-} ]]; then
    [[ -x $INPUT_BINARY ]] || fail "binary '$INPUT_BINARY' is not an executable file"
    echo "$INPUT_BINARY"
    return
  fi
  if [[ -n ${INPUT_VERSION:-} ]]; then
    local version=${INPUT_VERSION#v} name base
    name="authlint-$version-$(platform)"
    base=${INPUT_RELEASE_URL:-}
    [[ -n $base ]] || base='https://github.com/authlint/authlint/releases/download/v{version}'
    base=${base//\{version\}/$version}
    mkdir -p "$dir"
    curl -fsSL --retry 3 -o "$dir/$name" "$base/$name" >&2 || fail "cannot download $base/$name"
    curl -fsSL --retry 3 -o "$dir/$name.sha256" "$base/$name.sha256" >&2 || fail "cannot download $base/$name.sha256"
    (cd "$dir" && sha256 -c "$name.sha256" >/dev/null 2>&1) || fail "$name does not match its published SHA-256 checksum"
    chmod +x "$dir/$name"
    echo "$dir/$name"
    return
  fi
  echo "Building authlint from $action_path (cached between runs)" >&2
  local log
  log=$("$action_path/scripts/build-release.sh" --host-only "$dir") || { echo "$log" >&2; fail "building authlint failed"; }
  echo "$log" >&2
  echo "$log" | tail -n 2 | head -n 1
}

lint() {
  local workspace=${GITHUB_WORKSPACE:-$PWD}
  local temp=${RUNNER_TEMP:-${TMPDIR:-/tmp}}/authlint-action
  local out="$temp/reports"
  mkdir -p "$out"
  local binary
  binary=$(resolve_binary "$temp/bin")
  [[ -n $binary ]] || fail "no authlint binary was produced"
  "$binary" --version >&2

  local sarif="$out/authlint.sarif" markdown="$out/authlint.md" json="$out/authlint.json"
  # SARIF URIs relative to the repository (the workspace), as code scanning expects, also when
  # a subfolder is linted.
  local args=(lint "${INPUT_PATH:-.}" --format github --sarif-root .
    --report "sarif=$sarif" --report "markdown=$markdown" --report "json=$json")
  if [[ -n ${GITHUB_REPOSITORY:-} ]]; then
    local sha=${AUTHLINT_HEAD_SHA:-${GITHUB_SHA:-HEAD}}
    args+=(--link-base "${GITHUB_SERVER_URL:-https://github.com}/$GITHUB_REPOSITORY/blob/$sha/")
  fi
  [[ -n ${INPUT_FAIL_ON:-} ]] && args+=(--fail-on "$INPUT_FAIL_ON")
  [[ -n ${INPUT_CONFIG:-} ]] && args+=(--config "$INPUT_CONFIG")
  [[ -n ${INPUT_BASELINE:-} ]] && args+=(--baseline "$INPUT_BASELINE")
  if [[ -n ${INPUT_CHANGED_SINCE:-} ]]; then
    args+=(--changed-since "$INPUT_CHANGED_SINCE")
    # A maintainer accepted the pull request's own policy with the `policy-label` label.
    if [[ ${AUTHLINT_POLICY_ACCEPTED:-false} == true ]]; then
      echo "authlint: the pull request carries the policy label: its own .authlint.yml, baseline and rules apply" >&2
      args+=(--policy worktree)
    fi
  fi
  if [[ -n ${INPUT_ARGS:-} ]]; then
    local extra
    read -r -a extra <<< "$INPUT_ARGS"
    args+=("${extra[@]}")
  fi

  local status=0
  (cd "$workspace" && "$binary" "${args[@]}") || status=$?
  if [[ $status -ne 0 && $status -ne 1 ]]; then
    fail "authlint exited with $status (a usage or configuration error; see above)"
  fi

  local counts
  counts=$(python3 - "$json" <<'PY'
import json, sys
summary = json.load(open(sys.argv[1]))["summary"]["findings"]
print(f"findings={sum(summary.values())}")
for severity in ("error", "warning", "note"):
    print(f"{severity}s={summary.get(severity, 0)}")
PY
) || fail "cannot read $json"
  if [[ ${INPUT_JOB_SUMMARY:-true} == true && -n ${GITHUB_STEP_SUMMARY:-} ]]; then
    cat "$markdown" >> "$GITHUB_STEP_SUMMARY"
  fi
  {
    echo "exit-code=$status"
    echo "$counts"
    echo "sarif-file=$sarif"
    echo "markdown-file=$markdown"
    echo "json-file=$json"
  } >> "${GITHUB_OUTPUT:-/dev/null}"
  echo "authlint: $(echo "$counts" | tr '\n' ' ')exit code $status"
}

case "${1:-}" in
  cache-key) cache_key ;;
  lint) lint ;;
  *)
    echo "usage: $0 cache-key|lint" >&2
    exit 2
    ;;
esac
