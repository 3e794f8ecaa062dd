/* vs-sprt.c — pentanomial match statistics: see vs-sprt.h.
 *
 * Pair scores x ∈ {0, ¼, ½, ¾, 1} (points per game of the pair), with
 * frequencies p_i from the counts; each bin gets 1e-3 added first, as
 * fishtest regularizes its pdf, so that empty or one-valued samples keep a
 * positive variance.  μ = Σ p_i x_i, σ²_pair = Σ p_i (x_i − μ)².
 *
 * Elo: logistic, E(μ) = −400 log10 (1/μ − 1); the 95 % interval is
 * [E(μ − 1.96 s), E(μ + 1.96 s)] with s = σ_pair / √N (N pairs, raw counts),
 * and its half-width is reported.
 *
 * SPRT, normalized Elo: a pair is two games, the per-game standard deviation
 * is σ_g = √2 σ_pair; the hypotheses' scores are μ_k = ½ + nElo_k · σ_g ·
 * ln10 / 800 (nElo = 800/ln10 · (μ − ½)/σ_g); the LLR of N pairs in the
 * Gaussian approximation is N (μ₁ − μ₀)(2μ − μ₀ − μ₁) / (2 σ²_pair). */
#include "vs-sprt.h"

#include <math.h>
#include <stdlib.h>

gboolean
vs_sprt_parse (const char *spec, VsSprt *out)
{
  g_auto(GStrv) parts = g_strsplit (spec, ",", -1);
  if (g_strv_length (parts) != 4)
    return FALSE;
  double v[4];
  for (int i = 0; i < 4; i++)
    {
      char *end;
      g_strstrip (parts[i]);
      v[i] = g_ascii_strtod (parts[i], &end);
      if (end == parts[i] || *end)
        return FALSE;
    }
  if (!(v[0] < v[1]) || !(v[2] > 0 && v[2] < 0.5) || !(v[3] > 0 && v[3] < 0.5))
    return FALSE;
  out->elo0 = v[0];
  out->elo1 = v[1];
  out->alpha = v[2];
  out->beta = v[3];
  return TRUE;
}

void
vs_sprt_bounds (const VsSprt *sprt, double *lower, double *upper)
{
  *lower = log (sprt->beta / (1 - sprt->alpha));
  *upper = log ((1 - sprt->beta) / sprt->alpha);
}

static int
penta_stats (const int penta[5], double *mu, double *var)
{
  int n = 0;
  double total = 0, p[5];
  for (int i = 0; i < 5; i++)
    {
      n += penta[i];
      p[i] = penta[i] + 1e-3;
      total += p[i];
    }
  double m = 0, v = 0;
  for (int i = 0; i < 5; i++)
    m += p[i] / total * (i / 4.0);
  for (int i = 0; i < 5; i++)
    v += p[i] / total * (i / 4.0 - m) * (i / 4.0 - m);
  *mu = m;
  *var = v;
  return n;
}

double
vs_sprt_llr (const VsSprt *sprt, const int penta[5])
{
  double mu, var;
  int n = penta_stats (penta, &mu, &var);
  if (n == 0)
    return 0;
  double sigma_g = sqrt (2 * var);
  double k = log (10) / 800;
  double mu0 = 0.5 + sprt->elo0 * k * sigma_g;
  double mu1 = 0.5 + sprt->elo1 * k * sigma_g;
  return n * (mu1 - mu0) * (2 * mu - mu0 - mu1) / (2 * var);
}

static double
logistic_elo (double s)
{
  s = CLAMP (s, 1e-6, 1 - 1e-6);
  return -400 * log10 (1 / s - 1);
}

gboolean
vs_penta_elo (const int penta[5], double *score, double *elo, double *err95)
{
  double mu, var;
  int n = penta_stats (penta, &mu, &var);
  if (n == 0)
    {
      *score = 0.5;
      *elo = *err95 = 0;
      return FALSE;
    }
  /* the score itself from the raw counts */
  double m = 0;
  for (int i = 0; i < 5; i++)
    m += penta[i] * (i / 4.0);
  m /= n;
  double s = sqrt (var / n);
  *score = m;
  *elo = logistic_elo (m);
  *err95 = (logistic_elo (m + 1.96 * s) - logistic_elo (m - 1.96 * s)) / 2;
  return TRUE;
}
