/* vs-comment.c — Lichess-style commands inside comments:
 * [%clk 0:02:59] [%emt 0:00:08] [%eval 1.52] [%eval #-3] [%eval 0.17,22]
 * [%cal Gf1c4,Re2e4] [%csl Re5,Gd4]. */
#include "config.h"
#include "vs-record-private.h"

#include <stdlib.h>
#include <string.h>

static gboolean
parse_time (const char *s, const char *end, gint64 *ms)
{
  /* [H:]MM:SS[.fff] or plain seconds */
  gint64 parts[3] = { 0, 0, 0 };
  int n = 0;
  const char *p = s;
  while (p < end)
    {
      if (!g_ascii_isdigit (*p))
        return FALSE;
      gint64 v = 0;
      while (p < end && g_ascii_isdigit (*p))
        v = v * 10 + (*p++ - '0');
      if (n >= 3)
        return FALSE;
      parts[n++] = v;
      if (p < end && *p == ':')
        {
          p++;
          continue;
        }
      break;
    }
  gint64 frac = 0;
  int digits = 0;
  if (p < end && *p == '.')
    {
      p++;
      while (p < end && g_ascii_isdigit (*p))
        {
          if (digits < 3)
            {
              frac = frac * 10 + (*p - '0');
              digits++;
            }
          p++;
        }
      while (digits < 3)
        {
          frac *= 10;
          digits++;
        }
    }
  if (p != end || n == 0)
    return FALSE;
  gint64 secs = 0;
  for (int i = 0; i < n; i++)
    secs = secs * 60 + parts[i];
  *ms = secs * 1000 + frac;
  return TRUE;
}

static void
write_time (GString *s, gint64 ms)
{
  gint64 secs = ms / 1000, rest = ms % 1000;
  g_string_append_printf (s, "%" G_GINT64_FORMAT ":%02d:%02d", secs / 3600,
                          (int) (secs / 60 % 60), (int) (secs % 60));
  if (rest)
    {
      if (rest % 100 == 0)
        g_string_append_printf (s, ".%d", (int) (rest / 100));
      else
        g_string_append_printf (s, ".%03d", (int) rest);
    }
}

static gboolean
parse_eval (const char *s, const char *end, VsEval *e)
{
  char buf[64];
  if (end - s >= (gssize) sizeof buf || end == s)
    return FALSE;
  memcpy (buf, s, end - s);
  buf[end - s] = '\0';
  e->depth = 0;
  char *comma = strchr (buf, ',');
  if (comma)
    {
      char *dend;
      long d = strtol (comma + 1, &dend, 10);
      if (*dend || d < 0 || d > 10000)
        return FALSE;
      e->depth = d;
      *comma = '\0';
    }
  if (buf[0] == '#')
    {
      char *mend;
      long m = strtol (buf + 1, &mend, 10);
      if (*mend || mend == buf + 1)
        return FALSE;
      e->kind = VS_EVAL_MATE;
      e->value = m;
      return TRUE;
    }
  /* decimal pawns, parsed exactly to centipawns */
  const char *p = buf;
  int sign = 1;
  if (*p == '-' || *p == '+')
    sign = *p++ == '-' ? -1 : 1;
  if (!g_ascii_isdigit (*p))
    return FALSE;
  long whole = 0;
  while (g_ascii_isdigit (*p))
    {
      whole = whole * 10 + (*p++ - '0');
      if (whole > 100000)
        return FALSE;
    }
  long cents = 0;
  if (*p == '.')
    {
      p++;
      int digits = 0;
      while (g_ascii_isdigit (*p))
        {
          if (digits < 2)
            cents = cents * 10 + (*p - '0');
          digits++;
          p++;
        }
      if (digits == 0)
        return FALSE;
      if (digits == 1)
        cents *= 10;
    }
  if (*p)
    return FALSE;
  e->kind = VS_EVAL_CP;
  e->value = sign * (int) (whole * 100 + cents);
  return TRUE;
}

static void
write_eval (GString *s, VsEval e)
{
  if (e.kind == VS_EVAL_MATE)
    g_string_append_printf (s, "#%d", e.value);
  else
    {
      int v = e.value;
      g_string_append_printf (s, "%s%d.%02d", v < 0 ? "-" : "", ABS (v) / 100, ABS (v) % 100);
    }
  if (e.depth)
    g_string_append_printf (s, ",%d", e.depth);
}

static gboolean
valid_color (char c)
{
  return c == 'G' || c == 'R' || c == 'Y' || c == 'B';
}

/* "Gf1c4,Re5" (arrows when squares == 2) */
static gboolean
parse_shapes (const VsGeometry *g, const char *s, const char *end, gboolean arrows,
              VsShape *out, guint *n_out, guint max)
{
  guint n = 0;
  const char *p = s;
  while (p < end)
    {
      while (p < end && (*p == ',' || *p == ' '))
        p++;
      if (p >= end)
        break;
      if (!valid_color (*p) || n >= max)
        return FALSE;
      VsShape sh;
      sh.color = *p++;
      char buf[16];
      const char *q = p;
      while (q < end && *q != ',' && *q != ' ')
        q++;
      if (q - p >= (gssize) sizeof buf)
        return FALSE;
      memcpy (buf, p, q - p);
      buf[q - p] = '\0';
      int used = 0, used2 = 0;
      int a = vs_square_parse (g, buf, &used);
      if (a < 0)
        return FALSE;
      if (arrows)
        {
          int b = vs_square_parse (g, buf + used, &used2);
          if (b < 0 || buf[used + used2] != '\0')
            return FALSE;
          sh.from = a;
          sh.to = b;
        }
      else
        {
          if (buf[used] != '\0')
            return FALSE;
          sh.from = sh.to = a;
        }
      out[n++] = sh;
      p = q;
    }
  *n_out = n;
  return TRUE;
}

char *
_vs_comment_extract_commands (VsGame *game, VsGameNode *node, const char *text, gsize len)
{
  const VsGeometry *g = &vs_game_get_variant (game)->geom;
  GString *rest = NULL;
  const char *p = text, *end = text + len, *copied = text;
  while (p < end)
    {
      const char *open = memchr (p, '[', end - p);
      if (!open)
        break;
      if (open + 1 >= end || open[1] != '%')
        {
          p = open + 1;
          continue;
        }
      const char *close = memchr (open, ']', end - open);
      if (!close)
        break;
      const char *cmd = open + 2, *cmd_end = cmd;
      while (cmd_end < close && g_ascii_isalpha (*cmd_end))
        cmd_end++;
      const char *arg = cmd_end;
      while (arg < close && *arg == ' ')
        arg++;
      const char *arg_end = close;
      while (arg_end > arg && arg_end[-1] == ' ')
        arg_end--;
      gsize cl = cmd_end - cmd;
      gboolean ok = FALSE;
      if (cl == 3 && memcmp (cmd, "clk", 3) == 0 && vs_game_node_get_clock (node) == VS_CLOCK_NONE)
        {
          gint64 ms;
          if ((ok = parse_time (arg, arg_end, &ms)))
            _vs_game_node_put_clock (node, ms);
        }
      else if (cl == 3 && memcmp (cmd, "emt", 3) == 0 && vs_game_node_get_emt (node) == VS_CLOCK_NONE)
        {
          gint64 ms;
          if ((ok = parse_time (arg, arg_end, &ms)))
            _vs_game_node_put_emt (node, ms);
        }
      else if (cl == 4 && memcmp (cmd, "eval", 4) == 0 && vs_game_node_get_eval (node).kind == VS_EVAL_NONE)
        {
          VsEval e;
          if ((ok = parse_eval (arg, arg_end, &e)))
            _vs_game_node_put_eval (node, e);
        }
      else if (cl == 3 && (memcmp (cmd, "cal", 3) == 0 || memcmp (cmd, "csl", 3) == 0))
        {
          VsShape shapes[64];
          guint n;
          if ((ok = parse_shapes (g, arg, arg_end, cmd[1] == 'a', shapes, &n, G_N_ELEMENTS (shapes))))
            for (guint i = 0; i < n; i++)
              _vs_game_node_push_shape (node, shapes[i]);
        }
      if (ok)
        {
          if (!rest)
            rest = g_string_sized_new (len);
          g_string_append_len (rest, copied, open - copied);
          copied = close + 1;
          /* one blank of the two around the command goes with it; the
           * text's own spacing is kept */
          if (copied < end && g_ascii_isspace (*copied) &&
              (rest->len == 0 || g_ascii_isspace (rest->str[rest->len - 1])))
            copied++;
          p = close + 1;
        }
      else
        p = open + 1;   /* not a command we keep: plain text, which may hold the
                           opening of one ("see [%x [%eval 0.3]") */
    }
  if (!rest)
    {
      while (len && g_ascii_isspace (*text))
        text++, len--;
      while (len && g_ascii_isspace (text[len - 1]))
        len--;
      return g_strndup (text, len);
    }
  g_string_append_len (rest, copied, end - copied);
  return g_strstrip (g_string_free (rest, FALSE));
}

void
_vs_comment_write_commands (VsGame *game, const VsGameNode *node, GString *s)
{
  gboolean first = TRUE;
#define SEP() do { if (!first) g_string_append_c (s, ' '); first = FALSE; } while (0)
  VsEval e = vs_game_node_get_eval (node);
  if (e.kind != VS_EVAL_NONE)
    {
      SEP ();
      g_string_append (s, "[%eval ");
      write_eval (s, e);
      g_string_append_c (s, ']');
    }
  gint64 t = vs_game_node_get_clock (node);
  if (t != VS_CLOCK_NONE)
    {
      SEP ();
      g_string_append (s, "[%clk ");
      write_time (s, t);
      g_string_append_c (s, ']');
    }
  t = vs_game_node_get_emt (node);
  if (t != VS_CLOCK_NONE)
    {
      SEP ();
      g_string_append (s, "[%emt ");
      write_time (s, t);
      g_string_append_c (s, ']');
    }
  if (vs_game_node_get_shapes (node, NULL) > 0)
    {
      SEP ();
      _vs_comment_write_shapes (game, node, s);
    }
#undef SEP
}

/* The [%cal …]/[%csl …] commands of a node's arrows and highlights alone. */
void
_vs_comment_write_shapes (VsGame *game, const VsGameNode *node, GString *s)
{
  const VsGeometry *g = &vs_game_get_variant (game)->geom;
  const VsShape *shapes;
  guint n = vs_game_node_get_shapes (node, &shapes);
  /* runs of the same kind, in stored order, so a re-read keeps the order */
  for (guint i = 0; i < n; i++)
    {
      gboolean arrow = shapes[i].from != shapes[i].to;
      gboolean same_run = i > 0 && (shapes[i - 1].from != shapes[i - 1].to) == arrow;
      if (!same_run)
        {
          if (i > 0)
            g_string_append_c (s, ']');
          if (i > 0)
            g_string_append_c (s, ' ');
          g_string_append (s, arrow ? "[%cal " : "[%csl ");
        }
      else
        g_string_append_c (s, ',');
      char a[8], b[8];
      vs_square_name (g, shapes[i].from, a);
      g_string_append_c (s, shapes[i].color);
      g_string_append (s, a);
      if (arrow)
        {
          vs_square_name (g, shapes[i].to, b);
          g_string_append (s, b);
        }
    }
  if (n > 0)
    g_string_append_c (s, ']');
}
