/* test-fuzz-regressions-core.c — replays tests/fuzz/seeds/ and the crashers
 * kept in tests/fuzz/regressions/ for the core and engine-output targets
 * (fuzz-position, fuzz-move, fuzz-uci) through the same checks the libFuzzer
 * targets run (tests/fuzz/vs-fuzz-*.c), in every build. */
#include "fuzz/vs-fuzz.h"

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  guint n = 0;
  n += vs_fuzz_add_replay_tests (VS_FUZZ_DIR, "fuzz-position", vs_fuzz_position);
  n += vs_fuzz_add_replay_tests (VS_FUZZ_DIR, "fuzz-move", vs_fuzz_move);
  n += vs_fuzz_add_replay_tests (VS_FUZZ_DIR, "fuzz-uci", vs_fuzz_uci_info);
  if (n == 0)
    g_error ("no seeds found in %s", VS_FUZZ_DIR);
  return g_test_run ();
}
