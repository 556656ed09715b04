#!/usr/bin/env bash
# Checks what a release is made from agrees with the sources' version: the Homebrew formula
# parses (`ruby -c`) and builds the tag `vVERSION`, the changelog has a section for VERSION, and
# the release workflow names the scripts it runs. With --tag TAG (the release workflow), the
# tag must be `vVERSION` and the changelog's section must carry a date.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/AuthLintModel/AuthLint.swift)
fail() { echo "check-release-files: $*" >&2; exit 1; }
[[ -n $version ]] || fail "no version in Sources/AuthLintModel/AuthLint.swift"
command -v ruby >/dev/null || fail "ruby is not installed (apt-get install ruby)"
ruby -c Formula/authlint.rb > /dev/null
grep -q "tag: \"v$version\"" Formula/authlint.rb || fail "Formula/authlint.rb does not build the tag v$version"
heading=$(grep -E "^## \[$version\] - " CHANGELOG.md) || fail "CHANGELOG.md has no section for $version"
[[ -f LICENSE ]] || fail "no LICENSE"
for script in $(grep -o 'scripts/[a-z-]*\.\(sh\|py\)' .github/workflows/release.yml | sort -u); do
  [[ -x $script ]] || fail ".github/workflows/release.yml runs $script, which is not an executable here"
done
if [[ ${1:-} == --tag ]]; then
  [[ ${2:-} == "v$version" ]] || fail "the tag ${2:-} is not v$version, the sources' version"
  [[ $heading =~ [0-9]{4}-[0-9]{2}-[0-9]{2} ]] || fail "the changelog's section for $version has no date: $heading"
fi
echo "release files: version $version, formula, changelog and workflow agree"
