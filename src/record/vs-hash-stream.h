/* vs-hash-stream.h — a digest of a file's bytes, taken while they are read.
 *
 * VsFileHash is a 128-bit digest made for telling whether a record file
 * changed (not for security): four independent 64-bit lanes of
 * multiply-rotate steps over 32-byte stripes, so that it runs at memory
 * speed where MD5 took a tenth of a big import.  The digest is the same
 * however the bytes are cut into updates, and on every byte order.
 *
 * VsHashStream passes a stream's bytes through unchanged and digests every
 * byte read or skipped: one pass over a file both feeds a reader and
 * hashes it. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct {
  guint64 lane[4];
  guint64 total;       /* bytes digested */
  guint8  tail[32];    /* bytes of the stripe not complete yet */
  guint   tail_len;
} VsFileHash;

/* The text of a digest: this prefix, then 32 lowercase hex digits. */
#define VS_FILE_HASH_PREFIX "vsh1:"
#define VS_FILE_HASH_TEXT_LEN (sizeof VS_FILE_HASH_PREFIX - 1 + 32)

void  vs_file_hash_init   (VsFileHash *h);
void  vs_file_hash_update (VsFileHash *h, const void *data, gsize len);
/* The digest as text (VS_FILE_HASH_TEXT_LEN characters; free with g_free);
 * h is left as it was. */
char *vs_file_hash_text   (const VsFileHash *h);

#define VS_TYPE_HASH_STREAM (vs_hash_stream_get_type ())
G_DECLARE_FINAL_TYPE (VsHashStream, vs_hash_stream, VS, HASH_STREAM, GFilterInputStream)

GInputStream *vs_hash_stream_new (GInputStream *base);
/* The digest of the bytes read so far, as text (free with g_free). */
char         *vs_hash_stream_text  (VsHashStream *self);
/* How many bytes were read so far. */
guint64       vs_hash_stream_count (VsHashStream *self);

G_END_DECLS
