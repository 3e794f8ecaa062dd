/* vs-explorer-pane.c — the opening explorer (see vs-explorer-pane.h). */
#include "config.h"
#include "vs-explorer-pane.h"
#include "vs-library.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

struct _VsExplorerPane {
  GtkWidget       parent_instance;
  GtkWidget      *box;
  GtkLabel       *status_label;
  GtkWidget      *import_box;
  GtkProgressBar *import_progress;
  GtkWidget      *import_cancel;
  GtkListBox     *moves_list;
  GtkListBox     *games_list;

  char           *path;
  VsPosition     *pos;            /* NULL until set */
  GPtrArray      *moves;          /* VsLibraryMove* shown */
  GPtrArray      *games;          /* VsLibraryGame* shown */
  GCancellable   *query_cancel;
  guint           queries;        /* queries running */
  GCancellable   *import_cancellable;
  struct _Import *import;         /* the running import, or NULL */
  guint           import_timer;
};

G_DEFINE_FINAL_TYPE (VsExplorerPane, vs_explorer_pane, GTK_TYPE_WIDGET)

enum { MOVE_ACTIVATED, GAME_ACTIVATED, IMPORT_FINISHED, LIBRARY_NOTICE, N_SIGNALS };
static guint signals[N_SIGNALS];

/* ---- Queries (worker thread) ---- */

typedef struct {
  char   *path;
  char   *variant_id;
  guint64 key;
} Query;

typedef struct {
  GPtrArray *moves, *games;
  char      *notices;   /* what opening the library did (a rebuild), or NULL */
} Answer;

/* The library's notices (vs_library_take_notices) as one text, or NULL. */
static char *
take_notices (VsLibrary *lib)
{
  g_autoptr (GPtrArray) notices = vs_library_take_notices (lib);
  if (!notices || notices->len == 0)
    return NULL;
  g_ptr_array_add (notices, NULL);
  return g_strjoinv (" ", (char **) notices->pdata);
}

static void
query_free (gpointer p)
{
  Query *q = p;
  g_free (q->path);
  g_free (q->variant_id);
  g_free (q);
}

static void
answer_free (gpointer p)
{
  Answer *a = p;
  g_clear_pointer (&a->moves, g_ptr_array_unref);
  g_clear_pointer (&a->games, g_ptr_array_unref);
  g_free (a->notices);
  g_free (a);
}

static void
query_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Query *q = data;
  GError *error = NULL;
  (void) source;
  VsLibrary *lib = vs_library_open (q->path, &error);
  if (!lib)
    {
      g_task_return_error (task, error);
      return;
    }
  Answer *a = g_new0 (Answer, 1);
  a->notices = take_notices (lib);
  a->moves = vs_library_explore (lib, q->variant_id, q->key, &error);
  if (a->moves && !g_cancellable_is_cancelled (cancellable))
    a->games = vs_library_find (lib, q->variant_id, q->key, &error);
  vs_library_close (lib);
  if (error)
    {
      answer_free (a);
      g_task_return_error (task, error);
    }
  else
    g_task_return_pointer (task, a, answer_free);
}

static void
clear_list (GtkListBox *list)
{
  GtkWidget *c;
  while ((c = gtk_widget_get_first_child (GTK_WIDGET (list))))
    gtk_list_box_remove (list, c);
}

static GtkWidget *
cell (const char *text, int width, float xalign, gboolean expand)
{
  GtkWidget *l = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (l), xalign);
  if (width > 0)
    gtk_label_set_width_chars (GTK_LABEL (l), width);
  gtk_label_set_ellipsize (GTK_LABEL (l), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (l, expand);
  return l;
}

static guint
percent (guint part, guint whole)
{
  return whole ? (part * 100 + whole / 2) / whole : 0;
}

static void
show_answer (VsExplorerPane *self)
{
  clear_list (self->moves_list);
  clear_list (self->games_list);
  const VsVariant *v = self->pos ? self->pos->variant : NULL;
  for (guint i = 0; self->moves && i < self->moves->len; i++)
    {
      VsLibraryMove *m = self->moves->pdata[i];
      char san[VS_MOVE_TEXT_MAX];
      VsMove mv;
      if (vs_move_parse (self->pos, m->uci, VS_NOTATION_UCI, &mv, NULL, NULL))
        vs_move_write (self->pos, mv, VS_NOTATION_SAN, san);
      else
        g_strlcpy (san, m->uci, sizeof san);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
      gtk_box_append (GTK_BOX (row), cell (san, 8, 0, FALSE));
      g_autofree char *games = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game", "%u games", m->games), m->games);
      gtk_box_append (GTK_BOX (row), cell (games, 9, 1, FALSE));
      /* TRANSLATORS: the score of a move: side, its wins in %, draws in %, other side, its wins in % */
      g_autofree char *score = g_strdup_printf (_("%s %u%% · draws %u%% · %s %u%%"),
                                                vs_variant_side_name (v, VS_WHITE), percent (m->white_wins, m->games),
                                                percent (m->draws, m->games),
                                                vs_variant_side_name (v, VS_BLACK), percent (m->black_wins, m->games));
      gtk_box_append (GTK_BOX (row), cell (score, -1, 0, TRUE));
      gtk_list_box_append (self->moves_list, row);
    }
  for (guint i = 0; self->games && i < self->games->len; i++)
    {
      VsLibraryGame *g = self->games->pdata[i];
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
      g_autofree char *players = g_strdup_printf ("%s – %s", g->white ? g->white : "?", g->black ? g->black : "?");
      gtk_box_append (GTK_BOX (row), cell (players, -1, 0, TRUE));
      gtk_box_append (GTK_BOX (row), cell (g->event ? g->event : "", 12, 0, FALSE));
      gtk_box_append (GTK_BOX (row), cell (g->date ? g->date : "", 10, 0, FALSE));
      gtk_box_append (GTK_BOX (row), cell (g->result ? g->result : "*", 7, 1, FALSE));
      g_autofree char *ply = g_strdup_printf (_("ply %u"), g->ply);
      gtk_box_append (GTK_BOX (row), cell (ply, 7, 1, FALSE));
      gtk_list_box_append (self->games_list, row);
    }
  g_autofree char *status = NULL;
  if (!self->path)
    status = g_strdup (_("No game library. Drop record files here to add them."));
  else if (!self->games || self->games->len == 0)
    status = g_strdup (_("No game in the library reaches this position."));
  else
    status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game in the library reaches this position.",
                                           "%u games in the library reach this position.", self->games->len),
                              self->games->len);
  gtk_label_set_text (self->status_label, status);
}

static void
query_done (GObject *source, GAsyncResult *res, gpointer data)
{
  VsExplorerPane *self = VS_EXPLORER_PANE (source);
  (void) data;
  g_autoptr (GError) error = NULL;
  Answer *a = g_task_propagate_pointer (G_TASK (res), &error);
  self->queries--;
  if (a && !self->box)   /* disposed meanwhile */
    g_clear_pointer (&a, answer_free);
  if (!a && !self->box)
    return;
  if (!a)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        gtk_label_set_text (self->status_label, error->message);
      return;
    }
  g_clear_pointer (&self->moves, g_ptr_array_unref);
  g_clear_pointer (&self->games, g_ptr_array_unref);
  self->moves = g_steal_pointer (&a->moves);
  self->games = g_steal_pointer (&a->games);
  g_autofree char *notices = g_steal_pointer (&a->notices);
  answer_free (a);
  show_answer (self);
  if (notices)
    g_signal_emit (self, signals[LIBRARY_NOTICE], 0, notices);
}

static void
refresh (VsExplorerPane *self)
{
  if (self->query_cancel)
    g_cancellable_cancel (self->query_cancel);
  g_clear_object (&self->query_cancel);
  if (!self->path || !self->pos)
    {
      g_clear_pointer (&self->moves, g_ptr_array_unref);
      g_clear_pointer (&self->games, g_ptr_array_unref);
      show_answer (self);
      return;
    }
  self->query_cancel = g_cancellable_new ();
  Query *q = g_new0 (Query, 1);
  q->path = g_strdup (self->path);
  q->variant_id = g_strdup (self->pos->variant->id);
  q->key = self->pos->key;
  GTask *task = g_task_new (self, self->query_cancel, query_done, NULL);
  g_task_set_task_data (task, q, query_free);
  self->queries++;
  g_task_run_in_thread (task, query_thread);
  g_object_unref (task);
}

/* ---- Imports (worker thread) ---- */

typedef struct _Import {
  char      *path;
  GPtrArray *files;       /* GFile* */
  guint64    total;       /* bytes of all files */
  guint64    before;      /* bytes of the files done */
  gint       permille;    /* atomic: progress shown */
  guint      added, problems;
  char      *notices;     /* as Answer's */
} Import;

static void
import_free (gpointer p)
{
  Import *im = p;
  g_free (im->path);
  g_ptr_array_unref (im->files);
  g_free (im->notices);
  g_free (im);
}

static void
import_progress (guint64 done, guint64 total, gpointer data)
{
  Import *im = data;
  (void) total;
  if (im->total)
    g_atomic_int_set (&im->permille, (gint) ((im->before + done) * 1000 / im->total));
}

static void
import_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Import *im = data;
  GError *error = NULL;
  (void) source;
  VsLibrary *lib = vs_library_open (im->path, &error);
  if (!lib)
    {
      g_task_return_error (task, error);
      return;
    }
  im->notices = take_notices (lib);
  for (guint i = 0; i < im->files->len && !error; i++)
    {
      g_autofree char *path = g_file_get_path (im->files->pdata[i]);
      VsLibraryStats st = { 0 };
      GStatBuf sb;
      guint64 size = path && g_stat (path, &sb) == 0 ? (guint64) sb.st_size : 0;
      if (path && !vs_library_add_file (lib, path, import_progress, im, cancellable, &st, &error)
          && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          /* an unreadable file: count it, go on with the others */
          im->problems++;
          g_clear_error (&error);
        }
      im->added += st.games_added;
      im->problems += st.problems;
      vs_library_stats_clear (&st);
      im->before += size;
    }
  vs_library_close (lib);
  if (error)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static gboolean
import_tick (gpointer data)
{
  VsExplorerPane *self = data;
  if (self->import)
    gtk_progress_bar_set_fraction (self->import_progress, g_atomic_int_get (&self->import->permille) / 1000.0);
  return G_SOURCE_CONTINUE;
}

static void
import_done (GObject *source, GAsyncResult *res, gpointer data)
{
  VsExplorerPane *self = VS_EXPLORER_PANE (source);
  Import *im = g_task_get_task_data (G_TASK (res));
  (void) data;
  g_autoptr (GError) error = NULL;
  gboolean ok = g_task_propagate_boolean (G_TASK (res), &error);
  g_clear_handle_id (&self->import_timer, g_source_remove);
  g_clear_object (&self->import_cancellable);
  self->import = NULL;
  if (!self->box)   /* disposed meanwhile */
    return;
  gtk_widget_set_visible (self->import_box, FALSE);
  g_autofree char *msg = NULL;
  if (!ok && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    msg = g_strdup (_("Import cancelled: the file being read was left out."));
  else if (!ok)
    msg = g_strdup (error->message);
  else if (im->problems)
    msg = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game added; %u problem in the files.",
                                        "%u games added; %u problems in the files.", im->problems),
                           im->added, im->problems);
  if (im->notices)
    g_signal_emit (self, signals[LIBRARY_NOTICE], 0, im->notices);
  g_signal_emit (self, signals[IMPORT_FINISHED], 0, im->added, msg);
  refresh (self);
}

void
vs_explorer_pane_import_files (VsExplorerPane *self, GFile **files, guint n_files)
{
  g_return_if_fail (VS_IS_EXPLORER_PANE (self));
  if (!self->path || self->import || n_files == 0)
    return;
  Import *im = g_new0 (Import, 1);
  im->path = g_strdup (self->path);
  im->files = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < n_files; i++)
    {
      g_ptr_array_add (im->files, g_object_ref (files[i]));
      g_autofree char *p = g_file_get_path (files[i]);
      GStatBuf sb;
      if (p && g_stat (p, &sb) == 0)
        im->total += sb.st_size;
    }
  self->import = im;
  self->import_cancellable = g_cancellable_new ();
  gtk_progress_bar_set_fraction (self->import_progress, 0);
  g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Adding %u file to the library…",
                                                        "Adding %u files to the library…", n_files), n_files);
  gtk_progress_bar_set_text (self->import_progress, text);
  gtk_widget_set_visible (self->import_box, TRUE);
  self->import_timer = g_timeout_add (100, import_tick, self);
  GTask *task = g_task_new (self, self->import_cancellable, import_done, NULL);
  g_task_set_task_data (task, im, import_free);
  g_task_run_in_thread (task, import_thread);
  g_object_unref (task);
}

static void
import_cancel_cb (VsExplorerPane *self)
{
  if (self->import_cancellable)
    g_cancellable_cancel (self->import_cancellable);
}

static gboolean
drop_cb (GtkDropTarget *target, const GValue *value, double x, double y, gpointer data)
{
  VsExplorerPane *self = data;
  (void) target; (void) x; (void) y;
  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST) || !self->path || self->import)
    return FALSE;
  GSList *list = g_value_get_boxed (value);
  g_autoptr (GPtrArray) files = g_ptr_array_new ();
  for (GSList *l = list; l; l = l->next)
    g_ptr_array_add (files, l->data);
  vs_explorer_pane_import_files (self, (GFile **) files->pdata, files->len);
  return files->len > 0;
}

/* ---- Rows ---- */

static void
move_row_activated_cb (VsExplorerPane *self, GtkListBoxRow *row)
{
  int i = gtk_list_box_row_get_index (row);
  if (self->moves && i >= 0 && (guint) i < self->moves->len)
    g_signal_emit (self, signals[MOVE_ACTIVATED], 0, ((VsLibraryMove *) self->moves->pdata[i])->uci);
}

static void
game_row_activated_cb (VsExplorerPane *self, GtkListBoxRow *row)
{
  int i = gtk_list_box_row_get_index (row);
  if (self->games && i >= 0 && (guint) i < self->games->len)
    {
      VsLibraryGame *g = self->games->pdata[i];
      g_signal_emit (self, signals[GAME_ACTIVATED], 0, g->file, g->index_in_file, g->ply);
    }
}

/* ---- API ---- */

GtkWidget *
vs_explorer_pane_new (void)
{
  return g_object_new (VS_TYPE_EXPLORER_PANE, NULL);
}

char *
vs_explorer_pane_default_library (void)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "variant-study", NULL);
  g_mkdir_with_parents (dir, 0700);
  return g_build_filename (dir, "library.db", NULL);
}

void
vs_explorer_pane_set_library (VsExplorerPane *self, const char *path)
{
  g_return_if_fail (VS_IS_EXPLORER_PANE (self));
  if (g_strcmp0 (path, self->path) == 0)
    return;
  g_free (self->path);
  self->path = g_strdup (path);
  refresh (self);
}

const char *
vs_explorer_pane_get_library (VsExplorerPane *self)
{
  return self->path;
}

void
vs_explorer_pane_set_position (VsExplorerPane *self, const VsPosition *pos)
{
  g_return_if_fail (VS_IS_EXPLORER_PANE (self));
  if (!pos)
    g_clear_pointer (&self->pos, g_free);
  else
    {
      if (!self->pos)
        self->pos = g_new (VsPosition, 1);
      memcpy (self->pos, pos, sizeof *pos);
    }
  refresh (self);
}

gboolean
vs_explorer_pane_is_busy (VsExplorerPane *self)
{
  return self->queries > 0 || self->import != NULL;
}

guint
vs_explorer_pane_get_n_moves (VsExplorerPane *self)
{
  return self->moves ? self->moves->len : 0;
}

const char *
vs_explorer_pane_get_move (VsExplorerPane *self, guint i, guint *games,
                           guint *white_wins, guint *draws, guint *black_wins)
{
  g_return_val_if_fail (i < vs_explorer_pane_get_n_moves (self), NULL);
  VsLibraryMove *m = self->moves->pdata[i];
  if (games) *games = m->games;
  if (white_wins) *white_wins = m->white_wins;
  if (draws) *draws = m->draws;
  if (black_wins) *black_wins = m->black_wins;
  return m->uci;
}

guint
vs_explorer_pane_get_n_games (VsExplorerPane *self)
{
  return self->games ? self->games->len : 0;
}

GtkWidget *
vs_explorer_pane_get_move_row (VsExplorerPane *self, guint i)
{
  return GTK_WIDGET (gtk_list_box_get_row_at_index (self->moves_list, i));
}

GtkWidget *
vs_explorer_pane_get_game_row (VsExplorerPane *self, guint i)
{
  return GTK_WIDGET (gtk_list_box_get_row_at_index (self->games_list, i));
}

/* ---- Class ---- */

static void
vs_explorer_pane_dispose (GObject *object)
{
  VsExplorerPane *self = VS_EXPLORER_PANE (object);
  if (self->query_cancel)
    g_cancellable_cancel (self->query_cancel);
  if (self->import_cancellable)
    g_cancellable_cancel (self->import_cancellable);
  g_clear_object (&self->query_cancel);
  g_clear_handle_id (&self->import_timer, g_source_remove);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (vs_explorer_pane_parent_class)->dispose (object);
}

static void
vs_explorer_pane_finalize (GObject *object)
{
  VsExplorerPane *self = VS_EXPLORER_PANE (object);
  g_free (self->path);
  g_free (self->pos);
  g_clear_pointer (&self->moves, g_ptr_array_unref);
  g_clear_pointer (&self->games, g_ptr_array_unref);
  g_clear_object (&self->import_cancellable);
  G_OBJECT_CLASS (vs_explorer_pane_parent_class)->finalize (object);
}

static void
vs_explorer_pane_class_init (VsExplorerPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = vs_explorer_pane_dispose;
  object_class->finalize = vs_explorer_pane_finalize;
  signals[MOVE_ACTIVATED] = g_signal_new ("move-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[GAME_ACTIVATED] = g_signal_new ("game-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_UINT, G_TYPE_UINT);
  signals[IMPORT_FINISHED] = g_signal_new ("import-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_STRING);
  signals[LIBRARY_NOTICE] = g_signal_new ("library-notice", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/example/VariantStudy/ui/vs-explorer-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, VsExplorerPane, box);
  gtk_widget_class_bind_template_child (widget_class, VsExplorerPane, status_label);
  gtk_widget_class_bind_template_child (widget_class, VsExplorerPane, import_box);
  gtk_widget_class_bind_template_child (widget_class, VsExplorerPane, import_progress);
  gtk_widget_class_bind_template_child (widget_class, VsExplorerPane, import_cancel);
  gtk_widget_class_bind_template_child (widget_class, VsExplorerPane, moves_list);
  gtk_widget_class_bind_template_child (widget_class, VsExplorerPane, games_list);
  gtk_widget_class_bind_template_callback (widget_class, import_cancel_cb);
  gtk_widget_class_bind_template_callback (widget_class, move_row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, game_row_activated_cb);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
vs_explorer_pane_init (VsExplorerPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
  show_answer (self);
}
