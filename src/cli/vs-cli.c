/* vs-cli.c — variant-study-cli: the headless tools of VariantStudy. */
#include "config.h"
#include "vs-cli.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  const char *name;
  VsCliCommand run;
  const char *summary;
} Command;

static const Command commands[] = {
  { "perft", vs_cli_perft, N_("count legal-move tree leaves (move-generator test)") },
  { "replay", vs_cli_replay, N_("read every game of a record file and replay it with legality checks") },
  { "convert", vs_cli_convert, N_("convert a record file (PGN, gibo, bare move list)") },
  { "uci", vs_cli_uci, N_("run the built-in engine as a UCI engine (stdin/stdout)") },
  { "analyze", vs_cli_analyze, N_("analyse one position and print the engine’s lines") },
  { "annotate", vs_cli_annotate, N_("annotate a record: evaluations, mistakes, better lines, accuracy") },
  { "bench", vs_cli_bench, N_("search fixed positions: node-count signature and speed") },
  { "match", vs_cli_match, N_("play a match between two UCI engines") },
  { "diagram", vs_cli_diagram, N_("draw a position as an SVG or PNG diagram") },
  { "sheet", vs_cli_sheet, N_("print a game as a PDF study sheet with diagrams") },
  { "library", vs_cli_library, N_("a game library: import records, opening explorer, position search") },
  { "tune", vs_cli_tune, N_("fit the evaluation weights to self-play games (Texel tuning)") },
  { "mates", vs_cli_mates, N_("mate suites from self-play, proved by a full-width prover") },

};

void
vs_cli_error (const char *format, ...)
{
  va_list ap;
  va_start (ap, format);
  g_autofree char *msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  fprintf (stderr, "variant-study-cli: %s\n", msg);
}

gboolean
vs_cli_parse_options (int *argc, char ***argv, const GOptionEntry *entries, const char *summary)
{
  g_autoptr (GOptionContext) ctx = g_option_context_new (summary);
  g_option_context_add_main_entries (ctx, entries, GETTEXT_PACKAGE);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, argc, argv, &error))
    {
      vs_cli_error ("%s", error->message);
      return FALSE;
    }
  return TRUE;
}

static void
usage (FILE *out)
{
  fprintf (out, "%s\n\n", _("Usage: variant-study-cli COMMAND [OPTION…]"));
  fprintf (out, "%s\n", _("Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (commands[i].name)
      fprintf (out, "  %-10s %s\n", commands[i].name, _(commands[i].summary));
  fprintf (out, "\n%s\n", _("Run “variant-study-cli COMMAND --help” for a command’s options."));
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2)
    {
      usage (stderr);
      return 2;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 || strcmp (argv[1], "help") == 0)
    {
      usage (stdout);
      return 0;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("variant-study-cli %s\n", PACKAGE_VERSION);
      return 0;
    }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (commands[i].name && strcmp (argv[1], commands[i].name) == 0)
      return commands[i].run (argc - 1, argv + 1);
  vs_cli_error (_("unknown command “%s”"), argv[1]);
  usage (stderr);
  return 2;
}
