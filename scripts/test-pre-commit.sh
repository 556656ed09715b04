#!/usr/bin/env bash
# Runs the real pre-commit against this repository's hook, offline from PyPI's point of view once
# pre-commit is installed: a temporary git repository stages a Swift file with an error (the hook
# must fail and name the rule), then only a clean one (the hook must pass). Whether warnings fail
# the commit follows the project's `fail-on`, as on the command line.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PRE_COMMIT_HOME="$work/cache"

command -v pre-commit >/dev/null || { echo "pre-commit is not installed (pip install pre-commit)" >&2; exit 2; }

app="$work/app"
mkdir -p "$app/App"
cd "$app"
git init -q
git config user.email ci@example.com
git config user.name ci
git commit -q --allow-empty -m start

cat > App/Login.swift <<'SWIFT'
import GoogleSignIn
import UIKit

final class LoginViewController: UIViewController {
    @objc func signInTapped() {
        GIDSignIn.sharedInstance.signIn(withPresenting: self) { result, error in
            print(result?.user.profile?.name ?? "", error ?? "")
        }
    }
}
SWIFT
git add App/Login.swift
set +e
pre-commit try-repo "$repo" authlint > "$work/failing.txt" 2>&1
status=$?
set -e
cat "$work/failing.txt"
if [[ $status -eq 0 ]] || ! grep -q "third-party-login-without-apple" "$work/failing.txt"; then
  echo "expected the hook to fail on Google Sign-In offered without Sign in with Apple (exit $status)" >&2
  exit 1
fi

git rm -q --cached App/Login.swift
rm App/Login.swift
cat > App/Settings.swift <<'SWIFT'
import Foundation

func store(theme: String) {
    UserDefaults.standard.set(theme, forKey: "theme")
}
SWIFT
git add App/Settings.swift
pre-commit try-repo "$repo" authlint > "$work/passing.txt" 2>&1 || { cat "$work/passing.txt"; echo "expected the hook to pass on a clean file" >&2; exit 1; }
cat "$work/passing.txt"
echo "pre-commit hook: fails on a finding, passes on clean code"
