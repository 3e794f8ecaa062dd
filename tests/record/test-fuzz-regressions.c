/* test-fuzz-regressions.c — replays tests/fuzz/seeds/ and the crashers kept
 * in tests/fuzz/regressions/ for the record targets (fuzz-pgn, fuzz-gibo,
 * fuzz-kifu, fuzz-record) through the same checks the libFuzzer targets run
 * (tests/fuzz/vs-fuzz-record.c), in every build. */
#include "fuzz/vs-fuzz.h"

static void pgn (const uint8_t *d, size_t n) { vs_fuzz_record (VS_FUZZ_RECORD_PGN, d, n); }
static void gibo (const uint8_t *d, size_t n) { vs_fuzz_record (VS_FUZZ_RECORD_GIBO, d, n); }
static void kifu (const uint8_t *d, size_t n) { vs_fuzz_record (VS_FUZZ_RECORD_KIFU, d, n); }
static void detect (const uint8_t *d, size_t n) { vs_fuzz_record (VS_FUZZ_RECORD_AUTO, d, n); }

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  guint n = 0;
  n += vs_fuzz_add_replay_tests (VS_FUZZ_DIR, "fuzz-pgn", pgn);
  n += vs_fuzz_add_replay_tests (VS_FUZZ_DIR, "fuzz-gibo", gibo);
  n += vs_fuzz_add_replay_tests (VS_FUZZ_DIR, "fuzz-kifu", kifu);
  n += vs_fuzz_add_replay_tests (VS_FUZZ_DIR, "fuzz-record", detect);
  if (n == 0)
    g_error ("no seeds found in %s", VS_FUZZ_DIR);
  return g_test_run ();
}
