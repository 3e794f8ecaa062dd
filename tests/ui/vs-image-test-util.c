/* vs-image-test-util.c — see vs-image-test-util.h. */
#include "vs-image-test-util.h"

#include <librsvg/rsvg.h>
#include <stdlib.h>
#include <string.h>

void
vs_test_image_compare (cairo_surface_t *a, cairo_surface_t *b, double *mean, double *close)
{
  int w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a);
  g_assert_cmpint (cairo_image_surface_get_width (b), ==, w);
  g_assert_cmpint (cairo_image_surface_get_height (b), ==, h);
  int sa = cairo_image_surface_get_stride (a), sb = cairo_image_surface_get_stride (b);
  const guint8 *da = cairo_image_surface_get_data (a), *db = cairo_image_surface_get_data (b);
  double sum = 0;
  long n_close = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        int m = 0;
        for (int c = 0; c < 4; c++)
          {
            int d = abs (da[y * sa + 4 * x + c] - db[y * sb + 4 * x + c]);
            sum += d;
            m = MAX (m, d);
          }
        if (m <= 48)
          n_close++;
      }
  *mean = sum / (4.0 * w * h);
  *close = n_close / (double) (w * h);
}

static cairo_surface_t *
render_handle (RsvgHandle *handle, int w, int h)
{
  g_autoptr (GError) error = NULL;
  gdouble iw, ih;
  g_assert_true (rsvg_handle_get_intrinsic_size_in_pixels (handle, &iw, &ih));
  g_assert_cmpfloat (iw, ==, w);
  g_assert_cmpfloat (ih, ==, h);
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (s);
  RsvgRectangle vp = { 0, 0, w, h };
  g_assert_true (rsvg_handle_render_document (handle, cr, &vp, &error));
  g_assert_no_error (error);
  cairo_destroy (cr);
  g_object_unref (handle);
  cairo_surface_flush (s);
  return s;
}

cairo_surface_t *
vs_test_render_svg_file (const char *path, int w, int h)
{
  g_autoptr (GError) error = NULL;
  RsvgHandle *handle = rsvg_handle_new_from_file (path, &error);
  g_assert_no_error (error);
  return render_handle (handle, w, h);
}

cairo_surface_t *
vs_test_render_svg_data (const char *svg, int w, int h)
{
  g_autoptr (GError) error = NULL;
  RsvgHandle *handle = rsvg_handle_new_from_data ((const guint8 *) svg, strlen (svg), &error);
  g_assert_no_error (error);
  return render_handle (handle, w, h);
}
