#!/usr/bin/env bash
# --part=K/M never repeats the whole job (issue 25). Work is measured in the
# search's nodes (--stats), which do not depend on the machine's load.
#   shares_never_repeat.sh SOLUTION EMPTY_16X16_BOARD
set -euo pipefail
solution=$1 board16=$2
fail() { echo "FAILED: $*" >&2; exit 1; }
nodes() { sed -n 's/.*, \([0-9]*\) nodes,.*/\1/p'; }

# The empty 16x16 board, propagation: the whole count visits 181,879,125
# nodes. Share 2 of 100,000 walks the top of the tree and its few units.
whole=181879125
stats=$("$solution" --method=propagate --part=2/100000 --stats <"$board16" 2>&1 >/dev/null)
share=$(echo "$stats" | nodes)
[ -n "$share" ] || fail "no node count in: $stats"
[ $((share * 20)) -lt $whole ] || fail "share 2/100000 visited $share nodes, over 1/20 of the whole $whole"
echo "share 2/100000 of the empty 16x16 board: $share nodes of the whole count's $whole"

# A tree too small to split is counted by the first share only.
empty10=$(printf '..........\n%.0s' {1..10})
first=$(echo "$empty10" | "$solution" --method=propagate --part=1/3 | sed '1d;$d')
second=$(echo "$empty10" | "$solution" --method=propagate --part=2/3 --stats 2>"${TMPDIR:-/tmp}/stats.$$" | sed '1d;$d')
note=$(cat "${TMPDIR:-/tmp}/stats.$$"); rm -f "${TMPDIR:-/tmp}/stats.$$"
[ "$first" = 724 ] && [ "$second" = 0 ] || fail "empty 10x10 in 3 shares: $first and $second, expected 724 and 0"
case $note in *"too small to split: counted by share 1"*) ;; *) fail "--stats does not say so: $note" ;; esac
echo "empty 10x10: share 1 counts 724, share 2 counts 0 ($note)"

# More shares than a 12x12 tree has units at the depth the split can reach:
# --merge adds the 200 shares up to the count (14,200).
shares=$(mktemp -d)
trap 'rm -rf "$shares"' EXIT
empty12=$(printf '............\n%.0s' {1..12})
for ((k = 1; k <= 200; ++k)); do
  echo "$empty12" | "$solution" --method=propagate --threads=1 --part=$k/200 >"$shares/$k"
done
sum=$("$solution" --merge "$shares"/*)
[ "$sum" = 14200 ] || fail "200 shares of the empty 12x12 board add up to $sum, not 14200"
echo "empty 12x12 in 200 shares: --merge adds them up to 14200"
