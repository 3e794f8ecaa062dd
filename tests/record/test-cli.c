/* test-cli.c — "variant-study-cli replay", "convert" and "annotate" run for real.
 * The per-game lines are checked against the oracle (Janggi final
 * positions from an independent engine), against the game's own record
 * ("Black wins by checkmate."), and against the library for every game. */
#include "config.h"
#include "vs-game-collection.h"
#include "vs-record.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "../vs-test-history.h"

static char *
data_path (const char *rel)
{
  const char *dir = g_getenv ("VS_TEST_DATA_DIR");
  return g_build_filename (dir ? dir : TEST_DATA_DIR, rel, NULL);
}

static int
run (char **out, char **err, ...)
{
  const char *cli = g_getenv ("VS_CLI");
  g_assert_nonnull (cli);
  /* callers reuse their out/err strings from one run to the next */
  g_clear_pointer (out, g_free);
  g_clear_pointer (err, g_free);
  GPtrArray *argv = g_ptr_array_new ();
  g_ptr_array_add (argv, (gpointer) cli);
  va_list ap;
  va_start (ap, err);
  const char *a;
  while ((a = va_arg (ap, const char *)))
    g_ptr_array_add (argv, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  int status = 0;
  GError *error = NULL;
  char **env = g_environ_setenv (g_get_environ (), "LANGUAGE", "C", TRUE);
  env = g_environ_setenv (env, "LC_ALL", "C.UTF-8", TRUE);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, env, 0, NULL, NULL, out, err, &status, &error));
  g_assert_no_error (error);
  g_strfreev (env);
  g_ptr_array_unref (argv);
  /* a process killed by a signal (a sanitizer's abort) is a failure, 128 + signal */
  if (WIFSIGNALED (status))
    return 128 + WTERMSIG (status);
  return g_spawn_check_wait_status (status, NULL) ? 0 : WEXITSTATUS (status);
}

static char *
expected_lines (const char *path, const VsRecordOptions *opts)
{
  g_autoptr (VsGameCollection) c = vs_game_collection_new ();
  vs_record_read_file (path, opts, c, NULL, NULL, NULL, NULL);
  GString *s = g_string_new (NULL);
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  for (guint i = 0; i < vs_game_collection_get_n_games (c); i++)
    {
      VsGame *g = vs_game_collection_get_game (c, i);
      VsGameNode *end = vs_game_get_main_line_end (g);
      g_assert_true (vs_game_node_position (end, pos));
      g_autofree char *fen = vs_position_to_string (pos);
      const char *r = vs_game_get_header (g, "Result");
      g_string_append_printf (s, "game %u: %u plies, result %s, %s, final %s\n", i + 1,
                              vs_game_node_get_ply (end), r ? r : "*",
                              vs_state_describe (vs_test_state (pos, NULL)), fen);
    }
  return g_string_free (s, FALSE);
}

static void
test_replay (void)
{
  if (!vs_variant_crazyhouse.generate || !vs_variant_janggi.generate)
    {
      g_test_fail_printf ("the rules modules are missing");
      return;
    }
  g_autofree char *zh = data_path ("records/crazyhouse/lichess-2017-knightvuillaume-jannlee.pgn");
  g_autofree char *out = NULL, *err = NULL;
  g_assert_cmpint (run (&out, &err, "replay", zh, NULL), ==, 0);
  /* the record itself says "Black wins by checkmate." after move 24 */
  g_assert_true (g_str_has_prefix (out, "game 1: 48 plies, result 0-1, checkmate, final "));
  g_autofree char *want = expected_lines (zh, NULL);
  g_assert_cmpstr (out, ==, want);
  g_assert_cmpstr (err, ==, "");

  /* a gibo file: the oracle's final position (placement and side) */
  g_autofree char *gib = data_path ("records/janggi/mandarinai-2016-ha-vs-jeon.gib");
  g_autofree char *out2 = NULL, *err2 = NULL;
  g_assert_cmpint (run (&out2, &err2, "replay", gib, NULL), ==, 0);
  g_assert_true (g_str_has_prefix (out2, "game 1: 73 plies, result 1-0, in progress, final "
                                   "4c4/3ka1R2/3n5/R8/4c4/2P1B4/3r4P/3C2N2/3K5/3A1C3 b "));

  /* a file with problems: every game still gets its line, exit status 1,
   * the problems on stderr */
  g_autofree char *old = data_path ("records/janggi/pobsiz-lee-oldcoords.gib");
  g_autofree char *out3 = NULL, *err3 = NULL;
  g_assert_cmpint (run (&out3, &err3, "replay", old, NULL), ==, 1);
  g_autofree char *want3 = expected_lines (old, NULL);
  g_assert_cmpstr (out3, ==, want3);
  g_assert_nonnull (strstr (err3, "old coordinate system not supported"));
  g_assert_nonnull (strstr (err3, "pobsiz-lee-oldcoords.gib:42:8:"));

  /* a bare Chartima move list */
  g_autofree char *tmp = g_build_filename (g_get_tmp_dir (), "vs-test-cli-chartima.txt", NULL);
  g_assert_true (g_file_set_contents (tmp, "1. P D3 - D4 P E8 - E6 2. P E3 - E4\n", -1, NULL));
  g_autofree char *out4 = NULL, *err4 = NULL;
  g_assert_cmpint (run (&out4, &err4, "replay", tmp, "--variant", "chartima", NULL), ==, 0);
  g_assert_true (g_str_has_prefix (out4, "game 1: 3 plies, result *, in progress, final "));
  g_unlink (tmp);

  /* bad arguments */
  g_autofree char *out5 = NULL, *err5 = NULL;
  g_assert_cmpint (run (&out5, &err5, "replay", NULL), ==, 2);
  g_assert_cmpint (run (&out5, &err5, "replay", zh, "--variant", "xiangqi", NULL), ==, 2);
}

static void
test_convert (void)
{
  if (!vs_variant_janggi.generate)
    {
      g_test_fail_printf ("the rules modules are missing");
      return;
    }
  g_autofree char *gib = data_path ("records/janggi/pobsiz-mgame-jimani-hangul-pass.gib");
  g_autofree char *dir = g_dir_make_tmp ("vs-test-cli-XXXXXX", NULL);
  g_autofree char *pgn = g_build_filename (dir, "out.pgn", NULL);
  g_autofree char *gib2 = g_build_filename (dir, "out.gib", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_assert_cmpint (run (&out, &err, "convert", gib, pgn, NULL), ==, 0);
  g_assert_cmpint (run (&out, &err, "convert", pgn, gib2, "--encoding", "utf-8", NULL), ==, 0);
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (gib2, &text, NULL, NULL));
  g_assert_true (g_utf8_validate (text, -1, NULL));
  g_assert_nonnull (strstr (text, "\r\n"));
  /* the same games at the end of every step */
  g_autofree char *a = NULL, *b = NULL, *c = NULL, *e = NULL;
  g_assert_cmpint (run (&a, &e, "replay", gib, NULL), ==, 0);
  g_assert_cmpint (run (&b, &e, "replay", pgn, NULL), ==, 0);
  g_assert_cmpint (run (&c, &e, "replay", gib2, NULL), ==, 0);
  g_assert_cmpstr (a, ==, b);
  g_assert_cmpstr (a, ==, c);
  g_auto(GStrv) lines = g_strsplit (a, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 26);
  /* Crazyhouse cannot become gibo */
  g_autofree char *zh = data_path ("records/crazyhouse/lichess-2016-saturs-jannlee.pgn");
  g_autofree char *bad = g_build_filename (dir, "zh.gib", NULL);
  g_autofree char *err2 = NULL;
  g_assert_cmpint (run (&out, &err2, "convert", zh, bad, NULL), ==, 1);
  g_assert_nonnull (strstr (err2, "Only Janggi games"));
  g_unlink (pgn);
  g_unlink (gib2);
  g_unlink (bad);
  g_rmdir (dir);
}

/* annotate: a short Crazyhouse game with a blunder, built-in engine at a
 * small depth: every main-line move gets an [%eval]; each move judged ?? ? ?!
 * has the engine's better line as a variation and a "was best." comment;
 * the summary headers are written.  A Chartima record with --engine auto
 * picks the built-in engine (no UCI engine plays Chartima). */
static void
test_annotate (void)
{
  g_autofree char *dir = g_dir_make_tmp ("vs-cli-annotate-XXXXXX", NULL);
  g_autofree char *in = g_build_filename (dir, "zh.pgn", NULL);
  g_autofree char *out_path = g_build_filename (dir, "zh-annotated.pgn", NULL);
  const char *pgn = "[Variant \"Crazyhouse\"]\n[Result \"*\"]\n\n"
                    "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# *\n";
  g_assert_true (g_file_set_contents (in, pgn, -1, NULL));
  g_autofree char *out = NULL, *err = NULL;
  g_assert_cmpint (run (&out, &err, "annotate", in, "--engine", "builtin", "--depth", "3",
                        "-o", out_path, NULL), ==, 0);
  g_assert_nonnull (strstr (err, "engine: built-in"));
  g_assert_nonnull (strstr (err, "average centipawn loss"));
  g_autoptr (VsGameCollection) c = vs_game_collection_new ();
  g_assert_true (vs_record_read_file (out_path, NULL, c, NULL, NULL, NULL, NULL));
  VsGame *g = vs_game_collection_get_game (c, 0);
  g_assert_nonnull (vs_game_get_header (g, "WhiteACPL"));
  g_assert_nonnull (vs_game_get_header (g, "BlackACPL"));
  g_assert_nonnull (vs_game_get_header (g, "BlackAccuracy"));
  guint moves = 0, judged = 0;
  for (VsGameNode *n = vs_game_node_get_main_child (vs_game_get_root (g)); n;
       n = vs_game_node_get_main_child (n))
    {
      moves++;
      g_assert_cmpint (vs_game_node_get_eval (n).kind, !=, VS_EVAL_NONE);
      if (vs_game_node_has_nag (n, 2) || vs_game_node_has_nag (n, 4) || vs_game_node_has_nag (n, 6))
        {
          judged++;
          g_assert_cmpuint (vs_game_node_get_n_children (vs_game_node_get_parent (n)), >=, 2);
          const char *comment = vs_game_node_get_comment_after (n);
          g_assert_nonnull (comment);
          g_assert_nonnull (strstr (comment, "was best."));
        }
    }
  g_assert_cmpuint (moves, ==, 7);
  /* 3... Nf6 allows mate in one */
  g_assert_cmpuint (judged, >=, 1);

  g_autofree char *chartima = g_build_filename (TEST_DATA_DIR, "..", "..", "data", "samples",
                                                "chartima-sample.kif", NULL);
  g_autofree char *out2 = g_build_filename (dir, "chartima.pgn", NULL);
  g_assert_cmpint (run (&out, &err, "annotate", chartima, "--engine", "auto", "--depth", "1",
                        "-o", out2, NULL), ==, 0);
  g_assert_nonnull (strstr (err, "engine: built-in"));
  g_unlink (in);
  g_unlink (out_path);
  g_unlink (out2);
  g_rmdir (dir);
}

/* Writes `pgn` to a file named `name` in a new folder, annotates it with
 * the built-in engine at depth 2, checks the exit status, and returns the
 * games written (stderr in *err); the folder is removed. */
static VsGameCollection *
annotate_builtin (const char *name, const char *pgn, int status, char **err)
{
  g_autofree char *dir = g_dir_make_tmp ("vs-cli-annotate-XXXXXX", NULL);
  g_autofree char *in = g_build_filename (dir, name, NULL);
  g_autofree char *out_path = g_build_filename (dir, "annotated.pgn", NULL);
  g_assert_true (g_file_set_contents (in, pgn, -1, NULL));
  g_autofree char *out = NULL;
  g_assert_cmpint (run (&out, err, "annotate", in, "--engine", "builtin", "--depth", "2",
                        "-o", out_path, NULL), ==, status);
  VsGameCollection *c = vs_game_collection_new ();
  g_assert_true (vs_record_read_file (out_path, NULL, c, NULL, NULL, NULL, NULL));
  g_unlink (in);
  g_unlink (out_path);
  g_rmdir (dir);
  return c;
}

/* annotate on a record with a damaged game: the games read are annotated
 * and written (the damaged one up to its problem), the problem is printed
 * with its line and column, and the exit status is 1. */
static void
test_annotate_damaged (void)
{
  const char *pgn = "[Variant \"Crazyhouse\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"
                    "[Variant \"Crazyhouse\"]\n[Result \"*\"]\n\n1. d4 d5 2. Ke3 Nf6 *\n\n"
                    "[Variant \"Crazyhouse\"]\n[Result \"*\"]\n\n1. c4 e5 *\n";
  g_autofree char *err = NULL;
  g_autoptr (VsGameCollection) c = annotate_builtin ("two.pgn", pgn, 1, &err);
  g_assert_nonnull (strstr (err, "two.pgn:9:13:"));   /* 2. Ke3: line 9, column 13 */
  g_assert_nonnull (strstr (err, "Ke3"));
  g_assert_cmpuint (vs_game_collection_get_n_games (c), ==, 3);
  static const guint plies[] = { 4, 2, 2 };
  for (guint i = 0; i < 3; i++)
    {
      VsGame *g = vs_game_collection_get_game (c, i);
      g_assert_cmpuint (vs_game_get_main_line_length (g), ==, plies[i]);
      for (VsGameNode *n = vs_game_node_get_main_child (vs_game_get_root (g)); n;
           n = vs_game_node_get_main_child (n))
        g_assert_cmpint (vs_game_node_get_eval (n).kind, !=, VS_EVAL_NONE);
    }
}

/* annotate on a game that ends by a rule (here a threefold repetition): the
 * last position is scored by its result, 0.00, without a search (the
 * engines give no score there, and the CLI used to stop with "The engine
 * gave no evaluation."; a Strato game ending by the fifty-move rule did). */
static void
test_annotate_game_over (void)
{
  const char *pgn = "[Variant \"Crazyhouse\"]\n[Result \"1/2-1/2\"]\n\n"
                    "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2\n";
  g_autofree char *err = NULL;
  g_autoptr (VsGameCollection) c = annotate_builtin ("rep.pgn", pgn, 0, &err);
  VsGame *g = vs_game_collection_get_game (c, 0);
  VsGameNode *last = NULL;
  guint moves = 0;
  for (VsGameNode *n = vs_game_node_get_main_child (vs_game_get_root (g)); n;
       n = vs_game_node_get_main_child (n), moves++)
    {
      g_assert_cmpint (vs_game_node_get_eval (n).kind, !=, VS_EVAL_NONE);
      last = n;
    }
  g_assert_cmpuint (moves, ==, 8);
  g_assert_cmpint (vs_game_node_get_eval (last).kind, ==, VS_EVAL_CP);
  g_assert_cmpint (vs_game_node_get_eval (last).value, ==, 0);
}

/* annotate --engine auto (the default) on a Crazyhouse PGN picks
 * Fairy-Stockfish where it is installed (issue 21): an [%eval] on every move,
 * and the better line as a variation at every mistake (? and ??). */
static void
test_annotate_auto_fs (void)
{
  if (!g_file_test ("/usr/games/fairy-stockfish", G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("no /usr/games/fairy-stockfish (optional program)");
      return;
    }
  g_autofree char *dir = g_dir_make_tmp ("vs-cli-annotate-fs-XXXXXX", NULL);
  g_autofree char *in = g_build_filename (TEST_DATA_DIR, "records", "crazyhouse",
                                          "lichess-2016-saturs-jannlee.pgn", NULL);
  g_autofree char *out_path = g_build_filename (dir, "annotated.pgn", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_assert_cmpint (run (&out, &err, "annotate", in, "--movetime", "30", "-o", out_path, NULL), ==, 0);
  g_assert_nonnull (strstr (err, "engine: Fairy-Stockfish"));
  g_autoptr (VsGameCollection) c = vs_game_collection_new ();
  g_assert_true (vs_record_read_file (out_path, NULL, c, NULL, NULL, NULL, NULL));
  VsGame *g = vs_game_collection_get_game (c, 0);
  guint moves = 0, mistakes = 0;
  for (VsGameNode *n = vs_game_node_get_main_child (vs_game_get_root (g)); n;
       n = vs_game_node_get_main_child (n))
    {
      moves++;
      g_assert_cmpint (vs_game_node_get_eval (n).kind, !=, VS_EVAL_NONE);
      const char *comment = vs_game_node_get_comment_after (n);
      if (comment && strstr (comment, "was best.") &&
          (vs_game_node_has_nag (n, 2) || vs_game_node_has_nag (n, 4)))
        {
          mistakes++;
          g_assert_cmpuint (vs_game_node_get_n_children (vs_game_node_get_parent (n)), >=, 2);
        }
    }
  g_assert_cmpuint (moves, ==, 122);
  g_assert_cmpuint (mistakes, >=, 1);
  g_unlink (out_path);
  g_rmdir (dir);
}

/* Issue 17: `tune correlate` on the held-out Crazyhouse positions scored
 * by Fairy-Stockfish at depth 16 (tests/data/held-out): 20 positions, two
 * correlations in [-1, 1]; with every reference score negated both
 * correlations change sign exactly (so the side-to-move / White conversion
 * is the same for both evaluations and the reference); a line that does
 * not read is an error with its line number. */
static void
parse_correlations (const char *out, double *st, double *qs)
{
  const char *a = strstr (out, "static ");
  const char *b = strstr (out, "static + quiescence ");
  g_assert_nonnull (a);
  g_assert_nonnull (b);
  *st = g_ascii_strtod (a + strlen ("static "), NULL);
  *qs = g_ascii_strtod (b + strlen ("static + quiescence "), NULL);
  g_assert_cmpfloat (ABS (*st), <=, 1.0);
  g_assert_cmpfloat (ABS (*qs), <=, 1.0);
}

static void
test_tune_correlate (void)
{
  g_autofree char *data = data_path ("held-out/crazyhouse.tsv");
  g_autofree char *out = NULL, *err = NULL;
  g_assert_cmpint (run (&out, &err, "tune", "correlate", "-v", "crazyhouse", "-d", data, NULL), ==, 0);
  g_assert_true (g_str_has_prefix (out, "20 positions;"));
  double st, qs;
  parse_correlations (out, &st, &qs);

  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (data, &text, NULL, NULL));
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  GString *neg = g_string_new (NULL);
  for (int i = 0; lines[i]; i++)
    {
      if (!lines[i][0] || lines[i][0] == '#')
        continue;
      char *sp = strchr (lines[i], ' ');
      g_assert_nonnull (sp);
      g_string_append_printf (neg, "%d%s\n", -atoi (lines[i]), sp);
    }
  g_autofree char *dir = g_dir_make_tmp ("vs-cli-correlate-XXXXXX", NULL);
  g_autofree char *neg_path = g_build_filename (dir, "negated.tsv", NULL);
  g_assert_true (g_file_set_contents (neg_path, neg->str, -1, NULL));
  g_string_free (neg, TRUE);
  g_assert_cmpint (run (&out, &err, "tune", "correlate", "-v", "crazyhouse", "-d", neg_path, NULL), ==, 0);
  double nst, nqs;
  parse_correlations (out, &nst, &nqs);
  g_assert_cmpfloat_with_epsilon (nst, -st, 0.0011);
  g_assert_cmpfloat_with_epsilon (nqs, -qs, 0.0011);

  g_assert_true (g_file_set_contents (neg_path, "# a comment\n12 not a position\n", -1, NULL));
  g_assert_cmpint (run (&out, &err, "tune", "correlate", "-v", "crazyhouse", "-d", neg_path, NULL), ==, 1);
  g_assert_nonnull (strstr (err, "line 2:"));
  g_unlink (neg_path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/record/cli/replay", test_replay);
  g_test_add_func ("/record/cli/convert", test_convert);
  g_test_add_func ("/record/cli/annotate", test_annotate);
  g_test_add_func ("/record/cli/annotate-auto-fs", test_annotate_auto_fs);
  g_test_add_func ("/record/cli/annotate-damaged", test_annotate_damaged);
  g_test_add_func ("/record/cli/annotate-game-over", test_annotate_game_over);
  g_test_add_func ("/record/cli/tune-correlate", test_tune_correlate);
  return g_test_run ();
}
