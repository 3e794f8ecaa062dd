/* test-app-export.c — the study window's exports, driven through its actions:
 *  - "Export Diagram" of the move shown, with an arrow drawn on it: SVG and
 *    PNG files; the PNG has the requested size and is exactly the diagram of
 *    the cursor's position (theme and piece set from GSettings, last move,
 *    arrow); the SVG renders with librsvg like the PNG; pixel probes find the
 *    arrow and the last-move highlight;
 *  - the dialog path (the file chooser answered here) writes the chosen file
 *    at the chosen size;
 *  - "Export Study Sheet (PDF)" on A4 and Letter: pdfinfo reads the page size
 *    and as many pages as the sheet lays out; the main loop keeps running;
 *  - unwritable paths, bad names, sizes and papers: an error message in the
 *    window, no file, no crash. */
#include "config.h"

#include <cairo.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <librsvg/rsvg.h>
#include <stdlib.h>
#include <string.h>

#include "test-app-util.h"
#include "vs-image-test-util.h"
#include "vs-board-view.h"
#include "vs-diagram.h"
#include "vs-export-dialog.h"
#include "vs-piece-set.h"
#include "vs-study-sheet.h"
#include "vs-test-locale.h"

static char *tmpdir;

/* The run's language: the window's messages are checked in it (LANGUAGE=ja:
 * they must be translated). */
static gboolean
japanese (void)
{
  const char *lang = g_getenv ("LANGUAGE");
  return lang && g_str_has_prefix (lang, "ja");
}

/* The translated message format up to its first "%s". */
static char *
message_start (const char *msgid)
{
  const char *t = _(msgid);
  if (japanese ())
    g_assert_cmpstr (t, !=, msgid);
  const char *end = strstr (t, "%s");
  return g_strndup (t, end ? (gsize) (end - t) : strlen (t));
}

/* ---- Helpers ------------------------------------------------------------------ */

typedef struct {
  guint count;
  gboolean ok;
} Exported;

static void
exported_cb (VsWindow *win, gboolean ok, Exported *e)
{
  e->count++;
  e->ok = ok;
}

static gboolean
timeout_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Activates an export action and waits for "exported"; returns its ok. */
static gboolean
export (VsWindow *win, const char *action, GVariant *param)
{
  Exported e = { 0, FALSE };
  gulong id = g_signal_connect (win, "exported", G_CALLBACK (exported_cb), &e);
  gboolean timed_out = FALSE;
  guint t = g_timeout_add (30000, timeout_cb, &timed_out);
  app_test_action (win, action, param);
  while (e.count == 0 && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (t);
  g_signal_handler_disconnect (win, id);
  g_assert_cmpuint (e.count, ==, 1);
  return e.ok;
}

/* A copy of an exported file under VS_SCREENSHOT_DIR (build/screenshots),
 * to look at. */
static void
keep (const char *path)
{
  const char *dir = g_getenv ("VS_SCREENSHOT_DIR");
  if (dir == NULL)
    return;
  g_mkdir_with_parents (dir, 0755);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *name = g_strconcat (japanese () ? "export-ja-" : "export-", base, NULL);
  g_autoptr (GFile) src = g_file_new_for_path (path);
  g_autoptr (GFile) dst = g_file_new_build_filename (dir, name, NULL);
  g_assert_true (g_file_copy (src, dst, G_FILE_COPY_OVERWRITE, NULL, NULL, NULL, NULL));
}

static void
remove_tree (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      GDir *d = g_dir_open (path, 0, NULL);
      const char *name;
      while (d && (name = g_dir_read_name (d)))
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          remove_tree (child);
        }
      if (d)
        g_dir_close (d);
      g_rmdir (path);
    }
  else
    g_remove (path);
}

static char *
tmp_file (const char *name)
{
  return g_build_filename (tmpdir, name, NULL);
}

/* r, g, b of pixel (x, y) (un-premultiplied enough for opaque images). */
static void
pixel (cairo_surface_t *s, int x, int y, int rgb[3])
{
  const guint8 *d = cairo_image_surface_get_data (s) + y * cairo_image_surface_get_stride (s) + 4 * x;
  guint32 p = *(const guint32 *) d;
  rgb[0] = (p >> 16) & 0xff;
  rgb[1] = (p >> 8) & 0xff;
  rgb[2] = p & 0xff;
}

static int
rgb_distance (const int a[3], const int b[3])
{
  return abs (a[0] - b[0]) + abs (a[1] - b[1]) + abs (a[2] - b[2]);
}

static cairo_surface_t *
load_png (const char *path)
{
  cairo_surface_t *s = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_flush (s);
  return s;
}

/* The diagram of node as the test expects the window to export it: the
 * node's position, its move as the last move, its shapes, the board theme of
 * GSettings, the given piece set, coordinates as in GSettings. */
static void
expected_options (VsGameNode *node, const char *piece_set, int size, VsBoardShape *shapes,
                  int *n_shapes, VsDiagramOptions *o, char **theme)
{
  GSettings *st = vs_application_get_settings (app_test_application ());
  vs_diagram_options_init (o);
  *theme = g_settings_get_string (st, "board-theme");
  o->theme = *theme;
  o->piece_set = piece_set;
  o->size = size;
  o->coordinates = g_settings_get_boolean (st, "show-coordinates");
  o->last_move = vs_game_node_get_move (node);
  o->show_check = TRUE;
  const VsShape *rs;
  guint n = vs_game_node_get_shapes (node, &rs);
  static const char letters[] = "GRBY";
  for (guint i = 0; i < n; i++)
    {
      shapes[i].from = rs[i].from;
      shapes[i].to = rs[i].to;
      shapes[i].color = (uint8_t) (strchr (letters, rs[i].color) - letters);
    }
  *n_shapes = n;
  o->shapes = shapes;
  o->n_shapes = n;
}

static VsWindow *
window_at_ply (const char *record, guint ply)
{
  g_autofree char *path = app_test_data (record);
  VsWindow *win = app_test_window ();
  app_test_open (win, path);
  for (guint i = 0; i < ply; i++)
    app_test_action (win, "win.go-next", NULL);
  g_assert_cmpuint (vs_game_node_get_ply (vs_window_get_cursor (win)), ==, ply);
  return win;
}

/* ---- Diagram ------------------------------------------------------------------ */

static void
test_export_diagram (void)
{
  GSettings *st = vs_application_get_settings (app_test_application ());
  g_settings_set_string (st, "board-theme", "slate");
  VsWindow *win = window_at_ply ("records/crazyhouse/lichess-2018-jannlee-crazyara.pgn", 5);
  VsGameNode *node = vs_window_get_cursor (win);

  /* An arrow drawn on the board (a3 → h3, red) is stored on the move shown. */
  VsBoardView *board = VS_BOARD_VIEW (vs_window_get_board (win));
  VsBoardShape arrow = { 16, 23, VS_SHAPE_RED };
  g_assert_true (vs_board_controller_toggle_shape (vs_board_view_get_controller (board), arrow));
  vs_board_view_handle_change (board, VS_BOARD_CHANGED_SHAPES);
  app_test_run (20);
  g_assert_cmpuint (vs_game_node_get_shapes (node, NULL), ==, 1);

  g_autofree char *svgf = tmp_file ("zh-5.svg");
  g_autofree char *pngf = tmp_file ("zh-5.png");
  g_assert_true (export (win, "win.export-diagram-to", g_variant_new ("(si)", svgf, 600)));
  g_assert_true (export (win, "win.export-diagram-to", g_variant_new ("(si)", pngf, 600)));
  g_assert_true (g_file_test (svgf, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (pngf, G_FILE_TEST_IS_REGULAR));
  g_assert_nonnull (strstr (vs_window_get_message (win), "zh-5.png"));
  g_autofree char *done = message_start ("Diagram exported to “%s”.");
  g_assert_true (g_str_has_prefix (vs_window_get_message (win), done));

  /* The PNG: the requested size (longer side, whole squares) … */
  cairo_surface_t *png = load_png (pngf);
  int w = cairo_image_surface_get_width (png), h = cairo_image_surface_get_height (png);
  g_test_message ("PNG %d×%d for 600 px", w, h);
  keep (pngf);
  keep (svgf);
  g_assert_cmpint (MAX (w, h), <=, 600);
  g_assert_cmpint (MAX (w, h), >, 600 - 600 / 8);
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  g_assert_true (vs_game_node_position (node, pos));
  VsBoardShape shapes[8];
  int n_shapes;
  VsDiagramOptions o;
  g_autofree char *theme = NULL;
  expected_options (node, NULL, 600, shapes, &n_shapes, &o, &theme);
  g_assert_cmpstr (theme, ==, "slate");
  g_assert_cmpint (n_shapes, ==, 1);
  VsBoardLayout layout;
  int lw, lh;
  g_assert_true (vs_diagram_layout (pos, &o, &layout, &lw, &lh, NULL));
  g_assert_cmpint (w, ==, lw);
  g_assert_cmpint (h, ==, lh);

  /* … exactly the diagram of the cursor's position with its arrow. */
  g_autoptr (GError) error = NULL;
  cairo_surface_t *expected = vs_diagram_render (pos, &o, &error);
  g_assert_no_error (error);
  double mean, close;
  vs_test_image_compare (png, expected, &mean, &close);
  g_assert_cmpfloat (mean, ==, 0.0);

  /* The SVG renders like the PNG. */
  cairo_surface_t *fromsvg = vs_test_render_svg_file (svgf, w, h);
  vs_test_image_compare (png, fromsvg, &mean, &close);
  g_test_message ("SVG vs PNG: mean diff %.3f, %.4f of pixels within 48", mean, close);
  g_assert_cmpfloat (mean, <, 2.0);
  g_assert_cmpfloat (close, >, 0.99);
  g_autofree char *svg = NULL;
  g_assert_true (g_file_get_contents (svgf, &svg, NULL, NULL));
  g_assert_null (strstr (svg, "<image"));
  g_assert_nonnull (strstr (svg, "<symbol"));

  /* Probes: the arrow's middle is red, and red only with the arrow; the
   * square the last move left is tinted, and only with the highlight. */
  double x1, y1, x2, y2;
  vs_board_layout_square_center (&layout, arrow.from, &x1, &y1);
  vs_board_layout_square_center (&layout, arrow.to, &x2, &y2);
  int mx = (int) ((x1 + x2) / 2), my = (int) ((y1 + y2) / 2);
  VsDiagramOptions plain = o;
  plain.n_shapes = 0;
  plain.last_move = VS_MOVE_NONE;
  cairo_surface_t *without = vs_diagram_render (pos, &plain, &error);
  g_assert_no_error (error);
  int with_rgb[3], without_rgb[3];
  pixel (png, mx, my, with_rgb);
  pixel (without, mx, my, without_rgb);
  g_test_message ("arrow probe (%d,%d): %d,%d,%d (board %d,%d,%d)", mx, my, with_rgb[0], with_rgb[1],
                  with_rgb[2], without_rgb[0], without_rgb[1], without_rgb[2]);
  g_assert_cmpint (with_rgb[0] - MAX (with_rgb[1], with_rgb[2]), >, 60);
  g_assert_cmpint (rgb_distance (with_rgb, without_rgb), >, 90);

  int from = VS_MOVE_FROM (vs_game_node_get_move (node));
  g_assert_cmpint (pos->board[from], ==, VS_PIECE_NONE);   /* the square the move left is empty */
  VsRect r;
  vs_board_layout_piece_rect (&layout, from, &r);
  int fx = (int) (r.x + r.w * 0.2), fy = (int) (r.y + r.h * 0.2);
  pixel (png, fx, fy, with_rgb);
  pixel (without, fx, fy, without_rgb);
  g_test_message ("last-move probe (%d,%d): %d,%d,%d (plain %d,%d,%d)", fx, fy, with_rgb[0], with_rgb[1],
                  with_rgb[2], without_rgb[0], without_rgb[1], without_rgb[2]);
  g_assert_cmpint (rgb_distance (with_rgb, without_rgb), >, 30);

  /* The next move: another picture, without the arrow (it belongs to move 5). */
  app_test_action (win, "win.go-next", NULL);
  g_autofree char *next = tmp_file ("zh-6.png");
  g_assert_true (export (win, "win.export-diagram-to", g_variant_new ("(si)", next, 600)));
  cairo_surface_t *png6 = load_png (next);
  pixel (png6, mx, my, with_rgb);
  g_assert_cmpint (rgb_distance (with_rgb, without_rgb), <, 200);
  vs_test_image_compare (png, png6, &mean, &close);
  g_assert_cmpfloat (mean, >, 0.5);

  cairo_surface_destroy (png6);
  cairo_surface_destroy (without);
  cairo_surface_destroy (fromsvg);
  cairo_surface_destroy (expected);
  cairo_surface_destroy (png);
  gtk_window_destroy (GTK_WINDOW (win));
  g_settings_reset (st, "board-theme");
}

/* Janggi: the piece set of GSettings and a small PNG. */
static void
test_export_diagram_janggi (void)
{
  GSettings *st = vs_application_get_settings (app_test_application ());
  VsWindow *win = window_at_ply ("records/janggi/mandarinai-2016-ha-vs-jeon.gib", 3);
  const VsVariant *v = vs_game_get_variant (vs_window_get_game (win));
  const char *const *sets = vs_piece_set_names_for_variant (v);
  g_autofree char *current = g_strdup (vs_board_view_get_piece_set (VS_BOARD_VIEW (vs_window_get_board (win))));
  const char *other = NULL;
  for (int i = 0; sets[i]; i++)
    if (!g_str_equal (sets[i], current))
      other = sets[i];
  g_assert_nonnull (other);
  g_settings_set_string (st, "piece-set-janggi", other);
  app_test_run (20);

  g_autofree char *pngf = tmp_file ("janggi-3.png");
  g_assert_true (export (win, "win.export-diagram-to", g_variant_new ("(si)", pngf, 240)));
  cairo_surface_t *png = load_png (pngf);
  int w = cairo_image_surface_get_width (png), h = cairo_image_surface_get_height (png);
  g_test_message ("Janggi PNG %d×%d for 240 px, pieces %s", w, h, other);
  keep (pngf);
  g_assert_cmpint (MAX (w, h), <=, 240);
  g_assert_cmpint (MAX (w, h), >, 200);

  VsGameNode *node = vs_window_get_cursor (win);
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  g_assert_true (vs_game_node_position (node, pos));
  VsBoardShape shapes[8];
  int n_shapes;
  VsDiagramOptions o;
  g_autofree char *theme = NULL;
  expected_options (node, other, 240, shapes, &n_shapes, &o, &theme);
  g_autoptr (GError) error = NULL;
  cairo_surface_t *expected = vs_diagram_render (pos, &o, &error);
  g_assert_no_error (error);
  double mean, close;
  vs_test_image_compare (png, expected, &mean, &close);
  g_assert_cmpfloat (mean, ==, 0.0);
  /* and not the picture of the other set */
  o.piece_set = current;
  cairo_surface_t *first = vs_diagram_render (pos, &o, &error);
  g_assert_no_error (error);
  vs_test_image_compare (png, first, &mean, &close);
  g_assert_cmpfloat (mean, >, 0.5);

  cairo_surface_destroy (first);
  cairo_surface_destroy (expected);
  cairo_surface_destroy (png);
  gtk_window_destroy (GTK_WINDOW (win));
  g_settings_reset (st, "piece-set-janggi");
}

static char *
pdfinfo (const char *pdf, int *pages)
{
  g_autofree char *out = NULL;
  int status = -1;
  const char *argv[] = { "pdfinfo", pdf, NULL };
  g_autoptr (GError) error = NULL;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_autoptr (GMatchInfo) mi = NULL;
  g_autoptr (GRegex) re = g_regex_new ("^Pages:\\s+(\\d+)", G_REGEX_MULTILINE, 0, NULL);
  g_assert_true (g_regex_match (re, out, 0, &mi));
  g_autofree char *n = g_match_info_fetch (mi, 1);
  *pages = atoi (n);
  g_autoptr (GMatchInfo) mi2 = NULL;
  g_autoptr (GRegex) re2 = g_regex_new ("^Page size:\\s+(.*)$", G_REGEX_MULTILINE, 0, NULL);
  g_assert_true (g_regex_match (re2, out, 0, &mi2));
  return g_match_info_fetch (mi2, 1);
}

/* The dialog: a file chooser with SVG/PNG filters and a size choice; the
 * file and size chosen in it are written (and the size is remembered). */
static GtkWidget *
find_dialog (VsWindow *win)
{
  GListModel *tops = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (tops, i);
      if (GTK_IS_FILE_CHOOSER (w) && gtk_window_get_transient_for (w) == GTK_WINDOW (win)
          && gtk_widget_get_visible (GTK_WIDGET (w)))
        return GTK_WIDGET (w);
    }
  return NULL;
}

/* Selects the item labelled label in the dialog's choice drop-downs, as a
 * user would (gtk_file_chooser_set_choice() does not work on GTK 4.8). */
static gboolean
choose (GtkWidget *w, const char *label)
{
  if (GTK_IS_DROP_DOWN (w) && GTK_IS_STRING_LIST (gtk_drop_down_get_model (GTK_DROP_DOWN (w))))
    {
      GtkStringList *l = GTK_STRING_LIST (gtk_drop_down_get_model (GTK_DROP_DOWN (w)));
      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (l)); i++)
        if (g_str_equal (gtk_string_list_get_string (l, i), label))
          {
            gtk_drop_down_set_selected (GTK_DROP_DOWN (w), i);
            return TRUE;
          }
    }
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    if (choose (c, label))
      return TRUE;
  return FALSE;
}

G_GNUC_BEGIN_IGNORE_DEPRECATIONS
static void
test_export_dialogs (void)
{
  GSettings *st = vs_application_get_settings (app_test_application ());
  VsWindow *win = window_at_ply ("records/crazyhouse/lichess-2018-jannlee-crazyara.pgn", 2);

  app_test_action (win, "win.export-diagram", NULL);
  app_test_run (100);
  GtkWidget *dialog = find_dialog (win);
  g_assert_nonnull (dialog);
  GtkFileChooser *chooser = GTK_FILE_CHOOSER (dialog);
  g_autofree char *suggested = gtk_file_chooser_get_current_name (chooser);
  g_assert_true (g_str_has_suffix (suggested, "-2.svg"));
  g_autoptr (GListModel) filters = gtk_file_chooser_get_filters (chooser);
  g_assert_cmpuint (g_list_model_get_n_items (filters), ==, 2);
  g_assert_cmpstr (gtk_file_chooser_get_choice (chooser, "size"), ==, "800");
  const char *shots = g_getenv ("VS_SCREENSHOT_DIR");
  if (shots)
    {
      g_mkdir_with_parents (shots, 0755);
      g_autofree char *shot = g_build_filename (shots, japanese () ? "export-ja-diagram-dialog.png"
                                                                  : "export-diagram-dialog.png", NULL);
      g_autoptr (GError) error = NULL;
      g_assert_true (app_test_screenshot (dialog, shot, &error));
    }
  g_autoptr (GFile) dir = g_file_new_for_path (tmpdir);
  g_assert_true (gtk_file_chooser_set_current_folder (chooser, dir, NULL));
  gtk_file_chooser_set_current_name (chooser, "from-dialog.png");
  g_assert_true (choose (dialog, "480 px"));
  g_assert_cmpstr (gtk_file_chooser_get_choice (chooser, "size"), ==, "480");
  Exported e = { 0, FALSE };
  gulong id = g_signal_connect (win, "exported", G_CALLBACK (exported_cb), &e);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  for (int i = 0; i < 100 && e.count == 0; i++)
    app_test_run (20);
  g_assert_cmpuint (e.count, ==, 1);
  g_assert_true (e.ok);
  g_autofree char *pngf = tmp_file ("from-dialog.png");
  cairo_surface_t *png = load_png (pngf);
  int w = cairo_image_surface_get_width (png), h = cairo_image_surface_get_height (png);
  g_assert_cmpint (MAX (w, h), <=, 480);
  g_assert_cmpint (MAX (w, h), >, 420);
  cairo_surface_destroy (png);
  g_assert_cmpint (g_settings_get_int (st, "diagram-export-size"), ==, 480);

  /* The PNG type picked in the filter list turns the suggested .svg into
   * .png; a typed extension wins over the filter. */
  static const struct { const char *typed; gboolean pick_png; const char *written; } picks[] = {
    { "picked.svg", TRUE, "picked.png" },
    { "typed.svg", FALSE, "typed.svg" },
    { "bare", TRUE, "bare.png" },
    { "bare", FALSE, "bare.svg" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (picks); i++)
    {
      app_test_action (win, "win.export-diagram", NULL);
      app_test_run (100);
      dialog = find_dialog (win);
      g_assert_nonnull (dialog);
      chooser = GTK_FILE_CHOOSER (dialog);
      g_assert_true (gtk_file_chooser_set_current_folder (chooser, dir, NULL));
      gtk_file_chooser_set_current_name (chooser, picks[i].typed);
      if (picks[i].pick_png)
        {
          g_autoptr (GListModel) fl = gtk_file_chooser_get_filters (chooser);
          g_autoptr (GtkFileFilter) png_filter = g_list_model_get_item (fl, 1);
          gtk_file_chooser_set_filter (chooser, png_filter);
        }
      e.count = 0;
      gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
      for (int k = 0; k < 100 && e.count == 0; k++)
        app_test_run (20);
      g_assert_cmpuint (e.count, ==, 1);
      g_assert_true (e.ok);
      g_autofree char *written = tmp_file (picks[i].written);
      g_assert_true (g_file_test (written, G_FILE_TEST_IS_REGULAR));
      g_remove (written);
    }

  /* The study sheet dialog: a PDF filter, a paper choice; Letter chosen. */
  app_test_action (win, "win.export-sheet", NULL);
  app_test_run (100);
  dialog = find_dialog (win);
  g_assert_nonnull (dialog);
  chooser = GTK_FILE_CHOOSER (dialog);
  g_autofree char *sheet_name = gtk_file_chooser_get_current_name (chooser);
  g_assert_true (g_str_has_suffix (sheet_name, ".pdf"));
  /* the locale's paper first, as printing does */
  g_assert_cmpstr (gtk_file_chooser_get_choice (chooser, "paper"), ==,
                   g_str_equal (gtk_paper_size_get_default (), GTK_PAPER_NAME_LETTER) ? "letter" : "a4");
  g_assert_true (gtk_file_chooser_set_current_folder (chooser, dir, NULL));
  gtk_file_chooser_set_current_name (chooser, "from-dialog");   /* no extension: .pdf added */
  g_assert_true (choose (dialog, _("US Letter")));
  if (japanese ())
    g_assert_cmpstr (_("US Letter"), !=, "US Letter");
  g_assert_cmpstr (gtk_file_chooser_get_choice (chooser, "paper"), ==, "letter");
  e.count = 0;
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  for (int i = 0; i < 500 && e.count == 0; i++)
    app_test_run (20);
  g_assert_cmpuint (e.count, ==, 1);
  g_assert_true (e.ok);
  g_signal_handler_disconnect (win, id);
  g_autofree char *pdf = tmp_file ("from-dialog.pdf");
  int pages = 0;
  g_autofree char *page_size = pdfinfo (pdf, &pages);
  g_assert_cmpstr (page_size, ==, "612 x 792 pts (letter)");
  g_assert_cmpint (pages, >=, 1);

  /* Cancel writes nothing. */
  app_test_action (win, "win.export-diagram", NULL);
  app_test_run (100);
  dialog = find_dialog (win);
  g_assert_nonnull (dialog);
  gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (dialog), dir, NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), "cancelled.svg");
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  app_test_run (100);
  g_autofree char *cancelled = tmp_file ("cancelled.svg");
  g_assert_false (g_file_test (cancelled, G_FILE_TEST_EXISTS));
  g_assert_null (find_dialog (win));

  gtk_window_destroy (GTK_WINDOW (win));
  g_settings_reset (st, "diagram-export-size");
}
G_GNUC_END_IGNORE_DEPRECATIONS

/* ---- Study sheet ------------------------------------------------------------ */

typedef struct {
  gint64 last;
  gint64 longest;
} Ticks;

static gboolean
tick_cb (gpointer data)
{
  Ticks *t = data;
  gint64 now = g_get_monotonic_time ();
  t->longest = MAX (t->longest, now - t->last);
  t->last = now;
  return G_SOURCE_CONTINUE;
}

static void
test_export_sheet (void)
{
  VsWindow *win = window_at_ply ("records/crazyhouse/lichess-2018-jannlee-crazyara.pgn", 10);
  VsGame *game = vs_window_get_game (win);
  static const struct { const char *paper; VsPaper id; const char *size; } papers[] = {
    { "a4", VS_PAPER_A4, "595.276 x 841.89 pts (A4)" },
    { "letter", VS_PAPER_LETTER, "612 x 792 pts (letter)" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (papers); i++)
    {
      double pw, ph;
      vs_paper_size (papers[i].id, &pw, &ph);
      g_autoptr (GError) error = NULL;
      g_autoptr (VsStudySheet) sheet = vs_study_sheet_new (game, pw, ph, &error);
      g_assert_no_error (error);
      int expected_pages = vs_study_sheet_get_n_pages (sheet);

      g_autofree char *name = g_strdup_printf ("sheet-%s.pdf", papers[i].paper);
      g_autofree char *pdf = tmp_file (name);
      Ticks t = { g_get_monotonic_time (), 0 };
      guint tick = g_timeout_add (5, tick_cb, &t);
      gint64 start = g_get_monotonic_time ();
      gboolean ok = export (win, "win.export-sheet-to", g_variant_new ("(ss)", pdf, papers[i].paper));
      gint64 took = g_get_monotonic_time () - start;
      g_source_remove (tick);
      g_assert_true (ok);
      g_test_message ("%s: %d pages in %.0f ms, longest main-loop pause %.0f ms", papers[i].paper,
                      expected_pages, took / 1000.0, t.longest / 1000.0);
      int pages = 0;
      g_autofree char *size = pdfinfo (pdf, &pages);
      g_assert_cmpstr (size, ==, papers[i].size);
      g_assert_cmpint (pages, >=, 1);
      g_assert_cmpint (pages, ==, expected_pages);
      g_assert_nonnull (strstr (vs_window_get_message (win), name));
      keep (pdf);
    }
  /* Exporting does not change the game. */
  g_assert_false (vs_window_get_modified (win));

  /* Closing the window while a sheet is being written stops it: no crash,
   * no "exported", no file (and no half file: it is written whole or not). */
  g_autofree char *late = tmp_file ("closed.pdf");
  Exported e = { 0, FALSE };
  g_signal_connect (win, "exported", G_CALLBACK (exported_cb), &e);
  g_object_ref (win);
  gtk_widget_activate_action (GTK_WIDGET (win), "win.export-sheet-to", "(ss)", late, "a4");
  gtk_window_close (GTK_WINDOW (win));
  app_test_run (1500);
  g_assert_cmpuint (e.count, ==, 0);
  g_assert_false (g_file_test (late, G_FILE_TEST_EXISTS));
  g_object_unref (win);
}

/* ---- Errors ------------------------------------------------------------------- */

static void
expect_error (VsWindow *win, const char *action, GVariant *param, const char *path, const char *start)
{
  g_assert_false (export (win, action, param));
  const char *msg = vs_window_get_message (win);
  g_assert_nonnull (msg);
  g_test_message ("%s", msg);
  g_assert_true (g_str_has_prefix (msg, start));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

static void
test_export_errors (void)
{
  VsWindow *win = window_at_ply ("records/crazyhouse/lichess-2018-jannlee-crazyara.pgn", 4);
  g_autofree char *diagram = message_start ("Could not export the diagram: %s");
  g_autofree char *sheet = message_start ("Could not export the study sheet: %s");
  g_autofree char *missing_dir = tmp_file ("no-such-dir");
  g_autofree char *svgf = g_build_filename (missing_dir, "x.svg", NULL);
  g_autofree char *pngf = g_build_filename (missing_dir, "x.png", NULL);
  g_autofree char *pdf = g_build_filename (missing_dir, "x.pdf", NULL);
  g_autofree char *gif = tmp_file ("x.gif");
  g_autofree char *tiny = tmp_file ("tiny.png");
  g_autofree char *legal = tmp_file ("legal.pdf");

  expect_error (win, "win.export-diagram-to", g_variant_new ("(si)", svgf, 600), svgf, diagram);
  g_assert_nonnull (strstr (vs_window_get_message (win), "no-such-dir"));
  expect_error (win, "win.export-diagram-to", g_variant_new ("(si)", pngf, 600), pngf, diagram);
  expect_error (win, "win.export-diagram-to", g_variant_new ("(si)", gif, 600), gif, diagram);
  expect_error (win, "win.export-diagram-to", g_variant_new ("(si)", tiny, 8), tiny, diagram);
  g_assert_nonnull (strstr (vs_window_get_message (win), "16384"));
  expect_error (win, "win.export-sheet-to", g_variant_new ("(ss)", pdf, "a4"), pdf, sheet);
  g_assert_nonnull (strstr (vs_window_get_message (win), "no-such-dir"));
  /* a folder nobody may create files in, root included: the writers' errors */
  if (g_file_test ("/proc/self", G_FILE_TEST_IS_DIR))
    {
      expect_error (win, "win.export-diagram-to", g_variant_new ("(si)", "/proc/vs-export.svg", 300),
                    "/proc/vs-export.svg", diagram);
      expect_error (win, "win.export-diagram-to", g_variant_new ("(si)", "/proc/vs-export.png", 300),
                    "/proc/vs-export.png", diagram);
      expect_error (win, "win.export-sheet-to", g_variant_new ("(ss)", "/proc/vs-export.pdf", "a4"),
                    "/proc/vs-export.pdf", sheet);
      g_assert_nonnull (strstr (vs_window_get_message (win), "vs-export.pdf"));
    }
  expect_error (win, "win.export-sheet-to", g_variant_new ("(ss)", legal, "legal"), legal, sheet);
  /* a directory where the file should go */
  g_assert_false (export (win, "win.export-sheet-to", g_variant_new ("(ss)", tmpdir, "a4")));
  g_assert_true (g_str_has_prefix (vs_window_get_message (win), sheet));
  g_test_message ("%s", vs_window_get_message (win));
  g_assert_false (export (win, "win.export-diagram-to", g_variant_new ("(si)", tmpdir, 100)));
  g_assert_true (g_str_has_prefix (vs_window_get_message (win), diagram));
  g_assert_true (g_file_test (tmpdir, G_FILE_TEST_IS_DIR));

  /* the window still works */
  g_autofree char *ok = tmp_file ("after-errors.svg");
  g_assert_true (export (win, "win.export-diagram-to", g_variant_new ("(si)", ok, 0)));
  g_assert_true (g_file_test (ok, G_FILE_TEST_IS_REGULAR));
  gtk_window_destroy (GTK_WINDOW (win));
}

/* The window's main menu holds both exports. */
static gboolean
model_has_action (GMenuModel *model, const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *a = NULL;
      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &a) && g_str_equal (a, action))
        return TRUE;
      g_autoptr (GMenuLinkIter) links = g_menu_model_iterate_item_links (model, i);
      GMenuModel *sub;
      while (g_menu_link_iter_get_next (links, NULL, &sub))
        {
          gboolean found = model_has_action (sub, action);
          g_object_unref (sub);
          if (found)
            return TRUE;
        }
    }
  return FALSE;
}

static gboolean
widget_menus_have_action (GtkWidget *w, const char *action)
{
  if (GTK_IS_MENU_BUTTON (w))
    {
      GMenuModel *m = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (w));
      if (m && model_has_action (m, action))
        return TRUE;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    if (widget_menus_have_action (c, action))
      return TRUE;
  return FALSE;
}

static gboolean
same_accel (const char *a, const char *b)
{
  guint ka, kb;
  GdkModifierType ma, mb;
  g_assert_nonnull (a);
  g_assert_true (gtk_accelerator_parse (a, &ka, &ma));
  g_assert_true (gtk_accelerator_parse (b, &kb, &mb));
  return ka == kb && ma == mb;
}

static void
test_menu (void)
{
  VsWindow *win = app_test_window ();
  GtkWidget *titlebar = gtk_window_get_titlebar (GTK_WINDOW (win));
  g_assert_true (widget_menus_have_action (titlebar, "win.export-diagram"));
  g_assert_true (widget_menus_have_action (titlebar, "win.export-sheet"));
  g_assert_false (widget_menus_have_action (titlebar, "win.no-such-export"));
  /* no game yet: nothing to export */
  g_autofree char *none = tmp_file ("no-game.svg");
  gtk_widget_activate_action (GTK_WIDGET (win), "win.export-diagram-to", "(si)", none, 100);
  app_test_run (20);
  g_assert_false (g_file_test (none, G_FILE_TEST_EXISTS));
  g_auto (GStrv) ad = gtk_application_get_accels_for_action (GTK_APPLICATION (app_test_application ()),
                                                            "win.export-diagram");
  g_auto (GStrv) as = gtk_application_get_accels_for_action (GTK_APPLICATION (app_test_application ()),
                                                            "win.export-sheet");
  g_assert_true (same_accel (ad[0], "<Control><Shift>e"));
  g_assert_true (same_accel (as[0], "<Control><Alt>p"));
  gtk_window_destroy (GTK_WINDOW (win));
}

int
main (int argc, char *argv[])
{
  tmpdir = g_dir_make_tmp ("vs-export-test-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", tmpdir, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  vs_test_bind_catalogue (GETTEXT_PACKAGE);
  gtk_test_init (&argc, &argv, NULL);
  app_test_application ();

  g_test_add_func ("/export/menu", test_menu);
  g_test_add_func ("/export/diagram", test_export_diagram);
  g_test_add_func ("/export/diagram-janggi", test_export_diagram_janggi);
  g_test_add_func ("/export/dialogs", test_export_dialogs);
  g_test_add_func ("/export/sheet", test_export_sheet);
  g_test_add_func ("/export/errors", test_export_errors);
  int status = g_test_run ();
  remove_tree (tmpdir);
  return status;
}
