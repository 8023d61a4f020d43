#!/usr/bin/env bash
# --merge adds up what --part=K/M prints, exactly, and refuses with exit
# status 1, nothing on stdout and a message that names the file and the
# share, every set of shares that would add up to a wrong count (issue 19),
# and every share cut short, edited or with lines added (issue 71).
#   merge_refusals.sh SOLUTION
set -euo pipefail
solution=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAILED: $*" >&2; exit 1; }

# Two boards: the empty 8x8 (92) and the empty 13x13 (73,712), which is
# split into units, so that every share has its own counts.
{ printf '........\n%.0s' {1..8}; echo; printf '.............\n%.0s' {1..13}; } >boards.txt
"$solution" <boards.txt >whole.txt
for k in 1 2 3 4; do "$solution" --part=$k/4 <boards.txt >share-$k.txt; done
head -1 share-2.txt | grep -Eq '^# queens share 2/4 format 4 numbering [0-9]+ input [0-9a-f]{8} plan [0-9a-f]{8} boards 2 plans whole,symmetry-propagate$' ||
  fail "share 2's header: $(head -1 share-2.txt)"
tail -n 1 share-2.txt | grep -Eq '^# end share 2/4 counts 2 check [0-9a-f]{8}$' ||
  fail "share 2's end line: $(tail -n 1 share-2.txt)"

merged() { "$solution" --merge "$@" >out.txt 2>err.txt; }
# refused EXPECTED FILE...: the merge exits 1, prints nothing, and says EXPECTED.
refused() {
  local expected=$1 status=0
  shift
  merged "$@" || status=$?
  [ $status = 1 ] || fail "--merge $* exited with $status, not 1: $(cat err.txt)"
  [ ! -s out.txt ] || fail "--merge $* printed: $(cat out.txt)"
  grep -qF -- "$expected" err.txt || fail "--merge $*: expected '$expected' in: $(cat err.txt)"
  echo "refused: --merge $*"
  sed 's/^/    /' err.txt
}

merged share-1.txt share-2.txt share-3.txt share-4.txt || fail "$(cat err.txt)"
cmp -s out.txt whole.txt || fail "the 4 shares merge to $(cat out.txt), not $(cat whole.txt)"
[ "$(cat out.txt)" = "$(printf '92\n73712')" ] || fail "the whole counts: $(cat out.txt)"
echo "4 shares merge to the whole counts, byte for byte"

# Any order, CRLF line ends, blank lines between shares, several shares in
# one file, and stdin ('-') are all the same shares.
sed 's/$/\r/' share-3.txt >crlf-3.txt
{ cat share-4.txt; echo; cat share-2.txt; } >two-shares.txt
merged share-1.txt - crlf-3.txt two-shares.txt <share-1.txt || fail "$(cat err.txt)"
grep -q 'share 1/4 is also in share-1.txt, with the same counts: counted once' err.txt ||
  fail "no note of the identical copy: $(cat err.txt)"
cmp -s out.txt whole.txt || fail "shares from stdin, CRLF and one file: $(cat out.txt)"
echo "an identical copy is counted once, with a note: $(cat err.txt)"

refused "error: 2 of 4 shares missing: 1,3" share-4.txt share-2.txt
refused "error: 3 of 4 shares missing: 1,2,4" share-3.txt

# A count edited: its share's check no longer holds (a share whose check
# holds and whose counts differ from another copy's is lasts_test's).
sed '2s/.*/93/' share-1.txt >other-counts-1.txt
refused "other-counts-1.txt: line 4: share 1/4: its check" \
  share-1.txt share-2.txt share-3.txt share-4.txt other-counts-1.txt
grep -qF "the share was edited or damaged" err.txt || fail "no reason: $(cat err.txt)"

"$solution" --part=2/4 <<<"$(printf '.........\n%.0s' {1..9})" >other-input-2.txt
refused "other-input-2.txt: share 2/4 (input" share-1.txt other-input-2.txt share-3.txt share-4.txt
grep -qF "it is of other boards" err.txt || fail "no reason: $(cat err.txt)"

"$solution" --part=2/4 --method=propagate <boards.txt >other-plan-2.txt
refused "does not go with share-1.txt's share 1/4" share-1.txt other-plan-2.txt share-3.txt share-4.txt
grep -qF "it is of another plan" err.txt || fail "no reason: $(cat err.txt)"
# Both plans are named: the 13x13 board split by propagation alone here, with symmetry there.
grep -qF "boards 2, plans whole,propagate) does not go with" err.txt &&
  grep -qF "boards 2, plans whole,symmetry-propagate): it is" err.txt || fail "the plans not named: $(cat err.txt)"

"$solution" --part=2/3 <boards.txt >other-m-2.txt
refused "other-m-2.txt: share 2/3" share-1.txt other-m-2.txt share-3.txt share-4.txt
grep -qF "it is of another M" err.txt || fail "no reason: $(cat err.txt)"

head -2 share-3.txt >cut-3.txt
refused "cut-3.txt: share 3/4: only 1 of its 2 counts" share-1.txt share-2.txt cut-3.txt share-4.txt
grep -qF "1 of 4 shares missing: 3" err.txt || fail "the cut share is not listed: $(cat err.txt)"
# Cut inside its last count, as a full disk or a copy stopped midway leaves
# it: the count reads as a smaller number, and the end line is missing.
last=$(sed -n 3p share-3.txt)
{ head -2 share-3.txt; printf '%s' "${last:0:2}"; } >cut-count-3.txt
refused "cut-count-3.txt: share 3/4: no end line after its 2 counts (was its run cut short?)" \
  share-1.txt share-2.txt cut-count-3.txt share-4.txt
grep -qF "1 of 4 shares missing: 3" err.txt || fail "the cut share is not listed: $(cat err.txt)"
head -n 3 share-3.txt >no-end-3.txt
refused "no-end-3.txt: share 3/4: no end line after its 2 counts" share-1.txt share-2.txt \
  no-end-3.txt share-4.txt
sed '$s/counts 2/counts 1/' share-3.txt >other-end-3.txt
refused "other-end-3.txt: line 4: share 3/4: expected its end line, '# end share 3/4 counts 2 check ...', got '# end share 3/4 counts 1" \
  share-1.txt share-2.txt other-end-3.txt share-4.txt
# A count swapped between the two boards: each count is right, the check is not.
awk 'NR == 2 { first = $0; next } NR == 3 { print; print first; next } { print }' share-1.txt \
  >swapped-1.txt
refused "swapped-1.txt: line 4: share 1/4: its check" swapped-1.txt share-2.txt share-3.txt \
  share-4.txt
# The header edited: the check covers it too.
sed '1s/plans whole/plans join/' share-3.txt >header-edited-3.txt
refused "header-edited-3.txt: line 4: share 3/4: its check" share-1.txt share-2.txt \
  header-edited-3.txt share-4.txt

: >empty-3.txt
refused "empty-3.txt: empty, not a share" share-1.txt share-2.txt empty-3.txt share-4.txt
tail -n +2 share-3.txt >bare-3.txt  # the counts alone, as --part printed them before
refused "bare-3.txt: line 1: not a share" share-1.txt share-2.txt bare-3.txt share-4.txt
# Each file is judged on its own: an empty file after a refused one is named too.
refused "empty-3.txt: empty, not a share" share-1.txt bare-3.txt empty-3.txt share-2.txt share-4.txt
grep -qF "bare-3.txt: line 1: not a share" err.txt || fail "the first refusal is gone: $(cat err.txt)"
head -c 40 share-3.txt >header-cut-3.txt
refused "header-cut-3.txt: line 1: a share's header cut short" share-1.txt share-2.txt \
  header-cut-3.txt share-4.txt
sed '1s/format 4/format 5/' share-3.txt >format-5-3.txt
refused "format-5-3.txt: line 1: a share in another format than 4" share-1.txt share-2.txt \
  format-5-3.txt share-4.txt
# Shares of formats 2 and 3 have no end line: one cut short would read as
# whole, so they are refused, and the refusal says what to do.
sed '1s/format 4/format 3/; $d' share-3.txt >format-3-3.txt
refused "format-3-3.txt: line 1: a share in an earlier format, with no end line to check it by" \
  share-1.txt share-2.txt format-3-3.txt share-4.txt
grep -qF "merge it with the queens that wrote it, or count it again" err.txt ||
  fail "no way out: $(cat err.txt)"
sed '1s/format 4/format 2/; 1s/ plans .*//; $d' share-3.txt >format-2-3.txt
refused "format-2-3.txt: line 1: a share in an earlier format" share-1.txt share-2.txt \
  format-2-3.txt share-4.txt
sed '1s/format 4 numbering [0-9]* /format 1 /' share-3.txt >format-1-3.txt
refused "format-1-3.txt: line 1: a share in format 1, from a queens before 1.0.0" share-1.txt \
  share-2.txt format-1-3.txt share-4.txt
# A share of a version that numbers units another way: both versions named.
sed '1s/numbering [0-9]*/numbering 4/' share-3.txt >numbering-4-3.txt
refused "numbering-4-3.txt: share 3/4 numbers its units as version 4 does, and share-1.txt's share 1/4 as version 5 does" \
  share-1.txt share-2.txt numbering-4-3.txt share-4.txt
sed '3s/.*/73 712/' share-3.txt >not-a-count-3.txt
refused "not-a-count-3.txt: line 3: share 3/4: expected a count, got '73 712'" share-1.txt \
  share-2.txt not-a-count-3.txt share-4.txt
{ head -n 3 share-3.txt; echo 5; tail -n 1 share-3.txt; } >more-counts-3.txt
refused "more-counts-3.txt: line 4: share 3/4: more counts than boards" share-1.txt share-2.txt \
  more-counts-3.txt share-4.txt
{ cat share-3.txt; echo 5; } >appended-3.txt
refused "appended-3.txt: line 5: share 3/4: a count after its end line" share-1.txt share-2.txt \
  appended-3.txt share-4.txt
grep -qF "1 of 4 shares missing or refused: 3" err.txt || fail "share 3 not listed: $(cat err.txt)"
{ cat share-3.txt; echo 'total 73804'; } >appended-text-3.txt
refused "appended-text-3.txt: line 5: share 3/4: not a share" share-1.txt share-2.txt appended-text-3.txt \
  share-4.txt
sed '1s|3/4|5/4|' share-3.txt >beyond-3.txt
refused "beyond-3.txt: line 1: a share K/M with K outside 1..M" share-1.txt share-2.txt \
  beyond-3.txt share-4.txt
sed '2s/.*/340282366920938463463374607431768211456/' share-3.txt >too-big-3.txt  # 2^128
refused "too-big-3.txt: line 2: share 3/4: expected a count" share-1.txt share-2.txt \
  too-big-3.txt share-4.txt
# 2^128 - 1 is a count; two of them pass what 128 bits hold.
sed '2s/.*/340282366920938463463374607431768211455/' share-1.txt >most-1.txt
sed '2s/.*/1/' share-2.txt >one-2.txt
refused "one-2.txt: share 2/4: board 1's total passes 2^128 - 1" most-1.txt one-2.txt share-3.txt \
  share-4.txt
refused "no-such-file.txt: cannot open: No such file or directory" share-1.txt share-2.txt \
  share-3.txt share-4.txt no-such-file.txt
refused "error: .: cannot read: Is a directory" share-1.txt share-2.txt share-3.txt share-4.txt .

# Bad usage is an option error: exit status 2.
status=0
"$solution" --merge 2>err.txt || status=$?
[ $status = 2 ] && grep -q "needs the files of the shares" err.txt || fail "--merge alone: $status"
status=0
"$solution" --merge --method=join share-1.txt 2>err.txt || status=$?
[ $status = 2 ] && grep -q "drop '--method=join'" err.txt || fail "--merge --method: $status"
status=0
"$solution" share-1.txt <boards.txt 2>err.txt || status=$?
[ $status = 1 ] && grep -q "^error: share-1.txt: line 1, column 1: expected '.', '\\*' or 'Q', got '#'" err.txt ||
  fail "a share without --merge is read as boards, and refused naming the file: $status"
echo "every refusal is refused"
