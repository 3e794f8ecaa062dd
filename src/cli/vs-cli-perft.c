/* vs-cli-perft.c — `variant-study-cli perft`: move-generator node counts. */
#include "config.h"
#include "vs-cli.h"
#include "vs-variant.h"

#include <glib/gi18n.h>
#include <stdio.h>

int
vs_cli_perft (int argc, char **argv)
{
  g_autofree char *variant_id = NULL;
  g_autofree char *fen = NULL;
  int depth = -1;
  gboolean divide = FALSE;
  GOptionEntry entries[] = {
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &variant_id, N_("Variant: chartima, strato, janggi, janggi-casual, crazyhouse"), "ID" },
    { "fen", 'f', 0, G_OPTION_ARG_STRING, &fen, N_("Position string (default: the start position)"), "STRING" },
    { "depth", 'd', 0, G_OPTION_ARG_INT, &depth, N_("Depth in plies"), "N" },
    { "divide", 0, 0, G_OPTION_ARG_NONE, &divide, N_("Print the count below each legal move first"), NULL },
    { NULL }
  };
  if (!vs_cli_parse_options (&argc, &argv, entries, _("— count the leaf nodes of the legal-move tree")))
    return 2;
  g_autoptr (GError) error = NULL;
  if (argc > 1)
    {
      vs_cli_error (_("unexpected argument “%s”"), argv[1]);
      return 2;
    }
  if (variant_id == NULL)
    {
      vs_cli_error (_("--variant is required"));
      return 2;
    }
  const VsVariant *v = vs_variant_lookup (variant_id);
  if (v == NULL)
    {
      vs_cli_error (_("unknown variant “%s”"), variant_id);
      return 2;
    }
  if (depth < 0)
    {
      vs_cli_error (_("--depth must be given as a number of plies (0 or more)"));
      return 2;
    }
  VsPosition *pos = g_new0 (VsPosition, 1);
  if (!vs_position_init (pos, v, fen, &error))
    {
      vs_cli_error (_("bad position string: %s"), error->message);
      g_free (pos);
      return 2;
    }
  gint64 t0 = g_get_monotonic_time ();
  uint64_t total = 0;
  if (divide && depth > 0)
    {
      VsMove moves[VS_MAX_MOVES];
      int n = vs_position_generate (pos, VS_GEN_ALL, moves);
      for (int i = 0; i < n; i++)
        {
          char text[VS_MOVE_TEXT_MAX];
          vs_move_write (pos, moves[i], VS_NOTATION_UCI, text);
          VsUndo undo;
          vs_position_make (pos, moves[i], &undo);
          uint64_t c = vs_perft (pos, depth - 1);
          vs_position_unmake (pos, &undo);
          printf ("%s %" G_GUINT64_FORMAT "\n", text, (guint64) c);
          total += c;
        }
    }
  else
    total = vs_perft (pos, depth);
  gint64 t1 = g_get_monotonic_time ();
  double secs = (t1 - t0) / 1e6;
  if (g_getenv ("VS_PERFT_TIME"))
    fprintf (stderr, "time %.3f s, %.0f nodes/s\n", secs, secs > 0 ? total / secs : 0.0);
  printf ("%" G_GUINT64_FORMAT "\n", (guint64) total);
  g_free (pos);
  return 0;
}
