/* vs-window-export.c — the board as a diagram, the game as a PDF study
 * sheet. */
#include "config.h"

#include <glib/gi18n.h>

#include "vs-window-private.h"

/* ---- Exports: the board as a diagram, the game as a PDF study sheet --------- */

/* A file name for an export: the game's title, the ply shown when
 * with_ply (a diagram), and the extension. */
static char *
export_file_name (VsWindow *self, gboolean with_ply, const char *ext)
{
  g_autofree char *title = vs_window_game_title (self->game);
  guint ply = with_ply && self->cursor ? vs_game_node_get_ply (self->cursor) : 0;
  char *name = ply > 0 ? g_strdup_printf ("%s-%u.%s", title, ply, ext) : g_strdup_printf ("%s.%s", title, ext);
  g_strdelimit (name, "/\\:", '-');
  return name;
}

static void
export_diagram_to_file (VsWindow *self, const char *path, int size)
{
  g_autoptr (GError) error = NULL;
  gboolean ok = vs_export_diagram (self->board, path, size, &error);
  g_autofree char *name = g_filename_display_basename (path);
  g_autofree char *msg = ok ? g_strdup_printf (_("Diagram exported to “%s”."), name)
                            : g_strdup_printf (_("Could not export the diagram: %s"), error->message);
  vs_window_show_message (self, ok ? GTK_MESSAGE_INFO : GTK_MESSAGE_ERROR, msg);
  g_signal_emit (self, vs_window_signals[SIGNAL_EXPORTED], 0, ok);
}

static void
export_diagram_chosen (GtkWindow *parent, const char *path, int size, gpointer data)
{
  VsWindow *self = VS_WINDOW (parent);
  if (self->game == NULL || self->settings == NULL)   /* closed meanwhile */
    return;
  g_settings_set_int (self->settings, "diagram-export-size", size);
  export_diagram_to_file (self, path, size);
}

static void
export_diagram_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  if (self->game == NULL)
    return;
  g_autofree char *name = export_file_name (self, TRUE, "svg");
  vs_export_diagram_dialog (GTK_WINDOW (self), name,
                            g_settings_get_int (self->settings, "diagram-export-size"),
                            export_diagram_chosen, NULL);
}

/* (si): file (.svg or .png), size in pixels (0: the last size chosen). */
static void
export_diagram_to_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  const char *path;
  int size;
  g_variant_get (param, "(&si)", &path, &size);
  if (size <= 0)
    size = g_settings_get_int (self->settings, "diagram-export-size");
  export_diagram_to_file (self, path, size);
}

typedef struct {
  VsWindow *self;
  char *path;
} SheetExport;

static void
export_sheet_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  SheetExport *e = user_data;
  VsWindow *self = e->self;
  g_autoptr (GError) error = NULL;
  int n_pages = 0;
  gboolean ok = vs_export_sheet_finish (result, &n_pages, &error);
  if ((!ok && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
      || self->cancellable == NULL || g_cancellable_is_cancelled (self->cancellable))
    ;   /* the window is closing or closed */
  else
    {
      g_autofree char *name = g_filename_display_basename (e->path);
      g_autofree char *msg =
        ok ? g_strdup_printf (ngettext ("Study sheet exported to “%s” (%d page).",
                                        "Study sheet exported to “%s” (%d pages).", n_pages),
                              name, n_pages)
           : g_strdup_printf (_("Could not export the study sheet: %s"), error->message);
      vs_window_show_message (self, ok ? GTK_MESSAGE_INFO : GTK_MESSAGE_ERROR, msg);
      g_signal_emit (self, vs_window_signals[SIGNAL_EXPORTED], 0, ok);
    }
  g_object_unref (e->self);
  g_free (e->path);
  g_free (e);
}

static void
export_sheet_to_file (VsWindow *self, const char *path, VsPaper paper)
{
  SheetExport *e = g_new0 (SheetExport, 1);
  e->self = g_object_ref (self);
  e->path = g_strdup (path);
  vs_export_sheet_async (self, self->game, paper, path, self->cancellable, export_sheet_done, e);
}

static void
export_sheet_chosen (GtkWindow *parent, const char *path, VsPaper paper, gpointer data)
{
  VsWindow *self = VS_WINDOW (parent);
  if (self->game)
    export_sheet_to_file (self, path, paper);
}

static void
export_sheet_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  if (self->game == NULL)
    return;
  g_autofree char *name = export_file_name (self, FALSE, "pdf");
  /* Letter paper where the locale measures in inches, else A4 (as printing). */
  const char *paper = gtk_paper_size_get_default ();
  vs_export_sheet_dialog (GTK_WINDOW (self), name,
                          g_str_equal (paper, GTK_PAPER_NAME_LETTER) ? VS_PAPER_LETTER : VS_PAPER_A4,
                          export_sheet_chosen, NULL);
}

/* (ss): PDF file, paper "a4" or "letter". */
static void
export_sheet_to_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  const char *path, *paper_name;
  g_variant_get (param, "(&s&s)", &path, &paper_name);
  VsPaper paper;
  g_autoptr (GError) error = NULL;
  if (!vs_paper_parse (paper_name, &paper, &error))
    {
      g_autofree char *msg = g_strdup_printf (_("Could not export the study sheet: %s"), error->message);
      vs_window_show_message (self, GTK_MESSAGE_ERROR, msg);
      g_signal_emit (self, vs_window_signals[SIGNAL_EXPORTED], 0, FALSE);
      return;
    }
  export_sheet_to_file (self, path, paper);
}

void
vs_window_export_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.export-diagram", NULL, export_diagram_action);
  gtk_widget_class_install_action (widget_class, "win.export-diagram-to", "(si)", export_diagram_to_action);
  gtk_widget_class_install_action (widget_class, "win.export-sheet", NULL, export_sheet_action);
  gtk_widget_class_install_action (widget_class, "win.export-sheet-to", "(ss)", export_sheet_to_action);
}
