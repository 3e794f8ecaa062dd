/* vs-window-remote.c — a study window's actions on D-Bus (see the header). */
#include "config.h"

#include <string.h>

#include "vs-window-remote.h"

static void
forward_activate (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  static gboolean busy;
  GtkWidget *window = user_data;
  /* Class actions are found before the window's action map; the guard only
   * makes sure a forwarder can never end up calling itself. */
  if (busy)
    return;
  g_autofree char *name = g_strconcat ("win.", g_action_get_name (G_ACTION (action)), NULL);
  busy = TRUE;
  if (!gtk_widget_activate_action_variant (window, name, param))
    g_debug ("remote activation of %s refused (disabled or wrong parameter)", name);
  busy = FALSE;
}

void
vs_window_remote_export (GtkApplicationWindow *window)
{
  GtkWidgetClass *klass = GTK_WIDGET_GET_CLASS (window);
  const char *name;
  const GVariantType *param_type;
  const char *property_name;
  GType owner;

  for (guint i = 0; gtk_widget_class_query_action (klass, i, &owner, &name, &param_type, &property_name); i++)
    {
      if (!g_str_has_prefix (name, "win."))
        continue;
      const char *short_name = name + strlen ("win.");
      if (g_action_map_lookup_action (G_ACTION_MAP (window), short_name))
        continue;
      GSimpleAction *action = g_simple_action_new (short_name, param_type);
      /* The window owns the action: no reference cycle, the closure dies with it. */
      g_signal_connect_object (action, "activate", G_CALLBACK (forward_activate), window, 0);
      g_action_map_add_action (G_ACTION_MAP (window), G_ACTION (action));
      g_object_unref (action);
    }
}
