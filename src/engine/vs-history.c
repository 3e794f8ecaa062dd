/* vs-history.c — killers and history tables (see vs-history.h). */
#include "vs-history.h"

#include <string.h>

void
vs_history_clear (VsSearchHistory *h)
{
  memset (h->butterfly, 0, sizeof h->butterfly);
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
