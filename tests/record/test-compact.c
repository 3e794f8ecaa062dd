/* test-compact.c — compact games (vs_game_compact) and files that are not
 * records.
 *
 * Every reference record and bundled sample, read with compact_games, gives
 * games equal to those read normally once their trees are read back; PGN
 * writing takes a compact game's text as it is (the game stays compact),
 * other formats re-compact it after use; header edits do not go stale.  A
 * binary file is reported as not a game record. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "vs-game-collection.h"
#include "vs-record.h"

static char *
test_data_dir (void)
{
  const char *env = g_getenv ("VS_TEST_DATA_DIR");
  return g_strdup (env ? env : TEST_DATA_DIR);
}

static void
collect (const char *dir, GPtrArray *out)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        collect (path, out);
      else if (g_str_has_suffix (name, ".pgn") || g_str_has_suffix (name, ".gib") || g_str_has_suffix (name, ".kif"))
        g_ptr_array_add (out, g_steal_pointer (&path));
    }
}

static void
test_round_trip (void)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *datadir = test_data_dir ();
  g_autofree char *records = g_build_filename (datadir, "records", NULL);
  collect (records, files);
  g_autofree char *samples = g_build_filename (SOURCE_DATADIR, "samples", NULL);
  collect (samples, files);
  g_assert_cmpuint (files->len, >=, 10);

  guint n_games = 0;
  for (guint f = 0; f < files->len; f++)
    {
      const char *path = files->pdata[f];
      g_autoptr (VsGameCollection) plain = vs_game_collection_new ();
      g_autoptr (VsGameCollection) compact = vs_game_collection_new ();
      VsRecordOptions opts = { 0 };
      vs_record_read_file (path, &opts, plain, NULL, NULL, NULL, NULL);
      opts.compact_games = TRUE;
      vs_record_read_file (path, &opts, compact, NULL, NULL, NULL, NULL);
      guint n = vs_game_collection_get_n_games (plain);
      g_assert_cmpuint (vs_game_collection_get_n_games (compact), ==, n);

      /* PGN of the whole file: the same bytes, and nothing read back */
      g_autoptr (GBytes) a = vs_record_write_collection (plain, VS_RECORD_FORMAT_PGN, VS_RECORD_ENCODING_AUTO, NULL);
      g_autoptr (GBytes) b = vs_record_write_collection (compact, VS_RECORD_FORMAT_PGN, VS_RECORD_ENCODING_AUTO, NULL);
      g_assert_nonnull (a);
      g_assert_true (g_bytes_equal (a, b));
      for (guint i = 0; i < n; i++)
        g_assert_true (vs_game_is_compact (vs_game_collection_get_game (compact, i)));
      /* a snapshot (shared texts) joins to the same bytes */
      g_autoptr (GPtrArray) snap = vs_record_snapshot_pgn (compact);
      g_autoptr (GBytes) joined = vs_record_snapshot_join (snap);
      g_assert_true (g_bytes_equal (joined, a));
      /* the snapshot outlives the compact text when the game is opened */
      if (n > 0)
        {
          g_autofree char *before = g_strdup (snap->pdata[0]);
          vs_game_get_root (vs_game_collection_get_game (compact, 0));
          g_assert_cmpstr (snap->pdata[0], ==, before);
          vs_game_compact (vs_game_collection_get_game (compact, 0));
        }

      for (guint i = 0; i < n; i++)
        {
          VsGame *g = vs_game_collection_get_game (compact, i);
          /* headers without reading the tree back */
          g_assert_cmpuint (vs_game_get_n_headers (g), ==, vs_game_get_n_headers (vs_game_collection_get_game (plain, i)));
          g_assert_true (vs_game_is_compact (g));
          g_autofree char *why = NULL;
          gboolean same = vs_game_equal (g, vs_game_collection_get_game (plain, i), &why);
          if (!same)
            g_test_message ("%s game %u: %s", path, i + 1, why);
          g_assert_true (same);
          g_assert_false (vs_game_is_compact (g));
          n_games++;
        }
    }
  g_test_message ("%u files, %u games compared", files->len, n_games);
}

static void
test_other_formats_and_edits (void)
{
  g_autofree char *datadir = test_data_dir ();
  g_autofree char *path = g_build_filename (datadir, "records", "janggi", "mandarinai-2016-ha-vs-jeon.gib", NULL);
  g_autoptr (VsGameCollection) plain = vs_game_collection_new ();
  g_autoptr (VsGameCollection) compact = vs_game_collection_new ();
  VsRecordOptions opts = { 0 };
  g_assert_true (vs_record_read_file (path, &opts, plain, NULL, NULL, NULL, NULL));
  opts.compact_games = TRUE;
  g_assert_true (vs_record_read_file (path, &opts, compact, NULL, NULL, NULL, NULL));

  /* gibo needs the tree: the same bytes, and the game is compact again */
  g_autoptr (GBytes) a = vs_record_write_collection (plain, VS_RECORD_FORMAT_GIBO, VS_RECORD_ENCODING_AUTO, NULL);
  g_autoptr (GBytes) b = vs_record_write_collection (compact, VS_RECORD_FORMAT_GIBO, VS_RECORD_ENCODING_AUTO, NULL);
  g_assert_nonnull (a);
  g_assert_true (g_bytes_equal (a, b));
  VsGame *g = vs_game_collection_get_game (compact, 0);
  g_assert_true (vs_game_is_compact (g));

  /* a header edit reads the tree back first: the PGN shows the edit */
  vs_game_set_header (g, "Event", "Edited while compact");
  g_assert_false (vs_game_is_compact (g));
  vs_game_compact (g);
  g_autoptr (GBytes) c = vs_record_write_collection (compact, VS_RECORD_FORMAT_PGN, VS_RECORD_ENCODING_AUTO, NULL);
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (c, NULL), g_bytes_get_size (c), "[Event \"Edited while compact\"]"));
  VsGame *p = vs_game_collection_get_game (plain, 0);
  vs_game_set_header (p, "Event", "Edited while compact");
  g_assert_true (vs_game_equal (g, p, NULL));

  /* a copy of a compact game is whole */
  vs_game_compact (g);
  g_autoptr (VsGame) copy = vs_game_copy (g);
  g_assert_false (vs_game_is_compact (copy));
  g_assert_true (vs_game_equal (copy, p, NULL));
}

static void
test_not_a_record (void)
{
  g_autofree char *dir = g_dir_make_tmp ("vs-compact-XXXXXX", NULL);
  g_autofree char *bin = g_build_filename (dir, "image.pgn", NULL);
  static const char png_head[] = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10\0\0\0\x10\x08\x06\0\0\0";
  g_assert_true (g_file_set_contents (bin, png_head, sizeof png_head, NULL));
  g_autoptr (VsGameCollection) c = vs_game_collection_new ();
  g_autoptr (GError) error = NULL;
  g_assert_false (vs_record_read_file (bin, NULL, c, NULL, NULL, NULL, &error));
  g_assert_error (error, VS_RECORD_ERROR, VS_RECORD_ERROR_NOT_A_RECORD);
  g_assert_nonnull (strstr (error->message, bin));
  g_assert_cmpuint (vs_game_collection_get_n_games (c), ==, 0);

  /* control characters here and there (a form feed, ESC colours) are text */
  g_autofree char *text = g_build_filename (dir, "text.pgn", NULL);
  g_assert_true (g_file_set_contents (text, "[Event \"\x1b[1mx\x1b[0m\"]\n[Variant \"Crazyhouse\"]\n\n\f1. e4 e5 *\n", -1, NULL));
  g_autoptr (VsGameCollection) t = vs_game_collection_new ();
  g_clear_error (&error);
  vs_record_read_file (text, NULL, t, NULL, NULL, NULL, &error);
  g_assert_false (g_error_matches (error, VS_RECORD_ERROR, VS_RECORD_ERROR_NOT_A_RECORD));
  g_assert_cmpuint (vs_game_collection_get_n_games (t), ==, 1);
  g_unlink (bin);
  g_unlink (text);
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/record/compact/round-trip", test_round_trip);
  g_test_add_func ("/record/compact/other-formats-and-edits", test_other_formats_and_edits);
  g_test_add_func ("/record/not-a-record", test_not_a_record);
  return g_test_run ();
}
