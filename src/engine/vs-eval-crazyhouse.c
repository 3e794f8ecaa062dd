/* vs-eval-crazyhouse.c — Crazyhouse evaluation (White's point of view).
 *
 * Built on attack maps computed once per call and shared by every term:
 *  - Material on the board and in hand (weights: vs-eval-weights-crazyhouse.h),
 *    on Fairy-Stockfish's drop-variant ratios: a knight is worth more than
 *    five pawns, since it can be dropped into any mating net; a promoted
 *    piece goes back to the hand as a pawn, so it is worth less.
 *  - Mobility: the squares each piece attacks that hold no own piece and
 *    are not attacked by enemy pawns.
 *  - King danger, quadratic (drop attacks snowball): enemy attacks on the
 *    king zone (the King's square, its neighbours and the squares two ranks
 *    ahead), zone squares the enemy attacks and we do not defend, the
 *    enemy's pieces in hand, and safe drop checks — empty squares from which
 *    a piece in the enemy's hand would give check and that we do not attack.
 *    Pawn shield and own pieces next to the King reduce it.
 *  - Threats: pieces attacked by a pawn, minor pieces attacking a rook or a
 *    queen, attacked pieces nobody defends.
 *  - Tempo (vs-eval.c): the side to move drops first.
 */
#include "vs-eval.h"

#include <string.h>

enum { P_NONE, P_PAWN, P_KNIGHT, P_BISHOP, P_ROOK, P_QUEEN, P_KING };

typedef struct {
  uint8_t kind[64];       /* P_* of the piece on each square            */
  uint8_t color[64];
  uint8_t att[2][64];     /* number of attackers by colour              */
  uint8_t pawn_att[2][64];/* attacked by a pawn of the colour           */
  uint8_t min_att[2][64]; /* lowest attacker kind (P_* , 7 = none)      */
  int     ksq[2];
} Maps;

static const int knight_d[8][2] = { {1,2},{2,1},{2,-1},{1,-2},{-1,-2},{-2,-1},{-2,1},{-1,2} };
static const int king_d[8][2] = { {1,0},{1,1},{0,1},{-1,1},{-1,0},{-1,-1},{0,-1},{1,-1} };

static inline void
add_att (Maps *m, int c, int sq, int kind)
{
  m->att[c][sq]++;
  if (kind < m->min_att[c][sq])
    m->min_att[c][sq] = kind;
}

/* Adds the attacks of the piece on `sq`; returns its mobility count (pawn
 * attacks must be complete first).  `add` is only read for pawns. */
static int
piece_attacks (Maps *m, int sq, int add)
{
  int kind = m->kind[sq], c = m->color[sq];
  int f0 = sq & 7, r0 = sq >> 3;
  int mob = 0;
  switch (kind)
    {
    case P_PAWN:
      {
        int r = r0 + (c == 0 ? 1 : -1);
        if (r < 0 || r > 7)
          break;
        for (int df = -1; df <= 1; df += 2)
          {
            int f = f0 + df;
            if (f < 0 || f > 7)
              continue;
            if (add)
              {
                add_att (m, c, r * 8 + f, P_PAWN);
                m->pawn_att[c][r * 8 + f] = 1;
              }
          }
      }
      break;
    case P_KNIGHT:
    case P_KING:
      {
        const int (*d)[2] = kind == P_KNIGHT ? knight_d : king_d;
        for (int i = 0; i < 8; i++)
          {
            int f = f0 + d[i][0], r = r0 + d[i][1];
            if (f < 0 || f > 7 || r < 0 || r > 7)
              continue;
            int to = r * 8 + f;
            add_att (m, c, to, kind);
            if ((m->kind[to] == P_NONE || m->color[to] != c) && !m->pawn_att[c ^ 1][to])
              mob++;
          }
      }
      break;
    default:
      {
        int from = kind == P_ROOK ? 0 : kind == P_BISHOP ? 4 : 0;
        int to_d = kind == P_BISHOP ? 8 : kind == P_ROOK ? 4 : 8;
        static const int dirs[8][2] = { {1,0},{-1,0},{0,1},{0,-1},{1,1},{1,-1},{-1,1},{-1,-1} };
        if (kind == P_BISHOP)
          from = 4;
        for (int d = from; d < to_d; d++)
          {
            int f = f0, r = r0;
            for (;;)
              {
                f += dirs[d][0];
                r += dirs[d][1];
                if (f < 0 || f > 7 || r < 0 || r > 7)
                  break;
                int to = r * 8 + f;
                add_att (m, c, to, kind);
                if ((m->kind[to] == P_NONE || m->color[to] != c) && !m->pawn_att[c ^ 1][to])
                  mob++;
                if (m->kind[to] != P_NONE)
                  break;
              }
          }
      }
      break;
    }
  return mob;
}

static int
king_danger (const VsEvalTables *t, const VsPosition *pos, const Maps *m, int us,
             const int hand_by_kind[2][7])
{
  const int *w = t->w;
  int them = us ^ 1;
  int ksq = m->ksq[us];
  int kf = ksq & 7, kr = ksq >> 3;
  int fwd = us == 0 ? 1 : -1;
  int zone_att = 0, weak = 0, shield = 0, defenders = 0;
  for (int dr = -1; dr <= 2; dr++)
    for (int df = -1; df <= 1; df++)
      {
        int f = kf + df, r = kr + dr * fwd;
        if (f < 0 || f > 7 || r < 0 || r > 7)
          continue;
        int sq = r * 8 + f;
        zone_att += m->att[them][sq];
        if (dr <= 1 && m->att[them][sq] && m->att[us][sq] <= (dr == 0 && df == 0 ? 0 : 1))
          weak++;
        if (m->kind[sq] != P_NONE && m->color[sq] == us && (dr != 0 || df != 0))
          {
            if (m->kind[sq] == P_PAWN && dr >= 1)
              shield++;
            else if (dr <= 1)
              defenders++;
          }
      }
  const int *h = hand_by_kind[them];
  int danger = zone_att * w[VS_ZH_KD_ZONE_ATTACK] + weak * w[VS_ZH_KD_WEAK_SQUARE]
             + MIN (h[P_PAWN], 4) * w[VS_ZH_KD_HAND_PAWN]
             + h[P_KNIGHT] * w[VS_ZH_KD_HAND_KNIGHT]
             + h[P_BISHOP] * w[VS_ZH_KD_HAND_BISHOP]
             + h[P_ROOK] * w[VS_ZH_KD_HAND_ROOK]
             + h[P_QUEEN] * w[VS_ZH_KD_HAND_QUEEN]
             - shield * w[VS_ZH_KD_SHIELD] - defenders * w[VS_ZH_KD_DEFENDER];
  int home = us == 0 ? 0 : 7;
  danger += ABS (kr - home) * w[VS_ZH_KD_KING_OUT];
  /* safe drop checks */
  if (h[P_KNIGHT] | h[P_BISHOP] | h[P_ROOK] | h[P_QUEEN] | h[P_PAWN])
    {
      int checks = 0;
      if (h[P_KNIGHT])
        for (int i = 0; i < 8; i++)
          {
            int f = kf + knight_d[i][0], r = kr + knight_d[i][1];
            if (f < 0 || f > 7 || r < 0 || r > 7)
              continue;
            int sq = r * 8 + f;
            if (m->kind[sq] == P_NONE && !m->att[us][sq])
              checks++;
          }
      if (h[P_PAWN])
        {
          int r = kr + fwd;   /* an enemy pawn there attacks the King */
          if (r >= 1 && r <= 6)
            for (int df = -1; df <= 1; df += 2)
              {
                int f = kf + df;
                if (f >= 0 && f <= 7 && m->kind[r * 8 + f] == P_NONE && !m->att[us][r * 8 + f])
                  checks++;
              }
        }
      gboolean diag = h[P_BISHOP] || h[P_QUEEN], orth = h[P_ROOK] || h[P_QUEEN];
      static const int dirs[8][2] = { {1,0},{-1,0},{0,1},{0,-1},{1,1},{1,-1},{-1,1},{-1,-1} };
      for (int d = orth ? 0 : 4; d < (diag ? 8 : 4); d++)
        for (int f = kf + dirs[d][0], r = kr + dirs[d][1]; f >= 0 && f <= 7 && r >= 0 && r <= 7;
             f += dirs[d][0], r += dirs[d][1])
          {
            int sq = r * 8 + f;
            if (m->kind[sq] != P_NONE)
              break;
            if (!m->att[us][sq])
              checks++;
          }
      danger += MIN (checks, 6) * w[VS_ZH_KD_SAFE_CHECK];
    }
  (void) pos;
  if (danger <= 0)
    return 0;
  danger = MIN (danger, 1200);
  return danger * danger * w[VS_ZH_KD_QUADRATIC] / 4096 + danger * w[VS_ZH_KD_LINEAR] / 16;
}

int
vs_eval_crazyhouse (const VsEvalTables *t, const VsPosition *pos)
{
  const VsGeometry *g = &pos->variant->geom;
  const int *w = t->w;
  if (g->files != 8 || g->ranks != 8 || g->levels != 1)
    return vs_eval_generic (t, pos);
  Maps m;
  memset (m.kind, 0, sizeof m.kind);
  memset (m.att, 0, sizeof m.att);
  memset (m.pawn_att, 0, sizeof m.pawn_att);
  memset (m.min_att, 7, sizeof m.min_att);
  m.ksq[0] = m.ksq[1] = -1;
  static const uint8_t kind_of_role[VS_ROLE_COUNT] = {
    [VS_ROLE_KING] = P_KING, [VS_ROLE_QUEEN] = P_QUEEN, [VS_ROLE_ROOK] = P_ROOK,
    [VS_ROLE_BISHOP] = P_BISHOP, [VS_ROLE_KNIGHT] = P_KNIGHT, [VS_ROLE_PAWN] = P_PAWN,
  };
  const int board_w[7] = { 0, w[VS_ZH_PAWN], w[VS_ZH_KNIGHT], w[VS_ZH_BISHOP], w[VS_ZH_ROOK], w[VS_ZH_QUEEN], 0 };
  const int hand_w[7] = { 0, w[VS_ZH_HAND_PAWN], w[VS_ZH_HAND_KNIGHT], w[VS_ZH_HAND_BISHOP],
                          w[VS_ZH_HAND_ROOK], w[VS_ZH_HAND_QUEEN], 0 };
  int score = 0;
  /* the occupied squares, in rising order: pawns, then the other pieces
   * (kings included), so that the later passes skip the empty squares */
  uint8_t pawn_sq[64], piece_sq[64];
  int n_pawns = 0, n_pieces = 0;
  for (int sq = 0; sq < 64; sq++)
    {
      VsPiece p = pos->board[sq];
      if (!p)
        continue;
      int kind = kind_of_role[t->role[VS_PIECE_TYPE (p)]];
      int c = VS_PIECE_COLOR (p);
      m.kind[sq] = kind;
      m.color[sq] = c;
      if (kind == P_PAWN)
        pawn_sq[n_pawns++] = sq;
      else
        piece_sq[n_pieces++] = sq;
      int v = board_w[kind];
      if (VS_PIECE_HAS_FLAG (p))
        v += w[VS_ZH_PROMOTED];
      if (kind == P_KING)
        m.ksq[c] = sq;
      else if (kind == P_PAWN)
        {
          int adv = c == 0 ? (sq >> 3) - 1 : 6 - (sq >> 3);
          v += adv * adv * w[VS_ZH_PAWN_ADVANCE];
        }
      score += c == 0 ? v : -v;
    }
  int hand_by_kind[2][7] = { { 0 } };
  for (int type = 1; type <= t->n_types; type++)
    {
      int kind = kind_of_role[t->role[type]];
      for (int c = 0; c < 2; c++)
        hand_by_kind[c][kind] += pos->hand[c][type];
      int n = pos->hand[0][type] - pos->hand[1][type];
      score += n * (board_w[kind] + hand_w[kind]);
    }
  /* pawns first, so that mobility can avoid squares pawns attack */
  for (int i = 0; i < n_pawns; i++)
    piece_attacks (&m, pawn_sq[i], 1);
  int mob[64];
  for (int i = 0; i < n_pieces; i++)
    mob[i] = piece_attacks (&m, piece_sq[i], 1);
  static const int mob_idx[7] = { 0, 0, VS_ZH_MOB_KNIGHT, VS_ZH_MOB_BISHOP, VS_ZH_MOB_ROOK, VS_ZH_MOB_QUEEN, 0 };
  /* pawns (i < n_pawns), then the other pieces */
  for (int i = 0; i < n_pawns + n_pieces; i++)
    {
      int sq = i < n_pawns ? pawn_sq[i] : piece_sq[i - n_pawns];
      int kind = m.kind[sq];
      if (kind == P_KING)
        continue;
      int c = m.color[sq], s = 0;
      if (kind != P_PAWN)
        s += mob[i - n_pawns] * w[mob_idx[kind]];
      /* threats against this piece */
      int them = c ^ 1;
      if (m.att[them][sq])
        {
          if (kind != P_PAWN && m.pawn_att[them][sq])
            s -= w[VS_ZH_THREAT_BY_PAWN];
          else if (kind >= P_ROOK && m.min_att[them][sq] <= P_BISHOP)
            s -= w[VS_ZH_THREAT_BY_MINOR];
          else if (!m.att[c][sq])
            s -= w[VS_ZH_HANGING];
        }
      score += c == 0 ? s : -s;
    }
  if (m.ksq[0] >= 0)
    score -= king_danger (t, pos, &m, 0, hand_by_kind);
  if (m.ksq[1] >= 0)
    score += king_danger (t, pos, &m, 1, hand_by_kind);
  return score;
}
