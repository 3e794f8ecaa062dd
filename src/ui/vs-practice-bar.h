/* vs-practice-bar.h — "Learn from your mistakes" (issue 21).
 *
 * Lives in the analysis pane.  Started on an annotated game and one side,
 * it shows on the window's board the position before each of that side's
 * mistakes (vs-practice.h) in turn and waits for the user's move there.
 * The move is judged by vs_practice_judge(): the engine's choice at once;
 * another move after a short search of the positions after it and after
 * the engine's choice (with the analysis pane's engine).  A move that is
 * not good enough is taken back with a message, to try again; "Show
 * Solution" plays the engine's choice on the board; "Next Mistake" goes
 * on.  The game is never changed.
 *
 * Property "active" (gboolean, read-only).  Signal "judged" (int verdict,
 * VsPracticeVerdict) after each try.  Actions: practice.solution,
 * practice.next, practice.other-side, practice.stop. */
#pragma once

#include <gtk/gtk.h>
#include "vs-analysis.h"
#include "vs-board-view.h"
#include "vs-game.h"
#include "vs-practice.h"

G_BEGIN_DECLS

#define VS_TYPE_PRACTICE_BAR (vs_practice_bar_get_type ())
G_DECLARE_FINAL_TYPE (VsPracticeBar, vs_practice_bar, VS, PRACTICE_BAR, GtkWidget)

GtkWidget *vs_practice_bar_new (void);
/* FALSE (and a note) if side has no mistake with a better line in game. */
gboolean   vs_practice_bar_start (VsPracticeBar *self, VsGame *game, VsBoardView *board, int side,
                                  const VsAnalysisOptions *options);
void       vs_practice_bar_stop (VsPracticeBar *self);
gboolean   vs_practice_bar_is_active (VsPracticeBar *self);
VsGame    *vs_practice_bar_get_game (VsPracticeBar *self);
/* A move played on the board while active: judged (always TRUE then). */
gboolean   vs_practice_bar_board_move (VsPracticeBar *self, VsMove move);
/* For tests: the mistake shown (index, count), the engine's choice there,
 * the last verdict (-1 before a try) and the message shown. */
guint      vs_practice_bar_get_index (VsPracticeBar *self);
guint      vs_practice_bar_get_n_mistakes (VsPracticeBar *self);
const VsPracticeItem *vs_practice_bar_get_item (VsPracticeBar *self);
int        vs_practice_bar_get_verdict (VsPracticeBar *self);
const char *vs_practice_bar_get_message (VsPracticeBar *self);

G_END_DECLS
