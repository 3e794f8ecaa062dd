/* vs-library.c — the game library (see vs-library.h). */
#include "config.h"
#include "vs-library.h"
#include "vs-game-collection.h"
#include "vs-record-private.h"
#include "vs-hash-stream.h"

#include <glib/gi18n-lib.h>
#include <sqlite3.h>
#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>
#ifdef G_OS_UNIX
#include <sys/mman.h>
#include <unistd.h>
#endif

struct _VsLibrary {
  sqlite3      *db;
  sqlite3_stmt *ins_file, *upd_file, *ins_game, *ins_pos, *ins_pos_batch, *find_file, *del_pos, *del_games,
               *del_file, *count_games, *variant_code, *ins_variant;
  GPtrArray    *notices;   /* char*: what opening the library did (an upgrade) */
};

/* Each position row carries an integer id made of the game id and the ply
 * (the game's positions are one id range).  Plies past POS_PLY_MAX are not
 * indexed. */
#define POS_PLY_BITS 16
#define POS_PLY_MAX  65535   /* (1 << POS_PLY_BITS) - 1, as SQL text too */
/* Rows per multi-row INSERT of positions. */
#define POS_BATCH    32
/* Position rows kept for one sorted write at most (32 bytes each, twice:
 * the rows and the buffer they are sorted into, plus the few move texts
 * that have no code): a bigger file is written in several sorted runs.
 * Each run after the first goes into the middle of the table (page
 * splits, half-full pages): 2^21 takes a 25,000-game collection in one
 * or two runs (2^20: three), 9 % less CPU for the Korean one, at a peak
 * of 240 MB instead of 174 MB. */
#define POS_SORT_MAX (1u << 21)

/* Bytes read at a time to check a file's digest; bytes looked at to tell
 * a file's format. */
#define READ_CHUNK  (64 * 1024)
#define FORMAT_PEEK 4096

#define SCHEMA_VERSION 5

static const char pragmas[] =
  "PRAGMA page_size=16384;"
  "PRAGMA journal_mode=WAL;"
  "PRAGMA synchronous=NORMAL;"
  "PRAGMA foreign_keys=OFF;"
  "PRAGMA cache_size=-131072;";

static const char schema[] =
  "CREATE TABLE IF NOT EXISTS files (id INTEGER PRIMARY KEY, path TEXT UNIQUE NOT NULL,"
  " size INTEGER NOT NULL, mtime INTEGER NOT NULL, hash TEXT NOT NULL);"
  "CREATE TABLE IF NOT EXISTS variants (id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL);"
  "CREATE TABLE IF NOT EXISTS games (id INTEGER PRIMARY KEY, file_id INTEGER NOT NULL,"
  " index_in_file INTEGER NOT NULL, variant TEXT NOT NULL, rules TEXT,"
  " white TEXT, black TEXT, event TEXT, date TEXT, result TEXT, result_code INTEGER,"
  " headers TEXT, moves TEXT, plies INTEGER);"
  "CREATE INDEX IF NOT EXISTS games_file ON games (file_id);"
  /* One row per position, stored once: the table is its own index, by
   * variant, position, then game (explore and find read one range of it;
   * the variant first so that adding games of one variant leaves the
   * pages of the others' positions alone, keys being spread at random).  variant:
   * variants.id; id = game id << POS_PLY_BITS | ply; move: the move played
   * from the position as a code (move_code; 0: none, the game's last
   * position) or, for a text with no code, as TEXT; result: the game's (as
   * games.result_code).  move and result are not in the key: a key of
   * three integers is cheaper to compare on every insertion. */
  "CREATE TABLE IF NOT EXISTS positions (key INTEGER NOT NULL, variant INTEGER NOT NULL,"
  " id INTEGER NOT NULL, move NOT NULL, result INTEGER NOT NULL,"
  " PRIMARY KEY (variant, key, id)) WITHOUT ROWID;";

/* The older layouts: version 4 (positions keyed by key, variant, id),
 * version 3 (a rowid positions table and an index positions_key beside
 * it, moves as text) and those before it.  Their
 * files are imported again (vs_library_open). */
static const char drop_old[] =
  "DROP TABLE IF EXISTS positions; DROP TABLE IF EXISTS games; DROP TABLE IF EXISTS files;"
  " DROP TABLE IF EXISTS variants;";

static gboolean
db_error (VsLibrary *lib, GError **error)
{
  g_set_error (error, VS_RECORD_ERROR, VS_RECORD_ERROR_IO,
               _("game library: %s"), sqlite3_errmsg (lib->db));
  return FALSE;
}

static gboolean
prepare (VsLibrary *lib, const char *sql, sqlite3_stmt **out, GError **error)
{
  if (sqlite3_prepare_v2 (lib->db, sql, -1, out, NULL) != SQLITE_OK)
    return db_error (lib, error);
  return TRUE;
}

static gboolean
exec (VsLibrary *lib, const char *sql, GError **error)
{
  if (sqlite3_exec (lib->db, sql, NULL, NULL, NULL) != SQLITE_OK)
    return db_error (lib, error);
  return TRUE;
}

static int
int_query (VsLibrary *lib, const char *sql)
{
  sqlite3_stmt *st = NULL;
  int n = -1;
  if (sqlite3_prepare_v2 (lib->db, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step (st) == SQLITE_ROW)
    n = sqlite3_column_int (st, 0);
  sqlite3_finalize (st);
  return n;
}

/* The record files of an older library (none if it has no files table). */
static GPtrArray *
old_paths (VsLibrary *lib)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  sqlite3_stmt *st = NULL;
  if (sqlite3_prepare_v2 (lib->db, "SELECT path FROM files ORDER BY id", -1, &st, NULL) == SQLITE_OK)
    while (sqlite3_step (st) == SQLITE_ROW)
      g_ptr_array_add (paths, g_strdup ((const char *) sqlite3_column_text (st, 0)));
  sqlite3_finalize (st);
  return paths;
}

/* *reimport: the files of an older layout, to be imported again. */
static gboolean
ensure_schema (VsLibrary *lib, const char *path, GPtrArray **reimport, GError **error)
{
  if (!exec (lib, pragmas, error) || !exec (lib, "BEGIN IMMEDIATE", error))
    return FALSE;
  int version = int_query (lib, "PRAGMA user_version");
  if (version > SCHEMA_VERSION)
    {
      sqlite3_exec (lib->db, "ROLLBACK", NULL, NULL, NULL);
      g_set_error (error, VS_RECORD_ERROR, VS_RECORD_ERROR_IO,
                   _("the game library “%s” was made by a newer version of this program"), path);
      return FALSE;
    }
  if (version < SCHEMA_VERSION)
    {
      *reimport = old_paths (lib);
      g_autofree char *sql = g_strdup_printf ("%s%s PRAGMA user_version=%d;",
                                              drop_old, schema, SCHEMA_VERSION);
      if (!exec (lib, sql, error))
        {
          sqlite3_exec (lib->db, "ROLLBACK", NULL, NULL, NULL);
          return FALSE;
        }
    }
  return exec (lib, "COMMIT", error);
}

void
vs_library_stats_clear (VsLibraryStats *stats)
{
  if (!stats)
    return;
  g_clear_pointer (&stats->messages, g_ptr_array_unref);
  memset (stats, 0, sizeof *stats);
}

static char *
batch_insert_sql (guint rows)
{
  /* OR FAIL: a failing row stops the statement where it is (the file's
   * transaction is rolled back then), so SQLite keeps no statement journal
   * of the pages the rows change (it did, 274 MB for 148k rows, with the
   * default ABORT of a multi-row INSERT) */
  GString *sql = g_string_new ("INSERT OR FAIL INTO positions (key, variant, id, move, result) VALUES (?,?,?,?,?)");
  for (guint i = 1; i < rows; i++)
    g_string_append (sql, ",(?,?,?,?,?)");
  return g_string_free (sql, FALSE);
}

VsLibrary *
vs_library_open (const char *path, GError **error)
{
  VsLibrary *lib = g_new0 (VsLibrary, 1);
  if (sqlite3_open_v2 (path, &lib->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                   _("cannot open the game library “%s”: %s"), path,
                   lib->db ? sqlite3_errmsg (lib->db) : "out of memory");
      vs_library_close (lib);
      return NULL;
    }
  sqlite3_busy_timeout (lib->db, 5000);
  lib->notices = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *batch = batch_insert_sql (POS_BATCH);
  g_autoptr (GPtrArray) reimport = NULL;
  if (!ensure_schema (lib, path, &reimport, error)
      || !prepare (lib, "INSERT INTO files (path, size, mtime, hash) VALUES (?,?,?,?)", &lib->ins_file, error)
      || !prepare (lib, "UPDATE files SET size = ?, hash = ? WHERE id = ?", &lib->upd_file, error)
      || !prepare (lib, "INSERT INTO games (file_id, index_in_file, variant, rules, white, black, event, date,"
                        " result, result_code, headers, moves, plies) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", &lib->ins_game, error)
      || !prepare (lib, "INSERT OR FAIL INTO positions (key, variant, id, move, result) VALUES (?,?,?,?,?)", &lib->ins_pos, error)
      || !prepare (lib, batch, &lib->ins_pos_batch, error)
      || !prepare (lib, "SELECT id, size, mtime, hash, (SELECT COUNT(*) FROM games WHERE file_id = files.id)"
                        " FROM files WHERE path = ?", &lib->find_file, error)
      /* a scan of the whole table (positions are in key order): only for a
       * file changed since it was added */
      || !prepare (lib, "DELETE FROM positions WHERE id BETWEEN"
                        " (SELECT MIN(id) FROM games WHERE file_id = ?1) << " G_STRINGIFY (POS_PLY_BITS)
                        " AND ((SELECT MAX(id) FROM games WHERE file_id = ?1) << " G_STRINGIFY (POS_PLY_BITS)
                        ") | " G_STRINGIFY (POS_PLY_MAX), &lib->del_pos, error)
      || !prepare (lib, "DELETE FROM games WHERE file_id = ?", &lib->del_games, error)
      || !prepare (lib, "DELETE FROM files WHERE id = ?", &lib->del_file, error)
      || !prepare (lib, "SELECT COUNT(*) FROM games", &lib->count_games, error)
      || !prepare (lib, "SELECT id FROM variants WHERE name = ?", &lib->variant_code, error)
      || !prepare (lib, "INSERT INTO variants (name) VALUES (?)", &lib->ins_variant, error))
    {
      vs_library_close (lib);
      return NULL;
    }
  if (reimport && reimport->len)
    {
      /* an older layout: its files are read again where they still are */
      g_ptr_array_add (lib->notices,
                       g_strdup_printf (_("The game library “%s” was made by an older version of this program:"
                                          " it has been rebuilt from its record files."), path));
      for (guint i = 0; i < reimport->len; i++)
        {
          const char *file = reimport->pdata[i];
          g_autoptr (GError) err = NULL;
          if (!g_file_test (file, G_FILE_TEST_IS_REGULAR))
            g_ptr_array_add (lib->notices,
                             g_strdup_printf (_("“%s” is no longer there: add it to the game library again."), file));
          else if (!vs_library_add_file (lib, file, NULL, NULL, NULL, NULL, &err))
            g_ptr_array_add (lib->notices,
                             g_strdup_printf (_("“%s” could not be read again (%s): add it to the game library again."),
                                              file, err->message));
        }
    }
  return lib;
}

GPtrArray *
vs_library_take_notices (VsLibrary *lib)
{
  GPtrArray *out = g_steal_pointer (&lib->notices);
  lib->notices = g_ptr_array_new_with_free_func (g_free);
  return out;
}

void
vs_library_close (VsLibrary *lib)
{
  if (!lib)
    return;
  sqlite3_stmt **s[] = { &lib->ins_file, &lib->upd_file, &lib->ins_game, &lib->ins_pos, &lib->ins_pos_batch,
                         &lib->find_file, &lib->del_pos, &lib->del_games, &lib->del_file,
                         &lib->count_games, &lib->variant_code, &lib->ins_variant };
  for (guint i = 0; i < G_N_ELEMENTS (s); i++)
    g_clear_pointer (s[i], sqlite3_finalize);
  sqlite3_close (lib->db);
  g_clear_pointer (&lib->notices, g_ptr_array_unref);
  g_free (lib);
}

static void
bind_text (sqlite3_stmt *st, int i, const char *s)
{
  if (s)
    sqlite3_bind_text (st, i, s, -1, SQLITE_TRANSIENT);
  else
    sqlite3_bind_null (st, i);
}

static gboolean
step_done (sqlite3_stmt *st)
{
  int rc = sqlite3_step (st);
  sqlite3_reset (st);
  return rc == SQLITE_DONE;
}

/* The code of a variant id in this library, created if new (inside the
 * import's transaction); -1 on a database error. */
static gint64
variant_code (VsLibrary *lib, const char *id)
{
  gint64 code = -1;
  sqlite3_stmt *st = lib->variant_code;
  sqlite3_bind_text (st, 1, id, -1, SQLITE_STATIC);
  if (sqlite3_step (st) == SQLITE_ROW)
    code = sqlite3_column_int64 (st, 0);
  sqlite3_reset (st);
  if (code < 0)
    {
      sqlite3_bind_text (lib->ins_variant, 1, id, -1, SQLITE_STATIC);
      if (step_done (lib->ins_variant))
        code = sqlite3_last_insert_rowid (lib->db);
    }
  return code;
}

/* The UCI texts of the moves met, by move: the text is a function of the
 * move alone (squares, kind, piece) except for a Janggi pass, whose
 * squares may be left out (the King's square is then the position's), so
 * passes are not kept.  Direct-mapped, UCI_CACHE entries, for one variant. */
#define UCI_CACHE 4096
typedef struct {
  VsMove  move;       /* VS_MOVE_CORE; VS_MOVE_NONE: empty */
  guint8  len;
  char    text[19];
  gint64  code;       /* move_code of text */
} UciEntry;

typedef struct _PosRow PosRow;

typedef struct {
  guint   end;        /* where the move's text ends in Import.moves */
  gint64  code;       /* its move_code */
} MoveEnd;

typedef struct {
  VsLibrary      *lib;
  gint64          file_id;
  guint           index;
  VsLibraryStats *stats;
  VsPosition     *pos;
  GString        *moves;     /* the main line in UCI, space-separated */
  GArray         *keys;      /* guint64: the key before each ply      */
  GArray         *ends;      /* MoveEnd: each move's end in moves, code */
  GString        *headers;
  VsPosition     *start;     /* the last game's start position, from:    */
  const VsVariant *start_variant;
  char           *start_fen;
  VsResult        result;    /* the game's */
  const VsVariant *variant;  /* the last game's variant and its code */
  gint64          vcode;
  gboolean        failed;
  PosRow         *rows;      /* the rows not written yet (ROWS_ROOM)    */
  gsize           n_rows;
  PosRow         *spare;     /* as much room, to sort them into        */
  GString        *pool;      /* their move texts that have no code */
  const VsVariant *uci_variant;  /* the variant of uci's texts */
  UciEntry       *uci;       /* UCI_CACHE entries */
} Import;

static gint64 move_code (const char *text, gsize len);

/* One pass over the main line: the key of every position and the UCI of
 * every move (with its code). */
static gboolean
collect_position (const VsPosition *pos, guint ply, VsMove move, gpointer data)
{
  Import *im = data;
  if (ply > POS_PLY_MAX)
    return TRUE;
  g_array_append_val (im->keys, pos->key);
  if (move)
    {
      if (pos->variant != im->uci_variant)
        {
          for (guint i = 0; i < UCI_CACHE; i++)
            im->uci[i].move = VS_MOVE_NONE;
          im->uci_variant = pos->variant;
        }
      VsMove core = VS_MOVE_CORE (move);
      UciEntry *e = &im->uci[(core * 2654435761u) >> 20];
      G_STATIC_ASSERT (UCI_CACHE == 1u << 12);
      if (ply)
        g_string_append_c (im->moves, ' ');
      MoveEnd me;
      if (e->move == core)
        {
          g_string_append_len (im->moves, e->text, e->len);
          me.code = e->code;
        }
      else
        {
          char buf[VS_MOVE_TEXT_MAX];
          vs_move_write (pos, move, VS_NOTATION_UCI, buf);
          gsize len = strlen (buf);
          g_string_append_len (im->moves, buf, len);
          me.code = move_code (buf, len);
          if (VS_MOVE_KIND (move) != VS_MOVE_PASS && len < sizeof e->text)
            {
              e->move = core;
              e->len = len;
              memcpy (e->text, buf, len);
              e->code = me.code;
            }
        }
      me.end = im->moves->len;
      g_array_append_val (im->ends, me);
    }
  return TRUE;
}

/* Move codes: a UCI text of at most MOVE_CODE_CHARS characters from
 * move_alphabet, 6 bits a character (from 1), first character highest, so
 * that "e2e4" takes 3 bytes in the database and "e7e8q" 4.  0 is no move;
 * a text with no code is stored as text. */
#define MOVE_CODE_CHARS 10
static const char move_alphabet[] =
  "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ@";

static gint64
move_code (const char *text, gsize len)
{
  if (len == 0 || len > MOVE_CODE_CHARS)
    return -1;
  gint64 code = 0;
  for (gsize i = 0; i < len; i++)
    {
      const char *c = text[i] ? strchr (move_alphabet, text[i]) : NULL;
      if (!c)
        return -1;
      code = (code << 6) | (c - move_alphabet + 1);
    }
  return code;
}

/* The text of a code > 0. */
static void
move_code_text (gint64 code, char out[MOVE_CODE_CHARS + 1])
{
  char rev[MOVE_CODE_CHARS];
  guint n = 0;
  for (; code > 0 && n < MOVE_CODE_CHARS; code >>= 6)
    rev[n++] = move_alphabet[(code & 63) - 1];
  for (guint i = 0; i < n; i++)
    out[i] = rev[n - 1 - i];
  out[n] = 0;
}

/* One position row, kept until the rows are written sorted in the
 * table's order, so that the table takes them in one ordered pass
 * instead of one random descent per row. */
struct _PosRow {
  gint64  key;       /* as SQLite stores it (signed) */
  gint64  id;
  gint64  move;      /* move_code >= 0; < 0: the text at -1 - move in Import.pool */
  gint32  vcode;
  guint16 move_len;  /* of that text */
  gint8   result;
};                  /* 32 bytes */

/* Room for the rows kept at most: POS_SORT_MAX, and a game's more. */
#define ROWS_ROOM ((gsize) POS_SORT_MAX + POS_PLY_MAX + 1)

/* A buffer of ROWS_ROOM rows, reserved at once (the pages never touched
 * cost nothing) and, where the system has them, advised for huge pages:
 * filling the rows of a big file took a page fault every 4 KiB, 8 % of a
 * Janggi import in perf (most of it the fault entry of a virtual
 * machine). */
static PosRow *
rows_buffer_new (void)
{
  gsize size = ROWS_ROOM * sizeof (PosRow);
  PosRow *p = g_malloc (size);
#if defined (MADV_HUGEPAGE)
  gsize page = (gsize) sysconf (_SC_PAGESIZE);
  guintptr a = ((guintptr) p + page - 1) & ~(guintptr) (page - 1);
  guintptr e = ((guintptr) p + size) & ~(guintptr) (page - 1);
  if (e > a)
    madvise ((void *) a, e - a, MADV_HUGEPAGE);   /* only advice: no error matters */
#endif
  return p;
}

/* The table's order: variant, key, id. */
static inline int
pos_row_cmp (const PosRow *x, const PosRow *y, const char *pool)
{
  (void) pool;
  if (x->vcode != y->vcode)
    return x->vcode < y->vcode ? -1 : 1;
  if (x->key != y->key)
    return x->key < y->key ? -1 : 1;
  return x->id < y->id ? -1 : x->id > y->id;
}

static inline void
pos_row_swap (PosRow *a, PosRow *b)
{
  PosRow t = *a;
  *a = *b;
  *b = t;
}

/* Sorts rows[0..n) by pos_row_cmp (no two rows are equal: ids differ):
 * a quicksort with the comparison inlined (g_array_sort_with_data's merge
 * sort calls back and memcpy's each row). */
static void
sort_rows (PosRow *rows, gsize n, const char *pool)
{
  while (n > 16)
    {
      /* median of three to rows[0] */
      PosRow *a = rows + 1, *b = rows + n / 2, *c = rows + n - 1;
      if (pos_row_cmp (a, b, pool) > 0)
        pos_row_swap (a, b);
      if (pos_row_cmp (b, c, pool) > 0)
        {
          pos_row_swap (b, c);
          if (pos_row_cmp (a, b, pool) > 0)
            pos_row_swap (a, b);
        }
      pos_row_swap (rows, b);
      /* rows[0] is the pivot; Hoare partition of rows[1..n) */
      gsize i = 0, j = n;
      for (;;)
        {
          do i++; while (i < n && pos_row_cmp (rows + i, rows, pool) < 0);
          do j--; while (pos_row_cmp (rows + j, rows, pool) > 0);
          if (i >= j)
            break;
          pos_row_swap (rows + i, rows + j);
        }
      pos_row_swap (rows, rows + j);
      /* the smaller side by recursion, the bigger one by the loop */
      if (j < n - j - 1)
        {
          sort_rows (rows, j, pool);
          rows += j + 1;
          n -= j + 1;
        }
      else
        {
          sort_rows (rows + j + 1, n - j - 1, pool);
          n = j;
        }
    }
  for (gsize i = 1; i < n; i++)
    for (gsize k = i; k > 0 && pos_row_cmp (rows + k - 1, rows + k, pool) > 0; k--)
      pos_row_swap (rows + k - 1, rows + k);
}

/* Sorts the n rows (n > 0) kept by im in the table's order.  The keys are
 * spread evenly (they are hashes): the rows of one variant are first
 * dealt into buckets by the top bits of their key, about 16 a bucket, in
 * one pass, each bucket then sorted alone in the cache (the quicksort
 * over the whole array took 6 % of a big import).  Rows of several
 * variants are sorted whole. */
static void
sort_kept_rows (Import *im)
{
  PosRow *rows = im->rows;
  gsize n = im->n_rows;
  const char *pool = im->pool->str;
  gboolean one_variant = TRUE;
  for (gsize i = 1; i < n && one_variant; i++)
    one_variant = rows[i].vcode == rows[0].vcode;
  if (n < 4096 || !one_variant)
    {
      sort_rows (rows, n, pool);
      return;
    }
  guint bits = CLAMP (g_bit_storage (n / 16), 8, 16);
  gsize nb = (gsize) 1 << bits;
  guint shift = 64 - bits;
  /* the bucket of a key in signed order */
#define BUCKET(r) ((gsize) (((guint64) (r)->key ^ G_GUINT64_CONSTANT (0x8000000000000000)) >> shift))
  g_autofree gsize *start = g_new0 (gsize, nb + 1);
  for (gsize i = 0; i < n; i++)
    start[BUCKET (rows + i) + 1]++;
  for (gsize b = 0; b < nb; b++)
    start[b + 1] += start[b];
  if (!im->spare)
    im->spare = rows_buffer_new ();
  PosRow *out = im->spare;
  /* start[b] moves to the end of bucket b, the start of b + 1 */
  for (gsize i = 0; i < n; i++)
    out[start[BUCKET (rows + i)]++] = rows[i];
#undef BUCKET
  im->spare = rows;
  im->rows = out;
  /* the scatter keeps the order of the rows, by game and ply: a bucket
   * of one position (a common opening) is sorted already */
  for (gsize b = 0, lo = 0; b < nb; lo = start[b++])
    {
      gsize k = lo + 1;
      while (k < start[b] && pos_row_cmp (out + k - 1, out + k, pool) < 0)
        k++;
      if (k < start[b])
        sort_rows (out + lo, start[b] - lo, pool);
    }
}

static void
bind_position (Import *im, sqlite3_stmt *st, int col, const PosRow *r)
{
  sqlite3_bind_int64 (st, col, r->key);
  sqlite3_bind_int64 (st, col + 1, r->vcode);
  sqlite3_bind_int64 (st, col + 2, r->id);
  if (r->move >= 0)
    sqlite3_bind_int64 (st, col + 3, r->move);
  else
    sqlite3_bind_text (st, col + 3, im->pool->str + (-1 - r->move), r->move_len, SQLITE_STATIC);
  sqlite3_bind_int (st, col + 4, r->result);
}

/* The rows of the last game kept (their move text copied to the pool). */
static void
keep_positions (Import *im, gint64 game_id, gint64 vcode)
{
  guint n = im->keys->len;
  if (!im->rows)
    im->rows = rows_buffer_new ();
  PosRow *rows = im->rows + im->n_rows;
  im->n_rows += n;
  const guint64 *keys = (const guint64 *) (gpointer) im->keys->data;
  const MoveEnd *ends = (const MoveEnd *) (gpointer) im->ends->data;
  for (guint ply = 0; ply < n; ply++)
    {
      PosRow *r = rows + ply;
      r->key = (gint64) keys[ply];
      r->id = (game_id << POS_PLY_BITS) | ply;
      r->vcode = vcode;
      r->move = 0;
      r->move_len = 0;
      r->result = im->result;
      if (ply < im->ends->len)
        {
          guint end = ends[ply].end;
          guint start = ply ? ends[ply - 1].end + 1 : 0;
          if ((r->move = ends[ply].code) < 0)
            {
              r->move = -1 - (gint64) im->pool->len;
              r->move_len = MIN (end - start, G_MAXUINT16);
              g_string_append_len (im->pool, im->moves->str + start, r->move_len);
            }
        }
    }
}

/* Writes the rows kept (sorted first) and forgets them. */
static gboolean
write_positions (Import *im)
{
  VsLibrary *lib = im->lib;
  guint n = im->n_rows, i = 0;
  if (n)
    sort_kept_rows (im);
  const PosRow *rows = im->rows;
  for (; i + POS_BATCH <= n; i += POS_BATCH)
    {
      for (guint j = 0; j < POS_BATCH; j++)
        bind_position (im, lib->ins_pos_batch, 1 + 5 * j, &rows[i + j]);
      if (!step_done (lib->ins_pos_batch))
        return FALSE;
    }
  for (; i < n; i++)
    {
      bind_position (im, lib->ins_pos, 1, &rows[i]);
      if (!step_done (lib->ins_pos))
        return FALSE;
    }
  im->n_rows = 0;
  g_string_truncate (im->pool, 0);
  return TRUE;
}

/* A date as PGN writes it, "YYYY.MM.DD", "YYYY.MM" or "YYYY", from the
 * forms records use ("2016-12-06", "2016.12.06", "1937년", "2007년 2월",
 * "2020.01~2020.06"),
 * so that date ranges compare as text; NULL if it holds no year. */
static char *
normal_date (const char *text)
{
  if (!text)
    return NULL;
  GString *out = g_string_new (NULL);
  guint parts = 0;
  for (const char *p = text; *p && parts < 3;)
    {
      if (!g_ascii_isdigit (*p))
        {
          p++;
          continue;
        }
      const char *q = p;
      while (g_ascii_isdigit (*q))
        q++;
      /* a year first; then month and day (a second year starts a range:
       * "2020.01~2020.06" keeps its start) */
      if ((parts == 0 && q - p != 4) || (parts > 0 && q - p > 2))
        break;
      if (parts)
        g_string_append_c (out, '.');
      if (parts && q - p == 1)
        g_string_append_c (out, '0');
      g_string_append_len (out, p, MIN (q - p, 4));
      parts++;
      p = q;
    }
  if (parts == 0)
    {
      /* "미상", "????.??.??": no date */
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

static gboolean
import_game (VsGame *game, const VsRecordProblem *problem, gpointer data)
{
  Import *im = data;
  VsLibrary *lib = im->lib;
  guint index = im->index++;
  if (problem)
    {
      im->stats->problems++;
      g_ptr_array_add (im->stats->messages, g_strdup (problem->message));
    }
  if (!game)
    return TRUE;
  g_string_truncate (im->moves, 0);
  g_array_set_size (im->keys, 0);
  g_array_set_size (im->ends, 0);
  /* most games of a file start from the same position: set it up once */
  const VsVariant *v = vs_game_get_variant (game);
  const char *fen = vs_game_get_start_fen (game);
  if (v != im->start_variant || g_strcmp0 (fen, im->start_fen) != 0)
    {
      im->start_variant = NULL;
      if (!vs_game_node_position (vs_game_get_root (game), im->start))
        return TRUE;
      im->start_variant = v;
      g_free (im->start_fen);
      im->start_fen = g_strdup (fen);
    }
  memcpy (im->pos, im->start, sizeof *im->pos);
  if (!vs_game_replay_main_line (game, im->pos, TRUE, collect_position, im))
    return TRUE;
  const char *vid = v->id;
  if (v != im->variant)
    {
      im->variant = v;
      if ((im->vcode = variant_code (lib, vid)) < 0)
        {
          im->failed = TRUE;
          return FALSE;
        }
    }
  gint64 vcode = im->vcode;

  g_string_truncate (im->headers, 0);
  for (guint i = 0; i < vs_game_get_n_headers (game); i++)
    {
      g_string_append_c (im->headers, '[');
      g_string_append (im->headers, vs_game_get_header_key (game, i));
      g_string_append (im->headers, " \"");
      g_string_append (im->headers, vs_game_get_header_value (game, i));
      g_string_append (im->headers, "\"]\n");
    }
  VsResult res = vs_game_get_result (game);
  im->result = res;
  const char *rh = vs_game_get_header (game, "Result");
  sqlite3_stmt *st = lib->ins_game;
  sqlite3_bind_int64 (st, 1, im->file_id);
  sqlite3_bind_int (st, 2, index);
  sqlite3_bind_text (st, 3, vid, -1, SQLITE_STATIC);
  bind_text (st, 4, vs_game_get_rule_set (game));
  bind_text (st, 5, _vs_gibo_header (game, "White"));
  bind_text (st, 6, _vs_gibo_header (game, "Black"));
  bind_text (st, 7, _vs_gibo_header (game, "Event"));
  g_autofree char *date = normal_date (_vs_gibo_header (game, "Date"));
  bind_text (st, 8, date);
  bind_text (st, 9, rh ? rh : (res == VS_RESULT_WHITE_WINS ? "1-0" : res == VS_RESULT_BLACK_WINS ? "0-1"
                               : res == VS_RESULT_DRAW ? "1/2-1/2" : "*"));
  sqlite3_bind_int (st, 10, res);
  sqlite3_bind_text (st, 11, im->headers->str, im->headers->len, SQLITE_STATIC);
  sqlite3_bind_text (st, 12, im->moves->str, im->moves->len, SQLITE_STATIC);
  sqlite3_bind_int (st, 13, im->ends->len);
  if (!step_done (st))
    {
      im->failed = TRUE;
      return FALSE;
    }
  keep_positions (im, sqlite3_last_insert_rowid (lib->db), vcode);
  if (im->n_rows >= POS_SORT_MAX && !write_positions (im))
    {
      im->failed = TRUE;
      return FALSE;
    }
  im->stats->games_added++;
  return TRUE;
}

/* Whether the bytes of in (read to its end) have the digest hash, as
 * stored in files.hash: a VsFileHash text, or the MD5 in hex of the
 * libraries made before it. */
static gboolean
stream_has_hash (GInputStream *in, const char *hash, GCancellable *cancellable, GError **error)
{
  gboolean md5 = !g_str_has_prefix (hash, VS_FILE_HASH_PREFIX);
  g_autoptr (GChecksum) sum = md5 ? g_checksum_new (G_CHECKSUM_MD5) : NULL;
  VsFileHash h;
  vs_file_hash_init (&h);
  g_autofree char *buf = g_malloc (READ_CHUNK);
  gssize n;
  while ((n = g_input_stream_read (in, buf, READ_CHUNK, cancellable, error)) > 0)
    {
      if (md5)
        g_checksum_update (sum, (const guchar *) buf, n);
      else
        vs_file_hash_update (&h, buf, n);
    }
  if (n < 0)
    return FALSE;
  if (md5)
    return strcmp (g_checksum_get_string (sum), hash) == 0;
  g_autofree char *text = vs_file_hash_text (&h);
  return strcmp (text, hash) == 0;
}

gboolean
vs_library_add_file (VsLibrary *lib, const char *path,
                     VsRecordProgressFunc progress, gpointer progress_data,
                     GCancellable *cancellable, VsLibraryStats *stats_out,
                     GError **error)
{
  VsLibraryStats local = { 0 };
  VsLibraryStats *stats = stats_out ? stats_out : &local;
  vs_library_stats_clear (stats);
  stats->messages = g_ptr_array_new_with_free_func (g_free);

  g_autofree char *abs = g_canonicalize_filename (path, NULL);
  GStatBuf sb;
  g_autoptr (GFile) file = g_file_new_for_path (abs);
  g_autoptr (GFileInputStream) fin = NULL;
  g_autoptr (GError) ferr = NULL;
  if (g_stat (abs, &sb) != 0)
    {
      g_set_error (error, VS_RECORD_ERROR, VS_RECORD_ERROR_IO,
                   _("cannot read “%s”: %s"), path, g_strerror (errno));
      vs_library_stats_clear (&local);
      return FALSE;
    }
  if (!(fin = g_file_read (file, cancellable, &ferr)))
    {
      g_set_error (error, VS_RECORD_ERROR, VS_RECORD_ERROR_IO,
                   _("cannot read “%s”: %s"), path, ferr->message);
      vs_library_stats_clear (&local);
      return FALSE;
    }

  gboolean ok = FALSE;
  g_autoptr (GInputStream) hashed = NULL;
  g_autoptr (GInputStream) in = NULL;
  g_autoptr (GError) rerr = NULL;
  g_autofree char *hash = NULL;
  VsRecordOptions opts = { 0 };
  Import im = { .lib = lib, .stats = stats };
  if (!exec (lib, "BEGIN IMMEDIATE", error))
    goto out_noroll;

  sqlite3_stmt *st = lib->find_file;
  sqlite3_bind_text (st, 1, abs, -1, SQLITE_TRANSIENT);
  gint64 old_id = -1;
  if (sqlite3_step (st) == SQLITE_ROW)
    {
      old_id = sqlite3_column_int64 (st, 0);
      /* the same size and time: the same file if its bytes have the same
       * digest (read here; a file that changed is read again below) */
      if (sqlite3_column_int64 (st, 1) == (gint64) sb.st_size
          && sqlite3_column_int64 (st, 2) == (gint64) sb.st_mtime)
        {
          GError *herr = NULL;
          if (!stream_has_hash (G_INPUT_STREAM (fin), (const char *) sqlite3_column_text (st, 3),
                                cancellable, &herr))
            {
              if (herr)
                {
                  g_propagate_error (error, herr);
                  goto out_reset;
                }
            }
          else
            {
              stats->unchanged = TRUE;
              stats->games_skipped = sqlite3_column_int (st, 4);
            }
        }
      if (!stats->unchanged)
        stats->games_removed = sqlite3_column_int (st, 4);
    }
  sqlite3_reset (st);
  sqlite3_clear_bindings (st);
  if (stats->unchanged)
    {
      ok = exec (lib, "COMMIT", error);
      goto out;
    }
  if (g_seekable_tell (G_SEEKABLE (fin)) != 0
      && !g_seekable_seek (G_SEEKABLE (fin), 0, G_SEEK_SET, cancellable, error))
    goto out;
  if (old_id >= 0)
    {
      sqlite3_stmt *dels[] = { lib->del_pos, lib->del_games, lib->del_file };
      for (guint i = 0; i < G_N_ELEMENTS (dels); i++)
        {
          sqlite3_bind_int64 (dels[i], 1, old_id);
          if (!step_done (dels[i]))
            {
              db_error (lib, error);
              goto out;
            }
        }
    }
  /* the size and digest of the bytes read are set once they are all read */
  st = lib->ins_file;
  sqlite3_bind_text (st, 1, abs, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (st, 2, sb.st_size);
  sqlite3_bind_int64 (st, 3, sb.st_mtime);
  sqlite3_bind_text (st, 4, "", -1, SQLITE_STATIC);
  if (!step_done (st))
    {
      db_error (lib, error);
      goto out;
    }
  im.file_id = sqlite3_last_insert_rowid (lib->db);
  im.pos = g_new (VsPosition, 1);
  im.start = g_new (VsPosition, 1);
  im.moves = g_string_new (NULL);
  im.keys = g_array_new (FALSE, FALSE, sizeof (guint64));
  im.ends = g_array_new (FALSE, FALSE, sizeof (MoveEnd));
  im.uci = g_new (UciEntry, UCI_CACHE);
  im.headers = g_string_new (NULL);
  im.pool = g_string_new (NULL);

  /* one pass over the file: the reader's bytes are digested on the way
   * (the reader asks for blocks bigger than the buffer, which go past it) */
  hashed = vs_hash_stream_new (G_INPUT_STREAM (fin));
  in = g_buffered_input_stream_new_sized (hashed, FORMAT_PEEK);
  if (g_buffered_input_stream_fill (G_BUFFERED_INPUT_STREAM (in), FORMAT_PEEK, cancellable, error) < 0)
    goto out;
  gsize head_len = 0;
  const char *head = g_buffered_input_stream_peek_buffer (G_BUFFERED_INPUT_STREAM (in), &head_len);
  opts.filename = path;
  opts.format = vs_record_detect_format (head, head_len, path);
  vs_record_read_stream (in, sb.st_size, &opts, import_game, &im, progress, progress_data,
                         cancellable, &rerr);
  if (im.failed)
    {
      db_error (lib, error);
      goto out;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    goto out;
  if (rerr && (rerr->domain != VS_RECORD_ERROR || rerr->code == VS_RECORD_ERROR_IO))
    {
      g_propagate_error (error, g_steal_pointer (&rerr));
      goto out;
    }
  if (rerr && stats->problems == 0)
    {
      /* a problem with no game (e.g. not a record at all) */
      stats->problems++;
      g_ptr_array_add (stats->messages, g_strdup (rerr->message));
    }
  /* the digest covers the whole file even if the reader stopped early */
  {
    char rest[4096];
    gssize n;
    while ((n = g_input_stream_read (hashed, rest, sizeof rest, cancellable, error)) > 0)
      ;
    if (n < 0)
      goto out;
  }
  hash = vs_hash_stream_text (VS_HASH_STREAM (hashed));
  st = lib->upd_file;
  sqlite3_bind_int64 (st, 1, (gint64) vs_hash_stream_count (VS_HASH_STREAM (hashed)));
  sqlite3_bind_text (st, 2, hash, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (st, 3, im.file_id);
  if (!step_done (st) || !write_positions (&im))
    {
      db_error (lib, error);
      goto out;
    }
  ok = exec (lib, "COMMIT", error);
  goto out;
out_reset:
  sqlite3_reset (lib->find_file);
  sqlite3_clear_bindings (lib->find_file);
out:
  if (!ok)
    {
      sqlite3_exec (lib->db, "ROLLBACK", NULL, NULL, NULL);
      stats->games_added = 0;
      stats->games_removed = 0;
    }
  g_free (im.pos);
  g_free (im.start);
  g_free (im.start_fen);
  if (im.moves)
    g_string_free (im.moves, TRUE);
  if (im.headers)
    g_string_free (im.headers, TRUE);
  if (im.keys)
    g_array_unref (im.keys);
  if (im.ends)
    g_array_unref (im.ends);
  g_free (im.uci);
  g_free (im.rows);
  g_free (im.spare);
  if (im.pool)
    g_string_free (im.pool, TRUE);
out_noroll:
  vs_library_stats_clear (&local);
  return ok;
}

guint
vs_library_count_games (VsLibrary *lib)
{
  guint n = 0;
  if (sqlite3_step (lib->count_games) == SQLITE_ROW)
    n = sqlite3_column_int (lib->count_games, 0);
  sqlite3_reset (lib->count_games);
  return n;
}

guint64
vs_library_count_positions (VsLibrary *lib)
{
  sqlite3_stmt *st = NULL;
  guint64 n = 0;
  if (sqlite3_prepare_v2 (lib->db, "SELECT COUNT(*) FROM positions", -1, &st, NULL) == SQLITE_OK
      && sqlite3_step (st) == SQLITE_ROW)
    n = sqlite3_column_int64 (st, 0);
  sqlite3_finalize (st);
  return n;
}

static void
move_free (gpointer p)
{
  VsLibraryMove *m = p;
  g_free (m->uci);
  g_free (m);
}

static void
game_free (gpointer p)
{
  VsLibraryGame *g = p;
  g_free (g->white);
  g_free (g->black);
  g_free (g->event);
  g_free (g->date);
  g_free (g->result);
  g_free (g->file);
  g_free (g);
}

/* Every row of st (bound, finalized here) made into an element by row;
 * NULL on a database error. */
static GPtrArray *
rows_query (VsLibrary *lib, sqlite3_stmt *st, gpointer (*row) (sqlite3_stmt *st),
            GDestroyNotify free_func, GError **error)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (free_func);
  int rc;
  while ((rc = sqlite3_step (st)) == SQLITE_ROW)
    g_ptr_array_add (out, row (st));
  if (rc != SQLITE_DONE)
    {
      db_error (lib, error);
      g_clear_pointer (&out, g_ptr_array_unref);
    }
  sqlite3_finalize (st);
  return out;
}

static gpointer
move_row (sqlite3_stmt *st)
{
  VsLibraryMove *m = g_new0 (VsLibraryMove, 1);
  if (sqlite3_column_type (st, 0) == SQLITE_INTEGER)
    {
      char text[MOVE_CODE_CHARS + 1];
      move_code_text (sqlite3_column_int64 (st, 0), text);
      m->uci = g_strdup (text);
    }
  else
    m->uci = g_strdup ((const char *) sqlite3_column_text (st, 0));
  m->games = sqlite3_column_int (st, 1);
  m->white_wins = sqlite3_column_int (st, 2);
  m->draws = sqlite3_column_int (st, 3);
  m->black_wins = sqlite3_column_int (st, 4);
  return m;
}

/* Most played first, then by UCI text. */
static int
move_cmp (gconstpointer a, gconstpointer b)
{
  const VsLibraryMove *x = *(VsLibraryMove * const *) a, *y = *(VsLibraryMove * const *) b;
  if (x->games != y->games)
    return x->games > y->games ? -1 : 1;
  return strcmp (x->uci, y->uci);
}

GPtrArray *
vs_library_explore (VsLibrary *lib, const char *variant_id, guint64 key, GError **error)
{
  sqlite3_stmt *st = NULL;
  if (!prepare (lib,
                "SELECT move, COUNT(*), SUM(result = 1), SUM(result = 3), SUM(result = 2)"
                " FROM (SELECT DISTINCT id >> " G_STRINGIFY (POS_PLY_BITS) " AS game_id, move, result"
                "       FROM positions"
                "       WHERE key = ?2 AND variant = (SELECT id FROM variants WHERE name = ?1)"
                "       AND move IS NOT 0)"
                " GROUP BY move", &st, error))
    return NULL;
  sqlite3_bind_text (st, 1, variant_id, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (st, 2, (gint64) key);
  GPtrArray *out = rows_query (lib, st, move_row, move_free, error);
  if (out)
    g_ptr_array_sort (out, move_cmp);
  return out;
}

static gpointer
game_row (sqlite3_stmt *st)
{
  VsLibraryGame *g = g_new0 (VsLibraryGame, 1);
  g->game_id = sqlite3_column_int64 (st, 0);
  g->white = g_strdup ((const char *) sqlite3_column_text (st, 1));
  g->black = g_strdup ((const char *) sqlite3_column_text (st, 2));
  g->event = g_strdup ((const char *) sqlite3_column_text (st, 3));
  g->date = g_strdup ((const char *) sqlite3_column_text (st, 4));
  g->result = g_strdup ((const char *) sqlite3_column_text (st, 5));
  g->ply = sqlite3_column_int (st, 6);
  g->file = g_strdup ((const char *) sqlite3_column_text (st, 7));
  g->index_in_file = sqlite3_column_int (st, 8);
  return g;
}

GPtrArray *
vs_library_find (VsLibrary *lib, const char *variant_id, guint64 key, GError **error)
{
  sqlite3_stmt *st = NULL;
  if (!prepare (lib,
                "SELECT g.id, g.white, g.black, g.event, g.date, g.result, p.ply, f.path, g.index_in_file"
                " FROM (SELECT id >> " G_STRINGIFY (POS_PLY_BITS) " AS game_id,"
                "       MIN(id & " G_STRINGIFY (POS_PLY_MAX) ") AS ply FROM positions"
                "       WHERE key = ?2 AND variant = (SELECT id FROM variants WHERE name = ?1)"
                "       GROUP BY game_id) p"
                " JOIN games g ON g.id = p.game_id JOIN files f ON f.id = g.file_id ORDER BY g.id", &st, error))
    return NULL;
  sqlite3_bind_text (st, 1, variant_id, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (st, 2, (gint64) key);
  return rows_query (lib, st, game_row, game_free, error);
}

GPtrArray *
vs_library_search (VsLibrary *lib, const VsLibraryQuery *q, GError **error)
{
  sqlite3_stmt *st = NULL;
  if (!prepare (lib,
                "SELECT id, white, black, event, date, result, plies,"
                " (SELECT path FROM files WHERE files.id = file_id), index_in_file FROM games WHERE"
                " (?1 IS NULL OR variant = ?1)"
                " AND (?2 IS NULL OR instr(lower(white), lower(?2)) > 0 OR instr(lower(black), lower(?2)) > 0)"
                " AND (?3 IS NULL OR instr(lower(event), lower(?3)) > 0)"
                " AND (?4 IS NULL OR date >= ?4)"
                " AND (?5 IS NULL OR date <= ?5 OR substr(date, 1, length(?5)) = ?5)"
                " AND (?6 IS NULL OR result = ?6)"
                " AND (?7 = 0 OR (?7 >> result_code) & 1)"
                " ORDER BY id", &st, error))
    return NULL;
  bind_text (st, 1, q->variant_id);
  bind_text (st, 2, q->player);
  bind_text (st, 3, q->event);
  bind_text (st, 4, q->date_from);
  bind_text (st, 5, q->date_to);
  bind_text (st, 6, q->result);
  sqlite3_bind_int (st, 7, q->results);
  return rows_query (lib, st, game_row, game_free, error);
}
