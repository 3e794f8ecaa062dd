/* vs-search.c — the built-in engine: iterative deepening PVS over VsVariant.
 *
 * Generic over the variant interface: the modules generate legal moves only,
 * so there is no pseudo-legal filtering here.  Per node: draw detection
 * (repetition through the key history, 50-move rule, Janggi double pass,
 * bikjang and dead material via vs_position_state after passes/captures),
 * mate-distance pruning, transposition table (vs-tt.c), reverse futility
 * pruning (not in Strato), check extension, PVS with late move reductions and late-move
 * pruning (sparing moves that give check where the variant's tables ask for
 * it), quiescence over VS_GEN_NOISY (all evasions when in check) with delta
 * pruning and, where the variant's tables ask for it, without captures by a
 * piece worth more than its prey.  Move ordering is vs-movepick.c, killers
 * and history vs-history.c, the time allocation vs-timeman.c, the Lazy SMP
 * threads vs-threads.c.  Calls into the rules core go through the wrappers
 * of vs-search-private.h.
 * Null-move pruning where the variant's tables allow it (null_move), with
 * a verification search at depth >= 13 as in Stockfish 11; the modules'
 * null moves (vs_position_make_null) leave an undo entry with move
 * VS_MOVE_NONE, at which the repetition scan stops, except Janggi's, which
 * is its pass, a real move: tried only when no pass precedes it (else the
 * null move would end the game by a double pass).
 */
#include "vs-search.h"
#include "vs-search-private.h"
#include "vs-eval.h"
#include "vs-tt.h"
#include "vs-history.h"
#include "vs-movepick.h"
#include "vs-see.h"
#include "vs-timeman.h"
#include "vs-threads.h"

#include <math.h>
#include <string.h>
#include <stdatomic.h>

void
vs_search_limits_init (VsSearchLimits *l)
{
  memset (l, 0, sizeof *l);
  l->multipv = 1;
}

VsSearch *
vs_search_new (void)
{
  VsSearch *s = g_new0 (VsSearch, 1);
  vs_tt_alloc (&s->tt, 16);
  s->n_threads = 1;
  s->lmr_log[0] = 0;
  for (int i = 1; i <= VS_MAX_MOVES; i++)
    s->lmr_log[i] = (int) (22.9 * log (i));
  return s;
}

void
vs_search_free (VsSearch *s)
{
  if (!s)
    return;
  vs_threads_free (s);
  vs_tt_free (&s->tt);
  g_free (s);
}

void
vs_search_set_hash (VsSearch *s, int mb)
{
  g_return_if_fail (!atomic_load (&s->running));
  mb = CLAMP (mb, 1, 4096);
  if (mb != s->tt.hash_mb)
    vs_tt_alloc (&s->tt, mb);
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
  vs_tt_clear (&s->tt);
  for (int i = 0; i < s->n_workers; i++)
    vs_history_clear (&s->workers[i]->hist);
}

void
vs_search_stop (VsSearch *s)
{
  atomic_store (&s->stop, 1);
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

static void fill_info (VsSearch *s, VsWorker *w, VsSearchInfoKind kind);

static inline gboolean
should_stop (VsWorker *w)
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
    {
      /* not through a search's null move (move VS_MOVE_NONE): a position
       * before it was not repeated by moves played */
      if (h->undo[n - back + 1].move == VS_MOVE_NONE || h->undo[n - back].move == VS_MOVE_NONE)
        break;
      if (h->undo[n - back].key == pos->key)
      {
        /* Twice inside the search path is a draw (the side that could avoid
         * it will, the other is content with it); a repetition of a
         * position from before the root only when it makes three-fold
         * with the game, as in Stockfish. */
        if (back < ply || ++count >= 2)
          return TRUE;
      }
    }
  if (n > 0)
    {
      VsMove last = h->undo[n - 1].move;
      if (VS_MOVE_KIND (last) == VS_MOVE_PASS)
        {
          /* what a pass can end is its variant's own ends (Janggi: two
           * passes, bikjang), not counted without the whole game state:
           * the board is unchanged, a side not in check may always pass,
           * so it is no mate or stalemate, and repetitions are above */
          VsResult r;
          const VsVariant *v = pos->variant;
          VsGameState st = v->end_hook ? v->end_hook (pos, &r) : vs_position_state (pos, h, &r);
          if (st != VS_STATE_ONGOING && st != VS_STATE_CHECKMATE)
            return TRUE;
        }
      else if (h->undo[n - 1].n_captured > 0 && vs_eval_dead_draw (t, pos))
        return TRUE;
    }
  return FALSE;
}

static gboolean
is_draw (VsWorker *w, int ply)
{
  VsHistory h = vs_worker_history (w, ply);
  return draw_at (w->s->tables, &w->pos, &h, ply);
}

gboolean
vs_search_test_is_draw (const VsPosition *pos, const VsHistory *h, int ply)
{
  return draw_at (vs_eval_tables (pos->variant), pos, h, ply);
}

uint64_t
vs_search_test_tt_key (const VsPosition *pos)
{
  return vs_tt_key (pos);
}

/* ---- Transposition table ---------------------------------------------------------- */

/* Probe the table for key: on a hit, the entry (*th), its score relative to
 * the root (*ts) and its bound (*tb); on a miss, an entry without eval, a
 * score of 0 and no bound. */
static inline gboolean
tt_look (VsSearch *s, uint64_t key, int ply, VsTTHit *th, int *ts, int *tb)
{
  *th = (VsTTHit) { 0, VS_SCORE_NONE, FALSE };
  *ts = 0;
  *tb = VS_BOUND_NONE;
  if (!vs_tt_probe (&s->tt, key, th))
    return FALSE;
  *ts = vs_tt_score_from (VS_TT_SCORE (th->data), ply);
  *tb = VS_TT_BOUND (th->data);
  return TRUE;
}

/* The entry settles a node searched to depth within (alpha, beta). */
static inline gboolean
tt_cuts (const VsTTHit *th, int ts, int tb, int depth, int alpha, int beta)
{
  return th->data != 0 && VS_TT_DEPTH (th->data) >= depth &&
         (tb == VS_BOUND_EXACT || (tb == VS_BOUND_LOWER && ts >= beta) || (tb == VS_BOUND_UPPER && ts <= alpha));
}

/* The score to trust over a node's eval: the table's where its bound says
 * eval is too low or too high (Stockfish 11), where the variant's tables
 * ask for it (tt_eval). */
static inline int
tt_bounded_eval (const VsSearch *s, gboolean tt_hit, int ts, int tb, int eval)
{
  if (tt_hit && s->tables->tt_eval && (tb & (ts > eval ? VS_BOUND_LOWER : VS_BOUND_UPPER)))
    return ts;
  return eval;
}

/* ---- Quiescence ----------------------------------------------------------------- */

/* known_check: whether the side to move is in check when the caller has
 * just found out (search() on reaching depth 0), else -1. */
static int
qsearch (VsWorker *w, int alpha, int beta, int ply, int qply, int known_check)
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
  /* the transposition table, at depth 0: a bound that settles this
   * node, else the move it holds first */
  VsSearch *s = w->s;
  gboolean pv_node = beta - alpha > 1;
  uint64_t key = vs_tt_key (pos);
  VsTTHit th;
  int ts, tb;
  gboolean tt_hit = tt_look (s, key, ply, &th, &ts, &tb);
  VsMove hash_move = tt_hit ? VS_TT_MOVE (th.data) : VS_MOVE_NONE;
  if (!pv_node && tt_cuts (&th, ts, tb, 0, alpha, beta))
    return ts;
  int orig_alpha = alpha;
  gboolean in_check = known_check >= 0 ? known_check : vs_search_core_checkers (pos) > 0;
  int best = -VS_SCORE_INF;
  VsMove best_move = VS_MOVE_NONE;
  int static_eval = VS_SCORE_NONE;
  if (!in_check)
    {
      /* the static eval the table holds, else a new one; the stand-pat
       * score is the table's score where its bound says it is better (as
       * Stockfish 11's qsearch) */
      static_eval = tt_hit && th.eval != VS_SCORE_NONE ? th.eval : vs_eval_with (w->s->tables, pos);
      int stand = tt_bounded_eval (s, tt_hit, ts, tb, static_eval);
      if (stand >= beta)
        {
          if (!tt_hit || !s->tables->tt_eval)
            vs_tt_store (&s->tt, key, VS_MOVE_NONE, vs_tt_score_to (stand, ply), 0, VS_BOUND_LOWER,
                         static_eval, FALSE);
          return stand;
        }
      if (qply >= 12)
        return stand;
      if (stand > alpha)
        alpha = stand;
      best = stand;
    }
  VsMove *moves = w->moves[ply];
  int *scores = w->scores[ply];
  int n = vs_search_core_generate (pos, in_check ? VS_GEN_ALL : VS_GEN_NOISY, moves);
  if (n == 0)
    return in_check ? -VS_SCORE_MATE + ply : best;
  vs_movepick_score (w, ply, moves, scores, n, hash_move, !in_check, FALSE);
  const VsEvalTables *t = w->s->tables;
  for (int i = 0; i < n; i++)
    {
      VsMove m = vs_movepick_next (w, ply, moves, scores, n, i);
      /* a capture that loses material by the static exchange */
      if (!in_check && vs_movepick_is_bad_capture (scores[i]) && w->s->tables->qs_see)
        continue;
      if (!in_check && scores[i] >= VS_SCORE_CAPTURE && scores[i] < VS_SCORE_HASH)
        {
          int attacker = vs_movepick_attacker (w, m);
          int victims = vs_movepick_capture_victims (scores[i], attacker);
          /* delta pruning: a capture that cannot bring the score near
           * alpha even if it won its victims for nothing */
          if (best + victims + 150 <= alpha)
            continue;
          /* a likely losing capture (see qs_skip_bad_captures) */
          if (t->qs_skip_bad_captures && attacker > victims + 100)
            continue;
        }
      vs_search_core_make (pos, vs_worker_undo (w, ply), m);
      vs_tt_prefetch (&s->tt, vs_tt_key (pos));
      int score = -qsearch (w, -beta, -alpha, ply + 1, qply + 1, -1);
      vs_search_core_unmake (pos, vs_worker_undo (w, ply), m);
      if (atomic_load_explicit (&w->s->stop, memory_order_relaxed))
        return 0;
      if (score > best)
        {
          best = score;
          if (score > alpha)
            {
              alpha = score;
              best_move = m;
              w->pv[ply][0] = m;
              memcpy (&w->pv[ply][1], w->pv[ply + 1], w->pv_len[ply + 1] * sizeof (VsMove));
              w->pv_len[ply] = w->pv_len[ply + 1] + 1;
              if (score >= beta)
                break;
            }
        }
    }
  int bound = best >= beta ? VS_BOUND_LOWER : (best > orig_alpha && best_move != VS_MOVE_NONE ? VS_BOUND_EXACT : VS_BOUND_UPPER);
  vs_tt_store (&s->tt, key, best_move, vs_tt_score_to (best, ply), 0, bound, static_eval,
               tt_hit && th.pv);
  return best;
}

/* The capture pruning by the exchange (search()): up to this depth, a
 * capture losing more than this many centipawns a ply is not searched. */
#define VS_SEE_PRUNE_DEPTH  5
#define VS_SEE_PRUNE_MARGIN 160

/* ---- Main search ------------------------------------------------------------------- */

/* known_check as for qsearch(): the caller may already know whether the
 * side to move is in check (-1: not known). */
static int
search (VsWorker *w, int alpha, int beta, int depth, int ply, int known_check)
{
  VsPosition *pos = &w->pos;
  VsSearch *s = w->s;
  gboolean pv_node = beta - alpha > 1;
  gboolean root = ply == 0;

  w->pv_len[ply] = 0;
  gboolean in_check = known_check >= 0 ? known_check : vs_search_core_checkers (pos) > 0;
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

  uint64_t key = vs_tt_key (pos);
  VsTTHit th;
  int ts, tb;
  gboolean tt_hit = tt_look (s, key, ply, &th, &ts, &tb);
  VsMove hash_move = tt_hit ? VS_TT_MOVE (th.data) : VS_MOVE_NONE;
  if (!pv_node && tt_cuts (&th, ts, tb, depth, alpha, beta))
    return ts;
  if (root && w->pv_idx < w->n_root)
    hash_move = w->root[w->pv_idx].move;
  /* the node is or has been on the principal variation (Stockfish's
   * ttPv): its late moves are reduced less */
  gboolean tt_pv = pv_node || (tt_hit && th.pv && s->tables->tt_eval);

  /* the static eval: the table's if it holds one, else computed and
   * stored at once (as Stockfish does), so that the node is not evaluated
   * again when it is met before its search ends */
  int static_eval = -VS_SCORE_INF;
  if (!in_check)
    {
      if (tt_hit && th.eval != VS_SCORE_NONE)
        static_eval = th.eval;
      else
        {
          static_eval = vs_eval_with (s->tables, pos);
          if (!tt_hit && s->tables->tt_eval)
            vs_tt_store (&s->tt, key, VS_MOVE_NONE, 0, 0, VS_BOUND_NONE, static_eval, tt_pv);
        }
    }
  w->static_eval[ply] = in_check ? VS_SCORE_NONE : static_eval;
  /* the eval the pruning below trusts: the table's score where its bound
   * says the static eval is too low or too high (Stockfish 11) */
  int eval = in_check ? static_eval : tt_bounded_eval (s, tt_hit, ts, tb, static_eval);
  /* improving: the side to move stands better than two plies before (as
   * Stockfish 11: also when that node was in check, or above the root) */
  gboolean improving = !in_check && (ply < 2 || w->static_eval[ply - 2] == VS_SCORE_NONE ||
                                     static_eval >= w->static_eval[ply - 2]);

  /* reverse futility pruning.  Not in Strato: its won endings are queens
   * against a king, where the side being mated looks no worse after a
   * quiet move that sets up a mate than before it, so the static eval
   * dismissed the first moves of mates in 3-4 at the nodes before the
   * mating checks.  Self-play mate suite (tests/engine/
   * mates-selfplay-strato.tsv) at 400k nodes a position: 92 of 101 solved;
   * 95 without this pruning, 94 with late move pruning sparing checks
   * (vs-eval.c), 96 with both. */
  if (!pv_node && !in_check && depth <= 6 && ABS (beta) < VS_SCORE_MATE_BOUND &&
      s->tables->kind != VS_EVAL_STRATO &&
      eval - 100 * depth >= beta)
    return eval;

  /* Null-move pruning (Stockfish 11's, with its verification search at
   * depth >= 13): not after a null move, and in Janggi, whose null move is
   * its pass, not after a pass (two end the game). */
  if (!root && !pv_node && !in_check && depth >= 2 && s->tables->null_move &&
      eval >= beta && ABS (beta) < VS_SCORE_MATE_BOUND &&
      pos->passes == 0 && vs_worker_undo (w, ply - 1)->move != VS_MOVE_NONE &&
      (ply >= w->nmp_min_ply || pos->side != w->nmp_side) &&
      vs_eval_has_pieces (s->tables, pos))
    {
      int r = 3 + depth / 4 + MIN ((eval - beta) / 200, 3);
      VsUndo *u = vs_worker_undo (w, ply);
      if (vs_search_core_make_null (pos, u))
        {
          vs_tt_prefetch (&s->tt, vs_tt_key (pos));
          w->cont_idx[ply] = -1;
          w->null_reply[ply + 1] = TRUE;
          int null_score = -search (w, -beta, -beta + 1, depth - r, ply + 1, -1);
          w->null_reply[ply + 1] = FALSE;
          vs_search_core_unmake_null (pos, u);
          if (atomic_load_explicit (&s->stop, memory_order_relaxed))
            return 0;
          if (null_score >= beta)
            {
              if (null_score >= VS_SCORE_MATE_BOUND)
                null_score = beta;
              if (w->nmp_min_ply || depth < 13)
                return null_score;
              /* verification: the same node searched without null moves
               * for this side for the next plies */
              w->nmp_min_ply = ply + 3 * (depth - r) / 4;
              w->nmp_side = pos->side;
              int v = search (w, beta - 1, beta, depth - r, ply, 0);
              w->nmp_min_ply = 0;
              if (v >= beta)
                return null_score;
            }
        }
    }

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
    n = vs_search_core_generate (pos, VS_GEN_ALL, moves);
  if (n == 0)
    return in_check ? -VS_SCORE_MATE + ply : 0;   /* mate or stalemate */
  vs_movepick_score (w, ply, moves, scores, n, hash_move, FALSE, root);
  if (root)
    for (int i = 0; i < n; i++)   /* keep the previous iteration's order */
      {
        /* but classify each move by its own ordering score: a capture or a
         * promotion is not quiet wherever the previous iteration put it */
        gboolean cap = FALSE;
        if (scores[i] >= VS_SCORE_HASH)
          vs_movepick_victim (w, moves[i], &cap);
        gboolean bad = vs_movepick_is_bad_capture (scores[i]);
        w->root_quiet[i] = (scores[i] < VS_SCORE_PROMO && !bad) ||
                           (scores[i] >= VS_SCORE_HASH && !cap && VS_MOVE_KIND (moves[i]) != VS_MOVE_PROMOTION);
        w->root_ordinary[i] = (scores[i] < VS_SCORE_COUNTER && !bad) ||
                              (scores[i] >= VS_SCORE_HASH && w->root_quiet[i] && i > 0);
        scores[i] = (n - i) + (i == 0 ? VS_SCORE_HASH : 0);
      }

  int best = -VS_SCORE_INF;
  VsMove best_move = VS_MOVE_NONE;
  int orig_alpha = alpha;
  VsMove quiets[64];
  int quiets_ci[64];
  int n_quiets = 0;
  gboolean use_cont = w->hist.cont != NULL;
  int prev_ci[3];
  vs_worker_cont_prev (w, ply, prev_ci);
  for (int i = 0; i < n; i++)
    {
      VsMove m = vs_movepick_next (w, ply, moves, scores, n, i);
      gboolean hash_cap = FALSE;
      if (scores[i] >= VS_SCORE_HASH)
        vs_movepick_victim (w, m, &hash_cap);
      gboolean bad_capture = vs_movepick_is_bad_capture (scores[i]);
      gboolean quiet = (scores[i] < VS_SCORE_PROMO && !bad_capture) ||
                       (scores[i] >= VS_SCORE_HASH && !hash_cap && VS_MOVE_KIND (m) != VS_MOVE_PROMOTION);
      gboolean is_quiet_ordinary = scores[i] < VS_SCORE_COUNTER && !bad_capture;
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
      /* late quiet evasions are reduced too.  With the log table
       * (log_lmr) from the second move on, at PV nodes from the fourth;
       * without it from the fourth everywhere. */
      gboolean may_reduce = i >= (pv_node || !s->tables->log_lmr ? 3 : 1) && depth >= 3 &&
                            is_quiet_ordinary;
      int ci = use_cont ? vs_worker_cont_index (w, m) : -1;
      /* with the continuation history (cont_history), Stockfish 11's
       * pruning of quiet moves that do not give check, at the depth the
       * reductions would leave them: those both continuation histories
       * call bad, those whose static eval plus a margin cannot reach
       * alpha (futility), and where the tables ask for it
       * (quiet_see_prune) those that lose more than a margin by the static
       * exchange.  Not while a mate is in hand (alpha a mate
       * score): the quiet move that mates sooner is what is looked for,
       * and no static eval reaches a mate score (tests/engine/
       * mates-janggi.tsv line 16, a mate in 3 seen as one in 4 at depth 9
       * without this) */
      gboolean fut = FALSE;
      if (use_cont && !root && !in_check && !lmp && is_quiet_ordinary && i > 0 &&
          best > -VS_SCORE_MATE_BOUND && alpha < VS_SCORE_MATE_BOUND)
        {
          int lr = s->lmr_log[MIN (depth, VS_MAX_MOVES)] * s->lmr_log[i + 1];
          int lmr_depth = MAX (depth - 1 - ((lr + 511) / 1024 + (!improving && lr > 1007)), 0);
          if (lmr_depth < 4 && prev_ci[0] >= 0 && prev_ci[1] >= 0 &&
              vs_history_cont_value (&w->hist, prev_ci[0], ci) < 0 &&
              vs_history_cont_value (&w->hist, prev_ci[1], ci) < 0)
            fut = TRUE;
          else if (lmr_depth < 6 && static_eval + 235 + 172 * lmr_depth <= alpha)
            fut = TRUE;
          else if (s->tables->quiet_see_prune &&
                   vs_see (w, ply, m) < -(32 - MIN (lmr_depth, 18)) * lmr_depth * lmr_depth * 3 / 4)
            fut = TRUE;
        }
      if (lmp && !s->tables->lmp_spares_checks)
        {
          /* Skip the quiet moves: every later quiet move would be pruned
           * the same way (the move count only grows), and the picker has
           * left only quiet moves and losing captures after this one.  So
           * the losing captures are kept, in their order, and the quiet
           * moves are dropped without being picked one by one (most of
           * the picker's time went to them). */
          int kept = i + 1;
          for (int j = i + 1; j < n; j++)
            if (vs_movepick_is_bad_capture (scores[j]))
              {
                moves[kept] = moves[j];
                scores[kept] = scores[j];
                kept++;
              }
          n = kept;
          vs_movepick_forget (w, ply);
          continue;
        }
      /* Stockfish 11's pruning of a capture that loses more by the static
       * exchange than a margin that grows with the depth.  Only the
       * captures the move picker found losing (bad_capture) can: their
       * exchange is below zero already. */
      if (bad_capture && s->tables->see_prune && !root && depth <= VS_SEE_PRUNE_DEPTH &&
          best > -VS_SCORE_MATE_BOUND && vs_eval_has_pieces (s->tables, pos) &&
          vs_see (w, ply, m) < -VS_SEE_PRUNE_MARGIN * depth)
        continue;
      /* the answer to a null move is not a pass back (in Janggi, where the
       * null move is a pass, that would be a drawn double pass: the null
       * move asks what the opponent does with a free move) */
      if (w->null_reply[ply] && VS_MOVE_KIND (m) == VS_MOVE_PASS)
        continue;

      /* the statistics of a quiet move, for its reduction */
      int stat = 2 * vs_history_quiet (&w->hist, pos->side, m);
      if (use_cont)
        stat += vs_worker_cont_score (w, prev_ci, ci);
      w->cont_idx[ply] = ci;
      int gives_check = -1;
      /* a pruned move that gives check is searched: where the variant
       * tells it without the move (VsVariant.gives_check), before making
       * it */
      if ((lmp || fut) && vs_search_core_has_gives_check (pos))
        {
          if (!vs_search_core_gives_check (pos, m))
            continue;
          gives_check = 1;
        }
      vs_search_core_make (pos, vs_worker_undo (w, ply), m);
      vs_tt_prefetch (&s->tt, vs_tt_key (pos));
      if ((lmp || fut) && gives_check < 0)
        {
          gives_check = vs_search_core_checkers (pos) > 0;
          if (!gives_check)
            {
              vs_search_core_unmake (pos, vs_worker_undo (w, ply), m);
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
          if (may_reduce && !s->tables->log_lmr)
            {
              r = 1 + (depth >= 6) + (i >= 12);
              if (pv_node)
                r--;
              r = CLAMP (r, 0, new_depth - 1);
            }
          else if (may_reduce)
            {
              /* Stockfish 11's table: ln(depth) ln(move count) / 2, one
               * more where not improving, one less at PV nodes, and less
               * or more by the move's history */
              int lr = s->lmr_log[MIN (depth, VS_MAX_MOVES)] * s->lmr_log[i + 1];
              r = (lr + 511) / 1024 + (!improving && lr > 1007);
              if (tt_pv)   /* a PV node, or one that has been */
                r--;
              r -= stat / 16384;
              r = CLAMP (r, 0, new_depth - 1);
            }
          score = -search (w, -alpha - 1, -alpha, new_depth - r, ply + 1, gives_check);
          if (score > alpha && r > 0)
            score = -search (w, -alpha - 1, -alpha, new_depth, ply + 1, gives_check);
          if (score > alpha && score < beta)
            score = -search (w, -beta, -alpha, new_depth, ply + 1, gives_check);
        }
      vs_search_core_unmake (pos, vs_worker_undo (w, ply), m);
      if (atomic_load_explicit (&s->stop, memory_order_relaxed))
        return 0;

      if (root)
        {
          VsRootMove *rm = NULL;
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
                      vs_history_add_killer (&w->hist, ply, m);
                      if (s->tables->countermove)
                        vs_history_set_counter (&w->hist, vs_worker_prev_move (w, ply), m);
                      vs_history_update (&w->hist, pos->side, m, depth, TRUE);
                      for (int q = 0; q < n_quiets; q++)
                        vs_history_update (&w->hist, pos->side, quiets[q], depth, FALSE);
                      if (use_cont)
                        {
                          vs_history_update_cont (&w->hist, prev_ci, 3, ci, depth, TRUE);
                          for (int q = 0; q < n_quiets; q++)
                            vs_history_update_cont (&w->hist, prev_ci, 3, quiets_ci[q], depth, FALSE);
                        }
                    }
                  break;
                }
            }
        }
      if (quiet && n_quiets < 64)
        {
          quiets_ci[n_quiets] = ci;
          quiets[n_quiets++] = m;
        }
    }
  if (best == -VS_SCORE_INF)   /* every move pruned: cannot happen at depth>3; be safe */
    best = alpha;
  int bound = best >= beta ? VS_BOUND_LOWER : (best > orig_alpha ? VS_BOUND_EXACT : VS_BOUND_UPPER);
  if (!root || w->pv_idx == 0)
    vs_tt_store (&s->tt, key, best_move, vs_tt_score_to (best, ply), depth, bound,
                 in_check ? VS_SCORE_NONE : static_eval, tt_pv);
  return best;
}

/* ---- Iterative deepening -------------------------------------------------------------- */

static int
root_cmp (const void *a, const void *b)
{
  const VsRootMove *x = a, *y = b;
  if (x->score != y->score)
    return x->score > y->score ? -1 : 1;
  if (x->prev_score != y->prev_score)
    return x->prev_score > y->prev_score ? -1 : 1;
  return 0;
}

static void
stable_sort_root (VsRootMove *r, int n)
{
  /* insertion sort: stable, n is small */
  for (int i = 1; i < n; i++)
    {
      VsRootMove tmp = r[i];
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
fill_info (VsSearch *s, VsWorker *w, VsSearchInfoKind kind)
{
  VsSearchInfo *info = &s->info;
  info->kind = kind;
  info->nodes = total_nodes (s);
  info->time_ms = (g_get_monotonic_time () - s->start_us) / 1000;
  info->nps = info->time_ms > 0 ? info->nodes * 1000 / info->time_ms : info->nodes * 1000;
  info->hashfull = vs_tt_hashfull (&s->tt);
  if (kind == VS_SEARCH_INFO_PROGRESS)
    return;   /* lines stay those of the last completed iteration */
  info->depth = w->completed_depth;
  int mpv = MIN (MAX (s->limits.multipv, 1), MIN (w->n_root, VS_SEARCH_MAX_MULTIPV));
  info->n_lines = mpv;
  for (int i = 0; i < mpv; i++)
    {
      VsRootMove *rm = &w->root[i];
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

void
vs_search_iterate (VsWorker *w)
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
          /* with a clock: more of the soft limit after a falling score
           * or a changing best move, less once it has settled */
          double scale = vs_timeman_iteration (&s->time, w->root[0].move, w->root[0].score);
          gint64 el = g_get_monotonic_time () - s->start_us;
          if (vs_timeman_done (el, s->soft_us, s->hard_us, scale))
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

void
vs_search_test_time (const VsSearchLimits *l, int side, gint64 *soft_us, gint64 *hard_us)
{
  vs_timeman_limits (l, side, soft_us, hard_us);
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
  vs_tt_new_search (&s->tt);
  vs_timeman_limits (&s->limits, pos->side, &s->soft_us, &s->hard_us);
  vs_timeman_start (&s->time);
  memset (&s->info, 0, sizeof s->info);
  s->info.best_move = VS_MOVE_NONE;
  s->info.ponder_move = VS_MOVE_NONE;

  /* workers are kept between runs (history survives, as in most engines) */
  vs_threads_ensure (s);
  int n_active = s->n_threads;

  VsMove root_moves[VS_MAX_MOVES];
  int n = 0;
  VsResult res;
  if (vs_position_state (pos, hist, &res) == VS_STATE_ONGOING)
    n = vs_search_core_generate (pos, VS_GEN_ALL, root_moves);
  for (int i = 0; i < s->n_workers; i++)
    vs_threads_setup (s, s->workers[i], i, pos, hist, root_moves, i < n_active ? n : 0);
  int n_workers_saved = s->n_workers;
  s->n_workers = n_active;   /* count nodes of the active ones only */

  VsMove best = VS_MOVE_NONE;
  if (n > 0)
    {
      VsWorker *w = vs_threads_search (s, n_active);
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

int
vs_search_quiesce (VsSearch *s, const VsPosition *pos, const VsHistory *hist)
{
  g_return_val_if_fail (!atomic_load (&s->running), 0);
  atomic_store (&s->running, 1);
  s->start_us = g_get_monotonic_time ();
  vs_search_limits_init (&s->limits);
  s->limits.multipv = 1;
  s->func = NULL;
  s->user_data = NULL;
  s->soft_us = s->hard_us = 0;
  s->tables = vs_eval_tables (pos->variant);
  vs_tt_new_search (&s->tt);
  vs_threads_ensure (s);
  VsWorker *w = s->workers[0];
  vs_threads_setup (s, w, 0, pos, hist, NULL, 0);
  int score = qsearch (w, -VS_SCORE_INF, VS_SCORE_INF, 0, 0, -1);
  atomic_store (&s->stop, 0);
  atomic_store (&s->running, 0);
  return score;
}
