/* test-app-pass.c — issue 18: passing in Janggi from the window (the
 * win.pass action, the Pass button, a double-click on one's own King), the
 * pass in the move list as "Pass", and the sides named Cho/Han for Janggi
 * (White/Black for Crazyhouse) in the headers view and the game list.
 * Renders the window to PNG under $VS_SCREENSHOT_DIR (LANGUAGE in the name). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "test-app-util.h"
#include "vs-eval-bar.h"
#include "vs-board-view.h"
#include "vs-game-list.h"
#include "vs-headers-view.h"
#include "vs-test-locale.h"

static char *tmpdir;

static void
shot (VsWindow *win, const char *what)
{
  app_test_shot (GTK_WIDGET (win), "pass", what);
}

static void
new_game (VsWindow *win, const VsVariant *v)
{
  app_test_action (win, "win.new-game-from", g_variant_new ("(ss)", v->id, v->start_fen));
  app_test_run (100);
  g_assert_true (vs_game_get_variant (vs_window_get_game (win)) == v);
}

static int
side_to_move (VsWindow *win)
{
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  g_assert_true (vs_game_node_position (vs_window_get_cursor (win), pos));
  return pos->side;
}

static void
assert_passed (VsWindow *win, int side_before, guint passes)
{
  VsGameNode *c = vs_window_get_cursor (win);
  g_assert_cmpint (VS_MOVE_KIND (vs_game_node_get_move (c)), ==, VS_MOVE_PASS);
  g_assert_cmpint (side_to_move (win), ==, 1 - side_before);
  g_autofree char *text = vs_window_get_move_text (win);
  const char *word = g_dgettext (GETTEXT_PACKAGE, "Pass");
  guint n = 0;
  for (const char *p = strstr (text, word); p; p = strstr (p + 1, word))
    n++;
  g_assert_cmpuint (n, ==, passes);
  g_assert_null (strstr (text, "Kf2"));
  g_assert_null (strstr (text, "Ke2"));
}

/* The side to move plays its first non-pass legal move (through win.play-move). */
static void
play_some_move (VsWindow *win)
{
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  g_assert_true (vs_game_node_position (vs_window_get_cursor (win), pos));
  VsMove moves[VS_MAX_MOVES];
  int n = vs_position_generate (pos, VS_GEN_ALL, moves);
  for (int i = 0; i < n; i++)
    if (VS_MOVE_KIND (moves[i]) != VS_MOVE_PASS)
      {
        char text[VS_MOVE_TEXT_MAX];
        vs_move_write (pos, moves[i], VS_NOTATION_SAN, text);
        int side = pos->side;
        app_test_action (win, "win.play-move", g_variant_new_string (text));
        g_assert_cmpint (side_to_move (win), ==, 1 - side);
        return;
      }
  g_assert_not_reached ();
}

static GtkWidget *
pass_button (VsWindow *win)
{
  GtkWidget *board = vs_window_get_board (win);
  for (GtkWidget *w = gtk_widget_get_first_child (gtk_widget_get_parent (board)); w;
       w = gtk_widget_get_next_sibling (w))
    if (GTK_IS_BUTTON (w) && g_strcmp0 (gtk_widget_get_name (w), "pass-button") == 0)
      return w;
  g_assert_not_reached ();
}

static gpointer
find_click (GtkWidget *w)
{
  GListModel *list = gtk_widget_observe_controllers (w);
  gpointer found = NULL;
  for (guint i = 0; i < g_list_model_get_n_items (list) && !found; i++)
    {
      g_autoptr (GObject) c = g_list_model_get_item (list, i);
      if (GTK_IS_GESTURE_DRAG (c) && gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (c)) == GDK_BUTTON_PRIMARY)
        found = c;
    }
  g_object_unref (list);
  g_assert_nonnull (found);
  return found;
}

static void
double_click_own_king (VsWindow *win)
{
  VsBoardView *board = VS_BOARD_VIEW (vs_window_get_board (win));
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  g_assert_true (vs_game_node_position (vs_window_get_cursor (win), pos));
  VsMove moves[VS_MAX_MOVES];
  int n = vs_position_generate (pos, VS_GEN_ALL, moves), king = -1;
  for (int i = 0; i < n; i++)
    if (VS_MOVE_KIND (moves[i]) == VS_MOVE_PASS)
      king = VS_MOVE_FROM (moves[i]);
  g_assert_cmpint (king, >=, 0);
  double x, y;
  vs_board_layout_square_center (vs_board_view_get_layout (board), king, &x, &y);
  /* two presses and releases of the left button on the King, as a person clicks */
  GtkGesture *drag = find_click (GTK_WIDGET (board));
  for (int i = 0; i < 2; i++)
    {
      g_signal_emit_by_name (drag, "drag-begin", x, y);
      g_signal_emit_by_name (drag, "drag-end", 0.0, 0.0);
    }
  app_test_run (50);
}

static void
test_pass_three_ways (void)
{
  VsWindow *win = app_test_window ();
  new_game (win, &vs_variant_janggi);
  GtkWidget *button = pass_button (win);
  g_assert_true (gtk_widget_get_visible (button));

  /* 1. the action */
  int side = side_to_move (win);
  app_test_action (win, "win.pass", NULL);
  assert_passed (win, side, 1);
  shot (win, "pass-action");
  play_some_move (win);

  /* 2. the button */
  side = side_to_move (win);
  g_assert_true (gtk_widget_get_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  app_test_run (50);
  assert_passed (win, side, 2);
  play_some_move (win);

  /* 3. a double-click on one's own King */
  side = side_to_move (win);
  double_click_own_king (win);
  assert_passed (win, side, 3);
  shot (win, "pass-board");

  /* two passes in a row end the game: then there is no pass to make */
  app_test_action (win, "win.pass", NULL);
  assert_passed (win, 1 - side, 4);
  guint ply = vs_game_node_get_ply (vs_window_get_cursor (win));
  g_signal_emit_by_name (button, "clicked");
  app_test_run (50);
  g_assert_cmpuint (vs_game_node_get_ply (vs_window_get_cursor (win)), ==, ply);

  gtk_window_destroy (GTK_WINDOW (win));

  /* Crazyhouse has no pass: no button */
  win = app_test_window ();
  new_game (win, &vs_variant_crazyhouse);
  g_assert_false (gtk_widget_get_visible (pass_button (win)));
  gtk_window_destroy (GTK_WINDOW (win));
}

static GtkEntry *
side_entry (VsWindow *win, const char *name)
{
  GObject *hv = gtk_widget_get_template_child (GTK_WIDGET (win), VS_TYPE_WINDOW, "headers_view");
  g_assert_nonnull (hv);
  GObject *e = gtk_widget_get_template_child (GTK_WIDGET (hv), VS_TYPE_HEADERS_VIEW, name);
  g_assert_nonnull (e);
  return GTK_ENTRY (e);
}

static void
assert_list_titles (VsWindow *win, const char *white, const char *black)
{
  VsGameList *list = vs_game_list_new (GTK_WINDOW (win), vs_window_get_collection (win));
  GObject *cv = gtk_widget_get_template_child (GTK_WIDGET (list), VS_TYPE_GAME_LIST, "column_view");
  GListModel *cols = gtk_column_view_get_columns (GTK_COLUMN_VIEW (cv));
  g_autoptr (GtkColumnViewColumn) c0 = g_list_model_get_item (cols, 0);
  g_autoptr (GtkColumnViewColumn) c1 = g_list_model_get_item (cols, 1);
  g_assert_cmpstr (gtk_column_view_column_get_title (c0), ==, white);
  g_assert_cmpstr (gtk_column_view_column_get_title (c1), ==, black);
  gtk_window_present (GTK_WINDOW (list));
  app_test_run (200);
  g_autofree char *what = g_strdup_printf ("game-list-%s", vs_game_get_variant (vs_window_get_game (win))->id);
  app_test_shot (GTK_WIDGET (list), "pass", what);
  gtk_window_destroy (GTK_WINDOW (list));
}

static void
test_side_names (void)
{
  VsWindow *win = app_test_window ();
  new_game (win, &vs_variant_janggi);
  const char *cho = g_dgettext (GETTEXT_PACKAGE, "Cho"), *han = g_dgettext (GETTEXT_PACKAGE, "Han");
  g_assert_cmpstr (gtk_entry_get_placeholder_text (side_entry (win, "white_entry")), ==, cho);
  g_assert_cmpstr (gtk_entry_get_placeholder_text (side_entry (win, "black_entry")), ==, han);
  shot (win, "sides-janggi");
  assert_list_titles (win, cho, han);
  /* the eval bar's tooltip names the side that mates as Janggi does */
  GtkWidget *bar = app_test_find_widget (GTK_WIDGET (win), VS_TYPE_EVAL_BAR);
  g_assert_nonnull (bar);
  g_signal_emit_by_name (vs_window_get_analysis_pane (win), "score", TRUE, 0, 3);
  g_autofree char *mates = g_strdup_printf (g_dgettext (GETTEXT_PACKAGE, "%s mates in %d"), cho, 3);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (bar), ==, mates);

  new_game (win, &vs_variant_crazyhouse);
  const char *white = g_dgettext (GETTEXT_PACKAGE, "White"), *black = g_dgettext (GETTEXT_PACKAGE, "Black");
  g_assert_cmpstr (gtk_entry_get_placeholder_text (side_entry (win, "white_entry")), ==, white);
  g_assert_cmpstr (gtk_entry_get_placeholder_text (side_entry (win, "black_entry")), ==, black);
  assert_list_titles (win, white, black);
  gtk_window_destroy (GTK_WINDOW (win));
}

int
main (int argc, char *argv[])
{
  tmpdir = g_dir_make_tmp ("vs-app-pass-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", tmpdir, TRUE);
  /* the catalogue as the app binds it (LANGUAGE=ja for the Japanese run) */
  vs_test_bind_catalogue (GETTEXT_PACKAGE);
  gtk_test_init (&argc, &argv, NULL);
  app_test_application ();
  g_test_add_func ("/app/pass/three-ways", test_pass_three_ways);
  g_test_add_func ("/app/pass/side-names", test_side_names);
  int status = g_test_run ();
  g_free (tmpdir);
  return status;
}
