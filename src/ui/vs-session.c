/* vs-session.c — autosaves of the open documents, and their recovery. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <signal.h>

#include "vs-autosave-meta.h"
#include "vs-safe-save.h"
#include "vs-session.h"

typedef struct
{
  VsSession *session;
  VsDocument *document;
  char *path;
  guint source;   /* the pending autosave */
} Entry;

struct _VsSession
{
  GObject parent_instance;
  char *dir;
  GHashTable *entries;   /* VsDocument* -> Entry* */
  guint serial;
};

enum { SIGNAL_AUTOSAVE_FAILED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (VsSession, vs_session, G_TYPE_OBJECT)

static char *
autosave_meta_path (const char *autosave_path)
{
  g_autofree char *base = g_strndup (autosave_path, strlen (autosave_path) - strlen (".pgn"));
  return g_strconcat (base, ".ini", NULL);
}

/* ---- Writing ------------------------------------------------------------------ */

typedef struct
{
  char *path;
  char *meta_path;
  char *meta;
  GPtrArray *snapshot;   /* PGN texts (vs_record_snapshot_pgn): joined in the thread */
} WriteJob;

static void
write_job_free (gpointer data)
{
  WriteJob *j = data;
  g_free (j->path);
  g_clear_pointer (&j->snapshot, g_ptr_array_unref);
  g_free (j->meta_path);
  g_free (j->meta);
  g_free (j);
}

/* The autosave and its description, in a worker thread: the snapshot goes
 * to the file text by text (temporary file + rename, vs-safe-save.h). */
static void
autosave_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  WriteJob *j = task_data;
  GError *error = NULL;
  g_autofree char *dir = g_path_get_dirname (j->path);
  g_mkdir_with_parents (dir, 0700);
  if (!vs_safe_save_write_texts (j->path, j->snapshot, &error) ||
      !g_file_set_contents (j->meta_path, j->meta, -1, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
autosave_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (VsDocument) document = user_data;
  g_autoptr (GError) error = NULL;
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      g_autofree char *msg = g_strdup_printf (_("Could not write the automatic backup: %s"), error->message);
      g_signal_emit (source, signals[SIGNAL_AUTOSAVE_FAILED], 0, document, msg);
    }
}

/* What is written for e's document now: the texts of its games (compact
 * games share theirs; the file's bytes are put together in the worker
 * thread) and its description. */
static WriteJob *
write_job_new (Entry *e, gboolean kept)
{
  VsGameCollection *collection = vs_document_get_collection (e->document);
  WriteJob *j = g_new0 (WriteJob, 1);
  j->path = g_strdup (e->path);
  j->snapshot = vs_record_snapshot_pgn (collection);
  j->meta_path = autosave_meta_path (e->path);
  GFile *file = vs_document_get_file (e->document);
  VsAutosaveMeta meta = {
    .uri = file ? g_file_get_uri (file) : NULL,
    .time = g_get_real_time () / G_USEC_PER_SEC,
    .game = vs_document_get_game_index (e->document),
    .play = vs_document_dup_play_state (e->document),
    .kept = kept,
  };
  j->meta = vs_autosave_meta_to_data (&meta, NULL);
  vs_autosave_meta_clear (&meta);
  return j;
}

static gboolean
autosave_now (gpointer user_data)
{
  Entry *e = user_data;
  e->source = 0;
  if (!vs_document_get_modified (e->document) || vs_document_get_collection (e->document) == NULL)
    return G_SOURCE_REMOVE;
  GTask *task = g_task_new (e->session, NULL, autosave_done, g_object_ref (e->document));
  g_task_set_task_data (task, write_job_new (e, FALSE), write_job_free);
  g_task_run_in_thread (task, autosave_thread);
  g_object_unref (task);
  return G_SOURCE_REMOVE;
}

gboolean
vs_session_keep_game (VsSession *self, VsDocument *document, GError **error)
{
  g_return_val_if_fail (VS_IS_SESSION (self), FALSE);
  Entry *e = g_hash_table_lookup (self->entries, document);
  g_autofree char *play = vs_document_dup_play_state (document);
  if (e == NULL || play == NULL || vs_document_get_collection (document) == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("There is no game against the engine to keep."));
      return FALSE;
    }
  g_clear_handle_id (&e->source, g_source_remove);
  /* written in a worker thread, waited for: the window is closing */
  g_autoptr (GTask) task = g_task_new (self, NULL, NULL, NULL);
  g_task_set_task_data (task, write_job_new (e, TRUE), write_job_free);
  g_task_run_in_thread_sync (task, autosave_thread);
  if (!g_task_propagate_boolean (task, error))
    return FALSE;
  /* the files stay when the document goes */
  g_hash_table_remove (self->entries, document);
  return TRUE;
}

static void
unlink_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  g_unlink (task_data);
}

static void
remove_files (const char *path)
{
  g_autofree char *meta = autosave_meta_path (path);
  /* A big autosave takes a while to free: renamed at once (it is no longer
   * offered back) and removed in a worker thread; should the process end
   * first, startup removes it as a stale temporary file (".pgn."). */
  GStatBuf st;
  g_autofree char *doomed = g_strconcat (path, ".removed", NULL);
  if (g_stat (path, &st) == 0 && st.st_size >= VS_DOCUMENT_COMPACT_ABOVE_BYTES &&
      g_rename (path, doomed) == 0)
    {
      GTask *task = g_task_new (NULL, NULL, NULL, NULL);
      g_task_set_task_data (task, g_steal_pointer (&doomed), g_free);
      g_task_run_in_thread (task, unlink_thread);
      g_object_unref (task);
    }
  else
    g_unlink (path);
  g_unlink (meta);
}

/* ---- Documents ------------------------------------------------------------------ */

static void
entry_free (gpointer data)
{
  Entry *e = data;
  g_clear_handle_id (&e->source, g_source_remove);
  g_signal_handlers_disconnect_by_data (e->document, e);
  g_object_unref (e->document);
  g_free (e->path);
  g_free (e);
}

static void
document_changed_cb (VsDocument *document, Entry *e)
{
  g_clear_handle_id (&e->source, g_source_remove);
  e->source = g_timeout_add (VS_SESSION_AUTOSAVE_DELAY_MS, autosave_now, e);
}

static void
document_modified_cb (VsDocument *document, GParamSpec *pspec, Entry *e)
{
  if (!vs_document_get_modified (document))
    {
      g_clear_handle_id (&e->source, g_source_remove);
      remove_files (e->path);
    }
}

void
vs_session_add_document (VsSession *self, VsDocument *document)
{
  g_return_if_fail (VS_IS_SESSION (self));
  g_return_if_fail (VS_IS_DOCUMENT (document));
  if (g_hash_table_contains (self->entries, document))
    return;
  Entry *e = g_new0 (Entry, 1);
  e->session = self;
  e->document = g_object_ref (document);
  g_autofree char *name = g_strdup_printf ("%d-%u.pgn", (int) getpid (), ++self->serial);
  e->path = g_build_filename (self->dir, name, NULL);
  g_signal_connect (document, "changed", G_CALLBACK (document_changed_cb), e);
  g_signal_connect (document, "notify::modified", G_CALLBACK (document_modified_cb), e);
  g_hash_table_insert (self->entries, document, e);
}

void
vs_session_remove_document (VsSession *self, VsDocument *document)
{
  g_return_if_fail (VS_IS_SESSION (self));
  g_hash_table_remove (self->entries, document);
}

const char *
vs_session_get_autosave_path (VsSession *self, VsDocument *document)
{
  g_return_val_if_fail (VS_IS_SESSION (self), NULL);
  Entry *e = g_hash_table_lookup (self->entries, document);
  return e ? e->path : NULL;
}

void
vs_session_remove_autosave (VsSession *self, VsDocument *document)
{
  g_return_if_fail (VS_IS_SESSION (self));
  Entry *e = g_hash_table_lookup (self->entries, document);
  if (e == NULL)
    return;
  g_clear_handle_id (&e->source, g_source_remove);
  remove_files (e->path);
}

/* ---- Recovery -------------------------------------------------------------------- */

static gboolean
pid_alive (int pid)
{
  return pid > 0 && (kill (pid, 0) == 0 || errno == EPERM);
}

/* A process killed while writing its autosave leaves a temporary file
 * ("PID-N.ini.XXXXXX", ".PID-N.pgn.save-XXXXXX"): remove those of dead
 * processes (the autosave itself is either the old or the new one). */
static void
remove_stale_temps (VsSession *self)
{
  g_autoptr (GDir) d = g_dir_open (self->dir, 0, NULL);
  const char *name;
  while (d && (name = g_dir_read_name (d)))
    {
      if (!strstr (name, ".pgn.") && !strstr (name, ".ini."))
        continue;
      /* (vs_safe_save's temporary files are hidden: ".PID-N.pgn.save-XXXXXX") */
      int pid = atoi (name[0] == '.' ? name + 1 : name);
      if (pid <= 0 || pid == getpid () || pid_alive (pid))
        continue;
      g_autofree char *path = g_build_filename (self->dir, name, NULL);
      g_unlink (path);
    }
}

GPtrArray *
vs_session_find_orphans (VsSession *self)
{
  g_return_val_if_fail (VS_IS_SESSION (self), NULL);
  remove_stale_temps (self);
  GPtrArray *found = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GDir) d = g_dir_open (self->dir, 0, NULL);
  const char *name;
  while (d && (name = g_dir_read_name (d)))
    {
      if (!g_str_has_suffix (name, ".pgn"))
        continue;
      int pid = atoi (name);
      g_autofree char *path = g_build_filename (self->dir, name, NULL);
      if (pid == getpid ())
        {
          /* this process's own: only a game kept by a window now closed */
          gboolean open = FALSE;
          GHashTableIter it;
          gpointer value;
          g_hash_table_iter_init (&it, self->entries);
          while (!open && g_hash_table_iter_next (&it, NULL, &value))
            open = g_str_equal (((Entry *) value)->path, path);
          if (open || !vs_session_autosave_is_kept (self, path))
            continue;
        }
      else if (pid_alive (pid))
        continue;
      g_ptr_array_add (found, g_steal_pointer (&path));
    }
  return found;
}

VsGameCollection *
vs_session_read_autosave (VsSession *self, const char *path, char **uri, guint *game, char **play,
                          gboolean *kept, GError **error)
{
  g_autofree char *meta_path = autosave_meta_path (path);
  /* the description is checked (vs-autosave-meta.c) */
  g_autofree char *meta_text = NULL;
  gsize meta_len = 0;
  VsAutosaveMeta meta = { 0 };
  if (g_file_get_contents (meta_path, &meta_text, &meta_len, NULL))
    vs_autosave_meta_parse (meta_text, meta_len, &meta, NULL);
  *uri = g_steal_pointer (&meta.uri);
  *game = meta.game;
  if (kept)
    *kept = meta.kept;
  if (play)
    *play = g_steal_pointer (&meta.play);
  vs_autosave_meta_clear (&meta);

  VsGameCollection *collection = vs_game_collection_new ();
  VsRecordOptions options = { 0 };
  g_autofree char *contents = NULL;
  gsize len;
  if (g_file_get_contents (path, &contents, &len, error))
    vs_record_read_data (contents, len, &options, collection, error);
  return collection;
}

gboolean
vs_session_autosave_is_kept (VsSession *self, const char *path)
{
  g_autofree char *meta_path = autosave_meta_path (path);
  g_autofree char *text = NULL;
  gsize len = 0;
  VsAutosaveMeta meta = { 0 };
  gboolean kept = g_file_get_contents (meta_path, &text, &len, NULL) &&
                  vs_autosave_meta_parse (text, len, &meta, NULL) && meta.kept;
  vs_autosave_meta_clear (&meta);
  return kept;
}

void
vs_session_forget_autosave (VsSession *self, const char *path)
{
  g_autofree char *meta = autosave_meta_path (path);
  g_unlink (path);
  g_unlink (meta);
}

/* ---- GObject --------------------------------------------------------------------- */

static void
vs_session_finalize (GObject *object)
{
  VsSession *self = VS_SESSION (object);
  g_hash_table_unref (self->entries);
  g_free (self->dir);
  G_OBJECT_CLASS (vs_session_parent_class)->finalize (object);
}

static void
vs_session_class_init (VsSessionClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = vs_session_finalize;
  /**
   * VsSession::autosave-failed:
   * @document: the document whose autosave could not be written
   * @message: why, for the person
   */
  signals[SIGNAL_AUTOSAVE_FAILED] = g_signal_new ("autosave-failed", G_TYPE_FROM_CLASS (klass),
                                                  G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                  G_TYPE_NONE, 2, VS_TYPE_DOCUMENT, G_TYPE_STRING);
}

static void
vs_session_init (VsSession *self)
{
  self->entries = g_hash_table_new_full (NULL, NULL, NULL, entry_free);
}

VsSession *
vs_session_new (const char *dir)
{
  VsSession *self = g_object_new (VS_TYPE_SESSION, NULL);
  self->dir = g_strdup (dir);
  return self;
}

const char *
vs_session_get_dir (VsSession *self)
{
  g_return_val_if_fail (VS_IS_SESSION (self), NULL);
  return self->dir;
}
