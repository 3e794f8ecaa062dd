/* test-search-rules.c — the search's own rules, checked through the hooks of
 * vs-search-private.h: which repetitions it scores as draws, the key its
 * transposition table uses and what an entry keeps, the time it allots. */
#include "config.h"
#include "vs-variant.h"
#include "vs-search.h"
#include "vs-search-private.h"
#include "vs-engine-test-util.h"

#include <string.h>
#include "../vs-test-history.h"

static VsPosition *
position_after (const VsVariant *v, const char *fen, const char *const *moves)
{
  VsPosition *pos = g_new0 (VsPosition, 1);
  g_autoptr(GError) error = NULL;
  if (!vs_test_init (pos, v, fen ? fen : v->start_fen, &error))
    g_error ("%s", error->message);
  for (int i = 0; moves && moves[i]; i++)
    {
      VsMove m;
      const char *warning = NULL;
      if (!v->parse_move (pos, moves[i], VS_NOTATION_UCI, &m, &warning, &error))
        g_error ("%s: %s", moves[i], error->message);
      vs_test_make (pos, m);
    }
  return pos;
}

/* A Crazyhouse repetition through captures and drops: the capture resets the
 * halfmove clock, but the core counts Crazyhouse repetitions over the whole
 * history, and so must the search. */
static void
test_crazyhouse_repetition_across_drops (void)
{
  const VsVariant *v = vs_test_available ("crazyhouse");
  g_assert_nonnull (v);   /* the Crazyhouse module is built in */
  const char *moves[] = { "a2a3", "a7a6", "e5d7", "f6d7", "N@e5", "N@f6", NULL };
  VsPosition *pos = position_after (v, "r1bqkb1r/pppnpppp/5n2/4N3/8/8/PPPPPPPP/RNBQKB1R[] w KQkq - 0 1", moves);
  g_assert_cmpint (pos->halfmove, <, 4);
  g_assert_cmpint (vs_test_repetitions (pos, vs_test_hist_len (pos)), ==, 1);
  /* the root was after a2a3: the repetition is inside the search path */
  g_assert_true (vs_search_test_is_draw (pos, VS_TEST_HIST (pos), 5));
  g_free (pos);
}

/* A position repeated once before the root is not a draw (the game goes on);
 * repeated once inside the search path it is (two-fold), and repeated twice
 * counting the game it is (three-fold), as in Stockfish. */
static void
test_repetition_before_root (void)
{
  const VsVariant *v = vs_test_available ("crazyhouse");
  g_assert_nonnull (v);   /* the Crazyhouse module is built in */
  const char *once[] = { "a2a3", "a7a6", "g1f3", "g8f6", "f3g1", "f6g8", NULL };
  VsPosition *pos = position_after (v, NULL, once);
  g_assert_false (vs_search_test_is_draw (pos, VS_TEST_HIST (pos), 0));   /* both occurrences before the root */
  g_assert_false (vs_search_test_is_draw (pos, VS_TEST_HIST (pos), 2));   /* the earlier one still before it */
  g_assert_false (vs_search_test_is_draw (pos, VS_TEST_HIST (pos), 4));   /* the earlier one is the root: once only */
  g_assert_true (vs_search_test_is_draw (pos, VS_TEST_HIST (pos), 5));    /* the earlier one after the root */
  g_free (pos);
  const char *twice[] = { "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8", NULL };
  pos = position_after (v, NULL, twice);
  g_assert_true (vs_search_test_is_draw (pos, VS_TEST_HIST (pos), 0));    /* three-fold with the game */
  g_free (pos);
}

/* A search's null move (undo entry with move VS_MOVE_NONE) is no move of
 * play: a position met before it is not repeated by what follows.  Start,
 * Ng1f3, null, Nf3g1, null: the start position again, four plies back. */
static void
test_no_repetition_through_null_move (void)
{
  const VsVariant *v = vs_test_available ("crazyhouse");
  g_assert_nonnull (v);   /* the Crazyhouse module is built in */
  VsPosition *pos = position_after (v, NULL, NULL);
  uint64_t start_key = pos->key;
  const char *moves[] = { "g1f3", "f3g1" };
  for (int i = 0; i < 2; i++)
    {
      VsMove m;
      const char *warning = NULL;
      g_autoptr(GError) error = NULL;
      if (!v->parse_move (pos, moves[i], VS_NOTATION_UCI, &m, &warning, &error))
        g_error ("%s: %s", moves[i], error->message);
      vs_test_make (pos, m);
      GArray *u = vs_test_undo (pos);
      g_array_set_size (u, u->len + 1);
      g_assert_true (vs_position_make_null (pos, &g_array_index (u, VsUndo, u->len - 1)));
      g_assert_cmpuint (g_array_index (u, VsUndo, u->len - 1).move, ==, VS_MOVE_NONE);
    }
  g_assert_true (pos->key == start_key);
  g_assert_false (vs_search_test_is_draw (pos, VS_TEST_HIST (pos), 5));
  g_assert_false (vs_search_test_is_draw (pos, VS_TEST_HIST (pos), 0));
  g_free (pos);
}

/* Janggi: after one pass, a second pass ends the game; the same board and side
 * to move without a pending pass is another position for the table. */
static void
test_janggi_pass_key (void)
{
  const VsVariant *v = vs_test_available ("janggi");
  g_assert_nonnull (v);   /* the Janggi module is built in */
  VsPosition *a = position_after (v, NULL, NULL);
  VsMove moves[1024];
  int n = vs_position_generate (a, VS_GEN_ALL, moves);
  VsMove pass = VS_MOVE_NONE;
  for (int i = 0; i < n; i++)
    if (VS_MOVE_KIND (moves[i]) == VS_MOVE_PASS)
      pass = moves[i];
  g_assert_cmpuint (pass, !=, VS_MOVE_NONE);
  vs_test_make (a, pass);
  g_assert_cmpint (a->passes, ==, 1);
  g_autofree char *fen = vs_position_to_string (a);
  VsPosition *b = position_after (v, fen, NULL);
  g_assert_cmpint (b->passes, ==, 0);
  g_assert_true (a->key == b->key);   /* the core's key: same board, same side */
  g_assert_true (vs_search_test_tt_key (a) != vs_search_test_tt_key (b));
  g_free (a);
  g_free (b);
}

/* The hard limit is never below the soft one, whatever movestogo says. */
static void
test_time_hard_not_below_soft (void)
{
  for (int mtg = 0; mtg <= 40; mtg++)
    for (gint64 t = 100; t <= 600000; t *= 3)
      for (gint64 inc = 0; inc <= 2000; inc += 1000)
        {
          VsSearchLimits l;
          vs_search_limits_init (&l);
          l.time_ms[0] = l.time_ms[1] = t;
          l.inc_ms[0] = l.inc_ms[1] = inc;
          l.movestogo = mtg;
          gint64 soft, hard;
          vs_search_test_time (&l, 0, &soft, &hard);
          if (hard < soft)
            g_error ("movestogo %d, time %" G_GINT64_FORMAT " ms, inc %" G_GINT64_FORMAT
                     ": hard %" G_GINT64_FORMAT " µs < soft %" G_GINT64_FORMAT " µs",
                     mtg, t, inc, hard, soft);
          g_assert_cmpint (hard, <=, t * 1000);
        }
}

/* The table keeps a node's static eval and PV flag with its bound and
 * score: a store without an eval (in check) keeps the one the entry had,
 * and every field reads back as stored, negative scores and evals too. */
static void
test_tt_eval_and_pv (void)
{
  VsTT tt = { 0 };
  vs_tt_alloc (&tt, 1);
  uint64_t key = UINT64_C (0x123456789abcdef1);
  VsTTHit hit = { 0 };
  g_assert_false (vs_tt_probe (&tt, key, &hit));

  vs_tt_store (&tt, key, VS_MOVE_NONE, 0, 0, VS_BOUND_NONE, -137, TRUE);
  g_assert_true (vs_tt_probe (&tt, key, &hit));
  g_assert_cmpint (hit.eval, ==, -137);
  g_assert_true (hit.pv);
  g_assert_cmpint (VS_TT_BOUND (hit.data), ==, VS_BOUND_NONE);

  vs_tt_store (&tt, key, (VsMove) 0x4242, -250, 7, VS_BOUND_UPPER, VS_SCORE_NONE, FALSE);
  g_assert_true (vs_tt_probe (&tt, key, &hit));
  g_assert_cmpint (hit.eval, ==, -137);   /* kept */
  g_assert_false (hit.pv);
  g_assert_cmpint (VS_TT_SCORE (hit.data), ==, -250);
  g_assert_cmpint (VS_TT_DEPTH (hit.data), ==, 7);
  g_assert_cmpint (VS_TT_BOUND (hit.data), ==, VS_BOUND_UPPER);
  g_assert_cmpuint (VS_TT_MOVE (hit.data), ==, 0x4242);

  /* an eval beyond the mate bound is kept below it, never as a mate */
  vs_tt_store (&tt, key, VS_MOVE_NONE, 0, 8, VS_BOUND_EXACT, 31000, FALSE);
  g_assert_true (vs_tt_probe (&tt, key, &hit));
  g_assert_cmpint (hit.eval, <, VS_SCORE_MATE_BOUND);
  g_assert_cmpuint (VS_TT_MOVE (hit.data), ==, 0x4242);   /* the move kept */

  /* another key of the same cluster finds nothing */
  uint64_t other = key ^ 1;
  g_assert_true (vs_tt_cluster (&tt, other) == vs_tt_cluster (&tt, key));
  g_assert_false (vs_tt_probe (&tt, other, &hit));
  /* the table fills the memory it was given: 1 MB */
  g_assert_cmpuint (tt.clusters * VS_TT_WAYS * sizeof (VsTTEntry), >, 1024 * 1024 - VS_TT_WAYS * sizeof (VsTTEntry));
  vs_tt_free (&tt);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/search-rules/crazyhouse-repetition-across-drops", test_crazyhouse_repetition_across_drops);
  g_test_add_func ("/search-rules/repetition-before-root", test_repetition_before_root);
  g_test_add_func ("/search-rules/no-repetition-through-null-move", test_no_repetition_through_null_move);
  g_test_add_func ("/search-rules/janggi-pass-key", test_janggi_pass_key);
  g_test_add_func ("/search-rules/time-hard-not-below-soft", test_time_hard_not_below_soft);
  g_test_add_func ("/search-rules/tt-eval-and-pv", test_tt_eval_and_pv);
  return g_test_run ();
}
