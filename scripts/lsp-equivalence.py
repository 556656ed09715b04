#!/usr/bin/env python3
"""Checks that `authlint lsp`, kept warm across edits, reports what `authlint lint` does, on an
app's tree: a scripted client opens each file named, edits it again and again (a line taken from
another file of the app inserted, a line deleted, the file restored), and after each edit
compares the diagnostics published with `authlint lint --stdin-filename` on the same bytes.

  scripts/lsp-equivalence.py APP FILE... [--authlint BIN] [--edits N] [--seed S]

Prints each step whose findings differ, and a count. Exits 1 when any does. Nothing in APP is
written: the edits are the client's buffers.
"""
import argparse
import importlib.util
import json
import os
import random
import subprocess
import sys
import tempfile
from urllib.parse import quote

# The scripted client of the latency script, beside this one.
spec = importlib.util.spec_from_file_location("latency", os.path.join(os.path.dirname(__file__), "lsp-latency.py"))
latency = importlib.util.module_from_spec(spec)
spec.loader.exec_module(latency)


def swift_lines(app):
    """Lines of the app's Swift files that call something: what an edit inserts."""
    lines = []
    for folder, folders, names in os.walk(app):
        folders[:] = sorted(name for name in folders if name not in (".build", "Pods", ".git"))
        for name in sorted(names):
            if not name.endswith(".swift"):
                continue
            with open(os.path.join(folder, name), encoding="utf-8", errors="replace") as handle:
                for line in handle.read().split("\n"):
                    code = line.strip()
                    if "(" in code and len(code) < 160 and not code.startswith(("//", "func", "init", "}", "{")):
                        lines.append(line)
    return lines


def lint(binary, app, path, text):
    """The findings of `authlint lint --stdin-filename PATH` on `text`: (line, column, rule)."""
    run = subprocess.run(
        [binary, "lint", "--format", "json", "--fail-on", "never", "--stdin-filename", path],
        input=text.encode(), capture_output=True, cwd=app)
    return sorted((f["line"], f["column"], f["rule"]) for f in json.loads(run.stdout)["findings"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("app")
    parser.add_argument("files", nargs="+", help="Swift files to edit, relative to APP")
    parser.add_argument("--authlint", default=os.path.join(os.path.dirname(__file__), "..", ".build", "release", "authlint"))
    parser.add_argument("--edits", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    app = os.path.realpath(arguments.app)
    binary = os.path.realpath(arguments.authlint)
    pool = swift_lines(app)
    chance = random.Random(arguments.seed)
    steps = differing = 0
    with tempfile.TemporaryDirectory() as cache:
        client = latency.Client([binary, "lsp", "--cache-dir", cache], app)
        capabilities = {"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}}}
        client.request("initialize", {"processId": os.getpid(), "rootUri": "file://" + quote(app), "capabilities": capabilities})
        client.notify("initialized", {})
        for path in arguments.files:
            uri = "file://" + quote(os.path.join(app, path))
            with open(os.path.join(app, path), encoding="utf-8") as handle:
                text = handle.read()
            client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": text}})
            client.diagnostics(uri, 1)
            lines = text.split("\n")
            for edit in range(arguments.edits):
                draw = chance.random()
                if draw < 0.5 or len(lines) < 5:
                    lines = lines[:]
                    lines.insert(chance.randrange(len(lines)), chance.choice(pool))
                elif draw < 0.8:
                    lines = lines[:]
                    del lines[chance.randrange(len(lines))]
                else:
                    lines = text.split("\n")
                body = "\n".join(lines)
                version = edit + 2
                client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": body}]})
                published = sorted(
                    (d["range"]["start"]["line"] + 1, d["range"]["start"]["character"] + 1, d["code"])
                    for d in client.diagnostics(uri, version) if "code" in d)
                expected = lint(binary, app, path, body)
                steps += 1
                if published != expected:
                    differing += 1
                    print(f"{path}, edit {edit + 1}: only the server {sorted(set(published) - set(expected))}, "
                          f"only lint {sorted(set(expected) - set(published))}")
            client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        client.request("shutdown", None)
        client.notify("exit", None)
        client.process.wait(timeout=30)
    print(f"{os.path.basename(app)}: {steps} steps, {differing} differing")
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
