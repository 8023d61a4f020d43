#!/usr/bin/env bash
# The GNU parallel recipe over ssh (<!-- parallel-ssh-recipe -->),
# run as written on two stand-in machines (issue 22):
#   parallel_over_ssh.sh QUEENS docs/options.md
# PARALLEL_SSH points at a stand-in for ssh that runs each host's commands
# in a folder of its own, with HOME there, as a login on another machine
# would; rsync moves the files as it would over ssh. Three runs:
#  1. as written: counts.txt is what a whole run prints;
#  2. one share fails (its program exits 1): parallel exits non-zero, and
#     nothing is merged;
#  3. one share is cut short but its job succeeds: the merge in the block
#     refuses it, and no count is written.
# Exits 77 (CTest's "skipped") when GNU parallel or rsync is not installed.
set -euo pipefail
solution=$1 readme=$2
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAILED: $*" >&2; exit 1; }
for tool in parallel rsync; do
  if ! command -v $tool >/dev/null; then
    echo "$tool is not installed (Debian: $tool); skipped"
    exit 77
  fi
done
recipe=$("$here/readme_block.sh" "$readme" parallel-ssh-recipe)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Every machine's ~/queens/build/queens: the program under test, behind a
# wrapper that plants the fault named in $work/fault, if any, on share 5.
mkdir -p "$work/hosts/alpha" "$work/hosts/beta" "$work/hosts/local" "$work/project/build"
cat >"$work/solution" <<EOF
#!/bin/bash
if [[ " \$* " == *" --part=5/64 "* ]]; then
  case \$(cat "$work/fault" 2>/dev/null) in
    exit) exit 1 ;;
    cut) "$solution" "\$@" | head -n 1; exit 0 ;;
  esac
fi
exec "$solution" "\$@"
EOF
chmod +x "$work/solution"
for home in alpha beta local; do
  mkdir -p "$work/hosts/$home/queens/build"
  ln -s "$work/solution" "$work/hosts/$home/queens/build/queens"
done
ln -s "$solution" "$work/project/build/queens"
cat >"$work/ssh" <<EOF
#!/bin/bash
# ssh [OPTION...] HOST [--] COMMAND...: runs COMMAND in HOST's folder, with
# the HOME and SHELL that sshd sets for a login (parallel's remote side runs
# each job with \$SHELL, so it must not depend on the caller having one).
while [[ \$# -gt 0 && \$1 == -* ]]; do
  case \$1 in -l | -p | -o | -i | -F) shift 2 ;; *) shift ;; esac
done
host=\$1
shift
[[ \${1:-} == -- ]] && shift
[ -d "$work/hosts/\$host" ] || { echo "ssh: \$host: no such host" >&2; exit 255; }
cd "$work/hosts/\$host" && HOME=\$PWD SHELL=/bin/bash exec bash -c "\$*"
EOF
chmod +x "$work/ssh"
export PARALLEL_SSH=$work/ssh HOME=$work/hosts/local

cd "$work/project"
"$here/recipe_boards.sh" 14 >boards.txt
./build/queens <boards.txt >whole.txt
[ "$(sed -n 2p whole.txt)" = 365596 ] || fail "a whole run counts $(sed -n 2p whole.txt) for the empty 14x14 board"

run_recipe() {  # FAULT: runs the block in a clean project folder; its status
  echo "$1" >"$work/fault"
  rm -f share-*.txt counts.txt
  local status=0
  bash -c "$recipe" >recipe.out 2>&1 || status=$?
  return $status
}

run_recipe none || fail "the recipe failed: $(cat recipe.out)"
cmp -s counts.txt whole.txt || fail "counts.txt: $(cat counts.txt); a whole run: $(cat whole.txt)"
for host in alpha beta; do
  [ -z "$(ls ../hosts/$host | grep -v queens)" ] || fail "$host kept files: $(ls ../hosts/$host)"
done
echo "as written: counts.txt is what a whole run prints: $(paste -sd' ' counts.txt);"
echo "  boards.txt and the shares were removed from alpha and beta"

status=0
run_recipe exit || status=$?
[ $status != 0 ] || fail "with share 5 failing, the recipe exited 0"
[ ! -e counts.txt ] || fail "with share 5 failing, the recipe wrote counts.txt: $(cat counts.txt)"
echo "share 5 fails: the recipe exits with $status and merges nothing"

status=0
run_recipe cut || status=$?
[ $status = 1 ] || fail "with share 5 cut short, the recipe exited with $status: $(cat recipe.out)"
[ ! -s counts.txt ] || fail "with share 5 cut short, counts.txt holds $(cat counts.txt)"
grep -qF "share-5.txt: share 5/64: only 0 of its 3 counts" recipe.out || fail "$(cat recipe.out)"
echo "share 5 cut short, its job a success: the merge refuses it, counts.txt is empty:"
sed 's/^/    /' recipe.out
