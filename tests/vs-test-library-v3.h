/* vs-test-library-v3.h — the tables of a version-3 game library (the layout
 * before positions were stored once), as the tests of the rebuild on opening
 * write them: tests/record/test-library.c and tests/ui/test-explorer-pane.c.
 * Follow it with the rows and "PRAGMA user_version=3;". */
#pragma once

#define VS_TEST_LIBRARY_V3_TABLES \
  "CREATE TABLE files (id INTEGER PRIMARY KEY, path TEXT UNIQUE NOT NULL," \
  " size INTEGER NOT NULL, mtime INTEGER NOT NULL, hash TEXT NOT NULL);" \
  "CREATE TABLE variants (id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL);" \
  "CREATE TABLE games (id INTEGER PRIMARY KEY, file_id INTEGER NOT NULL," \
  " index_in_file INTEGER NOT NULL, variant TEXT NOT NULL, rules TEXT," \
  " white TEXT, black TEXT, event TEXT, date TEXT, result TEXT, result_code INTEGER," \
  " headers TEXT, moves TEXT, plies INTEGER);" \
  "CREATE TABLE positions (id INTEGER PRIMARY KEY, key INTEGER NOT NULL," \
  " variant INTEGER NOT NULL, next_move_uci TEXT, result INTEGER NOT NULL);" \
  "CREATE INDEX positions_key ON positions (key, variant, next_move_uci, result);"

#include <glib.h>
#include <sqlite3.h>

/* Writes a version-3 library at db naming two record files, kept (file 1)
 * and gone (file 2), followed by extra_rows (SQL, may be NULL). */
static inline void
vs_test_write_library_v3 (const char *db, const char *kept, const char *gone, const char *extra_rows)
{
  sqlite3 *old = NULL;
  g_assert_cmpint (sqlite3_open (db, &old), ==, SQLITE_OK);
  char *sql = g_strdup_printf (VS_TEST_LIBRARY_V3_TABLES
                               "INSERT INTO files VALUES (1, '%s', 1, 1, 'x'), (2, '%s', 1, 1, 'y');"
                               "%s"
                               "PRAGMA user_version=3;", kept, gone, extra_rows ? extra_rows : "");
  g_assert_cmpint (sqlite3_exec (old, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  g_free (sql);
  sqlite3_close (old);
}
