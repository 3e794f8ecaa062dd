/* vs-search-private.h — what the search's files share (vs-search.c,
 * vs-movepick.c, vs-threads.c), and hooks into the search's internals for
 * the tests (tests/engine/test-search-rules.c).  Not for the application.
 *
 * Every call from the search into the rules core (make, unmake, generate,
 * checkers, the undo history) goes through the static inline wrappers
 * below, so that a change of the core's interface is met here only. */
#pragma once

#include "vs-search.h"
#include "vs-eval.h"
#include "vs-tt.h"
#include "vs-history.h"
#include "vs-timeman.h"

#include <stdatomic.h>

G_BEGIN_DECLS

/* ---- Into the rules core ---------------------------------------------------- */

/* Make `m`, writing its undo entry into `undo` (the ply's slot in the
 * worker's stack).  Returns the entry describing the move made. */
static inline const VsUndo *
vs_search_core_make (VsPosition *pos, VsUndo *undo, VsMove m)
{
  pos->variant->make (pos, m, undo);
  return undo;
}

/* Undo the last vs_search_core_make(), which was `m` with slot `undo`. */
static inline void
vs_search_core_unmake (VsPosition *pos, VsUndo *undo, VsMove m)
{
  (void) m;
  pos->variant->unmake (pos, undo);
}

/* A null move into `undo`: FALSE (pos unchanged) where the variant has
 * none or the side to move is in check.  Janggi's is its pass, a real
 * move (undo->move a VS_MOVE_PASS); the others' undo->move is VS_MOVE_NONE. */
static inline gboolean
vs_search_core_make_null (VsPosition *pos, VsUndo *undo)
{
  return vs_position_make_null (pos, undo);
}

static inline void
vs_search_core_unmake_null (VsPosition *pos, VsUndo *undo)
{
  vs_position_unmake_null (pos, undo);
}

static inline int
vs_search_core_generate (const VsPosition *pos, VsGenType type, VsMove *out)
{
  return vs_position_generate (pos, type, out);
}

/* The noisy moves onto `to` (the static exchange's recaptures). */
static inline int
vs_search_core_generate_to (const VsPosition *pos, int to, VsMove *out)
{
  return vs_position_generate_to (pos, to, out);
}

/* Whether the variant tells if a move gives check without making it,
 * and if it does (VsVariant.gives_check). */
static inline gboolean
vs_search_core_has_gives_check (const VsPosition *pos)
{
  return pos->variant->gives_check != NULL;
}

static inline gboolean
vs_search_core_gives_check (const VsPosition *pos, VsMove m)
{
  return pos->variant->gives_check (pos, m);
}

/* Number of pieces checking the side to move. */
static inline int
vs_search_core_checkers (const VsPosition *pos)
{
  return pos->variant->checkers (pos);
}

/* ---- Shared state ------------------------------------------------------------- */

#define VS_SEARCH_STACK (VS_SEARCH_MAX_PLY + 8)

typedef struct {
  VsMove move;
  int    score;
  int    prev_score;
  int    pv_len;
  VsMove pv[VS_SEARCH_MAX_PV];
  int    seldepth;
} VsRootMove;

typedef struct _VsWorker VsWorker;

struct _VsSearch {
  VsTT     tt;
  int      n_threads;
  atomic_int stop;
  atomic_int running;
  VsWorker *workers[VS_SEARCH_MAX_THREADS];
  int      n_workers;
  /* this run */
  const VsEvalTables *tables;
  VsSearchLimits limits;
  gint64   start_us;
  gint64   soft_us, hard_us;  /* 0 = none */
  VsTimeState time;           /* the main thread's iterations (vs-timeman.h) */
  VsSearchInfoFunc func;
  gpointer user_data;
  gint64   last_report_us;
  VsSearchInfo info;          /* latest report (main thread) */
  /* late-move reductions: lmr_log[i] = 22.9 ln i, for depths and move
   * counts (filled once by vs_search_new; read-only afterwards) */
  int      lmr_log[VS_MAX_MOVES + 1];
};

/* One search thread. */
struct _VsWorker {
  VsSearch *s;
  int       id;
  GThread  *thread;
  VsPosition pos;
  atomic_ullong nodes;
  int       seldepth;
  int       root_depth;
  int       completed_depth;
  int       n_root;
  VsRootMove root[VS_MAX_MOVES];
  int       pv_idx;
  VsSearchHistory hist;
  /* null-move verification (as Stockfish 11): below nmp_min_ply, `nmp_side`
   * tries no null move */
  int       nmp_min_ply;
  int       nmp_side;
  /* null_reply[p]: the node at ply p answers a null move (a pass there
   * would end the game by a double pass in Janggi: not tried) */
  gboolean  null_reply[VS_SEARCH_STACK];
  /* static_eval[p]: the static eval of the node at ply p, VS_SCORE_NONE
   * when it is in check (for the improving flag) */
  int       static_eval[VS_SEARCH_STACK];
  /* cont_idx[p]: the continuation-history index of the move made at ply p
   * (-1: a null move, a pass, or no table) */
  int       cont_idx[VS_SEARCH_STACK];
  /* The game's plies (undo[0..n_game-1], copied from the caller's
   * history), then the search path's: ply p below the root writes
   * undo[n_game + p] (vs_worker_undo). */
  VsUndo   *undo;
  int       n_game, undo_cap;
  VsMove    pv[VS_SEARCH_STACK][VS_SEARCH_STACK];
  int       pv_len[VS_SEARCH_STACK];
  VsMove    moves[VS_SEARCH_STACK][VS_MAX_MOVES];
  int       scores[VS_SEARCH_STACK][VS_MAX_MOVES];
  /* vs-movepick.c's winner tree over a node's scores, built when the node
   * goes on past its first picks: pick_size[p] leaves (0: not built) */
  int64_t   pick_tree[VS_SEARCH_STACK][2 * VS_MAX_MOVES];
  int       pick_size[VS_SEARCH_STACK];
  VsMove    noisy[VS_MAX_MOVES];
  VsMove    see_moves[VS_MAX_MOVES];      /* vs-see.c's recaptures */
  gboolean  root_quiet[VS_MAX_MOVES];     /* root moves, in this iteration's order */
  gboolean  root_ordinary[VS_MAX_MOVES];  /* quiet and not a killer: may be reduced */
};

/* The undo slot of the move made at `ply` below the root. */
static inline VsUndo *
vs_worker_undo (VsWorker *w, int ply)
{
  return &w->undo[w->n_game + ply];
}

/* The plies that led to the node `ply` below the root: the game's, then
 * the search path's (repetitions, the last move). */
static inline VsHistory
vs_worker_history (const VsWorker *w, int ply)
{
  VsHistory h = { w->undo, w->n_game + ply };
  return h;
}

/* The move that led to the node at `ply` below the root (VS_MOVE_NONE at
 * the root and after a null move). */
static inline VsMove
vs_worker_prev_move (VsWorker *w, int ply)
{
  return ply >= 1 ? vs_worker_undo (w, ply - 1)->move : VS_MOVE_NONE;
}

/* The continuation-history indices of the moves made 1, 2 and 4 plies
 * before the node at `ply` (-1 where there is none). */
static inline void
vs_worker_cont_prev (const VsWorker *w, int ply, int prev[3])
{
  prev[0] = ply >= 1 ? w->cont_idx[ply - 1] : -1;
  prev[1] = ply >= 2 ? w->cont_idx[ply - 2] : -1;
  prev[2] = ply >= 4 ? w->cont_idx[ply - 4] : -1;
}

/* The continuation-history index of `m` in the worker's position. */
static inline int
vs_worker_cont_index (const VsWorker *w, VsMove m)
{
  const VsPosition *pos = &w->pos;
  VsMoveKind k = VS_MOVE_KIND (m);
  if (!w->hist.cont || k == VS_MOVE_PASS)
    return -1;
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  if (from == VS_NO_SQUARE)
    return k == VS_MOVE_DROP ? vs_history_cont_index (&w->hist, pos->side, VS_MOVE_PIECE (m), to) : -1;
  VsPiece p = from < VS_MAX_SQUARES ? pos->board[from] : 0;
  return p ? vs_history_cont_index (&w->hist, VS_PIECE_COLOR (p), VS_PIECE_TYPE (p), to) : -1;
}

/* The continuation histories' part of a quiet move's value. */
static inline int
vs_worker_cont_score (const VsWorker *w, const int prev[3], int ci)
{
  return vs_history_cont_value (&w->hist, prev[0], ci) + vs_history_cont_value (&w->hist, prev[1], ci) +
         vs_history_cont_value (&w->hist, prev[2], ci);
}

/* vs-search.c: one thread's iterative deepening. */
void vs_search_iterate (VsWorker *w);

/* ---- Test hooks ------------------------------------------------------------------ */

/* Whether the search scores `pos`, reached by the plies `h`, as a draw `ply`
 * plies below the root (the plies of h before that being the game's). */
gboolean vs_search_test_is_draw (const VsPosition *pos, const VsHistory *h, int ply);
/* The key under which the transposition table stores `pos`. */
uint64_t vs_search_test_tt_key  (const VsPosition *pos);
/* vs_see (vs-see.h) of `m` in `pos`, by a worker of its own. */
int      vs_search_test_see     (const VsPosition *pos, VsMove m);
/* The soft and hard time limits (µs, 0 = none) for `side` under `limits`. */
void     vs_search_test_time    (const VsSearchLimits *limits, int side,
                                 gint64 *soft_us, gint64 *hard_us);

G_END_DECLS
