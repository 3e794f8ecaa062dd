/* vs-tt.c — the transposition table (see vs-tt.h). */
#include "vs-tt.h"

#include <string.h>

void
vs_tt_alloc (VsTT *tt, int mb)
{
  g_free (tt->entries);
  gsize bytes = (gsize) MAX (1, mb) * 1024 * 1024;
  gsize clusters = MAX (1, bytes / (VS_TT_WAYS * sizeof (VsTTEntry)));
  tt->clusters = clusters;
  tt->entries = g_malloc0 (clusters * VS_TT_WAYS * sizeof (VsTTEntry));
  tt->hash_mb = mb;
}

void
vs_tt_free (VsTT *tt)
{
  g_clear_pointer (&tt->entries, g_free);
  tt->clusters = 0;
}

void
vs_tt_clear (VsTT *tt)
{
  memset (tt->entries, 0, tt->clusters * VS_TT_WAYS * sizeof (VsTTEntry));
  tt->age = 0;
}

void
vs_tt_new_search (VsTT *tt)
{
  tt->age = (tt->age + 1) & 63;
}

void
vs_tt_store (VsTT *tt, uint64_t key, VsMove m, int score, int depth, int bound,
             int eval, gboolean pv)
{
  VsTTEntry *e = vs_tt_cluster (tt, key);
  int best = 0, best_val = G_MAXINT;
  for (int i = 0; i < VS_TT_WAYS; i++)
    {
      uint64_t d = atomic_load_explicit (&e[i].data, memory_order_relaxed);
      uint64_t x = atomic_load_explicit (&e[i].extra, memory_order_relaxed);
      uint64_t c = atomic_load_explicit (&e[i].check, memory_order_relaxed);
      if (d == 0 || (c ^ d ^ x) == key)
        {
          if (d != 0 && m == VS_MOVE_NONE)
            m = VS_TT_MOVE (d);   /* keep the old move */
          if (d != 0 && eval == VS_SCORE_NONE)
            eval = (int) (int16_t) (x & 0xffff);   /* and the old static eval */
          if (d != 0 && bound != VS_BOUND_EXACT && VS_TT_DEPTH (d) > depth + 3 && VS_TT_AGE (d) == (tt->age & 63))
            return;
          best = i;
          break;
        }
      int age_diff = (tt->age - VS_TT_AGE (d)) & 63;
      int val = VS_TT_DEPTH (d) - 8 * age_diff;
      if (val < best_val)
        {
          best_val = val;
          best = i;
        }
    }
  uint64_t d = vs_tt_pack (m, score, CLAMP (depth, 0, 255), bound, tt->age);
  uint64_t x = vs_tt_pack_extra (eval == VS_SCORE_NONE ? eval :
                                 CLAMP (eval, -VS_SCORE_MATE_BOUND + 1, VS_SCORE_MATE_BOUND - 1), pv);
  atomic_store_explicit (&e[best].data, d, memory_order_relaxed);
  atomic_store_explicit (&e[best].extra, x, memory_order_relaxed);
  atomic_store_explicit (&e[best].check, key ^ d ^ x, memory_order_relaxed);
}

int
vs_tt_hashfull (const VsTT *tt)
{
  int used = 0, total = 0;
  gsize n = MIN (tt->clusters, 250);
  for (gsize c = 0; c < n; c++)
    for (int i = 0; i < VS_TT_WAYS; i++)
      {
        uint64_t d = atomic_load_explicit (&tt->entries[c * VS_TT_WAYS + i].data, memory_order_relaxed);
        total++;
        if (d != 0 && VS_TT_AGE (d) == (tt->age & 63))
          used++;
      }
  return total ? used * 1000 / total : 0;
}
