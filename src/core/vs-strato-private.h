/* vs-strato-private.h — Strato Chess module internals shared by
 * vs-strato-rules.c (move generation, make/unmake, game state, position
 * setup, the variant table) and vs-strato-notation.c (UCI and record move
 * text).  Not part of the variant interface (vs-strato.h, vs-variant.h).
 *
 * Representation: the interface's board[] (VS_PIECE_FLAG = "has not moved
 * yet") plus, in pos->priv, one set of 8×8 bitboards per level. */
#pragma once

#include "vs-strato.h"
#include "vs-attack8.h"

#include <string.h>

G_BEGIN_DECLS


enum { PAWN = 1, KNIGHT, BISHOP, ROOK, QUEEN, KING };

#define N_LEVELS 3
#define UNMOVED  VS_PIECE_FLAG
#define LEVEL(sq) ((sq) >> 6)
#define S64(sq)   ((sq) & 63)
#define BB(s)     (1ULL << (s))

/* Planar attacks (one 8×8 level; every level uses the same): vs-attack8.h,
 * sliders by ray scans (faster here than its hyperbola quintessence). */

static inline int
lsb (uint64_t b)
{
  return __builtin_ctzll (b);
}

/* ---- Private position state ------------------------------------------------ */

typedef struct {
  uint64_t type[N_LEVELS][8];    /* [level][piece type]; [level][0] = occupied */
  uint64_t color[N_LEVELS][2];   /* [level][colour] */
  uint8_t  king[2];              /* King squares 0..191 */
} StratoBoard;

G_STATIC_ASSERT (sizeof (StratoBoard) <= sizeof (((VsPosition *) 0)->priv));

#define SB(pos) ((StratoBoard *) (pos)->priv.bytes)
#define CSB(pos) ((const StratoBoard *) (pos)->priv.bytes)

static inline void
sb_toggle (StratoBoard *b, int sq, VsPiece p)
{
  int l = LEVEL (sq);
  uint64_t m = BB (S64 (sq));
  b->type[l][0] ^= m;
  b->type[l][VS_PIECE_TYPE (p)] ^= m;
  b->color[l][VS_PIECE_COLOR (p)] ^= m;
}

static inline void
put (VsPosition *pos, int sq, VsPiece p)
{
  StratoBoard *b = SB (pos);
  pos->board[sq] = p;
  sb_toggle (b, sq, p);
  pos->key ^= vs_zobrist_psq[p & 0x7f][sq];
  if (VS_PIECE_TYPE (p) == KING)
    b->king[VS_PIECE_COLOR (p)] = sq;
}

static inline VsPiece
take (VsPosition *pos, int sq)
{
  VsPiece p = pos->board[sq];
  pos->board[sq] = VS_PIECE_NONE;
  sb_toggle (SB (pos), sq, p);
  pos->key ^= vs_zobrist_psq[p & 0x7f][sq];
  return p;
}

/* Pieces of colour `by` attacking square s of level l, planar: with the
 * level's occupancy `occ` and without the pieces in `gone` (captured). */
static inline uint64_t
attackers (const StratoBoard *b, int l, int s, int by, uint64_t occ, uint64_t gone)
{
  const uint64_t *t = b->type[l];
  uint64_t them = b->color[l][by] & ~gone;
  uint64_t a = (vs_a8_knight[s] & t[KNIGHT]) | (vs_a8_king[s] & t[KING]) | (vs_a8_pawn[by ^ 1][s] & t[PAWN]);
  uint64_t rq = (t[ROOK] | t[QUEEN]) & them;
  uint64_t bq = (t[BISHOP] | t[QUEEN]) & them;
  if (rq & vs_a8_lines[s])
    a |= vs_a8_rook_rays (occ, s) & rq;
  if (bq & vs_a8_lines[s])
    a |= vs_a8_bishop_rays (occ, s) & bq;
  return a & them;
}

static inline uint64_t
checkers_bb (const StratoBoard *b, int side)
{
  int k = b->king[side], l = LEVEL (k);
  return attackers (b, l, S64 (k), side ^ 1, b->type[l][0], 0);
}

static inline int
pawn_forward (int color)
{
  return color == VS_WHITE ? 8 : -8;
}

static inline int
last_rank (int color)
{
  return color == VS_WHITE ? 7 : 0;
}

static inline int
start_rank (int color)
{
  return color == VS_WHITE ? 1 : 6;
}

/* ---- vs-strato-rules.c -------------------------------------------------------- */

int  strato_generate_moves (const VsPosition *pos, VsGenType type, VsMove *out);
void strato_make           (VsPosition *pos, VsMove m, VsUndo *u);
void strato_effects        (const VsPosition *pos, VsMove m, VsMoveEffects *out);

/* ---- vs-strato-notation.c ------------------------------------------------------ */

void     strato_write_move (const VsPosition *pos, VsMove m, VsNotation n, char out[VS_MOVE_TEXT_MAX]);
gboolean strato_parse_move (const VsPosition *pos, const char *text, VsNotation n,
                            VsMove *out, const char **warning, GError **error);

G_END_DECLS
