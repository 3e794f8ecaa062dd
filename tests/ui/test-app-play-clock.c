/* test-app-play-clock.c — issue 20: a timed game against the engine, with
 * the window's time source replaced by a number the test sets (nothing
 * waits on the wall clock for the clocks).  Only the side to move's clock
 * runs, each move gets the increment and its [%clk], and a flag fall ends
 * the game as a loss for the flagged side in the headers. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "vs-record.h"

#include "test-app-util.h"
#include "vs-test-locale.h"

#define S(x) ((gint64) (x) * G_USEC_PER_SEC)

static char *tmpdir;
static gint64 fake_now;

static gint64
fake_time (gpointer data)
{
  return *(gint64 *) data;
}

static gboolean
wait_engine (VsWindow *win, guint ply)
{
  gint64 t0 = g_get_monotonic_time ();
  while (vs_game_node_get_ply (vs_window_get_cursor (win)) < ply &&
         g_get_monotonic_time () - t0 < 60 * G_USEC_PER_SEC)
    g_main_context_iteration (NULL, TRUE);
  return vs_game_node_get_ply (vs_window_get_cursor (win)) == ply;
}

static char *
first_legal_san (VsWindow *win)
{
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  g_assert_true (vs_game_node_position (vs_window_get_cursor (win), pos));
  VsMove moves[VS_MAX_MOVES];
  guint n = vs_position_generate (pos, VS_GEN_ALL, moves);
  g_assert_cmpuint (n, >, 0);
  char san[VS_MOVE_TEXT_MAX];
  vs_move_write (pos, moves[0], VS_NOTATION_SAN, san);
  return g_strdup (san);
}

static void
test_timed_game (void)
{
  VsWindow *win = app_test_window ();
  fake_now = S (1000);
  vs_window_set_time_source (win, fake_time, &fake_now);
  const VsVariant *zh = vs_variant_lookup ("crazyhouse");
  app_test_action (win, "win.new-game-from", g_variant_new ("(ss)", "crazyhouse", zh->start_fen));
  app_test_action (win, "win.play-clock", g_variant_new_string ("1+2"));
  g_assert_cmpint (vs_window_get_clock (win, 0), ==, -1);   /* no clock before the game */
  app_test_action (win, "win.play-engine", g_variant_new_string ("easy"));
  VsGame *game = vs_window_get_game (win);
  g_assert_cmpstr (vs_game_get_header (game, "TimeControl"), ==, "60+2");

  /* White (me) to move: only my clock runs. */
  g_assert_cmpint (vs_window_get_clock_running (win), ==, 0);
  g_assert_cmpint (vs_window_get_clock (win, 0), ==, S (60));
  fake_now += S (10);
  g_assert_cmpint (vs_window_get_clock (win, 0), ==, S (50));
  g_assert_cmpint (vs_window_get_clock (win, 1), ==, S (60));

  /* My move: +2 s for me, then the engine's clock runs while it thinks
   * (the fake time stands still) and its move gets its increment. */
  app_test_action (win, "win.play-move", g_variant_new_string ("e4"));
  g_assert_true (wait_engine (win, 2));
  VsGameNode *mine = vs_game_node_get_parent (vs_window_get_cursor (win));
  g_assert_cmpint (vs_game_node_get_clock (mine), ==, 52000);
  g_assert_cmpint (vs_game_node_get_clock (vs_window_get_cursor (win)), ==, 62000);
  g_assert_cmpint (vs_window_get_clock_running (win), ==, 0);
  fake_now += S (7);
  g_assert_cmpint (vs_window_get_clock (win, 0), ==, S (45));
  g_assert_cmpint (vs_window_get_clock (win, 1), ==, S (62));

  /* [%clk] in the record written */
  g_autofree char *pgn = vs_pgn_write_game (game);
  g_assert_nonnull (strstr (pgn, "[%clk 0:00:52]"));
  g_assert_nonnull (strstr (pgn, "[%clk 0:01:02]"));

  /* My flag falls: 45 s later the game is over, lost on time. */
  fake_now += S (45) - 1;
  vs_window_check_clock (win);
  g_assert_cmpstr (vs_game_get_header (game, "Result"), ==, "*");
  fake_now += 1;
  vs_window_check_clock (win);
  g_assert_cmpint (vs_window_get_clock (win, 0), ==, 0);
  g_assert_cmpint (vs_window_get_clock_running (win), ==, -1);
  g_assert_cmpstr (vs_game_get_header (game, "Result"), ==, "0-1");
  g_assert_cmpstr (vs_game_get_header (game, "Termination"), ==, "time forfeit");
  g_autofree char *lvl = NULL;
  g_object_get (win, "play-level", &lvl, NULL);
  g_assert_cmpstr (lvl, ==, "off");   /* the menu no longer marks a level */
  g_assert_nonnull (vs_window_get_message (win));
  /* The clocks stay stopped and the engine answers no more. */
  fake_now += S (100);
  g_assert_cmpint (vs_window_get_clock (win, 1), ==, S (62));
  g_autofree char *san = first_legal_san (win);
  app_test_action (win, "win.play-move", g_variant_new_string (san));
  app_test_run (300);
  g_assert_cmpint (vs_window_get_clock (win, 1), ==, S (62));
  g_assert_cmpint (vs_window_get_clock_running (win), ==, -1);
  gtk_window_destroy (GTK_WINDOW (win));
}

static gboolean
wait_file_has (const char *path, const char *needle)
{
  gint64 t0 = g_get_monotonic_time ();
  while (g_get_monotonic_time () - t0 < 30 * G_USEC_PER_SEC)
    {
      g_autofree char *text = NULL;
      if (g_file_get_contents (path, &text, NULL, NULL) && strstr (text, needle))
        return TRUE;
      app_test_run (50);
    }
  return FALSE;
}

static void
copy_file (const char *from, const char *to)
{
  g_autofree char *text = NULL;
  gsize len;
  g_assert_true (g_file_get_contents (from, &text, &len, NULL));
  g_assert_true (g_file_set_contents (to, text, len, NULL));
}

/* A new Crazyhouse game against the easy engine with the clock `clock`,
 * started at fake time `start`: I play `move` after `think`, and the
 * engine has answered. */
static VsWindow *
start_easy_game (gint64 start, const char *clock, gint64 think, const char *move)
{
  VsWindow *win = app_test_window ();
  fake_now = start;
  vs_window_set_time_source (win, fake_time, &fake_now);
  const VsVariant *zh = vs_variant_lookup ("crazyhouse");
  app_test_action (win, "win.new-game-from", g_variant_new ("(ss)", "crazyhouse", zh->start_fen));
  app_test_action (win, "win.play-clock", g_variant_new_string (clock));
  app_test_action (win, "win.play-engine", g_variant_new_string ("easy"));
  fake_now += think;
  app_test_action (win, "win.play-move", g_variant_new_string (move));
  g_assert_true (wait_engine (win, 2));
  return win;
}

/* A restart in the middle: the game comes back from the autosave with the
 * clocks as they were (the new process's monotonic time is another number)
 * and runs on, only for the side to move. */
static void
test_restart_resumes (void)
{
  VsWindow *win = start_easy_game (S (5000), "3+1", S (20), "d4");
  fake_now += S (30);   /* I think 30 s: White 131 s, Black 181 s */
  g_assert_cmpint (vs_window_get_clock (win, 0), ==, S (131));
  g_assert_cmpint (vs_window_get_clock (win, 1), ==, S (181));

  /* The autosave and its description, with the game's state. */
  const char *autosave = vs_window_get_autosave_path (win);
  g_assert_nonnull (autosave);
  g_autofree char *dir = g_path_get_dirname (autosave);
  g_autofree char *base = g_strndup (autosave, strlen (autosave) - strlen (".pgn"));
  g_autofree char *ini = g_strconcat (base, ".ini", NULL);
  g_assert_true (wait_file_has (autosave, "[%clk"));
  g_assert_true (wait_file_has (ini, "play="));
  /* As if this process had died: its files under a pid no process has. */
  g_autofree char *dead_pgn = g_build_filename (dir, "2147483646-1.pgn", NULL);
  g_autofree char *dead_ini = g_build_filename (dir, "2147483646-1.ini", NULL);
  copy_file (autosave, dead_pgn);
  copy_file (ini, dead_ini);
  gtk_window_destroy (GTK_WINDOW (win));

  fake_now = S (77);   /* a new process: its monotonic clock reads anything */
  VsWindow *again = app_test_window ();
  vs_window_set_time_source (again, fake_time, &fake_now);
  vs_window_load_startup (again);
  app_test_action (again, "win.recover-autosaves", NULL);
  VsGameNode *c = vs_window_get_cursor (again);
  g_assert_cmpuint (vs_game_node_get_ply (c), ==, 2);
  g_assert_cmpint (vs_window_get_clock (again, 0), ==, S (131));
  g_assert_cmpint (vs_window_get_clock (again, 1), ==, S (181));
  g_assert_cmpint (vs_window_get_clock_running (again), ==, 0);
  fake_now += S (11);
  g_assert_cmpint (vs_window_get_clock (again, 0), ==, S (120));
  g_assert_cmpint (vs_window_get_clock (again, 1), ==, S (181));
  /* and the engine still answers, on its own clock */
  g_autofree char *san = first_legal_san (again);
  app_test_action (again, "win.play-move", g_variant_new_string (san));
  g_assert_true (wait_engine (again, 4));
  g_assert_cmpint (vs_window_get_clock (again, 0), ==, S (121));
  g_assert_cmpint (vs_window_get_clock (again, 1), ==, S (182));
  g_assert_cmpint (vs_window_get_clock_running (again), ==, 0);
  gtk_window_destroy (GTK_WINDOW (again));
}

static char *
level (VsWindow *win)
{
  char *l = NULL;
  g_object_get (win, "play-level", &l, NULL);
  return l;
}

/* The Play menu's level is the stateful win.play-level (its state the
 * chosen level), the engine and level go in the headers, Resign and Offer
 * Draw end the game (the engine takes a draw only when it is not ahead). */
/* Closing the window in the middle keeps the game without asking (no
 * "save changes?" dialog): the next window takes it up at once, with the
 * clocks as they were when it closed, and no recovery offer. */
static void
test_close_keeps_game (void)
{
  VsWindow *win = start_easy_game (S (9000), "5+0", S (12), "e4");
  fake_now += S (40);   /* White 248 s, Black 300 s */
  g_autofree char *autosave = g_strdup (vs_window_get_autosave_path (win));
  g_autofree char *base = g_strndup (autosave, strlen (autosave) - strlen (".pgn"));
  g_autofree char *ini = g_strconcat (base, ".ini", NULL);

  g_object_ref (win);
  gtk_window_close (GTK_WINDOW (win));
  /* closed at once: no dialog was asked, the window is gone */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (win)));
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app_test_application ())); l; l = l->next)
    g_assert_false (GTK_IS_DIALOG (l->data));
  g_object_unref (win);
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (ini, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "kept=true"));
  g_assert_nonnull (strstr (text, "play="));
  g_autofree char *pgn = NULL;
  g_assert_true (g_file_get_contents (autosave, &pgn, NULL, NULL));
  g_assert_nonnull (strstr (pgn, "e4"));

  fake_now = S (3);   /* later: the clocks did not run while it was closed */
  VsWindow *again = app_test_window ();
  vs_window_set_time_source (again, fake_time, &fake_now);
  vs_window_load_startup (again);
  g_assert_cmpuint (vs_game_node_get_ply (vs_window_get_cursor (again)), ==, 2);
  g_assert_cmpint (vs_window_get_clock (again, 0), ==, S (248));
  g_assert_cmpint (vs_window_get_clock (again, 1), ==, S (300));
  g_assert_cmpint (vs_window_get_clock_running (again), ==, 0);
  g_autofree char *lvl = level (again);
  g_assert_cmpstr (lvl, ==, "easy");
  /* it says the game goes on, not that work was recovered from a crash */
  g_assert_cmpstr (vs_window_get_message (again), ==,
                   g_dgettext ("variant-study", "Your game against the engine goes on where it was left."));
  g_assert_false (g_file_test (ini, G_FILE_TEST_EXISTS));   /* it lives in the new window's autosave */
  fake_now += S (8);
  g_assert_cmpint (vs_window_get_clock (again, 0), ==, S (240));
  g_autofree char *san = first_legal_san (again);
  app_test_action (again, "win.play-move", g_variant_new_string (san));
  g_assert_true (wait_engine (again, 4));

  /* A finished game is not kept: closing asks about saving, as for any
   * changed study. */
  app_test_action (again, "win.play-resign", NULL);
  gtk_window_close (GTK_WINDOW (again));
  app_test_run (100);
  GtkWindow *asked = NULL;
  GListModel *tops = gtk_window_get_toplevels ();
  for (guint k = 0; k < g_list_model_get_n_items (tops); k++)
    {
      g_autoptr (GtkWindow) t = g_list_model_get_item (tops, k);
      if (GTK_IS_DIALOG (t) && gtk_window_get_transient_for (t) == GTK_WINDOW (again))
        asked = t;
    }
  g_assert_nonnull (asked);
  gtk_window_destroy (asked);
  gtk_window_destroy (GTK_WINDOW (again));
}


static void
test_level_resign_draw (void)
{
  VsWindow *win = app_test_window ();
  const VsVariant *zh = vs_variant_lookup ("crazyhouse");
  app_test_action (win, "win.new-game-from", g_variant_new ("(ss)", "crazyhouse", zh->start_fen));
  g_autofree char *l0 = level (win);
  g_assert_cmpstr (l0, ==, "off");
  app_test_action (win, "win.play-level", g_variant_new_string ("medium"));
  g_autofree char *l1 = level (win);
  g_assert_cmpstr (l1, ==, "medium");
  app_test_action (win, "win.play-move", g_variant_new_string ("e4"));
  g_assert_true (wait_engine (win, 2));
  VsGame *game = vs_window_get_game (win);
  const char *black = vs_game_get_header (game, "Black");
  g_assert_nonnull (black);
  g_assert_nonnull (strstr (black, "(medium)"));
  app_test_action (win, "win.play-resign", NULL);
  g_assert_cmpstr (vs_game_get_header (game, "Result"), ==, "0-1");
  g_autofree char *l2 = level (win);
  g_assert_cmpstr (l2, ==, "off");

  /* A draw offer at the start of a new game after 1 e4: the engine's score
   * decides (accepted only when it is at most a tenth of a pawn). */
  gtk_window_destroy (GTK_WINDOW (win));
  win = app_test_window ();
  app_test_action (win, "win.new-game-from", g_variant_new ("(ss)", "crazyhouse", zh->start_fen));
  app_test_action (win, "win.play-level", g_variant_new_string ("easy"));
  app_test_action (win, "win.play-move", g_variant_new_string ("e4"));
  g_assert_true (wait_engine (win, 2));
  game = vs_window_get_game (win);
  app_test_action (win, "win.play-offer-draw", NULL);
  const char *result = vs_game_get_header (game, "Result");
  g_autofree char *l3 = level (win);
  g_test_message ("draw offer: %s, %s", result, vs_window_get_message (win));
  if (g_strcmp0 (result, "1/2-1/2") == 0)
    g_assert_cmpstr (l3, ==, "off");
  else
    {
      g_assert_cmpstr (result, ==, "*");
      g_assert_cmpstr (l3, ==, "easy");
    }
  gtk_window_destroy (GTK_WINDOW (win));
}

/* Black chosen: the engine (White) moves first, on its own clock; the
 * clocks are named Cho/Han in Janggi. */
static void
test_colour (void)
{
  VsWindow *win = app_test_window ();
  fake_now = S (10);
  vs_window_set_time_source (win, fake_time, &fake_now);
  const VsVariant *zh = vs_variant_lookup ("crazyhouse");
  app_test_action (win, "win.new-game-from", g_variant_new ("(ss)", "crazyhouse", zh->start_fen));
  app_test_action (win, "win.play-color", g_variant_new_string ("second"));
  app_test_action (win, "win.play-clock", g_variant_new_string ("2+0"));
  g_assert_cmpint (vs_window_get_clock_running (win), ==, -1);
  app_test_action (win, "win.play-level", g_variant_new_string ("easy"));
  g_assert_true (wait_engine (win, 1));
  g_assert_cmpint (vs_game_node_get_clock (vs_window_get_cursor (win)), ==, 120000);
  g_assert_cmpint (vs_window_get_clock_running (win), ==, 1);
  fake_now += S (3);
  g_assert_cmpint (vs_window_get_clock (win, 1), ==, S (117));
  g_autofree char *san = first_legal_san (win);
  app_test_action (win, "win.play-move", g_variant_new_string (san));
  g_assert_true (wait_engine (win, 3));
  /* Undo takes back the engine's reply and my move: my turn again, my clock runs. */
  app_test_action (win, "win.take-back", NULL);
  g_assert_cmpuint (vs_game_node_get_ply (vs_window_get_cursor (win)), ==, 1);
  g_assert_cmpint (vs_window_get_clock_running (win), ==, 1);
  gtk_window_destroy (GTK_WINDOW (win));

  win = app_test_window ();
  const VsVariant *jg = vs_variant_lookup ("janggi");
  app_test_action (win, "win.new-game-from", g_variant_new ("(ss)", "janggi", jg->start_fen));
  app_test_action (win, "win.play-color", g_variant_new_string ("side-to-move"));
  app_test_action (win, "win.play-clock", g_variant_new_string ("5+3"));
  app_test_action (win, "win.play-level", g_variant_new_string ("easy"));
  app_test_wait_allocated (GTK_WIDGET (win));
  /* $VS_SCREENSHOT_DIR: the window with the clocks above the board (Cho/Han). */
  const char *dir = g_getenv ("VS_SCREENSHOT_DIR");
  if (dir)
    {
      g_mkdir_with_parents (dir, 0755);
      const char *lang = g_getenv ("LANGUAGE");
      g_autofree char *name = g_strdup_printf ("play-clock-janggi-%s.png", lang && *lang ? lang : "en");
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr (GError) error = NULL;
      g_assert_true (app_test_screenshot (GTK_WIDGET (win), path, &error));
    }
  g_assert_cmpint (vs_window_get_clock_running (win), ==, 0);
  app_test_action (win, "win.play-level", g_variant_new_string ("off"));
  g_assert_cmpint (vs_window_get_clock_running (win), ==, -1);
  gtk_window_destroy (GTK_WINDOW (win));
}

int
main (int argc, char *argv[])
{
  tmpdir = g_dir_make_tmp ("vs-app-play-clock-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", tmpdir, TRUE);
  /* the catalogue as the app binds it (LANGUAGE=ja for app-play-clock-ja) */
  vs_test_bind_catalogue (GETTEXT_PACKAGE);
  gtk_test_init (&argc, &argv, NULL);
  app_test_application ();
  g_test_add_func ("/app/play-clock/timed-game", test_timed_game);
  g_test_add_func ("/app/play-clock/restart-resumes", test_restart_resumes);
  g_test_add_func ("/app/play-clock/close-keeps-game", test_close_keeps_game);
  g_test_add_func ("/app/play-clock/level-resign-draw", test_level_resign_draw);
  g_test_add_func ("/app/play-clock/colour", test_colour);
  int status = g_test_run ();
  g_free (tmpdir);
  return status;
}
