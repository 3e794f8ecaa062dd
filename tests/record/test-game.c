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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/record/game/add-and-variations", test_add_and_variations);
  g_test_add_func ("/record/game/annotations", test_annotations);
  g_test_add_func ("/record/game/bad-start", test_bad_start);
  return g_test_run ();
}
