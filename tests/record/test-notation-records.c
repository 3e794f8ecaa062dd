/* test-notation-records.c — PGN and bare move lists for every variant, on
 * seeded random legal games built with vs_game_add_move:
 *  - write → read gives the same moves (PGN for all four variants; bare
 *    numbered lists for Chartima and Strato, variant detected from the text);
 *  - Chartima/Strato movetext is split by the structure of a move: the same
 *    game read back with no blanks inside moves, with lower-case files, with
 *    comments and NAGs between the moves;
 *  - the rules page's bare list "1. P D3 - D4 P E8 - E6" reads without headers;
 *  - Janggi PGN as pychess.org writes it, and UCI-style moves. */
#include "config.h"
#include "vs-game-collection.h"
#include "vs-record.h"

#include <string.h>
#include "../vs-test-history.h"

static gboolean
module_ready (const VsVariant *v)
{
  return v->generate != NULL && v->write_move != NULL && v->parse_move != NULL;
}

static VsGame *
random_game (const VsVariant *v, guint32 seed, int plies)
{
  g_autoptr (GError) error = NULL;
  VsGame *g = vs_game_new (v, NULL, &error);
  g_assert_no_error (error);
  GRand *r = g_rand_new_with_seed (seed);
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  g_assert_true (vs_game_node_position (vs_game_get_root (g), pos));
  VsGameNode *n = vs_game_get_root (g);
  for (int i = 0; i < plies; i++)
    {
      VsMove moves[VS_MAX_MOVES];
      int count = vs_position_generate (pos, VS_GEN_ALL, moves);
      if (count == 0 || vs_test_state (pos, NULL) != VS_STATE_ONGOING)
        break;
      VsMove m = moves[g_rand_int_range (r, 0, count)];
      n = vs_game_add_move (g, n, m, NULL, &error);
      g_assert_no_error (error);
      vs_test_make (pos, m);
    }
  g_rand_free (r);
  return g;
}

static VsGameCollection *
read_back (const char *text, const VsVariant *variant, VsRecordFormat format)
{
  VsRecordOptions opts = { .format = format, .variant = variant, .filename = "back" };
  VsGameCollection *c = vs_game_collection_new ();
  GError *error = NULL;
  if (!vs_record_read_data (text, -1, &opts, c, &error))
    g_error ("reading back failed: %s\n%s", error->message, text);
  return c;
}

static void
assert_same_moves (VsGame *a, VsGame *b, const char *text)
{
  g_assert_true (vs_game_get_variant (a) == vs_game_get_variant (b));
  VsGameNode *x = vs_game_get_root (a), *y = vs_game_get_root (b);
  for (;;)
    {
      x = vs_game_node_get_main_child (x);
      y = vs_game_node_get_main_child (y);
      if (!x || !y)
        break;
      if (VS_MOVE_CORE (vs_game_node_get_move (x)) != VS_MOVE_CORE (vs_game_node_get_move (y)))
        g_error ("ply %u: %s read as %s\n%s", vs_game_node_get_ply (x), vs_game_node_get_san (x),
                 vs_game_node_get_san (y), text);
      g_assert_cmpstr (vs_game_node_get_san (x), ==, vs_game_node_get_san (y));
    }
  g_assert_true (x == NULL && y == NULL);
}

/* The main line as a numbered list, each move's SAN passed through f. */
static char *
list_with (VsGame *g, char *(*f) (const char *san, guint ply))
{
  GString *s = g_string_new (NULL);
  for (VsGameNode *n = vs_game_node_get_main_child (vs_game_get_root (g)); n; n = vs_game_node_get_main_child (n))
    {
      guint ply = vs_game_node_get_ply (n);
      if (ply % 2 == 1)
        g_string_append_printf (s, "%s%u.", ply > 1 ? " " : "", (ply + 1) / 2);
      g_autofree char *t = f (vs_game_node_get_san (n), ply);
      g_string_append_printf (s, " %s", t);
    }
  g_string_append_c (s, '\n');
  return g_string_free (s, FALSE);
}

static char *
squeeze (const char *san, guint ply)
{
  GString *s = g_string_new (NULL);
  for (const char *p = san; *p; p++)
    if (*p != ' ')
      g_string_append_c (s, *p);
  return g_string_free (s, FALSE);
}

static char *
lower_files (const char *san, guint ply)
{
  /* squares are separate words in the canonical form: "D3", "J10", "Ab1" */
  g_auto (GStrv) words = g_strsplit (san, " ", -1);
  for (guint i = 0; words[i]; i++)
    {
      char *w = words[i];
      gsize l = strlen (w);
      if (l >= 2 && l <= 3 && w[0] >= 'A' && w[0] <= 'J' && g_ascii_isdigit (w[1]))
        w[0] = g_ascii_tolower (w[0]);
    }
  return g_strjoinv (" ", words);
}

static char *
annotate (const char *san, guint ply)
{
  if (ply % 3 == 0)
    return g_strdup_printf ("%s!? { note %u } $14", san, ply);
  if (ply % 5 == 0)
    return g_strdup_printf ("%s ; line comment %u\n", san, ply);
  return g_strdup (san);
}

static void
check_structured (const VsVariant *v)
{
  if (!module_ready (v))
    {
      g_test_fail_printf ("the rules module of this case is missing");
      return;
    }
  for (guint32 seed = 1; seed <= 12; seed++)
    {
      g_autoptr (VsGame) g = random_game (v, seed * 7919, 160);
      /* bare list, variant detected from the text */
      g_autofree char *kifu = vs_kifu_write_game (g);
      g_autoptr (VsGameCollection) k = read_back (kifu, NULL, VS_RECORD_FORMAT_AUTO);
      assert_same_moves (g, vs_game_collection_get_game (k, 0), kifu);
      /* PGN */
      g_autofree char *pgn = vs_pgn_write_game (g);
      g_assert_nonnull (strstr (pgn, "[Variant \""));
      g_autoptr (VsGameCollection) p = read_back (pgn, NULL, VS_RECORD_FORMAT_AUTO);
      assert_same_moves (g, vs_game_collection_get_game (p, 0), pgn);
      g_autofree char *pgn2 = vs_pgn_write_game (vs_game_collection_get_game (p, 0));
      g_assert_cmpstr (pgn, ==, pgn2);
      /* no blanks inside moves; lower-case files; annotations between */
      char *(*forms[]) (const char *, guint) = { squeeze, lower_files, annotate };
      for (guint i = 0; i < G_N_ELEMENTS (forms); i++)
        {
          g_autofree char *text = list_with (g, forms[i]);
          g_autoptr (VsGameCollection) c = read_back (text, v, VS_RECORD_FORMAT_KIFU);
          assert_same_moves (g, vs_game_collection_get_game (c, 0), text);
          if (forms[i] == annotate)
            {
              VsGameNode *third = vs_game_node_get_child (vs_game_node_get_child (vs_game_node_get_child (
                vs_game_get_root (vs_game_collection_get_game (c, 0)), 0), 0), 0);
              if (third)
                {
                  g_assert_true (vs_game_node_has_nag (third, VS_NAG_INTERESTING));
                  g_assert_true (vs_game_node_has_nag (third, 14));
                  g_assert_cmpstr (vs_game_node_get_comment_after (third), ==, "note 3");
                }
            }
        }
    }
}

static void
test_chartima (void)
{
  check_structured (&vs_variant_chartima);
  if (!module_ready (&vs_variant_chartima))
    return;
  /* the rules page's form: a bare numbered list, no headers */
  const char *text = "1. P D3 - D4 P E8 - E6 2. PB3-B4 P e6 - e5\n";
  g_autoptr (VsGameCollection) c = read_back (text, NULL, VS_RECORD_FORMAT_AUTO);
  VsGame *g = vs_game_collection_get_game (c, 0);
  g_assert_true (vs_game_get_variant (g) == &vs_variant_chartima);
  g_assert_cmpuint (vs_game_get_main_line_length (g), ==, 4);
  g_assert_cmpstr (vs_game_node_get_san (vs_game_get_main_line_end (g)), ==, "P E6 - E5");
  /* an illegal move in a bare list: line, column, move number */
  const char *bad = "1. P D3 - D4 P E8 - E6\n2. P D4 - D6 P B8 - B6\n";
  g_autoptr (VsGameCollection) c2 = vs_game_collection_new ();
  VsRecordOptions opts = { .filename = "bad.txt" };
  GError *error = NULL;
  g_assert_false (vs_record_read_data (bad, -1, &opts, c2, &error));
  g_assert_error (error, VS_RECORD_ERROR, VS_RECORD_ERROR_ILLEGAL_MOVE);
  g_assert_true (g_str_has_prefix (error->message, "bad.txt:2:4:"));
  g_clear_error (&error);
  VsRecordProblem *p = vs_game_collection_get_problems (c2)->pdata[0];
  g_assert_cmpuint (p->move_number, ==, 2);
  g_assert_cmpstr (p->text, ==, "P D4 - D6");
  g_assert_cmpuint (vs_game_get_main_line_length (vs_game_collection_get_game (c2, 0)), ==, 2);
}

static void
test_strato (void)
{
  check_structured (&vs_variant_strato);
}

static void
check_plain (const VsVariant *v)
{
  if (!module_ready (v))
    {
      g_test_fail_printf ("the rules module of this case is missing");
      return;
    }
  for (guint32 seed = 1; seed <= 12; seed++)
    {
      g_autoptr (VsGame) g = random_game (v, seed * 104729, 200);
      g_autofree char *pgn = vs_pgn_write_game (g);
      g_autoptr (VsGameCollection) p = read_back (pgn, NULL, VS_RECORD_FORMAT_AUTO);
      assert_same_moves (g, vs_game_collection_get_game (p, 0), pgn);
      g_autofree char *pgn2 = vs_pgn_write_game (vs_game_collection_get_game (p, 0));
      g_assert_cmpstr (pgn, ==, pgn2);
    }
}

static void
test_crazyhouse (void)
{
  check_plain (&vs_variant_crazyhouse);
}

static void
test_janggi (void)
{
  check_plain (&vs_variant_janggi);
  check_plain (&vs_variant_janggi_casual);
  if (!module_ready (&vs_variant_janggi))
    return;
  /* pychess.org style: lower-case variant name, FEN + SetUp, H/E letters,
   * UCI-style moves and "@@@@" for a pass are read too */
  const char *text =
    "[Event \"casual\"]\n[Variant \"janggicasual\"]\n"
    "[FEN \"rbna1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RBNA1ABNR w - - 0 1\"]\n[SetUp \"1\"]\n\n"
    "1. Hd3 c7d7 2. @@@@ g7g6 3. i4h4 *\n";
  g_autoptr (VsGameCollection) c = read_back (text, NULL, VS_RECORD_FORMAT_AUTO);
  VsGame *g = vs_game_collection_get_game (c, 0);
  g_assert_true (vs_game_get_variant (g) == &vs_variant_janggi_casual);
  g_assert_true (vs_game_has_setup (g));
  g_assert_cmpuint (vs_game_get_main_line_length (g), ==, 5);
  VsGameNode *pass = vs_game_node_get_child (vs_game_node_get_child (vs_game_node_get_child (vs_game_get_root (g), 0), 0), 0);
  g_assert_cmpint (VS_MOVE_KIND (vs_game_node_get_move (pass)), ==, VS_MOVE_PASS);
}

/* Issue 18: a pass written in each form — PGN SAN: K + the General's own
 * point (RULES.md §4.10), UCI: that point twice (pychess/Fairy-Stockfish,
 * e2e2), gibo: 한수쉼 — and each read back as a pass. */
static void
test_janggi_pass_forms (void)
{
  if (!module_ready (&vs_variant_janggi))
    return;
  g_autoptr (GError) error = NULL;
  g_autoptr (VsGame) g = vs_game_new (&vs_variant_janggi, NULL, &error);
  g_assert_no_error (error);
  gboolean created = FALSE;
  VsGameNode *n = vs_game_add_move_text (g, vs_game_get_root (g), "pass", &created, &error);
  g_assert_no_error (error);
  g_assert_nonnull (n);
  VsMove m = vs_game_node_get_move (n);
  g_assert_cmpint (VS_MOVE_KIND (m), ==, VS_MOVE_PASS);
  VsPosition pos;
  g_assert_true (vs_test_init (&pos, &vs_variant_janggi, NULL, NULL));
  char text[VS_MOVE_TEXT_MAX];
  vs_move_write (&pos, m, VS_NOTATION_UCI, text);
  g_assert_cmpstr (text, ==, "e2e2");
  vs_move_write (&pos, m, VS_NOTATION_SAN, text);
  g_assert_cmpstr (text, ==, "Ke2");
  vs_move_write (&pos, m, VS_NOTATION_GIBO, text);
  g_assert_cmpstr (text, ==, "한수쉼");
  const char *forms[] = { "e2e2", "Ke2", "@@@@", "pass" };
  for (guint i = 0; i < G_N_ELEMENTS (forms); i++)
    {
      VsMove back = VS_MOVE_NONE;
      g_assert_true (vs_move_parse (&pos, forms[i], VS_NOTATION_SAN, &back, NULL, NULL));
      g_assert_cmpint (VS_MOVE_KIND (back), ==, VS_MOVE_PASS);
    }

  g_autofree char *pgn = vs_pgn_write_game (g);
  g_assert_nonnull (strstr (pgn, "1. Ke2"));
  g_autofree char *gib = vs_gibo_write_game (g, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (gib, "한수쉼"));
  g_autoptr (VsGameCollection) c = read_back (gib, NULL, VS_RECORD_FORMAT_AUTO);
  VsGameNode *p = vs_game_node_get_child (vs_game_get_root (vs_game_collection_get_game (c, 0)), 0);
  g_assert_cmpint (VS_MOVE_KIND (vs_game_node_get_move (p)), ==, VS_MOVE_PASS);
}

/* Shapes on boards other than 8×8: Janggi's rank 10, Strato's levels. */
static void
test_shapes (void)
{
  if (!module_ready (&vs_variant_janggi) || !module_ready (&vs_variant_strato))
    {
      g_test_fail_printf ("the rules modules are missing");
      return;
    }
  static const struct { const char *text; guint n; int from0, to0; } cases[] = {
    { "[Variant \"Janggi\"]\n\n1. Hg3 { good [%cal Ge2e10,Ra10a9] [%csl Gi10] [%clk 0:10:00] } *\n", 3, 13, 85 },
    { "[Variant \"Strato\"]\n\n1. N Ab1 - Bc3 { [%cal GAe2Be4] [%csl RCh8] } *\n", 2, 12, 64 + 28 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (VsGameCollection) c = read_back (cases[i].text, NULL, VS_RECORD_FORMAT_AUTO);
      VsGame *g = vs_game_collection_get_game (c, 0);
      VsGameNode *n = vs_game_node_get_main_child (vs_game_get_root (g));
      const VsShape *sh;
      g_assert_cmpuint (vs_game_node_get_shapes (n, &sh), ==, cases[i].n);
      g_assert_cmpint (sh[0].from, ==, cases[i].from0);
      g_assert_cmpint (sh[0].to, ==, cases[i].to0);
      g_autofree char *w1 = vs_pgn_write_game (g);
      g_autoptr (VsGameCollection) c2 = read_back (w1, NULL, VS_RECORD_FORMAT_AUTO);
      g_autofree char *why = NULL;
      if (!vs_game_equal (g, vs_game_collection_get_game (c2, 0), &why))
        g_error ("%s\n%s", why, w1);
      g_autofree char *w2 = vs_pgn_write_game (vs_game_collection_get_game (c2, 0));
      g_assert_cmpstr (w1, ==, w2);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/record/notation/chartima", test_chartima);
  g_test_add_func ("/record/notation/strato", test_strato);
  g_test_add_func ("/record/notation/crazyhouse", test_crazyhouse);
  g_test_add_func ("/record/notation/janggi", test_janggi);
  g_test_add_func ("/record/notation/janggi-pass-forms", test_janggi_pass_forms);
  g_test_add_func ("/record/notation/shapes", test_shapes);
  return g_test_run ();
}
