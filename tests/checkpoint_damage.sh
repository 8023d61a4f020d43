#!/usr/bin/env bash
# A checkpoint that is torn, damaged or not this run's never adds up to a
# wrong count (issue 37):
#   checkpoint_damage.sh QUEENS
#  1. Torn: a whole run's checkpoint cut at 40 bytes drawn with a fixed
#     seed. Each resumes to the exact counts; a cut inside a line is noted on
#     stderr and what that line held is counted again.
#  2. Damaged: 40 single bytes flipped. Each is refused (status 1, nothing on
#     stdout, the line named), but for the last line end, which tears the
#     last line: then exact counts.
#  3. Not this run's: another input, more or fewer boards, another plan,
#     another share, another version, not a checkpoint, in use by another
#     run: each refused with its reason, and status 1.
#  4. Shares: each share with a checkpoint of its own, one stopped by
#     SIGTERM and resumed; --merge adds them up to the whole counts.
set -euo pipefail
queens=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAILED: $*" >&2; exit 1; }
row() { printf "%$1s\n" "" | tr ' ' .; }
board() { for ((r = 0; r < $1; ++r)); do row "$1"; done; }
# Four boards: the empty 8x8 (counted whole), 13x13 (split and searched),
# 16x16 (split and joined) and 12x12 (split).
{ board 8; echo; board 13; echo; board 16; echo; board 12; } >boards.txt
"$queens" <boards.txt >whole.txt
[ "$(paste -sd' ' whole.txt)" = "92 73712 14772512 14200" ] || fail "the whole counts: $(paste -sd' ' whole.txt)"
# --threads=1: batches of at most 256 units, so a record every 256 units.
"$queens" --threads=1 --checkpoint=full.ckpt <boards.txt >out.txt
cmp -s out.txt whole.txt || fail "a run with --checkpoint printed $(paste -sd' ' out.txt)"
size=$(wc -c <full.ckpt) lines=$(wc -l <full.ckpt)
echo "a whole run's checkpoint: $lines records, $size bytes"

RANDOM=37
echo "== 1. torn at 40 bytes"
noted=0 resumed=0
for ((i = 0; i < 40; ++i)); do
  cut=$(((RANDOM * 32768 + RANDOM) % size))
  head -c "$cut" full.ckpt >torn.ckpt
  "$queens" --threads=2 --stats --checkpoint=torn.ckpt <boards.txt >out.txt 2>err.txt ||
    fail "cut at byte $cut: status $?: $(cat err.txt)"
  cmp -s out.txt whole.txt || fail "cut at byte $cut: $(paste -sd' ' out.txt)"
  # Past the first board's record, that board is read back, not counted.
  if [ "$cut" -ge "$(head -n 2 full.ckpt | wc -c)" ]; then
    grep -q "^board 1: .*counted before: read from the checkpoint" err.txt ||
      fail "cut at byte $cut: board 1 was counted again: $(cat err.txt)"
    resumed=$((resumed + 1))
  fi
  if [ "$cut" -gt 0 ] && [ "$(head -c "$cut" full.ckpt | tail -c 1 | od -An -c | tr -d ' ')" != '\n' ]; then
    grep -q "^note: checkpoint torn.ckpt: its last line was cut short" err.txt ||
      fail "cut at byte $cut, inside a line: no note: $(cat err.txt)"
    noted=$((noted + 1))
  fi
done
echo "40 cuts: the exact counts, $resumed resumed past board 1; $noted cut a line, noted"

echo "== 2. one byte flipped, 40 times"
refused=0 torn=0
for ((i = 0; i < 40; ++i)); do
  at=$(((RANDOM * 32768 + RANDOM) % size)) mask=$((RANDOM % 255 + 1))
  cp full.ckpt flipped.ckpt
  byte=$(od -An -tu1 -j "$at" -N 1 full.ckpt | tr -d ' ')
  printf "$(printf '\\%03o' $((byte ^ mask)))" | dd of=flipped.ckpt bs=1 seek="$at" conv=notrunc status=none
  status=0
  "$queens" --checkpoint=flipped.ckpt <boards.txt >out.txt 2>err.txt || status=$?
  if [ $status = 0 ]; then
    [ "$at" = $((size - 1)) ] || fail "byte $at flipped (^$mask): accepted: $(cat err.txt)"
    cmp -s out.txt whole.txt || fail "the last line end flipped: $(paste -sd' ' out.txt)"
    torn=$((torn + 1))
    continue
  fi
  [ $status = 1 ] && [ ! -s out.txt ] || fail "byte $at flipped: status $status, printed $(cat out.txt)"
  grep -Eq "^error: checkpoint flipped.ckpt: line [0-9]+: " err.txt || fail "byte $at flipped: $(cat err.txt)"
  refused=$((refused + 1))
  ((i < 3)) && sed 's/^/    /' err.txt
done
echo "40 flips: $refused refused, $torn tore the last line (recounted); none added up wrongly"

echo "== 3. not this run's"
# refused EXPECTED CHECKPOINT [OPTION...] < INPUT: status 1, EXPECTED said,
# and what it printed first (the boards before the one refused) is right.
refused() {
  local expected=$1 file=$2 status=0
  shift 2
  "$queens" --checkpoint="$file" "$@" >out.txt 2>err.txt || status=$?
  [ $status = 1 ] || fail "$file $*: status $status, not 1: $(cat err.txt)"
  [ "$(head -n "$(wc -l <out.txt)" whole.txt)" = "$(cat out.txt)" ] || fail "$file $*: printed $(cat out.txt)"
  grep -qF -- "$expected" err.txt || fail "$file $*: expected '$expected' in: $(cat err.txt)"
  echo "refused: $(cat err.txt)"
}
cp full.ckpt other.ckpt
# (Files, not pipes: a refusal would cut a pipe's writer short.)
{ board 9; echo; board 13; } >other.txt
refused "board 1 is not the board it recorded: it was made from another input" other.ckpt <other.txt
{ cat boards.txt; echo; board 5; } >more.txt
refused "it says the input ended after board 4, but this input goes on" other.ckpt <more.txt
head -n 23 boards.txt >fewer.txt
refused "it holds board 3, past this input's last (board 2)" other.ckpt <fewer.txt
# Cut inside the 16x16 board's units, then asked for another method.
grep -n '^done 3 ' full.ckpt | head -n 1 | cut -d: -f1 | xargs -I{} head -n {} full.ckpt >partial.ckpt
refused "board 3 was split another way (join, " partial.ckpt --method=propagate <boards.txt
refused "a checkpoint of share 1/1, and this run counts share 1/2" partial.ckpt --part=1/2 <boards.txt
# crc TEXT: its CRC-32 in hexadecimal, from gzip's trailer (little-endian, as od reads it here).
crc() { printf '%s' "$1" | gzip -c | tail -c 8 | head -c 4 | od -An -tx4 | tr -d ' \n'; }
header="queens checkpoint format 1 share 1/1 numbering 4"
{ echo "$header ~$(crc "$header")"; tail -n +2 partial.ckpt; } >old.ckpt
refused "its units are numbered as version 4 numbers them, not 5" old.ckpt <boards.txt
[ "$(head -n 1 full.ckpt)" = "queens checkpoint format 1 share 1/1 numbering 5 ~$(crc "queens checkpoint format 1 share 1/1 numbering 5")" ] ||
  fail "the header's CRC is not CRC-32: $(head -n 1 full.ckpt)"
"$queens" --part=1/2 <boards.txt >share.txt
refused "line 1: not a checkpoint of queens" share.txt <boards.txt
refused "not a file (a folder?)" . <boards.txt
board 18 >slow.txt
"$queens" --checkpoint=busy.ckpt --threads=1 <slow.txt >/dev/null 2>&1 &
for ((i = 0; i < 100; ++i)); do [ -s busy.ckpt ] && break; sleep 0.05; done
refused "in use by another run of queens" busy.ckpt <boards.txt
kill -TERM $!
wait $! || true

echo "== 4. shares, each with its checkpoint, one stopped and resumed"
for k in 1 2 3; do "$queens" --part=$k/3 --checkpoint=share-$k.ckpt <boards.txt >share-$k.txt; done
{ board 8; echo; board 18; } >two.txt
"$queens" <two.txt >two-whole.txt
for k in 1 2; do
  # Stopped at 1.2 s; a share that finishes first (a fast machine) is
  # counted again from nothing and stopped at half the moment.
  for delay in 1.2 0.6 0.3 0.15 0.08; do
    rm -f two-$k.ckpt
    "$queens" --part=$k/2 --threads=1 --checkpoint-every=1 --checkpoint=two-$k.ckpt <two.txt >two-$k.txt 2>err.txt &
    pid=$!
    sleep $delay
    kill -TERM $pid 2>/dev/null || true
    status=0
    wait $pid || status=$?
    [ $status = 0 ] || break
  done
  [ $status = 143 ] || fail "share $k/2 stopped by SIGTERM: status $status: $(cat err.txt)"
  [ ! -s two-$k.txt ] || fail "share $k/2, stopped, printed: $(cat two-$k.txt)"
  grep "stopped by SIGTERM" err.txt
  cp err.txt err-stop-$k.txt
  "$queens" --part=$k/2 --threads=1 --checkpoint=two-$k.ckpt <two.txt >two-$k.txt 2>err.txt
  # A stop that came once the board's last unit was saved kept the board
  # whole: the rerun reads its count back, with nothing to resume.
  grep "resumes with" err.txt || grep -q "stopped by SIGTERM: 2 boards counted" err-stop-$k.txt ||
    fail "share $k/2: the rerun resumed nothing: $(cat err.txt)"
done
"$queens" --merge two-1.txt two-2.txt >merged.txt
cmp -s merged.txt two-whole.txt || fail "the shares resumed merge to $(paste -sd' ' merged.txt)"
"$queens" --merge share-1.txt share-2.txt share-3.txt >merged.txt
cmp -s merged.txt whole.txt || fail "3 shares with checkpoints merge to $(paste -sd' ' merged.txt)"
echo "shares with checkpoints, stopped and resumed, merge to the whole counts: $(paste -sd' ' merged.txt)"
