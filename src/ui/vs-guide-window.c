/* vs-guide-window.c — the rules guide window (see vs-guide-window.h). */
#include "config.h"
#include "vs-guide-window.h"
#include "vs-board-view.h"
#include "vs-board-theme.h"
#include "vs-guide-resources.h"

#include <glib/gi18n.h>
#include <string.h>

struct _VsGuideWindow
{
  GtkWindow parent_instance;

  GtkDropDown *variant_dropdown;
  GtkListBox  *section_list;
  GtkLabel    *title_label;
  GtkLabel    *names_label;
  GtkWidget   *board_box;
  VsBoardView *board;
  GtkFlowBox  *legend_box;
  GtkLabel    *text_label;
  GMenuModel  *diagram_menu;
  GtkWidget   *popover;

  char        *variant;        /* guide variant id */
  GPtrArray   *sections;       /* VsGuideSection */
  int          current;        /* index into sections, -1 none */
  gboolean     filling;        /* the section list is being rebuilt */
};

G_DEFINE_FINAL_TYPE (VsGuideWindow, vs_guide_window, GTK_TYPE_WINDOW)

enum { SIGNAL_OPEN_ON_BOARD, N_SIGNALS };
static guint signals[N_SIGNALS];

static const VsGuideSection *
current_section (VsGuideWindow *self)
{
  if (self->sections == NULL || self->current < 0 || self->current >= (int) self->sections->len)
    return NULL;
  return self->sections->pdata[self->current];
}

static void
update_actions (VsGuideWindow *self)
{
  gboolean have = current_section (self) != NULL;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "guide.open-on-board", have);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "guide.export-diagram", have);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "guide.previous", have && self->current > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "guide.next",
                                 have && self->current + 1 < (int) self->sections->len);
}

/* A coloured swatch and a word for each kind of mark the diagram uses. */
static void
fill_legend (VsGuideWindow *self, const VsGuideSection *s)
{
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->legend_box))) != NULL)
    gtk_flow_box_remove (self->legend_box, child);
  gboolean used[VS_GUIDE_N_MARKS] = { 0 };
  for (guint i = 0; i < s->targets->len; i++)
    used[g_array_index (s->targets, VsGuideMark, i).kind] = TRUE;
  for (guint i = 0; i < s->marks->len; i++)
    used[g_array_index (s->marks, VsGuideMark, i).kind] = TRUE;
  for (int k = 0; k < VS_GUIDE_N_MARKS; k++)
    {
      if (!used[k])
        continue;
      VsColor c = vs_guide_mark_color (k);
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      GtkWidget *swatch = gtk_label_new (NULL);
      /* a solid square in the mark's colour */
      g_autofree char *markup = g_strdup_printf ("<span foreground=\"#%02x%02x%02x\" "
                                                 "alpha=\"%d%%\" size=\"larger\">■</span>",
                                                 (int) (c.r * 255), (int) (c.g * 255),
                                                 (int) (c.b * 255), (int) (MIN (1.0, c.a + 0.3) * 100));
      gtk_label_set_markup (GTK_LABEL (swatch), markup);
      gtk_box_append (GTK_BOX (box), swatch);
      GtkWidget *label = gtk_label_new (vs_guide_mark_label (k));
      gtk_widget_add_css_class (label, "caption");
      gtk_box_append (GTK_BOX (box), label);
      gtk_flow_box_append (self->legend_box, box);
    }
}

static void
show_section (VsGuideWindow *self, int index)
{
  self->current = index;
  const VsGuideSection *s = current_section (self);
  update_actions (self);
  if (s == NULL)
    return;
  gtk_label_set_text (self->title_label, s->title);
  gtk_label_set_text (self->names_label, s->names ? s->names : "");
  gtk_widget_set_visible (GTK_WIDGET (self->names_label), s->names != NULL);
  gtk_label_set_text (self->text_label, s->text);
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  g_autoptr(GError) error = NULL;
  if (vs_guide_section_position (s, pos, &error))
    {
      vs_board_view_set_position (self->board, pos, VS_MOVE_NONE, FALSE);
      g_autoptr(GArray) marks = g_array_new (FALSE, FALSE, sizeof (VsSquareMark));
      g_autoptr(GArray) shapes = g_array_new (FALSE, FALSE, sizeof (VsBoardShape));
      vs_guide_section_decorate (s, marks, shapes);
      vs_board_view_set_marks (self->board, (const VsSquareMark *) marks->data, marks->len);
      vs_board_view_set_shapes (self->board, (const VsBoardShape *) shapes->data, shapes->len);
    }
  else
    g_warning ("guide section %s: %s", s->id, error->message);   /* the tests build every section */
  fill_legend (self, s);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->board), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  s->title, -1);
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->section_list, index);
  if (row && gtk_list_box_get_selected_row (self->section_list) != row)
    {
      self->filling = TRUE;
      gtk_list_box_select_row (self->section_list, row);
      self->filling = FALSE;
    }
}

static void
section_row_selected (GtkListBox *box, GtkListBoxRow *row, VsGuideWindow *self)
{
  if (self->filling || row == NULL)
    return;
  int index = gtk_list_box_row_get_index (row);
  if (index != self->current)
    show_section (self, index);
}

static const char *
kind_heading (VsGuideSectionKind kind)
{
  switch (kind)
    {
    case VS_GUIDE_SECTION_SETUP: return _("Setup");
    case VS_GUIDE_SECTION_PIECE: return _("Pieces");
    default:                     return _("Special Rules");
    }
}

static void
header_func (GtkListBoxRow *row, GtkListBoxRow *before, gpointer user_data)
{
  VsGuideWindow *self = user_data;
  int i = gtk_list_box_row_get_index (row);
  const VsGuideSection *s = self->sections->pdata[i];
  const VsGuideSection *p = before ? self->sections->pdata[gtk_list_box_row_get_index (before)] : NULL;
  if (p && p->kind == s->kind)
    {
      gtk_list_box_row_set_header (row, NULL);
      return;
    }
  GtkWidget *label = gtk_label_new (kind_heading (s->kind));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_margin_top (label, p ? 12 : 4);
  gtk_widget_set_margin_start (label, 8);
  gtk_list_box_row_set_header (row, label);
}

gboolean
vs_guide_window_set_variant (VsGuideWindow *self, const char *variant_id)
{
  g_return_val_if_fail (VS_IS_GUIDE_WINDOW (self), FALSE);
  const char *gid = vs_guide_variant_for (variant_id);
  if (gid == NULL)
    return FALSE;
  g_autoptr(GError) error = NULL;
  GPtrArray *sections = vs_guide_build (gid, &error);
  if (sections == NULL)
    {
      g_warning ("%s", error->message);
      return FALSE;
    }
  g_clear_pointer (&self->sections, g_ptr_array_unref);
  self->sections = sections;
  g_free (self->variant);
  self->variant = g_strdup (gid);

  self->filling = TRUE;
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->section_list))) != NULL)
    gtk_list_box_remove (self->section_list, child);
  for (guint i = 0; i < sections->len; i++)
    {
      const VsGuideSection *s = sections->pdata[i];
      GtkWidget *label = gtk_label_new (s->title);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_set_tooltip_text (label, s->names ? s->names : s->title);
      gtk_list_box_append (self->section_list, label);
    }
  self->filling = FALSE;

  const char *const *ids = vs_guide_variant_ids ();
  for (guint i = 0; ids[i]; i++)
    if (vs_variant_lookup (ids[i]) == vs_variant_lookup (gid) && gtk_drop_down_get_selected (self->variant_dropdown) != i)
      gtk_drop_down_set_selected (self->variant_dropdown, i);

  self->current = -1;
  show_section (self, 0);
  return TRUE;
}

const char *
vs_guide_window_get_variant (VsGuideWindow *self)
{
  return self->variant;
}

gboolean
vs_guide_window_select_section (VsGuideWindow *self, const char *section_id)
{
  for (guint i = 0; self->sections && i < self->sections->len; i++)
    if (strcmp (((VsGuideSection *) self->sections->pdata[i])->id, section_id) == 0)
      {
        show_section (self, i);
        return TRUE;
      }
  return FALSE;
}

const VsGuideSection *
vs_guide_window_get_section (VsGuideWindow *self)
{
  return current_section (self);
}

GtkWidget *
vs_guide_window_get_board (VsGuideWindow *self)
{
  return GTK_WIDGET (self->board);
}

static void
variant_selected (GtkDropDown *dd, GParamSpec *pspec, VsGuideWindow *self)
{
  guint i = gtk_drop_down_get_selected (dd);
  const char *const *ids = vs_guide_variant_ids ();
  if (i < g_strv_length ((char **) ids) &&
      (self->variant == NULL || vs_variant_lookup (ids[i]) != vs_variant_lookup (self->variant)))
    vs_guide_window_set_variant (self, ids[i]);
}

/* ---- Actions -------------------------------------------------------------------- */

static void
open_on_board_action (GtkWidget *widget, const char *name, GVariant *param)
{
  VsGuideWindow *self = VS_GUIDE_WINDOW (widget);
  const VsGuideSection *s = current_section (self);
  if (s)
    g_signal_emit (self, signals[SIGNAL_OPEN_ON_BOARD], 0, s->variant->id, s->position);
}

static void
step_action (GtkWidget *widget, const char *name, GVariant *param)
{
  VsGuideWindow *self = VS_GUIDE_WINDOW (widget);
  int next = self->current + (strcmp (name, "guide.next") == 0 ? 1 : -1);
  if (self->sections && next >= 0 && next < (int) self->sections->len)
    show_section (self, next);
}

static void
show_error (VsGuideWindow *self, const char *primary, const char *secondary)
{
  GtkWidget *d = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                         GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s", primary);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (d), "%s", secondary);
  g_signal_connect (d, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (d));
}

static void
export_response (GtkNativeDialog *dialog, int response, VsGuideWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;
      const VsGuideSection *s = current_section (self);
      if (path && s)
        {
          VsDiagramOptions o;
          vs_diagram_options_init (&o);
          o.theme = vs_board_view_get_theme (self->board);
          o.piece_set = vs_board_view_get_piece_set (self->board);
          o.flipped = vs_board_view_get_flipped (self->board);
          o.strato_view = vs_board_view_get_strato_view (self->board);
          /* no extension: SVG */
          g_autofree char *name = g_str_has_suffix (path, ".svg") || g_str_has_suffix (path, ".png")
                                  ? g_strdup (path) : g_strconcat (path, ".svg", NULL);
          g_autoptr(GError) error = NULL;
          if (!vs_guide_section_export (s, &o, name, &error))
            show_error (self, _("Could not export the diagram"), error->message);
        }
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
  g_object_unref (self);   /* held while the dialog was open */
}

static void
export_action (GtkWidget *widget, const char *name, GVariant *param)
{
  VsGuideWindow *self = VS_GUIDE_WINDOW (widget);
  const VsGuideSection *s = current_section (self);
  if (s == NULL)
    return;
  GtkFileChooserNative *fc = gtk_file_chooser_native_new (_("Export Diagram"), GTK_WINDOW (self),
                                                          GTK_FILE_CHOOSER_ACTION_SAVE,
                                                          _("_Export"), _("_Cancel"));
  g_autofree char *suggested = g_strdup_printf ("%s-%s.svg", self->variant, s->id);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (fc), suggested);
  GtkFileFilter *svg = gtk_file_filter_new ();
  gtk_file_filter_set_name (svg, _("SVG image (vector)"));
  gtk_file_filter_add_suffix (svg, "svg");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (fc), svg);
  g_object_unref (svg);
  GtkFileFilter *png = gtk_file_filter_new ();
  gtk_file_filter_set_name (png, _("PNG image"));
  gtk_file_filter_add_suffix (png, "png");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (fc), png);
  g_object_unref (png);
  g_signal_connect (fc, "response", G_CALLBACK (export_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (fc));
}

/* Right click on the diagram: the context menu (the board draws no arrows here). */
static void
diagram_pressed (GtkGestureClick *gesture, int n_press, double x, double y, VsGuideWindow *self)
{
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->popover), &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->popover));
}

/* ---- Object ----------------------------------------------------------------------- */

static void
vs_guide_window_dispose (GObject *object)
{
  VsGuideWindow *self = VS_GUIDE_WINDOW (object);
  g_clear_pointer (&self->popover, gtk_widget_unparent);
  gtk_widget_dispose_template (GTK_WIDGET (self), VS_TYPE_GUIDE_WINDOW);
  G_OBJECT_CLASS (vs_guide_window_parent_class)->dispose (object);
}

static void
vs_guide_window_finalize (GObject *object)
{
  VsGuideWindow *self = VS_GUIDE_WINDOW (object);
  g_clear_pointer (&self->sections, g_ptr_array_unref);
  g_free (self->variant);
  G_OBJECT_CLASS (vs_guide_window_parent_class)->finalize (object);
}

static void
vs_guide_window_class_init (VsGuideWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = vs_guide_window_dispose;
  object_class->finalize = vs_guide_window_finalize;

  /* Emitted by guide.open-on-board with the section's variant id and
   * position string. */
  signals[SIGNAL_OPEN_ON_BOARD] =
    g_signal_new ("open-on-board", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);

  g_type_ensure (VS_TYPE_BOARD_VIEW);
  /* links the bundled template (its constructor registers the resource) */
  (void) vs_guide_get_resource ();
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/example/VariantStudy/ui/vs-guide-window.ui");
  gtk_widget_class_bind_template_child (widget_class, VsGuideWindow, variant_dropdown);
  gtk_widget_class_bind_template_child (widget_class, VsGuideWindow, section_list);
  gtk_widget_class_bind_template_child (widget_class, VsGuideWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, VsGuideWindow, names_label);
  gtk_widget_class_bind_template_child (widget_class, VsGuideWindow, board_box);
  gtk_widget_class_bind_template_child (widget_class, VsGuideWindow, board);
  gtk_widget_class_bind_template_child (widget_class, VsGuideWindow, legend_box);
  gtk_widget_class_bind_template_child (widget_class, VsGuideWindow, text_label);
  gtk_widget_class_bind_template_child (widget_class, VsGuideWindow, diagram_menu);

  gtk_widget_class_install_action (widget_class, "guide.open-on-board", NULL, open_on_board_action);
  gtk_widget_class_install_action (widget_class, "guide.export-diagram", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "guide.previous", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "guide.next", NULL, step_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, GDK_CONTROL_MASK, "guide.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, GDK_CONTROL_MASK, "guide.previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "guide.export-diagram", NULL);
}

static void
vs_guide_window_init (VsGuideWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->current = -1;

  /* variants by display name */
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  for (const char *const *id = vs_guide_variant_ids (); *id; id++)
    {
      const VsVariant *v = vs_variant_lookup (*id);
      gtk_string_list_append (names, _(v->name));
    }
  gtk_drop_down_set_model (self->variant_dropdown, G_LIST_MODEL (names));
  g_signal_connect (self->variant_dropdown, "notify::selected", G_CALLBACK (variant_selected), self);
  gtk_list_box_set_header_func (self->section_list, header_func, self, NULL);
  g_signal_connect (self->section_list, "row-selected", G_CALLBACK (section_row_selected), self);

  self->popover = gtk_popover_menu_new_from_model (self->diagram_menu);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->popover), FALSE);
  gtk_widget_set_halign (self->popover, GTK_ALIGN_START);
  gtk_widget_set_parent (self->popover, self->board_box);
  GtkGesture *click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  g_signal_connect (click, "pressed", G_CALLBACK (diagram_pressed), self);
  gtk_widget_add_controller (self->board_box, GTK_EVENT_CONTROLLER (click));
}

GtkWidget *
vs_guide_window_new (GtkApplication *app, const char *variant_id)
{
  VsGuideWindow *self = g_object_new (VS_TYPE_GUIDE_WINDOW, "application", app, NULL);
  if (variant_id == NULL || !vs_guide_window_set_variant (self, variant_id))
    vs_guide_window_set_variant (self, vs_guide_variant_ids ()[0]);
  return GTK_WIDGET (self);
}
