/* vs-eval-crazyhouse.c — Crazyhouse evaluation (White's point of view).
 *
 * Terms and why:
 *  - Material on the board and in hand (vs-eval.c: hand pieces worth more).
 *  - King safety dominates crazyhouse: every empty square next to a King is
 *    a square the opponent may drop on, so danger grows with the empty
 *    squares of the King zone times the opponent's hand; enemy pieces in the
 *    zone add to it, own pieces in it (defenders, pawn shield) reduce it.
 *    The penalty is quadratic in danger, as drop attacks snowball.
 *  - Mobility-lite: sliders count the squares they reach (capped rays);
 *    knights and bishops like the centre (drops there are strong too).
 *  - Pawns: a small bonus per rank advanced (promotion and space).
 */
#include "vs-eval.h"

static int
king_danger (const VsEvalTables *t, const VsPosition *pos, int color, int ksq)
{
  const VsGeometry *g = &pos->variant->geom;
  int kf = vs_sq_file (g, ksq), kr = vs_sq_rank (g, ksq);
  int enemy = color ^ 1;
  int hand = 0;
  for (int type = 1; type <= t->n_types; type++)
    {
      int n = pos->hand[enemy][type];
      switch (t->role[type])
        {
        case VS_ROLE_PAWN: hand += n; break;
        case VS_ROLE_KNIGHT: case VS_ROLE_BISHOP: case VS_ROLE_ROOK: hand += 2 * n; break;
        case VS_ROLE_QUEEN: hand += 3 * n; break;
        default: break;
        }
    }
  hand = MIN (hand, 10);
  int fwd = color == VS_WHITE ? 1 : -1;
  int danger = 0, defence = 0;
  for (int dr = -1; dr <= 2; dr++)
    for (int df = -1; df <= 1; df++)
      {
        if (dr == 0 && df == 0)
          continue;
        int f = kf + df, r = kr + dr * fwd;
        if (f < 0 || f >= g->files || r < 0 || r >= g->ranks)
          continue;
        VsPiece p = pos->board[vs_sq_make (g, 0, r, f)];
        if (p == 0)
          danger += dr <= 1 ? hand : hand / 2;
        else if (VS_PIECE_COLOR (p) == enemy)
          danger += 4;
        else if (dr >= 0)
          defence += t->role[VS_PIECE_TYPE (p)] == VS_ROLE_PAWN ? 3 : 2;
      }
  danger = MAX (0, danger - defence);
  /* the King away from its corner castle squares is easier to net */
  int home = color == VS_WHITE ? 0 : g->ranks - 1;
  if (kr != home)
    danger += 2 * ABS (kr - home);
  if (kf >= 3 && kf <= 4)
    danger += 2;
  return danger * danger / 2 + danger * 6;
}

int
vs_eval_crazyhouse (const VsEvalTables *t, const VsPosition *pos)
{
  const VsGeometry *g = &pos->variant->geom;
  int n = vs_geometry_squares (g);
  int score = 0;
  int ksq[2] = { -1, -1 };
  for (int sq = 0; sq < n; sq++)
    {
      VsPiece p = pos->board[sq];
      if (!p)
        continue;
      int type = VS_PIECE_TYPE (p), color = VS_PIECE_COLOR (p);
      int v = t->value[type];
      if (VS_PIECE_HAS_FLAG (p))
        v -= 80;   /* a promoted piece goes back to the hand as a pawn */
      switch (t->role[type])
        {
        case VS_ROLE_KING:
          ksq[color] = sq;
          break;
        case VS_ROLE_KNIGHT:
          v += 6 * vs_eval_center (g, sq);
          break;
        case VS_ROLE_BISHOP:
          v += 3 * vs_eval_ray_mobility (pos, sq, FALSE, TRUE, 7);
          break;
        case VS_ROLE_ROOK:
          v += 2 * vs_eval_ray_mobility (pos, sq, TRUE, FALSE, 7);
          break;
        case VS_ROLE_QUEEN:
          v += 1 * vs_eval_ray_mobility (pos, sq, TRUE, TRUE, 7);
          break;
        case VS_ROLE_PAWN:
          {
            int adv = color == VS_WHITE ? vs_sq_rank (g, sq) - 1 : g->ranks - 2 - vs_sq_rank (g, sq);
            v += adv * adv * 2;
          }
          break;
        default:
          break;
        }
      score += color == VS_WHITE ? v : -v;
    }
  for (int type = 1; type <= t->n_types; type++)
    score += (pos->hand[0][type] - pos->hand[1][type]) * t->hand_value[type];
  if (ksq[0] >= 0)
    score -= king_danger (t, pos, VS_WHITE, ksq[0]);
  if (ksq[1] >= 0)
    score += king_danger (t, pos, VS_BLACK, ksq[1]);
  return score;
}
