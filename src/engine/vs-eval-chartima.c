/* vs-eval-chartima.c — Chartima evaluation (White's point of view).
 *
 * Terms and why:
 *  - Material for the 21 types (vs-eval.c); an nB that still owes its Dog
 *    (piece flag) is worth the Dog too.
 *  - Immobilization: a piece standing next to an enemy Immobilizer cannot
 *    move (Dogs excepted): it keeps a third of its value as long as it
 *    stays frozen.  A frozen King is a mating net (it cannot escape), so it
 *    costs heavily; an Immobilizer two squares from the enemy King threatens
 *    to freeze it.
 *  - Coordinator danger: a Coordinator captures on (its file, own King's
 *    rank) and (own King's file, its rank).  When our King shares a rank or
 *    a file with the enemy King, an enemy Coordinator can land where one of
 *    those corners is our King: a direct mating threat.
 *  - Withdrawers and Pusher-pullers next to the enemy King threaten to take
 *    it by moving away / approaching (they cannot be blocked in that sense).
 *  - Pawns: a growing bonus as they near the enemy camp (compulsory
 *    promotion to a piece of the owner's choice at rank 8 for White).
 *  - Mobility-lite: sliders count reachable squares (capped rays).
 */
#include "vs-eval.h"

static inline int
cheb (const VsGeometry *g, int a, int b)
{
  return MAX (ABS (vs_sq_file (g, a) - vs_sq_file (g, b)), ABS (vs_sq_rank (g, a) - vs_sq_rank (g, b)));
}

int
vs_eval_chartima (const VsEvalTables *t, const VsPosition *pos)
{
  const VsGeometry *g = &pos->variant->geom;
  int n = vs_geometry_squares (g);
  int score = 0;
  int ksq[2] = { -1, -1 };
  int immob[2][4], n_immob[2] = { 0, 0 };
  gboolean has_coord[2] = { FALSE, FALSE };
  for (int sq = 0; sq < n; sq++)
    {
      VsPiece p = pos->board[sq];
      if (!p)
        continue;
      VsRole role = t->role[VS_PIECE_TYPE (p)];
      int c = VS_PIECE_COLOR (p);
      if (role == VS_ROLE_KING)
        ksq[c] = sq;
      else if (role == VS_ROLE_IMMOBILIZER && n_immob[c] < 4)
        immob[c][n_immob[c]++] = sq;
      else if (role == VS_ROLE_COORDINATOR)
        has_coord[c] = TRUE;
    }
  for (int sq = 0; sq < n; sq++)
    {
      VsPiece p = pos->board[sq];
      if (!p)
        continue;
      int type = VS_PIECE_TYPE (p), color = VS_PIECE_COLOR (p);
      VsRole role = t->role[type];
      int v = t->value[type];
      gboolean frozen = FALSE;
      if (role != VS_ROLE_DOG)
        for (int i = 0; i < n_immob[color ^ 1]; i++)
          if (cheb (g, sq, immob[color ^ 1][i]) == 1)
            frozen = TRUE;
      switch (role)
        {
        case VS_ROLE_N_BISHOP:
          if (VS_PIECE_HAS_FLAG (p))
            v += 200;
          v += 2 * vs_eval_ray_mobility (pos, sq, FALSE, TRUE, 4);
          break;
        case VS_ROLE_PAWN:
          {
            int adv = color == VS_WHITE ? vs_sq_rank (g, sq) - 2 : g->ranks - 3 - vs_sq_rank (g, sq);
            v += adv * adv * 3;
          }
          break;
        case VS_ROLE_QUEEN: case VS_ROLE_N_QUEEN:
        case VS_ROLE_IMMOBILIZER: case VS_ROLE_LONG_LEAPER: case VS_ROLE_WITHDRAWER:
        case VS_ROLE_COORDINATOR: case VS_ROLE_PUSHER_PULLER:
          v += 2 * vs_eval_ray_mobility (pos, sq, TRUE, TRUE, 4);
          break;
        case VS_ROLE_ROOK: case VS_ROLE_N_ROOK: case VS_ROLE_CHANCELLOR: case VS_ROLE_N_CHANCELLOR:
          v += 2 * vs_eval_ray_mobility (pos, sq, TRUE, FALSE, 5);
          break;
        case VS_ROLE_BISHOP: case VS_ROLE_ARCHBISHOP: case VS_ROLE_N_ARCHBISHOP:
          v += 2 * vs_eval_ray_mobility (pos, sq, FALSE, TRUE, 5);
          break;
        case VS_ROLE_KNIGHT: case VS_ROLE_N_KNIGHT: case VS_ROLE_DOG:
          v += 5 * vs_eval_center (g, sq);
          break;
        case VS_ROLE_KING:
          if (frozen)
            v -= 150;
          break;
        default:
          break;
        }
      if (frozen && role != VS_ROLE_KING)
        v = v / 3;
      score += color == VS_WHITE ? v : -v;
    }
  for (int c = 0; c < 2; c++)
    {
      if (ksq[c] < 0)
        continue;
      int danger = 0;
      for (int i = 0; i < n_immob[c ^ 1]; i++)
        if (cheb (g, ksq[c], immob[c ^ 1][i]) == 2)
          danger += 40;
      if (has_coord[c ^ 1] && ksq[c ^ 1] >= 0 &&
          (vs_sq_rank (g, ksq[c]) == vs_sq_rank (g, ksq[c ^ 1]) ||
           vs_sq_file (g, ksq[c]) == vs_sq_file (g, ksq[c ^ 1])))
        danger += 40;
      int kf = vs_sq_file (g, ksq[c]), kr = vs_sq_rank (g, ksq[c]);
      for (int dr = -1; dr <= 1; dr++)
        for (int df = -1; df <= 1; df++)
          {
            int f = kf + df, r = kr + dr;
            if ((df || dr) && f >= 0 && f < g->files && r >= 0 && r < g->ranks)
              {
                VsPiece p = pos->board[vs_sq_make (g, 0, r, f)];
                if (p && VS_PIECE_COLOR (p) != c)
                  {
                    VsRole role = t->role[VS_PIECE_TYPE (p)];
                    danger += (role == VS_ROLE_WITHDRAWER || role == VS_ROLE_PUSHER_PULLER) ? 30 : 10;
                  }
              }
          }
      score += c == VS_WHITE ? -danger : danger;
    }
  return score;
}
