#!/usr/bin/env bash
# The recipes for the published instance formats, run as written:
# the <!-- essence-recipe --> block on an Essence' parameter file and the
# <!-- json-recipe --> block on a JSON file, both written here. Each is the
# statement's sample (squares (3,3), (6,6), (6,7) and (7,4) blocked, counted
# from 1), laid out as the published files are, over several lines; the
# board must be the sample's, and its count 65.
#   format_recipes.sh SOLUTION docs/options.md
set -euo pipefail
solution=$(realpath "$1")
readme=$(realpath "$2")
here=$(dirname "$(realpath "$0")")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
printf '%s\n' '........' '........' '..*.....' '........' '........' '.....**.' '...*....' \
  '........' >sample.txt
printf 'letting n = 8\nletting blocks = [[3,3],\n[6,6],\n[6,7],\n[7,4]]\n' >instance.param
printf '{\n  "n": 8,\n  "blocks": [\n    [2, 2],\n    [5, 5],\n    [5, 6],\n    [6, 3]\n  ]\n}\n' \
  >instance.json
for form in essence json; do
  rm -f board.txt
  bash -c "$("$here/readme_block.sh" "$readme" "$form-recipe")"
  if ! cmp -s board.txt sample.txt; then
    echo "FAIL: the $form recipe made this board, not the sample:" >&2
    cat board.txt >&2
    exit 1
  fi
  count=$("$solution" <board.txt)
  [ "$count" = 65 ] || { echo "FAIL: the $form recipe's board counts $count, not 65" >&2; exit 1; }
  echo "the $form recipe turns instance.${form/essence/param} into the sample board, which counts 65"
done
