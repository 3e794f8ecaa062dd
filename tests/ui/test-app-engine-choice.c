/* test-app-engine-choice.c — the engine that serves by default (issue 21),
 * in the real window: with Fairy-Stockfish "found" (VS_FAIRY_STOCKFISH
 * points at tests/engine/fake-variant-engine.sh, which plays Crazyhouse and
 * both Janggi rule sets and here crashes when asked to search) the analysis
 * pane chooses it for Crazyhouse and offers only the built-in engine for
 * Chartima; the fault it shows goes away when another variant or another
 * engine is chosen.  Then Preferences → Engines is rendered to PNG with the
 * real Fairy-Stockfish if installed (under $VS_SCREENSHOT_DIR; the file
 * name carries the language). */
#include <glib/gstdio.h>
#include <locale.h>
#include <libintl.h>

#include "test-app-util.h"
#include "vs-analysis-pane.h"
#include "vs-engine-config.h"
#include "vs-preferences-dialog.h"
#include "vs-uci-client.h"
#include "vs-test-locale.h"

static char *fake_fs;

static void
new_game (VsWindow *win, const char *id)
{
  const VsVariant *v = vs_variant_lookup (id);
  g_assert_nonnull (v);
  app_test_action (win, "win.new-game-from", g_variant_new ("(ss)", id, v->start_fen));
  app_test_run (20);
}

/* Runs the main loop until the pane has chosen `name` (the probe of the
 * engine runs off the main loop), or 10 s. */
static const char *
wait_engine (VsAnalysisPane *pane, const char *name)
{
  for (int i = 0; i < 500 && g_strcmp0 (vs_analysis_pane_get_engine_name (pane), name) != 0; i++)
    app_test_run (20);
  return vs_analysis_pane_get_engine_name (pane);
}

static const char *
wait_fault (VsWindow *win)
{
  for (int i = 0; i < 500 && vs_window_get_analysis_message (win) == NULL; i++)
    app_test_run (20);
  return vs_window_get_analysis_message (win);
}

static void
test_default_and_fault_cleared (void)
{
  g_setenv ("VS_FAIRY_STOCKFISH", fake_fs, TRUE);
  g_setenv ("FAKE_ENGINE_MODE", "crash-on-go", TRUE);
  GSettings *settings = vs_application_get_settings (app_test_application ());
  g_settings_reset (settings, "analysis-engine");
  g_settings_reset (settings, "external-engines");
  VsWindow *win = app_test_window ();
  VsAnalysisPane *pane = VS_ANALYSIS_PANE (vs_window_get_analysis_pane (win));

  /* Crazyhouse: Fairy-Stockfish is the default */
  new_game (win, "crazyhouse");
  g_assert_cmpstr (wait_engine (pane, "Fairy-Stockfish"), ==, "Fairy-Stockfish");
  g_assert_cmpuint (vs_analysis_pane_get_n_engines (pane), ==, 2);
  app_test_action (win, "win.analyse", NULL);
  const char *fault = wait_fault (win);
  g_assert_nonnull (fault);
  g_assert_nonnull (strstr (fault, "Fairy-Stockfish"));

  /* Chartima: only the built-in engine, and the fault is gone */
  new_game (win, "chartima");
  g_assert_null (vs_window_get_analysis_message (win));
  g_assert_cmpuint (vs_analysis_pane_get_n_engines (pane), ==, 1);
  g_assert_cmpstr (vs_analysis_pane_get_engine_name (pane), ==, g_dgettext ("variant-study", "Built-in engine"));
  /* Strato too */
  new_game (win, "strato");
  g_assert_cmpuint (vs_analysis_pane_get_n_engines (pane), ==, 1);

  /* Janggi: Fairy-Stockfish again; its fault goes when the built-in engine
   * is chosen */
  new_game (win, "janggi");
  g_assert_cmpstr (wait_engine (pane, "Fairy-Stockfish"), ==, "Fairy-Stockfish");
  if (vs_analysis_pane_is_running (pane))
    vs_analysis_pane_stop (pane);
  app_test_action (win, "win.analyse", NULL);
  g_assert_nonnull (wait_fault (win));
  g_assert_true (vs_analysis_pane_select_engine (pane, g_dgettext ("variant-study", "Built-in engine")));
  app_test_run (20);
  g_assert_null (vs_window_get_analysis_message (win));
  /* the user's choice is kept for the variants the chosen engine plays */
  g_autofree char *chosen = g_settings_get_string (settings, "analysis-engine");
  g_assert_cmpstr (chosen, ==, VS_ANALYSIS_PANE_BUILTIN);
  vs_analysis_pane_stop (pane);

  /* the values of the Preferences options editor go to the engine */
  g_settings_set_value (settings, "engine-options",
                        g_variant_new_parsed ("{'Fairy-Stockfish': {'UCI_Elo': '1500'}}"));
  app_test_run (20);
  g_auto (GStrv) sent = vs_uci_client_get_user_options (fake_fs);
  g_assert_nonnull (sent);
  g_assert_cmpstr (sent[0], ==, "UCI_Elo=1500");
  g_assert_null (sent[1]);
  g_settings_reset (settings, "engine-options");
  app_test_run (20);
  g_auto (GStrv) none = vs_uci_client_get_user_options (fake_fs);
  g_assert_null (none);

  g_settings_reset (settings, "analysis-engine");
  g_unsetenv ("FAKE_ENGINE_MODE");
  gtk_window_destroy (GTK_WINDOW (win));
  app_test_run (50);
}

static void
select_page (GtkWidget *w, const char *tab)
{
  if (GTK_IS_NOTEBOOK (w))
    for (int i = 0; i < gtk_notebook_get_n_pages (GTK_NOTEBOOK (w)); i++)
      {
        GtkWidget *page = gtk_notebook_get_nth_page (GTK_NOTEBOOK (w), i);
        if (g_strcmp0 (gtk_notebook_get_tab_label_text (GTK_NOTEBOOK (w), page), tab) == 0)
          gtk_notebook_set_current_page (GTK_NOTEBOOK (w), i);
      }
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    select_page (c, tab);
}

/* The editor widget of option `name` (the grid row labelled with it). */
static GtkWidget *
find_option_widget (GtkWidget *w, const char *name)
{
  if (GTK_IS_GRID (w))
    for (int row = 0; row < 200; row++)
      {
        GtkWidget *label = gtk_grid_get_child_at (GTK_GRID (w), 0, row);
        if (label == NULL)
          break;
        if (GTK_IS_LABEL (label) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), name) == 0)
          return gtk_grid_get_child_at (GTK_GRID (w), 1, row);
      }
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_option_widget (c, name);
      if (found)
        return found;
    }
  return NULL;
}

static void
test_preferences_screenshot (void)
{
  /* the real engines of this computer */
  g_unsetenv ("VS_FAIRY_STOCKFISH");
  g_auto (GStrv) found = vs_uci_find_fairy_stockfish_all ();
  if (found[0] == NULL)
    {
      g_test_skip ("Fairy-Stockfish is not installed");
      return;
    }
  GSettings *settings = vs_application_get_settings (app_test_application ());
  g_settings_reset (settings, "external-engines");
  VsWindow *win = app_test_window ();
  VsPreferencesDialog *prefs = vs_preferences_dialog_new (GTK_WINDOW (win), settings);
  gtk_window_set_default_size (GTK_WINDOW (prefs), 720, 760);
  gtk_window_present (GTK_WINDOW (prefs));
  select_page (GTK_WIDGET (prefs), g_dgettext ("variant-study", "Engines"));
  g_autofree char *cmd = g_strdup (found[0]);   /* a plain path: not quoted */
  for (int i = 0; i < 1000 && !vs_engine_caps_known (cmd); i++)
    app_test_run (20);
  g_assert_nonnull (vs_engine_caps_lookup (cmd));
  app_test_run (100);
  /* the list is made again when the answer reaches the main loop */
  for (int i = 0; i < 500 && !vs_preferences_dialog_expand_engine (prefs, "Fairy-Stockfish"); i++)
    app_test_run (20);
  app_test_run (300);

  app_test_shot (GTK_WIDGET (prefs), "preferences", "engines");

  /* the editor is built from the engine's own option lines and stores what
   * is changed (and nothing for a value back at the engine's default) */
  GtkWidget *elo = find_option_widget (GTK_WIDGET (prefs), "UCI_Elo");
  g_assert_true (GTK_IS_SPIN_BUTTON (elo));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (elo), 1600);
  GtkWidget *limit = find_option_widget (GTK_WIDGET (prefs), "UCI_LimitStrength");
  g_assert_true (GTK_IS_CHECK_BUTTON (limit));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (limit), TRUE);
  g_autoptr (GVariant) stored = g_settings_get_value (settings, "engine-options");
  g_autofree char *text = g_variant_print (stored, FALSE);
  g_assert_cmpstr (text, ==, "{'Fairy-Stockfish': {'UCI_Elo': '1600', 'UCI_LimitStrength': 'true'}}");
  gtk_check_button_set_active (GTK_CHECK_BUTTON (limit), FALSE);
  g_autoptr (GVariant) stored2 = g_settings_get_value (settings, "engine-options");
  g_autofree char *text2 = g_variant_print (stored2, FALSE);
  g_assert_cmpstr (text2, ==, "{'Fairy-Stockfish': {'UCI_Elo': '1600'}}");
  g_assert_null (find_option_widget (GTK_WIDGET (prefs), "Protocol"));
  g_settings_reset (settings, "engine-options");
  gtk_window_destroy (GTK_WINDOW (prefs));

  /* the analysis pane with the real engine: Crazyhouse and Chartima */
  VsAnalysisPane *pane = VS_ANALYSIS_PANE (vs_window_get_analysis_pane (win));
  g_settings_reset (settings, "analysis-engine");
  const char *ids[] = { "crazyhouse", "chartima" };
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      new_game (win, ids[i]);
      if (i == 0)
        g_assert_cmpstr (wait_engine (pane, "Fairy-Stockfish"), ==, "Fairy-Stockfish");
      app_test_run (200);
      app_test_shot (GTK_WIDGET (pane), "analysis-pane", ids[i]);
    }
  gtk_window_destroy (GTK_WINDOW (win));
  app_test_run (50);
}

int
main (int argc, char *argv[])
{
  g_autofree char *tmpdir = g_dir_make_tmp ("vs-engine-choice-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", tmpdir, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  /* LANGUAGE=ja LC_ALL=C.UTF-8: the Japanese shot (as test-app-i18n) */
  vs_test_bind_catalogue (GETTEXT_PACKAGE);
  gtk_test_init (&argc, &argv, NULL);
  fake_fs = g_test_build_filename (G_TEST_DIST, "..", "engine", "fake-variant-engine.sh", NULL);
  app_test_application ();
  g_test_add_func ("/engine-choice/default-and-fault-cleared", test_default_and_fault_cleared);
  g_test_add_func ("/engine-choice/preferences-screenshot", test_preferences_screenshot);
  int ret = g_test_run ();
  g_rmdir (tmpdir);
  return ret;
}
