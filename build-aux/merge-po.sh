#!/bin/sh
# build-aux/merge-po.sh OUT LANG.po [FRAGMENT.po…] — the catalogue the build
# uses: LANG.po plus the fragments not merged into it yet (with or without a
# PO header of their own), the first translation of a message winning.
set -e
out="$1"; shift
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
i=0; set -- "$@"
files=""
for f in "$@"; do
  i=$((i + 1))
  if grep -q 'Content-Type' "$f"; then cp "$f" "$tmp/$i.po"
  else
    printf 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Content-Transfer-Encoding: 8bit\\n"\n\n' > "$tmp/$i.po"
    cat "$f" >> "$tmp/$i.po"
  fi
  files="$files $tmp/$i.po"
done
# shellcheck disable=SC2086
msgcat --use-first -o "$out" $files
