#!/usr/bin/env python3
"""fit-win-curve.py PGN... — fit the scale a of the winning-chances curve

    P(White scores) = 1 / (1 + exp(-a * cp))     (chances = 2P - 1)

by maximum likelihood to the [%eval] comments of annotated games (written by
`variant-study-cli annotate`) against each game's result (1, 1/2, 0 for
White).  Games without a result ("*") and mate scores are left out, and so
are scores beyond +-2000 cp.  Prints the fitted a, a 95 % interval from
resampling the games (200 bootstrap draws), the mean log loss at a and at
Lichess's chess constant 0.00368208, and the counts.  A command that prints
figures, used to set src/engine/vs-eval-curves.h; not a test.
"""
import math
import random
import re
import sys

LICHESS = 0.00368208
RESULTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def games_of(paths):
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        for chunk in re.split(r"\n(?=\[Event )", text):
            m = re.search(r'\[Result "([^"]*)"\]', chunk)
            if not m or m.group(1) not in RESULTS:
                continue
            y = RESULTS[m.group(1)]
            cps = []
            for e in re.findall(r"\[%eval ([^\]\s]+)\]", chunk):
                if e.startswith("#"):
                    continue
                try:
                    cp = float(e) * 100
                except ValueError:
                    continue
                if abs(cp) <= 2000:
                    cps.append(cp)
            if cps:
                yield y, cps


def loss(a, data):
    total, n = 0.0, 0
    for y, cps in data:
        for cp in cps:
            z = -a * cp
            # log(1 + e^z) without overflow
            lse = z + math.log1p(math.exp(-z)) if z > 0 else math.log1p(math.exp(z))
            # -[y log p + (1-y) log(1-p)], p = 1/(1+e^z)
            total += y * lse + (1 - y) * (lse - z)
            n += 1
    return total / max(n, 1)


def fit(data):
    lo, hi = 1e-5, 0.05
    for _ in range(60):
        a = lo + (hi - lo) * 0.382
        b = lo + (hi - lo) * 0.618
        if loss(a, data) < loss(b, data):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    data = list(games_of(sys.argv[1:]))
    if not data:
        sys.exit("no games with a result and [%eval] comments")
    a = fit(data)
    rng = random.Random(1)
    draws = sorted(fit([rng.choice(data) for _ in data]) for _ in range(200))
    n = sum(len(c) for _, c in data)
    wins = sum(1 for y, _ in data if y == 1.0)
    losses = sum(1 for y, _ in data if y == 0.0)
    print(f"games {len(data)} (White wins {wins}, draws {len(data) - wins - losses}, "
          f"Black wins {losses}), positions {n}")
    print(f"a = {a:.6f} (95 % bootstrap interval {draws[5]:.6f} .. {draws[194]:.6f})")
    print(f"mean log loss: {loss(a, data):.4f} at a, {loss(LICHESS, data):.4f} at Lichess's {LICHESS}")
    print(f"a cp lead of 100 / 300 / 600: chances {2 / (1 + math.exp(-a * 100)) - 1:+.2f} / "
          f"{2 / (1 + math.exp(-a * 300)) - 1:+.2f} / {2 / (1 + math.exp(-a * 600)) - 1:+.2f}")


if __name__ == "__main__":
    main()
