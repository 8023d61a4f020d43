#!/usr/bin/env bash
# The bundle check fails on a solution.cpp that does not read in order. On
# copies of src/judge/, it plants each defect once and expects the bundler
# to refuse it, naming it: two banners with no code between them, and a map
# whose sections are not in the file's order. The parts as they are must
# bundle, so that a failure here is the planted defect's.
#   bundle_refuses_disorder.sh BUNDLE JUDGE_DIR
set -euo pipefail
bundle=$1 judge=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0

# plant NAME EXPECTED SCRIPT: runs SCRIPT in a fresh copy, then the bundler,
# which must fail with EXPECTED in its message.
plant() {
  local name=$1 expected=$2 script=$3
  rm -rf "$work/judge" && cp -r "$judge" "$work/judge"
  (cd "$work/judge" && eval "$script")
  if "$bundle" "$work/judge/main.cpp" "$work/out.cpp" 2>"$work/err.txt"; then
    echo "FAILED: $name: the bundler accepted it"
    status=1
  elif ! grep -qF -- "$expected" "$work/err.txt"; then
    echo "FAILED: $name: the bundler refused it for another reason:"
    cat "$work/err.txt"
    status=1
  else
    echo "refused, $name: $(head -n 1 "$work/err.txt")"
  fi
}

if ! "$bundle" "$judge/main.cpp" "$work/out.cpp"; then
  echo "FAILED: the parts as they are do not bundle"
  exit 1
fi
# A second banner right under the output's own: no code between them.
plant "two banners with no code between" "with no code between them" \
  "sed -i '1a // ===== 4b. Formatting ====================================================' output.hpp"
# The map lists the reader after the output, while the file has it before.
plant "a map out of the file's order" "not the map's sections in its order" \
  "sed -i -e 's/^ \*   3\. The reader: BoardReader$/@@/' -e 's/^\( \*   \)4\. Counts out\(.*\)$/\13. Counts out\2/' -e 's/^@@$/ *   4. The reader: BoardReader/' main.cpp"
exit $status
