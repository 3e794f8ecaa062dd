/* vs-window-explorer.c — the window's opening explorer: the library pane
 * beside the move list, following the position shown (issue 19).
 *
 * A move clicked in the explorer is played as if on the board; a game
 * clicked in its position search opens in a window of its own at the first
 * ply where the position stands, so the document shown here is untouched. */
#include "config.h"
#include "vs-window-private.h"
#include "vs-explorer-pane.h"

#include <glib/gi18n.h>

static void
explorer_move_activated_cb (VsExplorerPane *pane, const char *uci, VsWindow *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.play-move", "s", uci);
}

typedef struct {
  guint index, ply;
} OpenAt;

static void
opened_at_cb (VsWindow *win, gboolean ok, OpenAt *at)
{
  g_signal_handlers_disconnect_by_func (win, opened_at_cb, at);
  if (ok && at->index < vs_game_collection_get_n_games (vs_document_get_collection (win->document)))
    {
      vs_window_show_game (win, at->index);
      VsGameNode *n = vs_game_get_root (win->game);
      for (guint i = 0; i < at->ply && vs_game_node_get_main_child (n); i++)
        n = vs_game_node_get_main_child (n);
      vs_window_set_cursor (win, n);
    }
  g_free (at);
}

static void
explorer_game_activated_cb (VsExplorerPane *pane, const char *path, guint index, guint ply, VsWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  VsWindow *win = vs_window_new (VS_APPLICATION (app));
  OpenAt *at = g_new (OpenAt, 1);
  at->index = index;
  at->ply = ply;
  g_signal_connect (win, "loaded", G_CALLBACK (opened_at_cb), at);
  gtk_window_present (GTK_WINDOW (win));
  g_autoptr (GFile) file = g_file_new_for_path (path);
  vs_window_open_file (win, file);
}

static void
explorer_import_finished_cb (VsExplorerPane *pane, guint added, const char *message, VsWindow *self)
{
  if (message)
    vs_window_show_message (self, GTK_MESSAGE_INFO, message);
}

static void
explorer_library_notice_cb (VsExplorerPane *pane, const char *message, VsWindow *self)
{
  (void) pane;
  vs_window_show_message (self, GTK_MESSAGE_INFO, message);
}

static void
show_explorer_changed (VsWindow *self)
{
  gboolean show = g_settings_get_boolean (self->settings, "show-explorer");
  if (show && vs_explorer_pane_get_library (self->explorer_pane) == NULL)
    {
      g_autofree char *path = vs_explorer_pane_default_library ();
      vs_explorer_pane_set_library (self->explorer_pane, path);
      vs_window_update_board (self);
    }
  gtk_revealer_set_reveal_child (self->explorer_revealer, show);
}

void
vs_window_explorer_set_position (VsWindow *self, const VsPosition *pos)
{
  /* a hidden explorer asks the library nothing */
  if (g_settings_get_boolean (self->settings, "show-explorer"))
    vs_explorer_pane_set_position (self->explorer_pane, pos);
}

static void
toggle_explorer_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  g_settings_set_boolean (self->settings, "show-explorer",
                          !g_settings_get_boolean (self->settings, "show-explorer"));
}

static void
add_to_library_response (GtkNativeDialog *dialog, int response, VsWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));
      guint n = g_list_model_get_n_items (files);
      g_autoptr (GPtrArray) list = g_ptr_array_new_with_free_func (g_object_unref);
      for (guint i = 0; i < n; i++)
        g_ptr_array_add (list, g_list_model_get_item (files, i));
      if (!g_settings_get_boolean (self->settings, "show-explorer"))
        g_settings_set_boolean (self->settings, "show-explorer", TRUE);
      vs_explorer_pane_import_files (self->explorer_pane, (GFile **) list->pdata, list->len);
    }
  g_object_unref (dialog);
}

static void
add_to_library_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (_("Add Records to the Library"), GTK_WINDOW (self),
                                                              GTK_FILE_CHOOSER_ACTION_OPEN, _("_Add"), _("_Cancel"));
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (dialog), TRUE);
  G_GNUC_END_IGNORE_DEPRECATIONS
  g_signal_connect (dialog, "response", G_CALLBACK (add_to_library_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

void
vs_window_explorer_class_init (GtkWidgetClass *widget_class)
{
  g_type_ensure (VS_TYPE_EXPLORER_PANE);
  gtk_widget_class_install_action (widget_class, "win.toggle-explorer", NULL, toggle_explorer_action);
  gtk_widget_class_install_action (widget_class, "win.add-to-library", NULL, add_to_library_action);
}

void
vs_window_explorer_init (VsWindow *self)
{
  g_signal_connect_object (self->explorer_pane, "move-activated", G_CALLBACK (explorer_move_activated_cb), self, 0);
  g_signal_connect_object (self->explorer_pane, "game-activated", G_CALLBACK (explorer_game_activated_cb), self, 0);
  g_signal_connect_object (self->explorer_pane, "import-finished", G_CALLBACK (explorer_import_finished_cb), self, 0);
  g_signal_connect_object (self->explorer_pane, "library-notice", G_CALLBACK (explorer_library_notice_cb), self, 0);
  g_signal_connect_swapped (self->settings, "changed::show-explorer", G_CALLBACK (show_explorer_changed), self);
  show_explorer_changed (self);
}
