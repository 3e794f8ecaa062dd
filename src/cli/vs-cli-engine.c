/* vs-cli-engine.c — `variant-study-cli uci|bench|analyze|match`: the engine
 * as a UCI server, its node-count signature, one-shot analysis and engine
 * matches. */
#include "config.h"
#include "vs-cli.h"
#include "vs-variant.h"
#include "vs-search.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

/* ---- shared helpers ------------------------------------------------------------ */

/* Write `n` moves starting from `pos` (not changed) in `notation`, space separated. */
static char *
moves_to_text (const VsPosition *pos, const VsMove *moves, int n, VsNotation notation)
{
  GString *s = g_string_new (NULL);
  VsPosition *p = g_new (VsPosition, 1);
  memcpy (p, pos, sizeof *p);
  for (int i = 0; i < n; i++)
    {
      if (!vs_position_is_legal (p, moves[i]))
        break;
      char text[VS_MOVE_TEXT_MAX];
      vs_move_write (p, moves[i], notation, text);
      if (i)
        g_string_append_c (s, ' ');
      g_string_append (s, text);
      vs_position_play (p, moves[i]);
    }
  g_free (p);
  return g_string_free (s, FALSE);
}

static void
print_info_line (FILE *out, const VsPosition *pos, const VsSearchInfo *info)
{
  if (info->kind == VS_SEARCH_INFO_PROGRESS)
    {
      fprintf (out, "info nodes %" G_GUINT64_FORMAT " nps %" G_GUINT64_FORMAT " hashfull %d time %" G_GINT64_FORMAT "\n",
               info->nodes, info->nps, info->hashfull, info->time_ms);
      return;
    }
  for (int i = 0; i < info->n_lines; i++)
    {
      const VsSearchLine *l = &info->lines[i];
      char score[32];
      vs_search_score_uci (l->score, score);
      g_autofree char *pv = moves_to_text (pos, l->pv, l->pv_len, VS_NOTATION_UCI);
      fprintf (out, "info depth %d seldepth %d multipv %d score %s nodes %" G_GUINT64_FORMAT
               " nps %" G_GUINT64_FORMAT " hashfull %d time %" G_GINT64_FORMAT " pv %s\n",
               l->depth, l->seldepth, l->multipv, score, info->nodes, info->nps, info->hashfull,
               info->time_ms, pv);
    }
}

/* ---- bench ------------------------------------------------------------------------ */

typedef struct {
  const char *variant;
  const char *fen;     /* NULL = start position */
  int depth;
} BenchCase;

static const BenchCase bench_cases[] = {
  { "crazyhouse", NULL, 9 },
  { "crazyhouse", "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R[] w KQkq - 1 5", 8 },
  { "crazyhouse", "r1b1k2r/ppp2ppp/2n5/3q4/3P4/5N2/PP3PPP/R1BQKB1R[PNbp] w KQkq - 0 9", 7 },
  { "crazyhouse", "r4rk1/ppp2ppp/2n5/3p4/3P2b1/2PB1N2/P1P2PPP/R4RK1[QNBqnbp] b - - 0 15", 7 },
  { "janggi", NULL, 8 },
  { "janggi", "r1ba1abnr/4k4/1cn4c1/p1p1p1p1p/9/6P2/P1P1P3P/1C2B2C1/4K4/RN1A1ABNR w - - 4 4", 8 },
  { "janggi", "2ba1a3/4k4/4b4/p3p1p1p/2p6/6P2/P3P3P/2C1R4/4K4/2BA1A3 w - - 0 30", 9 },
  { "chartima", NULL, 5 },
  { "chartima", "ilwouuowli/rnabqkbcnr/pppp1ppppp/4p5/10/10/5P4/PPPPP1PPPP/RNABQKBCNR/ILWOUUOWLI w KQkq - 0 2", 5 },
  { "strato", NULL, 6 },
  { "strato", "8/8/8/8/8/8/P'P'P'P'1P'P'P'/R'N'B'Q'K'B'N'R'|8/8/8/8/4P3/8/8/8|r'n'b'q'k'b'n'r'/p'p'p'p'p'p'p'p'/8/8/8/8/8/8 b - 0 1", 6 },
};

int
vs_cli_bench (int argc, char **argv)
{
  int depth_delta = 0;
  int hash = 16;
  gboolean quiet = FALSE;
  GOptionEntry entries[] = {
    { "depth-delta", 0, 0, G_OPTION_ARG_INT, &depth_delta, N_("Add this many plies to every position's depth"), "N" },
    { "hash", 0, 0, G_OPTION_ARG_INT, &hash, N_("Transposition table size in MB (default 16)"), "MB" },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("Print only the totals"), NULL },
    { NULL }
  };
  if (!vs_cli_parse_options (&argc, &argv, entries, _("— search fixed positions of every variant to a fixed depth")))
    return 2;
  VsSearch *search = vs_search_new ();
  vs_search_set_hash (search, hash);
  VsPosition *pos = g_new0 (VsPosition, 1);
  guint64 total = 0;
  gint64 total_us = 0;
  int searched = 0;
  for (guint i = 0; i < G_N_ELEMENTS (bench_cases); i++)
    {
      const BenchCase *c = &bench_cases[i];
      const VsVariant *v = vs_variant_lookup (c->variant);
      g_autoptr(GError) perr = NULL;
      if (v == NULL || v->from_string == NULL || !vs_position_init (pos, v, c->fen, &perr))
        {
          if (!quiet)
            printf (_("%-11s position %u skipped: %s\n"), c->variant, i + 1,
                    perr ? perr->message : _("variant not available"));
          continue;
        }
      VsSearchLimits limits;
      vs_search_limits_init (&limits);
      limits.depth = MAX (1, c->depth + depth_delta);
      vs_search_clear (search);
      VsSearchInfo info;
      gint64 t0 = g_get_monotonic_time ();
      VsMove best = vs_search_run (search, pos, NULL, &limits, NULL, NULL, &info);
      gint64 t1 = g_get_monotonic_time ();
      total += info.nodes;
      total_us += t1 - t0;
      searched++;
      if (!quiet)
        {
          char text[VS_MOVE_TEXT_MAX] = "(none)", score[32] = "";
          if (best != VS_MOVE_NONE)
            vs_move_write (pos, best, VS_NOTATION_UCI, text);
          if (info.n_lines)
            vs_search_score_uci (info.lines[0].score, score);
          printf ("%-11s %2u depth %2d  %-10s %-10s nodes %10" G_GUINT64_FORMAT "  %7.0f ms\n",
                  c->variant, i + 1, limits.depth, text, score, info.nodes, (t1 - t0) / 1000.0);
        }
    }
  g_free (pos);
  vs_search_free (search);
  printf (_("Positions searched: %d of %u\n"), searched, (guint) G_N_ELEMENTS (bench_cases));
  g_autofree char *nodes_text = g_strdup_printf ("%" G_GUINT64_FORMAT, total);
  g_autofree char *nps_text = g_strdup_printf ("%" G_GUINT64_FORMAT, total_us > 0 ? total * 1000000 / (guint64) total_us : 0);
  printf (_("Nodes searched: %s\n"), nodes_text);
  printf (_("Nodes/second: %s\n"), nps_text);
  printf ("Bench: %" G_GUINT64_FORMAT "\n", total);
  return 0;
}

/* ---- uci ------------------------------------------------------------------------- */

typedef struct {
  GMutex lock;          /* output and the fields below */
  VsSearch *search;
  VsLine *line;         /* the game: position and plies */
  VsPosition *pos;      /* &line->pos */
  const VsVariant *variant;
  int multipv, threads, hash;
  GThread *thread;
  gboolean searching;
  VsSearchLimits limits;
} Uci;

static const struct { const char *uci; const char *id; } uci_variants[] = {
  { "chartima", "chartima" },
  { "strato", "strato" },
  { "janggi", "janggi" },
  { "janggicasual", "janggi-casual" },
  { "crazyhouse", "crazyhouse" },
};

static void
uci_out (Uci *u, const char *format, ...) G_GNUC_PRINTF (2, 3);
static void
uci_out (Uci *u, const char *format, ...)
{
  va_list ap;
  va_start (ap, format);
  g_mutex_lock (&u->lock);
  vprintf (format, ap);
  fflush (stdout);
  g_mutex_unlock (&u->lock);
  va_end (ap);
}

static void
uci_info_cb (const VsSearchInfo *info, gpointer data)
{
  Uci *u = data;
  g_mutex_lock (&u->lock);
  if (info->kind != VS_SEARCH_INFO_FINAL)
    print_info_line (stdout, u->pos, info);
  else
    u->searching = FALSE;   /* a "stop" from now on would outlive this search */
  fflush (stdout);
  g_mutex_unlock (&u->lock);
}

static gpointer
uci_search_thread (gpointer data)
{
  Uci *u = data;
  VsSearchInfo final;
  VsHistory hist = vs_line_history (u->line);
  VsMove best = vs_search_run (u->search, u->pos, &hist, &u->limits, uci_info_cb, u, &final);
  char text[VS_MOVE_TEXT_MAX] = "(none)";
  char ponder[VS_MOVE_TEXT_MAX] = "";
  if (best != VS_MOVE_NONE)
    {
      vs_move_write (u->pos, best, VS_NOTATION_UCI, text);
      if (final.ponder_move != VS_MOVE_NONE)
        {
          VsPosition *p = g_new (VsPosition, 1);
          memcpy (p, u->pos, sizeof *p);
          vs_position_play (p, best);
          if (vs_position_is_legal (p, final.ponder_move))
            vs_move_write (p, final.ponder_move, VS_NOTATION_UCI, ponder);
          g_free (p);
        }
    }
  g_mutex_lock (&u->lock);
  if (final.n_lines)
    print_info_line (stdout, u->pos, &final);
  if (ponder[0])
    printf ("bestmove %s ponder %s\n", text, ponder);
  else
    printf ("bestmove %s\n", text);
  fflush (stdout);
  g_mutex_unlock (&u->lock);
  return NULL;
}

static void
uci_wait (Uci *u)
{
  if (u->thread)
    {
      g_thread_join (u->thread);
      u->thread = NULL;
    }
}

static void
uci_stop (Uci *u)
{
  g_mutex_lock (&u->lock);
  if (u->searching)
    vs_search_stop (u->search);
  g_mutex_unlock (&u->lock);
}

static void
uci_set_position (Uci *u, char **tok, int ntok)
{
  int i = 1;
  g_autoptr(GString) fen = g_string_new (NULL);
  if (i < ntok && strcmp (tok[i], "startpos") == 0)
    i++;
  else if (i < ntok && strcmp (tok[i], "fen") == 0)
    {
      for (i++; i < ntok && strcmp (tok[i], "moves") != 0; i++)
        {
          if (fen->len)
            g_string_append_c (fen, ' ');
          g_string_append (fen, tok[i]);
        }
    }
  else
    {
      uci_out (u, "info string %s\n", _("error: “position” needs “startpos” or “fen”"));
      return;
    }
  g_autoptr(VsLine) line = vs_line_new ();
  VsPosition *p = &line->pos;
  g_autoptr(GError) error = NULL;
  if (!vs_line_init (line, u->variant, fen->len ? fen->str : NULL, &error))
    {
      uci_out (u, "info string %s %s\n", _("error: bad position string:"), error->message);
      return;
    }
  if (i < ntok && strcmp (tok[i], "moves") == 0)
    for (i++; i < ntok; i++)
      {
        VsMove m;
        g_autoptr(GError) merr = NULL;
        if (!vs_move_parse (p, tok[i], VS_NOTATION_UCI, &m, NULL, &merr))
          {
            uci_out (u, "info string %s %s: %s\n", _("error: illegal move"), tok[i], merr->message);
            break;
          }
        vs_line_make (line, m);
      }
  vs_line_clear (u->line);
  vs_line_copy (u->line, line);
}

static void
uci_go (Uci *u, char **tok, int ntok)
{
  VsSearchLimits l;
  vs_search_limits_init (&l);
  l.multipv = u->multipv;
  gboolean any = FALSE;
  for (int i = 1; i < ntok; i++)
    {
      const char *k = tok[i];
      const char *val = i + 1 < ntok ? tok[i + 1] : "0";
      if (strcmp (k, "perft") == 0)
        {
          int depth = atoi (val);
          VsPosition *p = g_new (VsPosition, 1);
          memcpy (p, u->pos, sizeof *p);
          VsMove moves[VS_MAX_MOVES];
          int n = depth > 0 ? vs_position_generate (p, VS_GEN_ALL, moves) : 0;
          guint64 total = 0;
          for (int j = 0; j < n; j++)
            {
              char text[VS_MOVE_TEXT_MAX];
              vs_move_write (p, moves[j], VS_NOTATION_UCI, text);
              VsUndo undo;
              vs_position_make (p, moves[j], &undo);
              guint64 c = vs_perft (p, depth - 1);
              vs_position_unmake (p, &undo);
              uci_out (u, "%s: %" G_GUINT64_FORMAT "\n", text, c);
              total += c;
            }
          if (depth <= 0)
            total = 1;
          uci_out (u, "\nNodes searched: %" G_GUINT64_FORMAT "\n\n", total);
          g_free (p);
          return;
        }
      else if (strcmp (k, "depth") == 0) { l.depth = atoi (val); i++; any = TRUE; }
      else if (strcmp (k, "nodes") == 0) { l.nodes = g_ascii_strtoull (val, NULL, 10); i++; any = TRUE; }
      else if (strcmp (k, "movetime") == 0) { l.movetime_ms = g_ascii_strtoll (val, NULL, 10); i++; any = TRUE; }
      else if (strcmp (k, "wtime") == 0) { l.time_ms[0] = MAX (1, g_ascii_strtoll (val, NULL, 10)); i++; any = TRUE; }
      else if (strcmp (k, "btime") == 0) { l.time_ms[1] = MAX (1, g_ascii_strtoll (val, NULL, 10)); i++; any = TRUE; }
      else if (strcmp (k, "winc") == 0) { l.inc_ms[0] = g_ascii_strtoll (val, NULL, 10); i++; }
      else if (strcmp (k, "binc") == 0) { l.inc_ms[1] = g_ascii_strtoll (val, NULL, 10); i++; }
      else if (strcmp (k, "movestogo") == 0) { l.movestogo = atoi (val); i++; }
      else if (strcmp (k, "infinite") == 0) { l.infinite = TRUE; any = TRUE; }
    }
  if (!any)
    l.infinite = TRUE;
  uci_wait (u);
  u->limits = l;
  g_mutex_lock (&u->lock);
  u->searching = TRUE;
  g_mutex_unlock (&u->lock);
  u->thread = g_thread_new ("uci-search", uci_search_thread, u);
}

static void
uci_setoption (Uci *u, char **tok, int ntok)
{
  /* setoption name <id…> [value <x…>] */
  g_autoptr(GString) name = g_string_new (NULL);
  g_autoptr(GString) value = g_string_new (NULL);
  int i = 1;
  if (i < ntok && strcmp (tok[i], "name") == 0)
    i++;
  for (; i < ntok && strcmp (tok[i], "value") != 0; i++)
    {
      if (name->len)
        g_string_append_c (name, ' ');
      g_string_append (name, tok[i]);
    }
  for (i++; i < ntok; i++)
    {
      if (value->len)
        g_string_append_c (value, ' ');
      g_string_append (value, tok[i]);
    }
  uci_wait (u);
  if (g_ascii_strcasecmp (name->str, "UCI_Variant") == 0)
    {
      for (guint k = 0; k < G_N_ELEMENTS (uci_variants); k++)
        if (g_ascii_strcasecmp (value->str, uci_variants[k].uci) == 0 ||
            g_ascii_strcasecmp (value->str, uci_variants[k].id) == 0 ||
            (k == 2 && g_ascii_strcasecmp (value->str, "janggitraditional") == 0))
          {
            const VsVariant *v = vs_variant_lookup (uci_variants[k].id);
            g_autoptr(GError) error = NULL;
            VsPosition *p = g_new0 (VsPosition, 1);
            if (v && vs_position_init (p, v, NULL, &error))
              {
                u->variant = v;
                vs_line_set (u->line, p);
              }
            else
              uci_out (u, "info string %s %s\n", _("error: variant not available:"),
                       error ? error->message : value->str);
            g_free (p);
            return;
          }
      uci_out (u, "info string %s %s\n", _("error: unknown variant"), value->str);
    }
  else if (g_ascii_strcasecmp (name->str, "MultiPV") == 0)
    u->multipv = CLAMP (atoi (value->str), 1, VS_SEARCH_MAX_MULTIPV);
  else if (g_ascii_strcasecmp (name->str, "Threads") == 0)
    vs_search_set_threads (u->search, u->threads = CLAMP (atoi (value->str), 1, VS_SEARCH_MAX_THREADS));
  else if (g_ascii_strcasecmp (name->str, "Hash") == 0)
    vs_search_set_hash (u->search, u->hash = CLAMP (atoi (value->str), 1, 4096));
  else if (g_ascii_strcasecmp (name->str, "Clear Hash") == 0)
    vs_search_clear (u->search);
  else
    uci_out (u, "info string %s %s\n", _("error: unknown option"), name->str);
}

int
vs_cli_uci (int argc, char **argv)
{
  g_autofree char *variant_id = NULL;
  GOptionEntry entries[] = {
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &variant_id, N_("Initial UCI_Variant (default chartima)"), "ID" },
    { NULL }
  };
  if (!vs_cli_parse_options (&argc, &argv, entries, _("— run the built-in engine as a UCI engine on stdin/stdout")))
    return 2;
  g_autoptr (GError) error = NULL;
  Uci u = { 0 };
  g_mutex_init (&u.lock);
  u.search = vs_search_new ();
  u.line = vs_line_new ();
  u.pos = &u.line->pos;
  u.multipv = 1;
  u.threads = 1;
  u.hash = 16;
  u.variant = vs_variant_lookup (variant_id ? variant_id : "chartima");
  if (u.variant == NULL)
    {
      vs_cli_error (_("unknown variant “%s”"), variant_id);
      return 2;
    }
  if (!vs_line_init (u.line, u.variant, NULL, &error))
    {
      /* the module may not be there yet: try the others */
      for (const VsVariant *const *v = vs_variants (); *v; v++)
        {
          g_clear_error (&error);
          if ((*v)->from_string && vs_line_init (u.line, *v, NULL, &error))
            {
              u.variant = *v;
              break;
            }
        }
    }
  setvbuf (stdout, NULL, _IOFBF, 1 << 16);
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  while ((len = getline (&line, &cap, stdin)) >= 0)
    {
      g_strstrip (line);
      g_auto(GStrv) tok = g_strsplit_set (line, " \t", -1);
      /* drop empty tokens from repeated blanks */
      int ntok = 0;
      for (int i = 0; tok[i]; i++)
        if (tok[i][0])
          tok[ntok++] = tok[i];
        else
          g_free (tok[i]);
      tok[ntok] = NULL;
      if (ntok == 0)
        continue;
      const char *cmd = tok[0];
      if (strcmp (cmd, "uci") == 0)
        {
          g_autoptr(GString) vars = g_string_new (NULL);
          for (guint k = 0; k < G_N_ELEMENTS (uci_variants); k++)
            g_string_append_printf (vars, " var %s", uci_variants[k].uci);
          const char *cur = "chartima";
          for (guint k = 0; k < G_N_ELEMENTS (uci_variants); k++)
            if (vs_variant_lookup (uci_variants[k].id) == u.variant)
              cur = uci_variants[k].uci;
          uci_out (&u, "id name VariantStudy %s\nid author the VariantStudy developers\n"
                   "option name UCI_Variant type combo default %s%s\n"
                   "option name Hash type spin default 16 min 1 max 4096\n"
                   "option name Threads type spin default 1 min 1 max %d\n"
                   "option name MultiPV type spin default 1 min 1 max %d\n"
                   "option name Clear Hash type button\n"
                   "uciok\n", PACKAGE_VERSION, cur, vars->str, VS_SEARCH_MAX_THREADS, VS_SEARCH_MAX_MULTIPV);
        }
      else if (strcmp (cmd, "isready") == 0)
        uci_out (&u, "readyok\n");
      else if (strcmp (cmd, "ucinewgame") == 0)
        {
          uci_stop (&u);
          uci_wait (&u);
          vs_search_clear (u.search);
          vs_line_init (u.line, u.variant, NULL, NULL);
        }
      else if (strcmp (cmd, "position") == 0)
        {
          uci_stop (&u);
          uci_wait (&u);
          uci_set_position (&u, tok, ntok);
        }
      else if (strcmp (cmd, "go") == 0)
        {
          uci_stop (&u);
          uci_wait (&u);
          uci_go (&u, tok, ntok);
        }
      else if (strcmp (cmd, "stop") == 0)
        {
          uci_stop (&u);
          uci_wait (&u);
        }
      else if (strcmp (cmd, "setoption") == 0)
        {
          uci_stop (&u);
          uci_wait (&u);
          uci_setoption (&u, tok, ntok);
        }
      else if (strcmp (cmd, "d") == 0)
        {
          g_autofree char *fen = vs_position_to_string (u.pos);
          uci_out (&u, "info string %s %s\n", u.variant->id, fen);
        }
      else if (strcmp (cmd, "quit") == 0)
        break;
      else if (strcmp (cmd, "ponderhit") == 0 || strcmp (cmd, "debug") == 0 || strcmp (cmd, "register") == 0)
        ;
      else
        uci_out (&u, "info string %s %s\n", _("error: unknown command"), cmd);
    }
  free (line);
  uci_stop (&u);
  uci_wait (&u);
  vs_search_free (u.search);
  vs_line_free (u.line);
  g_mutex_clear (&u.lock);
  return 0;
}

/* ---- analyze -------------------------------------------------------------------- */

#include "vs-uci-client.h"
#include "vs-engine-config.h"
#include "vs-game.h"
#include "vs-record.h"
#include "vs-sprt.h"
#include <math.h>

typedef struct {
  const VsPosition *pos;
  gboolean final_printed;
} AnalyzeCtx;

static void
analyze_info_cb (const VsSearchInfo *info, gpointer data)
{
  AnalyzeCtx *a = data;
  if (info->kind == VS_SEARCH_INFO_ITERATION)
    print_info_line (stdout, a->pos, info);
  fflush (stdout);
}

static const VsVariant *
lookup_variant_or_fail (const char *variant_id)
{
  if (variant_id == NULL)
    {
      vs_cli_error (_("--variant is required"));
      return NULL;
    }
  const VsVariant *v = vs_variant_lookup (variant_id);
  if (v == NULL)
    vs_cli_error (_("unknown variant “%s”"), variant_id);
  return v;
}

/* --engine: "auto" (or NULL) picks the analysis pane's default for the
 * variant (Fairy-Stockfish where it plays it, else the built-in engine),
 * "builtin" the built-in engine, anything else is a UCI command.  *engine
 * becomes the command (NULL: built-in), *label the engine's name if known;
 * the choice is printed on stderr. */
static void
choose_engine (char **engine, char **label, const VsVariant *v)
{
  if (*engine == NULL || g_str_equal (*engine, "auto"))
    {
      /* the same default as the analysis pane */
      g_clear_pointer (engine, g_free);
      g_autoptr(GPtrArray) configs = vs_engine_configs_all (NULL);
      for (guint i = 0; i < configs->len; i++)
        {
          g_autoptr(VsEngineCaps) caps =
            vs_engine_caps_probe (((VsEngineConfig *) g_ptr_array_index (configs, i))->command, NULL, NULL);
        }
      const VsEngineConfig *def = vs_engine_default_for (configs, v);
      if (def)
        {
          *engine = g_strdup (def->command);
          *label = g_strdup (def->name);
        }
    }
  else if (g_str_equal (*engine, "builtin"))
    g_clear_pointer (engine, g_free);
  fprintf (stderr, _("engine: %s\n"), *engine ? (*label ? *label : *engine) : _("built-in"));
}

int
vs_cli_analyze (int argc, char **argv)
{
  g_autofree char *variant_id = NULL, *fen = NULL, *engine = NULL;
  int depth = 0, multipv = 1, threads = 1, hash = 64;
  gint64 nodes = 0, movetime = 0;
  GOptionEntry entries[] = {
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &variant_id, N_("Variant: chartima, strato, janggi, janggi-casual, crazyhouse"), "ID" },
    { "fen", 'f', 0, G_OPTION_ARG_STRING, &fen, N_("Position string (default: the start position)"), "STRING" },
    { "depth", 'd', 0, G_OPTION_ARG_INT, &depth, N_("Search to this depth"), "N" },
    { "nodes", 'n', 0, G_OPTION_ARG_INT64, &nodes, N_("Search this many nodes"), "N" },
    { "movetime", 't', 0, G_OPTION_ARG_INT64, &movetime, N_("Search this many milliseconds"), "MS" },
    { "multipv", 'm', 0, G_OPTION_ARG_INT, &multipv, N_("Number of lines (default 1)"), "K" },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads, N_("Search threads (default 1)"), "N" },
    { "hash", 0, 0, G_OPTION_ARG_INT, &hash, N_("Hash table size in MB (default 64)"), "MB" },
    { "engine", 'e', 0, G_OPTION_ARG_STRING, &engine, N_("Engine: “auto” (default: Fairy-Stockfish where it plays the variant, else the built-in engine), “builtin”, or a UCI engine command"), "CMD" },
    { NULL }
  };
  if (!vs_cli_parse_options (&argc, &argv, entries, _("— analyse one position")))
    return 2;
  g_autoptr (GError) error = NULL;
  const VsVariant *v = lookup_variant_or_fail (variant_id);
  if (v == NULL)
    return 2;
  if ((depth > 0) + (nodes > 0) + (movetime > 0) != 1)
    {
      vs_cli_error (_("give exactly one of --depth, --nodes or --movetime"));
      return 2;
    }
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  if (!vs_position_init (pos, v, fen, &error))
    {
      vs_cli_error (_("bad position string: %s"), error->message);
      return 2;
    }
  VsSearchLimits limits;
  vs_search_limits_init (&limits);
  limits.depth = depth;
  limits.nodes = (guint64) nodes;
  limits.movetime_ms = movetime;
  limits.multipv = CLAMP (multipv, 1, VS_SEARCH_MAX_MULTIPV);
  AnalyzeCtx a = { pos, FALSE };
  VsMove best;
  g_autofree char *engine_label = NULL;
  choose_engine (&engine, &engine_label, v);
  if (engine)
    {
      g_autoptr(VsUciClient) client = vs_uci_client_new (engine);
      g_autofree char *multipv_text = g_strdup_printf ("%d", limits.multipv);
      if (!vs_uci_client_start (client, 10000, NULL, &error) ||
          !vs_uci_client_set_variant (client, v, &error) ||
          (limits.multipv > 1 && !vs_uci_client_set_option (client, "MultiPV", multipv_text, &error)) ||
          !vs_uci_client_new_game (client, &error) ||
          !vs_uci_client_sync (client, 10000, &error))
        {
          vs_cli_error ("%s", error->message);
          return 1;
        }
      best = vs_uci_client_go (client, pos, NULL, &limits, analyze_info_cb, &a, NULL, NULL, &error);
      if (error)
        {
          vs_cli_error ("%s", error->message);
          return 1;
        }
    }
  else
    {
      VsSearch *search = vs_search_new ();
      vs_search_set_hash (search, hash);
      vs_search_set_threads (search, threads);
      VsSearchInfo final;
      best = vs_search_run (search, pos, NULL, &limits, analyze_info_cb, &a, &final);
      printf ("info depth %d nodes %" G_GUINT64_FORMAT " nps %" G_GUINT64_FORMAT " time %" G_GINT64_FORMAT "\n",
              final.depth, final.nodes, final.nps, final.time_ms);
      vs_search_free (search);
    }
  char text[VS_MOVE_TEXT_MAX] = "(none)";
  if (best != VS_MOVE_NONE)
    vs_move_write (pos, best, VS_NOTATION_UCI, text);
  printf ("bestmove %s\n", text);
  return 0;
}

/* ---- annotate ------------------------------------------------------------------- */

#include "vs-annotate.h"
#include "vs-game-collection.h"

int
vs_cli_annotate (int argc, char **argv)
{
  g_autofree char *variant_id = NULL, *engine = NULL, *output = NULL;
  int depth = 0;
  gint64 movetime = 0;
  GOptionEntry entries[] = {
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &variant_id, N_("Variant of a record that does not say (chartima, strato, janggi, janggi-casual, crazyhouse)"), "ID" },
    { "engine", 'e', 0, G_OPTION_ARG_STRING, &engine, N_("Engine: “auto” (default: Fairy-Stockfish where it plays the variant, else the built-in engine), “builtin”, or a UCI engine command"), "CMD" },
    { "movetime", 't', 0, G_OPTION_ARG_INT64, &movetime, N_("Search each position this many milliseconds"), "MS" },
    { "depth", 'd', 0, G_OPTION_ARG_INT, &depth, N_("Search each position to this depth"), "N" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write the annotated record here (PGN)"), "OUT" },
    { NULL }
  };
  if (!vs_cli_parse_options (&argc, &argv, entries, _("FILE — annotate every game of a record: evaluations, mistakes and better lines")))
    return 2;
  g_autoptr (GError) error = NULL;
  if (argc != 2 || output == NULL)
    {
      vs_cli_error (_("annotate needs FILE and -o OUT"));
      return 2;
    }
  if ((depth > 0) + (movetime > 0) > 1)
    {
      vs_cli_error (_("give at most one of --depth or --movetime"));
      return 2;
    }
  VsRecordOptions opts = { 0 };
  if (variant_id && !(opts.variant = vs_variant_lookup (variant_id)))
    {
      vs_cli_error (_("unknown variant “%s”"), variant_id);
      return 2;
    }
  /* a damaged game costs only what could not be read of it: the rest is
   * annotated and written, and the exit status says a problem was found */
  g_autoptr (VsGameCollection) games = vs_game_collection_new ();
  gboolean read_ok;
  if (!vs_cli_read_record (argv[1], &opts, games, &read_ok))
    return 1;
  VsSearchLimits limits;
  vs_search_limits_init (&limits);
  limits.depth = depth;
  limits.movetime_ms = depth == 0 && movetime == 0 ? 400 : movetime;
  for (guint i = 0; i < vs_game_collection_get_n_games (games); i++)
    {
      VsGame *game = vs_game_collection_get_game (games, i);
      g_autofree char *cmd = g_strdup (engine), *label = NULL;
      choose_engine (&cmd, &label, vs_game_get_variant (game));
      VsAnnotateSummary summary;
      if (!vs_annotate_game (game, cmd, &limits, &summary, &error))
        {
          vs_cli_error ("%s", error->message);
          return 1;
        }
      g_autofree char *text = vs_annotate_summary_text (&summary, vs_game_get_variant (game));
      fprintf (stderr, "%s\n", text);
    }
  if (!vs_record_write_file (games, output, VS_RECORD_FORMAT_PGN, VS_RECORD_ENCODING_UTF8, &error))
    {
      vs_cli_error ("%s", error->message);
      return 1;
    }
  return read_ok ? 0 : 1;
}

/* ---- match ---------------------------------------------------------------------- */

typedef struct {
  char *cmd;
  char **options;          /* NAME=VALUE */
  char *limit;             /* "depth=1,nodes=…,movetime=…" or NULL */
  VsUciClient *client;
  VsSearchLimits limits;
  char *name;
} MatchEngine;

static gboolean
parse_limit (const char *spec, VsSearchLimits *l, GError **error)
{
  g_auto(GStrv) parts = g_strsplit (spec, ",", -1);
  for (int i = 0; parts[i]; i++)
    {
      g_auto(GStrv) kv = g_strsplit (parts[i], "=", 2);
      if (!kv[0] || !kv[1])
        goto bad;
      char *end;
      gint64 val = g_ascii_strtoll (kv[1], &end, 10);
      if (*end || val <= 0)
        goto bad;
      if (g_ascii_strcasecmp (kv[0], "depth") == 0)
        l->depth = (int) val;
      else if (g_ascii_strcasecmp (kv[0], "nodes") == 0)
        l->nodes = (guint64) val;
      else if (g_ascii_strcasecmp (kv[0], "movetime") == 0)
        l->movetime_ms = val;
      else
        goto bad;
    }
  return TRUE;
bad:
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("bad limit “%s” (use depth=N, nodes=N or movetime=MS, comma separated)"), spec);
  return FALSE;
}

static gboolean
match_engine_start (MatchEngine *e, const VsVariant *v, GError **error)
{
  e->client = vs_uci_client_new (e->cmd);
  if (!vs_uci_client_start (e->client, 10000, NULL, error) ||
      !vs_uci_client_set_variant (e->client, v, error))
    return FALSE;
  for (int i = 0; e->options && e->options[i]; i++)
    {
      g_auto(GStrv) kv = g_strsplit (e->options[i], "=", 2);
      if (!kv[0] || !kv[1])
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("bad engine option “%s” (use NAME=VALUE)"), e->options[i]);
          return FALSE;
        }
      if (!vs_uci_client_set_option (e->client, kv[0], kv[1], error))
        return FALSE;
    }
  if (e->limit)
    e->name = g_strdup_printf ("%s (%s)", vs_uci_client_get_name (e->client), e->limit);
  else
    e->name = g_strdup (vs_uci_client_get_name (e->client));
  return vs_uci_client_sync (e->client, 10000, error);
}


/* The shared state of a match played by --concurrency threads, each with its
 * own pair of engine processes. */
typedef struct {
  const VsVariant *v;
  const VsPosition *start;
  GPtrArray *opening_lines;
  GRand *rand;
  int games, max_plies;
  MatchEngine *spec;       /* the two engines as given (commands, limits)  */
  GMutex lock;
  int next_pair;
  gboolean stop;
  FILE *pgn;
  double points1;
  int wins1, draws, losses1, played;
  int penta[5];
  gboolean has_sprt;
  VsSprt sprt;
  int status;              /* exit status: 1 if an engine failed           */
  char *names[2];          /* as the first worker's engines gave them      */
} Match;

/* The opening of pair `p` into *opening (under m->lock: the random ones
 * draw from the shared generator). FALSE with a message on a bad line. */
static gboolean
match_opening (Match *m, int p, VsLine *oline)
{
  VsPosition *opening = &oline->pos;
  const VsVariant *v = m->v;
  g_autoptr(GError) error = NULL;
  if (m->opening_lines->len)
    {
      guint idx = p % m->opening_lines->len;
      const char *line = g_ptr_array_index (m->opening_lines, idx);
      g_autofree char *fenpart = NULL;
      const char *mv = strstr (line, "moves");
      fenpart = mv ? g_strndup (line, mv - line) : g_strdup (line);
      g_strstrip (fenpart);
      if (g_str_has_prefix (fenpart, "startpos"))
        fenpart[0] = '\0';
      if (!vs_line_init (oline, v, fenpart[0] ? fenpart : NULL, &error))
        {
          vs_cli_error (_("opening %u: %s"), idx + 1, error->message);
          return FALSE;
        }
      if (mv)
        {
          g_auto(GStrv) ms = g_strsplit_set (mv + 5, " \t", -1);
          for (int k = 0; ms[k]; k++)
            {
              if (!ms[k][0])
                continue;
              VsMove mm;
              if (!vs_move_parse (opening, ms[k], VS_NOTATION_UCI, &mm, NULL, &error))
                {
                  vs_cli_error (_("opening %u: %s"), idx + 1, error->message);
                  return FALSE;
                }
              vs_line_make (oline, mm);
            }
        }
      return TRUE;
    }
  for (int tries = 0; tries < 100; tries++)
    {
      vs_line_set (oline, m->start);
      int plies = 2 + g_rand_int_range (m->rand, 0, 3);
      gboolean ok = TRUE;
      for (int k = 0; k < plies && ok; k++)
        {
          VsMove moves[VS_MAX_MOVES];
          int n = vs_position_generate (opening, VS_GEN_ALL, moves);
          /* no passes in random openings */
          int c = 0;
          for (int j = 0; j < n; j++)
            if (VS_MOVE_KIND (moves[j]) != VS_MOVE_PASS)
              moves[c++] = moves[j];
          if (c == 0)
            ok = FALSE;
          else
            vs_line_make (oline, moves[g_rand_int_range (m->rand, 0, c)]);
        }
      if (ok && vs_line_state (oline, NULL) == VS_STATE_ONGOING)
        break;
    }
  return TRUE;
}

/* One game from *pos (played on), engine `first` White; the result, the
 * termination and its reason; *error set when an engine failed. */
static VsResult
match_play_game (Match *m, MatchEngine *eng, VsLine *line, int first,
                 const char **termination, char **reason, GError **error)
{
  VsPosition *pos = &line->pos;
  VsResult result = VS_RESULT_NONE;
  *termination = "normal";
  for (int i = 0; i < 2; i++)
    if (!vs_uci_client_new_game (eng[i].client, error))
      break;
  int plies = 0;
  while (*error == NULL)
    {
      VsGameState st = vs_line_state (line, &result);
      if (st != VS_STATE_ONGOING)
        {
          *reason = g_strdup (vs_state_describe (st));
          if (result == VS_RESULT_NONE)
            result = VS_RESULT_DRAW;
          break;
        }
      if (plies >= m->max_plies)
        {
          result = VS_RESULT_DRAW;
          *termination = "adjudication";
          *reason = g_strdup_printf ("draw adjudicated after %d plies", plies);
          break;
        }
      int who = pos->side == VS_WHITE ? first : 1 - first;
      VsHistory hist = vs_line_history (line);
      VsMove mv = vs_uci_client_go (eng[who].client, pos, &hist, &eng[who].limits, NULL, NULL, NULL, NULL, error);
      if (*error || mv == VS_MOVE_NONE)
        {
          result = pos->side == VS_WHITE ? VS_RESULT_BLACK_WINS : VS_RESULT_WHITE_WINS;
          *termination = "rules infraction";
          *reason = g_strdup_printf ("%s: %s", eng[who].name,
                                     *error ? (*error)->message : _("no move in an unfinished game"));
          g_printerr ("%s\n", *reason);
          break;
        }
      vs_line_make (line, mv);
      plies++;
    }
  if (result == VS_RESULT_NONE)
    result = VS_RESULT_DRAW;
  return result;
}

/* The game into the PGN file (under m->lock). */
static void
match_write_pgn (Match *m, MatchEngine *eng, const VsLine *line, int g, int first,
                 VsResult result, const char *termination, const char *reason)
{
  /* the record layer's PGN writer; the game starts at the root of the
   * line (the opening is part of the game) */
  VsPosition root_pos = line->pos;
  VsPosition *root = &root_pos;
  int n = line->len;
  g_autofree VsMove *moves = g_new (VsMove, MAX (n, 1));
  for (int k = n - 1; k >= 0; k--)
    {
      moves[k] = line->undo[k].move;
      vs_position_unmake (root, &line->undo[k]);
    }
  g_autofree char *rootfen = vs_position_to_string (root);
  g_autofree char *startfen = vs_position_to_string (m->start);
  g_autoptr(GError) gerr = NULL;
  g_autoptr(VsGame) game = vs_game_new (m->v, strcmp (rootfen, startfen) != 0 ? rootfen : NULL, &gerr);
  VsGameNode *node = game ? vs_game_get_root (game) : NULL;
  for (int k = 0; k < n && node; k++)
    node = vs_game_add_move (game, node, moves[k], NULL, &gerr);
  if (game && node)
    {
      g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
      g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");
      g_autofree char *round = g_strdup_printf ("%d", g + 1);
      vs_game_set_header (game, "Event", "variant-study-cli match");
      vs_game_set_header (game, "Site", "?");
      vs_game_set_header (game, "Date", date);
      vs_game_set_header (game, "Round", round);
      vs_game_set_header (game, "White", eng[first].name);
      vs_game_set_header (game, "Black", eng[1 - first].name);
      vs_game_set_header (game, "Termination", termination);
      vs_game_set_result (game, result);
      if (reason)
        vs_game_node_set_comment_after (game, node, reason);
      g_autofree char *text = vs_pgn_write_game (game);
      fputs (text, m->pgn);
      fputs ("\n", m->pgn);
      fflush (m->pgn);
    }
  else
    vs_cli_error (_("game %d could not be recorded: %s"), g + 1, gerr ? gerr->message : "?");
}

/* A worker: its own two engine processes; plays pairs (an opening with both
 * colours) until none is left, the SPRT decides or an engine dies. */
static gpointer
match_worker (gpointer data)
{
  Match *m = data;
  MatchEngine eng[2];
  g_autoptr(GError) error = NULL;
  g_autoptr(VsLine) opening = vs_line_new ();
  g_autoptr(VsLine) pos = vs_line_new ();
  for (int i = 0; i < 2; i++)
    {
      eng[i] = m->spec[i];
      eng[i].client = NULL;
      eng[i].name = NULL;
    }
  for (int i = 0; i < 2; i++)
    if (!match_engine_start (&eng[i], m->v, &error))
      {
        g_mutex_lock (&m->lock);
        vs_cli_error (_("engine %d: %s"), i + 1, error->message);
        m->stop = TRUE;
        m->status = 1;
        g_mutex_unlock (&m->lock);
        goto done;
      }
  g_mutex_lock (&m->lock);
  for (int i = 0; i < 2; i++)
    if (!m->names[i])
      m->names[i] = g_strdup (eng[i].name);
  g_mutex_unlock (&m->lock);
  for (;;)
    {
      g_mutex_lock (&m->lock);
      int p = m->next_pair;
      if (m->stop || 2 * p >= m->games)
        {
          g_mutex_unlock (&m->lock);
          break;
        }
      m->next_pair++;
      gboolean ok = match_opening (m, p, opening);
      if (!ok)
        {
          m->stop = TRUE;
          m->status = 2;
        }
      g_mutex_unlock (&m->lock);
      if (!ok)
        break;
      double pair = 0;
      int in_pair = 0;
      gboolean dead = FALSE;
      for (int g = 2 * p; g < MIN (2 * p + 2, m->games) && !dead; g++)
        {
          int first = g % 2;   /* engine index playing White (Cho) */
          vs_line_clear (pos);
          vs_line_copy (pos, opening);
          const char *termination;
          g_autofree char *reason = NULL;
          VsResult result = match_play_game (m, eng, pos, first, &termination, &reason, &error);
          double s1 = result == VS_RESULT_DRAW ? 0.5 :
                      ((result == VS_RESULT_WHITE_WINS) == (first == 0)) ? 1.0 : 0.0;
          pair += s1;
          in_pair++;
          g_mutex_lock (&m->lock);
          m->points1 += s1;
          m->played++;
          if (s1 == 1.0) m->wins1++; else if (s1 == 0.0) m->losses1++; else m->draws++;
          printf (_("game %d: %s (White) – %s (Black): %s, %s; engine 1 score %.1f/%d\n"), g + 1,
                  eng[first].name, eng[1 - first].name, vs_result_string (result), reason ? reason : "",
                  m->points1, m->played);
          if (m->pgn)
            match_write_pgn (m, eng, pos, g, first, result, termination, reason);
          fflush (stdout);
          g_mutex_unlock (&m->lock);
          if (error)
            {
              if (g_error_matches (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_EXITED) ||
                  g_error_matches (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_TIMEOUT))
                {
                  g_mutex_lock (&m->lock);
                  vs_cli_error (_("match stopped: %s"), error->message);
                  m->stop = TRUE;
                  g_mutex_unlock (&m->lock);
                  dead = TRUE;
                }
              g_clear_error (&error);
            }
        }
      if (in_pair == 2)
        {
          g_mutex_lock (&m->lock);
          m->penta[(int) (pair * 2 + 0.5)]++;
          if (m->has_sprt && !m->stop)
            {
              double llr = vs_sprt_llr (&m->sprt, m->penta), lo, hi;
              vs_sprt_bounds (&m->sprt, &lo, &hi);
              printf (_("LLR %.3f [%.3f, %.3f] (normalized Elo %.2f, %.2f); pentanomial %d %d %d %d %d\n"),
                      llr, lo, hi, m->sprt.elo0, m->sprt.elo1,
                      m->penta[0], m->penta[1], m->penta[2], m->penta[3], m->penta[4]);
              if (llr <= lo || llr >= hi)
                {
                  printf (llr >= hi ? _("SPRT: H1 accepted (engine 1 is stronger by at least elo1)\n")
                                    : _("SPRT: H0 accepted (engine 1 is not stronger by elo1)\n"));
                  m->stop = TRUE;
                }
            }
          fflush (stdout);
          g_mutex_unlock (&m->lock);
        }
      if (dead)
        break;
    }
done:
  for (int i = 0; i < 2; i++)
    {
      if (eng[i].client)
        vs_uci_client_quit (eng[i].client);
      g_clear_object (&eng[i].client);
      g_free (eng[i].name);
    }
  return NULL;
}

int
vs_cli_match (int argc, char **argv)
{
  g_autofree char *variant_id = NULL, *openings = NULL, *pgn_out = NULL;
  MatchEngine eng[2] = { 0 };
  int games = 2, max_plies = 400, concurrency = 1;
  gint64 movetime = 0, nodes = 0, seed = 1;
  g_autofree char *sprt_spec = NULL;
  VsSprt sprt;
  GOptionEntry entries[] = {
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &variant_id, N_("Variant: chartima, strato, janggi, janggi-casual, crazyhouse"), "ID" },
    { "engine1", 0, 0, G_OPTION_ARG_STRING, &eng[0].cmd, N_("First engine command (e.g. “variant-study-cli uci”)"), "CMD" },
    { "engine2", 0, 0, G_OPTION_ARG_STRING, &eng[1].cmd, N_("Second engine command"), "CMD" },
    { "option1", 0, 0, G_OPTION_ARG_STRING_ARRAY, &eng[0].options, N_("UCI option for engine 1 (repeatable)"), "NAME=VALUE" },
    { "option2", 0, 0, G_OPTION_ARG_STRING_ARRAY, &eng[1].options, N_("UCI option for engine 2 (repeatable)"), "NAME=VALUE" },
    { "limit1", 0, 0, G_OPTION_ARG_STRING, &eng[0].limit, N_("Own search limit for engine 1, e.g. depth=1"), "depth=N,nodes=N,movetime=MS" },
    { "limit2", 0, 0, G_OPTION_ARG_STRING, &eng[1].limit, N_("Own search limit for engine 2"), "depth=N,nodes=N,movetime=MS" },
    { "games", 'g', 0, G_OPTION_ARG_INT, &games, N_("Number of games (default 2)"), "N" },
    { "movetime", 't', 0, G_OPTION_ARG_INT64, &movetime, N_("Milliseconds per move"), "MS" },
    { "nodes", 'n', 0, G_OPTION_ARG_INT64, &nodes, N_("Nodes per move"), "N" },
    { "openings", 'o', 0, G_OPTION_ARG_FILENAME, &openings, N_("Openings: one per line, a position string and/or “moves m1 m2 …” in UCI notation"), "FILE" },
    { "book", 'b', 0, G_OPTION_ARG_FILENAME, &openings, N_("Opening book (the same as --openings)"), "FILE" },
    { "concurrency", 'c', 0, G_OPTION_ARG_INT, &concurrency, N_("Game pairs played at once, each by its own engine processes (default 1)"), "N" },
    { "sprt", 0, 0, G_OPTION_ARG_STRING, &sprt_spec, N_("Stop by an SPRT on game pairs: normalized Elo bounds and error rates"), "ELO0,ELO1,ALPHA,BETA" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed for the random openings (default 1)"), "N" },
    { "max-plies", 0, 0, G_OPTION_ARG_INT, &max_plies, N_("Adjudicate a draw after this many plies (default 400)"), "N" },
    { "pgn", 'p', 0, G_OPTION_ARG_FILENAME, &pgn_out, N_("Write the games to this PGN file"), "FILE" },
    { NULL }
  };
  if (!vs_cli_parse_options (&argc, &argv, entries, _("— play games between two UCI engines")))
    return 2;
  g_autoptr (GError) error = NULL;
  const VsVariant *v = lookup_variant_or_fail (variant_id);
  if (v == NULL)
    return 2;
  if (!eng[0].cmd || !eng[1].cmd)
    {
      vs_cli_error (_("--engine1 and --engine2 are required"));
      return 2;
    }
  if ((movetime > 0) + (nodes > 0) != 1)
    {
      vs_cli_error (_("give exactly one of --movetime or --nodes"));
      return 2;
    }
  if (games < 1)
    {
      vs_cli_error (_("--games must be at least 1"));
      return 2;
    }
  if (concurrency < 1)
    {
      vs_cli_error (_("--concurrency must be at least 1"));
      return 2;
    }
  if (sprt_spec && !vs_sprt_parse (sprt_spec, &sprt))
    {
      vs_cli_error (_("bad --sprt “%s” (use ELO0,ELO1,ALPHA,BETA with ELO0 < ELO1, e.g. 0,2,0.05,0.05)"), sprt_spec);
      return 2;
    }
  for (int i = 0; i < 2; i++)
    {
      vs_search_limits_init (&eng[i].limits);
      eng[i].limits.movetime_ms = movetime;
      eng[i].limits.nodes = (guint64) nodes;
      if (eng[i].limit)
        {
          vs_search_limits_init (&eng[i].limits);
          if (!parse_limit (eng[i].limit, &eng[i].limits, &error))
            {
              vs_cli_error ("%s", error->message);
              return 2;
            }
        }
    }
  g_autofree VsPosition *start = g_new0 (VsPosition, 1);
  if (!vs_position_init (start, v, NULL, &error))
    {
      vs_cli_error (_("variant not available: %s"), error->message);
      return 1;
    }
  /* openings */
  g_autoptr(GPtrArray) opening_lines = g_ptr_array_new_with_free_func (g_free);
  if (openings)
    {
      g_autofree char *contents = NULL;
      if (!g_file_get_contents (openings, &contents, NULL, &error))
        {
          vs_cli_error ("%s", error->message);
          return 2;
        }
      g_auto(GStrv) lines = g_strsplit (contents, "\n", -1);
      for (int i = 0; lines[i]; i++)
        {
          g_strstrip (lines[i]);
          if (lines[i][0] && lines[i][0] != '#')
            g_ptr_array_add (opening_lines, g_strdup (lines[i]));
        }
      if (opening_lines->len == 0)
        {
          vs_cli_error (_("no openings in “%s”"), openings);
          return 2;
        }
      /* Pair p plays opening p mod n.  At fixed nodes or depth the engines
       * play a repeated pair again move for move, so a second pass over the
       * book adds copies of games already counted, and an SPRT's LLR grows
       * with no new evidence. */
      if (eng[0].limits.movetime_ms == 0 && eng[1].limits.movetime_ms == 0 &&
          (guint) games > 2 * opening_lines->len)
        {
          vs_cli_error (_("--games %d would play the %u openings of “%s” more than once; "
                          "at fixed nodes the engines repeat the same games, so give at most %u games "
                          "or a larger book"),
                        games, opening_lines->len, openings, 2 * opening_lines->len);
          return 2;
        }
    }
  FILE *pgn = NULL;
  if (pgn_out && !(pgn = fopen (pgn_out, "w")))
    {
      vs_cli_error (_("cannot write “%s”"), pgn_out);
      return 2;
    }
  Match m = { 0 };
  m.v = v;
  m.start = start;
  m.opening_lines = opening_lines;
  m.rand = g_rand_new_with_seed ((guint32) seed);
  m.games = games;
  m.max_plies = max_plies;
  m.spec = eng;
  m.pgn = pgn;
  g_mutex_init (&m.lock);
  if (sprt_spec)
    {
      m.has_sprt = TRUE;
      m.sprt = sprt;
    }
  int nthreads = MIN (concurrency, (games + 1) / 2);
  GThread **threads = g_new0 (GThread *, nthreads);
  for (int t = 0; t < nthreads; t++)
    threads[t] = g_thread_new ("match", match_worker, &m);
  for (int t = 0; t < nthreads; t++)
    g_thread_join (threads[t]);
  g_free (threads);
  g_mutex_clear (&m.lock);
  GRand *rand = m.rand;
  /* names for the summary: the engines' own, as a worker saw them */
  for (int i = 0; i < 2; i++)
    eng[i].name = m.names[i] ? m.names[i] : g_strdup (eng[i].cmd);
  int wins1 = m.wins1, draws = m.draws, losses1 = m.losses1, played = m.played;
  double points1 = m.points1;
  double score = played ? points1 / played : 0.5;
  printf (_("Score of %s vs %s: %d - %d - %d  [%.3f] %d\n"), eng[0].name, eng[1].name,
          wins1, losses1, draws, score, played);
  double pscore, pelo, perr;
  if (vs_penta_elo (m.penta, &pscore, &pelo, &perr))
    {
      printf (_("Pentanomial (pairs scoring 0, 1/2, 1, 3/2, 2): %d %d %d %d %d\n"),
              m.penta[0], m.penta[1], m.penta[2], m.penta[3], m.penta[4]);
      printf (_("Elo difference: %.1f +/- %.1f (logistic, 95 %% from the pentanomial variance of %d pairs)\n"),
              pelo, perr, m.penta[0] + m.penta[1] + m.penta[2] + m.penta[3] + m.penta[4]);
      if (m.has_sprt)
        {
          double lo, hi;
          vs_sprt_bounds (&m.sprt, &lo, &hi);
          printf (_("LLR %.3f [%.3f, %.3f] (normalized Elo %.2f, %.2f)\n"),
                  vs_sprt_llr (&m.sprt, m.penta), lo, hi, m.sprt.elo0, m.sprt.elo1);
        }
    }
  else if (played)
    printf (_("Elo difference: no complete game pair\n"));
  int ret = m.status;
  if (pgn)
    fclose (pgn);
  g_rand_free (rand);
  for (int i = 0; i < 2; i++)
    {
      if (eng[i].client)
        vs_uci_client_quit (eng[i].client);
      g_clear_object (&eng[i].client);
      g_free (eng[i].cmd);
      g_strfreev (eng[i].options);
      g_free (eng[i].limit);
      g_free (eng[i].name);
    }
  return ret;
}
