#!/usr/bin/env bash
# A count that moves between a GPU node and a CPU node. The GPU engine
# counts the row search's units, so a checkpoint begun on the device, cut
# short by the device failing (the OpenCL stand-in, preloaded), finishes
# where no device is found (an ICD folder with no driver), with the same
# command; one begun by the row search on the CPU finishes on the device;
# and a share counted on the device merges with one counted on the CPU.
#   tests/gpu_moves.sh QUEENS STAND_IN.so
set -u
queens=$1 standIn=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/no-drivers"
failures=0
fail() { echo "FAILED: $*"; failures=$((failures + 1)); }
for ((r = 0; r < 15; ++r)); do printf '%.15s\n' "..............."; done >"$work/board.txt"
expected=2279184  # the empty 15x15 board, A000170
gpu=(--method=gpu --memory=1M --checkpoint="$work/run.ckpt" --checkpoint-every=1 "$work/board.txt")
# Begun on the device, which fails part-way; finished with no device.
ASAN_OPTIONS=verify_asan_link_order=0 LD_PRELOAD=$standIn QUEENS_FAIL_LAUNCH=450 \
  "$queens" "${gpu[@]}" >/dev/null 2>&1
OCL_ICD_VENDORS=$work/no-drivers "$queens" --stats "${gpu[@]}" >"$work/out" 2>"$work/err"
[ "$(cat "$work/out")" = $expected ] || fail "on the CPU: '$(cat "$work/out")', $(cat "$work/err")"
grep -q "why: 15x15, 0 reserved: the units the checkpoint recorded, cut by symmetry-rows" "$work/err" ||
  fail "--stats does not say the checkpoint's units were counted: $(cat "$work/err")"
echo "begun on the device, finished on the CPU: $(grep -o 'resumes with [0-9]* of its [0-9]* units done' "$work/err")"
# Begun on the CPU by the row search (the empty 16x16 board, 3 s on one
# thread), stopped after its first batch, finished on the device.
for ((r = 0; r < 16; ++r)); do printf '%.16s\n' "................"; done >"$work/board16.txt"
rm -f "$work/run.ckpt"
rows=(--method=symmetry-rows --threads=1 --checkpoint="$work/run.ckpt" --checkpoint-every=1)
OCL_ICD_VENDORS=$work/no-drivers "$queens" "${rows[@]}" "$work/board16.txt" >/dev/null 2>&1 &
pid=$!
for ((i = 0; i < 200; ++i)); do grep -q '^done ' "$work/run.ckpt" 2>/dev/null && break; sleep 0.05; done
kill -TERM $pid 2>/dev/null
wait $pid
"$queens" --method=gpu --checkpoint="$work/run.ckpt" "$work/board16.txt" >"$work/out" 2>"$work/err"
[ "$(cat "$work/out")" = 14772512 ] || fail "back on the device: '$(cat "$work/out")', $(cat "$work/err")"
grep -q 'resumes with [0-9]* of its [0-9]* units done' "$work/err" ||
  fail "the device did not resume the CPU's units: $(cat "$work/err")"
echo "begun on the CPU, finished on the device: $(grep -o 'resumes with [0-9]* of its [0-9]* units done' "$work/err")"
# Shares: one on the device, one on the CPU by the same units' method.
"$queens" --method=gpu --part=1/2 "$work/board.txt" >"$work/a.share"
OCL_ICD_VENDORS=$work/no-drivers "$queens" --method=symmetry-rows --part=2/2 "$work/board.txt" >"$work/b.share"
merged=$("$queens" --merge "$work/a.share" "$work/b.share" 2>&1)
[ "$merged" = $expected ] || fail "a device's share and a CPU's merged to '$merged'"
[ $failures -eq 0 ] && echo "ok: the GPU's units move between the device and the CPU" || exit 1
