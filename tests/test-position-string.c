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

/* Bad strings: the same messages in every variant, with the column of the
 * offending character (English: the tests run untranslated). */
static void
test_errors (void)
{
  static const struct { const char *variant, *fen, *message; } bad[] = {
    { "crazyhouse", "", "Position string, column 1: the position string is empty" },
    { "crazyhouse", "rnbqkbnr/pppp~pppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
      "Position string, column 14: “~” cannot follow “P”" },
    { "crazyhouse", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
      "Position string, column 19: rank 6 has more than 8 squares" },
    { "crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q w KQkq - 0 1",
      "Position string, column 44: the hand opened by “[” is not closed by “]”" },
    { "crazyhouse", "4k2R/8/8/8/8/8/8/4K3[] w - - 0 1",
      "Position string, column 24: the side not to move is in check" },
    { "crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 zz",
      "Position string, column 60: unexpected text after the move number" },
    { "crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR[] w kq - 0 1",
      "Position string, column 1: White must have exactly one King" },
    { "janggi", "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4 w - - 0 1",
      "Position string, column 54: the board has 9 ranks instead of 10" },
    { "janggi", "4k4/9/9/9/4R4/9/9/9/9/3K5 w - - 0 1",
      "Position string, column 27: the side not to move is in check" },
    { "janggi", "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w KQ - 0 1",
      "Position string, column 67: this field is always “-” in this game" },
    { "janggi", "4k4/9/9/9/9/9/9/9/9/4K3가 w",
      "Position string, column 24: “가” is not a piece letter, a digit or “/”" },
    { "janggi", "4k4/9/9/9/9/9/9/9/9/9 w", "Position string, column 1: Cho must have exactly one King" },
    { "janggi", "4k4/9/9/9/9/9/9/9/9/4K5 w", "Position string, column 23: rank 1 has more than 9 points" },
    { "chartima", "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNA*QKBCNR/ILWOUUOWLI w KQkq - 0 1",
      "Position string, column 60: “*” cannot follow “A”" },
    { "chartima", "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
      "Position string, column 67: the board has 9 ranks instead of 10" },
    { "chartima", "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLI w KQkk - 0 1",
      "Position string, column 84: castling right “k” is given twice" },
    { "chartima", "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLI w KQkq - x 1",
      "Position string, column 88: the halfmove clock must be a number up to 65535" },
    { "strato", "8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - 0 1",
      "Position string, column 34: 3 levels separated by “|” are expected" },
    { "strato", "8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w - 0 1",
      "Position string, column 51: the board has more than 3 levels" },
    { "strato", "8/8/8/8/8/8/8/4K2r|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 b - 0 1",
      "Position string, column 53: the side not to move is in check" },
    { "strato", "8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w e3 0 1",
      "Position string, column 54: the en-passant field must be “-” or a level and square such as “Be3”" },
    { "strato", "8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 65536",
      "Position string, column 58: the move number must be a number up to 65535" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
      pos->side = 77;
      g_autoptr(GError) error = NULL;
      if (vs_position_init (pos, vs_variant_lookup (bad[i].variant), bad[i].fen, &error))
        g_error ("%s: “%s” should not read", bad[i].variant, bad[i].fen);
      g_assert_error (error, VS_CORE_ERROR, VS_CORE_ERROR_BAD_POSITION);
      g_assert_cmpstr (error->message, ==, bad[i].message);
      g_assert_cmpint (pos->side, ==, 77);   /* untouched */
    }
}

/* What the four readers disagreed on, now one rule: move number 0 reads as
 * 1 (as Fairy-Stockfish does); Janggi's board alone, its H and E letters;
 * Crazyhouse's hand as a ninth rank and rook-file castling; digit runs. */
static void
test_accepted (void)
{
  static const struct { const char *variant, *fen, *written; } ok[] = {
    { "crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 0",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1" },
    { "crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Pp w HAha - 3 9",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pp] w KQkq - 3 9" },
    { "chartima", "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLI w KQkq - 0 0",
      "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLI w KQkq - 0 1" },
    { "strato", "8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 0",
      "8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1" },
    { "janggi", "4k4/9/9/9/9/9/9/9/9/4K4", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1" },
    /* digits join only while the number fits the rank */
    { "crazyhouse", "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1" },
    { "chartima", "ilwouuowli/rnabqkbcnr/pppppppppp/55/10/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLI w KQkq - 0 1",
      "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLI w KQkq - 0 1" },
    { "janggi", "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR b - - 0 0",
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (ok); i++)
    {
      g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
      g_autoptr(GError) error = NULL;
      if (!vs_position_init (pos, vs_variant_lookup (ok[i].variant), ok[i].fen, &error))
        g_error ("%s: “%s” does not read: %s", ok[i].variant, ok[i].fen, error->message);
      g_autofree char *s = vs_position_to_string (pos);
      g_assert_cmpstr (s, ==, ok[i].written);
    }
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
  g_test_add_func ("/position-string/errors", test_errors);
  g_test_add_func ("/position-string/accepted", test_accepted);
  return g_test_run ();
}
