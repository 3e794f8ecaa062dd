/* vs-record-reader.c — streaming reader: blocks → lines (decoded to UTF-8)
 * → one game's text → the format's game parser → callback; plus format
 * detection, whole-file helpers, the GTask wrapper and the writers' glue. */
#include "config.h"
#include "vs-record-private.h"

#include <glib/gi18n.h>
#include <string.h>

#define BLOCK_SIZE (64 * 1024)

/* ---- Format detection ---- */

VsRecordFormat
vs_record_detect_format (const char *data, gsize len, const char *filename)
{
  const char *p = data, *end = data + len;
  if (len >= 3 && memcmp (p, "\xef\xbb\xbf", 3) == 0)
    p += 3;
  for (;;)
    {
      while (p < end && (g_ascii_isspace (*p) || *p == '\x1a' || (guchar) *p == 0xff))
        p++;
      /* skip PGN escape lines and comments before the first header */
      if (p < end && (*p == '%' || *p == ';'))
        {
          const char *eol = memchr (p, '\n', end - p);
          p = eol ? eol : end;
          continue;
        }
      break;
    }
  if (p < end && *p == '[')
    {
      const char *q = p + 1;
      while (q < end && *q == ' ')
        q++;
      /* Korean (non-ASCII) header names: gibo */
      if (q < end && ((guchar) *q & 0x80))
        return VS_RECORD_FORMAT_GIBO;
      if (q < end && g_ascii_isalpha (*q))
        {
          /* ASCII headers: gibo all the same if the first movetext line
           * carries Korean/Chinese piece names ("1. 08馬87") */
          const char *m = p;
          /* the header lines; a PGN [Variant] tag names the format */
          while (m < end)
            {
              const char *eol = memchr (m, '\n', end - m);
              if (!eol)
                eol = end;
              const char *s = m;
              while (s < eol && (*s == ' ' || *s == '\t' || *s == '\r'))
                s++;
              if (s < eol && *s != '[' && *s != '%' && *s != ';')
                break;
              if (eol - s >= 9 && g_ascii_strncasecmp (s, "[Variant ", 9) == 0)
                return VS_RECORD_FORMAT_PGN;
              m = eol < end ? eol + 1 : end;
            }
          /* the first move, past whitespace and comments ({…} may span
           * lines: its next line is comment text, not a move) */
          const char *s = m;
          for (;;)
            {
              while (s < end && (g_ascii_isspace (*s) || *s == '\x1a' || (guchar) *s == 0xff))
                s++;
              if (s < end && *s == '{')
                {
                  const char *close = memchr (s, '}', end - s);
                  s = close ? close + 1 : end;
                  continue;
                }
              if (s < end && (*s == ';' || *s == '%'))
                {
                  const char *eol = memchr (s, '\n', end - s);
                  s = eol ? eol : end;
                  continue;
                }
              break;
            }
          const char *eol = memchr (s, '\n', end - s);
          if (!eol)
            eol = end;
          /* after "1." comes "08馬87" (gibo: two digits or a Kakao "i3",
           * then a piece name) or "e4" */
          while (s < eol && g_ascii_isdigit (*s))
            s++;
          while (s < eol && (*s == '.' || *s == ' '))
            s++;
          if (eol - s >= 3 && (g_ascii_isdigit (s[0]) || g_ascii_islower (s[0]))
              && g_ascii_isdigit (s[1]) && (guchar) s[2] >= 0x80)
            return VS_RECORD_FORMAT_GIBO;
          if (s < eol && (guchar) *s >= 0x80)
            return VS_RECORD_FORMAT_GIBO;   /* 한수쉼 */
          return VS_RECORD_FORMAT_PGN;
        }
    }
  else if (p < end && (g_ascii_isdigit (*p) || *p == '{'))
    {
      /* a move list without headers: gibo if its moves carry Korean/Chinese
       * piece names, else a bare list in the variant's notation */
      const char *line_end = memchr (p, '\n', end - p);
      if (!line_end)
        line_end = end;
      for (const char *q = p; q < line_end; q++)
        if ((guchar) *q & 0x80)
          return VS_RECORD_FORMAT_GIBO;
      if (filename && g_str_has_suffix (filename, ".gib"))
        return VS_RECORD_FORMAT_GIBO;
      if (filename && g_str_has_suffix (filename, ".pgn"))
        return VS_RECORD_FORMAT_PGN;
      return VS_RECORD_FORMAT_KIFU;
    }
  if (filename)
    {
      g_autofree char *lower = g_ascii_strdown (filename, -1);
      if (g_str_has_suffix (lower, ".gib"))
        return VS_RECORD_FORMAT_GIBO;
      if (g_str_has_suffix (lower, ".pgn"))
        return VS_RECORD_FORMAT_PGN;
      if (g_str_has_suffix (lower, ".txt") || g_str_has_suffix (lower, ".kif"))
        return VS_RECORD_FORMAT_KIFU;
    }
  return VS_RECORD_FORMAT_PGN;
}

/* ---- Start positions ---- */

/* Start positions already set up (a VsPosition is a small plain value,
 * copied whole), by variant and position string, least recently used out. */
#define START_CACHE_SIZE 16

typedef struct {
  const VsVariant *variant;
  char            *fen;
  guint64          used;
  VsPosition       pos;
} StartEntry;

struct _VsStartCache {
  StartEntry e[START_CACHE_SIZE];
  guint64    tick;
};

static VsStartCache *
start_cache_new (void)
{
  return g_new0 (VsStartCache, 1);
}

static void
start_cache_free (VsStartCache *c)
{
  if (c == NULL)
    return;
  for (int i = 0; i < START_CACHE_SIZE; i++)
    g_free (c->e[i].fen);
  g_free (c);
}

gboolean
_vs_parse_start_position (VsParseContext *ctx, const VsVariant *v, const char *fen, GError **error)
{
  const char *key = fen ? fen : "";
  VsStartCache *c = ctx->start_cache;
  if (c)
    for (int i = 0; i < START_CACHE_SIZE; i++)
      if (c->e[i].fen && c->e[i].variant == v && strcmp (c->e[i].fen, key) == 0)
        {
          *ctx->pos = c->e[i].pos;
          c->e[i].used = ++c->tick;
          return TRUE;
        }
  if (!vs_position_init (ctx->pos, v, fen, error))
    return FALSE;
  if (c)
    {
      StartEntry *old = &c->e[0];
      for (int i = 1; i < START_CACHE_SIZE; i++)
        if (c->e[i].used < old->used)
          old = &c->e[i];
      old->pos = *ctx->pos;
      old->variant = v;
      g_free (old->fen);
      old->fen = g_strdup (key);
      old->used = ++c->tick;
    }
  return TRUE;
}

/* ---- UTF-8 ---- */

/* g_utf8_validate (s, len, NULL), faster on mostly-ASCII text: ASCII runs
 * are skipped eight bytes at a time. */
static gboolean
utf8_valid (const char *s, gsize len)
{
  const guchar *p = (const guchar *) s, *end = p + len;
  while (p < end)
    {
      while (end - p >= 8)
        {
          guint64 w;
          memcpy (&w, p, 8);
          if (w & G_GUINT64_CONSTANT (0x8080808080808080))
            break;
          p += 8;
        }
      if (p >= end)
        break;
      if (*p < 0x80)
        {
          p++;
          continue;
        }
      /* one multi-byte sequence: let GLib judge it */
      gsize n = *p >= 0xf0 ? 4 : *p >= 0xe0 ? 3 : 2;
      if ((gsize) (end - p) < n || !g_utf8_validate ((const char *) p, n, NULL))
        return FALSE;
      p += n;
    }
  return TRUE;
}

/* ---- The stream reader ---- */

typedef struct {
  const VsRecordOptions *options;
  VsRecordFormat   format;
  VsRecordEncoding encoding;
  GIConv           cp949;
  gboolean         have_conv;
  VsRecordGameFunc game_func;
  gpointer         game_data;
  GString         *game;        /* the current game's text (UTF-8) */
  GString         *line;        /* the current line, decoded */
  gboolean         block_clean; /* the lines being handed over are valid UTF-8
                                   without stray bytes (UTF-8 files)        */
  guint            game_line;   /* its first line number */
  guint            line_no;
  gboolean         in_movetext;
  gboolean         in_comment;
  gboolean         prev_blank;
  guint            game_index;
  VsRecordProblem *first_problem;
  guint            n_problems;
  VsRecordProblem *encoding_problem;   /* pending for the current game */
  VsStartCache    *start_cache;
  gboolean         stop;
  VsPosition      *pos;
  GCancellable    *cancellable;
} Reader;

static gboolean
text_is_blank (const GString *s)
{
  for (gsize i = 0; i < s->len; i++)
    if (!g_ascii_isspace (s->str[i]))
      return FALSE;
  return TRUE;
}

static void
note_problem (Reader *R, const VsRecordProblem *pr)
{
  R->n_problems++;
  if (!R->first_problem)
    R->first_problem = vs_record_problem_copy (pr);
}

static void
flush_game (Reader *R)
{
  if (text_is_blank (R->game))
    {
      g_string_truncate (R->game, 0);
      return;
    }
  VsParseContext ctx = {
    .filename = R->options->filename,
    .variant = R->options->variant,
    .game_index = R->game_index,
    .first_line = R->game_line,
    .pos = R->pos,
    .canonical_san = R->options->canonical_san,
    .start_cache = R->start_cache,
  };
  VsRecordProblem *problem = NULL;
  VsGame *game;
  if (R->format == VS_RECORD_FORMAT_GIBO)
    game = _vs_gibo_parse_game (&ctx, R->game->str, R->game->len, &problem);
  else
    game = _vs_pgn_parse_game (&ctx, R->game->str, R->game->len,
                               R->format == VS_RECORD_FORMAT_KIFU, &problem);
  if (R->encoding_problem && !problem)
    {
      problem = R->encoding_problem;
      problem->game_index = R->game_index;
      R->encoding_problem = NULL;
    }
  g_clear_pointer (&R->encoding_problem, vs_record_problem_free);
  if (problem)
    note_problem (R, problem);
  if (!R->game_func (game, problem, R->game_data))
    R->stop = TRUE;
  if (game)
    g_object_unref (game);
  vs_record_problem_free (problem);
  R->game_index++;
  g_string_truncate (R->game, 0);
  R->in_movetext = FALSE;
  R->in_comment = FALSE;
}

/* Decode one raw line (no line end) to UTF-8 into out. */
static void
decode_line (Reader *R, const char *raw, gsize len, GString *out)
{
  /* the block was checked as clean UTF-8 already: as it is */
  if (R->block_clean && R->line_no != 1)
    {
      g_string_append_len (out, raw, len);
      return;
    }
  /* plain ASCII without stray bytes: as it is */
  gboolean plain = R->line_no != 1;
  for (gsize i = 0; i < len && plain; i++)
    if ((guchar) raw[i] >= 0x80 || raw[i] == '\x1a')
      plain = FALSE;
  if (plain)
    {
      g_string_append_len (out, raw, len);
      return;
    }
  /* drop stray 0x1A / 0xFF bytes */
  char small[1024];
  char *buf = len <= sizeof small ? small : g_malloc (len);
  gsize n = 0;
  for (gsize i = 0; i < len; i++)
    if (raw[i] != '\x1a' && (guchar) raw[i] != 0xff)
      buf[n++] = raw[i];
  if (R->line_no == 1 && n >= 3 && memcmp (buf, "\xef\xbb\xbf", 3) == 0)
    {
      memmove (buf, buf + 3, n - 3);
      n -= 3;
    }
  gboolean ascii = TRUE;
  for (gsize i = 0; i < n && ascii; i++)
    if ((guchar) buf[i] & 0x80)
      ascii = FALSE;
  if (ascii || (R->encoding != VS_RECORD_ENCODING_CP949 && g_utf8_validate (buf, n, NULL)))
    g_string_append_len (out, buf, n);
  else if (R->encoding == VS_RECORD_ENCODING_UTF8 && R->options->encoding == VS_RECORD_ENCODING_AUTO)
    {
      /* detected UTF-8, but this line is not: CP949 from here on */
      R->encoding = VS_RECORD_ENCODING_CP949;
      if (buf != small)
        g_free (buf);
      decode_line (R, raw, len, out);
      return;
    }
  else if (R->encoding == VS_RECORD_ENCODING_UTF8)
    {
      g_autofree char *fixed = g_utf8_make_valid (buf, n);
      g_string_append (out, fixed);
      if (!R->encoding_problem)
        R->encoding_problem = _vs_record_problem_new (VS_RECORD_ERROR_ENCODING, R->options->filename,
                                                      R->line_no, 1, "", R->game_index,
                                                      _("the line is not valid UTF-8"));
    }
  else
    {
      if (!R->have_conv)
        {
          R->cp949 = g_iconv_open ("UTF-8", "CP949");
          R->have_conv = TRUE;
        }
      gsize read = 0, written = 0;
      g_autofree char *u = NULL;
      if (R->cp949 != (GIConv) -1)
        {
          g_iconv (R->cp949, NULL, NULL, NULL, NULL);
          u = g_convert_with_iconv (buf, n, R->cp949, &read, &written, NULL);
        }
      if (u)
        g_string_append_len (out, u, written);
      else
        {
          g_autofree char *fixed = g_utf8_make_valid (buf, n);
          g_string_append (out, fixed);
          if (!R->encoding_problem)
            R->encoding_problem = _vs_record_problem_new (VS_RECORD_ERROR_ENCODING, R->options->filename,
                                                          R->line_no, read + 1, "", R->game_index,
                                                          _("the line is neither UTF-8 nor CP949 (EUC-KR)"));
        }
    }
  if (buf != small)
    g_free (buf);
}

/* UTF-8 if the first block (up to its last complete line) is valid UTF-8
 * once stray 0xFF/0x1A bytes are left out, else CP949.  Deciding per file
 * matters: a short CP949 line can happen to be valid UTF-8. */
static VsRecordEncoding
detect_encoding (const char *data, gsize len, gboolean eof)
{
  if (!eof)
    {
      const char *nl = NULL;
      for (gsize i = len; i > 0; i--)
        if (data[i - 1] == '\n')
          {
            nl = data + i;
            break;
          }
      if (nl)
        len = nl - data;
    }
  g_autofree char *clean = g_malloc (len + 1);
  gsize n = 0;
  for (gsize i = 0; i < len; i++)
    if (data[i] != '\x1a' && (guchar) data[i] != 0xff)
      clean[n++] = data[i];
  return g_utf8_validate (clean, n, NULL) ? VS_RECORD_ENCODING_UTF8 : VS_RECORD_ENCODING_CP949;
}

static gboolean
line_is_header (const char *s, gsize len)
{
  gsize i = 0;
  while (i < len && (s[i] == ' ' || s[i] == '\t'))
    i++;
  if (i >= len || s[i] != '[')
    return FALSE;
  i++;
  /* "[Key " or "[키 " — not a "[%clk …]" command */
  if (i >= len || s[i] == '%' || s[i] == ' ' || s[i] == ']')
    return FALSE;
  return memchr (s + i, ']', len - i) != NULL;
}

static void
scan_comments (Reader *R, const char *s, gsize len)
{
  const char *p = s, *end = s + len;
  while (p < end)
    {
      if (R->in_comment)
        {
          const char *close = memchr (p, '}', end - p);
          if (!close)
            return;
          R->in_comment = FALSE;
          p = close + 1;
          continue;
        }
      /* the next "{" (or ";", which ends the line's movetext, in PGN) */
      const char *q = p;
      while (q < end && *q != '{' && (*q != ';' || R->format == VS_RECORD_FORMAT_GIBO))
        q++;
      if (q >= end || *q == ';')
        return;
      R->in_comment = TRUE;
      p = q + 1;
    }
}

static void
take_line (Reader *R, const char *raw, gsize len)
{
  R->line_no++;
  g_string_truncate (R->line, 0);
  decode_line (R, raw, len, R->line);
  const char *s = R->line->str;
  gsize l = R->line->len;
  gboolean blank = TRUE;
  for (gsize i = 0; i < l && blank; i++)
    if (!g_ascii_isspace (s[i]))
      blank = FALSE;
  if (!R->in_comment && !blank)
    {
      gboolean header = line_is_header (s, l);
      gboolean new_bare_game = R->format == VS_RECORD_FORMAT_KIFU && R->prev_blank && R->in_movetext
                               && l >= 2 && s[0] == '1' && s[1] == '.';
      /* a header after movetext, or after a blank line that ended another
       * game's headers (a game without moves), starts the next game */
      if ((header && (R->in_movetext || (R->prev_blank && R->game->len > 0))) || new_bare_game)
        flush_game (R);   /* this line starts the next game */
      if (R->game->len == 0)
        R->game_line = R->line_no;
      gboolean escape = R->format != VS_RECORD_FORMAT_GIBO && (s[0] == '%' || (s[0] == ';' && !R->in_movetext));
      if (!header && !escape)
        R->in_movetext = TRUE;
    }
  R->prev_blank = blank;
  if (R->game->len == 0 && blank)
    return;   /* blank lines between games belong to none */
  g_string_append_len (R->game, s, l);
  g_string_append_c (R->game, '\n');
  if (!blank)
    scan_comments (R, s, l);
}

gboolean
vs_record_read_stream (GInputStream *in, guint64 total_size, const VsRecordOptions *options,
                       VsRecordGameFunc game_func, gpointer game_data,
                       VsRecordProgressFunc progress, gpointer progress_data,
                       GCancellable *cancellable, GError **error)
{
  VsRecordOptions defaults = { 0 };
  Reader R = { 0 };
  R.options = options ? options : &defaults;
  R.format = R.options->format;
  R.encoding = R.options->encoding;
  R.game_func = game_func;
  R.game_data = game_data;
  R.game = g_string_sized_new (4096);
  R.line = g_string_sized_new (256);
  R.game_line = 1;
  R.pos = g_new (VsPosition, 1);
  R.start_cache = start_cache_new ();
  R.cancellable = cancellable;

  GByteArray *buf = g_byte_array_sized_new (BLOCK_SIZE * 2);
  guint64 done = 0;
  gboolean eof = FALSE, ok = TRUE;
  GError *io_error = NULL;
  while (!R.stop)
    {
      if (!eof)
        {
          gsize old = buf->len;
          g_byte_array_set_size (buf, old + BLOCK_SIZE);
          gssize n = g_input_stream_read (in, buf->data + old, BLOCK_SIZE, cancellable, &io_error);
          if (n < 0)
            {
              g_byte_array_set_size (buf, old);
              ok = FALSE;
              break;
            }
          g_byte_array_set_size (buf, old + n);
          if (n == 0)
            eof = TRUE;
          done += n;
          if (R.format == VS_RECORD_FORMAT_AUTO && (buf->len >= 4096 || eof))
            R.format = vs_record_detect_format ((const char *) buf->data, buf->len, R.options->filename);
          if (R.format == VS_RECORD_FORMAT_AUTO)
            continue;
          if (R.encoding == VS_RECORD_ENCODING_AUTO)
            R.encoding = detect_encoding ((const char *) buf->data, buf->len, eof);
          if (progress)
            progress (done, total_size, progress_data);
        }
      /* hand over every complete line */
      const char *data = (const char *) buf->data;
      gsize pos = 0;
      R.block_clean = FALSE;
      if (R.encoding == VS_RECORD_ENCODING_UTF8)
        {
          gsize upto = buf->len;
          if (!eof)
            while (upto > 0 && data[upto - 1] != '\n')
              upto--;
          R.block_clean = upto > 0 && !memchr (data, '\x1a', upto) && !memchr (data, '\xff', upto)
                          && utf8_valid (data, upto);
        }
      for (;;)
        {
          const char *nl = memchr (data + pos, '\n', buf->len - pos);
          if (!nl)
            break;
          gsize l = nl - (data + pos);
          if (l > 0 && data[pos + l - 1] == '\r')
            l--;
          take_line (&R, data + pos, l);
          pos = nl - data + 1;
          if (R.stop)
            break;
        }
      if (eof && pos < buf->len && !R.stop)
        {
          gsize l = buf->len - pos;
          if (l > 0 && data[pos + l - 1] == '\r')
            l--;
          take_line (&R, data + pos, l);
          pos = buf->len;
        }
      g_byte_array_remove_range (buf, 0, pos);
      if (g_cancellable_set_error_if_cancelled (cancellable, &io_error))
        {
          ok = FALSE;
          break;
        }
      if (eof)
        break;
    }
  if (ok && !R.stop)
    flush_game (&R);
  g_byte_array_unref (buf);
  g_string_free (R.game, TRUE);
  g_string_free (R.line, TRUE);
  g_free (R.pos);
  start_cache_free (R.start_cache);
  vs_record_problem_free (R.encoding_problem);
  if (R.have_conv && R.cp949 != (GIConv) -1)
    g_iconv_close (R.cp949);
  if (!ok)
    {
      vs_record_problem_free (R.first_problem);
      g_propagate_error (error, io_error);
      return FALSE;
    }
  if (R.first_problem)
    {
      /* the first problem only: callers that show a summary count the
       * others themselves (the window adds "(and N more problems …)"), so
       * adding the count here made it appear twice */
      g_propagate_error (error, vs_record_problem_to_error (R.first_problem));
      vs_record_problem_free (R.first_problem);
      return FALSE;
    }
  return TRUE;
}

/* ---- Whole files ---- */

static gboolean
collect_game (VsGame *game, const VsRecordProblem *problem, gpointer data)
{
  VsGameCollection *c = data;
  if (game)
    vs_game_collection_append (c, game);
  if (problem && game)
    vs_game_collection_add_game_problem (c, vs_game_collection_get_n_games (c) - 1, problem);
  else if (problem)
    vs_game_collection_add_problem (c, problem);
  return TRUE;
}

static gboolean
collect_game_compact (VsGame *game, const VsRecordProblem *problem, gpointer data)
{
  if (game)
    vs_game_compact (game);
  return collect_game (game, problem, data);
}

/* Text has no NUL byte and few control characters (tab, line and page
 * breaks, ESC and the DOS end-of-file mark do not count). */
static gboolean
looks_binary (const guchar *data, gsize len)
{
  gsize control = 0;
  for (gsize i = 0; i < len; i++)
    {
      guchar c = data[i];
      if (c == 0)
        return TRUE;
      if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v' && c != 0x1a && c != 0x1b)
        control++;
    }
  return len > 0 && control * 20 > len;   /* more than 5 % */
}

gboolean
vs_record_read_file (const char *path, const VsRecordOptions *options, VsGameCollection *collection,
                     VsRecordProgressFunc progress, gpointer progress_data,
                     GCancellable *cancellable, GError **error)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFileInputStream) in = g_file_read (file, cancellable, error);
  if (!in)
    return FALSE;
  guint64 size = 0;
  g_autoptr (GFileInfo) info = g_file_input_stream_query_info (in, G_FILE_ATTRIBUTE_STANDARD_SIZE, cancellable, NULL);
  if (info)
    size = g_file_info_get_size (info);
  VsRecordOptions opts = { 0 };
  if (options)
    opts = *options;
  if (!opts.filename)
    opts.filename = path;
  /* Not text at all (an image, an archive…): say so instead of reporting
   * the syntax of the first bytes. */
  g_autoptr (GInputStream) buffered = g_buffered_input_stream_new_sized (G_INPUT_STREAM (in), BLOCK_SIZE);
  if (g_buffered_input_stream_fill (G_BUFFERED_INPUT_STREAM (buffered), BLOCK_SIZE, cancellable, error) < 0)
    return FALSE;
  gsize head_len = 0;
  const guchar *head = g_buffered_input_stream_peek_buffer (G_BUFFERED_INPUT_STREAM (buffered), &head_len);
  if (looks_binary (head, head_len))
    {
      g_set_error (error, VS_RECORD_ERROR, VS_RECORD_ERROR_NOT_A_RECORD,
                   /* Translators: %s is a file name. */
                   _("“%s” is not a game record: it holds binary data (an image, an archive, a program…), not text."),
                   opts.filename);
      return FALSE;
    }
  return vs_record_read_stream (buffered, size, &opts, opts.compact_games ? collect_game_compact : collect_game,
                                collection, progress, progress_data, cancellable, error);
}

gboolean
vs_record_read_data (const char *data, gssize len, const VsRecordOptions *options,
                     VsGameCollection *collection, GError **error)
{
  if (len < 0)
    len = strlen (data);
  g_autoptr (GInputStream) in = g_memory_input_stream_new_from_data (data, len, NULL);
  return vs_record_read_stream (in, len, options, collect_game, collection, NULL, NULL, NULL, error);
}

/* ---- GTask ---- */

typedef struct {
  char                *path;
  VsRecordOptions      options;
  char                *filename;
  VsRecordProgressFunc progress;
  gpointer             progress_data;
  GDestroyNotify       progress_notify;
  GMainContext        *context;
  gint64               last_report;
  GError              *problem_error;
} ReadTask;

static void
read_task_free (gpointer p)
{
  ReadTask *t = p;
  if (t->progress_notify)
    t->progress_notify (t->progress_data);
  g_main_context_unref (t->context);
  g_free (t->path);
  g_free (t->filename);
  g_clear_error (&t->problem_error);
  g_free (t);
}

typedef struct {
  GTask  *task;
  guint64 done, total;
} ProgressCall;

static gboolean
progress_in_context (gpointer p)
{
  ProgressCall *c = p;
  ReadTask *t = g_task_get_task_data (c->task);
  if (t->progress)
    t->progress (c->done, c->total, t->progress_data);
  g_object_unref (c->task);
  g_free (c);
  return G_SOURCE_REMOVE;
}

static void
progress_from_thread (guint64 done, guint64 total, gpointer data)
{
  GTask *task = data;
  ReadTask *t = g_task_get_task_data (task);
  gint64 now = g_get_monotonic_time ();
  if (done < total && now - t->last_report < G_USEC_PER_SEC / 20)
    return;
  t->last_report = now;
  ProgressCall *c = g_new (ProgressCall, 1);
  c->task = g_object_ref (task);
  c->done = done;
  c->total = total;
  /* Always through a source: g_main_context_invoke() would call the function
   * right here, in this worker thread, whenever the caller's context is the
   * global default one and nobody holds it at this instant. */
  GSource *source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, progress_in_context, c, NULL);
  g_source_set_static_name (source, "[variant-study] record read progress");
  g_source_attach (source, t->context);
  g_source_unref (source);
}

static void
read_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  ReadTask *t = task_data;
  VsGameCollection *c = vs_game_collection_new ();
  GError *error = NULL;
  if (!vs_record_read_file (t->path, &t->options, c, t->progress ? progress_from_thread : NULL,
                            task, cancellable, &error))
    {
      if (error->domain != VS_RECORD_ERROR)
        {
          g_object_unref (c);
          g_task_return_error (task, error);
          return;
        }
      t->problem_error = error;
    }
  g_task_return_pointer (task, c, g_object_unref);
}

void
vs_record_read_file_async (const char *path, const VsRecordOptions *options,
                           VsRecordProgressFunc progress, gpointer progress_data,
                           GDestroyNotify progress_notify, GCancellable *cancellable,
                           GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, vs_record_read_file_async);
  ReadTask *t = g_new0 (ReadTask, 1);
  t->path = g_strdup (path);
  if (options)
    t->options = *options;
  t->filename = g_strdup (t->options.filename ? t->options.filename : path);
  t->options.filename = t->filename;
  t->progress = progress;
  t->progress_data = progress_data;
  t->progress_notify = progress_notify;
  t->context = g_main_context_ref_thread_default ();
  g_task_set_task_data (task, t, read_task_free);
  g_task_run_in_thread (task, read_thread);
  g_object_unref (task);
}

VsGameCollection *
vs_record_read_file_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  GTask *task = G_TASK (result);
  VsGameCollection *c = g_task_propagate_pointer (task, error);
  ReadTask *t = g_task_get_task_data (task);
  if (c && t->problem_error && error)
    *error = g_error_copy (t->problem_error);
  return c;
}

/* ---- Writers ---- */

GBytes *
vs_record_write_collection (VsGameCollection *collection, VsRecordFormat format,
                            VsRecordEncoding encoding, GError **error)
{
  if (format == VS_RECORD_FORMAT_AUTO)
    format = VS_RECORD_FORMAT_PGN;
  GString *s = g_string_new (NULL);
  guint n = vs_game_collection_get_n_games (collection);
  for (guint i = 0; i < n; i++)
    {
      VsGame *g = vs_game_collection_get_game (collection, i);
      /* gibo and move lists need the tree of a compact game: it goes back
       * to its compact form afterwards (nobody held its nodes) */
      gboolean was_compact = vs_game_is_compact (g);
      g_autofree char *text = NULL;
      switch (format)
        {
        case VS_RECORD_FORMAT_GIBO:
          text = vs_gibo_write_game (g, error);
          if (!text)
            {
              g_prefix_error (error, _("Game %u: "), i + 1);
              g_string_free (s, TRUE);
              return NULL;
            }
          break;
        case VS_RECORD_FORMAT_KIFU:
          text = vs_kifu_write_game (g);
          break;
        default:
          text = vs_pgn_write_game (g);
          break;
        }
      if (was_compact)
        vs_game_compact (g);
      if (i > 0)
        g_string_append (s, format == VS_RECORD_FORMAT_GIBO ? "\r\n" : "\n");
      g_string_append (s, text);
    }
  if (encoding == VS_RECORD_ENCODING_AUTO)
    encoding = format == VS_RECORD_FORMAT_GIBO ? VS_RECORD_ENCODING_CP949 : VS_RECORD_ENCODING_UTF8;
  if (encoding == VS_RECORD_ENCODING_UTF8)
    {
      gsize len = s->len;
      return g_bytes_new_take (g_string_free (s, FALSE), len);
    }
  gsize written = 0;
  GError *conv_error = NULL;
  char *out = g_convert_with_fallback (s->str, s->len, "CP949", "UTF-8", "?", NULL, &written, &conv_error);
  g_string_free (s, TRUE);
  if (!out)
    {
      g_set_error (error, VS_RECORD_ERROR, VS_RECORD_ERROR_ENCODING,
                   _("Cannot write CP949: %s"), conv_error->message);
      g_error_free (conv_error);
      return NULL;
    }
  return g_bytes_new_take (out, written);
}

gboolean
vs_record_write_file (VsGameCollection *collection, const char *path, VsRecordFormat format,
                      VsRecordEncoding encoding, GError **error)
{
  if (format == VS_RECORD_FORMAT_AUTO)
    {
      g_autofree char *lower = g_ascii_strdown (path, -1);
      format = g_str_has_suffix (lower, ".gib") ? VS_RECORD_FORMAT_GIBO
             : (g_str_has_suffix (lower, ".txt") || g_str_has_suffix (lower, ".kif")) ? VS_RECORD_FORMAT_KIFU
             : VS_RECORD_FORMAT_PGN;
    }
  g_autoptr (GBytes) bytes = vs_record_write_collection (collection, format, encoding, error);
  if (!bytes)
    return FALSE;
  gsize len;
  const char *data = g_bytes_get_data (bytes, &len);
  return g_file_set_contents (path, data, len, error);
}

/* ---- Snapshots ---- */

GPtrArray *
vs_record_snapshot_pgn (VsGameCollection *collection)
{
  guint n = vs_game_collection_get_n_games (collection);
  GPtrArray *texts = g_ptr_array_new_full (n, (GDestroyNotify) g_ref_string_release);
  for (guint i = 0; i < n; i++)
    {
      VsGame *g = vs_game_collection_get_game (collection, i);
      const char *compact = _vs_game_get_compact_text (g);
      if (compact)
        g_ptr_array_add (texts, g_ref_string_acquire ((char *) compact));
      else
        {
          g_autofree char *text = vs_pgn_write_game (g);
          g_ptr_array_add (texts, g_ref_string_new (text));
        }
    }
  return texts;
}

GBytes *
vs_record_snapshot_join (GPtrArray *snapshot)
{
  gsize total = 0;
  for (guint i = 0; i < snapshot->len; i++)
    total += g_ref_string_length (snapshot->pdata[i]) + (i > 0);
  char *out = g_malloc (total + 1);
  char *p = out;
  for (guint i = 0; i < snapshot->len; i++)
    {
      if (i > 0)
        *p++ = '\n';
      gsize len = g_ref_string_length (snapshot->pdata[i]);
      memcpy (p, snapshot->pdata[i], len);
      p += len;
    }
  *p = '\0';
  return g_bytes_new_take (out, total);
}
