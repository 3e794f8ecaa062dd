/* vs-eval-graph.c — the evaluation of every position of a line, as a graph.
 * Clicking a point emits "ply-activated". */
#include "config.h"

#include <glib/gi18n.h>

#include "vs-eval-bar.h"
#include "vs-eval-graph.h"

typedef struct
{
  gboolean known;
  int centipawns;
  int mate;
  guint mark;   /* NAG drawn at this ply: 2 (?) or 4 (??); 0 none */
} Point;

struct _VsEvalGraph
{
  GtkWidget parent_instance;
  GArray *points;   /* of Point */
  int current;
  const VsVariant *variant;   /* whose winning-chances curve; NULL: chess's */
};

enum { PLY_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (VsEvalGraph, vs_eval_graph, GTK_TYPE_WIDGET)

void
vs_eval_graph_set_variant (VsEvalGraph *self, const VsVariant *variant)
{
  g_return_if_fail (VS_IS_EVAL_GRAPH (self));
  if (self->variant == variant)
    return;
  self->variant = variant;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
vs_eval_graph_set_length (VsEvalGraph *self, guint n_plies)
{
  g_return_if_fail (VS_IS_EVAL_GRAPH (self));
  g_array_set_size (self->points, n_plies);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
vs_eval_graph_get_length (VsEvalGraph *self)
{
  return self->points->len;
}

void
vs_eval_graph_set_score (VsEvalGraph *self, guint ply, int centipawns, int mate)
{
  g_return_if_fail (VS_IS_EVAL_GRAPH (self));
  if (ply >= self->points->len)
    g_array_set_size (self->points, ply + 1);
  Point *p = &g_array_index (self->points, Point, ply);
  p->known = TRUE;
  p->centipawns = centipawns;
  p->mate = mate;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
vs_eval_graph_clear_score (VsEvalGraph *self, guint ply)
{
  if (ply < self->points->len)
    g_array_index (self->points, Point, ply).known = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
vs_eval_graph_get_score (VsEvalGraph *self, guint ply, int *centipawns, int *mate)
{
  if (ply >= self->points->len || !g_array_index (self->points, Point, ply).known)
    return FALSE;
  Point *p = &g_array_index (self->points, Point, ply);
  if (centipawns)
    *centipawns = p->centipawns;
  if (mate)
    *mate = p->mate;
  return TRUE;
}

void
vs_eval_graph_set_current (VsEvalGraph *self, int ply)
{
  g_return_if_fail (VS_IS_EVAL_GRAPH (self));
  self->current = ply;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
vs_eval_graph_set_mark (VsEvalGraph *self, guint ply, guint nag)
{
  g_return_if_fail (VS_IS_EVAL_GRAPH (self));
  if (ply >= self->points->len)
    g_array_set_size (self->points, ply + 1);
  g_array_index (self->points, Point, ply).mark = nag;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
vs_eval_graph_get_mark (VsEvalGraph *self, guint ply)
{
  return ply < self->points->len ? g_array_index (self->points, Point, ply).mark : 0;
}

void
vs_eval_graph_clear_marks (VsEvalGraph *self)
{
  for (guint i = 0; i < self->points->len; i++)
    g_array_index (self->points, Point, i).mark = 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static double
ply_x (VsEvalGraph *self, int ply, int w)
{
  guint n = self->points->len;
  return n > 1 ? (double) ply * (w - 1) / (n - 1) : w / 2.0;
}

static void
vs_eval_graph_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  VsEvalGraph *self = VS_EVAL_GRAPH (widget);
  int w = gtk_widget_get_width (widget);
  int h = gtk_widget_get_height (widget);
  GdkRGBA back = { 0.25, 0.25, 0.27, 1 }, fill = { 0.93, 0.93, 0.91, 1 };
  GdkRGBA axis = { 0.6, 0.6, 0.6, 1 }, cursor = { 0.21, 0.52, 0.89, 1 };

  gtk_snapshot_append_color (snapshot, &back, &GRAPHENE_RECT_INIT (0, 0, w, h));

  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  /* White's share as a filled area from the bottom; unknown points are
   * skipped (the area bridges them). */
  gboolean started = FALSE;
  double last_x = 0;
  for (guint i = 0; i < self->points->len; i++)
    {
      Point *p = &g_array_index (self->points, Point, i);
      if (!p->known)
        continue;
      double x = ply_x (self, i, w);
      double y = h * (1.0 - vs_eval_white_fraction (self->variant, p->centipawns, p->mate));
      if (!started)
        {
          cairo_move_to (cr, x, h);
          started = TRUE;
        }
      cairo_line_to (cr, x, y);
      last_x = x;
    }
  if (started)
    {
      cairo_line_to (cr, last_x, h);
      cairo_close_path (cr);
      gdk_cairo_set_source_rgba (cr, &fill);
      cairo_fill (cr);
    }
  /* Mistakes (?) in orange, blunders (??) in red: a dot on the curve. */
  for (guint i = 0; i < self->points->len; i++)
    {
      Point *p = &g_array_index (self->points, Point, i);
      if (p->mark != 2 && p->mark != 4)
        continue;
      double x = ply_x (self, i, w);
      double y = p->known ? h * (1.0 - vs_eval_white_fraction (self->variant, p->centipawns, p->mate)) : h / 2.0;
      y = CLAMP (y, 5, h - 5);
      if (p->mark == 4)
        cairo_set_source_rgb (cr, 0.86, 0.15, 0.15);
      else
        cairo_set_source_rgb (cr, 0.96, 0.58, 0.10);
      cairo_arc (cr, x, y, p->mark == 4 ? 4.5 : 3.5, 0, 2 * G_PI);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
    }
  cairo_destroy (cr);

  gtk_snapshot_append_color (snapshot, &axis, &GRAPHENE_RECT_INIT (0, h / 2.0, w, 1));
  if (!started)
    {
      /* Nothing evaluated yet: say how to get a graph. */
      PangoLayout *layout = gtk_widget_create_pango_layout (widget,
                              _("No evaluations yet: analyse or annotate the game"));
      int tw, th;
      pango_layout_get_pixel_size (layout, &tw, &th);
      GdkRGBA ink = { 0.85, 0.85, 0.85, 1 };
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((w - tw) / 2.0, h / 2.0 - th - 4));
      gtk_snapshot_append_layout (snapshot, layout, &ink);
      gtk_snapshot_restore (snapshot);
      g_object_unref (layout);
    }
  if (self->current >= 0 && (guint) self->current < self->points->len)
    {
      double x = ply_x (self, self->current, w);
      gtk_snapshot_append_color (snapshot, &cursor, &GRAPHENE_RECT_INIT (x - 1, 0, 2, h));
    }
}

static void
vs_eval_graph_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                       int *minimum, int *natural, int *min_baseline, int *nat_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = 100, *natural = 300;
  else
    *minimum = 40, *natural = 80;
}

static void
pressed_cb (GtkGestureClick *gesture, int n_press, double x, double y, VsEvalGraph *self)
{
  guint n = self->points->len;
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  if (n == 0 || w <= 1)
    return;
  int ply = n > 1 ? (int) (x * (n - 1) / (w - 1) + 0.5) : 0;
  ply = CLAMP (ply, 0, (int) n - 1);
  g_signal_emit (self, signals[PLY_ACTIVATED], 0, ply);
}

static void
vs_eval_graph_finalize (GObject *object)
{
  g_array_unref (VS_EVAL_GRAPH (object)->points);
  G_OBJECT_CLASS (vs_eval_graph_parent_class)->finalize (object);
}

static void
vs_eval_graph_class_init (VsEvalGraphClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  G_OBJECT_CLASS (klass)->finalize = vs_eval_graph_finalize;
  widget_class->snapshot = vs_eval_graph_snapshot;
  widget_class->measure = vs_eval_graph_measure;
  gtk_widget_class_set_css_name (widget_class, "evalgraph");

  /**
   * VsEvalGraph::ply-activated:
   * @ply: the position clicked (0 = start position)
   */
  signals[PLY_ACTIVATED] = g_signal_new ("ply-activated", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                         G_TYPE_NONE, 1, G_TYPE_INT);
}

static void
vs_eval_graph_init (VsEvalGraph *self)
{
  self->points = g_array_new (FALSE, TRUE, sizeof (Point));
  self->current = -1;
  GtkGesture *click = gtk_gesture_click_new ();
  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), _("Evaluation graph: click to go to a position"));
}

GtkWidget *
vs_eval_graph_new (void)
{
  return g_object_new (VS_TYPE_EVAL_GRAPH, NULL);
}
