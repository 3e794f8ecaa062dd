/* vs-threads.h — the search's threads (Lazy SMP): workers kept between
 * runs, helpers started and joined around the main thread's search, and
 * the vote for the move to play. */
#pragma once

#include "vs-search-private.h"

G_BEGIN_DECLS

/* Allocate workers up to s->n_threads (kept between runs: their history
 * survives, as in most engines). */
void      vs_threads_ensure  (VsSearch *s);
void      vs_threads_free    (VsSearch *s);
/* Ready worker `id` for a search of `pos` over root_moves[0..n). */
void      vs_threads_setup   (VsSearch *s, VsWorker *w, int id, const VsPosition *pos,
                              const VsHistory *hist,
                              const VsMove *root_moves, int n);
/* Start workers 1..n_active-1, run worker 0 on this thread, then stop and
 * join the helpers; returns the worker whose result is played. */
VsWorker *vs_threads_search  (VsSearch *s, int n_active);

G_END_DECLS
