#!/usr/bin/env bash
# A count stopped again and again resumes to the exact count (issue 37):
#   checkpoint_kills.sh QUEENS SIGNAL THREADS STOPS BOARD [OPTION...]
# counts BOARD (a file of one or more boards) with --checkpoint, stops it
# with SIGNAL (KILL, TERM or INT) at STOPS moments drawn with a fixed seed,
# running the same command again each time, then lets it finish. Checks:
#  - each stop: KILL leaves status 137; TERM and INT 143 and 130, after one
#    line on stderr that names the signal and the command that resumes;
#  - each resume skips what was saved: it resumes at least the units that
#    the run before it resumed, and, after TERM or INT, exactly the units
#    that the stopped run said were saved;
#  - the last run prints exactly what a run without --checkpoint prints, and
#    a run after it prints the same from the file alone.
# It prints the figures: stops, runs, and the units counted again (done by
# a stopped run, by its last progress line, but not resumed by the next).
# QUEENS_KILL_SECONDS is the latest moment of a stop (default 1.5 s after
# the start; halved each time a run finishes first), QUEENS_CHECKPOINT_EVERY
# the interval (default 1 s).
set -euo pipefail
set -m  # each run in a process group of its own, so that it keeps SIGINT
queens=$1 signal=$2 threads=$3 stops=$4 board=$5
shift 5
latest=${QUEENS_KILL_SECONDS:-1.5} every=${QUEENS_CHECKPOINT_EVERY:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAILED: $*" >&2; exit 1; }
case $signal in
  KILL) expected_status=137 ;;
  TERM) expected_status=143 ;;
  INT) expected_status=130 ;;
  *) fail "signal $signal: expected KILL, TERM or INT" ;;
esac

"$queens" --threads="$threads" "$@" <"$board" >"$work/whole.txt"
run=("$queens" --checkpoint="$work/run.ckpt" --checkpoint-every="$every" --threads="$threads"
  --stats --progress "$@")
# The units a run resumed, those it did by its last progress line, those it
# saved by its stop line (-1 if it names none: stopped before the board).
resumed_by() { sed -n 's/^note: checkpoint .* resumes with \([0-9]*\) of its [0-9]* units done$/\1/p' "$1" | tail -n 1 | grep . || echo 0; }
done_by() { sed -n 's/.*: \([0-9]*\) of [0-9]* units done.*/\1/p' "$1" | tail -n 1 | grep . || echo 0; }
saved_by() { sed -n 's/.*, and \([0-9]*\) of the [0-9]* units of board.*/\1/p' "$1" | grep . || echo -1; }

RANDOM=20261125 # the moments of the stops, the same every run
stopped=0 runs=0 again=0 finished=0 resumed_before=0 saved_before=-1 done_before=0
moments=""
while ((stopped < stops)); do
  ((runs < 10 * stops)) || fail "$runs runs, $finished of them finished before their stop: the board is too quick"
  delay=$(awk -v r=$RANDOM -v latest="$latest" 'BEGIN { printf "%.2f", 0.1 + (latest - 0.1) * r / 32767 }')
  "${run[@]}" <"$board" >"$work/out.txt" 2>"$work/err.txt" &
  pid=$!
  sleep "$delay"
  kill -s "$signal" "$pid" 2>/dev/null || true
  status=0
  wait "$pid" || status=$?
  runs=$((runs + 1))
  resumed=$(resumed_by "$work/err.txt")
  # A run stopped before it reached the board (a slow start: the sanitizers'
  # builds, or the join's tables) said nothing of what it resumed: nothing
  # to check, the units resumed before still stand.
  early=false
  grep -q "resumes with\|units done\|read from the checkpoint" "$work/err.txt" || early=true
  ! $early || resumed=$((resumed_before > saved_before ? resumed_before : saved_before))
  # A run killed after it saved the board's count (before it exited): the
  # next reads the count back, every unit resumed.
  if grep -q "counted before: read from the checkpoint" "$work/err.txt"; then
    resumed=$((resumed_before > saved_before ? resumed_before : saved_before))
    [ "$(cat "$work/out.txt")" = "$(cat "$work/whole.txt")" ] || fail "a count read back: $(cat "$work/out.txt")"
    done_before=0
  fi
  ((resumed >= resumed_before)) || fail "a resume took $resumed units, fewer than the $resumed_before before it"
  ((saved_before < 0 || resumed == saved_before)) ||
    fail "the stopped run saved $saved_before units, and the next resumed $resumed"
  ((resumed >= done_before)) || again=$((again + done_before - resumed))
  # A TERM or INT that came after the count ended (the checkpoint says so),
  # once the handlers were put back, ends the run as the signal does, with
  # nothing more to say: it finished too.
  ended=false
  if [ "$signal" != KILL ] && [ "$status" = "$expected_status" ] &&
    ! grep -q "stopped by SIG$signal" "$work/err.txt" && tail -n 1 "$work/run.ckpt" 2>/dev/null | grep -q '^end boards '; then
    ended=true
  fi
  if [ "$status" = 0 ] || $ended; then  # it finished before the signal came: again from nothing
    cmp -s "$work/out.txt" "$work/whole.txt" || fail "a run that finished printed $(cat "$work/out.txt")"
    rm "$work/run.ckpt"
    finished=$((finished + 1)) resumed_before=0 saved_before=-1 done_before=0
    # Too fast for such moments (a faster machine): stop it sooner.
    latest=$(awk -v l="$latest" 'BEGIN { print (l / 2 > 0.3 ? l / 2 : 0.3) }')
    continue
  fi
  [ "$status" = "$expected_status" ] ||
    fail "SIG$signal at ${delay} s: status $status, not $expected_status: $(cat "$work/err.txt")"
  saved_before=-1
  if [ "$signal" != KILL ] && [ ! -s "$work/err.txt" ]; then
    : # the signal came before the run caught it (it had not opened the file): nothing saved, nothing to say
  elif [ "$signal" != KILL ]; then
    grep -q "stopped by SIG$signal: .* saved in $work/run.ckpt; to resume, run the same command again" \
      "$work/err.txt" || fail "SIG$signal: no line on stderr says how to resume: $(cat "$work/err.txt")"
    saved_before=$(saved_by "$work/err.txt")
  fi
  stopped=$((stopped + 1)) resumed_before=$resumed
  $early || done_before=$(done_by "$work/err.txt")
  moments+=" $delay"
done
"${run[@]}" <"$board" >"$work/out.txt" 2>"$work/err.txt" || fail "the last run: $(cat "$work/err.txt")"
resumed=$(resumed_by "$work/err.txt")
grep -q "counted before: read from the checkpoint" "$work/err.txt" && resumed=$done_before
((resumed >= done_before)) || again=$((again + done_before - resumed))
cmp -s "$work/out.txt" "$work/whole.txt" ||
  fail "after $stopped stops: $(paste -sd' ' "$work/out.txt"); a whole run: $(paste -sd' ' "$work/whole.txt")"
tail -n 1 "$work/run.ckpt" | grep -q '^end boards ' || fail "the checkpoint does not say the input is counted"
"${run[@]}" <"$board" >"$work/again.txt" 2>"$work/err.txt"
cmp -s "$work/again.txt" "$work/whole.txt" || fail "a run after the end printed $(cat "$work/again.txt")"
if grep -q "units done" "$work/err.txt" || ! grep -q "read from the checkpoint" "$work/err.txt"; then
  fail "a run after the end counted again: $(cat "$work/err.txt")"
fi
echo "SIG$signal, --threads=$threads${*:+ $*}, $(basename "$board"): $stopped stops at$moments s"
echo "  $runs runs ($finished finished before their stop), then one to the end, which resumed $resumed"
echo "  units and printed $(paste -sd' ' "$work/out.txt"), as a whole run does;"
echo "  units counted again (done by a stopped run's last progress line, not resumed): $again"
