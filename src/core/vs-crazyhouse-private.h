/* vs-crazyhouse-private.h — Crazyhouse module internals shared by
 * vs-crazyhouse-rules.c (board, move generation, make/unmake, position
 * setup, the variant table) and vs-crazyhouse-notation.c (SAN and UCI move
 * text).  Not part of the variant interface: everything above src/core uses
 * vs_variant_crazyhouse through vs-variant.h only.
 *
 * Representation: pos->board[] and pos->hand[][] are the public state that
 * the other layers read; next to them, in pos->priv, the module keeps 8×8
 * bitboards (one per colour, one per piece type, one for promoted pieces)
 * and the king squares.
 *
 * Piece types: 1 Pawn, 2 Knight, 3 Bishop, 4 Rook, 5 Queen, 6 King; the
 * piece flag (bit 6) marks a promoted piece, which goes to the hand as a Pawn
 * when captured. */
#pragma once

#include "vs-variant.h"
#include "vs-attack8.h"

#include <stdbool.h>
#include <string.h>

G_BEGIN_DECLS


enum { ZH_PAWN = 1, ZH_KNIGHT, ZH_BISHOP, ZH_ROOK, ZH_QUEEN, ZH_KING };

/* The module's private acceleration state inside pos->priv. */
typedef struct {
  uint64_t color[2];    /* occupied squares by colour                   */
  uint64_t type[8];     /* by piece type 1..6 ([0] and [7] stay empty)  */
  uint64_t promoted;    /* pieces carrying the promoted flag            */
  uint8_t  king[2];     /* king squares                                 */
  uint8_t  unused[6];
} ZhBoard;

G_STATIC_ASSERT (sizeof (ZhBoard) <= sizeof (((VsPosition *) NULL)->priv));
G_STATIC_ASSERT (VS_MAX_SQUARES >= 64);

#define ZB(pos)  ((ZhBoard *) (pos)->priv.u64)
#define CZB(pos) ((const ZhBoard *) (pos)->priv.u64)

#define NO_SQ   VS_NO_SQUARE
#define BIT(sq) (1ull << (sq))
#define FILE_A  0x0101010101010101ull
#define FILE_H  (FILE_A << 7)
#define RANK_1  0x00000000000000ffull
#define RANK_8  (RANK_1 << 56)

#define ZH_MAX_PIECES 36

#define ZH_INLINE static inline __attribute__ ((always_inline))

/* ---- Bit helpers ----------------------------------------------------------- */

ZH_INLINE int
lsb (uint64_t b)
{
  return __builtin_ctzll (b);
}

ZH_INLINE int
pop_lsb (uint64_t *b)
{
  int s = __builtin_ctzll (*b);
  *b &= *b - 1;
  return s;
}

ZH_INLINE int
popcnt (uint64_t b)
{
  return __builtin_popcountll (b);
}

/* The whole line through two squares (0 if they share none). */
ZH_INLINE uint64_t
line_through (int a, int b)
{
  int fa = a & 7, ra = a >> 3, fb = b & 7, rb = b >> 3;
  if (ra == rb)
    return RANK_1 << (ra * 8);
  if (fa == fb)
    return FILE_A << fa;
  if (ra - fa == rb - fb)
    return vs_a8_diag[a];
  if (ra + fa == rb + fb)
    return vs_a8_anti[a];
  return 0;
}

/* Squares strictly between two squares on a common line (0 if none). */
ZH_INLINE uint64_t
between (int a, int b)
{
  int lo = MIN (a, b), hi = MAX (a, b);
  uint64_t range = (BIT (hi) - 1) & ~((BIT (lo) << 1) - 1);
  return line_through (a, b) & range;
}

ZH_INLINE uint64_t
attackers_to (const ZhBoard *b, int sq, uint64_t occ)
{
  return (vs_a8_pawn[VS_WHITE][sq] & b->type[ZH_PAWN] & b->color[VS_BLACK]) |
         (vs_a8_pawn[VS_BLACK][sq] & b->type[ZH_PAWN] & b->color[VS_WHITE]) |
         (vs_a8_knight[sq] & b->type[ZH_KNIGHT]) |
         (vs_a8_king[sq] & b->type[ZH_KING]) |
         (vs_a8_bishop (occ, sq) & (b->type[ZH_BISHOP] | b->type[ZH_QUEEN])) |
         (vs_a8_rook (occ, sq) & (b->type[ZH_ROOK] | b->type[ZH_QUEEN]));
}

/* Is sq attacked by colour `by`, with occupancy occ? */
ZH_INLINE bool
attacked_by (const ZhBoard *b, int sq, uint64_t occ, int by)
{
  const uint64_t them = b->color[by];
  if ((vs_a8_pawn[by ^ 1][sq] & b->type[ZH_PAWN] & them) ||
      (vs_a8_knight[sq] & b->type[ZH_KNIGHT] & them) ||
      (vs_a8_king[sq] & b->type[ZH_KING] & them))
    return true;
  uint64_t bq = (b->type[ZH_BISHOP] | b->type[ZH_QUEEN]) & them;
  if (bq && (vs_a8_bishop (occ, sq) & bq))
    return true;
  uint64_t rq = (b->type[ZH_ROOK] | b->type[ZH_QUEEN]) & them;
  return rq && (vs_a8_rook (occ, sq) & rq);
}

static inline void
zh_castle_rook_squares (int king_to, int *rook_from, int *rook_to)
{
  int base = king_to & 56;
  if ((king_to & 7) == 6)
    {
      *rook_from = base + 7;
      *rook_to = base + 5;
    }
  else
    {
      *rook_from = base;
      *rook_to = base + 3;
    }
}

/* ---- vs-crazyhouse-rules.c ---------------------------------------------------- */

int      zh_generate       (const VsPosition *pos, VsGenType type, VsMove *out);
uint64_t zh_count_legal    (const VsPosition *pos);
void     zh_make           (VsPosition *pos, VsMove m, VsUndo *u);
/* The checkers of the side not moving after the legal move m, found on a
 * copy of the bitboards alone (no copy of the position). */
uint64_t zh_checkers_after (const VsPosition *pos, VsMove m);
/* Every legal move to `to` but castling, drops included, of the piece types
 * in `types` (bit t for type t, moving type for promotions): the same moves
 * as zh_generate (VS_GEN_ALL) gives for that square and those types, found
 * from the square (notation readers; no full generation). */
int      zh_generate_to    (const VsPosition *pos, int to, unsigned types, VsMove *out);

/* ---- vs-crazyhouse-notation.c ------------------------------------------------- */

void     zh_write_move (const VsPosition *pos, VsMove m, VsNotation n, char out[VS_MOVE_TEXT_MAX]);
gboolean zh_parse_move (const VsPosition *pos, const char *text, VsNotation n,
                        VsMove *out, const char **warning, GError **error);

G_END_DECLS
