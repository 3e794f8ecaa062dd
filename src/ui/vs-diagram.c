/* vs-diagram.c — board diagrams as SVG and PNG files (no GTK). */
#include "config.h"
#include "vs-diagram.h"
#include "vs-piece-set.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

G_DEFINE_QUARK (vs-diagram-error-quark, vs_diagram_error)

void
vs_diagram_options_init (VsDiagramOptions *o)
{
  memset (o, 0, sizeof *o);
  o->size = 480;
  o->coordinates = TRUE;
  o->last_move = VS_MOVE_NONE;
  o->show_check = TRUE;
}

gboolean
vs_diagram_layout (const VsPosition *pos, const VsDiagramOptions *o, VsBoardLayout *layout,
                   int *width, int *height, GError **error)
{
  const VsVariant *v = pos->variant;
  if (vs_board_theme_get (o->theme) == NULL)
    {
      g_autofree char *known = g_strjoinv (", ", (char **) vs_board_theme_names ());
      g_set_error (error, VS_DIAGRAM_ERROR, VS_DIAGRAM_ERROR_THEME,
                   _("Unknown board theme “%s” (known: %s)"), o->theme, known);
      return FALSE;
    }
  if (o->piece_set && !vs_piece_set_supports (o->piece_set, v))
    {
      g_autofree char *known = g_strjoinv (", ", (char **) vs_piece_set_names_for_variant (v));
      g_set_error (error, VS_DIAGRAM_ERROR, VS_DIAGRAM_ERROR_PIECES,
                   _("Piece set “%s” cannot draw %s (sets for it: %s)"), o->piece_set,
                   v->name ? _(v->name) : v->id, known);
      return FALSE;
    }
  if (o->size < 16 || o->size > 16384)
    {
      g_set_error (error, VS_DIAGRAM_ERROR, VS_DIAGRAM_ERROR_SIZE,
                   _("Image size %d px is out of range (16 to 16384)"), o->size);
      return FALSE;
    }
  gboolean hands = vs_board_variant_has_hands (v);
  double wu, hu;
  vs_board_layout_natural_3d (v, hands, o->strato_view, o->three_d, &wu, &hu);
  double unit = floor (o->size / MAX (wu, hu));
  if (unit < 1)
    unit = 1;
  *width = (int) ceil (wu * unit);
  *height = (int) ceil (hu * unit);
  vs_board_layout_compute_3d (layout, v, *width, *height, o->flipped, o->strato_view, hands,
                              o->three_d);
  return TRUE;
}

static GArray *
build_scene (const VsPosition *pos, const VsDiagramOptions *o, VsBoardLayout *l)
{
  VsSceneInput in;
  memset (&in, 0, sizeof in);
  in.pos = pos;
  in.theme = vs_board_theme_get (o->theme);
  in.piece_set = vs_piece_set_resolve (o->piece_set, pos->variant);
  in.coordinates = o->coordinates;
  in.gibo = o->gibo;
  in.last_move = o->last_move;
  in.show_check = o->show_check;
  in.hidden_square = -1;
  in.marks = o->marks;
  in.n_marks = o->n_marks;
  in.shapes = o->shapes;
  in.n_shapes = o->n_shapes;
  GArray *prims = g_array_new (FALSE, FALSE, sizeof (VsPrim));
  vs_board_scene_build (l, &in, prims);
  return prims;
}

cairo_surface_t *
vs_diagram_render (const VsPosition *pos, const VsDiagramOptions *o, GError **error)
{
  VsBoardLayout l;
  int w, h;
  if (!vs_diagram_layout (pos, o, &l, &w, &h, error))
    return NULL;
  g_autoptr(GArray) prims = build_scene (pos, o, &l);
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (s);
  vs_board_scene_draw_cairo (&l, prims, cr);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  return s;
}

/* ---- SVG back end ---------------------------------------------------------------- */

static void
svg_color (GString *s, const char *attr, const VsColor *c)
{
  char hex[32];
  double op;
  vs_color_to_svg (c, hex, &op);
  g_string_append_printf (s, " %s=\"%s\"", attr, hex);
  if (op < 1.0)
    g_string_append_printf (s, " %s-opacity=\"%.3g\"", attr, op);
}

/* The inner markup of an asset SVG (between <svg …> and </svg>). */
static gboolean
asset_inner (const char *path, char **inner, GError **error)
{
  g_autoptr(GBytes) bytes = vs_board_asset_bytes (path, error);
  if (bytes == NULL)
    return FALSE;
  gsize len;
  const char *data = g_bytes_get_data (bytes, &len);
  g_autofree char *text = g_strndup (data, len);
  char *open = strstr (text, "<svg");
  char *start = open ? strchr (open, '>') : NULL;
  char *end = g_strrstr (text, "</svg>");
  if (start == NULL || end == NULL || end < start)
    {
      g_set_error (error, VS_DIAGRAM_ERROR, VS_DIAGRAM_ERROR_FORMAT,
                   _("Board art “%s” is not a usable SVG file"), path);
      return FALSE;
    }
  *inner = g_strndup (start + 1, end - start - 1);
  return TRUE;
}

char *
vs_board_scene_to_svg (const VsBoardLayout *l, const GArray *prims, int width, int height,
                       GError **error)
{
  g_autoptr(GString) defs = g_string_new (NULL);
  g_autoptr(GString) body = g_string_new (NULL);
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);   /* asset → id+1 */
  int n_ids = 0, n_clips = 0;

  for (guint i = 0; i < prims->len; i++)
    {
      const VsPrim *p = &g_array_index (prims, VsPrim, i);
      gboolean grouped = (p->plane >= 0 || p->has_xf) && p->kind != VS_PRIM_LINE &&
                         p->kind != VS_PRIM_QUAD;
      if (grouped)
        {
          const VsAffine *a = p->plane >= 0 ? &l->plane[p->plane] : &p->xf;
          g_string_append_printf (body, "<g transform=\"matrix(%.4f %.4f %.4f %.4f %.3f %.3f)\">",
                                  a->xx, a->yx, a->xy, a->yy, a->x0, a->y0);
        }
      double sw = p->plane >= 0 ? p->width / l->unit : p->width;   /* stroke in local units */
      if (p->plane < 0 && p->has_xf)
        sw = p->width / MAX (1e-6, sqrt (fabs (p->xf.xx * p->xf.yy - p->xf.xy * p->xf.yx)));
      switch (p->kind)
        {
        case VS_PRIM_QUAD:
        case VS_PRIM_ASSET:
          if (p->kind == VS_PRIM_QUAD)
            {
              /* 3-D view: colour, then the art through xf, clipped */
              GString *pts = g_string_new (NULL);
              for (int k = 0; k < (p->n_q ? p->n_q : 4); k++)
                g_string_append_printf (pts, "%s%.3f,%.3f", k ? " " : "", p->q[2 * k], p->q[2 * k + 1]);
              if (p->color.a > 0)
                {
                  g_string_append_printf (body, "<polygon points=\"%s\"", pts->str);
                  svg_color (body, "fill", &p->color);
                  g_string_append (body, "/>");
                }
              if (p->asset == NULL)
                {
                  g_string_free (pts, TRUE);
                  break;
                }
              n_clips++;
              g_string_append_printf (defs, "<clipPath id=\"c%d\"><polygon points=\"%s\"/></clipPath>\n",
                                      n_clips, pts->str);
              g_string_free (pts, TRUE);
              g_string_append_printf (body, "<g clip-path=\"url(#c%d)\"><g transform=\"matrix(%.4f %.4f %.4f %.4f %.3f %.3f)\">",
                                      n_clips, p->xf.xx, p->xf.yx, p->xf.xy, p->xf.yy, p->xf.x0, p->xf.y0);
            }
          {
            int id = GPOINTER_TO_INT (g_hash_table_lookup (ids, p->asset));
            if (id == 0)
              {
                g_autofree char *inner = NULL;
                if (!asset_inner (p->asset, &inner, error))
                  return NULL;
                RsvgHandle *h = vs_board_asset_handle (p->asset, error);
                if (h == NULL)
                  return NULL;
                gdouble aw = 100, ah = 100;
                rsvg_handle_get_intrinsic_size_in_pixels (h, &aw, &ah);
                id = ++n_ids;
                g_hash_table_insert (ids, (gpointer) p->asset, GINT_TO_POINTER (id));
                g_string_append_printf (defs, "<symbol id=\"a%d\" viewBox=\"0 0 %g %g\" "
                                        "preserveAspectRatio=\"none\">%s</symbol>\n",
                                        id, aw, ah, inner);
              }
            g_string_append_printf (body, "<use xlink:href=\"#a%d\" x=\"%.3f\" y=\"%.3f\" "
                                    "width=\"%.3f\" height=\"%.3f\"", id, p->x, p->y, p->w, p->h);
            if (p->alpha < 1.0)
              g_string_append_printf (body, " opacity=\"%.3g\"", p->alpha);
            if (p->turned)
              g_string_append_printf (body, " transform=\"rotate(180 %.3f %.3f)\"",
                                      p->x + p->w / 2, p->y + p->h / 2);
            g_string_append (body, "/>");
            if (p->kind == VS_PRIM_QUAD)
              g_string_append (body, "</g></g>");
          }
          break;
        case VS_PRIM_FILL:
          g_string_append_printf (body, "<rect x=\"%.3f\" y=\"%.3f\" width=\"%.3f\" height=\"%.3f\"",
                                  p->x, p->y, p->w, p->h);
          svg_color (body, "fill", &p->color);
          g_string_append (body, "/>");
          break;
        case VS_PRIM_DOT:
          g_string_append_printf (body, "<circle cx=\"%.3f\" cy=\"%.3f\" r=\"%.3f\"", p->x, p->y, p->r);
          svg_color (body, "fill", &p->color);
          g_string_append (body, "/>");
          break;
        case VS_PRIM_RING:
          g_string_append_printf (body, "<circle cx=\"%.3f\" cy=\"%.3f\" r=\"%.3f\" fill=\"none\" "
                                  "stroke-width=\"%.4f\"", p->x, p->y, MAX (p->r - sw / 2, 0.01), sw);
          svg_color (body, "stroke", &p->color);
          g_string_append (body, "/>");
          break;
        case VS_PRIM_LINE:
          {
            double x1 = p->x, y1 = p->y, x2 = p->x2, y2 = p->y2;
            if (p->plane >= 0)
              {
                vs_affine_apply (&l->plane[p->plane], p->x, p->y, &x1, &y1);
                vs_affine_apply (&l->plane[p->plane], p->x2, p->y2, &x2, &y2);
              }
            g_string_append_printf (body, "<line x1=\"%.3f\" y1=\"%.3f\" x2=\"%.3f\" y2=\"%.3f\" "
                                    "stroke-width=\"%.3f\" stroke-linecap=\"square\"",
                                    x1, y1, x2, y2, p->width);
            svg_color (body, "stroke", &p->color);
            g_string_append (body, "/>");
          }
          break;
        case VS_PRIM_CROSS:
          g_string_append_printf (body, "<path d=\"M%.3f %.3fL%.3f %.3fM%.3f %.3fL%.3f %.3f\" "
                                  "fill=\"none\" stroke-width=\"%.3f\" stroke-linecap=\"round\"",
                                  p->x, p->y, p->x + p->w, p->y + p->h,
                                  p->x + p->w, p->y, p->x, p->y + p->h, p->width);
          svg_color (body, "stroke", &p->color);
          g_string_append (body, "/>");
          break;
        case VS_PRIM_ARROW:
          {
            double pts[14];
            vs_board_arrow_polygon (p->x, p->y, p->x2, p->y2, p->width, pts);
            g_string_append (body, "<polygon points=\"");
            for (int k = 0; k < 7; k++)
              g_string_append_printf (body, "%s%.3f,%.3f", k ? " " : "", pts[2 * k], pts[2 * k + 1]);
            g_string_append (body, "\"");
            svg_color (body, "fill", &p->color);
            g_string_append (body, "/>");
          }
          break;
        case VS_PRIM_TEXT:
          {
            g_autofree char *esc = g_markup_escape_text (p->text, -1);
            g_string_append_printf (body, "<text x=\"%.3f\" y=\"%.3f\" font-family=\"DejaVu Sans\" "
                                    "font-size=\"%.3f\" font-weight=\"%s\" text-anchor=\"middle\"",
                                    p->x, p->y + 0.36 * p->size, p->size, p->bold ? "bold" : "normal");
            svg_color (body, "fill", &p->color);
            g_string_append_printf (body, ">%s</text>", esc);
          }
          break;
        }
      if (grouped)
        g_string_append (body, "</g>");
      g_string_append_c (body, '\n');
    }
  return g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                          "xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
                          "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n"
                          "<defs>\n%s</defs>\n%s</svg>\n",
                          width, height, width, height, defs->str, body->str);
}

char *
vs_diagram_svg (const VsPosition *pos, const VsDiagramOptions *o, GError **error)
{
  VsBoardLayout l;
  int w, h;
  if (!vs_diagram_layout (pos, o, &l, &w, &h, error))
    return NULL;
  g_autoptr(GArray) prims = build_scene (pos, o, &l);
  return vs_board_scene_to_svg (&l, prims, w, h, error);
}

gboolean
vs_diagram_save (const VsPosition *pos, const VsDiagramOptions *o, const char *filename,
                 GError **error)
{
  g_autofree char *lower = g_ascii_strdown (filename, -1);
  if (g_str_has_suffix (lower, ".svg"))
    {
      g_autofree char *svg = vs_diagram_svg (pos, o, error);
      if (svg == NULL)
        return FALSE;
      return g_file_set_contents (filename, svg, -1, error);
    }
  if (g_str_has_suffix (lower, ".png"))
    {
      cairo_surface_t *s = vs_diagram_render (pos, o, error);
      if (s == NULL)
        return FALSE;
      cairo_status_t st = cairo_surface_write_to_png (s, filename);
      cairo_surface_destroy (s);
      if (st != CAIRO_STATUS_SUCCESS)
        {
          g_set_error (error, VS_DIAGRAM_ERROR, VS_DIAGRAM_ERROR_WRITE,
                       _("Could not write “%s”: %s"), filename, cairo_status_to_string (st));
          return FALSE;
        }
      return TRUE;
    }
  g_set_error (error, VS_DIAGRAM_ERROR, VS_DIAGRAM_ERROR_FORMAT,
               _("Unknown image type for “%s”: use a .svg or .png file name"), filename);
  return FALSE;
}
