/* vs-gibo.c — Korean game records (.gib): reading and writing.
 *
 * The text arrives here as UTF-8 (the stream reader decodes CP949 line by
 * line, drops stray 0xFF/0x1A bytes and CR).  Every token form of
 * src/core/RULES.md §4.11 is read:
 *   08마87  71楚卒72  79초졸78  74象  77졸67타병  57차27장군  i3卒h3  한수쉼
 *   <12> (time spent on the move, kept as [%emt])  {comments}
 * Setups: 초차림/한차림 (older 초포진/한포진) or a full board in 판; the
 * 판 board lists the ranks from Cho's back rank (rank 1) to rank 10, files
 * a…i left to right, one script (Hangul or Hanja) per side, then the side
 * to move (초/한).  The old coordinate system (기보형식 "구좌표") is refused
 * with VS_RECORD_ERROR_OLD_COORDINATES.
 */
#include "config.h"
#include "vs-record-private.h"
#include "vs-janggi.h"

#include <glib/gi18n.h>
#include <string.h>

typedef struct {
  VsParseContext  *ctx;
  const char      *text;
  const char      *end;
  const char      *p;
  VsGame          *game;
  VsRecordProblem *problem;
} Gib;

static void
line_col (Gib *G, const char *at, guint *line, guint *col)
{
  guint l = G->ctx->first_line;
  const char *ls = G->text;
  for (const char *q = G->text; q < at; q++)
    if (*q == '\n')
      {
        l++;
        ls = q + 1;
      }
  guint c = 1;
  for (const char *q = ls; q < at; q++)
    if (((guchar) *q & 0xc0) != 0x80)
      c++;
  *line = l;
  *col = c;
}

static const char *
token_end (const char *p, const char *end)
{
  while (p < end && !g_ascii_isspace (*p))
    p++;
  return p;
}

static VsRecordProblem *
fail_at (Gib *G, VsRecordErrorCode code, const char *at, const char *text_end, const char *detail)
{
  if (G->problem)
    return G->problem;
  guint line, col;
  line_col (G, at, &line, &col);
  g_autofree char *text = g_strndup (at, MIN (text_end - at, 200));
  G->problem = _vs_record_problem_new (code, G->ctx->filename, line, col, text,
                                       G->ctx->game_index, detail);
  return G->problem;
}

/* ---- Piece names ---- */

typedef struct { const char *name; char letter; int side; } PieceName; /* side -1: either */

static const PieceName piece_names[] = {
  { "차", 'R', -1 }, { "車", 'R', -1 }, { "俥", 'R', 0 },
  { "마", 'N', -1 }, { "馬", 'N', -1 }, { "傌", 'N', 0 },
  { "상", 'B', -1 }, { "象", 'B', -1 }, { "相", 'B', 0 },
  { "포", 'C', -1 }, { "包", 'C', -1 }, { "砲", 'C', -1 }, { "炮", 'C', -1 },
  { "졸", 'P', 0 }, { "卒", 'P', 0 }, { "병", 'P', 1 }, { "兵", 'P', 1 },
  { "사", 'A', -1 }, { "士", 'A', -1 }, { "仕", 'A', 0 },
  { "장", 'K', -1 }, { "將", 'K', -1 }, { "궁", 'K', -1 }, { "帥", 'K', 0 },
  { "楚", 'K', 0 }, { "漢", 'K', 1 },
  /* the Hangul readings of 楚/漢: "25한24", "95초05" */
  { "초", 'K', 0 }, { "한", 'K', 1 },
};

static const PieceName *
piece_name_at (const char *p, const char *end, gsize *len)
{
  for (guint i = 0; i < G_N_ELEMENTS (piece_names); i++)
    {
      gsize l = strlen (piece_names[i].name);
      if ((gsize) (end - p) >= l && memcmp (p, piece_names[i].name, l) == 0)
        {
          *len = l;
          return &piece_names[i];
        }
    }
  return NULL;
}

/* 초/楚 → Cho (0), 한/漢 → Han (1), else -1 */
static int
side_at (const char *p, const char *end, gsize *len)
{
  static const struct { const char *s; int side; } sides[] = {
    { "초", 0 }, { "楚", 0 }, { "한", 1 }, { "漢", 1 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
    {
      gsize l = strlen (sides[i].s);
      if ((gsize) (end - p) >= l && memcmp (p, sides[i].s, l) == 0)
        {
          *len = l;
          return sides[i].side;
        }
    }
  return -1;
}

static gboolean
is_hangul (const char *p)
{
  gunichar c = g_utf8_get_char (p);
  return c >= 0xAC00 && c <= 0xD7A3;
}

/* The letter of a piece on the board, in the gibo letters K A N B R C P. */
static char
board_letter (const VsVariant *v, VsPiece piece)
{
  int t = VS_PIECE_TYPE (piece);
  if (!v->pieces || t < 1 || t > v->n_piece_types || !v->pieces[t].letter)
    return '?';
  char c = g_ascii_toupper (v->pieces[t].letter[0]);
  if (c == 'H')
    return 'N';
  if (c == 'E')
    return 'B';
  return c;
}

/* ---- Setups (vs-janggi.h) ---- */

/* [판 "rank1/rank2/…/rank10 한 …"] → FEN, NULL with *why on error. */
static char *
board_fen (const char *value, char **why)
{
  g_autofree char *v = g_strstrip (g_strdup (value));
  char *sp = strchr (v, ' ');
  int side = 0;
  if (sp)
    {
      *sp = '\0';
      const char *rest = sp + 1;
      while (*rest == ' ')
        rest++;
      gsize l;
      int s = side_at (rest, rest + strlen (rest), &l);
      if (s >= 0)
        side = s;
    }
  g_auto (GStrv) rows = g_strsplit (v, "/", -1);
  if (g_strv_length (rows) != 10)
    {
      *why = g_strdup_printf (_("the board has %u ranks instead of 10"), g_strv_length (rows));
      return NULL;
    }
  /* which script is Cho's: the one of the King on ranks 1–3 */
  int hangul_side = -1;
  for (int r = 0; r < 10 && hangul_side < 0; r++)
    for (const char *p = rows[r]; *p; p = g_utf8_next_char (p))
      {
        gsize l;
        const PieceName *pn = piece_name_at (p, p + strlen (p), &l);
        if (pn && pn->letter == 'K')
          {
            gboolean h = is_hangul (p);
            int side_of_king = r < 3 ? 0 : 1;
            hangul_side = h ? side_of_king : 1 - side_of_king;
            break;
          }
      }
  if (hangul_side < 0)
    {
      *why = g_strdup (_("the board has no King"));
      return NULL;
    }
  GString *fen = g_string_new (NULL);
  for (int r = 9; r >= 0; r--)
    {
      int files = 0, empty = 0;
      for (const char *p = rows[r]; *p; )
        {
          if (g_ascii_isdigit (*p))
            {
              empty += *p - '0';
              files += *p - '0';
              p++;
              continue;
            }
          gsize l;
          const PieceName *pn = piece_name_at (p, p + strlen (p), &l);
          if (!pn)
            {
              g_string_free (fen, TRUE);
              *why = g_strdup_printf (_("unknown piece “%.*s” on the board"),
                                      (int) (g_utf8_next_char (p) - p), p);
              return NULL;
            }
          int s = is_hangul (p) ? hangul_side : 1 - hangul_side;
          if (empty)
            g_string_append_printf (fen, "%d", empty);
          empty = 0;
          g_string_append_c (fen, s == 0 ? pn->letter : g_ascii_tolower (pn->letter));
          files++;
          p += l;
        }
      if (files > 9)
        {
          g_string_free (fen, TRUE);
          *why = g_strdup_printf (_("rank %d of the board has %d files"), r + 1, files);
          return NULL;
        }
      empty += 9 - files;
      if (empty)
        g_string_append_printf (fen, "%d", empty);
      if (r > 0)
        g_string_append_c (fen, '/');
    }
  g_string_append_printf (fen, " %c - - 0 1", side ? 'b' : 'w');
  return g_string_free (fen, FALSE);
}

/* The start position the setup headers give (판 wins over 차림/포진;
 * missing 차림 means 마상상마).  NULL with *why (and *bad: 1 Cho's setup,
 * 2 Han's, 3 the board) if they give none. */
static char *
headers_fen (const char *cho_setup, const char *han_setup, const char *board, char **why, int *bad)
{
  if (board)
    {
      char *fen = board_fen (board, why);
      if (!fen)
        *bad = 3;
      return fen;
    }
  int cho = VS_JANGGI_SETUP_DEFAULT, han = VS_JANGGI_SETUP_DEFAULT;
  if (cho_setup && (cho = vs_janggi_setup_parse (cho_setup)) < 0)
    {
      *why = g_strdup_printf (_("unknown setup “%s”"), cho_setup);
      *bad = 1;
      return NULL;
    }
  if (han_setup && (han = vs_janggi_setup_parse (han_setup)) < 0)
    {
      *why = g_strdup_printf (_("unknown setup “%s”"), han_setup);
      *bad = 2;
      return NULL;
    }
  return vs_janggi_start_fen (cho, han);
}

/* ---- Squares ---- */

/* "08" (row from Han's side, 0 = row 10; file 1–9) or "i3" (file letter, row
 * 0–9 from Cho's back rank).  Returns the square or -1; *len = 2. */
static int
gibo_square (const VsVariant *v, const char *p, const char *end)
{
  if (end - p < 2 || !g_ascii_isdigit (p[1]))
    return -1;
  int rank, file;
  if (g_ascii_isdigit (p[0]))
    {
      int row = p[0] - '0', f = p[1] - '0';
      if (f < 1 || f > 9)
        return -1;
      rank = row == 0 ? 0 : 10 - row;
      file = f - 1;
    }
  else if (p[0] >= 'a' && p[0] <= 'i')
    {
      file = p[0] - 'a';
      rank = p[1] - '0';
    }
  else
    return -1;
  return vs_sq_make (&v->geom, 0, rank, file);
}

/* ---- Moves ---- */

static gboolean
find_pass (VsPosition *pos, VsMove *out)
{
  VsMove moves[VS_MAX_MOVES];
  int n = vs_position_generate (pos, VS_GEN_ALL, moves);
  for (int i = 0; i < n; i++)
    if (VS_MOVE_KIND (moves[i]) == VS_MOVE_PASS)
      {
        *out = moves[i];
        return TRUE;
      }
  return FALSE;
}

static void
illegal (Gib *G, VsPosition *pos, VsGameNode *cur, const char *at, const char *tok_end,
         const char *why)
{
  g_autofree char *fen = vs_position_to_string (pos);
  g_autofree char *text = g_strndup (at, tok_end - at);
  guint ply = vs_game_node_get_ply (cur) + 1;
  /* a game already over (two passes in a row, mate…) has no legal move:
   * say so rather than blame the move */
  VsResult over_result;
  VsGameState state = vs_position_state (pos, NULL, &over_result);
  g_autofree char *over = NULL;
  if (state != VS_STATE_ONGOING)
    {
      /* TRANSLATORS: the reason is an English state name such as "double pass" */
      over = g_strdup_printf (_("the game was already over (%s)"), vs_state_describe (state));
      why = over;
    }
  g_autofree char *detail =
    /* TRANSLATORS: move text, ply number, position string, reason */
    g_strdup_printf (_("illegal move “%s” at ply %u in position %s: %s"), text, ply, fen, why);
  VsRecordProblem *pr = fail_at (G, VS_RECORD_ERROR_ILLEGAL_MOVE, at, tok_end, detail);
  int start_side = _vs_game_start_side (G->game);
  pr->move_number = _vs_game_start_fullmove (G->game) + (ply - 1 + start_side) / 2;
  pr->ply = ply;
  g_free (pr->position);
  pr->position = g_strdup (fen);
}

/* Reads one move token at G->p (not a number, comment or time). */
static gboolean
read_move (Gib *G, VsPosition *pos, VsGameNode **cur)
{
  const VsVariant *v = vs_game_get_variant (G->game);
  const char *p = G->p, *end = G->end;
  const char *tend = token_end (p, end);
  VsMove m = VS_MOVE_NONE;
  gsize l;

  /* optional side before a pass */
  const char *q = p;
  if (side_at (q, end, &l) >= 0 && (gsize) (end - q) > l && memcmp (q + l, "한수쉼", strlen ("한수쉼")) == 0)
    q += l;
  if ((gsize) (end - q) >= strlen ("한수쉼") && memcmp (q, "한수쉼", strlen ("한수쉼")) == 0)
    {
      if (!find_pass (pos, &m))
        {
          illegal (G, pos, *cur, p, tend, _("passing is not allowed here"));
          return FALSE;
        }
    }
  else
    {
      int from = gibo_square (v, p, end);
      if (from < 0)
        {
          fail_at (G, VS_RECORD_ERROR_SYNTAX, p, tend, _("not a gibo move"));
          return FALSE;
        }
      q = p + 2;
      int side = -1;
      const PieceName *pn = NULL;
      gsize sl;
      int s = side_at (q, end, &sl);
      if (s >= 0)
        {
          gsize pl;
          const PieceName *after = piece_name_at (q + sl, end, &pl);
          if (after)
            {
              side = s;
              pn = after;
              q += sl + pl;
            }
        }
      if (!pn)
        {
          pn = piece_name_at (q, end, &l);
          if (!pn)
            {
              fail_at (G, VS_RECORD_ERROR_SYNTAX, p, tend, _("not a gibo move: no piece name"));
              return FALSE;
            }
          if (pn->side >= 0 && pn->letter == 'K' && (strncmp (q, "楚", 3) == 0 || strncmp (q, "漢", 3) == 0
                                                        || strncmp (q, "초", 3) == 0 || strncmp (q, "한", 3) == 0))
            side = pn->side;
          q += l;
        }
      int to = gibo_square (v, q, end);
      if (to < 0)
        {
          fail_at (G, VS_RECORD_ERROR_SYNTAX, p, tend, _("not a gibo move: no destination"));
          return FALSE;
        }
      q += 2;
      /* the rest: 타, a captured piece, 장군/멍군 — checked for form only */
      while (q < tend)
        {
          if ((gsize) (tend - q) >= strlen ("타") && memcmp (q, "타", strlen ("타")) == 0)
            q += strlen ("타");
          else if ((gsize) (tend - q) >= strlen ("장군") && memcmp (q, "장군", strlen ("장군")) == 0)
            q += strlen ("장군");
          else if ((gsize) (tend - q) >= strlen ("멍군") && memcmp (q, "멍군", strlen ("멍군")) == 0)
            q += strlen ("멍군");
          else if (side_at (q, tend, &l) >= 0 && piece_name_at (q + l, tend, &l) != NULL)
            q += 3 + l;
          else if (piece_name_at (q, tend, &l))
            q += l;
          else
            {
              fail_at (G, VS_RECORD_ERROR_SYNTAX, p, tend, _("not a gibo move: unexpected text after the destination"));
              return FALSE;
            }
        }
      VsPiece piece = pos->board[from];
      if (piece == VS_PIECE_NONE)
        {
          illegal (G, pos, *cur, p, tend, _("no piece on the starting point"));
          return FALSE;
        }
      if (VS_PIECE_COLOR (piece) != pos->side)
        {
          illegal (G, pos, *cur, p, tend, _("the piece on the starting point belongs to the side not to move"));
          return FALSE;
        }
      if (side >= 0 && side != pos->side)
        {
          illegal (G, pos, *cur, p, tend, _("the move is marked for the side not to move"));
          return FALSE;
        }
      char have = board_letter (v, piece);
      if (have != '?' && have != pn->letter)
        {
          g_autofree char *why = g_strdup_printf (_("the piece on the starting point is not a %s"), pn->name);
          illegal (G, pos, *cur, p, tend, why);
          return FALSE;
        }
      /* one piece's moves, not the whole side's (issue 18: replay speed) */
      if (!vs_position_find_move (pos, from, to, &m))
        m = VS_MOVE_NONE;
      if (m == VS_MOVE_NONE)
        {
          illegal (G, pos, *cur, p, tend, _("this move is not legal"));
          return FALSE;
        }
    }
  char san[VS_MOVE_TEXT_MAX];
  vs_move_write (pos, m, VS_NOTATION_SAN, san);
  *cur = _vs_game_append_child (G->game, *cur, VS_MOVE_CORE (m), san);
  vs_position_play (pos, m);
  G->p = tend;
  return TRUE;
}

/* ---- Headers ---- */

static gboolean
parse_header_line (Gib *G, const char *line, const char *eol, char **key, char **value,
                   const char **value_at)
{
  const char *q = line + 1;
  while (q < eol && *q == ' ')
    q++;
  const char *k = q;
  while (q < eol && *q != ' ' && *q != '"' && *q != ']')
    q++;
  if (q == k)
    return FALSE;
  *key = g_strndup (k, q - k);
  while (q < eol && *q == ' ')
    q++;
  const char *close = eol;
  while (close > q && close[-1] != ']')
    close--;
  if (close == q || close[-1] != ']')
    {
      g_clear_pointer (key, g_free);
      return FALSE;
    }
  close--;
  const char *vs = q, *ve = close;
  while (ve > vs && ve[-1] == ' ')
    ve--;
  if (ve > vs && *vs == '"')
    {
      vs++;
      if (ve > vs && ve[-1] == '"')
        ve--;
    }
  *value = g_strndup (vs, ve - vs);
  *value_at = vs;
  return TRUE;
}

static VsResult
result_from_korean (const char *v)
{
  while (*v == ' ')
    v++;
  gsize l;
  int s = side_at (v, v + strlen (v), &l);
  if (s == 0)
    return VS_RESULT_WHITE_WINS;
  if (s == 1)
    return VS_RESULT_BLACK_WINS;
  if (g_str_has_prefix (v, "무"))
    return VS_RESULT_DRAW;
  return VS_RESULT_NONE;
}

VsGame *
_vs_gibo_parse_game (VsParseContext *ctx, const char *text, gsize len, VsRecordProblem **problem)
{
  Gib G = { 0 };
  G.ctx = ctx;
  G.text = text;
  G.end = text + len;
  G.p = text;
  *problem = NULL;

  GPtrArray *keys = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *values = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *where = g_ptr_array_new ();
  /* headers */
  for (;;)
    {
      while (G.p < G.end && g_ascii_isspace (*G.p))
        G.p++;
      if (G.p >= G.end || *G.p != '[')
        break;
      const char *eol = memchr (G.p, '\n', G.end - G.p);
      if (!eol)
        eol = G.end;
      char *k = NULL, *v = NULL;
      const char *vat = NULL;
      if (!parse_header_line (&G, G.p, eol, &k, &v, &vat))
        {
          fail_at (&G, VS_RECORD_ERROR_SYNTAX, G.p, eol, _("malformed header"));
          G.p = eol;
          continue;
        }
      g_ptr_array_add (keys, k);
      g_ptr_array_add (values, v);
      g_ptr_array_add (where, (gpointer) vat);
      G.p = eol;
    }
  const char *movetext = G.p;

  const VsVariant *variant = ctx->variant;
  if (!variant || !variant->has_gibo)
    variant = &vs_variant_janggi_casual;
  const char *cho_setup = NULL, *han_setup = NULL, *board = NULL, *old = NULL;
  const char *cho_at = NULL, *han_at = NULL, *board_at = NULL, *old_at = NULL;
  const char *result = NULL;
  for (guint i = 0; i < keys->len; i++)
    {
      const char *k = keys->pdata[i], *v = values->pdata[i];
      if (strcmp (k, "초차림") == 0 || (strcmp (k, "초포진") == 0 && !cho_setup))
        cho_setup = v, cho_at = where->pdata[i];
      else if (strcmp (k, "한차림") == 0 || (strcmp (k, "한포진") == 0 && !han_setup))
        han_setup = v, han_at = where->pdata[i];
      else if (strcmp (k, "판") == 0)
        board = v, board_at = where->pdata[i];
      else if (strcmp (k, "기보형식") == 0 && strstr (v, "구좌표"))
        old = v, old_at = where->pdata[i];
      else if (strcmp (k, "대국결과") == 0)
        result = v;
      else if (strcmp (k, "Variant") == 0 || strcmp (k, "규칙") == 0)
        {
          const VsVariant *named = vs_variant_lookup (v);
          if (named && named->has_gibo)
            variant = named;
        }
    }

  g_autofree char *why = NULL;
  int bad = 0;
  g_autofree char *fen = headers_fen (cho_setup, han_setup, board, &why, &bad);
  const char *fen_at = bad == 1 ? cho_at : bad == 2 ? han_at : board_at;
  VsPosition *pos = ctx->pos;
  g_autoptr (GError) err = NULL;
  if (fen && !_vs_parse_start_position (ctx, variant, fen, &err))
    {
      why = g_strdup_printf (_("bad start position: %s"), err->message);
      g_clear_pointer (&fen, g_free);
    }
  if (!fen)
    {
      const char *at = fen_at ? fen_at : text;
      const char *eol = memchr (at, '\n', G.end - at);
      g_clear_pointer (&G.problem, vs_record_problem_free);   /* the position problem wins */
      fail_at (&G, VS_RECORD_ERROR_BAD_POSITION, at, eol ? eol : G.end, why);
      g_ptr_array_unref (keys);
      g_ptr_array_unref (values);
      g_ptr_array_unref (where);
      *problem = G.problem;
      return NULL;
    }
  G.game = _vs_game_new_from_position (variant, fen, pos);
  for (guint i = 0; i < keys->len; i++)
    _vs_game_add_header (G.game, keys->pdata[i], values->pdata[i]);
  if (result && !vs_game_get_header (G.game, "Result"))
    _vs_game_add_header (G.game, "Result", vs_result_string (result_from_korean (result)));
  g_ptr_array_unref (keys);
  g_ptr_array_unref (values);

  if (old && !G.problem)
    {
      const char *eol = memchr (old_at, '\n', G.end - old_at);
      fail_at (&G, VS_RECORD_ERROR_OLD_COORDINATES, old_at, eol ? eol - 2 : G.end,
               _("old coordinate system not supported (기보형식 “구좌표”): the moves of this game cannot be read"));
    }
  g_ptr_array_unref (where);

  /* moves */
  G.p = movetext;
  VsGameNode *cur = vs_game_get_root (G.game);
  while (!G.problem)
    {
      while (G.p < G.end && g_ascii_isspace (*G.p))
        G.p++;
      if (G.p >= G.end)
        break;
      const char *p = G.p;
      if (*p == '{')
        {
          const char *close = memchr (p, '}', G.end - p);
          if (!close)
            {
              fail_at (&G, VS_RECORD_ERROR_SYNTAX, p, token_end (p, G.end), _("comment not closed with “}”"));
              break;
            }
          /* arrows and highlights ([%cal …] [%csl …]) written by
           * vs_gibo_write_game come back as shapes */
          char *c = _vs_comment_extract_commands (G.game, cur, p + 1, close - p - 1);
          _vs_game_node_take_comment (G.game, cur, FALSE, c);
          G.p = close + 1;
          continue;
        }
      if (*p == '<')
        {
          const char *q = p + 1;
          gint64 secs = 0;
          while (q < G.end && g_ascii_isdigit (*q) && secs < G_MAXINT32)
            secs = secs * 10 + (*q++ - '0');
          if (q == p + 1 || q >= G.end || *q != '>')
            {
              fail_at (&G, VS_RECORD_ERROR_SYNTAX, p, token_end (p, G.end), _("bad move time"));
              break;
            }
          if (!vs_game_node_is_root (cur))
            _vs_game_node_put_emt (cur, secs * 1000);
          G.p = q + 1;
          continue;
        }
      if (g_ascii_isdigit (*p))
        {
          const char *q = p;
          while (q < G.end && g_ascii_isdigit (*q))
            q++;
          if (q < G.end && *q == '.')
            {
              G.p = q + 1;
              continue;
            }
        }
      if (!read_move (&G, pos, &cur))
        break;
    }
  *problem = G.problem;
  return G.game;
}

/* ---- Writing ---- */

static const struct { const char *pgn, *gibo; } key_map[] = {
  { "Event", "대회명" }, { "Round", "회전" }, { "Date", "대국일자" }, { "Site", "대국장소" },
  { "White", "초대국자" }, { "Black", "한대국자" },
};

const char *
_vs_gibo_header (VsGame *game, const char *pgn_key)
{
  const char *v = vs_game_get_header (game, pgn_key);
  for (guint i = 0; !v && i < G_N_ELEMENTS (key_map); i++)
    if (strcmp (key_map[i].pgn, pgn_key) == 0)
      v = vs_game_get_header (game, key_map[i].gibo);
  return v;
}

/* The 차림 of a start position that is the standard one but for them. */
static gboolean
fen_setups (const VsVariant *v, const char *fen, const char **cho, const char **han)
{
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  if (!vs_position_init (pos, v, fen, NULL))
    return FALSE;
  int c, h;
  vs_janggi_position_setups (pos, &c, &h);
  if (c < 0 || h < 0)
    return FALSE;
  g_autofree char *probe = vs_janggi_start_fen (c, h);
  g_autofree VsPosition *std = g_new (VsPosition, 1);
  if (!probe || !vs_position_init (std, v, probe, NULL))
    return FALSE;
  g_autofree char *norm = vs_position_to_string (std);
  *cho = vs_janggi_setup_korean (c);
  *han = vs_janggi_setup_korean (h);
  return strcmp (norm, fen) == 0;
}

static void
write_board (GString *s, const char *fen)
{
  /* FEN (rank 10 first) → 판 (rank 1 first, Cho in Hangul, Han in Hanja) */
  static const char *cho_names = "KAaNnBbRrCcPp";
  (void) cho_names;
  g_auto (GStrv) parts = g_strsplit (fen, " ", 2);
  g_auto (GStrv) ranks = g_strsplit (parts[0], "/", -1);
  guint n = g_strv_length (ranks);
  g_string_append (s, "[판 \"");
  for (int r = n - 1; r >= 0; r--)
    {
      for (const char *p = ranks[r]; *p; p++)
        {
          if (g_ascii_isdigit (*p))
            {
              int e = *p - '0';
              if (g_ascii_isdigit (p[1]))
                e = e * 10 + (*++p - '0');
              g_string_append_printf (s, "%d", e);
              continue;
            }
          gboolean cho = g_ascii_isupper (*p);
          char l = g_ascii_toupper (*p);
          const char *name = "?";
          switch (l)
            {
            case 'K': name = cho ? "장" : "將"; break;
            case 'A': name = cho ? "사" : "士"; break;
            case 'N': case 'H': name = cho ? "마" : "馬"; break;
            case 'B': case 'E': name = cho ? "상" : "象"; break;
            case 'R': name = cho ? "차" : "車"; break;
            case 'C': name = cho ? "포" : "包"; break;
            case 'P': name = cho ? "졸" : "兵"; break;
            }
          g_string_append (s, name);
        }
      if (r > 0)
        g_string_append_c (s, '/');
    }
  g_string_append_printf (s, " %s\"]\r\n", parts[1] && parts[1][0] == 'b' ? "한" : "초");
}

/* A node's comment as a gibo comment can hold it ("}" would close it, so
 * it becomes ")"), followed by its arrows and highlights as [%cal …] and
 * [%csl …] commands, which a gibo comment holds as text; NULL if neither. */
static char *
gibo_comment (VsGame *game, const VsGameNode *node)
{
  const char *c = vs_game_node_get_comment_after (node);
  if (!c && vs_game_node_get_shapes (node, NULL) == 0)
    return NULL;
  GString *cc = g_string_new (NULL);
  for (const char *q = c ? c : ""; *q; q++)
    g_string_append_c (cc, *q == '}' ? ')' : *q);
  if (vs_game_node_get_shapes (node, NULL) > 0)
    {
      if (cc->len)
        g_string_append_c (cc, ' ');
      _vs_comment_write_shapes (game, node, cc);
    }
  return g_string_free (cc, FALSE);
}

char *
vs_gibo_write_game (VsGame *game, GError **error)
{
  const VsVariant *v = vs_game_get_variant (game);
  if (!v->has_gibo)
    {
      g_set_error (error, VS_RECORD_ERROR, VS_RECORD_ERROR_UNSUPPORTED,
                   _("Only Janggi games can be written as gibo (this game is %s)"), v->id);
      return NULL;
    }
  GString *s = g_string_new (NULL);
  guint nh = vs_game_get_n_headers (game);
  /* PGN roster names → gibo names when the gibo name is absent */
  for (guint i = 0; i < G_N_ELEMENTS (key_map); i++)
    {
      const char *pv = vs_game_get_header (game, key_map[i].pgn);
      if (pv && !vs_game_get_header (game, key_map[i].gibo))
        g_string_append_printf (s, "[%s \"%s\"]\r\n", key_map[i].gibo, pv);
    }
  const char *cho = NULL, *han = NULL;
  gboolean standard = fen_setups (v, vs_game_get_start_fen (game), &cho, &han);
  gboolean wrote_setup = FALSE;
  /* the game's own setup headers, if they still give its start position */
  gboolean keep_setup = FALSE;
  {
    const char *c = vs_game_get_header (game, "초차림");
    const char *h = vs_game_get_header (game, "한차림");
    if (!c)
      c = vs_game_get_header (game, "초포진");
    if (!h)
      h = vs_game_get_header (game, "한포진");
    const char *b = vs_game_get_header (game, "판");
    if (c || h || b)
      {
        g_autofree char *why = NULL;
        int bad = 0;
        g_autofree char *hf = headers_fen (c, h, b, &why, &bad);
        if (hf)
          {
            g_autofree VsPosition *pos = g_new (VsPosition, 1);
            if (vs_position_init (pos, v, hf, NULL))
              {
                g_autofree char *norm = vs_position_to_string (pos);
                keep_setup = strcmp (norm, vs_game_get_start_fen (game)) == 0;
              }
          }
      }
  }
  for (guint i = 0; i < nh; i++)
    {
      const char *k = vs_game_get_header_key (game, i);
      const char *val = vs_game_get_header_value (game, i);
      if (strcmp (k, "Result") == 0 && vs_game_get_header (game, "대국결과"))
        continue;
      if (strcmp (k, "FEN") == 0 || strcmp (k, "SetUp") == 0 || strcmp (k, "Variant") == 0)
        continue;
      /* a PGN roster tag that repeats a gibo header (PGN written from gibo) */
      gboolean duplicate = FALSE;
      for (guint j = 0; j < G_N_ELEMENTS (key_map); j++)
        if (strcmp (k, key_map[j].pgn) == 0 && vs_game_get_header (game, key_map[j].gibo))
          duplicate = TRUE;
      if (duplicate)
        continue;
      if (strcmp (k, "초차림") == 0 || strcmp (k, "한차림") == 0 || strcmp (k, "초포진") == 0
          || strcmp (k, "한포진") == 0 || strcmp (k, "판") == 0)
        {
          if (keep_setup)
            {
              g_string_append_printf (s, "[%s \"%s\"]\r\n", k, val);
              wrote_setup = TRUE;
              continue;
            }
          if (wrote_setup)
            continue;
          wrote_setup = TRUE;
          if (standard)
            g_string_append_printf (s, "[초차림 \"%s\"]\r\n[한차림 \"%s\"]\r\n", cho, han);
          else
            write_board (s, vs_game_get_start_fen (game));
          continue;
        }
      if (strcmp (k, "총수") == 0)
        {
          /* the ply count of the game as it is now, not as it was read */
          g_string_append_printf (s, "[총수 \"%u\"]\r\n", vs_game_get_main_line_length (game));
          continue;
        }
      if (strcmp (k, "Result") == 0)
        {
          VsResult r = vs_game_get_result (game);
          g_string_append_printf (s, "[대국결과 \"%s\"]\r\n",
                                  r == VS_RESULT_WHITE_WINS ? "초 완승" :
                                  r == VS_RESULT_BLACK_WINS ? "한 완승" :
                                  r == VS_RESULT_DRAW ? "무승부" : "미상");
          continue;
        }
      g_string_append_printf (s, "[%s \"%s\"]\r\n", k, val);
    }
  if (!wrote_setup)
    {
      if (standard)
        g_string_append_printf (s, "[초차림 \"%s\"]\r\n[한차림 \"%s\"]\r\n", cho, han);
      else
        write_board (s, vs_game_get_start_fen (game));
    }
  /* the rule set: a stored [Variant] header is skipped above, so always */
  if (v->gibo_variant_tag)
    g_string_append_printf (s, "[Variant \"%s\"]\r\n", v->gibo_variant_tag);
  g_string_append (s, "\r\n");

  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  if (!vs_game_node_position (vs_game_get_root (game), pos))
    {
      g_string_free (s, TRUE);
      g_set_error (error, VS_RECORD_ERROR, VS_RECORD_ERROR_BAD_POSITION, _("The start position of the game is not valid"));
      return NULL;
    }
  VsGameNode *root = vs_game_get_root (game);
  g_autofree char *intro = gibo_comment (game, root);
  if (intro)
    g_string_append_printf (s, "{%s}\r\n", intro);
  int on_line = 0;
  for (VsGameNode *n = vs_game_node_get_main_child (root); n; n = vs_game_node_get_main_child (n))
    {
      char tok[VS_MOVE_TEXT_MAX];
      VsMove m = vs_game_node_get_move (n);
      vs_move_write (pos, m, VS_NOTATION_GIBO, tok);
      vs_position_play (pos, m);
      if (on_line)
        g_string_append_c (s, ' ');
      g_string_append_printf (s, "%u. %s", vs_game_node_get_ply (n), tok);
      gint64 emt = vs_game_node_get_emt (n);
      if (emt != VS_CLOCK_NONE)
        g_string_append_printf (s, " <%" G_GINT64_FORMAT ">", emt / 1000);
      on_line++;
      g_autofree char *c = gibo_comment (game, n);
      if (c)
        {
          g_string_append_printf (s, "\r\n{%s}\r\n", c);
          on_line = 0;
        }
      else if (on_line == 6)
        {
          g_string_append (s, "\r\n");
          on_line = 0;
        }
    }
  if (on_line)
    g_string_append (s, "\r\n");
  /* CRLF everywhere, also inside multi-line comments */
  GString *out = g_string_sized_new (s->len + 64);
  for (gsize i = 0; i < s->len; i++)
    {
      if (s->str[i] == '\n' && (i == 0 || s->str[i - 1] != '\r'))
        g_string_append_c (out, '\r');
      g_string_append_c (out, s->str[i]);
    }
  g_string_free (s, TRUE);
  return g_string_free (out, FALSE);
}
