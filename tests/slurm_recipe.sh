#!/usr/bin/env bash
# The Slurm recipe, run as written on a one-node Slurm (issue 22):
#   slurm_cluster.sh slurm_recipe.sh QUEENS docs/options.md
#  1. Whole: the <!-- slurm-recipe --> block, run from a folder that holds
#     build/queens and boards.txt, leaves counts.txt equal to a whole run.
#  2. Interrupted: share 7 is cancelled (scancel) while it runs. The summing
#     job runs anyway and its log names exactly share 7 as missing; the
#     <!-- slurm-resume --> block resubmits share 7 alone, and the second
#     merge gives the whole counts.
#  3. Threads: a task given one CPU counts on one thread, given two on two.
# To cancel share 7 while it runs, build/queens is the program under test
# behind a wrapper that holds share 7 of 100 while the file `hold` exists.
set -euo pipefail
solution=$1 readme=$2
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAILED: $*" >&2; exit 1; }
[ -n "${SLURM_CONF:-}" ] || fail "run it under slurm_cluster.sh"
recipe=$("$here/readme_block.sh" "$readme" slurm-recipe)
resume=$("$here/readme_block.sh" "$readme" slurm-resume)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
mkdir build
cat >build/queens <<EOF
#!/bin/bash
if [ -e "$work/hold" ] && [[ " \$* " == *" --part=7/100 "* ]]; then sleep 300; fi
exec "$solution" "\$@"
EOF
chmod +x build/queens
"$here/recipe_boards.sh" 17 >boards.txt
"$solution" <boards.txt >whole.txt
[ "$(sed -n 2p whole.txt)" = 95815104 ] || fail "a whole run counts $(sed -n 2p whole.txt) for the empty 17x17 board"

# Each wait below has a deadline in seconds, so that a stuck step fails
# with its reason within CTest's 600 s. squeue is bounded too: it retries
# for about 9 s when no controller answers.
queue() { timeout 15 squeue -h "$@"; }
wait_for_jobs() {  # until no job is left in the queue (2 minutes at most)
  local deadline=$((SECONDS + 120))
  while ((SECONDS < deadline)); do
    [ -z "$(queue)" ] && return
    sleep 0.1
  done
  queue
  fail "jobs still queued after 2 minutes"
}

start=$SECONDS
echo "== the slurm-recipe block, as written"
bash -c "$recipe"
wait_for_jobs
cmp -s counts.txt whole.txt || fail "counts.txt: $(cat counts.txt); a whole run: $(cat whole.txt)"
echo "counts.txt is what a whole run prints: $(paste -sd' ' counts.txt) ($((SECONDS - start)) s)"
grep -q "share 1 of 100, join, .* 2 threads" share-1.log ||
  fail "share 1 did not count the 17x17 boards on 2 threads: $(cat share-1.log)"
echo "share 1's --stats, from share-1.log:"
sed 's/^/    /' share-1.log

echo "== share 7 cancelled while it runs"
rm -f share-* counts.txt merge.log
touch hold
bash -c "$recipe"
deadline=$((SECONDS + 60))
while ((SECONDS < deadline)); do
  task=$(queue -r -t RUNNING -o '%i' | grep '_7$' || true)
  [ -n "$task" ] && break
  sleep 0.1
done
[ -n "$task" ] || fail "share 7 never ran"
scancel "$task"
echo "scancel $task (share 7, running)"
wait_for_jobs
[ ! -s counts.txt ] || fail "the merge wrote counts.txt with share 7 cancelled: $(cat counts.txt)"
grep -qxF "error: 1 of 100 shares missing: 7" merge.log || fail "merge.log: $(cat merge.log)"
echo "merge.log:"
sed 's/^/    /' merge.log

echo "== the slurm-resume block, as written"
rm hold
touch before-resume
sleep 1  # a second, so that every share log the resume writes is newer
bash -c "$resume"
wait_for_jobs
rerun=$(find . -name 'share-*.log' -newer before-resume | sort)
[ "$rerun" = ./share-7.log ] || fail "the resume ran other shares than 7: $rerun"
cmp -s counts.txt whole.txt || fail "after the resume, counts.txt: $(cat counts.txt)"
echo "it ran share 7 alone, and counts.txt is what a whole run prints: $(paste -sd' ' counts.txt)"

echo "== threads follow --cpus-per-task"
printf '................\n%.0s' {1..16} >empty16.txt
for cpus in 1 2; do
  sbatch --quiet --cpus-per-task=$cpus --output=threads-$cpus.log \
    --wrap "$solution --stats < empty16.txt"
done
wait_for_jobs
grep -q "16x16, join, .* 1 thread," threads-1.log || fail "--cpus-per-task=1: $(cat threads-1.log)"
grep -q "16x16, join, .* 2 threads," threads-2.log || fail "--cpus-per-task=2: $(cat threads-2.log)"
echo "--cpus-per-task=1: $(grep thread threads-1.log)"
echo "--cpus-per-task=2: $(grep thread threads-2.log)"
echo "the Slurm tests took $((SECONDS - start)) s"
