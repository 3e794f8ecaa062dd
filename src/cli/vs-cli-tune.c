/* vs-cli-tune.c — `variant-study-cli tune`: Texel tuning of the evaluation.
 *
 *   tune generate -v VARIANT -g GAMES -n NODES --per-game K --seed S
 *                 [--book FILE] -o DATA
 *       Self-play games of the built-in engine at NODES a move (from random
 *       book openings), K quiet positions drawn from each (not in check, the
 *       engine's move not a capture, |score| < 800), each labelled with the
 *       game's result.  DATA: a comment line with the seed and command, then
 *       one "RESULT FEN" a line (RESULT 1, 0.5 or 0 for White).
 *   tune fit -v VARIANT -d DATA [--cp-labels] [-i PASSES] -o HEADER
 *       Fits the scale K of the logistic 1/(1+10^(-K·eval/400)) to the
 *       results (with --cp-labels, DATA holds an engine's scores written by
 *       tune label, each taken as the result 1/(1+10^(-cp/400))), then every weight of the variant's table by coordinate
 *       descent on the mean squared error (steps 8, 4, 2, 1; each weight
 *       kept within half its value, at least 20 cp, of the start), and writes
 *       the table as source (src/engine/vs-eval-weights-VARIANT.h) with the
 *       data's seed and command in its comment.
 *   tune label / tune correlate: held-out positions scored by a UCI engine,
 *       and the evaluation's correlation with them (vs-cli-correlate.c).
 *
 * Tuning data is regenerated when needed, never committed in bulk.
 */
#include "config.h"
#include "vs-cli.h"
#include "vs-eval.h"
#include "vs-search.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* ---- generate --------------------------------------------------------------- */

GPtrArray *
vs_cli_read_book (const char *book, GError **error)
{
  GPtrArray *openings = g_ptr_array_new_with_free_func (g_free);
  if (!book)
    return openings;
  g_autofree char *text = NULL;
  if (!g_file_get_contents (book, &text, NULL, error))
    {
      g_ptr_array_free (openings, TRUE);
      return NULL;
    }
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (int i = 0; lines[i]; i++)
    if (lines[i][0] && lines[i][0] != '#')
      g_ptr_array_add (openings, g_strdup (g_strstrip (lines[i])));
  return openings;
}

gboolean
vs_cli_play_opening (VsLine *ln, const VsVariant *v, const char *line)
{
  g_auto (GStrv) tok = g_strsplit_set (line, " \t", -1);
  GString *fen = g_string_new (NULL);
  int i = 0;
  if (tok[0] && strcmp (tok[0], "startpos") == 0)
    i = 1;
  else
    {
      if (tok[0] && strcmp (tok[0], "fen") == 0)
        i = 1;
      for (; tok[i] && strcmp (tok[i], "moves") != 0; i++)
        g_string_append_printf (fen, "%s%s", fen->len ? " " : "", tok[i]);
    }
  gboolean ok = vs_line_init (ln, v, fen->len ? fen->str : v->start_fen, NULL);
  g_string_free (fen, TRUE);
  if (!ok)
    return FALSE;
  if (tok[i] && strcmp (tok[i], "moves") == 0)
    i++;
  for (; tok[i]; i++)
    {
      VsMove m;
      if (!*tok[i])
        continue;
      if (!vs_move_parse (&ln->pos, tok[i], VS_NOTATION_UCI, &m, NULL, NULL))
        return FALSE;
      vs_line_make (ln, m);
    }
  return TRUE;
}

static int
tune_generate (const VsVariant *v, int games, int nodes, int per_game, guint32 seed,
               const char *book, const char *out, const char *command)
{
  g_autoptr (GError) book_error = NULL;
  GPtrArray *openings = vs_cli_read_book (book, &book_error);
  if (!openings)
    {
      vs_cli_error ("%s", book_error->message);
      return 1;
    }
  FILE *f = fopen (out, "w");
  if (!f)
    {
      vs_cli_error (_("cannot write %s"), out);
      return 1;
    }
  fprintf (f, "# seed %u; command: %s\n", seed, command);
  GRand *rand = g_rand_new_with_seed (seed);
  VsSearch *search = vs_search_new ();
  vs_search_set_hash (search, 16);
  VsLine *ln = vs_line_new ();
  VsPosition *pos = &ln->pos;
  GPtrArray *cand = g_ptr_array_new_with_free_func (g_free);
  int written = 0;
  for (int game = 0; game < games; game++)
    {
      const char *line = openings->len ? g_ptr_array_index (openings, g_rand_int_range (rand, 0, openings->len)) : "startpos";
      if (!vs_cli_play_opening (ln, v, line))
        continue;
      vs_search_clear (search);
      g_ptr_array_set_size (cand, 0);
      VsResult result = VS_RESULT_NONE;
      for (int ply = 0; ply < 300; ply++)
        {
          if (vs_line_state (ln, &result) != VS_STATE_ONGOING)
            break;
          VsSearchLimits lim;
          vs_search_limits_init (&lim);
          lim.nodes = nodes;
          VsSearchInfo info;
          VsHistory hist = vs_line_history (ln);
          VsMove m = vs_search_run (search, pos, &hist, &lim, NULL, NULL, &info);
          if (m == VS_MOVE_NONE)
            break;
          VsMoveEffects fx;
          vs_move_effects (pos, m, &fx);
          int score = info.n_lines > 0 ? info.lines[0].score : 0;
          if (ply >= 4 && !vs_position_in_check (pos) && fx.n_captured == 0 && ABS (score) < 800)
            g_ptr_array_add (cand, vs_position_to_string (pos));
          vs_line_make (ln, m);
        }
      const char *label = result == VS_RESULT_WHITE_WINS ? "1" : result == VS_RESULT_BLACK_WINS ? "0" : "0.5";
      for (int k = 0; k < per_game && cand->len > 0; k++)
        {
          guint j = g_rand_int_range (rand, 0, cand->len);
          fprintf (f, "%s %s\n", label, (char *) g_ptr_array_index (cand, j));
          g_ptr_array_remove_index_fast (cand, j);
          written++;
        }
      if ((game + 1) % 20 == 0)
        g_printerr ("%d games, %d positions\n", game + 1, written);
    }
  fclose (f);
  g_print ("%d positions from %d games written to %s\n", written, games, out);
  g_ptr_array_free (cand, TRUE);
  g_ptr_array_free (openings, TRUE);
  vs_line_free (ln);
  vs_search_free (search);
  g_rand_free (rand);
  return 0;
}

/* ---- fit ------------------------------------------------------------------------ */

/* A position (a small plain value) with its game's result. */
typedef struct {
  double result;
  VsPosition *bytes;
} Sample;

static void
load_sample (VsPosition *pos, const Sample *s)
{
  *pos = *s->bytes;
}

static double
mean_error (const VsEvalTables *t, const Sample *samples, int n, double k, VsPosition *pos)
{
  double sum = 0;
  for (int i = 0; i < n; i++)
    {
      load_sample (pos, &samples[i]);
      int e = vs_eval_with (t, pos);
      if (pos->side != VS_WHITE)
        e = -e;
      double p = 1.0 / (1.0 + pow (10.0, -k * e / 400.0));
      sum += (samples[i].result - p) * (samples[i].result - p);
    }
  return sum / n;
}

static int
tune_fit (const VsVariant *v, const char *data, gboolean cp_labels, int passes, const char *out,
          const char *command)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  if (!g_file_get_contents (data, &text, NULL, &error))
    {
      vs_cli_error ("%s", error->message);
      return 1;
    }
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  GArray *arr = g_array_new (FALSE, FALSE, sizeof (Sample));
  char *origin = NULL;
  VsPosition *pos = g_new (VsPosition, 1);
  for (int i = 0; lines[i]; i++)
    {
      char *l = lines[i];
      if (l[0] == '#')
        {
          if (!origin)
            origin = g_strdup (g_strstrip (l + 1));
          continue;
        }
      char *sp = strchr (l, ' ');
      if (!sp)
        continue;
      *sp = '\0';
      if (!vs_position_init (pos, v, sp + 1, NULL))
        continue;
      double label = g_ascii_strtod (l, NULL);
      /* an engine's score (tune label) counts as its expected result on
       * the classic Texel scale */
      if (cp_labels)
        label = 1.0 / (1.0 + pow (10.0, -label / 400.0));
      Sample s = { label, g_memdup2 (pos, sizeof *pos) };
      g_array_append_val (arr, s);
    }
  int n = arr->len;
  Sample *samples = (Sample *) arr->data;
  if (n == 0)
    {
      vs_cli_error (_("no positions in %s"), data);
      return 1;
    }
  VsEvalTables t = *vs_eval_tables (v);
  if (t.n_weights == 0)
    {
      vs_cli_error (_("this variant has no weights table"));
      return 2;
    }
  int w0[VS_EVAL_MAX_WEIGHTS];
  memcpy (w0, t.w, sizeof w0);
  /* the scale: golden-section search on K */
  double lo = 0.1, hi = 3.0;
  for (int it = 0; it < 30; it++)
    {
      double a = lo + (hi - lo) * 0.382, b = lo + (hi - lo) * 0.618;
      if (mean_error (&t, samples, n, a, pos) < mean_error (&t, samples, n, b, pos))
        hi = b;
      else
        lo = a;
    }
  double k = (lo + hi) / 2;
  double best = mean_error (&t, samples, n, k, pos);
  double start = best;
  g_print ("%d positions, K %.3f, error %.6f\n", n, k, best);
  static const int steps[] = { 8, 4, 2, 1 };
  for (int pass = 0; pass < passes; pass++)
    {
      int step = steps[MIN (pass, 3)];
      gboolean improved = FALSE;
      for (int i = 0; i < t.n_weights; i++)
        for (int dir = 1; dir >= -1; dir -= 2)
          {
            int old = t.w[i];
            for (;;)
              {
                /* each weight stays within half its starting value (at
                 * least 20 cp) of it: small data sets otherwise trade one
                 * piece's value against another's */
                if (ABS (t.w[i] + dir * step - w0[i]) > MAX (20, ABS (w0[i]) / 2))
                  break;
                t.w[i] += dir * step;
                vs_eval_tables_refresh (&t);
                double e = mean_error (&t, samples, n, k, pos);
                if (e < best)
                  {
                    best = e;
                    improved = TRUE;
                    continue;
                  }
                t.w[i] -= dir * step;
                vs_eval_tables_refresh (&t);
                break;
              }
            if (t.w[i] != old)
              break;
          }
      g_print ("pass %d (step %d): error %.6f\n", pass + 1, step, best);
      if (!improved && step == 1)
        break;
    }
  const char *stem = vs_eval_weights_stem (t.kind);
  g_autofree char *upper = g_ascii_strup (stem, -1);
  GString *src = g_string_new (NULL);
  g_string_append_printf (src,
    "/* vs-eval-weights-%s.h — %s evaluation weights (cp), fitted by\n"
    " * `variant-study-cli tune fit` (Texel: logistic scale K %.3f, mean squared\n"
    " * error %.6f -> %.6f over %d quiet self-play positions labelled by %s).\n"
    " * Fit command: %s\n"
    " * Data: %s\n"
    " */\n"
    "#define VS_EVAL_WEIGHTS_%s(X) \\\n",
    stem, v->name ? v->name : stem, k, start, best, n,
    cp_labels ? "an engine's scores" : "the games' results", command,
    origin ? origin : "?", upper);
  for (int i = 0; i < t.n_weights; i++)
    {
      char name[64];
      g_snprintf (name, sizeof name, "%s,", t.weight_names[i]);
      g_string_append_printf (src, "  X (%-16s %5d)%s\n", name, t.w[i], i + 1 < t.n_weights ? " \\" : "");
    }
  if (!g_file_set_contents (out, src->str, -1, &error))
    {
      vs_cli_error ("%s", error->message);
      return 1;
    }
  g_print ("weights written to %s\n", out);
  g_string_free (src, TRUE);
  for (int i = 0; i < n; i++)
    g_free (samples[i].bytes);
  g_array_free (arr, TRUE);
  g_free (origin);
  g_free (pos);
  return 0;
}

int
vs_cli_tune (int argc, char **argv)
{
  g_autofree char *variant_id = NULL, *book = NULL, *out = NULL, *data = NULL, *engine = NULL;
  int games = 100, nodes = 2000, per_game = 6, passes = 6, seed = 1, depth = 16;
  gboolean cp_labels = FALSE;
  GOptionEntry entries[] = {
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &variant_id, N_("Variant: chartima, strato, janggi, crazyhouse"), "ID" },
    { "games", 'g', 0, G_OPTION_ARG_INT, &games, N_("generate: self-play games (default 100)"), "N" },
    { "nodes", 'n', 0, G_OPTION_ARG_INT, &nodes, N_("generate: nodes per move (default 2000)"), "N" },
    { "per-game", 0, 0, G_OPTION_ARG_INT, &per_game, N_("generate: quiet positions kept per game (default 6)"), "K" },
    { "seed", 0, 0, G_OPTION_ARG_INT, &seed, N_("generate: random seed (default 1)"), "N" },
    { "book", 'b', 0, G_OPTION_ARG_FILENAME, &book, N_("generate: opening book"), "FILE" },
    { "data", 'd', 0, G_OPTION_ARG_FILENAME, &data, N_("fit: positions written by generate"), "FILE" },
    { "cp-labels", 0, 0, G_OPTION_ARG_NONE, &cp_labels, N_("fit: the data holds engine scores (tune label), not game results"), NULL },
    { "passes", 'i', 0, G_OPTION_ARG_INT, &passes, N_("fit: coordinate-descent passes (default 6)"), "N" },
    { "engine", 'e', 0, G_OPTION_ARG_STRING, &engine, N_("label: the UCI engine command that scores the positions"), "CMD" },
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth, N_("label: search depth (default 16)"), "D" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &out, N_("Output file"), "FILE" },
    { NULL }
  };
  g_autofree char *command = g_strjoinv (" ", argv);
  g_autoptr (GOptionContext) ctx = g_option_context_new (_("generate|fit|label|correlate — Texel tuning of the evaluation weights"));
  g_option_context_add_main_entries (ctx, entries, GETTEXT_PACKAGE);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      vs_cli_error ("%s", error->message);
      return 2;
    }
  const VsVariant *v = variant_id ? vs_variant_lookup (variant_id) : NULL;
  if (argc >= 2 && v && data && strcmp (argv[1], "correlate") == 0)
    return vs_cli_tune_correlate (v, data);
  if (argc < 2 || !v || !out)
    {
      vs_cli_error (_("usage: tune generate|fit|label -v VARIANT … -o FILE, or tune correlate -v VARIANT -d FILE"));
      return 2;
    }
  g_autofree char *full = g_strconcat ("variant-study-cli ", command, NULL);
  if (strcmp (argv[1], "label") == 0 && data && engine)
    return vs_cli_tune_label (v, data, engine, depth, out, full);
  if (strcmp (argv[1], "generate") == 0)
    return tune_generate (v, games, nodes, per_game, (guint32) seed, book, out, full);
  if (strcmp (argv[1], "fit") == 0 && data)
    return tune_fit (v, data, cp_labels, passes, out, full);
  vs_cli_error (_("usage: tune generate|fit|label -v VARIANT … -o FILE, or tune correlate -v VARIANT -d FILE"));
  return 2;
}
