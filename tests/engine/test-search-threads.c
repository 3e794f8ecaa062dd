/* test-search-threads.c — the built-in search with several threads (Lazy
 * SMP: helpers share the transposition table) and the engine's shared
 * tables under concurrent use.  These are the search's threaded paths:
 * build-aux/dev.sh test also runs them under ThreadSanitizer. */
#include "vs-variant.h"
#include "vs-search.h"
#include "vs-engine-test-util.h"
#include "vs-eval.h"

#include <string.h>
#include <stdlib.h>
#include "../vs-test-history.h"






/* ---- Lazy SMP (2 threads): the paths ThreadSanitizer checks --------------------- */

/* One VsSearch with 2 threads (shared transposition table, helper threads
 * started and joined every run, workers reused) solves one mate in 1 and
 * one in 2 of the variant's suite, with the exact mate score (longer mates
 * are left to the 1-thread suite: crazyhouse's take seconds, minutes under
 * ThreadSanitizer). */
static void
test_smp_mates (gconstpointer data)
{
  const GPtrArray *cases = data;
  const VsMateCase *first = cases->len ? g_ptr_array_index ((GPtrArray *) cases, 0) : NULL;
  const VsVariant *v = first ? vs_test_available (first->variant) : NULL;
  if (v == NULL)
    {
      g_test_fail_printf ("the variant module of this case is missing");
      return;
    }
  VsSearch *s = vs_search_new ();
  vs_search_set_threads (s, 2);
  VsPosition *pos = g_new0 (VsPosition, 1);
  gboolean seen[8] = { FALSE };
  int solved = 0;
  for (guint i = 0; i < cases->len; i++)
    {
      const VsMateCase *c = g_ptr_array_index ((GPtrArray *) cases, i);
      if (c->mate < 1 || c->mate > 2 || seen[c->mate])
        continue;
      seen[c->mate] = TRUE;
      g_autoptr(GError) error = NULL;
      if (!vs_test_init (pos, v, c->fen, &error))
        g_error ("line %d: %s", c->line, error->message);
      VsSearchLimits l;
      vs_search_limits_init (&l);
      l.depth = 2 * c->mate + 3;
      VsSearchInfo info;
      VsMove best = vs_search_run (s, pos, VS_TEST_HIST (pos), &l, NULL, NULL, &info);
      g_assert_true (vs_position_is_legal (pos, best));
      if (!info.lines[0].is_mate || info.lines[0].mate != c->mate)
        g_error ("line %d (%s), 2 threads: expected mate %d, search says %s %d at depth %d", c->line, c->fen,
                 c->mate, info.lines[0].is_mate ? "mate" : "cp",
                 info.lines[0].is_mate ? info.lines[0].mate : info.lines[0].score, info.depth);
      /* the principal variation is a legal line that ends in mate */
      VsPosition *p = g_new (VsPosition, 1);
      memcpy (p, pos, sizeof *p);
      for (int k = 0; k < info.lines[0].pv_len; k++)
        {
          g_assert_true (vs_position_is_legal (p, info.lines[0].pv[k]));
          vs_test_make (p, info.lines[0].pv[k]);
        }
      if (info.lines[0].pv_len == 2 * c->mate - 1)
        g_assert_cmpint (vs_test_state (p, NULL), ==, VS_STATE_CHECKMATE);
      g_free (p);
      solved++;
    }
  g_assert_cmpint (solved, >=, 1);
  g_free (pos);
  vs_search_free (s);
}

typedef struct {
  int reports;
  gboolean bad;
  const VsPosition *pos;
} SmpCtx;

static void
smp_info (const VsSearchInfo *info, gpointer data)
{
  SmpCtx *c = data;
  c->reports++;
  for (int i = 0; i < info->n_lines; i++)
    if (info->lines[i].pv_len < 1 || !vs_position_is_legal (c->pos, info->lines[i].pv[0]))
      c->bad = TRUE;
}

/* 2 threads: MultiPV lines stay distinct and legal, the node limit counts
 * the helper's nodes too, and reports (made on the main search thread
 * while the helper runs) are consistent. */
static void
test_smp_limits (void)
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
  vs_search_set_threads (s, 2);
  VsSearchLimits l;
  vs_search_limits_init (&l);
  l.depth = 4;
  l.multipv = 3;
  SmpCtx c = { 0, FALSE, pos };
  VsSearchInfo info;
  vs_search_run (s, pos, VS_TEST_HIST (pos), &l, smp_info, &c, &info);
  g_assert_false (c.bad);
  g_assert_cmpint (c.reports, >=, 4);
  g_assert_cmpint (info.n_lines, ==, 3);
  g_assert_cmpint (info.depth, ==, 4);
  for (int i = 0; i < 3; i++)
    {
      g_assert_true (vs_position_is_legal (pos, info.lines[i].pv[0]));
      for (int j = 0; j < i; j++)
        g_assert_cmpuint (info.lines[i].pv[0], !=, info.lines[j].pv[0]);
    }
  /* nodes: the main thread checks the total of both every 512 of its own;
   * the helper runs on meanwhile (a whole time slice if the main thread is
   * preempted on a loaded machine), so the overshoot is loosely bounded */
  vs_search_limits_init (&l);
  l.nodes = 20000;
  vs_search_run (s, pos, VS_TEST_HIST (pos), &l, NULL, NULL, &info);
  g_assert_cmpuint (info.nodes, >=, 20000);
  g_assert_cmpuint (info.nodes, <, 3 * 20000);
  g_assert_true (vs_position_is_legal (pos, info.best_move));
  /* more threads than before, then fewer: workers are added and reused */
  vs_search_set_threads (s, 3);
  vs_search_limits_init (&l);
  l.depth = 3;
  g_assert_true (vs_position_is_legal (pos, vs_search_run (s, pos, VS_TEST_HIST (pos), &l, NULL, NULL, &info)));
  vs_search_set_threads (s, 2);
  g_assert_true (vs_position_is_legal (pos, vs_search_run (s, pos, VS_TEST_HIST (pos), &l, NULL, NULL, &info)));
  g_assert_cmpint (info.depth, ==, 3);
  vs_search_free (s);
  g_free (pos);
}


/* Evaluation tables of variants that are not registered (copies of a
 * registered one at another address) are built on first use in
 * append-only slots: threads asking at the same time get one table per
 * variant, fully built. */
#define N_TOY 6
typedef struct {
  VsVariant *toys;
  const VsEvalTables *got[N_TOY];
  int value_sum[N_TOY];
} EvalTablesCtx;

static gpointer
eval_tables_thread (gpointer data)
{
  EvalTablesCtx *c = data;
  for (int round = 0; round < 50; round++)
    for (int i = 0; i < N_TOY; i++)
      {
        int k = (i + round) % N_TOY;
        const VsEvalTables *t = vs_eval_tables (&c->toys[k]);
        int sum = 0;
        for (int type = 1; type <= t->n_types; type++)
          sum += t->value[type];
        if (round == 0)
          {
            c->got[k] = t;
            c->value_sum[k] = sum;
          }
        else if (c->got[k] != t || c->value_sum[k] != sum)
          return GINT_TO_POINTER (1);
      }
  return NULL;
}

static void
test_eval_tables_threads (void)
{
  const VsVariant *v = vs_test_any_variant ();
  if (!v)
    {
      g_test_fail_printf ("no variant module is built in");
      return;
    }
  VsVariant *toys = g_new (VsVariant, N_TOY);
  for (int i = 0; i < N_TOY; i++)
    toys[i] = *v;
  EvalTablesCtx c[3] = { { toys }, { toys }, { toys } };
  GThread *t[3];
  for (int i = 0; i < 3; i++)
    t[i] = g_thread_new ("eval-tables", eval_tables_thread, &c[i]);
  for (int i = 0; i < 3; i++)
    g_assert_null (g_thread_join (t[i]));
  const VsEvalTables *reference = vs_eval_tables (v);
  int ref_sum = 0;
  for (int type = 1; type <= reference->n_types; type++)
    ref_sum += reference->value[type];
  for (int k = 0; k < N_TOY; k++)
    {
      g_assert_true (c[0].got[k] == c[1].got[k] && c[1].got[k] == c[2].got[k]);
      g_assert_true (c[0].got[k]->variant == &toys[k]);
      g_assert_true (c[0].got[k] != reference);
      g_assert_cmpint (c[0].value_sum[k], ==, ref_sum);
      g_assert_cmpint (c[0].value_sum[k], >, 0);
    }
  g_free (toys);
}


/* A search with 2 threads, stopped from a third one: it returns, joins its
 * helper and reports a legal move from the iterations it finished. */
typedef struct {
  VsSearch *s;
  const VsPosition *pos;
  VsMove best;
  VsSearchInfo final;
  int reports;
} StopCtx;

static void
stop_info (const VsSearchInfo *info, gpointer data)
{
  StopCtx *c = data;
  c->reports++;
}

static gpointer
stop_thread (gpointer data)
{
  StopCtx *c = data;
  VsSearchLimits l;
  vs_search_limits_init (&l);
  l.infinite = TRUE;
  c->best = vs_search_run (c->s, c->pos, NULL, &l, stop_info, c, &c->final);   /* no plies: the start */
  return NULL;
}

static void
test_smp_stop (void)
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
  vs_search_set_threads (s, 2);
  for (int round = 0; round < 2; round++)
    {
      StopCtx c = { s, pos, VS_MOVE_NONE, { 0 }, 0 };
      GThread *t = g_thread_new ("search", stop_thread, &c);
      g_usleep (300 * 1000);
      vs_search_stop (s);
      g_thread_join (t);
      g_assert_true (vs_position_is_legal (pos, c.best));
      g_assert_cmpint (c.final.kind, ==, VS_SEARCH_INFO_FINAL);
      g_assert_cmpuint (c.final.best_move, ==, c.best);
      g_assert_cmpint (c.final.depth, >=, 1);
      g_assert_cmpint (c.reports, >=, 2);   /* an iteration and the final report */
    }
  vs_search_free (s);
  g_free (pos);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  const char *variants[] = { "crazyhouse", "janggi", "chartima", "strato" };
  GPtrArray *all = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  for (guint k = 0; k < G_N_ELEMENTS (variants); k++)
    {
      g_ptr_array_add (all, vs_test_load_mates (variants[k]));
      g_autofree char *name = g_strdup_printf ("/search-threads/mates/%s", variants[k]);
      g_test_add_data_func (name, g_ptr_array_index (all, k), test_smp_mates);
    }
  g_test_add_func ("/search-threads/limits", test_smp_limits);
  g_test_add_func ("/search-threads/stop", test_smp_stop);
  g_test_add_func ("/search-threads/eval-tables", test_eval_tables_threads);
  int ret = g_test_run ();
  g_ptr_array_unref (all);
  return ret;
}
