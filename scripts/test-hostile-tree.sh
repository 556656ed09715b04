#!/usr/bin/env bash
# Lints a generated hostile tree (scripts/make-hostile-tree.py) in every format under a time and
# memory limit, and checks that nothing from outside the tree is read or printed, that no output
# can inject a workflow command, Markdown/HTML or a terminal sequence, and the exit codes.
#
#   scripts/test-hostile-tree.sh [AUTHLINT_BINARY]     (default: .build/debug/authlint)
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="$(cd "$ROOT" && realpath "${1:-.build/debug/authlint}")"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
python3 "$ROOT/scripts/make-hostile-tree.py" "$WORK/tree"
OUT="$WORK/out"
mkdir -p "$OUT"
CANARY=AUTHLINT-CANARY-5b9e1c
passed=0
failed=0
check() { # NAME CONDITION-STATUS [DETAIL]
    if [ "$2" -eq 0 ]; then passed=$((passed + 1)); echo "ok   $1"; else failed=$((failed + 1)); echo "FAIL $1 ${3:-}"; fi
}

cd "$WORK/tree"
# Every format from one run (text on standard output, the others through --report), under
# 120 s and 4 GiB of address space, with its time and peak memory.
timer=()
[ -x /usr/bin/time ] && timer=(/usr/bin/time -f "%e s, %M KB peak" -o "$OUT/run.time")
reports=()
for format in json sarif markdown github html gitlab junit checkstyle; do reports+=(--report "$format=$OUT/$format.out"); done
( ulimit -v 4194304; timeout 120 "${timer[@]}" \
    "$BIN" lint project --no-cache --format text "${reports[@]}" > "$OUT/text.out" 2> "$OUT/text.err" )
status=$?
[ "$status" -eq 0 ] || [ "$status" -eq 1 ]
check "every format: exit 0 or 1 (not a crash, timeout or usage error)" $? "(status $status)"
[ -f "$OUT/run.time" ] && echo "     $(tail -1 "$OUT/run.time")"
for format in json sarif markdown github html gitlab junit checkstyle; do
    [ -s "$OUT/$format.out" ]
    check "$format report written" $?
done

! grep -rl "$CANARY" "$OUT" > /dev/null
check "no content from outside the root in any output" $? "$(grep -rl "$CANARY" "$OUT" | tr '\n' ' ')"

python3 - "$OUT" <<'PY'
import json, re, sys
out = sys.argv[1]
def read(name): return open(f"{out}/{name}", "rb").read()
problems = []
# github: only authlint's own commands start a line, with exactly its properties.
for line in read("github.out").decode("utf-8", "replace").split("\n"):
    if line.startswith("::") and not re.match(r"^::(error|warning|notice) file=[^,:]*,line=\d+,col=\d+(,endLine=\d+)?(,endColumn=\d+)?,title=[^,:]*::", line):
        problems.append(f"github: foreign command line {line[:80]!r}")
    if line and not line.startswith("::") and not line.startswith("authlint: "):
        problems.append(f"github: stray line {line[:80]!r}")
# text: no control bytes but newlines.
for name in ("text.out", "text.err"):
    bad = sorted({m[0] for m in re.findall(rb"[\x00-\x09\x0b-\x1f\x7f]", read(name))})
    if bad: problems.append(f"{name}: control bytes {bad}")
# markdown: outside code spans, no raw `<`; no line breaks inside a name.
def strip_spans(line):
    out, i = "", 0
    while i < len(line):
        if line[i] == "\\" and i + 1 < len(line): out += line[i:i + 2]; i += 2; continue
        if line[i] != "`": out += line[i]; i += 1; continue
        n = len(line[i:]) - len(line[i:].lstrip("`"))
        m = re.search(r"(?<!`)" + "`" * n + r"(?!`)", line[i + n:])
        if m: i = i + n + m.end()
        else: out += "`" * n; i += n
    return out
for line in read("markdown.out").decode().split("\n"):
    if re.search(r"(?<!\\)<", strip_spans(line)): problems.append(f"markdown: raw < in {line[:100]!r}")
html = read("html.out").decode()
if re.search(r"<script>alert|<img src=x|href=\"javascript", html): problems.append("html: markup from the tree")
report = json.loads(read("json.out"))
kinds = {d["kind"] for d in report["diagnostics"]}
for kind in ("outside-root", "not-regular-file", "too-complex"):
    if kind not in kinds: problems.append(f"json: no {kind} diagnostic (kinds: {sorted(kinds)})")
outside = {d["path"] for d in report["diagnostics"] if d["kind"] == "outside-root"}
for path in ("project/App.xcodeproj/project.pbxproj", "project/Configs/App.xcconfig", "project/Package.swift", "project/App/Linked.swift"):
    if path not in outside: problems.append(f"json: no outside-root diagnostic for {path} (has {sorted(outside)})")
found = {(d["path"], d["kind"]) for d in report["diagnostics"]}
for path, kind in (("project/Data/Instruction.plist", "malformed-plist"), ("project/Data/Notation.plist", "malformed-plist"),
                   ("project/Data/Names.plist", "invalid-utf8")):
    if (path, kind) not in found: problems.append(f"json: no {kind} diagnostic for {path}")
json.loads(read("sarif.out"))
# gitlab, junit and checkstyle: well-formed, and no control or bidirectional character left raw.
import xml.etree.ElementTree as ET
if not isinstance(json.loads(read("gitlab.out")), list): problems.append("gitlab: not a JSON array")
for name in ("junit.out", "checkstyle.out"):
    try: ET.fromstring(read(name))
    except ET.ParseError as error: problems.append(f"{name}: not well-formed XML: {error}")
# Every format: no control or bidirectional character left raw (JSON and SARIF escape them, the
# others show them escaped); tabs and line feeds are the text's own. A character class, not a
# loop over each character: the outputs are tens of megabytes.
raw = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufffe\uffff]")
for name in ("gitlab.out", "junit.out", "checkstyle.out", "json.out", "sarif.out", "html.out", "github.out", "text.out"):
    text = read(name).decode("utf-8", "replace")
    bad = sorted({f"U+{ord(c):04X}" for c in raw.findall(text)})
    if bad: problems.append(f"{name}: raw {bad}")
for p in problems: print("     " + p)
sys.exit(1 if problems else 0)
PY
check "every output escapes what comes from the tree (controls and bidi included); JSON has the diagnostics" $?

if [ -f "$ROOT/../shared/tools/validate-sarif.py" ]; then
    python3 "$ROOT/../shared/tools/validate-sarif.py" "$OUT/sarif.out" > "$OUT/sarif.valid" 2>&1
    check "SARIF validates against the OASIS schema" $? "$(tail -2 "$OUT/sarif.valid")"
fi

# A configuration that is a link to a secret outside: refused, unread.
timeout 30 "$BIN" lint linked-config > "$OUT/linked.out" 2>&1
status=$?
[ "$status" -eq 2 ] && ! grep -q "$CANARY" "$OUT/linked.out"
check "a .authlint.yml linking outside the root is refused unread (exit 2)" $? "(status $status)"

# Input that cannot mean what the user wants: exit 2, in every format, even with --quiet.
mkdir -p "$WORK/empty/.git"
for args in "confg" "lint project/App/Login.swift project/App/Deleted.swift --quiet" \
            "lint project --strict-baseline --format json" "lint $WORK/empty --format sarif"; do
    # shellcheck disable=SC2086
    timeout 60 "$BIN" $args > /dev/null 2> "$OUT/usage.err"
    status=$?
    [ "$status" -eq 2 ] && [ -s "$OUT/usage.err" ]
    check "exit 2 with a message: authlint $args" $? "(status $status)"
done
git -C "$WORK/tree/project" init -q 2>/dev/null
timeout 60 "$BIN" lint project "--changed-since=--output=$WORK/written" > /dev/null 2>&1
status=$?
[ "$status" -eq 2 ] && [ ! -e "$WORK/written" ]
check "--changed-since=--output=FILE exits 2 and writes nothing" $? "(status $status)"

# A pull request that logs a token and talks the gate out of it: excludes everything, turns the
# rule off, raises fail-on, declares an exemption in a new nested file, and links the baseline
# out. In pull-request mode the base's policy applies, each weakening is a finding, exit 1.
pr="$WORK/pull-request"
mkdir -p "$pr/App/Login"
printf 'func refreshed(accessToken: String) {\n    print(accessToken)\n}\n' > "$pr/App/Session.swift"
printf 'rules:\n  token-logged: error\n' > "$pr/.authlint.yml"
echo 'let greeting = "hello"' > "$pr/App/Login/Greeting.swift"
git -C "$pr" init -q && git -C "$pr" add -A && git -C "$pr" -c user.name=t -c user.email=t@example.com commit -qm base
printf 'fail-on: never\nexclude: ["**"]\nrules:\n  token-logged: off\n' > "$pr/.authlint.yml"
printf 'login-services:\n  exemption: government-id\n  reason: none\n' > "$pr/App/Login/.authlint.yml"
echo '// edited' >> "$pr/App/Session.swift"
timeout 60 "$BIN" lint "$pr" --changed-since HEAD --no-cache --format json > "$OUT/policy.json" 2> "$OUT/policy.err"
status=$?
[ "$status" -eq 1 ] && python3 - "$OUT/policy.json" <<'PY'
import json, sys
rules = [f["rule"] for f in json.load(open(sys.argv[1]))["findings"]]
sys.exit(0 if rules.count("policy-changed") == 4 and "token-logged" in rules else 1)
PY
check "a pull request that weakens its own gate fails it (policy from the base, exit 1)" $? "(status $status)"
timeout 60 "$BIN" lint "$pr" --changed-since HEAD --no-cache --policy worktree > /dev/null 2>&1
status=$?
[ "$status" -eq 2 ]
check "--policy worktree reads the pull request's exclude: nothing read, exit 2" $? "(status $status)"

echo "hostile-tree: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
