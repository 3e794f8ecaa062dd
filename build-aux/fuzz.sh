#!/usr/bin/env bash
# build-aux/fuzz.sh — build the libFuzzer targets (clang, ASan + UBSan) and run
# each for SECONDS (default 60) on seed corpora made from tests/data, the
# tests and tests/fuzz/seeds/<target>/ (plus tests/fuzz/regressions/<target>/).
# Crashers are kept in build-fuzz/crashes/<target>/; the run fails on any
# crash, leak, sanitizer report or broken property.  Run one target at a time.
# Usage: build-aux/fuzz.sh [SECONDS] [TARGET…]
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}; shift || true
bd=${VS_FUZZ_BUILDDIR:-build-fuzz}
if [ ! -f $bd/build.ninja ]; then
  CC=clang meson setup $bd -Dfuzzing=true -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debugoptimized >/dev/null
fi
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=($(sed -n "s/^  '\(fuzz-[a-z-]*\)'.*/\1/p" tests/fuzz/meson.build))
fi
ninja -C $bd $(printf 'tests/fuzz/%s ' "${targets[@]}") >/dev/null
data=${VS_TEST_DATA_DIR:-tests/data}
status=0

# seed_prefixed BYTE FILE… : copy each file into $corpus behind one selector byte
seed_prefixed () {
  local b=$1; shift
  for f in "$@"; do
    [ -f "$f" ] || continue
    { printf "$b"; cat "$f"; } > "$corpus/data-$(basename "$f" | tr -c 'A-Za-z0-9.\n-' _)"
  done
}
small_records () {  # the test records small enough to mutate quickly
  find "$data/records" -type f \( -name "$1" \) -size -16k | sort
}

for t in "${targets[@]}"; do
  corpus=$bd/corpus/$t; crashes=$bd/crashes/$t
  mkdir -p "$corpus" "$crashes"
  # seeds: the target's own seed folder, its past crashers, plus the test data it reads
  for d in tests/fuzz/seeds/$t tests/fuzz/regressions/$t; do
    [ -d "$d" ] && cp -n "$d"/* "$corpus"/ 2>/dev/null || true
  done
  max_len=4096
  case $t in
    fuzz-position)
      for f in "$data"/perft/*.tsv; do
        v=$(basename "$f" .tsv)
        case $v in chartima) b='\x00';; strato) b='\x01';; janggi) b='\x02';; crazyhouse) b='\x04';; *) continue;; esac
        grep -v '^#' "$f" | awk -F'\t' '{print (NF>3)?$2:$1}' | sort -u | while read -r fen; do
          printf "$b%s" "$fen" > "$corpus/seed-$v-$(echo "$fen" | md5sum | cut -c1-8)"; done
      done;;
    fuzz-pgn)
      max_len=16384; seed_prefixed '\x00' $(small_records '*.pgn');;
    fuzz-gibo)
      max_len=16384; seed_prefixed '\x00' $(small_records '*.gib');;
    fuzz-kifu)
      max_len=16384;;
    fuzz-record)
      max_len=16384; seed_prefixed '\x00' $(small_records '*.pgn') $(small_records '*.gib');;
    fuzz-uci)
      # the info/bestmove lines of the engine tests' fake engine (Crazyhouse = variant 4)
      { printf '\x04\x00'; sed -n 's/^ *echo "\(\(info\|bestmove\|option\|id\) [^"]*\)".*/\1/p' tests/engine/fake-engine.sh \
          | sed 's/\$move/e2e4/g'; } > "$corpus/seed-fake-engine";;
  esac
  echo "== $t: ${secs}s"
  if ! "$bd/tests/fuzz/$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=$max_len \
        -artifact_prefix="$crashes/" -print_final_stats=1 "$corpus" 2>"$bd/$t.log"; then
    status=1; echo "!! $t found a problem:"; tail -40 "$bd/$t.log"
  fi
  grep -E '^stat::number_of_executed_units|^#[0-9]+.*DONE' "$bd/$t.log" | tail -2 || true
done
exit $status
