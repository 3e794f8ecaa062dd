/* vs-janggi-rules.c — Janggi (장기, Korean chess): rules, position strings
 * and setups, per src/core/RULES.md §4 (the notations: vs-janggi-notation.c).
 *
 * Two rule sets share this code: "janggi" (bikjang rule in force, as
 * Fairy-Stockfish's janggi/janggitraditional) and "janggi-casual" (facing
 * Kings change nothing, as Fairy-Stockfish's janggicasual).  The difference is
 * one bit of VsPosition.options (VS_JANGGI_OPTION_BIKJANG).
 *
 * Board: the canonical 9×10 index (sq = rank * 9 + file, rank 0 = Cho's back
 * rank).  board[] is authoritative; pos->priv holds piece lists, King
 * squares and material counts that make/unmake keep in step (byte for byte
 * restored by unmake).
 *
 * Geometry tables (rays, palace lines, horse and elephant legs and their
 * reverse lookups) are const data generated at build time by vs-janggi-gen.c:
 * the module holds no mutable state.
 *
 * Move legality: pseudo-legal generation, then a move is legal without any
 * test when the side is not in check, no bikjang stands, the King does not
 * move and neither its from nor its to point lies on a line through which an
 * attack on the King could pass: one or two diagonal steps away (horse and
 * elephant legs, palace diagonals), or the King's file or rank on a side where
 * an enemy Chariot or Cannon stands (only those two attack along a line, and
 * our move cannot bring one there).  Every other move is tried on a copy of
 * the board and the King's point is tested by reverse lookups.
 */
#include "config.h"
#include "vs-janggi-private.h"
#include "vs-position-string.h"

#include <glib/gi18n.h>

/* ---- Move generation ------------------------------------------------------------------ */

typedef struct {
  const JTables *T;
  VsPiece b[NSQ];      /* scratch copy of the board for trial moves */
  int us, them;
  int ksq, eksq;
  gboolean full;       /* every move needs the full test */
  gboolean bikjang;
  const uint8_t *sens;
  uint8_t live;        /* sens bits that need the full test (VS_JANGGI_SENS_*) */
} GenCtx;

/* Legality test of a non-pass move on the scratch board. */
static inline gboolean
legal_slow (GenCtx *g, int from, int to)
{
  VsPiece moved = g->b[from], captured = g->b[to];
  g->b[to] = moved;
  g->b[from] = 0;
  int k = TYPE (moved) == KING ? to : g->ksq;
  gboolean ok;
  if (g->full || k != g->ksq)
    ok = !attackers (g->T, g->b, k, g->them, TRUE);
  else   /* not in check before: only the lines the move touched can attack now */
    ok = !attacked_through (g->T, g->b, k, g->them, (g->sens[from] | g->sens[to]) & g->live);
  if (ok && g->bikjang && kings_face (g->b, k, g->eksq))
    ok = FALSE;
  g->b[from] = moved;
  g->b[to] = captured;
  return ok;
}

#define EMIT(from_, to_)                                                    \
  G_STMT_START {                                                            \
    int f__ = (from_), t__ = (to_);                                         \
    if ((only_to < 0 || t__ == only_to) &&                                  \
        ((fast_from && !(g->sens[t__] & g->live)) || legal_slow (g, f__, t__))) \
      {                                                                     \
        if (out)                                                            \
          out[n] = VS_MOVE_MAKE (f__, t__, VS_MOVE_NORMAL, 0);              \
        n++;                                                                \
      }                                                                     \
  } G_STMT_END

#define OWN(p)   ((p) && COLOR (p) == us)
#define ENEMY(p) ((p) && COLOR (p) != us)

/* only_from / only_to: the moves of the piece on only_from, to only_to
 * (-1: any); with constants -1 the tests vanish from the full generator. */
static G_ALWAYS_INLINE inline int
gen_impl (const VsPosition *pos, VsGenType type, VsMove *out, int only_from, int only_to)
{
  if (pass_ended (pos) || bikjang_ended (pos))
    return 0;

  GenCtx ctx, *g = &ctx;
  const JPriv *pv = CPRIV (pos);
  const JTables *T = T_CONST;
  g->T = T;
  memcpy (g->b, pos->board, NSQ);
  const VsPiece *b = g->b;
  int us = g->us = pos->side;
  g->them = us ^ 1;
  g->ksq = pv->king[us];
  g->eksq = pv->king[us ^ 1];
  g->bikjang = pv->bikjang;
  gboolean in_check = attackers (T, b, g->ksq, g->them, TRUE) > 0;
  g->full = in_check || g->bikjang;
  g->sens = T->sens[g->ksq];
  g->live = VS_JANGGI_SENS_NEAR;
  for (int d = 0; d < 4; d++)
    for (const uint8_t *ray = T->ray[g->ksq][d]; *ray != NONE; ray++)
      {
        VsPiece p = b[*ray];
        if (p && COLOR (p) == g->them && (TYPE (p) == CHARIOT || TYPE (p) == CANNON))
          {
            g->live |= 1 << d;
            break;
          }
      }
  /* the stages: noisy = captures, quiet = the others (the pass included) */
  gboolean noisy = type == VS_GEN_NOISY, quiet = type == VS_GEN_QUIET;
  int n = 0;

  for (int i = 0; i < pv->count[us]; i++)
    {
      int s = pv->list[us][i];
      if (only_from >= 0 && s != only_from)
        continue;
      VsPiece p = b[s];
      int t = TYPE (p);
      if (only_to >= 0 && !could_reach (T, t, us, s, only_to))
        continue;
      gboolean fast_from = !g->full && t != KING && !(g->sens[s] & g->live);
      switch (t)
        {
        case KING:
        case GUARD:
          for (int j = 0; j < T->n_palace[s]; j++)
            {
              int to = T->palace[s][j];
              if (noisy ? ENEMY (b[to]) : quiet ? !b[to] : !OWN (b[to]))
                EMIT (s, to);
            }
          break;
        case HORSE:
          for (int j = 0; j < T->n_horse[s]; j++)
            {
              int to = T->horse[s][j][1];
              if (!b[T->horse[s][j][0]] && (noisy ? ENEMY (b[to]) : quiet ? !b[to] : !OWN (b[to])))
                EMIT (s, to);
            }
          break;
        case ELEPHANT:
          for (int j = 0; j < T->n_elephant[s]; j++)
            {
              int to = T->elephant[s][j][2];
              if (!b[T->elephant[s][j][0]] && !b[T->elephant[s][j][1]] &&
                  (noisy ? ENEMY (b[to]) : quiet ? !b[to] : !OWN (b[to])))
                EMIT (s, to);
            }
          break;
        case SOLDIER:
          for (int j = 0; j < T->n_soldier[us][s]; j++)
            {
              int to = T->soldier[us][s][j];
              if (noisy ? ENEMY (b[to]) : quiet ? !b[to] : !OWN (b[to]))
                EMIT (s, to);
            }
          break;
        case CHARIOT:
          for (int d = 0; d < 4; d++)
            {
              const uint8_t *ray = T->ray[s][d];
              for (int j = 0; ray[j] != NONE; j++)
                {
                  int to = ray[j];
                  if (!b[to])
                    {
                      if (!noisy)
                        EMIT (s, to);
                      continue;
                    }
                  if (!quiet && ENEMY (b[to]))
                    EMIT (s, to);
                  break;
                }
            }
          for (int d = 0; d < T->n_dray[s]; d++)
            {
              const uint8_t *ray = T->dray[s][d];
              for (int j = 0; ray[j] != NONE; j++)
                {
                  int to = ray[j];
                  if (!b[to])
                    {
                      if (!noisy)
                        EMIT (s, to);
                      continue;
                    }
                  if (!quiet && ENEMY (b[to]))
                    EMIT (s, to);
                  break;
                }
            }
          break;
        case CANNON:
          for (int d = 0; d < 4; d++)
            {
              const uint8_t *ray = T->ray[s][d];
              int j = 0;
              while (ray[j] != NONE && !b[ray[j]])
                j++;
              if (ray[j] == NONE || TYPE (b[ray[j]]) == CANNON)
                continue;
              for (j++; ray[j] != NONE; j++)
                {
                  int to = ray[j];
                  if (!b[to])
                    {
                      if (!noisy)
                        EMIT (s, to);
                      continue;
                    }
                  if (!quiet && ENEMY (b[to]) && TYPE (b[to]) != CANNON)
                    EMIT (s, to);
                  break;
                }
            }
          for (int d = 0; d < T->n_dray[s]; d++)
            {
              const uint8_t *ray = T->dray[s][d];
              if (ray[1] == NONE || !b[ray[0]] || TYPE (b[ray[0]]) == CANNON)
                continue;
              int to = ray[1];
              if (!b[to] ? !noisy : (!quiet && ENEMY (b[to]) && TYPE (b[to]) != CANNON))
                EMIT (s, to);
            }
          break;
        default:
          break;
        }
    }

  /* Pass: never in check, except that it is always allowed under bikjang
   * (Fairy-Stockfish's janggi). */
  if (!noisy && (!in_check || g->bikjang) &&
      (only_from < 0 || only_from == g->ksq) && (only_to < 0 || only_to == g->ksq))
    {
      if (out)
        out[n] = VS_MOVE_MAKE (g->ksq, g->ksq, VS_MOVE_PASS, 0);
      n++;
    }
  return n;
}

int
janggi_generate (const VsPosition *pos, VsGenType type, VsMove *out)
{
  return gen_impl (pos, type, out, -1, -1);
}

/* The captures onto `to` (VsVariant.generate_to): the legality of the
 * others is never tested. */
static int
janggi_generate_to (const VsPosition *pos, int to, VsMove *out)
{
  return gen_impl (pos, VS_GEN_NOISY, out, -1, to);
}

/* The legal moves from `from` to `to` (-1: any): a few, at the cost of one
 * piece's generation (notation, record reading). */
int
janggi_gen_only (const VsPosition *pos, int from, int to, VsMove *out)
{
  return gen_impl (pos, VS_GEN_ALL, out, from, to);
}

uint64_t
janggi_count_legal (const VsPosition *pos)
{
  return gen_impl (pos, VS_GEN_ALL, NULL, -1, -1);
}

/* ---- Make / unmake ----------------------------------------------------------------------- */

void
janggi_make (VsPosition *pos, VsMove m, VsUndo *u)
{
  JPriv *pv = PRIV (pos);
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  int us = pos->side;

  vs_undo_push (pos, m, u);
  u->moved = pos->board[from];
  u->extra[X_BIKJANG] = pv->bikjang;
  u->extra[X_PREV] = pv->prev_bikjang;
  pv->prev_bikjang = pv->bikjang;

  if (VS_MOVE_KIND (m) == VS_MOVE_PASS)
    {
      pos->passes++;
      pos->halfmove++;
    }
  else
    {
      VsPiece p = pos->board[from];
      VsPiece cap = pos->board[to];
      if (cap)
        {
          int them = us ^ 1;
          int slot = pv->index[to];
          int last = pv->list[them][--pv->count[them]];
          pv->list[them][slot] = last;
          pv->index[last] = slot;
          pv->material[them][TYPE (cap)]--;
          u->n_captured = 1;
          u->captured_sq[0] = to;
          u->captured[0] = cap;
          u->extra[X_SLOT] = slot;
          pos->key ^= vs_zobrist_psq[cap][to];
          pos->halfmove = 0;
        }
      else
        pos->halfmove++;
      int ms = pv->index[from];
      pv->list[us][ms] = to;
      pv->index[to] = ms;
      pv->index[from] = NONE;
      pos->board[to] = p;
      pos->board[from] = 0;
      pos->key ^= vs_zobrist_psq[p][from] ^ vs_zobrist_psq[p][to];
      if (TYPE (p) == KING)
        pv->king[us] = to;
      pos->passes = 0;
      if (pos->options & VS_JANGGI_OPTION_BIKJANG)
        pv->bikjang = kings_face (pos->board, pv->king[0], pv->king[1]);
    }
  vs_undo_turn (pos);
}

static void
janggi_unmake (VsPosition *pos, const VsUndo *u)
{
  JPriv *pv = PRIV (pos);
  VsMove m = u->move;
  int us = pos->side ^ 1;
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);

  if (VS_MOVE_KIND (m) != VS_MOVE_PASS)
    {
      VsPiece p = pos->board[to];
      pos->board[from] = p;
      int ms = pv->index[to];
      pv->list[us][ms] = from;
      pv->index[from] = ms;
      if (TYPE (p) == KING)
        pv->king[us] = from;
      if (u->n_captured)
        {
          int them = us ^ 1;
          VsPiece cap = u->captured[0];
          int slot = u->extra[X_SLOT];
          int c = pv->count[them]++;
          int last = pv->list[them][slot];
          pv->list[them][c] = last;
          pv->index[last] = c;
          pv->list[them][slot] = to;
          pv->index[to] = slot;
          pv->material[them][TYPE (cap)]++;
          pos->board[to] = cap;
        }
      else
        {
          pos->board[to] = 0;
          pv->index[to] = NONE;
        }
    }
  pv->bikjang = u->extra[X_BIKJANG];
  pv->prev_bikjang = u->extra[X_PREV];
  vs_undo_pop (pos, u);
}

/* The null move is Janggi's own pass (RULES.md §4.4): it counts in
 * pos->passes like any pass. */
static void
janggi_make_null (VsPosition *pos, VsUndo *u)
{
  int k = CPRIV (pos)->king[pos->side];
  janggi_make (pos, VS_MOVE_MAKE (k, k, VS_MOVE_PASS, 0), u);
}

/* ---- Checks, effects, game state ------------------------------------------------------------ */

static int
janggi_checkers (const VsPosition *pos)
{
  const JPriv *pv = CPRIV (pos);
  return attackers (T_CONST, pos->board, pv->king[pos->side], pos->side ^ 1, FALSE);
}

void
janggi_effects (const VsPosition *pos, VsMove m, VsMoveEffects *out)
{
  const JPriv *pv = CPRIV (pos);
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  VsPiece b[NSQ];

  memset (out, 0, sizeof *out);
  out->rook_from = out->rook_to = out->dog_sq = VS_NO_SQUARE;
  memcpy (b, pos->board, NSQ);
  if (VS_MOVE_KIND (m) != VS_MOVE_PASS)
    {
      if (b[to])
        {
          out->n_captured = 1;
          out->captured_sq[0] = to;
          out->captured[0] = b[to];
        }
      b[to] = b[from];
      b[from] = 0;
    }
  out->placed = b[to];
  int them = pos->side ^ 1;
  out->gives_check = attackers (T_CONST, b, pv->king[them], pos->side, FALSE);
}

static gboolean
only_kings_and_guards (const JPriv *pv)
{
  for (int c = 0; c < 2; c++)
    for (int t = HORSE; t <= SOLDIER; t++)
      if (pv->material[c][t])
        return FALSE;
  return TRUE;
}

/* Issue 15: the ends before vs_game_state's common tests (RULES: janggi.md,
 * "Moves, passes and the end of the game"). */
static VsGameState
janggi_end_hook (const VsPosition *pos, VsResult *result)
{
  if (pass_ended (pos))
    {
      *result = VS_RESULT_DRAW;
      return VS_STATE_DOUBLE_PASS;
    }
  if (bikjang_ended (pos))
    {
      *result = VS_RESULT_DRAW;
      return VS_STATE_BIKJANG;
    }
  return VS_STATE_ONGOING;
}

static gboolean
janggi_insufficient (const VsPosition *pos)
{
  return only_kings_and_guards (CPRIV (pos));
}

/* ---- Position strings ------------------------------------------------------------------------------ */
static void
setup_priv (VsPosition *pos)
{
  JPriv *pv = PRIV (pos);
  memset (pv, 0, sizeof *pv);
  memset (pv->index, NONE, sizeof pv->index);
  pv->king[0] = pv->king[1] = NONE;
  for (int s = 0; s < NSQ; s++)
    {
      VsPiece p = pos->board[s];
      if (!p)
        continue;
      int c = COLOR (p);
      pv->index[s] = pv->count[c];
      pv->list[c][pv->count[c]++] = s;
      pv->material[c][TYPE (p)]++;
      if (TYPE (p) == KING)
        pv->king[c] = s;
    }
  if (pos->options & VS_JANGGI_OPTION_BIKJANG)
    pv->bikjang = kings_face (pos->board, pv->king[0], pv->king[1]);
}

static uint64_t
compute_key (const VsPosition *pos)
{
  uint64_t key = 0;
  for (int s = 0; s < NSQ; s++)
    if (pos->board[s])
      key ^= vs_zobrist_psq[pos->board[s] & 0x7f][s];
  if (pos->side == VS_BLACK)
    key ^= vs_zobrist_side;
  return key;
}

/* The checks of a Janggi setup, once vs_position_string_read has read it;
 * then the piece lists and the key. */
static gboolean
janggi_setup (VsPosition *pos, const VsPositionColumns *at, GError **error)
{
  const JTables *T = T_CONST;
  int counts[2] = { 0, 0 };

  for (int s = 0; s < NSQ; s++)
    {
      VsPiece p = pos->board[s];
      if (!p)
        continue;
      int c = COLOR (p), t = TYPE (p);
      if (++counts[c] > LIST_MAX)
        return vs_position_string_error (error, at->square[s], "%s", _("too many pieces"));
      if ((t == KING || t == GUARD) && T->palace_of[s] != (c == VS_WHITE ? 1 : 2))
        return vs_position_string_error (error, at->square[s], "%s",
                                         t == KING ? _("a King stands outside his palace")
                                                   : _("a Guard stands outside his palace"));
    }

  setup_priv (pos);
  JPriv *pv = PRIV (pos);
  if (attackers (T, pos->board, pv->king[pos->side ^ 1], pos->side, TRUE))
    {
      /* Only a pass under bikjang (allowed even in check) leaves the side
       * that moved in check; that pass ended the game. */
      if (!pv->bikjang)
        return vs_position_string_error (error, at->side, "%s", _("the side not to move is in check"));
      pv->prev_bikjang = 1;
    }
  pos->key = compute_key (pos);
  return TRUE;
}

static gboolean
janggi_from_string_traditional (VsPosition *pos, const char *str, GError **error)
{
  return vs_position_string_read (pos, &vs_variant_janggi, str, error);
}

static gboolean
janggi_from_string_casual (VsPosition *pos, const char *str, GError **error)
{
  return vs_position_string_read (pos, &vs_variant_janggi_casual, str, error);
}

/* The legal move from → to (a pass when both are the King's point). */
gboolean
janggi_find_move_any (const VsPosition *pos, int from, int to, VsMove *out)
{
  VsMove moves[VS_MAX_MOVES];
  int n = janggi_gen_only (pos, from, to, moves);
  for (int i = 0; i < n; i++)
    if (VS_MOVE_FROM (moves[i]) == from && VS_MOVE_TO (moves[i]) == to)
      {
        *out = moves[i];
        return TRUE;
      }
  return FALSE;
}

/* Issue 15: vs_position_is_legal's test, from the legal moves of the one
 * piece on from to to (the restricted generator), not the whole list. */
static gboolean
janggi_is_legal (const VsPosition *pos, VsMove m)
{
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  if (from >= NSQ || to >= NSQ)
    return FALSE;
  VsMove moves[VS_MAX_MOVES];
  int n = janggi_gen_only (pos, from, to, moves);
  for (int i = 0; i < n; i++)
    if (VS_MOVE_CORE (moves[i]) == VS_MOVE_CORE (m))
      return TRUE;
  return FALSE;
}

/* vtable find_move: never the pass (from = to). */
static gboolean
janggi_find_move (const VsPosition *pos, int from, int to, VsMove *out)
{
  return from != to && janggi_find_move_any (pos, from, to, out);
}

/* ---- Setups ------------------------------------------------------------------------------------------------ */

/* Pieces on files b, c, g, h for each setup, left to right from Cho's side. */
static const char setup_letters[VS_JANGGI_N_SETUPS][5] = { "NBNB", "BNBN", "NBBN", "BNNB" };
static const char *const setup_korean[VS_JANGGI_N_SETUPS] = {
  "마상마상", "상마상마", "마상상마", "상마마상",
};
static const char *const setup_hanja[VS_JANGGI_N_SETUPS] = {
  "馬象馬象", "象馬象馬", "馬象象馬", "象馬馬象",
};
static const char *const setup_english[VS_JANGGI_N_SETUPS] = {
  N_("Horse-Elephant-Horse-Elephant"),
  N_("Elephant-Horse-Elephant-Horse"),
  N_("Horse-Elephant-Elephant-Horse"),
  N_("Elephant-Horse-Horse-Elephant"),
};

char *
vs_janggi_start_fen (int cho_setup, int han_setup)
{
  if (cho_setup < 0 || cho_setup >= VS_JANGGI_N_SETUPS || han_setup < 0 || han_setup >= VS_JANGGI_N_SETUPS)
    return NULL;
  const char *c = setup_letters[cho_setup], *h = setup_letters[han_setup];
  return g_strdup_printf ("r%c%ca1a%c%cr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/"
                          "R%c%cA1A%c%cR w - - 0 1",
                          g_ascii_tolower (h[0]), g_ascii_tolower (h[1]),
                          g_ascii_tolower (h[2]), g_ascii_tolower (h[3]),
                          c[0], c[1], c[2], c[3]);
}

const char *
vs_janggi_setup_korean (int setup)
{
  g_return_val_if_fail (setup >= 0 && setup < VS_JANGGI_N_SETUPS, "");
  return setup_korean[setup];
}

const char *
vs_janggi_setup_name (int setup)
{
  g_return_val_if_fail (setup >= 0 && setup < VS_JANGGI_N_SETUPS, "");
  return _(setup_english[setup]);
}

int
vs_janggi_setup_parse (const char *text)
{
  if (text == NULL)
    return -1;
  /* drop spaces, hyphens and quotes */
  GString *s = g_string_new (NULL);
  for (const char *p = text; *p; p++)
    if (*p != ' ' && *p != '-' && *p != '"' && *p != '\t')
      g_string_append_c (s, *p);
  int found = -1;
  for (int i = 0; i < VS_JANGGI_N_SETUPS && found < 0; i++)
    {
      g_autofree char *eng = g_strdelimit (g_strdup (setup_english[i]), "-", ' ');
      g_autofree char *eng_compact = NULL;
      {
        GString *e = g_string_new (NULL);
        for (const char *q = eng; *q; q++)
          if (*q != ' ')
            g_string_append_c (e, *q);
        eng_compact = g_string_free (e, FALSE);
      }
      char heh[5];
      for (int k = 0; k < 4; k++)
        heh[k] = setup_letters[i][k] == 'N' ? 'H' : 'E';
      heh[4] = '\0';
      if (strcmp (s->str, setup_korean[i]) == 0 || strcmp (s->str, setup_hanja[i]) == 0 ||
          g_ascii_strcasecmp (s->str, setup_letters[i]) == 0 ||
          g_ascii_strcasecmp (s->str, heh) == 0 ||
          g_ascii_strcasecmp (s->str, eng_compact) == 0)
        found = i;
    }
  g_string_free (s, TRUE);
  return found;
}

int
vs_janggi_setup_from_header (const char *key, const char *value, int *color)
{
  if (key == NULL)
    return -1;
  g_autofree char *k = g_strstrip (g_strdup (key));
  int c;
  if (strcmp (k, "초차림") == 0 || strcmp (k, "초포진") == 0 || strcmp (k, "楚차림") == 0)
    c = VS_WHITE;
  else if (strcmp (k, "한차림") == 0 || strcmp (k, "한포진") == 0 || strcmp (k, "漢차림") == 0)
    c = VS_BLACK;
  else
    return -1;
  int setup = vs_janggi_setup_parse (value);
  if (setup >= 0 && color)
    *color = c;
  return setup;
}

void
vs_janggi_position_setups (const VsPosition *pos, int *cho_setup, int *han_setup)
{
  for (int c = 0; c < 2; c++)
    {
      int rank = c == VS_WHITE ? 0 : NRANKS - 1;
      static const int files[4] = { 1, 2, 6, 7 };
      char got[5];
      for (int k = 0; k < 4; k++)
        {
          VsPiece p = pos->board[SQ (files[k], rank)];
          got[k] = (p && COLOR (p) == c && TYPE (p) == HORSE) ? 'N'
                 : (p && COLOR (p) == c && TYPE (p) == ELEPHANT) ? 'B' : '?';
        }
      got[4] = '\0';
      int found = -1;
      for (int i = 0; i < VS_JANGGI_N_SETUPS; i++)
        if (strcmp (got, setup_letters[i]) == 0)
          found = i;
      if (c == VS_WHITE && cho_setup)
        *cho_setup = found;
      if (c == VS_BLACK && han_setup)
        *han_setup = found;
    }
}

const char *
vs_janggi_piece_glyph (VsPiece piece)
{
  static const char *const glyphs[2][8] = {
    { "", "楚", "士", "馬", "象", "車", "包", "卒" },
    { "", "漢", "士", "馬", "象", "車", "包", "兵" },
  };
  int t = TYPE (piece);
  if (!piece || t > SOLDIER)
    return "";
  return glyphs[COLOR (piece)][t];
}

gboolean
vs_janggi_kings_facing (const VsPosition *pos)
{
  const JPriv *pv = CPRIV (pos);
  return kings_face (pos->board, pv->king[0], pv->king[1]);
}

/* ---- The variants ---------------------------------------------------------------------------------------------- */

static const VsPieceInfo janggi_pieces[] = {
  { NULL, NULL, NULL, NULL, NULL },
  { "K", "K", NC_("janggi piece", "King"), "楚・漢", "楚" },
  { "A", "A", NC_("janggi piece", "Guard"), "士", "士" },
  { "N", "H", NC_("janggi piece", "Horse"), "馬", "馬" },
  { "B", "E", NC_("janggi piece", "Elephant"), "象", "象" },
  { "R", "R", NC_("janggi piece", "Chariot"), "車", "車" },
  { "C", "C", NC_("janggi piece", "Cannon"), "包", "包" },
  { "P", "P", NC_("janggi piece", "Soldier"), "卒・兵", "卒" },
};

static const VsPositionSyntax janggi_syntax = {
  .dash_fields = 2,
  .side_optional = TRUE,
  .aliases = "HNEB",
  .setup = janggi_setup,
};

/* The fields the two rule sets share (they differ in id, names, the
 * bikjang option, the UCI name, the gibo tag and the position-string reader). */
#define JANGGI_COMMON_FIELDS \
  .geom = { NFILES, NRANKS, 1, 1 },                                       \
  .n_piece_types = 7,                                                     \
  .pieces = janggi_pieces,                                                \
  .piece_context = "janggi piece",                                        \
  .has_pass = TRUE,                                   /* issue 18 */      \
  .side_names = { N_("Cho"), N_("Han") },            /* issue 18 */       \
  .family = VS_FAMILY_JANGGI,                                             \
  .family_id = "janggi",                                                  \
  .flag_meaning = VS_FLAG_MEANING_NONE,                                   \
  .has_gibo = TRUE,                                                       \
  .pgn_structured = FALSE,                                                \
  .has_hands = FALSE,                                                     \
  .royal_type = KING,                                                     \
  .setup_choice = VS_SETUP_CHOICE_PER_SIDE,                               \
  .setup_fen = vs_janggi_start_fen,                                       \
  .start_fen = START_FEN,                                                 \
  .to_string = vs_position_string_write,                                  \
  .position_syntax = &janggi_syntax,                                      \
  .generate = janggi_generate,                                            \
  .count_legal = janggi_count_legal,                                      \
  .make = janggi_make,                                                    \
  .unmake = janggi_unmake,                                                \
  .make_null = janggi_make_null,                                          \
  .unmake_null = janggi_unmake,                                           \
  .checkers = janggi_checkers,                                            \
  .effects = janggi_effects,                                              \
  /* no n-move rule; a side that is not in check can always pass, so no   \
   * legal move means mate (janggi.md: there is no stalemate) */          \
  .nmove_plies = 0,                                                       \
  .repetition_times = 3,                                                  \
  .repetition_outcome = VS_END_DRAW,                                      \
  .insufficient_material = janggi_insufficient,                           \
  .end_hook = janggi_end_hook,                                            \
  .is_legal = janggi_is_legal,                                            \
  .native_quiet = TRUE,                                                   \
  .generate_to = janggi_generate_to,                                      \
  .write_move = janggi_write_move,                                        \
  .parse_move = janggi_parse_move,                                        \
  .display_notations = vs_janggi_notations,                               \
  .n_display_notations = VS_JANGGI_N_NOTATIONS,                           \
  .find_move = janggi_find_move,

const VsVariant vs_variant_janggi = {
  .id = "janggi",
  .name = N_("Janggi"),
  .pgn_name = "Janggi",
  .default_options = VS_JANGGI_OPTION_BIKJANG,
  .uci_variant = "janggitraditional",
  .gibo_variant_tag = "janggi",
  .casual_rules = &vs_variant_janggi_casual,
  .from_string = janggi_from_string_traditional,
  JANGGI_COMMON_FIELDS
};

const VsVariant vs_variant_janggi_casual = {
  .id = "janggi-casual",
  .name = N_("Janggi (casual rules)"),
  .pgn_name = "janggicasual",
  .default_options = 0,
  .uci_variant = "janggicasual",
  .gibo_variant_tag = NULL,
  .casual_rules = NULL,
  .from_string = janggi_from_string_casual,
  JANGGI_COMMON_FIELDS
};
