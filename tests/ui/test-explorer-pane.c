/* test-explorer-pane.c — the opening explorer pane in a test window over a
 * library made from tests/data records: its rows and counts are those of
 * `variant-study-cli library explore`, a click on a move is signalled,
 * files given to the pane are imported off the main loop; screenshots of
 * the pane go to VS_SCREENSHOT_DIR (explorer-LANG.png). */
#include "config.h"
#include "vs-explorer-pane.h"
#include "test-app-util.h"
#include "vs-game-collection.h"
#include "vs-record.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include "../vs-test-library-v3.h"
#include <locale.h>
#include <stdlib.h>
#include <string.h>

static void
wait_idle (VsExplorerPane *pane)
{
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (vs_explorer_pane_is_busy (pane) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (vs_explorer_pane_is_busy (pane));
}

static char *
run_cli (const char *const *args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_ptr_array_add (argv, (gpointer) g_getenv ("VS_CLI"));
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  char *out = NULL;
  int status = 0;
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &out, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

/* The pane's rows against `library explore` (and the games against find). */
static void
check_rows (VsExplorerPane *pane, const char *db, const char *variant, const char *moves)
{
  const char *ex[] = { "library", "explore", "--db", db, "--variant", variant,
                       moves ? "--moves" : NULL, moves, NULL };
  g_autofree char *out = run_cli (ex);
  g_auto (GStrv) lines = g_strsplit (g_strstrip (out), "\n", -1);
  guint n = *lines[0] ? g_strv_length (lines) : 0;
  g_assert_cmpuint (n, >, 0);
  g_assert_cmpuint (vs_explorer_pane_get_n_moves (pane), ==, n);
  for (guint i = 0; i < n; i++)
    {
      guint g, w, d, b;
      const char *uci = vs_explorer_pane_get_move (pane, i, &g, &w, &d, &b);
      g_autofree char *row = g_strdup_printf ("%s %u %u %u %u", uci, g, w, d, b);
      g_assert_cmpstr (row, ==, lines[i]);
    }
  const char *fd[] = { "library", "find", "--db", db, "--variant", variant,
                       moves ? "--moves" : NULL, moves, NULL };
  g_autofree char *found = run_cli (fd);
  g_auto (GStrv) games = g_strsplit (g_strstrip (found), "\n", -1);
  g_assert_cmpuint (vs_explorer_pane_get_n_games (pane), ==, *games[0] ? g_strv_length (games) : 0);
}

static void
moved_cb (VsExplorerPane *pane, const char *uci, char **out)
{
  (void) pane;
  g_free (*out);
  *out = g_strdup (uci);
}

typedef struct {
  char *file;
  guint index, ply;
} Opened;

static void
game_cb (VsExplorerPane *pane, const char *file, guint index, guint ply, Opened *out)
{
  (void) pane;
  g_free (out->file);
  out->file = g_strdup (file);
  out->index = index;
  out->ply = ply;
}

static void
finished_cb (VsExplorerPane *pane, guint added, const char *msg, guint *out)
{
  (void) pane;
  (void) msg;
  *out = added;
}

static char *
data_file (const char *rel)
{
  return g_build_filename (g_getenv ("VS_TEST_DATA_DIR"), rel, NULL);
}

/* Adds every Janggi record of the test data to the library db, by the CLI. */
static void
add_janggi_records (const char *db)
{
  g_autoptr (GPtrArray) add = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (add, g_strdup ("library"));
  g_ptr_array_add (add, g_strdup ("add"));
  g_ptr_array_add (add, g_strdup ("--db"));
  g_ptr_array_add (add, g_strdup (db));
  g_autofree char *jdir = data_file ("records/janggi");
  GDir *d = g_dir_open (jdir, 0, NULL);
  g_assert_nonnull (d);
  const char *name;
  while ((name = g_dir_read_name (d)))
    if (g_str_has_suffix (name, ".gib"))
      g_ptr_array_add (add, g_build_filename (jdir, name, NULL));
  g_dir_close (d);
  g_ptr_array_add (add, NULL);
  g_free (run_cli ((const char *const *) add->pdata));
}

static void
test_explore (void)
{
  g_autofree char *dir = g_dir_make_tmp ("vs-explorer-XXXXXX", NULL);
  g_autofree char *db = g_build_filename (dir, "library.db", NULL);
  add_janggi_records (db);

  GtkWidget *win = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (win), 560, 640);
  GtkWidget *w = vs_explorer_pane_new ();
  VsExplorerPane *pane = VS_EXPLORER_PANE (w);
  gtk_window_set_child (GTK_WINDOW (win), w);
  gtk_window_present (GTK_WINDOW (win));
  vs_explorer_pane_set_library (pane, db);
  const VsVariant *v = vs_variant_lookup ("janggi-casual");
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  g_assert_true (vs_position_init (pos, v, NULL, NULL));
  vs_explorer_pane_set_position (pane, pos);
  wait_idle (pane);
  check_rows (pane, db, "janggi-casual", NULL);

  g_autofree char *shots = g_strdup (g_getenv ("VS_SCREENSHOT_DIR"));
  if (shots)
    {
      g_mkdir_with_parents (shots, 0755);
      const char *lang = g_getenv ("LANGUAGE");
      g_autofree char *file = g_strdup_printf ("explorer-%s.png", lang && *lang ? lang : "en");
      g_autofree char *path = g_build_filename (shots, file, NULL);
      g_autoptr (GError) error = NULL;
      app_test_run (300);
      g_assert_true (app_test_screenshot (win, path, &error));
      g_test_message ("screenshot: %s", path);
    }

  /* a click on the most played move: the signal names it; the window plays it */
  char *played = NULL;
  g_signal_connect (pane, "move-activated", G_CALLBACK (moved_cb), &played);
  GtkWidget *row = vs_explorer_pane_get_move_row (pane, 0);
  g_assert_nonnull (row);
  gtk_widget_activate (row);
  g_assert_nonnull (played);
  g_assert_cmpstr (played, ==, vs_explorer_pane_get_move (pane, 0, NULL, NULL, NULL, NULL));
  VsMove m;
  g_assert_true (vs_move_parse (pos, played, VS_NOTATION_UCI, &m, NULL, NULL));
  vs_position_play (pos, m);
  /* two positions in a row: the first query is cancelled, the second shown */
  vs_explorer_pane_set_position (pane, pos);
  vs_explorer_pane_set_position (pane, pos);
  wait_idle (pane);
  check_rows (pane, db, "janggi-casual", played);
  g_free (played);

  /* a click on a game of the position search names its file, index and
   * ply: that game, replayed to that ply, stands in the position shown */
  Opened op = { 0 };
  g_signal_connect (pane, "game-activated", G_CALLBACK (game_cb), &op);
  guint last = vs_explorer_pane_get_n_games (pane) - 1;
  gtk_widget_activate (vs_explorer_pane_get_game_row (pane, last));
  g_assert_nonnull (op.file);
  g_autoptr (VsGameCollection) coll = vs_game_collection_new ();
  vs_record_read_file (op.file, NULL, coll, NULL, NULL, NULL, NULL);
  g_assert_cmpuint (op.index, <, vs_game_collection_get_n_games (coll));
  VsGame *game = vs_game_collection_get_game (coll, op.index);
  VsGameNode *node = vs_game_get_root (game);
  for (guint i = 0; i < op.ply; i++)
    node = vs_game_node_get_main_child (node);
  g_assert_nonnull (node);
  g_autofree VsPosition *at = g_new (VsPosition, 1);
  g_assert_true (vs_game_node_position (node, at));
  g_assert_cmpuint (at->key, ==, pos->key);
  g_assert_cmpuint (op.ply, ==, 1);
  g_free (op.file);
  gtk_window_destroy (GTK_WINDOW (win));
}

/* The pane in the window (issue 19): shown by win.toggle-explorer over the
 * user's library, following the game shown; a move clicked is played. */
static void
test_in_window (void)
{
  g_autofree char *lib = vs_explorer_pane_default_library ();
  add_janggi_records (lib);

  VsWindow *win = app_test_window ();
  GSettings *st = vs_application_get_settings (app_test_application ());
  g_assert_false (g_settings_get_boolean (st, "show-explorer"));
  app_test_action (win, "win.toggle-explorer", NULL);
  g_assert_true (g_settings_get_boolean (st, "show-explorer"));
  VsExplorerPane *pane = VS_EXPLORER_PANE (app_test_find_widget (GTK_WIDGET (win), VS_TYPE_EXPLORER_PANE));
  g_assert_nonnull (pane);
  g_assert_cmpstr (vs_explorer_pane_get_library (pane), ==, lib);
  const VsVariant *v = vs_variant_lookup ("janggi-casual");
  app_test_action (win, "win.new-game-from", g_variant_new ("(ss)", v->id, v->start_fen));
  wait_idle (pane);
  check_rows (pane, lib, "janggi-casual", NULL);
  app_test_run (300);
  app_test_shot (GTK_WIDGET (win), "explorer", "window");

  g_autofree char *first = g_strdup (vs_explorer_pane_get_move (pane, 0, NULL, NULL, NULL, NULL));
  gtk_widget_activate (vs_explorer_pane_get_move_row (pane, 0));
  app_test_run (50);
  VsGameNode *cur = vs_window_get_cursor (win);
  g_assert_nonnull (vs_game_node_get_parent (cur));
  char text[VS_MOVE_TEXT_MAX];
  g_assert_true (vs_game_node_write_move (cur, VS_NOTATION_UCI, text));
  g_assert_cmpstr (text, ==, first);
  /* it follows the game */
  wait_idle (pane);
  check_rows (pane, lib, "janggi-casual", first);
  app_test_action (win, "win.toggle-explorer", NULL);
  g_assert_false (g_settings_get_boolean (st, "show-explorer"));
  gtk_window_destroy (GTK_WINDOW (win));
}

/* Files handed to the pane (as a drop does) are imported in the background. */
static void
test_import (void)
{
  g_autofree char *dir = g_dir_make_tmp ("vs-explorer-XXXXXX", NULL);
  g_autofree char *db = g_build_filename (dir, "library.db", NULL);
  GtkWidget *win = gtk_window_new ();
  GtkWidget *w = vs_explorer_pane_new ();
  VsExplorerPane *pane = VS_EXPLORER_PANE (w);
  gtk_window_set_child (GTK_WINDOW (win), w);
  gtk_window_present (GTK_WINDOW (win));
  vs_explorer_pane_set_library (pane, db);
  const char *names[] = { "records/crazyhouse/lichess-2016-saturs-jannlee.pgn",
                          "records/crazyhouse/lichess-2017-knightvuillaume-jannlee.pgn",
                          "records/crazyhouse/lichess-2018-jannlee-crazyara.pgn" };
  GFile *files[G_N_ELEMENTS (names)];
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *p = data_file (names[i]);
      files[i] = g_file_new_for_path (p);
    }
  guint added = G_MAXUINT;
  g_signal_connect (pane, "import-finished", G_CALLBACK (finished_cb), &added);
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  g_assert_true (vs_position_init (pos, vs_variant_lookup ("crazyhouse"), NULL, NULL));
  vs_explorer_pane_set_position (pane, pos);
  vs_explorer_pane_import_files (pane, files, G_N_ELEMENTS (files));
  g_assert_true (vs_explorer_pane_is_busy (pane));   /* the main loop is free meanwhile */
  wait_idle (pane);
  g_assert_cmpuint (added, ==, 3);
  check_rows (pane, db, "crazyhouse", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    g_object_unref (files[i]);
  gtk_window_destroy (GTK_WINDOW (win));
}

/* Issue 19: a library of the version-3 layout (made by an older version)
 * is rebuilt when the pane first asks it something: the pane says so once
 * through "library-notice" (translated, naming the file that is gone), and
 * its rows are those of the record file that is still there. */
static void
notice_cb (VsExplorerPane *pane, const char *msg, GString *out)
{
  (void) pane;
  g_string_append_printf (out, "%s\n", msg);
}

static void
test_old_library (void)
{
  g_autofree char *dir = g_dir_make_tmp ("vs-explorer-old-XXXXXX", NULL);
  g_autofree char *db = g_build_filename (dir, "library.db", NULL);
  g_autofree char *kept = data_file ("records/crazyhouse/lichess-2016-saturs-jannlee.pgn");
  g_autofree char *gone = g_build_filename (dir, "gone.pgn", NULL);
  vs_test_write_library_v3 (db, kept, gone, NULL);

  GtkWidget *win = gtk_window_new ();
  GtkWidget *w = vs_explorer_pane_new ();
  VsExplorerPane *pane = VS_EXPLORER_PANE (w);
  gtk_window_set_child (GTK_WINDOW (win), w);
  gtk_window_present (GTK_WINDOW (win));
  GString *notices = g_string_new (NULL);
  g_signal_connect (pane, "library-notice", G_CALLBACK (notice_cb), notices);
  vs_explorer_pane_set_library (pane, db);
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  g_assert_true (vs_position_init (pos, vs_variant_lookup ("crazyhouse"), NULL, NULL));
  vs_explorer_pane_set_position (pane, pos);
  wait_idle (pane);
  g_test_message ("notices: %s", notices->str);
  g_assert_nonnull (strstr (notices->str, gone));
  g_assert_nonnull (strstr (notices->str, db));
  /* translated where the language has it (explorer-pane-ja) */
  const char *lang = g_getenv ("LANGUAGE");
  if (lang && g_str_has_prefix (lang, "ja"))
    g_assert_null (strstr (notices->str, "older version"));
  else
    g_assert_nonnull (strstr (notices->str, "older version"));
  check_rows (pane, db, "crazyhouse", NULL);
  /* said once: the library is of today's layout now */
  g_string_truncate (notices, 0);
  vs_explorer_pane_set_position (pane, pos);
  wait_idle (pane);
  g_assert_cmpstr (notices->str, ==, "");
  g_string_free (notices, TRUE);
  gtk_window_destroy (GTK_WINDOW (win));
}

/* The same, in the window: the notice is the window's info message, said
 * once (issue 19).  Screenshot explorer-rebuilt-LANG.png. */
static void
test_old_library_in_window (void)
{
  g_autofree char *lib = vs_explorer_pane_default_library ();
  const char *suffixes[] = { "", "-wal", "-shm" };
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *f = g_strconcat (lib, suffixes[i], NULL);
      g_remove (f);
    }
  g_autofree char *kept = data_file ("records/crazyhouse/lichess-2016-saturs-jannlee.pgn");
  g_autofree char *dir = g_path_get_dirname (lib);
  g_autofree char *gone = g_build_filename (dir, "gone.pgn", NULL);
  vs_test_write_library_v3 (lib, kept, gone, NULL);

  VsWindow *win = app_test_window ();
  GSettings *st = vs_application_get_settings (app_test_application ());
  if (!g_settings_get_boolean (st, "show-explorer"))
    app_test_action (win, "win.toggle-explorer", NULL);
  VsExplorerPane *pane = VS_EXPLORER_PANE (app_test_find_widget (GTK_WIDGET (win), VS_TYPE_EXPLORER_PANE));
  g_assert_nonnull (pane);
  const VsVariant *v = vs_variant_lookup ("crazyhouse");
  app_test_action (win, "win.new-game-from", g_variant_new ("(ss)", v->id, v->start_fen));
  wait_idle (pane);
  const char *msg = vs_window_get_message (win);
  for (int i = 0; i < 600 && !(msg && strstr (msg, lib)); i++, msg = vs_window_get_message (win))
    app_test_run (100);
  g_test_message ("message: %s", msg);
  g_assert_nonnull (msg);
  g_assert_nonnull (strstr (msg, lib));
  g_assert_nonnull (strstr (msg, gone));
  const char *lang = g_getenv ("LANGUAGE");
  if (lang && g_str_has_prefix (lang, "ja"))
    g_assert_null (strstr (msg, "older version"));
  else
    g_assert_nonnull (strstr (msg, "older version"));
  check_rows (pane, lib, "crazyhouse", NULL);
  app_test_run (300);
  app_test_shot (GTK_WIDGET (win), "explorer", "rebuilt");
  app_test_action (win, "win.toggle-explorer", NULL);
  g_assert_false (g_settings_get_boolean (st, "show-explorer"));
  gtk_window_destroy (GTK_WINDOW (win));
}

int
main (int argc, char **argv)
{
  g_autofree char *home = g_dir_make_tmp ("vs-explorer-home-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", home, TRUE);
  setlocale (LC_ALL, "");
  const char *localedir = g_getenv ("VS_LOCALEDIR");
  if (localedir)
    bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_test_skip ("no display");
      return g_test_run ();
    }
  g_assert_nonnull (g_getenv ("VS_CLI"));
  app_test_application ();
  g_test_add_func ("/explorer-pane/explore-and-click", test_explore);
  g_test_add_func ("/explorer-pane/import", test_import);
  g_test_add_func ("/explorer-pane/in-window", test_in_window);
  g_test_add_func ("/explorer-pane/old-library", test_old_library);
  g_test_add_func ("/explorer-pane/old-library-in-window", test_old_library_in_window);
  return g_test_run ();
}
