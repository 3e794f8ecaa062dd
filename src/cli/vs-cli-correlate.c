/* vs-cli-correlate.c — `variant-study-cli tune label|correlate`: how well
 * the evaluation agrees with a strong engine on held-out positions
 * (issue 17).
 *
 *   tune label -v VARIANT -d DATA --engine CMD [--depth D] -o OUT
 *       DATA: lines "X FEN" as `tune generate` writes them (X is ignored).
 *       Each position is searched by the UCI engine CMD to depth D (default
 *       16) after a ucinewgame; OUT gets "CP FEN", CP the engine's score in
 *       centipawns from White's point of view.  Positions the engine scores
 *       as a mate are left out (and counted), since a mate has no centipawn
 *       value to correlate with.
 *   tune correlate -v VARIANT -d OUT
 *       Scores every position of OUT with the built-in evaluation, static
 *       and static + quiescence search (vs_search_quiesce), and prints the
 *       Pearson correlation of each with the engine's scores, and the mean
 *       absolute difference.
 */
#include "config.h"
#include "vs-cli.h"
#include "vs-search.h"
#include "vs-uci-client.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* The position strings of DATA, with the number in front of each; *origin
 * (if not NULL) gets DATA's first comment line. */
static gboolean
read_scored (const char *data, const VsVariant *v, GArray *scores, GPtrArray *fens, char **origin)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  if (!g_file_get_contents (data, &text, NULL, &error))
    {
      vs_cli_error ("%s", error->message);
      return FALSE;
    }
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (int i = 0; lines[i]; i++)
    {
      char *l = g_strstrip (lines[i]);
      char *sp = strchr (l, ' ');
      if (l[0] == '#' && origin && !*origin)
        *origin = g_strdup (g_strstrip (l + 1));
      if (l[0] == '#' || !sp)
        continue;
      *sp = '\0';
      VsPosition pos;
      g_autoptr (GError) bad = NULL;
      if (!vs_position_init (&pos, v, sp + 1, &bad))
        {
          vs_cli_error (_("%s, line %d: %s"), data, i + 1, bad->message);
          return FALSE;
        }
      double x = g_ascii_strtod (l, NULL);
      g_array_append_val (scores, x);
      g_ptr_array_add (fens, g_strdup (sp + 1));
    }
  if (fens->len == 0)
    {
      vs_cli_error (_("no positions in %s"), data);
      return FALSE;
    }
  return TRUE;
}

int
vs_cli_tune_label (const VsVariant *v, const char *data, const char *engine, int depth,
                   const char *out, const char *command)
{
  g_autoptr (GArray) unused = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GPtrArray) fens = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *origin = NULL;
  if (!read_scored (data, v, unused, fens, &origin))
    return 1;
  g_autoptr (GError) error = NULL;
  g_autoptr (VsUciClient) client = vs_uci_client_new (engine);
  if (!vs_uci_client_start (client, 10000, NULL, &error) ||
      !vs_uci_client_set_variant (client, v, &error))
    {
      vs_cli_error ("%s", error->message);
      return 1;
    }
  FILE *f = fopen (out, "w");
  if (!f)
    {
      vs_cli_error (_("cannot write %s"), out);
      return 1;
    }
  fprintf (f, "# %s at depth %d, centipawns for White; command: %s; positions: %s\n",
           vs_uci_client_get_name (client), depth, command, origin ? origin : data);
  int written = 0, mates = 0;
  for (guint i = 0; i < fens->len; i++)
    {
      VsPosition pos;
      vs_position_init (&pos, v, fens->pdata[i], NULL);
      VsSearchLimits lim;
      vs_search_limits_init (&lim);
      lim.depth = depth;
      VsSearchInfo info;
      if (!vs_uci_client_new_game (client, &error) ||
          !vs_uci_client_sync (client, 10000, &error) ||
          (vs_uci_client_go (client, &pos, NULL, &lim, NULL, NULL, &info, NULL, &error) == VS_MOVE_NONE && error))
        {
          vs_cli_error ("%s", error->message);
          fclose (f);
          return 1;
        }
      if (info.n_lines == 0 || info.lines[0].is_mate)
        {
          mates += info.n_lines > 0;
          continue;
        }
      int cp = info.lines[0].score * (pos.side == VS_WHITE ? 1 : -1);
      fprintf (f, "%d %s\n", cp, (const char *) fens->pdata[i]);
      written++;
    }
  fclose (f);
  vs_uci_client_quit (client);
  g_print (_("%d positions labelled (%d left out as mates) in %s\n"), written, mates, out);
  return 0;
}

static double
pearson (const double *x, const double *y, int n)
{
  double mx = 0, my = 0;
  for (int i = 0; i < n; i++)
    {
      mx += x[i];
      my += y[i];
    }
  mx /= n;
  my /= n;
  double sxy = 0, sxx = 0, syy = 0;
  for (int i = 0; i < n; i++)
    {
      sxy += (x[i] - mx) * (y[i] - my);
      sxx += (x[i] - mx) * (x[i] - mx);
      syy += (y[i] - my) * (y[i] - my);
    }
  return sxx > 0 && syy > 0 ? sxy / sqrt (sxx * syy) : 0;
}

int
vs_cli_tune_correlate (const VsVariant *v, const char *data)
{
  g_autoptr (GArray) ref = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GPtrArray) fens = g_ptr_array_new_with_free_func (g_free);
  if (!read_scored (data, v, ref, fens, NULL))
    return 1;
  int n = fens->len;
  g_autofree double *st = g_new (double, n), *qs = g_new (double, n);
  VsSearch *search = vs_search_new ();
  vs_search_set_hash (search, 16);
  double diff_st = 0, diff_qs = 0;
  for (int i = 0; i < n; i++)
    {
      VsPosition pos;
      vs_position_init (&pos, v, fens->pdata[i], NULL);
      int sign = pos.side == VS_WHITE ? 1 : -1;
      vs_search_clear (search);
      st[i] = sign * vs_eval (&pos);
      qs[i] = sign * vs_search_quiesce (search, &pos, NULL);
      double r = g_array_index (ref, double, i);
      diff_st += fabs (st[i] - r);
      diff_qs += fabs (qs[i] - r);
    }
  vs_search_free (search);
  const double *y = (const double *) ref->data;
  g_print (_("%d positions; correlation with the reference scores: static %.3f, static + quiescence %.3f; "
             "mean absolute difference %.0f / %.0f cp\n"),
           n, pearson (st, y, n), pearson (qs, y, n), diff_st / n, diff_qs / n);
  return 0;
}
