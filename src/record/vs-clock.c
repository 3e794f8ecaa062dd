/* vs-clock.c — the game clock for Play (see vs-clock.h). */
#include "config.h"

#include <stdio.h>

#include "vs-clock.h"

void
vs_clock_init (VsClock *clock, guint minutes, guint increment_seconds)
{
  clock->initial_us = (gint64) minutes * 60 * G_USEC_PER_SEC;
  clock->increment_us = minutes ? (gint64) increment_seconds * G_USEC_PER_SEC : 0;
  clock->left_us[0] = clock->left_us[1] = clock->initial_us;
  clock->running = -1;
  clock->running_since = 0;
  clock->flagged = -1;
}

gboolean
vs_clock_is_on (const VsClock *clock)
{
  return clock->initial_us > 0;
}

gint64
vs_clock_remaining (const VsClock *clock, int side, gint64 now)
{
  gint64 left = clock->left_us[side];
  if (clock->running == side && now > clock->running_since)
    left -= now - clock->running_since;
  return MAX (left, 0);
}

void
vs_clock_pause (VsClock *clock, gint64 now)
{
  if (clock->running < 0)
    return;
  clock->left_us[clock->running] = vs_clock_remaining (clock, clock->running, now);
  clock->running = -1;
}

void
vs_clock_start (VsClock *clock, int side, gint64 now)
{
  vs_clock_pause (clock, now);
  if (!vs_clock_is_on (clock) || clock->flagged >= 0)
    return;
  clock->running = side;
  clock->running_since = now;
}

int
vs_clock_check_flag (VsClock *clock, gint64 now)
{
  if (clock->flagged < 0 && clock->running >= 0 && vs_clock_remaining (clock, clock->running, now) == 0)
    {
      clock->flagged = clock->running;
      vs_clock_pause (clock, now);
    }
  return clock->flagged;
}

gboolean
vs_clock_move_made (VsClock *clock, int side, gint64 now)
{
  if (!vs_clock_is_on (clock))
    return TRUE;
  if (vs_clock_check_flag (clock, now) >= 0)
    return FALSE;
  if (clock->running == side)
    vs_clock_pause (clock, now);
  clock->left_us[side] += clock->increment_us;
  vs_clock_start (clock, 1 - side, now);
  return TRUE;
}

char *
vs_clock_format (gint64 us)
{
  gint64 s = MAX (us, 0) / G_USEC_PER_SEC;
  return g_strdup_printf ("%d:%02d:%02d", (int) (s / 3600), (int) (s / 60 % 60), (int) (s % 60));
}

char *
vs_clock_to_string (const VsClock *clock, gint64 now)
{
  return g_strdup_printf ("%" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %d %d",
                          clock->initial_us, clock->increment_us,
                          vs_clock_remaining (clock, 0, now), vs_clock_remaining (clock, 1, now),
                          clock->running, clock->flagged);
}

gboolean
vs_clock_from_string (VsClock *clock, const char *text, int *was_running)
{
  gint64 v[4];
  int running, flagged;
  if (text == NULL ||
      sscanf (text, "%" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %d %d",
              &v[0], &v[1], &v[2], &v[3], &running, &flagged) != 6 ||
      v[0] < 0 || v[1] < 0 || v[2] < 0 || v[3] < 0 || running < -1 || running > 1 || flagged < -1 || flagged > 1)
    return FALSE;
  clock->initial_us = v[0];
  clock->increment_us = v[1];
  clock->left_us[0] = v[2];
  clock->left_us[1] = v[3];
  clock->running = -1;
  clock->running_since = 0;
  clock->flagged = flagged;
  if (was_running)
    *was_running = running;
  return TRUE;
}
