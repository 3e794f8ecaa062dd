/* vs-session.h — the application's autosave session.
 *
 * Each open document (VsDocument) has an autosave file in the session's
 * directory, PID-N.pgn, with its description PID-N.ini (vs-autosave-meta.h:
 * where the record came from, which game was being edited).  A moment
 * after the last edit the record is written there as PGN in a worker
 * thread, temporary file + rename, so a crash leaves either the old or the
 * new autosave, never half of one.  Saving the document (or throwing its
 * changes away) removes it.  At startup the autosaves of processes that
 * are gone (a crash) are offered back. */
#pragma once

#include <gio/gio.h>

#include "vs-document.h"

G_BEGIN_DECLS

#define VS_TYPE_SESSION (vs_session_get_type ())
G_DECLARE_FINAL_TYPE (VsSession, vs_session, VS, SESSION, GObject)

/* How long after the last edit the autosave is written. */
#define VS_SESSION_AUTOSAVE_DELAY_MS 2000

VsSession  *vs_session_new (const char *dir);
const char *vs_session_get_dir (VsSession *self);

/* Watches document ("changed", "modified") and gives it an autosave path. */
void        vs_session_add_document (VsSession *self, VsDocument *document);
/* Stops watching document (a pending autosave is not written). */
void        vs_session_remove_document (VsSession *self, VsDocument *document);
const char *vs_session_get_autosave_path (VsSession *self, VsDocument *document);
/* Removes document's autosave and its description now. */
void        vs_session_remove_autosave (VsSession *self, VsDocument *document);
/* Writes document's autosave now, with its game against the engine in
 * progress marked to be taken up at the next start without asking, and
 * stops watching document (its files stay).  FALSE with @error when there
 * is no such game or the files could not be written. */
gboolean    vs_session_keep_game (VsSession *self, VsDocument *document, GError **error);

/* The autosaves whose process is gone, and the games this process kept
 * (vs_session_keep_game) for windows now closed (temporary files those
 * processes left are removed). */
GPtrArray  *vs_session_find_orphans (VsSession *self);
/* Reads an autosave: its games, and from its description the URI of the
 * record it came from (or NULL), the game that was being edited and the game
 * against the engine in progress (@play, may be NULL; *play NULL if none),
 * and whether that game was kept on closing (@kept, may be NULL).  A
 * damaged description only loses where the study came from. */
VsGameCollection *vs_session_read_autosave (VsSession *self, const char *path,
                                            char **uri, guint *game, char **play,
                                            gboolean *kept, GError **error);
/* Whether the autosave at @path holds a game kept by vs_session_keep_game (). */
gboolean    vs_session_autosave_is_kept (VsSession *self, const char *path);
/* Removes an autosave and its description (recovered or discarded). */
void        vs_session_forget_autosave (VsSession *self, const char *path);

G_END_DECLS
