/* vs-cli-library.c — "library": a game library in an SQLite file.
 *
 *   variant-study-cli library add --db FILE FILES…
 *   variant-study-cli library explore --db FILE --variant ID [--fen S] [--moves M…]
 *   variant-study-cli library find --db FILE --variant ID [--fen S] [--moves M…]
 *                     [--player P] [--event E] [--date-from D] [--date-to D] [--result R]
 *
 * find with header options alone searches the headers; with --fen or
 * --moves as well, the games holding the position that match them.
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

/* --result: a comma-separated list of outcomes, as a mask of 1 << VsResult. */
static gboolean
parse_results (const char *text, guint *mask)
{
  static const struct { const char *word; VsResult r; } words[] = {
    { "1-0", VS_RESULT_WHITE_WINS }, { "white", VS_RESULT_WHITE_WINS }, { "cho", VS_RESULT_WHITE_WINS },
    { "0-1", VS_RESULT_BLACK_WINS }, { "black", VS_RESULT_BLACK_WINS }, { "han", VS_RESULT_BLACK_WINS },
    { "1/2-1/2", VS_RESULT_DRAW }, { "draw", VS_RESULT_DRAW },
    { "*", VS_RESULT_NONE }, { "unknown", VS_RESULT_NONE },
  };
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);
  *mask = 0;
  for (guint i = 0; parts[i]; i++)
    {
      const char *p = g_strstrip (parts[i]);
      guint k = 0;
      while (k < G_N_ELEMENTS (words) && g_ascii_strcasecmp (p, words[k].word) != 0)
        k++;
      if (k == G_N_ELEMENTS (words))
        {
          vs_cli_error (_("bad result “%s” (1-0, 0-1, 1/2-1/2, *, white, black, cho, han, draw)"), p);
          return FALSE;
        }
      *mask |= 1u << words[k].r;
    }
  return *mask != 0;
}

/* The ids of games, as a set. */
static GHashTable *
game_ids (GPtrArray *games)
{
  GHashTable *ids = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, NULL);
  for (guint i = 0; games && i < games->len; i++)
    g_hash_table_add (ids, &((VsLibraryGame *) games->pdata[i])->game_id);
  return ids;
}

int
vs_cli_library (int argc, char **argv)
{
  g_autofree char *player = NULL, *event = NULL, *date_from = NULL, *date_to = NULL, *result = NULL;
  g_autofree char *db = NULL;
  g_autofree char *variant = NULL;
  g_autofree char *fen = NULL;
  g_auto (GStrv) moves = NULL;
  GOptionEntry entries[] = {
    { "db", 0, 0, G_OPTION_ARG_FILENAME, &db, N_("The library database file"), N_("FILE") },
    { "variant", 0, 0, G_OPTION_ARG_STRING, &variant, N_("Variant id (explore, find)"), N_("ID") },
    { "fen", 0, 0, G_OPTION_ARG_STRING, &fen, N_("Start position (default: the initial position)"), N_("S") },
    { "moves", 0, 0, G_OPTION_ARG_STRING_ARRAY, &moves, N_("Moves from the start position (UCI or SAN; repeatable)"), N_("M") },
    { "player", 0, 0, G_OPTION_ARG_STRING, &player, N_("find: games where White or Black contains P"), N_("P") },
    { "event", 0, 0, G_OPTION_ARG_STRING, &event, N_("find: games whose Event contains E"), N_("E") },
    { "date-from", 0, 0, G_OPTION_ARG_STRING, &date_from, N_("find: games played on or after D (YYYY.MM.DD)"), N_("D") },
    { "date-to", 0, 0, G_OPTION_ARG_STRING, &date_to, N_("find: games played on or before D (YYYY, YYYY.MM or YYYY.MM.DD)"), N_("D") },
    { "result", 0, 0, G_OPTION_ARG_STRING, &result, N_("find: games with one of these results (1-0, 0-1, 1/2-1/2, *, white, black, cho, han, draw)"), N_("R") },
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
  gboolean by_headers = player || event || date_from || date_to || result;
  gboolean by_position = !by_headers || fen || moves;
  VsLibraryQuery query = { .player = player, .event = event, .date_from = date_from, .date_to = date_to };
  if (by_headers && !find)
    {
      vs_cli_error (_("--player, --event, --date-from, --date-to and --result are for library find"));
      return 2;
    }
  if (result && !parse_results (result, &query.results))
    return 2;
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
  g_autoptr (GPtrArray) notices = vs_library_take_notices (lib);
  for (guint i = 0; i < notices->len; i++)
    fprintf (stderr, "%s\n", (char *) g_ptr_array_index (notices, i));
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
      query.variant_id = v->id;
      g_autoptr (GPtrArray) res = by_position ? vs_library_find (lib, v->id, key, &error) : NULL;
      g_autoptr (GPtrArray) headers = by_headers && !error ? vs_library_search (lib, &query, &error) : NULL;
      if (error)
        {
          vs_cli_error ("%s", error->message);
          status = 1;
        }
      GPtrArray *shown = res ? res : headers;
      g_autoptr (GHashTable) matching = game_ids (headers);
      for (guint i = 0; !error && i < shown->len; i++)
        {
          VsLibraryGame *g = g_ptr_array_index (shown, i);
          if (res && headers && !g_hash_table_contains (matching, &g->game_id))
            continue;
          printf ("%" G_GINT64_FORMAT "\t%s\t%s\t%s\t%s\t%s\t%u\n", g->game_id,
                  g->white ? g->white : "?", g->black ? g->black : "?",
                  g->event ? g->event : "?", g->date ? g->date : "?",
                  g->result ? g->result : "*", g->ply);
        }
    }
  vs_library_close (lib);
  return status;
}
