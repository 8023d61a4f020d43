#!/usr/bin/env bash
# The Kubernetes indexed job (<!-- kubernetes-recipe -->), run as
# the kubelet would run it (issue 22): its `args` command line, once for
# each JOB_COMPLETION_INDEX from 0 to completions - 1, with `sh -c` in the
# job's working folder (the volume: queens and boards.txt); then --merge.
#   kubernetes_recipe.sh QUEENS docs/options.md
set -euo pipefail
solution=$1 readme=$2
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAILED: $*" >&2; exit 1; }
job=$("$here/readme_block.sh" "$readme" kubernetes-recipe)
command=$(echo "$job" | awk '/^ *args:/ { getline; sub(/^ *- /, ""); print; exit }')
completions=$(echo "$job" | awk '$1 == "completions:" { print $2 }')
[ -n "$command" ] && [ -n "$completions" ] || fail "no args line or completions in the block"
echo "completions: $completions; each pod runs: sh -c '$command'"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
ln -s "$solution" queens
"$here/recipe_boards.sh" 14 >boards.txt
./queens <boards.txt >whole.txt
[ "$(sed -n 2p whole.txt)" = 365596 ] || fail "a whole run counts $(sed -n 2p whole.txt) for the empty 14x14 board"
for ((index = 0; index < completions; ++index)); do
  JOB_COMPLETION_INDEX=$index sh -c "$command" || fail "index $index exited with $?"
done
./queens --merge share-*.txt >counts.txt || fail "the merge refused the shares"
cmp -s counts.txt whole.txt || fail "counts.txt: $(cat counts.txt); a whole run: $(cat whole.txt)"
echo "$completions pods' shares merge to what a whole run prints: $(paste -sd' ' counts.txt)"
rm share-3.txt
status=0
./queens --merge share-*.txt >/dev/null 2>merge.err || status=$?
[ $status = 1 ] && grep -qxF "error: 1 of $completions shares missing: 3" merge.err ||
  fail "with index 2's share lost, the merge says: $(cat merge.err)"
echo "with index 2's share lost: $(cat merge.err)"
