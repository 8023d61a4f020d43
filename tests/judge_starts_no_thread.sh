#!/usr/bin/env bash
# The judge's case, one 8x8 board with no options, must not create a thread
# or a process: strace -f lists every clone, fork and vfork.
#   judge_starts_no_thread.sh SOLUTION BOARD LARGE_BOARD
# Exits 77 (CTest's "skipped") when strace is not installed.
set -euo pipefail
solution=$1 board=$2 largeBoard=$3
if ! command -v strace >/dev/null; then
  echo "strace is not installed (Debian: strace); skipped"
  exit 77
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
strace -f -qq -e trace=clone,clone3,fork,vfork -o "$log" "$solution" <"$board" >/dev/null
if [ -s "$log" ]; then
  echo "the judge's case created a thread or process:"
  cat "$log"
  exit 1
fi
# The check itself can fail: a large board with 2 threads must clone.
strace -f -qq -e trace=clone,clone3,fork,vfork -o "$log" "$solution" --threads=2 <"$largeBoard" >/dev/null
grep -q clone "$log" || { echo "strace saw no clone even with --threads=2 on $largeBoard"; exit 1; }
echo "no thread or process for the judge's case; --threads=2 on $largeBoard clones, as it should"
