/* vs-threads.c — the search's threads (see vs-threads.h). */
#include "vs-threads.h"

#include <string.h>

void
vs_threads_ensure (VsSearch *s)
{
  while (s->n_workers < s->n_threads)
    {
      VsWorker *w = g_malloc0 (sizeof (VsWorker));
      vs_history_clear (&w->hist);
      s->workers[s->n_workers++] = w;
    }
}

void
vs_threads_free (VsSearch *s)
{
  for (int i = 0; i < s->n_workers; i++)
    {
      g_free (s->workers[i]->undo);
      vs_history_free (&s->workers[i]->hist);
      g_free (s->workers[i]);
    }
  s->n_workers = 0;
}

guint64
vs_search_nodes (VsSearch *s)
{
  guint64 n = 0;
  for (int i = 0; i < s->n_workers; i++)
    n += atomic_load_explicit (&s->workers[i]->nodes, memory_order_relaxed);
  return n;
}

void
vs_threads_setup (VsSearch *s, VsWorker *w, int id, const VsPosition *pos, const VsHistory *hist,
                  const VsMove *root_moves, int n)
{
  w->s = s;
  w->id = id;
  memcpy (&w->pos, pos, sizeof (VsPosition));
  /* the game's plies, then room for the search path (grown here, never
   * during the search: make and unmake allocate nothing) */
  int game_len = hist ? hist->len : 0;
  if (w->undo_cap < game_len + VS_SEARCH_STACK)
    {
      w->undo_cap = game_len + VS_SEARCH_STACK;
      w->undo = g_renew (VsUndo, w->undo, w->undo_cap);
    }
  if (game_len)
    memcpy (w->undo, hist->undo, game_len * sizeof (VsUndo));
  w->n_game = game_len;
  vs_history_setup_cont (&w->hist, pos->variant, s->tables->cont_history);
  atomic_store (&w->nodes, 0);
  w->seldepth = 0;
  w->completed_depth = 0;
  w->nmp_min_ply = 0;
  w->nmp_side = 0;
  w->n_root = n;
  for (int i = 0; i < n; i++)
    {
      memset (&w->root[i], 0, sizeof (VsRootMove));
      w->root[i].move = root_moves[i];
      w->root[i].score = -VS_SCORE_INF;
      w->root[i].prev_score = -VS_SCORE_INF;
    }
  vs_history_clear_killers (&w->hist);
}

static gpointer
helper_main (gpointer data)
{
  VsWorker *w = data;
  vs_search_iterate (w);
  return NULL;
}

VsWorker *
vs_threads_search (VsSearch *s, int n_active)
{
  for (int i = 1; i < n_active; i++)
    s->workers[i]->thread = g_thread_new ("vs-search", helper_main, s->workers[i]);
  vs_search_iterate (s->workers[0]);
  atomic_store (&s->stop, 1);
  for (int i = 1; i < n_active; i++)
    {
      g_thread_join (s->workers[i]->thread);
      s->workers[i]->thread = NULL;
    }
  VsWorker *w = s->workers[0];
  /* Lazy SMP: a helper that completed a deeper iteration votes too */
  for (int i = 1; i < n_active; i++)
    {
      VsWorker *h = s->workers[i];
      if (h->completed_depth > w->completed_depth && h->root[0].score > -VS_SCORE_INF &&
          s->limits.multipv == 1)
        w = h;
    }
  if (w->completed_depth == 0 && w->root[0].score == -VS_SCORE_INF)
    w = s->workers[0];
  return w;
}
