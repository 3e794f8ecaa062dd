/* vs-strato.c — Strato Chess: three 8×8 boards stacked as levels A, B, C.
 *
 * The rules are those of src/core/RULES.md §3, followed to the letter:
 *  - planar moves are chess moves on one level (the only captures);
 *  - level changes: King one level (on its very first move optionally plus
 *    one King step), Queen/Rook/Bishop one level then an optional slide,
 *    Knight one or two levels combined with one knight leap (only the
 *    destination must be empty), Pawn one level without advancing, on its
 *    first move compulsorily plus one or two squares forward;
 *  - every piece's first move must be a level change, except castling (also
 *    with a one-level shift, "O-O @B") and, when in check, planar moves of
 *    the pieces on the King's level;
 *  - attacks are planar and geometric (unmoved pieces give check too).
 *
 * Representation: the interface's board[] (VS_PIECE_FLAG = "has not moved
 * yet", written as a trailing ' in position strings) plus, in pos->priv,
 * one set of 8×8 bitboards per level.  Attacks inside a level use the
 * constant tables and slider attacks of vs-attack8.h (shared with
 * Crazyhouse), so generation and make/unmake allocate nothing.
 *
 * UCI notation: level letter + square for from and to, e.g. "Ae2Be4", a
 * promotion adds the lower-case piece letter ("Bb7Bb8q"); castling is written
 * as the King's move: "Ae1Ag1", "Ae1Ac1", with a level shift "Ae1Bg1".
 *
 * Record (SAN) notation (RULES.md §3.9): "P Ae2 - Be4", "B Bc4 x Bf7 +",
 * "P Bb7 - Bb8 = Q", "O-O @B", "P Be5 x Bd6 e.p.", read tolerantly. */
#include "config.h"
#include "vs-strato.h"
#include "vs-position-string.h"
#include "vs-attack8.h"

#include <glib/gi18n.h>
#include <string.h>

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
  uint8_t  ep_keyed;             /* the ep square is in the key (a capture is possible) */
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

/* ---- Legality ---------------------------------------------------------------- */

typedef struct {
  const VsPosition *pos;
  const StratoBoard *b;
  int us, them;
  int ksq, kl, k64;
  gboolean check;
  VsMove *out;
  int n;
  gboolean noisy;
} Gen;

/* Does the move (not castling: generated legal) leave our King unattacked? */
static gboolean
leaves_king_safe (const Gen *g, int from, int to, VsMoveKind kind)
{
  const StratoBoard *b = g->b;
  const VsPiece *board = g->pos->board;
  int fl = LEVEL (from), tl = LEVEL (to);
  if (from == g->ksq)
    {
      uint64_t occ = b->type[tl][0];
      if (fl == tl)
        occ &= ~BB (S64 (from));
      uint64_t gone = board[to] ? BB (S64 (to)) : 0;
      return attackers (b, tl, S64 (to), g->them, occ, gone) == 0;
    }
  int kl = g->kl;
  if (!g->check)
    {
      /* Only a piece leaving the King's level along one of its lines (or
       * an en-passant capture on that level) can uncover an attack. */
      if (fl != kl)
        return TRUE;
      if (kind != VS_MOVE_EN_PASSANT && !(vs_a8_lines[g->k64] & BB (S64 (from))))
        return TRUE;
    }
  else if (fl != kl && tl != kl)
    return FALSE;   /* nothing changes on the King's level */
  uint64_t occ = b->type[kl][0], gone = 0;
  if (fl == kl)
    occ &= ~BB (S64 (from));
  if (tl == kl)
    {
      occ |= BB (S64 (to));
      if (board[to])
        gone |= BB (S64 (to));
    }
  if (kind == VS_MOVE_EN_PASSANT)
    {
      int cap = to - pawn_forward (g->us);
      if (LEVEL (cap) == kl)
        {
          occ &= ~BB (S64 (cap));
          gone |= BB (S64 (cap));
        }
    }
  return attackers (b, kl, g->k64, g->them, occ, gone) == 0;
}

static inline void
add (Gen *g, int from, int to, VsMoveKind kind)
{
  if (g->noisy && !g->pos->board[to] && kind != VS_MOVE_EN_PASSANT)
    return;
  if (leaves_king_safe (g, from, to, kind))
    g->out[g->n++] = VS_MOVE_MAKE (from, to, kind, 0);
}

static inline void
add_pawn (Gen *g, int from, int to)
{
  if (S64 (to) >> 3 == last_rank (g->us))
    {
      if (!leaves_king_safe (g, from, to, VS_MOVE_PROMOTION))
        return;
      for (int t = QUEEN; t >= KNIGHT; t--)
        g->out[g->n++] = VS_MOVE_MAKE (from, to, VS_MOVE_PROMOTION, t);
    }
  else
    add (g, from, to, VS_MOVE_NORMAL);
}

static inline void
add_set (Gen *g, int from, int l, uint64_t set)
{
  for (; set; set &= set - 1)
    add (g, from, l * 64 + lsb (set), VS_MOVE_NORMAL);
}

/* ---- Move generation -------------------------------------------------------------- */

static void
gen_castling (Gen *g, int sq)
{
  const StratoBoard *b = g->b;
  const VsPiece *board = g->pos->board;
  int l = LEVEL (sq), s = S64 (sq), us = g->us;
  if (s != (us == VS_WHITE ? 4 : 60))
    return;
  uint64_t occ = b->type[l][0];
  for (int side = 0; side < 2; side++)     /* 0 king side, 1 queen side */
    {
      int dir = side == 0 ? 1 : -1;
      int corner = side == 0 ? s + 3 : s - 4;
      if (board[l * 64 + corner] != (VS_MAKE_PIECE (us, ROOK) | UNMOVED))
        continue;
      uint64_t between = side == 0 ? BB (s + 1) | BB (s + 2) : BB (s - 1) | BB (s - 2) | BB (s - 3);
      if (occ & between)
        continue;
      int cross = s + dir, land = s + 2 * dir;
      if (attackers (b, l, cross, g->them, occ, 0) || attackers (b, l, land, g->them, occ, 0))
        continue;
      /* the planar castle: the King must also be safe with the Rook moved */
      uint64_t after = (occ & ~BB (s) & ~BB (corner)) | BB (land) | BB (cross);
      if (!attackers (b, l, land, g->them, after, 0))
        g->out[g->n++] = VS_MOVE_MAKE (sq, l * 64 + land, VS_MOVE_CASTLE, 0);
      /* with a one-level shift: the castled squares of the adjacent level
       * must be empty, the King not in check there (Rook in place) */
      for (int nl = l - 1; nl <= l + 1; nl += 2)
        {
          if (nl < 0 || nl >= N_LEVELS)
            continue;
          uint64_t nocc = b->type[nl][0];
          if (nocc & (BB (land) | BB (cross)))
            continue;
          if (!attackers (b, nl, land, g->them, nocc | BB (land) | BB (cross), 0))
            g->out[g->n++] = VS_MOVE_MAKE (sq, nl * 64 + land, VS_MOVE_CASTLE, 0);
        }
    }
}

static int
generate_moves (const VsPosition *pos, VsGenType type, VsMove *out)
{
  const StratoBoard *b = CSB (pos);
  const VsPiece *board = pos->board;
  Gen g = { .pos = pos, .b = b, .us = pos->side, .them = pos->side ^ 1, .out = out, .n = 0,
            .noisy = type == VS_GEN_NOISY };
  g.ksq = b->king[g.us];
  g.kl = LEVEL (g.ksq);
  g.k64 = S64 (g.ksq);
  g.check = checkers_bb (b, g.us) != 0;
  int us = g.us, them = g.them;
  int fwd = pawn_forward (us);

  for (int l = 0; l < N_LEVELS; l++)
    {
      uint64_t occ = b->type[l][0];
      uint64_t own = b->color[l][us];
      uint64_t enemy = b->color[l][them];
      gboolean check_level = g.check && l == g.kl;

      /* Pawns */
      for (uint64_t set = b->type[l][PAWN] & own; set; set &= set - 1)
        {
          int s = lsb (set), sq = l * 64 + s, r = s >> 3;
          gboolean unmoved = VS_PIECE_HAS_FLAG (board[sq]);
          if (!unmoved || check_level)
            {
              int t = s + fwd;
              if (!(occ & BB (t)))
                {
                  add_pawn (&g, sq, l * 64 + t);
                  if (r == start_rank (us) && !(occ & BB (t + fwd)))
                    add (&g, sq, l * 64 + t + fwd, VS_MOVE_NORMAL);
                }
              for (uint64_t c = vs_a8_pawn[us][s] & enemy; c; c &= c - 1)
                add_pawn (&g, sq, l * 64 + lsb (c));
              if (pos->ep != VS_NO_SQUARE && LEVEL (pos->ep) == l &&
                  (vs_a8_pawn[us][s] & BB (S64 (pos->ep))))
                add (&g, sq, pos->ep, VS_MOVE_EN_PASSANT);
            }
          /* level changes never capture; only a first move may promote */
          if (g.noisy && !unmoved)
            continue;
          for (int nl = l - 1; nl <= l + 1; nl += 2)
            {
              if (nl < 0 || nl >= N_LEVELS)
                continue;
              uint64_t nocc = b->type[nl][0];
              if (nocc & BB (s))
                continue;
              if (!unmoved)
                {
                  add (&g, sq, nl * 64 + s, VS_MOVE_NORMAL);
                  continue;
                }
              if (r == last_rank (us))
                continue;
              int t = s + fwd;
              if (nocc & BB (t))
                continue;
              add_pawn (&g, sq, nl * 64 + t);
              if ((t >> 3) != last_rank (us) && !(nocc & BB (t + fwd)))
                add_pawn (&g, sq, nl * 64 + t + fwd);
            }
        }

      /* Knights */
      for (uint64_t set = b->type[l][KNIGHT] & own; set; set &= set - 1)
        {
          int s = lsb (set), sq = l * 64 + s;
          if (!VS_PIECE_HAS_FLAG (board[sq]) || check_level)
            add_set (&g, sq, l, vs_a8_knight[s] & ~own);
          if (g.noisy)
            continue;
          for (int nl = l - 2; nl <= l + 2; nl++)
            if (nl != l && nl >= 0 && nl < N_LEVELS)
              add_set (&g, sq, nl, vs_a8_knight[s] & ~b->type[nl][0]);
        }

      /* Bishops, Rooks, Queens */
      for (int pt = BISHOP; pt <= QUEEN; pt++)
        for (uint64_t set = b->type[l][pt] & own; set; set &= set - 1)
          {
            int s = lsb (set), sq = l * 64 + s;
            if (!VS_PIECE_HAS_FLAG (board[sq]) || check_level)
              {
                uint64_t a = 0;
                if (pt != ROOK)
                  a |= vs_a8_bishop_rays (occ, s);
                if (pt != BISHOP)
                  a |= vs_a8_rook_rays (occ, s);
                add_set (&g, sq, l, a & ~own);
              }
            if (g.noisy)
              continue;
            for (int nl = l - 1; nl <= l + 1; nl += 2)
              {
                if (nl < 0 || nl >= N_LEVELS)
                  continue;
                uint64_t nocc = b->type[nl][0];
                if (nocc & BB (s))
                  continue;
                uint64_t a = 0;
                if (pt != ROOK)
                  a |= vs_a8_bishop_rays (nocc, s);
                if (pt != BISHOP)
                  a |= vs_a8_rook_rays (nocc, s);
                add_set (&g, sq, nl, (a & ~nocc) | BB (s));
              }
          }

      /* King */
      if (g.kl == l)
        {
          int s = g.k64, sq = g.ksq;
          gboolean unmoved = VS_PIECE_HAS_FLAG (board[sq]);
          if (!unmoved || g.check)
            add_set (&g, sq, l, vs_a8_king[s] & ~own);
          if (g.noisy)
            continue;
          for (int nl = l - 1; nl <= l + 1; nl += 2)
            {
              if (nl < 0 || nl >= N_LEVELS)
                continue;
              uint64_t nocc = b->type[nl][0];
              if (nocc & BB (s))
                continue;
              add_set (&g, sq, nl, BB (s) | (unmoved ? vs_a8_king[s] & ~nocc : 0));
            }
          if (unmoved && !g.check)
            gen_castling (&g, sq);
        }
    }
  return g.n;
}

static int
strato_generate (const VsPosition *pos, VsGenType type, VsMove *out)
{
  return generate_moves (pos, type, out);
}

static uint64_t
strato_count_legal (const VsPosition *pos)
{
  VsMove moves[VS_MAX_MOVES];
  return generate_moves (pos, VS_GEN_ALL, moves);
}

/* Is an en-passant capture onto pos->ep legal for the side to move? */
static gboolean
ep_capture_possible (const VsPosition *pos)
{
  if (pos->ep == VS_NO_SQUARE)
    return FALSE;
  const StratoBoard *b = CSB (pos);
  Gen g = { .pos = pos, .b = b, .us = pos->side, .them = pos->side ^ 1 };
  g.ksq = b->king[g.us];
  g.kl = LEVEL (g.ksq);
  g.k64 = S64 (g.ksq);
  g.check = checkers_bb (b, g.us) != 0;
  int l = LEVEL (pos->ep), e = S64 (pos->ep);
  uint64_t cand = vs_a8_pawn[g.them][e] & b->type[l][PAWN] & b->color[l][g.us];
  for (; cand; cand &= cand - 1)
    {
      int sq = l * 64 + lsb (cand);
      if (VS_PIECE_HAS_FLAG (pos->board[sq]) && !(g.check && l == g.kl))
        continue;
      if (leaves_king_safe (&g, sq, pos->ep, VS_MOVE_EN_PASSANT))
        return TRUE;
    }
  return FALSE;
}

/* ---- Make / unmake ------------------------------------------------------------------ */

static void
castle_rook_squares (VsMove m, int *rook_from, int *rook_to)
{
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  int rank_base = S64 (from) & 56;
  gboolean king_side = (S64 (to) & 7) == 6;
  *rook_from = LEVEL (from) * 64 + rank_base + (king_side ? 7 : 0);
  *rook_to = LEVEL (to) * 64 + rank_base + (king_side ? 5 : 3);
}

static void
strato_make (VsPosition *pos, VsMove m, VsUndo *u)
{
  StratoBoard *b = SB (pos);
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  VsMoveKind kind = VS_MOVE_KIND (m);
  int us = pos->side;

  u->key = pos->key;
  u->move = m;
  u->halfmove = pos->halfmove;
  u->ep = pos->ep;
  u->castling = pos->castling;
  u->passes = pos->passes;
  u->n_captured = 0;
  u->extra[0] = b->ep_keyed;

  if (b->ep_keyed)
    pos->key ^= vs_zobrist_ep[pos->ep];
  b->ep_keyed = 0;
  pos->ep = VS_NO_SQUARE;
  pos->halfmove++;

  VsPiece p = take (pos, from);
  u->moved = p;
  if (kind == VS_MOVE_CASTLE)
    {
      int rf, rt;
      castle_rook_squares (m, &rf, &rt);
      VsPiece r = take (pos, rf);
      put (pos, to, p & ~UNMOVED);
      put (pos, rt, r & ~UNMOVED);
    }
  else
    {
      int cap = kind == VS_MOVE_EN_PASSANT ? to - pawn_forward (us) : to;
      if (pos->board[cap])
        {
          u->captured_sq[0] = cap;
          u->captured[0] = take (pos, cap);
          u->n_captured = 1;
          pos->halfmove = 0;
        }
      if (kind == VS_MOVE_PROMOTION)
        put (pos, to, VS_MAKE_PIECE (us, VS_MOVE_PIECE (m)));
      else
        put (pos, to, p & ~UNMOVED);
      if (VS_PIECE_TYPE (p) == PAWN)
        {
          pos->halfmove = 0;
          int dr = (S64 (to) >> 3) - (S64 (from) >> 3);
          if (dr == 2 || dr == -2)
            pos->ep = to - pawn_forward (us);
        }
    }

  if (us == VS_BLACK)
    pos->fullmove++;
  pos->side ^= 1;
  pos->key ^= vs_zobrist_side;
  if (pos->ep != VS_NO_SQUARE && ep_capture_possible (pos))
    {
      b->ep_keyed = 1;
      pos->key ^= vs_zobrist_ep[pos->ep];
    }
}

static void
strato_make_null (VsPosition *pos, VsUndo *u)
{
  StratoBoard *b = SB (pos);
  gboolean in_key = b->ep_keyed;
  vs_null_make_common (pos, u, in_key);
  u->extra[0] = in_key;
  b->ep_keyed = 0;
}

static void
strato_unmake_null (VsPosition *pos, const VsUndo *u)
{
  vs_null_unmake_common (pos, u);
  SB (pos)->ep_keyed = u->extra[0];
}

static void
strato_unmake (VsPosition *pos, const VsUndo *u)
{
  StratoBoard *b = SB (pos);
  VsMove m = u->move;
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);

  pos->side ^= 1;
  if (pos->side == VS_BLACK)
    pos->fullmove--;
  take (pos, to);
  if (VS_MOVE_KIND (m) == VS_MOVE_CASTLE)
    {
      int rf, rt;
      castle_rook_squares (m, &rf, &rt);
      VsPiece r = take (pos, rt);
      put (pos, rf, r | UNMOVED);
    }
  put (pos, from, u->moved);
  for (int i = 0; i < u->n_captured; i++)
    put (pos, u->captured_sq[i], u->captured[i]);
  pos->key = u->key;
  pos->halfmove = u->halfmove;
  pos->ep = u->ep;
  pos->castling = u->castling;
  pos->passes = u->passes;
  b->ep_keyed = u->extra[0];
}

static int
strato_checkers (const VsPosition *pos)
{
  return __builtin_popcountll (checkers_bb (CSB (pos), pos->side));
}

/* ---- Effects --------------------------------------------------------------------------- */

static void
strato_effects (const VsPosition *pos, VsMove m, VsMoveEffects *out)
{
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  VsMoveKind kind = VS_MOVE_KIND (m);
  VsPiece p = pos->board[from];
  int us = VS_PIECE_COLOR (p);
  StratoBoard b = *CSB (pos);

  memset (out, 0, sizeof *out);
  out->rook_from = out->rook_to = VS_NO_SQUARE;
  out->dog_sq = VS_NO_SQUARE;
  out->placed = kind == VS_MOVE_PROMOTION ? VS_MAKE_PIECE (us, VS_MOVE_PIECE (m)) : (p & ~UNMOVED);

  sb_toggle (&b, from, p);
  if (kind == VS_MOVE_CASTLE)
    {
      int rf, rt;
      castle_rook_squares (m, &rf, &rt);
      out->rook_from = rf;
      out->rook_to = rt;
      sb_toggle (&b, rf, pos->board[rf]);
      sb_toggle (&b, rt, pos->board[rf]);
    }
  else
    {
      int cap = kind == VS_MOVE_EN_PASSANT ? to - pawn_forward (us) : to;
      if (pos->board[cap])
        {
          out->n_captured = 1;
          out->captured_sq[0] = cap;
          out->captured[0] = pos->board[cap];
          sb_toggle (&b, cap, pos->board[cap]);
        }
    }
  sb_toggle (&b, to, out->placed);
  int k = b.king[us ^ 1], kl = LEVEL (k);
  out->gives_check = __builtin_popcountll (attackers (&b, kl, S64 (k), us, b.type[kl][0], 0));
}

/* ---- Game state ------------------------------------------------------------------------ */

static gboolean
insufficient_material (const VsPosition *pos)
{
  const StratoBoard *b = CSB (pos);
  int count[2][8] = { { 0 } };
  for (int l = 0; l < N_LEVELS; l++)
    for (int c = 0; c < 2; c++)
      for (int t = PAWN; t <= QUEEN; t++)
        count[c][t] += __builtin_popcountll (b->type[l][t] & b->color[l][c]);
  int total[2] = { 0, 0 };
  for (int c = 0; c < 2; c++)
    {
      if (count[c][PAWN])
        return FALSE;
      for (int t = KNIGHT; t <= QUEEN; t++)
        total[c] += count[c][t];
    }
  int minors = count[0][KNIGHT] + count[0][BISHOP] + count[1][KNIGHT] + count[1][BISHOP];
  if (total[0] + total[1] == minors && minors <= 1)
    return TRUE;
  for (int c = 0; c < 2; c++)
    if (total[c] == 0 && total[c ^ 1] == 1 && (count[c ^ 1][QUEEN] == 1 || count[c ^ 1][ROOK] == 1))
      return TRUE;
  return FALSE;
}

/* ---- Position strings -------------------------------------------------------------------- */

static const char piece_letters[] = " PNBRQK";

static void
compute_board (const VsPiece *board, StratoBoard *b)
{
  memset (b, 0, sizeof *b);
  for (int sq = 0; sq < 192; sq++)
    if (board[sq])
      {
        sb_toggle (b, sq, board[sq]);
        if (VS_PIECE_TYPE (board[sq]) == KING)
          b->king[VS_PIECE_COLOR (board[sq])] = sq;
      }
}

/* The checks of a Strato setup, once vs_position_string_read has read it;
 * then the bitboards and the key. */
static gboolean
strato_setup (VsPosition *pos, const VsPositionColumns *at, GError **error)
{
  const VsPiece *board = pos->board;
  int side = pos->side;

  for (int sq = 0; sq < 192; sq++)
    {
      VsPiece piece = board[sq];
      if (VS_PIECE_TYPE (piece) != PAWN)
        continue;
      int rank = S64 (sq) >> 3, color = VS_PIECE_COLOR (piece);
      if (rank == 0 || rank == 7)
        return vs_position_string_error (error, at->square[sq], "%s", _("a pawn cannot stand on the first or last rank"));
      if ((piece & UNMOVED) && rank != start_rank (color))
        return vs_position_string_error (error, at->square[sq], "%s",
                                         _("a pawn that has not moved must stand on its starting rank"));
    }

  int ep = pos->ep;
  if (ep != VS_NO_SQUARE)
    {
      /* the square just crossed by a pawn of the side that moved */
      int mover = side ^ 1;
      int rank = S64 (ep) >> 3;
      int front = ep + pawn_forward (mover);
      if (rank != (mover == VS_WHITE ? 2 : 5) || board[ep] ||
          VS_PIECE_TYPE (board[front]) != PAWN || VS_PIECE_COLOR (board[front]) != mover ||
          VS_PIECE_HAS_FLAG (board[front]))
        return vs_position_string_error (error, at->ep, "%s", _("no pawn can have just crossed this en-passant square"));
    }

  StratoBoard sb;
  compute_board (board, &sb);
  if (checkers_bb (&sb, side ^ 1))
    return vs_position_string_error (error, at->side, "%s", _("the side not to move is in check"));

  *SB (pos) = sb;
  uint64_t key = 0;
  for (int sq = 0; sq < 192; sq++)
    if (board[sq])
      key ^= vs_zobrist_psq[board[sq] & 0x7f][sq];
  if (side == VS_BLACK)
    key ^= vs_zobrist_side;
  pos->key = key;
  if (ep_capture_possible (pos))
    {
      SB (pos)->ep_keyed = 1;
      pos->key ^= vs_zobrist_ep[ep];
    }
  return TRUE;
}

static gboolean
strato_from_string (VsPosition *pos, const char *str, GError **error)
{
  return vs_position_string_read (pos, &vs_variant_strato, str, error);
}

const char *
vs_strato_start_fen (gboolean white_above)
{
  return white_above ? VS_STRATO_START_WHITE_ABOVE : VS_STRATO_START_WHITE_BELOW;
}

/* ---- Notation ------------------------------------------------------------------------------ */

/* The position after m, on the heap (notation only, not the hot path). */
static VsPosition *
position_after (const VsPosition *pos, VsMove m)
{
  VsPosition *tmp = g_memdup2 (pos, sizeof *tmp);
  VsUndo u;
  strato_make (tmp, m, &u);
  return tmp;
}

/* 0 no check, 1 check, 2 mate */
static int
check_status (const VsPosition *pos, VsMove m)
{
  VsMoveEffects fx;
  strato_effects (pos, m, &fx);
  if (!fx.gives_check)
    return 0;
  g_autofree VsPosition *after = position_after (pos, m);
  VsMove moves[VS_MAX_MOVES];
  return generate_moves (after, VS_GEN_ALL, moves) == 0 ? 2 : 1;
}

static void
strato_write_move (const VsPosition *pos, VsMove m, VsNotation n, char out[VS_MOVE_TEXT_MAX])
{
  const VsGeometry *geom = &vs_variant_strato.geom;
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  VsMoveKind kind = VS_MOVE_KIND (m);
  char f[8], t[8];
  vs_square_name (geom, from, f);
  vs_square_name (geom, to, t);

  if (n != VS_NOTATION_SAN)
    {
      if (kind == VS_MOVE_PROMOTION)
        g_snprintf (out, VS_MOVE_TEXT_MAX, "%s%s%c", f, t,
                    g_ascii_tolower (piece_letters[VS_MOVE_PIECE (m)]));
      else
        g_snprintf (out, VS_MOVE_TEXT_MAX, "%s%s", f, t);
      return;
    }

  GString *s = g_string_sized_new (32);
  if (kind == VS_MOVE_CASTLE)
    {
      g_string_append (s, (S64 (to) & 7) == 6 ? "O-O" : "O-O-O");
      if (LEVEL (to) != LEVEL (from))
        g_string_append_printf (s, " @%c", 'A' + LEVEL (to));
    }
  else
    {
      gboolean capture = pos->board[to] != 0 || kind == VS_MOVE_EN_PASSANT;
      g_string_append_printf (s, "%c %s %c %s", piece_letters[VS_PIECE_TYPE (pos->board[from])],
                              f, capture ? 'x' : '-', t);
      if (kind == VS_MOVE_PROMOTION)
        g_string_append_printf (s, " = %c", piece_letters[VS_MOVE_PIECE (m)]);
      if (kind == VS_MOVE_EN_PASSANT)
        g_string_append (s, " e.p.");
    }
  int cs = check_status (pos, m);
  if (cs)
    g_string_append (s, cs == 2 ? " #" : " +");
  g_strlcpy (out, s->str, VS_MOVE_TEXT_MAX);
  g_string_free (s, TRUE);
}

/* Reads a square (level, file, rank) from lower-cased text; -1 if none. */
static int
read_square (const char **p)
{
  const char *s = *p;
  if (s[0] < 'a' || s[0] > 'c' || s[1] < 'a' || s[1] > 'h' || s[2] < '1' || s[2] > '8')
    return -1;
  *p = s + 3;
  return (s[0] - 'a') * 64 + (s[2] - '1') * 8 + (s[1] - 'a');
}

static int
promotion_type (char c)
{
  switch (c)
    {
    case 'q': return QUEEN;
    case 'r': return ROOK;
    case 'b': return BISHOP;
    case 'n': return KNIGHT;
    default: return 0;
    }
}

static gboolean
bad_move (GError **error, const char *text)
{
  g_autofree char *shown = g_utf8_make_valid (text, -1);
  g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_BAD_MOVE,
               _("“%s” is not a Strato Chess move"), shown);
  return FALSE;
}

static gboolean
strato_parse_move (const VsPosition *pos, const char *text, VsNotation n,
                   VsMove *out, const char **warning, GError **error)
{
  VsMove moves[VS_MAX_MOVES];
  int n_moves = generate_moves (pos, VS_GEN_ALL, moves);
  char buf[VS_MOVE_TEXT_MAX];
  int len = 0;

  const char *dummy;
  if (warning == NULL)
    warning = &dummy;
  *warning = NULL;
  if (n != VS_NOTATION_SAN && n != VS_NOTATION_UCI)
    {
      g_set_error_literal (error, VS_CORE_ERROR, VS_CORE_ERROR_UNSUPPORTED,
                           _("Strato Chess moves are written in record or UCI notation"));
      return FALSE;
    }
  if (text == NULL)
    return bad_move (error, "");
  /* normalise: no spaces, lower case, 0 → o, : → x */
  for (const char *c = text; *c && len < VS_MOVE_TEXT_MAX - 1; c++)
    {
      if (g_ascii_isspace (*c))
        continue;
      char d = g_ascii_tolower (*c);
      if (d == '0')
        d = 'o';
      else if (d == ':')
        d = 'x';
      buf[len++] = d;
    }
  /* drop trailing annotation glyphs */
  while (len > 0 && (buf[len - 1] == '!' || buf[len - 1] == '?'))
    len--;
  buf[len] = '\0';
  if (len == 0)
    return bad_move (error, text);

  const char *p = buf;
  int from = -1, to = -1, promo = 0, castle_side = -1, castle_level = -1;
  int piece = 0;
  gboolean capture_mark = FALSE, ep_mark = FALSE;
  int check_mark = 0;   /* 0 none, 1 +, 2 # */

  if (n != VS_NOTATION_SAN)
    {
      from = read_square (&p);
      to = from >= 0 ? read_square (&p) : -1;
      if (to < 0)
        return bad_move (error, text);
      if (*p && !(promo = promotion_type (*p++)))
        return bad_move (error, text);
      if (*p)
        return bad_move (error, text);
    }
  else if (p[0] == 'o')
    {
      p++;
      if (*p == '-')
        p++;
      if (*p++ != 'o')
        return bad_move (error, text);
      castle_side = 0;
      const char *q = p;
      if (*q == '-')
        q++;
      if (*q == 'o')
        {
          castle_side = 1;
          p = q + 1;
        }
      if (*p == '@')
        {
          p++;
          if (*p < 'a' || *p > 'c')
            return bad_move (error, text);
          castle_level = *p++ - 'a';
        }
    }
  else
    {
      const char *q = p;
      if (*q && strchr ("pnbrqk", *q) && (from = (q++, read_square (&q))) >= 0)
        {
          piece = strchr (piece_letters, g_ascii_toupper (*p)) - piece_letters;
          p = q;
        }
      else
        {
          from = read_square (&p);
          if (from < 0)
            return bad_move (error, text);
        }
      if (*p == '-')
        p++;
      else if (*p == 'x')
        {
          capture_mark = TRUE;
          p++;
        }
      to = read_square (&p);
      if (to < 0)
        return bad_move (error, text);
      if (*p == '=')
        {
          p++;
          promo = promotion_type (*p);
          if (!promo)
            return bad_move (error, text);
          p++;
        }
      else if ((promo = promotion_type (*p)))
        p++;
      if (p[0] == 'e')
        {
          if (g_str_has_prefix (p, "e.p."))
            p += 4;
          else if (g_str_has_prefix (p, "e.p") || g_str_has_prefix (p, "ep."))
            p += 3;
          else if (g_str_has_prefix (p, "ep"))
            p += 2;
          else
            return bad_move (error, text);
          ep_mark = TRUE;
        }
    }
  if (n == VS_NOTATION_SAN)
    {
      if (*p == '+')
        {
          check_mark = 1;
          p++;
          if (*p == '+')
            p++;
        }
      else if (*p == '#')
        {
          check_mark = 2;
          p++;
        }
      if (*p)
        return bad_move (error, text);
    }

  /* find the legal move */
  VsMove found = VS_MOVE_NONE;
  int matches = 0;
  for (int i = 0; i < n_moves; i++)
    {
      VsMove m = moves[i];
      if (castle_side >= 0)
        {
          if (VS_MOVE_KIND (m) != VS_MOVE_CASTLE)
            continue;
          int mto = VS_MOVE_TO (m);
          if (((S64 (mto) & 7) == 6) != (castle_side == 0))
            continue;
          int level = castle_level >= 0 ? castle_level : LEVEL (VS_MOVE_FROM (m));
          if (LEVEL (mto) != level)
            continue;
        }
      else
        {
          if (VS_MOVE_FROM (m) != from || VS_MOVE_TO (m) != to)
            continue;
          if (promo && VS_MOVE_PIECE (m) != promo)
            continue;
        }
      if (matches == 0)
        found = m;
      matches++;
    }
  g_autofree char *shown = g_utf8_make_valid (text, -1);
  if (matches == 0)
    {
      if (castle_side < 0 && piece && from >= 0 &&
          (pos->board[from] == 0 || VS_PIECE_TYPE (pos->board[from]) != piece))
        g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_ILLEGAL_MOVE,
                     _("“%s”: there is no such piece on the starting square"), shown);
      else
        g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_ILLEGAL_MOVE,
                     _("“%s” is not a legal move in this position"), shown);
      return FALSE;
    }
  if (matches > 1)
    {
      g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_AMBIGUOUS_MOVE,
                   _("“%s”: the promotion piece is missing"), shown);
      return FALSE;
    }
  if (piece && VS_PIECE_TYPE (pos->board[VS_MOVE_FROM (found)]) != piece)
    {
      g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_ILLEGAL_MOVE,
                   _("“%s”: there is no such piece on the starting square"), shown);
      return FALSE;
    }
  if (n == VS_NOTATION_SAN)
    {
      VsMoveKind kind = VS_MOVE_KIND (found);
      gboolean capture = kind == VS_MOVE_EN_PASSANT ||
                         (kind != VS_MOVE_CASTLE && pos->board[VS_MOVE_TO (found)] != 0);
      int cs = check_status (pos, found);
      if (ep_mark && kind != VS_MOVE_EN_PASSANT)
        *warning = "e.p. written for a move that is not en passant";
      else if (castle_side < 0 && kind != VS_MOVE_CASTLE && capture_mark != capture)
        *warning = capture ? "capture written with “-”" : "“x” written for a move that captures nothing";
      else if (check_mark != cs)
        *warning = check_mark == 0 ? "check mark missing" : "wrong check mark";
    }
  *out = found;
  return TRUE;
}

/* ---- The variant -------------------------------------------------------------------------- */

static const VsPieceInfo strato_pieces[] = {
  { NULL, NULL, NULL, NULL, NULL },
  { "P", "P", NC_("chess piece", "Pawn"), "ポーン", "兵" },
  { "N", "N", NC_("chess piece", "Knight"), "ナイト", "馬" },
  { "B", "B", NC_("chess piece", "Bishop"), "ビショップ", "ビ" },
  { "R", "R", NC_("chess piece", "Rook"), "ルーク", "ル" },
  { "Q", "Q", NC_("chess piece", "Queen"), "クイーン", "后" },
  { "K", "K", NC_("chess piece", "King"), "キング", "王" },
};

static char *
strato_setup_fen (int white_above, int unused)
{
  return g_strdup (vs_strato_start_fen (white_above));
}

static const VsPositionSyntax strato_syntax = {
  .flag_mark = '\'', .level_separator = '|', .en_passant = TRUE,
  .flag_types = 0x7e,   /* any piece */
  .setup = strato_setup,
};

const VsVariant vs_variant_strato = {
  .id = "strato",
  .name = N_("Strato Chess"),
  .pgn_name = "Strato",
  .geom = { 8, 8, 3, 0 },
  .default_options = 0,
  .n_piece_types = 6,
  .pieces = strato_pieces,
  .piece_context = "chess piece",
  .uci_variant = NULL,
  .family = VS_FAMILY_STRATO,
  .family_id = "strato",
  .flag_meaning = VS_FLAG_MEANING_UNMOVED,
  .has_gibo = FALSE,
  .gibo_variant_tag = NULL,
  .pgn_structured = TRUE,
  .has_hands = FALSE,
  .casual_rules = NULL,
  .royal_type = KING,
  .setup_choice = VS_SETUP_CHOICE_ORIENTATION,
  .setup_fen = strato_setup_fen,
  .start_fen = VS_STRATO_START_WHITE_BELOW,
  .from_string = strato_from_string,
  .to_string = vs_position_string_write,
  .position_syntax = &strato_syntax,
  .generate = strato_generate,
  .count_legal = strato_count_legal,
  .make = strato_make,
  .unmake = strato_unmake,
  .make_null = strato_make_null,
  .unmake_null = strato_unmake_null,
  .checkers = strato_checkers,
  .effects = strato_effects,
  /* strato.md: stalemate, threefold repetition, the 50-move rule and
   * insufficient material are draws */
  .stalemate_outcome = VS_END_DRAW,
  .nmove_plies = 100,
  .repetition_times = 3,
  .repetition_outcome = VS_END_DRAW,
  .insufficient_material = insufficient_material,
  .write_move = strato_write_move,
  .parse_move = strato_parse_move,
};
