/* vs-strato-notation.c — Strato Chess move text (src/core/RULES.md §3.9).
 *
 * UCI notation: level letter + square for from and to, e.g. "Ae2Be4", a
 * promotion adds the lower-case piece letter ("Bb7Bb8q"); castling is written
 * as the King's move: "Ae1Ag1", "Ae1Ac1", with a level shift "Ae1Bg1".
 *
 * Record (SAN) notation: "P Ae2 - Be4", "B Bc4 x Bf7 +", "P Bb7 - Bb8 = Q",
 * "O-O @B", "P Be5 x Bd6 e.p.", read tolerantly. */
#include "config.h"
#include "vs-strato-private.h"

#include <glib/gi18n.h>


static const char piece_letters[] = " PNBRQK";

/* ---- Notation ------------------------------------------------------------------------------ */

/* The position after m, on the heap (notation only, not the hot path). */
static VsPosition *
position_after (const VsPosition *pos, VsMove m)
{
  VsPosition *tmp = g_memdup2 (pos, sizeof *tmp);
  VsUndo u;
  strato_make (tmp, m, &u);
  return tmp;
}

/* 0 no check, 1 check, 2 mate */
static int
check_status (const VsPosition *pos, VsMove m)
{
  VsMoveEffects fx;
  strato_effects (pos, m, &fx);
  if (!fx.gives_check)
    return 0;
  g_autofree VsPosition *after = position_after (pos, m);
  VsMove moves[VS_MAX_MOVES];
  return strato_generate_moves (after, VS_GEN_ALL, moves) == 0 ? 2 : 1;
}

void
strato_write_move (const VsPosition *pos, VsMove m, VsNotation n, char out[VS_MOVE_TEXT_MAX])
{
  const VsGeometry *geom = &vs_variant_strato.geom;
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  VsMoveKind kind = VS_MOVE_KIND (m);
  char f[8], t[8];
  vs_square_name (geom, from, f);
  vs_square_name (geom, to, t);

  if (n != VS_NOTATION_SAN)
    {
      if (kind == VS_MOVE_PROMOTION)
        g_snprintf (out, VS_MOVE_TEXT_MAX, "%s%s%c", f, t,
                    g_ascii_tolower (piece_letters[VS_MOVE_PIECE (m)]));
      else
        g_snprintf (out, VS_MOVE_TEXT_MAX, "%s%s", f, t);
      return;
    }

  GString *s = g_string_sized_new (32);
  if (kind == VS_MOVE_CASTLE)
    {
      g_string_append (s, (S64 (to) & 7) == 6 ? "O-O" : "O-O-O");
      if (LEVEL (to) != LEVEL (from))
        g_string_append_printf (s, " @%c", 'A' + LEVEL (to));
    }
  else
    {
      gboolean capture = pos->board[to] != 0 || kind == VS_MOVE_EN_PASSANT;
      g_string_append_printf (s, "%c %s %c %s", piece_letters[VS_PIECE_TYPE (pos->board[from])],
                              f, capture ? 'x' : '-', t);
      if (kind == VS_MOVE_PROMOTION)
        g_string_append_printf (s, " = %c", piece_letters[VS_MOVE_PIECE (m)]);
      if (kind == VS_MOVE_EN_PASSANT)
        g_string_append (s, " e.p.");
    }
  int cs = check_status (pos, m);
  if (cs)
    g_string_append (s, cs == 2 ? " #" : " +");
  g_strlcpy (out, s->str, VS_MOVE_TEXT_MAX);
  g_string_free (s, TRUE);
}

/* Reads a square (level, file, rank) from lower-cased text; -1 if none. */
static int
read_square (const char **p)
{
  const char *s = *p;
  if (s[0] < 'a' || s[0] > 'c' || s[1] < 'a' || s[1] > 'h' || s[2] < '1' || s[2] > '8')
    return -1;
  *p = s + 3;
  return (s[0] - 'a') * 64 + (s[2] - '1') * 8 + (s[1] - 'a');
}

static int
promotion_type (char c)
{
  switch (c)
    {
    case 'q': return QUEEN;
    case 'r': return ROOK;
    case 'b': return BISHOP;
    case 'n': return KNIGHT;
    default: return 0;
    }
}

static gboolean
bad_move (GError **error, const char *text)
{
  g_autofree char *shown = g_utf8_make_valid (text, -1);
  g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_BAD_MOVE,
               _("“%s” is not a Strato Chess move"), shown);
  return FALSE;
}

gboolean
strato_parse_move (const VsPosition *pos, const char *text, VsNotation n,
                   VsMove *out, const char **warning, GError **error)
{
  VsMove moves[VS_MAX_MOVES];
  int n_moves = strato_generate_moves (pos, VS_GEN_ALL, moves);
  char buf[VS_MOVE_TEXT_MAX];
  int len = 0;

  const char *dummy;
  if (warning == NULL)
    warning = &dummy;
  *warning = NULL;
  if (n != VS_NOTATION_SAN && n != VS_NOTATION_UCI)
    {
      g_set_error_literal (error, VS_CORE_ERROR, VS_CORE_ERROR_UNSUPPORTED,
                           _("Strato Chess moves are written in record or UCI notation"));
      return FALSE;
    }
  if (text == NULL)
    return bad_move (error, "");
  /* normalise: no spaces, lower case, 0 → o, : → x */
  for (const char *c = text; *c && len < VS_MOVE_TEXT_MAX - 1; c++)
    {
      if (g_ascii_isspace (*c))
        continue;
      char d = g_ascii_tolower (*c);
      if (d == '0')
        d = 'o';
      else if (d == ':')
        d = 'x';
      buf[len++] = d;
    }
  /* drop trailing annotation glyphs */
  while (len > 0 && (buf[len - 1] == '!' || buf[len - 1] == '?'))
    len--;
  buf[len] = '\0';
  if (len == 0)
    return bad_move (error, text);

  const char *p = buf;
  int from = -1, to = -1, promo = 0, castle_side = -1, castle_level = -1;
  int piece = 0;
  gboolean capture_mark = FALSE, ep_mark = FALSE;
  int check_mark = 0;   /* 0 none, 1 +, 2 # */

  if (n != VS_NOTATION_SAN)
    {
      from = read_square (&p);
      to = from >= 0 ? read_square (&p) : -1;
      if (to < 0)
        return bad_move (error, text);
      if (*p && !(promo = promotion_type (*p++)))
        return bad_move (error, text);
      if (*p)
        return bad_move (error, text);
    }
  else if (p[0] == 'o')
    {
      p++;
      if (*p == '-')
        p++;
      if (*p++ != 'o')
        return bad_move (error, text);
      castle_side = 0;
      const char *q = p;
      if (*q == '-')
        q++;
      if (*q == 'o')
        {
          castle_side = 1;
          p = q + 1;
        }
      if (*p == '@')
        {
          p++;
          if (*p < 'a' || *p > 'c')
            return bad_move (error, text);
          castle_level = *p++ - 'a';
        }
    }
  else
    {
      const char *q = p;
      if (*q && strchr ("pnbrqk", *q) && (from = (q++, read_square (&q))) >= 0)
        {
          piece = strchr (piece_letters, g_ascii_toupper (*p)) - piece_letters;
          p = q;
        }
      else
        {
          from = read_square (&p);
          if (from < 0)
            return bad_move (error, text);
        }
      if (*p == '-')
        p++;
      else if (*p == 'x')
        {
          capture_mark = TRUE;
          p++;
        }
      to = read_square (&p);
      if (to < 0)
        return bad_move (error, text);
      if (*p == '=')
        {
          p++;
          promo = promotion_type (*p);
          if (!promo)
            return bad_move (error, text);
          p++;
        }
      else if ((promo = promotion_type (*p)))
        p++;
      if (p[0] == 'e')
        {
          if (g_str_has_prefix (p, "e.p."))
            p += 4;
          else if (g_str_has_prefix (p, "e.p") || g_str_has_prefix (p, "ep."))
            p += 3;
          else if (g_str_has_prefix (p, "ep"))
            p += 2;
          else
            return bad_move (error, text);
          ep_mark = TRUE;
        }
    }
  if (n == VS_NOTATION_SAN)
    {
      if (*p == '+')
        {
          check_mark = 1;
          p++;
          if (*p == '+')
            p++;
        }
      else if (*p == '#')
        {
          check_mark = 2;
          p++;
        }
      if (*p)
        return bad_move (error, text);
    }

  /* find the legal move */
  VsMove found = VS_MOVE_NONE;
  int matches = 0;
  for (int i = 0; i < n_moves; i++)
    {
      VsMove m = moves[i];
      if (castle_side >= 0)
        {
          if (VS_MOVE_KIND (m) != VS_MOVE_CASTLE)
            continue;
          int mto = VS_MOVE_TO (m);
          if (((S64 (mto) & 7) == 6) != (castle_side == 0))
            continue;
          int level = castle_level >= 0 ? castle_level : LEVEL (VS_MOVE_FROM (m));
          if (LEVEL (mto) != level)
            continue;
        }
      else
        {
          if (VS_MOVE_FROM (m) != from || VS_MOVE_TO (m) != to)
            continue;
          if (promo && VS_MOVE_PIECE (m) != promo)
            continue;
        }
      if (matches == 0)
        found = m;
      matches++;
    }
  g_autofree char *shown = g_utf8_make_valid (text, -1);
  if (matches == 0)
    {
      if (castle_side < 0 && piece && from >= 0 &&
          (pos->board[from] == 0 || VS_PIECE_TYPE (pos->board[from]) != piece))
        g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_ILLEGAL_MOVE,
                     _("“%s”: there is no such piece on the starting square"), shown);
      else
        g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_ILLEGAL_MOVE,
                     _("“%s” is not a legal move in this position"), shown);
      return FALSE;
    }
  if (matches > 1)
    {
      g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_AMBIGUOUS_MOVE,
                   _("“%s”: the promotion piece is missing"), shown);
      return FALSE;
    }
  if (piece && VS_PIECE_TYPE (pos->board[VS_MOVE_FROM (found)]) != piece)
    {
      g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_ILLEGAL_MOVE,
                   _("“%s”: there is no such piece on the starting square"), shown);
      return FALSE;
    }
  if (n == VS_NOTATION_SAN)
    {
      VsMoveKind kind = VS_MOVE_KIND (found);
      gboolean capture = kind == VS_MOVE_EN_PASSANT ||
                         (kind != VS_MOVE_CASTLE && pos->board[VS_MOVE_TO (found)] != 0);
      int cs = check_status (pos, found);
      if (ep_mark && kind != VS_MOVE_EN_PASSANT)
        *warning = "e.p. written for a move that is not en passant";
      else if (castle_side < 0 && kind != VS_MOVE_CASTLE && capture_mark != capture)
        *warning = capture ? "capture written with “-”" : "“x” written for a move that captures nothing";
      else if (check_mark != cs)
        *warning = check_mark == 0 ? "check mark missing" : "wrong check mark";
    }
  *out = found;
  return TRUE;
}
