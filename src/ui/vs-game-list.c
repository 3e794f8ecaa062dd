/* vs-game-list.c — the games of a multi-game file, searchable.
 *
 * A GtkColumnView over a GtkFilterListModel of the collection: filtering is
 * incremental, so a search over 10,000 games never stalls the main loop. */
#include "config.h"

#include <glib/gi18n.h>

#include "vs-game-list.h"

struct _VsGameList
{
  GtkWindow parent_instance;
  GtkSearchEntry *search_entry;
  GtkColumnView *column_view;
  GtkLabel *count_label;
  GtkWidget *parent_window;
  VsGameCollection *collection;
  GtkFilterListModel *filter_model;
  GtkCustomFilter *filter;
  char *needle;    /* casefolded search text */
};

G_DEFINE_FINAL_TYPE (VsGameList, vs_game_list, GTK_TYPE_WINDOW)

const char *
vs_game_list_header_key (VsGame *game, const char *key)
{
  static const struct { const char *pgn, *gibo; } alias[] = {
    { "White", "초대국자" }, { "Black", "한대국자" }, { "Event", "대회명" },
    { "Date", "대국일자" }, { "Site", "대국장소" }, { "Round", "회전" },
  };
  const char *v = vs_game_get_header (game, key);
  if (v && *v && g_strcmp0 (v, "?") != 0)
    return key;
  for (guint i = 0; i < G_N_ELEMENTS (alias); i++)
    if (g_strcmp0 (alias[i].pgn, key) == 0)
      {
        v = vs_game_get_header (game, alias[i].gibo);
        if (v && *v)
          return alias[i].gibo;
      }
  return key;
}

const char *
vs_game_list_header (VsGame *game, const char *key)
{
  const char *v = vs_game_get_header (game, vs_game_list_header_key (game, key));
  return v && *v && g_strcmp0 (v, "?") != 0 ? v : NULL;
}

static gboolean
match_game (gpointer item, gpointer user_data)
{
  VsGameList *self = user_data;
  if (self->needle == NULL || *self->needle == '\0')
    return TRUE;
  VsGame *game = item;
  guint n = vs_game_get_n_headers (game);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *folded = g_utf8_casefold (vs_game_get_header_value (game, i), -1);
      if (strstr (folded, self->needle))
        return TRUE;
    }
  return FALSE;
}

static void
update_count (VsGameList *self)
{
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->filter_model));
  guint total = vs_game_collection_get_n_games (self->collection);
  g_autofree char *text = g_strdup_printf (_("%u of %u games"), shown, total);
  gtk_label_set_label (self->count_label, text);
}

void
vs_game_list_set_search (VsGameList *self, const char *text)
{
  g_free (self->needle);
  self->needle = g_utf8_casefold (text ? text : "", -1);
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
}

guint
vs_game_list_get_pending (VsGameList *self)
{
  return gtk_filter_list_model_get_pending (self->filter_model);
}

guint
vs_game_list_get_n_shown (VsGameList *self)
{
  return g_list_model_get_n_items (G_LIST_MODEL (self->filter_model));
}

static void
search_changed_cb (VsGameList *self)
{
  vs_game_list_set_search (self, gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
}

static void
activate_cb (VsGameList *self, guint position)
{
  g_autoptr (VsGame) game = g_list_model_get_item (G_LIST_MODEL (self->filter_model), position);
  guint n = vs_game_collection_get_n_games (self->collection);
  for (guint i = 0; i < n; i++)
    if (vs_game_collection_get_game (self->collection, i) == game)
      {
        gtk_widget_activate_action (self->parent_window, "win.select-game", "u", i);
        gtk_window_destroy (GTK_WINDOW (self));
        return;
      }
}

static void
setup_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (item, label);
}

static void
bind_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  const char *key = data;
  VsGame *game = gtk_list_item_get_item (item);
  const char *value = vs_game_list_header (game, key);
  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)), value ? value : "");
}

static void
add_column (VsGameList *self, const char *title, const char *key, gboolean expand)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), (gpointer) key);
  GtkColumnViewColumn *column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_expand (column, expand);
  gtk_column_view_column_set_resizable (column, TRUE);
  gtk_column_view_append_column (self->column_view, column);
  g_object_unref (column);
}

static void
vs_game_list_dispose (GObject *object)
{
  VsGameList *self = VS_GAME_LIST (object);
  gtk_widget_dispose_template (GTK_WIDGET (self), VS_TYPE_GAME_LIST);
  g_clear_object (&self->filter_model);
  g_clear_object (&self->collection);
  g_clear_object (&self->parent_window);
  G_OBJECT_CLASS (vs_game_list_parent_class)->dispose (object);
}

static void
vs_game_list_finalize (GObject *object)
{
  g_free (VS_GAME_LIST (object)->needle);
  G_OBJECT_CLASS (vs_game_list_parent_class)->finalize (object);
}

static void
vs_game_list_class_init (VsGameListClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  G_OBJECT_CLASS (klass)->dispose = vs_game_list_dispose;
  G_OBJECT_CLASS (klass)->finalize = vs_game_list_finalize;
  gtk_widget_class_set_template_from_resource (widget_class, "/org/example/VariantStudy/ui/vs-game-list.ui");
  gtk_widget_class_bind_template_child (widget_class, VsGameList, search_entry);
  gtk_widget_class_bind_template_child (widget_class, VsGameList, column_view);
  gtk_widget_class_bind_template_child (widget_class, VsGameList, count_label);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, activate_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
vs_game_list_init (VsGameList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

VsGameList *
vs_game_list_new (GtkWindow *parent, VsGameCollection *collection)
{
  VsGameList *self = g_object_new (VS_TYPE_GAME_LIST, "transient-for", parent, NULL);
  self->parent_window = g_object_ref (GTK_WIDGET (parent));
  self->collection = g_object_ref (collection);
  self->filter = gtk_custom_filter_new (match_game, self, NULL);
  self->filter_model = gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (collection)),
                                                  GTK_FILTER (self->filter));
  gtk_filter_list_model_set_incremental (self->filter_model, TRUE);
  g_signal_connect_swapped (self->filter_model, "items-changed", G_CALLBACK (update_count), self);
  GtkSingleSelection *selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->filter_model)));
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (selection));
  g_object_unref (selection);

  /* Issue 18: the sides by the collection's variant (Cho/Han for Janggi). */
  const VsVariant *v = NULL;
  if (g_list_model_get_n_items (G_LIST_MODEL (collection)) > 0)
    {
      g_autoptr (VsGame) first = g_list_model_get_item (G_LIST_MODEL (collection), 0);
      v = vs_game_get_variant (first);
    }
  add_column (self, vs_variant_side_name (v, VS_WHITE), "White", TRUE);
  add_column (self, vs_variant_side_name (v, VS_BLACK), "Black", TRUE);
  add_column (self, _("Result"), "Result", FALSE);
  add_column (self, _("Date"), "Date", FALSE);
  add_column (self, _("Event"), "Event", TRUE);
  update_count (self);
  return self;
}
