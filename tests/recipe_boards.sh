#!/usr/bin/env bash
# The boards that the recipe tests count: the CSES sample (65), the empty
# NxN board (OEIS A000170) and the NxN board with two opposite corners
# reserved.
#   recipe_boards.sh N > boards.txt
set -euo pipefail
n=$1
row=$(printf "%${n}s" "" | tr ' ' .)
cat "$(dirname "$0")/cases/sample.in"
echo
for ((r = 0; r < n; ++r)); do echo "$row"; done
echo
echo "*${row:1}"
for ((r = 2; r < n; ++r)); do echo "$row"; done
echo "${row:1}*"
