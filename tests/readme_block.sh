#!/usr/bin/env bash
# Prints the fenced block that follows the line <!-- MARKER --> in a page,
# so that tests and .ci/run run the recipes of README.md and docs/ exactly as written.
#   readme_block.sh PAGE.md MARKER
# Exits 1, with a message, if there is no such block.
set -euo pipefail
block=$(awk -v marker="<!-- $2 -->" '
  $0 == marker { found = 1; next }
  found && /^```/ { if (inside) exit; inside = 1; next }
  found && inside { print }' "$1")
[ -n "$block" ] || { echo "$1 has no block after <!-- $2 -->" >&2; exit 1; }
printf '%s\n' "$block"
