/* test-mate-suite.c — the full-width mate prover and the self-play mate
 * suites it made (issue 16: mates in 1-4 for Chartima and Strato).
 *
 *  /mates/prover/minimax    the prover agrees with plain minimax (no table,
 *                           no move order) on every short case of the suites
 *                           (mates in 1 and 2 asked both as 1 and as 2);
 *  /mates/prover/handmade   the hand-made suites (mates-VARIANT.tsv) of all
 *                           four variants: the prover finds exactly the
 *                           length written there;
 *  /mates/selfplay/VARIANT  every position of mates-selfplay-VARIANT.tsv is a
 *                           forced win in exactly the moves written, by the
 *                           prover (its mates in 1 and 2), and the suite holds
 *                           mates in 1, 2, 3 and 4.
 * How many the engine solves within 1 s is a figure, printed by
 * `variant-study-cli mates solve FILE`, not a test (it depends on the
 * machine).
 */
#include "config.h"
#include "vs-mate-prover.h"
#include "vs-engine-test-util.h"

#include <string.h>

/* Plain minimax: the side to move wins within n moves.  Every legal move on
 * both sides, no table, no order: slow, so only for n <= 2. */
static gboolean
minimax_wins (VsPosition *pos, int n)
{
  int attacker = pos->side;
  VsResult win = attacker == VS_WHITE ? VS_RESULT_WHITE_WINS : VS_RESULT_BLACK_WINS;
  VsMove moves[VS_MAX_MOVES];
  int count = vs_position_generate (pos, VS_GEN_ALL, moves);
  for (int i = 0; i < count; i++)
    {
      VsUndo u;
      vs_position_make (pos, moves[i], &u);
      VsResult r;
      VsGameState st = vs_position_state (pos, NULL, &r);
      gboolean wins;
      if (st != VS_STATE_ONGOING)
        wins = r == win;
      else if (n == 1)
        wins = FALSE;
      else
        {
          wins = TRUE;
          VsMove replies[VS_MAX_MOVES];
          int nr = vs_position_generate (pos, VS_GEN_ALL, replies);
          for (int j = 0; j < nr && wins; j++)
            {
              VsUndo v;
              vs_position_make (pos, replies[j], &v);
              VsResult r2;
              VsGameState st2 = vs_position_state (pos, NULL, &r2);
              if (st2 != VS_STATE_ONGOING)
                wins = r2 == win;
              else
                wins = minimax_wins (pos, n - 1);
              vs_position_unmake (pos, &v);
            }
        }
      vs_position_unmake (pos, &u);
      if (wins)
        return TRUE;
    }
  return FALSE;
}

static void
load_case (const VsMateCase *c, VsPosition *pos)
{
  const VsVariant *v = vs_variant_lookup (c->variant);
  g_assert_nonnull (v);
  g_autoptr (GError) error = NULL;
  if (!vs_position_init (pos, v, c->fen, &error))
    g_error ("line %d: %s", c->line, error->message);
}

static void
test_minimax (void)
{
  static const char *const suites[] = { "selfplay-chartima", "selfplay-strato", "chartima", "strato" };
  g_autoptr (VsMateProver) prover = vs_mate_prover_new ();
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  int compared = 0, negative = 0;
  for (guint s = 0; s < G_N_ELEMENTS (suites); s++)
    {
      g_autoptr (GPtrArray) cases = vs_test_load_mates (suites[s]);
      for (guint i = 0; i < cases->len; i++)
        {
          const VsMateCase *c = cases->pdata[i];
          if (c->mate > 2)
            continue;
          load_case (c, pos);
          for (int n = 1; n <= 2; n++)
            {
              gboolean want = minimax_wins (pos, n);
              g_assert_cmpint (vs_mate_prover_forces (prover, pos, n, NULL), ==, want);
              compared++;
              negative += !want;
            }
        }
    }
  /* both answers occur (a mate in 2 is not a mate in 1) */
  g_assert_cmpint (compared, >=, 20);
  g_assert_cmpint (negative, >=, 3);
}

/* Every case of the suite up to `up_to` moves is a forced win in exactly
 * the moves written.  (The self-play suites' mates in 3 and 4 take the
 * prover minutes on a busy machine; `mates generate` proved them.) */
static void
check_suite (const char *suite, int up_to)
{
  g_autoptr (GPtrArray) cases = vs_test_load_mates (suite);
  g_assert_cmpuint (cases->len, >, 0);
  g_autoptr (VsMateProver) prover = vs_mate_prover_new ();
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  for (guint i = 0; i < cases->len; i++)
    {
      const VsMateCase *c = cases->pdata[i];
      if (c->mate > up_to)
        continue;
      load_case (c, pos);
      VsMove first = VS_MOVE_NONE;
      if (!vs_mate_prover_forces (prover, pos, c->mate, &first))
        g_error ("mates-%s.tsv:%d: no forced win in %d", suite, c->line, c->mate);
      g_assert_true (vs_position_is_legal (pos, first));
      if (c->mate > 1 && vs_mate_prover_forces (prover, pos, c->mate - 1, NULL))
        g_error ("mates-%s.tsv:%d: a forced win in %d, shorter than the %d written", suite, c->line,
                 c->mate - 1, c->mate);
    }
}

static void
test_handmade (void)
{
  static const char *const suites[] = { "chartima", "strato", "janggi", "crazyhouse" };
  for (guint s = 0; s < G_N_ELEMENTS (suites); s++)
    check_suite (suites[s], 4);
}

static void
test_selfplay (gconstpointer data)
{
  const char *variant = data;
  g_autofree char *suite = g_strdup_printf ("selfplay-%s", variant);
  check_suite (suite, 2);

  /* the suite holds mates in 1 to 4 */
  g_autoptr (GPtrArray) cases = vs_test_load_mates (suite);
  int by_n[5] = { 0 };
  for (guint i = 0; i < cases->len; i++)
    {
      const VsMateCase *c = cases->pdata[i];
      g_assert_cmpint (c->mate, >=, 1);
      g_assert_cmpint (c->mate, <=, 4);
      by_n[c->mate]++;
    }
  for (int n = 1; n <= 4; n++)
    g_assert_cmpint (by_n[n], >, 0);

}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mates/prover/minimax", test_minimax);
  g_test_add_func ("/mates/prover/handmade", test_handmade);
  g_test_add_data_func ("/mates/selfplay/chartima", "chartima", test_selfplay);
  g_test_add_data_func ("/mates/selfplay/strato", "strato", test_selfplay);
  return g_test_run ();
}
