#!/usr/bin/env bash
# Counts leave as they are known (issue 71): a pipe reads a board's count
# while the next board still counts, and SIGTERM or SIGINT without
# --checkpoint writes the counts of the boards done before the program
# exits with 143 or 130. The counts are the empty boards' (A000170).
#   counts_as_known.sh QUEENS
set -euo pipefail
queens=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAILED: $*" >&2; exit 1; }
# Job control, so that a job started with & takes SIGINT as a program run
# from a terminal does (without it, bash starts it with SIGINT ignored).
set -m
known=(365596 2279184 14772512 95815104 666090624 4968057848 39029188884 314666222712)

# The 14x14 count reaches the pipe while the 21x21 board, minutes of work,
# still counts: the reader gets its line, then finds the program running.
mkfifo "$work/pipe"
{ printf '..............\n%.0s' {1..14}; echo; printf '.....................\n%.0s' {1..21}; } \
  >"$work/boards.txt"
"$queens" --threads=2 "$work/boards.txt" >"$work/pipe" 2>"$work/err" &
pid=$!
exec 3<"$work/pipe"
read -r -t 120 first <&3 || fail "the 14x14 count did not come through the pipe in 120 s"
[ "$first" = "${known[0]}" ] || fail "the first count: '$first'"
kill -0 "$pid" 2>/dev/null || fail "the program had ended when the 14x14 count came"
echo "the 14x14 count came through the pipe while the program still counted"
kill -TERM "$pid"
status=0
wait "$pid" || status=$?
exec 3<&-
[ $status = 143 ] || fail "SIGTERM: status $status, not 143"

# stop SIGNAL STATUS: stopped once a count is written to the file, the
# program writes every count done, and says so on stderr.
stop() {
  local signal=$1 expected=$2
  rm -f "$work/out"
  "$queens" --threads=2 --empty=14..22 >"$work/out" 2>"$work/err" &
  local pid=$! waited=0
  until [ -s "$work/out" ]; do
    ((waited++ < 3000)) || fail "$signal: no count written in 300 s"
    sleep 0.1
  done
  kill -s "$signal" "$pid"
  local status=0
  wait "$pid" || status=$?
  [ $status = "$expected" ] || fail "$signal: status $status, not $expected: $(cat "$work/err")"
  local lines
  lines=$(wc -l <"$work/out")
  [ "$(cat "$work/out")" = "$(printf '%s\n' "${known[@]:0:lines}")" ] ||
    fail "$signal: the counts written: $(cat "$work/out")"
  # Every board the message counts has its count in the file.
  grep -q "^queens: stopped by SIG$signal after $lines boards\{0,1\} counted, whose counts are written" \
    "$work/err" || fail "$signal: $lines counts written, and stderr says: $(cat "$work/err")"
  echo "$signal: status $status, the $lines count(s) done written: $(tr '\n' ' ' <"$work/out")"
}
stop TERM 143
stop INT 130

# A run that ends by itself ends as before: status 0, every count.
"$queens" --empty=9..14 >"$work/out" || fail "--empty=9..14: status $?"
[ "$(tr '\n' ' ' <"$work/out")" = "352 724 2680 14200 73712 365596 " ] || fail "9..14: $(cat "$work/out")"
echo "ok: counts leave as they are known"
