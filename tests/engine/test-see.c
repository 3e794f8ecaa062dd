/* test-see.c — the static exchange evaluation (vs-see.h): what a capture
 * or a drop wins or loses on its square, with each variant's own rules for
 * who may recapture, and the search's use of it in move ordering. */
#include "config.h"
#include "vs-variant.h"
#include "vs-eval.h"
#include "vs-search-private.h"
#include "vs-engine-test-util.h"

#include "../vs-test-history.h"

#include <string.h>

static int
see_of (const VsVariant *v, const char *fen, const char *uci)
{
  VsPosition pos;
  g_autoptr(GError) error = NULL;
  if (!vs_test_init (&pos, v, fen, &error))
    g_error ("%s: %s", fen, error->message);
  VsMove m;
  const char *warning = NULL;
  if (!v->parse_move (&pos, uci, VS_NOTATION_UCI, &m, &warning, &error))
    g_error ("%s: %s", uci, error->message);
  VsPosition before = pos;
  int see = vs_search_test_see (&pos, m);
  /* the exchange is played out on a copy and leaves no trace */
  g_assert_true (memcmp (&before, &pos, sizeof pos) == 0);
  return see;
}

static int
value_of (const VsVariant *v, int role)
{
  const VsEvalTables *t = vs_eval_tables (v);
  g_assert_cmpint (t->type_of_role[role], >, 0);
  return t->order_value[t->type_of_role[role]];
}

/* Crazyhouse: a queen that takes a pawn guarded by a pawn loses the
 * difference; unguarded it wins the pawn; behind a rook, a second rook
 * recaptures along the file the first one opened (the recaptures are
 * generated after each capture, so x-rays come for free). */
static void
test_crazyhouse_captures (void)
{
  const VsVariant *v = vs_test_available ("crazyhouse");
  g_assert_nonnull (v);   /* the Crazyhouse module is built in */
  int p = value_of (v, VS_ROLE_PAWN), q = value_of (v, VS_ROLE_QUEEN);
  g_assert_cmpint (see_of (v, "4k3/8/3p4/4p3/8/8/8/4QK2[] w - - 0 1", "e1e5"), ==, p - q);
  g_assert_cmpint (see_of (v, "4k3/8/8/4p3/8/8/8/4QK2[] w - - 0 1", "e1e5"), ==, p);
  g_assert_cmpint (see_of (v, "4r1k1/8/8/4p3/8/8/4R3/4R1K1[] w - - 0 1", "e2e5"), ==, p);
  /* with one rook only, the black rook's recapture wins it */
  g_assert_cmpint (see_of (v, "4r1k1/8/8/4p3/8/8/4R3/6K1[] w - - 0 1", "e2e5"), ==,
                   p - value_of (v, VS_ROLE_ROOK));
  /* a pinned defender does not recapture: the bishop on d6, pinned
   * against its king on d8 by the rook on d1; with the king on c8 it does */
  g_assert_cmpint (see_of (v, "3k4/8/3b4/4p3/8/8/8/3RRK2[] w - - 0 1", "e1e5"), ==, p);
  g_assert_cmpint (see_of (v, "2k5/8/3b4/4p3/8/8/8/3RRK2[] w - - 0 1", "e1e5"), ==,
                   p - value_of (v, VS_ROLE_ROOK));
}

/* Crazyhouse drops: a knight dropped where a pawn takes it is lost; on a
 * square nothing attacks it loses nothing. */
static void
test_crazyhouse_drops (void)
{
  const VsVariant *v = vs_test_available ("crazyhouse");
  g_assert_nonnull (v);
  int n = value_of (v, VS_ROLE_KNIGHT);
  g_assert_cmpint (see_of (v, "4k3/8/3p4/8/8/8/8/4K3[N] w - - 0 1", "N@e5"), ==, -n);
  g_assert_cmpint (see_of (v, "4k3/8/3p4/8/8/8/8/4K3[N] w - - 0 1", "N@a5"), ==, 0);
}

/* Janggi: a cannon recaptures only over a screen.  The Chariot that takes
 * the soldier on a5 is taken back by the cannon on a8 when a piece stands
 * on a7 between them, and not without it. */
static void
test_janggi_cannon_screen (void)
{
  const VsVariant *v = vs_test_available ("janggi");
  g_assert_nonnull (v);   /* the Janggi module is built in */
  int p = value_of (v, VS_ROLE_PAWN), r = value_of (v, VS_ROLE_ROOK);
  g_assert_cmpint (see_of (v, "9/4k4/c8/p8/9/p8/9/9/9/R2K5 w - - 0 1", "a1a5"), ==, p - r);
  g_assert_cmpint (see_of (v, "9/4k4/c8/9/9/p8/9/9/9/R2K5 w - - 0 1", "a1a5"), ==, p);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/see/crazyhouse-captures", test_crazyhouse_captures);
  g_test_add_func ("/see/crazyhouse-drops", test_crazyhouse_drops);
  g_test_add_func ("/see/janggi-cannon-screen", test_janggi_cannon_screen);
  return g_test_run ();
}
