#!/usr/bin/env python3
"""make-book.py — a balanced opening book for `variant-study-cli match --book`.

Random legal games of 8 to 12 plies from the start position (no passes), kept
when the evaluating engine's score at a fixed depth is within ±MARGIN cp and
the line is new.  Lines are written as "startpos moves m1 m2 …" in UCI
notation, after a header comment with the seed and the command.

  build-aux/make-book.py --variant crazyhouse --engine /usr/games/fairy-stockfish \
      --count 200 --seed 1 --depth 8 --margin 50 > data/openings/crazyhouse.txt

The engine must answer `go perft 1` with its legal moves (Fairy-Stockfish
does); passes (a move from a square to itself) are left out."""
import argparse, random, re, shlex, subprocess, sys


class Engine:
    def __init__(self, cmd, variant):
        self.p = subprocess.Popen(cmd, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci"); self.wait("uciok")
        self.send("setoption name UCI_Variant value " + variant)
        self.send("isready"); self.wait("readyok")

    def send(self, s):
        self.p.stdin.write(s + "\n"); self.p.stdin.flush()

    def wait(self, token):
        out = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("engine died")
            out.append(line.rstrip("\n"))
            if line.startswith(token):
                return out

    def moves(self, moves):
        self.send("position startpos moves " + " ".join(moves))
        self.send("go perft 1")
        out = self.wait("Nodes searched")
        legal = []
        for line in out:
            m = re.match(r"^(\S+): \d+$", line)
            if m:
                mv = m.group(1)
                sq = re.findall(r"[a-l][0-9]+", mv)
                if len(sq) == 2 and sq[0] == sq[1] and "@" not in mv:
                    continue   # a pass
                legal.append(mv)
        return legal

    def score(self, moves, depth):
        self.send("position startpos moves " + " ".join(moves))
        self.send("go depth %d" % depth)
        out = self.wait("bestmove")
        cp = None
        for line in out:
            m = re.search(r" score (cp|mate) (-?\d+)", line)
            if m:
                cp = int(m.group(2)) if m.group(1) == "cp" else 100000
        return cp

    def quit(self):
        self.send("quit"); self.p.wait()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--variant", required=True)
    ap.add_argument("--engine", required=True)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--margin", type=int, default=50)
    ap.add_argument("--min-plies", type=int, default=8)
    ap.add_argument("--max-plies", type=int, default=12)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    eng = Engine(a.engine, a.variant)
    print("# %s opening book: %d positions %d-%d plies in, |eval| <= %d cp at depth %d by %s"
          % (a.variant, a.count, a.min_plies, a.max_plies, a.margin, a.depth, a.engine))
    print("# seed %d; command: build-aux/make-book.py %s" % (a.seed, shlex.join(sys.argv[1:])))
    seen, tries = set(), 0
    while len(seen) < a.count and tries < a.count * 50:
        tries += 1
        plies = rng.randint(a.min_plies, a.max_plies)
        moves = []
        for _ in range(plies):
            legal = eng.moves(moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
        if len(moves) != plies or not eng.moves(moves):
            continue
        key = " ".join(moves)
        if key in seen:
            continue
        cp = eng.score(moves, a.depth)
        if cp is None or abs(cp) > a.margin:
            continue
        seen.add(key)
        print("startpos moves " + key, flush=True)
    eng.quit()


if __name__ == "__main__":
    main()
