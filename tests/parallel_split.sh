#!/usr/bin/env bash
# One count spread over 7 jobs with GNU parallel, as the README's recipe
# spreads it over machines: each job counts one share (--part=K/7) into its
# own file, and `paste -d+ | bc` adds the shares line by line, exactly.
#   parallel_split.sh SOLUTION BOARD EXPECTED_COUNT [OPTION...]
# Exits 77 (CTest's "skipped") when GNU parallel or bc is not installed.
set -euo pipefail
solution=$1 board=$2 expected=$3
shift 3
for tool in parallel bc; do
  if ! command -v "$tool" >/dev/null; then
    echo "$tool is not installed (Debian: $tool); skipped"
    exit 77
  fi
done
shares=$(mktemp -d)
trap 'rm -rf "$shares"' EXIT
seq 7 | parallel --will-cite "$solution --part={}/7 $* < $board > $shares/share-{}.out"
sum=$(paste -d+ "$shares"/share-*.out | bc)
echo "7 shares with GNU parallel add up to $sum (expected $expected)"
[ "$sum" = "$expected" ]
