/* vs-see.c — static exchange evaluation (see vs-see.h). */
#include "vs-see.h"

int
vs_see_taken (const VsEvalTables *t, const VsUndo *u)
{
  int v = 0;
  for (int i = 0; i < u->n_captured; i++)
    v += t->order_value[VS_PIECE_TYPE (u->captured[i])];
  return v;
}

static gboolean
takes_square (const VsUndo *u, int sq)
{
  for (int i = 0; i < u->n_captured; i++)
    if (u->captured_sq[i] == sq)
      return TRUE;
  return FALSE;
}

/* The best the side to move gets from the exchange on `sq`: its least
 * valuable recapture there and the rest of the exchange, or nothing. */
static int
exchange (VsWorker *w, int ply, int sq, int depth)
{
  VsPosition *pos = &w->pos;
  const VsEvalTables *t = w->s->tables;
  if (depth > VS_SEE_MAX_PLIES || w->n_game + ply >= w->undo_cap)
    return 0;
  VsMove *moves = w->see_moves;
  /* where captures are on their destination, only the moves onto sq */
  int n = t->implicit_captures ? vs_search_core_generate (pos, VS_GEN_NOISY, moves)
                               : vs_search_core_generate_to (pos, sq, moves);
  VsMove best = VS_MOVE_NONE;
  int best_value = G_MAXINT;
  VsUndo *u = vs_worker_undo (w, ply);
  for (int i = 0; i < n; i++)
    {
      VsMove r = moves[i];
      int from = VS_MOVE_FROM (r);
      if (from >= VS_MAX_SQUARES || !pos->board[from])
        continue;
      int value = t->order_value[VS_PIECE_TYPE (pos->board[from])];
      if (value >= best_value)
        continue;
      if (t->implicit_captures)
        {
          /* whether it takes the piece on sq is known once it is made */
          vs_search_core_make (pos, u, r);
          gboolean hit = takes_square (u, sq);
          vs_search_core_unmake (pos, u, r);
          if (!hit)
            continue;
        }
      else if (VS_MOVE_TO (r) != sq || VS_MOVE_KIND (r) == VS_MOVE_EN_PASSANT)
        continue;
      best = r;
      best_value = value;
    }
  if (best == VS_MOVE_NONE)
    return 0;
  vs_search_core_make (pos, u, best);
  int v = vs_see_taken (t, u) - exchange (w, ply + 1, sq, depth + 1);
  vs_search_core_unmake (pos, u, best);
  return MAX (v, 0);
}

int
vs_see (VsWorker *w, int ply, VsMove m)
{
  VsPosition *pos = &w->pos;
  VsUndo *u = vs_worker_undo (w, ply);
  int to = VS_MOVE_TO (m);
  if (to >= VS_MAX_SQUARES)
    return 0;
  vs_search_core_make (pos, u, m);
  int v = vs_see_taken (w->s->tables, u);
  /* what stands on `to` now may be taken, unless nothing does */
  if (pos->board[to])
    v -= exchange (w, ply + 1, to, 1);
  vs_search_core_unmake (pos, u, m);
  return v;
}

int
vs_search_test_see (const VsPosition *pos, VsMove m)
{
  VsSearch s = { 0 };
  s.tables = vs_eval_tables (pos->variant);
  VsWorker *w = g_new0 (VsWorker, 1);
  w->s = &s;
  w->pos = *pos;
  w->undo_cap = VS_SEARCH_STACK;
  w->undo = g_new0 (VsUndo, w->undo_cap);
  int v = vs_see (w, 0, m);
  g_free (w->undo);
  g_free (w);
  return v;
}
