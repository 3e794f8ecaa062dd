/* test-clock.c — the Play clock (vs-clock.h) with time injected: the tests
 * pass "now" themselves, nothing waits on the wall clock. */
#include "config.h"

#include "vs-clock.h"

#define S(x) ((gint64) (x) * G_USEC_PER_SEC)

/* Only the side to move's clock runs: White thinks 10 s, Black 4 s. */
static void
test_one_runs (void)
{
  VsClock c;
  vs_clock_init (&c, 5, 0);
  g_assert_true (vs_clock_is_on (&c));
  g_assert_cmpint (vs_clock_remaining (&c, 0, S (100)), ==, S (300));
  vs_clock_start (&c, 0, S (100));
  g_assert_cmpint (vs_clock_remaining (&c, 0, S (110)), ==, S (290));
  g_assert_cmpint (vs_clock_remaining (&c, 1, S (110)), ==, S (300));
  g_assert_true (vs_clock_move_made (&c, 0, S (110)));
  g_assert_cmpint (c.running, ==, 1);
  g_assert_cmpint (vs_clock_remaining (&c, 0, S (114)), ==, S (290));
  g_assert_cmpint (vs_clock_remaining (&c, 1, S (114)), ==, S (296));
  g_assert_true (vs_clock_move_made (&c, 1, S (114)));
  g_assert_cmpint (vs_clock_remaining (&c, 1, S (200)), ==, S (296));
  g_assert_cmpint (vs_clock_remaining (&c, 0, S (200)), ==, S (204));
  g_assert_cmpint (vs_clock_check_flag (&c, S (200)), ==, -1);
}

/* The increment goes to the side that moved, after its move. */
static void
test_increment (void)
{
  VsClock c;
  vs_clock_init (&c, 1, 2);
  vs_clock_start (&c, 0, 0);
  g_assert_true (vs_clock_move_made (&c, 0, S (5)));
  g_assert_cmpint (vs_clock_remaining (&c, 0, S (5)), ==, S (57));
  g_assert_cmpint (vs_clock_remaining (&c, 1, S (5)), ==, S (60));
  g_assert_true (vs_clock_move_made (&c, 1, S (6)));
  g_assert_cmpint (vs_clock_remaining (&c, 1, S (6)), ==, S (61));
  g_autofree char *clk = vs_clock_format (vs_clock_remaining (&c, 1, S (6)));
  g_assert_cmpstr (clk, ==, "0:01:01");
  g_autofree char *h = vs_clock_format (S (3600 + 59 * 60 + 7) + 999999);
  g_assert_cmpstr (h, ==, "1:59:07");
}

/* The flag falls when the runner's time reaches 0; a move made after it is
 * refused, the increment does not save it, and the clock stops. */
static void
test_flag_fall (void)
{
  VsClock c;
  vs_clock_init (&c, 1, 5);
  vs_clock_start (&c, 0, 0);
  g_assert_true (vs_clock_move_made (&c, 0, S (30)));
  /* Black (60 s from 30 s) flags at 90 s, not White (35 s left, stopped). */
  g_assert_cmpint (vs_clock_check_flag (&c, S (90) - 1), ==, -1);
  g_assert_cmpint (vs_clock_check_flag (&c, S (90)), ==, 1);
  g_assert_cmpint (c.running, ==, -1);
  g_assert_false (vs_clock_move_made (&c, 1, S (91)));
  g_assert_cmpint (vs_clock_remaining (&c, 1, S (91)), ==, 0);
  g_assert_cmpint (vs_clock_remaining (&c, 0, S (500)), ==, S (35));
  vs_clock_start (&c, 0, S (500));
  g_assert_cmpint (c.running, ==, -1);

  /* A move made late, unchecked until then, is a flag fall too. */
  vs_clock_init (&c, 1, 0);
  vs_clock_start (&c, 0, 0);
  g_assert_false (vs_clock_move_made (&c, 0, S (61)));
  g_assert_cmpint (c.flagged, ==, 0);
}

/* No clock: nothing runs, nothing falls. */
static void
test_off (void)
{
  VsClock c;
  vs_clock_init (&c, 0, 10);
  g_assert_false (vs_clock_is_on (&c));
  vs_clock_start (&c, 0, 0);
  g_assert_cmpint (c.running, ==, -1);
  g_assert_true (vs_clock_move_made (&c, 0, S (100000)));
  g_assert_cmpint (vs_clock_check_flag (&c, S (200000)), ==, -1);
}

/* Saved mid-move (autosave), restored paused, run on from the same time
 * whatever the monotonic clock of the new process reads. */
static void
test_pause_resume (void)
{
  VsClock c, d;
  vs_clock_init (&c, 3, 1);
  vs_clock_start (&c, 0, S (1000));
  vs_clock_move_made (&c, 0, S (1010));       /* White 171 s, Black runs */
  g_autofree char *saved = vs_clock_to_string (&c, S (1030));  /* Black 160 s */
  int running = -2;
  g_assert_true (vs_clock_from_string (&d, saved, &running));
  g_assert_cmpint (running, ==, 1);
  g_assert_cmpint (d.running, ==, -1);
  g_assert_cmpint (vs_clock_remaining (&d, 0, S (5)), ==, S (171));
  g_assert_cmpint (vs_clock_remaining (&d, 1, S (5)), ==, S (160));
  g_assert_cmpint (d.increment_us, ==, S (1));
  vs_clock_start (&d, running, S (7));
  g_assert_cmpint (vs_clock_remaining (&d, 1, S (17)), ==, S (150));
  vs_clock_pause (&d, S (17));
  g_assert_cmpint (vs_clock_remaining (&d, 1, S (99)), ==, S (150));
  g_assert_cmpint (vs_clock_remaining (&d, 0, S (99)), ==, S (171));

  g_assert_false (vs_clock_from_string (&d, "12 x", NULL));
  g_assert_false (vs_clock_from_string (&d, "1 2 3 4 5 0", NULL));
  g_assert_false (vs_clock_from_string (&d, NULL, NULL));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/clock/one-runs", test_one_runs);
  g_test_add_func ("/clock/increment", test_increment);
  g_test_add_func ("/clock/flag-fall", test_flag_fall);
  g_test_add_func ("/clock/off", test_off);
  g_test_add_func ("/clock/pause-resume", test_pause_resume);
  return g_test_run ();
}
