#!/usr/bin/env bash
# Renders the HTML report of samples/ and takes screenshots of it with headless Chromium, to look
# at the page as a reviewer would: on screen (PNG) and printed (PDF).
#
#   scripts/report-screenshot.sh [OUT_DIR]     (default: .build/report-screenshot)
#
# Needs chromium (apt-get install chromium); the PDF is turned into PNG pages when pdftoppm
# (poppler-utils) is installed. AUTHLINT=path/to/authlint uses a built binary instead of `swift run`.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/report-screenshot}
mkdir -p "$out"
out=$(cd "$out" && pwd)

chromium=$(command -v chromium || command -v chromium-browser || true)
[[ -n $chromium ]] || { echo "chromium is not installed (apt-get install chromium)" >&2; exit 2; }

set +e
if [[ -n ${AUTHLINT:-} ]]; then
  "$AUTHLINT" lint samples --format html --output "$out/report.html"
else
  swift run -q authlint lint samples --format html --output "$out/report.html"
fi
status=$?
set -e
[[ $status -le 1 ]] || { echo "authlint failed with exit $status" >&2; exit "$status"; }

profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
browser=("$chromium" --headless --disable-gpu --no-sandbox --no-first-run --hide-scrollbars "--user-data-dir=$profile")
"${browser[@]}" --screenshot="$out/report.png" --window-size=1280,2400 "file://$out/report.html" 2>/dev/null
"${browser[@]}" --print-to-pdf="$out/report.pdf" --no-pdf-header-footer "file://$out/report.html" 2>/dev/null
if command -v pdftoppm >/dev/null; then
  pdftoppm -r 80 -png "$out/report.pdf" "$out/print"
fi
ls -1 "$out"
