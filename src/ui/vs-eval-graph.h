/* vs-eval-graph.h — the evaluation of every position of a line, as a graph. */
#pragma once

#include <gtk/gtk.h>

#include "vs-variant.h"

G_BEGIN_DECLS

#define VS_TYPE_EVAL_GRAPH (vs_eval_graph_get_type ())
G_DECLARE_FINAL_TYPE (VsEvalGraph, vs_eval_graph, VS, EVAL_GRAPH, GtkWidget)

GtkWidget *vs_eval_graph_new (void);

/* The variant whose winning-chances curve the scores are drawn on
 * (vs_eval_white_fraction; NULL: chess's). */
void       vs_eval_graph_set_variant (VsEvalGraph *self, const VsVariant *variant);
/* Number of positions shown (ply 0 = the start position). Known scores
 * are kept when the length grows, dropped beyond it when it shrinks. */
void       vs_eval_graph_set_length  (VsEvalGraph *self, guint n_plies);
guint      vs_eval_graph_get_length  (VsEvalGraph *self);
/* Score of the position after `ply` plies, from White's point of view
 * (see vs_eval_white_fraction). */
void       vs_eval_graph_set_score   (VsEvalGraph *self, guint ply, int centipawns, int mate);
void       vs_eval_graph_clear_score (VsEvalGraph *self, guint ply);
gboolean   vs_eval_graph_get_score   (VsEvalGraph *self, guint ply, int *centipawns, int *mate);
/* A mark at `ply` for the move's NAG: 2 (mistake, ?) or 4 (blunder, ??)
 * are drawn; 0 removes it. */
void       vs_eval_graph_set_mark    (VsEvalGraph *self, guint ply, guint nag);
guint      vs_eval_graph_get_mark    (VsEvalGraph *self, guint ply);
void       vs_eval_graph_clear_marks (VsEvalGraph *self);
void       vs_eval_graph_set_current (VsEvalGraph *self, int ply);

G_END_DECLS
