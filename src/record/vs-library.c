/* vs-library.c — the game library (see vs-library.h). */
#include "config.h"
#include "vs-library.h"
#include "vs-game-collection.h"

#include <glib/gi18n-lib.h>
#include <sqlite3.h>
#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

struct _VsLibrary {
  sqlite3      *db;
  sqlite3_stmt *ins_file, *ins_game, *ins_pos, *find_file, *del_pos, *del_games,
               *del_file, *count_games;
};

static const char schema[] =
  "PRAGMA journal_mode=WAL;"
  "PRAGMA synchronous=NORMAL;"
  "PRAGMA foreign_keys=OFF;"
  "CREATE TABLE IF NOT EXISTS files (id INTEGER PRIMARY KEY, path TEXT UNIQUE NOT NULL,"
  " size INTEGER NOT NULL, mtime INTEGER NOT NULL, hash TEXT NOT NULL);"
  "CREATE TABLE IF NOT EXISTS games (id INTEGER PRIMARY KEY, file_id INTEGER NOT NULL,"
  " index_in_file INTEGER NOT NULL, variant TEXT NOT NULL, rules TEXT,"
  " white TEXT, black TEXT, event TEXT, date TEXT, result TEXT, result_code INTEGER,"
  " headers TEXT, moves TEXT, plies INTEGER);"
  "CREATE INDEX IF NOT EXISTS games_file ON games (file_id);"
  "CREATE TABLE IF NOT EXISTS positions (key INTEGER NOT NULL, variant TEXT NOT NULL,"
  " game_id INTEGER NOT NULL, ply INTEGER NOT NULL, next_move_uci TEXT);"
  "CREATE INDEX IF NOT EXISTS positions_key ON positions (variant, key);"
  "CREATE INDEX IF NOT EXISTS positions_game ON positions (game_id);";

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

void
vs_library_stats_clear (VsLibraryStats *stats)
{
  if (!stats)
    return;
  g_clear_pointer (&stats->messages, g_ptr_array_unref);
  memset (stats, 0, sizeof *stats);
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
  if (!exec (lib, schema, error)
      || !prepare (lib, "INSERT INTO files (path, size, mtime, hash) VALUES (?,?,?,?)", &lib->ins_file, error)
      || !prepare (lib, "INSERT INTO games (file_id, index_in_file, variant, rules, white, black, event, date,"
                        " result, result_code, headers, moves, plies) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", &lib->ins_game, error)
      || !prepare (lib, "INSERT INTO positions (key, variant, game_id, ply, next_move_uci) VALUES (?,?,?,?,?)", &lib->ins_pos, error)
      || !prepare (lib, "SELECT id, size, mtime, hash, (SELECT COUNT(*) FROM games WHERE file_id = files.id)"
                        " FROM files WHERE path = ?", &lib->find_file, error)
      || !prepare (lib, "DELETE FROM positions WHERE game_id IN (SELECT id FROM games WHERE file_id = ?)", &lib->del_pos, error)
      || !prepare (lib, "DELETE FROM games WHERE file_id = ?", &lib->del_games, error)
      || !prepare (lib, "DELETE FROM files WHERE id = ?", &lib->del_file, error)
      || !prepare (lib, "SELECT COUNT(*) FROM games", &lib->count_games, error))
    {
      vs_library_close (lib);
      return NULL;
    }
  return lib;
}

void
vs_library_close (VsLibrary *lib)
{
  if (!lib)
    return;
  sqlite3_stmt **s[] = { &lib->ins_file, &lib->ins_game, &lib->ins_pos, &lib->find_file,
                         &lib->del_pos, &lib->del_games, &lib->del_file, &lib->count_games };
  for (guint i = 0; i < G_N_ELEMENTS (s); i++)
    g_clear_pointer (s[i], sqlite3_finalize);
  sqlite3_close (lib->db);
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

typedef struct {
  VsLibrary      *lib;
  gint64          file_id;
  guint           index;
  VsLibraryStats *stats;
  VsPosition     *pos;
  GString        *moves;
  GString        *headers;
  gboolean        failed;
} Import;

static gboolean
step_done (VsLibrary *lib, sqlite3_stmt *st)
{
  int rc = sqlite3_step (st);
  sqlite3_reset (st);
  sqlite3_clear_bindings (st);
  (void) lib;
  return rc == SQLITE_DONE;
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
  VsGameNode *root = vs_game_get_root (game);
  if (!vs_game_node_position (root, im->pos))
    return TRUE;
  const VsVariant *v = vs_game_get_variant (game);
  const char *vid = v->id;

  g_string_truncate (im->headers, 0);
  for (guint i = 0; i < vs_game_get_n_headers (game); i++)
    g_string_append_printf (im->headers, "[%s \"%s\"]\n", vs_game_get_header_key (game, i),
                            vs_game_get_header_value (game, i));
  /* first pass: the moves in UCI */
  g_string_truncate (im->moves, 0);
  guint plies = 0;
  char buf[VS_MOVE_TEXT_MAX];
  for (VsGameNode *n = vs_game_node_get_main_child (root); n; n = vs_game_node_get_main_child (n))
    {
      VsMove m = vs_game_node_get_move (n);
      vs_move_write (im->pos, m, VS_NOTATION_UCI, buf);
      if (plies)
        g_string_append_c (im->moves, ' ');
      g_string_append (im->moves, buf);
      vs_position_play (im->pos, m);
      plies++;
    }
  VsResult res = vs_game_get_result (game);
  const char *rh = vs_game_get_header (game, "Result");
  sqlite3_stmt *st = lib->ins_game;
  sqlite3_bind_int64 (st, 1, im->file_id);
  sqlite3_bind_int (st, 2, index);
  bind_text (st, 3, vid);
  bind_text (st, 4, vs_game_get_rule_set (game));
  bind_text (st, 5, vs_game_get_header (game, "White"));
  bind_text (st, 6, vs_game_get_header (game, "Black"));
  bind_text (st, 7, vs_game_get_header (game, "Event"));
  bind_text (st, 8, vs_game_get_header (game, "Date"));
  bind_text (st, 9, rh ? rh : (res == VS_RESULT_WHITE_WINS ? "1-0" : res == VS_RESULT_BLACK_WINS ? "0-1"
                               : res == VS_RESULT_DRAW ? "1/2-1/2" : "*"));
  sqlite3_bind_int (st, 10, res);
  bind_text (st, 11, im->headers->str);
  bind_text (st, 12, im->moves->str);
  sqlite3_bind_int (st, 13, plies);
  if (!step_done (lib, st))
    {
      im->failed = TRUE;
      return FALSE;
    }
  gint64 game_id = sqlite3_last_insert_rowid (lib->db);

  /* second pass: every position of the main line */
  vs_game_node_position (root, im->pos);
  guint ply = 0;
  VsGameNode *n = vs_game_node_get_main_child (root);
  for (;; ply++)
    {
      st = lib->ins_pos;
      sqlite3_bind_int64 (st, 1, (gint64) im->pos->key);
      sqlite3_bind_text (st, 2, vid, -1, SQLITE_STATIC);
      sqlite3_bind_int64 (st, 3, game_id);
      sqlite3_bind_int (st, 4, ply);
      VsMove m = 0;
      if (n)
        {
          m = vs_game_node_get_move (n);
          vs_move_write (im->pos, m, VS_NOTATION_UCI, buf);
          sqlite3_bind_text (st, 5, buf, -1, SQLITE_TRANSIENT);
        }
      else
        sqlite3_bind_null (st, 5);
      if (!step_done (lib, st))
        {
          im->failed = TRUE;
          return FALSE;
        }
      if (!n)
        break;
      vs_position_play (im->pos, m);
      n = vs_game_node_get_main_child (n);
    }
  im->stats->games_added++;
  return TRUE;
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
  g_autofree char *data = NULL;
  gsize len = 0;
  if (g_stat (abs, &sb) != 0 || !g_file_get_contents (abs, &data, &len, NULL))
    {
      g_set_error (error, VS_RECORD_ERROR, VS_RECORD_ERROR_IO,
                   _("cannot read “%s”: %s"), path, g_strerror (errno));
      vs_library_stats_clear (&local);
      return FALSE;
    }
  g_autofree char *hash = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) data, len);

  gboolean ok = FALSE;
  g_autoptr (GInputStream) in = NULL;
  g_autoptr (GError) rerr = NULL;
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
      if (sqlite3_column_int64 (st, 1) == (gint64) len
          && sqlite3_column_int64 (st, 2) == (gint64) sb.st_mtime
          && g_strcmp0 ((const char *) sqlite3_column_text (st, 3), hash) == 0)
        {
          stats->unchanged = TRUE;
          stats->games_skipped = sqlite3_column_int (st, 4);
        }
      else
        stats->games_removed = sqlite3_column_int (st, 4);
    }
  sqlite3_reset (st);
  sqlite3_clear_bindings (st);
  if (stats->unchanged)
    {
      ok = exec (lib, "COMMIT", error);
      goto out_noroll;
    }
  if (old_id >= 0)
    {
      sqlite3_stmt *dels[] = { lib->del_pos, lib->del_games, lib->del_file };
      for (guint i = 0; i < G_N_ELEMENTS (dels); i++)
        {
          sqlite3_bind_int64 (dels[i], 1, old_id);
          if (!step_done (lib, dels[i]))
            {
              db_error (lib, error);
              goto out;
            }
        }
    }
  st = lib->ins_file;
  sqlite3_bind_text (st, 1, abs, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (st, 2, len);
  sqlite3_bind_int64 (st, 3, sb.st_mtime);
  sqlite3_bind_text (st, 4, hash, -1, SQLITE_TRANSIENT);
  if (!step_done (lib, st))
    {
      db_error (lib, error);
      goto out;
    }
  im.file_id = sqlite3_last_insert_rowid (lib->db);
  im.pos = g_new (VsPosition, 1);
  im.moves = g_string_new (NULL);
  im.headers = g_string_new (NULL);

  opts.filename = path;
  opts.format = vs_record_detect_format (data, MIN (len, 4096), path);
  in = g_memory_input_stream_new_from_data (data, len, NULL);
  vs_record_read_stream (in, len, &opts, import_game, &im, progress, progress_data,
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
  ok = exec (lib, "COMMIT", error);
out:
  if (!ok)
    {
      sqlite3_exec (lib->db, "ROLLBACK", NULL, NULL, NULL);
      stats->games_added = 0;
      stats->games_removed = 0;
    }
  g_free (im.pos);
  if (im.moves)
    g_string_free (im.moves, TRUE);
  if (im.headers)
    g_string_free (im.headers, TRUE);
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
  g_free (g);
}

GPtrArray *
vs_library_explore (VsLibrary *lib, const char *variant_id, guint64 key, GError **error)
{
  sqlite3_stmt *st = NULL;
  if (!prepare (lib,
                "SELECT m.next_move_uci, COUNT(*),"
                " SUM(g.result_code = 1), SUM(g.result_code = 3), SUM(g.result_code = 2)"
                " FROM (SELECT DISTINCT game_id, next_move_uci FROM positions"
                "       WHERE variant = ?1 AND key = ?2 AND next_move_uci IS NOT NULL) m"
                " JOIN games g ON g.id = m.game_id"
                " GROUP BY m.next_move_uci ORDER BY COUNT(*) DESC, m.next_move_uci", &st, error))
    return NULL;
  sqlite3_bind_text (st, 1, variant_id, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (st, 2, (gint64) key);
  GPtrArray *out = g_ptr_array_new_with_free_func (move_free);
  int rc;
  while ((rc = sqlite3_step (st)) == SQLITE_ROW)
    {
      VsLibraryMove *m = g_new0 (VsLibraryMove, 1);
      m->uci = g_strdup ((const char *) sqlite3_column_text (st, 0));
      m->games = sqlite3_column_int (st, 1);
      m->white_wins = sqlite3_column_int (st, 2);
      m->draws = sqlite3_column_int (st, 3);
      m->black_wins = sqlite3_column_int (st, 4);
      g_ptr_array_add (out, m);
    }
  if (rc != SQLITE_DONE)
    {
      db_error (lib, error);
      g_clear_pointer (&out, g_ptr_array_unref);
    }
  sqlite3_finalize (st);
  return out;
}

static GPtrArray *
games_query (VsLibrary *lib, sqlite3_stmt *st, GError **error)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (game_free);
  int rc;
  while ((rc = sqlite3_step (st)) == SQLITE_ROW)
    {
      VsLibraryGame *g = g_new0 (VsLibraryGame, 1);
      g->game_id = sqlite3_column_int64 (st, 0);
      g->white = g_strdup ((const char *) sqlite3_column_text (st, 1));
      g->black = g_strdup ((const char *) sqlite3_column_text (st, 2));
      g->event = g_strdup ((const char *) sqlite3_column_text (st, 3));
      g->date = g_strdup ((const char *) sqlite3_column_text (st, 4));
      g->result = g_strdup ((const char *) sqlite3_column_text (st, 5));
      g->ply = sqlite3_column_int (st, 6);
      g_ptr_array_add (out, g);
    }
  if (rc != SQLITE_DONE)
    {
      db_error (lib, error);
      g_clear_pointer (&out, g_ptr_array_unref);
    }
  sqlite3_finalize (st);
  return out;
}

GPtrArray *
vs_library_find (VsLibrary *lib, const char *variant_id, guint64 key, GError **error)
{
  sqlite3_stmt *st = NULL;
  if (!prepare (lib,
                "SELECT g.id, g.white, g.black, g.event, g.date, g.result, p.ply"
                " FROM (SELECT game_id, MIN(ply) AS ply FROM positions"
                "       WHERE variant = ?1 AND key = ?2 GROUP BY game_id) p"
                " JOIN games g ON g.id = p.game_id ORDER BY g.id", &st, error))
    return NULL;
  sqlite3_bind_text (st, 1, variant_id, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (st, 2, (gint64) key);
  return games_query (lib, st, error);
}

GPtrArray *
vs_library_search (VsLibrary *lib, const VsLibraryQuery *q, GError **error)
{
  sqlite3_stmt *st = NULL;
  if (!prepare (lib,
                "SELECT id, white, black, event, date, result, plies FROM games WHERE"
                " (?1 IS NULL OR variant = ?1)"
                " AND (?2 IS NULL OR instr(lower(white), lower(?2)) > 0 OR instr(lower(black), lower(?2)) > 0)"
                " AND (?3 IS NULL OR instr(lower(event), lower(?3)) > 0)"
                " AND (?4 IS NULL OR date >= ?4)"
                " AND (?5 IS NULL OR date <= ?5)"
                " AND (?6 IS NULL OR result = ?6)"
                " ORDER BY id", &st, error))
    return NULL;
  bind_text (st, 1, q->variant_id);
  bind_text (st, 2, q->player);
  bind_text (st, 3, q->event);
  bind_text (st, 4, q->date_from);
  bind_text (st, 5, q->date_to);
  bind_text (st, 6, q->result);
  return games_query (lib, st, error);
}
