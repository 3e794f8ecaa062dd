/* test-board-controller.c — the board's input logic without GTK: pixel →
 * square/level/hand, click-click and drag-and-drop, snap-back, promotion and
 * suicide choices, drops, Janggi pass, Strato level changes in both views,
 * Ultima capture preview, shapes and keyboard.  Gesture callbacks are driven
 * directly with pixel coordinates from the layout. */
#include "config.h"
#include "vs-board-geometry.h"
#include "vs-board-test-util.h"

#include <math.h>
#include <string.h>

static int
sq (const VsVariant *v, const char *name)
{
  int s = vs_square_parse (&v->geom, name, NULL);
  g_assert_cmpint (s, >=, 0);
  return s;
}

static void
center (const VsBoardLayout *l, int s, double *x, double *y)
{
  vs_board_layout_square_center (l, s, x, y);
}

/* press + release at the centre of a square (a click) */
static VsBoardChange
click (VsBoardController *c, const VsBoardLayout *l, int s)
{
  double x, y;
  center (l, s, &x, &y);
  VsBoardChange a = vs_board_controller_press (c, l, x, y);
  VsBoardChange b = vs_board_controller_release (c, l, x, y);
  return a | b;
}

static VsBoardChange
drag (VsBoardController *c, const VsBoardLayout *l, double x0, double y0, double x1, double y1)
{
  VsBoardChange ch = vs_board_controller_press (c, l, x0, y0);
  for (int i = 1; i <= 4; i++)
    ch |= vs_board_controller_motion (c, l, x0 + (x1 - x0) * i / 4, y0 + (y1 - y0) * i / 4);
  g_assert_true (c->dragging);
  return ch | vs_board_controller_release (c, l, x1, y1);
}

static VsBoardChange
drag_sq (VsBoardController *c, const VsBoardLayout *l, int a, int b)
{
  double x0, y0, x1, y1;
  center (l, a, &x0, &y0);
  center (l, b, &x1, &y1);
  return drag (c, l, x0, y0, x1, y1);
}

static const char *const starts[] = {
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
  "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLI",
  "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR",
  "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/8/8",
};

/* Every square's centre hits that square, in every variant, both
 * orientations, both Strato views; cells are square and fit the widget. */
static void
test_hit_squares (void)
{
  for (int k = 0; k < 4; k++)
    for (int flip = 0; flip < 2; flip++)
      for (int view = 0; view < (k == VS_TEST_STRATO ? 2 : 1); view++)
        {
          const VsVariant *v = vs_test_variant (k);
          VsBoardLayout l;
          vs_board_layout_compute (&l, v, 900, 700, flip, view, vs_board_variant_has_hands (v));
          g_assert_cmpfloat (l.area.w, <=, 900);
          g_assert_cmpfloat (l.area.h, <=, 700);
          g_assert_cmpfloat (l.unit, >, 20);
          int n = vs_geometry_squares (&v->geom);
          for (int s = 0; s < n; s++)
            {
              double x, y;
              center (&l, s, &x, &y);
              VsHit h = vs_board_layout_hit (&l, x, y);
              g_assert_cmpint (h.kind, ==, VS_HIT_SQUARE);
              g_assert_cmpint (h.square, ==, s);
              g_assert_cmpint (h.level, ==, vs_sq_level (&v->geom, s));
            }
          /* a1 (A1, Aa1) is bottom-left unless flipped */
          double x0, y0, x1, y1;
          center (&l, 0, &x0, &y0);
          center (&l, v->geom.files - 1, &x1, &y1);
          g_assert_true (flip ? x0 > x1 : x0 < x1);
          /* outside the board: nothing */
          VsHit none = vs_board_layout_hit (&l, 1, 1);
          g_assert_cmpint (none.kind, ==, VS_HIT_NONE);
        }
}

static void
test_hit_levels_and_hands (void)
{
  const VsVariant *v = vs_test_variant (VS_TEST_STRATO);
  VsBoardLayout l;
  vs_board_layout_compute (&l, v, 1250, 435, FALSE, VS_STRATO_VIEW_SIDE_BY_SIDE, FALSE);
  /* side by side: A left of B left of C, same row */
  double xa, ya, xb, yb, xc, yc;
  center (&l, sq (v, "Ae4"), &xa, &ya);
  center (&l, sq (v, "Be4"), &xb, &yb);
  center (&l, sq (v, "Ce4"), &xc, &yc);
  g_assert_cmpfloat (xa, <, xb);
  g_assert_cmpfloat (xb, <, xc);
  g_assert_cmpfloat (fabs (ya - yb), <, 0.01);
  /* stacked: C above B above A */
  vs_board_layout_compute (&l, v, 800, 1000, FALSE, VS_STRATO_VIEW_STACKED, FALSE);
  g_assert_true (l.oblique);
  center (&l, sq (v, "Ae4"), &xa, &ya);
  center (&l, sq (v, "Be4"), &xb, &yb);
  center (&l, sq (v, "Ce4"), &xc, &yc);
  g_assert_cmpfloat (ya, >, yb);
  g_assert_cmpfloat (yb, >, yc);
  /* a point just inside the sheared edge of a cell still hits it */
  double u = 0.05, vv = 0.95, px, py;
  int pl, cu, cv;
  vs_board_layout_square_cell (&l, sq (v, "Bh1"), &pl, &cu, &cv);
  vs_affine_apply (&l.plane[pl], cu + u, cv + vv, &px, &py);
  VsHit h = vs_board_layout_hit (&l, px, py);
  g_assert_cmpint (h.square, ==, sq (v, "Bh1"));

  /* Crazyhouse hands: Black's hand at the top, White's at the bottom */
  const VsVariant *zh = vs_test_variant (VS_TEST_CRAZYHOUSE);
  vs_board_layout_compute (&l, zh, 925, 800, FALSE, 0, TRUE);
  g_assert_cmpint (l.n_hand_slots, ==, 10);
  for (int i = 0; i < l.n_hand_slots; i++)
    {
      const VsHandSlot *s = &l.hand[i];
      VsHit hh = vs_board_layout_hit (&l, s->rect.x + s->rect.w / 2, s->rect.y + s->rect.h / 2);
      g_assert_cmpint (hh.kind, ==, VS_HIT_HAND);
      g_assert_cmpint (hh.color, ==, s->color);
      g_assert_cmpint (hh.type, ==, s->type);
      g_assert_cmpint (s->color, ==, s->rect.y < 400 ? VS_BLACK : VS_WHITE);
      g_assert_cmpfloat (s->rect.x, >=, l.plane[0].x0 + 8 * l.unit);
    }
  /* flipped: White's hand moves to the top */
  vs_board_layout_compute (&l, zh, 925, 800, TRUE, 0, TRUE);
  g_assert_cmpint (l.hand[0].color, ==, VS_WHITE);
  g_assert_cmpfloat (l.hand[0].rect.y, <, 400);
}

typedef struct {
  const VsVariant *v;
  VsPosition *pos;
  VsBoardController *c;
  VsBoardLayout l;
} Fixture;

static void
fixture_setup (Fixture *f, VsTestKind kind, const char *board, int side, VsStratoView view)
{
  f->v = vs_test_variant (kind);
  f->pos = g_new0 (VsPosition, 1);
  vs_test_position (f->pos, f->v, board, side);
  f->c = vs_board_controller_new ();
  vs_board_layout_compute (&f->l, f->v, 1000, 800, FALSE, view, vs_board_variant_has_hands (f->v));
}

static void
fixture_load (Fixture *f)
{
  vs_board_controller_set_position (f->c, f->pos, VS_MOVE_NONE);
}

static void
fixture_free (Fixture *f)
{
  vs_board_controller_free (f->c);
  g_free (f->pos);
}

static void
test_click_click (void)
{
  Fixture f;
  vs_test_script_clear ();
  fixture_setup (&f, VS_TEST_CRAZYHOUSE, starts[0], VS_WHITE, 0);
  const VsVariant *v = f.v;
  VsMove e4 = VS_MOVE_MAKE (sq (v, "e2"), sq (v, "e4"), VS_MOVE_NORMAL, 0);
  VsMove e3 = VS_MOVE_MAKE (sq (v, "e2"), sq (v, "e3"), VS_MOVE_NORMAL, 0);
  VsMove nf3 = VS_MOVE_MAKE (sq (v, "g1"), sq (v, "f3"), VS_MOVE_NORMAL, 0);
  vs_test_script_add (e4);
  vs_test_script_add (e3);
  vs_test_script_add (nf3);
  fixture_load (&f);

  /* an enemy piece or an empty square selects nothing */
  g_assert_cmpint (click (f.c, &f.l, sq (v, "e7")) & VS_BOARD_CHANGED_MOVE, ==, 0);
  g_assert_cmpint (f.c->sel_kind, ==, VS_BOARD_SEL_NONE);
  click (f.c, &f.l, sq (v, "e5"));
  g_assert_cmpint (f.c->sel_kind, ==, VS_BOARD_SEL_NONE);
  /* a piece without legal moves cannot be picked up */
  click (f.c, &f.l, sq (v, "d2"));
  g_assert_cmpint (f.c->sel_kind, ==, VS_BOARD_SEL_NONE);

  VsBoardChange ch = click (f.c, &f.l, sq (v, "e2"));
  g_assert_true (ch & VS_BOARD_CHANGED_REDRAW);
  g_assert_cmpint (f.c->sel_kind, ==, VS_BOARD_SEL_SQUARE);
  g_assert_cmpint (f.c->sel_square, ==, sq (v, "e2"));
  int n = 0;
  for (int s = 0; s < 64; s++)
    n += f.c->targets[s];
  g_assert_cmpint (n, ==, 2);
  g_assert_true (f.c->targets[sq (v, "e4")] && f.c->targets[sq (v, "e3")]);
  /* switching to another own piece */
  click (f.c, &f.l, sq (v, "g1"));
  g_assert_cmpint (f.c->sel_square, ==, sq (v, "g1"));
  g_assert_true (f.c->targets[sq (v, "f3")]);
  g_assert_false (f.c->targets[sq (v, "e4")]);
  /* clicking the selected piece again deselects (no suicide here) */
  click (f.c, &f.l, sq (v, "g1"));
  g_assert_cmpint (f.c->sel_kind, ==, VS_BOARD_SEL_NONE);
  /* click e2, then e4: the move */
  click (f.c, &f.l, sq (v, "e2"));
  double x, y;
  center (&f.l, sq (v, "e4"), &x, &y);
  ch = vs_board_controller_press (f.c, &f.l, x, y);
  g_assert_true (ch & VS_BOARD_CHANGED_MOVE);
  g_assert_cmpuint (vs_board_controller_take_move (f.c), ==, e4);
  g_assert_cmpuint (vs_board_controller_take_move (f.c), ==, VS_MOVE_NONE);
  /* the side not allowed to move cannot select */
  f.c->sides = 2;
  click (f.c, &f.l, sq (v, "e2"));
  g_assert_cmpint (f.c->sel_kind, ==, VS_BOARD_SEL_NONE);
  fixture_free (&f);
}

static void
test_drag_and_snapback (void)
{
  Fixture f;
  vs_test_script_clear ();
  fixture_setup (&f, VS_TEST_CRAZYHOUSE, starts[0], VS_WHITE, 0);
  const VsVariant *v = f.v;
  VsMove nf3 = VS_MOVE_MAKE (sq (v, "g1"), sq (v, "f3"), VS_MOVE_NORMAL, 0);
  vs_test_script_add (nf3);
  fixture_load (&f);
  /* drag onto a legal square: the move, no choice */
  VsBoardChange ch = drag_sq (f.c, &f.l, sq (v, "g1"), sq (v, "f3"));
  g_assert_true (ch & VS_BOARD_CHANGED_MOVE);
  g_assert_false (ch & VS_BOARD_CHANGED_SNAPBACK);
  g_assert_cmpuint (vs_board_controller_take_move (f.c), ==, nf3);
  /* hover follows the pointer during a drag */
  fixture_load (&f);
  double x0, y0, x1, y1;
  center (&f.l, sq (v, "g1"), &x0, &y0);
  center (&f.l, sq (v, "f3"), &x1, &y1);
  vs_board_controller_press (f.c, &f.l, x0, y0);
  vs_board_controller_motion (f.c, &f.l, x1, y1);
  g_assert_true (f.c->dragging);
  g_assert_cmpint (f.c->hover_square, ==, sq (v, "f3"));
  /* …and dropping on an illegal square snaps back and deselects */
  center (&f.l, sq (v, "g4"), &x1, &y1);
  vs_board_controller_motion (f.c, &f.l, x1, y1);
  g_assert_cmpint (f.c->hover_square, ==, -1);
  ch = vs_board_controller_release (f.c, &f.l, x1, y1);
  g_assert_true (ch & VS_BOARD_CHANGED_SNAPBACK);
  g_assert_false (ch & VS_BOARD_CHANGED_MOVE);
  g_assert_cmpint (f.c->sel_kind, ==, VS_BOARD_SEL_NONE);
  g_assert_cmpint (f.pos->board[sq (v, "g1")], !=, 0);
  /* off the board: snap back too */
  ch = drag (f.c, &f.l, x0, y0, 2, 2);
  g_assert_true (ch & VS_BOARD_CHANGED_SNAPBACK);
  /* dropped back on its own square: stays selected (as after a click) */
  center (&f.l, sq (v, "g1"), &x1, &y1);
  ch = drag (f.c, &f.l, x0, y0, x1 + f.l.unit * 0.3, y1 + 0.3 * f.l.unit);
  g_assert_false (ch & (VS_BOARD_CHANGED_SNAPBACK | VS_BOARD_CHANGED_MOVE));
  g_assert_cmpint (f.c->sel_square, ==, sq (v, "g1"));
  /* a small jitter is not a drag */
  vs_board_controller_deselect (f.c);
  vs_board_controller_press (f.c, &f.l, x0, y0);
  vs_board_controller_motion (f.c, &f.l, x0 + 1, y0 + 1);
  g_assert_false (f.c->dragging);
  fixture_free (&f);
}

static void
check_promotion (VsTestKind kind, const char *board, const char *from, const char *to,
                 const char *const *letters, int n)
{
  Fixture f;
  vs_test_script_clear ();
  fixture_setup (&f, kind, board, VS_WHITE, 0);
  const VsVariant *v = f.v;
  for (int i = 0; i < n; i++)
    vs_test_script_add (VS_MOVE_MAKE (sq (v, from), sq (v, to), VS_MOVE_PROMOTION, vs_test_type (v, letters[i])));
  vs_test_script_add (VS_MOVE_MAKE (0, 1, VS_MOVE_NORMAL, 0));   /* a1-b1 (Aa1-Ab1) */
  fixture_load (&f);
  /* by drag: a choice of exactly the variant's pieces */
  VsBoardChange ch = drag_sq (f.c, &f.l, sq (v, from), sq (v, to));
  g_assert_true (ch & VS_BOARD_CHANGED_CHOOSE);
  g_assert_false (ch & VS_BOARD_CHANGED_MOVE);
  g_assert_cmpint (f.c->n_choices, ==, n);
  g_assert_cmpint (f.c->choice_square, ==, sq (v, to));
  for (int i = 0; i < n; i++)
    g_assert_cmpint (VS_MOVE_PIECE (f.c->choices[i]), ==, vs_test_type (v, letters[i]));
  ch = vs_board_controller_choose (f.c, n - 1);
  g_assert_true (ch & VS_BOARD_CHANGED_MOVE);
  VsMove m = vs_board_controller_take_move (f.c);
  g_assert_cmpint (VS_MOVE_KIND (m), ==, VS_MOVE_PROMOTION);
  g_assert_cmpint (VS_MOVE_PIECE (m), ==, vs_test_type (v, letters[n - 1]));
  /* by click-click, cancelled: no move, nothing selected */
  click (f.c, &f.l, sq (v, from));
  double x, y;
  center (&f.l, sq (v, to), &x, &y);
  ch = vs_board_controller_press (f.c, &f.l, x, y);
  g_assert_true (ch & VS_BOARD_CHANGED_CHOOSE);
  ch = vs_board_controller_choose (f.c, -1);
  g_assert_false (ch & VS_BOARD_CHANGED_MOVE);
  g_assert_cmpint (f.c->sel_kind, ==, VS_BOARD_SEL_NONE);
  fixture_free (&f);
}

static void
test_promotion (void)
{
  static const char *const chartima[] = { "R", "N", "B", "H" };   /* R N B Ca */
  check_promotion (VS_TEST_CHARTIMA, "4k5/10/1P8/10/10/10/10/10/10/R3K5", "b8", "b9", chartima, 4);
  static const char *const western[] = { "Q", "R", "B", "N" };
  check_promotion (VS_TEST_CRAZYHOUSE, "4k3/1P6/8/8/8/8/8/R3K3", "b7", "b8", western, 4);
  check_promotion (VS_TEST_STRATO, "8/8/8/8/8/8/8/R3K3|8/1P6/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8",
                   "Bb7", "Bb8", western, 4);
}

static void
test_compulsory_promotion_single (void)
{
  /* Chartima: a Rook entering the camp promotes with no choice: one move */
  Fixture f;
  vs_test_script_clear ();
  fixture_setup (&f, VS_TEST_CHARTIMA, "4k5/10/10/10/10/R9/10/10/10/4K5", VS_WHITE, 0);
  const VsVariant *v = f.v;
  VsMove m = VS_MOVE_MAKE (sq (v, "a5"), sq (v, "a8"), VS_MOVE_PROMOTION, vs_test_type (v, "+R"));
  vs_test_script_add (m);
  fixture_load (&f);
  VsBoardChange ch = drag_sq (f.c, &f.l, sq (v, "a5"), sq (v, "a8"));
  g_assert_true (ch & VS_BOARD_CHANGED_MOVE);
  g_assert_cmpuint (vs_board_controller_take_move (f.c), ==, m);
  fixture_free (&f);
}

static void
test_suicide (void)
{
  Fixture f;
  vs_test_script_clear ();
  /* White rook a2 next to Black's Immobilizer b3: it may only commit suicide */
  fixture_setup (&f, VS_TEST_CHARTIMA, "5k4/10/10/10/10/10/10/1i8/R9/5K4", VS_WHITE, 0);
  const VsVariant *v = f.v;
  VsMove sui = VS_MOVE_MAKE (sq (v, "a2"), sq (v, "a2"), VS_MOVE_SUICIDE, 0);
  vs_test_script_add (sui);
  vs_test_script_add (VS_MOVE_MAKE (sq (v, "f1"), sq (v, "g1"), VS_MOVE_NORMAL, 0));
  fixture_load (&f);
  /* first click selects (no destinations), second click asks */
  VsBoardChange ch = click (f.c, &f.l, sq (v, "a2"));
  g_assert_cmpint (f.c->sel_square, ==, sq (v, "a2"));
  g_assert_false (ch & VS_BOARD_CHANGED_CHOOSE);
  for (int s = 0; s < 100; s++)
    g_assert_false (f.c->targets[s]);
  ch = click (f.c, &f.l, sq (v, "a2"));
  g_assert_true (ch & VS_BOARD_CHANGED_CHOOSE);
  g_assert_cmpint (f.c->n_choices, ==, 1);
  g_assert_cmpint (VS_MOVE_KIND (f.c->choices[0]), ==, VS_MOVE_SUICIDE);
  ch = vs_board_controller_choose (f.c, 0);
  g_assert_true (ch & VS_BOARD_CHANGED_MOVE);
  g_assert_cmpuint (vs_board_controller_take_move (f.c), ==, sui);
  /* by keyboard: focus a2, Enter, Enter */
  fixture_load (&f);
  f.c->focus_square = sq (v, "a2");
  vs_board_controller_key (f.c, &f.l, VS_BOARD_KEY_ACTIVATE);
  ch = vs_board_controller_key (f.c, &f.l, VS_BOARD_KEY_ACTIVATE);
  g_assert_true (ch & VS_BOARD_CHANGED_CHOOSE);
  /* a piece with no suicide: the second click just deselects */
  fixture_load (&f);
  click (f.c, &f.l, sq (v, "f1"));
  ch = click (f.c, &f.l, sq (v, "f1"));
  g_assert_false (ch & VS_BOARD_CHANGED_CHOOSE);
  g_assert_cmpint (f.c->sel_kind, ==, VS_BOARD_SEL_NONE);
  fixture_free (&f);
}

static void
test_pass (void)
{
  Fixture f;
  vs_test_script_clear ();
  fixture_setup (&f, VS_TEST_JANGGI, starts[2], VS_WHITE, 0);
  const VsVariant *v = f.v;
  VsMove pass = VS_MOVE_MAKE (sq (v, "e2"), sq (v, "e2"), VS_MOVE_PASS, 0);
  VsMove ke1 = VS_MOVE_MAKE (sq (v, "e2"), sq (v, "e1"), VS_MOVE_NORMAL, 0);
  fixture_load (&f);
  g_assert_cmpuint (vs_board_controller_pass_move (f.c), ==, VS_MOVE_NONE);
  vs_test_script_add (ke1);
  vs_test_script_add (pass);
  fixture_load (&f);
  g_assert_cmpuint (vs_board_controller_pass_move (f.c), ==, pass);
  /* the pass is not a destination of the King, and clicking it twice does not pass */
  click (f.c, &f.l, sq (v, "e2"));
  g_assert_false (f.c->targets[sq (v, "e2")]);
  g_assert_true (f.c->targets[sq (v, "e1")]);
  VsBoardChange ch = click (f.c, &f.l, sq (v, "e2"));
  g_assert_false (ch & (VS_BOARD_CHANGED_MOVE | VS_BOARD_CHANGED_CHOOSE));
  /* view-only: no pass offered */
  f.c->interactive = FALSE;
  g_assert_cmpuint (vs_board_controller_pass_move (f.c), ==, VS_MOVE_NONE);
  /* Janggi points: pieces on intersections, hits by nearest point */
  double x, y;
  center (&f.l, sq (v, "e2"), &x, &y);
  VsHit h = vs_board_layout_hit (&f.l, x + f.l.unit * 0.45, y - f.l.unit * 0.45);
  g_assert_cmpint (h.square, ==, sq (v, "e2"));
  fixture_free (&f);
}

static void
test_drops (void)
{
  Fixture f;
  vs_test_script_clear ();
  fixture_setup (&f, VS_TEST_CRAZYHOUSE, "4k3/8/8/8/8/8/8/4K3", VS_WHITE, 0);
  const VsVariant *v = f.v;
  int N = vs_test_type (v, "N"), P = vs_test_type (v, "P");
  f.pos->hand[VS_WHITE][N] = 2;
  f.pos->hand[VS_BLACK][P] = 1;
  VsMove nf3 = VS_MOVE_MAKE (VS_NO_SQUARE, sq (v, "f3"), VS_MOVE_DROP, N);
  VsMove ne5 = VS_MOVE_MAKE (VS_NO_SQUARE, sq (v, "e5"), VS_MOVE_DROP, N);
  vs_test_script_add (nf3);
  vs_test_script_add (ne5);
  vs_test_script_add (VS_MOVE_MAKE (sq (v, "e1"), sq (v, "d1"), VS_MOVE_NORMAL, 0));
  fixture_load (&f);
  const VsHandSlot *white_n = NULL, *black_p = NULL, *white_p = NULL;
  for (int i = 0; i < f.l.n_hand_slots; i++)
    {
      const VsHandSlot *s = &f.l.hand[i];
      if (s->color == VS_WHITE && s->type == N) white_n = s;
      if (s->color == VS_BLACK && s->type == P) black_p = s;
      if (s->color == VS_WHITE && s->type == P) white_p = s;
    }
  g_assert_nonnull (white_n);
  g_assert_nonnull (black_p);
  double hx = white_n->rect.x + white_n->rect.w / 2, hy = white_n->rect.y + white_n->rect.h / 2;
  /* the opponent's hand and an empty slot give nothing */
  vs_board_controller_press (f.c, &f.l, black_p->rect.x + 5, black_p->rect.y + 5);
  g_assert_cmpint (f.c->sel_kind, ==, VS_BOARD_SEL_NONE);
  vs_board_controller_press (f.c, &f.l, white_p->rect.x + 5, white_p->rect.y + 5);
  g_assert_cmpint (f.c->sel_kind, ==, VS_BOARD_SEL_NONE);
  /* click the hand piece, then the square */
  vs_board_controller_press (f.c, &f.l, hx, hy);
  vs_board_controller_release (f.c, &f.l, hx, hy);
  g_assert_cmpint (f.c->sel_kind, ==, VS_BOARD_SEL_HAND);
  g_assert_cmpint (vs_board_controller_selected_piece (f.c), ==, VS_MAKE_PIECE (VS_WHITE, N));
  g_assert_true (f.c->targets[sq (v, "f3")] && f.c->targets[sq (v, "e5")]);
  g_assert_false (f.c->targets[sq (v, "d1")]);
  double x, y;
  center (&f.l, sq (v, "e5"), &x, &y);
  VsBoardChange ch = vs_board_controller_press (f.c, &f.l, x, y);
  g_assert_true (ch & VS_BOARD_CHANGED_MOVE);
  g_assert_cmpuint (vs_board_controller_take_move (f.c), ==, ne5);
  /* drag from the hand */
  fixture_load (&f);
  center (&f.l, sq (v, "f3"), &x, &y);
  ch = drag (f.c, &f.l, hx, hy, x, y);
  g_assert_true (ch & VS_BOARD_CHANGED_MOVE);
  g_assert_cmpuint (vs_board_controller_take_move (f.c), ==, nf3);
  /* keyboard: pick the Knight from the hand, focus e5, Enter */
  fixture_load (&f);
  g_assert_cmpint (vs_board_controller_select_hand (f.c, P), ==, VS_BOARD_CHANGED_NONE); /* none in hand */
  g_assert_true (vs_board_controller_select_hand (f.c, N) & VS_BOARD_CHANGED_REDRAW);
  g_assert_cmpint (f.c->sel_kind, ==, VS_BOARD_SEL_HAND);
  f.c->focus_square = sq (v, "e4");
  vs_board_controller_key (f.c, &f.l, VS_BOARD_KEY_UP);
  g_assert_cmpint (f.c->hover_square, ==, sq (v, "e5"));
  ch = vs_board_controller_key (f.c, &f.l, VS_BOARD_KEY_ACTIVATE);
  g_assert_true (ch & VS_BOARD_CHANGED_MOVE);
  g_assert_cmpuint (vs_board_controller_take_move (f.c), ==, ne5);
  /* a drop dragged to an occupied / illegal square snaps back */
  center (&f.l, sq (v, "e1"), &x, &y);
  ch = drag (f.c, &f.l, hx, hy, x, y);
  g_assert_true (ch & VS_BOARD_CHANGED_SNAPBACK);
  fixture_free (&f);
}

static void
check_level_change (VsStratoView view)
{
  Fixture f;
  vs_test_script_clear ();
  fixture_setup (&f, VS_TEST_STRATO, starts[3], VS_WHITE, view);
  const VsVariant *v = f.v;
  VsMove nc3 = VS_MOVE_MAKE (sq (v, "Ab1"), sq (v, "Bc3"), VS_MOVE_NORMAL, 0);
  VsMove ne2 = VS_MOVE_MAKE (sq (v, "Ae2"), sq (v, "Be4"), VS_MOVE_NORMAL, 0);
  vs_test_script_add (nc3);
  vs_test_script_add (ne2);
  fixture_load (&f);
  click (f.c, &f.l, sq (v, "Ab1"));
  g_assert_true (f.c->targets[sq (v, "Bc3")]);
  g_assert_false (f.c->targets[sq (v, "Ac3")]);
  double x, y;
  center (&f.l, sq (v, "Bc3"), &x, &y);
  VsBoardChange ch = vs_board_controller_press (f.c, &f.l, x, y);
  g_assert_true (ch & VS_BOARD_CHANGED_MOVE);
  g_assert_cmpuint (vs_board_controller_take_move (f.c), ==, nc3);
  /* by drag across the levels */
  fixture_load (&f);
  ch = drag_sq (f.c, &f.l, sq (v, "Ae2"), sq (v, "Be4"));
  g_assert_true (ch & VS_BOARD_CHANGED_MOVE);
  g_assert_cmpuint (vs_board_controller_take_move (f.c), ==, ne2);
  /* same cell on the wrong level: snap back */
  fixture_load (&f);
  ch = drag_sq (f.c, &f.l, sq (v, "Ae2"), sq (v, "Ae4"));
  g_assert_true (ch & VS_BOARD_CHANGED_SNAPBACK);
  /* stacked view: a press on the upper part of a standing piece picks it */
  if (view == VS_STRATO_VIEW_STACKED)
    {
      VsRect r;
      vs_board_layout_piece_rect (&f.l, sq (v, "Ab1"), &r);
      double px = r.x + r.w / 2, py = r.y + r.h * 0.15;
      VsHit cell = vs_board_layout_hit (&f.l, px, py);
      g_assert_true (cell.kind != VS_HIT_SQUARE || cell.square != sq (v, "Ab1"));
      vs_board_controller_deselect (f.c);
      vs_board_controller_press (f.c, &f.l, px, py);
      g_assert_cmpint (f.c->sel_square, ==, sq (v, "Ab1"));
      vs_board_controller_release (f.c, &f.l, px, py);
    }
  /* keyboard: Page Up changes level */
  f.c->focus_square = sq (v, "Ae4");
  vs_board_controller_key (f.c, &f.l, VS_BOARD_KEY_LEVEL_UP);
  g_assert_cmpint (f.c->focus_square, ==, sq (v, "Be4"));
  fixture_free (&f);
}

static void
test_level_change (void)
{
  check_level_change (VS_STRATO_VIEW_SIDE_BY_SIDE);
  check_level_change (VS_STRATO_VIEW_STACKED);
}

static void
test_ultima_preview (void)
{
  Fixture f;
  vs_test_script_clear ();
  /* Long leaper a1 jumps b2? no: leaper on a1, enemies a3 and a6 on the file */
  fixture_setup (&f, VS_TEST_CHARTIMA, "5k4/10/10/10/p9/10/10/p9/10/L4K4", VS_WHITE, 0);
  const VsVariant *v = f.v;
  VsMove leap = VS_MOVE_MAKE (sq (v, "a1"), sq (v, "a7"), VS_MOVE_NORMAL, 0);
  VsMove quiet = VS_MOVE_MAKE (sq (v, "a1"), sq (v, "a2"), VS_MOVE_NORMAL, 0);
  int caps[] = { sq (v, "a3"), sq (v, "a6") };
  vs_test_script_add (leap);
  vs_test_script_add (quiet);
  vs_test_script_add_effect (leap, 2, caps);
  fixture_load (&f);
  double x0, y0, x1, y1;
  center (&f.l, sq (v, "a1"), &x0, &y0);
  center (&f.l, sq (v, "a7"), &x1, &y1);
  vs_board_controller_press (f.c, &f.l, x0, y0);
  vs_board_controller_motion (f.c, &f.l, (x0 + x1) / 2, (y0 + y1) / 2 + 3);
  vs_board_controller_motion (f.c, &f.l, x1, y1);
  g_assert_cmpint (f.c->hover_square, ==, sq (v, "a7"));
  uint8_t out[VS_MAX_CAPTURES];
  int n = vs_board_controller_preview (f.c, f.c->hover_square, out);
  g_assert_cmpint (n, ==, 2);
  g_assert_cmpint (out[0], ==, caps[0]);
  g_assert_cmpint (out[1], ==, caps[1]);
  /* a quiet destination: no marks */
  g_assert_cmpint (vs_board_controller_preview (f.c, sq (v, "a2"), out), ==, 0);
  fixture_free (&f);
}

static void
test_shapes (void)
{
  Fixture f;
  vs_test_script_clear ();
  fixture_setup (&f, VS_TEST_CRAZYHOUSE, starts[0], VS_WHITE, 0);
  const VsVariant *v = f.v;
  vs_test_script_add (VS_MOVE_MAKE (sq (v, "e2"), sq (v, "e4"), VS_MOVE_NORMAL, 0));
  fixture_load (&f);
  double x0, y0, x1, y1;
  center (&f.l, sq (v, "e2"), &x0, &y0);
  center (&f.l, sq (v, "e4"), &x1, &y1);
  /* right-drag: a green arrow */
  vs_board_controller_right_press (f.c, &f.l, x0, y0, vs_shape_color_from_modifiers (FALSE, FALSE, FALSE));
  g_assert_true (vs_board_controller_right_motion (f.c, &f.l, x1, y1) & VS_BOARD_CHANGED_REDRAW);
  VsBoardChange ch = vs_board_controller_right_release (f.c, &f.l, x1, y1);
  g_assert_true (ch & VS_BOARD_CHANGED_SHAPES);
  g_assert_cmpint (f.c->n_shapes, ==, 1);
  g_assert_cmpint (f.c->shapes[0].from, ==, sq (v, "e2"));
  g_assert_cmpint (f.c->shapes[0].to, ==, sq (v, "e4"));
  g_assert_cmpint (f.c->shapes[0].color, ==, VS_SHAPE_GREEN);
  /* the same arrow with Shift: recoloured red */
  vs_board_controller_right_press (f.c, &f.l, x0, y0, vs_shape_color_from_modifiers (TRUE, FALSE, FALSE));
  vs_board_controller_right_release (f.c, &f.l, x1, y1);
  g_assert_cmpint (f.c->n_shapes, ==, 1);
  g_assert_cmpint (f.c->shapes[0].color, ==, VS_SHAPE_RED);
  /* again red: removed */
  vs_board_controller_right_press (f.c, &f.l, x0, y0, VS_SHAPE_RED);
  vs_board_controller_right_release (f.c, &f.l, x1, y1);
  g_assert_cmpint (f.c->n_shapes, ==, 0);
  /* right click: circles, Alt = blue, Ctrl or Shift+Alt = yellow */
  g_assert_cmpint (vs_shape_color_from_modifiers (FALSE, TRUE, FALSE), ==, VS_SHAPE_BLUE);
  g_assert_cmpint (vs_shape_color_from_modifiers (TRUE, TRUE, FALSE), ==, VS_SHAPE_YELLOW);
  g_assert_cmpint (vs_shape_color_from_modifiers (FALSE, FALSE, TRUE), ==, VS_SHAPE_YELLOW);
  vs_board_controller_right_press (f.c, &f.l, x1, y1, VS_SHAPE_BLUE);
  vs_board_controller_right_release (f.c, &f.l, x1 + 3, y1 + 3);
  g_assert_cmpint (f.c->n_shapes, ==, 1);
  g_assert_cmpint (f.c->shapes[0].from, ==, f.c->shapes[0].to);
  g_autofree char *s = vs_board_shape_to_string (&v->geom, &f.c->shapes[0]);
  g_assert_cmpstr (s, ==, "Be4");
  /* released off the board: nothing */
  vs_board_controller_right_press (f.c, &f.l, x0, y0, VS_SHAPE_GREEN);
  ch = vs_board_controller_right_release (f.c, &f.l, -50, -50);
  g_assert_false (ch & VS_BOARD_CHANGED_SHAPES);
  /* a left click on the board clears them */
  ch = vs_board_controller_press (f.c, &f.l, x1, y1);
  g_assert_true (ch & VS_BOARD_CHANGED_SHAPES);
  g_assert_cmpint (f.c->n_shapes, ==, 0);
  /* text form round trip, Strato with levels */
  const VsVariant *st = vs_test_variant (VS_TEST_STRATO);
  VsBoardShape sh;
  g_assert_true (vs_board_shape_parse (&st->geom, "YAe2Be4", &sh));
  g_assert_cmpint (sh.color, ==, VS_SHAPE_YELLOW);
  g_assert_cmpint (sh.from, ==, sq (st, "Ae2"));
  g_assert_cmpint (sh.to, ==, sq (st, "Be4"));
  g_autofree char *back = vs_board_shape_to_string (&st->geom, &sh);
  g_assert_cmpstr (back, ==, "YAe2Be4");
  g_assert_false (vs_board_shape_parse (&st->geom, "Ge2e4", &sh));     /* no level */
  g_assert_false (vs_board_shape_parse (&v->geom, "Xe2e4", &sh));
  g_assert_false (vs_board_shape_parse (&v->geom, "Ge2e9", &sh));
  g_assert_true (vs_board_shape_parse (&vs_test_variant (VS_TEST_JANGGI)->geom, "Ra10i10", &sh));
  fixture_free (&f);
}

static void
test_keyboard (void)
{
  Fixture f;
  vs_test_script_clear ();
  fixture_setup (&f, VS_TEST_CRAZYHOUSE, starts[0], VS_WHITE, 0);
  const VsVariant *v = f.v;
  VsMove e4 = VS_MOVE_MAKE (sq (v, "e2"), sq (v, "e4"), VS_MOVE_NORMAL, 0);
  vs_test_script_add (e4);
  fixture_load (&f);
  g_assert_cmpint (f.c->focus_square, ==, sq (v, "a1"));
  /* a1 → e1 → e2 */
  for (int i = 0; i < 4; i++)
    vs_board_controller_key (f.c, &f.l, VS_BOARD_KEY_RIGHT);
  vs_board_controller_key (f.c, &f.l, VS_BOARD_KEY_UP);
  g_assert_cmpint (f.c->focus_square, ==, sq (v, "e2"));
  /* the edge stops the focus */
  for (int i = 0; i < 12; i++)
    vs_board_controller_key (f.c, &f.l, VS_BOARD_KEY_LEFT);
  g_assert_cmpint (f.c->focus_square, ==, sq (v, "a2"));
  for (int i = 0; i < 4; i++)
    vs_board_controller_key (f.c, &f.l, VS_BOARD_KEY_RIGHT);
  vs_board_controller_key (f.c, &f.l, VS_BOARD_KEY_ACTIVATE);
  g_assert_cmpint (f.c->sel_square, ==, sq (v, "e2"));
  /* Escape cancels */
  g_assert_true (vs_board_controller_key (f.c, &f.l, VS_BOARD_KEY_CANCEL) & VS_BOARD_CHANGED_REDRAW);
  g_assert_cmpint (f.c->sel_kind, ==, VS_BOARD_SEL_NONE);
  vs_board_controller_key (f.c, &f.l, VS_BOARD_KEY_ACTIVATE);
  vs_board_controller_key (f.c, &f.l, VS_BOARD_KEY_UP);
  g_assert_cmpint (f.c->hover_square, ==, -1);   /* e3: not a destination */
  vs_board_controller_key (f.c, &f.l, VS_BOARD_KEY_UP);
  g_assert_cmpint (f.c->hover_square, ==, sq (v, "e4"));
  VsBoardChange ch = vs_board_controller_key (f.c, &f.l, VS_BOARD_KEY_ACTIVATE);
  g_assert_true (ch & VS_BOARD_CHANGED_MOVE);
  g_assert_cmpuint (vs_board_controller_take_move (f.c), ==, e4);
  /* flipped: Up goes toward rank 1 */
  vs_board_layout_compute (&f.l, v, 1000, 800, TRUE, 0, TRUE);
  f.c->focus_square = sq (v, "e4");
  vs_board_controller_key (f.c, &f.l, VS_BOARD_KEY_UP);
  g_assert_cmpint (f.c->focus_square, ==, sq (v, "e3"));
  vs_board_controller_key (f.c, &f.l, VS_BOARD_KEY_RIGHT);
  g_assert_cmpint (f.c->focus_square, ==, sq (v, "d3"));
  fixture_free (&f);
}

static void
test_apply_and_check (void)
{
  Fixture f;
  vs_test_script_clear ();
  fixture_setup (&f, VS_TEST_CRAZYHOUSE, starts[0], VS_WHITE, 0);
  const VsVariant *v = f.v;
  VsMove e4 = VS_MOVE_MAKE (sq (v, "e2"), sq (v, "e4"), VS_MOVE_NORMAL, 0);
  vs_test_script_add (e4);
  fixture_load (&f);
  g_assert_cmpint (vs_board_check_square (f.c->pos), ==, -1);
  vs_board_controller_apply (f.c, e4);
  g_assert_cmpuint (f.c->last_move, ==, e4);
  g_assert_cmpint (f.c->pos->board[sq (v, "e4")], !=, 0);
  g_assert_cmpint (f.c->pos->board[sq (v, "e2")], ==, 0);
  g_assert_cmpint (f.c->pos->side, ==, VS_BLACK);
  /* the original position is a copy, untouched */
  g_assert_cmpint (f.pos->board[sq (v, "e2")], !=, 0);
  vs_test_script_set_checkers (1);
  g_assert_cmpint (vs_board_check_square (f.c->pos), ==, sq (v, "e8"));
  vs_test_script_set_checkers (0);
  fixture_free (&f);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/board/controller/hit-squares", test_hit_squares);
  g_test_add_func ("/board/controller/hit-levels-hands", test_hit_levels_and_hands);
  g_test_add_func ("/board/controller/click-click", test_click_click);
  g_test_add_func ("/board/controller/drag-snapback", test_drag_and_snapback);
  g_test_add_func ("/board/controller/promotion", test_promotion);
  g_test_add_func ("/board/controller/compulsory-promotion", test_compulsory_promotion_single);
  g_test_add_func ("/board/controller/suicide", test_suicide);
  g_test_add_func ("/board/controller/pass", test_pass);
  g_test_add_func ("/board/controller/drops", test_drops);
  g_test_add_func ("/board/controller/level-change", test_level_change);
  g_test_add_func ("/board/controller/ultima-preview", test_ultima_preview);
  g_test_add_func ("/board/controller/shapes", test_shapes);
  g_test_add_func ("/board/controller/keyboard", test_keyboard);
  g_test_add_func ("/board/controller/apply-check", test_apply_and_check);
  return g_test_run ();
}
