/* vs-board-theme.c — board themes and the SVG asset cache (GTK-free). */
#include "config.h"
#include "vs-board-theme.h"
#include "vs-board-resources.h"

#include <glib/gi18n.h>
#include <gio/gio.h>
#include <string.h>

static const struct {
  const char *name;
  const char *label;
} theme_table[] = {
  { "wood", N_("Wood") },
  { "slate", N_("Slate") },
  { "paper", N_("Paper") },
  { "felt", N_("Classic felt") },
  { "marble", N_("Renaissance marble") },
  { "sandstone", N_("Stone-Age sandstone") },
  { "glacier", N_("Glacier") },
  { "amber", N_("Jurassic amber") },
  { "tidepool", N_("Tide pool") },
  { "chamber", N_("Medieval stone chamber") },
};

static const char *const theme_names[] = {
  "wood", "slate", "paper", "felt", "marble", "sandstone", "glacier", "amber", "tidepool",
  "chamber", NULL
};

/* Process-wide caches of the UI layer (main thread only). */
static GHashTable *handle_cache;   /* path → RsvgHandle */
static VsBoardTheme *themes[G_N_ELEMENTS (theme_table)];

void
vs_board_resources_ensure (void)
{
  /* Referencing the generated getter links the resource (and its
   * constructor-time registration) into every program using this layer. */
  static gsize done = 0;
  if (g_once_init_enter (&done))
    {
      GResource *r = vs_board_get_resource ();
      g_autoptr(GError) error = NULL;
      if (!g_resources_get_info (VS_BOARD_RESOURCE_PREFIX "themes/themes.ini",
                                 G_RESOURCE_LOOKUP_FLAGS_NONE, NULL, NULL, &error))
        g_resources_register (r);
      g_once_init_leave (&done, 1);
    }
}

gboolean
vs_color_parse (const char *s, VsColor *out)
{
  if (s == NULL || s[0] != '#')
    return FALSE;
  size_t n = strlen (s + 1);
  if (n != 6 && n != 8)
    return FALSE;
  guint v[4] = { 0, 0, 0, 255 };
  for (size_t i = 0; i < n / 2; i++)
    {
      int hi = g_ascii_xdigit_value (s[1 + 2 * i]);
      int lo = g_ascii_xdigit_value (s[2 + 2 * i]);
      if (hi < 0 || lo < 0)
        return FALSE;
      v[i] = hi * 16 + lo;
    }
  out->r = v[0] / 255.0;
  out->g = v[1] / 255.0;
  out->b = v[2] / 255.0;
  out->a = v[3] / 255.0;
  return TRUE;
}

void
vs_color_to_svg (const VsColor *c, char out[32], double *opacity)
{
  g_snprintf (out, 32, "#%02x%02x%02x", (int) (c->r * 255 + 0.5),
              (int) (c->g * 255 + 0.5), (int) (c->b * 255 + 0.5));
  if (opacity)
    *opacity = c->a;
}

static VsBoardTheme *
load_theme (const char *name)
{
  vs_board_resources_ensure ();
  g_autoptr(GBytes) bytes = g_resources_lookup_data (VS_BOARD_RESOURCE_PREFIX "themes/themes.ini",
                                                     G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  g_return_val_if_fail (bytes != NULL, NULL);
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  gsize len;
  const char *data = g_bytes_get_data (bytes, &len);
  if (!g_key_file_load_from_data (kf, data, len, G_KEY_FILE_NONE, NULL) ||
      !g_key_file_has_group (kf, name))
    return NULL;
  VsBoardTheme *t = g_new0 (VsBoardTheme, 1);
  t->name = g_strdup (name);
  struct { const char *key; VsColor *c; } colours[] = {
    { "line", &t->line }, { "frame", &t->frame }, { "coord-light", &t->coord_light },
    { "coord-dark", &t->coord_dark }, { "text", &t->text }, { "camp", &t->camp },
    { "last-move", &t->last_move }, { "check", &t->check }, { "selected", &t->selected },
    { "target", &t->target }, { "capture", &t->capture },
  };
  for (guint i = 0; i < G_N_ELEMENTS (colours); i++)
    {
      g_autofree char *v = g_key_file_get_string (kf, name, colours[i].key, NULL);
      if (!vs_color_parse (v, colours[i].c))
        *colours[i].c = (VsColor) { 0, 0, 0, 1 };
    }
  g_autofree char *side = g_key_file_get_string (kf, name, "tile-side", NULL);
  if (!vs_color_parse (side, &t->tile_side))
    t->tile_side = (VsColor) { 0.55, 0.42, 0.25, 1 };
  g_autofree char *fill = g_key_file_get_string (kf, name, "tile-fill", NULL);
  g_autofree char *edge = g_key_file_get_string (kf, name, "tile-edge", NULL);
  t->recolour_tiles = vs_color_parse (fill, &t->tile_fill) && vs_color_parse (edge, &t->tile_edge);
  t->light = g_strdup_printf ("themes/%s/light.svg", name);
  t->dark = g_strdup_printf ("themes/%s/dark.svg", name);
  t->board = g_strdup_printf ("themes/%s/board.svg", name);
  return t;
}

const char *const *
vs_board_theme_names (void)
{
  return theme_names;
}

const VsBoardTheme *
vs_board_theme_get (const char *name)
{
  if (name == NULL || *name == '\0')
    name = theme_table[0].name;
  for (guint i = 0; i < G_N_ELEMENTS (theme_table); i++)
    if (strcmp (name, theme_table[i].name) == 0)
      {
        if (themes[i] == NULL)
          themes[i] = load_theme (name);
        return themes[i];
      }
  return NULL;
}

const char *
vs_board_theme_label (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (theme_table); i++)
    if (g_strcmp0 (name, theme_table[i].name) == 0)
      return _(theme_table[i].label);
  return name;
}

static char *
resource_path (const char *path)
{
  return g_strconcat (VS_BOARD_RESOURCE_PREFIX, path, NULL);
}

gboolean
vs_board_asset_exists (const char *path)
{
  vs_board_resources_ensure ();
  g_autofree char *full = resource_path (path);
  char *hash = strchr (full, '#');
  if (hash)
    *hash = '\0';
  return g_resources_get_info (full, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL, NULL, NULL);
}

/* The tile colours of the bundled Janggi and Chartima art, replaced by a
 * theme's tile-fill and tile-edge. */
static const char *const tile_fills[] = { "#f5ecd6", "#f6e2b3", "#fbf7ee" };
static const char *const tile_edges[] = { "#3a2a18", "#6b4a1e" };

static GBytes *
recolour (GBytes *bytes, const VsBoardTheme *t)
{
  gsize len;
  const char *data = g_bytes_get_data (bytes, &len);
  GString *s = g_string_new_len (data, len);
  char fill[32], edge[32];
  vs_color_to_svg (&t->tile_fill, fill, NULL);
  vs_color_to_svg (&t->tile_edge, edge, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (tile_fills); i++)
    g_string_replace (s, tile_fills[i], fill, 0);
  for (guint i = 0; i < G_N_ELEMENTS (tile_edges); i++)
    g_string_replace (s, tile_edges[i], edge, 0);
  return g_string_free_to_bytes (s);
}

GBytes *
vs_board_asset_bytes (const char *path, GError **error)
{
  vs_board_resources_ensure ();
  g_autofree char *full = resource_path (path);
  char *hash = strchr (full, '#');
  if (hash)
    *hash++ = '\0';
  GBytes *bytes = g_resources_lookup_data (full, G_RESOURCE_LOOKUP_FLAGS_NONE, error);
  if (bytes == NULL || hash == NULL)
    return bytes;
  const VsBoardTheme *t = vs_board_theme_get (hash);
  if (t == NULL || !t->recolour_tiles)
    return bytes;
  GBytes *r = recolour (bytes, t);
  g_bytes_unref (bytes);
  return r;
}

RsvgHandle *
vs_board_asset_handle (const char *path, GError **error)
{
  if (handle_cache == NULL)
    handle_cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  RsvgHandle *h = g_hash_table_lookup (handle_cache, path);
  if (h)
    return h;
  g_autoptr(GBytes) bytes = vs_board_asset_bytes (path, error);
  if (bytes == NULL)
    return NULL;
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);
  h = rsvg_handle_new_from_data (data, len, error);
  if (h == NULL)
    return NULL;
  g_hash_table_insert (handle_cache, g_strdup (path), h);
  return h;
}

gboolean
vs_board_asset_render (const char *path, cairo_t *cr, double x, double y, double w, double h,
                       GError **error)
{
  RsvgHandle *handle = vs_board_asset_handle (path, error);
  if (handle == NULL)
    return FALSE;
  /* Stretch to the rectangle (tiles use preserveAspectRatio="none"; pieces
   * are square, so this is the identity for them). */
  gdouble sw = 100, sh = 100;
  if (!rsvg_handle_get_intrinsic_size_in_pixels (handle, &sw, &sh) || sw <= 0 || sh <= 0)
    sw = sh = 100;
  cairo_save (cr);
  /* art stays inside its rectangle (as a <symbol> does in the SVG export) */
  cairo_rectangle (cr, x, y, w, h);
  cairo_clip (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, w / sw, h / sh);
  RsvgRectangle vp = { 0, 0, sw, sh };
  gboolean ok = rsvg_handle_render_document (handle, cr, &vp, error);
  cairo_restore (cr);
  return ok;
}

cairo_surface_t *
vs_board_asset_rasterize (const char *path, int w, int h, GError **error)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, MAX (w, 1), MAX (h, 1));
  cairo_t *cr = cairo_create (s);
  gboolean ok = vs_board_asset_render (path, cr, 0, 0, w, h, error);
  cairo_destroy (cr);
  if (!ok)
    {
      cairo_surface_destroy (s);
      return NULL;
    }
  cairo_surface_flush (s);
  return s;
}
