/* vs-mate-prover.h — a full-width mate prover, independent of the search.
 *
 * It answers one question exactly: can the side to move force a win by the
 * rules (checkmate, or any other end of game that the variant scores as a
 * win for it) within N of its own moves, against every defence?  Every
 * legal move of the defender is tried; nothing is pruned but what a proof
 * makes unnecessary (the other attacking moves once one mates, the other
 * defences once one escapes), and no evaluation is used.  The move order
 * (checks first for the attacker, the last refutation first for the
 * defender) changes only the time a proof takes, never its result.
 *
 * It is used to make and check the mate suites of the engine (issue 16):
 * `variant-study-cli mates`.  Positions are judged alone: no earlier plies,
 * so no repetition.  A prover allocates its tables once; it is not
 * thread-safe (use one per thread).
 */
#pragma once

#include "vs-variant.h"

G_BEGIN_DECLS

#define VS_MATE_PROVER_MAX_MOVES 6

typedef struct _VsMateProver VsMateProver;

VsMateProver *vs_mate_prover_new  (void);
void          vs_mate_prover_free (VsMateProver *prover);

/* Whether the side to move of pos forces a win within n moves (n ≤
 * VS_MATE_PROVER_MAX_MOVES).  If so and first is not NULL, *first is a
 * move that does. */
gboolean vs_mate_prover_forces (VsMateProver *prover, const VsPosition *pos, int n, VsMove *first);

/* The fewest moves in which the side to move forces a win, 1..max_moves,
 * or 0 if it cannot within max_moves.  *first as above. */
int      vs_mate_prover_shortest (VsMateProver *prover, const VsPosition *pos, int max_moves, VsMove *first);

/* Positions visited since the prover was made (a measure of the work). */
guint64  vs_mate_prover_nodes (const VsMateProver *prover);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (VsMateProver, vs_mate_prover_free)

G_END_DECLS
