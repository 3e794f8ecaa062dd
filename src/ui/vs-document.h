/* vs-document.h — what a study window shows: a record file's games.
 *
 * A VsDocument holds a VsGameCollection, the file it came from or was last
 * saved to (NULL for a new or pasted game), the format of that file, which
 * game is being edited, and whether it holds unsaved changes ("modified").
 * Reading and writing run in worker threads (GTask): the main loop never
 * waits for a file. */
#pragma once

#include <gio/gio.h>

#include "vs-game-collection.h"
#include "vs-record.h"

G_BEGIN_DECLS

#define VS_TYPE_DOCUMENT (vs_document_get_type ())
G_DECLARE_FINAL_TYPE (VsDocument, vs_document, VS, DOCUMENT, GObject)

/* Files at least this big keep their games compact (vs_game_compact): the
 * game list needs only their headers, a game's tree is read back when shown. */
#define VS_DOCUMENT_COMPACT_ABOVE_BYTES (8 * 1024 * 1024)

VsDocument       *vs_document_new (void);

VsGameCollection *vs_document_get_collection (VsDocument *self);
/* Puts collection (a reference is taken) and file (may be NULL) in the
 * document; it is then not modified.  The format stays as it was. */
void              vs_document_set_collection (VsDocument *self, VsGameCollection *collection, GFile *file);
GFile            *vs_document_get_file (VsDocument *self);
VsRecordFormat    vs_document_get_format (VsDocument *self);
void              vs_document_set_format (VsDocument *self, VsRecordFormat format);
/* The game being edited (its index in the collection). */
guint             vs_document_get_game_index (VsDocument *self);
void              vs_document_set_game_index (VsDocument *self, guint index);
/* The state of a game against the engine in progress, asked for when the
 * autosave is written (the clocks as they are then); NULL when none. */
typedef char     *(*VsDocumentPlayStateFunc) (gpointer data);
void              vs_document_set_play_state_func (VsDocument *self, VsDocumentPlayStateFunc func, gpointer data);
char             *vs_document_dup_play_state (VsDocument *self);

/* "modified" (notify): unsaved changes. */
gboolean          vs_document_get_modified (VsDocument *self);
void              vs_document_set_modified (VsDocument *self, gboolean modified);
/* After each edit: modified, and "changed" is emitted (the autosave is
 * written a moment after the last one). */
void              vs_document_changed (VsDocument *self);

/* The format a file name asks for (.gib, .kif/.txt, else PGN). */
VsRecordFormat    vs_document_format_for_file (GFile *file);
/* Whether format can hold all of the record: gibo holds no variations and
 * Janggi only, a bare move list neither variations nor comments nor
 * headers nor several games. */
gboolean          vs_document_format_keeps_everything (VsDocument *self, VsRecordFormat format);

/* Reads file in a worker thread (progress: fraction read, on the main
 * loop).  The finish returns the collection read, or NULL; *error may be
 * set along with a collection (the problems met, the moves before each
 * kept).  When the collection holds a game, the document now holds it,
 * with file, its format, and not modified. */
void              vs_document_load_async (VsDocument *self, GFile *file,
                                          VsRecordProgressFunc progress, gpointer progress_data,
                                          GDestroyNotify progress_notify, GCancellable *cancellable,
                                          GAsyncReadyCallback callback, gpointer user_data);
VsGameCollection *vs_document_load_finish (VsDocument *self, GAsyncResult *result, GError **error);

/* Writes the record to file in format, in a worker thread (temporary file
 * + flush + rename: the old file stays as it was if it fails).  On
 * success the document's file and format are these and it is not
 * modified. */
void              vs_document_save_async (VsDocument *self, GFile *file, VsRecordFormat format,
                                          GCancellable *cancellable,
                                          GAsyncReadyCallback callback, gpointer user_data);
gboolean          vs_document_save_finish (VsDocument *self, GAsyncResult *result, GError **error);

G_END_DECLS
