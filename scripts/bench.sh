#!/usr/bin/env bash
# Measures authlint against ripgrep, run alternately on the same trees with a warm file cache.
#
#   scripts/bench.sh [--runs N] [--sizes "10k 100k"] [--app DIR]... [--authlint PATH]
#                    [--against PATH] [--with "ARGS"]
#
# Builds the release binary as scripts/build-release.sh does (unless --authlint names one),
# makes the synthetic trees with the deterministic generator (scripts/make-synthetic-tree.py),
# and for each tree and each given app checkout prints one table row: medians of wall time, CPU
# time and peak memory, Swift files per second, and the authlint/ripgrep wall-time ratio.
# `--against PATH` measures a second authlint binary too (an older build, say), run in turn with
# the first and ripgrep, and prints its row under the first, marked "(against)".
# `--with` passes more arguments to `authlint lint` (`--with --prefilter`). On the 10k tree, one
# more row: ten files named, as pre-commit runs it, with the summary cache warm.
# ripgrep runs the five sign-in regexes below over the same Swift files. Needs `rg` and GNU
# `/usr/bin/time`.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
runs=5
sizes="10k 100k"
apps=()
authlint=""
against=""
extra=()
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --sizes) sizes="$2"; shift 2 ;;
        --app) apps+=("$(cd "$2" && pwd)"); shift 2 ;;
        --authlint) authlint="$2"; shift 2 ;;
        --against) against="$2"; shift 2 ;;
        --with) read -r -a more <<<"$2"; extra+=("${more[@]}"); shift 2 ;;
        *) echo "usage: $0 [--runs N] [--sizes \"10k 100k\"] [--app DIR]... [--authlint PATH] [--against PATH] [--with \"ARGS\"]" >&2; exit 2 ;;
    esac
done

command -v rg >/dev/null || { echo "bench: ripgrep (rg) is needed: apt-get install ripgrep" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench: GNU time is needed at /usr/bin/time: apt-get install time" >&2; exit 2; }
generator="$here/scripts/make-synthetic-tree.py"

if [ -z "$authlint" ]; then
    # The binary as released (scripts/build-release.sh): on Linux, with the Swift runtime linked in.
    static=()
    [ "$(uname -s)" = Linux ] && static=(--static-swift-stdlib)
    build=(swift build -c release --product authlint ${static[@]+"${static[@]}"} --build-path .build-release)
    (cd "$here" && "${build[@]}" >/dev/null)
    authlint="$(cd "$here" && "${build[@]}" --show-bin-path)/authlint"
fi
absolute() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }  # runs from inside the trees too
authlint="$(absolute "$authlint")"
binaries=("$authlint")
[ -n "$against" ] && binaries+=("$(absolute "$against")")

# The five regexes ripgrep is given: where sign-in happens, and two token mistakes.
regexes=(
    'ASAuthorizationAppleIDProvider\(\)\.createRequest\(\)'
    'GIDSignIn\.sharedInstance\.signIn'
    'LoginManager\(\)\.logIn'
    'UserDefaults\.standard\.set\([^)]*[Tt]oken'
    'print\([^)]*[Tt]oken'
)
rg_args=()
for regex in "${regexes[@]}"; do rg_args+=(-e "$regex"); done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# One run of a command: "wall cpu peak-KiB" from GNU time; the command's output is dropped.
# GNU time writes "Command exited with non-zero status N" above its figures when the command
# fails (authlint does when it finds something): only the last line holds them.
measure() {
    /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" >/dev/null 2>&1 || true
    tail -n 1 "$work/time" | awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }'
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf '%-36s %7s | %9s %9s %9s %9s | %9s %9s | %6s\n' \
    "tree" "files" "authlint" "cpu" "peak MiB" "files/s" "ripgrep" "peak MiB" "ratio"

# One table line from the runs in file $3 (wall cpu peak per line) and ripgrep's in $4.
print_row() {
    local name="$1" files="$2"
    local a_wall a_cpu a_mem r_wall r_mem
    a_wall="$(cut -d' ' -f1 "$3" | median)"
    a_cpu="$(cut -d' ' -f2 "$3" | median)"
    a_mem="$(cut -d' ' -f3 "$3" | median)"
    r_wall="$(cut -d' ' -f1 "$4" | median)"
    r_mem="$(cut -d' ' -f3 "$4" | median)"
    awk -v n="$name" -v f="$files" -v aw="$a_wall" -v ac="$a_cpu" -v am="$a_mem" -v rw="$r_wall" -v rm="$r_mem" 'BEGIN {
        rate = aw > 0 ? f / aw : 0
        ratio = rw > 0 ? aw / rw : 0
        printf "%-36s %7d | %8.2fs %8.2fs %9.0f %9.0f | %8.3fs %9.0f | %5.1fx\n", n, f, aw, ac, am / 1024, rate, rw, rm / 1024, ratio
    }'
}

row() {
    local name="$1" tree="$2"
    local files i
    files="$(find -H "$tree" -name '*.swift' -type f | wc -l | tr -d ' ')"  # -H: the tree may be given as a link
    : >"$work/r"
    # Warm the file cache, then alternate the tools.
    rg -c -t swift "${rg_args[@]}" "$tree" >/dev/null 2>&1 || true
    for i in "${!binaries[@]}"; do
        : >"$work/a$i"
        "${binaries[$i]}" lint "$tree" --no-cache --format json --output /dev/null ${extra[@]+"${extra[@]}"} >/dev/null 2>&1 || true
    done
    for _ in $(seq "$runs"); do
        for i in "${!binaries[@]}"; do
            measure "${binaries[$i]}" lint "$tree" --no-cache --format json --output /dev/null ${extra[@]+"${extra[@]}"} >>"$work/a$i"
        done
        measure rg -c -t swift "${rg_args[@]}" "$tree" >>"$work/r"
    done
    print_row "$name" "$files" "$work/a0" "$work/r"
    [ "${#binaries[@]}" -gt 1 ] && print_row "$name (against)" "$files" "$work/a1" "$work/r"
    return 0
}

# Pre-commit: ten of the tree's files named, the rest read for the project's facts, with the
# summary cache warm (in a folder of its own per binary). Files changed in the last two seconds
# are not taken by their stamp, so the tree is left to age that long first.
named_row() {
    local name="$1" tree="$2"
    local named=() i label
    while IFS= read -r file; do named+=("$file"); done < <(cd "$tree" && find . -name '*.swift' -type f | LC_ALL=C sort | head -n 10)
    sleep 2
    for i in "${!binaries[@]}"; do
        : >"$work/n$i"
        for _ in 1 2; do (cd "$tree" && "${binaries[$i]}" lint --root . --cache-dir "$work/cache$i" "${named[@]}" >/dev/null 2>&1 || true); done
    done
    for _ in $(seq "$runs"); do
        for i in "${!binaries[@]}"; do
            (cd "$tree" && measure "${binaries[$i]}" lint --root . --cache-dir "$work/cache$i" "${named[@]}") >>"$work/n$i"
        done
    done
    for i in "${!binaries[@]}"; do
        label="$name"
        [ "$i" -gt 0 ] && label="$name (against)"
        awk -v n="$label" -v w="$(cut -d' ' -f1 "$work/n$i" | median)" -v c="$(cut -d' ' -f2 "$work/n$i" | median)" \
            -v m="$(cut -d' ' -f3 "$work/n$i" | median)" 'BEGIN {
            printf "%-36s %7d | %8.2fs %8.2fs %9.0f %9s | %9s %9s | %6s\n", n, 10, w, c, m / 1024, "-", "-", "-", "-"
        }'
        rm -rf "$work/cache$i"
    done
}

for size in $sizes; do
    tree="$work/synthetic-$size"
    python3 "$generator" "$size" "$tree" >/dev/null
    row "synthetic $size" "$tree"
    [ "$size" = 10k ] && named_row "synthetic 10k, 10 named" "$tree"
    rm -rf "$tree"
done
for app in "${apps[@]}"; do
    row "$(basename "$app")" "$app"
done
echo
against_note=""
[ -n "$against" ] && against_note=", against ${binaries[1]} ($("${binaries[1]}" --version))"
echo "medians of $runs alternating runs; authlint $("$authlint" --version)${extra[@]+ lint ${extra[*]}}${against_note}, $(rg --version | sed -n 1p), $(nproc) cores"
