#!/usr/bin/env bash
# A count that moves between a GPU node and a CPU node. The device's row
# search counts the row search's units, and its join the join's, so a
# checkpoint begun on the device, cut short by the device failing (the
# OpenCL stand-in, preloaded), finishes where no device is found (an ICD
# folder with no driver), with the same command; one begun on the CPU
# finishes on the device; and a share counted on the device merges with
# one counted on the CPU. Each for both engines.
#   tests/gpu_moves.sh QUEENS STAND_IN.so
set -u
queens=$1 standIn=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$(dirname "$0")/gpu_device_or_skip.sh" "$queens" || exit $?
mkdir "$work/no-drivers"
failures=0
fail() { echo "FAILED: $*"; failures=$((failures + 1)); }
for ((r = 0; r < 15; ++r)); do printf '%.15s\n' "..............."; done >"$work/board.txt"
expected=2279184  # the empty 15x15 board, A000170
gpu=(--method=gpu-rows --memory=1M --checkpoint="$work/run.ckpt" --checkpoint-every=1 "$work/board.txt")
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
"$queens" --method=gpu-rows --part=1/2 "$work/board.txt" >"$work/a.share"
OCL_ICD_VENDORS=$work/no-drivers "$queens" --method=symmetry-rows --part=2/2 "$work/board.txt" >"$work/b.share"
merged=$("$queens" --merge "$work/a.share" "$work/b.share" 2>&1)
[ "$merged" = $expected ] || fail "a device's share and a CPU's merged to '$merged'"
# The join: begun on the device (its flights in 2 MiB), which fails part-way,
# finished by the CPU's join; begun by the CPU's join and stopped, finished
# on the device; a share of each merged.
expected16=14772512
join=(--method=gpu-join --memory=16M --checkpoint="$work/join.ckpt" --checkpoint-every=1 "$work/board16.txt")
ASAN_OPTIONS=verify_asan_link_order=0 LD_PRELOAD=$standIn QUEENS_FAIL_LAUNCH=600 \
  "$queens" "${join[@]}" >/dev/null 2>"$work/err"
grep -q "the OpenCL device failed" "$work/err" || fail "the device's join did not fail: $(cat "$work/err")"
OCL_ICD_VENDORS=$work/no-drivers "$queens" --stats "${join[@]}" >"$work/out" 2>"$work/err"
[ "$(cat "$work/out")" = $expected16 ] || fail "the join on the CPU: '$(cat "$work/out")', $(cat "$work/err")"
grep -q "board 1: 16x16, join, " "$work/err" || fail "the CPU did not join: $(cat "$work/err")"
echo "the join begun on the device, finished on the CPU: $(grep -o 'resumes with [0-9]* of its [0-9]* units done' "$work/err")"
rm -f "$work/join.ckpt"
OCL_ICD_VENDORS=$work/no-drivers "$queens" --method=join --threads=1 --checkpoint="$work/join.ckpt" \
  --part=1/3 "$work/board16.txt" >"$work/c.share" 2>/dev/null
"$queens" --method=gpu --stats --checkpoint="$work/join.ckpt" --part=1/3 "$work/board16.txt" \
  >"$work/d.share" 2>"$work/err"
cmp -s "$work/c.share" "$work/d.share" || fail "a share's checkpoint done on the CPU, read on the device: $(cat "$work/err")"
"$queens" --method=gpu-join --part=2/3 "$work/board16.txt" >"$work/e.share"
OCL_ICD_VENDORS=$work/no-drivers "$queens" --method=join --part=3/3 "$work/board16.txt" >"$work/f.share"
merged=$("$queens" --merge "$work/c.share" "$work/e.share" "$work/f.share" 2>&1)
[ "$merged" = $expected16 ] || fail "the join's shares of the device and the CPU merged to '$merged'"
echo "the join's shares: one of the CPU's and one of the device's merge with a third"
[ $failures -eq 0 ] && echo "ok: the GPU's units move between the device and the CPU" || exit 1
