/* vs-strato.h — Strato Chess (three stacked 8×8 boards), see src/core/RULES.md §3.
 *
 * The module is reached through vs_variant_strato (vs-variant.h); this header
 * only adds the start-position choice that Black makes before the game. */
#pragma once

#include "vs-variant.h"

G_BEGIN_DECLS

/* "White below" (default): White on level A, Black on level C. */
#define VS_STRATO_START_WHITE_BELOW \
  "8/8/8/8/8/8/P'P'P'P'P'P'P'P'/R'N'B'Q'K'B'N'R'|8/8/8/8/8/8/8/8|" \
  "r'n'b'q'k'b'n'r'/p'p'p'p'p'p'p'p'/8/8/8/8/8/8 w - 0 1"
/* "White above": the same with levels A and C swapped. */
#define VS_STRATO_START_WHITE_ABOVE \
  "r'n'b'q'k'b'n'r'/p'p'p'p'p'p'p'p'/8/8/8/8/8/8|8/8/8/8/8/8/8/8|" \
  "8/8/8/8/8/8/P'P'P'P'P'P'P'P'/R'N'B'Q'K'B'N'R' w - 0 1"

/* The start position string Black chose: White above (TRUE) or below. */
const char *vs_strato_start_fen (gboolean white_above);

G_END_DECLS
