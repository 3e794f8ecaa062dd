/* vs-crazyhouse-notation.c — Crazyhouse's move notations: PGN SAN (written
 * canonically, read tolerantly as src/core/RULES.md §5 says) and UCI
 * ("e2e4", "e7e8q", "N@f3"). */
#include "vs-crazyhouse-private.h"

#include <glib/gi18n.h>


static const char piece_chars[] = " PNBRQK";

static int
piece_type_from_char (char c)
{
  const char *p = strchr (piece_chars + 1, g_ascii_toupper (c));
  return (p && c) ? (int) (p - piece_chars) : 0;
}

/* ---- Notation ------------------------------------------------------------------------------ */

static void
square_name (int sq, char *out)
{
  out[0] = 'a' + (sq & 7);
  out[1] = '1' + (sq >> 3);
  out[2] = '\0';
}

static int
parse_square (const char *s)
{
  if (s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8')
    return (s[1] - '1') * 8 + (s[0] - 'a');
  return -1;
}

/* The piece type a legal move moves (the pawn for a promotion). */
static int
moving_type (const VsPosition *pos, VsMove m)
{
  if (VS_MOVE_KIND (m) == VS_MOVE_DROP)
    return VS_MOVE_PIECE (m);
  return VS_PIECE_TYPE (pos->board[VS_MOVE_FROM (m)]);
}

static gboolean
is_capture (const VsPosition *pos, VsMove m)
{
  VsMoveKind k = VS_MOVE_KIND (m);
  return k == VS_MOVE_EN_PASSANT || (k != VS_MOVE_DROP && k != VS_MOVE_CASTLE && pos->board[VS_MOVE_TO (m)]);
}

/* "", "+" or "#" for a legal move. */
static const char *
check_suffix (const VsPosition *pos, VsMove m)
{
  const uint64_t c = zh_checkers_after (pos, m);
  if (!c)
    return "";
  /* a single distant check that the checked side can block with a drop:
   * not mate (a drop never uncovers its own king); the move changes only
   * the mover's hand */
  if (!(c & (c - 1)))
    {
      const uint8_t *h = pos->hand[pos->side ^ 1];
      const uint64_t bt = between (CZB (pos)->king[pos->side ^ 1], lsb (c));
      if (bt && (h[ZH_KNIGHT] || h[ZH_BISHOP] || h[ZH_ROOK] || h[ZH_QUEEN] ||
                 (h[ZH_PAWN] && (bt & ~(RANK_1 | RANK_8)))))
        return "+";
    }
  /* a check: play it on a copy */
  VsPosition after = *pos;
  VsUndo u;
  zh_make (&after, m, &u);
  return zh_count_legal (&after) ? "+" : "#";
}

static void
write_uci (VsMove m, char *out)
{
  char a[3], b[3];
  square_name (VS_MOVE_TO (m), b);
  if (VS_MOVE_KIND (m) == VS_MOVE_DROP)
    {
      g_snprintf (out, VS_MOVE_TEXT_MAX, "%c@%s", piece_chars[VS_MOVE_PIECE (m)], b);
      return;
    }
  square_name (VS_MOVE_FROM (m), a);
  if (VS_MOVE_KIND (m) == VS_MOVE_PROMOTION)
    g_snprintf (out, VS_MOVE_TEXT_MAX, "%s%s%c", a, b, g_ascii_tolower (piece_chars[VS_MOVE_PIECE (m)]));
  else
    g_snprintf (out, VS_MOVE_TEXT_MAX, "%s%s", a, b);
}

static void
write_san (const VsPosition *pos, VsMove m, char *out)
{
  GString *s = g_string_sized_new (16);
  const int to = VS_MOVE_TO (m);
  char sq[3];
  square_name (to, sq);
  switch (VS_MOVE_KIND (m))
    {
    case VS_MOVE_CASTLE:
      g_string_append (s, (to & 7) == 6 ? "O-O" : "O-O-O");
      break;
    case VS_MOVE_DROP:
      g_string_append_printf (s, "%c@%s", piece_chars[VS_MOVE_PIECE (m)], sq);
      break;
    default:
      {
        const int from = VS_MOVE_FROM (m);
        const int type = moving_type (pos, m);
        if (type == ZH_PAWN)
          {
            if (is_capture (pos, m))
              g_string_append_printf (s, "%cx", 'a' + (from & 7));
            g_string_append (s, sq);
            if (VS_MOVE_KIND (m) == VS_MOVE_PROMOTION)
              g_string_append_printf (s, "=%c", piece_chars[VS_MOVE_PIECE (m)]);
            break;
          }
        g_string_append_c (s, piece_chars[type]);
        /* minimal disambiguation: file, else rank, else both */
        VsMove moves[VS_MAX_MOVES];
        int n = zh_generate_to (pos, to, 1u << type, moves);
        gboolean other = FALSE, same_file = FALSE, same_rank = FALSE;
        for (int i = 0; i < n; i++)
          {
            VsMove o = moves[i];
            if (VS_MOVE_KIND (o) == VS_MOVE_DROP || VS_MOVE_KIND (o) == VS_MOVE_CASTLE ||
                VS_MOVE_TO (o) != to || VS_MOVE_FROM (o) == from || moving_type (pos, o) != type)
              continue;
            other = TRUE;
            if ((VS_MOVE_FROM (o) & 7) == (from & 7))
              same_file = TRUE;
            if ((VS_MOVE_FROM (o) >> 3) == (from >> 3))
              same_rank = TRUE;
          }
        if (other)
          {
            if (!same_file)
              g_string_append_c (s, 'a' + (from & 7));
            else if (!same_rank)
              g_string_append_c (s, '1' + (from >> 3));
            else
              g_string_append_printf (s, "%c%c", 'a' + (from & 7), '1' + (from >> 3));
          }
        if (is_capture (pos, m))
          g_string_append_c (s, 'x');
        g_string_append (s, sq);
      }
      break;
    }
  g_string_append (s, check_suffix (pos, m));
  g_strlcpy (out, s->str, VS_MOVE_TEXT_MAX);
  g_string_free (s, TRUE);
}

void
zh_write_move (const VsPosition *pos, VsMove m, VsNotation n, char out[VS_MOVE_TEXT_MAX])
{
  if (n == VS_NOTATION_SAN)
    write_san (pos, m, out);
  else
    write_uci (m, out);
}

static gboolean
bad_move (GError **error, const char *text, VsNotation n)
{
  g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_BAD_MOVE,
               n == VS_NOTATION_SAN ? _("“%s” is not a move in algebraic notation")
                                    : _("“%s” is not a move in UCI notation"),
               text);
  return FALSE;
}

static gboolean
illegal_move (GError **error, const char *text)
{
  g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_ILLEGAL_MOVE,
               _("“%s” is not a legal move in this position"), text);
  return FALSE;
}

static gboolean
parse_uci (const VsPosition *pos, const char *text, VsMove *out, GError **error)
{
  VsMove moves[VS_MAX_MOVES];
  int n = zh_generate (pos, VS_GEN_ALL, moves);
  size_t len = strlen (text);

  if (len == 4 && text[1] == '@')
    {
      int t = piece_type_from_char (text[0]);
      int to = parse_square (text + 2);
      if (t == 0 || t == ZH_KING || to < 0)
        return bad_move (error, text, VS_NOTATION_UCI);
      for (int i = 0; i < n; i++)
        if (VS_MOVE_KIND (moves[i]) == VS_MOVE_DROP && VS_MOVE_TO (moves[i]) == to &&
            VS_MOVE_PIECE (moves[i]) == t)
          {
            *out = moves[i];
            return TRUE;
          }
      return illegal_move (error, text);
    }
  int from = len >= 4 ? parse_square (text) : -1;
  int to = len >= 4 ? parse_square (text + 2) : -1;
  int promo = 0;
  if (from < 0 || to < 0 || len > 5)
    return bad_move (error, text, VS_NOTATION_UCI);
  if (len == 5)
    {
      promo = piece_type_from_char (text[4]);
      if (promo < ZH_KNIGHT || promo > ZH_QUEEN)
        return bad_move (error, text, VS_NOTATION_UCI);
    }
  gboolean promotion_needed = FALSE;
  for (int i = 0; i < n; i++)
    {
      VsMove m = moves[i];
      if (VS_MOVE_KIND (m) == VS_MOVE_DROP || VS_MOVE_FROM (m) != from)
        continue;
      int mto = VS_MOVE_TO (m);
      if (VS_MOVE_KIND (m) == VS_MOVE_CASTLE && promo == 0)
        {
          /* also the king-takes-rook form e1h1 / e1a1 */
          int rf, rt;
          zh_castle_rook_squares (mto, &rf, &rt);
          if (to == mto || to == rf)
            {
              *out = m;
              return TRUE;
            }
          continue;
        }
      if (mto != to)
        continue;
      if (VS_MOVE_KIND (m) == VS_MOVE_PROMOTION)
        {
          if (promo == 0)
            promotion_needed = TRUE;
          else if (VS_MOVE_PIECE (m) == promo)
            {
              *out = m;
              return TRUE;
            }
        }
      else if (promo == 0)
        {
          *out = m;
          return TRUE;
        }
    }
  if (promotion_needed)
    {
      g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_AMBIGUOUS_MOVE,
                   _("“%s” does not say which piece the pawn promotes to"), text);
      return FALSE;
    }
  return illegal_move (error, text);
}

/* One reading of a SAN text: piece type (0 = pawn), origin constraints,
 * destination, promotion (0 = none given). */
typedef struct {
  int type;
  int from_file, from_rank;   /* -1 if not given */
  int to;
  int promo;
} SanPattern;

static int
match_pattern (const VsPosition *pos, const VsMove *moves, int n, const SanPattern *p,
               VsMove *found, gboolean *promotion_needed)
{
  int count = 0;
  for (int i = 0; i < n; i++)
    {
      VsMove m = moves[i];
      VsMoveKind k = VS_MOVE_KIND (m);
      if (k == VS_MOVE_DROP || VS_MOVE_TO (m) != p->to || moving_type (pos, m) != p->type)
        continue;
      int from = VS_MOVE_FROM (m);
      if ((p->from_file >= 0 && (from & 7) != p->from_file) ||
          (p->from_rank >= 0 && (from >> 3) != p->from_rank))
        continue;
      if (k == VS_MOVE_PROMOTION)
        {
          if (p->promo == 0)
            {
              *promotion_needed = TRUE;
              continue;
            }
          if (VS_MOVE_PIECE (m) != p->promo)
            continue;
        }
      else if (p->promo)
        continue;
      if (count == 0 || VS_MOVE_CORE (*found) != VS_MOVE_CORE (m))
        {
          *found = m;
          count++;
        }
    }
  return count;
}

static gboolean
parse_san (const VsPosition *pos, const char *text, VsMove *out, const char **warning,
           GError **error)
{
  /* the text without surrounding white space (as g_strstrip would) */
  char buf[VS_MOVE_TEXT_MAX];
  const char *src = text;
  while (g_ascii_isspace (*src))
    src++;
  int len = 0;
  while (src[len] && len < (int) sizeof buf - 1)
    {
      buf[len] = src[len];
      len++;
    }
  while (len > 0 && g_ascii_isspace (buf[len - 1]))
    len--;
  buf[len] = '\0';
  int checks = 0, mates = 0;

  /* Suffixes: glyphs, check marks, "e.p." */
  for (;;)
    {
      while (len > 0 && strchr ("!?+# \t", buf[len - 1]))
        {
          if (buf[len - 1] == '+')
            checks++;
          else if (buf[len - 1] == '#')
            mates++;
          buf[--len] = '\0';
        }
      const char last = len > 2 ? g_ascii_tolower (buf[len - 1]) : '\0';
      if (last != '.' && last != 'p')
        break;
      if (len > 4 && g_ascii_strcasecmp (buf + len - 4, "e.p.") == 0)
        buf[len -= 4] = '\0';
      else if (len > 2 && g_ascii_strcasecmp (buf + len - 2, "ep") == 0 &&
               (g_ascii_isdigit (buf[len - 3]) || buf[len - 3] == ' '))
        buf[len -= 2] = '\0';
      else
        break;
    }
  if (len == 0)
    return bad_move (error, text, VS_NOTATION_SAN);

  /* the legal moves: all of them for castling, else those to the one
   * destination square (zh_generate_to) */
  VsMove moves[VS_MAX_MOVES];
  int n;
  VsMove found = VS_MOVE_NONE;
  int count = 0;
  gboolean promotion_needed = FALSE;

  /* Castling, also with zeros and lower case. */
  char norm[VS_MOVE_TEXT_MAX] = "";
  if (buf[0] == 'O' || buf[0] == '0' || buf[0] == 'o')
    for (int i = 0; i <= len; i++)
      norm[i] = (buf[i] == '0' || buf[i] == 'o') ? 'O' : buf[i];
  if (strcmp (norm, "O-O") == 0 || strcmp (norm, "O-O-O") == 0)
    {
      int file = len == 3 ? 6 : 2;
      n = zh_generate (pos, VS_GEN_ALL, moves);
      for (int i = 0; i < n; i++)
        if (VS_MOVE_KIND (moves[i]) == VS_MOVE_CASTLE && (VS_MOVE_TO (moves[i]) & 7) == file)
          {
            found = moves[i];
            count = 1;
          }
      if (count == 0)
        return illegal_move (error, text);
    }
  else if (strchr (buf, '@'))
    {
      /* Drops: "N@f3", "n@f3", "P@e4" and the bare "@g4" of 2016 exports. */
      const char *at = strchr (buf, '@');
      int t = ZH_PAWN;
      if (at - buf == 1)
        t = piece_type_from_char (buf[0]);
      else if (at != buf)
        t = 0;
      int to = parse_square (at + 1);
      if (t == 0 || t == ZH_KING || to < 0 || at[3] != '\0')
        return bad_move (error, text, VS_NOTATION_SAN);
      n = zh_generate_to (pos, to, 1u << t, moves);
      for (int i = 0; i < n; i++)
        if (VS_MOVE_KIND (moves[i]) == VS_MOVE_DROP && VS_MOVE_TO (moves[i]) == to &&
            VS_MOVE_PIECE (moves[i]) == t)
          {
            found = moves[i];
            count = 1;
          }
      if (count == 0)
        return illegal_move (error, text);
    }
  else
    {
      /* [piece][file][rank][x|-|:]square[=|/][promotion] */
      int promo = 0, end = len;
      if (end >= 3 && strchr ("QRBNqrbn", buf[end - 1]) &&
          (buf[end - 2] == '=' || buf[end - 2] == '/' || g_ascii_isdigit (buf[end - 2])))
        {
          promo = piece_type_from_char (buf[end - 1]);
          end--;
          if (buf[end - 1] == '=' || buf[end - 1] == '/')
            end--;
        }
      else if (end >= 4 && buf[end - 1] == ')' && buf[end - 3] == '(' &&
               strchr ("QRBNqrbn", buf[end - 2]))
        {
          promo = piece_type_from_char (buf[end - 2]);
          end -= 3;
        }
      if (end < 2)
        return bad_move (error, text, VS_NOTATION_SAN);
      int to = parse_square (buf + end - 2);
      if (to < 0)
        return bad_move (error, text, VS_NOTATION_SAN);
      /* what precedes the destination, without capture marks */
      char pre[VS_MOVE_TEXT_MAX];
      int np = 0;
      for (int i = 0; i < end - 2; i++)
        if (buf[i] != 'x' && buf[i] != 'X' && buf[i] != ':' && buf[i] != '-')
          pre[np++] = buf[i];
      pre[np] = '\0';

      SanPattern pats[2];
      int n_pats = 0;
      /* a leading piece letter: upper case always, lower case when it cannot
       * be a file (n, r, q, k); "b" is read as a file first, then as a
       * bishop */
      int lead = piece_type_from_char (pre[0]);
      gboolean as_piece = np > 0 && lead && (g_ascii_isupper (pre[0]) || pre[0] != 'b');
      gboolean both = np > 0 && pre[0] == 'b';
      for (int reading = 0; reading < 2; reading++)
        {
          gboolean piece = reading == 0 ? as_piece : both;
          if (reading == 1 && !both)
            break;
          SanPattern p = { piece ? lead : ZH_PAWN, -1, -1, to, promo };
          const char *d = pre + (piece ? 1 : 0);
          gboolean ok = TRUE;
          if (d[0] >= 'a' && d[0] <= 'h')
            p.from_file = *d++ - 'a';
          if (d[0] >= '1' && d[0] <= '8')
            p.from_rank = *d++ - '1';
          if (*d != '\0')
            ok = FALSE;
          if (p.type != ZH_PAWN && promo)
            ok = FALSE;
          if (ok)
            pats[n_pats++] = p;
        }
      if (n_pats == 0)
        return bad_move (error, text, VS_NOTATION_SAN);
      unsigned types = 0;
      for (int k = 0; k < n_pats; k++)
        types |= 1u << pats[k].type;
      n = zh_generate_to (pos, to, types, moves);
      /* the first reading that fits wins: a lower-case "b" is a pawn's file
       * as in standard SAN, and a bishop only when no pawn move fits */
      for (int k = 0; k < n_pats && count == 0; k++)
        count = match_pattern (pos, moves, n, &pats[k], &found, &promotion_needed);
      if (count == 0)
        {
          if (promotion_needed)
            {
              g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_AMBIGUOUS_MOVE,
                           _("“%s” does not say which piece the pawn promotes to"), text);
              return FALSE;
            }
          return illegal_move (error, text);
        }
    }
  if (count > 1)
    {
      g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_AMBIGUOUS_MOVE,
                   _("“%s” is ambiguous: more than one legal move fits"), text);
      return FALSE;
    }

  const char *mark = check_suffix (pos, found);
  if (mark[0] == '#' && mates == 0)
    *warning = checks ? "move mates but is marked as check" : "mate mark missing";
  else if (mark[0] == '+' && checks == 0)
    *warning = mates ? "move checks but is marked as mate" : "check mark missing";
  else if (mark[0] == '\0' && (checks || mates))
    *warning = "check mark on a move that does not check";
  *out = found;
  return TRUE;
}

gboolean
zh_parse_move (const VsPosition *pos, const char *text, VsNotation n,
               VsMove *out, const char **warning, GError **error)
{
  *warning = NULL;
  if (text == NULL || *text == '\0')
    return bad_move (error, "", n);
  if (n == VS_NOTATION_SAN)
    return parse_san (pos, text, out, warning, error);
  if (n == VS_NOTATION_UCI)
    {
      char buf[VS_MOVE_TEXT_MAX];
      g_strlcpy (buf, text, sizeof buf);
      g_strstrip (buf);
      return parse_uci (pos, buf, out, error);
    }
  g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_UNSUPPORTED,
               _("Crazyhouse has no such move notation"));
  return FALSE;
}
