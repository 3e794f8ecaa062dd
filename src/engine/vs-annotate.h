/* vs-annotate.h — "annotation that explains" (issue 21), without GTK.
 *
 * Given an evaluation of every main-line position of a game (White's view)
 * and the engine's best line from each, vs_annotate_apply() writes into
 * the game:
 *   - an [%eval] on every move;
 *   - for each mistake (thresholds of vs_annotate_judge: ?? ? ?!) its NAG
 *     (unless the move already has a ?/!-style judgement), a comment after
 *     the move "<SAN of the best move> was best." (translated) with the
 *     eval change, and the engine's line from the position before the
 *     mistake as a variation on that move;
 *   - the per-side summary as headers [WhiteACPL "n"] / [BlackACPL "n"]
 *     (average centipawn loss, integer) and [WhiteAccuracy "n.n"] /
 *     [BlackAccuracy "n.n"] (percent, Lichess-like formula).
 * The summary is also returned.  vs_annotate_game() evaluates the positions
 * itself, synchronously (built-in engine or a UCI command): the CLI uses it;
 * the window's VsAnnotator evaluates in the background and then calls
 * vs_annotate_apply(). */
#pragma once

#include <gio/gio.h>
#include "vs-game.h"
#include "vs-search.h"

G_BEGIN_DECLS

typedef struct {
  gboolean done;
  int      cp, mate;       /* White's view; mate: ± moves, 0 = not a mate */
  guint    pv_len;         /* the engine's line from this position */
  VsMove   pv[VS_SEARCH_MAX_PV];
} VsAnnotateScore;

typedef struct {
  guint  moves[2];         /* judged moves per side (0 White, 1 Black) */
  double acpl[2];          /* average centipawn loss */
  double accuracy[2];      /* percent */
  guint  inaccuracies[2], mistakes[2], blunders[2];
} VsAnnotateSummary;

/* 4 (??), 2 (?), 6 (?!) or 0, from the scores before and after a move
 * (White's view; mover 0 White, 1 Black), on v's winning-chances curve
 * (vs_eval_win_chances). */
guint    vs_annotate_judge (const VsVariant *v, int mover, int before_cp, int before_mate,
                            int after_cp, int after_mate);

/* Score (White's view) and line from a search's best line; pos is the
 * position searched. */
void     vs_annotate_score_from_line (VsAnnotateScore *out, const VsPosition *pos,
                                      gboolean is_mate, int score_cp, int mate,
                                      const VsMove *moves, guint n_moves);

/* scores[ply] for ply 0 (start) .. n-1 of game's main line.  Writes the
 * annotation (see above).  nags_out (may be NULL) gets, per ply (index =
 * ply, 0 unused), the NAG judged (0 if none).  Returns the number of moves
 * annotated. */
guint    vs_annotate_apply (VsGame *game, const VsAnnotateScore *scores, guint n,
                            VsAnnotateSummary *summary, GArray *nags_out);

/* The same for the moves of some sides only (bit 0 White, bit 1 Black):
 * the other side's moves get their [%eval] only. */
guint    vs_annotate_apply_sides (VsGame *game, const VsAnnotateScore *scores, guint n,
                                  guint sides, VsAnnotateSummary *summary, GArray *nags_out);

/* The summary as one translated line of text ("White: accuracy 87%, …"). */
/* The summary in words, the sides named as v names them (Cho/Han). */
char    *vs_annotate_summary_text (const VsAnnotateSummary *summary, const VsVariant *v);

/* Main-line positions of game, ply 0 first (VsPosition*, g_free).  line_out
 * (may be NULL) gets the main line (vs_line_free): position i was reached
 * by its first i plies, the history to search it with. */
GPtrArray *vs_annotate_positions (VsGame *game, VsLine **line_out);

/* When the game is over at pos (mate, no move, the fifty-move rule, a
 * repetition, a double pass…): fills out with its result (a draw 0 cp, a
 * win mate ±1, no line) and returns TRUE.  Such a position has nothing to
 * search, and engines give no score there. */
gboolean vs_annotate_score_game_over (VsAnnotateScore *out, const VsPosition *pos, const VsHistory *hist);

/* Evaluate every main-line position with engine_command (NULL: the built-in
 * engine) within limits (depth or movetime), then vs_annotate_apply(). */
gboolean vs_annotate_game (VsGame *game, const char *engine_command,
                           const VsSearchLimits *limits, VsAnnotateSummary *summary,
                           GError **error);

G_END_DECLS
