/* vs-sprt.h — match statistics on game pairs (each opening played with both
 * colours), as fishtest counts them: the pentanomial counts of the pair
 * scores 0, ½, 1, 1½, 2, the score and logistic Elo with a 95 % error bar
 * from the pentanomial variance, and the log-likelihood ratio of an SPRT in
 * normalized Elo (fishtest's default since 2021), in its Gaussian (GSPRT)
 * approximation. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  double elo0, elo1;     /* normalized Elo: H0 and H1                       */
  double alpha, beta;
} VsSprt;

/* "elo0,elo1,alpha,beta"; FALSE if malformed. */
gboolean vs_sprt_parse   (const char *spec, VsSprt *out);
/* Lower and upper bounds of the LLR: log(β/(1−α)), log((1−β)/α). */
void     vs_sprt_bounds  (const VsSprt *sprt, double *lower, double *upper);
/* The LLR of the pentanomial counts penta[0..4] (pairs that scored 0, ½, …, 2
 * for engine 1).  0 without pairs. */
double   vs_sprt_llr     (const VsSprt *sprt, const int penta[5]);

/* Score per game (0..1), its logistic Elo and the half-width of the 95 %
 * interval of that Elo, from the pentanomial variance; FALSE without pairs
 * (the outputs are then 0.5, 0, 0). */
gboolean vs_penta_elo    (const int penta[5], double *score, double *elo, double *err95);

G_END_DECLS
