#!/usr/bin/env bash
# One count spread over 7 jobs with GNU parallel, the way the README's recipe
# spreads it over machines: each job counts one share (--part=K/7), and the
# sum of the shares must be the whole count.
#   parallel_split.sh SOLUTION BOARD EXPECTED_COUNT [OPTION...]
# Exits 77 (CTest's "skipped") when GNU parallel is not installed.
set -euo pipefail
solution=$1 board=$2 expected=$3
shift 3
if ! command -v parallel >/dev/null; then
  echo "GNU parallel is not installed (Debian: parallel); skipped"
  exit 77
fi
sum=$(parallel --will-cite "$solution" --part={}/7 "$@" '<' "$board" ::: 1 2 3 4 5 6 7 |
  awk '{ total += $1 } END { print total }')
echo "7 shares with GNU parallel add up to $sum (expected $expected)"
[ "$sum" = "$expected" ]
