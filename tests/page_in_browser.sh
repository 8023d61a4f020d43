#!/usr/bin/env bash
# The --trace=html page in headless Chromium, driven by puppeteer-core
# (tests/page/page_test.mjs): its search tree against the text trace, its
# own search against the program's, clicks, keys and the address.
#   page_in_browser.sh QUEENS
# It needs node, Chromium and tests/page's npm packages (npm ci --prefix
# tests/page; .ci/run does it). Without them it is skipped (status 77),
# unless CI is set: there it fails.
set -euo pipefail
queens=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
missing=""
command -v node >/dev/null || missing="node"
command -v chromium >/dev/null || missing="$missing chromium"
[ -d "$here/page/node_modules/puppeteer-core" ] || missing="$missing puppeteer-core (npm ci --prefix tests/page)"
if [ -n "$missing" ]; then
  [ -n "${CI:-}" ] && { echo "FAILED: missing:$missing" >&2; exit 1; }
  echo "skipped: missing:$missing"
  exit 77
fi
exec node "$here/page/page_test.mjs" "$queens" "$here/cases" "$(command -v chromium)"
