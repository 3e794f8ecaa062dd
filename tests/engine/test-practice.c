/* test-practice.c — "Learn from your mistakes" below the UI (vs-practice.h):
 * which moves are mistakes to practise, and the verdict on a try. */
#include "config.h"

#include <string.h>

#include "vs-practice.h"
#include "vs-annotate.h"
#include "vs-win-chances.h"

static VsMove M1 = 0x0101, M2 = 0x0202, M3 = 0x0303;

static void
test_judge (void)
{
  /* the engine's choice is best whatever the numbers */
  g_assert_cmpint (vs_practice_judge (NULL, 0, M1, M1, M2, 0, 0, -900, 0), ==, VS_PRACTICE_BEST);
  /* the mistake itself is never good enough */
  g_assert_cmpint (vs_practice_judge (NULL, 0, M2, M1, M2, 50, 0, 50, 0), ==, VS_PRACTICE_NOT_BEST);
  /* White: 20 cp worse than the engine's choice is close enough, 300 cp is not */
  g_assert_cmpint (vs_practice_judge (NULL, 0, M3, M1, M2, 30, 0, 10, 0), ==, VS_PRACTICE_CLOSE_ENOUGH);
  g_assert_cmpint (vs_practice_judge (NULL, 0, M3, M1, M2, 30, 0, -270, 0), ==, VS_PRACTICE_NOT_BEST);
  /* Black's view is the other way round (scores are White's view) */
  g_assert_cmpint (vs_practice_judge (NULL, 1, M3, M1, M2, -30, 0, -10, 0), ==, VS_PRACTICE_CLOSE_ENOUGH);
  g_assert_cmpint (vs_practice_judge (NULL, 1, M3, M1, M2, -30, 0, 270, 0), ==, VS_PRACTICE_NOT_BEST);
  /* a better move than the engine's is close enough too */
  g_assert_cmpint (vs_practice_judge (NULL, 1, M3, M1, M2, -30, 0, -200, 0), ==, VS_PRACTICE_CLOSE_ENOUGH);
  /* the margin: just under and just over 0.1 of winning chances at 0 cp
   * (2/(1+e^(-0.00368 x))-1 = 0.1 at x = 54.4 cp) */
  g_assert_cmpint (vs_practice_judge (NULL, 0, M3, M1, M2, 0, 0, -54, 0), ==, VS_PRACTICE_CLOSE_ENOUGH);
  g_assert_cmpint (vs_practice_judge (NULL, 0, M3, M1, M2, 0, 0, -55, 0), ==, VS_PRACTICE_NOT_BEST);
  /* mates: another mate keeps it; giving the mate up does not */
  g_assert_cmpint (vs_practice_judge (NULL, 0, M3, M1, M2, 0, 2, 0, 5), ==, VS_PRACTICE_CLOSE_ENOUGH);
  g_assert_cmpint (vs_practice_judge (NULL, 0, M3, M1, M2, 0, 2, 600, 0), ==, VS_PRACTICE_NOT_BEST);
  g_assert_cmpint (vs_practice_judge (NULL, 1, M3, M1, M2, 0, -3, 0, -1), ==, VS_PRACTICE_CLOSE_ENOUGH);
  g_assert_cmpint (vs_practice_judge (NULL, 1, M3, M1, M2, 0, 0, 0, 1), ==, VS_PRACTICE_NOT_BEST);
  /* which tries need a search */
  g_assert_false (vs_practice_needs_eval (M1, M1, M2));
  g_assert_false (vs_practice_needs_eval (M2, M1, M2));
  g_assert_true (vs_practice_needs_eval (M3, M1, M2));
}

static VsGameNode *
add (VsGame *g, VsGameNode *at, const char *san)
{
  g_autoptr (GError) error = NULL;
  VsGameNode *n = vs_game_add_move_text (g, at, san, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (n);
  return n;
}

static void
test_collect (void)
{
  g_autoptr (GError) error = NULL;
  const VsVariant *v = vs_variant_lookup ("crazyhouse");
  g_autoptr (VsGame) g = vs_game_new (v, v->start_fen, &error);
  g_assert_no_error (error);
  VsGameNode *n = add (g, vs_game_get_root (g), "e4");
  n = add (g, n, "e5");
  VsGameNode *qh5 = add (g, n, "Qh5");
  vs_game_node_add_nag (g, qh5, 6);          /* ?! with no better line: left out */
  n = add (g, qh5, "Nc6");
  VsGameNode *bc4 = add (g, n, "Bc4");
  VsGameNode *nf6 = add (g, bc4, "Nf6");
  vs_game_node_add_nag (g, nf6, 4);          /* ?? with the line 3...g6 */
  VsGameNode *g6 = add (g, bc4, "g6");
  add (g, g6, "Qf3");
  VsGameNode *qf7 = add (g, nf6, "Qxf7#");
  vs_game_node_add_nag (g, qf7, 1);          /* ! is no mistake */

  g_autoptr (GArray) black = vs_practice_collect (g, 1);
  g_assert_cmpuint (black->len, ==, 1);
  VsPracticeItem *it = &g_array_index (black, VsPracticeItem, 0);
  g_assert_true (it->node == nf6);
  g_assert_cmpuint (it->ply, ==, 6);
  g_assert_cmpuint (it->nag, ==, 4);
  g_assert_cmpuint (it->played, ==, vs_game_node_get_move (nf6));
  g_assert_cmpuint (it->best, ==, vs_game_node_get_move (g6));
  g_assert_true (it->best_node == g6);
  g_autoptr (GArray) white = vs_practice_collect (g, 0);
  g_assert_cmpuint (white->len, ==, 0);
}

/* The summary names the sides as the variant does (issue 18: Cho/Han). */
static void
test_summary_sides (void)
{
  VsAnnotateSummary s = { { 10, 10 }, { 35, 80 }, { 87, 60 }, { 1, 0 }, { 0, 2 }, { 0, 1 } };
  g_autofree char *janggi = vs_annotate_summary_text (&s, &vs_variant_janggi);
  g_assert_true (g_str_has_prefix (janggi, "Cho: accuracy 87%"));
  g_assert_nonnull (strstr (janggi, "Han: accuracy 60%"));
  g_assert_null (strstr (janggi, "White"));
  g_autofree char *chess = vs_annotate_summary_text (&s, &vs_variant_crazyhouse);
  g_assert_true (g_str_has_prefix (chess, "White: accuracy 87%"));
  g_assert_nonnull (strstr (chess, "Black: accuracy 60%"));
}

/* Each variant's winning-chances curve (vs-eval-curves.h): odd, rising,
 * mates at ±1; and the variant is what the judges read a score on.  The
 * fitted Crazyhouse curve is flatter than Janggi's (a three-pawn lead is
 * often lost again to drops): a drop from +300 to 0 is a mistake (?) in
 * Janggi and not even an inaccuracy in Crazyhouse, and a try 100 cp short
 * of the engine's move is close enough in Crazyhouse only. */
static void
test_win_curves (void)
{
  const VsVariant *const *all = vs_variants ();
  for (int i = 0; all[i]; i++)
    {
      const VsVariant *v = all[i];
      g_assert_cmpfloat (vs_eval_win_chances (v, 0, 0), ==, 0.0);
      g_assert_cmpfloat (vs_eval_win_chances (v, 0, 3), ==, 1.0);
      g_assert_cmpfloat (vs_eval_win_chances (v, 0, -3), ==, -1.0);
      double last = -1;
      for (int cp = -2000; cp <= 2000; cp += 50)
        {
          double c = vs_eval_win_chances (v, cp, 0);
          g_assert_cmpfloat (c, >, last);
          g_assert_cmpfloat (c, <, 1.0);
          g_assert_cmpfloat (ABS (c + vs_eval_win_chances (v, -cp, 0)), <, 1e-12);
          last = c;
        }
    }
  const VsVariant *zh = vs_variant_lookup ("crazyhouse"), *jg = vs_variant_lookup ("janggi");
  g_assert_cmpfloat (vs_eval_win_chances (jg, 300, 0) - vs_eval_win_chances (zh, 300, 0), >, 0.2);
  g_assert_cmpuint (vs_annotate_judge (jg, 0, 300, 0, 0, 0), ==, 2);
  g_assert_cmpuint (vs_annotate_judge (zh, 0, 300, 0, 0, 0), ==, 0);
  g_assert_cmpuint (vs_annotate_judge (zh, 1, -300, 0, 0, 0), ==, 0);
  g_assert_cmpuint (vs_annotate_judge (jg, 1, -300, 0, 0, 0), ==, 2);
  g_assert_cmpint (vs_practice_judge (jg, 0, M3, M1, M2, 0, 0, -100, 0), ==, VS_PRACTICE_NOT_BEST);
  g_assert_cmpint (vs_practice_judge (zh, 0, M3, M1, M2, 0, 0, -100, 0), ==, VS_PRACTICE_CLOSE_ENOUGH);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/practice/judge", test_judge);
  g_test_add_func ("/practice/win-curves", test_win_curves);
  g_test_add_func ("/practice/collect", test_collect);
  g_test_add_func ("/practice/summary-sides", test_summary_sides);
  return g_test_run ();
}
