/* vs-board-cell.h — the accessible object of one square (or hand slot) of
 * VsBoardView.
 *
 * GTK 4.8 can only expose GtkWidgets to assistive technologies (custom
 * GtkAccessible objects need GTK 4.10+), so the board view gets one child
 * widget per square and per hand slot.  A cell draws nothing (the board
 * never snapshots it), takes no pointer events (can-target FALSE) and never
 * takes the focus (can-focus FALSE); it is allocated over its square so that
 * an assistive technology finds it where the square is drawn.  It carries the
 * accessible label ("e4, White Knight"), the selected state and a
 * description of the square's role in the current input ("legal
 * destination"). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define VS_TYPE_BOARD_CELL (vs_board_cell_get_type ())
G_DECLARE_FINAL_TYPE (VsBoardCell, vs_board_cell, VS, BOARD_CELL, GtkWidget)

/* A cell with the given role (GTK_ACCESSIBLE_ROLE_GRID_CELL for squares). */
GtkWidget *vs_board_cell_new (GtkAccessibleRole role);

/* The cell remembers a key summarising what its label says (piece, count,
 * state…).  Returns TRUE when key differs from the stored one (and stores
 * it): only then does the caller need to build and set the texts.  A new
 * cell's key matches nothing. */
gboolean   vs_board_cell_take_key (VsBoardCell *cell, guint64 key);
/* Forget the key, so the next vs_board_cell_take_key() returns TRUE. */
void       vs_board_cell_reset_key (VsBoardCell *cell);

/* Sets the accessible label, the selected state and the description (NULL:
 * none). */
void       vs_board_cell_set_texts (VsBoardCell *cell, const char *label, gboolean selected,
                                    const char *description);
/* The label last set (for tests and debugging). */
const char *vs_board_cell_get_label (VsBoardCell *cell);
gboolean    vs_board_cell_get_selected (VsBoardCell *cell);
/* How many times the label was changed (tests: only changed squares are
 * relabelled). */
guint       vs_board_cell_get_label_changes (VsBoardCell *cell);

G_END_DECLS
