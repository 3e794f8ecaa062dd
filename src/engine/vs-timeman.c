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

void
vs_timeman_start (VsTimeState *t)
{
  t->iterations = 0;
  t->best = VS_MOVE_NONE;
  t->last_score = t->avg_score = 0;
  t->stable = 0;
  t->changes = 0;
}

double
vs_timeman_iteration (VsTimeState *t, VsMove best, int score)
{
  /* mate scores say nothing about a falling evaluation */
  int sc = CLAMP (score, -2000, 2000);
  t->changes /= 2;
  if (t->iterations == 0)
    {
      t->avg_score = t->last_score = sc;
      t->best = best;
      t->iterations = 1;
      return 1.0;
    }
  if (best != t->best)
    {
      t->changes += 1;
      t->stable = 0;
    }
  else
    t->stable++;
  /* Stockfish 11's falling eval, with its slope (12/704 per centipawn
   * against the average and the last iteration) but centred on 1 for a
   * steady score, since our soft limit is already 0.6 of the allocation:
   * up to 1.5 after a drop (a fail low), down to 0.5 after a rise */
  double falling = 1 + (6.0 * (t->avg_score - sc) + 6.0 * (t->last_score - sc)) / 704.0;
  falling = CLAMP (falling, 0.5, 1.5);
  /* the best move's instability, and a best move settled for several
   * iterations */
  double instability = 1 + t->changes;
  double settled = t->stable >= 6 ? 0.7 : t->stable >= 3 ? 0.85 : 1.0;
  t->avg_score = t->iterations == 1 ? sc : (t->avg_score + sc) / 2;
  t->last_score = sc;
  t->best = best;
  t->iterations++;
  return CLAMP (falling * instability * settled, VS_TIMEMAN_MIN_SCALE, VS_TIMEMAN_MAX_SCALE);
}

gboolean
vs_timeman_done (gint64 elapsed_us, gint64 soft_us, gint64 hard_us, double scale)
{
  if (!soft_us)
    return FALSE;
  gint64 limit = (gint64) (soft_us * scale);
  if (hard_us)
    limit = MIN (limit, hard_us);
  return elapsed_us >= limit;
}
