/* test-sprt.c — the pentanomial statistics of vs-sprt.c against values
 * worked out apart from it, in python3 (the formulas of vs-sprt.c's header
 * comment, typed again):
 *
 *   def stats(c):
 *       p = [x + 1e-3 for x in c]; t = sum(p); xs = [0, .25, .5, .75, 1]
 *       mu = sum(pi * x for pi, x in zip(p, xs)) / t
 *       var = sum(pi * (x - mu) ** 2 for pi, x in zip(p, xs)) / t
 *       return sum(c), mu, var
 *   def llr(c, e0, e1):
 *       n, mu, var = stats(c); sg = sqrt(2 * var); k = log(10) / 800
 *       m0 = .5 + e0 * k * sg; m1 = .5 + e1 * k * sg
 *       return n * (m1 - m0) * (2 * mu - m0 - m1) / (2 * var)
 *   E = lambda s: -400 * log10(1 / s - 1)
 *   def elo(c):   # score from the raw counts, s = sqrt(var / n)
 *       ...; return m, E(m), (E(m + 1.96 * s) - E(m - 1.96 * s)) / 2
 *
 * and by hand for [5, 20, 50, 30, 10]: 115 pairs, 62.5 points of 115 →
 * 0.54348; −400 log10 (1/0.54348 − 1) = −400 log10 0.84 = 30.29 Elo. */
#include "vs-sprt.h"

#include <math.h>

static void
test_bounds (void)
{
  VsSprt s;
  g_assert_true (vs_sprt_parse ("0,2,0.05,0.05", &s));
  double lo, hi;
  vs_sprt_bounds (&s, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (lo, -2.944439, 1e-5);   /* log(0.05/0.95) */
  g_assert_cmpfloat_with_epsilon (hi, 2.944439, 1e-5);
  g_assert_false (vs_sprt_parse ("2,0,0.05,0.05", &s));
  g_assert_false (vs_sprt_parse ("0,2,0.05", &s));
  g_assert_false (vs_sprt_parse ("0,x,0.05,0.05", &s));
}

static void
test_llr (void)
{
  VsSprt a = { 0, 2, 0.05, 0.05 }, b = { -1.75, 0.25, 0.05, 0.05 };
  const int zero[5] = { 0 };
  g_assert_cmpfloat (vs_sprt_llr (&a, zero), ==, 0);
  const int c1[5] = { 10, 20, 40, 20, 10 };
  const int c2[5] = { 5, 20, 50, 30, 10 };
  const int c3[5] = { 2, 30, 100, 50, 8 };
  g_assert_cmpfloat_with_epsilon (vs_sprt_llr (&a, c1), -0.0033137, 1e-6);
  g_assert_cmpfloat_with_epsilon (vs_sprt_llr (&b, c1), 0.0024853, 1e-6);
  g_assert_cmpfloat_with_epsilon (vs_sprt_llr (&a, c2), 0.1653503, 1e-6);
  g_assert_cmpfloat_with_epsilon (vs_sprt_llr (&b, c2), 0.1720191, 1e-6);
  g_assert_cmpfloat_with_epsilon (vs_sprt_llr (&a, c3), 0.3291019, 1e-6);
  g_assert_cmpfloat_with_epsilon (vs_sprt_llr (&b, c3), 0.3401199, 1e-6);
}

static void
test_elo (void)
{
  double score, elo, err;
  const int zero[5] = { 0 };
  g_assert_false (vs_penta_elo (zero, &score, &elo, &err));
  const int c1[5] = { 10, 20, 40, 20, 10 };
  const int c2[5] = { 5, 20, 50, 30, 10 };
  const int c3[5] = { 2, 30, 100, 50, 8 };
  g_assert_true (vs_penta_elo (c1, &score, &elo, &err));
  g_assert_cmpfloat_with_epsilon (score, 0.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (elo, 0, 1e-9);
  g_assert_cmpfloat_with_epsilon (err, 37.443382, 1e-4);
  g_assert_true (vs_penta_elo (c2, &score, &elo, &err));
  g_assert_cmpfloat_with_epsilon (score, 0.5434783, 1e-6);
  g_assert_cmpfloat_with_epsilon (elo, 30.288286, 1e-4);
  g_assert_cmpfloat_with_epsilon (err, 30.874244, 1e-4);
  g_assert_true (vs_penta_elo (c3, &score, &elo, &err));
  g_assert_cmpfloat_with_epsilon (score, 0.5421053, 1e-6);
  g_assert_cmpfloat_with_epsilon (elo, 29.327189, 1e-4);
  g_assert_cmpfloat_with_epsilon (err, 19.342882, 1e-4);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sprt/bounds", test_bounds);
  g_test_add_func ("/sprt/llr", test_llr);
  g_test_add_func ("/sprt/elo", test_elo);
  return g_test_run ();
}
