#!/usr/bin/env bash
# The layers of src/ (src/CMakeLists.txt): each sees its own folder and
# those of the layers below it, and nothing above. Checks every layer's view
# (the include path its code compiles with) against the table below, which
# README.md draws, and plants an include that reaches upward, which the
# compiler must refuse, beside one that reaches down, which it must take.
#   layers_refuse_upward.sh CXX BUILD_SRC_DIR
set -euo pipefail
cxx=$1 layers=$2/layers
declare -A sees=(
  [judge]="judge"
  [work]="judge work"
  [engines]="engines judge work"
  [lasts]="judge lasts work"
  [run]="engines judge lasts run work"
  [faces]="engines faces judge lasts run work"
)
status=0
for layer in "${!sees[@]}"; do
  seen=$(ls "$layers/$layer" | sort | tr '\n' ' ' | sed 's/ $//')
  if [ "$seen" != "${sees[$layer]}" ]; then
    echo "FAILED: $layer sees '$seen', expected '${sees[$layer]}'"
    status=1
  fi
done
# compiles LAYER TEXT: whether TEXT compiles through LAYER's view.
compiles() { printf '%s\n' "$2" | "$cxx" -std=c++17 -fsyntax-only -I "$layers/$1" -x c++ - 2>"$errors"; }
errors=$(mktemp)
trap 'rm -f "$errors"' EXIT
if ! compiles lasts '#include "lasts/checkpoint.hpp"'; then
  echo "FAILED: the checkpoint does not compile through its own layer's view:"; cat "$errors"; status=1
fi
if compiles lasts '#include "run/plan.hpp"'; then
  echo "FAILED: the lasts layer reached the run layer above it"; status=1
else
  echo "refused, as it must be: $(grep -m 1 'error' "$errors")"
fi
if compiles engines '#include "lasts/shares.hpp"'; then
  echo "FAILED: the engines reached the lasts layer, which is not below them"; status=1
fi
exit $status
