/* vs-game-collection.h — the games of one record file, with what went wrong.
 *
 * A GListModel of VsGame (item type VS_TYPE_GAME), in file order.  Each game
 * keeps its own headers.  Games that could be read only in part are in the
 * collection too (with every header and move read before the problem), and
 * their problems are listed with vs_game_collection_get_problems().
 */
#pragma once

#include <gio/gio.h>
#include "vs-game.h"
#include "vs-record.h"

G_BEGIN_DECLS

#define VS_TYPE_GAME_COLLECTION (vs_game_collection_get_type ())
G_DECLARE_FINAL_TYPE (VsGameCollection, vs_game_collection, VS, GAME_COLLECTION, GObject)

VsGameCollection *vs_game_collection_new (void);

guint    vs_game_collection_get_n_games (VsGameCollection *self);
/* Borrowed reference. */
VsGame  *vs_game_collection_get_game    (VsGameCollection *self, guint index);
void     vs_game_collection_append      (VsGameCollection *self, VsGame *game);
void     vs_game_collection_insert      (VsGameCollection *self, guint index, VsGame *game);
void     vs_game_collection_remove      (VsGameCollection *self, guint index);

/* Problems met while reading (VsRecordProblem, in file order; a problem's
 * game_index is the game's index in the file, where games that could not be
 * read at all count too). */
GPtrArray *vs_game_collection_get_problems (VsGameCollection *self);
/* Record a problem (copied).  With game_index < n_games, the problem is
 * also the one of that game of the collection (see below). */
void     vs_game_collection_add_problem (VsGameCollection *self, const VsRecordProblem *problem);
void     vs_game_collection_add_game_problem (VsGameCollection *self, guint game_index,
                                              const VsRecordProblem *problem);
/* The problem that stopped reading the game at index of the collection,
 * NULL if it was read completely. */
const VsRecordProblem *vs_game_collection_get_game_problem (VsGameCollection *self, guint index);

G_END_DECLS
