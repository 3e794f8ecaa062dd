/* vs-clock.h — a two-sided game clock for Play: time per side, an
 * increment (Fischer: added to the mover's clock after each move), only
 * the side to move's clock runs, flag-fall detection.
 *
 * No timer and no clock of its own: every call takes "now", microseconds
 * from a monotonic source the caller chooses (g_get_monotonic_time () in
 * the window, a number the tests set).  The state is plain data; it can be
 * written to a string (autosave) and read back paused, to run on again
 * from where it stopped. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  gint64 initial_us;     /* time per side at the start; 0: no clock */
  gint64 increment_us;   /* added to the mover's clock after each move */
  gint64 left_us[2];     /* remaining, as of running_since for the runner */
  int    running;        /* the side whose clock runs, or -1 */
  gint64 running_since;  /* "now" when it started */
  int    flagged;        /* the side that ran out of time, or -1 */
} VsClock;

/* minutes 0 makes a clock that is off (vs_clock_is_on () FALSE). */
void     vs_clock_init        (VsClock *clock, guint minutes, guint increment_seconds);
gboolean vs_clock_is_on       (const VsClock *clock);

/* Remaining time of @side at @now (never below 0). */
gint64   vs_clock_remaining   (const VsClock *clock, int side, gint64 now);

/* Start @side's clock (the other one stops where it is). */
void     vs_clock_start       (VsClock *clock, int side, gint64 now);
/* Stop whatever runs; the time used so far is kept. */
void     vs_clock_pause       (VsClock *clock, gint64 now);

/* The side to move (@side) has moved at @now: its clock stops, gets the
 * increment and the other side's starts.  Returns FALSE (and nothing
 * changes but the flag) when @side's time had already run out. */
gboolean vs_clock_move_made   (VsClock *clock, int side, gint64 now);

/* The side whose time has run out at @now (recorded once seen), or -1. */
int      vs_clock_check_flag  (VsClock *clock, gint64 now);

/* "h:mm:ss" as in [%clk], rounded down to the second. */
char    *vs_clock_format      (gint64 us);

/* Saved state: "initial increment left0 left1 running flagged" (µs), with
 * the runner's time taken at @now.  vs_clock_from_string () restores it
 * paused; vs_clock_start () runs it on. */
char    *vs_clock_to_string   (const VsClock *clock, gint64 now);
gboolean vs_clock_from_string (VsClock *clock, const char *text, int *was_running);

G_END_DECLS
