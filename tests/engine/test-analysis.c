/* test-analysis.c — VsAnalysis: progress on the main context (its gaps are
 * printed as figures), cancel stops the work, stop and restart, external engines. */
#include "vs-analysis.h"
#include "vs-uci-client.h"

#include <string.h>
#include <glib/gstdio.h>
#include "../vs-test-history.h"

static const VsVariant *
any_variant (VsPosition *pos)
{
  const char *ids[] = { "crazyhouse", "janggi", "strato", "chartima" };
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      const VsVariant *v = vs_variant_lookup (ids[i]);
      if (v && v->from_string && vs_test_init (pos, v, NULL, NULL))
        return v;
    }
  return NULL;
}

typedef struct {
  GMainLoop *loop;
  int progress;
  gint64 last, max_gap, first;
  gboolean done;
  GError *error;
  VsAnalysisInfo *final;
  gint64 done_at;
  GThread *main_thread;
  gboolean wrong_thread;
} Ctx;

static void
on_progress (VsAnalysis *a, VsAnalysisInfo *info, gpointer data)
{
  Ctx *c = data;
  gint64 now = g_get_monotonic_time ();
  if (g_thread_self () != c->main_thread)
    c->wrong_thread = TRUE;
  if (c->last)
    c->max_gap = MAX (c->max_gap, now - c->last);
  else
    c->first = now;
  c->last = now;
  c->progress++;
  for (guint i = 0; i < info->n_lines; i++)
    {
      g_assert_cmpuint (info->lines[i].n_moves, >, 0);
      g_assert_nonnull (info->lines[i].text);
      g_assert_cmpint (info->lines[i].multipv, ==, (int) i + 1);
    }
}

static void
on_done (GObject *src, GAsyncResult *res, gpointer data)
{
  Ctx *c = data;
  c->final = vs_analysis_start_finish (VS_ANALYSIS (src), res, &c->error);
  c->done = TRUE;
  c->done_at = g_get_monotonic_time ();
  if (c->loop)
    g_main_loop_quit (c->loop);
}

static gboolean
quit_loop (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

static void
run_for (GMainLoop *loop, int ms)
{
  g_timeout_add (ms, quit_loop, loop);
  g_main_loop_run (loop);
}

static void
test_progress_and_cancel (void)
{
  VsPosition *pos = g_new0 (VsPosition, 1);
  if (!any_variant (pos))
    {
      g_test_fail_printf ("no variant module is built in");
      g_free (pos);
      return;
    }
  Ctx c = { 0 };
  c.loop = g_main_loop_new (NULL, FALSE);
  c.main_thread = g_thread_self ();
  VsAnalysis *a = vs_analysis_new ();
  g_signal_connect (a, "progress", G_CALLBACK (on_progress), &c);
  VsAnalysisOptions o;
  vs_analysis_options_init (&o);
  o.multipv = 2;
  o.hash_mb = 16;
  GCancellable *cancel = g_cancellable_new ();
  vs_analysis_start (a, pos, VS_TEST_HIST (pos), &o, cancel, on_done, &c);
  g_assert_true (vs_analysis_is_running (a));
  run_for (c.loop, 1500);
  g_assert_false (c.done);
  gint64 t0 = g_get_monotonic_time ();
  g_cancellable_cancel (cancel);
  g_main_loop_run (c.loop);   /* until on_done */
  gint64 latency = c.done_at - t0;
  g_test_message ("progress reports %d, max gap %" G_GINT64_FORMAT " us, first after %" G_GINT64_FORMAT
                  " us, cancel latency %" G_GINT64_FORMAT " us", c.progress, c.max_gap, c.first - (t0 - 1500000), latency);
  g_assert_true (c.done);
  g_assert_error (c.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (c.final);
  g_assert_false (c.wrong_thread);
  /* Progress arrived before the cancel; how often, the gaps between reports
   * and the cancel latency are figures of the machine's load, printed above
   * and by the benchmark run (README "Benchmarks"), not asserted. */
  g_assert_cmpint (c.progress, >=, 1);
  g_assert_false (vs_analysis_is_running (a));
  g_clear_error (&c.error);
  g_object_unref (cancel);
  g_object_unref (a);
  g_main_loop_unref (c.loop);
  g_free (pos);
}

static void
test_stop_restart_and_limits (void)
{
  VsPosition *pos = g_new0 (VsPosition, 1);
  if (!any_variant (pos))
    {
      g_test_fail_printf ("no variant module is built in");
      g_free (pos);
      return;
    }
  Ctx c1 = { 0 }, c2 = { 0 };
  GMainLoop *loop = g_main_loop_new (NULL, FALSE);
  c1.main_thread = c2.main_thread = g_thread_self ();
  VsAnalysis *a = vs_analysis_new ();
  VsAnalysisOptions o;
  vs_analysis_options_init (&o);
  vs_analysis_start (a, pos, VS_TEST_HIST (pos), &o, NULL, on_done, &c1);
  run_for (loop, 300);
  /* a new position: the first run is cancelled */
  VsMove moves[VS_MAX_MOVES];
  vs_position_generate (pos, VS_GEN_ALL, moves);
  vs_test_make (pos, moves[0]);
  o.depth = 3;
  c2.loop = loop;
  vs_analysis_start (a, pos, VS_TEST_HIST (pos), &o, NULL, on_done, &c2);
  g_main_loop_run (loop);
  while (!c1.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (c1.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_no_error (c2.error);
  g_assert_nonnull (c2.final);
  g_assert_true (c2.final->final);
  g_assert_cmpint (c2.final->depth, ==, 3);
  g_assert_true (vs_position_is_legal (pos, c2.final->best_move));
  /* stop: finishes normally with what it has */
  Ctx c3 = { 0 };
  c3.loop = loop;
  c3.main_thread = g_thread_self ();
  o.depth = 0;
  vs_analysis_start (a, pos, VS_TEST_HIST (pos), &o, NULL, on_done, &c3);
  run_for (loop, 400);
  vs_analysis_stop (a);
  g_main_loop_run (loop);
  g_assert_no_error (c3.error);
  g_assert_nonnull (c3.final);
  g_assert_true (vs_position_is_legal (pos, c3.final->best_move));
  g_assert_cmpuint (c3.final->n_lines, >=, 1);
  vs_analysis_info_free (c2.final);
  vs_analysis_info_free (c3.final);
  g_clear_error (&c1.error);
  g_object_unref (a);
  g_main_loop_unref (loop);
  g_free (pos);
}

static char *
fake (const char *mode, const char *move)
{
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "fake-engine.sh", NULL);
  g_autofree char *q = g_shell_quote (script);
  return g_strdup_printf ("/bin/sh %s %s %s", q, mode, move);
}

static void
run_external (const VsPosition *pos, const char *cmd, Ctx *c)
{
  c->loop = g_main_loop_new (NULL, FALSE);
  c->main_thread = g_thread_self ();
  VsAnalysis *a = vs_analysis_new ();
  g_signal_connect (a, "progress", G_CALLBACK (on_progress), c);
  VsAnalysisOptions o;
  vs_analysis_options_init (&o);
  o.engine = VS_ANALYSIS_ENGINE_UCI;
  o.engine_command = cmd;
  o.movetime_ms = 200;
  o.hash_mb = 16;
  vs_analysis_start (a, pos, VS_TEST_HIST (pos), &o, NULL, on_done, c);
  g_main_loop_run (c->loop);
  g_object_unref (a);
  g_main_loop_unref (c->loop);
}

/* The start of any built-in variant, its moves, and the first one in UCI
 * notation (what the fake engines answer); NULL, and the test failed, when
 * no variant is built in. */
static VsPosition *
start_position (VsMove moves[VS_MAX_MOVES], char first[VS_MOVE_TEXT_MAX])
{
  VsPosition *pos = g_new0 (VsPosition, 1);
  if (!any_variant (pos))
    {
      g_test_fail_printf ("no variant module is built in");
      g_free (pos);
      return NULL;
    }
  vs_position_generate (pos, VS_GEN_ALL, moves);
  vs_move_write (pos, moves[0], VS_NOTATION_UCI, first);
  return pos;
}

static void
test_external_engines (void)
{
  VsMove moves[VS_MAX_MOVES];
  char first[VS_MOVE_TEXT_MAX];
  VsPosition *pos = start_position (moves, first);
  if (pos == NULL)
    return;

  Ctx good = { 0 };
  g_autofree char *cmd = fake ("good", first);
  run_external (pos, cmd, &good);
  g_assert_no_error (good.error);
  g_assert_cmpuint (good.final->best_move, ==, moves[0]);
  g_assert_cmpuint (good.final->n_lines, ==, 1);
  g_assert_true (good.final->lines[0].is_mate);
  g_assert_cmpint (good.final->lines[0].mate, ==, 3);
  g_assert_cmpstr (good.final->engine_name, ==, "Fake good");
  vs_analysis_info_free (good.final);

  const struct { const char *mode; int code; } faults[] = {
    { "exit-at-start", VS_UCI_CLIENT_ERROR_EXITED },
    { "crash-on-go", VS_UCI_CLIENT_ERROR_EXITED },
    { "illegal", VS_UCI_CLIENT_ERROR_ILLEGAL_MOVE },
  };
  for (guint i = 0; i < G_N_ELEMENTS (faults); i++)
    {
      Ctx c = { 0 };
      g_autofree char *fc = fake (faults[i].mode, first);
      run_external (pos, fc, &c);
      g_test_message ("%s: %s", faults[i].mode, c.error ? c.error->message : "(no error)");
      g_assert_error (c.error, VS_UCI_CLIENT_ERROR, faults[i].code);
      g_assert_null (c.final);
      g_clear_error (&c.error);
    }
  /* garbage and an illegal pv (the last info line) are skipped: the run
   * ends normally with the engine's move and its last legal line */
  Ctx garbage = { 0 };
  g_autofree char *gc = fake ("garbage", first);
  run_external (pos, gc, &garbage);
  g_assert_no_error (garbage.error);
  g_assert_cmpuint (garbage.final->best_move, ==, moves[0]);
  g_assert_cmpuint (garbage.final->n_lines, ==, 1);
  g_assert_cmpint (garbage.final->lines[0].score_cp, ==, 33);
  vs_analysis_info_free (garbage.final);

  Ctx missing = { 0 };
  run_external (pos, "/nonexistent/dir/no-such-engine --uci", &missing);
  g_assert_error (missing.error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_NOT_FOUND);
  g_clear_error (&missing.error);
  g_free (pos);
}

static void
test_fairy_stockfish (void)
{
  g_autofree char *fs = vs_uci_find_fairy_stockfish ();
  const VsVariant *v = vs_variant_lookup ("crazyhouse");
  if (fs == NULL)
    {
      g_test_skip ("Fairy-Stockfish is not installed (optional program)");
      return;
    }
  g_assert_nonnull (v);
  VsPosition *pos = g_new0 (VsPosition, 1);
  g_assert_true (vs_test_init (pos, v, NULL, NULL));
  Ctx c = { 0 };
  run_external (pos, fs, &c);
  g_assert_no_error (c.error);
  g_assert_nonnull (c.final);
  g_assert_true (vs_position_is_legal (pos, c.final->best_move));
  g_assert_cmpint (c.progress, >=, 1);
  g_assert_true (g_str_has_prefix (c.final->engine_name, "Fairy-Stockfish"));
  vs_analysis_info_free (c.final);
  g_free (pos);
}

/* Stepping through a game restarts the analysis at each move while the
 * previous run is still stopping.  The new run waits for the old one's
 * engine instead of starting a second process: twelve restarts, one engine
 * process.  (Before, each restart forked a new engine.) */
static void
test_restart_reuses_engine (void)
{
  VsMove moves[VS_MAX_MOVES];
  char first[VS_MOVE_TEXT_MAX];
  VsPosition *pos = start_position (moves, first);
  if (pos == NULL)
    return;
  g_autofree char *dir = g_dir_make_tmp ("vs-analysis-XXXXXX", NULL);
  g_assert_nonnull (dir);
  g_autofree char *starts = g_build_filename (dir, "starts", NULL);
  g_setenv ("FAKE_ENGINE_STARTS", starts, TRUE);
  g_autofree char *cmd = fake ("until-stop", first);

  GMainLoop *loop = g_main_loop_new (NULL, FALSE);
  VsAnalysis *a = vs_analysis_new ();
  VsAnalysisOptions o;
  vs_analysis_options_init (&o);
  o.engine = VS_ANALYSIS_ENGINE_UCI;
  o.engine_command = cmd;
  o.hash_mb = 16;
  enum { RUNS = 12 };
  Ctx c[RUNS];
  memset (c, 0, sizeof c);
  for (int i = 0; i < RUNS; i++)
    {
      c[i].loop = loop;
      c[i].main_thread = g_thread_self ();
      vs_analysis_start (a, pos, VS_TEST_HIST (pos), &o, NULL, on_done, &c[i]);
      run_for (loop, 40);
    }
  /* the last run has its engine: its line arrived */
  Ctx lines = { 0 };
  lines.main_thread = g_thread_self ();
  gulong id = g_signal_connect (a, "progress", G_CALLBACK (on_progress), &lines);
  for (int i = 0; i < 600 && lines.progress == 0; i++)
    run_for (loop, 50);
  g_assert_cmpint (lines.progress, >, 0);
  g_assert_false (lines.wrong_thread);
  g_signal_handler_disconnect (a, id);
  vs_analysis_stop (a);
  for (int i = 0; i < RUNS; i++)
    while (!c[i].done)
      g_main_context_iteration (NULL, TRUE);
  for (int i = 0; i < RUNS - 1; i++)
    {
      g_assert_error (c[i].error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_clear_error (&c[i].error);
    }
  /* the last one was stopped, not cancelled: it ends with the engine's move */
  g_assert_no_error (c[RUNS - 1].error);
  g_assert_nonnull (c[RUNS - 1].final);
  g_assert_cmpuint (c[RUNS - 1].final->best_move, ==, moves[0]);
  vs_analysis_info_free (c[RUNS - 1].final);
  g_object_unref (a);
  g_main_loop_unref (loop);
  g_unsetenv ("FAKE_ENGINE_STARTS");

  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (starts, &text, NULL, NULL));
  g_auto (GStrv) pids = g_strsplit (g_strstrip (text), "\n", -1);
  g_test_message ("%d analysis runs started %u engine process(es)", RUNS, g_strv_length (pids));
  g_assert_cmpuint (g_strv_length (pids), ==, 1);
  g_unlink (starts);
  g_rmdir (dir);
  g_free (pos);
}

/* Lazy SMP in an analysis session (2 search threads besides the main
 * loop): progress while both run, stop, a restart that reuses the pooled
 * search and its workers, a new position while helpers run (the old run is
 * cancelled), and a cancel racing with the start. */
static void
test_lazy_smp (void)
{
  VsPosition *pos = g_new0 (VsPosition, 1);
  if (!any_variant (pos))
    {
      g_test_fail_printf ("no variant module is built in");
      g_free (pos);
      return;
    }
  GMainLoop *loop = g_main_loop_new (NULL, FALSE);
  VsAnalysis *a = vs_analysis_new ();
  Ctx c1 = { 0 };
  c1.loop = loop;
  c1.main_thread = g_thread_self ();
  gulong id = g_signal_connect (a, "progress", G_CALLBACK (on_progress), &c1);
  VsAnalysisOptions o;
  vs_analysis_options_init (&o);
  o.threads = 2;
  o.multipv = 2;
  o.hash_mb = 16;
  vs_analysis_start (a, pos, VS_TEST_HIST (pos), &o, NULL, on_done, &c1);
  run_for (loop, 600);
  g_assert_false (c1.done);
  vs_analysis_stop (a);
  g_main_loop_run (loop);
  g_assert_no_error (c1.error);
  g_assert_nonnull (c1.final);
  g_assert_true (c1.final->final);
  g_assert_cmpint (c1.progress, >=, 1);
  g_assert_false (c1.wrong_thread);
  g_assert_true (vs_position_is_legal (pos, c1.final->best_move));
  g_assert_cmpuint (c1.final->n_lines, ==, 2);
  g_assert_cmpuint (c1.final->lines[0].moves[0], !=, c1.final->lines[1].moves[0]);
  g_signal_handler_disconnect (a, id);

  /* again, to a depth: the idle search (same hash) is reused */
  Ctx c2 = { 0 };
  c2.loop = loop;
  o.depth = 4;
  vs_analysis_start (a, pos, VS_TEST_HIST (pos), &o, NULL, on_done, &c2);
  g_main_loop_run (loop);
  g_assert_no_error (c2.error);
  g_assert_cmpint (c2.final->depth, ==, 4);
  g_assert_true (vs_position_is_legal (pos, c2.final->best_move));

  /* a new position while both threads search: the first run is cancelled */
  Ctx c3 = { 0 }, c4 = { 0 };
  o.depth = 0;
  vs_analysis_start (a, pos, VS_TEST_HIST (pos), &o, NULL, on_done, &c3);
  run_for (loop, 200);
  VsMove moves[VS_MAX_MOVES];
  vs_position_generate (pos, VS_GEN_ALL, moves);
  vs_test_make (pos, moves[0]);
  c4.loop = loop;
  o.depth = 3;
  vs_analysis_start (a, pos, VS_TEST_HIST (pos), &o, NULL, on_done, &c4);
  g_main_loop_run (loop);
  while (!c3.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (c3.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_no_error (c4.error);
  g_assert_cmpint (c4.final->depth, ==, 3);
  g_assert_true (vs_position_is_legal (pos, c4.final->best_move));

  /* cancelled right after the start, before the worker may have begun */
  Ctx c5 = { 0 };
  c5.loop = loop;
  o.depth = 0;
  GCancellable *cancel = g_cancellable_new ();
  vs_analysis_start (a, pos, VS_TEST_HIST (pos), &o, cancel, on_done, &c5);
  g_cancellable_cancel (cancel);
  g_main_loop_run (loop);
  g_assert_error (c5.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (vs_analysis_is_running (a));

  g_clear_error (&c3.error);
  g_clear_error (&c5.error);
  vs_analysis_info_free (c1.final);
  vs_analysis_info_free (c2.final);
  vs_analysis_info_free (c4.final);
  g_object_unref (cancel);
  g_object_unref (a);
  g_main_loop_unref (loop);
  g_free (pos);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/analysis/progress-and-cancel", test_progress_and_cancel);
  g_test_add_func ("/analysis/stop-restart-limits", test_stop_restart_and_limits);
  g_test_add_func ("/analysis/external-engines", test_external_engines);
  g_test_add_func ("/analysis/fairy-stockfish", test_fairy_stockfish);
  g_test_add_func ("/analysis/lazy-smp", test_lazy_smp);
  g_test_add_func ("/analysis/restart-reuses-engine", test_restart_reuses_engine);
  return g_test_run ();
}
