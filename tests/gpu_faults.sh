#!/usr/bin/env bash
# A device that fails or hangs partway through a checkpointed count,
# through the whole program: the OpenCL stand-in (faults/opencl_stand_in.cpp,
# preloaded) fails the k-th kernel launch and every one after it, or never
# finishes it and all queued after it. The run must say so on stderr and
# exit 1 (a hung device once its deadline passes, here --device-timeout=2);
# the same command run again, on the device that works, must print the exact
# counts from what the checkpoint saved. A stop while the device hangs ends
# at once, and the rerun is exact too. Both of the device's engines: the
# row search (gpu-rows) and the join (gpu-join, whose flights run three
# kernels each).
#   tests/gpu_faults.sh QUEENS STAND_IN.so
set -u
queens=$1 standIn=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$(dirname "$0")/gpu_device_or_skip.sh" "$queens" || exit $?
failures=0
fail() { echo "FAILED: $*"; failures=$((failures + 1)); }
# Two boards: the first counted before the fault, the second cut into
# batches (or flights) by the small --memory, so the fault falls between
# its units.
{ "$queens" --list --empty=12 | head -n 12; echo; } >"$work/boards.txt"
for ((r = 0; r < 15; ++r)); do printf '%.15s\n' "..............."; done >>"$work/boards.txt"
expected=$'1\n2279184'
faults() {  # FAULT METHOD MEMORY LAUNCH...
  local fault=$1 method=$2 memory=$3
  shift 3
  local command=(--method="$method" --memory="$memory" --checkpoint="$work/run.ckpt"
    --checkpoint-every=1 "$work/boards.txt")
  local said='^error: board [12] ([0-9x]*): the OpenCL device failed' deadline=()
  if [ "$fault" = STALL ]; then
    said='^error: board [12] ([0-9x]*): the OpenCL device did not finish .* within [0-9]* s (--device-timeout=2, .*: it seems hung'
    deadline=(--device-timeout=2)
  fi
  for failAt in "$@"; do
    rm -f "$work/run.ckpt"
    timeout 120 env LD_PRELOAD="$standIn" "QUEENS_${fault}_LAUNCH=$failAt" "$queens" "${command[@]}" \
      "${deadline[@]}" >"$work/out" 2>"$work/err"
    status=$?
    if [ $status -eq 0 ]; then
      # The device failed after the last launch: the count must be exact.
      [ "$(cat "$work/out")" = "$expected" ] ||
        fail "$method: launch $failAt never failed, yet printed $(cat "$work/out")"
      continue
    fi
    [ $status -eq 1 ] && grep -q "$said" "$work/err" ||
      fail "$method: launch $failAt (${fault,,}): status $status, $(cat "$work/err")"
    "$queens" "${command[@]}" >"$work/out" 2>"$work/err"
    status=$?
    [ $status -eq 0 ] && [ "$(cat "$work/out")" = "$expected" ] ||
      fail "$method: launch $failAt (${fault,,}), then the rerun gave status $status and printed '$(cat "$work/out")', not the exact counts: $(cat "$work/err")"
    echo "$method: launch $failAt (${fault,,}): status 1; the rerun: the exact counts, $(grep -o 'resumes with [0-9]* of its [0-9]* units done' "$work/err" || echo 'nothing resumed')"
  done
}
faults FAIL gpu-rows 1M 1 3 20 100 300 450
# 15x15's join on the device makes about 1,500 launches in flights of 2M.
faults FAIL gpu-join 2M 1 3 20 100 600 1400
# A device that hangs: each stop waits out its deadline (2 s and more).
faults STALL gpu-rows 1M 3 100
faults STALL gpu-join 2M 3 600
# A stop (SIGINT) under --checkpoint while the device holds a batch that
# never ends: the run stops, saved, with status 130, without waiting for the
# batch (nothing of its job is recorded), so long before the device's
# deadline (60 s here; no bound tighter than that is asserted, the time is
# printed); the rerun, on the device that works, prints the exact counts.
stops() {  # METHOD MEMORY
  local command=(--method="$1" --memory="$2" --checkpoint="$work/run.ckpt" --checkpoint-every=1
    "$work/boards.txt")
  rm -f "$work/run.ckpt"
  env LD_PRELOAD="$standIn" QUEENS_STALL_LAUNCH=3 "$queens" "${command[@]}" >"$work/out" 2>"$work/err" &
  local pid=$!
  sleep 1.5
  local start=$EPOCHREALTIME
  kill -INT $pid
  wait $pid
  local status=$? took
  took=$(awk -v s="$start" -v e="$EPOCHREALTIME" 'BEGIN { printf "%.2f", e - s }')
  [ $status -eq 130 ] && awk -v t="$took" 'BEGIN { exit !(t < 30) }' &&
    grep -q 'stopped by SIGINT' "$work/err" ||
    fail "$1: a stop with a batch under way: status $status after $took s: $(cat "$work/err")"
  "$queens" "${command[@]}" >"$work/out" 2>"$work/err"
  status=$?
  [ $status -eq 0 ] && [ "$(cat "$work/out")" = "$expected" ] ||
    fail "$1: the rerun after a stop gave status $status and printed '$(cat "$work/out")'"
  echo "$1: stopped in $took s with a batch under way; the rerun: the exact counts"
}
stops gpu-rows 1M
stops gpu-join 2M
[ $failures -eq 0 ] && echo "ok: a device that fails never leaves a wrong count" || exit 1
