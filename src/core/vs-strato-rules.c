/* vs-strato-rules.c — Strato Chess: three 8×8 boards stacked as levels A, B, C.
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
 * Move text (UCI and record notation) is in vs-strato-notation.c, the
 * internals both files share in vs-strato-private.h. */
#include "config.h"
#include "vs-strato-private.h"
#include "vs-position-string.h"

#include <glib/gi18n.h>

/* ---- Legality ---------------------------------------------------------------- */

typedef struct {
  const VsPosition *pos;
  const StratoBoard *b;
  int us, them;
  int ksq, kl, k64;
  gboolean check;
  VsMove *out;
  int n;
  gboolean noisy;      /* VS_GEN_NOISY: captures, en passant, promotions only */
  gboolean quiet;      /* VS_GEN_QUIET: the other moves only                 */
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
  if (g->quiet && (g->pos->board[to] || kind == VS_MOVE_EN_PASSANT))
    return;
  if (leaves_king_safe (g, from, to, kind))
    g->out[g->n++] = VS_MOVE_MAKE (from, to, kind, 0);
}

static inline void
add_pawn (Gen *g, int from, int to)
{
  if (S64 (to) >> 3 == last_rank (g->us))
    {
      if (g->quiet || !leaves_king_safe (g, from, to, VS_MOVE_PROMOTION))
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

/* only_from: the moves of the piece on only_from alone (-1: every piece);
 * with the constant -1 the masks vanish from the full generator. */
static G_ALWAYS_INLINE inline int
gen_impl (const VsPosition *pos, VsGenType type, VsMove *out, int only_from)
{
  const StratoBoard *b = CSB (pos);
  const VsPiece *board = pos->board;
  Gen g = { .pos = pos, .b = b, .us = pos->side, .them = pos->side ^ 1, .out = out, .n = 0,
            .noisy = type == VS_GEN_NOISY, .quiet = type == VS_GEN_QUIET };
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
      /* the pieces whose moves are made on this level */
      uint64_t movers = own;
      if (only_from >= 0)
        movers &= LEVEL (only_from) == l ? BB (S64 (only_from)) : 0;

      /* Pawns */
      for (uint64_t set = b->type[l][PAWN] & movers; set; set &= set - 1)
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
      for (uint64_t set = b->type[l][KNIGHT] & movers; set; set &= set - 1)
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
        for (uint64_t set = b->type[l][pt] & movers; set; set &= set - 1)
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
      if (g.kl == l && (movers & BB (g.k64)))
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

int
strato_generate_moves (const VsPosition *pos, VsGenType type, VsMove *out)
{
  return gen_impl (pos, type, out, -1);
}

static int
strato_generate (const VsPosition *pos, VsGenType type, VsMove *out)
{
  return gen_impl (pos, type, out, -1);
}

/* Issue 15: vs_position_is_legal's test, from the legal moves of the one
 * piece on from (castling among the King's), not the whole list. */
static gboolean
strato_is_legal (const VsPosition *pos, VsMove m)
{
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  if (from >= 192 || to >= 192)
    return FALSE;
  switch (VS_MOVE_KIND (m))
    {
    case VS_MOVE_NORMAL:
    case VS_MOVE_PROMOTION:
    case VS_MOVE_CASTLE:
    case VS_MOVE_EN_PASSANT:
      break;
    default:
      return FALSE;
    }
  VsMove moves[VS_MAX_MOVES];
  int n = gen_impl (pos, VS_GEN_ALL, moves, from);
  for (int i = 0; i < n; i++)
    if (VS_MOVE_CORE (moves[i]) == VS_MOVE_CORE (m))
      return TRUE;
  return FALSE;
}

static uint64_t
strato_count_legal (const VsPosition *pos)
{
  VsMove moves[VS_MAX_MOVES];
  return strato_generate_moves (pos, VS_GEN_ALL, moves);
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

void
strato_make (VsPosition *pos, VsMove m, VsUndo *u)
{
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  VsMoveKind kind = VS_MOVE_KIND (m);
  int us = pos->side;

  vs_undo_push (pos, m, u);
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

  vs_undo_turn (pos);
  if (pos->ep != VS_NO_SQUARE)
    vs_ep_set (pos, pos->ep, ep_capture_possible (pos));
}

static void
strato_make_null (VsPosition *pos, VsUndo *u)
{
  vs_null_make_common (pos, u);
}

static void
strato_unmake (VsPosition *pos, const VsUndo *u)
{
  VsMove m = u->move;
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);

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
  vs_undo_pop (pos, u);
}

static int
strato_checkers (const VsPosition *pos)
{
  return __builtin_popcountll (checkers_bb (CSB (pos), pos->side));
}

/* ---- Effects --------------------------------------------------------------------------- */

void
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
  if (ep != VS_NO_SQUARE)
    vs_ep_set (pos, ep, ep_capture_possible (pos));
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
  .unmake_null = vs_null_unmake_common,
  .checkers = strato_checkers,
  .effects = strato_effects,
  .native_quiet = TRUE,
  .is_legal = strato_is_legal,
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
