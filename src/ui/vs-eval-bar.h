/* vs-eval-bar.h — a vertical bar showing who stands better. */
#pragma once

#include <gtk/gtk.h>
#include "vs-variant.h"

G_BEGIN_DECLS

#define VS_TYPE_EVAL_BAR (vs_eval_bar_get_type ())
G_DECLARE_FINAL_TYPE (VsEvalBar, vs_eval_bar, VS, EVAL_BAR, GtkWidget)

GtkWidget *vs_eval_bar_new (void);

/* Score from White's (Cho's) point of view: centipawns, or a mate distance
 * (mate > 0: White mates in mate moves, < 0: Black mates; 0: no mate).
 * has_score FALSE shows an even, empty bar. */
void       vs_eval_bar_set_score (VsEvalBar *self, gboolean has_score, int centipawns, int mate);
/* The variant shown: its side names go in the tooltip (Cho/Han for Janggi). */
void       vs_eval_bar_set_variant (VsEvalBar *self, const VsVariant *variant);
/* Fraction of the bar that is White's (0..1), as drawn. */
double     vs_eval_bar_get_white_fraction (VsEvalBar *self);
void       vs_eval_bar_set_flipped (VsEvalBar *self, gboolean flipped);

/* Maps a score to White's share of the bar: half of one plus White's
 * winning chances on the variant's curve (vs_eval_win_chances; NULL: the
 * chess curve), so that the bar, the graph and the annotator's judgements
 * read a score alike; mates fill the bar. */
double     vs_eval_white_fraction (const VsVariant *variant, int centipawns, int mate);

G_END_DECLS
