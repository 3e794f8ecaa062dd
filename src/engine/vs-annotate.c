/* vs-annotate.c — writes an explained annotation into a game (see the
 * header): evals, NAGs, "X was best." comments, better lines, summary. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "vs-annotate.h"
#include "vs-win-chances.h"
#include "vs-uci-client.h"

guint
vs_annotate_judge (const VsVariant *v, int mover, int before_cp, int before_mate, int after_cp, int after_mate)
{
  /* Lichess-like thresholds on the loss of winning chances, on the
   * variant's own curve */
  double loss = vs_eval_win_chances (v, before_cp, before_mate) - vs_eval_win_chances (v, after_cp, after_mate);
  if (mover == 1)
    loss = -loss;
  if (loss >= 0.6)
    return 4;
  if (loss >= 0.3)
    return 2;
  if (loss >= 0.2)
    return 6;
  return 0;
}

void
vs_annotate_score_from_line (VsAnnotateScore *out, const VsPosition *pos, gboolean is_mate,
                             int score_cp, int mate, const VsMove *moves, guint n_moves)
{
  int sign = pos->side == 0 ? 1 : -1;
  out->done = TRUE;
  out->cp = is_mate ? 0 : sign * score_cp;
  out->mate = is_mate ? sign * mate : 0;
  out->pv_len = MIN (n_moves, (guint) VS_SEARCH_MAX_PV);
  if (out->pv_len)
    memcpy (out->pv, moves, out->pv_len * sizeof (VsMove));
}

/* Centipawns for the loss: mates count as ±1000, scores are capped there. */
static int
capped_cp (int cp, int mate)
{
  if (mate > 0)
    return 1000;
  if (mate < 0)
    return -1000;
  return CLAMP (cp, -1000, 1000);
}

static void
format_eval (char *out, gsize len, int cp, int mate)
{
  if (mate)
    g_snprintf (out, len, "%s#%d", mate > 0 ? "+" : "-", ABS (mate));
  else
    g_snprintf (out, len, "%+.2f", cp / 100.0);
}

GPtrArray *
vs_annotate_positions (VsGame *game, VsLine **line_out)
{
  GPtrArray *positions = g_ptr_array_new_with_free_func (g_free);
  VsLine *line = vs_line_new ();
  if (vs_game_node_position (vs_game_get_root (game), &line->pos))
    {
      VsPosition *pos = &line->pos;
      g_ptr_array_add (positions, g_memdup2 (pos, sizeof *pos));
      for (VsGameNode *n = vs_game_node_get_main_child (vs_game_get_root (game)); n;
           n = vs_game_node_get_main_child (n))
        {
          vs_line_make (line, vs_game_node_get_move (n));
          g_ptr_array_add (positions, g_memdup2 (pos, sizeof *pos));
        }
    }
  if (line_out)
    *line_out = line;
  else
    vs_line_free (line);
  return positions;
}

/* The engine's line from parent (before the mistake) as a variation. */
static void
add_better_line (VsGame *game, VsGameNode *parent, VsGameNode *played, const VsAnnotateScore *s)
{
  if (s->pv_len == 0 || s->pv[0] == vs_game_node_get_move (played))
    return;
  VsGameNode *at = parent;
  for (guint i = 0; i < s->pv_len && at; i++)
    {
      gboolean created = FALSE;
      VsGameNode *next = vs_game_add_move (game, at, s->pv[i], &created, NULL);
      if (i == 0 && !created)
        return; /* the line is there already (annotated before) */
      at = next;
    }
}

guint
vs_annotate_apply (VsGame *game, const VsAnnotateScore *scores, guint n,
                   VsAnnotateSummary *summary, GArray *nags_out)
{
  return vs_annotate_apply_sides (game, scores, n, 3, summary, nags_out);
}

guint
vs_annotate_apply_sides (VsGame *game, const VsAnnotateScore *scores, guint n, guint sides,
                         VsAnnotateSummary *summary, GArray *nags_out)
{
  VsAnnotateSummary sum = { 0 };
  const VsVariant *v = vs_game_get_variant (game);
  double loss_sum[2] = { 0, 0 }, acc_sum[2] = { 0, 0 };
  g_autofree VsPosition *before = g_new (VsPosition, 1);
  guint ply = 0;
  if (nags_out)
    g_array_set_size (nags_out, n);
  for (VsGameNode *node = vs_game_node_get_main_child (vs_game_get_root (game)); node;)
    {
      VsGameNode *next = vs_game_node_get_main_child (node);
      ply++;
      if (ply >= n || !scores[ply].done)
        break;
      const VsAnnotateScore *a = &scores[ply], *b = &scores[ply - 1];
      VsEval e = { a->mate ? VS_EVAL_MATE : VS_EVAL_CP, a->mate ? a->mate : a->cp, 0 };
      vs_game_node_set_eval (game, node, e);
      VsGameNode *parent = vs_game_node_get_parent (node);
      if (b->done && vs_game_node_position (parent, before) && (sides & (1u << before->side)))
        {
          int mover = before->side;
          int sign = mover == 0 ? 1 : -1;
          int loss = sign * (capped_cp (b->cp, b->mate) - capped_cp (a->cp, a->mate));
          loss_sum[mover] += MAX (loss, 0);
          double wb = 50 + 50 * sign * vs_eval_win_chances (v, b->cp, b->mate);
          double wa = 50 + 50 * sign * vs_eval_win_chances (v, a->cp, a->mate);
          double acc = 103.1668 * exp (-0.04354 * MAX (wb - wa, 0)) - 3.1669;
          acc_sum[mover] += CLAMP (acc, 0, 100);
          sum.moves[mover]++;
          guint nag = vs_annotate_judge (v, mover, b->cp, b->mate, a->cp, a->mate);
          /* The engine's own first choice is no mistake (the drop comes from
           * searching the two positions separately). */
          if (b->pv_len > 0 && b->pv[0] == vs_game_node_get_move (node))
            nag = 0;
          if (nags_out)
            g_array_index (nags_out, guint, ply) = nag;
          if (nag == 4)
            sum.blunders[mover]++;
          else if (nag == 2)
            sum.mistakes[mover]++;
          else if (nag == 6)
            sum.inaccuracies[mover]++;
          if (nag)
            {
              gboolean judged = FALSE;
              for (guint k = 1; k <= 6; k++)
                judged |= vs_game_node_has_nag (node, k);
              if (!judged)
                vs_game_node_add_nag (game, node, nag);
              if (b->pv_len > 0 && b->pv[0] != vs_game_node_get_move (node))
                {
                  char san[VS_MOVE_TEXT_MAX], eb[32], ea[32];
                  vs_move_write (before, b->pv[0], VS_NOTATION_SAN, san);
                  format_eval (eb, sizeof eb, b->cp, b->mate);
                  format_eval (ea, sizeof ea, a->cp, a->mate);
                  g_autofree char *best = g_strdup_printf (_("%s was best."), san);
                  g_autofree char *text = g_strdup_printf ("(%s → %s) %s", eb, ea, best);
                  const char *old = vs_game_node_get_comment_after (node);
                  if (old == NULL || *old == '\0')
                    vs_game_node_set_comment_after (game, node, text);
                  else if (strstr (old, best) == NULL)
                    {
                      g_autofree char *joined = g_strconcat (old, " ", text, NULL);
                      vs_game_node_set_comment_after (game, node, joined);
                    }
                  add_better_line (game, parent, node, b);
                }
            }
        }
      node = next;
    }
  for (int s = 0; s < 2; s++)
    if (sum.moves[s])
      {
        sum.acpl[s] = loss_sum[s] / sum.moves[s];
        sum.accuracy[s] = acc_sum[s] / sum.moves[s];
        char buf[32];
        g_snprintf (buf, sizeof buf, "%d", (int) lround (sum.acpl[s]));
        vs_game_set_header (game, s == 0 ? "WhiteACPL" : "BlackACPL", buf);
        g_ascii_formatd (buf, sizeof buf, "%.1f", sum.accuracy[s]);
        vs_game_set_header (game, s == 0 ? "WhiteAccuracy" : "BlackAccuracy", buf);
      }
  if (summary)
    *summary = sum;
  return ply;
}

char *
vs_annotate_summary_text (const VsAnnotateSummary *s, const VsVariant *v)
{
  GString *out = g_string_new (NULL);
  for (int side = 0; side < 2; side++)
    {
      if (side)
        g_string_append (out, "  ");
      /* TRANSLATORS: "White: accuracy 87%, average centipawn loss 35; 1 blunder(??), 2 mistakes(?), 0 inaccuracies(?!)" */
      g_string_append_printf (out, _("%s: accuracy %.0f%%, average centipawn loss %.0f; ?? %u, ? %u, ?! %u."),
                              vs_variant_side_name (v, side), s->accuracy[side], s->acpl[side],
                              s->blunders[side], s->mistakes[side], s->inaccuracies[side]);
    }
  return g_string_free (out, FALSE);
}

gboolean
vs_annotate_score_game_over (VsAnnotateScore *out, const VsPosition *pos, const VsHistory *hist)
{
  VsMove moves[VS_MAX_MOVES];
  VsResult r = VS_RESULT_NONE;
  if (vs_position_state (pos, hist, &r) == VS_STATE_ONGOING && vs_position_generate (pos, VS_GEN_ALL, moves) > 0)
    return FALSE;
  if (r == VS_RESULT_NONE)
    vs_position_state (pos, hist, &r);
  out->done = TRUE;
  out->cp = 0;
  out->mate = r == VS_RESULT_WHITE_WINS ? 1 : r == VS_RESULT_BLACK_WINS ? -1 : 0;
  out->pv_len = 0;
  return TRUE;
}

static gboolean
evaluate (VsSearch *search, VsUciClient *client, const VsPosition *pos, const VsHistory *hist,
          const VsSearchLimits *limits, VsAnnotateScore *out, GError **error)
{
  if (vs_annotate_score_game_over (out, pos, hist))
    return TRUE;
  VsSearchInfo final = { 0 };
  if (client)
    {
      vs_uci_client_go (client, pos, hist, limits, NULL, NULL, &final, NULL, error);
      if (error && *error)
        return FALSE;
    }
  else
    vs_search_run (search, pos, hist, limits, NULL, NULL, &final);
  if (final.n_lines == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The engine gave no evaluation."));
      return FALSE;
    }
  const VsSearchLine *l = &final.lines[0];
  vs_annotate_score_from_line (out, pos, l->is_mate, l->score, l->mate, l->pv, (guint) MAX (l->pv_len, 0));
  return TRUE;
}

gboolean
vs_annotate_game (VsGame *game, const char *engine_command, const VsSearchLimits *limits,
                  VsAnnotateSummary *summary, GError **error)
{
  g_autoptr (VsLine) line = NULL;
  g_autoptr (GPtrArray) positions = vs_annotate_positions (game, &line);
  g_autofree VsAnnotateScore *scores = g_new0 (VsAnnotateScore, MAX (positions->len, 1));
  VsSearch *search = NULL;
  g_autoptr (VsUciClient) client = NULL;
  VsSearchLimits lim = *limits;
  lim.multipv = 1;
  gboolean ok = TRUE;
  if (engine_command)
    {
      client = vs_uci_client_new (engine_command);
      ok = vs_uci_client_start (client, 10000, NULL, error) &&
           vs_uci_client_set_variant (client, vs_game_get_variant (game), error) &&
           vs_uci_client_new_game (client, error) && vs_uci_client_sync (client, 10000, error);
    }
  else
    search = vs_search_new ();
  for (guint i = 0; ok && i < positions->len; i++)
    {
      /* position i was reached by the first i plies of the main line */
      VsHistory h = { line->undo, (int) i };
      ok = evaluate (search, client, g_ptr_array_index (positions, i), &h, &lim, &scores[i], error);
    }
  if (client)
    vs_uci_client_quit (client);
  if (search)
    vs_search_free (search);
  if (!ok)
    return FALSE;
  vs_annotate_apply (game, scores, positions->len, summary, NULL);
  return TRUE;
}
