/* test-board-3d.c — the 3-D board view driven for real (Xvfb,
 * GSK_RENDERER=cairo): drags, click-click moves and a drop from the hand
 * (Crazyhouse) are fed to the widget at pixels computed from the camera,
 * away from the squares' centres, and the moves it plays must be the ones
 * aimed at; Strato's levels are reached across the stacked planes; the
 * board.three-d action toggles the view; the picture is drawn (and saved
 * with VS_BOARD_SHOTS=DIR to be looked at). */
#include "config.h"
#include "vs-board-view.h"
#include "vs-board-test-util.h"

#include <glib/gstdio.h>
#include <string.h>

static GtkWidget *window;
static GtkWidget *board;
static VsMove last_played;
static int move_count;

static void
wait_idle (void)
{
  for (int i = 0; i < 20; i++)
    while (g_main_context_iteration (NULL, FALSE))
      ;
}

static void
resize (int w, int h)
{
  gtk_widget_set_size_request (board, w, h);
  gtk_window_set_default_size (GTK_WINDOW (window), w, h);
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while ((gtk_widget_get_width (board) != w || gtk_widget_get_height (board) != h) &&
         g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (gtk_widget_get_width (board), ==, w);
  g_assert_cmpint (gtk_widget_get_height (board), ==, h);
  wait_idle ();
}

static cairo_surface_t *
render (void)
{
  int w = gtk_widget_get_width (board), h = gtk_widget_get_height (board);
  GtkSnapshot *s = gtk_snapshot_new ();
  GTK_WIDGET_GET_CLASS (board)->snapshot (board, s);
  GskRenderNode *node = gtk_snapshot_free_to_node (s);
  g_assert_nonnull (node);
  GskRenderer *r = gtk_native_get_renderer (gtk_widget_get_native (board));
  GdkTexture *t = gsk_renderer_render_texture (r, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  cairo_surface_t *im = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  gdk_texture_download (t, cairo_image_surface_get_data (im), cairo_image_surface_get_stride (im));
  cairo_surface_mark_dirty (im);
  g_object_unref (t);
  gsk_render_node_unref (node);
  return im;
}

static void
shot (cairo_surface_t *im, const char *name)
{
  const char *dir = g_getenv ("VS_BOARD_SHOTS");
  if (dir == NULL)
    return;
  g_mkdir_with_parents (dir, 0755);
  g_autofree char *file = g_strdup_printf ("%s/%s.png", dir, name);
  cairo_surface_write_to_png (im, file);
}

/* pixels that differ between two renders inside a rectangle */
static int
changed_in (cairo_surface_t *a, cairo_surface_t *b, const VsRect *r)
{
  int w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a);
  int stride = cairo_image_surface_get_stride (a);
  const guint8 *pa = cairo_image_surface_get_data (a), *pb = cairo_image_surface_get_data (b);
  int n = 0;
  for (int y = MAX (0, (int) r->y); y < MIN (h, (int) (r->y + r->h)); y++)
    for (int x = MAX (0, (int) r->x); x < MIN (w, (int) (r->x + r->w)); x++)
      if (memcmp (pa + y * stride + 4 * x, pb + y * stride + 4 * x, 4) != 0)
        n++;
  return n;
}

static void
on_move (VsBoardView *view, guint move, gpointer data)
{
  move_count++;
  last_played = move;
}

static int
sqn (const VsPosition *pos, const char *name)
{
  int s = vs_square_parse (&pos->variant->geom, name, NULL);
  g_assert_cmpint (s, >=, 0);
  return s;
}

/* A pixel inside the square, off its centre: (fu, fv) of the way across
 * its cell, through the perspective camera. */
static void
aim (const VsBoardLayout *l, int sq, double fu, double fv, double *x, double *y)
{
  int p, u, v;
  vs_board_layout_square_cell (l, sq, &p, &u, &v);
  vs_board_layout_plane_point (l, p, u + fu, v + fv, x, y);
}

static char *
uci_of (const VsPosition *before, VsMove m)
{
  char text[VS_MOVE_TEXT_MAX];
  vs_move_write (before, m, VS_NOTATION_UCI, text);
  return g_strdup (text);
}

/* Drags from one square to another (press, two motions, release) and
 * returns the move played in UCI. */
static char *
drag (const char *from, const char *to, double fu, double fv)
{
  VsBoardView *bv = VS_BOARD_VIEW (board);
  const VsBoardLayout *l = vs_board_view_get_layout (bv);
  VsBoardController *c = vs_board_view_get_controller (bv);
  g_autofree VsPosition *before = g_memdup2 (vs_board_view_get_position (bv), sizeof (VsPosition));
  double x0, y0, x1, y1;
  aim (l, sqn (before, from), 1 - fu, 1 - fv, &x0, &y0);
  aim (l, sqn (before, to), fu, fv, &x1, &y1);
  int count = move_count;
  vs_board_view_handle_change (bv, vs_board_controller_press (c, l, x0, y0));
  vs_board_view_handle_change (bv, vs_board_controller_motion (c, l, (x0 + x1) / 2, (y0 + y1) / 2));
  vs_board_view_handle_change (bv, vs_board_controller_motion (c, l, x1, y1));
  g_assert_true (c->dragging);
  g_assert_cmpint (c->hover_square, ==, sqn (before, to));
  vs_board_view_handle_change (bv, vs_board_controller_release (c, l, x1, y1));
  g_assert_cmpint (move_count, ==, count + 1);
  return uci_of (before, last_played);
}

/* Click on one square, then on the other. */
static char *
click_click (const char *from, const char *to, double fu, double fv)
{
  VsBoardView *bv = VS_BOARD_VIEW (board);
  const VsBoardLayout *l = vs_board_view_get_layout (bv);
  VsBoardController *c = vs_board_view_get_controller (bv);
  g_autofree VsPosition *before = g_memdup2 (vs_board_view_get_position (bv), sizeof (VsPosition));
  double x, y;
  int count = move_count;
  aim (l, sqn (before, from), fu, fv, &x, &y);
  vs_board_view_handle_change (bv, vs_board_controller_press (c, l, x, y));
  vs_board_view_handle_change (bv, vs_board_controller_release (c, l, x, y));
  g_assert_cmpint (c->sel_kind, ==, VS_BOARD_SEL_SQUARE);
  g_assert_cmpint (c->sel_square, ==, sqn (before, from));
  g_assert_true (c->targets[sqn (before, to)]);
  aim (l, sqn (before, to), 1 - fu, fv, &x, &y);
  vs_board_view_handle_change (bv, vs_board_controller_press (c, l, x, y));
  vs_board_view_handle_change (bv, vs_board_controller_release (c, l, x, y));
  g_assert_cmpint (move_count, ==, count + 1);
  return uci_of (before, last_played);
}

static void
test_crazyhouse (void)
{
  VsBoardView *bv = VS_BOARD_VIEW (board);
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  g_assert_true (vs_test_real_position (pos, "crazyhouse", NULL));
  for (int flip = 0; flip < 2; flip++)
    {
      vs_board_view_set_flipped (bv, flip);
      vs_board_view_set_position (bv, pos, VS_MOVE_NONE, FALSE);
      wait_idle ();
      const VsBoardLayout *l = vs_board_view_get_layout (bv);
      g_assert_true (l->perspective);
      g_autofree char *m1 = drag ("e2", "e4", 0.85, 0.2);
      g_assert_cmpstr (m1, ==, "e2e4");
      g_autofree char *m2 = click_click ("d7", "d5", 0.15, 0.85);
      g_assert_cmpstr (m2, ==, "d7d5");
      g_autofree char *m3 = drag ("e4", "d5", 0.2, 0.8);
      g_assert_cmpstr (m3, ==, "e4d5");
      g_autofree char *m4 = drag ("d8", "d5", 0.8, 0.8);
      g_assert_cmpstr (m4, ==, "d8d5");
      /* White has the Pawn taken on d5 in hand: drop it on e6 */
      const VsPosition *now = vs_board_view_get_position (bv);
      int pawn = vs_test_type (now->variant, "P");
      g_assert_cmpint (now->hand[VS_WHITE][pawn], ==, 1);
      const VsHandSlot *slot = NULL;
      for (int i = 0; i < l->n_hand_slots; i++)
        if (l->hand[i].color == VS_WHITE && l->hand[i].type == pawn)
          slot = &l->hand[i];
      g_assert_nonnull (slot);
      VsBoardController *c = vs_board_view_get_controller (bv);
      cairo_surface_t *before_img = render ();
      g_autofree VsPosition *before = g_memdup2 (now, sizeof (VsPosition));
      double hx = slot->rect.x + slot->rect.w * 0.3, hy = slot->rect.y + slot->rect.h * 0.6;
      double tx, ty;
      int e6 = sqn (before, "e6");
      aim (l, e6, 0.9, 0.15, &tx, &ty);
      int count = move_count;
      vs_board_view_handle_change (bv, vs_board_controller_press (c, l, hx, hy));
      g_assert_cmpint (c->sel_kind, ==, VS_BOARD_SEL_HAND);
      vs_board_view_handle_change (bv, vs_board_controller_motion (c, l, (hx + tx) / 2, (hy + ty) / 2));
      vs_board_view_handle_change (bv, vs_board_controller_motion (c, l, tx, ty));
      g_assert_true (c->dragging);
      g_assert_cmpint (c->hover_square, ==, e6);
      cairo_surface_t *drag_img = render ();
      shot (drag_img, flip ? "3d-crazyhouse-drop-drag-flipped" : "3d-crazyhouse-drop-drag");
      vs_board_view_handle_change (bv, vs_board_controller_release (c, l, tx, ty));
      g_assert_cmpint (move_count, ==, count + 1);
      g_autofree char *m5 = uci_of (before, last_played);
      g_assert_cmpstr (m5, ==, "P@e6");
      now = vs_board_view_get_position (bv);
      g_assert_cmpint (now->board[e6], ==, VS_MAKE_PIECE (VS_WHITE, pawn));
      g_assert_cmpint (now->hand[VS_WHITE][pawn], ==, 0);
      /* the Pawn is drawn standing on e6 */
      cairo_surface_t *after_img = render ();
      shot (after_img, flip ? "3d-crazyhouse-after-drop-flipped" : "3d-crazyhouse-after-drop");
      VsRect r;
      vs_board_layout_piece_rect (l, e6, &r);
      g_assert_cmpint (changed_in (before_img, after_img, &r), >, r.w * r.h * 0.1);
      cairo_surface_destroy (before_img);
      cairo_surface_destroy (drag_img);
      cairo_surface_destroy (after_img);
    }
  vs_board_view_set_flipped (bv, FALSE);
}

/* Strato: the Knight on Ab1 jumps to the level above, across the stacked
 * planes of the 3-D view; then Janggi and Chartima moves by click-click. */
static void
test_other_variants (void)
{
  VsBoardView *bv = VS_BOARD_VIEW (board);
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  g_assert_true (vs_test_real_position (pos, "strato", NULL));
  vs_board_view_set_position (bv, pos, VS_MOVE_NONE, FALSE);
  wait_idle ();
  g_assert_cmpint (vs_board_view_get_layout (bv)->n_planes, ==, 3);
  g_autofree char *s1 = drag ("Ab1", "Bc3", 0.8, 0.2);
  g_assert_cmpstr (s1, ==, "Ab1Bc3");
  cairo_surface_t *im = render ();
  shot (im, "3d-strato");
  cairo_surface_destroy (im);

  g_assert_true (vs_test_real_position (pos, "janggi", NULL));
  vs_board_view_set_position (bv, pos, VS_MOVE_NONE, FALSE);
  wait_idle ();
  g_assert_true (vs_board_view_get_layout (bv)->raised_tiles);
  g_autofree char *j1 = click_click ("a4", "b4", 0.3, 0.3);
  g_assert_cmpstr (j1, ==, "a4b4");
  im = render ();
  shot (im, "3d-janggi");
  cairo_surface_destroy (im);

  g_assert_true (vs_test_real_position (pos, "chartima", NULL));
  vs_board_view_set_position (bv, pos, VS_MOVE_NONE, FALSE);
  wait_idle ();
  g_autofree char *c1 = drag ("E3", "E4", 0.7, 0.3);
  g_assert_cmpstr (c1, ==, "e3e4");
  im = render ();
  shot (im, "3d-chartima");
  cairo_surface_destroy (im);
}

/* The action toggles the view; the picture changes with it. */
static void
test_toggle (void)
{
  VsBoardView *bv = VS_BOARD_VIEW (board);
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  g_assert_true (vs_test_real_position (pos, "crazyhouse", NULL));
  vs_board_view_set_position (bv, pos, VS_MOVE_NONE, FALSE);
  wait_idle ();
  g_assert_true (vs_board_view_get_three_d (bv));
  cairo_surface_t *a = render ();
  g_assert_true (gtk_widget_activate_action (board, "board.three-d", NULL));
  wait_idle ();
  g_assert_false (vs_board_view_get_three_d (bv));
  g_assert_false (vs_board_view_get_layout (bv)->perspective);
  cairo_surface_t *b = render ();
  VsRect all = { 0, 0, gtk_widget_get_width (board), gtk_widget_get_height (board) };
  g_assert_cmpint (changed_in (a, b, &all), >, all.w * all.h * 0.1);
  g_assert_true (gtk_widget_activate_action (board, "board.three-d", NULL));
  wait_idle ();
  g_assert_true (vs_board_view_get_layout (bv)->perspective);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
}

int
main (int argc, char **argv)
{
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  g_setenv ("GTK_A11Y", "none", FALSE);
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_test_skip ("no display (run under xvfb-run -a)");
      return 77;
    }
  window = gtk_window_new ();
  board = vs_board_view_new ();
  gtk_window_set_child (GTK_WINDOW (window), board);
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  g_assert_true (vs_test_real_position (pos, "crazyhouse", NULL));
  vs_board_view_set_position (VS_BOARD_VIEW (board), pos, VS_MOVE_NONE, FALSE);
  vs_board_view_set_animate (VS_BOARD_VIEW (board), FALSE);
  vs_board_view_set_three_d (VS_BOARD_VIEW (board), TRUE);
  g_signal_connect (board, "move-played", G_CALLBACK (on_move), NULL);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (board))
    g_main_context_iteration (NULL, TRUE);
  resize (800, 640);
  g_test_add_func ("/board/3d/crazyhouse-drag-drop", test_crazyhouse);
  g_test_add_func ("/board/3d/strato-janggi-chartima", test_other_variants);
  g_test_add_func ("/board/3d/toggle", test_toggle);
  int r = g_test_run ();
  gtk_window_destroy (GTK_WINDOW (window));
  return r;
}
