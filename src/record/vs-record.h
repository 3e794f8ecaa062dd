/* vs-record.h — reading and writing game records: PGN, Korean gibo (.gib)
 * and bare numbered move lists ("kifu", e.g. Chartima's rules-page records).
 *
 * Readers never abort: every game they can read is delivered, a game with a
 * problem is delivered with every header and move read before the problem,
 * and the problem (file, line, column, offending text, move number, the
 * position before an illegal move) is reported as a VsRecordProblem and as a
 * GError in the VS_RECORD_ERROR domain with a translated message.  Every move
 * is checked for legality with src/core.
 *
 * Readers stream: the file is read in blocks and each game is parsed and
 * handed to a callback as soon as its text is complete, so memory grows with
 * the games the caller keeps, not with the file size.  All readers may run in
 * a worker thread (they use no global state) and take a GCancellable and a
 * progress callback; vs_record_read_file_async() wraps this in a GTask.
 */
#pragma once

#include <gio/gio.h>
#include "vs-game.h"

G_BEGIN_DECLS

typedef struct _VsGameCollection VsGameCollection;

/* ---- Errors ------------------------------------------------------------------ */

#define VS_RECORD_ERROR (vs_record_error_quark ())
GQuark vs_record_error_quark (void);

typedef enum {
  VS_RECORD_ERROR_SYNTAX,           /* text not understood                      */
  VS_RECORD_ERROR_ILLEGAL_MOVE,     /* move understood but illegal/ambiguous    */
  VS_RECORD_ERROR_UNKNOWN_VARIANT,
  VS_RECORD_ERROR_BAD_POSITION,     /* [FEN], [판], setups                       */
  VS_RECORD_ERROR_ENCODING,         /* bytes that are neither UTF-8 nor CP949   */
  VS_RECORD_ERROR_OLD_COORDINATES,  /* gibo 기보형식 "구좌표"                     */
  VS_RECORD_ERROR_UNSUPPORTED,      /* format/variant combination not supported */
  VS_RECORD_ERROR_IO,
  VS_RECORD_ERROR_NOT_A_RECORD,     /* binary data (an image, an archive…), not text */
} VsRecordErrorCode;

/* One problem met while reading.  Boxed (VS_TYPE_RECORD_PROBLEM). */
typedef struct {
  VsRecordErrorCode code;
  char  *file;          /* the file name given to the reader, or NULL       */
  guint  line;          /* 1-based line of the offending text               */
  guint  column;        /* 1-based column, in characters                    */
  char  *text;          /* the offending text                               */
  guint  game_index;    /* 0-based index of the game in the file (games not
                           read at all count too)                          */
  guint  move_number;   /* move number of an illegal move (0 if none)       */
  guint  ply;           /* 1-based ply of an illegal move on its line (0 if none) */
  char  *position;      /* position string before an illegal move, or NULL  */
  char  *message;       /* translated, complete: "file:line:col: …"          */
} VsRecordProblem;

#define VS_TYPE_RECORD_PROBLEM (vs_record_problem_get_type ())
GType            vs_record_problem_get_type (void);
VsRecordProblem *vs_record_problem_copy (const VsRecordProblem *p);
void             vs_record_problem_free (VsRecordProblem *p);
/* A GError (VS_RECORD_ERROR, p->code, p->message). */
GError          *vs_record_problem_to_error (const VsRecordProblem *p);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (VsRecordProblem, vs_record_problem_free)

/* ---- Formats and options ----------------------------------------------------- */

typedef enum {
  VS_RECORD_FORMAT_AUTO = 0,   /* from the content (and the file extension) */
  VS_RECORD_FORMAT_PGN,
  VS_RECORD_FORMAT_GIBO,       /* Korean .gib                                */
  VS_RECORD_FORMAT_KIFU,       /* bare numbered move list, no headers        */
} VsRecordFormat;

typedef enum {
  VS_RECORD_ENCODING_AUTO = 0, /* reading: UTF-8 if valid, else CP949; writing: the format's default */
  VS_RECORD_ENCODING_UTF8,
  VS_RECORD_ENCODING_CP949,
} VsRecordEncoding;

typedef struct {
  VsRecordFormat   format;
  VsRecordEncoding encoding;
  /* Variant (rule set) for games that do not name one: a bare move list, a
   * PGN game without [Variant], a gibo file.  NULL: gibo uses janggi-casual,
   * a bare move list is Strato if its squares carry a level letter and
   * Chartima otherwise, and a PGN game without [Variant] is an error
   * (VS_RECORD_ERROR_UNKNOWN_VARIANT: orthodox chess is not a variant here). */
  const VsVariant *variant;
  /* Shown in messages (defaults to the path for file readers). */
  const char      *filename;
  /* PGN: store every move's SAN as vs_move_write() writes it instead of the
   * text of the file (glyphs such as "?!" always become NAGs).  Chartima and
   * Strato moves are always stored canonically (their writers must produce
   * the canonical spaced form); gibo moves always get canonical SAN. */
  gboolean         canonical_san;
  /* vs_record_read_file*: keep every game read compact (vs_game_compact):
   * a few KB of text each instead of its tree, read back when shown, so a
   * file of 100 MB needs far less memory than its trees would. */
  gboolean         compact_games;
} VsRecordOptions;

/* Called with each game read, in file order.  problem is NULL for a game
 * read completely, else what stopped it (the game then holds what was read
 * before); game is NULL for a game that could not be read at all (unknown
 * variant, bad start position), problem says why.  The callback may take a reference on game; the reader drops its
 * own after the call.  Return FALSE to stop reading. */
typedef gboolean (*VsRecordGameFunc) (VsGame *game, const VsRecordProblem *problem,
                                      gpointer user_data);
/* Progress: bytes read so far and total (0 if unknown). */
typedef void     (*VsRecordProgressFunc) (guint64 done, guint64 total, gpointer user_data);

/* Stream games from in.  total_size (0 if unknown) is passed to progress.
 * Returns TRUE if every game was read without a problem; FALSE with error
 * set to the first problem (the callback has seen every game anyway), to an
 * I/O error, or to G_IO_ERROR_CANCELLED. */
gboolean vs_record_read_stream (GInputStream *in, guint64 total_size,
                                const VsRecordOptions *options,
                                VsRecordGameFunc game_func, gpointer game_data,
                                VsRecordProgressFunc progress, gpointer progress_data,
                                GCancellable *cancellable, GError **error);

/* Read a whole file (or text in memory) into collection (games appended,
 * problems recorded in the collection).  Same return value as above.  The
 * format is detected from the content, then the extension (.pgn, .gib).
 * A file whose first block is binary data (NUL bytes or mostly control
 * characters: an image, an archive, a program) is not read at all: FALSE
 * with VS_RECORD_ERROR_NOT_A_RECORD ("FILE is not a game record: …"). */
gboolean vs_record_read_file   (const char *path, const VsRecordOptions *options,
                                VsGameCollection *collection,
                                VsRecordProgressFunc progress, gpointer progress_data,
                                GCancellable *cancellable, GError **error);
gboolean vs_record_read_data   (const char *data, gssize len, const VsRecordOptions *options,
                                VsGameCollection *collection, GError **error);

/* Read a file in a worker thread (GTask).  progress is called in the thread
 * default main context of the caller (at most ~20 times a second).  The
 * result is a new VsGameCollection, returned even when some games had
 * problems (then *error is set too); NULL only on I/O errors or cancel. */
void     vs_record_read_file_async  (const char *path, const VsRecordOptions *options,
                                     VsRecordProgressFunc progress, gpointer progress_data,
                                     GDestroyNotify progress_notify,
                                     GCancellable *cancellable,
                                     GAsyncReadyCallback callback, gpointer user_data);
VsGameCollection *vs_record_read_file_finish (GAsyncResult *result, GError **error);

/* Detect the format of text (first bytes of a file) and a file name. */
VsRecordFormat vs_record_detect_format (const char *data, gsize len, const char *filename);

/* ---- Writers ------------------------------------------------------------------- */

/* One game as PGN text (UTF-8, "\n" line ends, movetext wrapped at 80
 * columns).  Variant, FEN and SetUp tags come from the game. */
char    *vs_pgn_write_game     (VsGame *game);
/* One game as gibo text (UTF-8, CRLF).  Janggi only: FALSE/NULL with
 * VS_RECORD_ERROR_UNSUPPORTED otherwise. */
char    *vs_gibo_write_game    (VsGame *game, GError **error);
/* One game as a bare numbered move list in the variant's record notation
 * (main line only, no headers): "1. P D3 - D4 P E8 - E6 2. …". */
char    *vs_kifu_write_game    (VsGame *game);

/* Every game of collection (games separated by a blank line), in format and
 * encoding (AUTO: UTF-8 for PGN/kifu, CP949 for gibo).  Returns the bytes. */
GBytes  *vs_record_write_collection (VsGameCollection *collection, VsRecordFormat format,
                                     VsRecordEncoding encoding, GError **error);
gboolean vs_record_write_file  (VsGameCollection *collection, const char *path,
                                VsRecordFormat format, VsRecordEncoding encoding,
                                GError **error);

/* ---- Snapshots: writing in another thread ------------------------------------ */

/* The PGN text of every game of collection, in order, as GRefStrings: a
 * compact game's own text is shared (not copied), other games are written
 * now.  The texts never change, so the array may go to a worker thread
 * while the games are edited.  Cheap for a big file of compact games: the
 * main loop only writes the games that were opened.  Free with
 * g_ptr_array_unref. */
GPtrArray *vs_record_snapshot_pgn  (VsGameCollection *collection);
/* The bytes of the PGN file of a snapshot: what vs_record_write_collection
 * (…, VS_RECORD_FORMAT_PGN, VS_RECORD_ENCODING_UTF8, …) writes. */
GBytes    *vs_record_snapshot_join (GPtrArray *snapshot);

G_END_DECLS
