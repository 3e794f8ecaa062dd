#!/usr/bin/env bash
# bench-library.sh [BUILDDIR] [N] — figures for the game library (issue 19),
# a command that prints numbers, not a test:
#   * import time of a big generated collection (Crazyhouse: make-zh-bench.py N,
#     default 10000 games; Janggi: a real gibo repeated N/5 times) as a ratio to
#     a plain `variant-study-cli replay --quiet` of the same file;
#   * explore and find latency: median over many positions of the library
#     (each query is one CLI run, so process start-up is included).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
builddir=${1:-$here/build}
n=${2:-10000}
cli=$builddir/src/cli/variant-study-cli
export LC_ALL=C.UTF-8
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now () { date +%s.%N; }
secs () { echo "$2 - $1" | bc -l; }

python3 "$here/tests/record/make-zh-bench.py" "$n" > "$tmp/zh.pgn"
gib=$here/tests/data/records/janggi/mandarinai-2016-ha-vs-jeon.gib
for _ in $(seq $((n / 5))); do cat "$gib"; printf '\r\n'; done > "$tmp/janggi.gib"

# wall time, and CPU time (user + system, steadier on a loaded machine)
cpu_of () { awk '{print $1 + $2}' "$1"; }

bench_import () {
  local name=$1 file=$2
  local t0 t1 t2
  t0=$(now)
  /usr/bin/time -o "$tmp/rep.cpu" -f '%U %S' "$cli" replay --quiet "$file" > /dev/null 2>&1 || true
  t1=$(now)
  /usr/bin/time -o "$tmp/add.cpu" -f '%U %S' "$cli" library add --db "$tmp/lib.db" "$file" > "$tmp/add.out" 2>/dev/null || true
  t2=$(now)
  local rep imp rc ac
  rep=$(secs "$t0" "$t1"); imp=$(secs "$t1" "$t2")
  rc=$(cpu_of "$tmp/rep.cpu"); ac=$(cpu_of "$tmp/add.cpu")
  printf '%-10s %s; replay %.2f s, library add %.2f s, ratio %.2f; CPU %.2f s / %.2f s, ratio %.2f\n' "$name" \
    "$(cat "$tmp/add.out")" "$rep" "$imp" "$(echo "$imp / $rep" | bc -l)" \
    "$rc" "$ac" "$(echo "$ac / $rc" | bc -l)"
}

echo "== import ($(du -h "$tmp/zh.pgn" | cut -f1) Crazyhouse PGN, $(du -h "$tmp/janggi.gib" | cut -f1) gibo)"
bench_import crazyhouse "$tmp/zh.pgn"
bench_import janggi "$tmp/janggi.gib"
echo "library: $(du -h "$tmp/lib.db" | cut -f1) (+ WAL)"

median () { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

bench_queries () {
  local variant=$1 lines=()
  # positions: the start, every move from it, and every second move after those
  mapfile -t first < <("$cli" library explore --db "$tmp/lib.db" --variant "$variant" | cut -d' ' -f1)
  lines+=("")
  for m in "${first[@]}"; do
    lines+=("$m")
    while read -r m2 _; do lines+=("$m $m2"); done < <("$cli" library explore --db "$tmp/lib.db" --variant "$variant" --moves "$m")
  done
  local qe=() qf=()
  for _ in 1 2 3; do
    for l in "${lines[@]}"; do
      local t0 t1 t2
      t0=$(now)
      "$cli" library explore --db "$tmp/lib.db" --variant "$variant" ${l:+--moves "$l"} > /dev/null
      t1=$(now)
      "$cli" library find --db "$tmp/lib.db" --variant "$variant" ${l:+--moves "$l"} > /dev/null
      t2=$(now)
      qe+=("$(secs "$t0" "$t1")"); qf+=("$(secs "$t1" "$t2")")
    done
  done
  printf '%-10s %d queries each: explore median %.1f ms, find median %.1f ms (CLI start-up included)\n' \
    "$variant" "${#qe[@]}" "$(printf '%s\n' "${qe[@]}" | median | awk '{print $1*1000}')" \
    "$(printf '%s\n' "${qf[@]}" | median | awk '{print $1*1000}')"
}

echo "== queries"
start=$(now); "$cli" --help > /dev/null 2>&1 || true; end=$(now)
printf 'CLI start-up alone: %.1f ms\n' "$(echo "($end - $start) * 1000" | bc -l)"
bench_queries crazyhouse
bench_queries janggi-casual
