#!/usr/bin/env bash
# build-aux/perft-bench.sh — perft speed of variant-study-cli against
# Fairy-Stockfish (one thread each), side by side in one run, on the same
# positions.  Prints nodes/s for both and our speed as a ratio of theirs.
# Chartima and Strato have no other engine: their nodes/s alone.
# Usage: build-aux/perft-bench.sh [BUILDDIR]      (needs fairy-stockfish)
set -euo pipefail
cd "$(dirname "$0")/.."
cli=${1:-build}/src/cli/variant-study-cli
fs=${FS_BIN:-/usr/games/fairy-stockfish}
[ -x "$cli" ] || { echo "build first: $cli not found" >&2; exit 2; }

# variant  fs-variant  depth  position
cases=(
  "crazyhouse|crazyhouse|5|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
  "crazyhouse|crazyhouse|5|r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R[] w KQkq - 0 1"
  "crazyhouse|crazyhouse|4|2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - - 0 1"
  "janggi|janggitraditional|5|rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"
  "janggi|janggitraditional|5|1rbakab1r/9/2n3nc1/1p2p1p1p/1c1p5/9/PP2PP1P1/1CN3NC1/R3A4/2BAK1B1R w - - 16 9"
  "janggi-casual|janggicasual|5|rnba1ab1r/4k4/6nc1/1p2p1p1p/1c1p5/9/PP2P1P1P/1C4NC1/R3A4/1NBAK1B1R w - - 10 6"
  "chartima||5|ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLI w KQkq - 0 1"
  "strato||4|8/8/8/8/8/8/P'P'P'P'P'P'P'P'/R'N'B'Q'K'B'N'R'|8/8/8/8/8/8/8/8|r'n'b'q'k'b'n'r'/p'p'p'p'p'p'p'p'/8/8/8/8/8/8 w - 0 1"
)

now () { date +%s.%N; }

printf '%-14s %5s %12s %10s %10s %7s\n' variant depth nodes "our Mn/s" "FS Mn/s" ratio
declare -A our_n our_t fs_n fs_t
for c in "${cases[@]}"; do
  IFS='|' read -r v fv d fen <<<"$c"
  t0=$(now); n=$("$cli" perft --variant "$v" --fen "$fen" --depth "$d" | tail -1); t1=$(now)
  ot=$(echo "$t1 - $t0" | bc -l)
  fsr="-"; ratio="-"
  if [ -n "$fv" ] && [ -x "$fs" ]; then
    t2=$(now)
    out=$(printf 'uci\nsetoption name UCI_Variant value %s\nsetoption name Threads value 1\nposition fen %s\ngo perft %s\nquit\n' "$fv" "$fen" "$d" | "$fs" 2>&1)
    t3=$(now)
    fn=$(echo "$out" | sed -n 's/^Nodes searched: *\([0-9]*\).*/\1/p' | tail -1)
    ft=$(echo "$t3 - $t2" | bc -l)
    [ "$fn" = "$n" ] || echo "  (node counts differ: ours $n, FS $fn)"
    fsr=$(printf '%.2f' "$(echo "$fn / $ft / 1000000" | bc -l)")
    ratio=$(printf '%.2fx' "$(echo "($n / $ot) / ($fn / $ft)" | bc -l)")
    fs_n[$v]=$(( ${fs_n[$v]:-0} + fn )); fs_t[$v]=$(echo "${fs_t[$v]:-0} + $ft" | bc -l)
  fi
  our_n[$v]=$(( ${our_n[$v]:-0} + n )); our_t[$v]=$(echo "${our_t[$v]:-0} + $ot" | bc -l)
  printf '%-14s %5s %12s %10.2f %10s %7s\n' "$v" "$d" "$n" "$(echo "$n / $ot / 1000000" | bc -l)" "$fsr" "$ratio"
done
echo
echo "per variant (total nodes / total time):"
for v in crazyhouse janggi janggi-casual chartima strato; do
  [ -n "${our_n[$v]:-}" ] || continue
  o=$(echo "${our_n[$v]} / ${our_t[$v]}" | bc -l)
  if [ -n "${fs_n[$v]:-}" ]; then
    f=$(echo "${fs_n[$v]} / ${fs_t[$v]}" | bc -l)
    printf '  %-14s ours %6.2f Mn/s  FS %6.2f Mn/s  ratio %.2fx\n' "$v" "$(echo "$o/1000000" | bc -l)" "$(echo "$f/1000000" | bc -l)" "$(echo "$o/$f" | bc -l)"
  else
    printf '  %-14s ours %6.2f Mn/s\n' "$v" "$(echo "$o/1000000" | bc -l)"
  fi
done
