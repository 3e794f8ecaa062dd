/* test-position-string.c — the shared position-string reader and writer
 * (src/core/vs-position-string.c) of all four variants.
 *
 * tests/data/position-strings.tsv holds, for every perft position and the
 * positions one and two plies after it, the string the four module writers
 * wrote before they were replaced (generated with `test-position-string
 * --golden` on commit f9e4f1a): the shared writer must give the same bytes.
 * Each string must also read back to the position it came from (same key,
 * same legal moves). */
#include "vs-test-util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const names[] = { "crazyhouse", "janggi", "chartima", "strato" };

/* Every perft position, its children and some grandchildren: calls emit for
 * each (variant, position string, position). */
typedef void (*EmitFunc) (const VsVariant *v, const VsPosition *pos, gpointer data);

static void
walk (EmitFunc emit, gpointer data)
{
  for (guint n = 0; n < G_N_ELEMENTS (names); n++)
    {
      GPtrArray *cases = vs_test_load_perft (names[n], vs_variant_lookup (names[n]));
      GHashTable *seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      for (guint i = 0; i < cases->len; i++)
        {
          VsPerftCase *c = cases->pdata[i];
          g_autofree char *tag = g_strconcat (c->variant->id, " ", c->fen, NULL);
          if (g_hash_table_contains (seen, tag))
            continue;
          g_hash_table_add (seen, g_steal_pointer (&tag));
          g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
          g_assert_true (vs_position_init (pos, c->variant, c->fen, NULL));
          emit (c->variant, pos, data);
          g_autofree VsMove *moves = g_new (VsMove, VS_MAX_MOVES);
          g_autofree VsMove *moves2 = g_new (VsMove, VS_MAX_MOVES);
          int k = vs_position_generate (pos, VS_GEN_ALL, moves);
          for (int j = 0; j < k; j++)
            {
              VsUndo u;
              vs_position_make (pos, moves[j], &u);
              emit (c->variant, pos, data);
              int k2 = vs_position_generate (pos, VS_GEN_ALL, moves2);
              for (int j2 = j % 29; j2 < k2; j2 += 29)
                {
                  VsUndo u2;
                  vs_position_make (pos, moves2[j2], &u2);
                  emit (c->variant, pos, data);
                  vs_position_unmake (pos, &u2);
                }
              vs_position_unmake (pos, &u);
            }
        }
      g_hash_table_unref (seen);
      g_ptr_array_unref (cases);
    }
}

static void
emit_golden (const VsVariant *v, const VsPosition *pos, gpointer data)
{
  GHashTable *seen = data;
  g_autofree char *s = vs_position_to_string (pos);
  char *line = g_strconcat (v->id, "\t", s, NULL);
  if (g_hash_table_contains (seen, line))
    {
      g_free (line);
      return;
    }
  g_hash_table_add (seen, line);
  printf ("%s\n", line);
}

/* The writer gives the bytes the module writers gave; each string reads
 * back to the same position. */
static int
cmp_move (const void *x, const void *y)
{
  VsMove a = *(const VsMove *) x, b = *(const VsMove *) y;
  return a < b ? -1 : a > b;
}

static void
emit_check (const VsVariant *v, const VsPosition *pos, gpointer data)
{
  GHashTable *golden = data;
  g_autofree char *s = vs_position_to_string (pos);
  g_autofree char *line = g_strconcat (v->id, "\t", s, NULL);
  if (!g_hash_table_contains (golden, line))
    g_error ("%s: “%s” is not what the module writers wrote", v->id, s);
  g_hash_table_remove (golden, line);
  g_autofree VsPosition *back = g_new0 (VsPosition, 1);
  g_autoptr(GError) error = NULL;
  if (!vs_position_init (back, v, s, &error))
    g_error ("%s: “%s” does not read back: %s", v->id, s, error->message);
  g_assert_true (back->variant == v);
  g_autofree char *again = vs_position_to_string (back);
  g_assert_cmpstr (again, ==, s);
  g_assert_cmphex (back->key, ==, pos->key);
  g_assert_cmpint (memcmp (back->board, pos->board, sizeof pos->board), ==, 0);
  g_assert_cmpint (memcmp (back->hand, pos->hand, sizeof pos->hand), ==, 0);
  /* a string does not say how many passes (Janggi) came just before */
  if (pos->passes)
    return;
  VsMove a[VS_MAX_MOVES], b[VS_MAX_MOVES];
  int na = vs_position_generate (pos, VS_GEN_ALL, a);
  int nb = vs_position_generate (back, VS_GEN_ALL, b);
  g_assert_cmpint (na, ==, nb);
  /* the same moves, maybe in another order (piece lists differ) */
  qsort (a, na, sizeof a[0], cmp_move);
  qsort (b, nb, sizeof b[0], cmp_move);
  g_assert_cmpint (memcmp (a, b, na * sizeof a[0]), ==, 0);
  g_assert_cmpint (vs_position_in_check (pos), ==, vs_position_in_check (back));
}

static void
test_round_trip (void)
{
  g_autofree char *path = vs_test_data_path ("position-strings.tsv");
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  GHashTable *golden = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  for (int i = 0; lines[i]; i++)
    if (lines[i][0] && lines[i][0] != '#')
      g_hash_table_add (golden, g_strdup (lines[i]));
  guint total = g_hash_table_size (golden);
  g_assert_cmpuint (total, >, 1000);
  walk (emit_check, golden);
  /* every golden line was met again */
  g_assert_cmpuint (g_hash_table_size (golden), ==, 0);
  g_hash_table_unref (golden);
}

int
main (int argc, char **argv)
{
  if (argc > 1 && strcmp (argv[1], "--golden") == 0)
    {
      GHashTable *seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      printf ("# variant\tposition string, as the module writers of commit f9e4f1a wrote it (test-position-string --golden)\n");
      walk (emit_golden, seen);
      g_hash_table_unref (seen);
      return 0;
    }
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/position-string/round-trip", test_round_trip);
  return g_test_run ();
}
