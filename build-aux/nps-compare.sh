#!/bin/sh
# nps-compare.sh ENGINE1 ENGINE2 [MOVETIME_MS]
# Nodes per second of two UCI engines on the same Crazyhouse and Janggi
# positions (the bench positions of variant-study-cli), one search each of
# MOVETIME_MS (default 2000), one thread.  Prints one line per position and
# engine: variant, position number, engine, nps.
set -eu
E1=$1; E2=$2; MT=${3:-2000}
run () { # engine variant fen
  { echo uci; echo "setoption name UCI_Variant value $2"; echo "setoption name Threads value 1";
    echo isready; echo "position $3"; echo "go movetime $MT"; sleep $(( MT / 1000 + 1 )); echo quit; } |
    $1 2>/dev/null | grep '^info .*nps' | tail -1 | sed 's/.* nps \([0-9]*\).*/\1/'
}
i=0
while IFS='|' read -r v fen; do
  i=$((i + 1))
  for e in "$E1" "$E2"; do
    printf '%s %d %s %s\n' "$v" "$i" "$(basename "${e%% *}")" "$(run "$e" "$v" "$fen")"
  done
done <<POS
crazyhouse|startpos
crazyhouse|fen r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R[] w KQkq - 1 5
crazyhouse|fen r1b1k2r/ppp2ppp/2n5/3q4/3P4/5N2/PP3PPP/R1BQKB1R[PNbp] w KQkq - 0 9
crazyhouse|fen r4rk1/ppp2ppp/2n5/3p4/3P2b1/2PB1N2/P1P2PPP/R4RK1[QNBqnbp] b - - 0 15
janggi|startpos
janggi|fen r1ba1abnr/4k4/1cn4c1/p1p1p1p1p/9/6P2/P1P1P3P/1C2B2C1/4K4/RN1A1ABNR w - - 4 4
janggi|fen 2ba1a3/4k4/4b4/p3p1p1p/2p6/6P2/P3P3P/2C1R4/4K4/2BA1A3 w - - 0 30
POS
