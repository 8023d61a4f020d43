#!/usr/bin/env bash
# Every ```console block of README.md and docs/*.md is a test: each line
# that starts with "$ " is run by bash from the project's root, and what it
# prints (stdout and stderr, in the order a terminal shows them) must equal
# the lines that follow it, up to the next "$ " line or the end of the
# block. A time such as "4.597 ms" matches any time. A block right after a
# line "<!-- console: skip REASON -->" is not run.
#   readme_examples.sh SOLUTION QUEENS PROJECT_ROOT
set -euo pipefail
solution=$(realpath "$1") queens=$(realpath "$2") root=$(realpath "$3")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A copy of the root's layout whose build/ holds the binaries under test,
# so that the examples' ./build/solution and ./build/queens run them
# whatever the build folder.
for entry in "$root"/* "$root"/.[!.]*; do
  [ "$(basename "$entry")" = build ] || ln -s "$entry" "$work/$(basename "$entry")"
done
mkdir "$work/build"
ln -s "$solution" "$work/build/solution"
ln -s "$queens" "$work/build/queens"

# Splits the blocks into numbered files: N.cmd holds one command, N.want the
# lines that follow it; N.where says where it stands.
pages=0
for page in README.md $(cd "$root" && echo docs/*.md); do
  pages=$((pages + 1))
  awk -v dir="$work" -v page="$page" -v prefix="$pages" '
    /^<!-- console: skip/ { skip = 1; next }
    /^```console$/ { inside = !skip; skip = 0; next }
    /^```/ { inside = 0; skip = 0; next }
    !inside && !/^[ \t]*$/ { skip = 0 }  # a marker skips only the block right after it
    inside && /^\$ / {
      n = sprintf("%s-%04d", prefix, ++count)
      printf "%s\n", substr($0, 3) > (dir "/" n ".cmd")
      printf "%s line %d", page, NR > (dir "/" n ".where")
      printf "" > (dir "/" n ".want")
      next
    }
    inside && n { print >> (dir "/" n ".want") }
  ' "$root/$page"
done

normalize() { sed -E 's/[0-9]+\.[0-9]+ ms/<time> ms/g'; }
# stdbuf preloads a library; g++'s AddressSanitizer wants to come first.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
failed=0 count=0
for cmd in "$work"/*.cmd; do
  [ -e "$cmd" ] || break
  n=$(basename "$cmd" .cmd)
  count=$((count + 1))
  # stdbuf: the program's stdout is line-buffered, as on a terminal.
  (cd "$work" && stdbuf -oL bash -c "$(cat "$cmd")" 2>&1 || true) | normalize >"$work/$n.got"
  if ! normalize <"$work/$n.want" | diff -u - "$work/$n.got" >"$work/$n.diff"; then
    echo "FAILED: $(cat "$work/$n.where"): \$ $(cat "$cmd")"
    sed 's/^/  /' "$work/$n.diff"
    failed=$((failed + 1))
  fi
done
[ "$count" -gt 0 ] || { echo "FAILED: no console example in README.md or docs/"; exit 1; }
echo "$((count - failed)) of $count console commands in README.md and docs/ print what they show"
[ "$failed" -eq 0 ]
