#!/usr/bin/env python3
"""Checks an authlint artifact bundle as SwiftPM reads it (SE-0305): info.json's schema version,
one executable artifact named authlint at the version the sources give, and each variant a
regular executable file inside the bundle with at least one target triple. On this machine, the
variant for its own triple must run and print that version.

  scripts/check-artifact-bundle.py BUNDLE
"""
import json
import os
import platform
import re
import subprocess
import sys


def fail(message):
    sys.exit(f"check-artifact-bundle: {message}")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    bundle = os.path.realpath(sys.argv[1])
    repo = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    with open(os.path.join(repo, "Sources/AuthLintModel/AuthLint.swift")) as source:
        version = re.search(r'static let version = "(.*)"', source.read()).group(1)
    try:
        with open(os.path.join(bundle, "info.json")) as file:
            info = json.load(file)
    except (OSError, ValueError) as error:
        fail(f"info.json: {error}")
    if info.get("schemaVersion") != "1.0":
        fail(f"schemaVersion is {info.get('schemaVersion')!r}, not '1.0'")
    artifacts = info.get("artifacts", {})
    if list(artifacts) != ["authlint"]:
        fail(f"the artifacts are {list(artifacts)}, not just authlint")
    artifact = artifacts["authlint"]
    if artifact.get("type") != "executable" or artifact.get("version") != version:
        fail(f"authlint is {artifact.get('type')!r} {artifact.get('version')!r}, not executable {version!r}")
    variants = artifact.get("variants") or fail("no variants")
    machine = {"x86_64": "x86_64", "amd64": "x86_64", "aarch64": "aarch64", "arm64": "arm64"}.get(platform.machine().lower())
    host = f"{machine}-unknown-linux-gnu" if sys.platform.startswith("linux") else f"{machine}-apple-macosx"
    ran = False
    for variant in variants:
        path = os.path.realpath(os.path.join(bundle, variant.get("path", "")))
        if not path.startswith(bundle + os.sep):
            fail(f"{variant.get('path')!r} leads out of the bundle")
        if not os.path.isfile(path) or not os.access(path, os.X_OK):
            fail(f"{variant['path']} is not an executable file")
        triples = variant.get("supportedTriples") or fail(f"{variant['path']} names no triple")
        if host in triples:
            printed = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=60).stdout.strip()
            if printed != version:
                fail(f"{variant['path']} --version prints {printed!r}, not {version!r}")
            ran = True
    print(f"{os.path.basename(bundle)}: authlint {version}, {len(variants)} variant(s)"
          + (f", the {host} one runs" if ran else f", none for {host}"))


if __name__ == "__main__":
    main()
