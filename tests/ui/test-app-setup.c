/* test-app-setup.c — the position setup editor, driven as a person would:
 * pieces dragged from the palette (the palette item's drag source and the
 * board's drop target), clicks, hands, castling rights, en passant and the
 * piece flag of each variant (Crazyhouse promoted "~", Strato not moved
 * yet "'", Chartima nB owing its Dog "+B*"), each checked in the position
 * string; an invalid position shows the reader's message and disables Start.
 * Also: the study samples' window titles.  Renders the editor to PNG. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "test-app-util.h"
#include "vs-board-view.h"
#include "vs-setup-editor.h"

static char *tmpdir;

static GtkWidget *
child (VsSetupEditor *ed, const char *name)
{
  GObject *o = gtk_widget_get_template_child (GTK_WIDGET (ed), VS_TYPE_SETUP_EDITOR, name);
  g_assert_nonnull (o);
  return GTK_WIDGET (o);
}

static VsBoardView *
board_of (VsSetupEditor *ed)
{
  GtkWidget *b = gtk_widget_get_first_child (child (ed, "board_box"));
  g_assert_true (VS_IS_BOARD_VIEW (b));
  return VS_BOARD_VIEW (b);
}

static gpointer
find_controller (GtkWidget *w, GType type)
{
  GListModel *list = gtk_widget_observe_controllers (w);
  gpointer found = NULL;
  for (guint i = 0; i < g_list_model_get_n_items (list) && !found; i++)
    {
      g_autoptr (GObject) c = g_list_model_get_item (list, i);
      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        found = c;
    }
  g_object_unref (list);
  return found;
}

static int
type_of (const VsVariant *v, const char *record)
{
  for (int t = 1; t <= v->n_piece_types; t++)
    if (g_str_equal (v->pieces[t].record, record))
      return t;
  g_assert_not_reached ();
}

static int
sq (const VsVariant *v, const char *name)
{
  int consumed = 0;
  int s = vs_square_parse (&v->geom, name, &consumed);
  g_assert_cmpint (s, >=, 0);
  return s;
}

/* Drags palette item `piece` onto square `target`: the item's drag source
 * prepares the content, the board's drop target receives it there. */
static void
drag_from_palette (VsSetupEditor *ed, VsPiece piece, int target)
{
  GtkWidget *palette = child (ed, "palette");
  GtkWidget *item = NULL;
  for (GtkWidget *c = gtk_widget_get_first_child (palette); c; c = gtk_widget_get_next_sibling (c))
    if (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (c), "vs-piece")) == piece)
      item = c;
  g_assert_nonnull (item);
  /* the item shows the piece's art, not a letter */
  if (piece)
    g_assert_true (GTK_IS_PICTURE (gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (item))));
  GtkDragSource *source = find_controller (item, GTK_TYPE_DRAG_SOURCE);
  g_assert_nonnull (source);
  GdkContentProvider *content = NULL;
  g_signal_emit_by_name (source, "prepare", 10.0, 10.0, &content);
  g_assert_nonnull (content);
  GValue value = G_VALUE_INIT;
  g_value_init (&value, G_TYPE_UINT);
  g_assert_true (gdk_content_provider_get_value (content, &value, NULL));
  g_object_unref (content);

  VsBoardView *board = board_of (ed);
  GtkDropTarget *drop = find_controller (GTK_WIDGET (board), GTK_TYPE_DROP_TARGET);
  g_assert_nonnull (drop);
  double x, y;
  vs_board_layout_square_center (vs_board_view_get_layout (board), target, &x, &y);
  gboolean accepted = FALSE;
  g_signal_emit_by_name (drop, "drop", &value, x, y, &accepted);
  g_assert_true (accepted);
  g_value_unset (&value);
  g_assert_cmpint (vs_board_view_get_position (board)->board[target], ==, piece);
}

/* A left click on square `target` (the editor's click gesture on the board:
 * the last one added). */
static void
click_square (VsSetupEditor *ed, int target)
{
  VsBoardView *board = board_of (ed);
  GListModel *list = gtk_widget_observe_controllers (GTK_WIDGET (board));
  GtkGestureClick *click = NULL;
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (GObject) c = g_list_model_get_item (list, i);
      if (GTK_IS_GESTURE_CLICK (c))
        click = GTK_GESTURE_CLICK (c);
    }
  g_object_unref (list);
  g_assert_nonnull (click);
  double x, y;
  vs_board_layout_square_center (vs_board_view_get_layout (board), target, &x, &y);
  g_signal_emit_by_name (click, "pressed", 1, x, y);
}

static void
set_check (VsSetupEditor *ed, const char *name, gboolean active)
{
  GtkWidget *w = child (ed, name);
  g_assert_true (gtk_widget_get_visible (w) && gtk_widget_is_sensitive (w));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (w), active);
}

/* The position string's fields (board, side, castling, en passant…). */
static char *
field (VsSetupEditor *ed, int i)
{
  g_auto (GStrv) f = g_strsplit (vs_setup_editor_get_text (ed), " ", 0);
  g_assert_cmpuint (g_strv_length (f), >, (guint) i);
  return g_strdup (f[i]);
}

static void
screenshot (VsSetupEditor *ed, const char *name)
{
  const char *dir = g_getenv ("VS_SCREENSHOT_DIR");
  if (dir == NULL)
    return;
  g_mkdir_with_parents (dir, 0755);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (app_test_screenshot (GTK_WIDGET (ed), path, &error));
  g_assert_no_error (error);
}

static void
test_crazyhouse (void)
{
  VsWindow *win = app_test_window ();
  const VsVariant *v = vs_variant_lookup ("crazyhouse");
  VsSetupEditor *ed = vs_setup_editor_new (GTK_WINDOW (win), v, NULL);
  gtk_window_present (GTK_WINDOW (ed));
  app_test_wait_allocated (GTK_WIDGET (board_of (ed)));
  g_assert_null (vs_setup_editor_get_error (ed));
  g_assert_true (gtk_widget_get_visible (child (ed, "hand_box")));
  g_assert_true (gtk_widget_get_visible (child (ed, "castling_grid")));

  /* drag a white queen from the palette to e4, then the eraser onto d2 */
  int queen = type_of (v, "Q"), knight = type_of (v, "N"), pawn = type_of (v, "P");
  drag_from_palette (ed, VS_MAKE_PIECE (VS_WHITE, queen), sq (v, "e4"));
  drag_from_palette (ed, VS_PIECE_NONE, sq (v, "d2"));
  g_autofree char *board = field (ed, 0);
  g_assert_cmpstr (board, ==, "rnbqkbnr/pppppppp/8/8/4Q3/8/PPP1PPPP/RNBQKBNR[]");

  /* clicks with the palette's white pawn: an empty square gets one; a
   * first click on a pawn selects it, a second removes it */
  int pawn_t = type_of (v, "P");
  gtk_flow_box_select_child (GTK_FLOW_BOX (child (ed, "palette")),
                             gtk_flow_box_get_child_at_index (GTK_FLOW_BOX (child (ed, "palette")), pawn_t - 1));
  g_signal_emit_by_name (child (ed, "palette"), "child-activated",
                         gtk_flow_box_get_child_at_index (GTK_FLOW_BOX (child (ed, "palette")), pawn_t - 1));
  click_square (ed, sq (v, "a4"));
  g_assert_nonnull (strstr (vs_setup_editor_get_text (ed), "/P3Q3/"));
  click_square (ed, sq (v, "b2"));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (child (ed, "square_label"))), ==, "b2: White Pawn");
  g_assert_nonnull (strstr (vs_setup_editor_get_text (ed), "/PPP1PPPP/"));
  click_square (ed, sq (v, "b2"));
  g_assert_nonnull (strstr (vs_setup_editor_get_text (ed), "/P1P1PPPP/"));
  click_square (ed, sq (v, "b2"));
  click_square (ed, sq (v, "a4"));
  click_square (ed, sq (v, "a4"));
  g_autofree char *board2 = field (ed, 0);
  g_assert_cmpstr (board2, ==, "rnbqkbnr/pppppppp/8/8/4Q3/8/PPP1PPPP/RNBQKBNR[]");

  /* castling rights: K off, then q off */
  set_check (ed, "castle_K", FALSE);
  g_autofree char *c1 = field (ed, 2);
  g_assert_cmpstr (c1, ==, "Qkq");
  set_check (ed, "castle_q", FALSE);
  g_autofree char *c2 = field (ed, 2);
  g_assert_cmpstr (c2, ==, "Qk");
  /* a right whose rook is gone is not offered */
  vs_setup_editor_put (ed, VS_PIECE_NONE, sq (v, "h1"));
  g_assert_false (gtk_widget_is_sensitive (child (ed, "castle_K")));
  vs_setup_editor_put (ed, VS_MAKE_PIECE (VS_WHITE, type_of (v, "R")), sq (v, "h1"));
  g_assert_true (gtk_widget_is_sensitive (child (ed, "castle_K")));

  /* hands with counts; the king can never be in hand */
  g_assert_null (vs_setup_editor_get_hand_spin (ed, VS_WHITE, type_of (v, "K")));
  gtk_spin_button_set_value (vs_setup_editor_get_hand_spin (ed, VS_WHITE, knight), 2);
  gtk_spin_button_set_value (vs_setup_editor_get_hand_spin (ed, VS_BLACK, pawn), 1);
  g_autofree char *b2 = field (ed, 0);
  g_assert_true (g_str_has_suffix (b2, "[NNp]"));
  gtk_spin_button_set_value (vs_setup_editor_get_hand_spin (ed, VS_WHITE, knight), 1);
  g_autofree char *b3 = field (ed, 0);
  g_assert_true (g_str_has_suffix (b3, "[Np]"));

  /* the queen on e4 marked promoted: "Q~", and it is undone */
  vs_setup_editor_select_square (ed, sq (v, "e4"));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (child (ed, "square_label"))), ==, "e4: White Queen");
  set_check (ed, "flag_check", TRUE);
  g_assert_nonnull (strstr (vs_setup_editor_get_text (ed), "/4Q~3/"));
  set_check (ed, "flag_check", FALSE);
  g_assert_nonnull (strstr (vs_setup_editor_get_text (ed), "/4Q3/"));

  /* en passant: offered only where the reader keeps it */
  vs_setup_editor_set_text (ed, "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 3");
  g_assert_null (vs_setup_editor_get_error (ed));
  GtkDropDown *ep = GTK_DROP_DOWN (child (ed, "ep_dropdown"));
  GListModel *eps = gtk_drop_down_get_model (ep);
  g_assert_cmpuint (g_list_model_get_n_items (eps), ==, 2);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (eps), 1), ==, "e3");
  gtk_drop_down_set_selected (ep, 1);
  g_autofree char *e1 = field (ed, 3);
  g_assert_cmpstr (e1, ==, "e3");
  gtk_drop_down_set_selected (ep, 0);
  g_autofree char *e2 = field (ed, 3);
  g_assert_cmpstr (e2, ==, "-");

  /* invalid: both kings gone → the reader's message, Start disabled */
  vs_setup_editor_set_text (ed, v->start_fen);
  gtk_spin_button_set_value (vs_setup_editor_get_hand_spin (ed, VS_BLACK, queen), 1);
  screenshot (ed, "setup-crazyhouse.png");
  vs_setup_editor_put (ed, VS_PIECE_NONE, sq (v, "e8"));
  const char *error = vs_setup_editor_get_error (ed);
  g_assert_nonnull (error);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (child (ed, "error_label"))), ==, error);
  g_assert_false (gtk_widget_is_sensitive (child (ed, "start_button")));
  screenshot (ed, "setup-crazyhouse-invalid.png");
  drag_from_palette (ed, VS_MAKE_PIECE (VS_BLACK, type_of (v, "K")), sq (v, "e8"));
  g_assert_null (vs_setup_editor_get_error (ed));
  g_assert_true (gtk_widget_is_sensitive (child (ed, "start_button")));

  gtk_window_destroy (GTK_WINDOW (ed));
  gtk_window_destroy (GTK_WINDOW (win));
}

static void
test_strato (void)
{
  VsWindow *win = app_test_window ();
  const VsVariant *v = vs_variant_lookup ("strato");
  VsSetupEditor *ed = vs_setup_editor_new (GTK_WINDOW (win), v, NULL);
  gtk_window_present (GTK_WINDOW (ed));
  app_test_wait_allocated (GTK_WIDGET (board_of (ed)));
  g_assert_false (gtk_widget_get_visible (child (ed, "hand_box")));
  g_assert_false (gtk_widget_get_visible (child (ed, "castling_grid")));
  /* the unmoved mark of the White king on Ae1 */
  vs_setup_editor_select_square (ed, sq (v, "Ae1"));
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (child (ed, "flag_check"))));
  set_check (ed, "flag_check", FALSE);
  g_assert_nonnull (strstr (vs_setup_editor_get_text (ed), "/R'N'B'Q'KB'N'R'|"));
  g_assert_null (vs_setup_editor_get_error (ed));
  set_check (ed, "flag_check", TRUE);
  g_assert_nonnull (strstr (vs_setup_editor_get_text (ed), "/R'N'B'Q'K'B'N'R'|"));
  /* a knight placed on level B has moved; it can be marked unmoved only if
   * the reader accepts it */
  drag_from_palette (ed, VS_MAKE_PIECE (VS_WHITE, type_of (v, "N")), sq (v, "Bd4"));
  vs_setup_editor_select_square (ed, sq (v, "Bd4"));
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (child (ed, "flag_check"))));
  g_assert_null (vs_setup_editor_get_error (ed));
  screenshot (ed, "setup-strato.png");
  gtk_window_destroy (GTK_WINDOW (ed));
  gtk_window_destroy (GTK_WINDOW (win));
}

static void
test_chartima (void)
{
  VsWindow *win = app_test_window ();
  const VsVariant *v = vs_variant_lookup ("chartima");
  VsSetupEditor *ed = vs_setup_editor_new (GTK_WINDOW (win), v, NULL);
  vs_setup_editor_set_piece_set (ed, "chartima-kanji");
  gtk_window_present (GTK_WINDOW (ed));
  app_test_wait_allocated (GTK_WIDGET (board_of (ed)));
  g_assert_false (gtk_widget_get_visible (child (ed, "hand_box")));
  g_assert_true (gtk_widget_get_visible (child (ed, "castling_grid")));
  int nb = type_of (v, "nB");
  /* an nB dragged to e5 owes its Dog once the toggle says so: "+B*" */
  drag_from_palette (ed, VS_MAKE_PIECE (VS_WHITE, nb), sq (v, "e5"));
  g_assert_null (vs_setup_editor_get_error (ed));
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (child (ed, "flag_check"))));
  set_check (ed, "flag_check", TRUE);
  g_assert_nonnull (strstr (vs_setup_editor_get_text (ed), "/4+B*5/"));
  g_assert_null (vs_setup_editor_get_error (ed));
  screenshot (ed, "setup-chartima.png");
  set_check (ed, "flag_check", FALSE);
  g_assert_nonnull (strstr (vs_setup_editor_get_text (ed), "/4+B5/"));
  /* a plain Bishop never owes a Dog: the toggle is not offered */
  int bishop_sq = -1;
  const VsPosition *pos = vs_board_view_get_position (board_of (ed));
  for (int s = 0; s < 100 && bishop_sq < 0; s++)
    if (pos->board[s] == VS_MAKE_PIECE (VS_WHITE, type_of (v, "B")))
      bishop_sq = s;
  g_assert_cmpint (bishop_sq, >=, 0);
  vs_setup_editor_select_square (ed, bishop_sq);
  g_assert_false (gtk_widget_is_sensitive (child (ed, "flag_check")));
  /* castling: Black's queen side off */
  set_check (ed, "castle_q", FALSE);
  g_autofree char *c = field (ed, 2);
  g_assert_cmpstr (c, ==, "KQk");
  gtk_window_destroy (GTK_WINDOW (ed));
  gtk_window_destroy (GTK_WINDOW (win));
}

static void
test_janggi (void)
{
  VsWindow *win = app_test_window ();
  const VsVariant *v = vs_variant_lookup ("janggi");
  VsSetupEditor *ed = vs_setup_editor_new (GTK_WINDOW (win), v, NULL);
  gtk_window_present (GTK_WINDOW (ed));
  app_test_wait_allocated (GTK_WIDGET (board_of (ed)));
  /* only the side to move besides the pieces */
  g_assert_false (gtk_widget_get_visible (child (ed, "hand_box")));
  g_assert_false (gtk_widget_get_visible (child (ed, "castling_grid")));
  g_assert_false (gtk_widget_get_visible (child (ed, "ep_row")));
  g_assert_false (gtk_widget_get_visible (child (ed, "square_box")));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (child (ed, "side_dropdown")), 1);
  g_autofree char *side = field (ed, 1);
  g_assert_cmpstr (side, ==, "b");
  screenshot (ed, "setup-janggi.png");
  gtk_window_destroy (GTK_WINDOW (ed));
  gtk_window_destroy (GTK_WINDOW (win));
}

/* The study samples name themselves in the title, not "Study – Study". */
static void
test_study_titles (void)
{
  const char *files[] = { "chartima-study.pgn", "strato-study.pgn" };
  const char *titles[] = { "Chartima study: a first opening", "Strato Chess study: the first level changes" };
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (vs_application_get_samples_dir (), files[i], NULL);
      VsWindow *win = app_test_window ();
      app_test_open (win, path);
      const char *title = gtk_window_get_title (GTK_WINDOW (win));
      g_assert_true (g_str_has_prefix (title, titles[i]));
      g_assert_null (strstr (title, "Study – Study"));
      gtk_window_destroy (GTK_WINDOW (win));
    }
}

int
main (int argc, char *argv[])
{
  tmpdir = g_dir_make_tmp ("vs-app-setup-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", tmpdir, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  app_test_application ();
  g_test_add_func ("/app/setup/crazyhouse", test_crazyhouse);
  g_test_add_func ("/app/setup/strato", test_strato);
  g_test_add_func ("/app/setup/chartima", test_chartima);
  g_test_add_func ("/app/setup/janggi", test_janggi);
  g_test_add_func ("/app/setup/study-titles", test_study_titles);
  int status = g_test_run ();
  g_free (tmpdir);
  return status;
}
