/* test-search.c — the built-in search: mate suites with exact mate scores
 * (cross-checked by an independent brute-force mate prover for mates in 1
 * and 2), determinism, MultiPV, limits and stop latency. */
#include "vs-variant.h"
#include "vs-search.h"
#include "vs-engine-test-util.h"

#include <string.h>
#include <stdio.h>
#include "../vs-test-history.h"


/* Independent check: does the side to move force mate within `n` moves?
 * Plain minimax over every legal move, no pruning, no tables. */
static gboolean
forced_mate (VsPosition *pos, int n)
{
  VsMove moves[VS_MAX_MOVES];
  int count = vs_position_generate (pos, VS_GEN_ALL, moves);
  for (int i = 0; i < count; i++)
    {
      vs_test_make (pos, moves[i]);
      gboolean wins = TRUE;
      VsResult r;
      VsGameState st = vs_test_state (pos, &r);
      if (st == VS_STATE_CHECKMATE)
        wins = TRUE;
      else if (st != VS_STATE_ONGOING || n == 1)
        wins = FALSE;
      else
        {
          VsMove replies[VS_MAX_MOVES];
          int nr = vs_position_generate (pos, VS_GEN_ALL, replies);
          for (int j = 0; j < nr && wins; j++)
            {
              vs_test_make (pos, replies[j]);
              if (!forced_mate (pos, n - 1))
                wins = FALSE;
              vs_test_unmake (pos);
            }
        }
      vs_test_unmake (pos);
      if (wins)
        return TRUE;
    }
  return FALSE;
}



static void
test_mate (gconstpointer data)
{
  const VsMateCase *c = data;
  const VsVariant *v = vs_test_available (c->variant);
  if (v == NULL)
    {
      g_test_fail_printf ("the variant module of this case is missing");
      return;
    }
  VsPosition *pos = g_new0 (VsPosition, 1);
  g_autoptr(GError) error = NULL;
  if (!vs_test_init (pos, v, c->fen, &error))
    g_error ("line %d: %s", c->line, error->message);
  VsSearch *s = vs_search_new ();
  VsSearchLimits l;
  vs_search_limits_init (&l);
  l.depth = 2 * c->mate + 3;
  VsSearchInfo info;
  VsMove best = vs_search_run (s, pos, VS_TEST_HIST (pos), &l, NULL, NULL, &info);
  g_assert_cmpuint (best, !=, VS_MOVE_NONE);
  g_assert_true (vs_position_is_legal (pos, best));
  g_assert_cmpint (info.n_lines, >=, 1);
  if (!info.lines[0].is_mate || info.lines[0].mate != c->mate)
    g_error ("line %d (%s): expected mate %d, search says %s %d at depth %d", c->line, c->fen, c->mate,
             info.lines[0].is_mate ? "mate" : "cp", info.lines[0].is_mate ? info.lines[0].mate : info.lines[0].score,
             info.depth);
  g_assert_cmpint (info.lines[0].score, ==, VS_SCORE_MATE - (2 * c->mate - 1));
  /* the principal variation really ends in mate */
  VsPosition *p = g_new (VsPosition, 1);
  memcpy (p, pos, sizeof *p);
  for (int i = 0; i < info.lines[0].pv_len; i++)
    {
      g_assert_true (vs_position_is_legal (p, info.lines[0].pv[i]));
      vs_test_make (p, info.lines[0].pv[i]);
    }
  if (info.lines[0].pv_len == 2 * c->mate - 1)
    g_assert_cmpint (vs_test_state (p, NULL), ==, VS_STATE_CHECKMATE);
  /* independent proof for short mates: mate in N exists, none in N-1 */
  if (c->mate <= 2 && !g_test_quick ())
    {
      g_assert_true (forced_mate (pos, c->mate));
      if (c->mate > 1)
        g_assert_false (forced_mate (pos, c->mate - 1));
    }
  else if (c->mate == 1)
    {
      vs_test_make (pos, best);
      g_assert_cmpint (vs_test_state (pos, NULL), ==, VS_STATE_CHECKMATE);
    }
  g_free (p);
  g_free (pos);
  vs_search_free (s);
}



/* Mates of Strato's queen endgames from self-play (lines 37 and 41 of
 * tests/engine/mates-selfplay-strato.tsv, the shortest win proved by
 * vs-mate-prover) that the search saw only as a big score at depth 8 while
 * reverse futility pruning and late move pruning of checks dismissed the
 * quiet moves that set them up: found at depth 8, as mates of that length. */
static void
test_strato_selfplay_mates (void)
{
  static const struct { const char *fen; int mate; } cases[] = {
    { "8/8/7R/4Q3/8/8/8/8|5Q2/8/8/8/7Q/8/8/3K2k1|8/8/8/8/8/8/8/8 w - 1 105", 3 },
    { "7R/6k1/8/8/8/8/P'1P'P'P'P'P'P'/5B'2|8/8/8/8/8/2q5/8/r7|5Rn'1/Qp'2p'p'p'p'/8/1b6/8/8/3Nr3/3K4 b - 4 21", 4 },
  };
  const VsVariant *v = vs_test_available ("strato");
  if (v == NULL)
    {
      g_test_skip ("no Strato module");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      VsPosition *pos = g_new0 (VsPosition, 1);
      g_autoptr(GError) error = NULL;
      if (!vs_test_init (pos, v, cases[i].fen, &error))
        g_error ("%s: %s", cases[i].fen, error->message);
      VsSearch *s = vs_search_new ();
      VsSearchLimits l;
      vs_search_limits_init (&l);
      l.depth = 8;
      VsSearchInfo info;
      VsMove best = vs_search_run (s, pos, VS_TEST_HIST (pos), &l, NULL, NULL, &info);
      g_assert_cmpuint (best, !=, VS_MOVE_NONE);
      g_assert_cmpint (info.n_lines, >=, 1);
      if (!info.lines[0].is_mate || info.lines[0].mate != cases[i].mate)
        g_error ("%s: expected mate %d at depth 8, search says %s %d", cases[i].fen, cases[i].mate,
                 info.lines[0].is_mate ? "mate" : "cp",
                 info.lines[0].is_mate ? info.lines[0].mate : info.lines[0].score);
      vs_search_free (s);
      g_free (pos);
    }
}

/* ---- generic properties (first available variant) ------------------------------- */


static void
test_deterministic (void)
{
  const VsVariant *v = vs_test_any_variant ();
  if (!v)
    {
      g_test_fail_printf ("no variant module is built in");
      return;
    }
  VsPosition *pos = g_new0 (VsPosition, 1);
  vs_test_init (pos, v, NULL, NULL);
  guint64 nodes[2];
  VsMove best[2];
  for (int k = 0; k < 2; k++)
    {
      VsSearch *s = vs_search_new ();
      VsSearchLimits l;
      vs_search_limits_init (&l);
      l.depth = 5;
      VsSearchInfo info;
      best[k] = vs_search_run (s, pos, VS_TEST_HIST (pos), &l, NULL, NULL, &info);
      nodes[k] = info.nodes;
      vs_search_free (s);
    }
  g_assert_cmpuint (nodes[0], ==, nodes[1]);
  g_assert_cmpuint (best[0], ==, best[1]);
  g_assert_cmpuint (nodes[0], >, 100);
  g_free (pos);
}

static void
test_multipv_and_nodes (void)
{
  const VsVariant *v = vs_test_any_variant ();
  if (!v)
    {
      g_test_fail_printf ("no variant module is built in");
      return;
    }
  VsPosition *pos = g_new0 (VsPosition, 1);
  vs_test_init (pos, v, NULL, NULL);
  VsSearch *s = vs_search_new ();
  VsSearchLimits l;
  vs_search_limits_init (&l);
  l.depth = 4;
  l.multipv = 3;
  VsSearchInfo info;
  vs_search_run (s, pos, VS_TEST_HIST (pos), &l, NULL, NULL, &info);
  g_assert_cmpint (info.n_lines, ==, 3);
  for (int i = 0; i < 3; i++)
    {
      g_assert_cmpint (info.lines[i].multipv, ==, i + 1);
      g_assert_true (vs_position_is_legal (pos, info.lines[i].pv[0]));
      for (int j = 0; j < i; j++)
        g_assert_cmpuint (info.lines[i].pv[0], !=, info.lines[j].pv[0]);
      if (i)
        g_assert_cmpint (info.lines[i].score, <=, info.lines[i - 1].score);
    }
  vs_search_limits_init (&l);
  l.nodes = 5000;
  vs_search_run (s, pos, VS_TEST_HIST (pos), &l, NULL, NULL, &info);
  g_assert_cmpuint (info.nodes, >=, 5000);
  g_assert_cmpuint (info.nodes, <, 5000 + 10);
  vs_search_free (s);
  g_free (pos);
}

typedef struct {
  VsSearch *s;
  const VsPosition *pos;
  gint64 returned;
  int threads;
  int reports;
  gint64 last_report, max_gap;
} StopCtx;

static void
stop_info (const VsSearchInfo *info, gpointer data)
{
  StopCtx *c = data;
  gint64 now = g_get_monotonic_time ();
  if (c->last_report)
    c->max_gap = MAX (c->max_gap, now - c->last_report);
  c->last_report = now;
  c->reports++;
}

static gpointer
stop_thread (gpointer data)
{
  StopCtx *c = data;
  VsSearchLimits l;
  vs_search_limits_init (&l);
  l.infinite = TRUE;
  vs_search_set_threads (c->s, c->threads);
  vs_search_run (c->s, c->pos, NULL, &l, stop_info, c, NULL);   /* no plies before */
  c->returned = g_get_monotonic_time ();
  return NULL;
}

static void
test_stop_latency (gconstpointer data)
{
  const VsVariant *v = vs_test_any_variant ();
  if (!v)
    {
      g_test_fail_printf ("no variant module is built in");
      return;
    }
  VsPosition *pos = g_new0 (VsPosition, 1);
  vs_test_init (pos, v, NULL, NULL);
  StopCtx c = { vs_search_new (), pos, 0, GPOINTER_TO_INT (data), 0, 0, 0 };
  GThread *t = g_thread_new ("search", stop_thread, &c);
  g_usleep (1200 * 1000);
  gint64 t0 = g_get_monotonic_time ();
  vs_search_stop (c.s);
  g_thread_join (t);
  gint64 latency = c.returned - t0;
  g_test_message ("stop latency %" G_GINT64_FORMAT " us with %d thread(s), max report gap %" G_GINT64_FORMAT " us",
                  latency, c.threads, c.max_gap);
  /* the search stopped and returned (joined above) after reporting; the
   * latency and report gaps are load figures, printed, not asserted */
  g_assert_cmpint (c.returned, >=, t0);
  g_assert_cmpint (c.reports, >=, 1);
  vs_search_free (c.s);
  g_free (pos);
}

/* Chartima middlegames from engine-vs-engine games: finishing depth 1 took
 * 15 000 to 105 000 nodes when the quiescence search followed every chain
 * of captures (queen takes a defended pawn, the pawn is retaken, …), so at
 * 100 ms a move the engine played what a depth-1 search plays.  With delta
 * pruning and no captures by a piece worth more than its prey (Chartima's
 * qs_skip_bad_captures) they take 100 to 800 nodes. */
static void
test_chartima_quiescence_bounded (void)
{
  const VsVariant *v = vs_test_available ("chartima");
  if (v == NULL)
    {
      g_test_fail_printf ("the variant module of this case is missing");
      return;
    }
  static const char *const fens[] = {
    "1lwo1uowli/rq3k2n+B/pp1pp1ppLD/1up7/2n2P2p1/2a7/2Ni4P1/P1P1WPPPP1/R3QKB1NR/I2OUUOWLI w KQq - 4 16",
    "il1ouuowli/rn3kb2r/pppp2pppp/6wn2/5p4/5A1bPP/2U4P2/PPP2PP3/RN1B1KB2R/ILWOU1OWL1 w KQkq f7 1 16",
    "il1o2ow1i/rn1k1+B*b2r/pp1u1p1ppc/2p3pnIp/10/P8L/10/3P2P1PP/R3U4R/I1WOK1OWL1 w - - 1 31",
  };
  VsSearch *s = vs_search_new ();
  VsPosition *pos = g_new0 (VsPosition, 1);
  for (guint i = 0; i < G_N_ELEMENTS (fens); i++)
    {
      g_autoptr(GError) error = NULL;
      if (!vs_test_init (pos, v, fens[i], &error))
        g_error ("%s: %s", fens[i], error->message);
      VsSearchLimits l;
      vs_search_limits_init (&l);
      l.depth = 1;
      VsSearchInfo info;
      vs_search_clear (s);
      VsMove best = vs_search_run (s, pos, VS_TEST_HIST (pos), &l, NULL, NULL, &info);
      g_assert_cmpuint (best, !=, VS_MOVE_NONE);
      g_assert_true (vs_position_is_legal (pos, best));
      if (info.nodes > 3000)
        g_error ("%s: depth 1 took %" G_GUINT64_FORMAT " nodes", fens[i], (guint64) info.nodes);
    }
  g_free (pos);
  vs_search_free (s);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  const char *variants[] = { "crazyhouse", "janggi", "chartima", "strato" };
  GPtrArray *all = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  for (guint k = 0; k < G_N_ELEMENTS (variants); k++)
    {
      GPtrArray *cases = vs_test_load_mates (variants[k]);
      g_ptr_array_add (all, cases);
      for (guint i = 0; i < cases->len; i++)
        {
          VsMateCase *c = g_ptr_array_index (cases, i);
          g_autofree char *name = g_strdup_printf ("/search/mate/%s/%02u-line%d-mate%d", variants[k], i + 1, c->line, c->mate);
          g_test_add_data_func (name, c, test_mate);
        }
    }
  g_test_add_func ("/search/strato-selfplay-mates", test_strato_selfplay_mates);
  g_test_add_func ("/search/deterministic", test_deterministic);
  g_test_add_func ("/search/chartima-quiescence-bounded", test_chartima_quiescence_bounded);
  g_test_add_func ("/search/multipv-nodes", test_multipv_and_nodes);
  g_test_add_data_func ("/search/stop-latency/1-thread", GINT_TO_POINTER (1), test_stop_latency);
  g_test_add_data_func ("/search/stop-latency/2-threads", GINT_TO_POINTER (2), test_stop_latency);
  int ret = g_test_run ();
  g_ptr_array_unref (all);
  return ret;
}
