/* vs-document.c — a record file's games, read and written off the main loop. */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "vs-document.h"
#include "vs-safe-save.h"

struct _VsDocument
{
  GObject parent_instance;

  VsGameCollection *collection;
  GFile *file;
  VsRecordFormat format;
  guint game_index;
  VsDocumentPlayStateFunc play_state_func;
  gpointer play_state_data;
  gboolean modified;
};

enum { PROP_0, PROP_COLLECTION, PROP_FILE, PROP_MODIFIED, N_PROPS };
static GParamSpec *props[N_PROPS];

enum { SIGNAL_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (VsDocument, vs_document, G_TYPE_OBJECT)

/* ---- Properties ----------------------------------------------------------- */

VsGameCollection *
vs_document_get_collection (VsDocument *self)
{
  g_return_val_if_fail (VS_IS_DOCUMENT (self), NULL);
  return self->collection;
}

static void
set_file (VsDocument *self, GFile *file)
{
  if (g_set_object (&self->file, file))
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_FILE]);
}

void
vs_document_set_collection (VsDocument *self, VsGameCollection *collection, GFile *file)
{
  g_return_if_fail (VS_IS_DOCUMENT (self));
  g_object_freeze_notify (G_OBJECT (self));
  if (g_set_object (&self->collection, collection))
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_COLLECTION]);
  set_file (self, file);
  self->game_index = 0;
  vs_document_set_modified (self, FALSE);
  g_object_thaw_notify (G_OBJECT (self));
}

GFile *
vs_document_get_file (VsDocument *self)
{
  g_return_val_if_fail (VS_IS_DOCUMENT (self), NULL);
  return self->file;
}

VsRecordFormat
vs_document_get_format (VsDocument *self)
{
  g_return_val_if_fail (VS_IS_DOCUMENT (self), VS_RECORD_FORMAT_PGN);
  return self->format;
}

void
vs_document_set_format (VsDocument *self, VsRecordFormat format)
{
  g_return_if_fail (VS_IS_DOCUMENT (self));
  self->format = format;
}

void
vs_document_set_play_state_func (VsDocument *self, VsDocumentPlayStateFunc func, gpointer data)
{
  g_return_if_fail (VS_IS_DOCUMENT (self));
  self->play_state_func = func;
  self->play_state_data = data;
}

char *
vs_document_dup_play_state (VsDocument *self)
{
  g_return_val_if_fail (VS_IS_DOCUMENT (self), NULL);
  return self->play_state_func ? self->play_state_func (self->play_state_data) : NULL;
}

guint
vs_document_get_game_index (VsDocument *self)
{
  g_return_val_if_fail (VS_IS_DOCUMENT (self), 0);
  return self->game_index;
}

void
vs_document_set_game_index (VsDocument *self, guint index)
{
  g_return_if_fail (VS_IS_DOCUMENT (self));
  self->game_index = index;
}

gboolean
vs_document_get_modified (VsDocument *self)
{
  g_return_val_if_fail (VS_IS_DOCUMENT (self), FALSE);
  return self->modified;
}

void
vs_document_set_modified (VsDocument *self, gboolean modified)
{
  g_return_if_fail (VS_IS_DOCUMENT (self));
  modified = !!modified;
  if (self->modified == modified)
    return;
  self->modified = modified;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_MODIFIED]);
}

void
vs_document_changed (VsDocument *self)
{
  g_return_if_fail (VS_IS_DOCUMENT (self));
  vs_document_set_modified (self, TRUE);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

/* ---- Formats -------------------------------------------------------------- */

VsRecordFormat
vs_document_format_for_file (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *lower = g_ascii_strdown (name, -1);
  if (g_str_has_suffix (lower, ".gib"))
    return VS_RECORD_FORMAT_GIBO;
  if (g_str_has_suffix (lower, ".kif") || g_str_has_suffix (lower, ".txt"))
    return VS_RECORD_FORMAT_KIFU;
  return VS_RECORD_FORMAT_PGN;
}

static gboolean
subtree_has_extras (VsGameNode *node, gboolean comments)
{
  for (VsGameNode *n = node; n; n = vs_game_node_get_main_child (n))
    {
      if (vs_game_node_get_next_sibling (n) && !vs_game_node_is_root (n))
        return TRUE;
      if (comments && (vs_game_node_get_comment_after (n) || vs_game_node_get_comment_before (n) ||
                       vs_game_node_get_nags (n, NULL) > 0))
        return TRUE;
    }
  return FALSE;
}

gboolean
vs_document_format_keeps_everything (VsDocument *self, VsRecordFormat format)
{
  g_return_val_if_fail (VS_IS_DOCUMENT (self), FALSE);
  guint n = self->collection ? vs_game_collection_get_n_games (self->collection) : 0;
  for (guint i = 0; i < n; i++)
    {
      VsGame *g = vs_game_collection_get_game (self->collection, i);
      if (format == VS_RECORD_FORMAT_GIBO && !vs_game_get_variant (g)->has_gibo)
        return FALSE;
      if (format != VS_RECORD_FORMAT_PGN && subtree_has_extras (vs_game_get_root (g), format == VS_RECORD_FORMAT_KIFU))
        return FALSE;
      if (format == VS_RECORD_FORMAT_KIFU && (n > 1 || vs_game_has_setup (g)))
        return FALSE;
    }
  return TRUE;
}

/* ---- Loading ---------------------------------------------------------------- */

typedef struct
{
  VsGameCollection *collection;
  GError *error;
} LoadResult;

static void
load_result_free (gpointer data)
{
  LoadResult *r = data;
  g_clear_object (&r->collection);
  g_clear_error (&r->error);
  g_free (r);
}

static void
read_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GTask *task = user_data;
  VsDocument *self = g_task_get_source_object (task);
  GFile *file = g_task_get_task_data (task);
  LoadResult *r = g_new0 (LoadResult, 1);
  r->collection = vs_record_read_file_finish (result, &r->error);
  if (r->collection && vs_game_collection_get_n_games (r->collection) > 0)
    {
      /* the format from the file's first bytes and its name */
      g_autofree char *path = g_file_get_path (file);
      g_autofree char *head = NULL;
      gsize head_len = 0;
      g_autoptr (GFileInputStream) in = g_file_read (file, NULL, NULL);
      if (in)
        {
          head = g_malloc (4096);
          head_len = MAX (0, g_input_stream_read (G_INPUT_STREAM (in), head, 4096, NULL, NULL));
        }
      self->format = vs_record_detect_format (head ? head : "", head_len, path);
      vs_document_set_collection (self, r->collection, file);
    }
  g_task_return_pointer (task, r, load_result_free);
  g_object_unref (task);
}

void
vs_document_load_async (VsDocument *self, GFile *file,
                        VsRecordProgressFunc progress, gpointer progress_data,
                        GDestroyNotify progress_notify, GCancellable *cancellable,
                        GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (VS_IS_DOCUMENT (self));
  g_autofree char *path = g_file_get_path (file);
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, vs_document_load_async);
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  if (path == NULL)
    {
      if (progress_notify)
        progress_notify (progress_data);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               _("only local files can be read"));
      g_object_unref (task);
      return;
    }
  VsRecordOptions options = { 0 };
  /* (a stat: the size decides whether the games are kept compact) */
  GStatBuf st;
  options.compact_games = g_stat (path, &st) == 0 && st.st_size >= VS_DOCUMENT_COMPACT_ABOVE_BYTES;
  vs_record_read_file_async (path, &options, progress, progress_data, progress_notify,
                             cancellable, read_done, task);
}

VsGameCollection *
vs_document_load_finish (VsDocument *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  LoadResult *r = g_task_propagate_pointer (G_TASK (result), error);
  if (r == NULL)
    return NULL;
  VsGameCollection *collection = g_steal_pointer (&r->collection);
  if (r->error)
    g_propagate_error (error, g_steal_pointer (&r->error));
  load_result_free (r);
  return collection;
}

/* ---- Saving ------------------------------------------------------------------ */

typedef struct
{
  char *path;
  GBytes *bytes;
  GPtrArray *snapshot;   /* PGN texts (vs_record_snapshot_pgn): joined in the thread */
  GFile *file;
  VsRecordFormat format;
} SaveJob;

static void
save_job_free (gpointer data)
{
  SaveJob *j = data;
  g_free (j->path);
  g_clear_pointer (&j->bytes, g_bytes_unref);
  g_clear_pointer (&j->snapshot, g_ptr_array_unref);
  g_clear_object (&j->file);
  g_free (j);
}

/* Saving a record: temporary file + flush + rename, with a clear reason
 * when it fails (vs-safe-save.h); the old file stays as it was. */
static void
save_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  SaveJob *j = task_data;
  GError *error = NULL;
  gsize len;
  gboolean ok;
  if (j->snapshot != NULL)
    ok = vs_safe_save_write_texts (j->path, j->snapshot, &error);
  else
    {
      const char *data = g_bytes_get_data (j->bytes, &len);
      ok = vs_safe_save_write (j->path, data, len, &error);
    }
  if (!ok)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
save_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GTask *outer = user_data;
  VsDocument *self = g_task_get_source_object (outer);
  GError *error = NULL;
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    g_task_return_error (outer, error);
  else
    {
      SaveJob *j = g_task_get_task_data (G_TASK (result));
      set_file (self, j->file);
      self->format = j->format;
      vs_document_set_modified (self, FALSE);
      g_task_return_boolean (outer, TRUE);
    }
  g_object_unref (outer);
}

void
vs_document_save_async (VsDocument *self, GFile *file, VsRecordFormat format,
                        GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (VS_IS_DOCUMENT (self));
  GTask *outer = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (outer, vs_document_save_async);
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_file_get_path (file);
  /* PGN: a snapshot of the games' texts, joined in the worker thread */
  GPtrArray *snapshot = path && format == VS_RECORD_FORMAT_PGN ? vs_record_snapshot_pgn (self->collection) : NULL;
  GBytes *bytes = path && snapshot == NULL
    ? vs_record_write_collection (self->collection, format, VS_RECORD_ENCODING_AUTO, &error) : NULL;
  if (bytes == NULL && snapshot == NULL)
    {
      if (error)
        g_task_return_error (outer, g_steal_pointer (&error));
      else
        g_task_return_new_error (outer, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                                 _("only local files can be written"));
      g_object_unref (outer);
      return;
    }
  SaveJob *j = g_new0 (SaveJob, 1);
  j->path = g_steal_pointer (&path);
  j->bytes = bytes;
  j->snapshot = snapshot;
  j->file = g_object_ref (file);
  j->format = format;
  GTask *task = g_task_new (self, NULL, save_done, outer);
  g_task_set_task_data (task, j, save_job_free);
  g_task_run_in_thread (task, save_thread);
  g_object_unref (task);
}

gboolean
vs_document_save_finish (VsDocument *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ---- GObject ------------------------------------------------------------------- */

static void
vs_document_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  VsDocument *self = VS_DOCUMENT (object);
  switch (prop_id)
    {
    case PROP_COLLECTION:
      g_value_set_object (value, self->collection);
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
vs_document_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  VsDocument *self = VS_DOCUMENT (object);
  switch (prop_id)
    {
    case PROP_MODIFIED:
      vs_document_set_modified (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
vs_document_dispose (GObject *object)
{
  VsDocument *self = VS_DOCUMENT (object);
  g_clear_object (&self->collection);
  g_clear_object (&self->file);
  G_OBJECT_CLASS (vs_document_parent_class)->dispose (object);
}

static void
vs_document_class_init (VsDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->get_property = vs_document_get_property;
  object_class->set_property = vs_document_set_property;
  object_class->dispose = vs_document_dispose;

  props[PROP_COLLECTION] = g_param_spec_object ("collection", NULL, NULL, VS_TYPE_GAME_COLLECTION,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  props[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  props[PROP_MODIFIED] = g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                                               G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, props);

  /* "changed" (): the record was edited (each edit). */
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
vs_document_init (VsDocument *self)
{
  self->format = VS_RECORD_FORMAT_PGN;
}

VsDocument *
vs_document_new (void)
{
  return g_object_new (VS_TYPE_DOCUMENT, NULL);
}
