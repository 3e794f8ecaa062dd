/* vs-crazyhouse-rules.c — Crazyhouse: orthodox chess where captured pieces
 * go to the capturer's hand and may be dropped back (src/core/RULES.md §5).
 *
 * This file holds the board updates, move generation, make/unmake, the
 * effects of a move, the position-string setup and the variant table; the
 * move notations are in vs-crazyhouse-notation.c, the shared internals in
 * vs-crazyhouse-private.h.  make/unmake update pos->board[], the hands and
 * the bitboards of pos->priv in step.
 *
 * Attack tables and sliding attacks: vs-attack8.h (shared with Strato).
 * Legal moves are generated directly from check and pin masks; count_legal
 * runs the same generator in counting mode (popcounts instead of writes), so
 * perft leaves need no make/unmake. */
#include "vs-crazyhouse-private.h"
#include "vs-position-string.h"

#include <glib/gi18n.h>



/* Castling rights kept when a move leaves from or arrives on a square. */
static const uint8_t castle_keep[64] = {
  13, 15, 15, 15, 12, 15, 15, 14,
  15, 15, 15, 15, 15, 15, 15, 15,
  15, 15, 15, 15, 15, 15, 15, 15,
  15, 15, 15, 15, 15, 15, 15, 15,
  15, 15, 15, 15, 15, 15, 15, 15,
  15, 15, 15, 15, 15, 15, 15, 15,
  15, 15, 15, 15, 15, 15, 15, 15,
   7, 15, 15, 15,  3, 15, 15, 11,
};

/* ---- Board updates ----------------------------------------------------------- */

ZH_INLINE void
put_piece (VsPosition *pos, ZhBoard *b, int sq, VsPiece p)
{
  uint64_t m = BIT (sq);
  int type = VS_PIECE_TYPE (p);
  pos->board[sq] = p;
  b->color[VS_PIECE_COLOR (p)] |= m;
  b->type[type] |= m;
  if (p & VS_PIECE_FLAG)
    b->promoted |= m;
  if (type == ZH_KING)
    b->king[VS_PIECE_COLOR (p)] = sq;
}

ZH_INLINE void
remove_piece (VsPosition *pos, ZhBoard *b, int sq, VsPiece p)
{
  uint64_t m = ~BIT (sq);
  pos->board[sq] = VS_PIECE_NONE;
  b->color[VS_PIECE_COLOR (p)] &= m;
  b->type[VS_PIECE_TYPE (p)] &= m;
  b->promoted &= m;
}

/* Rebuilds the bitboards from board[] (position-string reader). */
static void
rebuild_bitboards (VsPosition *pos)
{
  ZhBoard *b = ZB (pos);
  memset (&pos->priv, 0, sizeof pos->priv);
  b->king[0] = b->king[1] = NO_SQ;
  for (int sq = 0; sq < 64; sq++)
    if (pos->board[sq])
      put_piece (pos, b, sq, pos->board[sq]);
}

static uint64_t
compute_key (const VsPosition *pos)
{
  uint64_t k = 0;
  for (int sq = 0; sq < 64; sq++)
    if (pos->board[sq])
      k ^= vs_zobrist_psq[pos->board[sq] & 0x7f][sq];
  for (int c = 0; c < 2; c++)
    for (int t = ZH_PAWN; t < ZH_KING; t++)
      k ^= vs_zobrist_hand[c][t][pos->hand[c][t]];
  if (pos->side == VS_BLACK)
    k ^= vs_zobrist_side;
  k ^= vs_zobrist_castling[pos->castling];
  if (pos->ep_in_key)
    k ^= vs_zobrist_ep[pos->ep];
  return k;
}

/* Is the en-passant capture from → to legal for `side` (to move)?  Decided on
 * the occupancy after the capture, so pins along ranks are seen too. */
static bool
ep_capture_legal (const ZhBoard *b, int side, int from, int to)
{
  int capsq = to ^ 8;
  uint64_t occ = ((b->color[0] | b->color[1]) ^ BIT (from) ^ BIT (capsq)) | BIT (to);
  uint64_t them = b->color[side ^ 1] & ~BIT (capsq);
  return !(attackers_to (b, b->king[side], occ) & them);
}

/* The en-passant square to record after a double step to epsq: only when a
 * legal capture exists (as Lichess and python-chess write it), so that the
 * key, repetitions and the written string agree. */
static uint8_t
legal_ep_square (const ZhBoard *b, int side, int epsq)
{
  uint64_t cand = vs_a8_pawn[side ^ 1][epsq] & b->type[ZH_PAWN] & b->color[side];
  while (cand)
    if (ep_capture_legal (b, side, pop_lsb (&cand), epsq))
      return epsq;
  return NO_SQ;
}

/* ---- make / unmake ------------------------------------------------------------- */

void
zh_make (VsPosition *pos, VsMove m, VsUndo *u)
{
  ZhBoard *b = ZB (pos);
  const int us = pos->side, them = us ^ 1;
  const int to = VS_MOVE_TO (m);
  const VsMoveKind kind = VS_MOVE_KIND (m);

  vs_undo_push (pos, m, u);
  uint64_t key = pos->key;
  pos->halfmove++;

  if (kind == VS_MOVE_DROP)
    {
      int t = VS_MOVE_PIECE (m);
      VsPiece p = VS_MAKE_PIECE (us, t);
      int n = pos->hand[us][t];
      key ^= vs_zobrist_hand[us][t][n] ^ vs_zobrist_hand[us][t][n - 1];
      pos->hand[us][t] = n - 1;
      put_piece (pos, b, to, p);
      key ^= vs_zobrist_psq[p][to];
      u->moved = p;
      if (t == ZH_PAWN)
        pos->halfmove = 0;
    }
  else
    {
      const int from = VS_MOVE_FROM (m);
      const VsPiece p = pos->board[from];
      u->moved = p;
      int capsq = kind == VS_MOVE_EN_PASSANT ? (to ^ 8) : to;
      VsPiece cap = pos->board[capsq];
      if (cap)
        {
          remove_piece (pos, b, capsq, cap);
          key ^= vs_zobrist_psq[cap][capsq];
          int ht = (cap & VS_PIECE_FLAG) ? ZH_PAWN : VS_PIECE_TYPE (cap);
          int n = pos->hand[us][ht];
          key ^= vs_zobrist_hand[us][ht][n] ^ vs_zobrist_hand[us][ht][n + 1];
          pos->hand[us][ht] = n + 1;
          pos->halfmove = 0;
          u->n_captured = 1;
          u->captured_sq[0] = capsq;
          u->captured[0] = cap;
        }
      remove_piece (pos, b, from, p);
      VsPiece np = p;
      if (kind == VS_MOVE_PROMOTION)
        np = VS_MAKE_PIECE (us, VS_MOVE_PIECE (m)) | VS_PIECE_FLAG;
      put_piece (pos, b, to, np);
      key ^= vs_zobrist_psq[p][from] ^ vs_zobrist_psq[np][to];
      if (kind == VS_MOVE_CASTLE)
        {
          int rf, rt;
          zh_castle_rook_squares (to, &rf, &rt);
          VsPiece r = pos->board[rf];
          remove_piece (pos, b, rf, r);
          put_piece (pos, b, rt, r);
          key ^= vs_zobrist_psq[r][rf] ^ vs_zobrist_psq[r][rt];
        }
      if (VS_PIECE_TYPE (p) == ZH_PAWN)
        {
          pos->halfmove = 0;
          if ((from ^ to) == 16)
            {
              int epsq = (from + to) >> 1;
              if (vs_a8_pawn[us][epsq] & b->type[ZH_PAWN] & b->color[them])
                pos->ep = legal_ep_square (b, them, epsq);
            }
        }
      uint8_t c = pos->castling & castle_keep[from] & castle_keep[to];
      if (c != pos->castling)
        {
          key ^= vs_zobrist_castling[pos->castling] ^ vs_zobrist_castling[c];
          pos->castling = c;
        }
    }
  pos->key = key;
  vs_undo_turn (pos);
  /* the en-passant square is only ever set when a capture exists */
  if (pos->ep != NO_SQ)
    vs_ep_set (pos, pos->ep, TRUE);
}

static void
zh_make_null (VsPosition *pos, VsUndo *u)
{
  vs_null_make_common (pos, u);
}

static void
zh_unmake (VsPosition *pos, const VsUndo *u)
{
  ZhBoard *b = ZB (pos);
  const VsMove m = u->move;
  const int us = pos->side ^ 1;
  const int to = VS_MOVE_TO (m);
  const VsMoveKind kind = VS_MOVE_KIND (m);

  if (kind == VS_MOVE_DROP)
    {
      remove_piece (pos, b, to, pos->board[to]);
      pos->hand[us][VS_MOVE_PIECE (m)]++;
    }
  else
    {
      remove_piece (pos, b, to, pos->board[to]);
      put_piece (pos, b, VS_MOVE_FROM (m), u->moved);
      if (kind == VS_MOVE_CASTLE)
        {
          int rf, rt;
          zh_castle_rook_squares (to, &rf, &rt);
          VsPiece r = pos->board[rt];
          remove_piece (pos, b, rt, r);
          put_piece (pos, b, rf, r);
        }
      if (u->n_captured)
        {
          VsPiece cap = u->captured[0];
          put_piece (pos, b, u->captured_sq[0], cap);
          pos->hand[us][(cap & VS_PIECE_FLAG) ? ZH_PAWN : VS_PIECE_TYPE (cap)]--;
        }
    }
  vs_undo_pop (pos, u);
}

/* ---- Legal move generation ------------------------------------------------------ */

#define ADD_MOVE(f, t, k, p) (out[n++] = VS_MOVE_MAKE ((f), (t), (k), (p)))

/* Writes (or, when counting, only counts) the legal moves of the stage
 * `type`: all, the noisy ones (captures, en passant, promotions) or the
 * quiet ones (the others, drops included), each stage in the order of the
 * full list.  `counting` (only with VS_GEN_ALL) is a constant in each
 * caller, so the compiler builds two specialised copies. */
ZH_INLINE int
gen_impl (const VsPosition *pos, VsGenType type, VsMove *out, const bool counting)
{
  const bool noisy = type == VS_GEN_NOISY, quiet = type == VS_GEN_QUIET;
  const ZhBoard *b = CZB (pos);
  const int us = pos->side, them = us ^ 1;
  const uint64_t own = b->color[us], enemy = b->color[them], occ = own | enemy;
  const int ksq = b->king[us];
  int n = 0;

  const uint64_t checkers = attackers_to (b, ksq, occ) & enemy;

  /* King steps: the destination must not be attacked once the king has left
   * its square (so sliders see through it). */
  {
    uint64_t kt = vs_a8_king[ksq] & ~own;
    if (noisy)
      kt &= enemy;
    else if (quiet)
      kt &= ~enemy;
    const uint64_t occ_nk = occ ^ BIT (ksq);
    while (kt)
      {
        int to = pop_lsb (&kt);
        if (!attacked_by (b, to, occ_nk, them))
          {
            if (counting)
              n++;
            else
              ADD_MOVE (ksq, to, VS_MOVE_NORMAL, 0);
          }
      }
  }
  if (checkers & (checkers - 1))
    return n;   /* double check: only the king moves */

  uint64_t target, drop_target;
  if (checkers)
    {
      drop_target = between (ksq, lsb (checkers));
      target = drop_target | checkers;
    }
  else
    {
      target = ~own;
      drop_target = ~occ;
    }

  /* Pinned pieces: exactly one piece between the king and an enemy slider
   * on a line the slider moves along, and that piece ours. */
  const uint64_t rq = (b->type[ZH_ROOK] | b->type[ZH_QUEEN]) & enemy;
  const uint64_t bq = (b->type[ZH_BISHOP] | b->type[ZH_QUEEN]) & enemy;
  uint64_t pinned = 0;
  {
    uint64_t snipers = (rq & ((FILE_A << (ksq & 7)) | (RANK_1 << (ksq & 56)))) |
                       (bq & (vs_a8_diag[ksq] | vs_a8_anti[ksq]));
    while (snipers)
      {
        uint64_t bt = between (ksq, pop_lsb (&snipers)) & occ;
        if (bt && !(bt & (bt - 1)))
          pinned |= bt & own;
      }
  }

  /* Castling: not out of, through or into check; the rights guarantee the
   * king and rook stand on their squares. */
  if (!checkers && !noisy && (pos->castling & (us ? 12 : 3)))
    {
      const int base = us ? 56 : 0;
      if ((pos->castling & (us ? 4 : 1)) &&
          !(occ & (BIT (base + 5) | BIT (base + 6))) &&
          !attacked_by (b, base + 5, occ, them) && !attacked_by (b, base + 6, occ, them))
        {
          if (counting)
            n++;
          else
            ADD_MOVE (base + 4, base + 6, VS_MOVE_CASTLE, 0);
        }
      if ((pos->castling & (us ? 8 : 2)) &&
          !(occ & (BIT (base + 1) | BIT (base + 2) | BIT (base + 3))) &&
          !attacked_by (b, base + 3, occ, them) && !attacked_by (b, base + 2, occ, them))
        {
          if (counting)
            n++;
          else
            ADD_MOVE (base + 4, base + 2, VS_MOVE_CASTLE, 0);
        }
    }

  const uint64_t mt = noisy ? target & enemy : quiet ? target & ~enemy : target;

  /* Knights (a pinned knight never moves). */
  for (uint64_t pcs = b->type[ZH_KNIGHT] & own & ~pinned; pcs; )
    {
      int from = pop_lsb (&pcs);
      uint64_t t = vs_a8_knight[from] & mt;
      if (counting)
        n += popcnt (t);
      else
        while (t)
          ADD_MOVE (from, pop_lsb (&t), VS_MOVE_NORMAL, 0);
    }

  /* Bishops, rooks and queens (pinned ones stay on the pin line). */
  for (uint64_t pcs = (b->type[ZH_BISHOP] | b->type[ZH_QUEEN]) & own; pcs; )
    {
      int from = pop_lsb (&pcs);
      uint64_t t = vs_a8_bishop (occ, from) & mt;
      if (pinned & BIT (from))
        t &= line_through (ksq, from);
      if (counting)
        n += popcnt (t);
      else
        while (t)
          ADD_MOVE (from, pop_lsb (&t), VS_MOVE_NORMAL, 0);
    }
  for (uint64_t pcs = (b->type[ZH_ROOK] | b->type[ZH_QUEEN]) & own; pcs; )
    {
      int from = pop_lsb (&pcs);
      uint64_t t = vs_a8_rook (occ, from) & mt;
      if (pinned & BIT (from))
        t &= line_through (ksq, from);
      if (counting)
        n += popcnt (t);
      else
        while (t)
          ADD_MOVE (from, pop_lsb (&t), VS_MOVE_NORMAL, 0);
    }

  /* Pawns. */
  const uint64_t pawns = b->type[ZH_PAWN] & own;
  if (pawns)
    {
      const uint64_t promo = us ? RANK_1 : RANK_8;
      const uint64_t third = us ? (RANK_1 << 40) : (RANK_1 << 16);
      const uint64_t empty = ~occ;
      const int up = us ? -8 : 8;
      const uint64_t fp = pawns & ~pinned;
      uint64_t single, dbl, cap_w, cap_e;
      int dw, de;   /* to - from for captures towards the a- and h-file */
      if (us == VS_WHITE)
        {
          single = (fp << 8) & empty;
          dbl = ((single & third) << 8) & empty & target;
          cap_w = ((fp & ~FILE_A) << 7) & enemy & target;
          cap_e = ((fp & ~FILE_H) << 9) & enemy & target;
          dw = 7;
          de = 9;
        }
      else
        {
          single = (fp >> 8) & empty;
          dbl = ((single & third) >> 8) & empty & target;
          cap_w = ((fp & ~FILE_A) >> 9) & enemy & target;
          cap_e = ((fp & ~FILE_H) >> 7) & enemy & target;
          dw = -9;
          de = -7;
        }
      single &= target;
      if (noisy)
        {
          single &= promo;
          dbl = 0;
        }
      else if (quiet)
        {
          single &= ~promo;
          cap_w = cap_e = 0;
        }
      if (counting)
        {
          n += popcnt (single & ~promo) + popcnt (dbl) +
               popcnt (cap_w & ~promo) + popcnt (cap_e & ~promo) +
               4 * (popcnt (single & promo) + popcnt (cap_w & promo) + popcnt (cap_e & promo));
        }
      else
        {
          for (uint64_t t = single; t; )
            {
              int to = pop_lsb (&t);
              if (BIT (to) & promo)
                for (int pt = ZH_QUEEN; pt >= ZH_KNIGHT; pt--)
                  ADD_MOVE (to - up, to, VS_MOVE_PROMOTION, pt);
              else
                ADD_MOVE (to - up, to, VS_MOVE_NORMAL, 0);
            }
          for (uint64_t t = dbl; t; )
            {
              int to = pop_lsb (&t);
              ADD_MOVE (to - 2 * up, to, VS_MOVE_NORMAL, 0);
            }
          for (int side = 0; side < 2; side++)
            {
              int d = side ? de : dw;
              for (uint64_t t = side ? cap_e : cap_w; t; )
                {
                  int to = pop_lsb (&t);
                  if (BIT (to) & promo)
                    for (int pt = ZH_QUEEN; pt >= ZH_KNIGHT; pt--)
                      ADD_MOVE (to - d, to, VS_MOVE_PROMOTION, pt);
                  else
                    ADD_MOVE (to - d, to, VS_MOVE_NORMAL, 0);
                }
            }
        }

      /* Pinned pawns, one by one, along their pin line. */
      for (uint64_t pp = pawns & pinned; pp; )
        {
          int from = pop_lsb (&pp);
          uint64_t s1 = BIT (from + up) & empty;
          uint64_t t = s1;
          if (s1 & third)
            t |= BIT (from + 2 * up) & empty;
          if (noisy)
            t &= promo;
          if (quiet)
            t &= ~promo;
          else
            t |= vs_a8_pawn[us][from] & enemy;
          t &= target & line_through (ksq, from);
          while (t)
            {
              int to = pop_lsb (&t);
              if (BIT (to) & promo)
                {
                  if (counting)
                    n += 4;
                  else
                    for (int pt = ZH_QUEEN; pt >= ZH_KNIGHT; pt--)
                      ADD_MOVE (from, to, VS_MOVE_PROMOTION, pt);
                }
              else if (counting)
                n++;
              else
                ADD_MOVE (from, to, VS_MOVE_NORMAL, 0);
            }
        }

      /* En passant, checked on the board after the capture. */
      if (pos->ep != NO_SQ && !quiet)
        for (uint64_t c = vs_a8_pawn[them][pos->ep] & pawns; c; )
          {
            int from = pop_lsb (&c);
            if (ep_capture_legal (b, us, from, pos->ep))
              {
                if (counting)
                  n++;
                else
                  ADD_MOVE (from, pos->ep, VS_MOVE_EN_PASSANT, 0);
              }
          }
    }

  /* Drops: on any empty square, or only between king and checker; never a
   * pawn on the first or last rank. */
  if (!noisy && drop_target)
    {
      const uint8_t *h = pos->hand[us];
      const uint64_t pawn_target = drop_target & ~(RANK_1 | RANK_8);
      if (counting)
        {
          n += ((h[ZH_KNIGHT] > 0) + (h[ZH_BISHOP] > 0) + (h[ZH_ROOK] > 0) + (h[ZH_QUEEN] > 0)) *
               popcnt (drop_target);
          if (h[ZH_PAWN])
            n += popcnt (pawn_target);
        }
      else
        for (int pt = ZH_QUEEN; pt >= ZH_PAWN; pt--)
          if (h[pt])
            for (uint64_t t = pt == ZH_PAWN ? pawn_target : drop_target; t; )
              ADD_MOVE (NO_SQ, pop_lsb (&t), VS_MOVE_DROP, pt);
    }
  return n;
}

int
zh_generate (const VsPosition *pos, VsGenType type, VsMove *out)
{
  return gen_impl (pos, type, out, false);
}

uint64_t
zh_count_legal (const VsPosition *pos)
{
  return gen_impl (pos, VS_GEN_ALL, NULL, true);
}

static int
zh_checkers (const VsPosition *pos)
{
  const ZhBoard *b = CZB (pos);
  uint64_t occ = b->color[0] | b->color[1];
  return popcnt (attackers_to (b, b->king[pos->side], occ) & b->color[pos->side ^ 1]);
}

/* ---- Looking at one move without playing it ------------------------------------------ */

/* The checkers of the side not moving after the legal move m, found on a
 * copy of the bitboards alone (no copy of the position). */
uint64_t
zh_checkers_after (const VsPosition *pos, VsMove m)
{
  ZhBoard a = *CZB (pos);
  const int us = pos->side, them = us ^ 1, to = VS_MOVE_TO (m);
  const VsMoveKind kind = VS_MOVE_KIND (m);
  if (kind == VS_MOVE_DROP)
    {
      a.color[us] |= BIT (to);
      a.type[VS_MOVE_PIECE (m)] |= BIT (to);
    }
  else
    {
      const int from = VS_MOVE_FROM (m);
      const int t = VS_PIECE_TYPE (pos->board[from]);
      const VsPiece cap = pos->board[to];
      if (cap)
        {
          a.color[them] &= ~BIT (to);
          a.type[VS_PIECE_TYPE (cap)] &= ~BIT (to);
        }
      a.color[us] ^= BIT (from) | BIT (to);
      a.type[t] &= ~BIT (from);
      a.type[kind == VS_MOVE_PROMOTION ? (int) VS_MOVE_PIECE (m) : t] |= BIT (to);
      if (kind == VS_MOVE_EN_PASSANT)
        {
          a.color[them] &= ~BIT (to ^ 8);
          a.type[ZH_PAWN] &= ~BIT (to ^ 8);
        }
      else if (kind == VS_MOVE_CASTLE)
        {
          int rf, rt;
          zh_castle_rook_squares (to, &rf, &rt);
          a.color[us] ^= BIT (rf) | BIT (rt);
          a.type[ZH_ROOK] ^= BIT (rf) | BIT (rt);
        }
    }
  return attackers_to (&a, a.king[them], a.color[0] | a.color[1]) & a.color[us];
}

/* VsVariant.gives_check */
static gboolean
zh_gives_check (const VsPosition *pos, VsMove m)
{
  return zh_checkers_after (pos, m) != 0;
}

/* Does the pseudo-legal move m (not castling) leave the mover's king safe? */
static bool
keeps_king_safe (const ZhBoard *b, int us, VsMove m)
{
  const int to = VS_MOVE_TO (m);
  uint64_t occ = b->color[0] | b->color[1] | BIT (to);
  uint64_t enemy = b->color[us ^ 1] & ~BIT (to);
  int ksq = b->king[us];
  if (VS_MOVE_KIND (m) != VS_MOVE_DROP)
    {
      const int from = VS_MOVE_FROM (m);
      occ ^= BIT (from);
      if (from == ksq)
        ksq = to;
      if (VS_MOVE_KIND (m) == VS_MOVE_EN_PASSANT)
        {
          occ ^= BIT (to ^ 8);
          enemy &= ~BIT (to ^ 8);
        }
    }
  return !(attackers_to (b, ksq, occ) & enemy);
}

/* Every legal move to `to` but castling, drops included, of the piece types
 * in `types` (bit t for type t, moving type for promotions): the same moves
 * as zh_generate (VS_GEN_ALL) gives for that square and those types, found
 * from the square (notation readers; no full generation). */
int
zh_generate_to (const VsPosition *pos, int to, unsigned types, VsMove *out)
{
  const ZhBoard *b = CZB (pos);
  const int us = pos->side, them = us ^ 1;
  const uint64_t own = b->color[us], enemy = b->color[them], occ = own | enemy;
  const uint64_t tb = BIT (to);
  VsMove cand[64];
  int nc = 0, n = 0;

  if (own & tb)
    return 0;
  /* pieces */
  uint64_t from = 0;
  if (types & (1u << ZH_KNIGHT))
    from |= vs_a8_knight[to] & b->type[ZH_KNIGHT];
  if (types & (1u << ZH_KING))
    from |= vs_a8_king[to] & b->type[ZH_KING];
  if (types & ((1u << ZH_BISHOP) | (1u << ZH_QUEEN)))
    from |= vs_a8_bishop (occ, to) & (b->type[ZH_BISHOP] | b->type[ZH_QUEEN]);
  if (types & ((1u << ZH_ROOK) | (1u << ZH_QUEEN)))
    from |= vs_a8_rook (occ, to) & (b->type[ZH_ROOK] | b->type[ZH_QUEEN]);
  from &= own;
  for (int t = ZH_KNIGHT; t <= ZH_KING; t++)
    if (!(types & (1u << t)))
      from &= ~b->type[t];
  while (from)
    cand[nc++] = VS_MOVE_MAKE (pop_lsb (&from), to, VS_MOVE_NORMAL, 0);
  /* pawns */
  const uint64_t pawns = types & (1u << ZH_PAWN) ? b->type[ZH_PAWN] & own : 0;
  const int up = us ? -8 : 8;
  const bool promo = us ? to < 8 : to >= 56;
  uint64_t pf = 0;
  if (enemy & tb)
    pf = vs_a8_pawn[them][to] & pawns;
  else if (to == pos->ep)
    for (uint64_t c = vs_a8_pawn[them][to] & pawns; c; )
      cand[nc++] = VS_MOVE_MAKE (pop_lsb (&c), to, VS_MOVE_EN_PASSANT, 0);
  else
    {
      const int s1 = to - up, s2 = to - 2 * up;
      if (s1 >= 0 && s1 < 64)
        {
          if (pawns & BIT (s1))
            pf = BIT (s1);
          else if (!(occ & BIT (s1)) && (to >> 3) == (us ? 4 : 3) && (pawns & BIT (s2)))
            pf = BIT (s2);
        }
    }
  while (pf)
    {
      int f = pop_lsb (&pf);
      if (promo)
        for (int pt = ZH_QUEEN; pt >= ZH_KNIGHT; pt--)
          cand[nc++] = VS_MOVE_MAKE (f, to, VS_MOVE_PROMOTION, pt);
      else
        cand[nc++] = VS_MOVE_MAKE (f, to, VS_MOVE_NORMAL, 0);
    }
  /* drops */
  if (!(occ & tb))
    for (int pt = ZH_QUEEN; pt >= ZH_PAWN; pt--)
      if ((types & (1u << pt)) && pos->hand[us][pt] && (pt != ZH_PAWN || (to >= 8 && to < 56)))
        cand[nc++] = VS_MOVE_MAKE (NO_SQ, to, VS_MOVE_DROP, pt);

  /* Legality: out of check, a drop is always legal and any other move only
   * needs the full test when it is the king's, en passant, or its piece
   * stands on a line through the king (it may be pinned). */
  const int ksq = b->king[us];
  const bool in_check = (attackers_to (b, ksq, occ) & enemy) != 0;
  for (int i = 0; i < nc; i++)
    {
      VsMove m = cand[i];
      bool safe;
      if (in_check)
        safe = keeps_king_safe (b, us, m);
      else if (VS_MOVE_KIND (m) == VS_MOVE_DROP)
        safe = true;
      else if (VS_MOVE_FROM (m) == ksq || VS_MOVE_KIND (m) == VS_MOVE_EN_PASSANT ||
               line_through (ksq, VS_MOVE_FROM (m)))
        safe = keeps_king_safe (b, us, m);
      else
        safe = true;
      if (safe)
        out[n++] = m;
    }
  return n;
}

/* Issue 15: vs_position_is_legal's test.  Every move but castling is looked
 * for among the legal moves of its piece type to its square (zh_generate_to);
 * castling, rare in a hash table, in the full list. */
static gboolean
zh_is_legal (const VsPosition *pos, VsMove m)
{
  VsMove moves[VS_MAX_MOVES];
  int n, to = VS_MOVE_TO (m);
  if (to >= 64)
    return FALSE;
  switch (VS_MOVE_KIND (m))
    {
    case VS_MOVE_CASTLE:
      n = zh_generate (pos, VS_GEN_ALL, moves);
      break;
    case VS_MOVE_DROP:
      if (VS_MOVE_PIECE (m) < ZH_PAWN || VS_MOVE_PIECE (m) > ZH_QUEEN)
        return FALSE;
      n = zh_generate_to (pos, to, 1u << VS_MOVE_PIECE (m), moves);
      break;
    case VS_MOVE_NORMAL:
    case VS_MOVE_PROMOTION:
    case VS_MOVE_EN_PASSANT:
      if (VS_MOVE_FROM (m) >= 64)
        return FALSE;
      n = zh_generate_to (pos, to, 1u << VS_PIECE_TYPE (pos->board[VS_MOVE_FROM (m)]), moves);
      break;
    default:
      return FALSE;
    }
  for (int i = 0; i < n; i++)
    if (VS_MOVE_CORE (moves[i]) == VS_MOVE_CORE (m))
      return TRUE;
  return FALSE;
}

/* ---- Effects and game state -------------------------------------------------------- */

static void
zh_effects (const VsPosition *pos, VsMove m, VsMoveEffects *out)
{
  memset (out, 0, sizeof *out);
  out->rook_from = out->rook_to = NO_SQ;
  out->dog_sq = NO_SQ;
  const int to = VS_MOVE_TO (m);
  switch (VS_MOVE_KIND (m))
    {
    case VS_MOVE_DROP:
      out->placed = VS_MAKE_PIECE (pos->side, VS_MOVE_PIECE (m));
      break;
    case VS_MOVE_CASTLE:
      {
        int rf, rt;
        zh_castle_rook_squares (to, &rf, &rt);
        out->rook_from = rf;
        out->rook_to = rt;
        out->placed = pos->board[VS_MOVE_FROM (m)];
      }
      break;
    case VS_MOVE_EN_PASSANT:
      out->n_captured = 1;
      out->captured_sq[0] = to ^ 8;
      out->captured[0] = pos->board[to ^ 8];
      out->placed = pos->board[VS_MOVE_FROM (m)];
      break;
    default:
      if (pos->board[to])
        {
          out->n_captured = 1;
          out->captured_sq[0] = to;
          out->captured[0] = pos->board[to];
        }
      out->placed = VS_MOVE_KIND (m) == VS_MOVE_PROMOTION
                    ? (VS_MAKE_PIECE (pos->side, VS_MOVE_PIECE (m)) | VS_PIECE_FLAG)
                    : pos->board[VS_MOVE_FROM (m)];
      break;
    }
  out->gives_check = popcnt (zh_checkers_after (pos, m));
}

/* ---- Position strings ------------------------------------------------------------------ */

/* The checks of a Crazyhouse setup, once vs_position_string_read has read
 * it; then the bitboards and the key. */
static gboolean
zh_setup (VsPosition *pos, const VsPositionColumns *at, GError **error)
{
  /* No pawn on the first or last rank.  A game holds 32 pieces; up to
   * ZH_MAX_PIECES are accepted for composed positions, a bound under which
   * no position can have more than VS_MAX_MOVES legal moves (27 per queen,
   * 8 + 2 for the king and castling, at most one drop per hand type and
   * empty square: at most 980 moves with 36 pieces). */
  int total = 0;
  for (int sq = 0; sq < 64; sq++)
    {
      VsPiece p = pos->board[sq];
      if (!p)
        continue;
      total++;
      if (VS_PIECE_TYPE (p) == ZH_PAWN && (sq < 8 || sq >= 56))
        return vs_position_string_error (error, at->square[sq], _("a pawn cannot stand on rank %d"), sq < 8 ? 1 : 8);
    }
  for (int c = 0; c < 2; c++)
    for (int t = ZH_PAWN; t < ZH_KING; t++)
      total += pos->hand[c][t];
  if (total > ZH_MAX_PIECES)
    return vs_position_string_error (error, 1, _("there are %d pieces on the board and in hand; at most %d are supported"),
                                     total, ZH_MAX_PIECES);

  rebuild_bitboards (pos);
  ZhBoard *b = ZB (pos);

  /* Rights whose king or rook is not at home are dropped, as Lichess and
   * python-chess do. */
  for (int r = 0; r < 4; r++)
    {
      int color = r >> 1, base = color ? 56 : 0;
      int rook_sq = base + ((r & 1) ? 0 : 7);
      if (pos->board[base + 4] != VS_MAKE_PIECE (color, ZH_KING) ||
          VS_PIECE_TYPE (pos->board[rook_sq]) != ZH_ROOK ||
          VS_PIECE_COLOR (pos->board[rook_sq]) != color)
        pos->castling &= ~(1 << r);
    }

  /* En passant: on the right rank, kept only when the double step is on
   * the board and a legal capture exists (the canonical form); otherwise
   * dropped. */
  if (pos->ep != NO_SQ)
    {
      int epsq = pos->ep;
      int need = pos->side == VS_WHITE ? 5 : 2;
      if ((epsq >> 3) != need)
        return vs_position_string_error (error, at->ep, _("an en-passant square must be on rank %d here"), need + 1);
      int pawn_sq = epsq ^ 8, origin = pos->side == VS_WHITE ? epsq + 8 : epsq - 8;
      pos->ep = NO_SQ;
      if (pos->board[pawn_sq] == VS_MAKE_PIECE (pos->side ^ 1, ZH_PAWN) &&
          !pos->board[epsq] && !pos->board[origin])
        pos->ep = legal_ep_square (b, pos->side, epsq);
      pos->ep_in_key = pos->ep != NO_SQ;
    }

  /* The side that has just moved cannot be left in check. */
  int other = pos->side ^ 1;
  if (attackers_to (b, b->king[other], b->color[0] | b->color[1]) & b->color[pos->side])
    return vs_position_string_error (error, at->side, "%s", _("the side not to move is in check"));

  pos->key = compute_key (pos);
  return TRUE;
}

static gboolean
zh_from_string (VsPosition *pos, const char *str, GError **error)
{
  return vs_position_string_read (pos, &vs_variant_crazyhouse, str, error);
}

/* ---- The variant -------------------------------------------------------------------------------- */

static const VsPieceInfo zh_pieces[] = {
  { NULL, NULL, NULL, NULL, NULL },
  { "P", "P", NC_("chess piece", "Pawn"), "ポーン", "♙" },
  { "N", "N", NC_("chess piece", "Knight"), "ナイト", "♘" },
  { "B", "B", NC_("chess piece", "Bishop"), "ビショップ", "♗" },
  { "R", "R", NC_("chess piece", "Rook"), "ルーク", "♖" },
  { "Q", "Q", NC_("chess piece", "Queen"), "クイーン", "♕" },
  { "K", "K", NC_("chess piece", "King"), "キング", "♔" },
};

static const VsPositionSyntax zh_syntax = {
  .flag_mark = '~', .hands = TRUE, .castling = TRUE, .en_passant = TRUE,
  .flag_types = (1u << ZH_KNIGHT) | (1u << ZH_BISHOP) | (1u << ZH_ROOK) | (1u << ZH_QUEEN),
  .setup = zh_setup,
};

const VsVariant vs_variant_crazyhouse = {
  .id = "crazyhouse",
  .name = N_("Crazyhouse"),
  .pgn_name = "Crazyhouse",
  .geom = { .files = 8, .ranks = 8, .levels = 1, .points = 0 },
  .default_options = 0,
  .n_piece_types = 6,
  .pieces = zh_pieces,
  .piece_context = "chess piece",
  .uci_variant = "crazyhouse",
  .family = VS_FAMILY_CRAZYHOUSE,
  .family_id = "crazyhouse",
  .flag_meaning = VS_FLAG_MEANING_PROMOTED,
  .has_gibo = FALSE,
  .gibo_variant_tag = NULL,
  .pgn_structured = FALSE,
  .has_hands = TRUE,
  .casual_rules = NULL,
  .royal_type = ZH_KING,
  .plain_uci_plays = TRUE,
  .start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
  .from_string = zh_from_string,
  .to_string = vs_position_string_write,
  .position_syntax = &zh_syntax,
  .generate = zh_generate,
  .count_legal = zh_count_legal,
  .make = zh_make,
  .unmake = zh_unmake,
  .make_null = zh_make_null,
  .unmake_null = vs_null_unmake_common,
  .checkers = zh_checkers,
  .gives_check = zh_gives_check,
  .effects = zh_effects,
  .write_move = zh_write_move,
  .parse_move = zh_parse_move,
  /* crazyhouse.md: stalemate, threefold repetition (in the whole game:
   * captured pieces come back) and the 50-move rule draw; insufficient
   * material never applies */
  .stalemate_outcome = VS_END_DRAW,
  .nmove_plies = 100,
  .repetition_times = 3,
  .repetition_outcome = VS_END_DRAW,
  .repetition_whole_history = TRUE,
  .is_legal = zh_is_legal,
  .native_quiet = TRUE,
};
