/* vs-hash-stream.c — see vs-hash-stream.h. */
#include "config.h"
#include "vs-hash-stream.h"

#include <string.h>

/* Odd multipliers (the first is 2^64 divided by the golden ratio). */
#define M1 G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)
#define M2 G_GUINT64_CONSTANT (0xd6e8feb86659fd93)

static inline guint64
rotl (guint64 x, int r)
{
  return (x << r) | (x >> (64 - r));
}

/* For a given lane each step is a bijection of the lane, and for a given
 * lane it is injective in the word: a word changed anywhere changes that
 * lane's state from then on. */
static inline guint64
step (guint64 lane, guint64 word)
{
  return rotl (lane ^ (word * M1), 31) * M2;
}

static inline guint64
load64 (const guint8 *p)
{
  guint64 w;
  memcpy (&w, p, sizeof w);
  return GUINT64_FROM_LE (w);
}

static void
stripes (VsFileHash *h, const guint8 *p, gsize n)
{
  guint64 a = h->lane[0], b = h->lane[1], c = h->lane[2], d = h->lane[3];
  for (gsize i = 0; i < n; i++, p += 32)
    {
      a = step (a, load64 (p));
      b = step (b, load64 (p + 8));
      c = step (c, load64 (p + 16));
      d = step (d, load64 (p + 24));
    }
  h->lane[0] = a;
  h->lane[1] = b;
  h->lane[2] = c;
  h->lane[3] = d;
}

void
vs_file_hash_init (VsFileHash *h)
{
  memset (h, 0, sizeof *h);
  for (guint i = 0; i < 4; i++)
    h->lane[i] = M2 * (i + 1);
}

void
vs_file_hash_update (VsFileHash *h, const void *data, gsize len)
{
  const guint8 *p = data;
  h->total += len;
  if (h->tail_len)
    {
      gsize take = MIN (len, 32 - h->tail_len);
      memcpy (h->tail + h->tail_len, p, take);
      h->tail_len += take;
      p += take;
      len -= take;
      if (h->tail_len < 32)
        return;
      stripes (h, h->tail, 1);
      h->tail_len = 0;
    }
  stripes (h, p, len / 32);
  p += len / 32 * 32;
  len %= 32;
  memcpy (h->tail, p, len);
  h->tail_len = len;
}

/* A 64-bit finalizer: xor-shifts and multiplications, every input bit
 * reaching every output bit. */
static guint64
fmix (guint64 x)
{
  x ^= x >> 33;
  x *= M1;
  x ^= x >> 29;
  x *= M2;
  x ^= x >> 32;
  return x;
}

char *
vs_file_hash_text (const VsFileHash *h)
{
  VsFileHash f = *h;
  /* the last stripe padded with zeros (the length tells them apart) */
  if (f.tail_len)
    {
      memset (f.tail + f.tail_len, 0, 32 - f.tail_len);
      stripes (&f, f.tail, 1);
    }
  guint64 x = fmix (f.total ^ M1), y = fmix (f.total + M2);
  for (guint i = 0; i < 4; i++)
    {
      x = fmix (x ^ f.lane[i]) + rotl (f.lane[(i + 1) % 4], 17);
      y = fmix (y + f.lane[i] * M1) ^ rotl (f.lane[(i + 2) % 4], 41);
    }
  return g_strdup_printf (VS_FILE_HASH_PREFIX "%016" G_GINT64_MODIFIER "x%016" G_GINT64_MODIFIER "x", x, y);
}

struct _VsHashStream {
  GFilterInputStream parent;
  VsFileHash         hash;
};

G_DEFINE_FINAL_TYPE (VsHashStream, vs_hash_stream, G_TYPE_FILTER_INPUT_STREAM)

static gssize
hash_stream_read (GInputStream *stream, void *buffer, gsize count, GCancellable *cancellable, GError **error)
{
  VsHashStream *self = VS_HASH_STREAM (stream);
  GInputStream *base = g_filter_input_stream_get_base_stream (G_FILTER_INPUT_STREAM (stream));
  gssize n = g_input_stream_read (base, buffer, count, cancellable, error);
  if (n > 0)
    vs_file_hash_update (&self->hash, buffer, n);
  return n;
}

/* Skipped bytes are read all the same, to be digested. */
static gssize
hash_stream_skip (GInputStream *stream, gsize count, GCancellable *cancellable, GError **error)
{
  char buf[8192];
  gsize done = 0;
  while (done < count)
    {
      gssize n = hash_stream_read (stream, buf, MIN (sizeof buf, count - done), cancellable, error);
      if (n < 0)
        return done ? (gssize) done : -1;
      if (n == 0)
        break;
      done += n;
    }
  return done;
}

static void
vs_hash_stream_class_init (VsHashStreamClass *klass)
{
  GInputStreamClass *in = G_INPUT_STREAM_CLASS (klass);
  in->read_fn = hash_stream_read;
  in->skip = hash_stream_skip;
}

static void
vs_hash_stream_init (VsHashStream *self)
{
  vs_file_hash_init (&self->hash);
}

GInputStream *
vs_hash_stream_new (GInputStream *base)
{
  return g_object_new (VS_TYPE_HASH_STREAM, "base-stream", base, NULL);
}

char *
vs_hash_stream_text (VsHashStream *self)
{
  return vs_file_hash_text (&self->hash);
}

guint64
vs_hash_stream_count (VsHashStream *self)
{
  return self->hash.total;
}
