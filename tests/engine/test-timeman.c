/* test-timeman.c — the time manager's share of the soft limit: more after
 * a fail low or a best move that keeps changing, less once it settles, and
 * never past the hard limit (src/engine/vs-timeman.c). */
#include "vs-timeman.h"

#include <glib.h>

#define M1 ((VsMove) 0x1234)
#define M2 ((VsMove) 0x2345)
#define M3 ((VsMove) 0x3456)

/* n iterations with the same move and score: the last factor */
static double
steady (VsTimeState *t, int n, VsMove m, int score)
{
  double f = 1;
  for (int i = 0; i < n; i++)
    f = vs_timeman_iteration (t, m, score);
  return f;
}

static void
test_steady_spends_at_most_allotted (void)
{
  VsTimeState t;
  vs_timeman_start (&t);
  g_assert_cmpfloat (vs_timeman_iteration (&t, M1, 30), ==, 1.0);
  double f = steady (&t, 2, M1, 30);
  g_assert_cmpfloat (f, <=, 1.0);
  double settled = steady (&t, 8, M1, 30);
  g_assert_cmpfloat (settled, <, f);   /* settled for many iterations: less */
  g_assert_cmpfloat (settled, >=, VS_TIMEMAN_MIN_SCALE);
}

static void
test_fail_low_spends_more (void)
{
  VsTimeState a, b;
  vs_timeman_start (&a);
  vs_timeman_start (&b);
  steady (&a, 5, M1, 50);
  steady (&b, 5, M1, 50);
  double same = vs_timeman_iteration (&a, M1, 50);
  double fell = vs_timeman_iteration (&b, M1, -60);   /* the score fell by 110 */
  g_assert_cmpfloat (fell, >, same);
  g_assert_cmpfloat (fell, >, 1.0);
  /* a rise spends less than a steady score */
  VsTimeState c;
  vs_timeman_start (&c);
  steady (&c, 5, M1, 50);
  g_assert_cmpfloat (vs_timeman_iteration (&c, M1, 200), <, same);
}

static void
test_unstable_best_move_spends_more (void)
{
  VsTimeState a, b;
  vs_timeman_start (&a);
  vs_timeman_start (&b);
  VsMove seq[] = { M1, M2, M3, M1, M2, M3 };
  double f_unstable = 1, f_stable = 1;
  for (int i = 0; i < 6; i++)
    {
      f_unstable = vs_timeman_iteration (&a, seq[i], 20);
      f_stable = vs_timeman_iteration (&b, M1, 20);
    }
  g_assert_cmpfloat (f_unstable, >, 1.5);
  g_assert_cmpfloat (f_unstable, >, f_stable);
  g_assert_cmpfloat (f_unstable, <=, VS_TIMEMAN_MAX_SCALE);
  /* the changes fade once the move settles again */
  double later = steady (&a, 4, M3, 20);
  g_assert_cmpfloat (later, <, f_unstable);
}

static void
test_mate_scores_are_not_a_fall (void)
{
  VsTimeState t;
  vs_timeman_start (&t);
  steady (&t, 4, M1, VS_SCORE_MATE - 9);
  double f = vs_timeman_iteration (&t, M1, VS_SCORE_MATE - 11);
  g_assert_cmpfloat (f, <=, 1.0);
}

static void
test_done_bounded_by_hard (void)
{
  /* no clock: never done by time */
  g_assert_false (vs_timeman_done (G_GINT64_CONSTANT (1) << 40, 0, 0, 1.0));
  g_assert_false (vs_timeman_done (999, 1000, 5000, 1.0));
  g_assert_true (vs_timeman_done (1000, 1000, 5000, 1.0));
  g_assert_false (vs_timeman_done (2999, 1000, 5000, 3.0));
  g_assert_true (vs_timeman_done (3000, 1000, 5000, 3.0));
  /* the factor never carries the soft limit past the hard one */
  g_assert_true (vs_timeman_done (2000, 1000, 2000, 3.0));
  g_assert_true (vs_timeman_done (400, 1000, 5000, 0.4));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/timeman/steady-spends-at-most-allotted", test_steady_spends_at_most_allotted);
  g_test_add_func ("/timeman/fail-low-spends-more", test_fail_low_spends_more);
  g_test_add_func ("/timeman/unstable-best-move-spends-more", test_unstable_best_move_spends_more);
  g_test_add_func ("/timeman/mate-scores-are-not-a-fall", test_mate_scores_are_not_a_fall);
  g_test_add_func ("/timeman/done-bounded-by-hard", test_done_bounded_by_hard);
  return g_test_run ();
}
