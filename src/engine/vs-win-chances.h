/* vs-win-chances.h — a score's winning chances, on the variant's own curve
 * (the scale a per variant is in vs-eval-curves.h, with how it was fitted). */
#pragma once

#include "vs-variant.h"

G_BEGIN_DECLS

/* Winning chances in [-1, 1] for White (mates are ±1) of a score from
 * White's point of view in v's centipawns: 2 / (1 + exp (-a·cp)) - 1 with
 * v's a (NULL: chess's, Lichess's a).  The scale mistakes are judged on,
 * and the eval bar and graph are drawn on. */
double vs_eval_win_chances (const VsVariant *v, int cp, int mate);

G_END_DECLS
