/* make-seeds.c — writes the generated part of tests/fuzz/seeds/, run by hand
 * against a normal build:
 *   gcc -std=gnu11 -o make-seeds tests/fuzz/make-seeds.c -Isrc/record -Isrc/core -Ibuild \
 *     build/src/record/libvs-record.a build/src/core/libvs-core.a $(pkg-config --cflags --libs gio-2.0) -lm
 *   ./make-seeds tests/fuzz/seeds
 * For every variant it
 * plays short pseudo-random games (fixed seeds) and writes them as PGN (with
 * a variation, comments, NAGs, a clock), as bare move lists, as gibo (Janggi)
 * and as the move texts and UCI "info" lines the other targets read.  Each
 * seed starts with the selector byte(s) its target expects. */
#include "vs-game-collection.h"
#include "vs-record.h"

#include <stdio.h>
#include <string.h>

static void
put (const char *dir, const char *target, const char *name, const guint8 *prefix, gsize plen,
     const char *text, gsize len)
{
  g_autofree char *d = g_build_filename (dir, target, NULL);
  g_mkdir_with_parents (d, 0755);
  g_autofree char *path = g_build_filename (d, name, NULL);
  GString *s = g_string_new_len ((const char *) prefix, plen);
  g_string_append_len (s, text, len);
  if (!g_file_set_contents (path, s->str, s->len, NULL))
    g_error ("cannot write %s", path);
  g_string_free (s, TRUE);
}

static int
variant_index (const VsVariant *v)
{
  const VsVariant *const *all = vs_variants ();
  for (int i = 0; all[i]; i++)
    if (all[i] == v)
      return i;
  return -1;
}

int
main (int argc, char **argv)
{
  if (argc != 2)
    {
      fprintf (stderr, "usage: make-seeds SEEDS-DIR\n");
      return 2;
    }
  const char *dir = argv[1];
  const VsVariant *const *all = vs_variants ();
  static VsPosition pos;
  for (int vi = 0; all[vi]; vi++)
    {
      const VsVariant *v = all[vi];
      GRand *rand = g_rand_new_with_seed (1234 + vi);
      for (int gi = 0; gi < 2; gi++)
        {
          g_autoptr (VsGame) game = vs_game_new (v, NULL, NULL);
          vs_game_set_header (game, "Event", "Fuzz seed");
          vs_game_set_header (game, "White", "A");
          vs_game_set_header (game, "Black", "B");
          VsGameNode *node = vs_game_get_root (game);
          int plies = gi == 0 ? 24 : 60;
          GString *uci = g_string_new (NULL);
          for (int p = 0; p < plies; p++)
            {
              vs_game_node_position (node, &pos);
              VsMove moves[VS_MAX_MOVES];
              int n = vs_position_generate (&pos, VS_GEN_ALL, moves);
              if (n == 0)
                break;
              VsMove m = moves[g_rand_int_range (rand, 0, n)];
              if (p == 3 && n > 1)
                {
                  /* a variation with a comment */
                  VsGameNode *alt = vs_game_add_move (game, node, moves[(g_rand_int (rand) % (n - 1) + 1 + 0) % n], NULL, NULL);
                  (void) alt;
                }
              char text[VS_MOVE_TEXT_MAX];
              vs_move_write (&pos, m, VS_NOTATION_UCI, text);
              if (p < 8)
                g_string_append_printf (uci, " %s", text);
              /* move-text seeds: byte 0 variant, byte 1 = plies << 2 | notation,
               * in the start position (plies 0) for the first moves */
              if (p == 0)
                for (int k = 0; k < 3; k++)
                  {
                    char mt[VS_MOVE_TEXT_MAX];
                    vs_move_write (&pos, m, (VsNotation) k, mt);
                    guint8 pre[2] = { (guint8) vi, (guint8) k };
                    g_autofree char *name = g_strdup_printf ("%s-g%d-n%d", v->id, gi, k);
                    put (dir, "fuzz-move", name, pre, 2, mt, strlen (mt));
                  }
              node = vs_game_add_move (game, node, m, NULL, NULL);
              if (p == 5)
                vs_game_node_set_comment_after (game, node, "a comment {with} braces");
              if (p == 6)
                vs_game_node_add_nag (game, node, VS_NAG_INTERESTING);
              if (p == 7)
                vs_game_node_set_clock (game, node, 61000);
            }
          g_autofree char *base = g_strdup_printf ("%s-g%d", v->id, gi);
          guint8 zero = 0;
          g_autofree char *pgn = vs_pgn_write_game (game);
          put (dir, "fuzz-pgn", base, &zero, 1, pgn, strlen (pgn));
          put (dir, "fuzz-record", g_strconcat (base, ".pgn", NULL), &zero, 1, pgn, strlen (pgn));
          g_autofree char *kifu = vs_kifu_write_game (game);
          guint8 vbyte = (guint8) (vi + 1);
          put (dir, "fuzz-kifu", base, &vbyte, 1, kifu, strlen (kifu));
          if (g_str_has_prefix (v->id, "janggi"))
            {
              g_autofree char *gib = vs_gibo_write_game (game, NULL);
              if (gib)
                {
                  put (dir, "fuzz-gibo", base, &zero, 1, gib, strlen (gib));
                  put (dir, "fuzz-record", g_strconcat (base, ".gib", NULL), &zero, 1, gib, strlen (gib));
                }
            }
          else
            {
              put (dir, "fuzz-kifu", g_strconcat (base, "-auto", NULL), &zero, 1, kifu, strlen (kifu));
              put (dir, "fuzz-record", g_strconcat (base, ".kif", NULL), &zero, 1, kifu, strlen (kifu));
            }
          /* engine output for this game's start position (plies byte 0) */
          g_autofree char *info = g_strdup_printf (
              "id name Seed\noption name UCI_Variant type combo default x var %s\nuciok\nreadyok\n"
              "info depth 1 seldepth 2 multipv 1 score cp 13 nodes 42 nps 4200 time 10 pv%s\n"
              "info depth 2 multipv 2 score mate -3 lowerbound nodes 99 hashfull 5 tbhits 0 pv%s\n"
              "info depth 3 currmove e2e4 currmovenumber 1\ninfo string hello pv z9z9\n"
              "bestmove%s\n", v->id, uci->str, uci->str, uci->str);
          guint8 up[2] = { (guint8) vi, 0 };
          put (dir, "fuzz-uci", base, up, 2, info, strlen (info));
          g_string_free (uci, TRUE);
        }
      g_rand_free (rand);
      (void) variant_index;
    }
  return 0;
}
