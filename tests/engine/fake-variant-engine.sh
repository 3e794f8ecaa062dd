#!/bin/sh
# fake-variant-engine.sh [VARIANTS] — a well-behaved fake UCI engine that
# plays the UCI_Variant values in VARIANTS (space-separated; default
# $FAKE_ENGINE_VARIANTS, else "crazyhouse janggitraditional janggicasual",
# like Fairy-Stockfish for the variants VariantStudy has) and announces a few
# options of each type.  Every "setoption" line is appended to
# $FAKE_ENGINE_LOG when set.  FAKE_ENGINE_MODE=crash-on-go: it crashes when
# asked to search.  Otherwise "go" gets one info line and "bestmove (none)".
variants="${1:-${FAKE_ENGINE_VARIANTS:-crazyhouse janggitraditional janggicasual}}"
while IFS= read -r line; do
  case "$line" in
    uci)
      echo "id name Fake Variants"
      set -- $variants
      printf 'option name UCI_Variant type combo default %s' "${1:-chess}"
      for v in $variants; do printf ' var %s' "$v"; done
      printf '\n'
      echo "option name Threads type spin default 1 min 1 max 512"
      echo "option name Hash type spin default 16 min 1 max 33554432"
      echo "option name Ponder type check default false"
      echo "option name UCI_LimitStrength type check default false"
      echo "option name UCI_Elo type spin default 1350 min 500 max 2850"
      echo "option name Style type combo default Normal var Solid var Normal var Risky"
      echo "option name EvalFile type string default <empty>"
      echo "option name Clear Hash type button"
      echo "uciok" ;;
    setoption*)
      [ -n "$FAKE_ENGINE_LOG" ] && echo "$line" >> "$FAKE_ENGINE_LOG" ;;
    isready) echo "readyok" ;;
    go*)
      if [ "$FAKE_ENGINE_MODE" = crash-on-go ]; then kill -SEGV $$; fi
      echo "info depth 1 score cp 5"
      echo "bestmove (none)" ;;
    stop) ;;
    quit) exit 0 ;;
  esac
done
