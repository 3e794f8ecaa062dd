/* vs-history.h — what the search learns about quiet moves as it goes:
 * killers per ply, the butterfly history (side, from or dropped type, to)
 * and, where the variant's tables ask for it (cont_history), the
 * continuation history: the value of a quiet move (piece, to) after the
 * move (piece', to') made one, two or four plies before it, as in
 * Stockfish 11; and, where the tables ask for it (countermove), the quiet
 * move that last refuted each move (by its from or dropped type, and its
 * to).  One per search thread. */
#pragma once

#include "vs-variant.h"
#include "vs-search.h"

G_BEGIN_DECLS

#define VS_HISTORY_PLIES (VS_SEARCH_MAX_PLY + 8)

typedef struct {
  VsMove  killers[VS_HISTORY_PLIES][2];
  int16_t butterfly[2][256][VS_MAX_SQUARES];
  /* counter[vs_history_from_index (prev)][to of prev]: the quiet move that
   * last failed high after prev; VS_MOVE_NONE for none */
  VsMove  counter[256][VS_MAX_SQUARES];
  /* continuation history: cont[prev * cont_dim + cur], prev and cur being
   * vs_history_cont_index() values; NULL where it is not used.  Sized for
   * cont_variant by vs_history_setup_cont (never during a search). */
  int16_t *cont;
  int      cont_dim, cont_types, cont_squares;
  const VsVariant *cont_variant;
} VsSearchHistory;

/* Stockfish 11's gravity bound for the continuation history. */
#define VS_HISTORY_CONT_MAX 29952

void vs_history_clear         (VsSearchHistory *h);   /* new game: all of it */
void vs_history_clear_killers (VsSearchHistory *h);   /* new search */
/* A quiet move that failed high (good) or was tried before one that did. */
void vs_history_update        (VsSearchHistory *h, int side, VsMove m, int depth, gboolean good);
void vs_history_add_killer    (VsSearchHistory *h, int ply, VsMove m);
/* `m` (quiet) failed high after `prev` (VS_MOVE_NONE after a null move). */
void vs_history_set_counter   (VsSearchHistory *h, VsMove prev, VsMove m);
/* Size (and clear, when the variant changes) the continuation history for
 * `v`, or free it when `on` is FALSE.  Allocates: called between searches. */
void vs_history_setup_cont    (VsSearchHistory *h, const VsVariant *v, gboolean on);
void vs_history_free          (VsSearchHistory *h);
/* A quiet move `cur` (a cont index) after the moves prev[0..n_prev) (cont
 * indices, -1 for none): rewarded when it failed high, else punished. */
void vs_history_update_cont   (VsSearchHistory *h, const int *prev, int n_prev, int cur,
                               int depth, gboolean good);

/* The continuation history's index of a move of `piece` to `to`; -1 when
 * there is no table or no such square. */
static inline int
vs_history_cont_index (const VsSearchHistory *h, int color, int type, int to)
{
  if (!h->cont || to >= h->cont_squares || type >= h->cont_types)
    return -1;
  return (color * h->cont_types + type) * h->cont_squares + to;
}

/* The continuation history's value of `cur` after `prev` (0 if either is -1). */
static inline int
vs_history_cont_value (const VsSearchHistory *h, int prev, int cur)
{
  return prev < 0 || cur < 0 ? 0 : h->cont[(size_t) prev * h->cont_dim + cur];
}

/* The butterfly table's "from" index: the square, or 192 + the dropped type. */
static inline int
vs_history_from_index (VsMove m)
{
  int from = VS_MOVE_FROM (m);
  return from == VS_NO_SQUARE ? 192 + VS_MOVE_PIECE (m) % 64 : from;
}

/* The countermove of `prev`: VS_MOVE_NONE for none, or after a null move. */
static inline VsMove
vs_history_counter (const VsSearchHistory *h, VsMove prev)
{
  return prev == VS_MOVE_NONE ? VS_MOVE_NONE : h->counter[vs_history_from_index (prev)][VS_MOVE_TO (prev)];
}

static inline int
vs_history_quiet (const VsSearchHistory *h, int side, VsMove m)
{
  return h->butterfly[side][vs_history_from_index (m)][VS_MOVE_TO (m)];
}

G_END_DECLS
