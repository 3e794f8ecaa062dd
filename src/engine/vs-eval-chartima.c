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
 *
 * Speed: the evaluation runs at every leaf of the search, so it works on a
 * padded copy of the board (a 12×12 mailbox whose border squares hold a
 * sentinel): rays stop at the border without any coordinate arithmetic,
 * and the squares next to the enemy Immobilizers are marked once instead
 * of being searched for each piece.  The Chartima board is always 10×10
 * (the variant's fixed geometry).
 */
#include "vs-eval.h"

#include <string.h>

#define PW      12                     /* padded width */
#define PSQ     (PW * PW)
#define BORDER  0xff                   /* no piece byte has bit 7 set */
#define PAD(sq) (((sq) / 10 + 1) * PW + (sq) % 10 + 1)

/* N S E W NE SW NW SE on the padded board: orthogonal 0–3, diagonal 4–7. */
static const int pad_off[8] = { PW, -PW, 1, -1, PW + 1, -PW - 1, PW - 1, -PW + 1 };

/* Squares reachable along the rays d0..d1-1, at most cap per ray: empty
 * squares and the first enemy piece (as vs_eval_ray_mobility counts). */
static inline int
mobility (const uint8_t *pb, int p, int color, int d0, int d1, int cap)
{
  int count = 0;
  for (int d = d0; d < d1; d++)
    {
      int off = pad_off[d], s = p;
      for (int k = 0; k < cap; k++)
        {
          s += off;
          uint8_t x = pb[s];
          if (x == 0)
            {
              count++;
              continue;
            }
          if (x != BORDER && VS_PIECE_COLOR (x) != color)
            count++;
          break;
        }
    }
  return count;
}

static inline int
center (int sq)
{
  int f = sq % 10, r = sq / 10;
  return MIN (f, 9 - f) + MIN (r, 9 - r);
}

static inline int
cheb (int a, int b)
{
  return MAX (ABS (a % 10 - b % 10), ABS (a / 10 - b / 10));
}

int
vs_eval_chartima (const VsEvalTables *t, const VsPosition *pos)
{
  uint8_t pb[PSQ];
  uint8_t list[100];
  int n_list = 0;
  int ksq[2] = { -1, -1 };
  int immob[2][4], n_immob[2] = { 0, 0 };
  gboolean has_coord[2] = { FALSE, FALSE };

  memset (pb, BORDER, sizeof pb);
  for (int r = 1; r <= 10; r++)
    memset (pb + r * PW + 1, 0, 10);
  for (int sq = 0; sq < 100; sq++)
    {
      VsPiece p = pos->board[sq];
      if (!p)
        continue;
      pb[PAD (sq)] = p;
      list[n_list++] = sq;
      VsRole role = t->role[VS_PIECE_TYPE (p)];
      int c = VS_PIECE_COLOR (p);
      if (role == VS_ROLE_KING)
        ksq[c] = sq;
      else if (role == VS_ROLE_IMMOBILIZER && n_immob[c] < 4)
        immob[c][n_immob[c]++] = sq;
      else if (role == VS_ROLE_COORDINATOR)
        has_coord[c] = TRUE;
    }

  /* frozen[c][p]: a piece of colour c on padded square p stands next to an
   * Immobilizer of the other colour */
  uint8_t frozen[2][PSQ];
  for (int c = 0; c < 2; c++)
    {
      if (n_immob[c ^ 1] == 0)
        continue;
      memset (frozen[c], 0, PSQ);
      for (int i = 0; i < n_immob[c ^ 1]; i++)
        {
          int p = PAD (immob[c ^ 1][i]);
          for (int d = 0; d < 8; d++)
            frozen[c][p + pad_off[d]] = 1;
        }
    }

  int score = 0;
  for (int i = 0; i < n_list; i++)
    {
      int sq = list[i], p = PAD (sq);
      VsPiece pc = pb[p];
      int type = VS_PIECE_TYPE (pc), color = VS_PIECE_COLOR (pc);
      VsRole role = t->role[type];
      int v = t->value[type];
      gboolean is_frozen = role != VS_ROLE_DOG && n_immob[color ^ 1] && frozen[color][p];
      switch (role)
        {
        case VS_ROLE_N_BISHOP:
          if (VS_PIECE_HAS_FLAG (pc))
            v += 200;
          v += 2 * mobility (pb, p, color, 4, 8, 4);
          break;
        case VS_ROLE_PAWN:
          {
            int adv = color == VS_WHITE ? sq / 10 - 2 : 7 - sq / 10;
            v += adv * adv * 3;
          }
          break;
        case VS_ROLE_QUEEN: case VS_ROLE_N_QUEEN:
        case VS_ROLE_IMMOBILIZER: case VS_ROLE_LONG_LEAPER: case VS_ROLE_WITHDRAWER:
        case VS_ROLE_COORDINATOR: case VS_ROLE_PUSHER_PULLER:
          v += 2 * mobility (pb, p, color, 0, 8, 4);
          break;
        case VS_ROLE_ROOK: case VS_ROLE_N_ROOK: case VS_ROLE_CHANCELLOR: case VS_ROLE_N_CHANCELLOR:
          v += 2 * mobility (pb, p, color, 0, 4, 5);
          break;
        case VS_ROLE_BISHOP: case VS_ROLE_ARCHBISHOP: case VS_ROLE_N_ARCHBISHOP:
          v += 2 * mobility (pb, p, color, 4, 8, 5);
          break;
        case VS_ROLE_KNIGHT: case VS_ROLE_N_KNIGHT: case VS_ROLE_DOG:
          v += 5 * center (sq);
          break;
        case VS_ROLE_KING:
          if (is_frozen)
            v -= 150;
          break;
        default:
          break;
        }
      if (is_frozen && role != VS_ROLE_KING)
        v = v / 3;
      score += color == VS_WHITE ? v : -v;
    }

  for (int c = 0; c < 2; c++)
    {
      if (ksq[c] < 0)
        continue;
      int danger = 0;
      for (int i = 0; i < n_immob[c ^ 1]; i++)
        if (cheb (ksq[c], immob[c ^ 1][i]) == 2)
          danger += 40;
      if (has_coord[c ^ 1] && ksq[c ^ 1] >= 0 &&
          (ksq[c] / 10 == ksq[c ^ 1] / 10 || ksq[c] % 10 == ksq[c ^ 1] % 10))
        danger += 40;
      int kp = PAD (ksq[c]);
      for (int d = 0; d < 8; d++)
        {
          uint8_t x = pb[kp + pad_off[d]];
          if (x && x != BORDER && VS_PIECE_COLOR (x) != c)
            {
              VsRole role = t->role[VS_PIECE_TYPE (x)];
              danger += (role == VS_ROLE_WITHDRAWER || role == VS_ROLE_PUSHER_PULLER) ? 30 : 10;
            }
        }
      score += c == VS_WHITE ? -danger : danger;
    }
  return score;
}
