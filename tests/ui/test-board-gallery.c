/* test-board-gallery.c — renders every variant's start position in every
 * piece set and theme, plus positions with hands, promoted pieces,
 * highlights and arrows, to PNG files in $VS_GALLERY_DIR (default
 * build/gallery), and checks each image: size as laid out, pieces drawn
 * (pixels of the piece art's outline colour present). */
#include "config.h"
#include "vs-diagram.h"
#include "vs-piece-set.h"
#include "vs-board-test-util.h"

#include <glib/gstdio.h>
#include <string.h>

typedef struct {
  const char *id;
  VsTestKind kind;
  const char *board;       /* scripted board when the module has not landed */
  const char *fen;         /* NULL: start position */
} GalleryVariant;

static const GalleryVariant variants[] = {
  { "crazyhouse", VS_TEST_CRAZYHOUSE, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", NULL },
  { "chartima", VS_TEST_CHARTIMA,
    "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLI", NULL },
  { "janggi", VS_TEST_JANGGI, "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR", NULL },
  { "strato", VS_TEST_STRATO,
    "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/8/8", NULL },
};

static char *
gallery_dir (void)
{
  const char *env = g_getenv ("VS_GALLERY_DIR");
  char *dir = env ? g_strdup (env)
                  : g_build_filename (g_getenv ("MESON_BUILD_ROOT") ? g_getenv ("MESON_BUILD_ROOT") : ".",
                                      "gallery", NULL);
  g_mkdir_with_parents (dir, 0755);
  return dir;
}

static void
load (VsPosition *pos, const GalleryVariant *gv)
{
  if (!vs_test_real_position (pos, gv->id, gv->fen))
    vs_test_position (pos, vs_test_variant (gv->kind), gv->board, VS_WHITE);
}

/* Counts the pixels that are much darker than any board tile: piece outlines. */
static int
count_dark (cairo_surface_t *s)
{
  int w = cairo_image_surface_get_width (s), h = cairo_image_surface_get_height (s);
  int stride = cairo_image_surface_get_stride (s);
  const guint8 *d = cairo_image_surface_get_data (s);
  int n = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        guint32 px = *(const guint32 *) (d + y * stride + 4 * x);
        int a = px >> 24, r = (px >> 16) & 255, g = (px >> 8) & 255, b = px & 255;
        if (a > 200 && r + g + b < 120)
          n++;
      }
  return n;
}

static void
render_one (const VsPosition *pos, const VsDiagramOptions *o, const char *name)
{
  g_autofree char *dir = gallery_dir ();
  g_autofree char *file = g_strdup_printf ("%s/%s.png", dir, name);
  g_autoptr(GError) error = NULL;
  cairo_surface_t *s = vs_diagram_render (pos, o, &error);
  g_assert_no_error (error);
  g_assert_nonnull (s);
  VsBoardLayout l;
  int w, h;
  g_assert_true (vs_diagram_layout (pos, o, &l, &w, &h, NULL));
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, w);
  g_assert_cmpint (cairo_image_surface_get_height (s), ==, h);
  /* every start position has pieces: their dark outlines/glyphs must show */
  g_assert_cmpint (count_dark (s), >, 20);
  g_assert_cmpint (cairo_surface_write_to_png (s, file), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (s);
  g_test_message ("wrote %s", file);
}

static void
test_start_positions (void)
{
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  for (guint i = 0; i < G_N_ELEMENTS (variants); i++)
    {
      load (pos, &variants[i]);
      const char *const *sets = vs_piece_set_names_for_variant (pos->variant);
      const char *const *themes = vs_board_theme_names ();
      for (int s = 0; sets[s]; s++)
        for (int t = 0; themes[t]; t++)
          {
            VsDiagramOptions o;
            vs_diagram_options_init (&o);
            o.theme = themes[t];
            o.piece_set = sets[s];
            o.size = 720;
            g_autofree char *name = g_strdup_printf ("%s-%s-%s", variants[i].id, sets[s], themes[t]);
            render_one (pos, &o, name);
          }
    }
}

static void
test_decorated (void)
{
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  const VsBoardTheme *th = vs_board_theme_get ("wood");

  /* Crazyhouse with hands, highlights, arrows and circles, at 40 px squares */
  const VsVariant *zh = vs_variant_lookup ("crazyhouse");
  const char *zh_fen = "r1bqk2r/pppp1Npp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNBQK2R[BPPNq] b KQkq - 0 5";
  const char *zh_promoted = "r1bQ~k2r/pppp1Npp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNBQK2R[BPPNq] b KQkq - 0 5";
  if (!(zh && zh->geom.files && vs_position_init (pos, zh, zh_fen, NULL)))
    {
      const VsVariant *v = vs_test_variant (VS_TEST_CRAZYHOUSE);
      vs_test_position (pos, v, "r1bqk2r/pppp1Npp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNBQK2R", VS_BLACK);
      pos->hand[VS_WHITE][vs_test_type (v, "B")] = 1;
      pos->hand[VS_WHITE][vs_test_type (v, "P")] = 2;
      pos->hand[VS_WHITE][vs_test_type (v, "N")] = 1;
      pos->hand[VS_BLACK][vs_test_type (v, "Q")] = 1;
    }
  const VsGeometry *g = &pos->variant->geom;
  VsSquareMark marks[] = { { vs_square_parse (g, "e4", NULL), th->selected },
                           { vs_square_parse (g, "f7", NULL), th->check } };
  VsBoardShape shapes[] = { { vs_square_parse (g, "f7", NULL), vs_square_parse (g, "d8", NULL), VS_SHAPE_GREEN },
                            { vs_square_parse (g, "c4", NULL), vs_square_parse (g, "f7", NULL), VS_SHAPE_RED },
                            { vs_square_parse (g, "g1", NULL), vs_square_parse (g, "f3", NULL), VS_SHAPE_BLUE },
                            { vs_square_parse (g, "e5", NULL), vs_square_parse (g, "e5", NULL), VS_SHAPE_YELLOW } };
  VsDiagramOptions o;
  vs_diagram_options_init (&o);
  o.marks = marks;
  o.n_marks = G_N_ELEMENTS (marks);
  o.shapes = shapes;
  o.n_shapes = G_N_ELEMENTS (shapes);
  o.size = 40 * 9.25;
  render_one (pos, &o, "crazyhouse-hands-40px");
  o.size = 120 * 9.25;
  o.theme = "slate";
  /* with a promoted Queen (marked) on d8 when the module reads "~" */
  if (zh && zh->geom.files)
    g_assert_true (vs_position_init (pos, zh, zh_promoted, NULL));
  render_one (pos, &o, "crazyhouse-hands-120px");

  /* Chartima: all 21 piece types of both colours (promoted in red), both sets, 40 and 120 px */
  const VsVariant *ct = vs_variant_lookup ("chartima");
  const char *ct_fen = "ilwouuowli/1+q+c+a+r+n+b1hd/10/10/10/10/10/10/1+Q+C+A+R+N+BKHD/ILWOUUOWLI w - - 0 1";
  if (!(ct && ct->geom.files && vs_position_init (pos, ct, ct_fen, NULL)))
    vs_test_position (pos, vs_test_variant (VS_TEST_CHARTIMA),
                      "ilwouuowli/kqcarnbphd/1+q+c+a+r+n+b3/10/10/10/10/1+Q+C+A+R+N+B3/KQCARNBPHD/ILWOUUOWLI",
                      VS_WHITE);
  const char *csets[] = { "chartima-kanji", "chartima-letters" };
  for (int s = 0; s < 2; s++)
    for (int px = 40; px <= 120; px += 80)
      {
        vs_diagram_options_init (&o);
        o.piece_set = csets[s];
        o.size = px * 10;
        o.theme = px == 40 ? "paper" : "wood";
        g_autofree char *name = g_strdup_printf ("chartima-all-%s-%dpx", csets[s], px);
        render_one (pos, &o, name);
      }

  /* Janggi at 40 and 120 px, gibo coordinates, flipped */
  for (int px = 40; px <= 120; px += 80)
    {
      load (pos, &variants[2]);
      vs_diagram_options_init (&o);
      o.size = px * 10;
      o.gibo = px == 120;
      o.flipped = px == 40;
      o.piece_set = px == 40 ? "janggi-blue" : "janggi-green";
      g_autofree char *name = g_strdup_printf ("janggi-%dpx%s", px, o.gibo ? "-gibo" : "-flipped");
      render_one (pos, &o, name);
    }

  /* Western at 40 and 120 px; Strato stacked with an arrow across levels */
  for (int px = 40; px <= 120; px += 80)
    {
      load (pos, &variants[0]);
      vs_diagram_options_init (&o);
      o.size = px * 9.25;
      g_autofree char *name = g_strdup_printf ("western-%dpx", px);
      render_one (pos, &o, name);
    }
  load (pos, &variants[3]);
  g = &pos->variant->geom;
  VsBoardShape lv[] = { { vs_square_parse (g, "Ab1", NULL), vs_square_parse (g, "Bc3", NULL), VS_SHAPE_GREEN } };
  VsSquareMark lm[] = { { vs_square_parse (g, "Bc3", NULL), th->selected } };
  vs_diagram_options_init (&o);
  o.strato_view = VS_STRATO_VIEW_STACKED;
  o.shapes = lv;
  o.n_shapes = 1;
  o.marks = lm;
  o.n_marks = 1;
  o.size = 900;
  render_one (pos, &o, "strato-stacked");
  o.strato_view = VS_STRATO_VIEW_SIDE_BY_SIDE;
  o.size = 1200;
  render_one (pos, &o, "strato-side-by-side-arrow");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/board/gallery/start-positions", test_start_positions);
  g_test_add_func ("/board/gallery/decorated", test_decorated);
  return g_test_run ();
}
