/* test-mutations.c — readers never abort: the reference records, damaged in
 * seeded random ways (bytes flipped, ranges cut or doubled, PGN/gibo syntax
 * characters and stray bytes inserted), are read; each read either succeeds
 * or names its problem with file:line:column, keeps the games it could
 * read, and every kept game replays from its start to its last move. */
#include "config.h"
#include "vs-game-collection.h"
#include "vs-record.h"

#include <string.h>

static char *
data_path (const char *rel)
{
  const char *dir = g_getenv ("VS_TEST_DATA_DIR");
  return g_build_filename (dir ? dir : TEST_DATA_DIR, rel, NULL);
}

static void
mutate (GRand *r, GString *s)
{
  static const char *const inserts[] = {
    "{", "}", "(", ")", "[", "]", "\"", "$", "%", ";", "\n", "\r\n", "\xff", "\x1a",
    "1.", "...", "@", "+", "#", "!?", "[%clk 9:99", "[%cal Gz9", "한수쉼", "馬", "<", ">", "0-1",
  };
  int n = g_rand_int_range (r, 1, 6);
  for (int i = 0; i < n && s->len > 2; i++)
    {
      gsize at = g_rand_int_range (r, 0, s->len);
      switch (g_rand_int_range (r, 0, 4))
        {
        case 0:
          s->str[at] = (char) g_rand_int_range (r, 1, 256);
          break;
        case 1:
          {
            gsize want = g_rand_int_range (r, 1, 40);   /* not inside MIN: evaluated twice */
            g_string_erase (s, at, MIN (want, s->len - at));
          }
          break;
        case 2:
          {
            gsize want = g_rand_int_range (r, 1, 60);
            gsize l = MIN (want, s->len - at);
            g_autofree char *copy = g_strndup (s->str + at, l);
            g_string_insert_len (s, g_rand_int_range (r, 0, s->len), copy, l);
          }
          break;
        default:
          g_string_insert (s, at, inserts[g_rand_int_range (r, 0, G_N_ELEMENTS (inserts))]);
          break;
        }
    }
}

static void
check_file (const char *rel, guint rounds)
{
  g_autofree char *path = data_path (rel);
  g_autofree char *orig = NULL;
  gsize len;
  g_assert_true (g_file_get_contents (path, &orig, &len, NULL));
  GRand *r = g_rand_new_with_seed (g_str_hash (rel));
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  for (guint k = 0; k < rounds; k++)
    {
      GString *s = g_string_new_len (orig, len);
      mutate (r, s);
      VsRecordOptions opts = { .filename = "m" };
      g_autoptr (VsGameCollection) c = vs_game_collection_new ();
      GError *error = NULL;
      gboolean ok = vs_record_read_data (s->str, s->len, &opts, c, &error);
      GPtrArray *problems = vs_game_collection_get_problems (c);
      if (ok)
        {
          g_assert_no_error (error);
          g_assert_cmpuint (problems->len, ==, 0);
        }
      else
        {
          g_assert_nonnull (error);
          g_assert_true (error->domain == VS_RECORD_ERROR);
          g_assert_true (g_str_has_prefix (error->message, "m:"));
          g_assert_cmpuint (problems->len, >=, 1);
          for (guint i = 0; i < problems->len; i++)
            {
              VsRecordProblem *p = problems->pdata[i];
              g_assert_cmpuint (p->line, >=, 1);
              g_assert_cmpuint (p->column, >=, 1);
              g_assert_true (g_utf8_validate (p->message, -1, NULL));
            }
          g_clear_error (&error);
        }
      for (guint i = 0; i < vs_game_collection_get_n_games (c); i++)
        {
          VsGame *g = vs_game_collection_get_game (c, i);
          g_assert_true (vs_game_node_position (vs_game_get_main_line_end (g), pos));
          g_free (vs_pgn_write_game (g));
        }
      g_string_free (s, TRUE);
    }
  g_rand_free (r);
}

static void
test_mutations (void)
{
  if (!vs_variant_crazyhouse.generate || !vs_variant_janggi_casual.generate)
    {
      g_test_fail_printf ("the rules modules are missing");
      return;
    }
  check_file ("records/crazyhouse/lichess-2017-knightvuillaume-jannlee.pgn", 400);
  check_file ("records/crazyhouse/lichess-2018-jannlee-crazyara.pgn", 200);
  check_file ("records/janggi/pobsiz-1937-maeil-pan-comments.gib", 300);
  check_file ("records/janggi/pobsiz-2010-myeongin-sidehangul-time.gib", 100);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/record/mutations", test_mutations);
  return g_test_run ();
}
