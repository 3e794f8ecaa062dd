/* vs-cli-record.c — "replay" and "convert": game records from the command line.
 *
 *   variant-study-cli replay FILE [--variant ID] [--encoding E] [--stats] [--quiet]
 *   variant-study-cli convert IN OUT [--format pgn|gib|kifu] [--encoding cp949|utf-8] [--variant ID]
 */
#include "config.h"
#include "vs-cli.h"
#include "vs-game-collection.h"
#include "vs-record.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

static gboolean
parse_encoding (const char *s, VsRecordEncoding *out)
{
  if (!s)
    {
      *out = VS_RECORD_ENCODING_AUTO;
      return TRUE;
    }
  if (g_ascii_strcasecmp (s, "utf-8") == 0 || g_ascii_strcasecmp (s, "utf8") == 0)
    *out = VS_RECORD_ENCODING_UTF8;
  else if (g_ascii_strcasecmp (s, "cp949") == 0 || g_ascii_strcasecmp (s, "euc-kr") == 0)
    *out = VS_RECORD_ENCODING_CP949;
  else
    return FALSE;
  return TRUE;
}

typedef struct {
  gboolean   quiet;
  GPtrArray *kept;        /* --keep: every game stays in memory */
  guint      games;
  guint      failed;
  guint64    plies;
  VsPosition *pos;
} Replay;

static gboolean
replay_game (VsGame *game, const VsRecordProblem *problem, gpointer data)
{
  Replay *r = data;
  r->games++;
  if (problem)
    {
      r->failed++;
      fprintf (stderr, "%s\n", problem->message);
    }
  if (!game)
    {
      if (!r->quiet)
        printf (_("game %u: not read\n"), r->games);
      return TRUE;
    }
  if (r->kept)
    g_ptr_array_add (r->kept, g_object_ref (game));
  VsGameNode *end = vs_game_get_main_line_end (game);
  guint plies = vs_game_node_get_ply (end);
  r->plies += plies;
  if (r->quiet)
    return TRUE;
  g_autoptr (VsLine) line = vs_line_new ();
  if (!vs_game_node_line (end, line))
    {
      printf (_("game %u: bad start position\n"), r->games);
      return TRUE;
    }
  const char *result = vs_game_get_header (game, "Result");
  g_autofree char *fen = vs_position_to_string (&line->pos);
  VsGameState state = vs_line_state (line, NULL);
  /* the fixed words of this line are for scripts: not translated */
  printf ("game %u: %u plies, result %s, %s, final %s\n", r->games, plies,
          result ? result : "*", vs_state_describe (state), fen);
  return TRUE;
}

int
vs_cli_replay (int argc, char **argv)
{
  g_autofree char *variant = NULL;
  g_autofree char *encoding = NULL;
  gboolean stats = FALSE, quiet = FALSE, keep = FALSE;
  GOptionEntry entries[] = {
    { "variant", 0, 0, G_OPTION_ARG_STRING, &variant, N_("Variant of a bare move list (chartima, strato, …)"), N_("ID") },
    { "encoding", 0, 0, G_OPTION_ARG_STRING, &encoding, N_("Input encoding: utf-8 or cp949 (default: detected)"), N_("ENCODING") },
    { "stats", 0, 0, G_OPTION_ARG_NONE, &stats, N_("Print games per second and peak memory at the end"), NULL },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("Do not print a line per game"), NULL },
    { "keep", 0, 0, G_OPTION_ARG_NONE, &keep, N_("Keep every game in memory until the end (to measure memory)"), NULL },
    { NULL }
  };
  if (!vs_cli_parse_options (&argc, &argv, entries, _("FILE — read and replay every game of a record file")))
    return 2;
  g_autoptr (GError) error = NULL;
  if (argc != 2)
    {
      vs_cli_error (_("replay needs exactly one FILE"));
      return 2;
    }
  VsRecordOptions opts = { 0 };
  if (variant && !(opts.variant = vs_variant_lookup (variant)))
    {
      vs_cli_error (_("unknown variant “%s”"), variant);
      return 2;
    }
  if (!parse_encoding (encoding, &opts.encoding))
    {
      vs_cli_error (_("unknown encoding “%s”"), encoding);
      return 2;
    }
  opts.filename = argv[1];
  g_autoptr (GFile) file = g_file_new_for_commandline_arg (argv[1]);
  g_autoptr (GFileInputStream) in = g_file_read (file, NULL, &error);
  if (!in)
    {
      vs_cli_error ("%s", error->message);
      return 1;
    }
  Replay r = { 0 };
  r.quiet = quiet;
  r.pos = g_new (VsPosition, 1);
  if (keep)
    r.kept = g_ptr_array_new_with_free_func (g_object_unref);
  struct rusage ru0;
  getrusage (RUSAGE_SELF, &ru0);
  gint64 t0 = g_get_monotonic_time ();
  gboolean ok = vs_record_read_stream (G_INPUT_STREAM (in), 0, &opts, replay_game, &r,
                                       NULL, NULL, NULL, &error);
  gint64 t1 = g_get_monotonic_time ();
  g_free (r.pos);
  if (!ok && error && error->domain != VS_RECORD_ERROR)
    vs_cli_error ("%s", error->message);
  if (stats)
    {
      struct rusage ru;
      getrusage (RUSAGE_SELF, &ru);
      double secs = (t1 - t0) / 1e6;
      double cpu = (ru.ru_utime.tv_sec - ru0.ru_utime.tv_sec) + (ru.ru_stime.tv_sec - ru0.ru_stime.tv_sec)
                   + ((ru.ru_utime.tv_usec - ru0.ru_utime.tv_usec) + (ru.ru_stime.tv_usec - ru0.ru_stime.tv_usec)) / 1e6;
      fprintf (stderr, _("%u games (%u with problems), %llu main-line plies; "
                         "CPU %.3f s: %.0f games/s; wall %.3f s: %.0f games/s; peak RSS %ld KiB%s\n"),
               r.games, r.failed, (unsigned long long) r.plies, cpu, cpu > 0 ? r.games / cpu : 0.0,
               secs, secs > 0 ? r.games / secs : 0.0, ru.ru_maxrss,
               keep ? _(" (games kept)") : "");
    }
  if (r.kept)
    g_ptr_array_unref (r.kept);
  return ok && r.failed == 0 ? 0 : 1;
}

gboolean
vs_cli_read_record (const char *path, const void *options, gpointer games, gboolean *complete)
{
  g_autoptr (GError) error = NULL;
  *complete = vs_record_read_file (path, options, games, NULL, NULL, NULL, &error);
  if (*complete)
    return TRUE;
  if (error->domain != VS_RECORD_ERROR)
    {
      vs_cli_error ("%s", error->message);
      return FALSE;
    }
  GPtrArray *problems = vs_game_collection_get_problems (games);
  for (guint i = 0; i < problems->len; i++)
    fprintf (stderr, "%s\n", ((VsRecordProblem *) problems->pdata[i])->message);
  return TRUE;
}

int
vs_cli_convert (int argc, char **argv)
{
  g_autofree char *variant = NULL;
  g_autofree char *encoding = NULL;
  g_autofree char *format = NULL;
  g_autofree char *in_encoding = NULL;
  GOptionEntry entries[] = {
    { "format", 0, 0, G_OPTION_ARG_STRING, &format, N_("Output format: pgn, gib or kifu (default: from OUT’s extension)"), N_("FORMAT") },
    { "encoding", 0, 0, G_OPTION_ARG_STRING, &encoding, N_("Output encoding: cp949 or utf-8 (default: cp949 for gib, utf-8 otherwise)"), N_("ENCODING") },
    { "input-encoding", 0, 0, G_OPTION_ARG_STRING, &in_encoding, N_("Input encoding (default: detected)"), N_("ENCODING") },
    { "variant", 0, 0, G_OPTION_ARG_STRING, &variant, N_("Variant of a bare move list in IN"), N_("ID") },
    { NULL }
  };
  if (!vs_cli_parse_options (&argc, &argv, entries, _("IN OUT — convert a record file")))
    return 2;
  g_autoptr (GError) error = NULL;
  if (argc != 3)
    {
      vs_cli_error (_("convert needs IN and OUT"));
      return 2;
    }
  VsRecordFormat fmt = VS_RECORD_FORMAT_AUTO;
  if (format)
    {
      if (g_ascii_strcasecmp (format, "pgn") == 0)
        fmt = VS_RECORD_FORMAT_PGN;
      else if (g_ascii_strcasecmp (format, "gib") == 0 || g_ascii_strcasecmp (format, "gibo") == 0)
        fmt = VS_RECORD_FORMAT_GIBO;
      else if (g_ascii_strcasecmp (format, "kifu") == 0)
        fmt = VS_RECORD_FORMAT_KIFU;
      else
        {
          vs_cli_error (_("unknown format “%s”"), format);
          return 2;
        }
    }
  VsRecordEncoding enc;
  VsRecordOptions opts = { 0 };
  if (!parse_encoding (encoding, &enc) || !parse_encoding (in_encoding, &opts.encoding))
    {
      vs_cli_error (_("unknown encoding “%s”"), encoding ? encoding : in_encoding);
      return 2;
    }
  if (variant && !(opts.variant = vs_variant_lookup (variant)))
    {
      vs_cli_error (_("unknown variant “%s”"), variant);
      return 2;
    }
  g_autoptr (VsGameCollection) games = vs_game_collection_new ();
  gboolean read_ok;
  if (!vs_cli_read_record (argv[1], &opts, games, &read_ok))
    return 1;
  if (!vs_record_write_file (games, argv[2], fmt, enc, &error))
    {
      vs_cli_error ("%s", error->message);
      return 1;
    }
  return read_ok ? 0 : 1;
}
