/* vs-movepick.c — move ordering (see vs-movepick.h).  Victims are found by
 * make/unmake where captures are not on `to`, as for Chartima's Ultima
 * pieces. */
#include "vs-movepick.h"
#include "vs-see.h"

int
vs_movepick_victim (VsWorker *w, VsMove m, gboolean *is_capture)
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
implicit_victims (VsWorker *w, int ply, VsMove m)
{
  VsPosition *pos = &w->pos;
  const VsUndo *u = vs_search_core_make (pos, vs_worker_undo (w, ply), m);
  int v = vs_see_taken (w->s->tables, u);
  vs_search_core_unmake (pos, vs_worker_undo (w, ply), m);
  return v;
}

void
vs_movepick_score (VsWorker *w, int ply, VsMove *moves, int *scores, int n, VsMove hash_move, gboolean noisy_only, gboolean see_now)
{
  const VsPosition *pos = &w->pos;
  const VsEvalTables *t = w->s->tables;
  const VsSearchHistory *h = &w->hist;
  int n_noisy = 0;
  int prev[3];
  vs_worker_cont_prev (w, ply, prev);
  VsMove counter = t->countermove && !noisy_only ? vs_history_counter (h, vs_worker_prev_move (w, ply)) : VS_MOVE_NONE;
  if (t->implicit_captures && !noisy_only)
    n_noisy = vs_search_core_generate (pos, VS_GEN_NOISY, w->noisy);
  for (int i = 0; i < n; i++)
    {
      VsMove m = moves[i];
      if (m == hash_move)
        {
          scores[i] = VS_SCORE_HASH;
          continue;
        }
      gboolean cap;
      int victim = vs_movepick_victim (w, m, &cap);
      int attacker = vs_movepick_attacker (w, m);
      if (!cap && t->implicit_captures && VS_MOVE_KIND (m) == VS_MOVE_NORMAL)
        {
          gboolean in_noisy = noisy_only;
          for (int j = 0; j < n_noisy && !in_noisy; j++)
            if (w->noisy[j] == m)
              in_noisy = TRUE;
          if (in_noisy)
            {
              victim = implicit_victims (w, ply, m);
              cap = victim > 0;
            }
        }
      if (cap)
        /* a capture by a piece worth more than its prey is played out
         * (vs-see.h), here or when it comes up: one that loses goes after
         * the quiet moves */
        scores[i] = (see_now && t->see && attacker > victim && vs_see (w, ply, m) < 0 ?
                     VS_SCORE_BAD_CAPTURE : VS_SCORE_CAPTURE) + victim * 8 - attacker / 16;
      else if (VS_MOVE_KIND (m) == VS_MOVE_PROMOTION)
        scores[i] = VS_SCORE_PROMO + t->value[VS_MOVE_PIECE (m)];
      else if (h->killers[ply][0] == m)
        scores[i] = VS_SCORE_KILLER1;
      else if (h->killers[ply][1] == m)
        scores[i] = VS_SCORE_KILLER2;
      else if (m == counter)
        scores[i] = VS_SCORE_COUNTER;
      else
        scores[i] = vs_history_quiet (h, pos->side, m) +
                    (h->cont ? vs_worker_cont_score (w, prev, vs_worker_cont_index (w, m)) : 0);
    }
}

/* The first of scores[i..n) that is the best: the scan of a selection
 * sort, written as a reduction the compiler vectorizes (its value) and a
 * search for its place, which costs a fraction of the plain scan where
 * moves are many, as Crazyhouse's drops. */
static int
first_best (const int *scores, int i, int n)
{
  int top = scores[i];
  for (int j = i + 1; j < n; j++)
    top = MAX (top, scores[j]);
  int best = i;
  while (scores[best] != top)
    best++;
  return best;
}

/* A node that goes on past its first picks (where late quiet moves are
 * pruned one by one, each still picked in order) reads the same choice
 * off a winner tree: each leaf holds a position's score and place packed
 * so that the greater key is the better score, or at equal scores the
 * lower place (as the scan's strict `>` chooses); each inner node the
 * greater of its two.  A pick changes two leaves, log n steps each. */
#define PICK_TREE_FROM 2    /* the pick at which the tree is built */
#define PICK_TREE_MIN  16   /* fewer moves left than this are scanned */
#define PICK_GONE      INT64_MIN

static inline int64_t
pick_key (int score, int place)
{
  return (int64_t) score * 65536 + (0xffff - place);
}

static void
pick_tree_build (int64_t *tree, const int *scores, int size, int i, int n)
{
  for (int j = 0; j < size; j++)
    tree[size + j] = j >= i && j < n ? pick_key (scores[j], j) : PICK_GONE;
  for (int k = size - 1; k >= 1; k--)
    tree[k] = MAX (tree[2 * k], tree[2 * k + 1]);
}

static inline void
pick_tree_set (int64_t *tree, int size, int place, int64_t key)
{
  int k = size + place;
  tree[k] = key;
  for (k /= 2; k >= 1; k /= 2)
    tree[k] = MAX (tree[2 * k], tree[2 * k + 1]);
}

VsMove
vs_movepick_next (VsWorker *w, int ply, VsMove *moves, int *scores, int n, int i)
{
  const VsEvalTables *t = w->s->tables;
  int64_t *tree = w->pick_tree[ply];
  int size = 0;
  if (i < PICK_TREE_FROM)
    w->pick_size[ply] = 0;
  else if (w->pick_size[ply])
    size = w->pick_size[ply];
  else if (i == PICK_TREE_FROM && n - i >= PICK_TREE_MIN)
    {
      size = 1;
      while (size < n)
        size *= 2;
      pick_tree_build (tree, scores, size, i, n);
      w->pick_size[ply] = size;
    }
  for (;;)
    {
      int best = size ? 0xffff - (int) (tree[1] & 0xffff) : first_best (scores, i, n);
      int sc = scores[best];
      if (t->see && sc >= VS_SCORE_CAPTURE && sc < VS_SCORE_HASH)
        {
          int attacker = vs_movepick_attacker (w, moves[best]);
          if (attacker > vs_movepick_capture_victims (sc, attacker) &&
              vs_see (w, ply, moves[best]) < 0)
            {
              scores[best] = sc - VS_SCORE_CAPTURE + VS_SCORE_BAD_CAPTURE;
              if (size)
                pick_tree_set (tree, size, best, pick_key (scores[best], best));
              continue;
            }
        }
      if (best != i)
        {
          VsMove tm = moves[i]; moves[i] = moves[best]; moves[best] = tm;
          int ts = scores[i]; scores[i] = scores[best]; scores[best] = ts;
        }
      if (size)
        {
          pick_tree_set (tree, size, i, PICK_GONE);
          if (best != i)
            pick_tree_set (tree, size, best, pick_key (scores[best], best));
        }
      return moves[i];
    }
}
