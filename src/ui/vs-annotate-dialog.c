/* vs-annotate-dialog.c — Annotate Game options (template
 * ui/vs-annotate-dialog.ui): engine, time or depth per move, side(s). */
#include "config.h"

#include <glib/gi18n.h>

#include "vs-annotate-dialog.h"
#include "vs-window.h"

struct _VsAnnotateDialog
{
  GtkWindow parent_instance;
  GtkDropDown *engine_choice;
  GtkCheckButton *by_depth;
  GtkSpinButton *movetime_spin;
  GtkSpinButton *depth_spin;
  GtkDropDown *sides_choice;
  GtkWidget *parent_window;
};

G_DEFINE_FINAL_TYPE (VsAnnotateDialog, vs_annotate_dialog, GTK_TYPE_WINDOW)

static void
start_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsAnnotateDialog *self = VS_ANNOTATE_DIALOG (widget);
  gboolean builtin = gtk_drop_down_get_selected (self->engine_choice) == 1;
  gboolean by_depth = gtk_check_button_get_active (self->by_depth);
  int movetime = gtk_spin_button_get_value_as_int (self->movetime_spin);
  int depth = by_depth ? gtk_spin_button_get_value_as_int (self->depth_spin) : 0;
  guint sel = gtk_drop_down_get_selected (self->sides_choice);
  int sides = sel == 1 ? 1 : sel == 2 ? 2 : 3;
  gtk_widget_activate_action (self->parent_window, "win.annotate-with", "(biii)", builtin, movetime,
                              depth, sides);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
cancel_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  gtk_window_destroy (GTK_WINDOW (widget));
}

static void
by_depth_toggled_cb (VsAnnotateDialog *self)
{
  gboolean on = gtk_check_button_get_active (self->by_depth);
  gtk_widget_set_sensitive (GTK_WIDGET (self->depth_spin), on);
  gtk_widget_set_sensitive (GTK_WIDGET (self->movetime_spin), !on);
}

static void
vs_annotate_dialog_dispose (GObject *object)
{
  VsAnnotateDialog *self = VS_ANNOTATE_DIALOG (object);
  gtk_widget_dispose_template (GTK_WIDGET (object), VS_TYPE_ANNOTATE_DIALOG);
  g_clear_object (&self->parent_window);
  G_OBJECT_CLASS (vs_annotate_dialog_parent_class)->dispose (object);
}

static void
vs_annotate_dialog_class_init (VsAnnotateDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  G_OBJECT_CLASS (klass)->dispose = vs_annotate_dialog_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/org/example/VariantStudy/ui/vs-annotate-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, VsAnnotateDialog, engine_choice);
  gtk_widget_class_bind_template_child (widget_class, VsAnnotateDialog, by_depth);
  gtk_widget_class_bind_template_child (widget_class, VsAnnotateDialog, movetime_spin);
  gtk_widget_class_bind_template_child (widget_class, VsAnnotateDialog, depth_spin);
  gtk_widget_class_bind_template_child (widget_class, VsAnnotateDialog, sides_choice);
  gtk_widget_class_bind_template_callback (widget_class, by_depth_toggled_cb);
  gtk_widget_class_install_action (widget_class, "annotate.start", NULL, start_action);
  gtk_widget_class_install_action (widget_class, "annotate.cancel", NULL, cancel_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "annotate.cancel", NULL);
}

static void
vs_annotate_dialog_init (VsAnnotateDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  by_depth_toggled_cb (self);
}

VsAnnotateDialog *
vs_annotate_dialog_new (GtkWindow *parent, const char *engine_name)
{
  VsAnnotateDialog *self = g_object_new (VS_TYPE_ANNOTATE_DIALOG, "transient-for", parent, NULL);
  self->parent_window = g_object_ref (GTK_WIDGET (parent));
  g_autofree char *pane = g_strdup_printf (_("The analysis engine (%s)"), engine_name ? engine_name : _("built-in"));
  const char *engines[] = { pane, _("The built-in engine"), NULL };
  GtkStringList *list = gtk_string_list_new (engines);
  gtk_drop_down_set_model (self->engine_choice, G_LIST_MODEL (list));
  g_object_unref (list);
  /* Issue 18: the sides by their names in the game shown (Cho/Han) */
  if (VS_IS_WINDOW (parent) && vs_window_get_game (VS_WINDOW (parent)))
    {
      const VsVariant *v = vs_game_get_variant (vs_window_get_game (VS_WINDOW (parent)));
      const char *sides[] = { _("Both sides"), vs_variant_side_name (v, VS_WHITE),
                              vs_variant_side_name (v, VS_BLACK), NULL };
      GtkStringList *sl = gtk_string_list_new (sides);
      gtk_drop_down_set_model (self->sides_choice, G_LIST_MODEL (sl));
      g_object_unref (sl);
    }
  return self;
}
