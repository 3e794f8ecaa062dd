/* vs-chartima-notation.c — Chartima's two move notations.
 *
 * Record notation (VS_NOTATION_SAN) is the 棋譜 notation of RULES.md §2.11:
 * the writer gives the canonical spaced form (`P D3 - D4`, `B D2 x G5`,
 * `B E4 x I8 = nB`, `nB I8 x H9 & D`, `Pu E10 - E4 x E3`, `R A2 xx`, `O-O`,
 * then ` +`, ` ++` or ` #`).  The reader accepts any letter case, any
 * spacing (none included), `:` or `×` for `x`, a leading move number
 * (`12.`), omitted automatic parts (captured squares, `= nQ` of a compulsory
 * promotion, `& D`) and wrong check marks; anything that disagrees with the
 * move actually played is reported as a warning, never as an error.
 *
 * Engine notation (VS_NOTATION_UCI), chosen for this project:
 *   ordinary moves, captures of every kind, en passant:  from + to, e.g.
 *       `f3f5`, `e10e4` (squares lower case, ranks 1..10);
 *   pawn promotion:  + the chosen piece's position-string letter in lower
 *       case: `f7f8r`, `f7f8n`, `f7f8b`, `f7f8h` (Cannon);
 *   compulsory promotion of Q, C, A, R, N, B: no suffix (there is no choice);
 *   suicide of an immobilized piece:  the piece's square twice, `a2a2`
 *       (no other Chartima move has from = to; `a2a2x` is read too);
 *   castling:  the King's move, `f2i2` (O-O) or `f2c2` (O-O-O).
 * Every legal move has exactly one such text and reads back to itself. */
#include "config.h"
#include "vs-chartima.h"

#include <glib/gi18n.h>
#include <string.h>

static const VsGeometry ch_geom = { 10, 10, 1, 0 };

static void
append (char *out, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static void
append (char *out, const char *fmt, ...)
{
  size_t len = strlen (out);
  va_list ap;
  va_start (ap, fmt);
  g_vsnprintf (out + len, VS_MOVE_TEXT_MAX - len, fmt, ap);
  va_end (ap);
}

static const char *
sq_text (int sq, gboolean upper, char buf[4])
{
  g_snprintf (buf, 4, "%c%d", (upper ? 'A' : 'a') + CH_FILE (sq), CH_RANK (sq) + 1);
  return buf;
}

/* ---- Writers ------------------------------------------------------------------ */

static void
write_uci (const VsPosition *pos, VsMove m, char out[VS_MOVE_TEXT_MAX])
{
  char a[4], b[4];
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  g_snprintf (out, VS_MOVE_TEXT_MAX, "%s%s", sq_text (from, FALSE, a), sq_text (to, FALSE, b));
  if (VS_MOVE_KIND (m) == VS_MOVE_PROMOTION && VS_PIECE_TYPE (pos->board[from]) == CH_P)
    append (out, "%c", g_ascii_tolower (vs_ch_pieces[VS_MOVE_PIECE (m)].letter[0]));
}

/* Check suffix of the position after a move: "", "+", "++"… or "#". */
static void
check_suffix (ChBoard *after, char out[8])
{
  int n = ch_board_checkers (after);
  out[0] = '\0';
  if (n == 0)
    return;
  if (!ch_has_legal (after))
    {
      strcpy (out, "#");
      return;
    }
  int i;
  for (i = 0; i < n && i < 7; i++)
    out[i] = '+';
  out[i] = '\0';
}

/* Issue 18: the notations Chartima offers for showing moves. */
const VsNotationInfo vs_ch_notations[CH_N_NOTATIONS] = {
  { "record", N_("Record notation"), "P D3 - D4", VS_NOTATION_SAN },
  { "japanese", N_("Japanese piece names"), "歩兵 D3 - D4", VS_NOTATION_JAPANESE },
};

/* The piece's word: the record abbreviation, or (japanese) its Japanese
 * name of RULES.md §2.3. */
static const char *
piece_word (int type, gboolean japanese)
{
  return japanese ? vs_ch_pieces[type].name_ja : vs_ch_pieces[type].record;
}

static void
write_san (const VsPosition *pos, VsMove m, gboolean japanese, char out[VS_MOVE_TEXT_MAX])
{
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  VsMoveKind kind = VS_MOVE_KIND (m);
  VsPiece pc = pos->board[from];
  const char *abbr = piece_word (VS_PIECE_TYPE (pc), japanese);
  gboolean displacement = kind == VS_MOVE_EN_PASSANT ||
                          (kind != VS_MOVE_CASTLE && kind != VS_MOVE_SUICIDE && pos->board[to]);
  char a[4], b[4], c[4], chk[8];
  ChBoard cb;
  ChDone d;

  ch_board_from_pos (&cb, pos);
  ch_board_play (&cb, m, &d);
  out[0] = '\0';
  if (kind == VS_MOVE_CASTLE)
    append (out, "%s", to > from ? "O-O" : "O-O-O");
  else if (kind == VS_MOVE_SUICIDE)
    append (out, "%s %s xx", abbr, sq_text (from, TRUE, a));
  else
    {
      append (out, "%s %s %c %s", abbr, sq_text (from, TRUE, a), displacement ? 'x' : '-', sq_text (to, TRUE, b));
      if (!displacement)
        for (int i = 0; i < d.n; i++)
          append (out, " x %s", sq_text (d.sq[i], TRUE, c));
      if (kind == VS_MOVE_PROMOTION)
        append (out, " = %s", piece_word (VS_MOVE_PIECE (m), japanese));
      if (d.dog != VS_NO_SQUARE)
        append (out, " & %s", piece_word (CH_D, japanese));
    }
  check_suffix (&cb, chk);
  if (chk[0])
    append (out, " %s", chk);
}

void
ch_write_move (const VsPosition *pos, VsMove m, VsNotation n, char out[VS_MOVE_TEXT_MAX])
{
  if (n == VS_NOTATION_UCI)
    write_uci (pos, m, out);
  else
    write_san (pos, m, n == VS_NOTATION_JAPANESE, out);
}

/* ---- Readers ------------------------------------------------------------------- */

typedef struct {
  int piece;               /* type, 0 = not written */
  int from, to;
  int form;                /* 0 move, 1 suicide, 2 O-O, 3 O-O-O */
  int promo;               /* type, 0 = not written */
  char sep;                /* '-', 'x' or 0 */
  int ncap;
  int caps[VS_MAX_CAPTURES];
  gboolean dog;
} Cand;

static const struct { const char *tok; int type; } piece_tokens[] = {
  { "nq", CH_NQ }, { "nc", CH_NC }, { "na", CH_NA }, { "nr", CH_NR }, { "nn", CH_NN }, { "nb", CH_NB },
  { "+q", CH_NQ }, { "+c", CH_NC }, { "+a", CH_NA }, { "+r", CH_NR }, { "+n", CH_NN }, { "+b", CH_NB },
  { "ca", CH_CA }, { "co", CH_CO }, { "pu", CH_PU },
  { "k", CH_K }, { "q", CH_Q }, { "c", CH_C }, { "a", CH_A }, { "r", CH_R }, { "n", CH_N },
  { "b", CH_B }, { "p", CH_P }, { "h", CH_CA }, { "d", CH_D }, { "i", CH_I }, { "l", CH_L },
  { "w", CH_W }, { "o", CH_CO }, { "u", CH_PU },
};

static gboolean
parse_tail (const char *s, Cand *c)
{
  int j = 0, used = 0;
  c->from = vs_square_parse (&ch_geom, s, &used);
  if (c->from < 0)
    return FALSE;
  j += used;
  if (strcmp (s + j, "xx") == 0)
    {
      c->form = 1;
      return TRUE;
    }
  if (s[j] == '-' || s[j] == 'x')
    c->sep = s[j++];
  c->to = vs_square_parse (&ch_geom, s + j, &used);
  if (c->to < 0)
    return FALSE;
  j += used;
  while (s[j] == 'x')
    {
      int sq = vs_square_parse (&ch_geom, s + j + 1, &used);
      if (sq < 0 || c->ncap >= VS_MAX_CAPTURES)
        return FALSE;
      c->caps[c->ncap++] = sq;
      j += 1 + used;
    }
  gboolean eq = s[j] == '=';
  if (eq)
    j++;
  if (s[j] && s[j] != '&')
    {
      gboolean found = FALSE;
      for (guint k = 0; k < G_N_ELEMENTS (piece_tokens) && !found; k++)
        {
          size_t l = strlen (piece_tokens[k].tok);
          if (strncmp (s + j, piece_tokens[k].tok, l) == 0 && (s[j + l] == '\0' || s[j + l] == '&'))
            {
              c->promo = piece_tokens[k].type;
              j += l;
              found = TRUE;
            }
        }
      if (!found)
        return FALSE;
    }
  else if (eq)
    return FALSE;
  if (s[j] == '&')
    {
      if (s[j + 1] != 'd')
        return FALSE;
      c->dog = TRUE;
      j += 2;
    }
  return s[j] == '\0';
}

static gboolean
cand_matches (const Cand *c, const VsPosition *pos, VsMove m)
{
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  VsMoveKind kind = VS_MOVE_KIND (m);
  switch (c->form)
    {
    case 2:
      return kind == VS_MOVE_CASTLE && to > from;
    case 3:
      return kind == VS_MOVE_CASTLE && to < from;
    case 1:
      return kind == VS_MOVE_SUICIDE && from == c->from &&
             (c->piece == 0 || c->piece == VS_PIECE_TYPE (pos->board[from]));
    default:
      if (kind == VS_MOVE_SUICIDE || from != c->from || to != c->to)
        return FALSE;
      if (c->piece && c->piece != VS_PIECE_TYPE (pos->board[from]))
        return FALSE;
      if (kind == VS_MOVE_PROMOTION)
        return c->promo == 0 || c->promo == VS_MOVE_PIECE (m);
      return c->promo == 0;
    }
}

static gboolean
same_squares (const uint8_t *a, int na, const int *b, int nb)
{
  if (na != nb)
    return FALSE;
  for (int i = 0; i < na; i++)
    {
      gboolean found = FALSE;
      for (int k = 0; k < nb; k++)
        found |= a[i] == b[k];
      if (!found)
        return FALSE;
    }
  return TRUE;
}

static gboolean
parse_san (const VsPosition *pos, const char *text, VsMove *out, const char **warning, GError **error)
{
  g_autoptr(GString) t = g_string_new (NULL);
  for (const char *p = text; *p; p++)
    {
      if (g_ascii_isspace (*p))
        continue;
      if ((guchar) p[0] == 0xc3 && (guchar) p[1] == 0x97)   /* × */
        {
          g_string_append_c (t, 'x');
          p++;
          continue;
        }
      if ((guchar) p[0] == 0xe2 && (guchar) p[1] == 0x80 &&
          ((guchar) p[2] == 0x93 || (guchar) p[2] == 0x94))   /* – — */
        {
          g_string_append_c (t, '-');
          p += 2;
          continue;
        }
      g_string_append_c (t, *p == ':' ? 'x' : g_ascii_tolower (*p));
    }
  char *s = t->str;
  /* leading move number "12." or "12..." */
  if (g_ascii_isdigit (s[0]))
    {
      char *q = s;
      while (g_ascii_isdigit (*q))
        q++;
      if (*q == '.')
        {
          while (*q == '.')
            q++;
          s = q;
        }
    }
  /* trailing annotations and check marks */
  size_t len = strlen (s);
  while (len && (s[len - 1] == '!' || s[len - 1] == '?'))
    s[--len] = '\0';
  size_t mark_start = len;
  while (mark_start && (s[mark_start - 1] == '+' || s[mark_start - 1] == '#'))
    mark_start--;
  char marks[16];
  g_strlcpy (marks, s + mark_start, sizeof marks);
  s[mark_start] = '\0';
  /* an "e.p." (or "ep") after the destination of an en-passant capture */
  len = mark_start;
  if (len > 4 && strcmp (s + len - 4, "e.p.") == 0 && g_ascii_isdigit (s[len - 5]))
    s[len - 4] = '\0';
  else if (len > 2 && strcmp (s + len - 2, "ep") == 0 && g_ascii_isdigit (s[len - 3]))
    s[len - 2] = '\0';

  Cand cands[G_N_ELEMENTS (piece_tokens) + 1];
  int nc = 0;
  if (strcmp (s, "o-o") == 0 || strcmp (s, "0-0") == 0)
    cands[nc++] = (Cand) { .form = 2 };
  else if (strcmp (s, "o-o-o") == 0 || strcmp (s, "0-0-0") == 0)
    cands[nc++] = (Cand) { .form = 3 };
  else
    {
      Cand c = { 0 };
      if (parse_tail (s, &c))
        cands[nc++] = c;
      for (guint k = 0; k < G_N_ELEMENTS (piece_tokens); k++)
        {
          size_t l = strlen (piece_tokens[k].tok);
          if (strncmp (s, piece_tokens[k].tok, l) != 0)
            continue;
          c = (Cand) { .piece = piece_tokens[k].type };
          if (parse_tail (s + l, &c))
            cands[nc++] = c;
        }
    }
  if (nc == 0)
    {
      g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_BAD_MOVE,
                   _("“%s” is not a Chartima move (expected a form such as “P D3 - D4”)"), text);
      return FALSE;
    }

  VsMove moves[VS_MAX_MOVES];
  int n = vs_position_generate (pos, VS_GEN_ALL, moves);
  VsMove found = VS_MOVE_NONE;
  const Cand *fc = NULL;
  int nfound = 0;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < nc; k++)
      if (cand_matches (&cands[k], pos, moves[i]))
        {
          if (nfound == 0 || VS_MOVE_CORE (found) != VS_MOVE_CORE (moves[i]))
            {
              if (nfound == 0)
                {
                  found = moves[i];
                  fc = &cands[k];
                }
              nfound++;
            }
          break;
        }
  if (nfound == 0)
    {
      g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_ILLEGAL_MOVE,
                   _("“%s” is not a legal move in this position"), text);
      return FALSE;
    }
  if (nfound > 1)
    {
      g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_AMBIGUOUS_MOVE,
                   _("“%s” is ambiguous: write the promotion piece (= R, N, B or Ca)"), text);
      return FALSE;
    }

  /* Warnings: the parts of the text that follow from the move. */
  ChBoard cb;
  ChDone d;
  char chk[8];
  VsMoveKind kind = VS_MOVE_KIND (found);
  gboolean displacement = kind == VS_MOVE_EN_PASSANT ||
                          (kind != VS_MOVE_CASTLE && kind != VS_MOVE_SUICIDE && pos->board[VS_MOVE_TO (found)]);
  ch_board_from_pos (&cb, pos);
  ch_board_play (&cb, found, &d);
  check_suffix (&cb, chk);
  const char *w = NULL;
  if (strcmp (chk, marks) != 0)
    w = marks[0] ? "wrong check mark" : "missing check mark";
  else if (fc->form == 0 && !displacement && d.n > 0 && !same_squares (d.sq, d.n, fc->caps, fc->ncap))
    w = "captured squares differ from the automatic captures";
  else if (fc->form == 0 && (displacement || d.n == 0) && fc->ncap > 0)
    w = "captured squares listed for a move without automatic captures";
  else if (fc->form == 0 && displacement && fc->sep == '-')
    w = "missing capture mark";
  else if (fc->form == 0 && !displacement && fc->sep == 'x')
    w = "capture mark on a move that is not a displacement capture";
  else if (kind == VS_MOVE_PROMOTION && fc->promo == 0)
    w = "promotion not written";
  else if (fc->dog != (d.dog != VS_NO_SQUARE))
    w = fc->dog ? "Dog release written for a move that releases none" : "Dog release not written";
  *warning = w;
  *out = found;
  return TRUE;
}

static gboolean
parse_uci (const VsPosition *pos, const char *text, VsMove *out, GError **error)
{
  g_autofree char *s = g_ascii_strdown (text, -1);
  g_strstrip (s);
  int used = 0, j = 0;
  int from = vs_square_parse (&ch_geom, s, &used);
  int to = -1, promo = 0;
  if (from >= 0)
    {
      j = used;
      to = vs_square_parse (&ch_geom, s + j, &used);
      j += used;
    }
  if (to >= 0 && s[j])
    {
      switch (s[j++])
        {
        case 'r': promo = CH_R; break;
        case 'n': promo = CH_N; break;
        case 'b': promo = CH_B; break;
        case 'h': promo = CH_CA; break;
        case 'x': promo = from == to ? 0 : -1; break;   /* "a2a2x": suicide */
        default: promo = -1; break;
        }
    }
  if (from < 0 || to < 0 || promo < 0 || s[j])
    {
      g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_BAD_MOVE,
                   _("“%s” is not a Chartima engine move (expected a form such as “d3d4”)"), text);
      return FALSE;
    }
  VsMove moves[VS_MAX_MOVES];
  int n = vs_position_generate (pos, VS_GEN_ALL, moves);
  int nfound = 0;
  for (int i = 0; i < n; i++)
    {
      VsMove m = moves[i];
      VsMoveKind kind = VS_MOVE_KIND (m);
      if (VS_MOVE_FROM (m) != from || VS_MOVE_TO (m) != to)
        continue;
      if (from == to && kind != VS_MOVE_SUICIDE)
        continue;
      gboolean pawn_promo = kind == VS_MOVE_PROMOTION && VS_PIECE_TYPE (pos->board[from]) == CH_P;
      if (pawn_promo ? (promo && promo != VS_MOVE_PIECE (m)) : promo != 0)
        continue;
      if (nfound++ == 0)
        *out = m;
    }
  if (nfound == 0)
    {
      g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_ILLEGAL_MOVE,
                   _("“%s” is not a legal move in this position"), text);
      return FALSE;
    }
  if (nfound > 1)
    {
      g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_AMBIGUOUS_MOVE,
                   _("“%s” is ambiguous: add the promotion letter (r, n, b or h)"), text);
      return FALSE;
    }
  return TRUE;
}

/* The Japanese piece names of a move text replaced by the record
 * abbreviations (longest name first: 成馬 before 馬); the rest is kept, so
 * the record reader's tolerance applies. */
static char *
japanese_to_record (const char *text)
{
  GString *s = g_string_new (NULL);
  const char *p = text;
  while (*p)
    {
      int best = 0;
      size_t best_len = 0;
      for (int t = 1; t <= CH_N_TYPES; t++)
        {
          const char *ja = vs_ch_pieces[t].name_ja;
          size_t l = strlen (ja);
          if (l > best_len && strncmp (p, ja, l) == 0)
            {
              best = t;
              best_len = l;
            }
        }
      if (best)
        {
          /* spaces around keep "nB" apart from a following square */
          g_string_append_printf (s, " %s ", vs_ch_pieces[best].record);
          p += best_len;
        }
      else
        g_string_append_c (s, *p++);
    }
  return g_string_free (s, FALSE);
}

gboolean
ch_parse_move (const VsPosition *pos, const char *text, VsNotation n,
               VsMove *out, const char **warning, GError **error)
{
  *warning = NULL;
  switch (n)
    {
    case VS_NOTATION_UCI:
      return parse_uci (pos, text, out, error);
    case VS_NOTATION_SAN:
      return parse_san (pos, text, out, warning, error);
    case VS_NOTATION_JAPANESE:
      {
        g_autofree char *latin = japanese_to_record (text);
        return parse_san (pos, latin, out, warning, error);
      }
    default:
      g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_UNSUPPORTED,
                   "%s", _("Chartima moves are written in record notation or engine notation only"));
      return FALSE;
    }
}
