/* vs-analysis-pane.h — engine analysis of the position on the board:
 * engine chooser, start/stop, the MultiPV lines and the search figures. */
#pragma once

#include <gtk/gtk.h>
#include "vs-analysis.h"
#include "vs-board-view.h"
#include "vs-game.h"
#include "vs-practice-bar.h"

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

/* Issue 21, lines and arrows.  With the window's board set, the first
 * move of each line shown is an arrow on it (the first line's the
 * strongest), updated with each report and cleared when the analysis
 * stops or the position changes.  Each line is shown in full (wrapped);
 * every move is a link: clicking it shows the position after it on the
 * board (a preview: the game is not changed; "Back to the Game" or going
 * elsewhere in the game ends it).  Playing a move on the board from a
 * preview adds the line up to there and that move as a variation
 * ("add-line" with go_there); the context menu "Add Line as Variation"
 * adds the whole line and stays ("add-line" without).  Hovering a move
 * shows the position after it on a small board in a popover. */
void        vs_analysis_pane_set_board (VsAnalysisPane *self, VsBoardView *board);
/* The window's game, for "Learn from your mistakes" (vs-practice-bar.h). */
void        vs_analysis_pane_set_game (VsAnalysisPane *self, VsGame *game);
/* The window calls this first with a move played on the board: TRUE if the
 * pane took it (a preview played on, or a practice answer); the window
 * then does not add it to the game itself. */
gboolean    vs_analysis_pane_board_move (VsAnalysisPane *self, VsMove move);
/* What clicking, hovering and the menu do (also for tests). */
gboolean    vs_analysis_pane_preview_move (VsAnalysisPane *self, guint line, guint ply);
gboolean    vs_analysis_pane_is_previewing (VsAnalysisPane *self);
gboolean    vs_analysis_pane_hover_move (VsAnalysisPane *self, guint line, guint ply);
/* The small board while the hover popover is shown, else NULL. */
GtkWidget  *vs_analysis_pane_get_hover_board (VsAnalysisPane *self);
/* Adds moves 0..ply of the line (clamped) as a variation. */
gboolean    vs_analysis_pane_add_line (VsAnalysisPane *self, guint line, guint ply);
guint       vs_analysis_pane_get_n_lines (VsAnalysisPane *self);
const char *vs_analysis_pane_get_line_text (VsAnalysisPane *self, guint line);
const VsMove *vs_analysis_pane_get_line_moves (VsAnalysisPane *self, guint line, guint *n);
/* Practice ("Learn from your mistakes") on side's mistakes; FALSE if the
 * game has none for that side. */
gboolean    vs_analysis_pane_start_practice (VsAnalysisPane *self, int side);
VsPracticeBar *vs_analysis_pane_get_practice (VsAnalysisPane *self);

/* Signals:
 *   "score" (gboolean has_score, int centipawns, int mate) — White's view
 *   "line-activated" (guint move) — no longer emitted (see above)
 *   "add-line" (const VsMove *moves, guint n, gboolean go_there) — moves
 *      from the position analysed, to add to the game as a variation
 */

G_END_DECLS
