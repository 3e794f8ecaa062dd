/* test-board-projection.c — the camera of the 3-D board view
 * (vs-board-projection.h) and the 3-D layout built on it: project then
 * unproject, the local affine map, picking at and around every square's
 * centre in the four variants, the picture inside the widget, depth
 * scaling of the standing pieces and the hand slots. */
#include "config.h"
#include "vs-board-geometry.h"
#include "vs-board-projection.h"
#include "vs-board-test-util.h"

#include <math.h>

static void
test_round_trip (void)
{
  GRand *rand = g_rand_new_with_seed (20);
  const double tilts[] = { 25, 36, 52, 70, 89 };
  for (guint c = 0; c < G_N_ELEMENTS (tilts); c++)
    {
      VsProjection p;
      vs_projection_init_camera (&p, 4, 4, 3, tilts[c], 17);
      vs_projection_fit (&p, 63.0, 120.5, -40.25);
      for (int i = 0; i < 500; i++)
        {
          double x = g_rand_double_range (rand, -1, 11);
          double y = g_rand_double_range (rand, -1, 11);
          double z = g_rand_double_range (rand, 0, 16);
          double sx, sy, bx, by;
          g_assert_true (vs_projection_project (&p, x, y, z, &sx, &sy));
          g_assert_true (vs_projection_unproject (&p, z, sx, sy, &bx, &by));
          g_assert_cmpfloat (fabs (bx - x), <, 1e-7);
          g_assert_cmpfloat (fabs (by - y), <, 1e-7);
          /* on another plane the same pixel is another point */
          double ox, oy;
          if (vs_projection_unproject (&p, z + 1, sx, sy, &ox, &oy))
            g_assert_cmpfloat (fabs (ox - x) + fabs (oy - y), >, 1e-3);
          /* the local affine map agrees at the point and to first order nearby */
          double a[6];
          vs_projection_local_affine (&p, z, x, y, a);
          double ax = a[0] * x + a[2] * y + a[4], ay = a[1] * x + a[3] * y + a[5];
          g_assert_cmpfloat (fabs (ax - sx), <, 1e-6);
          g_assert_cmpfloat (fabs (ay - sy), <, 1e-6);
          double hx, hy, h = 1e-3;
          vs_projection_project (&p, x + h, y - h, z, &hx, &hy);
          double lx = a[0] * (x + h) + a[2] * (y - h) + a[4], ly = a[1] * (x + h) + a[3] * (y - h) + a[5];
          /* second-order error only (a wrong derivative would leave ~h·scale) */
          g_assert_cmpfloat (hypot (hx - lx, hy - ly), <, 20 * h * h * vs_projection_scale_at (&p, x, y, z));
        }
      /* perspective: the far edge of a square is narrower than the near one */
      double fx0, fy0, fx1, fy1, nx0, ny0, nx1, ny1;
      vs_projection_project (&p, 0, 0, 0, &fx0, &fy0);
      vs_projection_project (&p, 1, 0, 0, &fx1, &fy1);
      vs_projection_project (&p, 0, 8, 0, &nx0, &ny0);
      vs_projection_project (&p, 1, 8, 0, &nx1, &ny1);
      g_assert_cmpfloat (fx1 - fx0, <, nx1 - nx0);
      g_assert_cmpfloat (fy0, <, ny0);   /* the far edge is higher up */
      g_assert_cmpfloat (vs_projection_depth (&p, 0, 0, 0), >, vs_projection_depth (&p, 0, 8, 0));
      g_assert_cmpfloat (vs_projection_scale_at (&p, 0, 0, 0), <, vs_projection_scale_at (&p, 0, 8, 0));
    }
  /* a point behind the camera is refused */
  VsProjection p;
  vs_projection_init_camera (&p, 0, 0, 0, 45, 10);
  double sx, sy;
  g_assert_false (vs_projection_project (&p, 0, 20, 20, &sx, &sy));
  g_rand_free (rand);
}

/* Every square's centre, and points around it inside the square, pick that
 * square, in all four variants, both orientations, at several sizes. */
static void
test_picking (void)
{
  const int sizes[][2] = { { 1000, 1000 }, { 900, 700 }, { 640, 900 }, { 333, 250 } };
  for (int k = 0; k < 4; k++)
    for (int flip = 0; flip < 2; flip++)
      for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
        {
          const VsVariant *v = vs_test_variant (k);
          const VsGeometry *g = &v->geom;
          gboolean hands = vs_board_variant_has_hands (v);
          int W = sizes[z][0], H = sizes[z][1];
          VsBoardLayout l;
          vs_board_layout_compute_3d (&l, v, W, H, flip, VS_STRATO_VIEW_STACKED, hands, TRUE);
          g_assert_true (l.perspective);
          g_assert_cmpint (l.n_planes, ==, g->levels);
          g_assert_cmpfloat (l.area.w, <=, W + 1e-6);
          g_assert_cmpfloat (l.area.h, <=, H + 1e-6);
          int n = vs_geometry_squares (g);
          for (int s = 0; s < n; s++)
            {
              double x, y;
              vs_board_layout_square_center (&l, s, &x, &y);
              g_assert_cmpfloat (x, >=, 0);
              g_assert_cmpfloat (y, >=, 0);
              g_assert_cmpfloat (x, <=, W);
              g_assert_cmpfloat (y, <=, H);
              VsHit h = vs_board_layout_hit (&l, x, y);
              g_assert_cmpint (h.kind, ==, VS_HIT_SQUARE);
              g_assert_cmpint (h.square, ==, s);
              g_assert_cmpint (h.level, ==, vs_sq_level (g, s));
              /* around the centre, inside the square's projected outline */
              int p, u, vv;
              vs_board_layout_square_cell (&l, s, &p, &u, &vv);
              for (int d = 0; d < 4; d++)
                {
                  double px, py;
                  vs_board_layout_plane_point (&l, p, u + (d & 1 ? 0.9 : 0.1), vv + (d & 2 ? 0.9 : 0.1), &px, &py);
                  VsHit hd = vs_board_layout_hit (&l, px, py);
                  g_assert_cmpint (hd.kind, ==, VS_HIT_SQUARE);
                  g_assert_cmpint (hd.square, ==, s);
                }
              /* just beyond the square's far corner lies the next square or nothing */
              if (vv > 0)
                {
                  double px, py;
                  vs_board_layout_plane_point (&l, p, u + 0.5, vv - 0.1, &px, &py);
                  VsHit hb = vs_board_layout_hit (&l, px, py);
                  g_assert_cmpint (hb.square, ==, vs_board_layout_cell_square (&l, p, u, vv - 1));
                }
            }
          /* a1 (A1, Aa1) is left of the last file unless flipped */
          double x0, y0, x1, y1;
          vs_board_layout_square_center (&l, 0, &x0, &y0);
          vs_board_layout_square_center (&l, g->files - 1, &x1, &y1);
          g_assert_true (flip ? x0 > x1 : x0 < x1);
          /* the widget's corner is off the board */
          g_assert_cmpint (vs_board_layout_hit (&l, 1, 1).kind, ==, VS_HIT_NONE);
          /* standing pieces: smaller far away */
          if (!l.raised_tiles)
            {
              VsRect near, far;
              int near_sq = vs_board_layout_cell_square (&l, 0, 0, g->ranks - 1);
              int far_sq = vs_board_layout_cell_square (&l, 0, 0, 0);
              vs_board_layout_piece_rect (&l, near_sq, &near);
              vs_board_layout_piece_rect (&l, far_sq, &far);
              g_assert_cmpfloat (far.w, <, near.w);
              g_assert_cmpfloat (far.y, <, near.y);
            }
          g_assert_true (l.raised_tiles == (k == VS_TEST_CHARTIMA || k == VS_TEST_JANGGI));
          /* Strato: the levels are stacked, the highest on top, apart */
          if (g->levels > 1)
            for (int lev = 1; lev < g->levels; lev++)
              {
                double ax, ay, bx, by;
                vs_board_layout_plane_point (&l, lev - 1, 0, 0, &ax, &ay);          /* far edge below */
                vs_board_layout_plane_point (&l, lev, 0, g->ranks, &bx, &by);       /* near edge above */
                g_assert_cmpfloat (by, <, ay);
                g_assert_cmpfloat (l.level_z[lev], >, l.level_z[lev - 1]);
              }
          /* hands: the slots are hit as in 2-D */
          for (int i = 0; i < l.n_hand_slots; i++)
            {
              const VsRect *r = &l.hand[i].rect;
              VsHit hh = vs_board_layout_hit (&l, r->x + r->w / 2, r->y + r->h / 2);
              g_assert_cmpint (hh.kind, ==, VS_HIT_HAND);
              g_assert_cmpint (hh.color, ==, l.hand[i].color);
              g_assert_cmpint (hh.type, ==, l.hand[i].type);
            }
          g_assert_true (!hands || l.n_hand_slots > 0);
        }
}

/* The 2-D layout is what it was: compute_3d without three_d is compute. */
static void
test_flat_unchanged (void)
{
  for (int k = 0; k < 4; k++)
    {
      const VsVariant *v = vs_test_variant (k);
      VsBoardLayout a, b;
      vs_board_layout_compute (&a, v, 800, 600, FALSE, VS_STRATO_VIEW_STACKED, vs_board_variant_has_hands (v));
      vs_board_layout_compute_3d (&b, v, 800, 600, FALSE, VS_STRATO_VIEW_STACKED,
                                  vs_board_variant_has_hands (v), FALSE);
      g_assert_false (b.perspective);
      g_assert_cmpmem (&a, sizeof a, &b, sizeof b);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/board-projection/round-trip", test_round_trip);
  g_test_add_func ("/board-projection/picking", test_picking);
  g_test_add_func ("/board-projection/flat-unchanged", test_flat_unchanged);
  return g_test_run ();
}
