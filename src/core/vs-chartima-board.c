/* vs-chartima-board.c — Chartima board mechanics: making a move on a bare
 * board (with every automatic capture), detecting which pieces can capture a
 * King, and legal move generation.
 *
 * Speed notes: immobilization is never searched for.  ChPriv.imm[c][sq]
 * counts the Immobilizers of colour c next to sq and is updated in put/clear
 * (8 neighbour increments when an Immobilizer appears or leaves), so "is this
 * piece immobilized" is one table look-up.  Check detection scans outward
 * from the King (rays, leaps, the Long leaper's line, the Withdrawer's and
 * Pusher-puller's squares) and looks at Coordinators only when the two Kings
 * share a rank or a file, since only then can a Coordinator reach one. */
#include "vs-chartima.h"

#include <string.h>

#define BIT(sq)   (1ull << ((sq) & 63))
#define COLOR(pc) VS_PIECE_COLOR (pc)
#define TYPE(pc)  VS_PIECE_TYPE (pc)
#define TB(t)     (1u << (t))

static const uint32_t slide_orth = TB (CH_Q) | TB (CH_NQ) | TB (CH_R) | TB (CH_NR) | TB (CH_C) | TB (CH_NC);
static const uint32_t slide_diag = TB (CH_Q) | TB (CH_NQ) | TB (CH_B) | TB (CH_NB) | TB (CH_A) | TB (CH_NA);
static const uint32_t step_orth = TB (CH_K) | TB (CH_NA) | TB (CH_NB);
static const uint32_t step_diag = TB (CH_K) | TB (CH_NC) | TB (CH_NR);
static const uint32_t knight_mask = TB (CH_C) | TB (CH_NC) | TB (CH_A) | TB (CH_NA) | TB (CH_N) | TB (CH_NN) | TB (CH_NQ);
static const uint32_t promotable = TB (CH_Q) | TB (CH_C) | TB (CH_A) | TB (CH_R) | TB (CH_N) | TB (CH_B);

static inline void
put (VsPiece *b, ChPriv *p, int sq, VsPiece pc)
{
  int c = COLOR (pc), t = TYPE (pc);
  b[sq] = pc;
  p->occ[c][sq >> 6] |= BIT (sq);
  p->count[c][t]++;
  switch (t)
    {
    case CH_K:
      p->king[c] = sq;
      break;
    case CH_I:
      for (int i = 0; i < vs_ch_adj_n[sq]; i++)
        p->imm[c][vs_ch_adj[sq][i]]++;
      break;
    case CH_CO:
      p->co[c][sq >> 6] |= BIT (sq);
      break;
    default:
      break;
    }
}

static inline void
clear (VsPiece *b, ChPriv *p, int sq)
{
  VsPiece pc = b[sq];
  int c = COLOR (pc), t = TYPE (pc);
  b[sq] = VS_PIECE_NONE;
  p->occ[c][sq >> 6] &= ~BIT (sq);
  p->count[c][t]--;
  switch (t)
    {
    case CH_K:
      p->king[c] = VS_NO_SQUARE;
      break;
    case CH_I:
      for (int i = 0; i < vs_ch_adj_n[sq]; i++)
        p->imm[c][vs_ch_adj[sq][i]]--;
      break;
    case CH_CO:
      p->co[c][sq >> 6] &= ~BIT (sq);
      break;
    default:
      break;
    }
}

void
ch_board_load (ChBoard *cb, const VsPiece *board, uint8_t side, uint8_t castling, uint8_t ep)
{
  memset (cb, 0, sizeof *cb);
  cb->p.king[0] = cb->p.king[1] = VS_NO_SQUARE;
  for (int sq = 0; sq < CH_SQUARES; sq++)
    if (board[sq])
      put (cb->b, &cb->p, sq, board[sq]);
  cb->side = side;
  cb->castling = castling;
  cb->ep = ep;
}

void
ch_board_from_pos (ChBoard *cb, const VsPosition *pos)
{
  memcpy (cb->b, pos->board, CH_SQUARES);
  memcpy (&cb->p, pos->priv.bytes, sizeof cb->p);
  cb->side = pos->side;
  cb->castling = pos->castling;
  cb->ep = pos->ep;
  cb->pad = 0;
}

static inline void
take (VsPiece *b, ChPriv *p, ChDone *d, int sq)
{
  d->sq[d->n] = sq;
  d->pc[d->n] = b[sq];
  d->n++;
  clear (b, p, sq);
}

static inline gboolean
enemy_at (const VsPiece *b, int sq, int us)
{
  return b[sq] && COLOR (b[sq]) != us;
}

void
ch_apply (VsPiece *b, ChPriv *p, VsMove m, ChDone *d)
{
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  VsMoveKind kind = VS_MOVE_KIND (m);
  VsPiece pc = b[from];
  int us = COLOR (pc), t = TYPE (pc);

  d->n = 0;
  d->moved = pc;
  d->dog = VS_NO_SQUARE;
  d->rook_from = d->rook_to = VS_NO_SQUARE;

  if (kind == VS_MOVE_SUICIDE)
    {
      take (b, p, d, from);
      d->placed = VS_PIECE_NONE;
      return;
    }
  if (kind == VS_MOVE_CASTLE)
    {
      int rf = to > from ? to + 1 : to - 2, rt = to > from ? to - 1 : to + 1;
      VsPiece rook = b[rf];
      clear (b, p, from);
      clear (b, p, rf);
      put (b, p, to, pc);
      put (b, p, rt, rook);
      d->rook_from = rf;
      d->rook_to = rt;
      d->placed = pc;
      return;
    }

  if (kind == VS_MOVE_EN_PASSANT)
    take (b, p, d, to + (us == VS_WHITE ? -10 : 10));
  else if (b[to])
    take (b, p, d, to);
  else if (t >= CH_L)
    {
      int dir = vs_ch_dir[from][to], off = vs_ch_off[dir];
      if (t == CH_L)
        {
          for (int s = from + off; s != to; s += off)
            if (b[s])
              take (b, p, d, s);
        }
      else if (t == CH_CO)
        {
          int k = p->king[us];
          if (k != VS_NO_SQUARE)
            {
              int c1 = CH_RANK (k) * 10 + CH_FILE (to), c2 = CH_RANK (to) * 10 + CH_FILE (k);
              if (enemy_at (b, c1, us))
                take (b, p, d, c1);
              if (enemy_at (b, c2, us))
                take (b, p, d, c2);
            }
        }
      else
        {
          /* Withdrawer and Pusher-puller: withdrawal first, then approach. */
          int e = dir ^ 1;
          if (vs_ch_ray_len[from][e] && enemy_at (b, from + vs_ch_off[e], us))
            take (b, p, d, from + vs_ch_off[e]);
          if (t == CH_PU && vs_ch_ray_len[to][dir] && enemy_at (b, to + off, us))
            take (b, p, d, to + off);
        }
    }

  clear (b, p, from);
  VsPiece placed = pc;
  if (kind == VS_MOVE_PROMOTION)
    {
      int nt = VS_MOVE_PIECE (m);
      placed = VS_MAKE_PIECE (us, nt) | (nt == CH_NB ? VS_PIECE_FLAG : 0);
    }
  else if (pc & VS_PIECE_FLAG)
    {
      placed = pc & ~VS_PIECE_FLAG;
      d->dog = from;
    }
  put (b, p, to, placed);
  if (d->dog != VS_NO_SQUARE)
    put (b, p, from, VS_MAKE_PIECE (us, CH_D));
  d->placed = placed;
}

void
ch_revert (VsPiece *b, ChPriv *p, VsMove m, const ChDone *d)
{
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  VsMoveKind kind = VS_MOVE_KIND (m);

  if (kind == VS_MOVE_SUICIDE)
    {
      put (b, p, from, d->moved);
      return;
    }
  if (kind == VS_MOVE_CASTLE)
    {
      int rf = to > from ? to + 1 : to - 2, rt = to > from ? to - 1 : to + 1;
      VsPiece rook = b[rt];
      clear (b, p, to);
      clear (b, p, rt);
      put (b, p, from, d->moved);
      put (b, p, rf, rook);
      return;
    }
  clear (b, p, to);
  if (d->dog != VS_NO_SQUARE)
    clear (b, p, from);
  put (b, p, from, d->moved);
  for (int i = 0; i < d->n; i++)
    put (b, p, d->sq[i], d->pc[i]);
}

/* Can the Coordinator on s move (queen-wise, to an empty square) onto the
 * given file (want_file >= 0) or rank (want_rank >= 0)?  Only the three
 * directions heading for that line can get there, each after a known
 * number of steps; on the line itself, one sideways step along it does. */
static void
co_lines (int s, int want_file, int want_rank, int *from_line, int *to_line,
          int *along0, int *along1, int toward[3])
{
  if (want_rank >= 0)
    {
      *from_line = CH_RANK (s);
      *to_line = want_rank;
      *along0 = 2;                               /* E, W */
      *along1 = 3;
      if (*to_line > *from_line)
        toward[0] = 0, toward[1] = 4, toward[2] = 6;   /* N NE NW */
      else
        toward[0] = 1, toward[1] = 5, toward[2] = 7;   /* S SW SE */
    }
  else
    {
      *from_line = CH_FILE (s);
      *to_line = want_file;
      *along0 = 0;                               /* N, S */
      *along1 = 1;
      if (*to_line > *from_line)
        toward[0] = 2, toward[1] = 4, toward[2] = 7;   /* E NE SE */
      else
        toward[0] = 3, toward[1] = 5, toward[2] = 6;   /* W SW NW */
    }
}

/* Every square whose content decides co_reaches (s, …), added to mask. */
static void
co_path_mask (int s, int want_file, int want_rank, uint64_t mask[2])
{
  int from_line, to_line, along0, along1, toward[3];
  co_lines (s, want_file, want_rank, &from_line, &to_line, &along0, &along1, toward);
  if (from_line == to_line)
    {
      for (int k = 0; k < 2; k++)
        {
          int d = k ? along1 : along0;
          if (vs_ch_ray_len[s][d])
            {
              int q = s + vs_ch_off[d];
              mask[q >> 6] |= 1ull << (q & 63);
            }
        }
      return;
    }
  int dist = to_line > from_line ? to_line - from_line : from_line - to_line;
  for (int k = 0; k < 3; k++)
    {
      int d = toward[k], q = s;
      for (int i = 0; i < dist && i < vs_ch_ray_len[s][d]; i++)
        {
          q += vs_ch_off[d];
          mask[q >> 6] |= 1ull << (q & 63);
        }
    }
}

static gboolean
co_reaches (const VsPiece *b, int s, int want_file, int want_rank)
{
  int from_line, to_line, along0, along1, toward[3];
  co_lines (s, want_file, want_rank, &from_line, &to_line, &along0, &along1, toward);
  if (from_line == to_line)
    return (vs_ch_ray_len[s][along0] && !b[s + vs_ch_off[along0]]) ||
           (vs_ch_ray_len[s][along1] && !b[s + vs_ch_off[along1]]);
  int dist = to_line > from_line ? to_line - from_line : from_line - to_line;
  for (int k = 0; k < 3; k++)
    {
      int d = toward[k];
      if (vs_ch_ray_len[s][d] < dist)
        continue;
      int off = vs_ch_off[d], q = s, i;
      for (i = 0; i < dist; i++)
        {
          q += off;
          if (b[q])
            break;
        }
      if (i == dist)
        return TRUE;
    }
  return FALSE;
}

/* The attack test, restricted to the directions in `dirs` (bit d = the
 * line leaving k in direction d), to leaps when `leaps`, to Coordinators
 * when `coords`. */
static inline int
attackers_in (const VsPiece *b, const ChPriv *p, int k, int by, gboolean all,
              unsigned dirs, gboolean leaps, gboolean coords)
{
  int n = 0;
  const uint8_t *imm = p->imm[!by];

#define HIT do { n++; if (!all) return n; } while (0)

  if (leaps)
  for (int i = 0; i < vs_ch_knight_n[k]; i++)
    {
      int s = vs_ch_knight[k][i];
      VsPiece pc = b[s];
      if (pc && COLOR (pc) == by && (knight_mask >> TYPE (pc) & 1) && !imm[s])
        HIT;
    }
  if (leaps && p->count[by][CH_NN])
    for (int i = 0; i < vs_ch_camel_n[k]; i++)
      {
        int s = vs_ch_camel[k][i];
        if (b[s] == VS_MAKE_PIECE (by, CH_NN) && !imm[s])
          HIT;
      }

  for (int d = 0; d < 8; d++)
    {
      int len = vs_ch_ray_len[k][d];
      if (!len || !(dirs >> d & 1))
        continue;
      int off = vs_ch_off[d], s = k, i;
      for (i = 1; i <= len; i++)
        {
          s += off;
          if (b[s])
            break;
        }
      if (i > len)
        continue;
      VsPiece pc = b[s];
      if (COLOR (pc) == by)
        {
          int t = TYPE (pc);
          if (t == CH_D)
            {
              if (d >= 4 && i <= 3)
                HIT;
            }
          else if (imm[s])
            ;
          else if ((d < 4 ? slide_orth : slide_diag) >> t & 1)
            HIT;
          else if (i == 1)
            {
              if ((d < 4 ? step_orth : step_diag) >> t & 1)
                HIT;
              else if (t == CH_P)
                {
                  if (by == VS_WHITE ? (d == 5 || d == 7) : (d == 4 || d == 6))
                    HIT;
                }
              else if ((t == CH_W || t == CH_PU) && len >= 2 && !b[s + off])
                HIT;
            }
          else if (t == CH_PU)
            HIT;
        }
      if (d < 4 && p->count[by][CH_CA])
        for (i++; i <= len; i++)
          {
            s += off;
            if (b[s])
              {
                if (b[s] == VS_MAKE_PIECE (by, CH_CA) && !imm[s])
                  HIT;
                break;
              }
          }
    }

  if (p->count[by][CH_L])
    for (int d = 0; d < 8; d++)
      {
        int e = d ^ 1;
        if (!(dirs >> d & 1) || !vs_ch_ray_len[k][e] || b[k + vs_ch_off[e]])
          continue;
        int off = vs_ch_off[d], s = k, len = vs_ch_ray_len[k][d];
        gboolean prev = TRUE;
        for (int i = 1; i <= len; i++)
          {
            s += off;
            VsPiece pc = b[s];
            if (!pc)
              {
                prev = FALSE;
                continue;
              }
            if (COLOR (pc) == by)
              {
                if (TYPE (pc) == CH_L && !imm[s])
                  HIT;
                break;
              }
            if (prev)
              break;
            prev = TRUE;
          }
      }

  if (coords && p->count[by][CH_CO] && p->king[by] != VS_NO_SQUARE)
    {
      int ek = p->king[by], want_file = -1, want_rank = -1;
      if (CH_RANK (ek) == CH_RANK (k))
        want_file = CH_FILE (k);
      else if (CH_FILE (ek) == CH_FILE (k))
        want_rank = CH_RANK (k);
      if (want_file >= 0 || want_rank >= 0)
        for (int h = 0; h < 2; h++)
          {
            uint64_t bits = p->co[by][h];
            while (bits)
              {
                int s = h * 64 + __builtin_ctzll (bits);
                bits &= bits - 1;
                if (!imm[s] && co_reaches (b, s, want_file, want_rank))
                  HIT;
              }
          }
    }
#undef HIT
  return n;
}

int
ch_attackers (const VsPiece *b, const ChPriv *p, int k, int by, gboolean all)
{
  return attackers_in (b, p, k, by, all, 0xff, TRUE, TRUE);
}

/* ---- Move generation ---------------------------------------------------- */

typedef struct {
  ChBoard *cb;
  VsMove  *out;
  int      n;
  int      us, them;
  VsGenType type;
  /* Incremental legality test (see try_move): set when the own King is
   * not in check; co_mask = squares deciding whether an enemy Coordinator
   * can reach the King (empty unless the Kings share a rank or file). */
  gboolean quiet_king;
  uint64_t co_mask[2];
  /* ch_generate_from_to: only moves to this square (-1: any). */
  int      only_to;
} Gen;

#define IN_MASK(mask, sq) (((mask)[(sq) >> 6] >> ((sq) & 63)) & 1)

/* Directions from k whose attack test a change on square s can affect:
 * the line through s, and for a square next to k also the opposite line
 * (it is the landing square of a Long leaper jumping k from there). */
static inline unsigned
touched (int k, int s)
{
  int d = vs_ch_dir[k][s];
  if (d == 255)
    return 0;
  return s == k + vs_ch_off[d] ? (1u << d) | (1u << (d ^ 1)) : 1u << d;
}

/* Legality: the own King must not be capturable after the move.  When it
 * was not in check before and the mover is neither the King nor an
 * Immobilizer (which would change who is immobilized), a capture of the
 * King can only come from a line through it on which the move changed a
 * square (slides, Cannon screens, Long-leaper jumps and landing squares,
 * withdrawal and approach squares, Dog and pawn steps), or from a
 * Coordinator whose way to the King's file or rank the move changed; leaps
 * (N, nN) cannot appear.  Only those are tested then. */
/* Whether m captures or promotes, decided on the board before it is made:
 * exactly the captures ch_apply would make (displacement and en passant,
 * the Long leaper's jumped pieces, withdrawal, approach, coordination).
 * Quiescence asks for those moves only, and most moves of a Chartima
 * position are quiet Ultima slides: testing this first spares them the
 * apply / King-safety test / revert of try_move. */
static inline gboolean
noisy_move (const Gen *g, VsMove m)
{
  const ChBoard *cb = g->cb;
  const VsPiece *b = cb->b;
  VsMoveKind kind = VS_MOVE_KIND (m);
  if (kind == VS_MOVE_PROMOTION || kind == VS_MOVE_EN_PASSANT)
    return TRUE;
  if (kind != VS_MOVE_NORMAL)
    return FALSE;                  /* suicide, castling */
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  if (b[to])
    return TRUE;                   /* generators only target enemy pieces */
  int t = TYPE (b[from]);
  if (t < CH_L)
    return FALSE;                  /* chess pieces, I: no capture on an empty square */
  int dir = vs_ch_dir[from][to], off = vs_ch_off[dir], us = g->us;
  switch (t)
    {
    case CH_L:
      for (int s = from + off; s != to; s += off)
        if (b[s])
          return TRUE;
      return FALSE;
    case CH_CO:
      {
        int k = cb->p.king[us];
        if (k == VS_NO_SQUARE)
          return FALSE;
        return enemy_at (b, CH_RANK (k) * 10 + CH_FILE (to), us) ||
               enemy_at (b, CH_RANK (to) * 10 + CH_FILE (k), us);
      }
    default:                       /* W, Pu */
      {
        int e = dir ^ 1;
        if (vs_ch_ray_len[from][e] && enemy_at (b, from + vs_ch_off[e], us))
          return TRUE;
        return t == CH_PU && vs_ch_ray_len[to][dir] && enemy_at (b, to + off, us);
      }
    }
}

static inline void
try_move (Gen *g, VsMove m)
{
  ChBoard *cb = g->cb;
  ChDone d;
  if (g->only_to >= 0 && VS_MOVE_TO (m) != g->only_to)
    return;
  if (g->type == VS_GEN_NOISY && !noisy_move (g, m))
    return;
  ch_apply (cb->b, &cb->p, m, &d);
  int k = cb->p.king[g->us];
  gboolean ok;
  int t = VS_PIECE_TYPE (d.moved);
  if (k == VS_NO_SQUARE)
    ok = TRUE;
  else if (g->quiet_king && t != CH_K && t != CH_I)
    {
      int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
      unsigned dirs = touched (k, from) | touched (k, to);
      gboolean co = IN_MASK (g->co_mask, from) || IN_MASK (g->co_mask, to);
      for (int i = 0; i < d.n; i++)
        {
          dirs |= touched (k, d.sq[i]);
          co |= IN_MASK (g->co_mask, d.sq[i]);
        }
      ok = (!dirs && !co) || !attackers_in (cb->b, &cb->p, k, g->them, FALSE, dirs, FALSE, co);
    }
  else
    ok = !ch_attackers (cb->b, &cb->p, k, g->them, FALSE);
  /* NOISY: the move captured or promoted; QUIET: the other legal moves
   * (issue 15: staged generation, exactly ALL minus NOISY in ALL's order). */
  if (ok && g->type != VS_GEN_ALL)
    {
      gboolean noisy = (d.n > 0 && VS_MOVE_KIND (m) != VS_MOVE_SUICIDE) ||
                       VS_MOVE_KIND (m) == VS_MOVE_PROMOTION;
      ok = g->type == VS_GEN_NOISY ? noisy : !noisy;
    }
  ch_revert (cb->b, &cb->p, m, &d);
  if (ok)
    {
      if (g->out)
        g->out[g->n] = m;
      g->n++;
    }
}

/* A chess-family piece of type t moves from → to (empty or enemy). */
static inline void
add_chess (Gen *g, int t, int from, int to)
{
  if (ch_in_camp (g->us, to))
    {
      if (t == CH_P)
        {
          try_move (g, VS_MOVE_MAKE (from, to, VS_MOVE_PROMOTION, CH_R));
          try_move (g, VS_MOVE_MAKE (from, to, VS_MOVE_PROMOTION, CH_N));
          try_move (g, VS_MOVE_MAKE (from, to, VS_MOVE_PROMOTION, CH_B));
          try_move (g, VS_MOVE_MAKE (from, to, VS_MOVE_PROMOTION, CH_CA));
          return;
        }
      if (promotable >> t & 1)
        {
          try_move (g, VS_MOVE_MAKE (from, to, VS_MOVE_PROMOTION, t + 1));
          return;
        }
    }
  try_move (g, VS_MOVE_MAKE (from, to, VS_MOVE_NORMAL, 0));
}

static inline void
gen_slides (Gen *g, int t, int sq, int d0, int d1, int maxlen)
{
  const VsPiece *b = g->cb->b;
  for (int d = d0; d < d1; d++)
    {
      int len = MIN (vs_ch_ray_len[sq][d], maxlen), off = vs_ch_off[d], s = sq;
      for (int i = 0; i < len; i++)
        {
          s += off;
          if (!b[s])
            add_chess (g, t, sq, s);
          else
            {
              if (COLOR (b[s]) == g->them)
                add_chess (g, t, sq, s);
              break;
            }
        }
    }
}

static inline void
gen_leaps (Gen *g, int t, int sq, const uint8_t *targets, int n)
{
  const VsPiece *b = g->cb->b;
  for (int i = 0; i < n; i++)
    {
      int s = targets[i];
      if (!b[s] || COLOR (b[s]) == g->them)
        add_chess (g, t, sq, s);
    }
}

/* Ultima pieces but the Long leaper: queen moves to empty squares. */
static inline void
gen_quiet_queen (Gen *g, int sq)
{
  const VsPiece *b = g->cb->b;
  for (int d = 0; d < 8; d++)
    {
      int len = vs_ch_ray_len[sq][d], off = vs_ch_off[d], s = sq;
      for (int i = 0; i < len; i++)
        {
          s += off;
          if (b[s])
            break;
          try_move (g, VS_MOVE_MAKE (sq, s, VS_MOVE_NORMAL, 0));
        }
    }
}

static inline void
gen_leaper (Gen *g, int sq)
{
  const VsPiece *b = g->cb->b;
  for (int d = 0; d < 8; d++)
    {
      int len = vs_ch_ray_len[sq][d], off = vs_ch_off[d], s = sq;
      gboolean prev = FALSE;
      for (int i = 0; i < len; i++)
        {
          s += off;
          if (!b[s])
            {
              try_move (g, VS_MOVE_MAKE (sq, s, VS_MOVE_NORMAL, 0));
              prev = FALSE;
              continue;
            }
          if (COLOR (b[s]) == g->us || prev)
            break;
          prev = TRUE;
        }
    }
}

static inline void
gen_cannon (Gen *g, int sq)
{
  const VsPiece *b = g->cb->b;
  for (int d = 0; d < 4; d++)
    {
      int len = vs_ch_ray_len[sq][d], off = vs_ch_off[d], s = sq;
      gboolean screen = FALSE;
      for (int i = 0; i < len; i++)
        {
          s += off;
          if (!b[s])
            try_move (g, VS_MOVE_MAKE (sq, s, VS_MOVE_NORMAL, 0));
          else if (!screen)
            screen = TRUE;
          else
            {
              if (COLOR (b[s]) == g->them)
                try_move (g, VS_MOVE_MAKE (sq, s, VS_MOVE_NORMAL, 0));
              break;
            }
        }
    }
}

static inline void
gen_pawn (Gen *g, int sq)
{
  const ChBoard *cb = g->cb;
  const VsPiece *b = cb->b;
  int fwd = g->us == VS_WHITE ? 10 : -10;
  int r = CH_RANK (sq), f = CH_FILE (sq);
  int last = g->us == VS_WHITE ? 9 : 0;
  if (r == last)
    return;
  int to = sq + fwd;
  if (!b[to])
    {
      add_chess (g, CH_P, sq, to);
      if (r == (g->us == VS_WHITE ? 2 : 7) && !b[to + fwd])
        try_move (g, VS_MOVE_MAKE (sq, to + fwd, VS_MOVE_NORMAL, 0));
    }
  for (int df = -1; df <= 1; df += 2)
    {
      if (f + df < 0 || f + df > 9)
        continue;
      int c = to + df;
      if (b[c])
        {
          if (COLOR (b[c]) == g->them)
            add_chess (g, CH_P, sq, c);
        }
      else if (c == cb->ep && b[c - fwd] == VS_MAKE_PIECE (g->them, CH_P))
        try_move (g, VS_MOVE_MAKE (sq, c, VS_MOVE_EN_PASSANT, 0));
    }
}

/* Would the King, lifted from ksq and standing on s, be in check? */
static gboolean
attacked_lifted (ChBoard *cb, int ksq, int s, int them)
{
  VsPiece k = cb->b[ksq];
  clear (cb->b, &cb->p, ksq);
  put (cb->b, &cb->p, s, k);
  gboolean a = ch_attackers (cb->b, &cb->p, s, them, FALSE) > 0;
  clear (cb->b, &cb->p, s);
  put (cb->b, &cb->p, ksq, k);
  return a;
}

static void
gen_castling (Gen *g, int sq, gboolean in_check)
{
  ChBoard *cb = g->cb;
  const VsPiece *b = cb->b;
  int base = g->us == VS_WHITE ? 10 : 80;
  if (sq != base + 5 || in_check)
    return;
  VsPiece rook = VS_MAKE_PIECE (g->us, CH_R);
  const uint8_t *imm = cb->p.imm[g->them];
  if ((cb->castling & (g->us == VS_WHITE ? 1 : 4)) && b[base + 9] == rook && !imm[base + 9] &&
      !b[base + 6] && !b[base + 7] && !b[base + 8] &&
      !attacked_lifted (cb, sq, base + 6, g->them) && !attacked_lifted (cb, sq, base + 7, g->them))
    try_move (g, VS_MOVE_MAKE (sq, base + 8, VS_MOVE_CASTLE, 0));
  if ((cb->castling & (g->us == VS_WHITE ? 2 : 8)) && b[base] == rook && !imm[base] &&
      !b[base + 1] && !b[base + 2] && !b[base + 3] && !b[base + 4] &&
      !attacked_lifted (cb, sq, base + 4, g->them) && !attacked_lifted (cb, sq, base + 3, g->them))
    try_move (g, VS_MOVE_MAKE (sq, base + 2, VS_MOVE_CASTLE, 0));
}

int
ch_generate (ChBoard *cb, VsGenType type, VsMove *out)
{
  return ch_generate_checked (cb, type, out, FALSE);
}

/* Sets g up for a generation; returns whether the side to move is in check. */
static gboolean
gen_init (Gen *g, ChBoard *cb, VsGenType type, VsMove *out, gboolean full_test)
{
  *g = (Gen) { cb, out, 0, cb->side, !cb->side, type, FALSE, { 0, 0 }, -1 };
  int ksq = cb->p.king[g->us];
  gboolean in_check = FALSE;
  if (ksq != VS_NO_SQUARE)
    {
      in_check = ch_attackers (cb->b, &cb->p, ksq, g->them, FALSE) > 0;
      int ek = cb->p.king[g->them];
      if (!in_check && !full_test)
        {
          g->quiet_king = TRUE;
          /* Kings on one rank or file: the enemy Coordinators' ways to the
           * King's file or rank count too. */
          if (cb->p.count[g->them][CH_CO] && ek != VS_NO_SQUARE &&
              (CH_RANK (ek) == CH_RANK (ksq) || CH_FILE (ek) == CH_FILE (ksq)))
            {
              int want_file = CH_RANK (ek) == CH_RANK (ksq) ? CH_FILE (ksq) : -1;
              int want_rank = want_file < 0 ? CH_RANK (ksq) : -1;
              for (int h = 0; h < 2; h++)
                for (uint64_t bits = cb->p.co[g->them][h]; bits; bits &= bits - 1)
                  co_path_mask (h * 64 + __builtin_ctzll (bits), want_file, want_rank, g->co_mask);
            }
        }
    }
  return in_check;
}

/* The moves of the own piece on sq. */
static inline void
gen_from (Gen *g, int sq, gboolean in_check)
{
  ChBoard *cb = g->cb;
  int t = TYPE (cb->b[sq]);
  if (t != CH_D && cb->p.imm[g->them][sq])
    {
      if (t != CH_K)
        try_move (g, VS_MOVE_MAKE (sq, sq, VS_MOVE_SUICIDE, 0));
      return;
    }
  switch (t)
    {
    case CH_K:
      gen_slides (g, t, sq, 0, 8, 1);
      if (cb->castling)
        gen_castling (g, sq, in_check);
      break;
    case CH_NQ:
      gen_leaps (g, t, sq, vs_ch_knight[sq], vs_ch_knight_n[sq]);
      /* fall through */
    case CH_Q:
      gen_slides (g, t, sq, 0, 8, 9);
      break;
    case CH_NC:
      gen_slides (g, t, sq, 4, 8, 1);
      /* fall through */
    case CH_C:
      gen_slides (g, t, sq, 0, 4, 9);
      gen_leaps (g, t, sq, vs_ch_knight[sq], vs_ch_knight_n[sq]);
      break;
    case CH_NA:
      gen_slides (g, t, sq, 0, 4, 1);
      /* fall through */
    case CH_A:
      gen_slides (g, t, sq, 4, 8, 9);
      gen_leaps (g, t, sq, vs_ch_knight[sq], vs_ch_knight_n[sq]);
      break;
    case CH_NR:
      gen_slides (g, t, sq, 4, 8, 1);
      /* fall through */
    case CH_R:
      gen_slides (g, t, sq, 0, 4, 9);
      break;
    case CH_NN:
      gen_leaps (g, t, sq, vs_ch_camel[sq], vs_ch_camel_n[sq]);
      /* fall through */
    case CH_N:
      gen_leaps (g, t, sq, vs_ch_knight[sq], vs_ch_knight_n[sq]);
      break;
    case CH_NB:
      gen_slides (g, t, sq, 0, 4, 1);
      /* fall through */
    case CH_B:
      gen_slides (g, t, sq, 4, 8, 9);
      break;
    case CH_P:
      gen_pawn (g, sq);
      break;
    case CH_CA:
      gen_cannon (g, sq);
      break;
    case CH_D:
      gen_slides (g, t, sq, 4, 8, 3);
      break;
    case CH_L:
      gen_leaper (g, sq);
      break;
    case CH_I:
    case CH_W:
    case CH_CO:
    case CH_PU:
      gen_quiet_queen (g, sq);
      break;
    default:
      break;
    }
}

int
ch_generate_checked (ChBoard *cb, VsGenType type, VsMove *out, gboolean full_test)
{
  Gen g;
  gboolean in_check = gen_init (&g, cb, type, out, full_test);
  for (int h = 0; h < 2; h++)
    for (uint64_t bits = cb->p.occ[g.us][h]; bits; bits &= bits - 1)
      gen_from (&g, h * 64 + __builtin_ctzll (bits), in_check);
  return g.n;
}

int
ch_generate_from_to (ChBoard *cb, int from, int to, VsMove *out)
{
  if (!cb->b[from] || COLOR (cb->b[from]) != cb->side)
    return 0;
  Gen g;
  gboolean in_check = gen_init (&g, cb, VS_GEN_ALL, out, FALSE);
  g.only_to = to;
  gen_from (&g, from, in_check);
  return g.n;
}

gboolean
ch_has_legal (ChBoard *cb)
{
  return ch_generate (cb, VS_GEN_ALL, NULL) > 0;
}

int
ch_board_checkers (const ChBoard *cb)
{
  int k = cb->p.king[cb->side];
  if (k == VS_NO_SQUARE)
    return 0;
  return ch_attackers (cb->b, &cb->p, k, !cb->side, TRUE);
}

static inline uint8_t
rights_kept (int sq)
{
  switch (sq)
    {
    case 15: return (uint8_t) ~3;
    case 19: return (uint8_t) ~1;
    case 10: return (uint8_t) ~2;
    case 85: return (uint8_t) ~12;
    case 89: return (uint8_t) ~4;
    case 80: return (uint8_t) ~8;
    default: return 0xff;
    }
}

uint8_t
ch_castling_after (uint8_t castling, VsMove m, const ChDone *d)
{
  if (!castling)
    return 0;
  castling &= rights_kept (VS_MOVE_FROM (m)) & rights_kept (VS_MOVE_TO (m));
  for (int i = 0; i < d->n; i++)
    castling &= rights_kept (d->sq[i]);
  return castling;
}

void
ch_board_play (ChBoard *cb, VsMove m, ChDone *d)
{
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  ch_apply (cb->b, &cb->p, m, d);
  cb->castling = ch_castling_after (cb->castling, m, d);
  cb->ep = VS_NO_SQUARE;
  if (TYPE (d->moved) == CH_P && (to - from == 20 || from - to == 20))
    cb->ep = (from + to) / 2;
  cb->side = !cb->side;
}

gboolean
ch_ep_capturable (ChBoard *cb)
{
  int ep = cb->ep;
  if (ep == VS_NO_SQUARE)
    return FALSE;
  int us = cb->side, fwd = us == VS_WHITE ? 10 : -10;
  int victim = ep - fwd;
  if (victim < 0 || victim >= CH_SQUARES || cb->b[victim] != VS_MAKE_PIECE (!us, CH_P))
    return FALSE;
  for (int df = -1; df <= 1; df += 2)
    {
      int f = CH_FILE (victim) + df;
      if (f < 0 || f > 9)
        continue;
      int s = victim + df;
      if (cb->b[s] != VS_MAKE_PIECE (us, CH_P) || cb->p.imm[!us][s])
        continue;
      VsMove m = VS_MOVE_MAKE (s, ep, VS_MOVE_EN_PASSANT, 0);
      ChDone d;
      ch_apply (cb->b, &cb->p, m, &d);
      int k = cb->p.king[us];
      gboolean ok = k == VS_NO_SQUARE || !ch_attackers (cb->b, &cb->p, k, !us, FALSE);
      ch_revert (cb->b, &cb->p, m, &d);
      if (ok)
        return TRUE;
    }
  return FALSE;
}
