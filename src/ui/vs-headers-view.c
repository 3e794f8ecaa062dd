/* vs-headers-view.c — the players, event, date and result of the game. */
#include "config.h"

#include <glib/gi18n.h>

#include "vs-game-list.h"
#include "vs-headers-view.h"

struct _VsHeadersView
{
  GtkWidget parent_instance;
  GtkWidget *grid;
  GtkEntry *white_entry;
  GtkEntry *black_entry;
  GtkEntry *event_entry;
  GtkEntry *date_entry;
  GtkDropDown *result_dropdown;
  VsGame *game;
  gulong changed_id;
  gboolean syncing;
};

G_DEFINE_FINAL_TYPE (VsHeadersView, vs_headers_view, GTK_TYPE_WIDGET)

static const char *const results[] = { "*", "1-0", "0-1", "1/2-1/2" };

static void
sync_entry (GtkEntry *entry, VsGame *game, const char *key)
{
  if (gtk_widget_has_focus (GTK_WIDGET (entry)) ||
      gtk_widget_has_focus (GTK_WIDGET (gtk_widget_get_first_child (GTK_WIDGET (entry)))))
    return;   /* do not overwrite what is being typed */
  const char *v = game ? vs_game_list_header (game, key) : NULL;
  gtk_editable_set_text (GTK_EDITABLE (entry), v ? v : "");
}

static void
sync_view (VsHeadersView *self)
{
  self->syncing = TRUE;
  sync_entry (self->white_entry, self->game, "White");
  sync_entry (self->black_entry, self->game, "Black");
  sync_entry (self->event_entry, self->game, "Event");
  sync_entry (self->date_entry, self->game, "Date");
  /* Issue 18: the sides by the variant's names (Cho/Han for Janggi). */
  const VsVariant *v = self->game ? vs_game_get_variant (self->game) : NULL;
  gtk_entry_set_placeholder_text (self->white_entry, vs_variant_side_name (v, VS_WHITE));
  gtk_entry_set_placeholder_text (self->black_entry, vs_variant_side_name (v, VS_BLACK));
  g_autofree char *wt = g_strdup_printf (_("%s player"), vs_variant_side_name (v, VS_WHITE));
  g_autofree char *bt = g_strdup_printf (_("%s player"), vs_variant_side_name (v, VS_BLACK));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->white_entry), wt);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->black_entry), bt);
  const char *r = self->game ? vs_game_get_header (self->game, "Result") : NULL;
  guint sel = 0;
  for (guint i = 0; r && i < G_N_ELEMENTS (results); i++)
    if (g_str_equal (r, results[i]))
      sel = i;
  gtk_drop_down_set_selected (self->result_dropdown, sel);
  gtk_widget_set_sensitive (self->grid, self->game != NULL);
  self->syncing = FALSE;
}

void
vs_headers_view_set_game (VsHeadersView *self, VsGame *game)
{
  if (self->game)
    g_clear_signal_handler (&self->changed_id, self->game);
  g_set_object (&self->game, game);
  if (game)
    self->changed_id = g_signal_connect_swapped (game, "changed", G_CALLBACK (sync_view), self);
  sync_view (self);
}

static void
commit (VsHeadersView *self, const char *key, const char *value)
{
  if (self->syncing || self->game == NULL)
    return;
  const char *old = vs_game_list_header (self->game, key);
  if (g_strcmp0 (old ? old : "", value) == 0)
    return;
  gtk_widget_activate_action (GTK_WIDGET (self), "win.set-header", "(ss)", key, value);
}

static void
entry_activate_cb (GtkEntry *entry, VsHeadersView *self)
{
  const char *key = g_object_get_data (G_OBJECT (entry), "vs-key");
  commit (self, key, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static void
entry_focus_leave_cb (GtkEventControllerFocus *focus, VsHeadersView *self)
{
  GtkEntry *entry = GTK_ENTRY (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (focus)));
  entry_activate_cb (entry, self);
}

static void
result_selected_cb (VsHeadersView *self)
{
  guint sel = gtk_drop_down_get_selected (self->result_dropdown);
  if (sel < G_N_ELEMENTS (results))
    commit (self, "Result", results[sel]);
}

static void
setup_entry (VsHeadersView *self, GtkEntry *entry, const char *key)
{
  g_object_set_data (G_OBJECT (entry), "vs-key", (gpointer) key);
  g_signal_connect (entry, "activate", G_CALLBACK (entry_activate_cb), self);
  GtkEventController *focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "leave", G_CALLBACK (entry_focus_leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (entry), focus);
}

static void
vs_headers_view_dispose (GObject *object)
{
  VsHeadersView *self = VS_HEADERS_VIEW (object);
  if (self->game)
    g_clear_signal_handler (&self->changed_id, self->game);
  g_clear_object (&self->game);
  gtk_widget_dispose_template (GTK_WIDGET (self), VS_TYPE_HEADERS_VIEW);
  G_OBJECT_CLASS (vs_headers_view_parent_class)->dispose (object);
}

static void
vs_headers_view_class_init (VsHeadersViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  G_OBJECT_CLASS (klass)->dispose = vs_headers_view_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/org/example/VariantStudy/ui/vs-headers-view.ui");
  gtk_widget_class_bind_template_child (widget_class, VsHeadersView, grid);
  gtk_widget_class_bind_template_child (widget_class, VsHeadersView, white_entry);
  gtk_widget_class_bind_template_child (widget_class, VsHeadersView, black_entry);
  gtk_widget_class_bind_template_child (widget_class, VsHeadersView, event_entry);
  gtk_widget_class_bind_template_child (widget_class, VsHeadersView, date_entry);
  gtk_widget_class_bind_template_child (widget_class, VsHeadersView, result_dropdown);
  gtk_widget_class_bind_template_callback (widget_class, result_selected_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "headersview");
}

static void
vs_headers_view_init (VsHeadersView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  setup_entry (self, self->white_entry, "White");
  setup_entry (self, self->black_entry, "Black");
  setup_entry (self, self->event_entry, "Event");
  setup_entry (self, self->date_entry, "Date");
  sync_view (self);
}

GtkWidget *
vs_headers_view_new (void)
{
  return g_object_new (VS_TYPE_HEADERS_VIEW, NULL);
}
