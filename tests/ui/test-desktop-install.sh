#!/bin/sh
# test-desktop-install.sh BUILD_DIR — installs the project into a temporary
# DESTDIR, lists the installed tree and checks that every part a desktop
# needs is there: binary, icons, desktop file, metainfo, schema, MIME types,
# translations and the sample records.
set -eu
build=$1
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT

meson install -C "$build" --destdir "$dest" --no-rebuild --quiet >/dev/null
prefix=$(meson introspect "$build" --buildoptions | python3 -c '
import json, sys
print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "prefix"))')
root="$dest$prefix"

echo "# installed tree under $prefix"
(cd "$root" && find . -type f | sort | sed 's/^/#   /')

status=0
check () {
  if [ -e "$root/$1" ]; then
    echo "ok - $1"
  else
    echo "not ok - $1 missing"
    status=1
  fi
}
check bin/variant-study
check share/applications/org.example.VariantStudy.desktop
check share/metainfo/org.example.VariantStudy.metainfo.xml
check share/glib-2.0/schemas/org.example.VariantStudy.gschema.xml
check share/icons/hicolor/scalable/apps/org.example.VariantStudy.svg
check share/icons/hicolor/symbolic/apps/org.example.VariantStudy-symbolic.svg
check share/mime/packages/org.example.VariantStudy.mime.xml
check share/locale/ja/LC_MESSAGES/variant-study.mo
for v in chartima strato janggi crazyhouse; do
  n=$(find "$root/share/variant-study/samples" -name "*$v*" -type f 2>/dev/null | wc -l)
  if [ "$n" -gt 0 ]; then echo "ok - sample record for $v"; else echo "not ok - no sample record for $v"; status=1; fi
done

# The installed desktop file must name the installed binary and icon.
grep -q '^Exec=variant-study' "$root/share/applications/org.example.VariantStudy.desktop" || { echo "not ok - Exec line"; status=1; }
# The installed metainfo must be the merged one (with the Japanese summary).
grep -q 'xml:lang="ja"' "$root/share/metainfo/org.example.VariantStudy.metainfo.xml" \
  && echo "ok - metainfo carries Japanese" || { echo "not ok - metainfo has no Japanese translation"; status=1; }
exit $status
