/* vs-position-string.c — position strings of every variant, read and written
 * from the data of VsVariant.position_syntax. */
#include "config.h"
#include "vs-position-string.h"

#include <glib/gi18n.h>
#include <stdarg.h>
#include <string.h>

static void
append_letter (GString *s, const char *letter, int color)
{
  for (const char *l = letter; *l; l++)
    g_string_append_c (s, color == VS_WHITE ? *l : g_ascii_tolower (*l));
}

char *
vs_position_string_write (const VsPosition *pos)
{
  const VsVariant *v = pos->variant;
  const VsPositionSyntax *sx = v->position_syntax;
  const VsGeometry *g = &v->geom;
  GString *s = g_string_sized_new (160);

  for (int l = 0; l < g->levels; l++)
    {
      if (l)
        g_string_append_c (s, sx->level_separator);
      for (int rank = g->ranks - 1; rank >= 0; rank--)
        {
          int empty = 0;
          for (int file = 0; file < g->files; file++)
            {
              VsPiece p = pos->board[vs_sq_make (g, l, rank, file)];
              if (!p)
                {
                  empty++;
                  continue;
                }
              if (empty)
                g_string_append_printf (s, "%d", empty);
              empty = 0;
              append_letter (s, v->pieces[VS_PIECE_TYPE (p)].letter, VS_PIECE_COLOR (p));
              if (VS_PIECE_HAS_FLAG (p) && sx->flag_mark)
                g_string_append_c (s, sx->flag_mark);
            }
          if (empty)
            g_string_append_printf (s, "%d", empty);
          if (rank)
            g_string_append_c (s, '/');
        }
    }
  if (sx->hands)
    {
      g_string_append_c (s, '[');
      for (int c = 0; c < 2; c++)
        for (int t = v->n_piece_types; t >= 1; t--)
          for (int k = 0; k < pos->hand[c][t]; k++)
            append_letter (s, v->pieces[t].letter, c);
      g_string_append_c (s, ']');
    }
  g_string_append (s, pos->side == VS_WHITE ? " w" : " b");
  if (sx->castling)
    {
      g_string_append_c (s, ' ');
      if (!pos->castling)
        g_string_append_c (s, '-');
      for (int k = 0; k < 4; k++)
        if (pos->castling & (1 << k))
          g_string_append_c (s, "KQkq"[k]);
    }
  for (int k = 0; k < sx->dash_fields; k++)
    g_string_append (s, " -");
  if (sx->en_passant)
    {
      char name[8] = "-";
      if (pos->ep != VS_NO_SQUARE)
        vs_square_name (g, pos->ep, name);
      g_string_append_printf (s, " %s", name);
    }
  g_string_append_printf (s, " %u %u", pos->halfmove, pos->fullmove);
  return g_string_free (s, FALSE);
}

/* ---- Reading ------------------------------------------------------------------ */

gboolean
vs_position_string_error (GError **error, int column, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *detail = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_BAD_POSITION,
               /* TRANSLATORS: a position string could not be read: the column
                * (in characters, from 1), then what is wrong there */
               _("Position string, column %d: %s"), column, detail);
  return FALSE;
}

typedef struct {
  const char *str;
  const char *p;
} Reader;

/* The column of r->p: characters from the start, from 1. */
static int
col (const Reader *r)
{
  if (g_utf8_validate (r->str, r->p - r->str, NULL))
    return (int) g_utf8_strlen (r->str, r->p - r->str) + 1;
  return (int) (r->p - r->str) + 1;
}

static gboolean
is_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static void
skip_blanks (Reader *r)
{
  while (is_blank (*r->p))
    r->p++;
}

/* The offending character as text (one UTF-8 character, or one byte). */
static char *
char_at (const char *p)
{
  int len = 1;
  if ((guchar) *p >= 0x80)
    {
      gunichar u = g_utf8_get_char_validated (p, -1);
      if (u != (gunichar) -1 && u != (gunichar) -2)
        len = g_utf8_next_char (p) - p;
    }
  return g_strndup (p, len);
}

/* The piece type written at p (longest letter first), its colour and
 * length; 0 if none. */
static int
read_letter (const VsVariant *v, const char *p, int *color, int *len)
{
  int best = 0, best_len = 0;
  for (int t = 1; t <= v->n_piece_types; t++)
    {
      const char *l = v->pieces[t].letter;
      int n = (int) strlen (l);
      if (n <= best_len || g_ascii_strncasecmp (p, l, n) != 0)
        continue;
      best = t;
      best_len = n;
    }
  const char *al = v->position_syntax->aliases;
  for (; !best && al && al[0] && al[1]; al += 2)
    if (g_ascii_toupper (*p) == al[0])
      for (int t = 1; t <= v->n_piece_types; t++)
        if (v->pieces[t].letter[0] == al[1] && v->pieces[t].letter[1] == '\0')
          best = t, best_len = 1;
  if (!best)
    return 0;
  /* the colour is the case of the first letter */
  const char *c = p;
  while (c < p + best_len && !g_ascii_isalpha (*c))
    c++;
  *color = g_ascii_isupper (*c) ? VS_WHITE : VS_BLACK;
  *len = best_len;
  return best;
}

/* A hand: piece letters up to `stop`, a blank or the end; "-" for none. */
static gboolean
read_hand (const VsVariant *v, VsPosition *pos, Reader *r, char stop, GError **error)
{
  while (*r->p && *r->p != stop && !is_blank (*r->p))
    {
      int color, len, t;
      if (*r->p == '-')
        {
          r->p++;
          continue;
        }
      t = read_letter (v, r->p, &color, &len);
      if (t == 0)
        {
          g_autofree char *c = char_at (r->p);
          return vs_position_string_error (error, col (r), _("“%s” is not a piece letter"), c);
        }
      if (t == v->royal_type)
        return vs_position_string_error (error, col (r), "%s", _("a king cannot be in hand"));
      if (++pos->hand[color][t] > 62)
        return vs_position_string_error (error, col (r), "%s", _("too many pieces in hand"));
      r->p += len;
    }
  return TRUE;
}

static gboolean
read_board (const VsVariant *v, VsPosition *pos, VsPositionColumns *at, Reader *r, GError **error)
{
  const VsPositionSyntax *sx = v->position_syntax;
  const VsGeometry *g = &v->geom;
  /* Janggi's pieces stand on points */
  const char *too_many = g->points ? _("rank %d has more than %d points") : _("rank %d has more than %d squares");
  const char *too_few = g->points ? _("rank %d has %d points instead of %d") : _("rank %d has %d squares instead of %d");

  for (int l = 0; l < g->levels; l++)
    {
      if (l)
        {
          if (*r->p != sx->level_separator)
            return vs_position_string_error (error, col (r), _("%d levels separated by “%c” are expected"),
                                             g->levels, sx->level_separator);
          r->p++;
        }
      for (int rank = g->ranks - 1; rank >= 0; rank--)
        {
          int file = 0;
          for (;;)
            {
              char c = *r->p;
              int color, len, t;
              if (g_ascii_isdigit (c))
                {
                  /* digits join while the number fits the rank ("10"
                   * on Chartima's board; "44" is 4 and 4 on a chessboard) */
                  int start = col (r), n = *r->p++ - '0';
                  while (n > 0 && g_ascii_isdigit (*r->p) && n * 10 + (*r->p - '0') <= g->files)
                    n = n * 10 + (*r->p++ - '0');
                  if (n == 0)
                    return vs_position_string_error (error, start, "%s", _("“0” is not a number of empty squares"));
                  if (file + n > g->files)
                    return vs_position_string_error (error, start, too_many, rank + 1, g->files);
                  file += n;
                }
              else if ((t = read_letter (v, r->p, &color, &len)) != 0)
                {
                  if (file >= g->files)
                    return vs_position_string_error (error, col (r), too_many, rank + 1, g->files);
                  int sq = vs_sq_make (g, l, rank, file);
                  at->square[sq] = MIN (col (r), G_MAXUINT16);
                  pos->board[sq] = VS_MAKE_PIECE (color, t);
                  r->p += len;
                  file++;
                  if (sx->flag_mark && *r->p == sx->flag_mark)
                    {
                      if (!(sx->flag_types & (1u << t)))
                        return vs_position_string_error (error, col (r), _("“%c” cannot follow “%s”"),
                                                         sx->flag_mark, v->pieces[t].letter);
                      pos->board[sq] |= VS_PIECE_FLAG;
                      r->p++;
                    }
                }
              else if (sx->flag_mark && c == sx->flag_mark)
                return vs_position_string_error (error, col (r), _("“%c” must follow a piece letter"), c);
              else if (c == '/' || c == '\0' || is_blank (c) || c == '[' ||
                       (sx->level_separator && c == sx->level_separator))
                break;
              else
                {
                  g_autofree char *ch = char_at (r->p);
                  return vs_position_string_error (error, col (r), _("“%s” is not a piece letter, a digit or “/”"), ch);
                }
            }
          if (file < g->files)
            return vs_position_string_error (error, col (r), too_few, rank + 1, file, g->files);
          if (rank > 0)
            {
              if (*r->p != '/')
                return vs_position_string_error (error, col (r), _("the board has %d ranks instead of %d"),
                                                 g->ranks - rank, g->ranks);
              r->p++;
            }
        }
    }
  if (sx->hands && *r->p == '/')
    {
      /* the hand written as one more rank */
      r->p++;
      if (!read_hand (v, pos, r, ' ', error))
        return FALSE;
    }
  else if (sx->hands && *r->p == '[')
    {
      int open = col (r);
      r->p++;
      if (!read_hand (v, pos, r, ']', error))
        return FALSE;
      if (*r->p != ']')
        return vs_position_string_error (error, open, "%s", _("the hand opened by “[” is not closed by “]”"));
      r->p++;
    }
  else if (*r->p == '/')
    return vs_position_string_error (error, col (r), _("the board has more than %d ranks"), g->ranks);
  else if (sx->level_separator && *r->p == sx->level_separator)
    return vs_position_string_error (error, col (r), _("the board has more than %d levels"), g->levels);
  if (*r->p && !is_blank (*r->p))
    {
      g_autofree char *ch = char_at (r->p);
      return vs_position_string_error (error, col (r), _("“%s” is not a piece letter, a digit or “/”"), ch);
    }
  at->board_end = col (r);
  return TRUE;
}

/* A whole field: "-" alone. */
static gboolean
read_dash (Reader *r)
{
  if (*r->p != '-' || (r->p[1] && !is_blank (r->p[1])))
    return FALSE;
  r->p++;
  return TRUE;
}

static gboolean
read_castling (const VsVariant *v, VsPosition *pos, VsPositionColumns *at, Reader *r, GError **error)
{
  char last_file = 'a' + v->geom.files - 1;
  if (read_dash (r))
    return TRUE;
  while (*r->p && !is_blank (*r->p))
    {
      char c = *r->p, l = g_ascii_tolower (c);
      int color = g_ascii_isupper (c) ? VS_WHITE : VS_BLACK, bit;
      /* KQkq, or the rook's file (X-FEN, Shredder-FEN): only the corner
       * rooks castle in these variants */
      if (l == 'k' || l == last_file)
        bit = 0;
      else if (l == 'q' || l == 'a')
        bit = 1;
      else
        return vs_position_string_error (error, col (r),
                                         _("“%c” is not a castling right (use K, Q, k, q, a rook’s file or “-”)"), c);
      bit += 2 * color;
      if (pos->castling & (1 << bit))
        return vs_position_string_error (error, col (r), _("castling right “%c” is given twice"), c);
      pos->castling |= 1 << bit;
      at->castling[bit] = col (r);
      r->p++;
    }
  return TRUE;
}

static gboolean
read_number (Reader *r, int *out)
{
  if (!g_ascii_isdigit (*r->p))
    return FALSE;
  int v = 0;
  while (g_ascii_isdigit (*r->p))
    {
      v = v * 10 + (*r->p++ - '0');
      if (v > 65535)
        return FALSE;
    }
  if (*r->p && !is_blank (*r->p))
    return FALSE;
  *out = v;
  return TRUE;
}

gboolean
vs_position_string_read (VsPosition *out, const VsVariant *v, const char *str, GError **error)
{
  const VsPositionSyntax *sx = v->position_syntax;
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  g_autofree VsPositionColumns *at = g_new0 (VsPositionColumns, 1);
  Reader r = { str ? str : "", str ? str : "" };

  pos->variant = v;
  pos->options = v->default_options;
  pos->ep = VS_NO_SQUARE;
  pos->fullmove = 1;
  skip_blanks (&r);
  if (*r.p == '\0')
    return vs_position_string_error (error, col (&r), "%s", _("the position string is empty"));
  if (!read_board (v, pos, at, &r, error))
    return FALSE;

  /* one royal piece each */
  if (v->royal_type)
    for (int c = 0; c < 2; c++)
      {
        int n = 0, second = 1;
        for (int sq = 0; sq < vs_geometry_squares (&v->geom); sq++)
          if ((pos->board[sq] & ~VS_PIECE_FLAG) == VS_MAKE_PIECE (c, v->royal_type) && ++n == 2)
            second = at->square[sq];
        if (n != 1)
          {
            const char *piece = g_dpgettext2 (NULL, v->piece_context, v->pieces[v->royal_type].name);
            /* TRANSLATORS: "White must have exactly one King" (side, piece) */
            return vs_position_string_error (error, n ? second : 1, _("%s must have exactly one %s"),
                                             vs_variant_side_name (v, c), piece);
          }
      }

  /* side to move */
  skip_blanks (&r);
  at->side = col (&r);
  if (*r.p == '\0' && !sx->side_optional)
    return vs_position_string_error (error, col (&r), "%s", _("the side to move (“w” or “b”) is missing"));
  if (*r.p == 'w' || *r.p == 'W')
    pos->side = VS_WHITE;
  else if (*r.p == 'b' || *r.p == 'B')
    pos->side = VS_BLACK;
  else if (*r.p)
    return vs_position_string_error (error, col (&r), "%s", _("the side to move must be “w” or “b”"));
  if (*r.p)
    r.p++;
  if (*r.p && !is_blank (*r.p))
    return vs_position_string_error (error, col (&r), "%s", _("the side to move must be “w” or “b”"));

  /* castling, always-"-" fields, en passant: each may be left out with
   * all that follows */
  skip_blanks (&r);
  if (sx->castling && *r.p)
    {
      if (!read_castling (v, pos, at, &r, error))
        return FALSE;
      skip_blanks (&r);
    }
  for (int k = 0; k < sx->dash_fields && *r.p; k++)
    {
      if (!read_dash (&r))
        return vs_position_string_error (error, col (&r), "%s", _("this field is always “-” in this game"));
      skip_blanks (&r);
    }
  at->ep = col (&r);
  if (sx->en_passant && *r.p)
    {
      if (!read_dash (&r))
        {
          int used = 0;
          int sq = vs_square_parse (&v->geom, r.p, &used);
          if (sq < 0 || (r.p[used] && !is_blank (r.p[used])))
            return vs_position_string_error (error, col (&r), "%s",
                                             v->geom.levels > 1
                                             ? _("the en-passant field must be “-” or a level and square such as “Be3”")
                                             : _("the en-passant field must be “-” or a square such as “e3”"));
          pos->ep = sq;
          r.p += used;
        }
      skip_blanks (&r);
    }

  /* clocks (optional: 0 and 1) */
  if (*r.p)
    {
      int start = col (&r), n;
      if (!read_number (&r, &n))
        return vs_position_string_error (error, start, "%s", _("the halfmove clock must be a number up to 65535"));
      pos->halfmove = n;
      skip_blanks (&r);
    }
  if (*r.p)
    {
      int start = col (&r), n;
      if (!read_number (&r, &n))
        return vs_position_string_error (error, start, "%s", _("the move number must be a number up to 65535"));
      /* 0 is read as 1, as Fairy-Stockfish does */
      pos->fullmove = MAX (n, 1);
      skip_blanks (&r);
    }
  if (*r.p)
    return vs_position_string_error (error, col (&r), "%s", _("unexpected text after the move number"));

  if (!sx->setup (pos, at, error))
    return FALSE;
  memcpy (out, pos, sizeof *pos);
  return TRUE;
}
