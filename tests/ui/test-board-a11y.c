/* test-board-a11y.c — accessibility of VsBoardView (run under Xvfb with
 * GTK_A11Y=test, GTK's in-process test backend: no AT-SPI bus needed, and
 * gtk_test_accessible_* read back what an assistive technology is told).
 *
 * Every square and hand slot is an undrawn child widget (vs-board-cell.h):
 * checks its role and accessible label in the variant's own coordinates for
 * each start position, that labels, selected state and descriptions follow
 * moves and selections (and only the changed squares are relabelled), that
 * the cells sit over their squares (also flipped and in Strato's stacked
 * view), and that they take no pointer events, no focus and no pixels.
 * With LANGUAGE=ja and VS_LOCALEDIR (the catalogue the build compiles) it
 * checks the Japanese names instead. */
#include "config.h"
#include "vs-board-view.h"
#include "vs-board-cell.h"
#include "vs-board-test-util.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <string.h>
#include "vs-test-locale.h"
#include "../vs-test-history.h"

static GtkWidget *window;
static GtkWidget *board;

static void
wait_idle (void)
{
  for (int i = 0; i < 20; i++)
    while (g_main_context_iteration (NULL, FALSE))
      ;
}

static gboolean
count_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  (*(int *) data)++;
  return G_SOURCE_CONTINUE;
}

static gboolean
wake (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Lets GTK lay the board out (cells are allocated in size_allocate): waits
 * for two frames. */
static void
settle (void)
{
  wait_idle ();
  int ticks = 0;
  gboolean timeout = FALSE;
  guint id = gtk_widget_add_tick_callback (board, count_tick, &ticks, NULL);
  guint tid = g_timeout_add (5000, wake, &timeout);
  while (ticks < 2 && !timeout)
    g_main_context_iteration (NULL, TRUE);
  gtk_widget_remove_tick_callback (board, id);
  if (!timeout)
    g_source_remove (tid);
  wait_idle ();
}

static VsBoardView *
bv (void)
{
  return VS_BOARD_VIEW (board);
}

static int
sq_of (const char *name)
{
  const VsPosition *pos = vs_board_view_get_position (bv ());
  int s = vs_square_parse (&pos->variant->geom, name, NULL);
  g_assert_cmpint (s, >=, 0);
  return s;
}

static GtkAccessible *
cell (const char *name)
{
  GtkAccessible *a = vs_board_view_get_square_accessible (bv (), sq_of (name));
  g_assert_nonnull (a);
  return a;
}

static void
assert_label (const char *square, const char *label)
{
  GtkAccessible *a = cell (square);
  gtk_test_accessible_assert_role (a, GTK_ACCESSIBLE_ROLE_GRID_CELL);
  gtk_test_accessible_assert_property (a, GTK_ACCESSIBLE_PROPERTY_LABEL, label);
  g_assert_cmpstr (vs_board_cell_get_label (VS_BOARD_CELL (a)), ==, label);
}

static void
show_start (const char *id)
{
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  g_assert_true (vs_test_real_position (pos, id, NULL));
  vs_board_view_set_position (bv (), pos, VS_MOVE_NONE, FALSE);
  settle ();
}

static VsMove
parse_uci (const VsPosition *pos, const char *uci)
{
  VsMove m = VS_MOVE_NONE;
  g_assert_true (vs_move_parse (pos, uci, VS_NOTATION_UCI, &m, NULL, NULL));
  return m;
}

/* Shows the position after the UCI moves, the last one as last move. */
static void
show_after (const char *id, const char *const *moves)
{
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  g_assert_true (vs_test_real_position (pos, id, NULL));
  VsMove last = VS_MOVE_NONE;
  for (int i = 0; moves[i]; i++)
    {
      last = parse_uci (pos, moves[i]);
      vs_test_make (pos, last);
    }
  vs_board_view_set_position (bv (), pos, last, FALSE);
  settle ();
}

/* A click on a square, the way the gesture callbacks drive the widget. */
static void
click (const char *square)
{
  const VsBoardLayout *l = vs_board_view_get_layout (bv ());
  double x, y;
  vs_board_layout_square_center (l, sq_of (square), &x, &y);
  VsBoardController *c = vs_board_view_get_controller (bv ());
  vs_board_view_handle_change (bv (), vs_board_controller_press (c, l, x, y));
  vs_board_view_handle_change (bv (), vs_board_controller_release (c, l, x, y));
}

/* The cell's bounds in board coordinates contain the square's centre and
 * are about one square large. */
static void
assert_cell_over_square (GtkAccessible *a, int sq)
{
  const VsBoardLayout *l = vs_board_view_get_layout (bv ());
  graphene_rect_t b;
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (a), board, &b));
  double cx, cy;
  vs_board_layout_square_center (l, sq, &cx, &cy);
  g_assert_cmpfloat (cx, >, b.origin.x);
  g_assert_cmpfloat (cx, <, b.origin.x + b.size.width);
  g_assert_cmpfloat (cy, >, b.origin.y);
  g_assert_cmpfloat (cy, <, b.origin.y + b.size.height);
  g_assert_cmpfloat (b.size.width, >=, l->unit - 1);
  g_assert_cmpfloat (b.size.width, <=, 2 * l->unit + 2);
  g_assert_cmpfloat (b.size.height, >=, (l->oblique ? 0.3 : 1) * l->unit - 1);
}

static void
assert_all_cells_over_squares (void)
{
  const VsPosition *pos = vs_board_view_get_position (bv ());
  int n = vs_geometry_squares (&pos->variant->geom);
  for (int sq = 0; sq < n; sq++)
    assert_cell_over_square (vs_board_view_get_square_accessible (bv (), sq), sq);
  g_assert_null (vs_board_view_get_square_accessible (bv (), n));
}

/* ---- start positions ---------------------------------------------------------------- */

static void
test_crazyhouse_start (void)
{
  show_start ("crazyhouse");
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_ROLE_GRID);
  assert_label ("e1", "e1, White King");
  assert_label ("g8", "g8, Black Knight");
  assert_label ("a2", "a2, White Pawn");
  assert_label ("e4", "e4, empty");
  assert_label ("h6", "h6, empty");
  GtkAccessible *h = vs_board_view_get_hand_accessible (bv (), VS_WHITE, vs_test_type (vs_board_view_get_position (bv ())->variant, "N"));
  g_assert_nonnull (h);
  gtk_test_accessible_assert_role (h, GTK_ACCESSIBLE_ROLE_GRID_CELL);
  gtk_test_accessible_assert_property (h, GTK_ACCESSIBLE_PROPERTY_LABEL, "White Knight in hand: 0");
  h = vs_board_view_get_hand_accessible (bv (), VS_BLACK, vs_test_type (vs_board_view_get_position (bv ())->variant, "Q"));
  g_assert_nonnull (h);
  gtk_test_accessible_assert_property (h, GTK_ACCESSIBLE_PROPERTY_LABEL, "Black Queen in hand: 0");
  gtk_test_accessible_assert_state (h, GTK_ACCESSIBLE_STATE_SELECTED, FALSE);
  /* no King in hand */
  g_assert_null (vs_board_view_get_hand_accessible (bv (), VS_WHITE, vs_test_type (vs_board_view_get_position (bv ())->variant, "K")));
  /* the hand cells lie over the hand slots */
  const VsBoardLayout *l = vs_board_view_get_layout (bv ());
  g_assert_cmpint (l->n_hand_slots, ==, 10);
  for (int i = 0; i < l->n_hand_slots; i++)
    {
      GtkAccessible *a = vs_board_view_get_hand_accessible (bv (), l->hand[i].color, l->hand[i].type);
      g_assert_nonnull (a);
      graphene_rect_t b;
      g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (a), board, &b));
      g_assert_cmpfloat (fabs (b.origin.x - l->hand[i].rect.x), <=, 1);
      g_assert_cmpfloat (fabs (b.origin.y - l->hand[i].rect.y), <=, 1);
      g_assert_cmpfloat (fabs (b.size.width - l->hand[i].rect.w), <=, 2);
    }
  assert_all_cells_over_squares ();
}

static void
test_chartima_start (void)
{
  show_start ("chartima");
  /* Chartima's files are capitals, as on the board and in its kifu */
  assert_label ("a1", "A1, White Immobilizer");
  assert_label ("e1", "E1, White Pusher-puller");
  assert_label ("f2", "F2, White King");
  assert_label ("h2", "H2, White Chancellor");
  assert_label ("j9", "J9, Black Rook");
  assert_label ("d10", "D10, Black Coordinator");
  assert_label ("e5", "E5, empty");
  assert_label ("j7", "J7, empty");
  g_assert_null (vs_board_view_get_hand_accessible (bv (), VS_WHITE, 1));
  assert_all_cells_over_squares ();
}

static void
test_strato_start (void)
{
  show_start ("strato");
  /* level letter first; White below (level A), Black above (C), B empty */
  assert_label ("Ae1", "Ae1, White King");
  assert_label ("Ad2", "Ad2, White Pawn");
  assert_label ("Cd8", "Cd8, Black Queen");
  assert_label ("Be4", "Be4, empty");
  assert_label ("Bh8", "Bh8, empty");
  assert_label ("Be1", "Be1, empty");
  assert_label ("Ae8", "Ae8, empty");
  assert_all_cells_over_squares ();
  /* stacked (oblique) view: the cells follow the slanted squares */
  vs_board_view_set_strato_view (bv (), VS_STRATO_VIEW_STACKED);
  settle ();
  assert_all_cells_over_squares ();
  vs_board_view_set_strato_view (bv (), VS_STRATO_VIEW_SIDE_BY_SIDE);
  settle ();
  assert_all_cells_over_squares ();
}

static void
test_janggi_start (void)
{
  show_start ("janggi");
  /* palace points: Cho's King in the palace centre, Guards, an empty point */
  assert_label ("e2", "e2, Cho King");
  assert_label ("d1", "d1, Cho Guard");
  assert_label ("d2", "d2, empty");
  assert_label ("e9", "e9, Han King");
  assert_label ("f10", "f10, Han Guard");
  assert_label ("a1", "a1, Cho Chariot");
  assert_label ("b3", "b3, Cho Cannon");
  assert_label ("e5", "e5, empty");
  assert_all_cells_over_squares ();
  /* with gibo coordinates the names follow them: row (0 = Cho's back rank)
   * then file, as in "79졸78" */
  guint before = vs_board_cell_get_label_changes (VS_BOARD_CELL (cell ("e2")));
  vs_board_view_set_gibo_coordinates (bv (), TRUE);
  assert_label ("e2", "95, Cho King");
  assert_label ("d1", "04, Cho Guard");
  assert_label ("e9", "25, Han King");
  assert_label ("f10", "16, Han Guard");
  g_assert_cmpuint (vs_board_cell_get_label_changes (VS_BOARD_CELL (cell ("e2"))), ==, before + 1);
  vs_board_view_set_gibo_coordinates (bv (), FALSE);
  assert_label ("e2", "e2, Cho King");
}

/* ---- changes ---------------------------------------------------------------------------- */

static void
test_labels_follow_moves (void)
{
  show_start ("crazyhouse");
  const VsPosition *pos = vs_board_view_get_position (bv ());
  int n = vs_geometry_squares (&pos->variant->geom);
  guint changes[VS_MAX_SQUARES];
  for (int sq = 0; sq < n; sq++)
    changes[sq] = vs_board_cell_get_label_changes (VS_BOARD_CELL (vs_board_view_get_square_accessible (bv (), sq)));

  /* a new position from outside (set_position) */
  show_after ("crazyhouse", (const char *const[]) { "e2e4", NULL });
  assert_label ("e2", "e2, empty");
  assert_label ("e4", "e4, White Pawn");
  assert_label ("e1", "e1, White King");
  /* only the two squares of the move were relabelled */
  for (int sq = 0; sq < n; sq++)
    {
      guint now = vs_board_cell_get_label_changes (VS_BOARD_CELL (vs_board_view_get_square_accessible (bv (), sq)));
      gboolean moved = sq == sq_of ("e2") || sq == sq_of ("e4");
      g_assert_cmpuint (now, ==, changes[sq] + (moved ? 1 : 0));
    }

  /* a move entered on the board: selection, legal destinations, then the move */
  click ("d7");
  gtk_test_accessible_assert_state (cell ("d7"), GTK_ACCESSIBLE_STATE_SELECTED, TRUE);
  gtk_test_accessible_assert_state (cell ("e7"), GTK_ACCESSIBLE_STATE_SELECTED, FALSE);
  gtk_test_accessible_assert_property (cell ("d5"), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "legal destination");
  gtk_test_accessible_assert_property (cell ("d6"), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "legal destination");
  g_assert_false (gtk_test_accessible_has_property (cell ("d4"), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
  assert_label ("d7", "d7, Black Pawn");   /* selection does not rename */
  click ("d5");
  assert_label ("d7", "d7, empty");
  assert_label ("d5", "d5, Black Pawn");
  gtk_test_accessible_assert_state (cell ("d7"), GTK_ACCESSIBLE_STATE_SELECTED, FALSE);
  g_assert_false (gtk_test_accessible_has_property (cell ("d5"), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
  g_assert_false (gtk_test_accessible_has_property (cell ("d6"), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));

  /* a capture fills the hand; the hand slot is relabelled and selectable */
  click ("e4");
  click ("d5");
  assert_label ("d5", "d5, White Pawn");
  assert_label ("e4", "e4, empty");
  const VsVariant *v = vs_board_view_get_position (bv ())->variant;
  GtkAccessible *wp = vs_board_view_get_hand_accessible (bv (), VS_WHITE, vs_test_type (v, "P"));
  gtk_test_accessible_assert_property (wp, GTK_ACCESSIBLE_PROPERTY_LABEL, "White Pawn in hand: 1");
  gtk_test_accessible_assert_property (vs_board_view_get_hand_accessible (bv (), VS_BLACK, vs_test_type (v, "P")),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Black Pawn in hand: 0");
  /* Black recaptures; then White picks the pawn from the hand (key P) */
  click ("d8");
  click ("d5");
  assert_label ("d5", "d5, Black Queen");
  assert_label ("d8", "d8, empty");
  gtk_test_accessible_assert_property (vs_board_view_get_hand_accessible (bv (), VS_BLACK, vs_test_type (v, "P")),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Black Pawn in hand: 1");
  VsBoardController *c = vs_board_view_get_controller (bv ());
  vs_board_view_handle_change (bv (), vs_board_controller_select_hand (c, vs_test_type (v, "P")) | VS_BOARD_CHANGED_REDRAW);
  gtk_test_accessible_assert_state (wp, GTK_ACCESSIBLE_STATE_SELECTED, TRUE);
  gtk_test_accessible_assert_property (cell ("e6"), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "legal destination");
  click ("e6");
  assert_label ("e6", "e6, White Pawn");
  gtk_test_accessible_assert_state (wp, GTK_ACCESSIBLE_STATE_SELECTED, FALSE);
  gtk_test_accessible_assert_property (wp, GTK_ACCESSIBLE_PROPERTY_LABEL, "White Pawn in hand: 0");
}

/* The focus square (keyboard) is the grid's active descendant. */
static void
test_focus_square (void)
{
  show_start ("chartima");
  gtk_widget_grab_focus (board);
  const VsBoardLayout *l = vs_board_view_get_layout (bv ());
  VsBoardController *c = vs_board_view_get_controller (bv ());
  vs_board_view_handle_change (bv (), vs_board_controller_key (c, l, VS_BOARD_KEY_RIGHT) | VS_BOARD_CHANGED_REDRAW);
  g_assert_cmpint (c->focus_square, >=, 0);
  gtk_test_accessible_assert_relation (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_RELATION_ACTIVE_DESCENDANT,
                                       vs_board_view_get_square_accessible (bv (), c->focus_square));
  int first = c->focus_square;
  vs_board_view_handle_change (bv (), vs_board_controller_key (c, l, VS_BOARD_KEY_UP) | VS_BOARD_CHANGED_REDRAW);
  g_assert_cmpint (c->focus_square, !=, first);
  gtk_test_accessible_assert_relation (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_RELATION_ACTIVE_DESCENDANT,
                                       vs_board_view_get_square_accessible (bv (), c->focus_square));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == board);
}

/* ---- the cells stay invisible to the pointer, the focus and the pixels ------------------- */

/* With VS_BOARD_SHOTS=DIR, the window render is also saved there to be
 * looked at. */
static GBytes *
render_window (int *w, int *h, const char *shot)
{
  GdkPaintable *p = gtk_widget_paintable_new (window);
  *w = gtk_widget_get_width (window);
  *h = gtk_widget_get_height (window);
  GtkSnapshot *s = gtk_snapshot_new ();
  gdk_paintable_snapshot (p, s, *w, *h);
  GskRenderNode *node = gtk_snapshot_free_to_node (s);
  g_assert_nonnull (node);
  GskRenderer *r = gtk_native_get_renderer (GTK_NATIVE (window));
  GdkTexture *t = gsk_renderer_render_texture (r, node, &GRAPHENE_RECT_INIT (0, 0, *w, *h));
  gsize size = (gsize) *w * *h * 4;
  guint8 *data = g_malloc (size);
  gdk_texture_download (t, data, *w * 4);
  const char *dir = g_getenv ("VS_BOARD_SHOTS");
  if (dir && shot)
    {
      g_autofree char *file = g_build_filename (dir, shot, NULL);
      g_mkdir_with_parents (dir, 0755);
      g_assert_true (gdk_texture_save_to_png (t, file));
    }
  g_object_unref (t);
  gsk_render_node_unref (node);
  g_object_unref (p);
  return g_bytes_new_take (data, size);
}

static void
test_cells_are_inert (void)
{
  show_start ("crazyhouse");
  const VsBoardLayout *l = vs_board_view_get_layout (bv ());
  int cells = 0;
  for (GtkWidget *ch = gtk_widget_get_first_child (board); ch; ch = gtk_widget_get_next_sibling (ch))
    {
      if (!VS_IS_BOARD_CELL (ch))
        continue;
      cells++;
      g_assert_false (gtk_widget_get_can_focus (ch));
      g_assert_false (gtk_widget_get_focusable (ch));
      g_assert_false (gtk_widget_get_can_target (ch));
    }
  g_assert_cmpint (cells, ==, 64 + 10);

  /* the pointer reaches the board on every square and hand slot */
  for (int sq = 0; sq < 64; sq++)
    {
      double x, y;
      vs_board_layout_square_center (l, sq, &x, &y);
      g_assert_true (gtk_widget_pick (board, x, y, GTK_PICK_DEFAULT) == board);
    }
  for (int i = 0; i < l->n_hand_slots; i++)
    g_assert_true (gtk_widget_pick (board, l->hand[i].rect.x + l->hand[i].rect.w / 2,
                                    l->hand[i].rect.y + l->hand[i].rect.h / 2, GTK_PICK_DEFAULT) == board);

  /* Tab from the board leaves it: no cell takes the focus */
  gtk_widget_grab_focus (board);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == board);
  gtk_widget_child_focus (board, GTK_DIR_TAB_FORWARD);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (focus == NULL || !VS_IS_BOARD_CELL (focus));
  gtk_widget_grab_focus (board);

  /* the window renders the same pixels with the cells hidden: they draw nothing */
  int w, h, w2, h2;
  g_autoptr(GBytes) with = render_window (&w, &h, "a11y-with-cells.png");
  for (GtkWidget *ch = gtk_widget_get_first_child (board); ch; ch = gtk_widget_get_next_sibling (ch))
    if (VS_IS_BOARD_CELL (ch))
      gtk_widget_set_child_visible (ch, FALSE);
  g_autoptr(GBytes) without = render_window (&w2, &h2, "a11y-cells-hidden.png");
  for (GtkWidget *ch = gtk_widget_get_first_child (board); ch; ch = gtk_widget_get_next_sibling (ch))
    if (VS_IS_BOARD_CELL (ch))
      gtk_widget_set_child_visible (ch, TRUE);
  g_assert_cmpint (w, ==, w2);
  g_assert_cmpint (h, ==, h2);
  g_assert_true (g_bytes_equal (with, without));
  /* and the render is not blank (the board is in it) */
  gsize n;
  const guint8 *px = g_bytes_get_data (with, &n);
  gboolean varied = FALSE;
  for (gsize i = 4; i < n && !varied; i += 4)
    varied = memcmp (px + i, px, 4) != 0;
  g_assert_true (varied);
  settle ();
}

/* Flipping moves the cells with their squares. */
static void
test_flip (void)
{
  show_start ("janggi");
  GtkAccessible *a1 = cell ("a1");
  graphene_rect_t before, after;
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (a1), board, &before));
  vs_board_view_set_flipped (bv (), TRUE);
  settle ();
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (a1), board, &after));
  g_assert_cmpfloat (after.origin.x, >, before.origin.x);
  g_assert_cmpfloat (after.origin.y, <, before.origin.y);
  assert_all_cells_over_squares ();
  assert_label ("a1", "a1, Cho Chariot");
  vs_board_view_set_flipped (bv (), FALSE);
  settle ();
  assert_all_cells_over_squares ();
}

/* A variant change replaces the cells (no cell of the old board is left). */
static void
test_variant_change (void)
{
  show_start ("strato");
  int cells = 0;
  for (GtkWidget *ch = gtk_widget_get_first_child (board); ch; ch = gtk_widget_get_next_sibling (ch))
    cells += VS_IS_BOARD_CELL (ch);
  g_assert_cmpint (cells, ==, 192);
  show_start ("chartima");
  cells = 0;
  for (GtkWidget *ch = gtk_widget_get_first_child (board); ch; ch = gtk_widget_get_next_sibling (ch))
    cells += VS_IS_BOARD_CELL (ch);
  g_assert_cmpint (cells, ==, 100);
  assert_all_cells_over_squares ();
}

/* The same names in Japanese (LANGUAGE=ja with the catalogue the build
 * compiles): square name first, the piece as vs_piece_describe() says it. */
static void
test_japanese (void)
{
  show_start ("crazyhouse");
  assert_label ("e1", "e1、白のキング");
  assert_label ("d8", "d8、黒のクイーン");
  assert_label ("e4", "e4、空き");
  const VsVariant *v = vs_board_view_get_position (bv ())->variant;
  gtk_test_accessible_assert_property (vs_board_view_get_hand_accessible (bv (), VS_WHITE, vs_test_type (v, "N")),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "白のナイト（持ち駒）：0個");
  show_start ("chartima");
  assert_label ("a1", "A1、白の麻酔者");
  show_start ("strato");
  assert_label ("Be4", "Be4、空き");
  show_start ("janggi");
  assert_label ("d1", "d1、楚の士");
  assert_label ("a10", "a10、漢の車");
  assert_label ("d2", "d2、空き");
}

int
main (int argc, char **argv)
{
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  /* GTK's test accessibility backend: records what the widgets tell
   * assistive technologies, without an AT-SPI bus (none under Xvfb) */
  g_setenv ("GTK_A11Y", "test", TRUE);
  gboolean japanese = FALSE;
  japanese = vs_test_bind_catalogue (GETTEXT_PACKAGE);
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_test_skip ("no display (run under xvfb-run -a)");
      return 77;
    }
  window = gtk_window_new ();
  board = vs_board_view_new ();
  gtk_window_set_child (GTK_WINDOW (window), board);
  gtk_window_set_default_size (GTK_WINDOW (window), 700, 600);
  show_start ("crazyhouse");
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (board))
    g_main_context_iteration (NULL, TRUE);
  settle ();

  if (japanese)
    {
      g_test_add_func ("/board/a11y/japanese", test_japanese);
      int r = g_test_run ();
      gtk_window_destroy (GTK_WINDOW (window));
      return r;
    }
  g_test_add_func ("/board/a11y/crazyhouse-start", test_crazyhouse_start);
  g_test_add_func ("/board/a11y/chartima-start", test_chartima_start);
  g_test_add_func ("/board/a11y/strato-start", test_strato_start);
  g_test_add_func ("/board/a11y/janggi-start", test_janggi_start);
  g_test_add_func ("/board/a11y/labels-follow-moves", test_labels_follow_moves);
  g_test_add_func ("/board/a11y/focus-square", test_focus_square);
  g_test_add_func ("/board/a11y/cells-are-inert", test_cells_are_inert);
  g_test_add_func ("/board/a11y/flip", test_flip);
  g_test_add_func ("/board/a11y/variant-change", test_variant_change);
  int r = g_test_run ();
  gtk_window_destroy (GTK_WINDOW (window));
  return r;
}
