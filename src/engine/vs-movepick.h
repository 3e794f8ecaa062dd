/* vs-movepick.h — move ordering: every move of a node gets an ordering
 * score (hash move, captures by MVV-LVA, promotions, two killers, the
 * countermove, history,
 * then the captures that lose by the static exchange) and is picked best
 * first. */
#pragma once

#include "vs-search-private.h"

G_BEGIN_DECLS

#define VS_SCORE_HASH    (1 << 30)
#define VS_SCORE_CAPTURE (1 << 28)
#define VS_SCORE_PROMO   (1 << 27)
#define VS_SCORE_KILLER1 (1 << 26)
#define VS_SCORE_KILLER2 ((1 << 26) - 1)
#define VS_SCORE_COUNTER ((1 << 26) - 2)   /* the countermove (vs-history.h) */
/* Captures that lose material by the static exchange (VsEvalTables.see):
 * VS_SCORE_BAD_CAPTURE + the MVV-LVA part, below every quiet move. */
#define VS_SCORE_BAD_CAPTURE (-(1 << 28))

/* Whether an ordering score is a losing capture's. */
static inline gboolean
vs_movepick_is_bad_capture (int score)
{
  return score < -(1 << 27);
}

/* The value of what `m` captures on `to` (en passant included); sets
 * *is_capture.  0 for drops, passes, castling, suicides. */
int  vs_movepick_victim (VsWorker *w, VsMove m, gboolean *is_capture);

/* Ordering scores for moves[0..n) at `ply`.  noisy_only: the moves are
 * those of VS_GEN_NOISY (quiescence), so every move there is noisy.
 * see_now: the static exchange of each capture is played out here (the
 * root, which classes its moves by their scores) rather than when
 * vs_movepick_next() comes to it. */
void vs_movepick_score  (VsWorker *w, int ply, VsMove *moves, int *scores, int n,
                         VsMove hash_move, gboolean noisy_only, gboolean see_now);

/* The victims' value of a capture, back from its ordering score. */
static inline int
vs_movepick_capture_victims (int score, int attacker)
{
  return (score - VS_SCORE_CAPTURE + attacker / 16) / 8;
}

/* The order value of the piece that makes `m` (0 for a drop's empty
 * square). */
static inline int
vs_movepick_attacker (const VsWorker *w, VsMove m)
{
  int from = VS_MOVE_FROM (m);
  return from < VS_MAX_SQUARES && w->pos.board[from] ?
         w->s->tables->order_value[VS_PIECE_TYPE (w->pos.board[from])] : 0;
}

/* Bring the best-scored of moves[i..n) to i and return it.  A capture by
 * a piece worth more than its prey is played out (vs-see.h) only when it
 * comes up, as a staged picker does: if it loses material it is scored as
 * a bad capture, below the quiet moves, and the next best comes up
 * instead.  (The order is the one scoring every exchange beforehand would
 * give; most nodes cut off before their later captures come up.) */
VsMove vs_movepick_next (VsWorker *w, int ply, VsMove *moves, int *scores, int n, int i);

/* Tell the picker that moves[] of `ply` changed under it (moves were
 * dropped), so that vs_movepick_next() scans them from now on rather than
 * use the winner tree it built. */
static inline void
vs_movepick_forget (VsWorker *w, int ply)
{
  w->pick_size[ply] = 0;
}

G_END_DECLS
