/* vs-board-theme.h — board themes and the SVG asset cache (GTK-free).
 *
 * Themes (wood, slate, paper and the seven of issue 20) and piece sets live in the GResource bundle
 * data/vs-board.gresource.xml under /org/example/VariantStudy/board/.  Every
 * SVG is parsed once (RsvgHandle, kept for the process) and rasterised on
 * request; the widget caches those rasters as textures, the diagram export
 * embeds the SVG sources.  Main thread only.
 */
#pragma once

#include <glib.h>
#include <cairo.h>
#include <librsvg/rsvg.h>

G_BEGIN_DECLS

#define VS_BOARD_RESOURCE_PREFIX "/org/example/VariantStudy/board/"

typedef struct {
  double r, g, b, a;
} VsColor;

typedef struct {
  char   *name;          /* "wood" */
  VsColor line;          /* Janggi lines, frames */
  VsColor frame;
  VsColor coord_light;   /* coordinates drawn on light squares */
  VsColor coord_dark;    /* … on dark squares */
  VsColor text;          /* labels, hand counts */
  VsColor camp;          /* Chartima camp boundary */
  VsColor last_move;
  VsColor check;
  VsColor selected;
  VsColor target;        /* legal-destination dots */
  VsColor capture;       /* automatic-capture marks */
  VsColor tile_side;     /* 3-D view: side faces of Janggi/Chartima tiles */
  gboolean recolour_tiles; /* the theme has tile-fill/tile-edge colours:
                          * Janggi and Chartima art "path#theme" takes them */
  VsColor tile_fill;
  VsColor tile_edge;
  char   *light;         /* asset paths (relative to the prefix) */
  char   *dark;
  char   *board;
} VsBoardTheme;

/* Theme names in display order, NULL-terminated ("wood", "slate", "paper",
 * then the seven of issue 20: "felt", "marble", "sandstone", "glacier",
 * "amber", "tidepool", "chamber"). */
const char *const *vs_board_theme_names (void);
/* NULL → the default theme (wood); unknown name → NULL. */
const VsBoardTheme *vs_board_theme_get (const char *name);
/* Translated display name. */
const char *vs_board_theme_label (const char *name);

/* Registers the bundled resources (idempotent). */
void vs_board_resources_ensure (void);

/* Asset access by path relative to VS_BOARD_RESOURCE_PREFIX
 * ("pieces/western/wk.svg"); "pieces/janggi-green/wk.svg#glacier" is that
 * art in the tile colours of the theme glacier.  Handles are parsed once and owned by the cache. */
gboolean     vs_board_asset_exists   (const char *path);
RsvgHandle  *vs_board_asset_handle   (const char *path, GError **error);
GBytes      *vs_board_asset_bytes    (const char *path, GError **error);
/* Renders the asset into (x, y, w, h) of cr, stretched to the rectangle. */
gboolean     vs_board_asset_render   (const char *path, cairo_t *cr,
                                      double x, double y, double w, double h,
                                      GError **error);
/* A new w×h ARGB32 image of the asset (premultiplied, cairo layout). */
cairo_surface_t *vs_board_asset_rasterize (const char *path, int w, int h, GError **error);

/* Colour helpers. */
gboolean vs_color_parse (const char *s, VsColor *out);
void     vs_color_to_svg (const VsColor *c, char out[32], double *opacity);

G_END_DECLS
