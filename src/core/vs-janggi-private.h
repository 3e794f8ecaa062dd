/* vs-janggi-private.h — Janggi module internals shared by vs-janggi-rules.c
 * (move generation, make/unmake, game state, position setup, setups, the
 * variant tables) and vs-janggi-notation.c (SAN, UCI, gibo and Korean move
 * text).  Not part of the variant interface (vs-janggi.h, vs-variant.h). */
#pragma once

#include "vs-janggi.h"
#include "vs-janggi-tables.h"

#include <string.h>

G_BEGIN_DECLS


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

/* The attacks of colour `them` on point k of board b, by kind of line.  Each
 * returns the number of attackers it finds (it may stop at the first if
 * `first`).  Kings and Guards never leave their own palace, so they cannot
 * attack a King (who never leaves his); they are not tested. */

static inline int
soldier_attackers (const JTables *T, const VsPiece *b, int k, int them, gboolean first)
{
  const VsPiece P = MK (them, SOLDIER);
  int n = 0;
  for (int i = 0; i < T->n_soldier_rev[them][k]; i++)
    if (b[T->soldier_rev[them][k][i]] == P)
      {
        n++;
        if (first)
          return n;
      }
  return n;
}

/* Horses and Elephants (their legs), and Chariots and Cannons along the
 * palace diagonals through k: every attack that passes through a point one
 * or two diagonal steps from k (VS_JANGGI_SENS_NEAR). */
static inline int
near_attackers (const JTables *T, const VsPiece *b, int k, int them, gboolean first)
{
  const VsPiece R = MK (them, CHARIOT), C = MK (them, CANNON);
  const VsPiece H = MK (them, HORSE), E = MK (them, ELEPHANT);
  int n = 0;
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

/* A Chariot, or a Cannon over one screen, along orthogonal ray d from k
 * (0, 1 or 2: a Chariot screening a Cannon gives a double check). */
static inline int
ray_attackers (const JTables *T, const VsPiece *b, int k, int them, int d)
{
  const VsPiece R = MK (them, CHARIOT), C = MK (them, CANNON);
  const uint8_t *ray = T->ray[k][d];
  int n = 0, i = 0;
  while (ray[i] != NONE && !b[ray[i]])
    i++;
  if (ray[i] == NONE)
    return 0;
  VsPiece p = b[ray[i]];
  if (p == R)
    n++;
  else if (TYPE (p) == CANNON)
    return 0;
  /* p screens a cannon further on */
  i++;
  while (ray[i] != NONE && !b[ray[i]])
    i++;
  if (ray[i] != NONE && b[ray[i]] == C)
    n++;
  return n;
}

/* Number of pieces of colour `them` attacking point k on board b (stops at the
 * first if `first`). */
static inline int
attackers (const JTables *T, const VsPiece *b, int k, int them, gboolean first)
{
  int n = soldier_attackers (T, b, k, them, first);
  if (n && first)
    return n;
  n += near_attackers (T, b, k, them, first);
  if (n && first)
    return n;
  for (int d = 0; d < 4; d++)
    {
      n += ray_attackers (T, b, k, them, d);
      if (n && first)
        return n;
    }
  return n;
}

/* Whether colour `them` attacks k through the lines in `lines` (the
 * VS_JANGGI_SENS_* bits): the test after a move that did not start in check
 * and touched only those lines. */
static inline gboolean
attacked_through (const JTables *T, const VsPiece *b, int k, int them, unsigned lines)
{
  if ((lines & VS_JANGGI_SENS_NEAR) && near_attackers (T, b, k, them, TRUE))
    return TRUE;
  for (int d = 0; d < 4; d++)
    if ((lines & (1u << d)) && ray_attackers (T, b, k, them, d))
      return TRUE;
  return FALSE;
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

/* ---- Position-string letters (also read in move text) ---------------------- */

static inline int
janggi_letter_type (char c)
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

static inline int
janggi_king_square (const VsPosition *pos)
{
  return CPRIV (pos)->king[pos->side];
}

/* ---- vs-janggi-rules.c ------------------------------------------------------- */

int      janggi_generate    (const VsPosition *pos, VsGenType type, VsMove *out);
/* The legal moves from `from` to `to` (-1: any): a few, at the cost of one
 * piece's generation (notation, record reading). */
int      janggi_gen_only    (const VsPosition *pos, int from, int to, VsMove *out);
uint64_t janggi_count_legal (const VsPosition *pos);
void     janggi_make        (VsPosition *pos, VsMove m, VsUndo *u);
void     janggi_effects     (const VsPosition *pos, VsMove m, VsMoveEffects *out);
/* The legal move from → to (a pass when both are the King's point). */
gboolean janggi_find_move_any (const VsPosition *pos, int from, int to, VsMove *out);

/* ---- vs-janggi-notation.c ---------------------------------------------------- */

void     janggi_write_move (const VsPosition *pos, VsMove m, VsNotation n, char out[VS_MOVE_TEXT_MAX]);
gboolean janggi_parse_move (const VsPosition *pos, const char *text, VsNotation n,
                            VsMove *out, const char **warning, GError **error);

/* Whether the piece of type t on `from` could reach `to` on an empty board
 * (never FALSE where it can reach it on this one): the tables' steps, or for
 * Chariots and Cannons the same file, the same rank or the same palace. */
static inline gboolean
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

G_END_DECLS
