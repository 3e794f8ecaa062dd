/* vs-janggi-gen.c — build-time generator of Janggi's constant geometry tables
 * (9×10 board): orthogonal rays, palace diagonals and King/Guard steps, horse
 * and elephant moves with their legs and reverse lookups, soldier steps and
 * the points through which an attack on a King may pass.  Writes one const
 * JTables initialiser (layout in vs-janggi-tables.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vs-janggi-tables.h"

#define NSQ       VS_JANGGI_NSQ
#define NONE      VS_JANGGI_NONE
#define NFILES    9
#define NRANKS    10
#define VS_WHITE  0
#define ABS(a)    ((a) < 0 ? -(a) : (a))
#define FILE_OF(sq)   ((sq) % NFILES)
#define RANK_OF(sq)   ((sq) / NFILES)
#define SQ(f, r)      ((r) * NFILES + (f))

typedef int gboolean;
#define FALSE 0
#define TRUE  1

static int
palace_of (int f, int r)
{
  if (f < 3 || f > 5)
    return 0;
  if (r <= 2)
    return 1;
  if (r >= 7)
    return 2;
  return 0;
}

static gboolean
is_diag_point (int f, int r)
{
  int p = palace_of (f, r);
  if (p == 0)
    return FALSE;
  int rr = p == 1 ? r : r - 7;
  /* corners and centre of the 3×3 palace */
  return (f == 4 && rr == 1) || ((f == 3 || f == 5) && (rr == 0 || rr == 2));
}

static gboolean
on_board (int f, int r)
{
  return f >= 0 && f < NFILES && r >= 0 && r < NRANKS;
}

static void
build_tables (JTables *T)
{
  static const int ortho[4][2] = { { 0, 1 }, { 0, -1 }, { 1, 0 }, { -1, 0 } };
  static const int diag[4][2] = { { 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 } };

  memset (T, NONE, sizeof *T);
  for (int s = 0; s < NSQ; s++)
    {
      int f = FILE_OF (s), r = RANK_OF (s);
      T->palace_of[s] = palace_of (f, r);
      T->diag_point[s] = is_diag_point (f, r);
      T->n_dray[s] = T->n_palace[s] = T->n_horse[s] = T->n_elephant[s] = 0;
      T->n_horse_rev[s] = T->n_eleph_rev[s] = 0;
      for (int c = 0; c < 2; c++)
        T->n_soldier[c][s] = T->n_soldier_rev[c][s] = 0;
    }
  for (int s = 0; s < NSQ; s++)
    {
      int f = FILE_OF (s), r = RANK_OF (s);
      /* orthogonal rays */
      for (int d = 0; d < 4; d++)
        {
          int n = 0, ff = f + ortho[d][0], rr = r + ortho[d][1];
          for (; on_board (ff, rr); ff += ortho[d][0], rr += ortho[d][1])
            T->ray[s][d][n++] = SQ (ff, rr);
          T->ray[s][d][n] = NONE;
        }
      /* palace diagonals and King/Guard steps */
      int p = T->palace_of[s];
      for (int d = 0; d < 4 && p; d++)
        {
          int ff = f + ortho[d][0], rr = r + ortho[d][1];
          if (on_board (ff, rr) && palace_of (ff, rr) == p)
            T->palace[s][T->n_palace[s]++] = SQ (ff, rr);
        }
      if (T->diag_point[s])
        for (int d = 0; d < 4; d++)
          {
            int n = 0, ff = f + diag[d][0], rr = r + diag[d][1];
            for (; on_board (ff, rr) && palace_of (ff, rr) == p && is_diag_point (ff, rr);
                 ff += diag[d][0], rr += diag[d][1])
              T->dray[s][T->n_dray[s]][n++] = SQ (ff, rr);
            if (n > 0)
              {
                T->dray[s][T->n_dray[s]][n] = NONE;
                T->palace[s][T->n_palace[s]++] = T->dray[s][T->n_dray[s]][0];
                T->n_dray[s]++;
              }
          }
      /* horse and elephant */
      for (int d = 0; d < 4; d++)
        {
          int dx = ortho[d][0], dy = ortho[d][1];
          int lf = f + dx, lr = r + dy;
          if (!on_board (lf, lr))
            continue;
          for (int side = -1; side <= 1; side += 2)
            {
              int px = dy != 0 ? side : 0, py = dx != 0 ? side : 0;
              int tf = lf + dx + px, tr = lr + dy + py;
              if (on_board (tf, tr))
                {
                  int k = T->n_horse[s]++;
                  T->horse[s][k][0] = SQ (lf, lr);
                  T->horse[s][k][1] = SQ (tf, tr);
                  int t = SQ (tf, tr), j = T->n_horse_rev[t]++;
                  T->horse_rev[t][j][0] = s;
                  T->horse_rev[t][j][1] = SQ (lf, lr);
                }
              int ef = tf + dx + px, er = tr + dy + py;
              if (on_board (tf, tr) && on_board (ef, er))
                {
                  int k = T->n_elephant[s]++;
                  T->elephant[s][k][0] = SQ (lf, lr);
                  T->elephant[s][k][1] = SQ (tf, tr);
                  T->elephant[s][k][2] = SQ (ef, er);
                  int t = SQ (ef, er), j = T->n_eleph_rev[t]++;
                  T->eleph_rev[t][j][0] = s;
                  T->eleph_rev[t][j][1] = SQ (lf, lr);
                  T->eleph_rev[t][j][2] = SQ (tf, tr);
                }
            }
        }
      /* soldiers: forward and sideways; diagonally forward along a palace
       * diagonal inside the enemy palace */
      for (int c = 0; c < 2; c++)
        {
          int fwd = c == VS_WHITE ? 1 : -1;
          int enemy_palace = c == VS_WHITE ? 2 : 1;
          int steps[5][2] = { { 0, fwd }, { -1, 0 }, { 1, 0 }, { -1, fwd }, { 1, fwd } };
          for (int k = 0; k < 5; k++)
            {
              int tf = f + steps[k][0], tr = r + steps[k][1];
              if (!on_board (tf, tr))
                continue;
              if (k >= 3 && !(T->diag_point[s] && is_diag_point (tf, tr) &&
                              T->palace_of[s] == enemy_palace &&
                              palace_of (tf, tr) == enemy_palace))
                continue;
              int t = SQ (tf, tr);
              T->soldier[c][s][T->n_soldier[c][s]++] = t;
              T->soldier_rev[c][t][T->n_soldier_rev[c][t]++] = s;
            }
        }
    }
  /* points through which an attack on a King standing on k may pass */
  for (int k = 0; k < NSQ; k++)
    for (int s = 0; s < NSQ; s++)
      {
        int sf = FILE_OF (s) - FILE_OF (k), sr = RANK_OF (s) - RANK_OF (k);
        int df = ABS (sf), dr = ABS (sr);
        uint8_t bits = 0;
        if (s == k || (df == dr && df <= 2))
          bits = VS_JANGGI_SENS_NEAR;
        else if (df == 0)
          bits = sr > 0 ? 1 << 0 : 1 << 1;   /* ortho[0] = (0, 1), ortho[1] = (0, -1) */
        else if (dr == 0)
          bits = sf > 0 ? 1 << 2 : 1 << 3;   /* ortho[2] = (1, 0), ortho[3] = (-1, 0) */
        T->sens[k][s] = bits;
      }
}

/* Writes n bytes as a C initialiser with braces at every array dimension
 * (dims[0..nd-1]); returns the bytes consumed. */
static const uint8_t *
emit (FILE *out, const uint8_t *p, const int *dims, int nd, int depth)
{
  fprintf (out, "{");
  for (int i = 0; i < dims[0]; i++)
    {
      if (nd == 1)
        fprintf (out, "%s%u", i ? "," : "", *p++);
      else
        {
          if (i)
            fprintf (out, ",");
          if (depth == 0)
            fprintf (out, "\n   ");
          p = emit (out, p, dims + 1, nd - 1, depth + 1);
        }
    }
  fprintf (out, "}");
  return p;
}

#define FIELD(name, ...)                                                     \
  do {                                                                       \
    const int d_[] = { __VA_ARGS__ };                                        \
    fprintf (out, "  .%s = ", #name);                                        \
    const uint8_t *end_ = emit (out, (const uint8_t *) &T->name, d_,         \
                                (int) (sizeof d_ / sizeof d_[0]), 0);        \
    if (end_ != (const uint8_t *) &T->name + sizeof T->name)                 \
      {                                                                      \
        fprintf (stderr, "vs-janggi-gen: size mismatch in %s\n", #name);     \
        exit (1);                                                            \
      }                                                                      \
    fprintf (out, ",\n");                                                    \
    total += sizeof T->name;                                                 \
  } while (0)

int
main (int argc, char **argv)
{
  static JTables tables;
  JTables *T = &tables;
  size_t total = 0;
  FILE *out = argc > 1 ? fopen (argv[1], "w") : stdout;
  if (!out)
    return 1;

  build_tables (T);

  fprintf (out, "/* Generated by vs-janggi-gen.c: do not edit. */\n"
                "#include \"vs-janggi-tables.h\"\n\n"
                "const JTables vs_janggi_tables = {\n");
  FIELD (ray, NSQ, 4, 10);
  FIELD (dray, NSQ, 4, 3);
  FIELD (n_dray, NSQ);
  FIELD (palace, NSQ, 8);
  FIELD (n_palace, NSQ);
  FIELD (horse, NSQ, 8, 2);
  FIELD (n_horse, NSQ);
  FIELD (elephant, NSQ, 8, 3);
  FIELD (n_elephant, NSQ);
  FIELD (horse_rev, NSQ, 8, 2);
  FIELD (n_horse_rev, NSQ);
  FIELD (eleph_rev, NSQ, 8, 3);
  FIELD (n_eleph_rev, NSQ);
  FIELD (soldier, 2, NSQ, 6);
  FIELD (n_soldier, 2, NSQ);
  FIELD (soldier_rev, 2, NSQ, 6);
  FIELD (n_soldier_rev, 2, NSQ);
  FIELD (sens, NSQ, NSQ);
  FIELD (palace_of, NSQ);
  FIELD (diag_point, NSQ);
  fprintf (out, "};\n");
  if (total != sizeof *T)
    {
      fprintf (stderr, "vs-janggi-gen: a JTables field is missing\n");
      return 1;
    }
  return fclose (out) == 0 ? 0 : 1;
}
