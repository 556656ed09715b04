#!/usr/bin/env bash
# Fuzz the Swift and Objective-C lexers with libFuzzer for SECONDS (default 60).
#
#   scripts/fuzz-lexer.sh [SECONDS]
#
# Builds Fuzz/LexerFuzz.swift with the lexer sources into .build-fuzz/lexer-fuzz, seeds
# .build-fuzz/corpus from the lexer torture fixture and the repository's Swift sources, runs,
# and prints the number of executions. Crashing inputs are written to .build-fuzz/crashes/.
# Extra arguments after SECONDS go to libFuzzer (for example -jobs=2 -workers=2).
set -euo pipefail

SECONDS_TO_RUN="${1:-60}"
shift || true

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
OUT=.build-fuzz
mkdir -p "$OUT/corpus" "$OUT/crashes"

if ! command -v swiftc >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swiftc ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

# The lexer alone, as one module: its imports of the library's other modules go.
rm -rf "$OUT/lexer-sources" && mkdir -p "$OUT/lexer-sources"
for file in Sources/AuthLintSyntax/Lexer/*.swift; do
    sed '/^import AuthLint/d' "$file" > "$OUT/lexer-sources/${file##*/}"
done
echo "building $OUT/lexer-fuzz" >&2
swiftc -sanitize=fuzzer,address -parse-as-library -O -package-name authlint \
    "$OUT"/lexer-sources/*.swift Fuzz/LexerFuzz.swift \
    -o "$OUT/lexer-fuzz" 2> "$OUT/build.log" || { cat "$OUT/build.log" >&2; exit 1; }

# Seed the corpus: the torture fixture and every Swift / Objective-C file of the repository
# (each copied under a name derived from its path, so re-seeding does not duplicate).
seed() {
    local file="$1"
    local name
    name="seed-$(printf '%s' "$file" | tr '/ ' '__')"
    cp -f "$file" "$OUT/corpus/$name"
}
[ -f Tests/AuthLintCoreTests/Fixtures/Torture.swift.txt ] && seed Tests/AuthLintCoreTests/Fixtures/Torture.swift.txt
while IFS= read -r -d '' file; do
    seed "$file"
done < <(find Sources Tests Fuzz -type f \( -name '*.swift' -o -name '*.txt' -o -name '*.m' -o -name '*.h' \) -size -256k -print0)

LOG="$OUT/fuzz.log"
set +e
"$OUT/lexer-fuzz" "$OUT/corpus" \
    -max_total_time="$SECONDS_TO_RUN" \
    -timeout=10 \
    -max_len=8192 \
    -dict=Fuzz/lexer.dict \
    -artifact_prefix="$OUT/crashes/" \
    -print_final_stats=1 \
    "$@" 2>&1 | tee "$LOG" | grep -E '^(#[0-9]+[[:space:]]+(INITED|DONE)|==[0-9]+==|SUMMARY|Fatal|.*lexer:)' >&2
status=${PIPESTATUS[0]}
set -e

runs=$(grep -E '^stat::number_of_executed_units:' "$LOG" | awk '{s += $2} END {print s + 0}')
echo "executions: $runs"
if [ "$status" -ne 0 ]; then
    echo "fuzzer exited with status $status; see $LOG and $OUT/crashes/" >&2
    exit "$status"
fi
