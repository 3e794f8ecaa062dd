/* vs-janggi.c — Janggi (장기, Korean chess): rules, position strings and
 * notations, per src/core/RULES.md §4.
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
 * attack on the King could pass (same file or rank, or one or two diagonal
 * steps away: horse and elephant legs, palace diagonals).  Every other move is
 * tried on a copy of the board and the King's point is tested by reverse
 * lookups.
 */
#include "config.h"
#include "vs-janggi.h"
#include "vs-position-string.h"
#include "vs-janggi-tables.h"

#include <glib/gi18n.h>
#include <string.h>

#define NSQ       90
#define NFILES    9
#define NRANKS    10
#define LIST_MAX  64
#define NONE      0xff

#define KING      VS_JANGGI_KING
#define GUARD     VS_JANGGI_GUARD
#define HORSE     VS_JANGGI_HORSE
#define ELEPHANT  VS_JANGGI_ELEPHANT
#define CHARIOT   VS_JANGGI_CHARIOT
#define CANNON    VS_JANGGI_CANNON
#define SOLDIER   VS_JANGGI_SOLDIER

#define START_FEN "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"

#define MK(c, t)  VS_MAKE_PIECE (c, t)
#define TYPE(p)   VS_PIECE_TYPE (p)
#define COLOR(p)  VS_PIECE_COLOR (p)

#define FILE_OF(sq)   ((sq) % NFILES)
#define RANK_OF(sq)   ((sq) / NFILES)
#define SQ(f, r)      ((r) * NFILES + (f))

/* ---- Private position state ------------------------------------------------ */

typedef struct {
  uint8_t king[2];              /* King squares                          */
  uint8_t count[2];             /* pieces in list[c]                     */
  uint8_t bikjang;              /* Kings face now (bikjang rule only)    */
  uint8_t prev_bikjang;         /* the position before the last move had
                                   bikjang; for a position string, set when a
                                   pass has just accepted bikjang (the side
                                   not to move is in check, the Kings face) */
  uint8_t pad[2];
  uint8_t material[2][8];       /* pieces by colour and type             */
  uint8_t index[NSQ];           /* slot in list[] of the piece, NONE if empty */
  uint8_t list[2][LIST_MAX];    /* squares of each side's pieces         */
} JPriv;

G_STATIC_ASSERT (sizeof (JPriv) <= sizeof (((VsPosition *) 0)->priv));

#define PRIV(pos)  ((JPriv *) (pos)->priv.bytes)
#define CPRIV(pos) ((const JPriv *) (pos)->priv.bytes)

/* VsUndo.extra use */
#define X_BIKJANG 0   /* bikjang flag of the position before the move */
#define X_SLOT    1   /* list slot of the captured piece              */
#define X_PREV    2   /* prev_bikjang before the move                 */

/* ---- Geometry tables ---------------------------------------------------------- */

/* JTables and its one constant instance, vs_janggi_tables, generated at build
 * time by vs-janggi-gen.c. */
#define T_CONST (&vs_janggi_tables)

/* ---- Attacks ------------------------------------------------------------------- */

/* Number of pieces of colour `them` attacking point k on board b (stops at the
 * first if `first`).  Kings and Guards never leave their own palace, so they
 * cannot attack a King (who never leaves his); they are not tested. */
static inline int
attackers (const JTables *T, const VsPiece *b, int k, int them, gboolean first)
{
  int n = 0;
  const VsPiece R = MK (them, CHARIOT), C = MK (them, CANNON);
  const VsPiece H = MK (them, HORSE), E = MK (them, ELEPHANT), P = MK (them, SOLDIER);

  for (int i = 0; i < T->n_soldier_rev[them][k]; i++)
    if (b[T->soldier_rev[them][k][i]] == P)
      {
        n++;
        if (first)
          return n;
      }
  for (int i = 0; i < T->n_horse_rev[k]; i++)
    if (b[T->horse_rev[k][i][0]] == H && !b[T->horse_rev[k][i][1]])
      {
        n++;
        if (first)
          return n;
      }
  for (int i = 0; i < T->n_eleph_rev[k]; i++)
    if (b[T->eleph_rev[k][i][0]] == E && !b[T->eleph_rev[k][i][1]] && !b[T->eleph_rev[k][i][2]])
      {
        n++;
        if (first)
          return n;
      }
  for (int d = 0; d < 4; d++)
    {
      const uint8_t *ray = T->ray[k][d];
      int i = 0;
      while (ray[i] != NONE && !b[ray[i]])
        i++;
      if (ray[i] == NONE)
        continue;
      VsPiece p = b[ray[i]];
      if (p == R)
        {
          n++;
          if (first)
            return n;
        }
      else if (TYPE (p) == CANNON)
        continue;
      /* p screens a cannon further on (a chariot too: double check) */
      i++;
      while (ray[i] != NONE && !b[ray[i]])
        i++;
      if (ray[i] != NONE && b[ray[i]] == C)
        {
          n++;
          if (first)
            return n;
        }
    }
  for (int d = 0; d < T->n_dray[k]; d++)
    {
      const uint8_t *ray = T->dray[k][d];
      VsPiece p1 = b[ray[0]];
      if (p1 == R)
        n++;
      if (ray[1] != NONE)
        {
          VsPiece p2 = b[ray[1]];
          if (!p1 && p2 == R)
            n++;
          else if (p1 && TYPE (p1) != CANNON && p2 == C)
            n++;
        }
      if (n && first)
        return n;
    }
  return n;
}

/* Kings on the same file (or rank) with nothing between them. */
static inline gboolean
kings_face (const VsPiece *b, int k1, int k2)
{
  if (k1 == NONE || k2 == NONE)
    return FALSE;
  int lo = MIN (k1, k2), hi = MAX (k1, k2), step;
  if (FILE_OF (k1) == FILE_OF (k2))
    step = NFILES;
  else if (RANK_OF (k1) == RANK_OF (k2))
    step = 1;
  else
    return FALSE;
  for (int s = lo + step; s < hi; s += step)
    if (b[s])
      return FALSE;
  return TRUE;
}

/* ---- Game-end conditions that remove every move ------------------------------------ */

static inline gboolean
pass_ended (const VsPosition *pos)
{
  return pos->passes >= 2;
}

static inline gboolean
bikjang_ended (const VsPosition *pos)
{
  const JPriv *pv = CPRIV (pos);
  if (!pv->bikjang)
    return FALSE;
  return pv->prev_bikjang;
}

/* ---- Move generation ------------------------------------------------------------------ */

typedef struct {
  const JTables *T;
  VsPiece b[NSQ];      /* scratch copy of the board for trial moves */
  int us, them;
  int ksq, eksq;
  gboolean full;       /* every move needs the full test */
  gboolean bikjang;
  const uint8_t *sens;
} GenCtx;

/* Full legality test of a non-pass move on the scratch board. */
static inline gboolean
legal_slow (GenCtx *g, int from, int to)
{
  VsPiece moved = g->b[from], captured = g->b[to];
  g->b[to] = moved;
  g->b[from] = 0;
  int k = TYPE (moved) == KING ? to : g->ksq;
  gboolean ok = !attackers (g->T, g->b, k, g->them, TRUE);
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
        ((fast_from && !g->sens[t__]) || legal_slow (g, f__, t__)))         \
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
  gboolean noisy = type == VS_GEN_NOISY;
  int n = 0;

  for (int i = 0; i < pv->count[us]; i++)
    {
      int s = pv->list[us][i];
      if (only_from >= 0 && s != only_from)
        continue;
      VsPiece p = b[s];
      int t = TYPE (p);
      gboolean fast_from = !g->full && t != KING && !g->sens[s];
      switch (t)
        {
        case KING:
        case GUARD:
          for (int j = 0; j < T->n_palace[s]; j++)
            {
              int to = T->palace[s][j];
              if (noisy ? ENEMY (b[to]) : !OWN (b[to]))
                EMIT (s, to);
            }
          break;
        case HORSE:
          for (int j = 0; j < T->n_horse[s]; j++)
            {
              int to = T->horse[s][j][1];
              if (!b[T->horse[s][j][0]] && (noisy ? ENEMY (b[to]) : !OWN (b[to])))
                EMIT (s, to);
            }
          break;
        case ELEPHANT:
          for (int j = 0; j < T->n_elephant[s]; j++)
            {
              int to = T->elephant[s][j][2];
              if (!b[T->elephant[s][j][0]] && !b[T->elephant[s][j][1]] &&
                  (noisy ? ENEMY (b[to]) : !OWN (b[to])))
                EMIT (s, to);
            }
          break;
        case SOLDIER:
          for (int j = 0; j < T->n_soldier[us][s]; j++)
            {
              int to = T->soldier[us][s][j];
              if (noisy ? ENEMY (b[to]) : !OWN (b[to]))
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
                  if (ENEMY (b[to]))
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
                  if (ENEMY (b[to]))
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
                  if (ENEMY (b[to]) && TYPE (b[to]) != CANNON)
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
              if (!b[to] ? !noisy : (ENEMY (b[to]) && TYPE (b[to]) != CANNON))
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

static int
janggi_generate (const VsPosition *pos, VsGenType type, VsMove *out)
{
  return gen_impl (pos, type, out, -1, -1);
}

/* The legal moves from `from` to `to` (-1: any): a few, at the cost of one
 * piece's generation (notation, record reading). */
static int
gen_only (const VsPosition *pos, int from, int to, VsMove *out)
{
  return gen_impl (pos, VS_GEN_ALL, out, from, to);
}

static uint64_t
janggi_count_legal (const VsPosition *pos)
{
  return gen_impl (pos, VS_GEN_ALL, NULL, -1, -1);
}

/* ---- Make / unmake ----------------------------------------------------------------------- */

static void
janggi_make (VsPosition *pos, VsMove m, VsUndo *u)
{
  JPriv *pv = PRIV (pos);
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  int us = pos->side;

  u->key = pos->key;
  u->move = m;
  u->halfmove = pos->halfmove;
  u->ep = pos->ep;
  u->castling = pos->castling;
  u->passes = pos->passes;
  u->moved = pos->board[from];
  u->n_captured = 0;
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
  if (us == VS_BLACK)
    pos->fullmove++;
  pos->side = us ^ 1;
  pos->key ^= vs_zobrist_side;
}

static void
janggi_unmake (VsPosition *pos, const VsUndo *u)
{
  JPriv *pv = PRIV (pos);
  VsMove m = u->move;
  int us = pos->side ^ 1;
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);

  pos->side = us;
  if (us == VS_BLACK)
    pos->fullmove--;
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
  pos->key = u->key;
  pos->halfmove = u->halfmove;
  pos->passes = u->passes;
  pos->ep = u->ep;
  pos->castling = u->castling;
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

static void
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

static int
letter_type (char c)
{
  switch (g_ascii_toupper (c))
    {
    case 'K': return KING;
    case 'A': return GUARD;
    case 'N': case 'H': return HORSE;
    case 'B': case 'E': return ELEPHANT;
    case 'R': return CHARIOT;
    case 'C': return CANNON;
    case 'P': return SOLDIER;
    default: return 0;
    }
}

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

static inline int
king_square (const VsPosition *pos)
{
  return CPRIV (pos)->king[pos->side];
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

/* Whether the piece of type t on `from` could reach `to` on an empty board
 * (never FALSE where it can reach it on this one): the tables' steps, or for
 * Chariots and Cannons the same file, the same rank or the same palace. */
static gboolean
could_reach (const JTables *T, int t, int us, int from, int to)
{
  switch (t)
    {
    case KING:
    case GUARD:
      for (int j = 0; j < T->n_palace[from]; j++)
        if (T->palace[from][j] == to)
          return TRUE;
      return FALSE;
    case HORSE:
      for (int j = 0; j < T->n_horse[from]; j++)
        if (T->horse[from][j][1] == to)
          return TRUE;
      return FALSE;
    case ELEPHANT:
      for (int j = 0; j < T->n_elephant[from]; j++)
        if (T->elephant[from][j][2] == to)
          return TRUE;
      return FALSE;
    case SOLDIER:
      for (int j = 0; j < T->n_soldier[us][from]; j++)
        if (T->soldier[us][from][j] == to)
          return TRUE;
      return FALSE;
    default:
      return FILE_OF (from) == FILE_OF (to) || RANK_OF (from) == RANK_OF (to) ||
             (T->palace_of[from] && T->palace_of[from] == T->palace_of[to]);
    }
}

static void
write_san (const VsPosition *pos, VsMove m, char out[VS_MOVE_TEXT_MAX])
{
  char sq[8], from_sq[8];
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  if (VS_MOVE_KIND (m) == VS_MOVE_PASS)
    {
      square_name (king_square (pos), sq);
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
          !could_reach (T_CONST, type, pos->side, f2, to) || gen_only (pos, f2, to, NULL) == 0)
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

static void
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
        from = to = king_square (pos);
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

/* The legal move from → to (a pass when both are the King's point). */
static gboolean
find_move (const VsPosition *pos, int from, int to, VsMove *out)
{
  VsMove moves[VS_MAX_MOVES];
  int n = gen_only (pos, from, to, moves);
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
  int n = gen_only (pos, from, to, moves);
  for (int i = 0; i < n; i++)
    if (VS_MOVE_CORE (moves[i]) == VS_MOVE_CORE (m))
      return TRUE;
  return FALSE;
}

/* vtable find_move: never the pass (from = to). */
static gboolean
janggi_find_move (const VsPosition *pos, int from, int to, VsMove *out)
{
  return from != to && find_move (pos, from, to, out);
}

static gboolean
find_pass (const VsPosition *pos, VsMove *out)
{
  int k = king_square (pos);
  return find_move (pos, k, k, out);
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
  return find_move (pos, from, to, out);
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
      int type = letter_type (*p);
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
      int k = king_square (pos);
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
  if (!find_move (pos, from, to, out))
    return move_error (error, VS_CORE_ERROR_ILLEGAL_MOVE, text);
  if (captured_type && (!pos->board[to] || TYPE (pos->board[to]) != captured_type))
    *warning = "captured piece does not match the position";
  return TRUE;
}

static gboolean
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

const VsVariant vs_variant_janggi = {
  .id = "janggi",
  .name = N_("Janggi"),
  .pgn_name = "Janggi",
  .geom = { NFILES, NRANKS, 1, 1 },
  .default_options = VS_JANGGI_OPTION_BIKJANG,
  .n_piece_types = 7,
  .pieces = janggi_pieces,
  .piece_context = "janggi piece",
  .uci_variant = "janggitraditional",
  .has_pass = TRUE,                                   /* issue 18 */
  .side_names = { N_("Cho"), N_("Han") },            /* issue 18 */
  .family = VS_FAMILY_JANGGI,
  .family_id = "janggi",
  .flag_meaning = VS_FLAG_MEANING_NONE,
  .has_gibo = TRUE,
  .gibo_variant_tag = "janggi",
  .pgn_structured = FALSE,
  .has_hands = FALSE,
  .casual_rules = &vs_variant_janggi_casual,
  .royal_type = KING,
  .setup_choice = VS_SETUP_CHOICE_PER_SIDE,
  .setup_fen = vs_janggi_start_fen,
  .start_fen = START_FEN,
  .from_string = janggi_from_string_traditional,
  .to_string = vs_position_string_write,
  .position_syntax = &janggi_syntax,
  .generate = janggi_generate,
  .count_legal = janggi_count_legal,
  .make = janggi_make,
  .unmake = janggi_unmake,
  .make_null = janggi_make_null,
  .unmake_null = janggi_unmake,
  .checkers = janggi_checkers,
  .effects = janggi_effects,
  /* no n-move rule; a side that is not in check can always pass, so no
   * legal move means mate (janggi.md: there is no stalemate) */
  .nmove_plies = 0,
  .repetition_times = 3,
  .repetition_outcome = VS_END_DRAW,
  .insufficient_material = janggi_insufficient,
  .end_hook = janggi_end_hook,
  .is_legal = janggi_is_legal,
  .write_move = janggi_write_move,
  .parse_move = janggi_parse_move,
  .display_notations = vs_janggi_notations,
  .n_display_notations = VS_JANGGI_N_NOTATIONS,
  .find_move = janggi_find_move,
};

const VsVariant vs_variant_janggi_casual = {
  .id = "janggi-casual",
  .name = N_("Janggi (casual rules)"),
  .pgn_name = "janggicasual",
  .geom = { NFILES, NRANKS, 1, 1 },
  .default_options = 0,
  .n_piece_types = 7,
  .pieces = janggi_pieces,
  .piece_context = "janggi piece",
  .uci_variant = "janggicasual",
  .has_pass = TRUE,                                   /* issue 18 */
  .side_names = { N_("Cho"), N_("Han") },            /* issue 18 */
  .family = VS_FAMILY_JANGGI,
  .family_id = "janggi",
  .flag_meaning = VS_FLAG_MEANING_NONE,
  .has_gibo = TRUE,
  .gibo_variant_tag = NULL,
  .pgn_structured = FALSE,
  .has_hands = FALSE,
  .casual_rules = NULL,
  .royal_type = KING,
  .setup_choice = VS_SETUP_CHOICE_PER_SIDE,
  .setup_fen = vs_janggi_start_fen,
  .start_fen = START_FEN,
  .from_string = janggi_from_string_casual,
  .to_string = vs_position_string_write,
  .position_syntax = &janggi_syntax,
  .generate = janggi_generate,
  .count_legal = janggi_count_legal,
  .make = janggi_make,
  .unmake = janggi_unmake,
  .make_null = janggi_make_null,
  .unmake_null = janggi_unmake,
  .checkers = janggi_checkers,
  .effects = janggi_effects,
  /* no n-move rule; a side that is not in check can always pass, so no
   * legal move means mate (janggi.md: there is no stalemate) */
  .nmove_plies = 0,
  .repetition_times = 3,
  .repetition_outcome = VS_END_DRAW,
  .insufficient_material = janggi_insufficient,
  .end_hook = janggi_end_hook,
  .is_legal = janggi_is_legal,
  .write_move = janggi_write_move,
  .parse_move = janggi_parse_move,
  .display_notations = vs_janggi_notations,
  .n_display_notations = VS_JANGGI_N_NOTATIONS,
  .find_move = janggi_find_move,
};
