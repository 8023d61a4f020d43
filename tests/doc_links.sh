#!/usr/bin/env bash
# Fails, naming each, on a link or picture in the Markdown files (README.md,
# docs/, bench/README.md) that points to a file of the project that is not
# there, or to a heading that its file does not have. A relative link is
# read from its own file's folder, as GitHub and other viewers read it; web
# addresses are not checked.
#   doc_links.sh PROJECT_DIR
set -euo pipefail
cd "$1"
# A file's headings as GitHub names their anchors: lower case, spaces to
# hyphens, other punctuation dropped.
anchors() { sed -n 's/^#\{1,6\} \{1,\}//p' "$1" | tr 'A-Z' 'a-z' | sed 's/[^a-z0-9 _-]//g; s/ /-/g'; }
status=0 checked=0
for doc in README.md docs/*.md bench/README.md; do
  # Every "](target)" or "](target "title")".
  while IFS= read -r link; do
    case $link in http://* | https://* | mailto:*) continue ;; esac
    file=${link%%#*} anchor=
    [[ $link == *#* ]] && anchor=${link#*#}
    target=$doc
    [ -n "$file" ] && target=$(dirname "$doc")/$file
    checked=$((checked + 1))
    if [ ! -e "$target" ]; then
      echo "$doc: the link to $link finds no file ($target)"
      status=1
    elif [ -n "$anchor" ] && ! anchors "$target" | grep -x -- "$anchor" >/dev/null; then  # not -q: it would end the pipe early
      echo "$doc: the link to $link finds no such heading in $target"
      status=1
    fi
  done < <(grep -o '](\([^)]*\))' "$doc" | sed 's/^](//; s/)$//; s/ .*//')
done
[ "$checked" -gt 0 ] || { echo "doc_links.sh: no link found to check"; exit 1; }
echo "$checked links checked"
exit $status
