#!/bin/sh
# test-match-cli.sh CLI BOOK — `variant-study-cli match` with two game pairs
# played at once (--concurrency 2) from a book, an SPRT and the pentanomial
# summary: 8 games at 300 nodes of the built-in engine against itself; and
# the refusal to play a book's openings twice at fixed nodes.
set -eu
cli=$1
book=$2
out=$("$cli" match -v crazyhouse --engine1 "$cli uci" --engine2 "$cli uci" \
  --nodes 300 --games 8 --concurrency 2 \
  --sprt 0,5,0.05,0.05 --book "$book")
echo "$out"
n=$(echo "$out" | grep -c '^game [0-9]*:')
[ "$n" -eq 8 ] || { echo "expected 8 games, got $n"; exit 1; }
echo "$out" | grep -q '^Pentanomial (pairs scoring 0, 1/2, 1, 3/2, 2): [0-9]* [0-9]* [0-9]* [0-9]* [0-9]*$'
# the five counts add up to the four pairs
sum=$(echo "$out" | sed -n 's/^Pentanomial[^:]*: //p' | tr ' ' '\n' | awk '{s+=$1} END {print s}')
[ "$sum" -eq 4 ] || { echo "pentanomial counts add to $sum, not 4"; exit 1; }
echo "$out" | grep -q '^LLR -\?[0-9.]* \[-2.944, 2.944\]'
echo "$out" | grep -q '^Elo difference: -\?[0-9.]* +/- [0-9.]* (logistic'
# At fixed nodes a second pass over the book would only repeat its games:
# more games than twice its openings is refused, and nothing is played.
two=$(mktemp)
grep -v "^#" "$book" | head -n 2 > "$two"
if err=$("$cli" match -v crazyhouse --engine1 "$cli uci" --engine2 "$cli uci" \
    --nodes 300 --games 6 --book "$two" 2>&1); then
  echo "6 games from a 2-opening book at fixed nodes were played: $err"; rm -f "$two"; exit 1
fi
rm -f "$two"
echo "$err" | grep -q -- '--games 6 would play the 2 openings' || { echo "unexpected: $err"; exit 1; }
echo "$err" | grep -q '^game ' && { echo "games were played: $err"; exit 1; }
echo "ok"
