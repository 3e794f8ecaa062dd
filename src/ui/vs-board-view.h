/* vs-board-view.h — the board widget of VariantStudy.
 *
 * Shows a copy of a VsPosition for any of the four variants (Crazyhouse with
 * hands, Chartima with camps, Janggi on points, Strato side by side or
 * stacked), and lets the user enter moves by click-click, drag-and-drop,
 * drops from the hands and the keyboard.  It holds no rules: legal moves
 * come from vs_position_generate(), automatic captures from
 * vs_move_effects().  A move entered by the user is made on the widget's
 * copy, then "move-played" is emitted.
 *
 * Accessibility: the board is a grid; every square/point and hand slot is
 * an undrawn, untargetable, unfocusable grid-cell child (vs-board-cell.h)
 * labelled "e4, White Knight" / "e4, empty" in the variant's coordinates;
 * the focus square is the grid's active descendant.
 *
 * Signals:  move-played (guint move)   shapes-changed ()
 * Actions:  board.flip  board.pass  board.toggle-strato-view
 *           board.three-d (stateful: the "three-d" property)
 */
#pragma once

#include <gtk/gtk.h>
#include "vs-variant.h"
#include "vs-board-geometry.h"
#include "vs-board-scene.h"
#include "vs-diagram.h"

G_BEGIN_DECLS

#define VS_TYPE_BOARD_VIEW (vs_board_view_get_type ())
G_DECLARE_FINAL_TYPE (VsBoardView, vs_board_view, VS, BOARD_VIEW, GtkWidget)

GtkWidget  *vs_board_view_new (void);

/* The position shown (copied).  last_move (or VS_MOVE_NONE) is highlighted;
 * with animate, a move that leads from the shown position to pos glides. */
void        vs_board_view_set_position (VsBoardView *self, const VsPosition *pos,
                                        VsMove last_move, gboolean animate);
const VsPosition *vs_board_view_get_position (VsBoardView *self);
/* The move before last_move (VS_MOVE_NONE if none or unknown): a pass in it
 * keeps that side's King turned over.  Set after vs_board_view_set_position. */
void        vs_board_view_set_previous_move (VsBoardView *self, VsMove move);

/* Properties */
void        vs_board_view_set_theme (VsBoardView *self, const char *theme);
const char *vs_board_view_get_theme (VsBoardView *self);
void        vs_board_view_set_piece_set (VsBoardView *self, const char *piece_set);
const char *vs_board_view_get_piece_set (VsBoardView *self);   /* the set in use */
void        vs_board_view_set_flipped (VsBoardView *self, gboolean flipped);
gboolean    vs_board_view_get_flipped (VsBoardView *self);
void        vs_board_view_set_strato_view (VsBoardView *self, VsStratoView view);
VsStratoView vs_board_view_get_strato_view (VsBoardView *self);
/* The 3-D view (issue 20): the board in perspective, pieces standing. */
void        vs_board_view_set_three_d (VsBoardView *self, gboolean three_d);
gboolean    vs_board_view_get_three_d (VsBoardView *self);
void        vs_board_view_set_show_coordinates (VsBoardView *self, gboolean show);
void        vs_board_view_set_gibo_coordinates (VsBoardView *self, gboolean gibo);
/* Which sides the user may move: bit 0 White/Cho, bit 1 Black/Han (3 = both,
 * 0 = view only). */
void        vs_board_view_set_interactive_sides (VsBoardView *self, guint sides);
void        vs_board_view_set_animate (VsBoardView *self, gboolean animate);

/* Highlighted squares (for study marks, search results…). */
void        vs_board_view_set_marks (VsBoardView *self, const VsSquareMark *marks, int n);

/* Arrows and circles drawn by the user (right button) or by the program;
 * "shapes" is also a GStrv property in the PGN [%cal]/[%csl] form
 * ("Ge2e4", "Rd5"; Strato "GAe2Be4"). */
void        vs_board_view_set_shapes (VsBoardView *self, const VsBoardShape *shapes, int n);
const VsBoardShape *vs_board_view_get_shapes (VsBoardView *self, int *n);
char      **vs_board_view_dup_shapes_strv (VsBoardView *self);
void        vs_board_view_set_shapes_strv (VsBoardView *self, const char *const *shapes);

/* The engine's suggested moves (issue 21), drawn as blue arrows (rings for
 * drops) whose width and opacity follow each one's weight; not part of the
 * shapes (never saved).  n = 0 clears them. */
void        vs_board_view_set_arrows (VsBoardView *self, const VsBoardArrow *arrows, int n);
const VsBoardArrow *vs_board_view_get_arrows (VsBoardView *self, int *n);
/* While a line is previewed the user's shapes (of the game's position) are
 * not drawn; they stay in the list. */
void        vs_board_view_set_hide_shapes (VsBoardView *self, gboolean hide);
VsMove      vs_board_view_get_last_move (VsBoardView *self);

/* Plays the legal pass (Janggi) if there is one; returns whether it did. */
gboolean    vs_board_view_pass (VsBoardView *self);

/* Writes the board as shown (theme, piece set, orientation, Strato view,
 * coordinates, last move, check, marks, shapes) to FILE.svg or FILE.png,
 * size = longer side in pixels (vs-diagram.h). */
gboolean    vs_board_view_export (VsBoardView *self, const char *filename, int size, GError **error);

/* For tests and the application's export: the current layout, controller
 * (input state) and the last-move highlight. */
const VsBoardLayout     *vs_board_view_get_layout (VsBoardView *self);
VsBoardController       *vs_board_view_get_controller (VsBoardView *self);
/* Feeds a controller result back into the widget (signals, chooser,
 * animation), as the gesture handlers do. */
void        vs_board_view_handle_change (VsBoardView *self, VsBoardChange change);
/* The chooser popover while a promotion/suicide choice is open, else NULL. */
GtkWidget  *vs_board_view_get_chooser (VsBoardView *self);

/* Accessibility: the undrawn child widget (vs-board-cell.h) that carries
 * the accessible name and state of a square, or of the hand slot of
 * (color, type); NULL when there is none. */
GtkAccessible *vs_board_view_get_square_accessible (VsBoardView *self, int square);
GtkAccessible *vs_board_view_get_hand_accessible (VsBoardView *self, int color, int type);

G_END_DECLS
