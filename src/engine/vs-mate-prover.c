/* vs-mate-prover.c — full-width mate prover (see the header). */
#include "config.h"
#include "vs-mate-prover.h"

#include <string.h>

#define MAX_PLY (2 * VS_MATE_PROVER_MAX_MOVES)

struct _VsMateProver {
  VsPosition pos;
  VsUndo     undo[MAX_PLY];
  VsMove     moves[MAX_PLY][VS_MAX_MOVES];
  VsMove     refutation[MAX_PLY];   /* the defence that last escaped, per ply */
  /* proven results: (key, moves left, attacker colour) -> TRUE/FALSE */
  GHashTable *known;
  guint64     nodes;
};

VsMateProver *
vs_mate_prover_new (void)
{
  VsMateProver *p = g_new0 (VsMateProver, 1);
  p->known = g_hash_table_new (g_int64_hash, g_int64_equal);
  return p;
}

static void
forget (VsMateProver *p)
{
  GHashTableIter it;
  gpointer k;
  g_hash_table_iter_init (&it, p->known);
  while (g_hash_table_iter_next (&it, &k, NULL))
    {
      g_hash_table_iter_steal (&it);
      g_free (k);
    }
}

void
vs_mate_prover_free (VsMateProver *p)
{
  if (!p)
    return;
  forget (p);
  g_hash_table_unref (p->known);
  g_free (p);
}

guint64
vs_mate_prover_nodes (const VsMateProver *p)
{
  return p->nodes;
}

/* The table key of "side to move forces a win within n moves here". */
static gint64
known_key (const VsPosition *pos, int n)
{
  return (gint64) (pos->key * 0x9E3779B97F4A7C15ull + (guint64) n * 0xD1B54A32D192ED03ull);
}

static int
lookup (VsMateProver *p, int n)
{
  gint64 k = known_key (&p->pos, n);
  gpointer v;
  if (g_hash_table_lookup_extended (p->known, &k, NULL, &v))
    return GPOINTER_TO_INT (v);
  return -1;
}

static void
remember (VsMateProver *p, int n, gboolean value)
{
  if (g_hash_table_size (p->known) > 4000000)
    forget (p);
  gint64 *k = g_new (gint64, 1);
  *k = known_key (&p->pos, n);
  if (!g_hash_table_contains (p->known, k))
    g_hash_table_insert (p->known, k, GINT_TO_POINTER (value));
  else
    g_free (k);
}

/* The game's end for the side to move now, seen from `attacker`:
 * 1 attacker wins, 0 not over, -1 over without a win for the attacker. */
static int
ended (const VsPosition *pos, int attacker)
{
  VsResult r;
  VsGameState s = vs_position_state (pos, NULL, &r);
  if (s == VS_STATE_ONGOING)
    return 0;
  VsResult win = attacker == VS_WHITE ? VS_RESULT_WHITE_WINS : VS_RESULT_BLACK_WINS;
  return r == win ? 1 : -1;
}

static gboolean defend (VsMateProver *p, int n, int ply);

/* Side to move (the attacker) forces a win within n moves. */
static gboolean
attack (VsMateProver *p, int n, int ply, VsMove *first)
{
  VsPosition *pos = &p->pos;
  int known = first ? -1 : lookup (p, n);
  if (known >= 0)
    return known;
  int attacker = pos->side;
  VsMove *moves = p->moves[ply];
  int count = vs_position_generate (pos, VS_GEN_ALL, moves);
  gboolean found = FALSE;
  /* two rounds: the moves that give check (or end the game), then the
   * others; in the last move only the first round can win unless the
   * variant wins otherwise than by mate, so the second round still runs */
  guint8 tried[VS_MAX_MOVES];
  memset (tried, 0, count);
  for (int round = 0; round < 2 && !found; round++)
    for (int i = 0; i < count && !found; i++)
      {
        if (tried[i])
          continue;
        VsMove m = moves[i];
        vs_position_make (pos, m, &p->undo[ply]);
        p->nodes++;
        gboolean check = vs_position_in_check (pos);
        if (round == 0 && !check)
          {
            vs_position_unmake (pos, &p->undo[ply]);
            continue;
          }
        tried[i] = 1;
        int e = ended (pos, attacker);
        if (e > 0 || (e == 0 && n > 1 && defend (p, n - 1, ply + 1)))
          {
            found = TRUE;
            if (first)
              *first = m;
          }
        vs_position_unmake (pos, &p->undo[ply]);
      }
  remember (p, n, found);
  return found;
}

/* Side to move (the defender, the game not over) cannot avoid losing
 * within n moves of the attacker. */
static gboolean
defend (VsMateProver *p, int n, int ply)
{
  VsPosition *pos = &p->pos;
  int attacker = pos->side ^ 1;
  VsMove *moves = p->moves[ply];
  int count = vs_position_generate (pos, VS_GEN_ALL, moves);
  /* the defence that escaped last time at this ply first */
  for (int i = 1; i < count; i++)
    if (VS_MOVE_CORE (moves[i]) == VS_MOVE_CORE (p->refutation[ply]))
      {
        VsMove t = moves[0];
        moves[0] = moves[i];
        moves[i] = t;
        break;
      }
  for (int i = 0; i < count; i++)
    {
      VsMove m = moves[i];
      vs_position_make (pos, m, &p->undo[ply]);
      p->nodes++;
      int e = ended (pos, attacker);
      gboolean lost = e > 0 || (e == 0 && attack (p, n, ply + 1, NULL));
      vs_position_unmake (pos, &p->undo[ply]);
      if (!lost)
        {
          p->refutation[ply] = m;
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
vs_mate_prover_forces (VsMateProver *p, const VsPosition *pos, int n, VsMove *first)
{
  g_return_val_if_fail (n >= 1 && n <= VS_MATE_PROVER_MAX_MOVES, FALSE);
  p->pos = *pos;
  if (vs_position_state (&p->pos, NULL, NULL) != VS_STATE_ONGOING)
    return FALSE;
  for (int i = 0; i < MAX_PLY; i++)
    p->refutation[i] = VS_MOVE_NONE;
  return attack (p, n, 0, first);
}

int
vs_mate_prover_shortest (VsMateProver *p, const VsPosition *pos, int max_moves, VsMove *first)
{
  for (int n = 1; n <= max_moves; n++)
    if (vs_mate_prover_forces (p, pos, n, first))
      return n;
  return 0;
}
