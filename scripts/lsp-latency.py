#!/usr/bin/env python3
"""Measures `authlint lsp` as an editor uses it, with a scripted client over its standard input
and output, on an app's tree (the README's benchmark app is WooCommerce iOS):

  1. the first diagnostics of a Swift file opened in a server just started, with an empty
     summary cache, against a full `authlint lint` of the tree;
  2. re-linting after each of N edits of that file (a line typed, then taken back), from the
     change sent to its diagnostics received: median and 95th percentile;
  3. the warm server's peak memory against a full lint's.

  scripts/lsp-latency.py APP [--authlint BIN] [--file PATH] [--edits N] [--no-watchers]

Prints a table with the targets of the editor work beside each figure. Nothing in APP is written.
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from urllib.parse import quote


class Client:
    def __init__(self, command, cwd):
        self.process = subprocess.Popen(command, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 1
        self.waiting = []

    def send(self, message):
        body = json.dumps(dict(message, jsonrpc="2.0")).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def read(self):
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            byte = self.process.stdout.read(1)
            if not byte:
                raise SystemExit("the server stopped")
            header += byte
        length = next(int(line.split(b":")[1]) for line in header.split(b"\r\n") if line.lower().startswith(b"content-length"))
        return json.loads(self.process.stdout.read(length))

    def request(self, method, params):
        request_id = self.next_id
        self.next_id += 1
        self.send({"id": request_id, "method": method, "params": params})
        while True:
            message = self.read()
            if message.get("id") == request_id and "method" not in message:
                return message.get("result")
            self.waiting.append(message)

    def notify(self, method, params):
        self.send({"method": method, "params": params})

    def diagnostics(self, uri, version):
        """The diagnostics published for `uri` at `version`."""
        def wanted(message):
            params = message.get("params", {})
            return (message.get("method") == "textDocument/publishDiagnostics" and params.get("uri") == uri
                    and params.get("version") == version)
        for index, message in enumerate(self.waiting):
            if wanted(message):
                return self.waiting.pop(index)["params"]["diagnostics"]
        while True:
            message = self.read()
            if wanted(message):
                return message["params"]["diagnostics"]


def peak_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("app")
    parser.add_argument("--authlint", default=os.path.join(os.path.dirname(__file__), "..", ".build", "release", "authlint"))
    parser.add_argument("--file", help="the Swift file to edit, relative to APP (default: the largest with sign-in code)")
    parser.add_argument("--edits", type=int, default=40)
    parser.add_argument("--no-watchers", dest="watchers", action="store_false",
                        help="say the client cannot watch files (as Neovim on Linux): each run scans the tree")
    arguments = parser.parse_args()
    app = os.path.realpath(arguments.app)
    binary = os.path.realpath(arguments.authlint)

    # A full lint of the tree: its time and peak memory, and a file to edit.
    started = time.monotonic()
    lint = subprocess.run([binary, "lint", "--no-cache", "--format", "json", app], capture_output=True, cwd=app)
    full_seconds = time.monotonic() - started
    full_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    path = arguments.file
    if path is None:
        # The largest file with sign-in code, else the largest Swift file.
        swift = [os.path.join(folder, name) for folder, folders, names in os.walk(app)
                 for name in names if name.endswith(".swift") and "/.build/" not in folder and "/Pods/" not in folder]
        def signs_in(file):
            with open(file, "rb") as handle:
                text = handle.read()
            return any(word in text for word in (b"AuthenticationServices", b"GIDSignIn", b"FBSDKLoginKit", b"signIn("))
        path = max([file for file in swift if signs_in(file)] or swift, key=os.path.getsize)
    path = os.path.realpath(os.path.join(app, path))
    text = open(path, encoding="utf-8", errors="replace").read()
    uri = "file://" + quote(path)

    with tempfile.TemporaryDirectory() as cache:
        client = Client([binary, "lsp", "--cache-dir", cache], app)
        # As the editors that watch files for a server say (VS Code, Zed, Sublime LSP, Neovim 0.10
        # on macOS and Windows): the server then scans the tree again only when a watcher reports
        # a change.
        capabilities = {"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": arguments.watchers}}}
        client.request("initialize", {"processId": os.getpid(), "rootUri": "file://" + quote(app), "capabilities": capabilities})
        client.notify("initialized", {})
        started = time.monotonic()
        client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": text}})
        first = client.diagnostics(uri, 1)
        first_seconds = time.monotonic() - started

        times = []
        lines = text.split("\n")
        for edit in range(arguments.edits):
            version = edit + 2
            # A line typed into the middle of the file, then taken back.
            edited = lines[: len(lines) // 2] + ["    let typed%d = %d" % (edit, edit)] + lines[len(lines) // 2 :] if edit % 2 == 0 else lines
            started = time.monotonic()
            client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": "\n".join(edited)}]})
            client.diagnostics(uri, version)
            times.append((time.monotonic() - started) * 1000)
        server_kib = peak_kib(client.process.pid)
        client.request("shutdown", None)
        client.notify("exit", None)
        client.process.wait(timeout=30)

    times.sort()
    median = statistics.median(times)
    p95 = times[min(len(times) - 1, int(round(0.95 * (len(times) - 1))))]
    def row(name, value, target, met):
        print(f"| {name} | {value} | {target} | {'met' if met else 'not met'} |")
    print(f"{os.path.basename(app)}: {os.path.relpath(path, app)} ({len(text.encode())} bytes, {len(first)} diagnostics), {arguments.edits} edits")
    print("| measure | authlint lsp | target | |")
    print("|---|---|---|---|")
    row("re-lint after an edit, median", f"{median:.0f} ms", "under 50 ms", median < 50)
    row("re-lint after an edit, 95th percentile", f"{p95:.0f} ms", "under 150 ms", p95 < 150)
    row("first diagnostics (empty cache)", f"{first_seconds:.2f} s", f"no later than a full lint ({full_seconds:.2f} s)", first_seconds <= full_seconds)
    row("warm server's peak memory", f"{server_kib / 1024:.0f} MiB", f"at most 2x a full lint's ({full_kib / 1024:.0f} MiB)", server_kib <= 2 * full_kib)


if __name__ == "__main__":
    main()
