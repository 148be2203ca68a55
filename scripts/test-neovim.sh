#!/usr/bin/env bash
# End-to-end check of `rulescheck lsp` with a real editor client: headless Neovim (0.7 or
# later, as Debian bookworm packages it) opens a copy of examples/mistakes.rules, waits for the
# diagnostics, prints them, applies a quick fix and waits for the diagnostics to change.
#
# Usage: scripts/test-neovim.sh [RULESCHECK_BINARY]
# Without an argument (or RULESCHECK_BINARY in the environment) it builds the debug binary.
# Exit status: 0 passed, 1 the check failed, 2 nvim is missing or the binary cannot be built.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v nvim >/dev/null 2>&1; then
  echo "test-neovim: nvim is not installed (apt-get install neovim)" >&2
  exit 2
fi

binary="${1:-${RULESCHECK_BINARY:-}}"
if [ -z "$binary" ]; then
  swift build --product rulescheck >&2 || { echo "test-neovim: swift build failed" >&2; exit 2; }
  binary="$(swift build --show-bin-path)/rulescheck"
fi
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
[ -x "$binary" ] || { echo "test-neovim: $binary is not an executable" >&2; exit 2; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp examples/mistakes.rules "$work/storage.rules"
# A valid file with its indentation removed, for formatting.
sed 's/^ *//' examples/storage.rules > "$work/messy.rules"

# RS101: `allow reed`, whose quick fix replaces it with `read`. The timeout guards against a
# hang of either side.
status=0
RULESCHECK_BINARY="$binary" RULES_FILE="$work/storage.rules" EXPECT_CODES="RS009,RS101,RS204,RS205" \
  FIX_CODE="RS101" FORMAT_FILE="$work/messy.rules" LSP_TIMEOUT_MS=20000 \
  timeout 120 nvim --headless -u NONE -i NONE -n -c "luafile scripts/neovim/lsp-check.lua" || status=$?
if [ "$status" -ne 0 ]; then
  echo "test-neovim: failed (status $status)" >&2
  exit 1
fi
echo "test-neovim: passed" >&2
