#!/usr/bin/env bash
# Fuzz the lexers with libFuzzer for SECONDS (default 60) each.
#
#   scripts/fuzz-lexer.sh [SECONDS] [LANGUAGE...] [-libfuzzer-flag...]
#
# LANGUAGE is swift (the Swift and Objective-C lexers), python or js (JavaScript and
# TypeScript); without one, all three run in turn. Builds Fuzz/LexerFuzz.swift with the lexer
# sources into .build-fuzz/lexer-fuzz (again only when a source changed), seeds a corpus per
# language (.build-fuzz/corpus, corpus-python, corpus-js) from the repository: the lexer torture
# fixture and the Swift and Objective-C sources, or the snippets of the language's lexer tests
# and its files in samples/. Prints the number of executions of each; crashing inputs are written
# to .build-fuzz/crashes/. Arguments that start with `-` go to libFuzzer (for example -jobs=2
# -workers=2).
set -euo pipefail

SECONDS_TO_RUN="${1:-60}"
shift || true
LANGUAGES=()
FLAGS=()
for argument in "$@"; do
    case "$argument" in
    -*) FLAGS+=("$argument") ;;
    swift | python | js) LANGUAGES+=("$argument") ;;
    *) echo "unknown language '$argument': use swift, python or js" >&2; exit 2 ;;
    esac
done
[ ${#LANGUAGES[@]} -eq 0 ] && LANGUAGES=(swift python js)

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
OUT=.build-fuzz
mkdir -p "$OUT/crashes"

if ! command -v swiftc >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swiftc ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

# The lexer alone, as one module: its imports of the library's other modules go.
stale=true
if [ -x "$OUT/lexer-fuzz" ] && [ -z "$(find Sources/AuthLintSyntax/Lexer Fuzz/LexerFuzz.swift -newer "$OUT/lexer-fuzz" -print -quit)" ]; then
    stale=false
fi
if $stale; then
    rm -rf "$OUT/lexer-sources" && mkdir -p "$OUT/lexer-sources"
    for file in Sources/AuthLintSyntax/Lexer/*.swift; do
        sed '/^import AuthLint/d' "$file" > "$OUT/lexer-sources/${file##*/}"
    done
    echo "building $OUT/lexer-fuzz" >&2
    swiftc -sanitize=fuzzer,address -parse-as-library -O -package-name authlint \
        "$OUT"/lexer-sources/*.swift Fuzz/LexerFuzz.swift \
        -o "$OUT/lexer-fuzz" 2> "$OUT/build.log" || { cat "$OUT/build.log" >&2; exit 1; }
fi

# Seeds are copied under a name derived from their path, so re-seeding does not duplicate.
seed() {
    local file="$1" corpus="$2"
    cp -f "$file" "$corpus/seed-$(printf '%s' "$file" | tr '/ ' '__')"
}
seed_language() {
    local language="$1" corpus="$2"
    mkdir -p "$corpus"
    case "$language" in
    swift)
        [ -f Tests/AuthLintCoreTests/Fixtures/Torture.swift.txt ] && seed Tests/AuthLintCoreTests/Fixtures/Torture.swift.txt "$corpus"
        while IFS= read -r -d '' file; do
            seed "$file" "$corpus"
        done < <(find Sources Tests Fuzz -type f \( -name '*.swift' -o -name '*.txt' -o -name '*.m' -o -name '*.h' \) -size -256k -print0)
        ;;
    python) python3 scripts/fuzz-seeds.py --lexer Tests/AuthLintCoreTests/Syntax/PythonLexerTests.swift "$corpus" py ;;
    js) python3 scripts/fuzz-seeds.py --lexer Tests/AuthLintCoreTests/Syntax/JavaScriptLexerTests.swift "$corpus" js ts ;;
    esac
}

status=0
for language in "${LANGUAGES[@]}"; do
    corpus="$OUT/corpus"
    [ "$language" = swift ] || corpus="$OUT/corpus-$language"
    seed_language "$language" "$corpus"
    dictionary=Fuzz/lexer.dict
    [ "$language" = swift ] || dictionary="Fuzz/lexer-$language.dict"
    LOG="$OUT/fuzz-$language.log"
    set +e
    AUTHLINT_FUZZ="$language" "$OUT/lexer-fuzz" "$corpus" \
        -max_total_time="$SECONDS_TO_RUN" \
        -timeout=10 \
        -max_len=8192 \
        -dict="$dictionary" \
        -artifact_prefix="$OUT/crashes/$language-" \
        -print_final_stats=1 \
        ${FLAGS[@]+"${FLAGS[@]}"} 2>&1 | tee "$LOG" | grep -E '^(#[0-9]+[[:space:]]+(INITED|DONE)|==[0-9]+==|SUMMARY|Fatal|.*lexer:)' >&2
    code=${PIPESTATUS[0]}
    set -e
    runs=$(grep -E '^stat::number_of_executed_units:' "$LOG" | awk '{s += $2} END {print s + 0}')
    echo "$language: $runs executions"
    if [ "$code" -ne 0 ]; then
        echo "$language: fuzzer exited with status $code; see $LOG and $OUT/crashes/" >&2
        status=$code
    fi
done
exit "$status"
