#!/usr/bin/env bash
# queens as a Unix tool: files as operands, read in turn ("-": stdin), with
# errors that name the file; --empty against OEIS; GNU option forms (a value
# as the next word, "--", abbreviations, a missing value); --version; and
# what cmake --install puts beside the binary (the man page and the docs).
#   unix_tool.sh QUEENS CASES_DIR INSTALLED_PREFIX
set -euo pipefail
queens=$1 cases=$2 installed=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
status=0
expect() {  # expect WHAT EXPECTED ACTUAL
  if [ "$2" != "$3" ]; then
    printf 'FAILED: %s\n  expected: %s\n  got:      %s\n' "$1" "$2" "$3"
    status=1
  fi
}
cp "$cases/sample.in" sample.in && cp "$cases/empty_04.in" four.in && cp "$cases/empty_05.in" five.in
expect "files in turn, - is stdin" "65 2 10" "$("$queens" sample.in four.in - <five.in | tr '\n' ' ' | sed 's/ $//')"
expect "files after the options end" "2" "$("$queens" --threads 1 -- four.in)"
# Files are read as cat reads them: an empty file, or one of blank lines,
# among them adds no board and no error; with no board at all, the input
# is refused, as an empty stdin is.
: >empty.txt
printf '\n  \n' >blank.txt
expect "an empty file among the files" "2 10" "$("$queens" four.in empty.txt blank.txt five.in | tr '\n' ' ' | sed 's/ $//')"
set +e
"$queens" empty.txt blank.txt >/dev/null 2>err.txt; code=$?
set -e
expect "files with no board at all" "1|error: blank.txt: line 3: expected a board, got the end of the input" \
  "$code|$(cat err.txt)"
printf '..\n.x\n' >bad.txt
set +e
out=$("$queens" sample.in bad.txt 2>err.txt); code=$?
set -e
expect "a bad file's error names it, after the counts before it" \
  "65|1|error: bad.txt: line 2, column 2: expected '.', '*' or 'Q', got 'x'" \
  "$out|$code|$(cat err.txt)"
set +e
"$queens" four.in missing.txt >/dev/null 2>err.txt; code=$?
set -e
expect "a missing file" "1|error: missing.txt: cannot open: No such file or directory" \
  "$code|$(cat err.txt)"
# Of two --stats, the last given wins, as for every option.
"$queens" --stats=json --stats four.in >/dev/null 2>err.txt
expect "--stats=json --stats: text" "board 1:" "$(head -c 8 err.txt)"
"$queens" --stats --stats=json four.in >/dev/null 2>err.txt
expect "--stats --stats=json: JSON" "{" "$(head -c 1 err.txt)"
# --device under auto, where no board counts on a device: said, not ignored.
"$queens" --device=1 four.in >out.txt 2>err.txt
expect "--device=1 unused by auto" "2|note: --device=1: no board was counted on it" \
  "$(cat out.txt)|$(cut -c1-44 err.txt)"
# A000170 and A002562, the first 14 and 12 terms.
expect "--empty=1..14 is A000170" "1 0 0 2 10 4 40 92 352 724 2680 14200 73712 365596" \
  "$("$queens" --empty=1..14 | tr '\n' ' ' | sed 's/ $//')"
expect "--unique --empty=1..12 is A002562" "1 0 0 1 2 1 6 12 46 92 341 1787" \
  "$("$queens" --unique --empty 1..12 | tr '\n' ' ' | sed 's/ $//')"
expect "--empty=N" "92" "$("$queens" --empty=8)"
for form in "--threads 2" "--threads=2" "--thr=2" "--memory 1t" "--memory=512m"; do
  # shellcheck disable=SC2086  # the form is two words or one, as a user types it
  expect "the form $form" "65" "$("$queens" $form sample.in)"
done
set +e
"$queens" --threads <sample.in >/dev/null 2>err.txt; code=$?
set -e
expect "a missing value" "2|error: --threads needs a value: '--threads=VALUE' or '--threads VALUE'" \
  "$code|$(head -n 1 err.txt)"
version=$("$queens" --version)
if ! [[ $version =~ ^queens\ [0-9]+\.[0-9]+\.[0-9]+$'\n'units\ of\ work\ numbered\ as\ version\ [0-9]+ ]]; then
  printf 'FAILED: --version says:\n%s\n' "$version"
  status=1
fi
# --stats=json: one JSON object a board, with every field of --stats.
"$queens" --stats=json --part=1/2 sample.in four.in >/dev/null 2>stats.jsonl
if command -v python3 >/dev/null; then
  python3 - stats.jsonl <<'PYTHON' || status=1
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
fields = {"board", "size", "share", "method", "device", "nodes", "ms", "threads", "device_wait_ms", "device_hand_ms", "device_start_ms", "join_bytes", "note", "reason"}
assert len(rows) == 2, rows
for number, (row, size) in enumerate(zip(rows, (8, 4)), 1):
    assert set(row) == fields, row
    assert row["board"] == number and row["size"] == size and row["share"] == {"part": 1, "parts": 2}, row
    assert isinstance(row["nodes"], int) and row["threads"] >= 1 and row["ms"] >= 0, row
    assert row["device"] is None, row
    assert row["device_wait_ms"] == row["device_hand_ms"] == row["device_start_ms"] == 0, row
    assert row["reason"].startswith("%dx%d, " % (size, size)), row
print("--stats=json: 2 objects, every field")
PYTHON
else
  echo "python3 is missing: --stats=json's objects were not parsed"
fi
# A page is for a file: to a terminal (script(1) gives the command one) it
# is refused, with the way to a file, and no HTML.
if command -v script >/dev/null; then
  set +e
  shown=$(script -qec "$queens --trace=html four.in" /dev/null); code=$?
  set -e
  expect "--trace=html to a terminal: status" 2 "$code"
  case $shown in
    *"send it to a file ('"*"--trace=html BOARDS > search.html')"*) ;;
    *) expect "--trace=html to a terminal: the way to a file" "send it to a file" "$shown" ;;
  esac
  case $shown in *"<html"*) expect "--trace=html to a terminal: no HTML" "" "$shown" ;; esac
fi
page=$installed/share/man/man1/queens.1
if [ "$(head -c 11 "$page" 2>/dev/null)" != ".TH QUEENS " ] || ! grep -q -- '\\-\\-empty' "$page"; then
  echo "FAILED: no man page made from --help at $page"
  status=1
fi
[ -f "$installed/share/doc/queens/docs/options.md" ] || { echo "FAILED: the docs are not installed"; status=1; }
# Every picture that the installed README and docs link to is installed.
doc=$installed/share/doc/queens
for file in "$doc/README.md" "$doc"/docs/*.md; do
  for picture in $(grep -o '!\[[^]]*\]([^)]*)' "$file" | sed 's/.*(\(.*\))/\1/'); do
    [ -f "$(dirname "$file")/$picture" ] || { echo "FAILED: $file shows $picture, not installed"; status=1; }
  done
done
[ $status = 0 ] && echo "queens behaves as a Unix tool: files, --empty, GNU forms, --version, man page"
exit $status
