/* test-app-engine-faults.c — external engines that misbehave (issue #10).
 *
 * For each fault (missing program, exit at start, crash in the middle of the
 * analysis, hang without output, garbage and long lines, illegal move,
 * unknown move) the real window runs a fake engine (tests/engine/
 * fake-engine.sh), and the test checks that the analysis pane names the
 * engine and the fault, that its Restart button is there and enabled, that
 * the main loop kept running, and that the window still works afterwards:
 * moves are played and navigated, and the analysis restarts with the fixed
 * engine and with the built-in one.  The pane is rendered to PNG
 * (build/screenshots/engine-fault-*.png). */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>

#include "test-app-util.h"
#include "vs-analysis-pane.h"
#include "vs-preferences-dialog.h"

/* The engine watchdog of these tests (VS_ENGINE_WATCHDOG_MS): a hung engine
 * is asked "isready" after 1 s of silence and given up 1 s later. */
#define WATCHDOG_MS "1000"

static char *tmpdir;

static char *
fake_command (const char *mode, const char *move, const char *bad)
{
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "..", "engine", "fake-engine.sh", NULL);
  g_autofree char *q = g_shell_quote (script);
  return g_strdup_printf ("/bin/sh %s %s %s %s", q, mode, move ? move : "e2e4", bad ? bad : "z9z9");
}

/* Make `command` the only external engine, named `name`, and choose it. */
static void
use_engine (const char *name, const char *command)
{
  GSettings *settings = vs_application_get_settings (app_test_application ());
  g_settings_set_string (settings, "analysis-engine", name);
  g_settings_reset (settings, "external-engines");
  VsPreferencesDialog *prefs = vs_preferences_dialog_new (NULL, settings);
  g_autoptr (GError) error = NULL;
  g_assert_true (vs_preferences_dialog_add_engine (prefs, name, command, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (prefs));
  app_test_run (20);
}

static void
use_builtin_engine (void)
{
  GSettings *settings = vs_application_get_settings (app_test_application ());
  g_settings_set_string (settings, "analysis-engine", "");
  g_settings_reset (settings, "external-engines");
  app_test_run (20);
}

/* A window on a new Crazyhouse game (the fake engines' moves are legal there). */
static VsWindow *
new_window (void)
{
  VsWindow *win = app_test_window ();
  const VsVariant *zh = vs_variant_lookup ("crazyhouse");
  g_assert_nonnull (zh);
  app_test_action (win, "win.new-game-from", g_variant_new ("(ss)", "crazyhouse", zh->start_fen));
  return win;
}

typedef struct
{
  gint64 last, max_gap;
} Tick;

static gboolean
tick_cb (gpointer data)
{
  Tick *t = data;
  gint64 now = g_get_monotonic_time ();
  if (t->last)
    t->max_gap = MAX (t->max_gap, now - t->last);
  t->last = now;
  return G_SOURCE_CONTINUE;
}

/* Runs the main loop until the pane shows a fault (or timeout_ms), and
 * checks that the main loop never stalled meanwhile. */
static const char *
wait_fault (VsWindow *win, guint timeout_ms)
{
  Tick t = { 0, 0 };
  guint id = g_timeout_add (20, tick_cb, &t);
  gint64 end = g_get_monotonic_time () + (gint64) timeout_ms * 1000;
  while (vs_window_get_analysis_message (win) == NULL && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (id);
  g_test_message ("fault: %s (longest main-loop pause %" G_GINT64_FORMAT " ms)",
                  vs_window_get_analysis_message (win), t.max_gap / 1000);
  g_test_maximized_result (t.max_gap / 1000.0, "longest main-loop pause %.0f ms", t.max_gap / 1000.0);
  app_test_run (100);   /* let the pane lay out the message */
  return vs_window_get_analysis_message (win);
}

static GtkWidget *
find_action_button (GtkWidget *widget, const char *action)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_action_button (c, action);
      if (found)
        return found;
    }
  return NULL;
}

/* The texts of the analysis lines shown (the pane's line buttons). */
/* The engine lines shown in the pane (issue 21: wrapped labels). */
static char *
shown_lines (VsWindow *win)
{
  VsAnalysisPane *pane = VS_ANALYSIS_PANE (vs_window_get_analysis_pane (win));
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < vs_analysis_pane_get_n_lines (pane); i++)
    {
      g_string_append (s, vs_analysis_pane_get_line_text (pane, i));
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}

static void
screenshot_pane (VsWindow *win, const char *name)
{
  const char *dir = g_getenv ("VS_SCREENSHOT_DIR");
  if (dir == NULL)
    return;
  g_mkdir_with_parents (dir, 0755);
  g_autofree char *file = g_strdup_printf ("engine-fault-%s.png", name);
  g_autofree char *path = g_build_filename (dir, file, NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (app_test_screenshot (vs_window_get_analysis_pane (win), path, &error));
  g_assert_no_error (error);
  g_test_message ("wrote %s", path);
}

/* The fault is shown with an enabled, visible Restart button. */
static void
assert_fault (VsWindow *win, const char *expected, const char *shot)
{
  const char *msg = wait_fault (win, 20000);
  g_assert_cmpstr (msg, ==, expected);
  GtkWidget *pane = vs_window_get_analysis_pane (win);
  GtkWidget *restart = find_action_button (pane, "pane.restart");
  g_assert_nonnull (restart);
  g_assert_true (gtk_widget_get_mapped (restart));
  g_assert_true (gtk_widget_is_sensitive (restart));
  g_assert_false (vs_analysis_pane_is_running (VS_ANALYSIS_PANE (pane)));
  screenshot_pane (win, shot);
}

static guint
wait_reports (VsWindow *win, guint want, guint timeout_ms)
{
  for (guint i = 0; i < timeout_ms / 20 && vs_window_get_n_analysis_reports (win) < want; i++)
    app_test_run (20);
  return vs_window_get_n_analysis_reports (win);
}

static guint
ply_of_cursor (VsWindow *win)
{
  guint n = 0;
  for (VsGameNode *c = vs_window_get_cursor (win); c && !vs_game_node_is_root (c); c = vs_game_node_get_parent (c))
    n++;
  return n;
}

/* After a fault: edit and navigate, then restart the analysis with the
 * fixed engine (the Restart button) and with the built-in engine. */
static void
assert_window_works (VsWindow *win, const char *name)
{
  /* edit and navigate */
  app_test_action (win, "win.play-move", g_variant_new_string ("e4"));
  app_test_action (win, "win.play-move", g_variant_new_string ("e5"));
  g_assert_cmpuint (ply_of_cursor (win), ==, 2);
  app_test_action (win, "win.go-first", NULL);
  g_assert_cmpuint (ply_of_cursor (win), ==, 0);
  app_test_action (win, "win.go-next", NULL);
  g_assert_cmpuint (ply_of_cursor (win), ==, 1);
  g_autofree char *text = vs_window_get_move_text (win);
  g_assert_nonnull (strstr (text, "e4"));
  g_assert_nonnull (strstr (text, "e5"));

  /* the engine fixed under the same name: Restart analyses the position
   * shown (after 1. e4, so the fake engine answers e7e5) */
  g_autofree char *good = fake_command ("good", "e7e5", NULL);
  use_engine (name, good);
  GtkWidget *pane = vs_window_get_analysis_pane (win);
  g_assert_true (gtk_widget_activate_action (pane, "pane.restart", NULL));
  g_assert_null (vs_window_get_analysis_message (win));
  g_assert_cmpuint (wait_reports (win, 1, 10000), >=, 1);
  for (int i = 0; i < 100 && vs_analysis_pane_is_running (VS_ANALYSIS_PANE (pane)); i++)
    app_test_run (20);
  g_assert_null (vs_window_get_analysis_message (win));
  g_autofree char *lines = shown_lines (win);
  g_assert_nonnull (strstr (lines, "1… e5"));
  /* Restart is only offered after a fault */
  GtkWidget *restart = find_action_button (pane, "pane.restart");
  g_assert_false (gtk_widget_get_mapped (restart));

  /* and the built-in engine */
  use_builtin_engine ();
  app_test_action (win, "win.go-next", NULL);
  g_assert_cmpuint (ply_of_cursor (win), ==, 2);
  if (!vs_analysis_pane_is_running (VS_ANALYSIS_PANE (pane)))
    app_test_action (win, "win.analyse", NULL);
  g_assert_cmpuint (wait_reports (win, 1, 20000), >=, 1);
  app_test_action (win, "win.analyse", NULL);
  /* stopped (the stop latency itself is measured by engine-analysis; here
   * the sanitizer build on a loaded machine may take longer than 100 ms) */
  for (int i = 0; i < 250 && vs_analysis_pane_is_running (VS_ANALYSIS_PANE (pane)); i++)
    app_test_run (20);
  g_assert_false (vs_analysis_pane_is_running (VS_ANALYSIS_PANE (pane)));
  g_assert_null (vs_window_get_analysis_message (win));
}

static void
finish (VsWindow *win)
{
  GSettings *settings = vs_application_get_settings (app_test_application ());
  g_settings_reset (settings, "analysis-engine");
  g_settings_reset (settings, "external-engines");
  gtk_window_destroy (GTK_WINDOW (win));
  app_test_run (50);
}

/* ---- the faults ------------------------------------------------------------------ */

static void
test_missing_program (void)
{
  /* an engine that was configured, then uninstalled */
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "..", "engine", "fake-engine.sh", NULL);
  g_autofree char *copy = g_build_filename (tmpdir, "gone-engine.sh", NULL);
  g_autofree char *contents = NULL;
  gsize len = 0;
  g_assert_true (g_file_get_contents (script, &contents, &len, NULL));
  g_assert_true (g_file_set_contents (copy, contents, len, NULL));
  g_assert_cmpint (g_chmod (copy, 0755), ==, 0);
  g_autofree char *command = g_strdup_printf ("%s good", copy);
  use_engine ("Gone", command);
  g_assert_cmpint (g_unlink (copy), ==, 0);

  VsWindow *win = new_window ();
  app_test_action (win, "win.analyse", NULL);
  g_autofree char *expected = g_strdup_printf ("The engine “Gone” could not be started: the program “%s” was not found.", copy);
  assert_fault (win, expected, "missing");
  assert_window_works (win, "Gone");
  finish (win);
}

static void
test_exit_at_start (void)
{
  g_autofree char *command = fake_command ("exit-at-start", NULL, NULL);
  use_engine ("Quitter", command);
  VsWindow *win = new_window ();
  app_test_action (win, "win.analyse", NULL);
  assert_fault (win, "The engine “Quitter” stopped unexpectedly (exit status 3).", "exit");
  assert_window_works (win, "Quitter");
  finish (win);
}

static void
test_crash_mid_analysis (void)
{
  g_autofree char *command = fake_command ("crash-mid", "e2e4", NULL);
  use_engine ("Crashy", command);
  VsWindow *win = new_window ();
  app_test_action (win, "win.analyse", NULL);
  g_autofree char *expected = g_strdup_printf ("The engine “Crashy” crashed (signal %d, %s).", SIGSEGV, g_strsignal (SIGSEGV));
  assert_fault (win, expected, "crash");
  /* it had analysed for a while: its lines stay on show */
  g_assert_cmpuint (vs_window_get_n_analysis_reports (win), >=, 1);
  g_autofree char *lines = shown_lines (win);
  g_assert_cmpstr (lines, ==, "+0.13  1. e4\n");
  /* Restart really starts it again (and it crashes again) */
  GtkWidget *pane = vs_window_get_analysis_pane (win);
  g_assert_true (gtk_widget_activate_action (pane, "pane.restart", NULL));
  g_assert_null (vs_window_get_analysis_message (win));
  g_assert_true (vs_analysis_pane_is_running (VS_ANALYSIS_PANE (pane)));
  assert_fault (win, expected, "crash");
  assert_window_works (win, "Crashy");
  finish (win);
}

static void
test_hang_without_output (void)
{
  g_autofree char *command = fake_command ("freeze", "e2e4", NULL);
  use_engine ("Frozen", command);
  VsWindow *win = new_window ();
  gint64 t0 = g_get_monotonic_time ();
  app_test_action (win, "win.analyse", NULL);
  assert_fault (win, "The engine “Frozen” did not answer within 1 second.", "hang");
  /* watchdog: 1 s of silence, "isready", 1 s without an answer */
  g_assert_cmpint (g_get_monotonic_time () - t0, >=, 2 * G_USEC_PER_SEC);
  assert_window_works (win, "Frozen");
  finish (win);
}

static void
test_garbage_and_long_lines (void)
{
  /* endless garbage and 300 000-byte lines, never "uciok" */
  g_autofree char *command = fake_command ("babble", NULL, NULL);
  use_engine ("Babbler", command);
  VsWindow *win = new_window ();
  app_test_action (win, "win.analyse", NULL);
  assert_fault (win, "The engine “Babbler” did not answer “uci” in time: it does not seem to be a UCI engine.",
                "garbage");
  assert_window_works (win, "Babbler");

  /* garbage mixed into a working engine's output is skipped: its legal
   * line is shown, and no fault */
  g_autofree char *mixed = fake_command ("garbage", "e7e5", NULL);
  use_engine ("Messy", mixed);
  app_test_action (win, "win.go-prev", NULL);
  g_assert_cmpuint (ply_of_cursor (win), ==, 1);
  app_test_action (win, "win.analyse", NULL);
  g_assert_cmpuint (wait_reports (win, 1, 10000), >=, 1);
  GtkWidget *pane = vs_window_get_analysis_pane (win);
  for (int i = 0; i < 100 && vs_analysis_pane_is_running (VS_ANALYSIS_PANE (pane)); i++)
    app_test_run (20);
  g_assert_null (vs_window_get_analysis_message (win));
  g_autofree char *lines = shown_lines (win);
  g_assert_cmpstr (lines, ==, "−0.33  1… e5\n");
  finish (win);
}

static void
test_illegal_move (void)
{
  /* pv "e2e4 e2e5 e7e5": only 1. e4 is legal; then "bestmove e2e5" */
  g_autofree char *command = fake_command ("bad-move", "e2e4", "e2e5");
  use_engine ("Cheater", command);
  VsWindow *win = new_window ();
  app_test_action (win, "win.analyse", NULL);
  assert_fault (win, "The engine “Cheater” sent an illegal move “e2e5”.", "illegal");
  g_autofree char *lines = shown_lines (win);
  g_assert_cmpstr (lines, ==, "+0.15  1. e4\n");
  assert_window_works (win, "Cheater");
  finish (win);
}

static void
test_unknown_move (void)
{
  g_autofree char *command = fake_command ("bad-move", "e2e4", "qqqq");
  use_engine ("Confused", command);
  VsWindow *win = new_window ();
  app_test_action (win, "win.analyse", NULL);
  assert_fault (win, "The engine “Confused” sent an unknown move “qqqq”.", "unknown");
  g_autofree char *lines = shown_lines (win);
  g_assert_cmpstr (lines, ==, "+0.15  1. e4\n");
  assert_window_works (win, "Confused");
  finish (win);
}

static void
count_cb (VsWindow *win, guint *n)
{
  (*n)++;
}

static GtkWidget *
find_info_bar (GtkWidget *widget)
{
  if (GTK_IS_INFO_BAR (widget))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_info_bar (c);
      if (found)
        return found;
    }
  return NULL;
}

/* Playing against a hung engine: a message with "Try Again", the window
 * keeps working, and the fixed engine answers. */
static void
test_play_engine_fault (void)
{
  g_autofree char *command = fake_command ("freeze", "e7e5", NULL);
  use_engine ("Frozen", command);
  VsWindow *win = new_window ();
  guint moves = 0;
  g_signal_connect (win, "engine-moved", G_CALLBACK (count_cb), &moves);
  app_test_action (win, "win.play-engine", g_variant_new_string ("easy"));
  app_test_action (win, "win.play-move", g_variant_new_string ("e4"));
  Tick t = { 0, 0 };
  guint id = g_timeout_add (20, tick_cb, &t);
  const char *want = "The engine could not move: The engine “Frozen” did not answer within 1 second.";
  for (int i = 0; i < 1000 && g_strcmp0 (vs_window_get_message (win), want) != 0; i++)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (id);
  g_assert_cmpstr (vs_window_get_message (win), ==, want);
  g_test_maximized_result (t.max_gap / 1000.0, "longest main-loop pause %.0f ms", t.max_gap / 1000.0);
  g_assert_cmpuint (moves, ==, 0);
  g_assert_cmpuint (ply_of_cursor (win), ==, 1);

  /* fixed: "Try Again" asks it again and it answers */
  g_autofree char *good = fake_command ("good", "e7e5", NULL);
  use_engine ("Frozen", good);
  GtkWidget *bar = find_info_bar (GTK_WIDGET (win));
  g_assert_nonnull (bar);
  gtk_info_bar_response (GTK_INFO_BAR (bar), 100);
  for (int i = 0; i < 500 && moves == 0; i++)
    app_test_run (20);
  g_assert_cmpuint (moves, ==, 1);
  g_assert_cmpuint (ply_of_cursor (win), ==, 2);
  g_autofree char *text = vs_window_get_move_text (win);
  g_assert_nonnull (strstr (text, "e5"));
  app_test_action (win, "win.play-engine", g_variant_new_string ("off"));
  finish (win);
}

int
main (int argc, char *argv[])
{
  tmpdir = g_dir_make_tmp ("vs-engine-faults-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", tmpdir, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("VS_ENGINE_WATCHDOG_MS", WATCHDOG_MS, TRUE);
  /* no Fairy-Stockfish found: "" in analysis-engine is the built-in engine */
  g_setenv ("VS_FAIRY_STOCKFISH", "", TRUE);
  /* the messages are compared in English */
  g_setenv ("LANGUAGE", "en", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  app_test_application ();

  g_test_add_func ("/engine-faults/missing-program", test_missing_program);
  g_test_add_func ("/engine-faults/exit-at-start", test_exit_at_start);
  g_test_add_func ("/engine-faults/crash-mid-analysis", test_crash_mid_analysis);
  g_test_add_func ("/engine-faults/hang-without-output", test_hang_without_output);
  g_test_add_func ("/engine-faults/garbage-and-long-lines", test_garbage_and_long_lines);
  g_test_add_func ("/engine-faults/illegal-move", test_illegal_move);
  g_test_add_func ("/engine-faults/unknown-move", test_unknown_move);
  g_test_add_func ("/engine-faults/play-engine", test_play_engine_fault);
  int ret = g_test_run ();
  g_rmdir (tmpdir);
  return ret;
}
