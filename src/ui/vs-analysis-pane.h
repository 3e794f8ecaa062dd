/* vs-analysis-pane.h — engine analysis of the position on the board:
 * engine chooser, start/stop, the MultiPV lines and the search figures. */
#pragma once

#include <gtk/gtk.h>
#include "vs-analysis.h"

G_BEGIN_DECLS

#define VS_TYPE_ANALYSIS_PANE (vs_analysis_pane_get_type ())
G_DECLARE_FINAL_TYPE (VsAnalysisPane, vs_analysis_pane, VS, ANALYSIS_PANE, GtkWidget)

GtkWidget *vs_analysis_pane_new (void);
void       vs_analysis_pane_set_settings (VsAnalysisPane *self, GSettings *settings);
/* The position to analyse (copied); analysis restarts if it is running. */
/* pos is copied; hist (may be NULL: none), the plies that led to it, too. */
void       vs_analysis_pane_set_position (VsAnalysisPane *self, const VsPosition *pos,
                                          const VsHistory *hist);
void       vs_analysis_pane_start (VsAnalysisPane *self);
void       vs_analysis_pane_stop (VsAnalysisPane *self);
gboolean   vs_analysis_pane_is_running (VsAnalysisPane *self);
/* Options for the chosen engine and the preferences (engine_command points
 * into the pane: copy it to keep it). */
void       vs_analysis_pane_get_options (VsAnalysisPane *self, VsAnalysisOptions *options);
/* Number of progress reports with lines shown since the last start (tests). */
guint      vs_analysis_pane_get_n_reports (VsAnalysisPane *self);
/* The engine fault shown in the pane ("The engine “X” crashed …"), or NULL.
 * While one is shown the action "pane.restart" (the Restart button) is
 * enabled: it starts the chosen engine again on the current position. */
const char *vs_analysis_pane_get_message (VsAnalysisPane *self);
/* The engine chooser offers the built-in engine and the engines that play
 * the variant on the board (asked once, off the main loop).  The setting
 * "analysis-engine" holds the user's choice: an engine's name,
 * VS_ANALYSIS_PANE_BUILTIN, or "" for the default (Fairy-Stockfish where it
 * plays the variant, else the built-in engine); a choice not offered for
 * the variant falls back to the default.  Choosing another engine or
 * another variant clears the fault shown. */
#define VS_ANALYSIS_PANE_BUILTIN ":builtin"
const char *vs_analysis_pane_get_engine_name (VsAnalysisPane *self);
guint       vs_analysis_pane_get_n_engines (VsAnalysisPane *self);
gboolean    vs_analysis_pane_select_engine (VsAnalysisPane *self, const char *name);

/* Signals:
 *   "score" (gboolean has_score, int centipawns, int mate) — White's view
 *   "line-activated" (guint move) — the first move of a clicked line
 */

G_END_DECLS
