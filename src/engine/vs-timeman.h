/* vs-timeman.h — how long the search may think about one move: the limits
 * a clock allows (vs_timeman_limits), and how much of the soft one the
 * iterations so far ask for (VsTimeState, as Stockfish 11 scales its
 * optimum time: more after a falling score or a best move that keeps
 * changing, less while the best move stays the same). */
#pragma once

#include "vs-search.h"

G_BEGIN_DECLS

/* The soft limit (no new iteration after it) and the hard one (stop at
 * once), in µs from the start; 0 = none. */
void vs_timeman_limits (const VsSearchLimits *limits, int side,
                        gint64 *soft_us, gint64 *hard_us);

/* What the completed iterations of one search said. */
typedef struct {
  int    iterations;    /* completed so far                              */
  VsMove best;          /* the last one's best move                      */
  int    last_score;    /* its score                                     */
  int    avg_score;     /* running average of the iterations' scores      */
  int    stable;        /* iterations since the best move last changed    */
  double changes;       /* best-move changes, halved at each iteration    */
} VsTimeState;

void   vs_timeman_start (VsTimeState *t);
/* Record a completed iteration with best move `best` and score `score`;
 * returns the factor on the soft limit (1: as allotted), in
 * [VS_TIMEMAN_MIN_SCALE, VS_TIMEMAN_MAX_SCALE]. */
double vs_timeman_iteration (VsTimeState *t, VsMove best, int score);

/* Whether a search that has run `elapsed_us` starts no new iteration,
 * given the limits and the last factor. */
gboolean vs_timeman_done (gint64 elapsed_us, gint64 soft_us, gint64 hard_us, double scale);

#define VS_TIMEMAN_MIN_SCALE 0.4
#define VS_TIMEMAN_MAX_SCALE 3.0

G_END_DECLS
