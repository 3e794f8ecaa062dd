/* test-game.c — the VsGame tree: editing operations and their inverses.
 *
 * Uses a toy variant defined here (a counter: from any position the legal
 * moves are "a", "b" and "c"; the position string is the sequence played),
 * so the tree is tested independently of the rules modules. */
#include "config.h"
#include "vs-game.h"

#include <string.h>

#include "vs-toy-variant.h"

#define A VS_MOVE_MAKE (0, 0, VS_MOVE_NORMAL, 0)
#define B VS_MOVE_MAKE (0, 1, VS_MOVE_NORMAL, 0)
#define C VS_MOVE_MAKE (0, 2, VS_MOVE_NORMAL, 0)

static char *
line_of (VsGameNode *n)
{
  GString *s = g_string_new (NULL);
  for (; n; n = vs_game_node_get_main_child (n))
    g_string_append (s, vs_game_node_get_san (n));
  return g_string_free (s, FALSE);
}

static int changes;
static void on_changed (VsGame *g, gpointer d) { changes++; }

static void
test_add_and_variations (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (VsGame) game = vs_game_new (&toy_variant, NULL, &error);
  g_assert_no_error (error);
  g_signal_connect (game, "changed", G_CALLBACK (on_changed), NULL);
  changes = 0;
  VsGameNode *root = vs_game_get_root (game);
  gboolean created;
  VsGameNode *a = vs_game_add_move (game, root, A, &created, &error);
  g_assert_true (created);
  VsGameNode *ab = vs_game_add_move (game, a, B, &created, &error);
  g_assert_true (created);
  /* the same move again: no new node, nothing overwritten */
  VsGameNode *again = vs_game_add_move (game, root, A, &created, &error);
  g_assert_false (created);
  g_assert_true (again == a);
  /* a different move: a new variation */
  VsGameNode *b = vs_game_add_move (game, root, B, &created, &error);
  g_assert_true (created);
  VsGameNode *c = vs_game_add_move_text (game, root, "c", &created, &error);
  g_assert_no_error (error);
  g_assert_true (created);
  g_assert_cmpuint (vs_game_node_get_n_children (root), ==, 3);
  g_assert_true (vs_game_node_get_main_child (root) == a);
  g_assert_true (vs_game_node_get_child (root, 1) == b);
  g_assert_true (vs_game_node_get_child (root, 2) == c);
  g_assert_cmpuint (vs_game_node_get_index (c), ==, 2);
  g_assert_true (vs_game_node_is_main_line (ab));
  g_assert_false (vs_game_node_is_main_line (b));
  g_assert_cmpuint (vs_game_node_get_ply (ab), ==, 2);
  g_assert_cmpint (vs_game_node_get_side (a), ==, VS_WHITE);
  g_assert_cmpint (vs_game_node_get_side (ab), ==, VS_BLACK);
  g_assert_cmpuint (vs_game_node_get_move_number (a), ==, 1);
  g_assert_cmpuint (vs_game_node_get_move_number (ab), ==, 1);
  g_assert_cmpint (changes, ==, 4);

  g_autofree char *fen = vs_game_node_fen (ab);
  g_assert_cmpstr (fen, ==, "ab");

  /* promote c: index 2 -> 1, then make main line */
  g_assert_cmpuint (vs_game_promote_variation (game, c), ==, 2);
  g_assert_true (vs_game_node_get_child (root, 1) == c);
  VsGameNode *cc = vs_game_add_move (game, c, C, NULL, &error);
  GArray *old = vs_game_make_main_line (game, cc);
  g_autofree char *l1 = line_of (root);
  g_assert_cmpstr (l1, ==, "cc");
  vs_game_restore_line_indices (game, cc, old);
  g_array_unref (old);
  g_autofree char *l2 = line_of (root);
  g_assert_cmpstr (l2, ==, "ab");
  g_assert_true (vs_game_node_get_child (root, 1) == c);

  /* reorder siblings and back */
  guint was = vs_game_node_set_index (game, a, 2);
  g_assert_cmpuint (was, ==, 0);
  g_assert_true (vs_game_node_get_main_child (root) == c);
  vs_game_node_set_index (game, a, was);
  g_assert_true (vs_game_node_get_main_child (root) == a);

  /* path round trip, in a copy too */
  g_autoptr (GArray) path = vs_game_node_get_path (cc);
  g_assert_cmpuint (path->len, ==, 2);
  g_assert_true (vs_game_node_from_path (game, path) == cc);
  g_autoptr (VsGame) copy = vs_game_copy (game);
  g_autofree char *why = NULL;
  g_assert_true (vs_game_equal (game, copy, &why));
  VsGameNode *cc2 = vs_game_node_from_path (copy, path);
  g_assert_nonnull (cc2);
  g_assert_cmpstr (vs_game_node_get_san (cc2), ==, "c");
  g_assert_true (vs_game_node_get_game (cc2) == copy);

  /* detach / attach is the inverse of delete */
  VsGameNode *parent;
  guint index;
  VsGameNode *sub = vs_game_detach (game, c, &parent, &index);
  g_assert_true (parent == root);
  g_assert_cmpuint (index, ==, 1);
  g_assert_false (vs_game_equal (game, copy, NULL));
  vs_game_attach (game, parent, sub, index);
  g_assert_true (vs_game_equal (game, copy, &why));

  /* truncate and delete */
  vs_game_truncate_after (game, a);
  g_assert_null (vs_game_node_get_main_child (a));
  vs_game_delete_from (game, b);
  g_assert_cmpuint (vs_game_node_get_n_children (root), ==, 2);
  g_assert_true (vs_game_node_get_child (root, 1) == c);
  g_assert_false (vs_game_equal (game, copy, NULL));
}

static void
test_annotations (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (VsGame) game = vs_game_new (&toy_variant, "ab", &error);
  g_assert_no_error (error);
  g_assert_true (vs_game_has_setup (game));
  g_assert_cmpstr (vs_game_get_start_fen (game), ==, "ab");
  VsGameNode *n = vs_game_add_move (game, vs_game_get_root (game), C, NULL, &error);
  vs_game_node_set_comment_after (game, n, "good idea");
  vs_game_node_set_comment_before (game, n, "before");
  vs_game_node_add_nag (game, n, VS_NAG_INTERESTING);
  vs_game_node_add_nag (game, n, 18);
  vs_game_node_add_nag (game, n, VS_NAG_INTERESTING);
  const guint8 *nags;
  g_assert_cmpuint (vs_game_node_get_nags (n, &nags), ==, 2);
  g_assert_cmpuint (nags[0], ==, 5);
  g_assert_cmpuint (nags[1], ==, 18);
  VsShape shapes[2] = { { 'G', 1, 9 }, { 'R', 4, 4 } };
  vs_game_node_set_shapes (game, n, shapes, 2);
  vs_game_node_set_clock (game, n, 59000);
  VsEval e = { VS_EVAL_MATE, -3, 0 };
  vs_game_node_set_eval (game, n, e);
  g_autoptr (VsGame) copy = vs_game_copy (game);
  g_assert_true (vs_game_equal (game, copy, NULL));
  vs_game_node_remove_nag (game, n, 18);
  g_assert_false (vs_game_node_has_nag (n, 18));
  g_autofree char *why = NULL;
  g_assert_false (vs_game_equal (game, copy, &why));
  g_assert_nonnull (strstr (why, "NAG"));
  g_assert_cmpstr (vs_nag_glyph (5), ==, "!?");
  g_assert_cmpuint (vs_nag_from_glyph ("?!"), ==, 6);

  /* headers keep their order; set replaces in place */
  vs_game_set_header (game, "Event", "E");
  vs_game_set_header (game, "Site", "S");
  vs_game_set_header (game, "Event", "E2");
  g_assert_cmpstr (vs_game_get_header_key (game, 0), ==, "Event");
  g_assert_cmpstr (vs_game_get_header_value (game, 0), ==, "E2");
  vs_game_set_result (game, VS_RESULT_BLACK_WINS);
  g_assert_cmpint (vs_game_get_result (game), ==, VS_RESULT_BLACK_WINS);
  vs_game_set_header (game, "Site", NULL);
  g_assert_cmpuint (vs_game_get_n_headers (game), ==, 2);
}

static void
test_bad_start (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (VsGame) game = vs_game_new (&toy_variant, "xyz", &error);
  g_assert_null (game);
  g_assert_error (error, VS_CORE_ERROR, VS_CORE_ERROR_BAD_POSITION);
}

/* ---- Positions: the checkpoint cache of vs_game_node_position ---- */

/* The toy position is the sequence of moves played: the expected position
 * string of a node is its path's SAN texts joined. */
static char *
path_text (VsGameNode *n)
{
  GString *s = g_string_new (NULL);
  for (; vs_game_node_get_parent (n); n = vs_game_node_get_parent (n))
    g_string_prepend (s, vs_game_node_get_san (n));
  return g_string_free (s, FALSE);
}

static void
collect_nodes (VsGameNode *n, GPtrArray *out)
{
  g_ptr_array_add (out, n);
  for (guint i = 0; i < vs_game_node_get_n_children (n); i++)
    collect_nodes (vs_game_node_get_child (n, i), out);
}

static VsGameNode *
grow_line (VsGame *game, VsGameNode *from, int plies, GRand *rand)
{
  for (int i = 0; i < plies; i++)
    {
      gboolean created;
      from = vs_game_add_move (game, from, VS_MOVE_MAKE (0, g_rand_int_range (rand, 0, 3), VS_MOVE_NORMAL, 0),
                               &created, NULL);
    }
  return from;
}

/* Every node's position, asked in a random order (so that a deep node is
 * often asked before its ancestors and after its descendants), is the one
 * its path gives; asked twice, so the second round reads the cache. */
static void
check_all_positions (VsGame *game, GRand *rand)
{
  g_autoptr (GPtrArray) nodes = g_ptr_array_new ();
  collect_nodes (vs_game_get_root (game), nodes);
  for (int round = 0; round < 2; round++)
    {
      for (guint i = nodes->len; i > 1; i--)
        {
          guint j = g_rand_int_range (rand, 0, i);
          gpointer t = nodes->pdata[i - 1];
          nodes->pdata[i - 1] = nodes->pdata[j];
          nodes->pdata[j] = t;
        }
      for (guint i = 0; i < nodes->len; i++)
        {
          g_autofree char *want = path_text (nodes->pdata[i]);
          g_autofree char *got = vs_game_node_fen (nodes->pdata[i]);
          g_assert_cmpstr (got, ==, want);
        }
    }
}

typedef struct {
  VsGame *game;
  guint32 seed;
  int     failures;
} PositionReader;

static gpointer
read_positions (gpointer data)
{
  PositionReader *r = data;
  g_autoptr (GRand) rand = g_rand_new_with_seed (r->seed);
  g_autoptr (GPtrArray) nodes = g_ptr_array_new ();
  collect_nodes (vs_game_get_root (r->game), nodes);
  for (int k = 0; k < 4000; k++)
    {
      VsGameNode *n = nodes->pdata[g_rand_int_range (rand, 0, nodes->len)];
      g_autofree char *want = path_text (n);
      g_autofree char *got = vs_game_node_fen (n);
      if (g_strcmp0 (got, want) != 0)
        r->failures++;
    }
  return NULL;
}

static void
test_position_cache (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (15);
  g_autoptr (VsGame) game = vs_game_new (&toy_variant, NULL, NULL);
  VsGameNode *root = vs_game_get_root (game);
  /* a 150-ply main line (past the 60 plies a toy string may start from,
   * so only replays reach its end) with variations at several plies */
  VsGameNode *end = grow_line (game, root, 150, rand);
  g_assert_cmpuint (vs_game_node_get_ply (end), ==, 150);
  VsGameNode *n = vs_game_node_get_main_child (root);
  for (int ply = 1; n; ply++, n = vs_game_node_get_main_child (n))
    if (ply % 7 == 0)
      grow_line (game, n, 20 + ply % 23, rand);
  check_all_positions (game, rand);

  /* a subtree moved to a parent 23 plies higher: its checkpoints fall on
   * other nodes, and no cached position may survive the move */
  VsGameNode *from = root;
  for (int i = 0; i < 37; i++)
    from = vs_game_node_get_main_child (from);
  VsGameNode *to = root;
  for (int i = 0; i < 14; i++)
    to = vs_game_node_get_main_child (to);
  VsGameNode *sub = vs_game_node_get_main_child (from);
  VsGameNode *old_parent;
  guint old_index;
  vs_game_detach (game, sub, &old_parent, &old_index);
  g_assert_true (old_parent == from);
  vs_game_attach (game, to, sub, vs_game_node_get_n_children (to));
  g_assert_cmpuint (vs_game_node_get_ply (sub), ==, 15);
  check_all_positions (game, rand);

  /* cut and grown again */
  vs_game_truncate_after (game, to);
  grow_line (game, to, 40, rand);
  check_all_positions (game, rand);

  /* a copy, read from two threads at once with an empty cache */
  g_autoptr (VsGame) copy = vs_game_copy (game);
  PositionReader r[2] = { { copy, 1, 0 }, { copy, 2, 0 } };
  GThread *t0 = g_thread_new ("positions-0", read_positions, &r[0]);
  GThread *t1 = g_thread_new ("positions-1", read_positions, &r[1]);
  g_thread_join (t0);
  g_thread_join (t1);
  g_assert_cmpint (r[0].failures, ==, 0);
  g_assert_cmpint (r[1].failures, ==, 0);
  check_all_positions (copy, rand);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/record/game/add-and-variations", test_add_and_variations);
  g_test_add_func ("/record/game/annotations", test_annotations);
  g_test_add_func ("/record/game/bad-start", test_bad_start);
  g_test_add_func ("/record/game/position-cache", test_position_cache);
  return g_test_run ();
}
