/* vs-board-test-util.h — positions for the board tests.
 *
 * Real positions come from the rules modules (vs_position_init).  The
 * controller tests also use small "scripted" variants: the same geometry and
 * piece tables as the real ones, with a move list set by the test (so that a
 * promotion choice, a suicide, a pass or an Ultima capture can be set up
 * exactly), and boards filled directly. */
#pragma once

#include "vs-variant.h"

G_BEGIN_DECLS

typedef enum {
  VS_TEST_CRAZYHOUSE,
  VS_TEST_CHARTIMA,
  VS_TEST_JANGGI,
  VS_TEST_STRATO,
} VsTestKind;

/* A scripted variant of that kind (id, geometry and pieces of the real one). */
const VsVariant *vs_test_variant (VsTestKind kind);

/* Legal moves and effects the scripted variants report. */
void vs_test_script_clear (void);
void vs_test_script_add (VsMove m);
void vs_test_script_add_effect (VsMove m, int n, const int *captured_squares);
void vs_test_script_set_checkers (int n);

/* Type of the piece with this position-string letter (e.g. "K", "+Q", "H"). */
int  vs_test_type (const VsVariant *v, const char *letter);
/* Fills pos (cleared) from a board string: ranks top first separated by '/',
 * levels (Strato) separated by '|', digits = empty squares, '+' before a
 * letter for promoted Chartima pieces. */
void vs_test_position (VsPosition *pos, const VsVariant *v, const char *board, int side);

/* A real variant's position when its module has landed (from_string works),
 * else the scripted variant's same board. */
gboolean vs_test_real_position (VsPosition *pos, const char *variant_id, const char *fen);

G_END_DECLS
