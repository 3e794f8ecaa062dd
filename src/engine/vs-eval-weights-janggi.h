/* vs-eval-weights-janggi.h — Janggi evaluation weights (cp).
 *
 * Hand-set starting values near Fairy-Stockfish's janggi values (middle
 * game / endgame: R 1382, C 800/600, H 520/800, E 340/350, A 400/350,
 * S 200/270 in its units; here at ~0.55 of them); mobility counts the
 * points a Horse or Elephant reaches with its legs free and a Cannon's
 * jumps over screens; palace attacks and open files into the palace.
 * `variant-study-cli tune` rewrites this table (seed and command then here).
 */
#define VS_EVAL_WEIGHTS_JANGGI(X) \
  X (ROOK_MG,        760) \
  X (ROOK_EG,        760) \
  X (CANNON_MG,      440) \
  X (CANNON_EG,      330) \
  X (HORSE_MG,       290) \
  X (HORSE_EG,       440) \
  X (ELEPHANT_MG,    190) \
  X (ELEPHANT_EG,    195) \
  X (GUARD_MG,       220) \
  X (GUARD_EG,       195) \
  X (PAWN_MG,        110) \
  X (PAWN_EG,        150) \
  X (MOB_ROOK,         4) \
  X (MOB_CANNON,       5) \
  X (MOB_HORSE,        8) \
  X (MOB_ELEPHANT,     5) \
  X (PAWN_ADVANCE,     6) \
  X (PAWN_PAIR,       10) \
  X (PALACE_ATTACK,   12) \
  X (OPEN_FILE_ROOK,  25) \
  X (GUARD_NEAR,      15) \
  X (KD_QUADRATIC,    20) \
  X (THREAT_HANGING,  30) \
  X (THREAT_BY_LOWER, 25) \
  X (KING_CENTRE,     10) \
  X (TEMPO,           20)
