/* vs-cli-library.c — "library": a game library in an SQLite file.
 *
 *   variant-study-cli library add --db FILE FILES…
 *   variant-study-cli library explore --db FILE --variant ID [--fen S] [--moves M…]
 *   variant-study-cli library find --db FILE --variant ID [--fen S] [--moves M…]
 */
#include "config.h"
#include "vs-cli.h"
#include "vs-library.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

static int
library_add (VsLibrary *lib, int argc, char **argv)
{
  int status = 0;
  guint added = 0, skipped = 0, problems = 0;
  for (int i = 1; i < argc; i++)
    {
      VsLibraryStats st = { 0 };
      g_autoptr (GError) error = NULL;
      if (!vs_library_add_file (lib, argv[i], NULL, NULL, NULL, &st, &error))
        {
          vs_cli_error ("%s", error->message);
          status = 1;
        }
      for (guint k = 0; st.messages && k < st.messages->len; k++)
        fprintf (stderr, "%s\n", (char *) g_ptr_array_index (st.messages, k));
      added += st.games_added;
      skipped += st.games_skipped;
      problems += st.problems;
      vs_library_stats_clear (&st);
    }
  printf (_("%u games added, %u skipped, %u problems\n"), added, skipped, problems);
  return status;
}

/* The key of --fen then --moves; FALSE with a message on bad input. */
static gboolean
position_key (const VsVariant *v, const char *fen, char **moves, guint64 *key)
{
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  g_autoptr (GError) error = NULL;
  if (!vs_position_init (pos, v, fen, &error))
    {
      vs_cli_error (_("bad position: %s"), error->message);
      return FALSE;
    }
  for (guint i = 0; moves && moves[i]; i++)
    {
      /* each --moves argument may hold several moves separated by spaces */
      g_auto (GStrv) parts = g_strsplit_set (moves[i], " ,", -1);
      for (guint k = 0; parts[k]; k++)
        {
          if (!*parts[k])
            continue;
          VsMove m;
          g_clear_error (&error);
          if (!vs_move_parse (pos, parts[k], VS_NOTATION_UCI, &m, NULL, &error)
              && !(g_clear_error (&error), vs_move_parse (pos, parts[k], VS_NOTATION_SAN, &m, NULL, &error)))
            {
              vs_cli_error (_("bad move “%s”: %s"), parts[k], error->message);
              return FALSE;
            }
          vs_position_play (pos, m);
        }
    }
  *key = pos->key;
  return TRUE;
}

int
vs_cli_library (int argc, char **argv)
{
  g_autofree char *db = NULL;
  g_autofree char *variant = NULL;
  g_autofree char *fen = NULL;
  g_auto (GStrv) moves = NULL;
  GOptionEntry entries[] = {
    { "db", 0, 0, G_OPTION_ARG_FILENAME, &db, N_("The library database file"), N_("FILE") },
    { "variant", 0, 0, G_OPTION_ARG_STRING, &variant, N_("Variant id (explore, find)"), N_("ID") },
    { "fen", 0, 0, G_OPTION_ARG_STRING, &fen, N_("Start position (default: the initial position)"), N_("S") },
    { "moves", 0, 0, G_OPTION_ARG_STRING_ARRAY, &moves, N_("Moves from the start position (UCI or SAN; repeatable)"), N_("M") },
    { NULL }
  };
  if (!vs_cli_parse_options (&argc, &argv, entries, _("add|explore|find [FILES…] — a game library: opening explorer and position search")))
    return 2;
  g_autoptr (GError) error = NULL;
  if (argc < 2)
    {
      vs_cli_error (_("library needs an action: add, explore or find"));
      return 2;
    }
  const char *action = argv[1];
  gboolean add = strcmp (action, "add") == 0;
  gboolean explore = strcmp (action, "explore") == 0;
  gboolean find = strcmp (action, "find") == 0;
  if (!add && !explore && !find)
    {
      vs_cli_error (_("unknown library action “%s” (add, explore or find)"), action);
      return 2;
    }
  if (!db)
    {
      vs_cli_error (_("library %s needs --db FILE"), action);
      return 2;
    }
  if (add && argc < 3)
    {
      vs_cli_error (_("library add needs at least one record FILE"));
      return 2;
    }
  const VsVariant *v = NULL;
  guint64 key = 0;
  if (!add)
    {
      if (argc != 2)
        {
          vs_cli_error (_("library %s takes no FILE arguments"), action);
          return 2;
        }
      if (!variant)
        {
          vs_cli_error (_("library %s needs --variant ID"), action);
          return 2;
        }
      if (!(v = vs_variant_lookup (variant)))
        {
          vs_cli_error (_("unknown variant “%s”"), variant);
          return 2;
        }
      if (!position_key (v, fen, moves, &key))
        return 2;
    }
  VsLibrary *lib = vs_library_open (db, &error);
  if (!lib)
    {
      vs_cli_error ("%s", error->message);
      return 1;
    }
  int status = 0;
  if (add)
    status = library_add (lib, argc - 1, argv + 1);
  else if (explore)
    {
      g_autoptr (GPtrArray) res = vs_library_explore (lib, v->id, key, &error);
      if (!res)
        {
          vs_cli_error ("%s", error->message);
          status = 1;
        }
      for (guint i = 0; res && i < res->len; i++)
        {
          VsLibraryMove *m = g_ptr_array_index (res, i);
          printf ("%s %u %u %u %u\n", m->uci, m->games, m->white_wins, m->draws, m->black_wins);
        }
    }
  else
    {
      g_autoptr (GPtrArray) res = vs_library_find (lib, v->id, key, &error);
      if (!res)
        {
          vs_cli_error ("%s", error->message);
          status = 1;
        }
      for (guint i = 0; res && i < res->len; i++)
        {
          VsLibraryGame *g = g_ptr_array_index (res, i);
          printf ("%" G_GINT64_FORMAT "\t%s\t%s\t%s\t%s\t%s\t%u\n", g->game_id,
                  g->white ? g->white : "?", g->black ? g->black : "?",
                  g->event ? g->event : "?", g->date ? g->date : "?",
                  g->result ? g->result : "*", g->ply);
        }
    }
  vs_library_close (lib);
  return status;
}
