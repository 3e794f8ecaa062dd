/* vs-eval-janggi.c — Janggi evaluation (Cho = White's point of view).
 *
 * Built on attack maps computed once per call (weights:
 * vs-eval-weights-janggi.h):
 *  - Material, middlegame and endgame values blended by the phase (the
 *    Chariots, Cannons, Horses and Elephants left): the Cannon is worth far
 *    more than a Horse while screens abound and less once they are gone; the
 *    Horse gains as the board empties (Fairy-Stockfish's janggi values
 *    follow the same pattern).  A Cannon's value also shrinks with the
 *    screens left (the pieces other than Cannons).
 *  - Mobility with the real blocking: a Horse or Elephant counts only the
 *    points whose legs are free, a Cannon the points beyond a screen (never
 *    jumping or taking a Cannon), a Chariot its open lines.
 *  - King safety: enemy attacks on our palace's nine points, enemy Chariots
 *    on an open file into the palace, Guards next to the King; quadratic.
 *  - Threats: attacked pieces nobody defends, pieces attacked by a cheaper
 *    piece.
 *  - Soldiers: a bonus per rank advanced and for side by side pairs.
 */
#include "vs-eval.h"
#include "vs-janggi-tables.h"

#include <string.h>

enum { J_NONE, J_PAWN, J_GUARD, J_ELEPHANT, J_HORSE, J_CANNON, J_ROOK, J_KING };

#define NF 9
#define NR 10
#define NSQ 90

G_STATIC_ASSERT (VS_MAX_SQUARES >= 96);   /* the board is read in whole words */

typedef struct {
  uint8_t kind[NSQ];
  uint8_t color[NSQ];
  uint8_t att[2][NSQ];
  uint8_t min_att[2][NSQ];
  int     ksq[2];
} JMaps;

static inline void
add_att (JMaps *m, int c, int sq, int kind)
{
  m->att[c][sq]++;
  m->min_att[c][sq] = MIN (m->min_att[c][sq], kind);
}

/* Adds the attacks of the piece on `sq` and returns its mobility.  The
 * geometry (steps, legs, rays) is the core's own table, vs_janggi_tables,
 * whose point index is the one of pos->board.  Chariots and Cannons are
 * mapped along files and ranks only. */
static int
piece_attacks (JMaps *m, int sq)
{
  const JTables *T = &vs_janggi_tables;
  int kind = m->kind[sq], c = m->color[sq];
  int mob = 0;
#define TOUCH(to) do { int to_ = (to); \
    add_att (m, c, to_, kind); \
    mob += m->color[to_] != c; } while (0)   /* an empty point's colour is 2 */
  switch (kind)
    {
    case J_PAWN:
      for (int j = 0; j < T->n_soldier[c][sq]; j++)
        TOUCH (T->soldier[c][sq][j]);
      break;
    case J_KING:
    case J_GUARD:
      for (int j = 0; j < T->n_palace[sq]; j++)
        TOUCH (T->palace[sq][j]);
      break;
    case J_HORSE:
      for (int j = 0; j < T->n_horse[sq]; j++)
        if (m->kind[T->horse[sq][j][0]] == J_NONE)
          TOUCH (T->horse[sq][j][1]);
      break;
    case J_ELEPHANT:
      for (int j = 0; j < T->n_elephant[sq]; j++)
        if (m->kind[T->elephant[sq][j][0]] == J_NONE && m->kind[T->elephant[sq][j][1]] == J_NONE)
          TOUCH (T->elephant[sq][j][2]);
      break;
    case J_ROOK:
      for (int d = 0; d < 4; d++)
        for (const uint8_t *ray = T->ray[sq][d]; *ray != VS_JANGGI_NONE; ray++)
          {
            TOUCH (*ray);
            if (m->kind[*ray] != J_NONE)
              break;
          }
      break;
    case J_CANNON:
      for (int d = 0; d < 4; d++)
        {
          const uint8_t *ray = T->ray[sq][d];
          while (*ray != VS_JANGGI_NONE && m->kind[*ray] == J_NONE)
            ray++;
          if (*ray == VS_JANGGI_NONE || m->kind[*ray] == J_CANNON)
            continue;
          for (ray++; *ray != VS_JANGGI_NONE && m->kind[*ray] != J_CANNON; ray++)
            {
              TOUCH (*ray);
              if (m->kind[*ray] != J_NONE)
                break;
            }
        }
      break;
    default:
      break;
    }
#undef TOUCH
  return mob;
}

int
vs_eval_janggi (const VsEvalTables *t, const VsPosition *pos)
{
  const VsGeometry *g = &pos->variant->geom;
  const int *w = t->w;
  if (g->files != NF || g->ranks != NR || g->levels != 1)
    return vs_eval_generic (t, pos);
  JMaps m;
  memset (m.kind, 0, sizeof m.kind);
  memset (m.color, 2, sizeof m.color);
  memset (m.att, 0, sizeof m.att);
  memset (m.min_att, 8, sizeof m.min_att);
  m.ksq[0] = m.ksq[1] = -1;
  static const uint8_t kind_of_role[VS_ROLE_COUNT] = {
    [VS_ROLE_KING] = J_KING, [VS_ROLE_ROOK] = J_ROOK, [VS_ROLE_CANNON] = J_CANNON,
    [VS_ROLE_HORSE] = J_HORSE, [VS_ROLE_ELEPHANT] = J_ELEPHANT, [VS_ROLE_GUARD] = J_GUARD,
    [VS_ROLE_PAWN] = J_PAWN,
  };
  static const int phase_w[8] = { 0, 0, 0, 1, 2, 2, 4, 0 };
  int mg = 0, eg = 0, phase = 0, s = 0, cannons[2] = { 0, 0 };
  /* the occupied points, in order: every loop below walks these */
  uint8_t occ[NSQ];
  int n_occ = 0;
  /* the board read eight points at a time: empty words are skipped */
  for (int base = 0; base < NSQ; base += 8)
    {
      uint64_t word;
      memcpy (&word, pos->board + base, sizeof word);
      word = GUINT64_FROM_LE (word);   /* the lowest byte is the first point */
      if (base + 8 > NSQ)
        word &= (UINT64_C (1) << (8 * (NSQ - base))) - 1;
      while (word)
        {
          int byte = __builtin_ctzll (word) / 8, sq = base + byte;
          word &= ~(UINT64_C (0xff) << (8 * byte));
          VsPiece p = pos->board[sq];
          int kind = kind_of_role[t->role[VS_PIECE_TYPE (p)]];
          if (kind == J_NONE)
            continue;
          occ[n_occ++] = sq;
          int c = VS_PIECE_COLOR (p);
          m.kind[sq] = kind;
          m.color[sq] = c;
          phase += phase_w[kind];
          int sign = c == 0 ? 1 : -1;
          int f = sq % NF, r = sq / NF;
          int adv = c == 0 ? r : NR - 1 - r;
          switch (kind)
            {
            case J_ROOK:     mg += sign * w[VS_JG_ROOK_MG];     eg += sign * w[VS_JG_ROOK_EG]; break;
            case J_CANNON:   cannons[c]++; break;   /* valued below, by the screens left */
            case J_HORSE:    mg += sign * w[VS_JG_HORSE_MG];    eg += sign * w[VS_JG_HORSE_EG]; break;
            case J_ELEPHANT: mg += sign * w[VS_JG_ELEPHANT_MG]; eg += sign * w[VS_JG_ELEPHANT_EG]; break;
            case J_GUARD:    mg += sign * w[VS_JG_GUARD_MG];    eg += sign * w[VS_JG_GUARD_EG]; break;
            case J_PAWN:
              mg += sign * w[VS_JG_PAWN_MG];
              eg += sign * w[VS_JG_PAWN_EG];
              if (adv >= 4)
                s += sign * w[VS_JG_PAWN_ADVANCE] * (adv - 3);
              if (f + 1 < NF && pos->board[sq + 1] == p)
                s += sign * w[VS_JG_PAWN_PAIR];
              break;
            case J_KING:
              m.ksq[c] = sq;
              if (f == 4)
                s += sign * w[VS_JG_KING_CENTRE];
              break;
            default:
              break;
            }
        }
    }
  /* a Cannon needs screens (never another Cannon): its value shrinks with
   * the other pieces left (28 at the start) */
  int others = n_occ - cannons[0] - cannons[1];
  int screens = MIN (others + 16, 44);
  mg += (cannons[0] - cannons[1]) * w[VS_JG_CANNON_MG] * screens / 44;
  eg += (cannons[0] - cannons[1]) * w[VS_JG_CANNON_EG] * screens / 44;
  phase = MIN (phase, 36);
  int score = (mg * phase + eg * (36 - phase)) / 36 + s;
  int mob[NSQ];
  for (int i = 0; i < n_occ; i++)
    mob[occ[i]] = piece_attacks (&m, occ[i]);
  static const int mob_idx[8] = { -1, -1, -1, VS_JG_MOB_ELEPHANT, VS_JG_MOB_HORSE, VS_JG_MOB_CANNON, VS_JG_MOB_ROOK, -1 };
  static const int cheap[8] = { 0, 1, 2, 3, 4, 5, 6, 9 };   /* order for "attacked by a cheaper piece" */
  int palace_att[2] = { 0, 0 }, guards_near[2] = { 0, 0 }, open_files[2] = { 0, 0 };
  for (int i = 0; i < n_occ; i++)
    {
      int sq = occ[i];
      int kind = m.kind[sq];
      int c = m.color[sq], them = c ^ 1, v = 0;
      if (mob_idx[kind] >= 0)
        v += mob[sq] * w[mob_idx[kind]];
      if (kind != J_KING && m.att[them][sq])
        {
          if (!m.att[c][sq])
            v -= w[VS_JG_THREAT_HANGING];
          else if (cheap[m.min_att[them][sq]] < cheap[kind] && kind != J_GUARD)
            v -= w[VS_JG_THREAT_BY_LOWER];
        }
      if (kind == J_GUARD && m.ksq[c] >= 0)
        {
          int f = sq % NF, r = sq / NF, kf = m.ksq[c] % NF, kr = m.ksq[c] / NF;
          if (ABS (kf - f) <= 1 && ABS (kr - r) <= 1)
            guards_near[c]++;
        }
      int f = sq % NF;
      if (kind == J_ROOK && f >= 3 && f <= 5)
        {
          int r = sq / NF;
          /* a Chariot on a palace file with nothing between it and the
           * enemy palace's nearest point */
          int step = c == 0 ? 1 : -1, edge = c == 0 ? NR - 3 : 2;
          gboolean open = TRUE;
          for (int rr = r + step; open && (c == 0 ? rr < edge : rr > edge); rr += step)
            if (m.kind[rr * NF + f] != J_NONE)
              open = FALSE;
          if (open && (c == 0 ? r < NR - 3 : r > 2))
            open_files[them]++;
        }
      score += c == 0 ? v : -v;
    }
  for (int c = 0; c < 2; c++)
    {
      int base = c == 0 ? 0 : 7;
      for (int r = base; r < base + 3; r++)
        for (int f = 3; f <= 5; f++)
          palace_att[c] += m.att[c ^ 1][r * NF + f];
      int danger = palace_att[c] * w[VS_JG_PALACE_ATTACK] + open_files[c] * w[VS_JG_OPEN_FILE_ROOK]
                 - guards_near[c] * w[VS_JG_GUARD_NEAR];
      int pen = danger > 0 ? danger + MIN (danger, 800) * MIN (danger, 800) * w[VS_JG_KD_QUADRATIC] / 4096 : danger;
      score += c == 0 ? -pen : pen;
    }
  return score;
}
