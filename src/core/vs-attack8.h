/* vs-attack8.h — 8×8 attack tables and slider attacks shared by Crazyhouse
 * and each level of Strato (issue 15).  The tables are const data written at
 * build time by vs-attack8-gen.c (no run-time initialisation).  Squares are
 * 0..63, a1 = 0, h8 = 63.
 *
 * Sliding attacks, two ways (each module uses the one measured faster in its
 * generator with build-aux/perft-bench.sh): hyperbola quintessence (files and
 * both diagonals, with a byte swap for the reverse direction) and a 64×8 rank
 * table (vs_a8_rook, vs_a8_bishop: Crazyhouse), or ray scans to the first
 * blocker (vs_a8_rook_rays, vs_a8_bishop_rays: Strato, about 5 % faster
 * there). */
#pragma once

#include <stdint.h>

extern const uint64_t vs_a8_knight[64];
extern const uint64_t vs_a8_king[64];
extern const uint64_t vs_a8_pawn[2][64];  /* [colour][sq]: squares a pawn on sq attacks */
extern const uint64_t vs_a8_diag[64];     /* a1-h8 diagonal through sq, sq included */
extern const uint64_t vs_a8_anti[64];     /* h1-a8 diagonal through sq, sq included */
extern const uint64_t vs_a8_lines[64];    /* every queen line through sq, sq excluded */
extern const uint8_t  vs_a8_rank[64][8];  /* [inner occupancy b..g][file] */
/* [direction][sq], sq excluded: 0 N, 1 E, 2 NE, 3 NW (first blocker = lowest
 * bit), 4 S, 5 W, 6 SW, 7 SE (first blocker = highest bit) */
extern const uint64_t vs_a8_rays[8][64];

#define VS_A8_INLINE static inline __attribute__ ((always_inline))
#define VS_A8_FILE_A 0x0101010101010101ull

/* Hyperbola quintessence along one line (mask without the square itself). */
VS_A8_INLINE uint64_t
vs_a8_line_attacks (uint64_t occ, uint64_t mask_ex, int sq)
{
  uint64_t fwd = occ & mask_ex;
  uint64_t rev = __builtin_bswap64 (fwd);
  fwd -= 1ull << sq;
  rev -= 1ull << (sq ^ 56);
  fwd ^= __builtin_bswap64 (rev);
  return fwd & mask_ex;
}

VS_A8_INLINE uint64_t
vs_a8_bishop (uint64_t occ, int sq)
{
  return vs_a8_line_attacks (occ, vs_a8_diag[sq] ^ (1ull << sq), sq) |
         vs_a8_line_attacks (occ, vs_a8_anti[sq] ^ (1ull << sq), sq);
}

VS_A8_INLINE uint64_t
vs_a8_rook (uint64_t occ, int sq)
{
  int r8 = sq & 56;
  uint64_t rank = (uint64_t) vs_a8_rank[(occ >> (r8 + 1)) & 63][sq & 7] << r8;
  return rank | vs_a8_line_attacks (occ, (VS_A8_FILE_A << (sq & 7)) ^ (1ull << sq), sq);
}

VS_A8_INLINE uint64_t
vs_a8_ray_up (int d, int sq, uint64_t occ)
{
  uint64_t a = vs_a8_rays[d][sq], b = a & occ;
  if (b)
    a ^= vs_a8_rays[d][__builtin_ctzll (b)];
  return a;
}

VS_A8_INLINE uint64_t
vs_a8_ray_down (int d, int sq, uint64_t occ)
{
  uint64_t a = vs_a8_rays[d][sq], b = a & occ;
  if (b)
    a ^= vs_a8_rays[d][63 - __builtin_clzll (b)];
  return a;
}

VS_A8_INLINE uint64_t
vs_a8_rook_rays (uint64_t occ, int sq)
{
  return vs_a8_ray_up (0, sq, occ) | vs_a8_ray_up (1, sq, occ) |
         vs_a8_ray_down (4, sq, occ) | vs_a8_ray_down (5, sq, occ);
}

VS_A8_INLINE uint64_t
vs_a8_bishop_rays (uint64_t occ, int sq)
{
  return vs_a8_ray_up (2, sq, occ) | vs_a8_ray_up (3, sq, occ) |
         vs_a8_ray_down (6, sq, occ) | vs_a8_ray_down (7, sq, occ);
}
