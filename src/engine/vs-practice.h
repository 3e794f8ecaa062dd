/* vs-practice.h — "Learn from your mistakes" (issue 21), without GTK.
 *
 * After a game is annotated (vs-annotate.h), each of one side's mistakes
 * is a main-line move with the NAG ?? (4), ? (2) or ?! (6) whose parent
 * has the engine's better line as a variation (its first move is the
 * engine's choice).  vs_practice_collect() lists them; the practice mode
 * shows the position before each one, lets the user try a move and asks
 * vs_practice_judge() about it:
 *
 *   VS_PRACTICE_BEST          the engine's choice (the better line's move);
 *   VS_PRACTICE_CLOSE_ENOUGH  another move whose evaluation loses less than
 *                             VS_PRACTICE_MARGIN of winning chances against
 *                             the engine's choice (the winning-chances scale
 *                             of the annotation, 2/(1+e^(-0.00368 cp)) - 1 in
 *                             [-1, 1]; 0.1 is half of the loss that the
 *                             annotation marks ?!, about 55 cp in a level
 *                             position); a mate kept is always close enough;
 *   VS_PRACTICE_NOT_BEST      anything else, and the mistake itself.
 */
#pragma once

#include "vs-game.h"

G_BEGIN_DECLS

#define VS_PRACTICE_MARGIN 0.1

typedef enum {
  VS_PRACTICE_NOT_BEST = 0,
  VS_PRACTICE_CLOSE_ENOUGH,
  VS_PRACTICE_BEST,
} VsPracticeVerdict;

typedef struct {
  VsGameNode *node;     /* the mistake (a main-line move) */
  guint       ply;      /* its ply (1 = first move) */
  guint       nag;      /* 4, 2 or 6 */
  VsMove      played;   /* the mistake's move */
  VsMove      best;     /* the engine's choice: first move of the better line */
  VsGameNode *best_node;/* that variation's first node */
} VsPracticeItem;

/* side's mistakes in the order of the game (GArray of VsPracticeItem; the
 * nodes belong to game).  Mistakes without a better line are left out. */
GArray  *vs_practice_collect (VsGame *game, int side);

/* The verdict on `candidate` tried by `mover` (0 White, 1 Black) where the
 * engine chose `best` and the game had `played`.  best_* and cand_* are
 * the evaluations (White's view, mate: ± moves, 0 = none) of the
 * positions after best and after candidate, in v's centipawns (its
 * winning-chances curve, vs_eval_win_chances); they are not looked at when
 * candidate is best or played. */
VsPracticeVerdict vs_practice_judge (const VsVariant *v, int mover, VsMove candidate, VsMove best,
                                     VsMove played, int best_cp, int best_mate, int cand_cp, int cand_mate);

/* Whether judging candidate needs the evaluations (neither best nor played). */
gboolean vs_practice_needs_eval (VsMove candidate, VsMove best, VsMove played);

G_END_DECLS
