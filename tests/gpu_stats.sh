#!/usr/bin/env bash
# What --stats says of a count on the device, and the row search's
# work-group size:
#   - both of the device's engines name the device, the time their threads
#     waited for it and handed it work, each over 0 and together at most the
#     threads' time, and the device's start (its context and kernels) on the
#     first board counted on it, and on no other;
#   - QUEENS_GPU_GROUP=T counts alike with any T from 1 to 4096 (1, 7, 96,
#     4096: odd sizes, and sizes halved until the stacks fit), and a T that
#     is not one is refused with the reason, status 1, no count;
#   - QUEENS_GPU_GIVE=N counts alike with 0 (never give rows away) and 2,
#     and a value that is not a number from 0 to 2^31 is refused so;
#   - QUEENS_GPU_KERNEL counts alike with each of the row search's kernels,
#     and refuses another name so.
#   tests/gpu_stats.sh QUEENS
set -u
queens=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$(dirname "$0")/gpu_device_or_skip.sh" "$queens" || exit $?
failures=0
fail() { echo "FAILED: $*"; failures=$((failures + 1)); }

# --stats names each engine as --method does: gpu-rows and gpu-join (the
# object is stderr's last line: a driver may write first).
for method in gpu-rows gpu-join; do
  named=$method
  count=$("$queens" --method=$method --threads=2 --stats=json --empty=13..14 2>"$work/stats")
  [ "$count" = $'73712\n365596' ] || fail "$method on the empty 13x13 and 14x14 boards printed '$count'"
  grep '^{' "$work/stats" >"$work/json"
  python3 - "$work/json" "$named" <<'PYTHON' || fail "$method's --stats=json: $(cat "$work/stats")"
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
assert [row["board"] for row in rows] == [1, 2], rows
for row in rows:
    assert row["method"] == sys.argv[2] and row["device"], row
    # Added up over the threads, each of which waits and hands work at most
    # as long as it runs; never 0, as the host hands the device each batch
    # and waits for the last.
    assert 0 < row["device_wait_ms"] and 0 < row["device_hand_ms"], row
    assert row["device_wait_ms"] + row["device_hand_ms"] <= row["threads"] * row["ms"] + 1, row
# The device started for the first board (before its time began), and
# built the kernels that board asked for; the second needed none.
assert rows[0]["device_start_ms"] > 0 and rows[1]["device_start_ms"] == 0, rows
PYTHON
  "$queens" --method=$method --stats --empty=12 2>"$work/text" >/dev/null
  grep -q "^board 1: 12x12, $named on .*, [0-9.]* ms waiting for the device, [0-9.]* ms handing it work, [0-9.]* ms starting it[,;]" "$work/text" ||
    fail "$method's --stats line: $(cat "$work/text")"
done

# A tuning variable: each good value counts the boards as the CPU does, and
# each bad one is refused so, status 1, nothing on stdout.
expected=$("$queens" --method=rows --empty=10..13 | tr '\n' ' ')
checkVariable() {  # NAME "good values" "bad values" "the refusal's end"
  local name=$1 value counts status
  for value in $2; do
    counts=$(env "$name=$value" "$queens" --method=gpu-rows --empty=10..13 | tr '\n' ' ')
    [ "$counts" = "$expected" ] || fail "$name=$value: '$counts', not '$expected'"
  done
  for value in $3 ""; do
    env "$name=$value" "$queens" --method=gpu-rows --empty=8 >"$work/out" 2>"$work/err"
    status=$?
    if [ $status -ne 1 ] || [ -s "$work/out" ] ||
      [ "$(cat "$work/err")" != "error: --method=gpu-rows: $name is '$value': $4" ]; then
      fail "$name='$value' gave status $status, stdout '$(cat "$work/out")': $(cat "$work/err")"
    fi
  done
}
checkVariable QUEENS_GPU_GROUP "1 7 96 4096" "0 4097 abc 12x" "give the threads a work-group, 1 to 4096"
checkVariable QUEENS_GPU_GIVE "0 2" "-1 2147483649 abc 12x" \
  "give the nodes between looks at the prefixes left, 0 (never give) to 2147483648"
checkVariable QUEENS_GPU_KERNEL "registers stacked stacked-local" "abc stacked- Stacked" \
  "give registers, stacked or stacked-local"
[ $failures -eq 0 ] || exit 1
echo "--stats names the device, the wait for it, the work handed to it and its start (gpu-rows, gpu-join); QUEENS_GPU_GROUP 1, 7, 96, 4096, QUEENS_GPU_GIVE 0, 2 and QUEENS_GPU_KERNEL's three kernels count alike, and 14 bad values are refused"
