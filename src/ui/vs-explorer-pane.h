/* vs-explorer-pane.h — the opening explorer over a game library: for the
 * position shown, the moves played from it in the library (games, score per
 * side) and the games that reach it by any move order (position search).
 * Record files dropped on the pane are imported into the library.
 *
 * Queries and imports run in worker threads (GTask), each on its own
 * connection to the library file; a query still running when the position
 * changes is cancelled. */
#pragma once

#include <gtk/gtk.h>
#include "vs-variant.h"

G_BEGIN_DECLS

#define VS_TYPE_EXPLORER_PANE (vs_explorer_pane_get_type ())
G_DECLARE_FINAL_TYPE (VsExplorerPane, vs_explorer_pane, VS, EXPLORER_PANE, GtkWidget)

GtkWidget  *vs_explorer_pane_new (void);
/* The user's library: library.db in the application's directory under the
 * user data directory (created if missing).  Free with g_free. */
char       *vs_explorer_pane_default_library (void);
/* The library file (created if missing), or NULL for none. */
void        vs_explorer_pane_set_library (VsExplorerPane *self, const char *path);
const char *vs_explorer_pane_get_library (VsExplorerPane *self);
/* The position shown (copied); the explorer asks the library again. */
void        vs_explorer_pane_set_position (VsExplorerPane *self, const VsPosition *pos);
/* Import record files into the library in the background (progress bar and
 * Cancel in the pane); the explorer is refreshed when it is done.  Drops of
 * files on the pane come here. */
void        vs_explorer_pane_import_files (VsExplorerPane *self, GFile **files, guint n_files);
/* TRUE while a query or an import runs (tests wait on it). */
gboolean    vs_explorer_pane_is_busy (VsExplorerPane *self);

/* The rows shown, for tests and accessibility: move i in UCI and its figures. */
guint       vs_explorer_pane_get_n_moves (VsExplorerPane *self);
const char *vs_explorer_pane_get_move (VsExplorerPane *self, guint i, guint *games,
                                       guint *white_wins, guint *draws, guint *black_wins);
guint       vs_explorer_pane_get_n_games (VsExplorerPane *self);
/* The row widget of move i, of game i (tests click them). */
GtkWidget  *vs_explorer_pane_get_move_row (VsExplorerPane *self, guint i);
GtkWidget  *vs_explorer_pane_get_game_row (VsExplorerPane *self, guint i);

/* Signals:
 *   "move-activated"  (const char *uci)          a move row was clicked
 *   "game-activated"  (const char *file, guint index_in_file, guint ply)
 *                     a game of the position search was clicked: open game
 *                     index_in_file (from 0) of the record file and go to
 *                     ply (the first at which the position stands)
 *   "import-finished" (guint games_added, const char *message or NULL)
 *   "library-notice"  (const char *message)     opening the library rebuilt
 *                     it (a library of an older version): the translated
 *                     sentences of vs_library_take_notices, one a line */

G_END_DECLS
