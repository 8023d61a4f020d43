#!/usr/bin/env bash
# The --trace=html page in a real browser (issue 23):
#   trace_page.sh QUEENS docs/how-it-works.md
# Five boards (the empty 4x4 and 6x6, the CSES sample, a board with no
# placement, one with a given queen: tests/page/boards.txt) go into one
# page, which headless Chromium opens at several steps of each: 0, 1, the
# first dead end, the first back-up, the first placement, the middle and
# the last. At each, the DOM it drew (every square's data-state, the
# caption, the placements found, the program's count) must be what the
# replay below computes from the text trace (--trace). The replay is awk,
# and shares no code with the page. Then the screenshot commands of
# docs/how-it-works.md run as written and must leave their PNGs.
# Without Chromium it is skipped (status 77), as the README says, unless CI
# is set: there a missing browser fails it (.ci/run installs one).
set -euo pipefail
solution=$(realpath "$1") readme=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAILED: $*" >&2; exit 1; }
if ! command -v chromium >/dev/null; then
  [ -n "${CI:-}" ] && fail "Chromium is missing (apt-get install chromium)"
  echo "skipped: Chromium is missing (apt-get install chromium)"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

# The DOMs of the pages at these addresses, after their scripts ran, in
# dom.1.html, dom.2.html...: in one Chromium driven by puppeteer-core
# (tests/page/dump_dom.mjs) where npm installed it, else a Chromium an
# address (a minute more). Chromium exits 0 even on a missing file, so an
# empty answer is a failure; its own warnings on stderr are dropped.
browse() {
  if command -v node >/dev/null && [ -d "$here/page/node_modules/puppeteer-core" ]; then
    node "$here/page/dump_dom.mjs" "$(command -v chromium)" "$work" "$@"
    return
  fi
  local page=0 url
  for url; do
    ((++page))
    HOME="$work/home" chromium --headless --no-sandbox --disable-gpu --no-first-run \
      --disable-background-networking --disable-component-update --disable-sync --log-level=3 \
      --user-data-dir="$work/profile" --virtual-time-budget=2000 --dump-dom "$url" \
      >"dom.$page.html" 2>/dev/null
  done
}

cp "$here/page/boards.txt" boards.txt  # page_in_browser opens them too
"$solution" --trace=html <boards.txt >page.html
"$solution" --trace <boards.txt >trace.txt
[ "$("$solution" <boards.txt | tr '\n' ' ')" = "2 4 65 0 1 " ] || fail "counts: $("$solution" <boards.txt)"
if grep -nE 'https?:|//' page.html; then fail "the page names a URL"; fi
# A board too long to watch stops the page there: the boards before it, a
# whole page, exit status 1.
{ cat boards.txt; echo; printf '...........\n%.0s' {1..11}; } >too_long.txt
status=0
"$solution" --trace=html <too_long.txt >cut.html 2>cut.err || status=$?
[ "$status" = 1 ] && grep -q "^error: board 6 (11x11): " cut.err &&
  [ "$(grep -c 'class="trace"' cut.html)" = 5 ] && [ "$(tail -n 1 cut.html)" = "</body></html>" ] ||
  fail "a page with a board too long: status $status, $(cat cut.err)"

# The replay: boards.txt, then trace.txt. For each board and each chosen
# step it writes expect.B.K: the caption, the placements found, the count,
# then each row as a letter per square: q queen, r reserved, a attacked,
# o open. It prints "B K" for each of those steps.
awk -v dir="$work" '
  NR == FNR {
    if ($0 == "") { inBoard = 0; next }
    if (!inBoard) { inBoard = 1; ++boards; n[boards] = length($0); rows = 0 }
    square[boards, ++rows] = $0
    next
  }
  FNR == 1 { b = 1 }
  /^[0-9]+$/ { count[b] = $0; steps[b] = s; ++b; s = 0; next }
  /^ *row / { sub(/^ +/, ""); line[b, ++s] = $0 }
  function mark(b, k) { if (!((b, k) in chosen)) { chosen[b, k] = 1; print b, k } }
  function write(b, k,    i, r, c, q, found, f, state, text, word, standing) {
    standing = 0; found = 0
    for (i = 1; i <= k; ++i) {
      split(line[b, i], word, /[ :]+/)  # row R [queen on column C | ...]
      standing = word[2] - 1
      if (word[3] == "queen") { q[++standing] = word[6]; if (standing == n[b]) ++found }
    }
    f = dir "/expect." b "." k
    print "caption " (k ? line[b, k] : "Before the search") > f
    print "found " found > f
    print "count " count[b] > f
    for (r = 1; r <= n[b]; ++r) {
      text = ""
      for (c = 1; c <= n[b]; ++c) {
        state = "o"
        for (i = 1; i <= standing; ++i)
          if (i == r || q[i] == c || i - r == q[i] - c || i - r == c - q[i]) state = "a"
        if (substr(square[b, r], c, 1) == "*") state = "r"
        if (r <= standing && q[r] == c) state = "q"
        text = text state
      }
      print "row " text > f
    }
    close(f)
  }
  END {
    for (b = 1; b <= boards; ++b) {
      mark(b, 0); mark(b, 1); mark(b, int(steps[b] / 2)); mark(b, steps[b])
      for (k = steps[b]; k >= 1; --k) {  # the first of each kind
        if (line[b, k] ~ /: no open square/) deadEnd = k
        if (line[b, k] ~ /: no other open square/) backUp = k
        if (line[b, k] ~ ("^row " n[b] ": queen")) placement = k
      }
      mark(b, deadEnd); mark(b, backUp); mark(b, placement)
      deadEnd = backUp = placement = 0
    }
    for (key in chosen) { split(key, bk, SUBSEP); write(bk[1], bk[2]) }
  }' boards.txt trace.txt >steps.txt
[ "$(wc -l <steps.txt)" -ge 25 ] || fail "only $(wc -l <steps.txt) steps chosen"

# What the page drew, in the replay's format.
drawn() {
  awk '
    { page = page $0 }
    END {
      match(page, /id="step-text"[^>]*>[^<]*/); text = substr(page, RSTART, RLENGTH)
      sub(/^[^>]*>/, "", text); print "caption " text
      match(page, /id="found">[0-9]*/); print "found " substr(page, RSTART + 11, RLENGTH - 11)
      match(page, /id="count">[0-9]*/); print "count " substr(page, RSTART + 11, RLENGTH - 11)
      while (match(page, /<div [^>]*data-square="[0-9]+,[0-9]+"[^>]*>/)) {
        tag = substr(page, RSTART, RLENGTH); page = substr(page, RSTART + RLENGTH)
        match(tag, /data-square="[0-9]+,/); r = substr(tag, RSTART + 13, RLENGTH - 14)
        match(tag, /data-state="[a-z]/); state = substr(tag, RSTART + 12, 1)
        if (r != row) { if (row) print "row " text; row = r; text = "" }
        text = text state
      }
      if (row) print "row " text
    }' "$1"
}

# Each chosen step; then the page with no step in its address, and board 3.
addresses=()
while read -r b k; do addresses+=("file://$work/page.html#board=$b&step=$k"); done <steps.txt
addresses+=("file://$work/page.html" "file://$work/page.html#board=3&step=0")
browse "${addresses[@]}"
checked=0
while read -r b k; do
  ((++checked))
  [ -s "dom.$checked.html" ] || fail "Chromium printed no DOM for board $b, step $k"
  drawn "dom.$checked.html" >drawn.txt
  if ! diff "expect.$b.$k" drawn.txt >diff.txt; then
    cat diff.txt >&2
    fail "board $b, step $k: the page (>) is not the replay of the trace (<)"
  fi
done <steps.txt
# A page opened without a step in its address opens at board 1, step 0.
drawn "dom.$((checked + 1)).html" | cmp -s - expect.1.0 || fail "the page does not open at board 1, step 0"
echo "trace_page: $checked steps of 5 boards drawn as the trace says"
# Each square carries its diagonal numbers from 0, shown on demand: (3, 5)
# of the 8x8 board is on r + c = 2 + 4 and r - c + N - 1 = 2 - 4 + 7.
grep -q 'data-square="3,5"[^>]*><small>6</small><small>5</small>' "dom.$((checked + 2)).html" ||
  fail "square (3, 5) of board 3 does not carry its diagonal numbers 6 and 5"

# The screenshot command of docs/how-it-works.md, as written, next to a build/queens.
mkdir -p shot/build
ln -s "$solution" shot/build/queens
command=$("$here/readme_block.sh" "$readme" trace-page-screenshot)
(cd shot && HOME="$work/home" bash -c "$command") >/dev/null 2>&1 ||
  fail "the screenshot command of docs/how-it-works.md failed"
for picture in search edited; do
  [ "$(head -c 4 shot/$picture.png | tail -c 3)" = PNG ] || fail "the screenshot command made no $picture.png"
done
echo "trace_page: the screenshot commands of docs/how-it-works.md made their PNGs"
