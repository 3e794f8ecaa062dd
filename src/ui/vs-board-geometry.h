/* vs-board-geometry.h — board layout, hit testing and the move-input
 * controller of VsBoardView, without GTK so that it can be unit-tested by
 * driving the gesture callbacks directly.
 *
 * Layout: every level of the board is a "plane", an affine map from display
 * cell coordinates (u, v) — u = display column, v = display row from the
 * top, one unit per square (Janggi: per point) — to widget pixels.  The flat
 * boards have one axis-aligned plane; Strato has three (side by side, or
 * stacked in an oblique 3-D view).  Crazyhouse adds a column of hand slots.
 *
 * Controller: selection, click-click and drag-and-drop input, promotion /
 * suicide choices, drops from the hands, keyboard focus and the drawn shapes
 * (arrows and circles).  Legal moves come from vs_position_generate() only.
 */
#pragma once

#include "vs-variant.h"
#include "vs-board-projection.h"

G_BEGIN_DECLS

typedef enum {
  VS_STRATO_VIEW_SIDE_BY_SIDE = 0,
  VS_STRATO_VIEW_STACKED = 1,
} VsStratoView;

typedef struct {
  double x, y, w, h;
} VsRect;

/* px = xx·u + xy·v + x0,  py = yx·u + yy·v + y0 */
typedef struct {
  double xx, yx, xy, yy, x0, y0;
} VsAffine;

#define VS_HAND_TYPES_MAX 8
/* point boards (Janggi): margin left of and below the lines' cells, in
 * units, for the coordinates */
#define VS_BOARD_POINT_MARGIN 0.4

typedef struct {
  VsRect rect;
  int    color;
  int    type;
} VsHandSlot;

typedef struct {
  /* inputs */
  const VsVariant *variant;
  double width, height;
  gboolean flipped;
  VsStratoView strato_view;
  gboolean hands;            /* a hand column is shown (Crazyhouse) */
  /* outputs */
  double unit;               /* pixels per square */
  VsRect area;               /* the part of the widget that is used */
  int n_planes;
  VsAffine plane[3];
  gboolean oblique;          /* planes are skewed (Strato stacked) */
  VsRect level_label[3];     /* where the level letters go */
  int n_hand_slots;
  VsHandSlot hand[2 * VS_HAND_TYPES_MAX];
  /* the 3-D view (issue 20): the planes are seen in perspective through
   * proj, level p lying at height level_z[p]; plane[] then holds each
   * plane's local affine map at its centre (an approximation, for sizes) */
  gboolean perspective;
  VsProjection proj;
  double level_z[3];
  gboolean raised_tiles;     /* pieces are flat tiles with a thickness */
} VsBoardLayout;

/* Height of a raised tile (Janggi, Chartima) in the 3-D view, in units. */
#define VS_BOARD_TILE_HEIGHT 0.16

/* Natural size of the board in units (squares) for the given options. */
void     vs_board_layout_natural (const VsVariant *v, gboolean hands, VsStratoView view,
                                  double *w_units, double *h_units);
/* Fit the board into width×height (square cells, centred). */
void     vs_board_layout_compute (VsBoardLayout *l, const VsVariant *v, double width,
                                  double height, gboolean flipped, VsStratoView view,
                                  gboolean hands);
/* The same, in perspective when three_d (then view is ignored: Strato's
 * levels are stacked in 3-D). */
void     vs_board_layout_compute_3d (VsBoardLayout *l, const VsVariant *v, double width,
                                     double height, gboolean flipped, VsStratoView view,
                                     gboolean hands, gboolean three_d);
void     vs_board_layout_natural_3d (const VsVariant *v, gboolean hands, VsStratoView view,
                                     gboolean three_d, double *w_units, double *h_units);
/* Plane cell coordinates (u, v) of plane p → pixels (exact in 3-D too). */
void     vs_board_layout_plane_point (const VsBoardLayout *l, int p, double u, double v,
                                      double *x, double *y);
/* The same at height dz above the plane (3-D; in 2-D dz is ignored). */
void     vs_board_layout_plane_point_z (const VsBoardLayout *l, int p, double u, double v,
                                        double dz, double *x, double *y);
/* The affine map closest to plane p near (u, v) at height dz (exact in 2-D). */
void     vs_board_layout_local_affine (const VsBoardLayout *l, int p, double u, double v,
                                       double dz, VsAffine *out);
gboolean vs_board_variant_has_hands (const VsVariant *v);
/* Types that can be in hand (all but the King), in table order; returns count. */
int      vs_board_hand_types (const VsVariant *v, int out[VS_HAND_TYPES_MAX]);

void     vs_affine_apply (const VsAffine *a, double u, double v, double *x, double *y);
gboolean vs_affine_invert_apply (const VsAffine *a, double x, double y, double *u, double *v);

/* Square ↔ pixels. */
void     vs_board_layout_square_cell (const VsBoardLayout *l, int sq, int *plane, int *u, int *v);
void     vs_board_layout_square_center (const VsBoardLayout *l, int sq, double *x, double *y);
/* Where a piece on sq is drawn (screen pixels). */
void     vs_board_layout_piece_rect (const VsBoardLayout *l, int sq, VsRect *r);
int      vs_board_layout_cell_square (const VsBoardLayout *l, int plane, int u, int v);

typedef enum {
  VS_HIT_NONE = 0,
  VS_HIT_SQUARE,
  VS_HIT_HAND,
} VsHitKind;

typedef struct {
  VsHitKind kind;
  int square;        /* VS_HIT_SQUARE */
  int level;         /* VS_HIT_SQUARE */
  int color, type;   /* VS_HIT_HAND */
} VsHit;

VsHit    vs_board_layout_hit (const VsBoardLayout *l, double x, double y);

/* ---- Shapes (arrows and circles, as Lichess draws them) ------------------- */

typedef enum {
  VS_SHAPE_GREEN = 0,   /* no modifier */
  VS_SHAPE_RED,         /* Shift */
  VS_SHAPE_BLUE,        /* Alt */
  VS_SHAPE_YELLOW,      /* Shift+Alt, or Ctrl */
  VS_SHAPE_N_COLORS
} VsShapeColor;

typedef struct {
  uint8_t from, to;     /* from == to: a circle */
  uint8_t color;        /* VsShapeColor */
} VsBoardShape;

VsShapeColor vs_shape_color_from_modifiers (gboolean shift, gboolean alt, gboolean ctrl);
/* "Ge2e4" / "Re5" (Strato "GAe2Be4"), the form of the PGN [%cal]/[%csl] comments. */
char    *vs_board_shape_to_string (const VsGeometry *g, const VsBoardShape *s);
gboolean vs_board_shape_parse (const VsGeometry *g, const char *text, VsBoardShape *out);

/* ---- Controller -------------------------------------------------------------- */

typedef enum {
  VS_BOARD_CHANGED_NONE     = 0,
  VS_BOARD_CHANGED_REDRAW   = 1 << 0,   /* selection / hover / focus changed */
  VS_BOARD_CHANGED_MOVE     = 1 << 1,   /* a move is ready: see vs_board_controller_take_move */
  VS_BOARD_CHANGED_CHOOSE   = 1 << 2,   /* several moves fit: ask (promotion, suicide) */
  VS_BOARD_CHANGED_SNAPBACK = 1 << 3,   /* a drag was dropped on no legal target */
  VS_BOARD_CHANGED_SHAPES   = 1 << 4,   /* the shapes list changed */
} VsBoardChange;

typedef enum {
  VS_BOARD_SEL_NONE = 0,
  VS_BOARD_SEL_SQUARE,
  VS_BOARD_SEL_HAND,
} VsBoardSelKind;

typedef enum {
  VS_BOARD_KEY_LEFT,
  VS_BOARD_KEY_RIGHT,
  VS_BOARD_KEY_UP,
  VS_BOARD_KEY_DOWN,
  VS_BOARD_KEY_LEVEL_UP,     /* Page Up: next level (Strato) */
  VS_BOARD_KEY_LEVEL_DOWN,
  VS_BOARD_KEY_ACTIVATE,     /* Enter / Space */
  VS_BOARD_KEY_CANCEL,       /* Escape */
} VsBoardKey;

#define VS_BOARD_MAX_CHOICES 16
#define VS_BOARD_MAX_SHAPES  128

typedef struct {
  VsPosition *pos;               /* owned copy */
  VsMove     moves[VS_MAX_MOVES];
  int        n_moves;
  VsMove     last_move;
  VsMove     prev_move;          /* the move before last_move, or VS_MOVE_NONE */
  gboolean   interactive;
  guint      sides;              /* bit 0: White may move, bit 1: Black */

  VsBoardSelKind sel_kind;
  int        sel_square;
  int        sel_color, sel_type;  /* hand selection */
  uint8_t    targets[VS_MAX_SQUARES];   /* 1 = legal destination of the selection */

  /* left-button gesture */
  gboolean   pressing;
  gboolean   dragging;
  gboolean   press_was_selected;
  double     press_x, press_y;
  double     pointer_x, pointer_y;
  int        hover_square;         /* legal destination under the pointer / focus, or -1 */

  /* result of the last input */
  VsMove     move;                 /* VS_BOARD_CHANGED_MOVE */
  VsMove     choices[VS_BOARD_MAX_CHOICES];
  int        n_choices;            /* VS_BOARD_CHANGED_CHOOSE */
  int        choice_square;        /* where to show the chooser */

  /* keyboard */
  int        focus_square;

  /* shapes */
  VsBoardShape shapes[VS_BOARD_MAX_SHAPES];
  int        n_shapes;
  int        shape_from;           /* right-drag start, or -1 */
  int        shape_to;             /* current right-drag end, or -1 */
  VsShapeColor shape_color;
} VsBoardController;

VsBoardController *vs_board_controller_new (void);
void     vs_board_controller_free (VsBoardController *c);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (VsBoardController, vs_board_controller_free)

/* Copies pos, regenerates the legal moves, clears selection and choices. */
void     vs_board_controller_set_position (VsBoardController *c, const VsPosition *pos,
                                           VsMove last_move);
/* Makes a legal move on the copy (after move-played). */
void     vs_board_controller_apply (VsBoardController *c, VsMove m);
void     vs_board_controller_deselect (VsBoardController *c);

/* Left button */
VsBoardChange vs_board_controller_press   (VsBoardController *c, const VsBoardLayout *l, double x, double y);
VsBoardChange vs_board_controller_motion  (VsBoardController *c, const VsBoardLayout *l, double x, double y);
VsBoardChange vs_board_controller_release (VsBoardController *c, const VsBoardLayout *l, double x, double y);
/* Right button (shapes) */
VsBoardChange vs_board_controller_right_press   (VsBoardController *c, const VsBoardLayout *l,
                                                 double x, double y, VsShapeColor color);
VsBoardChange vs_board_controller_right_motion  (VsBoardController *c, const VsBoardLayout *l, double x, double y);
VsBoardChange vs_board_controller_right_release (VsBoardController *c, const VsBoardLayout *l, double x, double y);
/* Keyboard */
VsBoardChange vs_board_controller_key (VsBoardController *c, const VsBoardLayout *l, VsBoardKey key);
/* Keyboard drops: picks the side to move's piece of that type from the hand
 * (e.g. after the key N); then the focus square and Enter drop it. */
VsBoardChange vs_board_controller_select_hand (VsBoardController *c, int type);
/* Choice: index into choices[], or -1 to cancel. */
VsBoardChange vs_board_controller_choose (VsBoardController *c, int index);

/* The move produced by the last VS_BOARD_CHANGED_MOVE (VS_MOVE_NONE after). */
VsMove   vs_board_controller_take_move (VsBoardController *c);
/* The legal pass (Janggi) if there is one, else VS_MOVE_NONE. */
VsMove   vs_board_controller_pass_move (const VsBoardController *c);
/* Whether the side to move may play (interactive and in sides). */
gboolean vs_board_controller_can_move (const VsBoardController *c);
/* Piece at the selection origin (board piece, or the hand piece). */
VsPiece  vs_board_controller_selected_piece (const VsBoardController *c);
/* Squares of the automatic captures of the move to `target` (Ultima pieces,
 * en passant…), from vs_move_effects; returns the count. */
int      vs_board_controller_preview (const VsBoardController *c, int target,
                                      uint8_t out[VS_MAX_CAPTURES]);
/* King square of the side to move when it is in check, else -1. */
int      vs_board_check_square (const VsPosition *pos);

/* Shapes list */
gboolean vs_board_controller_toggle_shape (VsBoardController *c, VsBoardShape s);
gboolean vs_board_controller_clear_shapes (VsBoardController *c);

G_END_DECLS
