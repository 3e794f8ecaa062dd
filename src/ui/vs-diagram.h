/* vs-diagram.h — board diagrams as SVG (vector) and PNG files, without GTK.
 * Used by `variant-study-cli diagram` and by the application's export.
 * The picture is the one VsBoardView shows (same scene, same SVG art). */
#pragma once

#include "vs-board-geometry.h"
#include "vs-board-scene.h"

#include <cairo.h>

G_BEGIN_DECLS

#define VS_DIAGRAM_ERROR (vs_diagram_error_quark ())
GQuark vs_diagram_error_quark (void);

typedef enum {
  VS_DIAGRAM_ERROR_THEME,
  VS_DIAGRAM_ERROR_PIECES,
  VS_DIAGRAM_ERROR_SIZE,
  VS_DIAGRAM_ERROR_FORMAT,
  VS_DIAGRAM_ERROR_WRITE,
} VsDiagramError;

typedef struct {
  const char   *theme;        /* NULL: wood */
  const char   *piece_set;    /* NULL: the variant's default set */
  int           size;         /* longer side of the image, px */
  gboolean      flipped;
  gboolean      coordinates;
  gboolean      gibo;         /* Janggi: gibo numbering */
  VsStratoView  strato_view;
  VsMove        last_move;    /* VS_MOVE_NONE for none */
  gboolean      show_check;
  const VsSquareMark *marks;  /* highlighted squares */
  int           n_marks;
  const VsBoardShape *shapes; /* arrows and circles */
  int           n_shapes;
  gboolean      three_d;      /* the board in perspective (issue 20) */
} VsDiagramOptions;

void     vs_diagram_options_init (VsDiagramOptions *o);

/* Checks theme/piece set/size; fills the layout for the image. */
gboolean vs_diagram_layout (const VsPosition *pos, const VsDiagramOptions *o,
                            VsBoardLayout *layout, int *width, int *height, GError **error);
/* SVG document (UTF-8) with the art embedded as <symbol>s. */
char    *vs_diagram_svg (const VsPosition *pos, const VsDiagramOptions *o, GError **error);
/* Raster image (cairo back end). */
cairo_surface_t *vs_diagram_render (const VsPosition *pos, const VsDiagramOptions *o, GError **error);
/* Writes FILE.svg or FILE.png (by extension). */
gboolean vs_diagram_save (const VsPosition *pos, const VsDiagramOptions *o, const char *filename,
                          GError **error);

/* The shared SVG back end: primitives → SVG document text. */
char    *vs_board_scene_to_svg (const VsBoardLayout *l, const GArray *prims, int width, int height,
                                GError **error);

G_END_DECLS
