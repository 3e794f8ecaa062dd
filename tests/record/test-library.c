/* test-library.c — the game library: explore and find against a brute-force
 * scan of the same games, re-adding, damaged files, cancelled imports. */
#include "config.h"
#include "vs-library.h"
#include "vs-game-collection.h"
#include "vs-record.h"
#include "vs-hash-stream.h"

#include <glib/gstdio.h>
#include <sqlite3.h>
#include "../vs-test-library-v3.h"
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

typedef struct {
  GHashTable *pos_games;   /* "variant key" → GHashTable set of game index */
  GHashTable *move_games;  /* "variant key uci" → GHashTable game index → result */
  GPtrArray  *keys;        /* "variant key" strings, in order met */
  guint       game;
} Scan;

static void
set_add (GHashTable *outer, const char *k, guint game, int result)
{
  GHashTable *s = g_hash_table_lookup (outer, k);
  if (!s)
    {
      s = g_hash_table_new (g_direct_hash, g_direct_equal);
      g_hash_table_insert (outer, g_strdup (k), s);
    }
  g_hash_table_insert (s, GUINT_TO_POINTER (game + 1), GINT_TO_POINTER (result));
}

typedef struct {
  Scan       *sc;
  const char *vid;
  guint       game;
  int         result;
} ScanGame;

static gboolean
scan_position (const VsPosition *pos, guint ply, VsMove move, gpointer data)
{
  ScanGame *g = data;
  Scan *sc = g->sc;
  (void) ply;
  g_autofree char *k = g_strdup_printf ("%s %" G_GUINT64_FORMAT, g->vid, pos->key);
  if (!g_hash_table_contains (sc->pos_games, k))
    g_ptr_array_add (sc->keys, g_strdup (k));
  set_add (sc->pos_games, k, g->game, g->result);
  if (move)
    {
      char uci[VS_MOVE_TEXT_MAX];
      vs_move_write (pos, move, VS_NOTATION_UCI, uci);
      g_autofree char *mk = g_strdup_printf ("%s %s", k, uci);
      set_add (sc->move_games, mk, g->game, g->result);
    }
  return TRUE;
}

static void
scan_file (Scan *sc, const char *path)
{
  g_autoptr (VsGameCollection) coll = vs_game_collection_new ();
  vs_record_read_file (path, NULL, coll, NULL, NULL, NULL, NULL);
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  for (guint i = 0; i < vs_game_collection_get_n_games (coll); i++)
    {
      VsGame *g = vs_game_collection_get_game (coll, i);
      if (!vs_game_node_position (vs_game_get_root (g), pos))
        continue;
      ScanGame sg = { sc, vs_game_get_variant (g)->id, sc->game++, vs_game_get_result (g) };
      g_assert_true (vs_game_replay_main_line (g, pos, TRUE, scan_position, &sg));
    }
}

static void
scan_init (Scan *sc)
{
  sc->pos_games = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_hash_table_unref);
  sc->move_games = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_hash_table_unref);
  sc->keys = g_ptr_array_new_with_free_func (g_free);
  sc->game = 0;
}

static void
scan_clear (Scan *sc)
{
  g_hash_table_unref (sc->pos_games);
  g_hash_table_unref (sc->move_games);
  g_ptr_array_unref (sc->keys);
}

/* Every position of the scan (up to max, spread over the list): explore and
 * find give what the scan gives. */
static void
check_against_scan (VsLibrary *lib, Scan *sc, guint max)
{
  guint step = MAX (1, sc->keys->len / max);
  guint checked = 0;
  for (guint i = 0; i < sc->keys->len; i += step, checked++)
    {
      const char *k = g_ptr_array_index (sc->keys, i);
      g_auto (GStrv) parts = g_strsplit (k, " ", 2);
      guint64 key = g_ascii_strtoull (parts[1], NULL, 10);
      GHashTable *games = g_hash_table_lookup (sc->pos_games, k);
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) found = vs_library_find (lib, parts[0], key, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (found->len, ==, g_hash_table_size (games));
      g_autoptr (GPtrArray) moves = vs_library_explore (lib, parts[0], key, &error);
      g_assert_no_error (error);
      guint total = 0, prev = G_MAXUINT;
      for (guint j = 0; j < moves->len; j++)
        {
          VsLibraryMove *m = g_ptr_array_index (moves, j);
          g_assert_cmpuint (m->games, <=, prev);
          prev = m->games;
          g_autofree char *mk = g_strdup_printf ("%s %s", k, m->uci);
          GHashTable *mg = g_hash_table_lookup (sc->move_games, mk);
          g_assert_nonnull (mg);
          g_assert_cmpuint (m->games, ==, g_hash_table_size (mg));
          guint w = 0, d = 0, b = 0;
          GHashTableIter it;
          gpointer gk, gv;
          g_hash_table_iter_init (&it, mg);
          while (g_hash_table_iter_next (&it, &gk, &gv))
            {
              int r = GPOINTER_TO_INT (gv);
              w += r == VS_RESULT_WHITE_WINS;
              b += r == VS_RESULT_BLACK_WINS;
              d += r == VS_RESULT_DRAW;
            }
          g_assert_cmpuint (m->white_wins, ==, w);
          g_assert_cmpuint (m->draws, ==, d);
          g_assert_cmpuint (m->black_wins, ==, b);
          total++;
        }
      /* every move the scan saw from here is listed */
      guint expected = 0;
      GHashTableIter it;
      gpointer mk;
      g_hash_table_iter_init (&it, sc->move_games);
      g_autofree char *prefix = g_strdup_printf ("%s ", k);
      if (sc->keys->len <= 4000)
        {
          while (g_hash_table_iter_next (&it, &mk, NULL))
            if (g_str_has_prefix (mk, prefix) && !strchr ((char *) mk + strlen (prefix), ' '))
              expected++;
          g_assert_cmpuint (total, ==, expected);
        }
    }
  g_assert_cmpuint (checked, >, 0);
}

/* The brute-force comparison: a scan of the files (those the library was
 * given) against the library's game count, explore and find. */
static void
check_library (VsLibrary *lib, GPtrArray *paths, guint max)
{
  Scan sc;
  scan_init (&sc);
  for (guint i = 0; i < paths->len; i++)
    scan_file (&sc, paths->pdata[i]);
  g_assert_cmpuint (vs_library_count_games (lib), ==, sc.game);
  check_against_scan (lib, &sc, max);
  scan_clear (&sc);
}

static char *
tmp_db (const char *dir)
{
  return g_build_filename (dir, "library.db", NULL);
}

/* n random legal games of variant id as a PGN file in dir. */
static char *
generate_file (const char *dir, const char *id, guint n, guint32 seed)
{
  const VsVariant *v = vs_variant_lookup (id);
  g_assert_nonnull (v);
  GRand *rand = g_rand_new_with_seed (seed);
  GString *text = g_string_new (NULL);
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  VsMove moves[VS_MAX_MOVES];
  static const char *names[] = { "Kim", "Lee", "Park", "Sato", "Tanaka" };
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (VsGame) game = vs_game_new (v, NULL, &error);
      g_assert_no_error (error);
      vs_game_set_header (game, "White", names[g_rand_int_range (rand, 0, 5)]);
      vs_game_set_header (game, "Black", names[g_rand_int_range (rand, 0, 5)]);
      vs_game_set_header (game, "Event", "Random");
      vs_game_set_header (game, "Date", "2020.01.01");
      VsGameNode *node = vs_game_get_root (game);
      g_assert_true (vs_game_node_position (node, pos));
      /* few distinct openings so that positions are shared */
      guint plies = g_rand_int_range (rand, 2, 30);
      for (guint p = 0; p < plies; p++)
        {
          int nm = vs_position_generate (pos, VS_GEN_ALL, moves);
          if (nm == 0)
            break;
          int pick = p < 4 ? g_rand_int_range (rand, 0, MIN (nm, 3)) : g_rand_int_range (rand, 0, nm);
          node = vs_game_add_move (game, node, moves[pick], NULL, &error);
          g_assert_no_error (error);
          vs_position_play (pos, moves[pick]);
        }
      vs_game_set_result (game, (VsResult) g_rand_int_range (rand, 0, 4));
      g_autofree char *pgn = vs_pgn_write_game (game);
      g_string_append (text, pgn);
      g_string_append (text, "\n");
    }
  g_rand_free (rand);
  g_autofree char *name = g_strdup_printf ("gen-%s-%u.pgn", id, seed);
  char *path = g_build_filename (dir, name, NULL);
  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
  g_string_free (text, TRUE);
  return path;
}

static void
test_generated (void)
{
  g_autofree char *dir = g_dir_make_tmp ("vs-library-XXXXXX", NULL);
  g_autofree char *db = tmp_db (dir);
  g_autoptr (GError) error = NULL;
  VsLibrary *lib = vs_library_open (db, &error);
  g_assert_no_error (error);
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  const char *ids[] = { "chartima", "strato", "janggi", "janggi-casual", "crazyhouse" };
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      char *path = generate_file (dir, ids[i], 40, 17 + i);
      g_ptr_array_add (paths, path);
      VsLibraryStats st = { 0 };
      g_assert_true (vs_library_add_file (lib, path, NULL, NULL, NULL, &st, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (st.problems, ==, 0);
      g_assert_cmpuint (st.games_added, ==, 40);
      vs_library_stats_clear (&st);
    }
  check_library (lib, paths, 400);
  vs_library_close (lib);
}

static int
cmp_str (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static GPtrArray *
real_files (void)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);
  const char *sub[] = { "crazyhouse", "janggi" };
  for (guint i = 0; i < G_N_ELEMENTS (sub); i++)
    {
      g_autofree char *d = g_build_filename (g_getenv ("VS_TEST_DATA_DIR"), "records", sub[i], NULL);
      GDir *dir = g_dir_open (d, 0, NULL);
      g_assert_nonnull (dir);
      const char *name;
      while ((name = g_dir_read_name (dir)))
        if (g_str_has_suffix (name, ".pgn") || g_str_has_suffix (name, ".gib"))
          g_ptr_array_add (files, g_build_filename (d, name, NULL));
      g_dir_close (dir);
    }
  g_ptr_array_sort (files, cmp_str);
  return files;
}

static void
test_real (void)
{
  g_autofree char *dir = g_dir_make_tmp ("vs-library-XXXXXX", NULL);
  g_autofree char *db = tmp_db (dir);
  g_autoptr (GError) error = NULL;
  VsLibrary *lib = vs_library_open (db, &error);
  g_assert_no_error (error);
  g_autoptr (GPtrArray) files = real_files ();
  for (guint i = 0; i < files->len; i++)
    {
      VsLibraryStats st = { 0 };
      g_assert_true (vs_library_add_file (lib, files->pdata[i], NULL, NULL, NULL, &st, &error));
      g_assert_no_error (error);
      vs_library_stats_clear (&st);
    }
  check_library (lib, files, 400);

  /* header search: exact result, player substring */
  VsLibraryQuery q = { .result = "1-0" };
  g_autoptr (GPtrArray) wins = vs_library_search (lib, &q, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < wins->len; i++)
    g_assert_cmpstr (((VsLibraryGame *) wins->pdata[i])->result, ==, "1-0");
  VsLibraryQuery qp = { .player = "jannlee", .variant_id = "crazyhouse" };
  g_autoptr (GPtrArray) jl = vs_library_search (lib, &qp, &error);
  g_assert_cmpuint (jl->len, ==, 3);
  VsLibraryQuery qd = { .date_from = "2017.01.01", .date_to = "2017.12.31", .variant_id = "crazyhouse" };
  g_autoptr (GPtrArray) y17 = vs_library_search (lib, &qd, &error);
  g_assert_cmpuint (y17->len, ==, 1);
  vs_library_close (lib);
}

static void
test_add_again (void)
{
  g_autofree char *dir = g_dir_make_tmp ("vs-library-XXXXXX", NULL);
  g_autofree char *db = tmp_db (dir);
  g_autoptr (GError) error = NULL;
  VsLibrary *lib = vs_library_open (db, &error);
  g_autofree char *path = generate_file (dir, "crazyhouse", 20, 5);
  VsLibraryStats st = { 0 };
  g_assert_true (vs_library_add_file (lib, path, NULL, NULL, NULL, &st, &error));
  g_assert_cmpuint (st.games_added, ==, 20);
  guint games = vs_library_count_games (lib);
  guint64 positions = vs_library_count_positions (lib);
  g_assert_true (vs_library_add_file (lib, path, NULL, NULL, NULL, &st, &error));
  g_assert_true (st.unchanged);
  g_assert_cmpuint (st.games_added, ==, 0);
  g_assert_cmpuint (st.games_skipped, ==, 20);
  g_assert_cmpuint (vs_library_count_games (lib), ==, games);
  g_assert_cmpuint (vs_library_count_positions (lib), ==, positions);
  /* a changed file replaces its games */
  g_autofree char *other = generate_file (dir, "crazyhouse", 7, 6);
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (other, &text, NULL, NULL));
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_true (vs_library_add_file (lib, path, NULL, NULL, NULL, &st, &error));
  g_assert_false (st.unchanged);
  g_assert_cmpuint (st.games_removed, ==, 20);
  g_assert_cmpuint (st.games_added, ==, 7);
  g_assert_cmpuint (vs_library_count_games (lib), ==, 7);
  /* none of the old file's positions are left: as many as the new file
   * alone gives in a library of its own */
  g_autofree char *db2 = g_build_filename (dir, "fresh.db", NULL);
  VsLibrary *fresh = vs_library_open (db2, &error);
  g_assert_true (vs_library_add_file (fresh, path, NULL, NULL, NULL, &st, &error));
  g_assert_cmpuint (vs_library_count_positions (lib), ==, vs_library_count_positions (fresh));
  g_assert_cmpuint (vs_library_count_positions (lib), <, positions);
  check_library (lib, &(GPtrArray) { .pdata = (gpointer *) &path, .len = 1 }, 50);
  vs_library_close (fresh);
  vs_library_stats_clear (&st);
  vs_library_close (lib);
}

/* A library of schema version 3 (a rowid positions table and its index,
 * moves as text) is rebuilt on opening: the files still there are read
 * again, the others named in a notice. */
static void
test_old_layout (void)
{
  g_autofree char *dir = g_dir_make_tmp ("vs-library-XXXXXX", NULL);
  g_autofree char *db = tmp_db (dir);
  g_autofree char *path = generate_file (dir, "janggi", 12, 8);
  g_autofree char *gone = g_build_filename (dir, "gone.pgn", NULL);
  vs_test_write_library_v3 (db, path, gone,
                            "INSERT INTO variants VALUES (1, 'janggi');"
                            "INSERT INTO games (id, file_id, index_in_file, variant) VALUES (1, 1, 0, 'janggi'), (2, 2, 0, 'janggi');"
                            "INSERT INTO positions VALUES (65536, 42, 1, 'e2e4', 1), (131072, 42, 1, 'e2e3', 1);");

  g_autoptr (GError) error = NULL;
  VsLibrary *lib = vs_library_open (db, &error);
  g_assert_no_error (error);
  g_autoptr (GPtrArray) notices = vs_library_take_notices (lib);
  g_assert_cmpuint (notices->len, ==, 2);
  g_assert_nonnull (strstr (notices->pdata[0], db));
  g_assert_nonnull (strstr (notices->pdata[1], gone));
  g_autoptr (GPtrArray) again = vs_library_take_notices (lib);
  g_assert_cmpuint (again->len, ==, 0);
  /* the games of the file still there, nothing of the old rows */
  check_library (lib, &(GPtrArray) { .pdata = (gpointer *) &path, .len = 1 }, 100);
  g_autoptr (GPtrArray) stale = vs_library_find (lib, "janggi", 42, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stale->len, ==, 0);
  /* the file is in the new library as it is: adding it again does nothing */
  VsLibraryStats st = { 0 };
  g_assert_true (vs_library_add_file (lib, path, NULL, NULL, NULL, &st, &error));
  g_assert_true (st.unchanged);
  g_assert_cmpuint (st.games_skipped, ==, 12);
  vs_library_stats_clear (&st);
  vs_library_close (lib);
  /* opened again: nothing more to say */
  lib = vs_library_open (db, &error);
  g_autoptr (GPtrArray) none = vs_library_take_notices (lib);
  g_assert_cmpuint (none->len, ==, 0);
  g_assert_cmpuint (vs_library_count_games (lib), ==, 12);
  vs_library_close (lib);
}

static void
test_damaged (void)
{
  g_autofree char *dir = g_dir_make_tmp ("vs-library-XXXXXX", NULL);
  g_autofree char *db = tmp_db (dir);
  g_autoptr (GError) error = NULL;
  VsLibrary *lib = vs_library_open (db, &error);
  /* three real games in one file, the second garbled in its moves */
  g_autoptr (GPtrArray) files = real_files ();
  GString *all = g_string_new (NULL);
  guint n_pgn = 0;
  for (guint i = 0; i < files->len; i++)
    if (g_str_has_suffix (files->pdata[i], ".pgn"))
      {
        g_autofree char *t = NULL;
        g_assert_true (g_file_get_contents (files->pdata[i], &t, NULL, NULL));
        if (all->len > 0)
          {
            char *moves = strstr (t, "\n1.");
            g_assert_nonnull (moves);
            if (n_pgn == 1)
              memcpy (moves + 1, "1. Zz9 @@ ", 10);
          }
        g_string_append (all, t);
        g_string_append (all, "\n\n");
        n_pgn++;
      }
  g_autofree char *path = g_build_filename (dir, "damaged.pgn", NULL);
  /* and truncated in the middle of the last game */
  g_assert_true (g_file_set_contents (path, all->str, all->len - 200, NULL));
  g_string_free (all, TRUE);
  VsLibraryStats st = { 0 };
  g_assert_true (vs_library_add_file (lib, path, NULL, NULL, NULL, &st, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (st.games_added, >=, 2);
  g_assert_cmpuint (st.problems, >=, 1);
  g_assert_cmpuint (st.messages->len, ==, st.problems);
  g_autoptr (GPtrArray) damaged = g_ptr_array_new ();
  g_ptr_array_add (damaged, path);
  check_library (lib, damaged, 200);
  vs_library_stats_clear (&st);
  vs_library_close (lib);
}

static char *
digest_of (const guint8 *data, gsize len, gsize chunk)
{
  VsFileHash h;
  vs_file_hash_init (&h);
  for (gsize i = 0; i < len; i += chunk)
    vs_file_hash_update (&h, data + i, MIN (chunk, len - i));
  return vs_file_hash_text (&h);
}

/* The file digest does not depend on how the bytes are cut, changes with
 * any byte changed and with the length, and VsHashStream digests what is
 * read (and skipped) through it. */
static void
test_file_hash (void)
{
  gsize len = 5000;
  guint8 *data = g_malloc (len + 1);
  GRand *rand = g_rand_new_with_seed (19);
  for (gsize i = 0; i < len; i++)
    data[i] = g_rand_int (rand);
  data[len] = 0;
  g_autofree char *whole = digest_of (data, len, len);
  g_assert_cmpuint (strlen (whole), ==, VS_FILE_HASH_TEXT_LEN);
  g_assert_true (g_str_has_prefix (whole, VS_FILE_HASH_PREFIX));
  const gsize chunks[] = { 1, 3, 31, 32, 33, 64, 1000 };
  for (guint c = 0; c < G_N_ELEMENTS (chunks); c++)
    {
      g_autofree char *d = digest_of (data, len, chunks[c]);
      g_assert_cmpstr (d, ==, whole);
    }
  /* one more zero byte, one byte fewer */
  g_autofree char *longer = digest_of (data, len + 1, len + 1);
  g_autofree char *shorter = digest_of (data, len - 1, len);
  g_assert_cmpstr (longer, !=, whole);
  g_assert_cmpstr (shorter, !=, whole);
  /* every byte of the first stripes and some later, each bit flipped */
  for (gsize i = 0; i < len; i += i < 100 ? 1 : 97)
    for (guint bit = 0; bit < 8; bit += 3)
      {
        data[i] ^= 1u << bit;
        g_autofree char *d = digest_of (data, len, 7);
        g_assert_cmpstr (d, !=, whole);
        data[i] ^= 1u << bit;
      }
  /* two files differing in two words of different lanes */
  data[10] ^= 1;
  data[50] ^= 1;
  g_autofree char *two = digest_of (data, len, len);
  g_assert_cmpstr (two, !=, whole);
  data[10] ^= 1;
  data[50] ^= 1;
  /* through a stream, read in odd pieces and partly skipped */
  g_autoptr (GInputStream) mem = g_memory_input_stream_new_from_data (data, len, NULL);
  g_autoptr (GInputStream) hs = vs_hash_stream_new (mem);
  guint8 buf[700];
  gsize got = 0;
  gssize n;
  g_assert_cmpint (g_input_stream_read (hs, buf, 123, NULL, NULL), ==, 123);
  g_assert_cmpint (g_input_stream_skip (hs, 1000, NULL, NULL), ==, 1000);
  got = 1123;
  while ((n = g_input_stream_read (hs, buf, sizeof buf, NULL, NULL)) > 0)
    {
      g_assert_true (memcmp (buf, data + got, n) == 0);
      got += n;
    }
  g_assert_cmpuint (got, ==, len);
  g_assert_cmpuint (vs_hash_stream_count (VS_HASH_STREAM (hs)), ==, len);
  g_autofree char *streamed = vs_hash_stream_text (VS_HASH_STREAM (hs));
  g_assert_cmpstr (streamed, ==, whole);
  g_rand_free (rand);
  g_free (data);
}

/* A library made when files were told apart by their MD5: a file whose
 * MD5 is the one stored is unchanged, another one is read again. */
static void
test_md5_library (void)
{
  g_autofree char *dir = g_dir_make_tmp ("vs-library-XXXXXX", NULL);
  g_autofree char *db = tmp_db (dir);
  g_autoptr (GError) error = NULL;
  VsLibrary *lib = vs_library_open (db, &error);
  g_autofree char *path = generate_file (dir, "crazyhouse", 6, 3);
  VsLibraryStats st = { 0 };
  g_assert_true (vs_library_add_file (lib, path, NULL, NULL, NULL, &st, &error));
  g_assert_cmpuint (st.games_added, ==, 6);
  vs_library_close (lib);
  g_autofree char *text = NULL;
  gsize len = 0;
  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  g_autofree char *md5 = g_compute_checksum_for_data (G_CHECKSUM_MD5, (const guchar *) text, len);
  for (guint round = 0; round < 2; round++)
    {
      sqlite3 *sq = NULL;
      g_assert_cmpint (sqlite3_open (db, &sq), ==, SQLITE_OK);
      /* the second time an MD5 that is not the file's */
      g_autofree char *sql = g_strdup_printf ("UPDATE files SET hash = '%s'", md5);
      if (round == 1)
        sql[strlen (sql) - 2] = sql[strlen (sql) - 2] == '0' ? '1' : '0';
      g_assert_cmpint (sqlite3_exec (sq, sql, NULL, NULL, NULL), ==, SQLITE_OK);
      sqlite3_close (sq);
      lib = vs_library_open (db, &error);
      g_assert_no_error (error);
      g_assert_true (vs_library_add_file (lib, path, NULL, NULL, NULL, &st, &error));
      g_assert_cmpint (st.unchanged, ==, round == 0);
      g_assert_cmpuint (st.games_added, ==, round == 0 ? 0 : 6);
      g_assert_cmpuint (vs_library_count_games (lib), ==, 6);
      vs_library_close (lib);
    }
  /* read again, the file has its digest of now: unchanged once more */
  lib = vs_library_open (db, &error);
  g_assert_true (vs_library_add_file (lib, path, NULL, NULL, NULL, &st, &error));
  g_assert_true (st.unchanged);
  vs_library_stats_clear (&st);
  vs_library_close (lib);
}

static void
cancel_progress (guint64 done, guint64 total, gpointer data)
{
  (void) done;
  (void) total;
  g_cancellable_cancel (data);
}

static void
test_cancel (void)
{
  g_autofree char *dir = g_dir_make_tmp ("vs-library-XXXXXX", NULL);
  g_autofree char *db = tmp_db (dir);
  g_autoptr (GError) error = NULL;
  VsLibrary *lib = vs_library_open (db, &error);
  g_autofree char *first = generate_file (dir, "janggi", 10, 1);
  g_autofree char *big = generate_file (dir, "crazyhouse", 800, 2);
  VsLibraryStats st = { 0 };
  g_assert_true (vs_library_add_file (lib, first, NULL, NULL, NULL, &st, &error));
  guint games = vs_library_count_games (lib);
  guint64 positions = vs_library_count_positions (lib);
  g_autoptr (GCancellable) cancel = g_cancellable_new ();
  g_assert_false (vs_library_add_file (lib, big, cancel_progress, cancel, cancel, &st, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_assert_cmpuint (vs_library_count_games (lib), ==, games);
  g_assert_cmpuint (vs_library_count_positions (lib), ==, positions);
  /* the file was not recorded: adding it now imports it */
  g_assert_true (vs_library_add_file (lib, big, NULL, NULL, NULL, &st, &error));
  g_assert_false (st.unchanged);
  g_assert_cmpuint (st.games_added, ==, 800);
  vs_library_stats_clear (&st);
  vs_library_close (lib);
}

static void
test_cli (void)
{
  const char *cli = g_getenv ("VS_CLI");
  g_assert_nonnull (cli);   /* set by tests/record/meson.build */
  g_autofree char *dir = g_dir_make_tmp ("vs-library-XXXXXX", NULL);
  g_autofree char *db = tmp_db (dir);
  g_autofree char *path = generate_file (dir, "crazyhouse", 30, 9);
  char *out = NULL, *err = NULL;
  int status = 0;
  const char *add[] = { cli, "library", "add", "--db", db, path, NULL };
  g_assert_true (g_spawn_sync (NULL, (char **) add, NULL, 0, NULL, NULL, &out, &err, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (out, "30"));
  g_free (out);
  g_free (err);
  const char *explore[] = { cli, "library", "explore", "--db", db, "--variant", "crazyhouse", NULL };
  g_assert_true (g_spawn_sync (NULL, (char **) explore, NULL, 0, NULL, NULL, &out, &err, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  /* the moves from the start add up to the 30 games, most played first */
  g_auto (GStrv) lines = g_strsplit (g_strstrip (out), "\n", -1);
  guint sum = 0, prev = G_MAXUINT;
  for (guint i = 0; lines[i]; i++)
    {
      g_auto (GStrv) f = g_strsplit (lines[i], " ", -1);
      g_assert_cmpuint (g_strv_length (f), ==, 5);
      guint games = atoi (f[1]);
      g_assert_cmpuint (games, <=, prev);
      g_assert_cmpuint (atoi (f[2]) + atoi (f[3]) + atoi (f[4]), <=, games);
      prev = games;
      sum += games;
    }
  /* a game that comes back to the start counts under each move it played from there */
  g_assert_cmpuint (sum, >=, 30);
  g_free (out);
  g_free (err);
  const char *find[] = { cli, "library", "find", "--db", db, "--variant", "crazyhouse", NULL };
  g_assert_true (g_spawn_sync (NULL, (char **) find, NULL, 0, NULL, NULL, &out, &err, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_auto (GStrv) games = g_strsplit (g_strstrip (out), "\n", -1);
  g_assert_cmpuint (g_strv_length (games), ==, 30);
  g_auto (GStrv) cols = g_strsplit (games[0], "\t", -1);
  g_assert_cmpuint (g_strv_length (cols), ==, 7);
  g_free (out);
  g_free (err);
  /* bad arguments: exit 2 with a message */
  const char *bad[][9] = {
    { cli, "library", "explore", "--db", db, NULL },
    { cli, "library", "explore", "--db", db, "--variant", "nochess", NULL },
    { cli, "library", "find", "--db", db, "--variant", "crazyhouse", "--moves=e2e5", },
    { cli, "library", "frobnicate", "--db", db, NULL },
    { cli, "library", "add", "--db", db, NULL },
  };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_assert_true (g_spawn_sync (NULL, (char **) bad[i], NULL, 0, NULL, NULL, &out, &err, &status, NULL));
      g_assert_true (WIFEXITED (status));
      g_assert_cmpint (WEXITSTATUS (status), ==, 2);
      g_assert_nonnull (strstr (err, "variant-study-cli: "));
      g_free (out);
      g_free (err);
    }
}

typedef struct {
  const char *variant;
  const char *player, *event, *year, *result;  /* NULL: any */
  const char *moves;                            /* position filter or NULL */
} HeaderCase;

static const char *
header2 (VsGame *g, const char *pgn, const char *gibo)
{
  const char *v = vs_game_get_header (g, pgn);
  return v ? v : vs_game_get_header (g, gibo);
}

static gboolean
contains_ci (const char *hay, const char *needle)
{
  if (!hay)
    return FALSE;
  g_autofree char *h = g_utf8_casefold (hay, -1), *n = g_utf8_casefold (needle, -1);
  return strstr (h, n) != NULL;
}

/* A sorted "white|black|ply" list of the games of the files matching c,
 * by a plain scan of the records (not the library). */
static char *
scan_headers (GPtrArray *files, const HeaderCase *c)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  guint64 want_key = 0;
  if (c->moves)
    {
      g_assert_true (vs_position_init (pos, vs_variant_lookup (c->variant), NULL, NULL));
      g_auto (GStrv) mv = g_strsplit (c->moves, " ", -1);
      for (guint i = 0; mv[i]; i++)
        {
          VsMove m;
          g_assert_true (vs_move_parse (pos, mv[i], VS_NOTATION_UCI, &m, NULL, NULL));
          vs_position_play (pos, m);
        }
      want_key = pos->key;
    }
  for (guint f = 0; f < files->len; f++)
    {
      g_autoptr (VsGameCollection) coll = vs_game_collection_new ();
      vs_record_read_file (files->pdata[f], NULL, coll, NULL, NULL, NULL, NULL);
      for (guint i = 0; i < vs_game_collection_get_n_games (coll); i++)
        {
          VsGame *g = vs_game_collection_get_game (coll, i);
          if (strcmp (vs_game_get_variant (g)->id, c->variant) != 0
              || !vs_game_node_position (vs_game_get_root (g), pos))
            continue;
          const char *w = header2 (g, "White", "초대국자"), *b = header2 (g, "Black", "한대국자");
          const char *date = header2 (g, "Date", "대국일자");
          if (c->player && !contains_ci (w, c->player) && !contains_ci (b, c->player))
            continue;
          if (c->event && !contains_ci (header2 (g, "Event", "대회명"), c->event))
            continue;
          if (c->year && !(date && g_str_has_prefix (date, c->year)))
            continue;
          VsResult r = vs_game_get_result (g);
          if (c->result && !((strcmp (c->result, "1-0") == 0 && r == VS_RESULT_WHITE_WINS)
                             || (strcmp (c->result, "han") == 0 && r == VS_RESULT_BLACK_WINS)
                             || (strcmp (c->result, "draw") == 0 && r == VS_RESULT_DRAW)))
            continue;
          guint ply = vs_game_get_main_line_length (g);
          if (c->moves)
            {
              /* the first ply at which the position stands */
              guint at = G_MAXUINT, k = 0;
              g_assert_true (vs_game_node_position (vs_game_get_root (g), pos));
              for (VsGameNode *n = vs_game_get_root (g);; k++)
                {
                  if (pos->key == want_key)
                    {
                      at = k;
                      break;
                    }
                  if (!(n = vs_game_node_get_main_child (n)))
                    break;
                  vs_position_play (pos, vs_game_node_get_move (n));
                }
              if (at == G_MAXUINT)
                continue;
              ply = at;
            }
          g_ptr_array_add (lines, g_strdup_printf ("%s|%s|%u", w ? w : "?", b ? b : "?", ply));
        }
    }
  g_ptr_array_sort (lines, cmp_str);
  g_ptr_array_add (lines, NULL);
  char *out = g_strjoinv ("\n", (char **) lines->pdata);
  g_ptr_array_unref (lines);
  return out;
}

/* library find with header options gives the games a scan of the records
 * gives, for real Janggi and Crazyhouse records (Korean gibo headers too). */
static void
test_cli_headers (void)
{
  const char *cli = g_getenv ("VS_CLI");
  g_assert_nonnull (cli);
  g_autofree char *dir = g_dir_make_tmp ("vs-library-XXXXXX", NULL);
  g_autofree char *db = tmp_db (dir);
  g_autoptr (GPtrArray) files = real_files ();
  GPtrArray *argv = g_ptr_array_new ();
  const char *head[] = { cli, "library", "add", "--db", db };
  for (guint i = 0; i < G_N_ELEMENTS (head); i++)
    g_ptr_array_add (argv, (gpointer) head[i]);
  for (guint i = 0; i < files->len; i++)
    g_ptr_array_add (argv, files->pdata[i]);
  g_ptr_array_add (argv, NULL);
  int status = 0;
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, NULL, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_ptr_array_unref (argv);
  const HeaderCase cases[] = {
    { "crazyhouse", .player = "JANNLEE" },
    { "crazyhouse", .player = "jannlee", .result = "1-0" },
    { "crazyhouse", .event = "arena" },
    { "janggi-casual", .player = "지만이" },
    { "janggi-casual", .player = "지만이", .result = "han" },
    { "janggi-casual", .event = "명인장기", .year = "2011" },
    { "janggi-casual", .year = "1937", .result = "draw" },
    { "janggi-casual", .year = "2007" },
    { "janggi-casual", .player = "하여명", .moves = "b1c3" },
  };
  guint nonempty = 0;
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const HeaderCase *c = &cases[i];
      g_autoptr (GPtrArray) a = g_ptr_array_new_with_free_func (g_free);
      const char *fixed[] = { cli, "library", "find", "--db", db, "--variant", c->variant };
      for (guint k = 0; k < G_N_ELEMENTS (fixed); k++)
        g_ptr_array_add (a, g_strdup (fixed[k]));
      if (c->player)
        g_ptr_array_add (a, g_strconcat ("--player=", c->player, NULL));
      if (c->event)
        g_ptr_array_add (a, g_strconcat ("--event=", c->event, NULL));
      if (c->year)
        {
          g_ptr_array_add (a, g_strconcat ("--date-from=", c->year, NULL));
          g_ptr_array_add (a, g_strconcat ("--date-to=", c->year, NULL));
        }
      if (c->result)
        g_ptr_array_add (a, g_strconcat ("--result=", c->result, NULL));
      if (c->moves)
        g_ptr_array_add (a, g_strconcat ("--moves=", c->moves, NULL));
      g_ptr_array_add (a, NULL);
      g_autofree char *out = NULL, *err = NULL;
      g_assert_true (g_spawn_sync (NULL, (char **) a->pdata, NULL, 0, NULL, NULL, &out, &err, &status, NULL));
      g_assert_true (g_spawn_check_wait_status (status, NULL));
      g_auto (GStrv) rows = g_strsplit (out, "\n", -1);
      GPtrArray *got = g_ptr_array_new_with_free_func (g_free);
      for (guint k = 0; rows[k]; k++)
        {
          if (!*rows[k])
            continue;
          g_auto (GStrv) col = g_strsplit (rows[k], "\t", -1);
          g_assert_cmpuint (g_strv_length (col), ==, 7);
          g_ptr_array_add (got, g_strdup_printf ("%s|%s|%s", col[1], col[2], col[6]));
        }
      g_ptr_array_sort (got, cmp_str);
      nonempty += got->len > 0;
      g_ptr_array_add (got, NULL);
      g_autofree char *got_text = g_strjoinv ("\n", (char **) got->pdata);
      g_ptr_array_unref (got);
      g_autofree char *want = scan_headers (files, c);
      g_assert_cmpstr (got_text, ==, want);
    }
  /* the cases are not all vacuous */
  g_assert_cmpuint (nonempty, >=, G_N_ELEMENTS (cases) - 1);
  /* a bad result word, and header options outside find */
  const char *bad1[] = { cli, "library", "find", "--db", db, "--variant", "janggi", "--result=maybe", NULL };
  const char *bad2[] = { cli, "library", "explore", "--db", db, "--variant", "janggi", "--player=x", NULL };
  const char **bad[] = { bad1, bad2 };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *out = NULL, *err = NULL;
      g_assert_true (g_spawn_sync (NULL, (char **) bad[i], NULL, 0, NULL, NULL, &out, &err, &status, NULL));
      g_assert_true (WIFEXITED (status));
      g_assert_cmpint (WEXITSTATUS (status), ==, 2);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/library/generated-all-variants", test_generated);
  g_test_add_func ("/library/real-records", test_real);
  g_test_add_func ("/library/add-again", test_add_again);
  g_test_add_func ("/library/old-layout", test_old_layout);
  g_test_add_func ("/library/damaged-file", test_damaged);
  g_test_add_func ("/library/cancelled-import", test_cancel);
  g_test_add_func ("/library/file-hash", test_file_hash);
  g_test_add_func ("/library/md5-library", test_md5_library);
  g_test_add_func ("/library/cli", test_cli);
  g_test_add_func ("/library/cli-header-search", test_cli_headers);
  return g_test_run ();
}
