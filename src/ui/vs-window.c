/* vs-window.c — the study window: board, move tree, headers and analysis.
 *
 * Every command is a window action installed on the class
 * (gtk_widget_class_install_action), so menus, shortcuts, buttons and the
 * tests all go through the same code. */
#include "config.h"

#include <glib/gi18n.h>

#include "vs-eval-bar.h"
#include "vs-eval-graph.h"
#include "vs-window.h"

struct _VsWindow
{
  GtkApplicationWindow parent_instance;

  GSettings *settings;

  /* Template children */
  GtkLabel *title_label;
  GtkLabel *subtitle_label;
  GtkToggleButton *analysis_button;
  GtkInfoBar *info_bar;
  GtkLabel *info_label;
  GtkPaned *main_paned;
  GtkBox *board_box;
  GtkBox *headers_box;
  GtkScrolledWindow *move_tree_scroller;
  GtkRevealer *analysis_revealer;
  GtkBox *analysis_box;
  VsEvalBar *eval_bar;
  VsEvalGraph *eval_graph;
};

G_DEFINE_FINAL_TYPE (VsWindow, vs_window, GTK_TYPE_APPLICATION_WINDOW)

static void
show_analysis_changed (VsWindow *self)
{
  gboolean show = g_settings_get_boolean (self->settings, "show-analysis");
  gtk_revealer_set_reveal_child (self->analysis_revealer, show);
  gtk_toggle_button_set_active (self->analysis_button, show);
}

static void
toggle_analysis_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  g_settings_set_boolean (self->settings, "show-analysis",
                          !g_settings_get_boolean (self->settings, "show-analysis"));
}

static void
save_window_state (VsWindow *self)
{
  int w, h;
  gtk_window_get_default_size (GTK_WINDOW (self), &w, &h);
  g_settings_set_int (self->settings, "window-width", w);
  g_settings_set_int (self->settings, "window-height", h);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (GTK_WINDOW (self)));
}

static gboolean
vs_window_close_request (GtkWindow *window)
{
  save_window_state (VS_WINDOW (window));
  return GTK_WINDOW_CLASS (vs_window_parent_class)->close_request (window);
}

static void
vs_window_dispose (GObject *object)
{
  VsWindow *self = VS_WINDOW (object);
  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), VS_TYPE_WINDOW);
  G_OBJECT_CLASS (vs_window_parent_class)->dispose (object);
}

static void
vs_window_class_init (VsWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = vs_window_dispose;
  GTK_WINDOW_CLASS (klass)->close_request = vs_window_close_request;

  g_type_ensure (VS_TYPE_EVAL_BAR);
  g_type_ensure (VS_TYPE_EVAL_GRAPH);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/example/VariantStudy/ui/vs-window.ui");
  gtk_widget_class_bind_template_child (widget_class, VsWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, analysis_button);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, info_bar);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, info_label);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, main_paned);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, board_box);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, headers_box);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, move_tree_scroller);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, analysis_revealer);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, analysis_box);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, eval_bar);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, eval_graph);

  gtk_widget_class_install_action (widget_class, "win.toggle-analysis", NULL, toggle_analysis_action);
}

static void
vs_window_init (VsWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

VsWindow *
vs_window_new (VsApplication *app)
{
  VsWindow *self = g_object_new (VS_TYPE_WINDOW, "application", app, NULL);
  self->settings = g_object_ref (vs_application_get_settings (app));

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  g_signal_connect_swapped (self->settings, "changed::show-analysis",
                            G_CALLBACK (show_analysis_changed), self);
  show_analysis_changed (self);
  return self;
}
