#!/usr/bin/env bash
# --estimate's line, and the method line of a board that counts for over a
# second: which method, and, when the join was passed over for memory, what
# it would need and the --memory that lets it run; none with --stats=json.
#   estimate_and_method.sh QUEENS
set -uo pipefail
queens=$1
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The CPU's methods, whatever OpenCL this machine has: auto takes a GPU
# for the 20x20 board below where one is found. An ICD folder with no
# driver in it leaves the GPU engine no device.
mkdir "$work/no-drivers"
export OCL_ICD_VENDORS=$work/no-drivers

# One line a board, on stdout, in this form; nothing on stderr.
duration='[0-9]+\.[0-9] (s|min|h|days)'
line="^board [0-9]+, [0-9]+x[0-9]+, [a-z-]+: about $duration on 1 thread(, $duration on [0-9]+ threads)?; memory ([0-9]+ MiB|a few MiB) \\(([0-9]+ of [0-9]+ units counted in [0-9.]+ s, after [0-9.]+ s of setup|counted whole)\\)$"
"$queens" --estimate --empty=8..16 >"$work/out" 2>"$work/err" || fail "--estimate: status $?"
[ "$(wc -l <"$work/out")" -eq 9 ] || fail "--estimate: $(wc -l <"$work/out") lines for 9 boards"
grep -Evq "$line" "$work/out" && fail "--estimate: a line not in its form: $(grep -Ev "$line" "$work/out")"
[ -s "$work/err" ] && fail "--estimate: wrote on stderr: $(cat "$work/err")"
grep -q '^board 9, 16x16, join: about .* (1100 of 3299 units counted in' "$work/out" ||
  fail "--estimate: the 16x16 board's sample: $(tail -n 1 "$work/out")"
grep -q '^board 1, 8x8, rows: about .* (counted whole)$' "$work/out" ||
  fail "--estimate: a small board is counted whole: $(head -n 1 "$work/out")"
"$queens" --estimate --part=1/2 --empty=8 >/dev/null 2>"$work/err"
status=$?
[ "$status" -eq 2 ] && grep -q "^error: --estimate counts a sample" "$work/err" ||
  fail "--estimate --part: status $status, $(cat "$work/err")"

# A budget ends the sample early, and the line says so; the progress line
# counts the sampled units. On one thread the empty 21x21 board's whole
# sample takes several seconds on the fastest CPUs we know.
"$queens" --estimate=2 --progress --threads=1 --empty=21 >"$work/out" 2>"$work/err" ||
  fail "--estimate=2: status $?"
grep -Eq '^board 1, 21x21, join: about .* \([0-9]+ of 92504 units counted in [0-9.]+ s, after [0-9.]+ s of setup; the 2 s budget ended the sample\)$' "$work/out" ||
  fail "--estimate=2: $(cat "$work/out")"
grep -Eq '^board 1, 21x21, estimate: ([0-9]+ of [0-9]+ sampled units done|preparing the join)' "$work/err" ||
  fail "--estimate=2 --progress: $(cat "$work/err")"

# The method line, with --stats, once the board has counted for a second.
"$queens" --stats --threads=1 --method=propagate --empty=16 >/dev/null 2>"$work/err"
[ "$(head -n 1 "$work/err")" = "board 1, 16x16: counted by propagate on 1 thread" ] ||
  fail "method line: $(head -n 1 "$work/err")"
# Not with --stats=json, whose stderr a script reads as JSON Lines: the
# board's object alone.
"$queens" --stats=json --threads=2 --method=propagate --empty=16 >/dev/null 2>"$work/err"
[ "$(wc -l <"$work/err")" = 1 ] && grep -q '^{"board":1,.*}$' "$work/err" ||
  fail "--stats=json wrote other lines than its object: $(cat "$work/err")"
# The join passed over for memory: what it would need, what lets it run.
# The count itself would take minutes: stopped once the line is out.
(timeout --foreground -s KILL 4 "$queens" --stats --memory=4M --threads=1 --empty=20 >/dev/null 2>"$work/err") 2>/dev/null
grep -Eq '^board 1, 20x20: counted by symmetry-propagate on 1 thread; the join would need [0-9]+ MiB, and --memory allows 4 MiB: --memory=[0-9]+M lets it run$' "$work/err" ||
  fail "method line, the join passed over: '$(cat "$work/err")'"
need=$(sed -n 's/.*--memory=\([0-9]*M\) lets it run$/\1/p' "$work/err")
if [ -n "$need" ]; then
  "$queens" --stats --memory="$need" --threads=1 --empty=20 --part=1/400 >/dev/null 2>"$work/err"
  grep -q '^board 1: 20x20, share 1 of 400, join, ' "$work/err" ||
    fail "--memory=$need did not let the join run: $(cat "$work/err")"
fi
[ "$failures" -eq 0 ] && echo "ok: --estimate's lines, the method lines" || exit 1
