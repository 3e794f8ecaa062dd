/* vs-fuzz.h — the checks behind the libFuzzer targets in tests/fuzz.
 *
 * Each function reads one input the way its target does and checks the
 * properties that must hold (an error always has a message, written text
 * reads back the same, every move read is legal…); a broken property aborts
 * (g_error/g_assert).  The same functions are called by the libFuzzer
 * targets (-Dfuzzing=true) and by the regression tests that replay
 * tests/fuzz/regressions/<target>/ and tests/fuzz/seeds/<target>/ in every
 * build (tests/test-fuzz-regressions-core.c, tests/record/test-fuzz-regressions.c).
 */
#pragma once

#include <glib.h>
#include <stdint.h>

G_BEGIN_DECLS

/* Make GLib warnings and criticals fatal (a g_return_if_fail met while
 * reading input is a bug) and keep logging quiet. */
void vs_fuzz_init (void);

/* Byte 0 picks the variant, the rest is a position string. */
void vs_fuzz_position (const uint8_t *data, size_t size);
/* Byte 0 picks the variant, byte 1 the notation and plies played first, the
 * rest is move text. */
void vs_fuzz_move     (const uint8_t *data, size_t size);

typedef enum {
  VS_FUZZ_RECORD_PGN,    /* fuzz-pgn:  PGN forced, byte 0 picks the default variant   */
  VS_FUZZ_RECORD_GIBO,   /* fuzz-gibo: gibo forced, byte 0 picks the encoding/rule set */
  VS_FUZZ_RECORD_KIFU,   /* fuzz-kifu: bare move list forced, byte 0 picks the variant */
  VS_FUZZ_RECORD_AUTO,   /* fuzz-record: format detected, byte 0 picks the file name   */
} VsFuzzRecordMode;

/* Records through vs_record_read_data (tests/fuzz/vs-fuzz-record.c). */
void vs_fuzz_record   (VsFuzzRecordMode mode, const uint8_t *data, size_t size);

/* UCI engine output: byte 0 picks the variant, byte 1 the plies played
 * first; the rest is lines given to vs_uci_parse_info (tests/fuzz/vs-fuzz-uci.c). */
void vs_fuzz_uci_info (const uint8_t *data, size_t size);

/* What the app reads back from its settings and data directory: byte 0
 * picks autosave description / engine list (serialized or as text) / a
 * stored name (tests/fuzz/vs-fuzz-settings.c). */
void vs_fuzz_settings (const uint8_t *data, size_t size);


/* For the regression tests: add one GTest case per file of
 * VS_FUZZ_DIR/regressions/<target>/ and VS_FUZZ_DIR/seeds/<target>/
 * ("/fuzz/<target>/<folder>/<file>"), each giving the file's bytes to func.
 * Returns the number of cases added. */
typedef void (*VsFuzzFunc) (const uint8_t *data, size_t size);
guint vs_fuzz_add_replay_tests (const char *fuzz_dir, const char *target, VsFuzzFunc func);

G_END_DECLS
