/* vs-eval-janggi.c — Janggi evaluation (Cho = White's point of view).
 *
 * Terms and why:
 *  - Material (vs-eval.c).  The Cannon needs a screen to move or capture:
 *    its value shrinks as the board empties (scaled by the number of
 *    non-Cannon pieces left), as Korean players and Fairy-Stockfish both
 *    rate it.
 *  - Palace (King safety): Guards next to the King defend the only squares
 *    it has; enemy Chariots, Cannons, Horses and Soldiers standing in or on
 *    the ranks of our palace are the mating material (Chariot/Cannon mates
 *    along files and palace diagonals, Horse mates), so each costs.
 *  - Soldiers: a bonus per rank advanced (they cannot go back) and for side
 *    by side pairs (they guard each other sideways).
 *  - Mobility-lite: Chariots count the points they reach along ranks and
 *    files; Horses like the centre (they are easily blocked at the edge).
 */
#include "vs-eval.h"

static gboolean
in_palace (const VsGeometry *g, int sq, int color)
{
  int f = vs_sq_file (g, sq), r = vs_sq_rank (g, sq);
  if (f < 3 || f > 5)
    return FALSE;
  return color == VS_WHITE ? r <= 2 : r >= g->ranks - 3;
}

int
vs_eval_janggi (const VsEvalTables *t, const VsPosition *pos)
{
  const VsGeometry *g = &pos->variant->geom;
  int n = vs_geometry_squares (g);
  int score = 0;
  int others = 0;
  int ksq[2] = { -1, -1 };
  int guards_near[2] = { 0, 0 };
  int attackers[2] = { 0, 0 };   /* enemy attackers in MY palace region, indexed by defender */
  int cannons[2] = { 0, 0 };
  for (int sq = 0; sq < n; sq++)
    {
      VsPiece p = pos->board[sq];
      if (p && t->role[VS_PIECE_TYPE (p)] != VS_ROLE_CANNON)
        others++;
      if (p && VS_PIECE_TYPE (p) && t->role[VS_PIECE_TYPE (p)] == VS_ROLE_KING)
        ksq[VS_PIECE_COLOR (p)] = sq;
    }
  for (int sq = 0; sq < n; sq++)
    {
      VsPiece p = pos->board[sq];
      if (!p)
        continue;
      int type = VS_PIECE_TYPE (p), color = VS_PIECE_COLOR (p);
      int v = t->value[type];
      int f = vs_sq_file (g, sq), r = vs_sq_rank (g, sq);
      int adv = color == VS_WHITE ? r : g->ranks - 1 - r;
      switch (t->role[type])
        {
        case VS_ROLE_CANNON:
          cannons[color]++;
          v = v * (others + 12) / 44;
          if (in_palace (g, sq, color ^ 1) || (f >= 3 && f <= 5 && adv >= 6))
            attackers[color ^ 1] += 2;
          break;
        case VS_ROLE_ROOK:
          v += 3 * vs_eval_ray_mobility (pos, sq, TRUE, FALSE, 9);
          if (in_palace (g, sq, color ^ 1) || adv >= 7)
            attackers[color ^ 1] += 3;
          break;
        case VS_ROLE_HORSE:
          v += 6 * vs_eval_center (g, sq);
          if (adv >= 5 && f >= 2 && f <= 6)
            attackers[color ^ 1] += 2;
          break;
        case VS_ROLE_ELEPHANT:
          v += 3 * vs_eval_center (g, sq);
          break;
        case VS_ROLE_PAWN:
          v += adv >= 4 ? 6 * (adv - 3) : 0;
          if (f + 1 < g->files)
            {
              VsPiece q = pos->board[sq + 1];
              if (q == p)
                v += 10;
            }
          if (in_palace (g, sq, color ^ 1))
            attackers[color ^ 1] += 2;
          break;
        case VS_ROLE_GUARD:
          if (ksq[color] >= 0)
            {
              int kf = vs_sq_file (g, ksq[color]), kr = vs_sq_rank (g, ksq[color]);
              if (ABS (kf - f) <= 1 && ABS (kr - r) <= 1)
                guards_near[color]++;
            }
          break;
        case VS_ROLE_KING:
          /* the palace centre is the safest point: most lines of retreat */
          v += (vs_sq_file (g, sq) == 4 ? 10 : 0);
          break;
        default:
          break;
        }
      score += color == VS_WHITE ? v : -v;
    }
  for (int c = 0; c < 2; c++)
    {
      int danger = MAX (0, attackers[c] * 2 - guards_near[c] * 2);
      int pen = danger * danger + 20 * guards_near[c] * -1;
      score += c == VS_WHITE ? -pen : pen;
    }
  (void) cannons;
  return score;
}
