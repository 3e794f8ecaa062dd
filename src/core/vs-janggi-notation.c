/* vs-janggi-notation.c — Janggi's move notations (RULES.md §4.11, issue 18):
 * Western SAN and UCI, the gibo records' notation, and the Korean display
 * notations.  The gibo reader reads back every spelling written here.
 *
 * Korean display notations (issue 18):
 *
 * Korean coordinates are those of the gibo records (RULES.md §4.11): a point
 * is two digits, first the row counted from Han's side (1–9, 0 = row 10 =
 * Cho's back rank), then the file 1–9 from Cho's left; a move is
 * <from><piece><to>, e.g. 79졸78 (i4→h4).  Two scripts for the piece:
 *   VS_NOTATION_KOREAN        Hangul  궁 사 마 상 차 포 졸/병  (79졸78)
 *   VS_NOTATION_KOREAN_HANJA  Hanja   將 士 馬 象 車 包 卒/兵  (79卒78)
 * The soldier is 졸/卒 for Cho and 병/兵 for Han.  A pass is 한수쉼.
 * Both read back with the gibo reader (below), which accepts every
 * spelling written here. */
#include "config.h"
#include "vs-janggi-private.h"

#include <glib/gi18n.h>

/* ---- Notation ------------------------------------------------------------------------------------------ */

static const char *const san_letters[] = { "", "K", "A", "H", "E", "R", "C", "P" };

/* Canonical GIBO pieces: Hanja, per side only where the pieces differ
 * (卒 Cho's soldier, 兵 Han's).  Both Kings are written 將, as the Hanja gibo
 * files do ("95將05"): there 楚/漢 are side prefixes ("95楚將05"), so a King
 * written 楚 would be misread by readers that take it for a prefix.  The
 * reader accepts 楚/漢 (and 초/한) alone as the King too. */
static const char *const gibo_hanja[2][8] = {
  { "", "將", "士", "馬", "象", "車", "包", "卒" },
  { "", "將", "士", "馬", "象", "車", "包", "兵" },
};

#define GIBO_PASS "한수쉼"

/* "e2", "a10": file letter, rank 1–10 (vs_square_name's form, without
 * its printf: record reading writes two per move). */
static void
square_name (int sq, char out[8])
{
  int rank = RANK_OF (sq) + 1;
  char *o = out;
  *o++ = 'a' + FILE_OF (sq);
  if (rank >= 10)
    *o++ = '1';
  *o++ = '0' + rank % 10;
  *o = '\0';
}

static int
square_parse (const char *s, int *consumed)
{
  static const VsGeometry geom = { NFILES, NRANKS, 1, 1 };
  return vs_square_parse (&geom, s, consumed);
}


/* Check mark for the move: "", "+" or "#". */
static const char *
check_mark (const VsPosition *pos, VsMove m)
{
  VsMoveEffects fx;
  janggi_effects (pos, m, &fx);
  if (!fx.gives_check)
    return "";
  VsPosition copy = *pos;
  VsUndo u;
  janggi_make (&copy, m, &u);
  return janggi_count_legal (&copy) == 0 ? "#" : "+";
}

static void
write_san (const VsPosition *pos, VsMove m, char out[VS_MOVE_TEXT_MAX])
{
  char sq[8], from_sq[8];
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  if (VS_MOVE_KIND (m) == VS_MOVE_PASS)
    {
      square_name (janggi_king_square (pos), sq);
      g_snprintf (out, VS_MOVE_TEXT_MAX, "K%s", sq);
      return;
    }
  VsPiece p = pos->board[from];
  int type = TYPE (p);
  /* the side's other pieces of the type that can go to `to` as well (one
   * piece's generation each, not the whole side's) */
  const JPriv *pv = CPRIV (pos);
  gboolean others = FALSE, same_file = FALSE, same_rank = FALSE;
  for (int i = 0; i < pv->count[pos->side]; i++)
    {
      int f2 = pv->list[pos->side][i];
      if (f2 == from || TYPE (pos->board[f2]) != type ||
          !could_reach (T_CONST, type, pos->side, f2, to) || janggi_gen_only (pos, f2, to, NULL) == 0)
        continue;
      others = TRUE;
      if (FILE_OF (f2) == FILE_OF (from))
        same_file = TRUE;
      if (RANK_OF (f2) == RANK_OF (from))
        same_rank = TRUE;
    }
  char dis[8] = "";
  square_name (from, from_sq);
  if (others)
    {
      if (!same_file)
        dis[0] = from_sq[0], dis[1] = '\0';
      else if (!same_rank)
        strcpy (dis, from_sq + 1);
      else
        strcpy (dis, from_sq);
    }
  square_name (to, sq);
  /* letter, disambiguation, capture, square, check mark: at most 1+3+1+3+1
   * bytes, no printf (record reading writes one SAN per move) */
  char *o = out;
  o = g_stpcpy (o, san_letters[type]);
  o = g_stpcpy (o, dis);
  if (pos->board[to])
    *o++ = 'x';
  o = g_stpcpy (o, sq);
  strcpy (o, check_mark (pos, m));
}

/* GIBO point: row from Han's side (1–9, 0 = Cho's back rank), file 1–9. */
static void
gibo_point (int sq, char out[3])
{
  out[0] = '0' + (NRANKS - RANK_OF (sq)) % 10;
  out[1] = '1' + FILE_OF (sq);
  out[2] = '\0';
}

void
janggi_write_move (const VsPosition *pos, VsMove m, VsNotation n, char out[VS_MOVE_TEXT_MAX])
{
  char a[8], b[8];
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  switch (n)
    {
    case VS_NOTATION_SAN:
      write_san (pos, m, out);
      return;
    case VS_NOTATION_KOREAN:
    case VS_NOTATION_KOREAN_HANJA:
      vs_janggi_write_korean (pos, m, n, out);
      return;
    case VS_NOTATION_GIBO:
      if (VS_MOVE_KIND (m) == VS_MOVE_PASS)
        {
          g_strlcpy (out, GIBO_PASS, VS_MOVE_TEXT_MAX);
          return;
        }
      gibo_point (from, a);
      gibo_point (to, b);
      g_snprintf (out, VS_MOVE_TEXT_MAX, "%s%s%s", a,
                  gibo_hanja[pos->side][TYPE (pos->board[from])], b);
      return;
    case VS_NOTATION_UCI:
    default:
      if (VS_MOVE_KIND (m) == VS_MOVE_PASS)
        from = to = janggi_king_square (pos);
      square_name (from, a);
      square_name (to, b);
      g_snprintf (out, VS_MOVE_TEXT_MAX, "%s%s", a, b);
      return;
    }
}

static gboolean
move_error (GError **error, int code, const char *text)
{
  switch (code)
    {
    case VS_CORE_ERROR_ILLEGAL_MOVE:
      g_set_error (error, VS_CORE_ERROR, code, _("The move “%s” is not legal in this position"), text);
      break;
    case VS_CORE_ERROR_AMBIGUOUS_MOVE:
      g_set_error (error, VS_CORE_ERROR, code, _("The move “%s” is ambiguous: give the file or rank it comes from"), text);
      break;
    default:
      g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_BAD_MOVE, _("“%s” is not a Janggi move"), text);
      break;
    }
  return FALSE;
}

static gboolean
find_pass (const VsPosition *pos, VsMove *out)
{
  int k = janggi_king_square (pos);
  return janggi_find_move_any (pos, k, k, out);
}

static gboolean
is_pass_word (const char *s)
{
  return strcmp (s, "@@@@") == 0 || strcmp (s, "0000") == 0 ||
         g_ascii_strcasecmp (s, "pass") == 0;
}

/* "h1g3", "e2e2"; returns -1 if the text has not that form, else TRUE/FALSE
 * for found/not legal. */
static int
parse_uci (const VsPosition *pos, const char *s, VsMove *out)
{
  int c1, c2;
  int from = square_parse (s, &c1);
  if (from < 0 || !g_ascii_islower (s[0]))
    return -1;
  int to = square_parse (s + c1, &c2);
  if (to < 0 || !g_ascii_islower (s[c1]) || s[c1 + c2] != '\0')
    return -1;
  return janggi_find_move_any (pos, from, to, out);
}

static char *
strip_move_text (const char *text)
{
  char *s = g_strstrip (g_strdup (text));
  return s;
}

static gboolean
parse_san (const VsPosition *pos, const char *text, VsMove *out,
           const char **warning, GError **error)
{
  g_autofree char *s = strip_move_text (text);
  size_t len = strlen (s);
  gboolean mark_check = FALSE, mark_mate = FALSE;
  while (len > 0 && strchr ("+#!?", s[len - 1]))
    {
      if (s[len - 1] == '+')
        mark_check = TRUE;
      if (s[len - 1] == '#')
        mark_mate = TRUE;
      s[--len] = '\0';
    }
  if (len == 0)
    return move_error (error, VS_CORE_ERROR_BAD_MOVE, text);
  if (is_pass_word (s))
    return find_pass (pos, out) ? TRUE : move_error (error, VS_CORE_ERROR_ILLEGAL_MOVE, text);

  VsMove m = VS_MOVE_NONE;
  int r = parse_uci (pos, s, &m);
  if (r == 0)
    return move_error (error, VS_CORE_ERROR_ILLEGAL_MOVE, text);
  if (r < 0)
    {
      const char *p = s;
      int type = janggi_letter_type (*p);
      if (type && g_ascii_isupper (*p))
        p++;
      else if (*p >= 'a' && *p <= 'i')
        type = SOLDIER;
      else
        return move_error (error, VS_CORE_ERROR_BAD_MOVE, text);
      /* the rest without capture marks */
      char rest[32];
      int rl = 0;
      for (; *p; p++)
        {
          if (*p == 'x' || *p == ':' || *p == '-')
            continue;
          if (rl >= (int) sizeof rest - 1)
            return move_error (error, VS_CORE_ERROR_BAD_MOVE, text);
          rest[rl++] = *p;
        }
      rest[rl] = '\0';
      /* destination: the last point that runs to the end */
      int to = -1, start = -1;
      for (int j = rl - 1; j >= 0; j--)
        {
          int used;
          if (rest[j] >= 'a' && rest[j] <= 'i')
            {
              int sq = square_parse (rest + j, &used);
              if (sq >= 0 && j + used == rl)
                {
                  to = sq;
                  start = j;
                }
              break;
            }
        }
      if (to < 0)
        return move_error (error, VS_CORE_ERROR_BAD_MOVE, text);
      int dfile = -1, drank = -1, j = 0;
      if (j < start && rest[j] >= 'a' && rest[j] <= 'i')
        dfile = rest[j++] - 'a';
      if (j < start && g_ascii_isdigit (rest[j]))
        {
          drank = 0;
          while (j < start && g_ascii_isdigit (rest[j]))
            drank = drank * 10 + (rest[j++] - '0');
          if (drank < 1 || drank > NRANKS)
            return move_error (error, VS_CORE_ERROR_BAD_MOVE, text);
          drank--;
        }
      if (j != start)
        return move_error (error, VS_CORE_ERROR_BAD_MOVE, text);

      VsMove moves[VS_MAX_MOVES];
      int n = janggi_generate (pos, VS_GEN_ALL, moves), found = 0;
      int k = janggi_king_square (pos);
      for (int i = 0; i < n; i++)
        {
          VsMove mv = moves[i];
          int f = VS_MOVE_FROM (mv), t = VS_MOVE_TO (mv);
          if (VS_MOVE_KIND (mv) == VS_MOVE_PASS)
            {
              if (type == KING && to == k && dfile < 0 && drank < 0)
                {
                  m = mv;
                  found++;
                }
              continue;
            }
          if (t != to || TYPE (pos->board[f]) != type)
            continue;
          if ((dfile >= 0 && FILE_OF (f) != dfile) || (drank >= 0 && RANK_OF (f) != drank))
            continue;
          m = mv;
          found++;
        }
      if (found == 0)
        return move_error (error, VS_CORE_ERROR_ILLEGAL_MOVE, text);
      if (found > 1)
        return move_error (error, VS_CORE_ERROR_AMBIGUOUS_MOVE, text);
    }
  if (mark_check || mark_mate)
    {
      const char *mark = check_mark (pos, m);
      if ((mark_mate && strcmp (mark, "#") != 0) || (!mark_mate && strcmp (mark, "+") != 0))
        *warning = "check mark does not match the move";
    }
  *out = m;
  return TRUE;
}

/* ---- GIBO tokens ---- */

typedef struct {
  const char *text;
  int type;     /* piece type, or 0 for a side marker only */
  int side;     /* -1 any, else the colour it names */
} GiboWord;

static const GiboWord gibo_pieces[] = {
  { "將", KING, -1 }, { "장", KING, -1 }, { "궁", KING, -1 }, { "王", KING, -1 },
  { "帥", KING, -1 },
  { "士", GUARD, -1 }, { "사", GUARD, -1 }, { "仕", GUARD, -1 },
  { "馬", HORSE, -1 }, { "마", HORSE, -1 },
  { "象", ELEPHANT, -1 }, { "상", ELEPHANT, -1 }, { "相", ELEPHANT, -1 },
  { "車", CHARIOT, -1 }, { "차", CHARIOT, -1 }, { "俥", CHARIOT, -1 },
  { "包", CANNON, -1 }, { "포", CANNON, -1 }, { "砲", CANNON, -1 }, { "炮", CANNON, -1 },
  { "卒", SOLDIER, -1 }, { "졸", SOLDIER, -1 }, { "兵", SOLDIER, -1 }, { "병", SOLDIER, -1 },
};

static const GiboWord gibo_sides[] = {
  { "楚", KING, VS_WHITE }, { "초", KING, VS_WHITE },
  { "漢", KING, VS_BLACK }, { "한", KING, VS_BLACK },
};

static const GiboWord *
gibo_word (const char *p, const GiboWord *set, int n, int *len)
{
  for (int i = 0; i < n; i++)
    {
      size_t l = strlen (set[i].text);
      if (strncmp (p, set[i].text, l) == 0)
        {
          *len = (int) l;
          return &set[i];
        }
    }
  return NULL;
}

/* A GIBO point: "79" (row from Han's side, 0 = Cho's back rank; file 1–9)
 * or Kakao's "i3" (file letter, row 0–9 from Cho's back rank). */
static int
gibo_parse_point (const char *p, int *len)
{
  if (g_ascii_isdigit (p[0]) && p[1] >= '1' && p[1] <= '9')
    {
      int row = p[0] - '0';
      *len = 2;
      return SQ (p[1] - '1', row == 0 ? 0 : NRANKS - row);
    }
  char f = g_ascii_tolower (p[0]);
  if (f >= 'a' && f <= 'i' && g_ascii_isdigit (p[1]) && !g_ascii_isdigit (p[2]))
    {
      *len = 2;
      return SQ (f - 'a', p[1] - '0');
    }
  return -1;
}

static gboolean
parse_gibo (const VsPosition *pos, const char *text, VsMove *out,
            const char **warning, GError **error)
{
  g_autofree char *s = strip_move_text (text);
  const char *p = s;
  int len;

  if (g_str_has_prefix (p, "한수쉼") || g_str_has_prefix (p, "한수 쉼") || strcmp (p, "쉼") == 0 ||
      is_pass_word (p))
    return find_pass (pos, out) ? TRUE : move_error (error, VS_CORE_ERROR_ILLEGAL_MOVE, text);

  int from = gibo_parse_point (p, &len);
  if (from < 0)
    return move_error (error, VS_CORE_ERROR_BAD_MOVE, text);
  p += len;
  while (*p == ' ')
    p++;
  int side = -1, type = 0;
  const GiboWord *w = gibo_word (p, gibo_sides, G_N_ELEMENTS (gibo_sides), &len);
  if (w)
    {
      side = w->side;
      p += len;
      const GiboWord *w2 = gibo_word (p, gibo_pieces, G_N_ELEMENTS (gibo_pieces), &len);
      if (w2)
        {
          type = w2->type;
          p += len;
        }
      else
        type = KING;   /* 楚 / 漢 alone name the King */
    }
  else
    {
      w = gibo_word (p, gibo_pieces, G_N_ELEMENTS (gibo_pieces), &len);
      if (!w)
        return move_error (error, VS_CORE_ERROR_BAD_MOVE, text);
      type = w->type;
      p += len;
    }
  while (*p == ' ')
    p++;
  int to = gibo_parse_point (p, &len);
  if (to < 0)
    return move_error (error, VS_CORE_ERROR_BAD_MOVE, text);
  p += len;
  /* optional suffixes: captured piece (with or without side), 타, 장군 / 멍군 */
  int captured_type = 0;
  while (*p)
    {
      if (*p == ' ' || *p == '+' || *p == '#' || *p == '!' || *p == '?')
        p++;
      else if (g_str_has_prefix (p, "장군") || g_str_has_prefix (p, "멍군"))
        p += strlen ("장군");
      else if (g_str_has_prefix (p, "타"))
        p += strlen ("타");
      else if ((w = gibo_word (p, gibo_pieces, G_N_ELEMENTS (gibo_pieces), &len)) ||
               (w = gibo_word (p, gibo_sides, G_N_ELEMENTS (gibo_sides), &len)))
        {
          if (w->side < 0 || captured_type == 0)
            captured_type = w->type;
          p += len;
        }
      else
        return move_error (error, VS_CORE_ERROR_BAD_MOVE, text);
    }

  VsPiece piece = pos->board[from];
  if (!piece || COLOR (piece) != pos->side || TYPE (piece) != type ||
      (side >= 0 && side != pos->side))
    return move_error (error, VS_CORE_ERROR_ILLEGAL_MOVE, text);
  if (!janggi_find_move_any (pos, from, to, out))
    return move_error (error, VS_CORE_ERROR_ILLEGAL_MOVE, text);
  if (captured_type && (!pos->board[to] || TYPE (pos->board[to]) != captured_type))
    *warning = "captured piece does not match the position";
  return TRUE;
}

gboolean
janggi_parse_move (const VsPosition *pos, const char *text, VsNotation n,
                   VsMove *out, const char **warning, GError **error)
{
  const char *w = NULL;
  gboolean ok;
  g_return_val_if_fail (text != NULL, FALSE);
  if (n == VS_NOTATION_UCI)
    {
      g_autofree char *s = strip_move_text (text);
      if (is_pass_word (s))
        ok = find_pass (pos, out) ? TRUE : move_error (error, VS_CORE_ERROR_ILLEGAL_MOVE, text);
      else
        {
          int r = parse_uci (pos, s, out);
          ok = r > 0 ? TRUE : move_error (error, r == 0 ? VS_CORE_ERROR_ILLEGAL_MOVE
                                                        : VS_CORE_ERROR_BAD_MOVE, text);
        }
    }
  else if (n == VS_NOTATION_GIBO || n == VS_NOTATION_KOREAN || n == VS_NOTATION_KOREAN_HANJA)
    ok = parse_gibo (pos, text, out, &w, error);
  else
    ok = parse_san (pos, text, out, &w, error);
  if (warning)
    *warning = w;
  return ok;
}

/* ---- Korean display notations ------------------------------------------------ */

static const char *const korean_hangul[2][8] = {
  { "", "궁", "사", "마", "상", "차", "포", "졸" },
  { "", "궁", "사", "마", "상", "차", "포", "병" },
};

static const char *const korean_hanja[2][8] = {
  { "", "將", "士", "馬", "象", "車", "包", "卒" },
  { "", "將", "士", "馬", "象", "車", "包", "兵" },
};

const VsNotationInfo vs_janggi_notations[VS_JANGGI_N_NOTATIONS] = {
  { "san", N_("Western algebraic (SAN)"), "Hc3", VS_NOTATION_SAN },
  { "korean-hangul", N_("Korean coordinates, Hangul pieces"), "79졸78", VS_NOTATION_KOREAN },
  { "korean-hanja", N_("Korean coordinates, Hanja pieces"), "79卒78", VS_NOTATION_KOREAN_HANJA },
};

static void
point (int sq, char out[3])
{
  out[0] = '0' + (NRANKS - sq / NFILES) % 10;
  out[1] = '1' + sq % NFILES;
  out[2] = '\0';
}

void
vs_janggi_write_korean (const VsPosition *pos, VsMove m, VsNotation n,
                        char out[VS_MOVE_TEXT_MAX])
{
  if (VS_MOVE_KIND (m) == VS_MOVE_PASS)
    {
      g_strlcpy (out, "한수쉼", VS_MOVE_TEXT_MAX);
      return;
    }
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  int type = VS_PIECE_TYPE (pos->board[from]);
  if (type < 1 || type > 7)
    type = 0;
  const char *const (*names)[8] = n == VS_NOTATION_KOREAN_HANJA ? korean_hanja : korean_hangul;
  char a[3], b[3];
  point (from, a);
  point (to, b);
  g_snprintf (out, VS_MOVE_TEXT_MAX, "%s%s%s", a, names[pos->side & 1][type], b);
}
