/* vs-board-view.c — the board widget: snapshot back end of the board scene,
 * texture cache, gestures, chooser, animation and keyboard. */
#include "config.h"
#include "vs-board-view.h"
#include "vs-board-cell.h"
#include "vs-board-theme.h"
#include "vs-piece-set.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#define ANIM_USEC 160000

struct _VsBoardView {
  GtkWidget parent_instance;

  VsBoardController *ctl;
  gboolean has_position;
  /* issue 18: the last left press, to tell a double-click on the King */
  gint64   press_usec;
  int      press_square;
  char    *theme;
  char    *piece_set;
  gboolean flipped;
  gboolean coordinates;
  gboolean gibo;
  gboolean animate;
  VsStratoView strato_view;
  gboolean three_d;       /* issue 20: the board in perspective */

  VsBoardLayout layout;
  int      layout_w, layout_h;
  gboolean layout_valid;

  GArray  *marks;         /* VsSquareMark */
  VsBoardArrow arrows[VS_BOARD_MAX_ARROWS];   /* the engine's, not saved */
  int      n_arrows;
  gboolean hide_shapes;   /* the user's shapes are not drawn (a preview) */
  GArray  *prims;         /* VsPrim, rebuilt when dirty */
  gboolean scene_dirty;

  GHashTable *textures;   /* "asset@WxH" → GdkTexture */
  GdkTexture *board_layer; /* the board drawn once per size/theme/orientation */
  cairo_surface_t *board_surface;  /* the same for the cairo renderer */
  GHashTable *surfaces;   /* "asset@WxH" → cairo_surface_t, for the cairo renderer */
  GHashTable *texts;      /* "size|b|text" → PangoLayout */
  int      tex_scale;

  /* animation of a piece */
  guint    tick_id;
  gint64   anim_start;
  VsPiece  anim_piece;
  int      anim_hidden;
  double   anim_x0, anim_y0, anim_x1, anim_y1;
  double   anim_x, anim_y;

  GtkWidget *chooser;

  /* accessibility: one undrawn child per square and per hand slot */
  GPtrArray *cells;       /* VsBoardCell, index = square */
  GPtrArray *hand_cells;  /* VsBoardCell, with "vs-hand-color" / "vs-hand-type" data */
  const VsVariant *cells_variant;
  gboolean cells_gibo;
  GtkWidget *active_cell; /* the focus square's cell (active descendant) */
};

enum {
  PROP_0,
  PROP_THEME,
  PROP_PIECE_SET,
  PROP_FLIPPED,
  PROP_STRATO_VIEW,
  PROP_SHOW_COORDINATES,
  PROP_GIBO_COORDINATES,
  PROP_INTERACTIVE_SIDES,
  PROP_ANIMATE,
  PROP_SHAPES,
  PROP_THREE_D,
  N_PROPS
};

enum {
  SIGNAL_MOVE_PLAYED,
  SIGNAL_SHAPES_CHANGED,
  N_SIGNALS
};

static GParamSpec *props[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (VsBoardView, vs_board_view, GTK_TYPE_WIDGET)

static void update_accessible (VsBoardView *self);
static void ensure_cells (VsBoardView *self);
static void allocate_cells (VsBoardView *self);
static void clear_cells (VsBoardView *self);
static void update_actions (VsBoardView *self);

/* ---- helpers -------------------------------------------------------------------- */

static void
invalidate_scene (VsBoardView *self)
{
  self->scene_dirty = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
clear_board_layer (VsBoardView *self)
{
  g_clear_object (&self->board_layer);
  g_clear_pointer (&self->board_surface, cairo_surface_destroy);
}

static void
invalidate_board_layer (VsBoardView *self)
{
  clear_board_layer (self);
  invalidate_scene (self);
}

static void
invalidate_layout (VsBoardView *self)
{
  self->layout_valid = FALSE;
  clear_board_layer (self);
  invalidate_scene (self);
}

static void
ensure_layout (VsBoardView *self)
{
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  int h = gtk_widget_get_height (GTK_WIDGET (self));
  if (self->layout_valid && w == self->layout_w && h == self->layout_h)
    return;
  const VsVariant *v = self->ctl->pos->variant;
  double old_unit = self->layout.unit;
  vs_board_layout_compute_3d (&self->layout, v, w, h, self->flipped, self->strato_view,
                              vs_board_variant_has_hands (v), self->three_d);
  self->layout_w = w;
  self->layout_h = h;
  self->layout_valid = TRUE;
  self->scene_dirty = TRUE;
  if (old_unit != self->layout.unit)
    {
      /* new square size: the old rasters will not be drawn again */
      g_hash_table_remove_all (self->textures);
      g_hash_table_remove_all (self->surfaces);
      g_hash_table_remove_all (self->texts);
    }
}

static const VsBoardTheme *
theme (VsBoardView *self)
{
  const VsBoardTheme *t = vs_board_theme_get (self->theme);
  return t ? t : vs_board_theme_get (NULL);
}

static void
rebuild_scene (VsBoardView *self)
{
  VsSceneInput in;
  memset (&in, 0, sizeof in);
  in.pos = self->ctl->pos;
  in.theme = theme (self);
  in.piece_set = vs_piece_set_resolve (self->piece_set, self->ctl->pos->variant);
  in.coordinates = self->coordinates;
  in.gibo = self->gibo;
  in.last_move = self->ctl->last_move;
  in.show_check = TRUE;
  /* Issue 18: a side whose last move was a pass has its King turned over
   * until it moves again: the pass is the last or the second-last move of
   * the line shown (its square is the King's, which has not moved). */
  for (int back = 1; back <= 2; back++)
    {
      VsMove hm = back == 1 ? self->ctl->last_move : self->ctl->prev_move;
      if (hm != VS_MOVE_NONE && VS_MOVE_KIND (hm) == VS_MOVE_PASS && VS_MOVE_FROM (hm) != VS_NO_SQUARE)
        in.turned[in.n_turned++] = VS_MOVE_FROM (hm);
    }
  in.controller = self->ctl;
  in.show_focus = gtk_widget_has_focus (GTK_WIDGET (self)) &&
                  gtk_widget_get_focus_on_click (GTK_WIDGET (self)) && gtk_widget_has_visible_focus (GTK_WIDGET (self));
  in.hidden_square = -1;
  in.skip_board = TRUE;
  in.marks = (const VsSquareMark *) self->marks->data;
  in.n_marks = self->marks->len;
  in.shapes = self->ctl->shapes;
  in.n_shapes = self->hide_shapes ? 0 : self->ctl->n_shapes;
  in.arrows = self->arrows;
  in.n_arrows = self->n_arrows;
  if (self->tick_id)
    {
      in.hidden_square = self->anim_hidden;
      in.fly_piece = self->anim_piece;
      in.fly_x = self->anim_x;
      in.fly_y = self->anim_y;
    }
  g_array_set_size (self->prims, 0);
  vs_board_scene_build (&self->layout, &in, self->prims);
  self->scene_dirty = FALSE;
}

static GdkTexture *
get_texture (VsBoardView *self, const char *asset, int pw, int ph)
{
  char key[256];
  g_snprintf (key, sizeof key, "%s@%dx%d", asset, pw, ph);
  GdkTexture *t = g_hash_table_lookup (self->textures, key);
  if (t)
    return t;
  cairo_surface_t *s = vs_board_asset_rasterize (asset, pw, ph, NULL);
  if (s == NULL)
    return NULL;
  int stride = cairo_image_surface_get_stride (s);
  GBytes *bytes = g_bytes_new (cairo_image_surface_get_data (s), (gsize) stride * ph);
  t = gdk_memory_texture_new (pw, ph, GDK_MEMORY_DEFAULT, bytes, stride);
  g_bytes_unref (bytes);
  cairo_surface_destroy (s);
  g_hash_table_insert (self->textures, g_strdup (key), t);
  return t;
}

static PangoLayout *
get_text (VsBoardView *self, const VsPrim *p)
{
  char key[64];
  g_snprintf (key, sizeof key, "%.1f|%d|%s", p->size, p->bold, p->text);
  PangoLayout *layout = g_hash_table_lookup (self->texts, key);
  if (layout)
    return layout;
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), p->text);
  PangoFontDescription *fd = pango_font_description_from_string ("DejaVu Sans");
  pango_font_description_set_absolute_size (fd, p->size * PANGO_SCALE);
  if (p->bold)
    pango_font_description_set_weight (fd, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, fd);
  pango_font_description_free (fd);
  g_hash_table_insert (self->texts, g_strdup (key), layout);
  return layout;
}

static GdkRGBA
rgba (const VsColor *c)
{
  return (GdkRGBA) { c->r, c->g, c->b, c->a };
}

static void
snapshot_line (GtkSnapshot *s, double x1, double y1, double x2, double y2, double w,
               const GdkRGBA *color, gboolean round_caps)
{
  if (x1 == x2 || y1 == y2)
    {
      double x = MIN (x1, x2), y = MIN (y1, y2);
      double lw = fabs (x2 - x1), lh = fabs (y2 - y1);
      graphene_rect_t r;
      if (lh == 0)
        graphene_rect_init (&r, x - w / 2, y - w / 2, lw + w, w);
      else
        graphene_rect_init (&r, x - w / 2, y - w / 2, w, lh + w);
      gtk_snapshot_append_color (s, color, &r);
      return;
    }
  double len = hypot (x2 - x1, y2 - y1);
  gtk_snapshot_save (s);
  gtk_snapshot_translate (s, &GRAPHENE_POINT_INIT (x1, y1));
  gtk_snapshot_rotate (s, atan2 (y2 - y1, x2 - x1) * 180 / G_PI);
  graphene_rect_t r;
  if (round_caps)
    {
      GskRoundedRect rr;
      graphene_rect_init (&r, -w / 2, -w / 2, len + w, w);
      gsk_rounded_rect_init_from_rect (&rr, &r, w / 2);
      gtk_snapshot_push_rounded_clip (s, &rr);
      gtk_snapshot_append_color (s, color, &r);
      gtk_snapshot_pop (s);
    }
  else
    {
      graphene_rect_init (&r, 0, -w / 2, len, w);
      gtk_snapshot_append_color (s, color, &r);
    }
  gtk_snapshot_restore (s);
}

static void
draw_arrow_cb (cairo_t *cr, const VsPrim *p)
{
  double pts[14];
  vs_board_arrow_polygon (p->x, p->y, p->x2, p->y2, p->width, pts);
  cairo_move_to (cr, pts[0], pts[1]);
  for (int k = 1; k < 7; k++)
    cairo_line_to (cr, pts[2 * k], pts[2 * k + 1]);
  cairo_close_path (cr);
  cairo_set_source_rgba (cr, p->color.r, p->color.g, p->color.b, p->color.a);
  cairo_fill (cr);
}

/* The board layer (squares, lines, camps), drawn by the cairo back end at
 * device resolution into one texture. */
static void
ensure_board_surface (VsBoardView *self, int scale)
{
  if (self->board_surface)
    return;
  VsSceneInput in;
  memset (&in, 0, sizeof in);
  in.pos = self->ctl->pos;
  in.theme = theme (self);
  in.piece_set = vs_piece_set_resolve (self->piece_set, self->ctl->pos->variant);
  in.hidden_square = -1;
  in.board_only = TRUE;
  g_autoptr(GArray) prims = g_array_new (FALSE, FALSE, sizeof (VsPrim));
  vs_board_scene_build (&self->layout, &in, prims);
  int w = MAX (1, self->layout_w * scale), h = MAX (1, self->layout_h * scale);
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (s);
  cairo_scale (cr, scale, scale);
  vs_board_scene_draw_cairo (&self->layout, prims, cr);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  cairo_surface_set_device_scale (s, scale, scale);
  self->board_surface = s;
}

static void
ensure_board_layer (VsBoardView *self, int scale)
{
  if (self->board_layer)
    return;
  ensure_board_surface (self, scale);
  cairo_surface_t *s = self->board_surface;
  int stride = cairo_image_surface_get_stride (s);
  int w = cairo_image_surface_get_width (s), h = cairo_image_surface_get_height (s);
  GBytes *bytes = g_bytes_new (cairo_image_surface_get_data (s), (gsize) stride * h);
  self->board_layer = gdk_memory_texture_new (w, h, GDK_MEMORY_DEFAULT, bytes, stride);
  g_bytes_unref (bytes);
}

/* For the cairo renderer: cached image surfaces at device resolution. */
static cairo_surface_t *
get_surface (const char *asset, double w, double h, gpointer data)
{
  VsBoardView *self = data;
  int scale = self->tex_scale;
  int pw = MAX (1, (int) lround (w * scale)), ph = MAX (1, (int) lround (h * scale));
  char key[256];
  g_snprintf (key, sizeof key, "%s@%dx%d", asset, pw, ph);
  cairo_surface_t *s = g_hash_table_lookup (self->surfaces, key);
  if (s)
    return s;
  s = vs_board_asset_rasterize (asset, pw, ph, NULL);
  if (s == NULL)
    return NULL;
  cairo_surface_set_device_scale (s, scale, scale);
  g_hash_table_insert (self->surfaces, g_strdup (key), s);
  return s;
}

static gboolean
uses_cairo_renderer (GtkWidget *widget)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GskRenderer *r = native ? gtk_native_get_renderer (native) : NULL;
  return r != NULL && GSK_IS_CAIRO_RENDERER (r);
}

/* Snapshot back end of the scene (vs-board-scene.h). */
static void
vs_board_view_snapshot (GtkWidget *widget, GtkSnapshot *s)
{
  VsBoardView *self = VS_BOARD_VIEW (widget);
  if (!self->has_position)
    return;
  ensure_layout (self);
  int scale = gtk_widget_get_scale_factor (widget);
  if (scale != self->tex_scale)
    {
      g_hash_table_remove_all (self->textures);
      g_hash_table_remove_all (self->surfaces);
      clear_board_layer (self);
      self->tex_scale = scale;
    }
  if (self->scene_dirty)
    rebuild_scene (self);
  /* the 3-D view draws projected quadrilaterals: one cairo node, the same
   * picture on every renderer */
  if (uses_cairo_renderer (widget) || self->layout.perspective)
    {
      /* GTK 4.8's cairo renderer converts every texture node's pixels on
       * every frame; with it, one cairo node that paints cached image
       * surfaces costs a fraction of that. */
      ensure_board_surface (self, scale);
      cairo_t *cr = gtk_snapshot_append_cairo (s, &GRAPHENE_RECT_INIT (0, 0, self->layout_w, self->layout_h));
      cairo_set_source_surface (cr, self->board_surface, 0, 0);
      const VsBoardLayout *bl = &self->layout;
      cairo_save (cr);
      cairo_rectangle (cr, bl->area.x, bl->area.y, bl->area.w, bl->area.h);
      cairo_clip (cr);
      cairo_paint (cr);
      cairo_restore (cr);
      vs_board_scene_draw_cairo_cached (&self->layout, self->prims, cr, get_surface, self);
      cairo_destroy (cr);
      return;
    }
  ensure_board_layer (self, scale);
  gtk_snapshot_append_texture (s, self->board_layer,
                               &GRAPHENE_RECT_INIT (0, 0, self->layout_w, self->layout_h));
  const VsBoardLayout *l = &self->layout;
  for (guint i = 0; i < self->prims->len; i++)
    {
      const VsPrim *p = &g_array_index (self->prims, VsPrim, i);
      double x = p->x, y = p->y, w = p->w, h = p->h, r = p->r;
      double x2 = p->x2, y2 = p->y2, lw = p->width;
      gboolean pushed = FALSE;
      if (p->plane >= 0)
        {
          const VsAffine *a = &l->plane[p->plane];
          if (a->xy == 0 && a->yx == 0)
            {
              /* axis-aligned: map to pixels directly */
              x = a->xx * p->x + a->x0;
              y = a->yy * p->y + a->y0;
              w = a->xx * p->w;
              h = a->yy * p->h;
              x2 = a->xx * p->x2 + a->x0;
              y2 = a->yy * p->y2 + a->y0;
              r = a->xx * p->r;
            }
          else
            {
              graphene_matrix_t m;
              graphene_matrix_init_from_2d (&m, a->xx, a->yx, a->xy, a->yy, a->x0, a->y0);
              gtk_snapshot_save (s);
              gtk_snapshot_transform_matrix (s, &m);
              lw = p->width / l->unit;
              pushed = TRUE;
            }
        }
      GdkRGBA color = rgba (&p->color);
      switch (p->kind)
        {
        case VS_PRIM_QUAD:   /* only in the 3-D view, drawn by the cairo path */
          break;
        case VS_PRIM_ASSET:
          {
            /* raster at the device size of the rectangle on screen */
            double sw = pushed ? w * l->plane[p->plane].xx : w;
            double sh = pushed ? h * l->plane[p->plane].yy : h;
            int pw = MAX (1, (int) lround (sw * scale));
            int ph = MAX (1, (int) lround (sh * scale));
            GdkTexture *t = get_texture (self, p->asset, pw, ph);
            if (t == NULL)
              break;
            if (p->turned)
              {
                gtk_snapshot_save (s);
                gtk_snapshot_translate (s, &GRAPHENE_POINT_INIT (x + w / 2, y + h / 2));
                gtk_snapshot_rotate (s, 180);
                gtk_snapshot_translate (s, &GRAPHENE_POINT_INIT (-(x + w / 2), -(y + h / 2)));
              }
            if (p->alpha < 1.0)
              gtk_snapshot_push_opacity (s, p->alpha);
            gtk_snapshot_append_texture (s, t, &GRAPHENE_RECT_INIT (x, y, w, h));
            if (p->alpha < 1.0)
              gtk_snapshot_pop (s);
            if (p->turned)
              gtk_snapshot_restore (s);
          }
          break;
        case VS_PRIM_FILL:
          gtk_snapshot_append_color (s, &color, &GRAPHENE_RECT_INIT (x, y, w, h));
          break;
        case VS_PRIM_DOT:
          {
            GskRoundedRect rr;
            graphene_rect_t b = GRAPHENE_RECT_INIT (x - r, y - r, 2 * r, 2 * r);
            gsk_rounded_rect_init_from_rect (&rr, &b, r);
            gtk_snapshot_push_rounded_clip (s, &rr);
            gtk_snapshot_append_color (s, &color, &b);
            gtk_snapshot_pop (s);
          }
          break;
        case VS_PRIM_RING:
          {
            GskRoundedRect rr;
            graphene_rect_t b = GRAPHENE_RECT_INIT (x - r, y - r, 2 * r, 2 * r);
            gsk_rounded_rect_init_from_rect (&rr, &b, r);
            float bw[4] = { lw, lw, lw, lw };
            GdkRGBA bc[4] = { color, color, color, color };
            gtk_snapshot_append_border (s, &rr, bw, bc);
          }
          break;
        case VS_PRIM_LINE:
          snapshot_line (s, x, y, x2, y2, lw, &color, FALSE);
          break;
        case VS_PRIM_CROSS:
          snapshot_line (s, x, y, x + w, y + h, lw, &color, TRUE);
          snapshot_line (s, x + w, y, x, y + h, lw, &color, TRUE);
          break;
        case VS_PRIM_ARROW:
          {
            double pts[14];
            vs_board_arrow_polygon (x, y, x2, y2, lw, pts);
            double minx = pts[0], maxx = pts[0], miny = pts[1], maxy = pts[1];
            for (int k = 1; k < 7; k++)
              {
                minx = MIN (minx, pts[2 * k]);
                maxx = MAX (maxx, pts[2 * k]);
                miny = MIN (miny, pts[2 * k + 1]);
                maxy = MAX (maxy, pts[2 * k + 1]);
              }
            graphene_rect_t b = GRAPHENE_RECT_INIT (floor (minx) - 1, floor (miny) - 1,
                                                    ceil (maxx - minx) + 3, ceil (maxy - miny) + 3);
            cairo_t *cr = gtk_snapshot_append_cairo (s, &b);
            draw_arrow_cb (cr, p);
            cairo_destroy (cr);
          }
          break;
        case VS_PRIM_TEXT:
          {
            PangoLayout *layout = get_text (self, p);
            PangoRectangle logical;
            pango_layout_get_pixel_extents (layout, NULL, &logical);
            int baseline = pango_layout_get_baseline (layout) / PANGO_SCALE;
            gtk_snapshot_save (s);
            gtk_snapshot_translate (s, &GRAPHENE_POINT_INIT (round (x - logical.width / 2.0),
                                                             round (y + 0.36 * p->size - baseline)));
            gtk_snapshot_append_layout (s, layout, &color);
            gtk_snapshot_restore (s);
          }
          break;
        }
      if (pushed)
        gtk_snapshot_restore (s);
    }
}

static GtkSizeRequestMode
vs_board_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
vs_board_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                       int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  VsBoardView *self = VS_BOARD_VIEW (widget);
  double wu = 8, hu = 8;
  if (self->has_position)
    {
      const VsVariant *v = self->ctl->pos->variant;
      vs_board_layout_natural_3d (v, vs_board_variant_has_hands (v), self->strato_view,
                                  self->three_d, &wu, &hu);
    }
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = (int) ceil (wu * 16);
      *natural = for_size > 0 ? MAX (*minimum, (int) (for_size * wu / hu)) : (int) ceil (wu * 56);
    }
  else
    {
      *minimum = (int) ceil (hu * 16);
      *natural = for_size > 0 ? MAX (*minimum, (int) (for_size * hu / wu)) : (int) ceil (hu * 56);
    }
}

static void
vs_board_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  VsBoardView *self = VS_BOARD_VIEW (widget);
  invalidate_layout (self);
  if (self->chooser)
    gtk_popover_present (GTK_POPOVER (self->chooser));
  allocate_cells (self);
}

/* ---- animation -------------------------------------------------------------------- */

static double
ease_out (double t)
{
  double u = 1 - t;
  return 1 - u * u * u;
}

static gboolean
anim_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  VsBoardView *self = VS_BOARD_VIEW (widget);
  double t = (gdk_frame_clock_get_frame_time (clock) - self->anim_start) / (double) ANIM_USEC;
  if (t >= 1.0)
    {
      self->tick_id = 0;
      invalidate_scene (self);
      return G_SOURCE_REMOVE;
    }
  double e = ease_out (CLAMP (t, 0, 1));
  self->anim_x = self->anim_x0 + (self->anim_x1 - self->anim_x0) * e;
  self->anim_y = self->anim_y0 + (self->anim_y1 - self->anim_y0) * e;
  invalidate_scene (self);
  return G_SOURCE_CONTINUE;
}

static void
start_animation (VsBoardView *self, VsPiece piece, double x0, double y0, int to_square)
{
  if (!self->animate || !gtk_widget_get_mapped (GTK_WIDGET (self)) || piece == VS_PIECE_NONE)
    return;
  ensure_layout (self);
  self->anim_piece = piece;
  self->anim_hidden = to_square;
  self->anim_x0 = self->anim_x = x0;
  self->anim_y0 = self->anim_y = y0;
  vs_board_layout_square_center (&self->layout, to_square, &self->anim_x1, &self->anim_y1);
  if (self->layout.oblique)
    self->anim_y1 -= self->layout.unit * 0.3;
  else if (self->layout.perspective)
    self->anim_y1 -= self->layout.unit * 0.36;
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  self->anim_start = clock ? gdk_frame_clock_get_frame_time (clock) : g_get_monotonic_time ();
  if (self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), anim_tick, NULL, NULL);
  invalidate_scene (self);
}

static void
stop_animation (VsBoardView *self)
{
  if (self->tick_id)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
}

/* ---- moves ----------------------------------------------------------------------------- */

static void
play_move (VsBoardView *self, VsMove m, gboolean from_drag)
{
  VsPosition *pos = self->ctl->pos;
  const VsGeometry *g = &pos->variant->geom;
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  VsMoveKind kind = VS_MOVE_KIND (m);
  gboolean glide = !from_drag && kind != VS_MOVE_PASS && kind != VS_MOVE_SUICIDE;
  double x0 = 0, y0 = 0;
  if (glide)
    {
      ensure_layout (self);
      if (from != VS_NO_SQUARE && from < vs_geometry_squares (g))
        vs_board_layout_square_center (&self->layout, from, &x0, &y0);
      else
        {
          glide = FALSE;
          for (int i = 0; i < self->layout.n_hand_slots; i++)
            if (self->layout.hand[i].color == pos->side &&
                self->layout.hand[i].type == VS_MOVE_PIECE (m))
              {
                x0 = self->layout.hand[i].rect.x + self->layout.hand[i].rect.w / 2;
                y0 = self->layout.hand[i].rect.y + self->layout.hand[i].rect.h / 2;
                glide = TRUE;
              }
        }
    }
  stop_animation (self);
  vs_board_controller_apply (self->ctl, m);
  if (glide)
    start_animation (self, pos->board[to], x0, y0, to);
  invalidate_scene (self);
  update_actions (self);
  update_accessible (self);
  g_signal_emit (self, signals[SIGNAL_MOVE_PLAYED], 0, (guint) m);
}

static void show_chooser (VsBoardView *self);

void
vs_board_view_handle_change (VsBoardView *self, VsBoardChange ch)
{
  g_return_if_fail (VS_IS_BOARD_VIEW (self));
  gboolean was_dragging = self->ctl->dragging || (ch & VS_BOARD_CHANGED_SNAPBACK);
  if (ch & VS_BOARD_CHANGED_SHAPES)
    {
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_SHAPES]);
      g_signal_emit (self, signals[SIGNAL_SHAPES_CHANGED], 0);
    }
  if (ch & VS_BOARD_CHANGED_MOVE)
    {
      VsMove m = vs_board_controller_take_move (self->ctl);
      if (m != VS_MOVE_NONE)
        play_move (self, m, was_dragging);
    }
  if (ch & VS_BOARD_CHANGED_CHOOSE)
    show_chooser (self);
  if (ch & VS_BOARD_CHANGED_REDRAW)
    {
      invalidate_scene (self);
      update_accessible (self);
    }
}

/* ---- chooser (promotion, suicide) ------------------------------------------------------- */

static void
chooser_closed (GtkPopover *popover, VsBoardView *self)
{
  if (self->chooser == GTK_WIDGET (popover))
    {
      self->chooser = NULL;
      if (self->ctl->n_choices > 0)
        vs_board_view_handle_change (self, vs_board_controller_choose (self->ctl, -1));
    }
  gtk_widget_unparent (GTK_WIDGET (popover));
}

static void
choice_clicked (GtkButton *button, VsBoardView *self)
{
  int index = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "choice"));
  GtkWidget *popover = self->chooser;
  VsBoardChange ch = vs_board_controller_choose (self->ctl, index);
  if (popover)
    {
      self->chooser = NULL;
      gtk_popover_popdown (GTK_POPOVER (popover));
    }
  vs_board_view_handle_change (self, ch);
}

static void
show_chooser (VsBoardView *self)
{
  VsBoardController *c = self->ctl;
  if (c->n_choices == 0)
    return;
  if (self->chooser)
    {
      GtkWidget *old = self->chooser;
      self->chooser = NULL;
      gtk_popover_popdown (GTK_POPOVER (old));
    }
  ensure_layout (self);
  const VsVariant *v = c->pos->variant;
  const char *set = vs_piece_set_resolve (self->piece_set, v);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  int px = MAX (32, (int) self->layout.unit);
  for (int i = 0; i < c->n_choices; i++)
    {
      VsMove m = c->choices[i];
      GtkWidget *button;
      if (VS_MOVE_KIND (m) == VS_MOVE_SUICIDE)
        {
          button = gtk_button_new_with_label (_("Remove the immobilized piece"));
          gtk_widget_set_tooltip_text (button, _("Suicide: the piece leaves the board; this is your move"));
        }
      else
        {
          VsPiece placed = VS_MAKE_PIECE (c->pos->side, VS_MOVE_PIECE (m));
          const char *asset = VS_MOVE_PIECE (m) ? vs_piece_set_asset (set, v, placed) : NULL;
          g_autofree char *name = vs_piece_describe (v, placed);
          if (asset)
            {
              int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
              GdkTexture *t = get_texture (self, asset, px * scale, px * scale);
              GtkWidget *pic = gtk_picture_new_for_paintable (GDK_PAINTABLE (t));
              gtk_widget_set_size_request (pic, px, px);
              button = gtk_button_new ();
              gtk_button_set_child (GTK_BUTTON (button), pic);
            }
          else
            {
              char text[VS_MOVE_TEXT_MAX];
              vs_move_write (c->pos, m, VS_NOTATION_SAN, text);
              button = gtk_button_new_with_label (text);
            }
          if (name)
            {
              gtk_widget_set_tooltip_text (button, name);
              gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                              GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
            }
        }
      gtk_widget_add_css_class (button, "flat");
      g_object_set_data (G_OBJECT (button), "choice", GINT_TO_POINTER (i));
      g_signal_connect (button, "clicked", G_CALLBACK (choice_clicked), self);
      gtk_box_append (GTK_BOX (box), button);
    }
  GtkWidget *popover = gtk_popover_new ();
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  gtk_widget_set_parent (popover, GTK_WIDGET (self));
  double cx, cy;
  vs_board_layout_square_center (&self->layout, c->choice_square, &cx, &cy);
  GdkRectangle rect = { (int) (cx - self->layout.unit / 2), (int) (cy - self->layout.unit / 2),
                        (int) self->layout.unit, (int) self->layout.unit };
  gtk_popover_set_pointing_to (GTK_POPOVER (popover), &rect);
  g_signal_connect (popover, "closed", G_CALLBACK (chooser_closed), self);
  self->chooser = popover;
  gtk_popover_popup (GTK_POPOVER (popover));
}

GtkWidget *
vs_board_view_get_chooser (VsBoardView *self)
{
  g_return_val_if_fail (VS_IS_BOARD_VIEW (self), NULL);
  return self->chooser;
}

/* ---- gestures ------------------------------------------------------------------------------ */

static gboolean double_press_passes (VsBoardView *self, double x, double y);

static void
left_begin (GtkGestureDrag *gesture, double x, double y, VsBoardView *self)
{
  if (!self->has_position)
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  ensure_layout (self);
  stop_animation (self);
  if (double_press_passes (self, x, y))
    return;
  vs_board_view_handle_change (self, vs_board_controller_press (self->ctl, &self->layout, x, y));
}

static void
left_update (GtkGestureDrag *gesture, double dx, double dy, VsBoardView *self)
{
  double x, y;
  if (!self->has_position || !gtk_gesture_drag_get_start_point (gesture, &x, &y))
    return;
  ensure_layout (self);
  vs_board_view_handle_change (self, vs_board_controller_motion (self->ctl, &self->layout, x + dx, y + dy));
}

static void
left_end (GtkGestureDrag *gesture, double dx, double dy, VsBoardView *self)
{
  double x, y;
  if (!self->has_position || !gtk_gesture_drag_get_start_point (gesture, &x, &y))
    return;
  ensure_layout (self);
  gboolean dragging = self->ctl->dragging;
  int home = self->ctl->sel_square;
  VsPiece lifted = vs_board_controller_selected_piece (self->ctl);
  VsBoardChange ch = vs_board_controller_release (self->ctl, &self->layout, x + dx, y + dy);
  if ((ch & VS_BOARD_CHANGED_SNAPBACK) && dragging && home >= 0)
    start_animation (self, lifted, x + dx, y + dy, home);
  vs_board_view_handle_change (self, ch);
}

/* Issue 18: a second press on one's own King within the double-click time
 * passes, when a pass is legal (the pass starts and ends on the King's point). */
static gboolean
double_press_passes (VsBoardView *self, double x, double y)
{
  VsHit hit = vs_board_layout_hit (&self->layout, x, y);
  int square = hit.kind == VS_HIT_SQUARE ? hit.square : -1;
  gint64 now = g_get_monotonic_time ();
  int dbl_ms = 400;
  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-double-click-time", &dbl_ms, NULL);
  gboolean twice = square >= 0 && square == self->press_square &&
                   now - self->press_usec <= (gint64) dbl_ms * 1000;
  self->press_square = twice ? -1 : square;
  self->press_usec = now;
  VsMove m = vs_board_controller_pass_move (self->ctl);
  if (!twice || m == VS_MOVE_NONE || square != VS_MOVE_FROM (m))
    return FALSE;
  vs_board_controller_deselect (self->ctl);
  play_move (self, m, FALSE);
  return TRUE;
}

static VsShapeColor
modifier_color (GtkEventController *controller)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (controller);
  return vs_shape_color_from_modifiers ((state & GDK_SHIFT_MASK) != 0,
                                        (state & GDK_ALT_MASK) != 0,
                                        (state & GDK_CONTROL_MASK) != 0);
}

static void
right_begin (GtkGestureDrag *gesture, double x, double y, VsBoardView *self)
{
  if (!self->has_position)
    return;
  ensure_layout (self);
  vs_board_view_handle_change (self, vs_board_controller_right_press (self->ctl, &self->layout, x, y,
                                                                      modifier_color (GTK_EVENT_CONTROLLER (gesture))));
}

static void
right_update (GtkGestureDrag *gesture, double dx, double dy, VsBoardView *self)
{
  double x, y;
  if (!self->has_position || !gtk_gesture_drag_get_start_point (gesture, &x, &y))
    return;
  vs_board_view_handle_change (self, vs_board_controller_right_motion (self->ctl, &self->layout, x + dx, y + dy));
}

static void
right_end (GtkGestureDrag *gesture, double dx, double dy, VsBoardView *self)
{
  double x, y;
  if (!self->has_position || !gtk_gesture_drag_get_start_point (gesture, &x, &y))
    return;
  vs_board_view_handle_change (self, vs_board_controller_right_release (self->ctl, &self->layout, x + dx, y + dy));
}

static void
pointer_motion (GtkEventControllerMotion *motion, double x, double y, VsBoardView *self)
{
  /* hover over a destination after click-selection: shows the captures */
  if (!self->has_position || self->ctl->pressing || self->ctl->sel_kind == VS_BOARD_SEL_NONE)
    return;
  ensure_layout (self);
  vs_board_view_handle_change (self, vs_board_controller_motion (self->ctl, &self->layout, x, y));
}

static gboolean
key_pressed (GtkEventControllerKey *key, guint keyval, guint keycode, GdkModifierType state,
             VsBoardView *self)
{
  if (!self->has_position)
    return FALSE;
  VsBoardKey k;
  switch (keyval)
    {
    case GDK_KEY_Left: case GDK_KEY_KP_Left: k = VS_BOARD_KEY_LEFT; break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: k = VS_BOARD_KEY_RIGHT; break;
    case GDK_KEY_Up: case GDK_KEY_KP_Up: k = VS_BOARD_KEY_UP; break;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: k = VS_BOARD_KEY_DOWN; break;
    case GDK_KEY_Page_Up: k = VS_BOARD_KEY_LEVEL_UP; break;
    case GDK_KEY_Page_Down: k = VS_BOARD_KEY_LEVEL_DOWN; break;
    case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_space: case GDK_KEY_KP_Space:
      k = VS_BOARD_KEY_ACTIVATE; break;
    case GDK_KEY_Escape: k = VS_BOARD_KEY_CANCEL; break;
    default:
      {
        /* a piece letter picks that piece from the hand (Crazyhouse drops) */
        guint32 ch = gdk_keyval_to_unicode (keyval);
        const VsVariant *v = self->ctl->pos->variant;
        if (ch < 128 && g_ascii_isalpha (ch) && vs_board_variant_has_hands (v) &&
            (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) == 0)
          {
            int types[VS_HAND_TYPES_MAX];
            int n = vs_board_hand_types (v, types);
            for (int i = 0; i < n; i++)
              {
                const char *letter = v->pieces[types[i]].letter;
                if (letter && g_ascii_toupper (letter[0]) == g_ascii_toupper (ch) && letter[1] == '\0')
                  {
                    VsBoardChange hc = vs_board_controller_select_hand (self->ctl, types[i]);
                    vs_board_view_handle_change (self, hc | VS_BOARD_CHANGED_REDRAW);
                    return hc != VS_BOARD_CHANGED_NONE;
                  }
              }
          }
        return FALSE;
      }
    }
  ensure_layout (self);
  VsBoardChange ch = vs_board_controller_key (self->ctl, &self->layout, k);
  vs_board_view_handle_change (self, ch | VS_BOARD_CHANGED_REDRAW);
  return k != VS_BOARD_KEY_CANCEL || ch != VS_BOARD_CHANGED_NONE;
}

static void
focus_changed (GtkEventControllerFocus *focus, VsBoardView *self)
{
  invalidate_scene (self);
}

/* ---- accessibility --------------------------------------------------------------------------- */

/* GTK 4.8 exposes only widgets to assistive technologies, so every square
 * and hand slot has an undrawn child widget (vs-board-cell.h) carrying its
 * label and state; the board never snapshots them. */

#define CELL_SELECTED  (G_GUINT64_CONSTANT (1) << 8)
#define CELL_TARGET    (G_GUINT64_CONSTANT (1) << 9)

static void
clear_cells (VsBoardView *self)
{
  for (guint i = 0; i < self->cells->len; i++)
    gtk_widget_unparent (g_ptr_array_index (self->cells, i));
  for (guint i = 0; i < self->hand_cells->len; i++)
    gtk_widget_unparent (g_ptr_array_index (self->hand_cells, i));
  g_ptr_array_set_size (self->cells, 0);
  g_ptr_array_set_size (self->hand_cells, 0);
  self->cells_variant = NULL;
  if (self->active_cell)
    {
      self->active_cell = NULL;
      gtk_accessible_reset_relation (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_RELATION_ACTIVE_DESCENDANT);
    }
}

/* One cell per square (level by level, each from the top rank down as
 * White sees it), then the hand slots, White's first. */
static void
ensure_cells (VsBoardView *self)
{
  const VsVariant *v = self->ctl->pos->variant;
  if (self->cells_variant == v)
    return;
  clear_cells (self);
  const VsGeometry *g = &v->geom;
  int n = vs_geometry_squares (g);
  g_ptr_array_set_size (self->cells, n);
  for (int level = 0; level < g->levels; level++)
    for (int rank = g->ranks - 1; rank >= 0; rank--)
      for (int file = 0; file < g->files; file++)
        {
          int sq = vs_sq_make (g, level, rank, file);
          GtkWidget *cell = vs_board_cell_new (GTK_ACCESSIBLE_ROLE_GRID_CELL);
          gtk_widget_set_parent (cell, GTK_WIDGET (self));
          g_ptr_array_index (self->cells, sq) = cell;
        }
  if (vs_board_variant_has_hands (v))
    {
      int types[VS_HAND_TYPES_MAX];
      int nt = vs_board_hand_types (v, types);
      for (int color = VS_WHITE; color <= VS_BLACK; color++)
        for (int i = 0; i < nt; i++)
          {
            GtkWidget *cell = vs_board_cell_new (GTK_ACCESSIBLE_ROLE_GRID_CELL);
            g_object_set_data (G_OBJECT (cell), "vs-hand-color", GINT_TO_POINTER (color));
            g_object_set_data (G_OBJECT (cell), "vs-hand-type", GINT_TO_POINTER (types[i]));
            gtk_widget_set_parent (cell, GTK_WIDGET (self));
            g_ptr_array_add (self->hand_cells, cell);
          }
    }
  self->cells_variant = v;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static void
allocate_cell (GtkWidget *cell, double x0, double y0, double x1, double y1)
{
  int min;
  /* GTK wants every child measured before it is allocated (cached after
   * the first time: a cell asks for nothing) */
  gtk_widget_measure (cell, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  gtk_widget_measure (cell, GTK_ORIENTATION_VERTICAL, -1, &min, NULL, NULL, NULL);
  GtkAllocation a;
  a.x = (int) floor (x0);
  a.y = (int) floor (y0);
  a.width = MAX (0, (int) ceil (x1) - a.x);
  a.height = MAX (0, (int) ceil (y1) - a.y);
  gtk_widget_size_allocate (cell, &a, -1);
}

/* Each cell covers its square (Janggi: the cell around its point; Strato
 * stacked: the bounding box of the slanted square), so that an assistive
 * technology's pointer review finds it where the square is drawn. */
static void
allocate_cells (VsBoardView *self)
{
  if (!self->has_position || self->cells->len == 0)
    return;
  ensure_layout (self);
  const VsBoardLayout *l = &self->layout;
  for (guint sq = 0; sq < self->cells->len; sq++)
    {
      int p, u, v;
      vs_board_layout_square_cell (l, sq, &p, &u, &v);
      double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
      for (int k = 0; k < 4; k++)
        {
          double x, y;
          vs_board_layout_plane_point (l, p, u + (k & 1), v + (k >> 1), &x, &y);
          x0 = MIN (x0, x);
          y0 = MIN (y0, y);
          x1 = MAX (x1, x);
          y1 = MAX (y1, y);
        }
      allocate_cell (g_ptr_array_index (self->cells, sq), x0, y0, x1, y1);
    }
  for (guint i = 0; i < self->hand_cells->len; i++)
    {
      GtkWidget *cell = g_ptr_array_index (self->hand_cells, i);
      int color = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (cell), "vs-hand-color"));
      int type = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (cell), "vs-hand-type"));
      VsRect r = { 0, 0, 0, 0 };
      for (int k = 0; k < l->n_hand_slots; k++)
        if (l->hand[k].color == color && l->hand[k].type == type)
          r = l->hand[k].rect;
      allocate_cell (cell, r.x, r.y, r.x + r.w, r.y + r.h);
    }
}

/* A square's name as the board's coordinates show it: Chartima's files in
 * capitals ("E2"), Strato's level letter first ("Be4"), Janggi's points in
 * gibo numbers (row, file: "95") when the board shows those. */
static void
cell_square_name (VsBoardView *self, const VsVariant *v, int sq, char out[8])
{
  const VsGeometry *g = &v->geom;
  VsPieceFamily family = vs_piece_family_for_variant (v);
  if (family == VS_PIECE_FAMILY_JANGGI && self->gibo)
    {
      g_snprintf (out, 8, "%d%d", (10 - vs_sq_rank (g, sq)) % 10, vs_sq_file (g, sq) + 1);
      return;
    }
  vs_square_name (g, sq, out);
  if (family == VS_PIECE_FAMILY_CHARTIMA)
    {
      int f = g->levels > 1 ? 1 : 0;
      out[f] = g_ascii_toupper (out[f]);
    }
}

/* Updates the cells whose square or hand slot changed (piece, count,
 * selection, legal destination) since they were last labelled. */
static void
update_cells (VsBoardView *self)
{
  const VsBoardController *c = self->ctl;
  const VsPosition *pos = c->pos;
  const VsVariant *v = pos->variant;
  if (self->cells_variant != v)
    return;
  if (self->cells_gibo != self->gibo)
    {
      for (guint i = 0; i < self->cells->len; i++)
        vs_board_cell_reset_key (g_ptr_array_index (self->cells, i));
      self->cells_gibo = self->gibo;
    }
  for (guint sq = 0; sq < self->cells->len; sq++)
    {
      VsBoardCell *cell = g_ptr_array_index (self->cells, sq);
      gboolean selected = c->sel_kind == VS_BOARD_SEL_SQUARE && c->sel_square == (int) sq;
      gboolean target = c->sel_kind != VS_BOARD_SEL_NONE && c->targets[sq];
      guint64 key = pos->board[sq] | (selected ? CELL_SELECTED : 0) | (target ? CELL_TARGET : 0);
      if (!vs_board_cell_take_key (cell, key))
        continue;
      char name[8];
      cell_square_name (self, v, sq, name);
      g_autofree char *piece = vs_piece_describe (v, pos->board[sq]);
      g_autofree char *label = NULL;
      if (piece)
        /* TRANSLATORS: accessible name of a board square: square name, piece
         * ("e4, White Knight") */
        label = g_strdup_printf (C_("board square", "%s, %s"), name, piece);
      else
        /* TRANSLATORS: accessible name of an empty board square ("e4, empty") */
        label = g_strdup_printf (C_("board square", "%s, empty"), name);
      vs_board_cell_set_texts (cell, label, selected, target ? _("legal destination") : NULL);
    }
  for (guint i = 0; i < self->hand_cells->len; i++)
    {
      VsBoardCell *cell = g_ptr_array_index (self->hand_cells, i);
      int color = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (cell), "vs-hand-color"));
      int type = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (cell), "vs-hand-type"));
      int count = pos->hand[color][type];
      gboolean selected = c->sel_kind == VS_BOARD_SEL_HAND && c->sel_color == color && c->sel_type == type;
      if (!vs_board_cell_take_key (cell, (guint64) count | (selected ? CELL_SELECTED : 0)))
        continue;
      g_autofree char *piece = vs_piece_describe (v, VS_MAKE_PIECE (color, type));
      /* TRANSLATORS: accessible name of a hand slot (Crazyhouse): piece and
       * how many of it are in hand ("White Knight in hand: 2") */
      g_autofree char *label = g_strdup_printf (C_("board hand", "%s in hand: %d"), piece, count);
      vs_board_cell_set_texts (cell, label, selected, NULL);
    }
}

static void
update_accessible (VsBoardView *self)
{
  if (!self->has_position)
    return;
  update_cells (self);
  const VsPosition *pos = self->ctl->pos;
  const VsVariant *v = pos->variant;
  int sq = self->ctl->focus_square;
  if (sq < 0)
    return;
  char name[8];
  vs_square_name (&v->geom, sq, name);
  g_autofree char *piece = vs_piece_describe (v, pos->board[sq]);
  g_autofree char *desc = NULL;
  const char *state = self->ctl->sel_square == sq ? _("selected")
                      : self->ctl->targets[sq] ? _("legal destination") : NULL;
  if (piece && state)
    /* TRANSLATORS: square name, piece, state: "e4: White Knight, selected" */
    desc = g_strdup_printf (_("%s: %s, %s"), name, piece, state);
  else if (piece)
    desc = g_strdup_printf (_("%s: %s"), name, piece);
  else if (state)
    desc = g_strdup_printf (_("%s: empty, %s"), name, state);
  else
    desc = g_strdup_printf (_("%s: empty"), name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, desc, -1);
  if (self->cells_variant == v && sq < (int) self->cells->len &&
      self->active_cell != g_ptr_array_index (self->cells, sq))
    {
      self->active_cell = g_ptr_array_index (self->cells, sq);
      gtk_accessible_update_relation (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_RELATION_ACTIVE_DESCENDANT,
                                      self->active_cell, -1);
    }
}

/* ---- actions ---------------------------------------------------------------------------------- */

static void
update_actions (VsBoardView *self)
{
  gboolean pass = self->has_position && vs_board_controller_pass_move (self->ctl) != VS_MOVE_NONE;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "board.pass", pass);
  gboolean strato = self->has_position && self->ctl->pos->variant->geom.levels > 1;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "board.toggle-strato-view", strato);
}

static void
action_flip (GtkWidget *widget, const char *name, GVariant *param)
{
  VsBoardView *self = VS_BOARD_VIEW (widget);
  vs_board_view_set_flipped (self, !self->flipped);
}

static void
action_pass (GtkWidget *widget, const char *name, GVariant *param)
{
  vs_board_view_pass (VS_BOARD_VIEW (widget));
}

static void
action_toggle_strato (GtkWidget *widget, const char *name, GVariant *param)
{
  VsBoardView *self = VS_BOARD_VIEW (widget);
  vs_board_view_set_strato_view (self, self->strato_view == VS_STRATO_VIEW_STACKED
                                         ? VS_STRATO_VIEW_SIDE_BY_SIDE : VS_STRATO_VIEW_STACKED);
}

/* ---- public API --------------------------------------------------------------------------------- */

void
vs_board_view_set_three_d (VsBoardView *self, gboolean three_d)
{
  g_return_if_fail (VS_IS_BOARD_VIEW (self));
  three_d = !!three_d;
  if (three_d == self->three_d)
    return;
  self->three_d = three_d;
  invalidate_layout (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_THREE_D]);
}

gboolean
vs_board_view_get_three_d (VsBoardView *self)
{
  g_return_val_if_fail (VS_IS_BOARD_VIEW (self), FALSE);
  return self->three_d;
}

GtkWidget *
vs_board_view_new (void)
{
  return g_object_new (VS_TYPE_BOARD_VIEW, NULL);
}

void
vs_board_view_set_previous_move (VsBoardView *self, VsMove move)
{
  g_return_if_fail (VS_IS_BOARD_VIEW (self));
  self->ctl->prev_move = move;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
vs_board_view_set_position (VsBoardView *self, const VsPosition *pos, VsMove last_move,
                            gboolean animate)
{
  g_return_if_fail (VS_IS_BOARD_VIEW (self));
  g_return_if_fail (pos != NULL && pos->variant != NULL);
  gboolean variant_changed = !self->has_position || self->ctl->pos->variant != pos->variant;
  /* glide when the new position follows from the shown one by last_move */
  VsPiece piece = VS_PIECE_NONE;
  double x0 = 0, y0 = 0;
  int to = -1;
  stop_animation (self);
  if (animate && !variant_changed && last_move != VS_MOVE_NONE)
    {
      const VsGeometry *g = &pos->variant->geom;
      int from = VS_MOVE_FROM (last_move);
      to = VS_MOVE_TO (last_move);
      VsMoveKind k = VS_MOVE_KIND (last_move);
      if (from != VS_NO_SQUARE && from < vs_geometry_squares (g) && k != VS_MOVE_PASS &&
          k != VS_MOVE_SUICIDE && self->ctl->pos->board[from] != VS_PIECE_NONE &&
          pos->board[from] == VS_PIECE_NONE)
        {
          ensure_layout (self);
          vs_board_layout_square_center (&self->layout, from, &x0, &y0);
          piece = pos->board[to];
        }
    }
  if (self->chooser)
    {
      GtkWidget *old = self->chooser;
      self->chooser = NULL;
      gtk_popover_popdown (GTK_POPOVER (old));
    }
  vs_board_controller_set_position (self->ctl, pos, last_move);
  self->has_position = TRUE;
  if (variant_changed)
    {
      invalidate_layout (self);
      gtk_widget_queue_resize (GTK_WIDGET (self));
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_PIECE_SET]);
    }
  ensure_cells (self);
  if (piece != VS_PIECE_NONE)
    start_animation (self, piece, x0, y0, to);
  invalidate_scene (self);
  update_actions (self);
  update_accessible (self);
}

const VsPosition *
vs_board_view_get_position (VsBoardView *self)
{
  g_return_val_if_fail (VS_IS_BOARD_VIEW (self), NULL);
  return self->has_position ? self->ctl->pos : NULL;
}

void
vs_board_view_set_theme (VsBoardView *self, const char *name)
{
  g_return_if_fail (VS_IS_BOARD_VIEW (self));
  if (name == NULL || vs_board_theme_get (name) == NULL)
    name = vs_board_theme_names ()[0];
  if (g_strcmp0 (name, self->theme) == 0)
    return;
  g_free (self->theme);
  self->theme = g_strdup (name);
  invalidate_board_layer (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_THEME]);
}

const char *
vs_board_view_get_theme (VsBoardView *self)
{
  g_return_val_if_fail (VS_IS_BOARD_VIEW (self), NULL);
  return self->theme;
}

void
vs_board_view_set_piece_set (VsBoardView *self, const char *set)
{
  g_return_if_fail (VS_IS_BOARD_VIEW (self));
  if (g_strcmp0 (set, self->piece_set) == 0)
    return;
  g_free (self->piece_set);
  self->piece_set = g_strdup (set);
  invalidate_scene (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_PIECE_SET]);
}

const char *
vs_board_view_get_piece_set (VsBoardView *self)
{
  g_return_val_if_fail (VS_IS_BOARD_VIEW (self), NULL);
  if (!self->has_position)
    return self->piece_set;
  return vs_piece_set_resolve (self->piece_set, self->ctl->pos->variant);
}

void
vs_board_view_set_flipped (VsBoardView *self, gboolean flipped)
{
  g_return_if_fail (VS_IS_BOARD_VIEW (self));
  flipped = !!flipped;
  if (flipped == self->flipped)
    return;
  self->flipped = flipped;
  invalidate_layout (self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));   /* the cells move with their squares */
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_FLIPPED]);
}

gboolean
vs_board_view_get_flipped (VsBoardView *self)
{
  g_return_val_if_fail (VS_IS_BOARD_VIEW (self), FALSE);
  return self->flipped;
}

void
vs_board_view_set_strato_view (VsBoardView *self, VsStratoView view)
{
  g_return_if_fail (VS_IS_BOARD_VIEW (self));
  if (view == self->strato_view)
    return;
  self->strato_view = view;
  invalidate_layout (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_STRATO_VIEW]);
}

VsStratoView
vs_board_view_get_strato_view (VsBoardView *self)
{
  g_return_val_if_fail (VS_IS_BOARD_VIEW (self), VS_STRATO_VIEW_SIDE_BY_SIDE);
  return self->strato_view;
}

void
vs_board_view_set_show_coordinates (VsBoardView *self, gboolean show)
{
  g_return_if_fail (VS_IS_BOARD_VIEW (self));
  show = !!show;
  if (show == self->coordinates)
    return;
  self->coordinates = show;
  invalidate_scene (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_SHOW_COORDINATES]);
}

void
vs_board_view_set_gibo_coordinates (VsBoardView *self, gboolean gibo)
{
  g_return_if_fail (VS_IS_BOARD_VIEW (self));
  gibo = !!gibo;
  if (gibo == self->gibo)
    return;
  self->gibo = gibo;
  invalidate_scene (self);
  update_accessible (self);   /* Janggi square names follow the coordinates */
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_GIBO_COORDINATES]);
}

void
vs_board_view_set_interactive_sides (VsBoardView *self, guint sides)
{
  g_return_if_fail (VS_IS_BOARD_VIEW (self));
  sides &= 3;
  if (sides == self->ctl->sides)
    return;
  self->ctl->sides = sides;
  vs_board_controller_deselect (self->ctl);
  invalidate_scene (self);
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_INTERACTIVE_SIDES]);
}

void
vs_board_view_set_animate (VsBoardView *self, gboolean animate)
{
  g_return_if_fail (VS_IS_BOARD_VIEW (self));
  animate = !!animate;
  if (animate == self->animate)
    return;
  self->animate = animate;
  if (!animate)
    stop_animation (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ANIMATE]);
}

void
vs_board_view_set_arrows (VsBoardView *self, const VsBoardArrow *arrows, int n)
{
  g_return_if_fail (VS_IS_BOARD_VIEW (self));
  n = CLAMP (n, 0, VS_BOARD_MAX_ARROWS);
  if (n == self->n_arrows && (n == 0 || memcmp (arrows, self->arrows, n * sizeof *arrows) == 0))
    return;
  if (n > 0)
    memcpy (self->arrows, arrows, n * sizeof *arrows);
  self->n_arrows = n;
  invalidate_scene (self);
}

const VsBoardArrow *
vs_board_view_get_arrows (VsBoardView *self, int *n)
{
  g_return_val_if_fail (VS_IS_BOARD_VIEW (self), NULL);
  if (n)
    *n = self->n_arrows;
  return self->arrows;
}

void
vs_board_view_set_hide_shapes (VsBoardView *self, gboolean hide)
{
  g_return_if_fail (VS_IS_BOARD_VIEW (self));
  if (self->hide_shapes == !!hide)
    return;
  self->hide_shapes = !!hide;
  invalidate_scene (self);
}

VsMove
vs_board_view_get_last_move (VsBoardView *self)
{
  g_return_val_if_fail (VS_IS_BOARD_VIEW (self), VS_MOVE_NONE);
  return self->ctl->last_move;
}

void
vs_board_view_set_marks (VsBoardView *self, const VsSquareMark *marks, int n)
{
  g_return_if_fail (VS_IS_BOARD_VIEW (self));
  g_array_set_size (self->marks, 0);
  if (n > 0)
    g_array_append_vals (self->marks, marks, n);
  invalidate_scene (self);
}

void
vs_board_view_set_shapes (VsBoardView *self, const VsBoardShape *shapes, int n)
{
  g_return_if_fail (VS_IS_BOARD_VIEW (self));
  n = CLAMP (n, 0, VS_BOARD_MAX_SHAPES);
  if (n == self->ctl->n_shapes && (n == 0 || memcmp (shapes, self->ctl->shapes, n * sizeof *shapes) == 0))
    return;
  if (n > 0)
    memcpy (self->ctl->shapes, shapes, n * sizeof *shapes);
  self->ctl->n_shapes = n;
  vs_board_view_handle_change (self, VS_BOARD_CHANGED_SHAPES | VS_BOARD_CHANGED_REDRAW);
}

const VsBoardShape *
vs_board_view_get_shapes (VsBoardView *self, int *n)
{
  g_return_val_if_fail (VS_IS_BOARD_VIEW (self), NULL);
  if (n)
    *n = self->ctl->n_shapes;
  return self->ctl->shapes;
}

char **
vs_board_view_dup_shapes_strv (VsBoardView *self)
{
  g_return_val_if_fail (VS_IS_BOARD_VIEW (self), NULL);
  GPtrArray *a = g_ptr_array_new ();
  if (self->has_position)
    for (int i = 0; i < self->ctl->n_shapes; i++)
      g_ptr_array_add (a, vs_board_shape_to_string (&self->ctl->pos->variant->geom, &self->ctl->shapes[i]));
  g_ptr_array_add (a, NULL);
  return (char **) g_ptr_array_free (a, FALSE);
}

void
vs_board_view_set_shapes_strv (VsBoardView *self, const char *const *strv)
{
  g_return_if_fail (VS_IS_BOARD_VIEW (self));
  if (!self->has_position)
    return;
  VsBoardShape shapes[VS_BOARD_MAX_SHAPES];
  int n = 0;
  for (int i = 0; strv && strv[i] && n < VS_BOARD_MAX_SHAPES; i++)
    if (vs_board_shape_parse (&self->ctl->pos->variant->geom, strv[i], &shapes[n]))
      n++;
    else
      g_warning ("ignoring malformed board shape “%s”", strv[i]);
  vs_board_view_set_shapes (self, shapes, n);
}

gboolean
vs_board_view_pass (VsBoardView *self)
{
  g_return_val_if_fail (VS_IS_BOARD_VIEW (self), FALSE);
  if (!self->has_position)
    return FALSE;
  VsMove m = vs_board_controller_pass_move (self->ctl);
  if (m == VS_MOVE_NONE)
    return FALSE;
  play_move (self, m, FALSE);
  return TRUE;
}

gboolean
vs_board_view_export (VsBoardView *self, const char *filename, int size, GError **error)
{
  g_return_val_if_fail (VS_IS_BOARD_VIEW (self), FALSE);
  g_return_val_if_fail (self->has_position, FALSE);
  VsDiagramOptions o;
  vs_diagram_options_init (&o);
  o.theme = self->theme;
  o.piece_set = vs_piece_set_resolve (self->piece_set, self->ctl->pos->variant);
  o.size = size;
  o.flipped = self->flipped;
  o.coordinates = self->coordinates;
  o.gibo = self->gibo;
  o.strato_view = self->strato_view;
  o.three_d = self->three_d;
  o.last_move = self->ctl->last_move;
  o.show_check = TRUE;
  o.marks = (const VsSquareMark *) self->marks->data;
  o.n_marks = self->marks->len;
  o.shapes = self->ctl->shapes;
  o.n_shapes = self->ctl->n_shapes;
  return vs_diagram_save (self->ctl->pos, &o, filename, error);
}

const VsBoardLayout *
vs_board_view_get_layout (VsBoardView *self)
{
  g_return_val_if_fail (VS_IS_BOARD_VIEW (self), NULL);
  if (!self->has_position)
    return NULL;
  ensure_layout (self);
  return &self->layout;
}

VsBoardController *
vs_board_view_get_controller (VsBoardView *self)
{
  g_return_val_if_fail (VS_IS_BOARD_VIEW (self), NULL);
  return self->ctl;
}

GtkAccessible *
vs_board_view_get_square_accessible (VsBoardView *self, int square)
{
  g_return_val_if_fail (VS_IS_BOARD_VIEW (self), NULL);
  if (square < 0 || (guint) square >= self->cells->len)
    return NULL;
  return g_ptr_array_index (self->cells, square);
}

GtkAccessible *
vs_board_view_get_hand_accessible (VsBoardView *self, int color, int type)
{
  g_return_val_if_fail (VS_IS_BOARD_VIEW (self), NULL);
  for (guint i = 0; i < self->hand_cells->len; i++)
    {
      GObject *cell = g_ptr_array_index (self->hand_cells, i);
      if (GPOINTER_TO_INT (g_object_get_data (cell, "vs-hand-color")) == color &&
          GPOINTER_TO_INT (g_object_get_data (cell, "vs-hand-type")) == type)
        return GTK_ACCESSIBLE (cell);
    }
  return NULL;
}

/* ---- GObject ------------------------------------------------------------------------------------ */

static void
vs_board_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  VsBoardView *self = VS_BOARD_VIEW (object);
  switch (prop_id)
    {
    case PROP_THEME: g_value_set_string (value, self->theme); break;
    case PROP_PIECE_SET: g_value_set_string (value, vs_board_view_get_piece_set (self)); break;
    case PROP_FLIPPED: g_value_set_boolean (value, self->flipped); break;
    case PROP_STRATO_VIEW: g_value_set_int (value, self->strato_view); break;
    case PROP_SHOW_COORDINATES: g_value_set_boolean (value, self->coordinates); break;
    case PROP_GIBO_COORDINATES: g_value_set_boolean (value, self->gibo); break;
    case PROP_INTERACTIVE_SIDES: g_value_set_uint (value, self->ctl->sides); break;
    case PROP_ANIMATE: g_value_set_boolean (value, self->animate); break;
    case PROP_SHAPES: g_value_take_boxed (value, vs_board_view_dup_shapes_strv (self)); break;
    case PROP_THREE_D: g_value_set_boolean (value, self->three_d); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
vs_board_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  VsBoardView *self = VS_BOARD_VIEW (object);
  switch (prop_id)
    {
    case PROP_THEME: vs_board_view_set_theme (self, g_value_get_string (value)); break;
    case PROP_PIECE_SET: vs_board_view_set_piece_set (self, g_value_get_string (value)); break;
    case PROP_FLIPPED: vs_board_view_set_flipped (self, g_value_get_boolean (value)); break;
    case PROP_STRATO_VIEW: vs_board_view_set_strato_view (self, g_value_get_int (value)); break;
    case PROP_SHOW_COORDINATES: vs_board_view_set_show_coordinates (self, g_value_get_boolean (value)); break;
    case PROP_GIBO_COORDINATES: vs_board_view_set_gibo_coordinates (self, g_value_get_boolean (value)); break;
    case PROP_INTERACTIVE_SIDES: vs_board_view_set_interactive_sides (self, g_value_get_uint (value)); break;
    case PROP_ANIMATE: vs_board_view_set_animate (self, g_value_get_boolean (value)); break;
    case PROP_SHAPES: vs_board_view_set_shapes_strv (self, g_value_get_boxed (value)); break;
    case PROP_THREE_D: vs_board_view_set_three_d (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
vs_board_view_dispose (GObject *object)
{
  VsBoardView *self = VS_BOARD_VIEW (object);
  stop_animation (self);
  if (self->chooser)
    {
      GtkWidget *c = self->chooser;
      self->chooser = NULL;
      gtk_widget_unparent (c);
    }
  clear_cells (self);
  G_OBJECT_CLASS (vs_board_view_parent_class)->dispose (object);
}

static void
vs_board_view_finalize (GObject *object)
{
  VsBoardView *self = VS_BOARD_VIEW (object);
  vs_board_controller_free (self->ctl);
  g_free (self->theme);
  g_free (self->piece_set);
  g_array_unref (self->marks);
  g_array_unref (self->prims);
  g_hash_table_unref (self->textures);
  g_hash_table_unref (self->texts);
  clear_board_layer (self);
  g_hash_table_unref (self->surfaces);
  g_ptr_array_unref (self->cells);
  g_ptr_array_unref (self->hand_cells);
  G_OBJECT_CLASS (vs_board_view_parent_class)->finalize (object);
}

static void
vs_board_view_class_init (VsBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = vs_board_view_get_property;
  object_class->set_property = vs_board_view_set_property;
  object_class->dispose = vs_board_view_dispose;
  object_class->finalize = vs_board_view_finalize;
  widget_class->snapshot = vs_board_view_snapshot;
  widget_class->measure = vs_board_view_measure;
  widget_class->get_request_mode = vs_board_view_get_request_mode;
  widget_class->size_allocate = vs_board_view_size_allocate;

  props[PROP_THEME] = g_param_spec_string ("theme", NULL, NULL, "wood",
                                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  props[PROP_PIECE_SET] = g_param_spec_string ("piece-set", NULL, NULL, NULL,
                                               G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  props[PROP_FLIPPED] = g_param_spec_boolean ("flipped", NULL, NULL, FALSE,
                                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  props[PROP_STRATO_VIEW] = g_param_spec_int ("strato-view", NULL, NULL, 0, 1, 0,
                                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  props[PROP_SHOW_COORDINATES] = g_param_spec_boolean ("show-coordinates", NULL, NULL, TRUE,
                                                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  props[PROP_GIBO_COORDINATES] = g_param_spec_boolean ("gibo-coordinates", NULL, NULL, FALSE,
                                                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  props[PROP_INTERACTIVE_SIDES] = g_param_spec_uint ("interactive-sides", NULL, NULL, 0, 3, 3,
                                                     G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  props[PROP_ANIMATE] = g_param_spec_boolean ("animate", NULL, NULL, TRUE,
                                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  props[PROP_SHAPES] = g_param_spec_boxed ("shapes", NULL, NULL, G_TYPE_STRV,
                                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  props[PROP_THREE_D] = g_param_spec_boolean ("three-d", NULL, NULL, FALSE,
                                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);

  signals[SIGNAL_MOVE_PLAYED] = g_signal_new ("move-played", G_TYPE_FROM_CLASS (klass),
                                              G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                              G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[SIGNAL_SHAPES_CHANGED] = g_signal_new ("shapes-changed", G_TYPE_FROM_CLASS (klass),
                                                 G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                 G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "board.flip", NULL, action_flip);
  gtk_widget_class_install_action (widget_class, "board.pass", NULL, action_pass);
  gtk_widget_class_install_action (widget_class, "board.toggle-strato-view", NULL, action_toggle_strato);
  gtk_widget_class_install_property_action (widget_class, "board.three-d", "three-d");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "board.flip", NULL);

  gtk_widget_class_set_css_name (widget_class, "vs-board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
vs_board_view_init (VsBoardView *self)
{
  vs_board_resources_ensure ();
  self->ctl = vs_board_controller_new ();
  self->press_square = -1;
  self->theme = g_strdup ("wood");
  self->coordinates = TRUE;
  self->animate = TRUE;
  self->marks = g_array_new (FALSE, FALSE, sizeof (VsSquareMark));
  self->prims = g_array_new (FALSE, FALSE, sizeof (VsPrim));
  self->textures = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->surfaces = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                          (GDestroyNotify) cairo_surface_destroy);
  self->texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->scene_dirty = TRUE;
  self->cells = g_ptr_array_new ();
  self->hand_cells = g_ptr_array_new ();

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  GtkGesture *left = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (left), GDK_BUTTON_PRIMARY);
  g_signal_connect (left, "drag-begin", G_CALLBACK (left_begin), self);
  g_signal_connect (left, "drag-update", G_CALLBACK (left_update), self);
  g_signal_connect (left, "drag-end", G_CALLBACK (left_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (left));


  GtkGesture *right = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (right), GDK_BUTTON_SECONDARY);
  g_signal_connect (right, "drag-begin", G_CALLBACK (right_begin), self);
  g_signal_connect (right, "drag-update", G_CALLBACK (right_update), self);
  g_signal_connect (right, "drag-end", G_CALLBACK (right_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (right));

  GtkEventController *motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (pointer_motion), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  GtkEventController *key = gtk_event_controller_key_new ();
  g_signal_connect (key, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);

  GtkEventController *focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "enter", G_CALLBACK (focus_changed), self);
  g_signal_connect (focus, "leave", G_CALLBACK (focus_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Board"), -1);
  update_actions (self);
}
