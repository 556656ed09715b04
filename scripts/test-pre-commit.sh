#!/usr/bin/env bash
# Runs the real pre-commit with this repository's hook (at its HEAD commit) in a temporary git
# repository: committing a Swift file with an error must fail and name the rule; committing a
# clean one must pass. Whether warnings fail a commit follows the project's `fail-on`, as on the
# command line. Needs pre-commit (`pip install pre-commit`); builds authlint once, in release.
#
# With AUTHLINT_PREBUILT=BINARY, a release binary of this commit (CI, which has just built and
# checked one), the build pre-commit runs to install the hook is not compiled again: the command
# it runs is checked (`swift build --package-path CLONE -c release --build-path ENV/.build`, with
# CLONE at this commit) and answered with the binary where that build puts it.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
rev=$(git -C "$repo" rev-parse HEAD)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PRE_COMMIT_HOME="$work/cache"

command -v pre-commit >/dev/null || { echo "pre-commit is not installed (pip install pre-commit)" >&2; exit 2; }
[[ -z $(git -C "$repo" status --porcelain) ]] || echo "note: uncommitted changes in $repo are not tested; the hook is built from $rev" >&2

if [[ -n ${AUTHLINT_PREBUILT:-} ]]; then
  [[ -x $AUTHLINT_PREBUILT && -f $AUTHLINT_PREBUILT ]] || { echo "AUTHLINT_PREBUILT is not an executable: $AUTHLINT_PREBUILT" >&2; exit 2; }
  AUTHLINT_PREBUILT="$(cd "$(dirname "$AUTHLINT_PREBUILT")" && pwd)/$(basename "$AUTHLINT_PREBUILT")"
  mkdir "$work/bin"
  cat > "$work/bin/swift" <<SH
#!/usr/bin/env bash
set -euo pipefail
if [[ \$# -eq 7 && \$1 == build && \$2 == --package-path && \$4 == -c && \$5 == release && \$6 == --build-path ]]; then
  [[ \$(git -C "\$3" rev-parse HEAD) == $rev ]] || { echo "pre-commit built another commit in \$3" >&2; exit 1; }
  mkdir -p "\$7/release"
  cp "$AUTHLINT_PREBUILT" "\$7/release/authlint"
  touch "$work/prebuilt-taken"
  exit 0
fi
exec "$(command -v swift)" "\$@"
SH
  chmod +x "$work/bin/swift"
  export PATH="$work/bin:$PATH"
fi

app="$work/app"
mkdir -p "$app/App"
cd "$app"
git init -q
git config user.email ci@example.com
git config user.name ci
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $repo
    rev: $rev
    hooks:
      - id: authlint
YAML
git add .pre-commit-config.yaml
git commit -q -m "pre-commit configuration"
pre-commit install >/dev/null

# Google Sign-In offered without Sign in with Apple: an error.
write_google_login() {
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
}

write_google_login
git add App/Login.swift
if git commit -q -m "Google Sign-In only" > "$work/failing.txt" 2>&1; then
  cat "$work/failing.txt"
  echo "expected the commit to fail: Google Sign-In is offered without Sign in with Apple" >&2
  exit 1
fi
cat "$work/failing.txt"
grep -q "third-party-login-without-apple" "$work/failing.txt" || { echo "the failing hook did not name the rule" >&2; exit 1; }

git rm -q --cached App/Login.swift
rm App/Login.swift
cat > App/Settings.swift <<'SWIFT'
import Foundation

func store(theme: String) {
    UserDefaults.standard.set(theme, forKey: "theme")
}
SWIFT
git add App/Settings.swift
git commit -q -m "A setting" > "$work/passing.txt" 2>&1 || { cat "$work/passing.txt"; echo "expected the commit of a clean file to pass" >&2; exit 1; }
cat "$work/passing.txt"

# A commit that stages only the configuration reads it, and passes.
printf '# authlint configuration\nfail-on: error\n' > .authlint.yml
git add .authlint.yml
git commit -q -m "Configuration" > "$work/config.txt" 2>&1 || { cat "$work/config.txt"; echo "expected a commit of .authlint.yml alone to pass" >&2; exit 1; }

# The baseline .authlint.yml names reaches the hook as it is printed by `init`: today's findings
# are accepted, a new one still fails the commit.
bin=$(find "$PRE_COMMIT_HOME" -type f -name authlint -perm -u+x | head -n1)
[[ -x $bin ]] || { echo "the hook's authlint binary was not found under $PRE_COMMIT_HOME" >&2; exit 1; }
write_google_login
"$bin" init --baseline > "$work/init.txt" || { cat "$work/init.txt"; echo "init --baseline failed" >&2; exit 1; }
grep -q '^fail-on: error$' .authlint.yml || { echo "init --baseline dropped the configuration's own settings" >&2; exit 1; }
grep -q '^baseline: .authlint-baseline.json$' .authlint.yml || { echo "init --baseline did not name the baseline in .authlint.yml" >&2; exit 1; }
git add .authlint.yml .authlint-baseline.json App/Login.swift
git commit -q -m "Google Sign-In, baselined" > "$work/baselined.txt" 2>&1 || { cat "$work/baselined.txt"; echo "expected the baselined findings to pass the hook" >&2; exit 1; }
printf '// Touched.\n' >> App/Login.swift
git add App/Login.swift
git commit -q -m "Touch a baselined file" > "$work/touched.txt" 2>&1 || { cat "$work/touched.txt"; echo "expected a touched file with only baselined findings to pass" >&2; exit 1; }
cat > App/Tokens.swift <<'SWIFT'
import Foundation

func keep(identityToken: String) {
    UserDefaults.standard.set(identityToken, forKey: "identityToken")
}
SWIFT
git add App/Tokens.swift
if git commit -q -m "A token in UserDefaults" > "$work/new.txt" 2>&1; then
  cat "$work/new.txt"
  echo "expected a new finding to fail the commit despite the baseline" >&2
  exit 1
fi
grep -q "token-in-userdefaults" "$work/new.txt" || { cat "$work/new.txt"; echo "the hook did not name the new finding's rule" >&2; exit 1; }
if [[ -n ${AUTHLINT_PREBUILT:-} && ! -e $work/prebuilt-taken ]]; then
  echo "pre-commit did not run the build the hook's binary was given for" >&2
  exit 1
fi
echo "pre-commit hook: a commit with a finding fails, a clean one passes, the configuration alone passes, and the baseline .authlint.yml names is honoured"
