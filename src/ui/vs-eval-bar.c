/* vs-eval-bar.c — a vertical bar showing who stands better. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "vs-eval-bar.h"
#include "vs-win-chances.h"

struct _VsEvalBar
{
  GtkWidget parent_instance;
  gboolean has_score;
  int centipawns;
  int mate;
  gboolean flipped;
  const VsVariant *variant;   /* names the sides (Cho/Han); NULL: White/Black */
};

G_DEFINE_FINAL_TYPE (VsEvalBar, vs_eval_bar, GTK_TYPE_WIDGET)

double
vs_eval_white_fraction (const VsVariant *variant, int centipawns, int mate)
{
  return (1.0 + vs_eval_win_chances (variant, centipawns, mate)) / 2.0;
}

double
vs_eval_bar_get_white_fraction (VsEvalBar *self)
{
  g_return_val_if_fail (VS_IS_EVAL_BAR (self), 0.5);
  return self->has_score ? vs_eval_white_fraction (self->variant, self->centipawns, self->mate) : 0.5;
}

static char *
score_text (VsEvalBar *self)
{
  if (!self->has_score)
    return NULL;
  if (self->mate != 0)
    return g_strdup_printf ("M%d", ABS (self->mate));
  return g_strdup_printf ("%.1f", ABS (self->centipawns) / 100.0);
}

static void
update_tooltip (VsEvalBar *self)
{
  g_autofree char *tip = NULL;
  if (!self->has_score)
    tip = g_strdup (_("No evaluation"));
  else if (self->mate > 0)
    /* TRANSLATORS: "White mates in 3", "Cho mates in 3" */
    tip = g_strdup_printf (_("%s mates in %d"), vs_variant_side_name (self->variant, VS_WHITE), self->mate);
  else if (self->mate < 0)
    tip = g_strdup_printf (_("%s mates in %d"), vs_variant_side_name (self->variant, VS_BLACK), -self->mate);
  else
    tip = g_strdup_printf (_("Evaluation: %+.2f"), self->centipawns / 100.0);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), tip);
}

void
vs_eval_bar_set_variant (VsEvalBar *self, const VsVariant *variant)
{
  g_return_if_fail (VS_IS_EVAL_BAR (self));
  if (self->variant == variant)
    return;
  self->variant = variant;
  update_tooltip (self);
}

void
vs_eval_bar_set_score (VsEvalBar *self, gboolean has_score, int centipawns, int mate)
{
  g_return_if_fail (VS_IS_EVAL_BAR (self));
  if (self->has_score == has_score && self->centipawns == centipawns && self->mate == mate)
    return;
  self->has_score = has_score;
  self->centipawns = centipawns;
  self->mate = mate;
  update_tooltip (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
vs_eval_bar_set_flipped (VsEvalBar *self, gboolean flipped)
{
  g_return_if_fail (VS_IS_EVAL_BAR (self));
  self->flipped = !!flipped;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
vs_eval_bar_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  VsEvalBar *self = VS_EVAL_BAR (widget);
  int w = gtk_widget_get_width (widget);
  int h = gtk_widget_get_height (widget);
  double white = vs_eval_bar_get_white_fraction (self);
  GdkRGBA light = { 0.93, 0.93, 0.91, 1 }, dark = { 0.22, 0.22, 0.24, 1 }, mid = { 0.85, 0.2, 0.2, 0.8 };

  /* White's share grows from White's side: the bottom unless flipped. */
  double wh = round (h * white);
  if (!self->flipped)
    {
      gtk_snapshot_append_color (snapshot, &dark, &GRAPHENE_RECT_INIT (0, 0, w, h - wh));
      gtk_snapshot_append_color (snapshot, &light, &GRAPHENE_RECT_INIT (0, h - wh, w, wh));
    }
  else
    {
      gtk_snapshot_append_color (snapshot, &light, &GRAPHENE_RECT_INIT (0, 0, w, wh));
      gtk_snapshot_append_color (snapshot, &dark, &GRAPHENE_RECT_INIT (0, wh, w, h - wh));
    }
  gtk_snapshot_append_color (snapshot, &mid, &GRAPHENE_RECT_INIT (0, h / 2.0 - 1, w, 2));

  g_autofree char *text = score_text (self);
  if (text)
    {
      PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
      PangoAttrList *attrs = pango_attr_list_new ();
      pango_attr_list_insert (attrs, pango_attr_scale_new (0.75));
      pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
      pango_layout_set_attributes (layout, attrs);
      pango_attr_list_unref (attrs);
      int tw, th;
      pango_layout_get_pixel_size (layout, &tw, &th);
      /* Write the number inside the leading side's end. */
      gboolean white_leads = white >= 0.5;
      gboolean at_bottom = white_leads != self->flipped;
      double y = at_bottom ? h - th - 2 : 2;
      GdkRGBA ink = white_leads ? dark : light;
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((w - tw) / 2.0, y));
      gtk_snapshot_append_layout (snapshot, layout, &ink);
      gtk_snapshot_restore (snapshot);
      g_object_unref (layout);
    }
}

static void
vs_eval_bar_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                     int *minimum, int *natural, int *min_baseline, int *nat_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = 26;
  else
    *minimum = *natural = 120;
}

static void
vs_eval_bar_class_init (VsEvalBarClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  widget_class->snapshot = vs_eval_bar_snapshot;
  widget_class->measure = vs_eval_bar_measure;
  gtk_widget_class_set_css_name (widget_class, "evalbar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_METER);
}

static void
vs_eval_bar_init (VsEvalBar *self)
{
  update_tooltip (self);
}

GtkWidget *
vs_eval_bar_new (void)
{
  return g_object_new (VS_TYPE_EVAL_BAR, NULL);
}
