#!/usr/bin/env bash
# The GNU parallel recipe (<!-- parallel-recipe -->), run as
# written, killed part-way and run again (issue 19):
#   parallel_resume.sh QUEENS docs/options.md
#  1. The recipe starts in a folder that holds boards.txt and build/queens.
#  2. Once 3 shares have finished, parallel and the share it is counting
#     are killed (SIGKILL, as when a machine goes down).
#  3. --merge refuses the shares so far and names every share not finished.
#  4. The recipe, run again as written, runs only those shares (the joblog
#     ends with each share once) and leaves counts.txt equal to a whole run.
# Exits 77 (CTest's "skipped") when GNU parallel is not installed.
set -euo pipefail
solution=$1 readme=$2
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAILED: $*" >&2; exit 1; }
if ! command -v parallel >/dev/null; then
  echo "GNU parallel is not installed (Debian: parallel); skipped"
  exit 77
fi
recipe=$("$here/readme_block.sh" "$readme" parallel-recipe)
work=$(mktemp -d)
trap 'kill -KILL -- -$group 2>/dev/null || true; rm -rf "$work"' EXIT
group=
cd "$work"
mkdir build && ln -s "$solution" build/queens
"$here/recipe_boards.sh" 17 >boards.txt
"$solution" <boards.txt >whole.txt
[ "$(sed -n 2p whole.txt)" = 95815104 ] || fail "the whole run counts $(sed -n 2p whole.txt) for the empty 17x17 board"
echo "the recipe: $recipe"

# Its own process group, so that one kill takes parallel and its shares.
setsid bash -c "$recipe" >/dev/null 2>&1 &
group=$!
# Kill once 3 shares have finished and the next one is counting: its file
# is open, and more share files exist than the log has finished shares.
for ((tries = 0; tries < 6000; ++tries)); do  # at most 60 s
  logged=$( (tail -n +2 shares.log 2>/dev/null || true) | wc -l)
  [ "$logged" -ge 3 ] && [ "$(ls share-*.txt 2>/dev/null | wc -l)" -gt "$logged" ] && break
  sleep 0.01
done
kill -KILL -- -$group
wait $group 2>/dev/null || true
group=
finished=$(tail -n +2 shares.log | wc -l)
[ "$finished" -lt 16 ] || fail "all 16 shares finished before the kill; nothing to resume"
[ ! -e counts.txt ] || fail "counts.txt was written by an interrupted run"
echo "killed after $finished of 16 shares"

status=0
"$solution" --merge share-*.txt >/dev/null 2>merge.err || status=$?
sed 's/^/    /' merge.err
[ $status = 1 ] || fail "--merge of an interrupted run exited with $status"
done_shares=$(tail -n +2 shares.log | cut -f 9 | sed 's|.*--part=\([0-9]*\)/16.*|\1|' | sort)
not_logged=$(seq 16 | grep -vxF "$done_shares" | sort)
named=$(sed -n 's/^error: [0-9]* of 16 shares missing: //p' merge.err | tr , '\n' | sort)
count=$(sed -n 's/^error: \([0-9]*\) of 16 shares missing: .*/\1/p' merge.err)
[ -n "$named" ] && [ "$count" = "$(grep -c . <<<"$named")" ] ||
  fail "--merge does not say how many shares are missing, and which"
# --merge names the shares that the joblog has not finished; all of them
# but the one that may have finished in the instant before the kill (its
# file whole, its joblog line not yet written: the rerun counts it again).
logged_named=$(comm -13 <(echo "$not_logged") <(echo "$named") | paste -sd, -)
[ -z "$logged_named" ] || fail "--merge calls missing the shares that finished: $logged_named"
unnamed=$(comm -23 <(echo "$not_logged") <(echo "$named") | paste -sd, -)
[ "$(tr , '\n' <<<"$unnamed" | grep -c .)" -le 1 ] ||
  fail "--merge does not name the shares not finished: $unnamed"

bash -c "$recipe" || fail "the recipe, run again, failed"
[ "$(tail -n +2 shares.log | wc -l)" = 16 ] || fail "the joblog has $(tail -n +2 shares.log | wc -l) shares, not 16 once each"
cmp -s counts.txt whole.txt || fail "counts.txt: $(cat counts.txt); a whole run: $(cat whole.txt)"
echo "run again: the $((16 - finished)) shares left ran, the $finished finished were kept;"
echo "counts.txt is what a whole run prints: $(paste -sd' ' counts.txt)"
