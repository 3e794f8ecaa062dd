/* vs-history.c — killers and history tables (see vs-history.h). */
#include "vs-history.h"

#include <string.h>
#include <stdlib.h>

void
vs_history_clear (VsSearchHistory *h)
{
  memset (h->butterfly, 0, sizeof h->butterfly);
  memset (h->counter, 0xff, sizeof h->counter);
  if (h->cont)
    memset (h->cont, 0, (size_t) h->cont_dim * h->cont_dim * sizeof (int16_t));
  vs_history_clear_killers (h);
}

void
vs_history_clear_killers (VsSearchHistory *h)
{
  memset (h->killers, 0xff, sizeof h->killers);
}

void
vs_history_update (VsSearchHistory *h, int side, VsMove m, int depth, gboolean good)
{
  int16_t *e = &h->butterfly[side][vs_history_from_index (m)][VS_MOVE_TO (m)];
  int bonus = MIN (depth * depth, 400);
  int v = *e + (good ? bonus : -bonus) - *e * bonus / 16384;
  *e = (int16_t) CLAMP (v, -16000, 16000);
}

void
vs_history_add_killer (VsSearchHistory *h, int ply, VsMove m)
{
  if (h->killers[ply][0] != m)
    {
      h->killers[ply][1] = h->killers[ply][0];
      h->killers[ply][0] = m;
    }
}

void
vs_history_set_counter (VsSearchHistory *h, VsMove prev, VsMove m)
{
  if (prev != VS_MOVE_NONE)
    h->counter[vs_history_from_index (prev)][VS_MOVE_TO (prev)] = m;
}

void
vs_history_setup_cont (VsSearchHistory *h, const VsVariant *v, gboolean on)
{
  if (!on)
    {
      vs_history_free (h);
      return;
    }
  if (h->cont && h->cont_variant == v)
    return;
  vs_history_free (h);
  h->cont_types = MIN (v->n_piece_types + 1, VS_MAX_PIECE_TYPES);
  h->cont_squares = MIN (vs_geometry_squares (&v->geom), VS_MAX_SQUARES);
  h->cont_dim = 2 * h->cont_types * h->cont_squares;
  h->cont = g_new0 (int16_t, (size_t) h->cont_dim * h->cont_dim);
  h->cont_variant = v;
}

void
vs_history_free (VsSearchHistory *h)
{
  g_clear_pointer (&h->cont, g_free);
  h->cont_variant = NULL;
  h->cont_dim = h->cont_types = h->cont_squares = 0;
}

void
vs_history_update_cont (VsSearchHistory *h, const int *prev, int n_prev, int cur, int depth, gboolean good)
{
  if (cur < 0)
    return;
  /* Stockfish 11's stat_bonus */
  int bonus = depth > 15 ? -8 : 19 * depth * depth + 155 * depth - 132;
  if (!good)
    bonus = -bonus;
  for (int i = 0; i < n_prev; i++)
    if (prev[i] >= 0)
      {
        int16_t *e = &h->cont[(size_t) prev[i] * h->cont_dim + cur];
        int v = *e + bonus - *e * abs (bonus) / VS_HISTORY_CONT_MAX;
        *e = (int16_t) CLAMP (v, -VS_HISTORY_CONT_MAX, VS_HISTORY_CONT_MAX);
      }
}
