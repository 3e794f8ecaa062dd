/* vs-board-scene.h — what a board picture contains, as a flat list of
 * drawing primitives (GTK-free).  Built once from a layout, a position and
 * the decorations; drawn by three back ends: GtkSnapshot (VsBoardView),
 * cairo (PNG export) and SVG text (vs-diagram.c), so the widget and the
 * exports show the same picture.
 */
#pragma once

#include "vs-board-geometry.h"
#include "vs-board-theme.h"

G_BEGIN_DECLS

typedef enum {
  VS_PRIM_ASSET,   /* SVG asset stretched over rect (plane cells or screen)  */
  VS_PRIM_FILL,    /* colour rectangle                                        */
  VS_PRIM_LINE,    /* x,y → x2,y2, `width` px                                  */
  VS_PRIM_DOT,     /* filled circle centre x,y radius r                        */
  VS_PRIM_RING,    /* circle outline centre x,y radius r, `width` px           */
  VS_PRIM_CROSS,   /* an X in rect, `width` px                                 */
  VS_PRIM_ARROW,   /* x,y → x2,y2 (screen), shaft `width` px                   */
  VS_PRIM_TEXT,    /* text centred on x,y (screen), font size `size` px       */
  VS_PRIM_QUAD,    /* 3-D view: screen polygon q[] (n_q corners, 0: four); filled with color
                    * (if not transparent), then `asset` over (x,y,w,h)
                    * through xf, clipped to the quadrilateral             */
} VsPrimKind;

#define VS_PRIM_MAX_POINTS 24

typedef struct {
  VsPrimKind  kind;
  int         plane;          /* -1: screen pixels; else plane cell units   */
  double      x, y, w, h;     /* rect (ASSET, FILL, CROSS)                  */
  double      x2, y2;         /* LINE, ARROW end                             */
  double      r;              /* DOT, RING                                   */
  double      width;          /* stroke width, px                           */
  double      size;           /* TEXT                                        */
  double      alpha;          /* ASSET opacity                               */
  gboolean    bold;           /* TEXT                                        */
  VsColor     color;
  const char *asset;          /* interned asset path                         */
  gboolean    turned;         /* ASSET drawn turned over (issue 18: a King that passed) */
  char        text[12];
  /* 3-D view: a screen prim (plane −1) whose coordinates go through xf,
   * the local affine map of the board plane where it lies */
  gboolean    has_xf;
  VsAffine    xf;
  double      q[2 * VS_PRIM_MAX_POINTS];   /* QUAD corners x0,y0 …      */
  int         n_q;            /* QUAD: number of corners (0: four)          */
} VsPrim;

typedef struct {
  int     square;
  VsColor color;
} VsSquareMark;

/* An engine's suggested move (issue 21): drawn over the user's shapes, in
 * the engine blue; weight 1 is the strongest line (thickest, most opaque),
 * down to 0.  from == VS_NO_SQUARE (a drop): a ring on `to`. */
typedef struct {
  uint8_t from, to;
  double  weight;
} VsBoardArrow;

#define VS_BOARD_MAX_ARROWS 16

typedef struct {
  const VsPosition   *pos;
  const VsBoardTheme *theme;
  const char         *piece_set;
  gboolean            coordinates;
  gboolean            gibo;              /* Janggi: gibo numbering */
  VsMove              last_move;
  gboolean            show_check;
  /* issue 18: pieces drawn turned over (the King of a side whose last move
   * was a pass, until it moves again) */
  int                 n_turned;
  int                 turned[2];
  /* interaction state (all optional) */
  const VsBoardController *controller;   /* selection, targets, hover, focus, drag */
  gboolean            show_focus;
  int                 hidden_square;     /* piece not drawn there (-1 none) */
  /* decorations set by the program */
  const VsSquareMark *marks;
  int                 n_marks;
  const VsBoardShape *shapes;
  int                 n_shapes;
  const VsBoardArrow *arrows;            /* the engine's (not saved) */
  int                 n_arrows;
  /* layers: the board itself (squares, lines, camps) changes only with the
   * size, theme and orientation, so the widget caches it as one texture */
  gboolean            board_only;        /* only the board layer */
  gboolean            skip_board;        /* everything but the board layer */
  /* a piece in flight (animation / drag), drawn last, centred on fly_x,y */
  VsPiece             fly_piece;
  double              fly_x, fly_y;
} VsSceneInput;

/* Appends primitives to out (GArray of VsPrim). */
void vs_board_scene_build (const VsBoardLayout *l, const VsSceneInput *in, GArray *out);

/* The art of a piece for this input: the piece set's, with Janggi's and
 * Chartima's tiles in the theme's colours (an interned asset path). */
const char *vs_board_scene_piece_asset (const VsSceneInput *in, const VsVariant *v, VsPiece piece);

/* Colour of a shape (Lichess palette). */
VsColor vs_shape_color_rgba (VsShapeColor c);

/* Cairo back end: draws the primitives (pieces from the SVG assets). */
#include <cairo.h>
void vs_board_scene_draw_cairo (const VsBoardLayout *l, const GArray *prims, cairo_t *cr);
/* The same with pre-rasterised art: for screen-space assets, get_surface
 * returns a cached image of the asset for a w×h rectangle (device scale set),
 * or NULL to draw from the SVG. */
typedef cairo_surface_t *(*VsAssetSurfaceFunc) (const char *asset, double w, double h, gpointer data);
void vs_board_scene_draw_cairo_cached (const VsBoardLayout *l, const GArray *prims, cairo_t *cr,
                                       VsAssetSurfaceFunc get_surface, gpointer data);

/* Arrow outline (7 points) for back ends that fill polygons. */
void vs_board_arrow_polygon (double x1, double y1, double x2, double y2, double width,
                             double pts[14]);

G_END_DECLS
