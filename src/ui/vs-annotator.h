/* vs-annotator.h — evaluates every position of a game's main line in the
 * background (one engine run after the other, never on the main loop). */
#pragma once

#include <gio/gio.h>
#include "vs-analysis.h"
#include "vs-game.h"
#include "vs-annotate.h"

G_BEGIN_DECLS

#define VS_TYPE_ANNOTATOR (vs_annotator_get_type ())
G_DECLARE_FINAL_TYPE (VsAnnotator, vs_annotator, VS, ANNOTATOR, GObject)

/* Positions of game's main line are copied now: the game may change while
 * the annotator runs.  options->engine_command is copied. */
VsAnnotator *vs_annotator_new (VsGame *game, const VsAnalysisOptions *options, gint64 movetime_ms);
void         vs_annotator_start  (VsAnnotator *self);
void         vs_annotator_cancel (VsAnnotator *self);
guint        vs_annotator_get_n_positions (VsAnnotator *self);
/* Score of the position after `ply` plies, White's view; FALSE if not done. */
gboolean     vs_annotator_get_score (VsAnnotator *self, guint ply, int *centipawns, int *mate);

/* Writes the annotation of the positions done into game (the one given to
 * vs_annotator_new, or its copy): vs_annotate_apply. */
guint        vs_annotator_apply (VsAnnotator *self, VsGame *game, VsAnnotateSummary *summary,
                                 GArray *nags_out);

/* Judge only these sides' moves (bit 0 White, bit 1 Black; default both). */
void         vs_annotator_set_sides (VsAnnotator *self, guint sides);
/* Search each position to this depth instead of the movetime (before start). */
void         vs_annotator_set_depth (VsAnnotator *self, int depth);

/* Signals:
 *   "position-done" (guint ply, int centipawns, int mate)
 *   "finished" (gboolean completed) — FALSE when cancelled or on an engine error
 *   (then "error" is set: vs_annotator_get_error)
 */
const GError *vs_annotator_get_error (VsAnnotator *self);

G_END_DECLS
