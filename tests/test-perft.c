/* test-perft.c — every reference perft count up to a node limit, exactly.
 * Usage: test-perft NAME [--max-nodes N]   (NAME = chartima, strato, janggi, crazyhouse)
 * One GTest case per line of tests/data/perft/NAME.tsv with at most
 * N nodes (default 5,000,000); VS_PERFT_MAX overrides N. */
#include "vs-test-util.h"

#include <stdlib.h>
#include <string.h>

static void
run_case (gconstpointer data)
{
  const VsPerftCase *c = data;
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  g_autoptr(GError) error = NULL;
  g_assert_true (vs_position_init (pos, c->variant, c->fen, &error));
  g_assert_no_error (error);
  guint64 n = vs_perft (pos, c->depth);
  if (n != c->nodes)
    g_test_message ("%s depth %d: got %" G_GUINT64_FORMAT ", expected %" G_GUINT64_FORMAT,
                    c->fen, c->depth, n, c->nodes);
  g_assert_cmpuint (n, ==, c->nodes);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    g_error ("usage: test-perft NAME");
  const char *name = argv[1];
  guint64 max = 5000000;
  if (g_getenv ("VS_PERFT_MAX"))
    max = g_ascii_strtoull (g_getenv ("VS_PERFT_MAX"), NULL, 10);
  const VsVariant *def = vs_variant_lookup (name);
  g_assert_nonnull (def);
  GPtrArray *cases = vs_test_load_perft (name, def);
  for (guint i = 0; i < cases->len; i++)
    {
      VsPerftCase *c = cases->pdata[i];
      if (c->nodes > max)
        continue;
      g_autofree char *path = g_strdup_printf ("/perft/%s/line%03d-depth%d", c->variant->id, c->line, c->depth);
      g_test_add_data_func (path, c, run_case);
    }
  int r = g_test_run ();
  g_ptr_array_unref (cases);
  return r;
}
