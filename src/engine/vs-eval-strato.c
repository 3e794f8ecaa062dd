/* vs-eval-strato.c — Strato Chess evaluation (White's point of view).
 *
 * Terms and why:
 *  - Material: chess values (captures are planar, vs-eval.c).
 *  - Level control: a piece on the middle level B can change to either
 *    outer level in one move, and the King can only be attacked by pieces
 *    on its own level, so pieces on the enemy King's level (and on B, next
 *    to it) count as attackers; pieces on our King's level as defenders.
 *  - King escape: a King in trouble escapes by changing level, so empty
 *    squares directly above/below it are worth a bonus (a mate needs them
 *    occupied or attacked).
 *  - Development: every piece must change level on its first move, so
 *    pieces that have not moved yet (flag) cost a little — castling aside.
 *  - Mobility-lite on the piece's own level; pawns: bonus per rank advanced.
 */
#include "vs-eval.h"

int
vs_eval_strato (const VsEvalTables *t, const VsPosition *pos)
{
  const VsGeometry *g = &pos->variant->geom;
  int n = vs_geometry_squares (g);
  int plane = g->files * g->ranks;
  int score = 0;
  int ksq[2] = { -1, -1 };
  for (int sq = 0; sq < n; sq++)
    if (pos->board[sq] && t->role[VS_PIECE_TYPE (pos->board[sq])] == VS_ROLE_KING)
      ksq[VS_PIECE_COLOR (pos->board[sq])] = sq;
  int attack[2] = { 0, 0 };   /* attack on the King of colour c */
  for (int sq = 0; sq < n; sq++)
    {
      VsPiece p = pos->board[sq];
      if (!p)
        continue;
      int type = VS_PIECE_TYPE (p), color = VS_PIECE_COLOR (p);
      VsRole role = t->role[type];
      int v = t->value[type];
      int level = sq / plane;
      if (VS_PIECE_HAS_FLAG (p) && role != VS_ROLE_KING && role != VS_ROLE_ROOK && role != VS_ROLE_PAWN)
        v -= 12;
      if (level == 1 && role != VS_ROLE_KING)
        v += 8;
      switch (role)
        {
        case VS_ROLE_PAWN:
          {
            int r = vs_sq_rank (g, sq);
            int adv = color == VS_WHITE ? r - 1 : g->ranks - 2 - r;
            v += adv * adv * 2;
          }
          break;
        case VS_ROLE_KNIGHT:
          v += 5 * vs_eval_center (g, sq);
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
        default:
          break;
        }
      int ek = ksq[color ^ 1];
      if (role != VS_ROLE_KING && role != VS_ROLE_PAWN && ek >= 0)
        {
          int el = ek / plane;
          int w = role == VS_ROLE_QUEEN ? 4 : role == VS_ROLE_ROOK ? 3 : 2;
          if (level == el)
            attack[color ^ 1] += w;
          else if (ABS (level - el) == 1)
            attack[color ^ 1] += w / 2;
        }
      score += color == VS_WHITE ? v : -v;
    }
  for (int c = 0; c < 2; c++)
    {
      if (ksq[c] < 0)
        continue;
      int k = ksq[c], level = k / plane;
      int escape = 0;
      if (level > 0 && pos->board[k - plane] == 0)
        escape++;
      if (level < g->levels - 1 && pos->board[k + plane] == 0)
        escape++;
      int a = attack[c];
      int pen = a * a - 15 * escape;
      score += c == VS_WHITE ? -pen : pen;
    }
  return score;
}
