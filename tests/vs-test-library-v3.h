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
