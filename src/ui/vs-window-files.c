/* vs-window-files.c — the study window's files: reading a record (with
 * progress and Cancel), saving it, the recovery offer for autosaves left by
 * a crash, the startup sample, recent files and dropped files.  The
 * document (vs-document.c) reads and writes; the session (vs-session.c)
 * keeps the autosaves. */
#include "config.h"

#include <glib/gi18n.h>

#include "vs-window-private.h"

static void offer_recovery (VsWindow *self);

/* ---- Loading ----------------------------------------------------------------- */

typedef struct
{
  VsWindow *self;
  GFile *file;
} LoadData;

static void
load_data_free (LoadData *d)
{
  g_object_unref (d->self);
  g_object_unref (d->file);
  g_free (d);
}

static void
add_recent (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
}

static void
show_load_fraction (VsWindow *self)
{
  gtk_progress_bar_set_fraction (self->load_bar, self->load_fraction);
  g_autofree char *text = g_strdup_printf (_("Reading… %d %%"), (int) (100.0 * self->load_fraction));
  gtk_progress_bar_set_text (self->load_bar, text);
}

static void
load_progress_cb (guint64 done, guint64 total, gpointer user_data)
{
  VsWindow *self = user_data;
  if (total == 0 || self->current_load == NULL)
    return;
  /* only the bar changes: the message and its Cancel button stay */
  self->load_fraction = CLAMP ((double) done / total, 0.0, 1.0);
  show_load_fraction (self);
}

double
vs_window_get_load_progress (VsWindow *self)
{
  g_return_val_if_fail (VS_IS_WINDOW (self), -1);
  return self->current_load ? self->load_fraction : -1;
}

static void
load_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  LoadData *d = user_data;
  VsWindow *self = d->self;
  g_autoptr (GError) error = NULL;
  g_autoptr (VsGameCollection) collection = vs_document_load_finish (VS_DOCUMENT (source), result, &error);
  g_autofree char *name = g_file_get_parse_name (d->file);
  gboolean current = self->current_load == d;
  if (current)
    {
      self->current_load = NULL;
      g_clear_handle_id (&self->load_reveal_source, g_source_remove);
      gtk_widget_set_visible (GTK_WIDGET (self->load_bar), FALSE);
      vs_window_update_actions (self);
    }
  /* Stopped by the person (win.cancel-open): the window keeps what it had. */
  if (current && collection == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_autofree char *msg = g_strdup_printf (_("Stopped reading “%s”. Nothing was changed."), name);
      vs_window_show_message (self, GTK_MESSAGE_INFO, msg);
      g_signal_emit (self, vs_window_signals[SIGNAL_LOADED], 0, FALSE);
      load_data_free (d);
      return;
    }
  /* Not text at all: say only that (the reader's message names the file). */
  if (collection && vs_game_collection_get_n_games (collection) == 0 &&
      g_error_matches (error, VS_RECORD_ERROR, VS_RECORD_ERROR_NOT_A_RECORD))
    {
      vs_window_show_message (self, GTK_MESSAGE_ERROR, error->message);
      g_signal_emit (self, vs_window_signals[SIGNAL_LOADED], 0, FALSE);
      load_data_free (d);
      return;
    }

  if (collection == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_autofree char *msg = g_strdup_printf (_("Could not open “%s”: %s"), name, error->message);
          vs_window_show_message (self, GTK_MESSAGE_ERROR, msg);
        }
      g_signal_emit (self, vs_window_signals[SIGNAL_LOADED], 0, FALSE);
      load_data_free (d);
      return;
    }

  guint n = vs_game_collection_get_n_games (collection);
  if (n == 0)
    {
      g_autofree char *msg = g_strdup_printf (_("“%s” holds no game that could be read: %s"), name,
                                              error ? error->message : _("the file is empty"));
      vs_window_show_message (self, GTK_MESSAGE_ERROR, msg);
      g_signal_emit (self, vs_window_signals[SIGNAL_LOADED], 0, FALSE);
      load_data_free (d);
      return;
    }

  /* the document holds it now (vs_document_load_finish) */
  vs_window_show_collection (self);
  add_recent (d->file);

  if (error)
    {
      GPtrArray *problems = vs_game_collection_get_problems (collection);
      g_autofree char *msg = NULL;
      if (problems && problems->len > 1)
        msg = g_strdup_printf (ngettext ("%s (and %u more problem; the moves before each problem were kept)",
                                         "%s (and %u more problems; the moves before each problem were kept)",
                                         problems->len - 1),
                               error->message, problems->len - 1);
      else
        msg = g_strdup_printf (_("%s (the moves before the problem were kept)"), error->message);
      vs_window_show_message (self, GTK_MESSAGE_WARNING, msg);
    }
  else if (n > 1)
    {
      g_autofree char *msg = g_strdup_printf (ngettext ("This file holds %u game.", "This file holds %u games.", n), n);
      vs_window_show_message (self, GTK_MESSAGE_INFO, msg);
      vs_window_add_info_button (self, _("Show _Games"), RESPONSE_SHOW_GAMES);
    }
  else
    vs_window_hide_message (self);

  if (self->recovery_files)
    offer_recovery (self);
  g_signal_emit (self, vs_window_signals[SIGNAL_LOADED], 0, TRUE);
  load_data_free (d);
}

#define LOAD_REVEAL_DELAY_MS 250

static gboolean
reveal_load_progress (gpointer user_data)
{
  VsWindow *self = user_data;
  self->load_reveal_source = 0;
  if (self->current_load == NULL)
    return G_SOURCE_REMOVE;
  LoadData *d = self->current_load;
  g_autofree char *name = g_file_get_basename (d->file);
  g_autofree char *msg = g_strdup_printf (_("Reading “%s”…"), name);
  vs_window_show_message (self, GTK_MESSAGE_INFO, msg);
  vs_window_add_info_button (self, _("_Cancel"), RESPONSE_CANCEL_OPEN);
  show_load_fraction (self);
  gtk_widget_set_visible (GTK_WIDGET (self->load_bar), TRUE);
  return G_SOURCE_REMOVE;
}

static void
load_file (VsWindow *self, GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);
      g_autofree char *msg = g_strdup_printf (_("Could not open “%s”: only local files can be read."), uri);
      vs_window_show_message (self, GTK_MESSAGE_ERROR, msg);
      g_signal_emit (self, vs_window_signals[SIGNAL_LOADED], 0, FALSE);
      return;
    }
  g_cancellable_cancel (self->cancellable);
  g_set_object (&self->cancellable, g_cancellable_new ());

  LoadData *d = g_new0 (LoadData, 1);
  d->self = g_object_ref (self);
  d->file = g_object_ref (file);
  vs_document_load_async (self->document, file, load_progress_cb, g_object_ref (self), g_object_unref,
                          self->cancellable, load_done, d);
  /* Reading…: a bar and Cancel in the info bar until load_done, shown
   * once the read takes long enough to be noticed. */
  self->current_load = d;
  self->load_fraction = 0;
  g_clear_handle_id (&self->load_reveal_source, g_source_remove);
  self->load_reveal_source = g_timeout_add (LOAD_REVEAL_DELAY_MS, reveal_load_progress, self);
  vs_window_update_actions (self);
}

void
vs_window_open_file (VsWindow *self, GFile *file)
{
  g_return_if_fail (VS_IS_WINDOW (self));
  /* Never replace unsaved work: open beside it. */
  if (vs_document_get_modified (self->document))
    {
      GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
      VsWindow *other = vs_window_new (VS_APPLICATION (app));
      gtk_window_present (GTK_WINDOW (other));
      load_file (other, file);
      return;
    }
  load_file (self, file);
}

/* ---- Saving ------------------------------------------------------------------ */




void
vs_window_warn_format (VsWindow *self)
{
  vs_window_show_message (self, GTK_MESSAGE_WARNING,
                _("That format cannot hold everything in this record (variations, comments, several games or another variant): save it as PGN (.pgn)."));
}

typedef struct
{
  VsWindow *self;
  GFile *file;
} SaveData;

static void
save_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  SaveData *d = user_data;
  VsWindow *self = d->self;
  g_autoptr (GError) error = NULL;
  self->n_saving--;
  if (!vs_document_save_finish (VS_DOCUMENT (source), result, &error))
    {
      g_autofree char *name = g_file_get_parse_name (d->file);
      g_autofree char *msg = g_strdup_printf (_("Could not save “%s”: %s"), name, error->message);
      vs_window_show_message (self, GTK_MESSAGE_ERROR, msg);
      self->close_after_save = FALSE;
      g_signal_emit (self, vs_window_signals[SIGNAL_SAVED], 0, FALSE);
    }
  else
    {
      /* the document has its new file and format, and is not modified */
      add_recent (d->file);
      vs_window_hide_message (self);
      g_signal_emit (self, vs_window_signals[SIGNAL_SAVED], 0, TRUE);
      if (self->close_after_save)
        {
          self->force_close = TRUE;
          gtk_window_close (GTK_WINDOW (self));
        }
    }
  vs_window_update_actions (self);
  g_object_unref (d->self);
  g_object_unref (d->file);
  g_free (d);
}

void
vs_window_save_to_file (VsWindow *self, GFile *file, VsRecordFormat format)
{
  SaveData *d = g_new0 (SaveData, 1);
  d->self = g_object_ref (self);
  d->file = g_object_ref (file);
  self->n_saving++;
  vs_window_update_actions (self);
  vs_document_save_async (self->document, file, format, NULL, save_done, d);
}

/* ---- Recovery and startup ------------------------------------------------------ */

void
vs_window_discard_recovery (VsWindow *self)
{
  for (guint i = 0; self->recovery_files && i < self->recovery_files->len; i++)
    {
      vs_session_forget_autosave (self->session, g_ptr_array_index (self->recovery_files, i));
    }
  g_clear_pointer (&self->recovery_files, g_ptr_array_unref);
}

/* Opens each autosave of @files (self shows the first, a new window each
 * of the others) and removes it: it now lives in its window's own
 * autosave.  A game against the engine in it goes on. */
static void
recover_files (VsWindow *self, GPtrArray *files)
{
  /* A sample still being read must not replace the recovered work. */
  if (files && files->len > 0)
    {
      g_cancellable_cancel (self->cancellable);
      g_set_object (&self->cancellable, g_cancellable_new ());
      self->current_load = NULL;
      vs_window_update_actions (self);
    }
  for (guint i = 0; files && i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autofree char *uri = NULL;
      guint game = 0;
      g_autofree char *play = NULL;
      gboolean kept = FALSE;
      g_autoptr (GError) error = NULL;
      g_autoptr (VsGameCollection) collection =
        vs_session_read_autosave (self->session, path, &uri, &game, &play, &kept, &error);
      if (vs_game_collection_get_n_games (collection) == 0)
        {
          g_autofree char *msg = g_strdup_printf (_("The automatic backup could not be read: %s"),
                                                  error ? error->message : "");
          vs_window_show_message (self, GTK_MESSAGE_ERROR, msg);
          continue;
        }
      VsWindow *target = self;
      if (i > 0)
        {
          target = vs_window_new (VS_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
          gtk_window_present (GTK_WINDOW (target));
        }
      g_autoptr (GFile) file = uri && *uri ? g_file_new_for_uri (uri) : NULL;
      vs_window_set_collection (target, collection, file);
      /* back on the game that was being edited */
      if (game > 0 && game < vs_game_collection_get_n_games (collection))
        vs_window_show_game (target, game);
      vs_document_set_format (target->document, file ? vs_document_format_for_file (file) : VS_RECORD_FORMAT_PGN);
      vs_document_changed (target->document);
      /* The recovered work now lives in the target's own autosave. */
      vs_session_forget_autosave (self->session, path);
      if (!kept)
        vs_window_show_message (target, GTK_MESSAGE_INFO, _("Recovered unsaved work. Save it to keep it."));
      /* a game against the engine goes on, with the clocks as they were */
      if (play)
        vs_window_play_resume (target, play);
    }
}

void
vs_window_recover (VsWindow *self)
{
  g_autoptr (GPtrArray) files = g_steal_pointer (&self->recovery_files);
  if (files)
    recover_files (self, files);
}

/* Takes out of @orphans the games against the engine that were kept when
 * their window closed unfinished. */
static GPtrArray *
take_kept_games (VsWindow *self, GPtrArray *orphans)
{
  GPtrArray *kept = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < orphans->len;)
    if (vs_session_autosave_is_kept (self->session, g_ptr_array_index (orphans, i)))
      g_ptr_array_add (kept, g_ptr_array_steal_index (orphans, i));
    else
      i++;
  return kept;
}

static void
offer_recovery (VsWindow *self)
{
  guint n = self->recovery_files->len;
  g_autofree char *msg = g_strdup_printf (ngettext ("VariantStudy did not close properly: %u record had unsaved changes.",
                                                    "VariantStudy did not close properly: %u records had unsaved changes.", n), n);
  vs_window_show_message (self, GTK_MESSAGE_QUESTION, msg);
  vs_window_add_info_button (self, _("_Recover"), RESPONSE_RECOVER);
  vs_window_add_info_button (self, _("_Discard"), RESPONSE_DISCARD_RECOVERY);
}

/* The sample record of the last variant used, so the window never starts
 * empty: the variant's annotated PGN sample if there is one, else any of
 * its samples (NULL if none). */
static char *
startup_sample (VsWindow *self)
{
  g_autofree char *last = g_settings_get_string (self->settings, "last-variant");
  const VsVariant *v = vs_variant_lookup (last);
  const char *family = v ? v->family_id : "chartima";
  const char *dir = vs_application_get_samples_dir ();
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  char *sample = NULL;
  while (d && (name = g_dir_read_name (d)))
    if (g_str_has_prefix (name, family) && (sample == NULL || g_str_has_suffix (name, ".pgn")))
      {
        g_free (sample);
        sample = g_build_filename (dir, name, NULL);
      }
  return sample;
}

void
vs_window_load_startup (VsWindow *self)
{
  g_return_if_fail (VS_IS_WINDOW (self));

  GPtrArray *orphans = vs_session_find_orphans (self->session);
  /* An unfinished game against the engine, kept when its window closed,
   * goes on at once instead of the sample; work left by a crash is offered
   * (once the sample is shown: its messages would hide the offer). */
  g_autoptr (GPtrArray) kept = take_kept_games (self, orphans);
  g_autofree char *sample = kept->len > 0 ? NULL : startup_sample (self);
  if (sample)
    {
      g_autoptr (GFile) file = g_file_new_for_path (sample);
      load_file (self, file);
    }
  if (kept->len > 0)
    recover_files (self, kept);
  if (orphans->len > 0)
    {
      self->recovery_files = orphans;
      if (sample == NULL)
        offer_recovery (self);
    }
  else
    g_ptr_array_unref (orphans);
}

/* ---- Recent files and drag and drop --------------------------------------------- */

static int
compare_recent (gconstpointer a, gconstpointer b)
{
  /* newest first */
  return g_date_time_compare (gtk_recent_info_get_modified ((GtkRecentInfo *) b),
                              gtk_recent_info_get_modified ((GtkRecentInfo *) a));
}

void
vs_window_update_recent_menu (VsWindow *self)
{
  g_menu_remove_all (self->recent_section);
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  items = g_list_sort (items, compare_recent);
  guint added = 0;
  for (GList *l = items; l && added < 8; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);
      g_autofree char *lower = g_ascii_strdown (uri, -1);
      if (!(g_str_has_suffix (lower, ".pgn") || g_str_has_suffix (lower, ".gib") ||
            g_str_has_suffix (lower, ".kif")) || !gtk_recent_info_exists (info))
        continue;
      g_autoptr (GFile) file = g_file_new_for_uri (uri);
      g_autofree char *path = g_file_get_path (file);
      if (!path)
        continue;
      g_autoptr (GMenuItem) item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);
      g_menu_item_set_action_and_target (item, "win.open-file", "s", path);
      g_menu_append_item (self->recent_section, item);
      added++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

gboolean
vs_window_drop_cb (GtkDropTarget *target, const GValue *value, double x, double y, VsWindow *self)
{
  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  GSList *files = g_value_get_boxed (value);
  for (GSList *l = files; l; l = l->next)
    vs_window_open_file (self, l->data);
  return files != NULL;
}
