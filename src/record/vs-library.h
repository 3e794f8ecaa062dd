/* vs-library.h — a game library: many record files in one SQLite database,
 * with an opening explorer and position search over their games.
 *
 * Every position of every game's main line is stored under its 64-bit
 * Zobrist key (as a signed int64) and its variant id (janggi and
 * janggi-casual are different rule sets and are kept apart).  Each file is
 * imported in one transaction: readers never see half a file, and a
 * cancelled or failed import leaves the library as it was before that file.
 */
#pragma once

#include <gio/gio.h>
#include "vs-record.h"

G_BEGIN_DECLS

typedef struct _VsLibrary VsLibrary;

typedef struct {
  guint      games_added;    /* games stored from the file                 */
  guint      games_removed;  /* games of an older version of the file      */
  guint      games_skipped;  /* games of an unchanged file (nothing done)  */
  guint      problems;       /* problems met while reading                 */
  gboolean   unchanged;      /* the file was already in the library as is  */
  GPtrArray *messages;       /* char*: the problems' messages (owned)      */
} VsLibraryStats;

void vs_library_stats_clear (VsLibraryStats *stats);

/* A move played from a position. */
typedef struct {
  char  *uci;
  guint  games;
  guint  white_wins;   /* White, or Cho in Janggi */
  guint  draws;
  guint  black_wins;   /* Black, or Han in Janggi */
} VsLibraryMove;

/* A game holding a position (or matching a header search). */
typedef struct {
  gint64 game_id;
  char  *white, *black, *event, *date, *result;
  guint  ply;          /* first ply at which the position stands (0: start) */
  char  *file;         /* the record file it was read from (absolute path) */
  guint  index_in_file;/* its index among the file's games (from 0)       */
} VsLibraryGame;

/* Header search: NULL fields match anything.  player matches White or
 * Black (substring, case-insensitive), event a substring, date_from/date_to
 * compare the Date header as text ("2016.01.01", inclusive; a date_to
 * prefix such as "2016" takes in the whole year), result the Result
 * header exactly, results the game's outcome: a mask of 1 << VsResult
 * (0: any), which also works where the header is in another form. */
typedef struct {
  const char *variant_id;
  const char *player;
  const char *event;
  const char *date_from;
  const char *date_to;
  const char *result;
  guint       results;
} VsLibraryQuery;

/* Opens (or creates) a library.  A library made by an older version of
 * this program (another layout) is rebuilt: its record files are imported
 * again where they still are; vs_library_take_notices then tells so, and
 * which files must be added again. */
VsLibrary *vs_library_open  (const char *path, GError **error);
void       vs_library_close (VsLibrary *lib);
/* What opening the library did, as translated sentences (char*, possibly
 * none; the caller owns the array, later calls give the new ones). */
GPtrArray *vs_library_take_notices (VsLibrary *lib);

/* Add (or refresh) one record file.  progress gets the bytes read; a
 * cancelled import rolls that file back (FALSE, G_IO_ERROR_CANCELLED).
 * Problems while reading are not errors: the readable games are stored
 * and the problems counted in stats.  TRUE unless I/O, database or cancel. */
gboolean   vs_library_add_file (VsLibrary *lib, const char *path,
                                VsRecordProgressFunc progress, gpointer progress_data,
                                GCancellable *cancellable, VsLibraryStats *stats,
                                GError **error);

guint      vs_library_count_games     (VsLibrary *lib);
guint64    vs_library_count_positions (VsLibrary *lib);

/* Moves from the position (variant_id, key), most played first
 * (VsLibraryMove*, free with g_ptr_array_unref).  A game counts once per move. */
GPtrArray *vs_library_explore (VsLibrary *lib, const char *variant_id, guint64 key, GError **error);
/* Games reaching the position by any move order (VsLibraryGame*), by game id. */
GPtrArray *vs_library_find    (VsLibrary *lib, const char *variant_id, guint64 key, GError **error);
/* Games whose headers match q (VsLibraryGame*, ply = main line length). */
GPtrArray *vs_library_search  (VsLibrary *lib, const VsLibraryQuery *q, GError **error);

G_END_DECLS
