#!/bin/sh
# fake-engine.sh MODE — a misbehaving (or well-behaved) UCI engine for the
# engine tests.  MODE: good, exit-at-start, silent, garbage, illegal,
# crash-on-go, hang-on-go.  The good one answers "go" with the move in $2
# (default e2e4) and two info lines.
# More modes (issue #10, engine faults):
#   crash-mid   three info lines for $2 a little apart, then SIGSEGV
#   freeze      after "go" it stops reading and writing (hung, alive)
#   bad-move    "info … pv $2 $3" then "bestmove $3" ($3: an illegal or
#               unknown move; the pv's legal part is $2)
#   babble      answers "uci" with endless garbage and long lines, never uciok
#   until-stop  after "go" one info line, then "bestmove $2" only on "stop"
# With FAKE_ENGINE_STARTS set, each start appends its pid to that file.
mode="$1"
move="${2:-e2e4}"
bad="${3:-z9z9}"
[ -n "$FAKE_ENGINE_STARTS" ] && echo $$ >> "$FAKE_ENGINE_STARTS"
case "$mode" in
  exit-at-start) exit 3 ;;
esac
while IFS= read -r line; do
  case "$line" in
    uci)
      [ "$mode" = silent ] && continue
      if [ "$mode" = babble ]; then
        while :; do
          echo "babble babble"
          printf '%*s\n' 300000 '' | tr ' ' 'b'
          printf 'no newline here %*s' 70000 '' | tr ' ' 'n'
          printf '\n\377\376 junk\n'
        done
      fi
      if [ "$mode" = garbage ]; then
        echo "this is not uci"
        printf '%*s\n' 200000 '' | tr ' ' 'x'
        printf '\377\376\375 binary junk\n'
      fi
      echo "id name Fake $mode"
      echo "option name UCI_Variant type combo default crazyhouse var crazyhouse var janggitraditional var janggicasual var chartima var strato"
      echo "option name MultiPV type spin default 1 min 1 max 10"
      echo "uciok" ;;
    isready) echo "readyok" ;;
    go*)
      case "$mode" in
        crash-on-go)
          echo "info depth 1 score cp 10 pv $move"
          kill -SEGV $$ ;;
        hang-on-go) ;;
        until-stop)
          echo "info depth 1 seldepth 1 multipv 1 score cp 10 nodes 10 nps 1000 time 10 pv $move" ;;
        crash-mid)
          echo "info depth 1 seldepth 1 multipv 1 score cp 11 nodes 10 nps 1000 time 10 pv $move"
          sleep 0.3
          echo "info depth 2 seldepth 2 multipv 1 score cp 12 nodes 40 nps 1000 time 40 pv $move"
          sleep 0.3
          echo "info depth 3 seldepth 3 multipv 1 score cp 13 nodes 90 nps 1000 time 90 pv $move"
          sleep 0.3
          kill -SEGV $$ ;;
        freeze)
          echo "info depth 1 seldepth 1 multipv 1 score cp 10 nodes 10 nps 1000 time 10 pv $move"
          exec sleep 600 ;;
        bad-move)
          echo "info depth 1 seldepth 1 multipv 1 score cp 15 nodes 10 nps 1000 time 10 pv $move $bad e7e5"
          sleep 0.3
          echo "bestmove $bad" ;;
        illegal)
          echo "info depth 1 score cp 5 pv $move"
          echo "bestmove z9z9" ;;
        garbage)
          echo "info depth x score cp pv"
          echo "info depth 2 nodes -5 nps abc score mate"
          printf 'info string %*s\n' 100000 '' | tr ' ' 'y'
          echo "info depth 3 seldepth 4 multipv 1 score cp 33 nodes 100 nps 1000 time 5 pv $move"
          echo "info depth 3 multipv 1 score cp 1 pv q9q9"
          echo "bestmove $move" ;;
        *)
          echo "info depth 1 seldepth 1 multipv 1 score cp 12 nodes 20 nps 2000 time 10 pv $move"
          echo "info depth 2 seldepth 3 multipv 1 score mate 3 nodes 200 nps 2000 time 100 hashfull 7 pv $move"
          echo "bestmove $move" ;;
      esac ;;
    stop)
      [ "$mode" = hang-on-go ] && continue
      [ "$mode" = until-stop ] && echo "bestmove $move" ;;
    quit) exit 0 ;;
  esac
done
