#!/usr/bin/env bash
# The device's engines under --progress and --estimate (issue 73), both as
# the CPU's engines are:
#   - a count whose progress is shown counts a spread sample of its units
#     first, then the rest: the exact count of the empty 16x16 board;
#   - --estimate samples a device's engine as that count's line does: of
#     the U units a count cuts, every stride-th, the stride being
#     max(16, U / 1024), so its line says "S of U units" with S = ceil(U /
#     stride) (not a few units of a finer cut, whose time would be the
#     device's start-up).
#   tests/gpu_progress.sh QUEENS
set -u
queens=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$(dirname "$0")/gpu_device_or_skip.sh" "$queens" || exit $?
failures=0
fail() { echo "FAILED: $*"; failures=$((failures + 1)); }

for method in gpu-rows gpu-join; do
  count=$("$queens" --method=$method --progress --empty=16 2>"$work/err")
  [ "$count" = 14772512 ] || fail "$method --progress on the empty 16x16 board printed '$count': $(cat "$work/err")"
  "$queens" --method=$method --estimate --empty=16 >"$work/out" 2>"$work/err" ||
    fail "$method --estimate: status $?, $(cat "$work/err")"
  read -r sampled units < <(sed -nE 's/.*: about .*\(([0-9]+) of ([0-9]+) units counted in .*/\1 \2/p' "$work/out")
  if [ -z "${units:-}" ] || ! grep -q "^board 1, 16x16, $method: about " "$work/out"; then
    fail "$method --estimate's line: $(cat "$work/out")"
    continue
  fi
  stride=$((units / 1024 > 16 ? units / 1024 : 16))
  [ "$sampled" -eq $(((units + stride - 1) / stride)) ] ||
    fail "$method --estimate sampled $sampled of $units units, not every ${stride}th"
done
[ $failures -eq 0 ] || exit 1
echo "gpu-rows and gpu-join: exact under --progress, which samples first; --estimate samples every 16th of a count's units"
