/* vs-cli-mates.c — `variant-study-cli mates`: mate suites from self-play.
 *
 *   mates generate -v VARIANT -g GAMES -n NODES [--seed S] [--book FILE]
 *                  [--max N] -o FILE
 *       Self-play games of the built-in engine at NODES a move, from random
 *       openings of the book.  In every game that ends in a win, the
 *       positions 1, 3, 5 … plies before its end (the winner to move) are
 *       given to the full-width prover (vs-mate-prover.h), which finds the
 *       shortest forced win there, up to N moves (default 4).  Each position
 *       with one is written once, as "VARIANT<TAB>FEN<TAB>MOVES<TAB>NOTE"
 *       (the format of tests/engine/mates-*.tsv), after a comment with the
 *       seed and the command.
 *   mates solve FILE [--movetime MS] [--nodes N]
 *       Searches every position of FILE (by default 1000 ms each) and counts
 *       it solved when the engine announces a forced win for the side to move
 *       in no more moves than FILE says; prints the failures and a summary
 *       with the machine load.  A figure, not a test: times depend on the
 *       machine.
 */
#include "config.h"
#include "vs-cli.h"
#include "vs-mate-prover.h"
#include "vs-search.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

static int
mates_generate (const VsVariant *v, int games, int nodes, guint32 seed, const char *book,
                int max_moves, const char *out, const char *command)
{
  g_autoptr (GError) error = NULL;
  GPtrArray *openings = vs_cli_read_book (book, &error);
  if (!openings)
    {
      vs_cli_error ("%s", error->message);
      return 1;
    }
  FILE *f = fopen (out, "w");
  if (!f)
    {
      vs_cli_error (_("cannot write %s"), out);
      g_ptr_array_free (openings, TRUE);
      return 1;
    }
  fprintf (f, "# variant\tposition\tforced win in N moves (side to move wins)\tnote\n"
              "# Made by: %s (seed %u).  Self-play games of the built-in engine; the positions\n"
              "# 1, 3, 5 ... plies before the end of each won game, with the shortest forced\n"
              "# win found there by the full-width prover (src/engine/vs-mate-prover.c).\n",
           command, seed);
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  VsSearch *search = vs_search_new ();
  vs_search_set_hash (search, 16);
  g_autoptr (VsMateProver) prover = vs_mate_prover_new ();
  g_autoptr (VsLine) ln = vs_line_new ();
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  int written = 0, won = 0;
  int by_n[VS_MATE_PROVER_MAX_MOVES + 1] = { 0 };
  for (int game = 0; game < games; game++)
    {
      const char *line = openings->len ? g_ptr_array_index (openings, g_rand_int_range (rand, 0, openings->len))
                                       : "startpos";
      if (!vs_cli_play_opening (ln, v, line))
        continue;
      int opening_plies = ln->len;
      vs_search_clear (search);
      VsResult result = VS_RESULT_NONE;
      for (int ply = 0; ply < 400; ply++)
        {
          if (vs_line_state (ln, &result) != VS_STATE_ONGOING)
            break;
          VsSearchLimits lim;
          vs_search_limits_init (&lim);
          lim.nodes = nodes;
          VsSearchInfo info;
          VsHistory hist = vs_line_history (ln);
          VsMove m = vs_search_run (search, &ln->pos, &hist, &lim, NULL, NULL, &info);
          if (m == VS_MOVE_NONE)
            break;
          vs_line_make (ln, m);
        }
      if (result != VS_RESULT_WHITE_WINS && result != VS_RESULT_BLACK_WINS)
        continue;
      won++;
      /* walk back from the end: the winner is to move 1, 3, 5 … plies before */
      int end = ln->len;
      int last_n = 0;
      for (int back = 1; back <= 2 * max_moves - 1 && end - back >= opening_plies; back += 2)
        {
          while (ln->len > end - back)
            vs_line_unmake (ln);
          VsMove first = VS_MOVE_NONE;
          int n = vs_mate_prover_shortest (prover, &ln->pos, max_moves, &first);
          if (n == 0)
            break;   /* further back the win was not forced yet */
          if (n == last_n)
            continue;   /* the same win one move slower elsewhere: keep the first */
          last_n = n;
          gint64 key = (gint64) ln->pos.key;
          if (g_hash_table_contains (seen, &key))
            continue;
          g_hash_table_add (seen, g_memdup2 (&key, sizeof key));
          g_autofree char *fen = vs_position_to_string (&ln->pos);
          char text[VS_MOVE_TEXT_MAX];
          vs_move_write (&ln->pos, first, VS_NOTATION_SAN, text);
          fprintf (f, "%s\t%s\t%d\tgame %d ply %d; %s\n", v->id, fen, n, game + 1, ln->len, text);
          by_n[n]++;
          written++;
        }
      if ((game + 1) % 10 == 0)
        g_printerr ("%d games, %d won, %d positions\n", game + 1, won, written);
    }
  fclose (f);
  g_print ("%d positions from %d won games of %d written to %s (", written, won, games, out);
  for (int n = 1; n <= max_moves; n++)
    g_print ("%s%d in %d", n > 1 ? ", " : "", by_n[n], n);
  g_print (")\n");
  g_ptr_array_free (openings, TRUE);
  vs_search_free (search);
  return 0;
}

static int
mates_solve (const char *file, int movetime, int nodes)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  if (!g_file_get_contents (file, &text, NULL, &error))
    {
      vs_cli_error ("%s", error->message);
      return 1;
    }
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  VsSearch *search = vs_search_new ();
  vs_search_set_hash (search, 64);
  int total = 0, solved = 0;
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  for (int i = 0; lines[i]; i++)
    {
      if (lines[i][0] == '#' || lines[i][0] == '\0')
        continue;
      g_auto (GStrv) f = g_strsplit (lines[i], "\t", -1);
      const VsVariant *v = g_strv_length (f) >= 3 ? vs_variant_lookup (f[0]) : NULL;
      if (!v || !vs_position_init (pos, v, f[1], &error))
        {
          vs_cli_error (_("%s:%d: not a mate-suite line: %s"), file, i + 1,
                        error ? error->message : lines[i]);
          g_clear_error (&error);
          continue;
        }
      int want = atoi (f[2]);
      vs_search_clear (search);
      VsSearchLimits lim;
      vs_search_limits_init (&lim);
      if (nodes > 0)
        lim.nodes = nodes;
      else
        lim.movetime_ms = movetime;
      VsSearchInfo info;
      vs_search_run (search, pos, NULL, &lim, NULL, NULL, &info);
      total++;
      gboolean ok = info.n_lines > 0 && info.lines[0].is_mate && info.lines[0].mate > 0 &&
                    info.lines[0].mate <= want;
      if (ok)
        solved++;
      else
        g_print (_("%s:%d: not solved (forced win in %d; the engine says %s%d at depth %d)\n"), file, i + 1, want,
                 info.n_lines > 0 && info.lines[0].is_mate ? "mate " : "cp ",
                 info.n_lines > 0 ? (info.lines[0].is_mate ? info.lines[0].mate : info.lines[0].score) : 0,
                 info.depth);
    }
  vs_search_free (search);
  g_autofree char *load = NULL;
  g_file_get_contents ("/proc/loadavg", &load, NULL, NULL);
  if (nodes > 0)
    g_print (_("%d of %d solved (%.1f %%) at %d nodes a position; load %s"), solved, total,
             total ? 100.0 * solved / total : 0.0, nodes, load ? load : "?\n");
  else
    g_print (_("%d of %d solved (%.1f %%) within %d ms a position; load %s"), solved, total,
             total ? 100.0 * solved / total : 0.0, movetime, load ? load : "?\n");
  return 0;
}

int
vs_cli_mates (int argc, char **argv)
{
  g_autofree char *variant_id = NULL, *book = NULL, *out = NULL;
  int games = 100, nodes = 0, seed = 1, max_moves = 4, movetime = 1000;
  GOptionEntry entries[] = {
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &variant_id, N_("generate: variant (chartima, strato, janggi, crazyhouse)"), "ID" },
    { "games", 'g', 0, G_OPTION_ARG_INT, &games, N_("generate: self-play games (default 100)"), "N" },
    { "nodes", 'n', 0, G_OPTION_ARG_INT, &nodes, N_("generate: nodes a move (default 3000); solve: nodes a position instead of a time"), "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT, &seed, N_("generate: random seed (default 1)"), "N" },
    { "book", 'b', 0, G_OPTION_ARG_FILENAME, &book, N_("generate: opening book"), "FILE" },
    { "max", 0, 0, G_OPTION_ARG_INT, &max_moves, N_("generate: longest forced win kept, in moves (default 4)"), "N" },
    { "movetime", 't', 0, G_OPTION_ARG_INT, &movetime, N_("solve: milliseconds a position (default 1000)"), "MS" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &out, N_("Output file"), "FILE" },
    { NULL }
  };
  g_autofree char *command = g_strjoinv (" ", argv);
  if (!vs_cli_parse_options (&argc, &argv, entries, _("generate|solve — mate suites made from self-play by a full-width prover")))
    return 2;
  g_autofree char *full = g_strconcat ("variant-study-cli ", command, NULL);
  if (argc >= 2 && strcmp (argv[1], "generate") == 0)
    {
      const VsVariant *v = variant_id ? vs_variant_lookup (variant_id) : NULL;
      if (!v || !out || max_moves < 1 || max_moves > VS_MATE_PROVER_MAX_MOVES)
        {
          vs_cli_error (_("usage: mates generate -v VARIANT [-g GAMES] [-n NODES] [--max 1-%d] -o FILE"),
                        VS_MATE_PROVER_MAX_MOVES);
          return 2;
        }
      return mates_generate (v, games, nodes > 0 ? nodes : 3000, (guint32) seed, book, max_moves, out, full);
    }
  if (argc >= 3 && strcmp (argv[1], "solve") == 0)
    return mates_solve (argv[2], movetime, nodes);
  vs_cli_error (_("usage: mates generate|solve …"));
  return 2;
}
