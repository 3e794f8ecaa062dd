/* vs-new-game-dialog.c — start a new game: variant and its options. */
#include "config.h"

#include <glib/gi18n.h>

#include "vs-janggi.h"
#include "vs-new-game-dialog.h"
#include "vs-strato.h"

struct _VsNewGameDialog
{
  GtkWindow parent_instance;
  GtkDropDown *variant_dropdown;
  GtkWidget *janggi_box;
  GtkDropDown *rules_dropdown;
  GtkDropDown *cho_dropdown;
  GtkDropDown *han_dropdown;
  GtkWidget *strato_box;
  GtkCheckButton *white_below_check;
  GtkCheckButton *white_above_check;
  GtkWidget *parent_window;
  GSettings *settings;
};

G_DEFINE_FINAL_TYPE (VsNewGameDialog, vs_new_game_dialog, GTK_TYPE_WINDOW)

/* Variant choices, in the drop-down's order (labels from the .ui file);
 * a family's other rule set comes from the rules drop-down. */
static const char *const variant_ids[] = { "chartima", "strato", "janggi", "crazyhouse" };

char *
vs_new_game_start_fen (const char *variant_id, int cho_setup, int han_setup, gboolean white_above)
{
  const VsVariant *v = vs_variant_lookup (variant_id);
  if (v == NULL)
    return NULL;
  switch (v->setup_choice)
    {
    case VS_SETUP_CHOICE_PER_SIDE:
      return v->setup_fen (cho_setup, han_setup);
    case VS_SETUP_CHOICE_ORIENTATION:
      return v->setup_fen (white_above, 0);
    case VS_SETUP_CHOICE_NONE:
    default:
      return g_strdup (v->start_fen);
    }
}

static const VsVariant *
chosen_variant (VsNewGameDialog *self)
{
  guint i = gtk_drop_down_get_selected (self->variant_dropdown);
  const VsVariant *v = vs_variant_lookup (variant_ids[MIN (i, G_N_ELEMENTS (variant_ids) - 1)]);
  if (v && v->casual_rules && gtk_drop_down_get_selected (self->rules_dropdown) == 1)
    return v->casual_rules;
  return v;
}

static void
variant_changed_cb (VsNewGameDialog *self)
{
  const VsVariant *v = chosen_variant (self);
  VsSetupChoice c = v ? v->setup_choice : VS_SETUP_CHOICE_NONE;
  gtk_widget_set_visible (self->janggi_box, c == VS_SETUP_CHOICE_PER_SIDE);
  gtk_widget_set_visible (self->strato_box, c == VS_SETUP_CHOICE_ORIENTATION);
}

static void
start_clicked_cb (VsNewGameDialog *self)
{
  const VsVariant *v = chosen_variant (self);
  if (v == NULL)
    return;
  const char *id = v->id;
  g_autofree char *fen = vs_new_game_start_fen (id, gtk_drop_down_get_selected (self->cho_dropdown),
                                                gtk_drop_down_get_selected (self->han_dropdown),
                                                gtk_check_button_get_active (self->white_above_check));
  if (fen == NULL)
    return;
  if (self->settings)
    g_settings_set_string (self->settings, "last-variant", id);
  gtk_widget_activate_action (self->parent_window, "win.new-game-from", "(ss)", id, fen);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
cancel_clicked_cb (VsNewGameDialog *self)
{
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
vs_new_game_dialog_dispose (GObject *object)
{
  VsNewGameDialog *self = VS_NEW_GAME_DIALOG (object);
  g_clear_object (&self->parent_window);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), VS_TYPE_NEW_GAME_DIALOG);
  G_OBJECT_CLASS (vs_new_game_dialog_parent_class)->dispose (object);
}

static void
vs_new_game_dialog_class_init (VsNewGameDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  G_OBJECT_CLASS (klass)->dispose = vs_new_game_dialog_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/org/example/VariantStudy/ui/vs-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, VsNewGameDialog, variant_dropdown);
  gtk_widget_class_bind_template_child (widget_class, VsNewGameDialog, janggi_box);
  gtk_widget_class_bind_template_child (widget_class, VsNewGameDialog, rules_dropdown);
  gtk_widget_class_bind_template_child (widget_class, VsNewGameDialog, cho_dropdown);
  gtk_widget_class_bind_template_child (widget_class, VsNewGameDialog, han_dropdown);
  gtk_widget_class_bind_template_child (widget_class, VsNewGameDialog, strato_box);
  gtk_widget_class_bind_template_child (widget_class, VsNewGameDialog, white_below_check);
  gtk_widget_class_bind_template_child (widget_class, VsNewGameDialog, white_above_check);
  gtk_widget_class_bind_template_callback (widget_class, variant_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, start_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
fill_setups (GtkDropDown *dropdown)
{
  GtkStringList *model = gtk_string_list_new (NULL);
  for (int i = 0; i < VS_JANGGI_N_SETUPS; i++)
    {
      g_autofree char *label = g_strdup_printf ("%s (%s)", vs_janggi_setup_korean (i), vs_janggi_setup_name (i));
      gtk_string_list_append (model, label);
    }
  gtk_drop_down_set_model (dropdown, G_LIST_MODEL (model));
  gtk_drop_down_set_selected (dropdown, VS_JANGGI_SETUP_DEFAULT);
  g_object_unref (model);
}

static void
vs_new_game_dialog_init (VsNewGameDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  fill_setups (self->cho_dropdown);
  fill_setups (self->han_dropdown);
}

VsNewGameDialog *
vs_new_game_dialog_new (GtkWindow *parent, GSettings *settings)
{
  VsNewGameDialog *self = g_object_new (VS_TYPE_NEW_GAME_DIALOG, "transient-for", parent, NULL);
  self->parent_window = g_object_ref (GTK_WIDGET (parent));
  self->settings = settings ? g_object_ref (settings) : NULL;
  g_autofree char *last = settings ? g_settings_get_string (settings, "last-variant") : g_strdup ("chartima");
  const VsVariant *lv = vs_variant_lookup (last);
  for (guint i = 0; lv && i < G_N_ELEMENTS (variant_ids); i++)
    {
      const VsVariant *v = vs_variant_lookup (variant_ids[i]);
      if (v == lv || (v && v->casual_rules == lv))
        {
          gtk_drop_down_set_selected (self->variant_dropdown, i);
          if (v->casual_rules == lv)
            gtk_drop_down_set_selected (self->rules_dropdown, 1);
        }
    }
  variant_changed_cb (self);
  return self;
}
