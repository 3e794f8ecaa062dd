/* vs-timeman.h — how long the search may think about one move. */
#pragma once

#include "vs-search.h"

G_BEGIN_DECLS

/* The soft limit (no new iteration after it) and the hard one (stop at
 * once), in µs from the start; 0 = none. */
void vs_timeman_limits (const VsSearchLimits *limits, int side,
                        gint64 *soft_us, gint64 *hard_us);

G_END_DECLS
