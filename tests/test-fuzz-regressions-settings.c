/* test-fuzz-regressions-settings.c — replays tests/fuzz/seeds/fuzz-settings/
 * and the crashers kept in tests/fuzz/regressions/fuzz-settings/ through the
 * checks the libFuzzer target runs (tests/fuzz/vs-fuzz-settings.c). */
#include "fuzz/vs-fuzz.h"

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (vs_fuzz_add_replay_tests (VS_FUZZ_DIR, "fuzz-settings", vs_fuzz_settings) == 0)
    g_error ("no seeds found in %s", VS_FUZZ_DIR);
  return g_test_run ();
}
