/* test-diagram.c — diagram export without GTK: the SVG export loads with
 * librsvg and renders like the PNG export; files are written by extension;
 * bad options give clear errors; `variant-study-cli diagram` works end to
 * end. */
#include "config.h"
#include "vs-diagram.h"
#include "vs-piece-set.h"
#include "vs-board-test-util.h"
#include "vs-image-test-util.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

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

static void
check_svg_like_png (const VsPosition *pos, const VsDiagramOptions *o, const char *what)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *svg = vs_diagram_svg (pos, o, &error);
  g_assert_no_error (error);
  cairo_surface_t *png = vs_diagram_render (pos, o, &error);
  g_assert_no_error (error);
  int w = cairo_image_surface_get_width (png), h = cairo_image_surface_get_height (png);
  cairo_surface_t *fromsvg = vs_test_render_svg_data (svg, w, h);
  double mean, close;
  vs_test_image_compare (png, fromsvg, &mean, &close);
  g_test_message ("%s: %dx%d mean diff %.3f, %.4f of pixels within 48", what, w, h, mean, close);
  if (mean > 2.0 || close < 0.99)
    g_error ("%s: SVG export renders unlike the PNG export (mean %.3f, close %.4f)", what, mean, close);
  /* vector: every piece is a <use> of a symbol, no raster images */
  g_assert_null (strstr (svg, "<image"));
  g_assert_nonnull (strstr (svg, "<symbol"));
  cairo_surface_destroy (png);
  cairo_surface_destroy (fromsvg);
}

static void
test_svg_matches_png (void)
{
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  for (guint i = 0; i < G_N_ELEMENTS (starts); i++)
    {
      load_start (pos, &starts[i]);
      const VsGeometry *g = &pos->variant->geom;
      const char *const *sets = vs_piece_set_names_for_variant (pos->variant);
      for (int s = 0; sets[s]; s++)
        for (int view = 0; view < (g->levels > 1 ? 2 : 1); view++)
          {
            VsDiagramOptions o;
            vs_diagram_options_init (&o);
            o.piece_set = sets[s];
            o.theme = vs_board_theme_names ()[(i + s) % 3];
            o.size = 400;
            o.strato_view = view;
            o.flipped = s == 1;
            /* an arrow and a circle and a highlight on every diagram */
            int a = vs_sq_make (g, 0, 1, 1), b = vs_sq_make (g, g->levels - 1, 3, 2);
            VsBoardShape shapes[] = { { a, b, VS_SHAPE_GREEN }, { b, b, VS_SHAPE_RED } };
            VsSquareMark mark = { vs_sq_make (g, 0, 2, 3), vs_board_theme_get (o.theme)->selected };
            o.shapes = shapes;
            o.n_shapes = 2;
            o.marks = &mark;
            o.n_marks = 1;
            o.last_move = VS_MOVE_MAKE (vs_sq_make (g, 0, 0, 0), vs_sq_make (g, 0, 2, 0), VS_MOVE_NORMAL, 0);
            g_autofree char *what = g_strdup_printf ("%s/%s/%s/view%d", starts[i].id, sets[s], o.theme, view);
            check_svg_like_png (pos, &o, what);
          }
    }
  /* hands */
  const VsVariant *v = vs_test_variant (VS_TEST_CRAZYHOUSE);
  vs_test_position (pos, v, starts[0].board, VS_WHITE);
  pos->hand[VS_WHITE][vs_test_type (v, "Q")] = 3;
  pos->hand[VS_BLACK][vs_test_type (v, "P")] = 12;
  VsDiagramOptions o;
  vs_diagram_options_init (&o);
  check_svg_like_png (pos, &o, "crazyhouse hands");
}

static void
test_files_and_errors (void)
{
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  load_start (pos, &starts[2]);
  g_autofree char *dir = g_dir_make_tmp ("vs-diagram-XXXXXX", NULL);
  g_autofree char *svgf = g_build_filename (dir, "j.svg", NULL);
  g_autofree char *pngf = g_build_filename (dir, "j.PNG", NULL);
  g_autofree char *badf = g_build_filename (dir, "j.gif", NULL);
  VsDiagramOptions o;
  vs_diagram_options_init (&o);
  o.size = 300;
  g_autoptr(GError) error = NULL;
  g_assert_true (vs_diagram_save (pos, &o, svgf, &error));
  g_assert_no_error (error);
  g_assert_true (vs_diagram_save (pos, &o, pngf, &error));
  g_assert_no_error (error);
  cairo_surface_t *s = cairo_image_surface_create_from_png (pngf);
  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  /* Janggi: 9.4 × 10.4 units, longer side 300 px → 28 px per point */
  g_assert_cmpint (cairo_image_surface_get_height (s), ==, (int) ceil (10.4 * 28));
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, (int) ceil (9.4 * 28));
  cairo_surface_destroy (s);
  RsvgHandle *h = rsvg_handle_new_from_file (svgf, &error);
  g_assert_no_error (error);
  g_assert_nonnull (h);
  g_object_unref (h);

  g_assert_false (vs_diagram_save (pos, &o, badf, &error));
  g_assert_error (error, VS_DIAGRAM_ERROR, VS_DIAGRAM_ERROR_FORMAT);
  g_clear_error (&error);
  o.theme = "obsidian";   /* not a theme ("marble" is one since issue 20) */
  g_assert_null (vs_diagram_svg (pos, &o, &error));
  g_assert_error (error, VS_DIAGRAM_ERROR, VS_DIAGRAM_ERROR_THEME);
  g_assert_nonnull (strstr (error->message, "obsidian"));
  g_clear_error (&error);
  o.theme = NULL;
  o.piece_set = "western";
  g_assert_null (vs_diagram_render (pos, &o, &error));
  g_assert_error (error, VS_DIAGRAM_ERROR, VS_DIAGRAM_ERROR_PIECES);
  g_clear_error (&error);
  o.piece_set = NULL;
  o.size = 5;
  g_assert_null (vs_diagram_render (pos, &o, &error));
  g_assert_error (error, VS_DIAGRAM_ERROR, VS_DIAGRAM_ERROR_SIZE);
  g_clear_error (&error);
  g_autofree char *nodir = g_build_filename (dir, "missing", "x.png", NULL);
  o.size = 100;
  g_assert_false (vs_diagram_save (pos, &o, nodir, &error));
  g_assert_error (error, VS_DIAGRAM_ERROR, VS_DIAGRAM_ERROR_WRITE);
  g_unlink (svgf);
  g_unlink (pngf);
  g_rmdir (dir);
}

static void
test_cli (void)
{
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  if (!vs_test_real_position (pos, "crazyhouse", NULL))
    {
      g_test_fail_printf ("the Crazyhouse rules module is missing: no position");
      return;
    }
  const char *cli = g_getenv ("VS_CLI");
  g_assert_nonnull (cli);
  g_autofree char *dir = g_dir_make_tmp ("vs-diagram-cli-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "d.png", NULL);
  const char *argv[] = { cli, "diagram", "--variant", "crazyhouse",
                         "--fen", "r1bqk2r/pppp1Npp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNBQK2R[Bp] b KQkq - 0 5",
                         "--theme", "slate", "--size", "370", "--arrow", "f7d8", "--arrow", "Rc4f7",
                         "--highlight", "e4", "-o", out, NULL };
  int status = -1;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, &err, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  cairo_surface_t *s = cairo_image_surface_create_from_png (out);
  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, (int) ceil (9.25 * 40));
  /* the red arrow crosses d5, e6 between c4 and f7 */
  int stride = cairo_image_surface_get_stride (s);
  const guint8 *d = cairo_image_surface_get_data (s);
  int x = 40 * 3 + 20, y = 40 * 3 + 20;   /* d5 centre */
  const guint8 *p = d + y * stride + 4 * x;
  g_assert_cmpint (p[2], >, p[1] + 40);
  cairo_surface_destroy (s);
  /* bad input: exit status 2 and a message naming the problem */
  const char *bad[] = { cli, "diagram", "--variant", "crazyhouse", "--arrow", "e2", "-o", out, NULL };
  g_clear_pointer (&err, g_free);
  g_assert_true (g_spawn_sync (NULL, (char **) bad, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, &err, &status, NULL));
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (err, "e2"));
  g_unlink (out);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/board/diagram/svg-like-png", test_svg_matches_png);
  g_test_add_func ("/board/diagram/files-errors", test_files_and_errors);
  g_test_add_func ("/board/diagram/cli", test_cli);
  return g_test_run ();
}
