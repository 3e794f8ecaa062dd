#!/usr/bin/env python3
"""Write a big Crazyhouse PGN for the reader benchmark: the three shared
Lichess games repeated N times (default 10,000) with changed [Site] headers.

    tests/record/make-zh-bench.py [N] > zh-bench.pgn
    variant-study-cli replay --stats --quiet zh-bench.pgn
    variant-study-cli replay --stats --quiet --keep zh-bench.pgn
"""
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
data_dir = os.environ.get("VS_TEST_DATA_DIR", os.path.join(here, "..", "data"))
names = ["lichess-2016-saturs-jannlee.pgn", "lichess-2017-knightvuillaume-jannlee.pgn",
         "lichess-2018-jannlee-crazyara.pgn"]
games = []
for name in names:
    with open(os.path.join(data_dir, "records", "crazyhouse", name), encoding="utf-8") as f:
        lines = [l for l in f.read().strip().split("\n") if not l.startswith("[Site ")]
    games.append("\n".join(lines))
n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
out = sys.stdout
for i in range(n):
    out.write('[Site "generated game %d"]\n%s\n\n' % (i + 1, games[i % 3]))
