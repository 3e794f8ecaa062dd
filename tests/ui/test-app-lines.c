/* test-app-lines.c — engine lines and arrows, and "Learn from your
 * mistakes" (issue 21), in the real window with the built-in engine:
 *   - the first move of each line shown is an arrow on the board, the
 *     first line's the strongest; stopping clears them;
 *   - lines are shown in full (wrapped, never ellipsized);
 *   - clicking the 3rd move of a line shows the position after it on the
 *     board and leaves the game as it was; playing on from there, or
 *     "Add Line as Variation", adds the line;
 *   - hovering a move shows the position after it on a small board;
 *   - practice mode accepts the engine's choice and rejects a bad move.
 * Screenshots (VS_SCREENSHOT_DIR/lines-*-LANG.png) of each variant with
 * arrows and lines, of a hover preview and of practice on a mistake. */
#include <glib/gstdio.h>
#include <libintl.h>
#include <locale.h>
#include <string.h>

#include "test-app-util.h"
#include "vs-analysis-pane.h"
#include "vs-board-view.h"
#include "vs-practice-bar.h"

static void
shot (GtkWidget *widget, const char *what)
{
  app_test_shot (widget, "lines", what);
}

static void
new_game (VsWindow *win, const char *id)
{
  const VsVariant *v = vs_variant_lookup (id);
  g_assert_nonnull (v);
  app_test_action (win, "win.new-game-from", g_variant_new ("(ss)", id, v->start_fen));
  app_test_run (20);
}

/* Analyses until every line shown has at least `min_moves` moves (or 20 s). */
static VsAnalysisPane *
analyse (VsWindow *win, guint min_moves)
{
  VsAnalysisPane *pane = VS_ANALYSIS_PANE (vs_window_get_analysis_pane (win));
  g_assert_true (vs_analysis_pane_select_engine (pane, vs_analysis_pane_get_engine_name (pane)));
  vs_analysis_pane_select_engine (pane, "Built-in engine");
  if (!vs_analysis_pane_is_running (pane))
    app_test_action (win, "win.analyse", NULL);
  for (int i = 0; i < 400; i++)
    {
      app_test_run (50);
      guint n = 0;
      if (vs_analysis_pane_get_n_lines (pane) >= 2)
        {
          vs_analysis_pane_get_line_moves (pane, 1, &n);
          guint n0;
          vs_analysis_pane_get_line_moves (pane, 0, &n0);
          if (n >= min_moves && n0 >= min_moves)
            break;
        }
    }
  g_assert_cmpuint (vs_analysis_pane_get_n_lines (pane), >=, 2);
  return pane;
}

static void
stop (VsWindow *win)
{
  VsAnalysisPane *pane = VS_ANALYSIS_PANE (vs_window_get_analysis_pane (win));
  if (vs_analysis_pane_is_running (pane))
    app_test_action (win, "win.analyse", NULL);
  app_test_run (100);
}

/* Analyses, stops, and returns once the lines the pane shows after stopping
 * (its final report, which may differ from the last one read while it ran)
 * have at least `min_moves` moves each, however long that takes: the engine
 * is started again from its warm table until they do. */
static VsAnalysisPane *
analyse_stopped (VsWindow *win, guint min_moves)
{
  for (int tries = 0; tries < 50; tries++)
    {
      VsAnalysisPane *pane = analyse (win, min_moves);
      stop (win);
      guint n0 = 0, n1 = 0;
      vs_analysis_pane_get_line_moves (pane, 0, &n0);
      if (vs_analysis_pane_get_n_lines (pane) >= 2)
        vs_analysis_pane_get_line_moves (pane, 1, &n1);
      if (n0 >= min_moves && n1 >= min_moves)
        return pane;
    }
  g_assert_not_reached ();
}

/* The position after moves 0..ply of a line, as text. */
static char *
after (VsWindow *win, const VsMove *moves, guint ply)
{
  g_autofree VsPosition *p = g_new (VsPosition, 1);
  g_assert_true (vs_game_node_position (vs_window_get_cursor (win), p));
  for (guint i = 0; i <= ply; i++)
    {
      g_assert_true (vs_position_is_legal (p, moves[i]));
      vs_position_play (p, moves[i]);
    }
  return vs_position_to_string (p);
}

static char *
board_text (GtkWidget *board)
{
  return vs_position_to_string (vs_board_view_get_position (VS_BOARD_VIEW (board)));
}

static void
test_arrows (void)
{
  VsWindow *win = app_test_window ();
  new_game (win, "crazyhouse");
  GtkWidget *board = vs_window_get_board (win);
  VsAnalysisPane *pane = analyse (win, 2);
  int n = 0;
  const VsBoardArrow *arrows = vs_board_view_get_arrows (VS_BOARD_VIEW (board), &n);
  g_assert_cmpint (n, ==, (int) vs_analysis_pane_get_n_lines (pane));
  for (guint i = 0; i < vs_analysis_pane_get_n_lines (pane); i++)
    {
      guint nm;
      const VsMove *m = vs_analysis_pane_get_line_moves (pane, i, &nm);
      g_assert_cmpint (arrows[i].from, ==, VS_MOVE_FROM (m[0]));
      g_assert_cmpint (arrows[i].to, ==, VS_MOVE_TO (m[0]));
      if (i > 0)
        g_assert_cmpfloat (arrows[i].weight, <, arrows[0].weight);
    }
  g_assert_cmpfloat (arrows[0].weight, ==, 1.0);
  /* the arrows are the engine's, not the user's shapes of the position */
  int n_shapes = -1;
  vs_board_view_get_shapes (VS_BOARD_VIEW (board), &n_shapes);
  g_assert_cmpint (n_shapes, ==, 0);
  /* the line is in full: its label wraps and shows every move */
  guint nm;
  const VsMove *m = vs_analysis_pane_get_line_moves (pane, 0, &nm);
  g_autofree VsPosition *p = g_new (VsPosition, 1);
  g_assert_true (vs_game_node_position (vs_window_get_cursor (win), p));
  char last[VS_MOVE_TEXT_MAX];
  for (guint i = 0; i < nm; i++)
    {
      vs_move_write (p, m[i], VS_NOTATION_SAN, last);
      vs_position_play (p, m[i]);
    }
  g_assert_nonnull (strstr (vs_analysis_pane_get_line_text (pane, 0), last));
  stop (win);
  vs_board_view_get_arrows (VS_BOARD_VIEW (board), &n);
  g_assert_cmpint (n, ==, 0);
  gtk_window_destroy (GTK_WINDOW (win));
}

static void
test_click_and_add (void)
{
  VsWindow *win = app_test_window ();
  new_game (win, "crazyhouse");
  GtkWidget *board = vs_window_get_board (win);
  VsAnalysisPane *pane = analyse_stopped (win, 4);
  guint nm;
  const VsMove *line = vs_analysis_pane_get_line_moves (pane, 0, &nm);
  g_assert_cmpuint (nm, >=, 4);
  g_autofree VsMove *moves = g_memdup2 (line, nm * sizeof *moves);
  VsGameNode *cursor = vs_window_get_cursor (win);
  guint children = vs_game_node_get_n_children (cursor);
  g_autofree char *before = vs_window_get_move_text (win);

  /* the 3rd move: the board shows the position after it; the game is the same */
  g_assert_true (vs_analysis_pane_preview_move (pane, 0, 2));
  app_test_run (50);
  g_autofree char *want = after (win, moves, 2);
  g_autofree char *shown = board_text (board);
  g_assert_cmpstr (shown, ==, want);
  g_assert_true (vs_window_get_cursor (win) == cursor);
  g_assert_cmpuint (vs_game_node_get_n_children (cursor), ==, children);
  g_autofree char *now = vs_window_get_move_text (win);
  g_assert_cmpstr (now, ==, before);
  g_assert_false (vs_window_get_modified (win));
  shot (GTK_WIDGET (win), "preview");

  /* "Back to the Game" */
  gtk_widget_activate_action (GTK_WIDGET (pane), "pane.back", NULL);
  g_autofree char *back = board_text (board);
  g_autofree VsPosition *cp = g_new (VsPosition, 1);
  vs_game_node_position (cursor, cp);
  g_autofree char *cur = vs_position_to_string (cp);
  g_assert_cmpstr (back, ==, cur);

  /* playing on from the 2nd move adds moves 1-2 and the move played, and goes there */
  g_assert_true (vs_analysis_pane_preview_move (pane, 0, 1));
  g_autofree VsPosition *ap = g_new (VsPosition, 1);
  memcpy (ap, vs_board_view_get_position (VS_BOARD_VIEW (board)), sizeof *ap);
  VsMove legal[VS_MAX_MOVES];
  g_assert_cmpint (vs_position_generate (ap, VS_GEN_ALL, legal), >, 0);
  g_signal_emit_by_name (board, "move-played", (guint) legal[0]);
  app_test_run (50);
  VsGameNode *end = vs_window_get_cursor (win);
  g_assert_cmpuint (vs_game_node_get_ply (end), ==, vs_game_node_get_ply (cursor) + 3);
  g_assert_cmpuint (vs_game_node_get_move (end), ==, legal[0]);
  g_assert_cmpuint (vs_game_node_get_move (vs_game_node_get_parent (end)), ==, moves[1]);
  g_assert_true (vs_game_node_get_parent (vs_game_node_get_parent (vs_game_node_get_parent (end))) == cursor);
  g_assert_true (vs_window_get_modified (win));
  g_assert_false (vs_analysis_pane_is_previewing (pane));

  /* "Add Line as Variation" from the menu adds the whole line and stays */
  app_test_action (win, "win.go-prev", NULL);
  app_test_action (win, "win.go-prev", NULL);
  app_test_action (win, "win.go-prev", NULL);
  g_assert_true (vs_window_get_cursor (win) == cursor);
  pane = analyse_stopped (win, 3);
  line = vs_analysis_pane_get_line_moves (pane, 1, &nm);
  g_autofree VsMove *second = g_memdup2 (line, nm * sizeof *second);
  guint n_second = nm;
  guint kids = vs_game_node_get_n_children (cursor);
  /* the context menu item, on line 2 */
  g_assert_true (vs_analysis_pane_add_line (pane, 1, G_MAXUINT - 1));
  app_test_run (50);
  g_assert_true (vs_window_get_cursor (win) == cursor);
  VsGameNode *n = NULL;
  for (guint k = 0; k < vs_game_node_get_n_children (cursor); k++)
    if (vs_game_node_get_move (vs_game_node_get_child (cursor, k)) == second[0])
      n = vs_game_node_get_child (cursor, k);
  g_assert_nonnull (n);
  g_assert_cmpuint (vs_game_node_get_n_children (cursor), >=, kids);
  guint depth = 1;
  for (guint k = 1; k < n_second; k++)
    {
      VsGameNode *c = NULL;
      for (guint j = 0; j < vs_game_node_get_n_children (n); j++)
        if (vs_game_node_get_move (vs_game_node_get_child (n, j)) == second[k])
          c = vs_game_node_get_child (n, j);
      if (!c)
        break;
      n = c;
      depth++;
    }
  g_assert_cmpuint (depth, ==, n_second);
  gtk_window_destroy (GTK_WINDOW (win));
}

/* The window with the popover drawn over it where it is shown. */
static void
shot_with_popover (VsWindow *win, GtkWidget *popover, const char *what)
{
  GtkWidget *w = GTK_WIDGET (win);
  app_test_run (200);
  int ww = gtk_widget_get_width (w), wh = gtk_widget_get_height (w);
  GtkSnapshot *s = gtk_snapshot_new ();
  GdkPaintable *pw = gtk_widget_paintable_new (w);
  gdk_paintable_snapshot (pw, s, ww, wh);
  /* the popover is its own surface: draw it above the move it points at
   * (position top), as the compositor shows it */
  GdkRectangle rect;
  graphene_point_t o;
  GtkWidget *parent = gtk_widget_get_parent (popover);
  if (gtk_popover_get_pointing_to (GTK_POPOVER (popover), &rect) &&
      gtk_widget_compute_point (parent, w, &GRAPHENE_POINT_INIT (rect.x + rect.width / 2.0, rect.y), &o))
    {
      int pw_ = gtk_widget_get_width (popover), ph = gtk_widget_get_height (popover);
      GdkPaintable *pp = gtk_widget_paintable_new (popover);
      gtk_snapshot_save (s);
      gtk_snapshot_translate (s, &GRAPHENE_POINT_INIT (CLAMP (o.x - pw_ / 2.0, 0, ww - pw_), o.y - ph));
      gdk_paintable_snapshot (pp, s, pw_, ph);
      gtk_snapshot_restore (s);
      g_object_unref (pp);
    }
  g_object_unref (pw);
  g_autoptr (GskRenderNode) node = gtk_snapshot_free_to_node (s);
  g_assert_nonnull (node);
  GskRenderer *r = gtk_native_get_renderer (gtk_widget_get_native (w));
  g_autoptr (GdkTexture) t = gsk_renderer_render_texture (r, node, &GRAPHENE_RECT_INIT (0, 0, ww, wh));
  g_autofree char *path = app_test_shot_path ("lines", what);
  g_assert_true (gdk_texture_save_to_png (t, path));
  g_test_message ("screenshot %s", path);
}

static void
test_hover (void)
{
  VsWindow *win = app_test_window ();
  new_game (win, "crazyhouse");
  VsAnalysisPane *pane = analyse_stopped (win, 3);
  guint nm;
  const VsMove *line = vs_analysis_pane_get_line_moves (pane, 0, &nm);
  g_assert_null (vs_analysis_pane_get_hover_board (pane));
  g_assert_true (vs_analysis_pane_hover_move (pane, 0, 1));
  app_test_run (100);
  GtkWidget *small = vs_analysis_pane_get_hover_board (pane);
  g_assert_nonnull (small);
  g_autofree char *want = after (win, line, 1);
  g_autofree char *shown = board_text (small);
  g_assert_cmpstr (shown, ==, want);
  /* the main board still shows the game */
  g_autofree VsPosition *cp = g_new (VsPosition, 1);
  vs_game_node_position (vs_window_get_cursor (win), cp);
  g_autofree char *cur = vs_position_to_string (cp);
  g_autofree char *main_board = board_text (vs_window_get_board (win));
  g_assert_cmpstr (main_board, ==, cur);
  shot_with_popover (win, gtk_widget_get_ancestor (small, GTK_TYPE_POPOVER), "hover");
  gtk_window_destroy (GTK_WINDOW (win));
}

static void
test_variant_shots (void)
{
  const char *ids[] = { "crazyhouse", "chartima", "strato", "janggi" };
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      VsWindow *win = app_test_window ();
      new_game (win, ids[i]);
      analyse (win, 5);
      GtkWidget *board = vs_window_get_board (win);
      int n = 0;
      vs_board_view_get_arrows (VS_BOARD_VIEW (board), &n);
      g_assert_cmpint (n, >=, 2);
      g_autofree char *what = g_strdup_printf ("analysis-%s", ids[i]);
      shot (GTK_WIDGET (win), what);
      stop (win);
      gtk_window_destroy (GTK_WINDOW (win));
    }
}

/* An annotated Crazyhouse game as vs-annotate writes it: 3...Nf6?? with
 * the better line 3...g6 beside it. */
static const char annotated_pgn[] =
  "[Event \"Practice\"]\n[White \"White\"]\n[Black \"Black\"]\n[Result \"*\"]\n[Variant \"Crazyhouse\"]\n\n"
  "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? { g6 was best. } (3... g6 4. Qf3 Nf6) 4. Qxf7# *\n";

static void
judged_cb (VsPracticeBar *bar, int verdict, int *out)
{
  *out = verdict;
}

static int
try_move (VsWindow *win, VsPracticeBar *bar, VsMove m)
{
  int verdict = -2;
  gulong id = g_signal_connect (bar, "judged", G_CALLBACK (judged_cb), &verdict);
  g_signal_emit_by_name (vs_window_get_board (win), "move-played", (guint) m);
  for (int i = 0; i < 400 && verdict == -2; i++)
    app_test_run (25);
  g_signal_handler_disconnect (bar, id);
  g_test_message ("practice: %s", vs_practice_bar_get_message (bar));
  return verdict;
}

static void
test_practice (void)
{
  g_autofree char *dir = g_dir_make_tmp ("vs-practice-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "annotated.pgn", NULL);
  g_assert_true (g_file_set_contents (path, annotated_pgn, -1, NULL));
  VsWindow *win = app_test_window ();
  app_test_open (win, path);
  VsAnalysisPane *pane = VS_ANALYSIS_PANE (vs_window_get_analysis_pane (win));
  vs_analysis_pane_select_engine (pane, "Built-in engine");
  VsGame *game = vs_window_get_game (win);
  g_autofree char *text_before = vs_window_get_move_text (win);
  /* White made no marked mistake */
  g_assert_false (vs_analysis_pane_start_practice (pane, 0));
  g_assert_true (vs_analysis_pane_start_practice (pane, 1));
  VsPracticeBar *bar = vs_analysis_pane_get_practice (pane);
  g_assert_true (vs_practice_bar_is_active (bar));
  g_assert_cmpuint (vs_practice_bar_get_n_mistakes (bar), ==, 1);
  const VsPracticeItem *it = vs_practice_bar_get_item (bar);
  g_assert_cmpuint (it->ply, ==, 6);
  /* the board shows the position before 3...Nf6 */
  VsGameNode *before = vs_game_node_get_parent (it->node);
  g_autofree VsPosition *p = g_new (VsPosition, 1);
  vs_game_node_position (before, p);
  g_autofree char *want = vs_position_to_string (p);
  g_autofree char *shown = board_text (vs_window_get_board (win));
  g_assert_cmpstr (shown, ==, want);
  shot (GTK_WIDGET (win), "practice");

  /* a bad move: 3...a6 allows Qxf7 mate */
  VsMove a6;
  g_assert_true (vs_move_parse (p, "a6", VS_NOTATION_SAN, &a6, NULL, NULL));
  g_assert_cmpint (try_move (win, bar, a6), ==, VS_PRACTICE_NOT_BEST);
  /* taken back, to try again */
  g_autofree char *again = board_text (vs_window_get_board (win));
  g_assert_cmpstr (again, ==, want);
  shot (GTK_WIDGET (win), "practice-wrong");
  /* the move of the game is no answer either */
  g_assert_cmpint (try_move (win, bar, it->played), ==, VS_PRACTICE_NOT_BEST);
  /* the engine's choice is */
  g_assert_cmpint (try_move (win, bar, it->best), ==, VS_PRACTICE_BEST);
  /* the move found is shown on the board */
  vs_position_play (p, it->best);
  g_autofree char *found = vs_position_to_string (p);
  g_autofree char *shown_found = board_text (vs_window_get_board (win));
  g_assert_cmpstr (shown_found, ==, found);
  shot (GTK_WIDGET (win), "practice-found");
  /* the game did not change */
  g_assert_true (vs_window_get_game (win) == game);
  g_autofree char *text_after = vs_window_get_move_text (win);
  g_assert_cmpstr (text_after, ==, text_before);
  g_assert_false (vs_window_get_modified (win));
  gtk_widget_activate_action (GTK_WIDGET (bar), "practice.stop", NULL);
  g_assert_false (vs_practice_bar_is_active (bar));
  gtk_window_destroy (GTK_WINDOW (win));
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_autofree char *tmpdir = g_dir_make_tmp ("vs-lines-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", tmpdir, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  setlocale (LC_ALL, "");
  bindtextdomain ("variant-study", g_getenv ("VS_LOCALEDIR"));
  bind_textdomain_codeset ("variant-study", "UTF-8");
  textdomain ("variant-study");
  gtk_test_init (&argc, &argv, NULL);
  GSettings *settings = vs_application_get_settings (app_test_application ());
  g_settings_set_string (settings, "analysis-engine", ":builtin");
  g_test_add_func ("/lines/arrows", test_arrows);
  g_test_add_func ("/lines/click-and-add", test_click_and_add);
  g_test_add_func ("/lines/hover", test_hover);
  g_test_add_func ("/lines/variant-shots", test_variant_shots);
  g_test_add_func ("/lines/practice", test_practice);
  int ret = g_test_run ();
  g_rmdir (tmpdir);
  return ret;
}
