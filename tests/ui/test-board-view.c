/* test-board-view.c — VsBoardView rendered for real (run under Xvfb with
 * GSK_RENDERER=cairo): pixel probes check that every piece of each start
 * position is drawn on its square with its own art, that empty squares stay
 * empty, that highlights, arrows, circles, legal-move dots, capture marks
 * and the dragged piece appear where they are set; and the widget's
 * signals, chooser, pass action and properties. */
#include "config.h"
#include "vs-board-view.h"
#include "vs-board-theme.h"
#include "vs-piece-set.h"
#include "vs-board-test-util.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

typedef struct {
  int w, h, stride;
  guint8 *data;    /* cairo ARGB32 premultiplied (B G R A in memory) */
} Image;

static GtkWidget *window;
static GtkWidget *board;

static void
image_free (Image *im)
{
  g_free (im->data);
  im->data = NULL;
}

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

/* Renders the board widget (logical pixels × scale) into an image. */
static Image
render_scaled (int scale)
{
  int w = gtk_widget_get_width (board), h = gtk_widget_get_height (board);
  GtkSnapshot *s = gtk_snapshot_new ();
  gtk_snapshot_scale (s, scale, scale);
  GTK_WIDGET_GET_CLASS (board)->snapshot (board, s);
  GskRenderNode *node = gtk_snapshot_free_to_node (s);
  g_assert_nonnull (node);
  GskRenderer *r = gtk_native_get_renderer (gtk_widget_get_native (board));
  GdkTexture *t = gsk_renderer_render_texture (r, node, &GRAPHENE_RECT_INIT (0, 0, w * scale, h * scale));
  Image im = { gdk_texture_get_width (t), gdk_texture_get_height (t), 0, NULL };
  im.stride = im.w * 4;
  im.data = g_malloc (im.stride * im.h);
  gdk_texture_download (t, im.data, im.stride);
  g_object_unref (t);
  gsk_render_node_unref (node);
  return im;
}

/* With VS_BOARD_SHOTS=DIR, renders are also saved there to be looked at. */
static void
shot (const Image *im, const char *name)
{
  const char *dir = g_getenv ("VS_BOARD_SHOTS");
  if (dir == NULL)
    return;
  g_mkdir_with_parents (dir, 0755);
  g_autofree char *file = g_strdup_printf ("%s/%s.png", dir, name);
  cairo_surface_t *s = cairo_image_surface_create_for_data (im->data, CAIRO_FORMAT_ARGB32, im->w, im->h, im->stride);
  cairo_surface_write_to_png (s, file);
  cairo_surface_destroy (s);
}

static Image
render (void)
{
  return render_scaled (1);
}

static void
pixel (const Image *im, int x, int y, int rgb[3])
{
  g_assert_true (x >= 0 && y >= 0 && x < im->w && y < im->h);
  const guint8 *p = im->data + y * im->stride + 4 * x;
  rgb[0] = p[2];
  rgb[1] = p[1];
  rgb[2] = p[0];
}

static int
pixel_diff (const Image *a, const Image *b, int x, int y)
{
  int p[3], q[3];
  pixel (a, x, y, p);
  pixel (b, x, y, q);
  return MAX (abs (p[0] - q[0]), MAX (abs (p[1] - q[1]), abs (p[2] - q[2])));
}

/* Fraction of the opaque pixels of the piece's art (rasterised alone at the
 * size the board draws it) that the rendered board shows unchanged there. */
static double
piece_match_full (const Image *im, const VsBoardLayout *l, int sq, const char *asset, int scale,
                  gboolean edges_only)
{
  VsRect r;
  vs_board_layout_piece_rect (l, sq, &r);
  int x0 = (int) lround (r.x * scale), y0 = (int) lround (r.y * scale);
  int pw = (int) lround (r.w * scale), ph = (int) lround (r.h * scale);
  cairo_surface_t *ref = vs_board_asset_rasterize (asset, pw, ph, NULL);
  g_assert_nonnull (ref);
  const guint8 *d = cairo_image_surface_get_data (ref);
  int stride = cairo_image_surface_get_stride (ref);
  int total = 0, same = 0;
  for (int y = 0; y < ph; y++)
    for (int x = 0; x < pw; x++)
      {
        const guint8 *q = d + y * stride + 4 * x;
        if (edges_only)
          {
            /* only where the art has sharp detail: a blurred or shifted
             * raster differs there */
            if (x + 1 >= pw || y + 1 >= ph)
              continue;
            const guint8 *qr = q + 4, *qd = q + stride;
            int dr = MAX (abs (q[0] - qr[0]), MAX (abs (q[1] - qr[1]), abs (q[2] - qr[2])));
            int dd = MAX (abs (q[0] - qd[0]), MAX (abs (q[1] - qd[1]), abs (q[2] - qd[2])));
            if (MAX (dr, dd) < 24 || qr[3] != 255 || qd[3] != 255)
              continue;
          }
        if (q[3] != 255 || x0 + x < 0 || y0 + y < 0 || x0 + x >= im->w || y0 + y >= im->h)
          continue;
        int p[3];
        pixel (im, x0 + x, y0 + y, p);
        total++;
        if (abs (p[0] - q[2]) <= 10 && abs (p[1] - q[1]) <= 10 && abs (p[2] - q[0]) <= 10)
          same++;
      }
  cairo_surface_destroy (ref);
  if (total == 0)
    g_error ("no pixels to compare for %s at %dx%d", asset, pw, ph);
  return same / (double) total;
}

static double
piece_match (const Image *im, const VsBoardLayout *l, int sq, const char *asset, int scale)
{
  return piece_match_full (im, l, sq, asset, scale, FALSE);
}

/* Fraction of a cell's pixels equal in two images. */
static double
cell_same_scaled (const Image *a, const Image *b, const VsBoardLayout *l, int sq, int scale)
{
  double cx, cy;
  vs_board_layout_square_center (l, sq, &cx, &cy);
  cx *= scale;
  cy *= scale;
  int r = (int) (l->unit * scale * 0.45);
  int total = 0, same = 0;
  for (int y = (int) cy - r; y < (int) cy + r; y++)
    for (int x = (int) cx - r; x < (int) cx + r; x++)
      {
        total++;
        if (pixel_diff (a, b, x, y) <= 6)
          same++;
      }
  return same / (double) total;
}

static double
cell_same (const Image *a, const Image *b, const VsBoardLayout *l, int sq)
{
  return cell_same_scaled (a, b, l, sq, 1);
}

typedef struct {
  const char *id;
  VsTestKind kind;
  const char *board;
} StartPos;

static const StartPos starts[] = {
  { "crazyhouse", VS_TEST_CRAZYHOUSE, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR" },
  { "chartima", VS_TEST_CHARTIMA,
    "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLI" },
  { "janggi", VS_TEST_JANGGI, "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR" },
  { "strato", VS_TEST_STRATO,
    "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/8/8" },
};

static void
load_start (VsPosition *pos, const StartPos *sp)
{
  if (!vs_test_real_position (pos, sp->id, NULL))
    vs_test_position (pos, vs_test_variant (sp->kind), sp->board, VS_WHITE);
}

static gboolean
front_row (const VsBoardLayout *l, const VsPosition *pos, int sq)
{
  /* in the oblique view, pieces behind others are partly hidden: check the
   * rows nothing stands in front of (White's rank 1, Black's rank 7; turned
   * round, White's rank 2 and Black's rank 8) */
  if (!l->oblique)
    return TRUE;
  int rank = vs_sq_rank (&pos->variant->geom, sq);
  return l->flipped ? rank == 1 || rank == 7 : rank == 0 || rank == 6;
}

static void
check_start_positions (int scale)
{
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  g_autofree VsPosition *empty = g_new0 (VsPosition, 1);
  vs_board_view_set_show_coordinates (VS_BOARD_VIEW (board), FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (starts); i++)
    {
      load_start (pos, &starts[i]);
      const VsVariant *v = pos->variant;
      const char *const *sets = vs_piece_set_names_for_variant (v);
      int views = v->geom.levels > 1 ? 2 : 1;
      for (int s = 0; sets[s]; s++)
        for (int view = 0; view < views; view++)
          for (int flip = 0; flip < 2; flip++)
            {
              vs_board_view_set_strato_view (VS_BOARD_VIEW (board), view);
              vs_board_view_set_flipped (VS_BOARD_VIEW (board), flip);
              vs_board_view_set_piece_set (VS_BOARD_VIEW (board), sets[s]);
              /* empty board first, then the position */
              memcpy (empty, pos, sizeof *pos);
              memset (empty->board, 0, sizeof empty->board);
              vs_board_view_set_position (VS_BOARD_VIEW (board), empty, VS_MOVE_NONE, FALSE);
              Image im0 = render_scaled (scale);
              vs_board_view_set_position (VS_BOARD_VIEW (board), pos, VS_MOVE_NONE, FALSE);
              Image im = render_scaled (scale);
              g_assert_cmpstr (vs_board_view_get_piece_set (VS_BOARD_VIEW (board)), ==, sets[s]);
              const VsBoardLayout *l = vs_board_view_get_layout (VS_BOARD_VIEW (board));
              /* square cells, inside the widget */
              g_assert_cmpfloat (l->area.x, >=, 0);
              g_assert_cmpfloat (l->area.y, >=, 0);
              g_assert_cmpfloat (l->area.x + l->area.w, <=, gtk_widget_get_width (board));
              g_assert_cmpfloat (l->area.y + l->area.h, <=, gtk_widget_get_height (board));
              int n = vs_geometry_squares (&v->geom), checked = 0;
              for (int sq = 0; sq < n; sq++)
                {
                  if (pos->board[sq] == VS_PIECE_NONE)
                    {
                      if (!l->oblique)
                        {
                          double same = cell_same_scaled (&im, &im0, l, sq, scale);
                          if (same < 0.99)
                            g_error ("%s: empty square %d differs from the empty board (%.3f)",
                                     v->id, sq, same);
                        }
                      continue;
                    }
                  if (!front_row (l, pos, sq))
                    continue;
                  const char *asset = vs_piece_set_asset (sets[s], v, pos->board[sq]);
                  g_assert_nonnull (asset);
                  double m = piece_match (&im, l, sq, asset, scale);
                  double edges = piece_match_full (&im, l, sq, asset, scale, TRUE);
                  if (m < 0.9 || edges < 0.85)
                    g_error ("%s %s view %d flip %d scale %d: piece on square %d drawn wrong (match %.3f, at edges %.3f)",
                             v->id, sets[s], view, flip, scale, sq, m, edges);
                  /* and it is not another piece's art: the opposite colour must not match */
                  VsPiece other = pos->board[sq] ^ (1 << 5);
                  const char *oasset = vs_piece_set_asset (sets[s], v, other);
                  if (oasset)
                    g_assert_cmpfloat (piece_match (&im, l, sq, oasset, scale), <, 0.8);
                  checked++;
                }
              g_assert_cmpint (checked, >=, l->oblique ? 16 : 28);
              image_free (&im);
              image_free (&im0);
            }
    }
  vs_board_view_set_flipped (VS_BOARD_VIEW (board), FALSE);
  vs_board_view_set_strato_view (VS_BOARD_VIEW (board), 0);
  vs_board_view_set_piece_set (VS_BOARD_VIEW (board), NULL);
  vs_board_view_set_show_coordinates (VS_BOARD_VIEW (board), TRUE);
}

static void
test_start_positions (void)
{
  resize (700, 600);
  check_start_positions (1);
}

/* HiDPI: rendered at twice the size, the art must match rasters made at
 * twice the size (blurry upscaled textures would not). */
static void
test_start_positions_scale2 (void)
{
  resize (500, 420);
  check_start_positions (2);
}

static void
test_resize_and_themes (void)
{
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  load_start (pos, &starts[1]);
  vs_board_view_set_position (VS_BOARD_VIEW (board), pos, VS_MOVE_NONE, FALSE);
  const VsVariant *v = pos->variant;
  int sqa1 = vs_sq_make (&v->geom, 0, 0, 0);
  for (int size = 400; size <= 1000; size += 300)
    {
      resize (size, size);
      const VsBoardLayout *l = vs_board_view_get_layout (VS_BOARD_VIEW (board));
      g_assert_cmpfloat (l->unit, ==, floor (size / 10.0));
      Image im = render ();
      double m = piece_match (&im, l, sqa1, vs_piece_set_asset (NULL, v, pos->board[sqa1]), 1);
      g_assert_cmpfloat (m, >=, 0.9);
      image_free (&im);
    }
  /* a theme switch changes the squares while the game is open */
  resize (500, 500);
  const VsBoardLayout *l = vs_board_view_get_layout (VS_BOARD_VIEW (board));
  int e5 = vs_sq_make (&v->geom, 0, 4, 4);
  Image wood = render ();
  vs_board_view_set_theme (VS_BOARD_VIEW (board), "slate");
  Image slate = render ();
  g_assert_cmpfloat (cell_same (&wood, &slate, l, e5), <, 0.1);
  vs_board_view_set_theme (VS_BOARD_VIEW (board), "no-such-theme");
  g_assert_cmpstr (vs_board_view_get_theme (VS_BOARD_VIEW (board)), ==, "wood");
  Image back = render ();
  g_assert_cmpfloat (cell_same (&wood, &back, l, e5), >, 0.99);
  image_free (&wood);
  image_free (&slate);
  image_free (&back);
}

static void
test_decorations (void)
{
  resize (640, 640);
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  load_start (pos, &starts[1]);   /* Chartima, 10×10 */
  const VsVariant *v = pos->variant;
  const VsGeometry *g = &v->geom;
  vs_board_view_set_position (VS_BOARD_VIEW (board), pos, VS_MOVE_NONE, FALSE);
  Image base = render ();
  const VsBoardLayout *l = vs_board_view_get_layout (VS_BOARD_VIEW (board));
  int e5 = vs_square_parse (g, "e5", NULL), f6 = vs_square_parse (g, "f6", NULL);
  int a4 = vs_square_parse (g, "a4", NULL), a7 = vs_square_parse (g, "a7", NULL);
  int h5 = vs_square_parse (g, "h5", NULL), i6 = vs_square_parse (g, "i6", NULL);
  VsSquareMark mark = { e5, { 0.0, 0.0, 1.0, 0.8 } };
  vs_board_view_set_marks (VS_BOARD_VIEW (board), &mark, 1);
  VsBoardShape shapes[] = { { a4, a7, VS_SHAPE_GREEN }, { i6, i6, VS_SHAPE_RED } };
  vs_board_view_set_shapes (VS_BOARD_VIEW (board), shapes, 2);
  Image deco = render ();
  shot (&deco, "view-decorations");
  int rgb[3];
  double cx, cy;
  /* the mark: blue over e5 */
  vs_board_layout_square_center (l, e5, &cx, &cy);
  pixel (&deco, cx, cy, rgb);
  g_assert_cmpint (rgb[2], >, rgb[0] + 80);
  /* the arrow: green along a5, a6; not beside it on b5 */
  int a5 = vs_square_parse (g, "a5", NULL), a6 = vs_square_parse (g, "a6", NULL);
  int b5 = vs_square_parse (g, "b5", NULL);
  for (int k = 0; k < 2; k++)
    {
      vs_board_layout_square_center (l, k ? a6 : a5, &cx, &cy);
      pixel (&deco, cx, cy, rgb);
      g_assert_cmpint (rgb[1], >, rgb[0] + 20);
      g_assert_cmpint (rgb[1], >, rgb[2] + 20);
    }
  g_assert_cmpfloat (cell_same (&base, &deco, l, b5), >, 0.99);
  /* the circle: red on its ring, untouched centre */
  vs_board_layout_square_center (l, i6, &cx, &cy);
  pixel (&deco, cx + l->unit * 0.42, cy, rgb);
  g_assert_cmpint (rgb[0], >, rgb[1] + 40);
  g_assert_cmpint (pixel_diff (&base, &deco, cx, cy), <=, 2);
  /* f6 and h5: nothing set there, nothing changed */
  g_assert_cmpfloat (cell_same (&base, &deco, l, f6), >, 0.99);
  g_assert_cmpfloat (cell_same (&base, &deco, l, h5), >, 0.99);
  /* shapes property in the PGN comment form */
  g_auto(GStrv) strv = vs_board_view_dup_shapes_strv (VS_BOARD_VIEW (board));
  g_assert_cmpint (g_strv_length (strv), ==, 2);
  g_assert_cmpstr (strv[0], ==, "Ga4a7");
  g_assert_cmpstr (strv[1], ==, "Ri6");
  /* exported as shown: the SVG has the mark's colour and the arrow's; the PNG
   * has the blue mark on e5 */
  g_autofree char *dir = g_dir_make_tmp ("vs-board-export-XXXXXX", NULL);
  g_autofree char *svgf = g_build_filename (dir, "b.svg", NULL);
  g_autofree char *pngf = g_build_filename (dir, "b.png", NULL);
  g_autoptr(GError) error = NULL;
  g_assert_true (vs_board_view_export (VS_BOARD_VIEW (board), svgf, 500, &error));
  g_assert_no_error (error);
  g_assert_true (vs_board_view_export (VS_BOARD_VIEW (board), pngf, 500, &error));
  g_autofree char *svg = NULL;
  g_assert_true (g_file_get_contents (svgf, &svg, NULL, NULL));
  g_assert_nonnull (strstr (svg, "fill=\"#0000ff\""));
  g_assert_nonnull (strstr (svg, "<polygon"));
  cairo_surface_t *ps = cairo_image_surface_create_from_png (pngf);
  g_assert_cmpint (cairo_image_surface_get_width (ps), ==, 500);
  {
    const guint8 *d = cairo_image_surface_get_data (ps);
    int stride = cairo_image_surface_get_stride (ps);
    const guint8 *px = d + (5 * 50 + 25) * stride + 4 * (4 * 50 + 25);   /* e5 centre, 50 px squares */
    g_assert_cmpint (px[0], >, px[2] + 80);   /* blue over red */
  }
  cairo_surface_destroy (ps);
  g_unlink (svgf);
  g_unlink (pngf);
  g_rmdir (dir);
  /* cleared: the board is as before */
  vs_board_view_set_marks (VS_BOARD_VIEW (board), NULL, 0);
  vs_board_view_set_shapes (VS_BOARD_VIEW (board), NULL, 0);
  Image clear = render ();
  for (int sq = 0; sq < 100; sq++)
    g_assert_cmpfloat (cell_same (&base, &clear, l, sq), >, 0.99);
  image_free (&base);
  image_free (&deco);
  image_free (&clear);
}

static int move_count;
static VsMove last_played;
static int shapes_count;

static void
on_move (VsBoardView *view, guint move, gpointer data)
{
  move_count++;
  last_played = move;
}

static void
on_shapes (VsBoardView *view, gpointer data)
{
  shapes_count++;
}

static int
sqn (const VsPosition *pos, const char *name)
{
  int s = vs_square_parse (&pos->variant->geom, name, NULL);
  g_assert_cmpint (s, >=, 0);
  return s;
}

/* Drives the widget the way its gesture callbacks do. */
static void
press (int sq, gboolean release)
{
  VsBoardView *bv = VS_BOARD_VIEW (board);
  const VsBoardLayout *l = vs_board_view_get_layout (bv);
  double x, y;
  vs_board_layout_square_center (l, sq, &x, &y);
  VsBoardController *c = vs_board_view_get_controller (bv);
  vs_board_view_handle_change (bv, vs_board_controller_press (c, l, x, y));
  if (release)
    vs_board_view_handle_change (bv, vs_board_controller_release (c, l, x, y));
}

static void
test_interaction (void)
{
  resize (640, 640);
  VsBoardView *bv = VS_BOARD_VIEW (board);
  vs_board_view_set_animate (bv, FALSE);
  gulong h1 = g_signal_connect (board, "move-played", G_CALLBACK (on_move), NULL);
  gulong h2 = g_signal_connect (board, "shapes-changed", G_CALLBACK (on_shapes), NULL);
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  const VsVariant *v = vs_test_variant (VS_TEST_CHARTIMA);
  /* Long leaper a1 can jump a3 and a6 landing on a7; a pawn b8 promotes */
  vs_test_position (pos, v, "5k4/10/1P8/10/p9/10/10/p9/10/L4K4", VS_WHITE);
  vs_test_script_clear ();
  VsMove leap = VS_MOVE_MAKE (sqn (pos, "a1"), sqn (pos, "a7"), VS_MOVE_NORMAL, 0);
  int caps[] = { sqn (pos, "a3"), sqn (pos, "a6") };
  vs_test_script_add (leap);
  vs_test_script_add_effect (leap, 2, caps);
  const char *promo[] = { "R", "N", "B", "H" };
  for (int i = 0; i < 4; i++)
    vs_test_script_add (VS_MOVE_MAKE (sqn (pos, "b8"), sqn (pos, "b9"), VS_MOVE_PROMOTION, vs_test_type (v, promo[i])));
  vs_board_view_set_position (bv, pos, VS_MOVE_NONE, FALSE);
  const VsBoardLayout *l = vs_board_view_get_layout (bv);
  VsBoardController *c = vs_board_view_get_controller (bv);
  Image base = render ();

  /* drag the leaper: the piece follows the pointer, the destination has a
   * dot, and the two automatic captures are marked before release */
  double x0, y0, x1, y1;
  vs_board_layout_square_center (l, sqn (pos, "a1"), &x0, &y0);
  vs_board_layout_square_center (l, sqn (pos, "a7"), &x1, &y1);
  vs_board_view_handle_change (bv, vs_board_controller_press (c, l, x0, y0));
  Image sel = render ();
  int rgb[3];
  double cx, cy;
  vs_board_layout_square_center (l, sqn (pos, "a7"), &cx, &cy);
  pixel (&sel, cx, cy, rgb);
  g_assert_cmpint (pixel_diff (&base, &sel, cx, cy), >, 30);   /* the destination dot */
  vs_board_view_handle_change (bv, vs_board_controller_motion (c, l, x1 + 7, y1 + 3));
  g_assert_true (c->dragging);
  Image drag = render ();
  shot (&drag, "view-drag-leaper");
  const char *leaper = vs_piece_set_asset (NULL, v, pos->board[sqn (pos, "a1")]);
  /* the origin is empty while dragging… */
  g_assert_cmpfloat (piece_match (&drag, l, sqn (pos, "a1"), leaper, 1), <, 0.5);
  /* …and red crosses mark a3 and a6 */
  for (int k = 0; k < 2; k++)
    {
      vs_board_layout_square_center (l, caps[k], &cx, &cy);
      pixel (&drag, cx, cy, rgb);
      g_assert_cmpint (rgb[0], >, rgb[1] + 60);
    }
  /* release: the move is played; the widget's copy changed */
  vs_board_view_handle_change (bv, vs_board_controller_release (c, l, x1, y1));
  g_assert_cmpint (move_count, ==, 1);
  g_assert_cmpuint (last_played, ==, leap);
  const VsPosition *shown = vs_board_view_get_position (bv);
  g_assert_cmpint (shown->board[sqn (pos, "a7")], ==, pos->board[sqn (pos, "a1")]);
  g_assert_cmpint (shown->board[sqn (pos, "a3")], ==, 0);
  Image after = render ();
  g_assert_cmpfloat (piece_match (&after, l, sqn (pos, "a7"), leaper, 1), >, 0.85);  /* last-move tint */

  /* promotion: the chooser offers R N B Ca, choosing the Cannon plays it */
  vs_board_view_set_position (bv, pos, VS_MOVE_NONE, FALSE);
  press (sqn (pos, "b8"), TRUE);
  press (sqn (pos, "b9"), TRUE);
  GtkWidget *chooser = vs_board_view_get_chooser (bv);
  g_assert_nonnull (chooser);
  GtkWidget *box = gtk_popover_get_child (GTK_POPOVER (chooser));
  int n = 0;
  GtkWidget *last = NULL;
  for (GtkWidget *ch = gtk_widget_get_first_child (box); ch; ch = gtk_widget_get_next_sibling (ch))
    {
      n++;
      last = ch;
    }
  g_assert_cmpint (n, ==, 4);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (last), ==, "White Cannon");
  g_signal_emit_by_name (last, "clicked");
  wait_idle ();
  g_assert_cmpint (move_count, ==, 2);
  g_assert_cmpint (VS_MOVE_PIECE (last_played), ==, vs_test_type (v, "H"));
  g_assert_null (vs_board_view_get_chooser (bv));

  /* Janggi pass through the action */
  const VsVariant *jv = vs_test_variant (VS_TEST_JANGGI);
  vs_test_position (pos, jv, starts[2].board, VS_WHITE);
  vs_test_script_clear ();
  gtk_widget_activate_action (board, "board.pass", NULL);
  g_assert_cmpint (move_count, ==, 2);      /* no pass legal yet: nothing */
  VsMove pass = VS_MOVE_MAKE (sqn (pos, "e2"), sqn (pos, "e2"), VS_MOVE_PASS, 0);
  vs_test_script_add (pass);
  vs_board_view_set_position (bv, pos, VS_MOVE_NONE, FALSE);
  gtk_widget_activate_action (board, "board.pass", NULL);
  g_assert_cmpint (move_count, ==, 3);
  g_assert_cmpuint (last_played, ==, pass);

  /* flip action */
  g_assert_false (vs_board_view_get_flipped (bv));
  gtk_widget_activate_action (board, "board.flip", NULL);
  g_assert_true (vs_board_view_get_flipped (bv));
  gtk_widget_activate_action (board, "board.flip", NULL);

  /* shapes: signal and property */
  const char *strv[] = { "Ge2e4", "Rh10", NULL };
  g_object_set (board, "shapes", strv, NULL);
  g_assert_cmpint (shapes_count, ==, 1);
  g_auto(GStrv) got = NULL;
  g_object_get (board, "shapes", &got, NULL);
  g_assert_cmpstrv (got, strv);

  /* view only: nothing can be picked up */
  vs_test_script_clear ();
  vs_test_script_add (VS_MOVE_MAKE (sqn (pos, "a1"), sqn (pos, "a2"), VS_MOVE_NORMAL, 0));
  vs_board_view_set_position (bv, pos, VS_MOVE_NONE, FALSE);
  vs_board_view_set_interactive_sides (bv, 0);
  press (sqn (pos, "a1"), TRUE);
  g_assert_cmpint (c->sel_kind, ==, VS_BOARD_SEL_NONE);
  vs_board_view_set_interactive_sides (bv, 3);
  press (sqn (pos, "a1"), TRUE);
  g_assert_cmpint (c->sel_kind, ==, VS_BOARD_SEL_SQUARE);

  g_signal_handler_disconnect (board, h1);
  g_signal_handler_disconnect (board, h2);
  vs_board_view_set_animate (bv, TRUE);
  image_free (&base);
  image_free (&sel);
  image_free (&drag);
  image_free (&after);
}

static void
test_animation (void)
{
  resize (480, 480);
  VsBoardView *bv = VS_BOARD_VIEW (board);
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  g_autofree VsPosition *next = g_new0 (VsPosition, 1);
  const VsVariant *v = vs_test_variant (VS_TEST_CRAZYHOUSE);
  vs_test_script_clear ();
  vs_test_position (pos, v, starts[0].board, VS_WHITE);
  vs_test_position (next, v, "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R", VS_BLACK);
  vs_board_view_set_position (bv, pos, VS_MOVE_NONE, FALSE);
  wait_idle ();
  VsMove m = VS_MOVE_MAKE (vs_square_parse (&v->geom, "g1", NULL), vs_square_parse (&v->geom, "f3", NULL),
                           VS_MOVE_NORMAL, 0);
  vs_board_view_set_position (bv, next, m, TRUE);
  const VsBoardLayout *l = vs_board_view_get_layout (bv);
  const char *knight = vs_piece_set_asset (NULL, v, next->board[VS_MOVE_TO (m)]);
  /* at the start of the glide the knight is not yet on f3 */
  Image early = render ();
  g_assert_cmpfloat (piece_match (&early, l, VS_MOVE_TO (m), knight, 1), <, 0.6);
  /* after the animation it is */
  gint64 end = g_get_monotonic_time () + G_USEC_PER_SEC / 2;
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  Image late = render ();
  g_assert_cmpfloat (piece_match (&late, l, VS_MOVE_TO (m), knight, 1), >, 0.85);
  image_free (&early);
  image_free (&late);
}

static char *
uci (const VsPosition *pos, VsMove m)
{
  char text[VS_MOVE_TEXT_MAX];
  vs_move_write (pos, m, VS_NOTATION_UCI, text);
  return g_strdup (text);
}

/* The same input paths with the real rules modules. */
static void
test_real_variants (void)
{
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  g_autofree VsPosition *before = g_new0 (VsPosition, 1);
  if (!vs_test_real_position (pos, "crazyhouse", NULL))
    {
      g_test_fail_printf ("the rules modules are missing: vs_test_real_position failed");
      return;
    }
  resize (640, 560);
  VsBoardView *bv = VS_BOARD_VIEW (board);
  vs_board_view_set_animate (bv, FALSE);
  gulong h = g_signal_connect (board, "move-played", G_CALLBACK (on_move), NULL);
  VsBoardController *c = vs_board_view_get_controller (bv);
  int count0 = move_count;

  /* Crazyhouse: e2 shows exactly e3 and e4; clicking e4 plays e2e4 */
  vs_board_view_set_position (bv, pos, VS_MOVE_NONE, FALSE);
  press (sqn (pos, "e2"), TRUE);
  int n = 0;
  for (int s = 0; s < 64; s++)
    n += c->targets[s];
  g_assert_cmpint (n, ==, 2);
  g_assert_true (c->targets[sqn (pos, "e3")] && c->targets[sqn (pos, "e4")]);
  memcpy (before, vs_board_view_get_position (bv), sizeof *before);
  press (sqn (pos, "e4"), FALSE);
  g_assert_cmpint (move_count, ==, count0 + 1);
  g_autofree char *m1 = uci (before, last_played);
  g_assert_cmpstr (m1, ==, "e2e4");
  g_assert_cmpint (vs_board_view_get_position (bv)->side, ==, VS_BLACK);
  /* Black's e7 pawn can move now, White's pieces cannot */
  press (sqn (pos, "d2"), TRUE);
  g_assert_cmpint (c->sel_kind, ==, VS_BOARD_SEL_NONE);

  /* Crazyhouse drop from the hand */
  g_assert_true (vs_test_real_position (pos, "crazyhouse",
                                        "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 0 1"));
  vs_board_view_set_position (bv, pos, VS_MOVE_NONE, FALSE);
  const VsBoardLayout *l = vs_board_view_get_layout (bv);
  const VsHandSlot *slot = NULL;
  for (int i = 0; i < l->n_hand_slots; i++)
    if (l->hand[i].color == VS_WHITE && pos->hand[VS_WHITE][l->hand[i].type] > 0)
      slot = &l->hand[i];
  g_assert_nonnull (slot);
  vs_board_view_handle_change (bv, vs_board_controller_press (c, l, slot->rect.x + 10, slot->rect.y + 10));
  vs_board_view_handle_change (bv, vs_board_controller_release (c, l, slot->rect.x + 10, slot->rect.y + 10));
  g_assert_cmpint (c->sel_kind, ==, VS_BOARD_SEL_HAND);
  g_assert_false (c->targets[sqn (pos, "e2")]);      /* occupied */
  g_assert_true (c->targets[sqn (pos, "e4")]);
  memcpy (before, vs_board_view_get_position (bv), sizeof *before);
  press (sqn (pos, "e4"), FALSE);
  g_autofree char *m2 = uci (before, last_played);
  g_assert_cmpstr (m2, ==, "N@e4");

  /* Chartima: the pawn's promotion chooser offers R N B Ca */
  g_assert_true (vs_test_real_position (pos, "chartima", "5k4/10/10/1P8/10/10/10/10/10/5K4 w - - 0 1"));
  vs_board_view_set_position (bv, pos, VS_MOVE_NONE, FALSE);
  press (sqn (pos, "b7"), TRUE);
  press (sqn (pos, "b8"), TRUE);
  g_assert_nonnull (vs_board_view_get_chooser (bv));
  g_assert_cmpint (c->n_choices, ==, 4);
  memcpy (before, vs_board_view_get_position (bv), sizeof *before);
  GtkWidget *box = gtk_popover_get_child (GTK_POPOVER (vs_board_view_get_chooser (bv)));
  GtkWidget *second = gtk_widget_get_next_sibling (gtk_widget_get_first_child (box));
  g_signal_emit_by_name (second, "clicked");
  g_autofree char *m3 = uci (before, last_played);
  g_assert_cmpstr (m3, ==, "b7b8n");

  /* Chartima: the Withdrawer's capture is marked while hovering b3 */
  g_assert_true (vs_test_real_position (pos, "chartima", "5k4/10/10/10/10/1p8/1W8/10/10/5K4 w - - 0 1"));
  vs_board_view_set_position (bv, pos, VS_MOVE_NONE, FALSE);
  l = vs_board_view_get_layout (bv);
  press (sqn (pos, "b4"), TRUE);
  double x, y;
  vs_board_layout_square_center (l, sqn (pos, "b3"), &x, &y);
  vs_board_view_handle_change (bv, vs_board_controller_motion (c, l, x, y));
  uint8_t caps[VS_MAX_CAPTURES];
  g_assert_cmpint (vs_board_controller_preview (c, c->hover_square, caps), ==, 1);
  g_assert_cmpint (caps[0], ==, sqn (pos, "b5"));
  Image im = render ();
  shot (&im, "view-withdrawer-preview");
  int rgb[3];
  vs_board_layout_square_center (l, sqn (pos, "b5"), &x, &y);
  pixel (&im, x, y, rgb);
  g_assert_cmpint (rgb[0], >, rgb[1] + 60);    /* red cross over the pawn */
  image_free (&im);
  vs_board_layout_square_center (l, sqn (pos, "b4"), &x, &y);
  vs_board_view_handle_change (bv, vs_board_controller_motion (c, l, x, y));

  /* Janggi: the pass action plays e2e2 (the King's own square) */
  g_assert_true (vs_test_real_position (pos, "janggi", NULL));
  vs_board_view_set_position (bv, pos, VS_MOVE_NONE, FALSE);
  memcpy (before, pos, sizeof *before);
  gtk_widget_activate_action (board, "board.pass", NULL);
  g_autofree char *m4 = uci (before, last_played);
  g_assert_cmpstr (m4, ==, "e2e2");

  /* Strato: the b1 Knight's first move goes to another level */
  g_assert_true (vs_test_real_position (pos, "strato", NULL));
  for (int view = 0; view < 2; view++)
    {
      vs_board_view_set_strato_view (bv, view);
      vs_board_view_set_position (bv, pos, VS_MOVE_NONE, FALSE);
      press (sqn (pos, "Ab1"), TRUE);
      Image st = render ();
      shot (&st, view ? "view-strato-stacked-selected" : "view-strato-side-selected");
      image_free (&st);
      g_assert_false (c->targets[sqn (pos, "Ac3")]);
      g_assert_true (c->targets[sqn (pos, "Bc3")]);
      memcpy (before, pos, sizeof *before);
      press (sqn (pos, "Bc3"), FALSE);
      g_autofree char *m5 = uci (before, last_played);
      g_assert_cmpstr (m5, ==, "Ab1Bc3");
    }
  vs_board_view_set_strato_view (bv, 0);
  g_signal_handler_disconnect (board, h);
  vs_board_view_set_animate (bv, TRUE);
}

int
main (int argc, char **argv)
{
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  g_setenv ("GTK_A11Y", "none", FALSE);   /* no session bus under Xvfb */
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
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  load_start (pos, &starts[0]);
  vs_board_view_set_position (VS_BOARD_VIEW (board), pos, VS_MOVE_NONE, FALSE);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (board))
    g_main_context_iteration (NULL, TRUE);

  if (g_getenv ("GDK_SCALE") && atoi (g_getenv ("GDK_SCALE")) == 2)
    {
      g_assert_cmpint (gtk_widget_get_scale_factor (board), ==, 2);
      g_test_add_func ("/board/view/start-positions-hidpi", test_start_positions_scale2);
    }
  else
    {
      g_test_add_func ("/board/view/start-positions", test_start_positions);
      g_test_add_func ("/board/view/resize-themes", test_resize_and_themes);
      g_test_add_func ("/board/view/decorations", test_decorations);
      g_test_add_func ("/board/view/interaction", test_interaction);
      g_test_add_func ("/board/view/animation", test_animation);
      g_test_add_func ("/board/view/real-variants", test_real_variants);
    }
  int r = g_test_run ();
  gtk_window_destroy (GTK_WINDOW (window));
  return r;
}
