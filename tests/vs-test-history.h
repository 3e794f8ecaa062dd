/* vs-test-history.h — the plies made on test positions, kept beside them.
 *
 * A VsPosition carries no history: the caller owns the undo entries.  The
 * tests play moves on many positions and then ask for the game state
 * (repetitions) or take moves back; these helpers keep one undo stack per
 * position address for them.  Tests are single-threaded.  vs_test_init()
 * (or vs_test_forget()) starts a position's stack afresh: call it whenever a
 * position is (re)read, since an address can be reused.
 */
#pragma once
#include "vs-variant.h"

#include <string.h>

typedef struct {
  const VsPosition *pos;
  GArray *undo;              /* VsUndo */
} VsTestHistory;

static inline GArray *
vs_test_history_stacks (void)
{
  static GArray *stacks;     /* VsTestHistory; lives until the process ends */
  if (stacks == NULL)
    stacks = g_array_new (FALSE, TRUE, sizeof (VsTestHistory));
  return stacks;
}

static inline GArray *
vs_test_undo (const VsPosition *pos)
{
  GArray *stacks = vs_test_history_stacks ();
  for (guint i = 0; i < stacks->len; i++)
    if (g_array_index (stacks, VsTestHistory, i).pos == pos)
      return g_array_index (stacks, VsTestHistory, i).undo;
  VsTestHistory h = { pos, g_array_new (FALSE, FALSE, sizeof (VsUndo)) };
  g_array_append_val (stacks, h);
  return h.undo;
}

static inline void
vs_test_forget (const VsPosition *pos)
{
  g_array_set_size (vs_test_undo (pos), 0);
}

static inline gboolean
vs_test_init (VsPosition *pos, const VsVariant *v, const char *fen, GError **error)
{
  vs_test_forget (pos);
  return vs_position_init (pos, v, fen, error);
}

/* dest becomes a copy of src with src's plies. */
static inline void
vs_test_copy (VsPosition *dest, const VsPosition *src)
{
  GArray *from = vs_test_undo (src), *to = vs_test_undo (dest);
  memcpy (dest, src, sizeof *src);
  g_array_set_size (to, from->len);
  if (from->len)
    memcpy (to->data, from->data, from->len * sizeof (VsUndo));
}

static inline void
vs_test_make (VsPosition *pos, VsMove m)
{
  GArray *u = vs_test_undo (pos);
  g_array_set_size (u, u->len + 1);
  vs_position_make (pos, m, &g_array_index (u, VsUndo, u->len - 1));
}

static inline void
vs_test_unmake (VsPosition *pos)
{
  GArray *u = vs_test_undo (pos);
  g_assert_cmpuint (u->len, >, 0);
  vs_position_unmake (pos, &g_array_index (u, VsUndo, u->len - 1));
  g_array_set_size (u, u->len - 1);
}

static inline int
vs_test_hist_len (const VsPosition *pos)
{
  return (int) vs_test_undo (pos)->len;
}

static inline VsHistory
vs_test_history (const VsPosition *pos)
{
  GArray *u = vs_test_undo (pos);
  VsHistory h = { (const VsUndo *) u->data, (int) u->len };
  return h;
}

static inline VsGameState
vs_test_state (const VsPosition *pos, VsResult *result)
{
  VsHistory h = vs_test_history (pos);
  return vs_position_state (pos, &h, result);
}

static inline int
vs_test_repetitions (const VsPosition *pos, int max_back)
{
  VsHistory h = vs_test_history (pos);
  return vs_position_repetitions (pos, &h, max_back);
}

/* A pointer to pos's history, valid until the next move on pos (for
 * arguments: vs_search_run (s, pos, VS_TEST_HIST (pos), ...)). */
#define VS_TEST_HIST(pos) vs_test_history_ptr (pos)
static inline const VsHistory *
vs_test_history_ptr (const VsPosition *pos)
{
  static VsHistory slots[8];
  static guint next;
  VsHistory *h = &slots[next++ % G_N_ELEMENTS (slots)];
  *h = vs_test_history (pos);
  return h;
}
