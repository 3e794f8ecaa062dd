/* vs-eval-curves.h — per variant, the scale a of the winning-chances curve
 *
 *     chances (cp) = 2 / (1 + exp (-a * cp)) - 1      (White's, in [-1, 1])
 *
 * that the annotator's judgements (?!, ?, ??), its accuracy, the practice
 * judge, the eval bar and the eval graph put centipawns on.  A centipawn is
 * not worth the same in every variant: a Crazyhouse lead of three pawns is
 * often lost again to drops (its curve came out far flatter than chess's;
 * Janggi's, on real games, the same as chess's).  Each
 * value is fitted by maximum likelihood to games of the variant (each
 * position's evaluation against the game's result, 1, 1/2 or 0);
 * build-aux/fit-win-curve.py does the fitting, and the data and command are
 * named below.  Lichess's curve for chess, a = 0.00368208, is what the
 * annotator used for all four before, and what a variant without a fit
 * keeps.
 */
#pragma once

#define VS_EVAL_WIN_SCALE_DEFAULT 0.00368208
/* Crazyhouse: 120 games of Fairy-Stockfish 11.1 against itself at 5,000
 * nodes a move from data/openings/crazyhouse.txt (`variant-study-cli match
 * -n 5000 -g 120`), annotated by Fairy-Stockfish at depth 8 (`annotate -d
 * 8`): 6,379 positions, a = 0.001316 (95 % bootstrap over games 0.000961 ..
 * 0.001801); mean log loss 0.6060, against 0.7282 on the chess curve.
 * Fairy-Stockfish is the engine that annotates Crazyhouse by default, and
 * the built-in engine's centipawns are on the same pawn = 100 scale.
 * (2026-12-02; engine games, not human ones: only three real games are
 * at hand.) */
#define VS_EVAL_WIN_SCALE_CRAZYHOUSE 0.001316

/* Janggi: the 305 real games with a result of the eleven gibo files in
 * tests/data/records/janggi, annotated by Fairy-Stockfish 11.1 at depth 6:
 * 31,179 positions, a = 0.003637 (95 % bootstrap 0.003014 .. 0.004230);
 * mean log loss 0.5984, the same as on the chess curve (2026-12-02). */
#define VS_EVAL_WIN_SCALE_JANGGI 0.003637
/* Chartima and Strato: no other engine plays them and no public records
 * are at hand, so the data are the built-in engine's games against itself
 * at 3,000 nodes a move from data/openings/V.txt (`match -n 3000 -g 100`),
 * annotated by it (`annotate -e builtin`, depth 5 for Chartima, 3 for
 * Strato).  The engine is deterministic, so the two games of each opening
 * are one game twice: about 50 games each, and the intervals below are too
 * narrow by about the square root of two.  At 3,000 nodes it converts big
 * leads badly (64 of the 100 Strato games were drawn, one from +13.7 by
 * the fifty-move rule), which flattens these two curves; fit them again
 * from stronger games when there are some.
 *   Chartima: 12,110 positions, a = 0.002248 (95 % bootstrap 0.001803 ..
 *   0.002816); mean log loss 0.5093, against 0.5374 on the chess curve.
 *   Strato: 24,356 positions, a = 0.000714 (0.000503 .. 0.001014); mean
 *   log loss 0.6613, against 0.9432 on the chess curve.  (2026-12-02) */
#define VS_EVAL_WIN_SCALE_CHARTIMA 0.002248
#define VS_EVAL_WIN_SCALE_STRATO 0.000714
