/* vs-glyph-path.c — developer tool for the piece-art generator (not built by
 * meson): prints the outline of a text in a given font as SVG path data,
 * scaled so that its ink box fits HEIGHT units and centred on (0,0).
 * The piece art embeds glyph outlines as paths so that no CJK font is needed
 * at run time.
 *
 *   cc vs-glyph-path.c $(pkg-config --cflags --libs pangocairo) -o vs-glyph-path
 *   ./vs-glyph-path "Noto Serif CJK JP Bold" 王 60
 */
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>

int
main (int argc, char **argv)
{
  if (argc < 4)
    {
      fprintf (stderr, "usage: %s FONT TEXT HEIGHT [MAXWIDTH]\n", argv[0]);
      return 2;
    }
  double height = atof (argv[3]);
  double maxw = argc > 4 ? atof (argv[4]) : 1e9;
  cairo_surface_t *s = cairo_recording_surface_create (CAIRO_CONTENT_ALPHA, NULL);
  cairo_t *cr = cairo_create (s);
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *fd = pango_font_description_from_string (argv[1]);
  pango_font_description_set_absolute_size (fd, 100 * PANGO_SCALE);
  pango_layout_set_font_description (layout, fd);
  pango_layout_set_text (layout, argv[2], -1);
  PangoRectangle ink;
  pango_layout_get_pixel_extents (layout, &ink, NULL);
  double k = height / ink.height;
  if (ink.width * k > maxw)
    k = maxw / ink.width;
  cairo_scale (cr, k, k);
  cairo_translate (cr, -(ink.x + ink.width / 2.0), -(ink.y + ink.height / 2.0));
  pango_cairo_layout_path (cr, layout);
  cairo_identity_matrix (cr);
  cairo_path_t *path = cairo_copy_path (cr);
  for (int i = 0; i < path->num_data; i += path->data[i].header.length)
    {
      cairo_path_data_t *d = &path->data[i];
      switch (d->header.type)
        {
        case CAIRO_PATH_MOVE_TO: printf ("M%.2f %.2f", d[1].point.x, d[1].point.y); break;
        case CAIRO_PATH_LINE_TO: printf ("L%.2f %.2f", d[1].point.x, d[1].point.y); break;
        case CAIRO_PATH_CURVE_TO:
          printf ("C%.2f %.2f %.2f %.2f %.2f %.2f", d[1].point.x, d[1].point.y,
                  d[2].point.x, d[2].point.y, d[3].point.x, d[3].point.y);
          break;
        case CAIRO_PATH_CLOSE_PATH: printf ("Z"); break;
        }
    }
  printf ("\n");
  return 0;
}
