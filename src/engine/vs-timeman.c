/* vs-timeman.c — the time allocation (see vs-timeman.h). */
#include "vs-timeman.h"

void
vs_timeman_limits (const VsSearchLimits *l, int side, gint64 *soft_us, gint64 *hard_us)
{
  *soft_us = *hard_us = 0;
  if (l->infinite)
    return;
  if (l->movetime_ms > 0)
    {
      *hard_us = MAX (1, l->movetime_ms - 5) * 1000;
      return;
    }
  if (l->time_ms[side] > 0)
    {
      gint64 t = l->time_ms[side], inc = l->inc_ms[side];
      int mtg = l->movestogo > 0 ? MIN (l->movestogo, 40) : 30;
      gint64 alloc = t / mtg + inc * 3 / 4;
      gint64 hard = MIN (t / 4 + inc / 2, alloc * 4);
      alloc = MIN (alloc, t - 50);
      /* with few moves to go, t / 4 falls below the allocation itself: the
       * hard limit is never less than the allocation, and the soft one never
       * more than the hard */
      hard = MAX (hard, alloc);
      hard = MIN (hard, t - 30);
      gint64 soft = MAX (1, alloc * 6 / 10);
      hard = MAX (1, hard);
      *soft_us = MIN (soft, hard) * 1000;
      *hard_us = hard * 1000;
    }
}
