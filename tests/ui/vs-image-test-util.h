/* vs-image-test-util.h — comparing rendered pictures in the UI tests: the
 * same diagram as PNG and as SVG rendered by librsvg, or against a picture
 * drawn independently. */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/* Two ARGB32 images of the same size (asserted): the mean absolute channel
 * difference and the share of pixels whose channels all lie within 48. */
void vs_test_image_compare (cairo_surface_t *a, cairo_surface_t *b, double *mean, double *close);

/* An SVG file rendered by librsvg at w × h px, which must be its intrinsic
 * size (asserted). */
cairo_surface_t *vs_test_render_svg_file (const char *path, int w, int h);
/* The same for SVG text. */
cairo_surface_t *vs_test_render_svg_data (const char *svg, int w, int h);

G_END_DECLS
