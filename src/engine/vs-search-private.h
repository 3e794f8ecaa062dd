/* vs-search-private.h — hooks into the search's internals for the tests
 * (tests/engine/test-search.c): the draw rule at a ply, the key the
 * transposition table uses, the time allocation.  Not for the application. */
#pragma once

#include "vs-search.h"

G_BEGIN_DECLS

/* Whether the search scores `pos`, reached by the plies `h`, as a draw `ply`
 * plies below the root (the plies of h before that being the game's). */
gboolean vs_search_test_is_draw (const VsPosition *pos, const VsHistory *h, int ply);
/* The key under which the transposition table stores `pos`. */
uint64_t vs_search_test_tt_key  (const VsPosition *pos);
/* The soft and hard time limits (µs, 0 = none) for `side` under `limits`. */
void     vs_search_test_time    (const VsSearchLimits *limits, int side,
                                 gint64 *soft_us, gint64 *hard_us);

G_END_DECLS
