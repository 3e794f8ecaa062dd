/* vs-edit-history.h — undo and redo for the edits of one game.
 *
 * Before every edit the window records a deep copy of the game (vs_game_copy)
 * and the path of the current node; undo and redo swap such snapshots.  A
 * snapshot is exact (headers, tree, every annotation), so every kind of edit
 * undoes the same way, and the history never holds a dangling node pointer. */
#pragma once

#include <glib-object.h>
#include "vs-game.h"

G_BEGIN_DECLS

#define VS_TYPE_EDIT_HISTORY (vs_edit_history_get_type ())
G_DECLARE_FINAL_TYPE (VsEditHistory, vs_edit_history, VS, EDIT_HISTORY, GObject)

VsEditHistory *vs_edit_history_new (guint max_steps);

/* Call before editing `game`: keeps a copy of it with `cursor`'s path, and
 * forgets what could be redone. */
void      vs_edit_history_record   (VsEditHistory *self, VsGame *game, VsGameNode *cursor);
/* Drop the last record (the edit it was made for changed nothing). */
void      vs_edit_history_drop_last (VsEditHistory *self);

gboolean  vs_edit_history_can_undo (VsEditHistory *self);
gboolean  vs_edit_history_can_redo (VsEditHistory *self);

/* Undo: `game`/`cursor` (the present state) go to the redo list and the last
 * recorded state is returned: a game (full reference) and the cursor's node
 * in it.  NULL if there is nothing to undo. */
VsGame   *vs_edit_history_undo     (VsEditHistory *self, VsGame *game, VsGameNode *cursor,
                                    VsGameNode **cursor_out);
VsGame   *vs_edit_history_redo     (VsEditHistory *self, VsGame *game, VsGameNode *cursor,
                                    VsGameNode **cursor_out);
void      vs_edit_history_clear    (VsEditHistory *self);

G_END_DECLS
