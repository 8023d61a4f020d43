#!/usr/bin/env bash
# Shares add up across machines of any instruction set: the empty 15x15
# board, counted by the join in four shares, as a machine with neither AVX2
# nor AVX-512 counts them (QUEENS_JOIN_ISA=portable: shares 1 and 4), as one
# with AVX2 alone does (share 2), and on this machine's widest (share 3:
# AVX-512 where it has it), merges to A000170's 2279184.
#   shares_any_isa.sh QUEENS
set -euo pipefail
queens=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
part=0
for isa in portable avx2 widest portable; do
  part=$((part + 1))
  if [ $isa = widest ]; then
    "$queens" --empty=15 --part=$part/4 --stats >share-$part.txt 2>stats-$part.txt
  else
    QUEENS_JOIN_ISA=$isa "$queens" --empty=15 --part=$part/4 --stats >share-$part.txt 2>stats-$part.txt
  fi
  grep -q ", join, " stats-$part.txt || { echo "FAILED: share $part ($isa) was not joined:"; cat stats-$part.txt; exit 1; }
  echo "share $part ($isa): $(head -n 1 share-$part.txt)"
done
total=$("$queens" --merge share-1.txt share-2.txt share-3.txt share-4.txt)
[ "$total" = 2279184 ] || { echo "FAILED: the shares merged to '$total', not 2279184"; exit 1; }
echo "portable, AVX2 and widest shares merge to $total, the empty 15x15 board's count"
