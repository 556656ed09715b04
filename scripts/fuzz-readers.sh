#!/usr/bin/env bash
# Fuzz the readers of untrusted project files and the pattern matcher with libFuzzer: the
# property-list reader (XML and binary), the Xcode project parser and builder, the xcconfig
# reader and resolver, the matcher, the Tuist manifest reader, the reader of `git diff` output, and
# the compiled set of excludes.
# Each target runs for SECONDS (default 60).
#
#   scripts/fuzz-readers.sh [SECONDS] [TARGET...]     (targets: plist pbxproj xcconfig matcher tuist diff glob)
#
# Builds Fuzz/ReadersFuzz.swift with the sources it needs into .build-fuzz/readers-fuzz, seeds a
# corpus per target from the repository (samples, rules, fixtures), runs, and prints the number
# of executions of each. Crashing inputs are written to .build-fuzz/crashes/.
set -euo pipefail

SECONDS_TO_RUN="${1:-60}"
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=(plist pbxproj xcconfig matcher tuist diff glob)

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
OUT=.build-fuzz
mkdir -p "$OUT/crashes"

if ! command -v swiftc >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swiftc ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

# The readers, without the scanner that walks a tree and the XcodeGen reader (which needs Yams),
# compiled as one module.
SOURCES=(Sources/AuthLintSyntax/Lexer/*.swift Sources/AuthLintSyntax/Syntax/*.swift
    Sources/AuthLintRules/{Match,Matcher,Matcher+Extents,Pattern,StepBudget}.swift
    Sources/AuthLintCore/Engine/ChangedLines.swift
    Sources/AuthLintModel/{Diagnostic,Identifiers,SortedSearch,String+ReportEscaping,ProjectPath}.swift)
for file in Sources/AuthLintProject/*.swift; do
    case "$file" in */ProjectScanner.swift|*/XcodeGenSpec.swift) ;; *) SOURCES+=("$file") ;; esac
done
# The library's modules are one module here: their imports of each other go.
rm -rf "$OUT/readers-sources" && mkdir -p "$OUT/readers-sources"
STAGED=()
for file in "${SOURCES[@]}"; do
    staged="$OUT/readers-sources/$(printf '%s' "$file" | tr '/' '_')"
    sed '/^import AuthLint/d' "$file" > "$staged"
    STAGED+=("$staged")
done
echo "building $OUT/readers-fuzz" >&2
swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name AuthLintCore -package-name authlint \
    "${STAGED[@]}" Fuzz/ReadersFuzz.swift \
    -o "$OUT/readers-fuzz" 2> "$OUT/readers-build.log" || { cat "$OUT/readers-build.log" >&2; exit 1; }

python3 scripts/fuzz-seeds.py "$OUT/readers"

status=0
for target in "${TARGETS[@]}"; do
    LOG="$OUT/readers-$target.log"
    set +e
    AUTHLINT_FUZZ="$target" LSAN_OPTIONS="suppressions=$ROOT/Fuzz/lsan.supp:print_suppressions=0" \
        "$OUT/readers-fuzz" "$OUT/readers/$target" \
        -max_total_time="$SECONDS_TO_RUN" \
        -timeout=10 \
        -rss_limit_mb=2048 \
        -max_len=16384 \
        -dict="Fuzz/$target.dict" \
        -artifact_prefix="$OUT/crashes/$target-" \
        -print_final_stats=1 > "$LOG" 2>&1
    code=$?
    set -e
    grep -E '^(==[0-9]+==|SUMMARY|Fatal|.*(plist|pbxproj|xcconfig|matcher|tuist): )' "$LOG" >&2 || true
    runs=$(grep -E '^stat::number_of_executed_units:' "$LOG" | awk '{s += $2} END {print s + 0}')
    echo "$target: $runs executions"
    if [ "$code" -ne 0 ]; then
        echo "$target: fuzzer exited with status $code; see $LOG and $OUT/crashes/" >&2
        status=$code
    fi
done
exit "$status"
