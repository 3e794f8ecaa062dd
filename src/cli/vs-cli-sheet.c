/* vs-cli-sheet.c — `variant-study-cli sheet`: a game as a printable PDF
 * study sheet (headers, moves with comments, diagrams). */
#include "config.h"
#include "vs-cli.h"
#include "vs-record.h"
#include "vs-game-collection.h"
#include "vs-study-sheet.h"

#include <glib/gi18n.h>
#include <stdio.h>

int
vs_cli_sheet (int argc, char **argv)
{
  g_autofree char *output = NULL;
  g_autofree char *paper_name = NULL;
  g_autofree char *variant = NULL;
  int game_no = 1;
  GOptionEntry entries[] = {
    { "game", 'g', 0, G_OPTION_ARG_INT, &game_no, N_("Which game of the file (1 = the first)"), "N" },
    { "paper", 'p', 0, G_OPTION_ARG_STRING, &paper_name, N_("Paper size: a4 (default) or letter"), "SIZE" },
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &variant, N_("Variant for records that do not name one"), "ID" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Output file (PDF)"), "OUT.pdf" },
    { NULL }
  };
  if (!vs_cli_parse_options (&argc, &argv, entries, _("FILE — print a game as a PDF study sheet")))
    return 2;
  g_autoptr (GError) error = NULL;
  if (argc != 2)
    {
      vs_cli_error (argc < 2 ? _("a record file is required") : _("unexpected argument “%s”"),
                    argc < 2 ? "" : argv[2]);
      return 2;
    }
  if (output == NULL)
    {
      vs_cli_error (_("-o OUT.pdf is required"));
      return 2;
    }
  VsPaper paper = VS_PAPER_A4;
  if (paper_name && !vs_paper_parse (paper_name, &paper, &error))
    {
      vs_cli_error ("%s", error->message);
      return 2;
    }
  VsRecordOptions opts = { 0 };
  if (variant && !(opts.variant = vs_variant_lookup (variant)))
    {
      vs_cli_error (_("unknown variant “%s”"), variant);
      return 2;
    }
  g_autoptr(VsGameCollection) games = vs_game_collection_new ();
  if (!vs_record_read_file (argv[1], &opts, games, NULL, NULL, NULL, &error))
    {
      if (error->domain != VS_RECORD_ERROR)
        {
          vs_cli_error ("%s", error->message);
          return 1;
        }
      /* a game read in part is still printed: say what was lost */
      GPtrArray *problems = vs_game_collection_get_problems (games);
      for (guint i = 0; i < problems->len; i++)
        fprintf (stderr, "%s\n", ((VsRecordProblem *) problems->pdata[i])->message);
      g_clear_error (&error);
    }
  guint n = vs_game_collection_get_n_games (games);
  if (game_no < 1 || (guint) game_no > n)
    {
      vs_cli_error (n == 0 ? _("“%s” holds no game") : _("“%s” has %u games: --game must be 1 to %u"),
                    argv[1], n, n);
      return 2;
    }
  VsGame *game = vs_game_collection_get_game (games, game_no - 1);
  int pages = 0, diagrams = 0;
  if (!vs_study_sheet_write_pdf (game, paper, output, &pages, &diagrams, &error))
    {
      vs_cli_error ("%s", error->message);
      return 1;
    }
  /* Translators: %s is a file name */
  printf (_("%s: %d pages, %d diagrams\n"), output, pages, diagrams);
  return 0;
}
