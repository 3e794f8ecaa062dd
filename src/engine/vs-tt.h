/* vs-tt.h — the search's transposition table.
 *
 * Lockless entries (the check word is key ^ data ^ extra), TT_WAYS entries
 * per cluster, shared by the Lazy SMP threads.  Replacement keeps deep
 * entries of the current search and evicts the shallowest or oldest.
 * Besides the move, bound and score, an entry holds the node's static eval
 * (so that a node seen again is not evaluated again) and whether the node
 * is or has been on the principal variation (Stockfish's ttPv). */
#pragma once

#include "vs-variant.h"
#include "vs-search.h"

#include <stdatomic.h>

G_BEGIN_DECLS

/* no static eval (the node is in check, or it was not computed) */
#define VS_SCORE_NONE (-VS_SCORE_INF - 1)

enum { VS_BOUND_NONE = 0, VS_BOUND_UPPER = 1, VS_BOUND_LOWER = 2, VS_BOUND_EXACT = 3 };

typedef struct {
  _Atomic uint64_t check;   /* key ^ data ^ extra */
  _Atomic uint64_t data;
  _Atomic uint64_t extra;   /* see vs_tt_pack_extra() */
} VsTTEntry;

/* What a probe finds: the data word (VS_TT_MOVE() and the others read it),
 * the static eval stored with it (VS_SCORE_NONE if none was) and the PV
 * flag. */
typedef struct {
  uint64_t data;
  int      eval;
  gboolean pv;
} VsTTHit;

#define VS_TT_WAYS 4

typedef struct {
  VsTTEntry *entries;
  gsize      clusters;      /* VS_TT_WAYS entries each, as many as fit */
  int        hash_mb;
  int        age;           /* of the current search, 0..63 */
} VsTT;

/* data: move 32 | score 16 | depth 8 | bound 2 | age 6 */
static inline uint64_t
vs_tt_pack (VsMove m, int score, int depth, int bound, int age)
{
  return (uint64_t) (uint32_t) m | ((uint64_t) (uint16_t) (int16_t) score << 32) |
         ((uint64_t) (uint8_t) depth << 48) | ((uint64_t) bound << 56) | ((uint64_t) (age & 63) << 58);
}
#define VS_TT_MOVE(d)  ((VsMove) ((d) & 0xffffffffu))
#define VS_TT_SCORE(d) ((int) (int16_t) (((d) >> 32) & 0xffff))
#define VS_TT_DEPTH(d) ((int) (((d) >> 48) & 0xff))
#define VS_TT_BOUND(d) ((int) (((d) >> 56) & 3))
#define VS_TT_AGE(d)   ((int) (((d) >> 58) & 63))

/* extra: static eval 16 (as int16; VS_SCORE_NONE fits) | pv 1 << 16 */
static inline uint64_t
vs_tt_pack_extra (int eval, gboolean pv)
{
  return (uint64_t) (uint16_t) (int16_t) eval | ((uint64_t) (pv != 0) << 16);
}

void     vs_tt_alloc      (VsTT *tt, int megabytes);
void     vs_tt_free       (VsTT *tt);
void     vs_tt_clear      (VsTT *tt);      /* empty, age 0 */
void     vs_tt_new_search (VsTT *tt);      /* next age */
/* eval: the node's static eval, or VS_SCORE_NONE (in check, or not
 * known), which keeps the one the entry had; pv: the node is or has been
 * on the principal variation. */
void     vs_tt_store      (VsTT *tt, uint64_t key, VsMove m, int score, int depth, int bound,
                           int eval, gboolean pv);
int      vs_tt_hashfull   (const VsTT *tt);   /* permille of this search's entries */

static inline VsTTEntry *
vs_tt_cluster (const VsTT *tt, uint64_t key)
{
  /* the high half of key * clusters: any number of clusters, so that the
   * table fills the memory it is given (an entry is 24 bytes) */
  return tt->entries + (gsize) (((unsigned __int128) key * tt->clusters) >> 64) * VS_TT_WAYS;
}

static inline gboolean
vs_tt_probe (const VsTT *tt, uint64_t key, VsTTHit *hit)
{
  VsTTEntry *e = vs_tt_cluster (tt, key);
  for (int i = 0; i < VS_TT_WAYS; i++)
    {
      uint64_t d = atomic_load_explicit (&e[i].data, memory_order_relaxed);
      uint64_t x = atomic_load_explicit (&e[i].extra, memory_order_relaxed);
      uint64_t c = atomic_load_explicit (&e[i].check, memory_order_relaxed);
      if ((c ^ d ^ x) == key && d != 0)
        {
          hit->data = d;
          hit->eval = (int) (int16_t) (x & 0xffff);
          hit->pv = (x >> 16) & 1;
          return TRUE;
        }
    }
  return FALSE;
}

/* Mate scores are stored relative to the node, not the root. */
static inline int
vs_tt_score_to (int score, int ply)
{
  if (score >= VS_SCORE_MATE_BOUND) return score + ply;
  if (score <= -VS_SCORE_MATE_BOUND) return score - ply;
  return score;
}

static inline int
vs_tt_score_from (int score, int ply)
{
  if (score >= VS_SCORE_MATE_BOUND) return score - ply;
  if (score <= -VS_SCORE_MATE_BOUND) return score + ply;
  return score;
}

/* The table's key of a position.  The core's key leaves out a pending
 * Janggi pass (pos->passes == 1), after which a second pass ends the game:
 * the same board with and without it are different positions for the
 * search, so the table keys them apart. */
#define VS_TT_KEY_PASS_PENDING UINT64_C (0x9e3779b97f4a7c15)

/* Asks the memory for the cluster of `key` ahead of its probe: called
 * just after a move is made, so that the child's probe finds it in the
 * cache (the probe's load was the main search's largest single cost). */
static inline void
vs_tt_prefetch (const VsTT *tt, uint64_t key)
{
  const char *c = (const char *) vs_tt_cluster (tt, key);
  __builtin_prefetch (c);
  __builtin_prefetch (c + sizeof (VsTTEntry) * VS_TT_WAYS - 1);
}

static inline uint64_t
vs_tt_key (const VsPosition *pos)
{
  return pos->passes == 1 ? pos->key ^ VS_TT_KEY_PASS_PENDING : pos->key;
}

G_END_DECLS
