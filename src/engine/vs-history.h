/* vs-history.h — what the search learns about quiet moves as it goes:
 * killers per ply and the butterfly history (side, from or dropped type,
 * to).  One per search thread. */
#pragma once

#include "vs-variant.h"
#include "vs-search.h"

G_BEGIN_DECLS

#define VS_HISTORY_PLIES (VS_SEARCH_MAX_PLY + 8)

typedef struct {
  VsMove  killers[VS_HISTORY_PLIES][2];
  int16_t butterfly[2][256][VS_MAX_SQUARES];
} VsSearchHistory;

void vs_history_clear         (VsSearchHistory *h);   /* new game: all of it */
void vs_history_clear_killers (VsSearchHistory *h);   /* new search */
/* A quiet move that failed high (good) or was tried before one that did. */
void vs_history_update        (VsSearchHistory *h, int side, VsMove m, int depth, gboolean good);
void vs_history_add_killer    (VsSearchHistory *h, int ply, VsMove m);

/* The butterfly table's "from" index: the square, or 192 + the dropped type. */
static inline int
vs_history_from_index (VsMove m)
{
  int from = VS_MOVE_FROM (m);
  return from == VS_NO_SQUARE ? 192 + VS_MOVE_PIECE (m) % 64 : from;
}

static inline int
vs_history_quiet (const VsSearchHistory *h, int side, VsMove m)
{
  return h->butterfly[side][vs_history_from_index (m)][VS_MOVE_TO (m)];
}

G_END_DECLS
