/* vs-move-tree-view.h — the moves of a game as Lichess shows them: the main
 * line with its variations and comments inline; click a move to go there. */
#pragma once

#include <gtk/gtk.h>
#include "vs-game.h"

G_BEGIN_DECLS

#define VS_TYPE_MOVE_TREE_VIEW (vs_move_tree_view_get_type ())
G_DECLARE_FINAL_TYPE (VsMoveTreeView, vs_move_tree_view, VS, MOVE_TREE_VIEW, GtkWidget)

GtkWidget  *vs_move_tree_view_new         (void);
void        vs_move_tree_view_set_game    (VsMoveTreeView *self, VsGame *game);
VsGame     *vs_move_tree_view_get_game    (VsMoveTreeView *self);
/* Highlights node (NULL or the root: nothing) and scrolls to it. */
void        vs_move_tree_view_set_current (VsMoveTreeView *self, VsGameNode *node);
/* Issue 18: the settings whose "move-notations" choose the notation moves
 * are shown in (by default the application's, when its schema is
 * installed; NULL: the record notation). */
void        vs_move_tree_view_set_settings (VsMoveTreeView *self, GSettings *settings);
/* The shown text (for tests and accessibility). */
char       *vs_move_tree_view_get_text    (VsMoveTreeView *self);
/* The node whose move text covers character offset `offset`, or NULL. */
VsGameNode *vs_move_tree_view_node_at_offset (VsMoveTreeView *self, int offset);
/* The character range of node's move text; FALSE if not shown. */
gboolean    vs_move_tree_view_get_node_range (VsMoveTreeView *self, VsGameNode *node,
                                              int *start, int *end);

/* Signals: "node-activated" (VsGameNode *node) — a move was clicked (or
 * right-clicked, before the context menu opens). */

G_END_DECLS
