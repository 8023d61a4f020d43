#!/usr/bin/env bash
# Shares add up across machines of any instruction set: the empty 15x15
# board, counted by the join in four shares, two of them as a machine with
# neither AVX2 nor AVX-512 counts them (QUEENS_JOIN_ISA=portable) and two
# with this machine's widest, merges to A000170's 2279184.
#   shares_any_isa.sh QUEENS
set -euo pipefail
queens=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
for part in 1 2 3 4; do
  if [ $((part % 2)) = 1 ]; then isa=portable; else isa=native; fi
  if [ $isa = portable ]; then
    QUEENS_JOIN_ISA=portable "$queens" --empty=15 --part=$part/4 --stats >share-$part.txt 2>stats-$part.txt
  else
    "$queens" --empty=15 --part=$part/4 --stats >share-$part.txt 2>stats-$part.txt
  fi
  grep -q ", join, " stats-$part.txt || { echo "FAILED: share $part ($isa) was not joined:"; cat stats-$part.txt; exit 1; }
  echo "share $part ($isa): $(head -n 1 share-$part.txt)"
done
total=$("$queens" --merge share-1.txt share-2.txt share-3.txt share-4.txt)
[ "$total" = 2279184 ] || { echo "FAILED: the shares merged to '$total', not 2279184"; exit 1; }
echo "portable and native shares merge to $total, the empty 15x15 board's count"
