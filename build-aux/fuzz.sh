#!/usr/bin/env bash
# build-aux/fuzz.sh — build the libFuzzer targets (clang, ASan + UBSan) and run
# each for SECONDS (default 60) on seed corpora made from ../shared/data and
# tests/fuzz/seeds.  Crashers are kept in build-fuzz/crashes/<target>/.
# Usage: build-aux/fuzz.sh [SECONDS] [TARGET…]
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}; shift || true
bd=build-fuzz
if [ ! -f $bd/build.ninja ]; then
  CC=clang meson setup $bd -Dfuzzing=true -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debugoptimized >/dev/null
fi
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=($(sed -n "s/^  '\(fuzz-[a-z-]*\)'.*/\1/p" tests/fuzz/meson.build))
fi
ninja -C $bd $(printf 'tests/fuzz/%s ' "${targets[@]}") >/dev/null
shared=${VS_SHARED_DIR:-../shared}
status=0
for t in "${targets[@]}"; do
  corpus=$bd/corpus/$t; crashes=$bd/crashes/$t
  mkdir -p "$corpus" "$crashes"
  # seeds: the target's own seed folder plus the shared data it reads
  [ -d tests/fuzz/seeds/$t ] && cp -n tests/fuzz/seeds/$t/* "$corpus"/ 2>/dev/null || true
  case $t in
    fuzz-position)
      i=0; for f in "$shared"/data/perft/*.tsv; do
        v=$(basename "$f" .tsv)
        case $v in chartima) b='\x00';; strato) b='\x01';; janggi) b='\x02';; crazyhouse) b='\x04';; esac
        grep -v '^#' "$f" | awk -F'\t' '{print (NF>3)?$2:$1}' | sort -u | while read -r fen; do
          i=$((i+1)); printf "$b%s" "$fen" > "$corpus/seed-$v-$(echo "$fen" | md5sum | cut -c1-8)"; done
      done;;
    fuzz-pgn|fuzz-kifu|fuzz-gibo)
      find "$shared/data/records" -type f \( -name '*.pgn' -o -name '*.gib' \) -size -64k -exec cp -n {} "$corpus"/ \; ;;
  esac
  echo "== $t: ${secs}s"
  if ! "$bd/tests/fuzz/$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$crashes/" -print_final_stats=1 "$corpus" 2>"$bd/$t.log"; then
    status=1; echo "!! $t found a problem:"; tail -40 "$bd/$t.log"
  fi
  grep -E '^stat::number_of_executed_units|^#[0-9]+.*DONE' "$bd/$t.log" | tail -2 || true
done
exit $status
