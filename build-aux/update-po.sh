#!/usr/bin/env bash
# build-aux/update-po.sh — regenerate po/variant-study.pot from POTFILES.in and
# merge po/ja.po with it, taking translations from po/ja.po first, then from
# the fragments in po/fragments/*.po (written by whoever added the strings).
# Prints the statistics; exits 1 if anything is untranslated or fuzzy.
set -euo pipefail
cd "$(dirname "$0")/.."
builddir=${1:-build}
meson compile -C "$builddir" variant-study-pot >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
header='msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Content-Transfer-Encoding: 8bit\n"
'
inputs=(po/ja.po)
if compgen -G "po/fragments/*.po" >/dev/null; then
  for f in po/fragments/*.po; do
    if grep -q 'Content-Type' "$f"; then cp "$f" "$tmp/$(basename "$f")"
    else { printf '%s\n' "$header"; cat "$f"; } > "$tmp/$(basename "$f")"; fi
    inputs+=("$tmp/$(basename "$f")")
  done
fi
msgcat --use-first -o "$tmp/all.po" "${inputs[@]}"
msgmerge --quiet --no-fuzzy-matching --no-wrap -o "$tmp/ja.po" "$tmp/all.po" po/variant-study.pot
msgattrib --no-obsolete --no-wrap -o po/ja.po "$tmp/ja.po"
stats=$(msgfmt --statistics -o /dev/null po/ja.po 2>&1)
echo "po/ja.po: $stats"
case "$stats" in *untranslated*|*fuzzy*) exit 1;; esac
