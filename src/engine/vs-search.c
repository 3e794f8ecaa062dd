/* vs-search.c — the built-in engine: iterative deepening PVS over VsVariant.
 *
 * Generic over the variant interface: the modules generate legal moves only,
 * so there is no pseudo-legal filtering here.  Per node: draw detection
 * (repetition through the key history, 50-move rule, Janggi double pass,
 * bikjang and dead material via vs_position_state after passes/captures),
 * mate-distance pruning, transposition table (lockless XOR entries, shared by
 * Lazy SMP threads), reverse futility pruning, check extension, PVS with late
 * move reductions and late-move pruning (sparing moves that give check
 * where the variant's tables ask for it), quiescence over VS_GEN_NOISY
 * (all evasions when in check) with delta pruning and, where the
 * variant's tables ask for it, without captures by a piece worth more
 * than its prey.  Move ordering: hash move,
 * captures by MVV-LVA (victims found by make/unmake where captures are not
 * on `to`, as for Chartima's Ultima pieces), promotions, two killers,
 * history.
 * No null move: the interface has no null move (Janggi's pass is a real
 * move), and faking one would touch the modules' private state.
 */
#include "vs-search.h"
#include "vs-search-private.h"
#include "vs-eval.h"

#include <string.h>
#include <stdatomic.h>

/* ---- Transposition table -------------------------------------------------- */

enum { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

typedef struct {
  _Atomic uint64_t check;   /* key ^ data */
  _Atomic uint64_t data;
} TTEntry;

/* data: move 32 | score 16 | depth 8 | bound 2 | age 6 */
static inline uint64_t
tt_pack (VsMove m, int score, int depth, int bound, int age)
{
  return (uint64_t) (uint32_t) m | ((uint64_t) (uint16_t) (int16_t) score << 32) |
         ((uint64_t) (uint8_t) depth << 48) | ((uint64_t) bound << 56) | ((uint64_t) (age & 63) << 58);
}
#define TT_MOVE(d)  ((VsMove) ((d) & 0xffffffffu))
#define TT_SCORE(d) ((int) (int16_t) (((d) >> 32) & 0xffff))
#define TT_DEPTH(d) ((int) (((d) >> 48) & 0xff))
#define TT_BOUND(d) ((int) (((d) >> 56) & 3))
#define TT_AGE(d)   ((int) (((d) >> 58) & 63))

#define TT_WAYS 4

/* ---- Search state --------------------------------------------------------- */

typedef struct {
  VsMove move;
  int    score;
  int    prev_score;
  int    pv_len;
  VsMove pv[VS_SEARCH_MAX_PV];
  int    seldepth;
} RootMove;

typedef struct _Worker Worker;

struct _VsSearch {
  TTEntry *tt;
  gsize    tt_clusters;     /* power of two, TT_WAYS entries each */
  int      hash_mb;
  int      n_threads;
  int      age;
  atomic_int stop;
  atomic_int running;
  Worker  *workers[VS_SEARCH_MAX_THREADS];
  int      n_workers;
  /* this run */
  const VsEvalTables *tables;
  VsSearchLimits limits;
  gint64   start_us;
  gint64   soft_us, hard_us;  /* 0 = none */
  VsSearchInfoFunc func;
  gpointer user_data;
  gint64   last_report_us;
  VsSearchInfo info;          /* latest report (main thread) */
};

struct _Worker {
  VsSearch *s;
  int       id;
  GThread  *thread;
  VsPosition pos;
  atomic_ullong nodes;
  int       seldepth;
  int       root_depth;
  int       completed_depth;
  VsUndo   *undo;                 /* the game's plies, then the search path's */
  int       n_undo, undo_cap;
  int       n_root;
  RootMove  root[VS_MAX_MOVES];
  int       pv_idx;
  VsMove    killers[VS_SEARCH_MAX_PLY + 8][2];
  int16_t   history[2][256][VS_MAX_SQUARES];
  VsMove    pv[VS_SEARCH_MAX_PLY + 8][VS_SEARCH_MAX_PLY + 8];
  int       pv_len[VS_SEARCH_MAX_PLY + 8];
  VsMove    moves[VS_SEARCH_MAX_PLY + 8][VS_MAX_MOVES];
  int       scores[VS_SEARCH_MAX_PLY + 8][VS_MAX_MOVES];
  VsMove    noisy[VS_MAX_MOVES];
  gboolean  root_quiet[VS_MAX_MOVES];     /* root moves, in this iteration's order */
  gboolean  root_ordinary[VS_MAX_MOVES];  /* quiet and not a killer: may be reduced */
};

void
vs_search_limits_init (VsSearchLimits *l)
{
  memset (l, 0, sizeof *l);
  l->multipv = 1;
}

static void
tt_alloc (VsSearch *s, int mb)
{
  g_free (s->tt);
  gsize bytes = (gsize) MAX (1, mb) * 1024 * 1024;
  gsize clusters = 1;
  while (clusters * 2 * TT_WAYS * sizeof (TTEntry) <= bytes)
    clusters *= 2;
  s->tt_clusters = clusters;
  s->tt = g_malloc0 (clusters * TT_WAYS * sizeof (TTEntry));
  s->hash_mb = mb;
}

VsSearch *
vs_search_new (void)
{
  VsSearch *s = g_new0 (VsSearch, 1);
  tt_alloc (s, 16);
  s->n_threads = 1;
  return s;
}

void
vs_search_free (VsSearch *s)
{
  if (!s)
    return;
  for (int i = 0; i < s->n_workers; i++)
    {
      g_free (s->workers[i]->undo);
      g_free (s->workers[i]);
    }
  g_free (s->tt);
  g_free (s);
}

void
vs_search_set_hash (VsSearch *s, int mb)
{
  g_return_if_fail (!atomic_load (&s->running));
  mb = CLAMP (mb, 1, 4096);
  if (mb != s->hash_mb)
    tt_alloc (s, mb);
}

void
vs_search_set_threads (VsSearch *s, int threads)
{
  g_return_if_fail (!atomic_load (&s->running));
  s->n_threads = CLAMP (threads, 1, VS_SEARCH_MAX_THREADS);
}

void
vs_search_clear (VsSearch *s)
{
  g_return_if_fail (!atomic_load (&s->running));
  memset (s->tt, 0, s->tt_clusters * TT_WAYS * sizeof (TTEntry));
  for (int i = 0; i < s->n_workers; i++)
    {
      memset (s->workers[i]->history, 0, sizeof s->workers[i]->history);
      memset (s->workers[i]->killers, 0xff, sizeof s->workers[i]->killers);
    }
  s->age = 0;
}

void
vs_search_stop (VsSearch *s)
{
  atomic_store (&s->stop, 1);
}

guint64
vs_search_nodes (VsSearch *s)
{
  guint64 n = 0;
  for (int i = 0; i < s->n_workers; i++)
    n += atomic_load_explicit (&s->workers[i]->nodes, memory_order_relaxed);
  return n;
}

static inline TTEntry *
tt_cluster (VsSearch *s, uint64_t key)
{
  return s->tt + (key & (s->tt_clusters - 1)) * TT_WAYS;
}

static gboolean
tt_probe (VsSearch *s, uint64_t key, uint64_t *data)
{
  TTEntry *e = tt_cluster (s, key);
  for (int i = 0; i < TT_WAYS; i++)
    {
      uint64_t d = atomic_load_explicit (&e[i].data, memory_order_relaxed);
      uint64_t c = atomic_load_explicit (&e[i].check, memory_order_relaxed);
      if ((c ^ d) == key && d != 0)
        {
          *data = d;
          return TRUE;
        }
    }
  return FALSE;
}

static void
tt_store (VsSearch *s, uint64_t key, VsMove m, int score, int depth, int bound)
{
  TTEntry *e = tt_cluster (s, key);
  int best = 0, best_val = G_MAXINT;
  for (int i = 0; i < TT_WAYS; i++)
    {
      uint64_t d = atomic_load_explicit (&e[i].data, memory_order_relaxed);
      uint64_t c = atomic_load_explicit (&e[i].check, memory_order_relaxed);
      if (d == 0 || (c ^ d) == key)
        {
          if (d != 0 && m == VS_MOVE_NONE)
            m = TT_MOVE (d);   /* keep the old move */
          if (d != 0 && bound != BOUND_EXACT && TT_DEPTH (d) > depth + 3 && TT_AGE (d) == (s->age & 63))
            return;
          best = i;
          break;
        }
      int age_diff = (s->age - TT_AGE (d)) & 63;
      int val = TT_DEPTH (d) - 8 * age_diff;
      if (val < best_val)
        {
          best_val = val;
          best = i;
        }
    }
  uint64_t d = tt_pack (m, score, CLAMP (depth, 0, 255), bound, s->age);
  atomic_store_explicit (&e[best].data, d, memory_order_relaxed);
  atomic_store_explicit (&e[best].check, key ^ d, memory_order_relaxed);
}

static int
tt_hashfull (VsSearch *s)
{
  int used = 0, total = 0;
  gsize n = MIN (s->tt_clusters, 250);
  for (gsize c = 0; c < n; c++)
    for (int i = 0; i < TT_WAYS; i++)
      {
        uint64_t d = atomic_load_explicit (&s->tt[c * TT_WAYS + i].data, memory_order_relaxed);
        total++;
        if (d != 0 && TT_AGE (d) == (s->age & 63))
          used++;
      }
  return total ? used * 1000 / total : 0;
}

static inline int
score_to_tt (int score, int ply)
{
  if (score >= VS_SCORE_MATE_BOUND) return score + ply;
  if (score <= -VS_SCORE_MATE_BOUND) return score - ply;
  return score;
}

static inline int
score_from_tt (int score, int ply)
{
  if (score >= VS_SCORE_MATE_BOUND) return score - ply;
  if (score <= -VS_SCORE_MATE_BOUND) return score + ply;
  return score;
}

void
vs_search_score_uci (int score, char out[32])
{
  if (score >= VS_SCORE_MATE_BOUND)
    g_snprintf (out, 32, "mate %d", (VS_SCORE_MATE - score + 1) / 2);
  else if (score <= -VS_SCORE_MATE_BOUND)
    g_snprintf (out, 32, "mate -%d", (VS_SCORE_MATE + score) / 2);
  else
    g_snprintf (out, 32, "cp %d", score);
}

/* ---- Time and stop ---------------------------------------------------------- */

static guint64
total_nodes (VsSearch *s)
{
  return vs_search_nodes (s);
}

static void fill_info (VsSearch *s, Worker *w, VsSearchInfoKind kind);

static inline gboolean
should_stop (Worker *w)
{
  VsSearch *s = w->s;
  if (atomic_load_explicit (&s->stop, memory_order_relaxed))
    return TRUE;
  if (w->id != 0)
    return FALSE;
  guint64 n = atomic_load_explicit (&w->nodes, memory_order_relaxed);
  /* Node and time limits apply once depth 1 is complete: a search stopped
   * before that would have no move worth playing (vs_search_stop() still
   * stops at once). */
  if (w->completed_depth == 0)
    {
      if ((n & 511) == 0 && s->func && g_get_monotonic_time () - s->last_report_us >= 100000)
        {
          s->last_report_us = g_get_monotonic_time ();
          fill_info (s, w, VS_SEARCH_INFO_PROGRESS);
          s->func (&s->info, s->user_data);
        }
      return FALSE;
    }
  if (s->limits.nodes && s->n_workers == 1 && n >= s->limits.nodes)
    {
      atomic_store (&s->stop, 1);
      return TRUE;
    }
  if ((n & 511) == 0)
    {
      if (s->limits.nodes && s->n_workers > 1 && total_nodes (s) >= s->limits.nodes)
        {
          atomic_store (&s->stop, 1);
          return TRUE;
        }
      gint64 now = g_get_monotonic_time ();
      if (s->hard_us && now - s->start_us >= s->hard_us)
        {
          atomic_store (&s->stop, 1);
          return TRUE;
        }
      if (s->func && now - s->last_report_us >= 100000)
        {
          s->last_report_us = now;
          fill_info (s, w, VS_SEARCH_INFO_PROGRESS);
          s->func (&s->info, s->user_data);
        }
    }
  return FALSE;
}

/* ---- Draws -------------------------------------------------------------------- */

static gboolean
draw_at (const VsEvalTables *t, const VsPosition *pos, const VsHistory *h, int ply)
{
  if (pos->passes >= 2)
    return TRUE;
  if (t->has_fifty_moves && pos->halfmove >= 100)
    return TRUE;
  int n = h ? h->len : 0;
  /* The window the core counts repetitions in: Crazyhouse over the whole
   * history (a capture resets the clock, yet the piece comes back by a
   * drop), the others within the halfmove clock. */
  int limit = t->kind == VS_EVAL_CRAZYHOUSE ? n
            : t->can_repeat_past_halfmove ? MIN (n, 100) : MIN (n, pos->halfmove);
  int count = 0;
  for (int back = 2; back <= limit; back += 2)
    if (h->undo[n - back].key == pos->key)
      {
        /* Twice inside the search path is a draw (the side that could avoid
         * it will, the other is content with it); a repetition of a
         * position from before the root only when it makes three-fold
         * with the game, as in Stockfish. */
        if (back < ply || ++count >= 2)
          return TRUE;
      }
  if (n > 0)
    {
      VsMove last = h->undo[n - 1].move;
      if (VS_MOVE_KIND (last) == VS_MOVE_PASS)
        {
          VsResult r;
          VsGameState st = vs_position_state (pos, h, &r);
          if (st != VS_STATE_ONGOING && st != VS_STATE_CHECKMATE)
            return TRUE;
        }
      else if (h->undo[n - 1].n_captured > 0 && vs_eval_dead_draw (t, pos))
        return TRUE;
    }
  return FALSE;
}

static gboolean
is_draw (Worker *w, int ply)
{
  VsHistory h = { w->undo, w->n_undo };
  return draw_at (w->s->tables, &w->pos, &h, ply);
}

/* Make and unmake on the worker's position and undo stack. */
static inline void
worker_make (Worker *w, VsMove m)
{
  w->pos.variant->make (&w->pos, m, &w->undo[w->n_undo++]);
}

static inline void
worker_unmake (Worker *w)
{
  w->pos.variant->unmake (&w->pos, &w->undo[--w->n_undo]);
}

/* The transposition table's key of a position.  The core's key leaves out a
 * pending Janggi pass (pos->passes == 1), after which a second pass ends the
 * game: the same board with and without it are different positions for the
 * search, so the table keys them apart. */
#define TT_KEY_PASS_PENDING UINT64_C (0x9e3779b97f4a7c15)

static inline uint64_t
tt_key (const VsPosition *pos)
{
  return pos->passes == 1 ? pos->key ^ TT_KEY_PASS_PENDING : pos->key;
}

gboolean
vs_search_test_is_draw (const VsPosition *pos, const VsHistory *h, int ply)
{
  return draw_at (vs_eval_tables (pos->variant), pos, h, ply);
}

uint64_t
vs_search_test_tt_key (const VsPosition *pos)
{
  return tt_key (pos);
}

/* ---- Move ordering ---------------------------------------------------------------- */

static int
victim_value (Worker *w, VsMove m, gboolean *is_capture)
{
  const VsPosition *pos = &w->pos;
  const VsEvalTables *t = w->s->tables;
  int to = VS_MOVE_TO (m);
  VsMoveKind k = VS_MOVE_KIND (m);
  *is_capture = FALSE;
  if (k == VS_MOVE_DROP || k == VS_MOVE_PASS || k == VS_MOVE_CASTLE)
    return 0;
  if (k == VS_MOVE_SUICIDE)
    return 0;
  if (k == VS_MOVE_EN_PASSANT)
    {
      *is_capture = TRUE;
      return t->order_value[t->type_of_role[VS_ROLE_PAWN]];
    }
  VsPiece p = to < VS_MAX_SQUARES ? pos->board[to] : 0;
  if (p && VS_PIECE_COLOR (p) != pos->side)
    {
      *is_capture = TRUE;
      return t->order_value[VS_PIECE_TYPE (p)];
    }
  return 0;
}

/* The pieces a move removes besides the one on `to` (Chartima's Ultima
 * captures): made and unmade, the undo entry lists them.  (Cheaper than
 * vs_move_effects, which also works out whether the move gives check.) */
static int
implicit_victims (Worker *w, VsMove m)
{
  worker_make (w, m);
  const VsUndo *u = &w->undo[w->n_undo - 1];
  int v = 0;
  for (int i = 0; i < u->n_captured; i++)
    v += w->s->tables->order_value[VS_PIECE_TYPE (u->captured[i])];
  worker_unmake (w);
  return v;
}

#define SCORE_HASH    (1 << 30)
#define SCORE_CAPTURE (1 << 28)
#define SCORE_PROMO   (1 << 27)
#define SCORE_KILLER1 (1 << 26)
#define SCORE_KILLER2 ((1 << 26) - 1)

/* The victims' value of a capture, back from its ordering score. */
static inline int
capture_victims (int score, int attacker)
{
  return (score - SCORE_CAPTURE + attacker / 16) / 8;
}

static void
score_moves (Worker *w, int ply, VsMove *moves, int *scores, int n, VsMove hash_move, gboolean noisy_only)
{
  const VsPosition *pos = &w->pos;
  const VsEvalTables *t = w->s->tables;
  int n_noisy = 0;
  if (t->implicit_captures && !noisy_only)
    n_noisy = vs_position_generate (pos, VS_GEN_NOISY, w->noisy);
  for (int i = 0; i < n; i++)
    {
      VsMove m = moves[i];
      if (m == hash_move)
        {
          scores[i] = SCORE_HASH;
          continue;
        }
      gboolean cap;
      int victim = victim_value (w, m, &cap);
      int from = VS_MOVE_FROM (m);
      int attacker = from < VS_MAX_SQUARES && pos->board[from] ? t->order_value[VS_PIECE_TYPE (pos->board[from])] : 0;
      if (!cap && t->implicit_captures && VS_MOVE_KIND (m) == VS_MOVE_NORMAL)
        {
          gboolean in_noisy = noisy_only;
          for (int j = 0; j < n_noisy && !in_noisy; j++)
            if (w->noisy[j] == m)
              in_noisy = TRUE;
          if (in_noisy)
            {
              victim = implicit_victims (w, m);
              cap = victim > 0;
            }
        }
      if (cap)
        scores[i] = SCORE_CAPTURE + victim * 8 - attacker / 16;
      else if (VS_MOVE_KIND (m) == VS_MOVE_PROMOTION)
        scores[i] = SCORE_PROMO + t->value[VS_MOVE_PIECE (m)];
      else if (w->killers[ply][0] == m)
        scores[i] = SCORE_KILLER1;
      else if (w->killers[ply][1] == m)
        scores[i] = SCORE_KILLER2;
      else
        {
          int fi = from == VS_NO_SQUARE ? 192 + VS_MOVE_PIECE (m) % 64 : from;
          scores[i] = w->history[pos->side][fi][VS_MOVE_TO (m)];
        }
    }
}

static inline VsMove
pick_move (VsMove *moves, int *scores, int n, int i)
{
  int best = i;
  for (int j = i + 1; j < n; j++)
    if (scores[j] > scores[best])
      best = j;
  if (best != i)
    {
      VsMove tm = moves[i]; moves[i] = moves[best]; moves[best] = tm;
      int ts = scores[i]; scores[i] = scores[best]; scores[best] = ts;
    }
  return moves[i];
}

static void
update_history (Worker *w, VsMove m, int depth, gboolean good)
{
  int from = VS_MOVE_FROM (m);
  int fi = from == VS_NO_SQUARE ? 192 + VS_MOVE_PIECE (m) % 64 : from;
  int16_t *h = &w->history[w->pos.side][fi][VS_MOVE_TO (m)];
  int bonus = MIN (depth * depth, 400);
  int v = *h + (good ? bonus : -bonus) - *h * bonus / 16384;
  *h = (int16_t) CLAMP (v, -16000, 16000);
}

/* ---- Quiescence ----------------------------------------------------------------- */

/* known_check: whether the side to move is in check when the caller has
 * just found out (search() on reaching depth 0), else -1. */
static int
qsearch (Worker *w, int alpha, int beta, int ply, int qply, int known_check)
{
  VsPosition *pos = &w->pos;
  atomic_store_explicit (&w->nodes, atomic_load_explicit (&w->nodes, memory_order_relaxed) + 1, memory_order_relaxed);
  w->pv_len[ply] = 0;
  if (ply > w->seldepth)
    w->seldepth = ply;
  if (should_stop (w))
    return 0;
  if (ply >= VS_SEARCH_MAX_PLY)
    return vs_eval_with (w->s->tables, pos);
  if (is_draw (w, ply))
    return 0;
  gboolean in_check = known_check >= 0 ? known_check : pos->variant->checkers (pos) > 0;
  int best = -VS_SCORE_INF;
  if (!in_check)
    {
      int stand = vs_eval_with (w->s->tables, pos);
      if (stand >= beta || qply >= 12)
        return stand;
      if (stand > alpha)
        alpha = stand;
      best = stand;
    }
  VsMove *moves = w->moves[ply];
  int *scores = w->scores[ply];
  int n = vs_position_generate (pos, in_check ? VS_GEN_ALL : VS_GEN_NOISY, moves);
  if (n == 0)
    return in_check ? -VS_SCORE_MATE + ply : best;
  score_moves (w, ply, moves, scores, n, VS_MOVE_NONE, !in_check);
  const VsEvalTables *t = w->s->tables;
  for (int i = 0; i < n; i++)
    {
      VsMove m = pick_move (moves, scores, n, i);
      if (!in_check && scores[i] >= SCORE_CAPTURE)
        {
          int from = VS_MOVE_FROM (m);
          int attacker = from < VS_MAX_SQUARES && pos->board[from] ?
                         t->order_value[VS_PIECE_TYPE (pos->board[from])] : 0;
          int victims = capture_victims (scores[i], attacker);
          /* delta pruning: a capture that cannot bring the score near
           * alpha even if it won its victims for nothing */
          if (best + victims + 150 <= alpha)
            continue;
          /* a likely losing capture (see qs_skip_bad_captures) */
          if (t->qs_skip_bad_captures && attacker > victims + 100)
            continue;
        }
      worker_make (w, m);
      int score = -qsearch (w, -beta, -alpha, ply + 1, qply + 1, -1);
      worker_unmake (w);
      if (atomic_load_explicit (&w->s->stop, memory_order_relaxed))
        return 0;
      if (score > best)
        {
          best = score;
          if (score > alpha)
            {
              alpha = score;
              w->pv[ply][0] = m;
              memcpy (&w->pv[ply][1], w->pv[ply + 1], w->pv_len[ply + 1] * sizeof (VsMove));
              w->pv_len[ply] = w->pv_len[ply + 1] + 1;
              if (score >= beta)
                break;
            }
        }
    }
  return best;
}

/* ---- Main search ------------------------------------------------------------------- */

/* known_check as for qsearch(): the caller may already know whether the
 * side to move is in check (-1: not known). */
static int
search (Worker *w, int alpha, int beta, int depth, int ply, int known_check)
{
  VsPosition *pos = &w->pos;
  VsSearch *s = w->s;
  gboolean pv_node = beta - alpha > 1;
  gboolean root = ply == 0;

  w->pv_len[ply] = 0;
  gboolean in_check = known_check >= 0 ? known_check : pos->variant->checkers (pos) > 0;
  /* check extension, within twice the iteration's depth (as Stockfish
   * bounds its extensions), so that checks cannot extend a line for ever */
  if (in_check && ply < 2 * w->root_depth && ply < VS_SEARCH_MAX_PLY / 2)
    depth++;
  if (depth <= 0)
    return qsearch (w, alpha, beta, ply, 0, in_check);

  atomic_store_explicit (&w->nodes, atomic_load_explicit (&w->nodes, memory_order_relaxed) + 1, memory_order_relaxed);
  if (ply > w->seldepth)
    w->seldepth = ply;
  if (!root)
    {
      if (should_stop (w))
        return 0;
      if (ply >= VS_SEARCH_MAX_PLY)
        return vs_eval_with (s->tables, pos);
      if (is_draw (w, ply))
        return 0;
      /* mate distance pruning */
      alpha = MAX (alpha, -VS_SCORE_MATE + ply);
      beta = MIN (beta, VS_SCORE_MATE - ply - 1);
      if (alpha >= beta)
        return alpha;
    }

  uint64_t tdata = 0;
  VsMove hash_move = VS_MOVE_NONE;
  if (tt_probe (s, tt_key (pos), &tdata))
    {
      hash_move = TT_MOVE (tdata);
      int ts = score_from_tt (TT_SCORE (tdata), ply);
      int tb = TT_BOUND (tdata);
      if (!pv_node && TT_DEPTH (tdata) >= depth &&
          (tb == BOUND_EXACT || (tb == BOUND_LOWER && ts >= beta) || (tb == BOUND_UPPER && ts <= alpha)))
        return ts;
    }
  if (root && w->pv_idx < w->n_root)
    hash_move = w->root[w->pv_idx].move;

  int static_eval = in_check ? -VS_SCORE_INF : vs_eval_with (s->tables, pos);

  /* reverse futility pruning */
  if (!pv_node && !in_check && depth <= 6 && ABS (beta) < VS_SCORE_MATE_BOUND &&
      static_eval - 100 * depth >= beta)
    return static_eval;

  VsMove *moves = w->moves[ply];
  int *scores = w->scores[ply];
  int n;
  if (root)
    {
      n = 0;
      for (int i = w->pv_idx; i < w->n_root; i++)
        moves[n++] = w->root[i].move;
    }
  else
    n = vs_position_generate (pos, VS_GEN_ALL, moves);
  if (n == 0)
    return in_check ? -VS_SCORE_MATE + ply : 0;   /* mate or stalemate */
  score_moves (w, ply, moves, scores, n, hash_move, FALSE);
  if (root)
    for (int i = 0; i < n; i++)   /* keep the previous iteration's order */
      {
        /* but classify each move by its own ordering score: a capture or a
         * promotion is not quiet wherever the previous iteration put it */
        gboolean cap = FALSE;
        if (scores[i] >= SCORE_HASH)
          victim_value (w, moves[i], &cap);
        w->root_quiet[i] = scores[i] < SCORE_PROMO ||
                           (scores[i] >= SCORE_HASH && !cap && VS_MOVE_KIND (moves[i]) != VS_MOVE_PROMOTION);
        w->root_ordinary[i] = scores[i] < SCORE_KILLER2 ||
                              (scores[i] >= SCORE_HASH && w->root_quiet[i] && i > 0);
        scores[i] = (n - i) + (i == 0 ? SCORE_HASH : 0);
      }

  int best = -VS_SCORE_INF;
  VsMove best_move = VS_MOVE_NONE;
  int orig_alpha = alpha;
  VsMove quiets[64];
  int n_quiets = 0;
  for (int i = 0; i < n; i++)
    {
      VsMove m = pick_move (moves, scores, n, i);
      gboolean hash_cap = FALSE;
      if (scores[i] >= SCORE_HASH)
        victim_value (w, m, &hash_cap);
      gboolean quiet = scores[i] < SCORE_PROMO || (scores[i] >= SCORE_HASH && !hash_cap &&
                                                   VS_MOVE_KIND (m) != VS_MOVE_PROMOTION);
      gboolean is_quiet_ordinary = scores[i] < SCORE_KILLER2;
      if (root)   /* the root's scores are its order (strictly falling: no swap) */
        {
          quiet = w->root_quiet[i];
          is_quiet_ordinary = w->root_ordinary[i];
        }
      /* Late move pruning of quiet moves near the leaves.  Where the
       * variant's tables ask for it (lmp_spares_checks), a move that gives
       * check is kept: whether it does is known after making it, and the
       * child is told, so it does not test again. */
      gboolean lmp = !root && !pv_node && !in_check && is_quiet_ordinary && depth <= 3 &&
                     i >= 4 + 4 * depth * depth && best > -VS_SCORE_MATE_BOUND;
      /* late quiet evasions are reduced too (the first three are not) */
      gboolean may_reduce = i >= 3 && depth >= 3 && is_quiet_ordinary;
      if (lmp && !s->tables->lmp_spares_checks)
        continue;

      worker_make (w, m);
      int gives_check = -1;
      if (lmp)
        {
          gives_check = pos->variant->checkers (pos) > 0;
          if (!gives_check)
            {
              worker_unmake (w);
              continue;
            }
        }
      int score;
      int new_depth = depth - 1;
      if (i == 0)
        score = -search (w, -beta, -alpha, new_depth, ply + 1, gives_check);
      else
        {
          int r = 0;
          if (may_reduce)
            {
              r = 1 + (depth >= 6) + (i >= 12);
              if (pv_node)
                r--;
              r = CLAMP (r, 0, new_depth - 1);
            }
          score = -search (w, -alpha - 1, -alpha, new_depth - r, ply + 1, gives_check);
          if (score > alpha && r > 0)
            score = -search (w, -alpha - 1, -alpha, new_depth, ply + 1, gives_check);
          if (score > alpha && score < beta)
            score = -search (w, -beta, -alpha, new_depth, ply + 1, gives_check);
        }
      worker_unmake (w);
      if (atomic_load_explicit (&s->stop, memory_order_relaxed))
        return 0;

      if (root)
        {
          RootMove *rm = NULL;
          for (int k = w->pv_idx; k < w->n_root; k++)
            if (w->root[k].move == m)
              rm = &w->root[k];
          if (rm)
            {
              if (i == 0 || score > alpha)
                {
                  rm->score = score;
                  rm->seldepth = w->seldepth;
                  rm->pv[0] = m;
                  int len = MIN (w->pv_len[1], VS_SEARCH_MAX_PV - 1);
                  /* a fail-high against an aspiration window brings no
                   * continuation: keep this move's previous one */
                  if (len > 0 || rm->pv_len <= 1)
                    {
                      memcpy (&rm->pv[1], w->pv[1], len * sizeof (VsMove));
                      rm->pv_len = len + 1;
                    }
                }
              else
                rm->score = -VS_SCORE_INF;
            }
        }

      if (score > best)
        {
          best = score;
          if (score > alpha)
            {
              best_move = m;
              alpha = score;
              w->pv[ply][0] = m;
              memcpy (&w->pv[ply][1], w->pv[ply + 1], w->pv_len[ply + 1] * sizeof (VsMove));
              w->pv_len[ply] = w->pv_len[ply + 1] + 1;
              if (score >= beta)
                {
                  if (quiet)
                    {
                      if (w->killers[ply][0] != m)
                        {
                          w->killers[ply][1] = w->killers[ply][0];
                          w->killers[ply][0] = m;
                        }
                      update_history (w, m, depth, TRUE);
                      for (int q = 0; q < n_quiets; q++)
                        update_history (w, quiets[q], depth, FALSE);
                    }
                  break;
                }
            }
        }
      if (quiet && n_quiets < 64)
        quiets[n_quiets++] = m;
    }
  if (best == -VS_SCORE_INF)   /* every move pruned: cannot happen at depth>3; be safe */
    best = alpha;
  int bound = best >= beta ? BOUND_LOWER : (best > orig_alpha ? BOUND_EXACT : BOUND_UPPER);
  if (!root || w->pv_idx == 0)
    tt_store (s, tt_key (pos), best_move, score_to_tt (best, ply), depth, bound);
  return best;
}

/* ---- Iterative deepening -------------------------------------------------------------- */

static int
root_cmp (const void *a, const void *b)
{
  const RootMove *x = a, *y = b;
  if (x->score != y->score)
    return x->score > y->score ? -1 : 1;
  if (x->prev_score != y->prev_score)
    return x->prev_score > y->prev_score ? -1 : 1;
  return 0;
}

static void
stable_sort_root (RootMove *r, int n)
{
  /* insertion sort: stable, n is small */
  for (int i = 1; i < n; i++)
    {
      RootMove tmp = r[i];
      int j = i - 1;
      while (j >= 0 && root_cmp (&r[j], &tmp) > 0)
        {
          r[j + 1] = r[j];
          j--;
        }
      r[j + 1] = tmp;
    }
}

static void
fill_info (VsSearch *s, Worker *w, VsSearchInfoKind kind)
{
  VsSearchInfo *info = &s->info;
  info->kind = kind;
  info->nodes = total_nodes (s);
  info->time_ms = (g_get_monotonic_time () - s->start_us) / 1000;
  info->nps = info->time_ms > 0 ? info->nodes * 1000 / info->time_ms : info->nodes * 1000;
  info->hashfull = tt_hashfull (s);
  if (kind == VS_SEARCH_INFO_PROGRESS)
    return;   /* lines stay those of the last completed iteration */
  info->depth = w->completed_depth;
  int mpv = MIN (MAX (s->limits.multipv, 1), MIN (w->n_root, VS_SEARCH_MAX_MULTIPV));
  info->n_lines = mpv;
  for (int i = 0; i < mpv; i++)
    {
      RootMove *rm = &w->root[i];
      VsSearchLine *l = &info->lines[i];
      int sc = rm->score == -VS_SCORE_INF ? rm->prev_score : rm->score;
      l->multipv = i + 1;
      l->depth = w->completed_depth;
      l->seldepth = MAX (rm->seldepth, w->completed_depth);
      l->score = sc;
      l->bound = 0;
      l->is_mate = ABS (sc) >= VS_SCORE_MATE_BOUND;
      l->mate = sc >= VS_SCORE_MATE_BOUND ? (VS_SCORE_MATE - sc + 1) / 2 :
                sc <= -VS_SCORE_MATE_BOUND ? -((VS_SCORE_MATE + sc) / 2) : 0;
      l->pv_len = rm->pv_len;
      memcpy (l->pv, rm->pv, rm->pv_len * sizeof (VsMove));
      if (l->pv_len == 0)
        {
          l->pv[0] = rm->move;
          l->pv_len = 1;
        }
    }
  info->seldepth = info->n_lines ? info->lines[0].seldepth : 0;
  info->best_move = w->n_root ? w->root[0].move : VS_MOVE_NONE;
  info->ponder_move = w->n_root && w->root[0].pv_len > 1 ? w->root[0].pv[1] : VS_MOVE_NONE;
}

static void
iterate (Worker *w)
{
  VsSearch *s = w->s;
  int max_depth = s->limits.depth > 0 ? MIN (s->limits.depth, VS_SEARCH_MAX_PLY - 8) : VS_SEARCH_MAX_PLY - 8;
  int mpv = MIN (MAX (s->limits.multipv, 1), w->n_root);
  for (int depth = 1 + (w->id & 1); depth <= max_depth; depth++)
    {
      w->root_depth = depth;
      for (int i = 0; i < w->n_root; i++)
        w->root[i].prev_score = w->root[i].score;
      for (w->pv_idx = 0; w->pv_idx < mpv; w->pv_idx++)
        {
          w->seldepth = 0;
          int prev = w->root[w->pv_idx].prev_score;
          int delta = 30;
          int alpha = -VS_SCORE_INF, beta = VS_SCORE_INF;
          if (depth >= 5 && ABS (prev) < VS_SCORE_MATE_BOUND)
            {
              alpha = MAX (prev - delta, -VS_SCORE_INF);
              beta = MIN (prev + delta, VS_SCORE_INF);
            }
          for (;;)
            {
              int score = search (w, alpha, beta, depth, 0, -1);
              stable_sort_root (w->root + w->pv_idx, w->n_root - w->pv_idx);
              if (atomic_load (&s->stop))
                break;
              if (score <= alpha)
                {
                  beta = (alpha + beta) / 2;
                  alpha = MAX (score - delta, -VS_SCORE_INF);
                }
              else if (score >= beta)
                beta = MIN (score + delta, VS_SCORE_INF);
              else
                break;
              delta += delta / 2 + 10;
              if (delta > 1000)
                {
                  alpha = -VS_SCORE_INF;
                  beta = VS_SCORE_INF;
                }
            }
          stable_sort_root (w->root, mpv > 1 ? w->pv_idx + 1 : 1);
          if (atomic_load (&s->stop))
            break;
        }
      if (atomic_load (&s->stop))
        {
          /* a partial iteration: keep its best move only if it was searched */
          if (w->root[0].score == -VS_SCORE_INF)
            for (int i = 0; i < w->n_root; i++)
              if (w->root[i].score == -VS_SCORE_INF)
                w->root[i].score = w->root[i].prev_score;
          stable_sort_root (w->root, w->n_root);
          break;
        }
      w->completed_depth = depth;
      if (w->id == 0)
        {
          fill_info (s, w, VS_SEARCH_INFO_ITERATION);
          if (s->func)
            {
              s->last_report_us = g_get_monotonic_time ();
              s->func (&s->info, s->user_data);
            }
          gint64 el = g_get_monotonic_time () - s->start_us;
          if (s->soft_us && el >= s->soft_us)
            break;
          /* a forced mate found and proved to its length: done */
          if (!s->limits.infinite && s->limits.depth == 0 && mpv == 1 &&
              ABS (w->root[0].score) >= VS_SCORE_MATE_BOUND &&
              depth >= 2 * (VS_SCORE_MATE - ABS (w->root[0].score)) + 4)
            break;
          if (w->n_root == 1 && !s->limits.infinite && s->limits.depth == 0 && depth >= 4 &&
              (s->soft_us || s->limits.movetime_ms == 0))
            break;
        }
    }
}

static gpointer
helper_main (gpointer data)
{
  Worker *w = data;
  iterate (w);
  return NULL;
}

static void
setup_worker (VsSearch *s, Worker *w, int id, const VsPosition *pos, const VsHistory *hist,
              VsMove *root_moves, int n)
{
  w->s = s;
  w->id = id;
  memcpy (&w->pos, pos, sizeof (VsPosition));
  int game_len = hist ? hist->len : 0;
  if (w->undo_cap < game_len + VS_SEARCH_MAX_PLY + 16)
    {
      w->undo_cap = game_len + VS_SEARCH_MAX_PLY + 16;
      w->undo = g_renew (VsUndo, w->undo, w->undo_cap);
    }
  if (game_len)
    memcpy (w->undo, hist->undo, game_len * sizeof (VsUndo));
  w->n_undo = game_len;
  atomic_store (&w->nodes, 0);
  w->seldepth = 0;
  w->completed_depth = 0;
  w->n_root = n;
  for (int i = 0; i < n; i++)
    {
      memset (&w->root[i], 0, sizeof (RootMove));
      w->root[i].move = root_moves[i];
      w->root[i].score = -VS_SCORE_INF;
      w->root[i].prev_score = -VS_SCORE_INF;
    }
  memset (w->killers, 0xff, sizeof w->killers);
}

static void compute_time_us (const VsSearchLimits *l, int side, gint64 *soft_us, gint64 *hard_us);

static void
compute_time (VsSearch *s, int side)
{
  compute_time_us (&s->limits, side, &s->soft_us, &s->hard_us);
}

void
vs_search_test_time (const VsSearchLimits *l, int side, gint64 *soft_us, gint64 *hard_us)
{
  compute_time_us (l, side, soft_us, hard_us);
}

static void
compute_time_us (const VsSearchLimits *l, int side, gint64 *soft_us, gint64 *hard_us)
{
  *soft_us = *hard_us = 0;
  if (l->infinite)
    return;
  if (l->movetime_ms > 0)
    {
      *hard_us = MAX (1, l->movetime_ms - 5) * 1000;
      return;
    }
  if (l->time_ms[side] > 0)
    {
      gint64 t = l->time_ms[side], inc = l->inc_ms[side];
      int mtg = l->movestogo > 0 ? MIN (l->movestogo, 40) : 30;
      gint64 alloc = t / mtg + inc * 3 / 4;
      gint64 hard = MIN (t / 4 + inc / 2, alloc * 4);
      alloc = MIN (alloc, t - 50);
      /* with few moves to go, t / 4 falls below the allocation itself: the
       * hard limit is never less than the allocation, and the soft one never
       * more than the hard */
      hard = MAX (hard, alloc);
      hard = MIN (hard, t - 30);
      gint64 soft = MAX (1, alloc * 6 / 10);
      hard = MAX (1, hard);
      *soft_us = MIN (soft, hard) * 1000;
      *hard_us = hard * 1000;
    }
}

VsMove
vs_search_run (VsSearch *s, const VsPosition *pos, const VsHistory *hist, const VsSearchLimits *limits,
               VsSearchInfoFunc func, gpointer user_data, VsSearchInfo *final)
{
  g_return_val_if_fail (!atomic_load (&s->running), VS_MOVE_NONE);
  atomic_store (&s->running, 1);
  s->start_us = g_get_monotonic_time ();
  s->last_report_us = s->start_us;
  if (limits)
    s->limits = *limits;
  else
    vs_search_limits_init (&s->limits);
  if (s->limits.multipv < 1)
    s->limits.multipv = 1;
  s->limits.multipv = MIN (s->limits.multipv, VS_SEARCH_MAX_MULTIPV);
  s->func = func;
  s->user_data = user_data;
  s->tables = vs_eval_tables (pos->variant);
  s->age = (s->age + 1) & 63;
  compute_time (s, pos->side);
  memset (&s->info, 0, sizeof s->info);
  s->info.best_move = VS_MOVE_NONE;
  s->info.ponder_move = VS_MOVE_NONE;

  /* workers are kept between runs (history survives, as in most engines) */
  while (s->n_workers < s->n_threads)
    {
      Worker *w = g_malloc0 (sizeof (Worker));
      memset (w->killers, 0xff, sizeof w->killers);
      s->workers[s->n_workers++] = w;
    }
  int n_active = s->n_threads;

  VsMove root_moves[VS_MAX_MOVES];
  int n = 0;
  VsResult res;
  if (vs_position_state (pos, hist, &res) == VS_STATE_ONGOING)
    n = vs_position_generate (pos, VS_GEN_ALL, root_moves);
  for (int i = 0; i < s->n_workers; i++)
    {
      setup_worker (s, s->workers[i], i, pos, hist, root_moves, i < n_active ? n : 0);
    }
  int n_workers_saved = s->n_workers;
  s->n_workers = n_active;   /* count nodes of the active ones only */

  VsMove best = VS_MOVE_NONE;
  if (n > 0)
    {
      for (int i = 1; i < n_active; i++)
        s->workers[i]->thread = g_thread_new ("vs-search", helper_main, s->workers[i]);
      iterate (s->workers[0]);
      atomic_store (&s->stop, 1);
      for (int i = 1; i < n_active; i++)
        {
          g_thread_join (s->workers[i]->thread);
          s->workers[i]->thread = NULL;
        }
      Worker *w = s->workers[0];
      /* Lazy SMP: a helper that completed a deeper iteration votes too */
      for (int i = 1; i < n_active; i++)
        {
          Worker *h = s->workers[i];
          if (h->completed_depth > w->completed_depth && h->root[0].score > -VS_SCORE_INF &&
              s->limits.multipv == 1)
            w = h;
        }
      if (w->completed_depth == 0 && w->root[0].score == -VS_SCORE_INF)
        w = s->workers[0];
      fill_info (s, w, VS_SEARCH_INFO_FINAL);
      best = w->root[0].move;
    }
  else
    {
      fill_info (s, s->workers[0], VS_SEARCH_INFO_FINAL);
      s->info.n_lines = 0;
      s->info.best_move = VS_MOVE_NONE;
    }
  s->info.kind = VS_SEARCH_INFO_FINAL;
  s->info.best_move = best;
  if (func)
    func (&s->info, user_data);
  if (final)
    *final = s->info;
  s->n_workers = n_workers_saved;
  atomic_store (&s->stop, 0);
  atomic_store (&s->running, 0);
  return best;
}
