#!/bin/sh
# nps-compare.sh ENGINE1 ENGINE2 [MOVETIME_MS] [REPS]
# Nodes per second of two UCI engines on the same Crazyhouse and Janggi
# positions (the bench positions of variant-study-cli), one thread, each
# search MOVETIME_MS long (default 1000).  On each position the two engines
# search in turn, REPS times each (default 5), so that a change in the
# machine's load falls on both alike.  Prints one line per position:
# variant, position number, the median nps of each engine and the median
# of the REPS ratios ENGINE1/ENGINE2 with their least and greatest.
set -eu
E1=$1; E2=$2; MT=${3:-1000}; REPS=${4:-5}
run () { # engine variant fen
  { echo uci; echo "setoption name UCI_Variant value $2"; echo "setoption name Threads value 1";
    echo isready; echo "position $3"; echo "go movetime $MT"; sleep $(( MT / 1000 + 1 )); echo quit; } |
    $1 2>/dev/null | grep '^info .*nps' | tail -1 | sed 's/.* nps \([0-9]*\).*/\1/'
}
median () { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
i=0
while IFS='|' read -r v fen; do
  i=$((i + 1))
  a=""; b=""; r=""
  k=0
  while [ "$k" -lt "$REPS" ]; do
    x=$(run "$E1" "$v" "$fen"); y=$(run "$E2" "$v" "$fen")
    a="$a $x"; b="$b $y"; r="$r $(awk -v x="$x" -v y="$y" 'BEGIN { printf "%.3f", x / y }')"
    k=$((k + 1))
  done
  printf '%s %d %s %s %s %s ratio %s (%s-%s)\n' "$v" "$i" \
    "$(basename "${E1%% *}")" "$(echo $a | tr ' ' '\n' | median)" \
    "$(basename "${E2%% *}")" "$(echo $b | tr ' ' '\n' | median)" \
    "$(echo $r | tr ' ' '\n' | median)" "$(echo $r | tr ' ' '\n' | sort -g | head -1)" \
    "$(echo $r | tr ' ' '\n' | sort -g | tail -1)"
done <<POS
crazyhouse|startpos
crazyhouse|fen r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R[] w KQkq - 1 5
crazyhouse|fen r1b1k2r/ppp2ppp/2n5/3q4/3P4/5N2/PP3PPP/R1BQKB1R[PNbp] w KQkq - 0 9
crazyhouse|fen r4rk1/ppp2ppp/2n5/3p4/3P2b1/2PB1N2/P1P2PPP/R4RK1[QNBqnbp] b - - 0 15
janggi|startpos
janggi|fen r1ba1abnr/4k4/1cn4c1/p1p1p1p1p/9/6P2/P1P1P3P/1C2B2C1/4K4/RN1A1ABNR w - - 4 4
janggi|fen 2ba1a3/4k4/4b4/p3p1p1p/2p6/6P2/P3P3P/2C1R4/4K4/2BA1A3 w - - 0 30
POS
