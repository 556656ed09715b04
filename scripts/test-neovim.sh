#!/usr/bin/env bash
# Runs `authlint lsp` under a real client: headless Neovim (`apt-get install neovim`, 0.7 or
# later) opens a Swift file through scripts/neovim/lsp-test.lua, which waits for the
# diagnostic, applies the fix the server offers and checks the buffer.
#   scripts/test-neovim.sh [AUTHLINT]        (default: .build/debug/authlint)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
binary=$(cd "$(dirname "${1:-$repo/.build/debug/authlint}")" && pwd)/$(basename "${1:-authlint}")
command -v nvim >/dev/null || { echo "nvim is not installed (apt-get install neovim)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/app/.git" "$work/app/App" "$work/home"
cat > "$work/app/App/Log.swift" <<'SWIFT'
import os

let logger = Logger(subsystem: "app.example", category: "auth")

func refreshed(accessToken: String) {
    logger.info("Refreshed: \(accessToken, privacy: .public)")
}
SWIFT
cd "$work/app"
# A home of its own: no user configuration, plugins or state.
HOME="$work/home" XDG_CONFIG_HOME="$work/home" XDG_DATA_HOME="$work/home" XDG_STATE_HOME="$work/home" \
  AUTHLINT="$binary" AUTHLINT_FILE="$work/app/App/Log.swift" AUTHLINT_ROOT="$work/app" \
  timeout 180 nvim --headless -n -u NONE -i NONE -c "luafile $repo/scripts/neovim/lsp-test.lua"
