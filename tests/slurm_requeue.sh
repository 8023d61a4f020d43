#!/usr/bin/env bash
# The README's Slurm recipe with --checkpoint, run as written on a one-node
# Slurm, with a task requeued part-way (issue 37):
#   slurm_cluster.sh slurm_requeue.sh QUEENS README.md
# The <!-- slurm-requeue --> block runs from a folder that holds
# build/queens and boards.txt. While share 7 counts, `scontrol requeue`
# sends its task SIGTERM: the task saves its checkpoint and stops, Slurm runs
# it again from the top of its script, and it resumes from the checkpoint.
# counts.txt must then equal a whole run's counts.
# To requeue share 7 while it counts, build/queens is the program under test
# behind a wrapper that, for share 7 while the file `hold` exists, lets it
# run 5 ms in every 1.5 s (SIGSTOP, SIGCONT), holds it stopped once its
# checkpoint has saved a batch of board 2, and passes SIGTERM on to it at
# once: the requeue's SIGCONT lets share 7 run, and a trap that waited for
# a 1.5 s sleep to end let it finish board 2 before its SIGTERM came. (A
# window's length is mostly the time to start `sleep` and `kill`: beside
# other tests, share 7 once finished board 2 in four windows, before the
# requeue's SIGTERM came.) A
# requeued job waits 2 minutes before it may start again; the test lets it
# start at once (scontrol update StartTime=now).
set -euo pipefail
queens=$1 readme=$2
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAILED: $*" >&2; exit 1; }
[ -n "${SLURM_CONF:-}" ] || fail "run it under slurm_cluster.sh"
recipe=$("$here/readme_block.sh" "$readme" slurm-requeue)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
mkdir build
cat >build/queens <<EOF
#!/bin/bash
if [ -e "$work/hold" ] && [[ " \$* " == *" --part=7/10 "* ]]; then
  "$queens" --checkpoint-every=1 "\$@" <&0 &  # <&0: a job in the background keeps stdin
  pid=\$! stopping=0
  trap 'stopping=1; kill -CONT \$pid 2>/dev/null; kill -TERM \$pid 2>/dev/null' TERM
  while [ \$stopping = 0 ] && kill -0 \$pid 2>/dev/null; do
    kill -STOP \$pid 2>/dev/null
    sleep 1.5 & wait \$!  # a wait, which the trap interrupts at once (a sleep it waits out)
    grep -q '^done 2 ' "$work/share-7.ckpt" 2>/dev/null && continue  # part-way: held
    [ \$stopping = 1 ] || kill -CONT \$pid 2>/dev/null; sleep 0.005
  done
  status=0
  wait \$pid || status=\$?
  exit \$status
fi
exec "$queens" "\$@"
EOF
chmod +x build/queens
"$here/recipe_boards.sh" 17 >boards.txt
"$queens" <boards.txt >whole.txt

# Each wait below has a deadline in seconds, and the deadlines add up to
# well within CTest's 600 s, so that a stuck step fails with its reason.
# squeue is bounded too: it retries for about 9 s when no controller answers.
queue() { timeout 15 squeue -h "$@"; }
wait_for_jobs() {  # until no job is left in the queue (4 minutes at most)
  local deadline=$((SECONDS + 240))
  while ((SECONDS < deadline)); do
    [ -z "$(queue)" ] && return
    sleep 0.1
  done
  queue
  fail "jobs still queued after 4 minutes"
}

start=$SECONDS
touch hold
bash -c "$recipe"
# Share 7 is part-way once its checkpoint holds a batch of the 17x17 board.
deadline=$((SECONDS + 90))
while ((SECONDS < deadline)); do
  grep -q '^done 2 ' share-7.ckpt 2>/dev/null && break
  sleep 0.1
done
grep -q '^done 2 ' share-7.ckpt || fail "share 7 saved no unit of board 2: $(cat share-7.log 2>/dev/null)"
task=$(queue -r -t RUNNING -o '%i' | grep '_7$') || fail "share 7 is not running: $(queue)"
scontrol requeue "$task"
rm hold
# Slurm holds a requeued job for 2 minutes: once the task's first run has
# ended (its processes gone, its credential revoked for good), the test
# lets it start 3 s later instead. Sooner, slurmd may refuse to start it
# ("Job credential revoked") and the task fails.
deadline=$((SECONDS + 60))
while ((SECONDS < deadline)); do
  [ "$(queue -r -j "$task" -o %T)" = PENDING ] && ! pgrep -f -- '--part=7/10 ' >/dev/null && break
  sleep 0.1
done
scontrol update JobId="$task" StartTime=now+3
echo "scontrol requeue $task at $((SECONDS - start)) s (share 7, part-way: $(grep -c '^done 2 ' share-7.ckpt) batch(es) of board 2 saved)"
wait_for_jobs
# The stop line says what was saved, and the run after the requeue resumes
# exactly that: the boards counted, and the units of the board it was on.
# (In a full ctest -j2, the requeue's SIGCONT has let share 7 finish board 2
# before the SIGTERM came, twice in 3 runs: it then stops between boards,
# and resumes with the boards it counted.)
stop=$(grep -o "stopped by SIGTERM: [0-9]* boards\{0,1\} counted\(, and [0-9]* of the [0-9]* units of board [0-9]*\)\{0,1\}" share-7.log) ||
  fail "share 7 did not save and stop on SIGTERM: $(cat share-7.log)"
counted=$(echo "$stop" | awk '{ print $4 }') saved=0 board=none
if [[ $stop == *units* ]]; then
  read -r saved board < <(echo "$stop" | awk '{ print $8, $NF }')
  grep -q "^note: checkpoint share-7.ckpt: board $board resumes with $saved of its [0-9]* units done" share-7.log ||
    fail "share 7 did not resume what it saved ($stop): $(cat share-7.log)"
fi
[ "$(grep -c "counted before: read from the checkpoint" share-7.log)" = "$counted" ] ||
  fail "share 7 did not read its $counted boards back: $(cat share-7.log)"
echo "share-7.log, both runs:"
sed 's/^/    /' share-7.log
cmp -s counts.txt whole.txt || fail "counts.txt: $(paste -sd' ' counts.txt); a whole run: $(paste -sd' ' whole.txt)"
echo "counts.txt is what a whole run prints: $(paste -sd' ' counts.txt) ($((SECONDS - start)) s)"
echo "share 7: $stop; then it read back $counted board(s) and resumed $saved units of board $board"
