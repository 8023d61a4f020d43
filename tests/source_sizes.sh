#!/usr/bin/env bash
# Fails, naming each, on a function over 60 lines or a source file over 600
# (solution.cpp, the judge's one file, is allowed more lines, not longer
# functions). A function is a body opened by a line that ends in "{" after
# a ")" (and is no if, for, while, switch or lambda), outside any other
# function; raw string literals (the page's HTML) are skipped.
#   source_sizes.sh FILE...
set -euo pipefail
status=0
for file in "$@"; do
  lines=$(wc -l <"$file")
  if [ "$(basename "$file")" != solution.cpp ] && [ "$lines" -gt 600 ]; then
    echo "$file: $lines lines, over 600"
    status=1
  fi
  awk -v file="$file" '
    /R"[a-z]*\(/ && !/\)[a-z]*"/ { raw = 1; next }
    raw { if (/\)[a-z]*";/) raw = 0; next }
    {
      line = $0
      sub(/\/\/.*/, "", line)                   # comments
      gsub(/"([^"\\]|\\.)*"/, "\"\"", line)     # strings
      gsub(/'\''([^'\''\\]|\\.)*'\''/, "0", line)  # characters
      opens = gsub(/{/, "{", line); closes = gsub(/}/, "}", line)
      if (!inside && opens > closes && line ~ /\)[^;{}]*{[ \t]*$/ &&
          line !~ /^[ \t]*(if|for|while|switch|else|do)[ (]/ && line !~ /\]\(/ && line !~ /= *\[/) {
        inside = 1; start = NR; name = $0; depth = 0
      }
      if (inside) {
        depth += opens - closes
        if (depth <= 0) {
          if (NR - start + 1 > 60) { printf "%s:%d: a function of %d lines, over 60: %s\n", file, start, NR - start + 1, name; bad = 1 }
          inside = 0
        }
      }
    }
    END { exit bad }' "$file" || status=1
done
[ "$status" = 0 ] && echo "no function over 60 lines; no file over 600 lines but solution.cpp"
exit "$status"
