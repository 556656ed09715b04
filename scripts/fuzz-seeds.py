#!/usr/bin/env python3
"""Seeds the corpora of scripts/fuzz-readers.sh: OUT/plist, OUT/pbxproj, OUT/xcconfig, OUT/matcher,
OUT/tuist, OUT/diff, OUT/glob. With `--lexer TESTS OUT EXTENSION...`, seeds the corpus OUT of
scripts/fuzz-lexer.sh for one language: the snippets of its lexer tests (TESTS) and its files
in samples/ (by EXTENSION).

Every seed comes from the repository (samples, rules, test fixtures) or is written here, so a
run on a clean clone starts from the same corpus. Seeds are named by their content's hash, so
seeding again adds nothing twice.
"""
import glob
import hashlib
import os
import plistlib
import re
import sys

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def add(folder, data):
    if isinstance(data, str):
        data = data.encode()
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "seed-" + hashlib.sha1(data).hexdigest()[:16]), "wb") as f:
        f.write(data)


def files(*patterns):
    for pattern in patterns:
        yield from sorted(glob.glob(os.path.join(ROOT, pattern), recursive=True))


def swift_literals(path):
    """The multi-line string literals of a Swift test file, indentation removed."""
    text = open(path, encoding="utf-8").read()
    for match in re.finditer(r'"""\n(.*?)\n([ \t]*)"""', text, re.S):
        indent = match.group(2)
        yield "\n".join(line[len(indent):] if line.startswith(indent) else line for line in match.group(1).split("\n")) + "\n"


def patterns_of(node, inside=False):
    """The pattern strings of a rule: under `pattern`, `patterns` and `not-inside` keys."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key != "examples":
                yield from patterns_of(value, key in ("pattern", "patterns", "not-inside"))
    elif isinstance(node, list):
        for item in node:
            yield from patterns_of(item, inside)
    elif isinstance(node, str) and inside and "\n" not in node:
        yield node


def examples_of(rule):
    examples = rule.get("examples") or {}
    for kind in ("triggering", "non-triggering"):
        for example in examples.get(kind) or []:
            yield (example.get("code", "") if isinstance(example, dict) else example).replace("\u2193", "")


def main(out):
    plists = list(files("samples/**/*.plist", "samples/**/*.entitlements", "samples/**/*.xcprivacy",
                        "Tests/**/*.plist", "Tests/**/*.entitlements", "Tests/**/*.xcprivacy"))
    for path in plists:
        data = open(path, "rb").read()
        add(f"{out}/plist", data)
        try:
            add(f"{out}/plist", plistlib.dumps(plistlib.loads(data), fmt=plistlib.FMT_BINARY))
        except Exception:
            pass
    add(f"{out}/plist", plistlib.dumps({"a": [1, 2.5, True, b"\x00\x01", "x" * 40, {"k": []}]}, fmt=plistlib.FMT_BINARY))
    add(f"{out}/plist", '<?xml version="1.0"?>\n<!DOCTYPE plist [<!ENTITY a "aaaa">]>\n<plist><dict><key>k</key>'
                        '<string>&a;&a;</string><key>d</key><date>2024-01-01T00:00:00Z</date></dict></plist>\n')

    for path in files("samples/**/project.pbxproj", "Tests/**/project.pbxproj"):
        add(f"{out}/pbxproj", open(path, "rb").read())
    for literal in swift_literals(os.path.join(ROOT, "Tests/AuthLintCoreTests/Project/XcodeProjectFixtures.swift")):
        if "objects" in literal:
            add(f"{out}/pbxproj", literal)

    for path in files("samples/**/*.xcconfig", "Tests/**/*.xcconfig"):
        add(f"{out}/xcconfig", open(path, "rb").read())
    for text in ['#include "Base.xcconfig"\nOTHER = $(inherited) -lz\nA[sdk=iphoneos*] = $(B)/$(C:lower)\n',
                 '#include? "Missing.xcconfig"\nX = $(X)$(X) ${Y} $(inherited)\n// comment\nY = $(SRCROOT)/../y\n',
                 'CODE_SIGN_ENTITLEMENTS = App/$(TARGET_NAME).entitlements\nINFOPLIST_FILE = $(inherited)\n']:
        add(f"{out}/xcconfig", text)

    # Each rule's patterns against its own examples, where they match and where they must not.
    for path in files("rules/*.yaml"):
        rule = yaml.safe_load(open(path, encoding="utf-8"))
        examples = list(examples_of(rule))
        for index, pattern in enumerate(sorted(set(patterns_of(rule)))):
            if examples:
                add(f"{out}/matcher", pattern + "\n" + examples[index % len(examples)])
    for pattern in ["f(... x ... y ... z)", "$A ... $A", "{ $X in ... print($X) ...", "$...E = \"\\($V)\""]:
        add(f"{out}/matcher", pattern + "\nlet a = f(x, y, z) { v in print(v) }\nlet s = \"\\(a)\"\n")

    # Tuist manifests: the samples' and the tests', and one with every argument form.
    for path in files("samples/**/Project.swift", "Tests/**/*.swift"):
        text = open(path, encoding="utf-8", errors="replace").read()
        if "ProjectDescription" in text and path.endswith("Project.swift"):
            add(f"{out}/tuist", text)
    add(f"{out}/tuist", """import ProjectDescription
let project = Project(name: "App", targets: [
    .target(name: "App", destinations: .iOS, product: .app, bundleId: "a.b",
            infoPlist: .file(path: "App/Info.plist"),
            sources: ["App/Sources/**", .glob("../Shared/**", excluding: ["**/Tests/**"])],
            entitlements: .dictionary(["com.apple.developer.applesignin": .array([.string("Default")])]),
            dependencies: [.target(name: "Feature"), .project(target: "Kit", path: .relativeToRoot("Kit"))]),
    Target(name: "Feature", product: .framework, bundleId: "a.c", sources: "Feature/**",
           entitlements: .file(path: "../../etc/App.entitlements")),
])
""")

    # `git diff -U0` output: hunks of every shape, a deleted file, a binary one, and added lines
    # that look like headers.
    add(f"{out}/diff", "diff --git a/A.swift b/A.swift\nindex 1..2 100644\n--- a/A.swift\n+++ b/A.swift\n"
                       "@@ -3 +3 @@ f\n-old\n+new\n@@ -10,0 +11,2 @@\n++++ b/Decoy.swift\n+@@ -1 +1 @@\n"
                       "@@ -20,2 +22,0 @@\n-a\n-b\n\\ No newline at end of file\n")
    add(f"{out}/diff", "diff --git a/Old.swift b/Old.swift\ndeleted file mode 100644\n--- a/Old.swift\n+++ /dev/null\n"
                       "@@ -1,2 +0,0 @@\n-x\n-y\ndiff --git a/i.png b/i.png\nBinary files a/i.png and b/i.png differ\n"
                       "diff --git \"a/My\\tFile.swift\" \"b/My\\tFile.swift\"\nold mode 100644\nnew mode 100755\n")
    add(f"{out}/glob", "**/Tests/**\nGenerated/*.swift\n*.pb.swift\nPods\na/**/b/**/c\n**\nx*y?z\n\n"
                       "App/Tests/A.swift\nGenerated/R.swift\nA/M.pb.swift\nPods/X/Y\na/q/b/r/c\nxAyBz\n\n")
    # The root as a glob, and paths with empty parts: the root is no parent of a path.
    add(f"{out}/glob", "/\n./\nPods\n\n//Pods/a/b\nApp//Legacy/Old.swift\n/\n")


def lexer_seeds(tests, out, extensions):
    for literal in swift_literals(os.path.join(ROOT, tests)):
        add(out, literal)
    for extension in extensions:
        for path in files(f"samples/**/*.{extension}"):
            add(out, open(path, "rb").read())


if __name__ == "__main__":
    if sys.argv[1] == "--lexer":
        lexer_seeds(sys.argv[2], sys.argv[3], sys.argv[4:])
    else:
        main(sys.argv[1])
