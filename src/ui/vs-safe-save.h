/* vs-safe-save.h — writing a record file without ever losing the old one.
 *
 * The bytes go to a temporary file next to the target (same folder, so the
 * final step is an atomic rename on the same file system), are flushed to
 * the disk, and only then replace the target.  If anything fails — the
 * folder cannot be written, it has gone, the disk is full — the temporary
 * file is removed, the target is exactly as it was, and the error says why
 * in words a person can act on (translated), ending with the reassurance
 * that the file on disk was not changed.  The replacement keeps the
 * permissions of the file it replaces.  Safe to call from a worker thread. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

gboolean vs_safe_save_write (const char *path, const void *data, gsize len, GError **error);
/* The same with the texts of a snapshot (vs_record_snapshot_pgn) joined by
 * "\n", written one after the other: no copy of the whole file in memory. */
gboolean vs_safe_save_write_texts (const char *path, GPtrArray *texts, GError **error);

G_END_DECLS
