/* vs-eval-weights-crazyhouse.h — Crazyhouse evaluation weights (cp).
 *
 * Hand-set starting values: material on Fairy-Stockfish's drop-variant
 * ratios (P:N:B:R:Q = 1 : 5.6 : 5.9 : 8.6 : 14.8, pieces in hand worth a
 * little more than on the board); king danger from attacks on the king
 * zone, droppable pieces and safe drop checks.  `variant-study-cli tune`
 * rewrites this table (the seed and command then stand here).
 * A first fit (800 self-play games at 2000 nodes, seed 17, 4648 positions
 * labelled by results only; logistic scale K 0.124) halved the minor
 * pieces' and the queen's values and lost 26-106 to this table at 4000
 * nodes a move: results of such short games say little about material.
 * Not kept; labels from Fairy-Stockfish searches are the next step.
 */
#define VS_EVAL_WEIGHTS_CRAZYHOUSE(X) \
  X (PAWN,            90) \
  X (KNIGHT,         420) \
  X (BISHOP,         440) \
  X (ROOK,           600) \
  X (QUEEN,         1000) \
  X (HAND_PAWN,       50) \
  X (HAND_KNIGHT,     50) \
  X (HAND_BISHOP,     40) \
  X (HAND_ROOK,       40) \
  X (HAND_QUEEN,      40) \
  X (PROMOTED,      -120) \
  X (MOB_KNIGHT,       6) \
  X (MOB_BISHOP,       5) \
  X (MOB_ROOK,         3) \
  X (MOB_QUEEN,        2) \
  X (PAWN_ADVANCE,     2) \
  X (KD_ZONE_ATTACK,  14) \
  X (KD_WEAK_SQUARE,  10) \
  X (KD_HAND_PAWN,     6) \
  X (KD_HAND_KNIGHT,  14) \
  X (KD_HAND_BISHOP,  12) \
  X (KD_HAND_ROOK,    12) \
  X (KD_HAND_QUEEN,   22) \
  X (KD_SAFE_CHECK,   22) \
  X (KD_SHIELD,       10) \
  X (KD_DEFENDER,      6) \
  X (KD_KING_OUT,     10) \
  X (KD_QUADRATIC,    25) \
  X (KD_LINEAR,       40) \
  X (THREAT_BY_PAWN,  50) \
  X (THREAT_BY_MINOR, 30) \
  X (HANGING,         35) \
  X (TEMPO,           30)
