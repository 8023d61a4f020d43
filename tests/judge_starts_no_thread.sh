#!/usr/bin/env bash
# The judge's program must not create a thread or a process, on the
# sample or on a larger board: strace -f lists every clone, fork and vfork.
# The check itself can fail: the counter on a large board with 2 threads
# must clone.
#   judge_starts_no_thread.sh SOLUTION QUEENS BOARD LARGE_BOARD
# Exits 77 (CTest's "skipped") when strace is not installed.
set -euo pipefail
solution=$1 queens=$2 board=$3 largeBoard=$4
if ! command -v strace >/dev/null; then
  echo "strace is not installed (Debian: strace); skipped"
  exit 77
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for input in "$board" "$largeBoard"; do
  strace -f -qq -e trace=clone,clone3,fork,vfork -o "$log" "$solution" <"$input" >/dev/null
  if [ -s "$log" ]; then
    echo "the judge's program created a thread or process on $input:"
    cat "$log"
    exit 1
  fi
done
strace -f -qq -e trace=clone,clone3,fork,vfork -o "$log" "$queens" --threads=2 <"$largeBoard" >/dev/null
grep -q clone "$log" || { echo "strace saw no clone even from queens --threads=2 on $largeBoard"; exit 1; }
echo "no thread or process from the judge's program; queens --threads=2 on $largeBoard clones, as it should"
