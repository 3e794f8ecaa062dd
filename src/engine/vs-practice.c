/* vs-practice.c — the mistakes to practise and the verdict on a try
 * (see the header for the margin). */
#include "config.h"

#include <math.h>

#include "vs-practice.h"
#include "vs-annotate.h"
#include "vs-win-chances.h"

GArray *
vs_practice_collect (VsGame *game, int side)
{
  GArray *items = g_array_new (FALSE, TRUE, sizeof (VsPracticeItem));
  guint ply = 1;
  for (VsGameNode *node = vs_game_node_get_main_child (vs_game_get_root (game)); node;
       node = vs_game_node_get_main_child (node), ply++)
    {
      if (vs_game_node_get_side (node) != side)
        continue;
      guint nag = vs_game_node_has_nag (node, 4) ? 4 : vs_game_node_has_nag (node, 2) ? 2
                  : vs_game_node_has_nag (node, 6) ? 6 : 0;
      if (nag == 0)
        continue;
      /* the better line: the first variation beside the move */
      VsGameNode *alt = NULL;
      for (VsGameNode *sib = vs_game_node_get_next_sibling (node); sib && !alt; sib = vs_game_node_get_next_sibling (sib))
        if (vs_game_node_get_move (sib) != vs_game_node_get_move (node))
          alt = sib;
      for (VsGameNode *sib = vs_game_node_get_prev_sibling (node); sib && !alt; sib = vs_game_node_get_prev_sibling (sib))
        if (vs_game_node_get_move (sib) != vs_game_node_get_move (node))
          alt = sib;
      if (alt == NULL)
        continue;
      VsPracticeItem it = {
        .node = node, .ply = ply, .nag = nag,
        .played = vs_game_node_get_move (node),
        .best = vs_game_node_get_move (alt), .best_node = alt,
      };
      g_array_append_val (items, it);
    }
  return items;
}

gboolean
vs_practice_needs_eval (VsMove candidate, VsMove best, VsMove played)
{
  return candidate != best && candidate != played;
}

VsPracticeVerdict
vs_practice_judge (const VsVariant *v, int mover, VsMove candidate, VsMove best, VsMove played,
                   int best_cp, int best_mate, int cand_cp, int cand_mate)
{
  if (candidate == best)
    return VS_PRACTICE_BEST;
  if (candidate == played)
    return VS_PRACTICE_NOT_BEST;
  int sign = mover == 0 ? 1 : -1;
  /* a mate the engine found, kept by another mating move */
  if (sign * best_mate > 0 && sign * cand_mate > 0)
    return VS_PRACTICE_CLOSE_ENOUGH;
  double loss = sign * (vs_eval_win_chances (v, best_cp, best_mate) - vs_eval_win_chances (v, cand_cp, cand_mate));
  return loss < VS_PRACTICE_MARGIN ? VS_PRACTICE_CLOSE_ENOUGH : VS_PRACTICE_NOT_BEST;
}
