#!/usr/bin/env bash
# test-po.sh SRCDIR — translation completeness (TAP):
#  1. po/ja.po has no untranslated or fuzzy message;
#  2. every file with translatable strings is listed in po/POTFILES.in;
#  3. po/ja.po is up to date: every message extracted from the sources now
#     (xgettext over POTFILES.in) has a Japanese translation.
set -u
src=${1:?usage: test-po.sh SRCDIR}
cd "$src" || exit 1
n=0; fails=0
ok () { n=$((n+1)); echo "ok $n - $1"; }
notok () { n=$((n+1)); fails=$((fails+1)); echo "not ok $n - $1"; }

stats=$(msgfmt --check --statistics -o /dev/null po/ja.po 2>&1)
case "$stats" in
  *untranslated*|*fuzzy*|*error*) notok "po/ja.po complete: $stats";;
  *) ok "po/ja.po complete: $stats";;
esac

missing=$( { grep -rlE '\b(N?C?_|g_dpgettext2)\("' src --include='*.c' --include='*.h';
             grep -rl 'translatable="yes"' ui data --include='*.ui' --include='*.xml' --include='*.in' 2>/dev/null;
             ls org.example.VariantStudy.metainfo.xml* 2>/dev/null; } |
           sort -u | while read -r f; do grep -qxF "$f" po/POTFILES.in || echo "$f"; done)
if [ -z "$missing" ]; then ok "every file with translatable text is in POTFILES.in"
else notok "files missing from POTFILES.in: $(echo $missing)"; fi

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
grep -v '^#' po/POTFILES.in | grep . > "$tmp/files"
# the same keywords as meson's glib preset
xgettext --from-code=UTF-8 --add-comments --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
  --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
  --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
  --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format --flag=g_set_error:4:c-format \
  -f "$tmp/files" -o "$tmp/now.pot" 2>"$tmp/xgettext.log"
if [ ! -s "$tmp/now.pot" ]; then notok "xgettext ran: $(head -3 "$tmp/xgettext.log")"
else
  msgmerge --quiet --no-fuzzy-matching -o "$tmp/ja.po" po/ja.po "$tmp/now.pot" 2>/dev/null
  left=$(msgattrib --untranslated --no-obsolete "$tmp/ja.po" | grep -c '^msgid "[^"]' || true)
  if [ "$left" = 0 ]; then ok "every message in the sources has a Japanese translation"
  else notok "$left messages in the sources have no Japanese translation (run build-aux/update-po.sh):"
    msgattrib --untranslated --no-obsolete "$tmp/ja.po" | grep '^msgid "[^"]' | head -10 | sed 's/^/# /'; fi
fi
echo "1..$n"
[ $fails -eq 0 ]
