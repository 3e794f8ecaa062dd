/* vs-pgn.c — PGN (and bare numbered move list) reading and writing.
 *
 * Crazyhouse and Janggi movetext is split at blanks as PGN says.  Chartima
 * and Strato record notation has blanks inside a move ("P D3 - D4"), so
 * their movetext is split by the structure of a move instead: piece, square,
 * "-"/"x", square, then the optional parts src/core/RULES.md §2.11/§3.9 list ("x <sq>"
 * Ultima captures, "= <piece>", "& D", "e.p.", "@B", check marks).  Each
 * move's text is then read by the rules module (vs_move_parse, SAN).
 */
#include "config.h"
#include "vs-record-private.h"

#include <glib/gi18n.h>
#include <string.h>

typedef struct {
  VsGameNode *cur;
  gboolean    moved;      /* a move was played in this frame */
  guint       made;       /* moves made on the position in this frame */
} Frame;

typedef struct {
  VsParseContext  *ctx;
  const char      *text;
  const char      *end;
  const char      *p;
  VsGame          *game;
  const VsVariant *v;
  VsRecordProblem *problem;
  gboolean         structured;
  const char      *pieces[VS_MAX_PIECE_TYPES];
  int              n_pieces;
  gboolean         canonical;  /* rewrite SAN with vs_move_write */
  GArray          *undo;       /* VsUndo of the moves made on the position */
} Pgn;

/* ---- Positions in the text ---- */

static void
line_col (Pgn *P, const char *at, guint *line, guint *col)
{
  guint l = P->ctx->first_line;
  const char *ls = P->text;
  for (const char *q = P->text; q < at; q++)
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
  const char *q = p;
  while (q < end && !g_ascii_isspace (*q))
    q++;
  return q;
}

static VsRecordProblem *
fail_at (Pgn *P, VsRecordErrorCode code, const char *at, const char *text_end, const char *detail)
{
  guint line, col;
  line_col (P, at, &line, &col);
  g_autofree char *text = g_strndup (at, MIN (text_end - at, 200));
  VsRecordProblem *pr = _vs_record_problem_new (code, P->ctx->filename, line, col, text,
                                                P->ctx->game_index, detail);
  if (!P->problem)
    P->problem = pr;
  else
    vs_record_problem_free (pr);
  return P->problem;
}

/* ---- Headers ---- */

typedef struct {
  char *key, *value;
  const char *at, *value_at, *value_end;
} Tag;

static void
tag_clear (gpointer p)
{
  Tag *t = p;
  g_free (t->key);
  g_free (t->value);
}

static void
skip_blank (Pgn *P)
{
  for (;;)
    {
      while (P->p < P->end && g_ascii_isspace (*P->p))
        P->p++;
      /* escape lines ("%" in column 1) */
      if (P->p < P->end && *P->p == '%' && (P->p == P->text || P->p[-1] == '\n'))
        {
          while (P->p < P->end && *P->p != '\n')
            P->p++;
          continue;
        }
      break;
    }
}

static gboolean
parse_tag (Pgn *P, Tag *t)
{
  const char *start = P->p, *q = P->p + 1;
  const char *eol = memchr (start, '\n', P->end - start);
  if (!eol)
    eol = P->end;
  while (q < eol && (*q == ' ' || *q == '\t'))
    q++;
  const char *k = q;
  /* a name is printable: control bytes (NUL included) end it */
  while (q < eol && (guchar) *q > ' ' && *q != 0x7f && *q != '"' && *q != ']')
    q++;
  if (q == k)
    {
      fail_at (P, VS_RECORD_ERROR_SYNTAX, start, eol, _("header without a name"));
      P->p = eol;
      return FALSE;
    }
  t->key = g_strndup (k, q - k);
  while (q < eol && (*q == ' ' || *q == '\t'))
    q++;
  if (q >= eol || *q != '"')
    {
      fail_at (P, VS_RECORD_ERROR_SYNTAX, q, eol, _("header value must be in double quotes"));
      P->p = eol;
      return FALSE;
    }
  q++;
  t->value_at = q;
  GString *v = g_string_new (NULL);
  while (q < eol && *q != '"')
    {
      if (*q == '\\' && q + 1 < eol && (q[1] == '"' || q[1] == '\\'))
        q++;
      if (*q == '\0')
        {
          q++;   /* a NUL byte cannot be kept in a header value */
          continue;
        }
      if (*q == '\r')
        {
          /* a lone carriage return inside a value reads as the blank the
           * writer puts for it, so a value reads back as it was written */
          g_string_append_c (v, ' ');
          q++;
          continue;
        }
      g_string_append_c (v, *q++);
    }
  t->value_end = q;
  if (q >= eol)
    {
      g_string_free (v, TRUE);
      fail_at (P, VS_RECORD_ERROR_SYNTAX, t->value_at - 1, eol, _("header value is not closed with a double quote"));
      P->p = eol;
      return FALSE;
    }
  q++;
  while (q < eol && (*q == ' ' || *q == '\t'))
    q++;
  if (q >= eol || *q != ']')
    {
      g_string_free (v, TRUE);
      fail_at (P, VS_RECORD_ERROR_SYNTAX, q, eol, _("header is not closed with “]”"));
      P->p = eol;
      return FALSE;
    }
  t->value = g_string_free (v, FALSE);
  t->at = start;
  P->p = q + 1;
  return TRUE;
}

/* ---- Structured move extent (Chartima, Strato) ---- */

static const char *
skip_sp (const char *p, const char *end)
{
  while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
    p++;
  return p;
}

static int
square_at (Pgn *P, const char *p, const char *end)
{
  char buf[8];
  gsize n = MIN ((gsize) (end - p), sizeof buf - 1);
  memcpy (buf, p, n);
  buf[n] = '\0';
  int used = 0;
  if (vs_square_parse (&P->v->geom, buf, &used) < 0)
    return 0;
  /* a square must not run on into letters/digits ("D3x" is fine, "D3D" no) */
  return used;
}

static int
piece_at (Pgn *P, const char *p, const char *end, gboolean need_square)
{
  for (int i = 0; i < P->n_pieces; i++)
    {
      gsize l = strlen (P->pieces[i]);
      if ((gsize) (end - p) < l || memcmp (p, P->pieces[i], l) != 0)
        continue;
      if (!need_square)
        {
          /* a bare piece (promotion) must not run on into letters */
          if (p + l < end && g_ascii_isalnum (p[l]))
            continue;
          return l;
        }
      const char *q = skip_sp (p + l, end);
      if (square_at (P, q, end) > 0)
        return l;
    }
  return 0;
}

static gboolean
is_capture_mark (const char *p, const char *end, int *len)
{
  if (p < end && (*p == 'x' || *p == 'X' || *p == ':'))
    {
      *len = 1;
      return TRUE;
    }
  if (end - p >= 2 && (guchar) p[0] == 0xc3 && (guchar) p[1] == 0x97)  /* × */
    {
      *len = 2;
      return TRUE;
    }
  return FALSE;
}

/* Length of the move starting at p, 0 if none. */
static gsize
structured_move_len (Pgn *P, const char *p, const char *end)
{
  const char *q = p;
  int l;
  /* castling */
  if (end - q >= 3 && (q[0] == 'O' || q[0] == '0' || q[0] == 'o') && q[1] == '-')
    {
      const char *r = q;
      int n = 0;
      while (end - r >= 2 && (r[0] == 'O' || r[0] == '0' || r[0] == 'o') && r[1] == '-')
        {
          r += 2;
          n++;
        }
      if (r < end && (*r == 'O' || *r == '0' || *r == 'o') && n <= 2)
        {
          q = r + 1;
          const char *s = skip_sp (q, end);
          if (s < end && *s == '@' && s + 1 < end && g_ascii_isalpha (s[1]))
            q = s + 2;
          goto checks;
        }
      return 0;
    }
  if ((l = piece_at (P, q, end, TRUE)) == 0)
    return 0;
  q = skip_sp (q + l, end);
  q += square_at (P, q, end);
  {
    const char *s = skip_sp (q, end);
    /* suicide "xx" */
    if (end - s >= 2 && (s[0] == 'x' || s[0] == 'X') && (s[1] == 'x' || s[1] == 'X')
        && (s + 2 == end || !g_ascii_isalnum (s[2])))
      {
        q = s + 2;
        goto checks;
      }
    int cl;
    if (s < end && *s == '-')
      s++;
    else if (is_capture_mark (s, end, &cl))
      s += cl;
    else
      return 0;
    s = skip_sp (s, end);
    int sl = square_at (P, s, end);
    if (sl == 0)
      return 0;
    q = s + sl;
  }
  /* optional parts */
  for (;;)
    {
      const char *s = skip_sp (q, end);
      int cl;
      if (is_capture_mark (s, end, &cl))
        {
          const char *t = skip_sp (s + cl, end);
          int sl = square_at (P, t, end);
          if (sl > 0)
            {
              q = t + sl;
              continue;
            }
          break;
        }
      if (s < end && *s == '=')
        {
          const char *t = skip_sp (s + 1, end);
          int pl = piece_at (P, t, end, FALSE);
          if (pl > 0)
            {
              q = t + pl;
              continue;
            }
          break;
        }
      if (s < end && *s == '&')
        {
          const char *t = skip_sp (s + 1, end);
          int pl = piece_at (P, t, end, FALSE);
          if (pl > 0)
            {
              q = t + pl;
              continue;
            }
          break;
        }
      if (end - s >= 4 && g_ascii_strncasecmp (s, "e.p.", 4) == 0)
        {
          q = s + 4;
          continue;
        }
      if (end - s >= 3 && g_ascii_strncasecmp (s, "ep", 2) == 0 && !g_ascii_isalnum (s[2]))
        {
          q = s + 2;
          continue;
        }
      /* a promotion piece without "=": a piece not followed by a square */
      int pl = piece_at (P, s, end, FALSE);
      if (pl > 0 && piece_at (P, s, end, TRUE) == 0)
        {
          q = s + pl;
          continue;
        }
      break;
    }
checks:
  {
    const char *s = skip_sp (q, end);
    while (s < end && (*s == '+' || *s == '#'))
      {
        q = s + 1;
        s = q;
        if (s < end && *s == ' ' && s + 1 < end && (s[1] == '+' || s[1] == '#'))
          s++;
      }
  }
  return q - p;
}

/* ---- Movetext ---- */

static gboolean
is_result (const char *p, const char *end, VsResult *r, gsize *len)
{
  static const struct { const char *s; VsResult r; } results[] = {
    { "1-0", VS_RESULT_WHITE_WINS }, { "0-1", VS_RESULT_BLACK_WINS },
    { "1/2-1/2", VS_RESULT_DRAW }, { "½-½", VS_RESULT_DRAW }, { "*", VS_RESULT_NONE },
  };
  for (guint i = 0; i < G_N_ELEMENTS (results); i++)
    {
      gsize l = strlen (results[i].s);
      if ((gsize) (end - p) >= l && memcmp (p, results[i].s, l) == 0
          && (p + l == end || g_ascii_isspace (p[l]) || p[l] == ')' || p[l] == '{'))
        {
          *r = results[i].r;
          *len = l;
          return TRUE;
        }
    }
  return FALSE;
}

static const char *const standalone_glyphs[] = {
  "!!", "??", "!?", "?!", "!", "?", "□", "∞", "⩲", "⩱", "±", "∓", "+-", "-+", "+=", "=+", "=", "⨀", "⟳", "→", "↑", "⇆", "∆",
};

static gsize
glyph_at (const char *p, const char *end, guint *nag)
{
  for (guint i = 0; i < G_N_ELEMENTS (standalone_glyphs); i++)
    {
      gsize l = strlen (standalone_glyphs[i]);
      if ((gsize) (end - p) >= l && memcmp (p, standalone_glyphs[i], l) == 0
          && (p + l == end || g_ascii_isspace (p[l]) || strchr ("(){};$", p[l])))
        {
          const char *g = standalone_glyphs[i];
          if (strcmp (g, "+=") == 0)
            *nag = 14;
          else if (strcmp (g, "=+") == 0)
            *nag = 15;
          else
            *nag = vs_nag_from_glyph (g);
          return l;
        }
    }
  return 0;
}

static void
handle_comment (Pgn *P, Frame *f, const char *text, gsize len, GString **pending)
{
  /* NUL bytes are dropped, as from header values: comments are C strings */
  g_autofree char *clean = NULL;
  if (memchr (text, '\0', len))
    {
      clean = g_malloc (len + 1);
      gsize n = 0;
      for (gsize i = 0; i < len; i++)
        if (text[i] != '\0')
          clean[n++] = text[i];
      clean[n] = '\0';
      text = clean;
      len = n;
    }
  if (f->moved || (f->cur == vs_game_get_root (P->game)))
    {
      char *rest = _vs_comment_extract_commands (P->game, f->cur, text, len);
      _vs_game_node_take_comment (P->game, f->cur, FALSE, rest);
    }
  else
    {
      g_autofree char *rest = g_strstrip (g_strndup (text, len));
      if (!*rest)
        return;
      if (!*pending)
        *pending = g_string_new (rest);
      else
        g_string_append_printf (*pending, " %s", rest);
    }
}

/* *direct: the text was read as SAN as it stands (else a fallback form:
 * "@g4", UCI, "@@@@"). */
static gboolean
parse_move_text (Pgn *P, VsPosition *pos, const char *text, VsMove *m, gboolean *direct, GError **error)
{
  *direct = TRUE;
  if (vs_move_parse (pos, text, VS_NOTATION_SAN, m, NULL, error))
    return TRUE;
  *direct = FALSE;
  if (text[0] == '@')
    {
      /* 2016 Lichess exports wrote pawn drops as "@g4" */
      g_autofree char *pawn = g_strconcat ("P", text, NULL);
      if (vs_move_parse (pos, pawn, VS_NOTATION_SAN, m, NULL, NULL))
        {
          g_clear_error (error);
          return TRUE;
        }
    }
  if (vs_move_parse (pos, text, VS_NOTATION_UCI, m, NULL, NULL))
    {
      g_clear_error (error);
      return TRUE;
    }
  if (strcmp (text, "@@@@") == 0 || strcmp (text, "--") == 0 || strcmp (text, "pass") == 0)
    {
      VsMove moves[VS_MAX_MOVES];
      int n = vs_position_generate (pos, VS_GEN_ALL, moves);
      for (int i = 0; i < n; i++)
        if (VS_MOVE_KIND (moves[i]) == VS_MOVE_PASS)
          {
            *m = moves[i];
            g_clear_error (error);
            return TRUE;
          }
    }
  return FALSE;
}

static void
play_token (Pgn *P, Frame *f, VsPosition *pos, const char *at, const char *tok_end,
            const char *text, GString **pending)
{
  g_autoptr (GError) err = NULL;
  VsMove m;
  gboolean direct;
  if (!parse_move_text (P, pos, text, &m, &direct, &err))
    {
      g_autofree char *fen = vs_position_to_string (pos);
      guint k = vs_game_node_get_ply (f->cur);
      int start_side = _vs_game_start_side (P->game);
      int mover = start_side ^ (k & 1);
      guint number = _vs_game_start_fullmove (P->game) + (k + start_side) / 2;
      g_autofree char *detail =
        g_strdup_printf (mover == VS_WHITE
                         /* TRANSLATORS: move text, move number, position string, reason */
                         ? _("illegal move “%s” at move %u. in position %s: %s")
                         : _("illegal move “%s” at move %u... in position %s: %s"),
                         text, number, fen, err ? err->message : "?");
      VsRecordProblem *pr = fail_at (P, VS_RECORD_ERROR_ILLEGAL_MOVE, at, tok_end, detail);
      pr->move_number = number;
      pr->ply = f->cur ? vs_game_node_get_ply (f->cur) + 1 : 1;
      g_free (pr->position);
      pr->position = g_strdup (fen);
      return;
    }
  VsGameNode *node = NULL;
  for (VsGameNode *c = vs_game_node_get_main_child (f->cur); c; c = vs_game_node_get_next_sibling (c))
    if (VS_MOVE_CORE (vs_game_node_get_move (c)) == VS_MOVE_CORE (m))
      node = c;
  if (!node)
    {
      if (P->canonical || !direct || text[0] == '@')
        {
          char san[VS_MOVE_TEXT_MAX];
          vs_move_write (pos, m, VS_NOTATION_SAN, san);
          node = _vs_game_append_child (P->game, f->cur, VS_MOVE_CORE (m), san);
        }
      else
        node = _vs_game_append_child (P->game, f->cur, VS_MOVE_CORE (m), text);
    }
  g_array_set_size (P->undo, P->undo->len + 1);
  vs_position_make (pos, m, &g_array_index (P->undo, VsUndo, P->undo->len - 1));
  f->made++;
  if (*pending)
    {
      _vs_game_node_append_comment (P->game, node, TRUE, (*pending)->str, (*pending)->len);
      g_string_free (*pending, TRUE);
      *pending = NULL;
    }
  f->cur = node;
  f->moved = TRUE;
}

static void
parse_movetext (Pgn *P, VsPosition *pos)
{
  GArray *stack = g_array_new (FALSE, FALSE, sizeof (Frame));
  P->undo = g_array_new (FALSE, FALSE, sizeof (VsUndo));
  Frame top = { vs_game_get_root (P->game), FALSE, 0 };
  g_array_append_val (stack, top);
  GString *pending = NULL;

  while (!P->problem)
    {
      skip_blank (P);
      if (P->p >= P->end)
        break;
      Frame *f = &g_array_index (stack, Frame, stack->len - 1);
      const char *p = P->p;
      char c = *p;
      VsResult r;
      gsize rl;
      guint nag;
      if ((guchar) c < 0x20 || c == 0x7f)
        {
          /* a control character (a NUL, an escape…) is no part of PGN move
           * text: say which, rather than read it as part of a move */
          g_autofree char *detail =
            /* TRANSLATORS: %04X is the character's code, as in U+0000 */
            g_strdup_printf (_("control character U+%04X in the move text"), (guint) (guchar) c);
          fail_at (P, VS_RECORD_ERROR_SYNTAX, p, p + 1, detail);
          break;
        }
      else if (c == '{')
        {
          const char *close = memchr (p, '}', P->end - p);
          if (!close)
            {
              fail_at (P, VS_RECORD_ERROR_SYNTAX, p, token_end (p, P->end),
                       _("comment not closed with “}”"));
              break;
            }
          handle_comment (P, f, p + 1, close - p - 1, &pending);
          P->p = close + 1;
        }
      else if (c == ';')
        {
          const char *eol = memchr (p, '\n', P->end - p);
          if (!eol)
            eol = P->end;
          handle_comment (P, f, p + 1, eol - p - 1, &pending);
          P->p = eol;
        }
      else if (c == '(')
        {
          if (!f->moved)
            {
              fail_at (P, VS_RECORD_ERROR_SYNTAX, p, p + 1, _("variation before any move"));
              break;
            }
          /* the variation replaces f->cur's move: step back over it (the
           * reader's undo stack; no copy) */
          Frame nf;
          nf.cur = vs_game_node_get_parent (f->cur);
          nf.moved = FALSE;
          nf.made = 0;
          if (P->undo->len >= 1)
            {
              vs_position_unmake (pos, &g_array_index (P->undo, VsUndo, P->undo->len - 1));
              g_array_set_size (P->undo, P->undo->len - 1);
            }
          else
            vs_game_node_position (nf.cur, pos);
          g_array_append_val (stack, nf);
          P->p++;
        }
      else if (c == ')')
        {
          if (stack->len == 1)
            {
              fail_at (P, VS_RECORD_ERROR_SYNTAX, p, p + 1, _("“)” without “(”"));
              break;
            }
          /* back to the position after the parent frame's last move */
          Frame *up = &g_array_index (stack, Frame, stack->len - 2);
          if (P->undo->len >= f->made)
            {
              for (guint i = 0; i < f->made; i++)
                {
                  vs_position_unmake (pos, &g_array_index (P->undo, VsUndo, P->undo->len - 1));
                  g_array_set_size (P->undo, P->undo->len - 1);
                }
              g_array_set_size (P->undo, P->undo->len + 1);
              vs_position_make (pos, vs_game_node_get_move (up->cur),
                                &g_array_index (P->undo, VsUndo, P->undo->len - 1));
            }
          else
            {
              vs_game_node_position (up->cur, pos);
              g_array_set_size (P->undo, 0);
            }
          g_array_set_size (stack, stack->len - 1);
          if (pending)
            {
              g_string_free (pending, TRUE);
              pending = NULL;
            }
          P->p++;
        }
      else if (c == '$')
        {
          const char *q = p + 1;
          guint v = 0;
          while (q < P->end && g_ascii_isdigit (*q) && v < 1000)
            v = v * 10 + (*q++ - '0');
          if (q == p + 1 || v > 255)
            {
              fail_at (P, VS_RECORD_ERROR_SYNTAX, p, token_end (p, P->end), _("bad NAG"));
              break;
            }
          if (f->moved)
            _vs_game_node_push_nag (f->cur, v);
          P->p = q;
        }
      else if ((g_ascii_isdigit (c) || c == '*' || (guchar) c == 0xc2) && is_result (p, P->end, &r, &rl))
        {
          if (!vs_game_get_header (P->game, "Result"))
            _vs_game_add_header (P->game, "Result", vs_result_string (r));
          /* the game ends here: text after the result is not dropped silently */
          const char *rest = p + rl;
          while (rest < P->end && g_ascii_isspace (*rest))
            rest++;
          if (rest < P->end)
            {
              fail_at (P, VS_RECORD_ERROR_SYNTAX, rest, token_end (rest, P->end),
                       _("text after the game result"));
              break;
            }
          P->p = P->end;
        }
      else if (g_ascii_isdigit (c))
        {
          /* move number: digits then dots (or "…") */
          const char *q = p;
          while (q < P->end && g_ascii_isdigit (*q))
            q++;
          gboolean dots = FALSE;
          while (q < P->end && (*q == '.' || (P->end - q >= 3 && memcmp (q, "…", 3) == 0)))
            {
              q += *q == '.' ? 1 : 3;
              dots = TRUE;
            }
          if (!dots && q < P->end && !g_ascii_isspace (*q))
            {
              /* digits glued to something else: a move (gibo-like or UCI) */
              goto move;
            }
          if (!dots && q - p == 4 && memcmp (p, "0000", 4) == 0)
            goto move;   /* the null move / Janggi pass as the writers write it */
          P->p = q;
        }
      else if ((c == '!' || c == '?' || c == '+' || c == '-' || c == '=' || ((guchar) c & 0x80))
               && (nag = 0, rl = glyph_at (p, P->end, &nag)) > 0
               && !(P->structured && g_ascii_isalpha (c)))
        {
          if (f->moved && nag)
            _vs_game_node_push_nag (f->cur, nag);
          P->p = p + rl;
        }
      else
        {
        move:;
          const char *q;
          if (P->structured)
            {
              gsize ml = structured_move_len (P, p, P->end);
              if (ml == 0)
                {
                  fail_at (P, VS_RECORD_ERROR_SYNTAX, p, token_end (p, P->end), _("not a move"));
                  break;
                }
              q = p + ml;
            }
          else
            {
              q = p;
              while (q < P->end && !g_ascii_isspace (*q) && *q != '(' && *q != ')' && *q != '{'
                     && *q != '}' && *q != ';' && *q != '$' && (guchar) *q >= 0x20 && *q != 0x7f)
                q++;
            }
          /* glyph suffix: "Bg6?!" */
          const char *text_end = q;
          while (text_end > p && (text_end[-1] == '!' || text_end[-1] == '?'))
            text_end--;
          if (P->structured)
            {
              /* glyphs right after a structured move */
              while (q < P->end && (*q == '!' || *q == '?'))
                q++;
            }
          guint suffix_nag = 0;
          if (text_end < q)
            {
              g_autofree char *g = g_strndup (text_end, q - text_end);
              suffix_nag = vs_nag_from_glyph (g);
            }
          if (!P->structured)
            {
              /* "e.p." written after an en-passant capture */
              if ((text_end - p == 4 && g_ascii_strncasecmp (p, "e.p.", 4) == 0)
                  || (text_end - p == 2 && g_ascii_strncasecmp (p, "ep", 2) == 0))
                {
                  P->p = q;
                  continue;
                }
            }
          /* normalise blanks inside the move */
          char t[VS_MOVE_TEXT_MAX];
          gsize tl = 0;
          gboolean too_long = FALSE;
          for (const char *s = p; s < text_end; s++)
            {
              char ch = g_ascii_isspace (*s) ? ' ' : *s;
              if (ch == ' ' && (tl == 0 || t[tl - 1] == ' '))
                continue;
              if (tl + 1 >= sizeof t)
                {
                  too_long = TRUE;
                  break;
                }
              t[tl++] = ch;
            }
          while (tl && t[tl - 1] == ' ')
            tl--;
          t[tl] = '\0';
          if (tl == 0 || too_long)
            {
              fail_at (P, VS_RECORD_ERROR_SYNTAX, p, token_end (p, P->end), _("not a move"));
              break;
            }
          play_token (P, f, pos, p, text_end, t, &pending);
          if (P->problem)
            break;
          if (suffix_nag)
            _vs_game_node_push_nag (f->cur, suffix_nag);
          P->p = q;
        }
    }
  if (pending)
    g_string_free (pending, TRUE);
  g_array_free (stack, TRUE);
  g_clear_pointer (&P->undo, g_array_unref);
}

/* ---- The game ---- */

static void
setup_pieces (Pgn *P)
{
  const VsVariant *v = P->v;
  P->n_pieces = 0;
  for (int t = 1; t <= v->n_piece_types && t < VS_MAX_PIECE_TYPES; t++)
    if (v->pieces && v->pieces[t].record && v->pieces[t].record[0])
      P->pieces[P->n_pieces++] = v->pieces[t].record;
  /* longest first */
  for (int i = 1; i < P->n_pieces; i++)
    for (int j = i; j > 0 && strlen (P->pieces[j]) > strlen (P->pieces[j - 1]); j--)
      {
        const char *tmp = P->pieces[j];
        P->pieces[j] = P->pieces[j - 1];
        P->pieces[j - 1] = tmp;
      }
}

static gboolean
variant_is_structured (const VsVariant *v)
{
  return v->pgn_structured;
}

static VsGame *
parse_with_variant (VsParseContext *ctx, const char *text, gsize len, GArray *tags, gboolean steal_tags,
                    const char *movetext, const VsVariant *v, const Tag *fen_tag,
                    VsRecordProblem *header_problem, VsRecordProblem **problem)
{
  Pgn P = { 0 };
  P.ctx = ctx;
  P.text = text;
  P.end = text + len;
  P.v = v;
  P.structured = variant_is_structured (v);
  P.problem = header_problem ? vs_record_problem_copy (header_problem) : NULL;
  setup_pieces (&P);
  VsPosition *pos = ctx->pos;
  g_autoptr (GError) err = NULL;
  if (!_vs_parse_start_position (ctx, v, fen_tag ? fen_tag->value : NULL, &err))
    {
      g_autofree char *detail = g_strdup_printf (_("bad start position: %s"), err->message);
      if (P.problem)
        vs_record_problem_free (P.problem);
      P.problem = NULL;
      fail_at (&P, VS_RECORD_ERROR_BAD_POSITION, fen_tag->value_at, fen_tag->value_end, detail);
      *problem = P.problem;
      return NULL;
    }
  P.game = _vs_game_new_from_position (v, fen_tag ? fen_tag->value : NULL, pos);
  for (guint i = 0; i < tags->len; i++)
    {
      Tag *t = &g_array_index (tags, Tag, i);
      if (steal_tags)
        {
          _vs_game_take_header (P.game, t->key, t->value);
          t->key = t->value = NULL;
        }
      else
        _vs_game_add_header (P.game, t->key, t->value);
    }
  if (!P.problem)
    {
      P.p = movetext;
      P.canonical = ctx->canonical_san || P.structured;
      parse_movetext (&P, pos);
    }
  *problem = P.problem;
  return P.game;
}

VsGame *
_vs_pgn_parse_game (VsParseContext *ctx, const char *text, gsize len, gboolean kifu,
                    VsRecordProblem **problem)
{
  Pgn P = { 0 };
  P.ctx = ctx;
  P.text = text;
  P.end = text + len;
  P.p = text;
  *problem = NULL;

  GArray *tags = g_array_new (FALSE, TRUE, sizeof (Tag));
  g_array_set_clear_func (tags, tag_clear);
  const Tag *variant_tag = NULL, *fen_tag = NULL;
  for (;;)
    {
      skip_blank (&P);
      if (P.p >= P.end || *P.p != '[')
        break;
      Tag t = { 0 };
      if (parse_tag (&P, &t))
        g_array_append_val (tags, t);
      else
        tag_clear (&t);
    }
  for (guint i = 0; i < tags->len; i++)
    {
      Tag *t = &g_array_index (tags, Tag, i);
      if (g_ascii_strcasecmp (t->key, "Variant") == 0)
        variant_tag = t;
      else if (g_ascii_strcasecmp (t->key, "FEN") == 0)
        fen_tag = t;
    }
  const char *movetext = P.p;
  VsGame *game = NULL;
  const VsVariant *v = NULL;
  if (variant_tag)
    {
      v = vs_variant_lookup (variant_tag->value);
      if (!v && ctx->variant
          && (g_ascii_strcasecmp (variant_tag->value, ctx->variant->id) == 0
              || (ctx->variant->pgn_name && g_ascii_strcasecmp (variant_tag->value, ctx->variant->pgn_name) == 0)))
        v = ctx->variant;
      if (!v)
        {
          g_autofree char *detail = g_strdup_printf (_("unknown variant “%s”"), variant_tag->value);
          fail_at (&P, VS_RECORD_ERROR_UNKNOWN_VARIANT, variant_tag->value_at, variant_tag->value_end, detail);
        }
    }
  else if (ctx->variant)
    v = ctx->variant;
  else if (kifu)
    {
      /* a bare move list: Chartima, or Strato if that reads further */
      const VsVariant *cands[] = { &vs_variant_chartima, &vs_variant_strato };
      VsRecordProblem *best_problem = NULL;
      VsGame *best = NULL;
      guint best_plies = 0;
      for (guint i = 0; i < G_N_ELEMENTS (cands); i++)
        {
          VsRecordProblem *pr = NULL;
          VsGame *g = parse_with_variant (ctx, text, len, tags, FALSE, movetext, cands[i], fen_tag, P.problem, &pr);
          guint plies = g ? vs_game_get_main_line_length (g) : 0;
          if (!best || (!pr && best_problem) || (!!pr == !!best_problem && plies > best_plies))
            {
              if (best)
                g_object_unref (best);
              vs_record_problem_free (best_problem);
              best = g;
              best_problem = pr;
              best_plies = plies;
            }
          else
            {
              if (g)
                g_object_unref (g);
              vs_record_problem_free (pr);
            }
        }
      g_array_unref (tags);
      vs_record_problem_free (P.problem);
      *problem = best_problem;
      return best;
    }
  else
    {
      const char *at = movetext < P.end ? movetext : text;
      fail_at (&P, VS_RECORD_ERROR_UNKNOWN_VARIANT, at, token_end (at, P.end),
               _("the game does not name its variant (no [Variant] header)"));
    }
  if (v)
    {
      VsRecordProblem *pr = NULL;
      game = parse_with_variant (ctx, text, len, tags, TRUE, movetext, v, fen_tag, P.problem, &pr);
      vs_record_problem_free (P.problem);
      P.problem = pr;
    }
  g_array_unref (tags);
  *problem = P.problem;
  return game;
}

/* ---- Writing ---- */

typedef struct {
  GString *s;
  gsize    line_start;
  VsGame  *game;
  int      start_side;
  int      start_fullmove;
} Writer;

static void
emit (Writer *w, const char *tok)
{
  gsize l = strlen (tok);
  gsize col = w->s->len - w->line_start;
  if (col > 0)
    {
      if (col + 1 + l > 79)
        {
          g_string_append_c (w->s, '\n');
          w->line_start = w->s->len;
        }
      else
        g_string_append_c (w->s, ' ');
    }
  g_string_append (w->s, tok);
  const char *nl = strrchr (tok, '\n');
  if (nl)
    w->line_start = w->s->len - (l - (nl - tok) - 1);
}

static void
emit_comment (Writer *w, const char *text, const VsGameNode *node_cmds)
{
  /* Text holding "}" cannot go in a { } comment: it goes in a rest-of-line
   * comment ("; …" up to the end of the line) when it has no line break;
   * otherwise (text joined from both kinds) "}" is written as ")". */
  gboolean to_eol = text && strchr (text, '}') && !strchr (text, '\n');
  GString *c = g_string_new (to_eol ? "; " : "{ ");
  gboolean cmds = node_cmds && _vs_game_node_has_commands (node_cmds);
  /* Text that holds "[%" (a command kept as text because the node already had
   * one, or a stray "[%") goes after the commands, so that a re-read gives
   * the node its own commands first and keeps the text as text. */
  gboolean cmds_first = cmds && text && strstr (text, "[%") != NULL;
  if (cmds_first)
    {
      _vs_comment_write_commands (w->game, node_cmds, c);
      g_string_append_c (c, ' ');
    }
  if (text)
    {
      for (const char *p = text; *p; p++)
        g_string_append_c (c, *p == '}' && !to_eol ? ')' : *p);
    }
  if (cmds && !cmds_first)
    {
      if (text)
        g_string_append_c (c, ' ');
      _vs_comment_write_commands (w->game, node_cmds, c);
    }
  if (to_eol)
    {
      emit (w, c->str);
      g_string_append_c (w->s, '\n');
      w->line_start = w->s->len;
    }
  else
    {
      g_string_append (c, " }");
      emit (w, c->str);
    }
  g_string_free (c, TRUE);
}

static void
write_line (Writer *w, const VsGameNode *first)
{
  gboolean need_number = TRUE;
  for (const VsGameNode *n = first; n; n = vs_game_node_get_main_child (n))
    {
      const char *before = vs_game_node_get_comment_before (n);
      if (before)
        {
          emit_comment (w, before, NULL);
          need_number = TRUE;
        }
      guint k = vs_game_node_get_ply (n) - 1;  /* plies before the move */
      int side = w->start_side ^ (k & 1);
      guint number = w->start_fullmove + (k + w->start_side) / 2;
      char buf[VS_MOVE_TEXT_MAX + 32];
      if (side == VS_WHITE)
        {
          g_snprintf (buf, sizeof buf, "%u.", number);
          emit (w, buf);
        }
      else if (need_number)
        {
          g_snprintf (buf, sizeof buf, "%u...", number);
          emit (w, buf);
        }
      need_number = FALSE;
      const guint8 *nags;
      guint n_nags = vs_game_node_get_nags (n, &nags);
      GString *mv = g_string_new (vs_game_node_get_san (n));
      guint first_nag = 0;
      if (n_nags && nags[0] >= 1 && nags[0] <= 6)
        {
          g_string_append (mv, vs_nag_glyph (nags[0]));
          first_nag = 1;
        }
      emit (w, mv->str);
      g_string_free (mv, TRUE);
      for (guint i = first_nag; i < n_nags; i++)
        {
          g_snprintf (buf, sizeof buf, "$%u", nags[i]);
          emit (w, buf);
        }
      const char *after = vs_game_node_get_comment_after (n);
      if (after || _vs_game_node_has_commands (n))
        {
          emit_comment (w, after, n);
          need_number = TRUE;
        }
      if (vs_game_node_get_prev_sibling (n) == NULL)
        for (const VsGameNode *v = vs_game_node_get_next_sibling (n); v; v = vs_game_node_get_next_sibling (v))
          {
            emit (w, "(");
            gsize after_paren = w->s->len;
            write_line (w, v);
            /* no blank between "(" and the variation's first token */
            if (w->s->len > after_paren && w->s->str[after_paren] == ' ')
              {
                g_string_erase (w->s, after_paren, 1);
                if (w->line_start > after_paren)
                  w->line_start--;
              }
            g_string_append_c (w->s, ')');
            need_number = TRUE;
          }
    }
}

static void
escape_value (GString *s, const char *v)
{
  for (; *v; v++)
    {
      if (*v == '"' || *v == '\\')
        g_string_append_c (s, '\\');
      g_string_append_c (s, *v == '\n' || *v == '\r' ? ' ' : *v);
    }
}

static void
write_tag (GString *s, const char *key, const char *value)
{
  g_string_append_printf (s, "[%s \"", key);
  escape_value (s, value);
  g_string_append (s, "\"]\n");
}

/* Gibo keys shown under their PGN names when the PGN name is absent. */
static const struct { const char *pgn, *gibo; } str_map[] = {
  { "Event", "대회명" }, { "Site", "대국장소" }, { "Date", "대국일자" },
  { "Round", "회전" }, { "White", "초대국자" }, { "Black", "한대국자" },
};

char *
vs_pgn_write_game (VsGame *game)
{
  /* a compact game is its PGN text already */
  if (_vs_game_get_compact_text (game))
    return g_strdup (_vs_game_get_compact_text (game));
  GString *s = g_string_new (NULL);
  const VsVariant *v = vs_game_get_variant (game);
  guint nh = vs_game_get_n_headers (game);
  gboolean has_variant = vs_game_get_header (game, "Variant") != NULL;
  gboolean has_fen = vs_game_get_header (game, "FEN") != NULL;
  gboolean has_setup = vs_game_get_header (game, "SetUp") != NULL;
  gboolean setup = vs_game_has_setup (game);
  /* mapped roster tags for records read from gibo */
  for (guint i = 0; i < G_N_ELEMENTS (str_map); i++)
    {
      const char *g = vs_game_get_header (game, str_map[i].gibo);
      if (g && !vs_game_get_header (game, str_map[i].pgn))
        write_tag (s, str_map[i].pgn, g);
    }
  gboolean extras_written = FALSE;
  for (guint i = 0; i <= nh; i++)
    {
      const char *key = i < nh ? vs_game_get_header_key (game, i) : NULL;
      /* write Variant/FEN/SetUp (when absent) after the roster tags */
      if (!extras_written && (i == nh || !(g_strcmp0 (key, "Event") == 0 || g_strcmp0 (key, "Site") == 0
                                           || g_strcmp0 (key, "Date") == 0 || g_strcmp0 (key, "Round") == 0
                                           || g_strcmp0 (key, "White") == 0 || g_strcmp0 (key, "Black") == 0
                                           || g_strcmp0 (key, "Result") == 0)))
        {
          if (!vs_game_get_header (game, "Result"))
            write_tag (s, "Result", "*");
          if (!has_variant)
            write_tag (s, "Variant", v->pgn_name ? v->pgn_name : v->id);
          if (setup && !has_fen)
            write_tag (s, "FEN", vs_game_get_start_fen (game));
          if (setup && !has_setup)
            write_tag (s, "SetUp", "1");
          extras_written = TRUE;
        }
      if (i == nh)
        break;
      const char *value = vs_game_get_header_value (game, i);
      if (strcmp (key, "Variant") == 0)
        value = v->pgn_name ? v->pgn_name : v->id;
      else if (strcmp (key, "FEN") == 0)
        value = vs_game_get_start_fen (game);
      else if (strcmp (key, "SetUp") == 0)
        value = "1";
      write_tag (s, key, value);
    }
  g_string_append_c (s, '\n');

  Writer w = { s, s->len, game, _vs_game_start_side (game), _vs_game_start_fullmove (game) };
  VsGameNode *root = vs_game_get_root (game);
  const char *intro = vs_game_node_get_comment_after (root);
  if (intro || _vs_game_node_has_commands (root))
    emit_comment (&w, intro, root);
  if (vs_game_node_get_main_child (root))
    write_line (&w, vs_game_node_get_main_child (root));
  emit (&w, vs_result_string (vs_game_get_result (game)));
  g_string_append_c (s, '\n');
  return g_string_free (s, FALSE);
}

char *
vs_kifu_write_game (VsGame *game)
{
  GString *s = g_string_new (NULL);
  Writer w = { s, 0, game, _vs_game_start_side (game), _vs_game_start_fullmove (game) };
  gboolean first = TRUE;
  for (VsGameNode *n = vs_game_node_get_main_child (vs_game_get_root (game)); n;
       n = vs_game_node_get_main_child (n))
    {
      guint k = vs_game_node_get_ply (n) - 1;
      int side = w.start_side ^ (k & 1);
      guint number = w.start_fullmove + (k + w.start_side) / 2;
      char buf[32];
      if (side == VS_WHITE || first)
        {
          g_snprintf (buf, sizeof buf, side == VS_WHITE ? "%u." : "%u...", number);
          emit (&w, buf);
        }
      first = FALSE;
      emit (&w, vs_game_node_get_san (n));
    }
  g_string_append_c (s, '\n');
  return g_string_free (s, FALSE);
}
