/* vs-see.h — static exchange evaluation, for every variant alike.
 *
 * The exchange on a move's destination is played out on the worker's own
 * position by make/unmake: each side in turn recaptures there with its
 * least valuable piece that can, or stops.  The recaptures are the core's
 * legal noisy moves, so each variant's rules come with them: Janggi's
 * cannon screens and palace lines, pins, a king that may not recapture
 * into check.  What a move wins is what its undo entry says it took, so
 * Chartima's multiple and Ultima captures count in full, and there a
 * recapture is any move that takes the piece standing on the square,
 * whatever square it lands on.  A drop (Crazyhouse) wins nothing and may
 * be taken, so its exchange value is what it loses on its square.
 *
 * Allocates nothing; uses the worker's undo slots from `ply` on and its
 * see_moves buffer. */
#pragma once

#include "vs-search-private.h"

G_BEGIN_DECLS

/* The longest exchange played out after the move itself. */
#define VS_SEE_MAX_PLIES 6

/* The material the side to move wins by `m` and the exchange on its
 * destination (order values, centipawns; negative: it loses). */
int vs_see (VsWorker *w, int ply, VsMove m);

/* The order value of everything the move whose undo entry is `u` took. */
int vs_see_taken (const VsEvalTables *t, const VsUndo *u);

G_END_DECLS
