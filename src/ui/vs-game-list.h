/* vs-game-list.h — the games of a multi-game file, searchable. */
#pragma once

#include <gtk/gtk.h>
#include "vs-game-collection.h"

G_BEGIN_DECLS

#define VS_TYPE_GAME_LIST (vs_game_list_get_type ())
G_DECLARE_FINAL_TYPE (VsGameList, vs_game_list, VS, GAME_LIST, GtkWindow)

/* Choosing a game activates "win.select-game" (uint index) on parent. */
VsGameList *vs_game_list_new (GtkWindow *parent, VsGameCollection *collection);
/* Filter as if typed in the search entry (tests). */
void        vs_game_list_set_search (VsGameList *self, const char *text);
/* Games still to be filtered (the filter runs in slices on idle). */
guint       vs_game_list_get_pending (VsGameList *self);
/* Games shown by the current filter. */
guint       vs_game_list_get_n_shown (VsGameList *self);

/* A header of a game by PGN name, falling back to its gibo name
 * ("White" → "초대국자"), or NULL. */
const char *vs_game_list_header (VsGame *game, const char *key);
/* The key game uses for the PGN header `key`: key itself, or its gibo name
 * when only that is present. */
const char *vs_game_list_header_key (VsGame *game, const char *key);

G_END_DECLS
