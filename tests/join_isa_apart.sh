#!/usr/bin/env bash
# The join's counter is compiled once per instruction set (src/CMakeLists.txt),
# its code private to each compile (engines/join/join_blocks.hpp says why). Were a
# shared inline function compiled with AVX flags, the linker might keep that
# copy for the whole program, and a CPU without AVX would fault. This reads
# the program's machine code: AVX instructions (VEX or EVEX, mnemonics that
# begin with v) may stand only in the join's private functions (in the
# unnamed namespace) and in its entry points (countJoinOn).
#   join_isa_apart.sh PROGRAM
set -euo pipefail
program=$1
if [ "$(uname -m)" != x86_64 ] || ! command -v objdump >/dev/null; then
  echo "skipped: needs x86-64 and objdump"
  exit 77
fi
report=$(objdump -d -C --no-show-raw-insn "$program" | awk '
  /^[0-9a-f]+ <.*>:$/ {
    name = $0; sub(/^[0-9a-f]+ </, "", name); sub(/>:$/, "", name)
    private = name ~ /\(anonymous namespace\)/ || name ~ /countJoinOn</
    if (!private) shared++
    next
  }
  !private && $2 ~ /^v/ && !(name in seen) { seen[name] = $2; print name " (" $2 ")" }
  END { print shared " shared functions read" > "/dev/stderr" }')
private=$(objdump -d -C --no-show-raw-insn "$program" | awk '
  /^[0-9a-f]+ <.*>:$/ { private = $0 ~ /\(anonymous namespace\)|countJoinOn</; next }
  private && $2 ~ /^v/ { n++ } END { print n + 0 }')
echo "AVX instructions in the join's own functions: $private"
if [ "$private" -eq 0 ]; then
  echo "FAIL: no AVX instruction at all: the join was not compiled per instruction set"
  exit 1
fi
if [ -n "$report" ]; then
  echo "FAIL: AVX instructions in functions the whole program shares:"
  echo "$report"
  exit 1
fi
echo "ok: no AVX instruction outside the join's own functions"
