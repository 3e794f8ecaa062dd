/* test-rules-janggi.c — named rule tests for the Janggi module
 * (src/core/RULES.md): each piece, palace lines, cannon screens,
 * passes, bikjang in both rule sets, game ends, setups, notations, bad
 * position strings, and the real game records of tests/data/records/janggi
 * replayed against their oracle. */
#include "vs-test-util.h"
#include "vs-test-history.h"
#include "vs-janggi.h"

#include <stdlib.h>
#include <string.h>

#define SQN(name) sq_of (name)

static int
sq_of (const char *name)
{
  int used = 0;
  int sq = vs_square_parse (&vs_variant_janggi.geom, name, &used);
  g_assert_cmpint (sq, >=, 0);
  g_assert_cmpint (name[used], ==, '\0');
  return sq;
}

static VsPosition *
pos_new (const VsVariant *v, const char *fen)
{
  VsPosition *pos = g_new0 (VsPosition, 1);
  g_autoptr(GError) error = NULL;
  if (!vs_test_init (pos, v, fen, &error))
    g_error ("cannot read “%s”: %s", fen, error->message);
  return pos;
}

/* Sorted, space-separated UCI destinations of the legal moves from `from`. */
static char *
targets (const VsPosition *pos, const char *from)
{
  VsMove moves[VS_MAX_MOVES];
  int n = vs_position_generate (pos, VS_GEN_ALL, moves);
  int f = SQN (from);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  for (int i = 0; i < n; i++)
    if (VS_MOVE_FROM (moves[i]) == f && VS_MOVE_KIND (moves[i]) != VS_MOVE_PASS)
      {
        char s[8];
        vs_square_name (&pos->variant->geom, VS_MOVE_TO (moves[i]), s);
        g_ptr_array_add (names, g_strdup (s));
      }
  for (guint i = 0; i + 1 < names->len; i++)
    for (guint j = i + 1; j < names->len; j++)
      if (strcmp (names->pdata[i], names->pdata[j]) > 0)
        {
          gpointer t = names->pdata[i];
          names->pdata[i] = names->pdata[j];
          names->pdata[j] = t;
        }
  g_ptr_array_add (names, NULL);
  char *out = g_strjoinv (" ", (char **) names->pdata);
  g_ptr_array_unref (names);
  return out;
}

static gboolean
has_pass (const VsPosition *pos)
{
  VsMove moves[VS_MAX_MOVES];
  int n = vs_position_generate (pos, VS_GEN_ALL, moves);
  for (int i = 0; i < n; i++)
    if (VS_MOVE_KIND (moves[i]) == VS_MOVE_PASS)
      return TRUE;
  return FALSE;
}

static VsMove
parse_ok (const VsPosition *pos, const char *text, VsNotation n)
{
  VsMove m = VS_MOVE_NONE;
  g_autoptr(GError) error = NULL;
  const char *warning = NULL;
  if (!vs_move_parse (pos, text, n, &m, &warning, &error))
    g_error ("“%s” not read: %s", text, error->message);
  return m;
}

static void
play (VsPosition *pos, const char *uci)
{
  vs_test_make (pos, parse_ok (pos, uci, VS_NOTATION_UCI));
}

static char *
write_move (const VsPosition *pos, const char *uci, VsNotation n)
{
  char out[VS_MOVE_TEXT_MAX];
  vs_move_write (pos, parse_ok (pos, uci, VS_NOTATION_UCI), n, out);
  return g_strdup (out);
}

#define ASSERT_TARGETS(pos, from, expected) \
  G_STMT_START { g_autofree char *t_ = targets (pos, from); g_assert_cmpstr (t_, ==, expected); } G_STMT_END

/* ---- Pieces ---------------------------------------------------------------- */

static void
test_king_and_guard (void)
{
  /* King in the palace centre: 4 orthogonal + 4 diagonal steps. */
  g_autofree VsPosition *a = pos_new (&vs_variant_janggi, "3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1");
  ASSERT_TARGETS (a, "e2", "d1 d2 d3 e1 e3 f1 f2 f3");
  /* From a corner: along the diagonal only to the centre; never out. */
  g_autofree VsPosition *b = pos_new (&vs_variant_janggi, "4k4/9/9/9/9/9/9/9/9/3KA4 w - - 0 1");
  ASSERT_TARGETS (b, "d1", "d2 e2");
  /* Guard on a side midpoint has no diagonal (d2 is not on a palace diagonal). */
  g_autofree VsPosition *c = pos_new (&vs_variant_janggi, "4k4/9/9/9/9/9/9/9/3A5/5K3 w - - 0 1");
  ASSERT_TARGETS (c, "d2", "d1 d3 e2");
  /* Han's guard in its own palace. */
  g_autofree VsPosition *d = pos_new (&vs_variant_janggi, "5k3/9/3a5/9/9/9/9/9/9/4K4 b - - 0 1");
  ASSERT_TARGETS (d, "d8", "d9 e8 e9");
}

static void
test_horse (void)
{
  g_autofree VsPosition *a = pos_new (&vs_variant_janggi, "4k4/9/9/9/9/4H4/9/9/4K4/9 w - - 0 1");
  ASSERT_TARGETS (a, "e5", "c4 c6 d3 d7 f3 f7 g4 g6");
  /* A piece on e6 blocks both moves upward (d7 and f7). */
  g_autofree VsPosition *b = pos_new (&vs_variant_janggi, "4k4/9/9/9/4p4/4N4/9/9/4K4/9 w - - 0 1");
  ASSERT_TARGETS (b, "e5", "c4 c6 d3 f3 g4 g6");
}

static void
test_elephant (void)
{
  g_autofree VsPosition *a = pos_new (&vs_variant_janggi, "4k4/9/9/9/9/4E4/9/9/4K4/9 w - - 0 1");
  ASSERT_TARGETS (a, "e5", "b3 b7 c2 c8 g2 g8 h3 h7");
  /* A piece on e6 (first step up) blocks c8 and g8; one on f3 (second step
   * of e5 → e4 → f3 → g2) blocks g2. */
  g_autofree VsPosition *b = pos_new (&vs_variant_janggi, "4k4/9/9/9/4p4/4B4/9/5P3/4K4/9 w - - 0 1");
  ASSERT_TARGETS (b, "e5", "b3 b7 c2 h3 h7");
}

static void
test_chariot_palace_lines (void)
{
  /* On d1 a chariot runs along the palace diagonal to e2 and f3, no further. */
  g_autofree VsPosition *a = pos_new (&vs_variant_janggi, "4k4/9/9/9/9/9/9/9/9/R2R1K3 w - - 0 1");
  ASSERT_TARGETS (a, "d1", "b1 c1 d10 d2 d3 d4 d5 d6 d7 d8 d9 e1 e2 f3");
  /* On d2 (not a diagonal point) no diagonal moves. */
  g_autofree VsPosition *b = pos_new (&vs_variant_janggi, "4k4/9/9/9/9/9/9/9/3R5/5K3 w - - 0 1");
  ASSERT_TARGETS (b, "d2", "a2 b2 c2 d1 d10 d3 d4 d5 d6 d7 d8 d9 e2 f2 g2 h2 i2");
  /* In the enemy palace too: from the corner d10 through e9 to f8. */
  g_autofree VsPosition *c = pos_new (&vs_variant_janggi, "3Rak3/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
  ASSERT_TARGETS (c, "d10", "a10 b10 c10 d2 d3 d4 d5 d6 d7 d8 d9 e10 e9 f8");
}

static void
test_cannon_screens (void)
{
  /* Needs exactly one screen; not over a cannon; never takes a cannon. */
  g_autofree VsPosition *a = pos_new (&vs_variant_janggi,
                                      "4k4/9/9/9/4r4/9/4P4/9/1C1P1c3/3K5 w - - 0 1");
  /* b2: right: screen d2 (soldier), then e2 empty, f2 Han cannon (no capture). */
  ASSERT_TARGETS (a, "b2", "e2");
  /* A cannon as screen: nothing beyond it. */
  g_autofree VsPosition *b = pos_new (&vs_variant_janggi, "4k4/9/9/9/9/9/9/9/1C1C2r2/3K5 w - - 0 1");
  ASSERT_TARGETS (b, "b2", "");
  ASSERT_TARGETS (b, "d2", "h2 i2");      /* over the Han chariot on g2 */
  /* Capture beyond a screen. */
  g_autofree VsPosition *c = pos_new (&vs_variant_janggi, "4k4/9/9/9/9/9/9/9/1C1P2r2/3K5 w - - 0 1");
  ASSERT_TARGETS (c, "b2", "e2 f2 g2");
  /* Palace diagonal: d1 over e2 to f3 only when e2 holds a non-cannon. */
  g_autofree VsPosition *d = pos_new (&vs_variant_janggi, "3k5/9/9/9/9/9/9/9/4A4/3C1K3 w - - 0 1");
  ASSERT_TARGETS (d, "d1", "f3 g1 h1 i1");   /* and over the own King */
  g_autofree VsPosition *e = pos_new (&vs_variant_janggi, "3k5/9/9/9/9/9/9/9/4C4/3C1K3 w - - 0 1");
  ASSERT_TARGETS (e, "d1", "g1 h1 i1");
  /* Cannon gives check over a screen, even over the enemy King's own piece. */
  g_autofree VsPosition *f = pos_new (&vs_variant_janggi, "4k4/4a4/9/9/9/9/9/9/9/3KC4 b - - 0 1");
  g_assert_cmpint (f->variant->checkers (f), ==, 1);
}

static void
test_soldier (void)
{
  /* Forward and sideways, never back. */
  g_autofree VsPosition *a = pos_new (&vs_variant_janggi, "4k4/9/9/9/9/4P4/9/9/3K5/9 w - - 0 1");
  ASSERT_TARGETS (a, "e5", "d5 e6 f5");
  /* Diagonally forward along the enemy palace diagonal (d8 → e9). */
  g_autofree VsPosition *b = pos_new (&vs_variant_janggi, "5k3/9/3P5/9/9/9/9/9/3K5/9 w - - 0 1");
  ASSERT_TARGETS (b, "d8", "c8 d9 e8 e9");
  /* From the centre e9 to both far corners. */
  g_autofree VsPosition *c2 = pos_new (&vs_variant_janggi, "9/4P4/4k4/9/9/9/9/9/3K5/9 w - - 0 1");
  ASSERT_TARGETS (c2, "e9", "d10 d9 e10 f10 f9");
  /* Han soldiers move down. */
  g_autofree VsPosition *d = pos_new (&vs_variant_janggi, "4k4/9/9/4p4/9/9/9/9/3K5/9 b - - 0 1");
  ASSERT_TARGETS (d, "e7", "d7 e6 f7");
}

/* ---- Passes, check, bikjang, game ends ---------------------------------------- */

static void
test_pass_not_in_check (void)
{
  g_autofree VsPosition *a = pos_new (&vs_variant_janggi, "3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1");
  g_assert_true (has_pass (a));
  VsMove m = parse_ok (a, "e2e2", VS_NOTATION_UCI);
  g_assert_cmpint (VS_MOVE_KIND (m), ==, VS_MOVE_PASS);
  g_assert_cmpint (VS_MOVE_FROM (m), ==, SQN ("e2"));
  g_assert_cmpint (VS_MOVE_TO (m), ==, SQN ("e2"));
  /* In check by a chariot: no pass, in both rule sets. */
  const char *check = "3k5/9/9/9/4r4/9/9/9/4K4/9 w - - 0 1";
  g_autofree VsPosition *b = pos_new (&vs_variant_janggi, check);
  g_autofree VsPosition *c = pos_new (&vs_variant_janggi_casual, check);
  g_assert_cmpint (b->variant->checkers (b), ==, 1);
  g_assert_false (has_pass (b));
  g_assert_false (has_pass (c));
  const char *warning = NULL;
  g_autoptr(GError) error = NULL;
  VsMove out;
  g_assert_false (vs_move_parse (b, "e2e2", VS_NOTATION_UCI, &out, &warning, &error));
  g_assert_error (error, VS_CORE_ERROR, VS_CORE_ERROR_ILLEGAL_MOVE);
}

static void
test_bikjang (void)
{
  /* Kings face on the d file.  janggi: only moves that break it, or a pass. */
  const char *fen = "3k5/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1";
  g_autofree VsPosition *a = pos_new (&vs_variant_janggi, fen);
  g_autofree VsPosition *c = pos_new (&vs_variant_janggi_casual, fen);
  g_assert_true (vs_janggi_kings_facing (a));
  ASSERT_TARGETS (a, "d1", "e1 e2");          /* d2 keeps facing: illegal   */
  ASSERT_TARGETS (c, "d1", "d2 e1 e2");
  /* The chariot on f1 can only block, along the palace diagonal to d3. */
  ASSERT_TARGETS (a, "f1", "d3");
  g_autofree char *cf = targets (c, "f1");
  g_assert_cmpstr (cf, ==, "d3 e1 e2 f10 f2 f3 f4 f5 f6 f7 f8 f9 g1 h1 i1");
}

static void
test_bikjang_rules (void)
{
  const char *fen = "3k5/9/9/9/9/9/9/9/9/3K2R2 w - - 0 1";
  g_autofree VsPosition *a = pos_new (&vs_variant_janggi, fen);
  g_autofree VsPosition *c = pos_new (&vs_variant_janggi_casual, fen);
  g_assert_true (vs_janggi_kings_facing (a));
  ASSERT_TARGETS (a, "d1", "e1 e2");
  ASSERT_TARGETS (c, "d1", "d2 e1 e2");
  /* The chariot may only block on the d file. */
  ASSERT_TARGETS (a, "g1", "");
  g_autofree char *cas = targets (c, "g1");
  g_assert_true (strlen (cas) > 0);
  g_assert_true (has_pass (a));
  /* A pass accepts bikjang: the game ends drawn (janggi only). */
  play (a, "d1d1");
  VsResult r;
  g_assert_cmpint (vs_test_state (a, &r), ==, VS_STATE_BIKJANG);
  g_assert_cmpint (r, ==, VS_RESULT_DRAW);
  VsMove moves[VS_MAX_MOVES];
  g_assert_cmpint (vs_position_generate (a, VS_GEN_ALL, moves), ==, 0);
  play (c, "d1d1");
  g_assert_cmpint (vs_test_state (c, &r), ==, VS_STATE_ONGOING);
  /* Creating bikjang is legal. */
  g_autofree VsPosition *d = pos_new (&vs_variant_janggi, "3k5/9/9/p8/9/9/P8/9/9/4K4 w - - 0 1");
  ASSERT_TARGETS (d, "e1", "d1 e2 f1");     /* e1 is on no diagonal */
  play (d, "e1d1");
  g_assert_true (vs_janggi_kings_facing (d));
  g_assert_cmpint (vs_test_state (d, &r), ==, VS_STATE_ONGOING);
  /* Under bikjang a pass is allowed even in check (Fairy-Stockfish). */
  g_autofree VsPosition *e = pos_new (&vs_variant_janggi, "3k5/9/9/9/9/9/9/9/9/r2K5 w - - 0 1");
  g_assert_cmpint (e->variant->checkers (e), ==, 1);
  g_assert_true (has_pass (e));
  g_autofree VsPosition *f = pos_new (&vs_variant_janggi_casual, "3k5/9/9/9/9/9/9/9/9/r2K5 w - - 0 1");
  g_assert_false (has_pass (f));
}

static void
test_double_pass (void)
{
  g_autofree VsPosition *a = pos_new (&vs_variant_janggi_casual, NULL);
  play (a, "e2e2");
  VsResult r;
  g_assert_cmpint (vs_test_state (a, &r), ==, VS_STATE_ONGOING);
  play (a, "e9e9");
  g_assert_cmpint (vs_test_state (a, &r), ==, VS_STATE_DOUBLE_PASS);
  g_assert_cmpint (r, ==, VS_RESULT_DRAW);
  VsMove moves[VS_MAX_MOVES];
  g_assert_cmpint (vs_position_generate (a, VS_GEN_ALL, moves), ==, 0);
  vs_test_unmake (a);
  g_assert_cmpint (vs_test_state (a, &r), ==, VS_STATE_ONGOING);
  /* A move between the passes resets the count. */
  play (a, "a7a6");
  play (a, "e2e2");
  g_assert_cmpint (vs_test_state (a, &r), ==, VS_STATE_ONGOING);
}

static void
test_material_draw (void)
{
  VsResult r;
  g_autofree VsPosition *a = pos_new (&vs_variant_janggi, "3aka3/9/9/9/9/9/9/9/4K4/3A5 w - - 0 1");
  g_assert_cmpint (vs_test_state (a, &r), ==, VS_STATE_INSUFFICIENT);
  g_assert_cmpint (r, ==, VS_RESULT_DRAW);
  /* One soldier left on either side keeps the game going. */
  g_autofree VsPosition *b = pos_new (&vs_variant_janggi, "3aka3/9/9/9/9/9/P8/9/4K4/3A5 w - - 0 1");
  g_assert_cmpint (vs_test_state (b, &r), ==, VS_STATE_ONGOING);
  /* A Guard capturing the last soldier ends it. */
  g_autofree VsPosition *c = pos_new (&vs_variant_janggi_casual, "4k4/9/9/9/9/9/9/9/4K4/3Ap4 w - - 0 1");
  g_assert_cmpint (vs_test_state (c, &r), ==, VS_STATE_ONGOING);
  play (c, "d1e1");
  g_assert_cmpint (vs_test_state (c, &r), ==, VS_STATE_INSUFFICIENT);
}

static void
test_repetition (void)
{
  g_autofree VsPosition *a = pos_new (&vs_variant_janggi, NULL);
  VsResult r;
  for (int i = 0; i < 2; i++)
    {
      play (a, "b1c3");
      play (a, "b10c8");
      play (a, "c3b1");
      g_assert_cmpint (vs_test_state (a, &r), ==, VS_STATE_ONGOING);
      play (a, "c8b10");
    }
  g_assert_cmpint (vs_test_state (a, &r), ==, VS_STATE_REPETITION);
  g_assert_cmpint (r, ==, VS_RESULT_DRAW);
}

static void
test_checkmate (void)
{
  /* Two chariots: Han King on d10 mated; no stalemate exists (pass). */
  g_autofree VsPosition *a = pos_new (&vs_variant_janggi, "3k5/R8/1R7/9/9/9/9/9/4K4/9 w - - 0 1");
  play (a, "b8b10");
  VsResult r;
  g_assert_cmpint (vs_test_state (a, &r), ==, VS_STATE_CHECKMATE);
  g_assert_cmpint (r, ==, VS_RESULT_WHITE_WINS);
  /* Not in check and no piece move: the pass is still there. */
  g_autofree VsPosition *b = pos_new (&vs_variant_janggi, "3k5/R8/9/4R4/9/9/9/9/4K4/9 b - - 0 1");
  g_assert_cmpint (vs_test_state (b, &r), ==, VS_STATE_ONGOING);
  VsMove moves[VS_MAX_MOVES];
  int n = vs_position_generate (b, VS_GEN_ALL, moves);
  g_assert_cmpint (n, >=, 1);
}

/* Noisy generation = the legal captures; the bulk count = the full list;
 * effects name the captured piece and the checks given. */
static void
test_noisy_count_effects (void)
{
  g_autoptr(GPtrArray) cases = vs_test_load_perft ("janggi", &vs_variant_janggi);
  for (guint i = 0; i < cases->len; i++)
    {
      VsPerftCase *c = cases->pdata[i];
      g_autofree VsPosition *pos = pos_new (c->variant, c->fen);
      VsMove all[VS_MAX_MOVES], noisy[VS_MAX_MOVES];
      int n = vs_position_generate (pos, VS_GEN_ALL, all);
      int k = vs_position_generate (pos, VS_GEN_NOISY, noisy);
      g_assert_cmpuint (pos->variant->count_legal (pos), ==, (guint64) n);
      int captures = 0;
      for (int j = 0; j < n; j++)
        {
          VsMoveEffects fx;
          vs_move_effects (pos, all[j], &fx);
          gboolean cap = VS_MOVE_KIND (all[j]) != VS_MOVE_PASS && pos->board[VS_MOVE_TO (all[j])];
          g_assert_cmpint (fx.n_captured, ==, cap ? 1 : 0);
          if (cap)
            {
              captures++;
              g_assert_cmpint (fx.captured_sq[0], ==, VS_MOVE_TO (all[j]));
              g_assert_cmpint (fx.captured[0], ==, pos->board[VS_MOVE_TO (all[j])]);
              gboolean found = FALSE;
              for (int q = 0; q < k; q++)
                found |= noisy[q] == all[j];
              g_assert_true (found);
            }
          g_assert_cmpint (fx.placed, ==, pos->board[VS_MOVE_FROM (all[j])]);
          vs_test_make (pos, all[j]);
          g_assert_cmpint (fx.gives_check, ==, pos->variant->checkers (pos));
          vs_test_unmake (pos);
        }
      g_assert_cmpint (captures, ==, k);
    }
  /* double check: the chariot checks and screens the cannon behind it */
  g_autofree VsPosition *d = pos_new (&vs_variant_janggi_casual, "3k5/9/9/9/9/9/9/9/R8/3CK4 w - - 0 1");
  VsMoveEffects fx;
  vs_move_effects (d, parse_ok (d, "a2d2", VS_NOTATION_UCI), &fx);
  g_assert_cmpint (fx.gives_check, ==, 2);
  g_autofree char *san = write_move (d, "a2d2", VS_NOTATION_SAN);
  g_assert_cmpstr (san, ==, "Rd2+");
  g_autofree VsPosition *e = pos_new (&vs_variant_janggi_casual, "3k5/9/9/9/9/9/9/3P5/R2R5/4K4 w - - 0 1");
  vs_move_effects (e, parse_ok (e, "d2e2", VS_NOTATION_UCI), &fx);
  g_assert_cmpint (fx.gives_check, ==, 0);
}

/* ---- Setups ------------------------------------------------------------------------ */

static void
test_setups (void)
{
  g_autofree char *def = vs_janggi_start_fen (VS_JANGGI_SETUP_DEFAULT, VS_JANGGI_SETUP_DEFAULT);
  g_assert_cmpstr (def, ==, vs_variant_janggi.start_fen);
  g_assert_cmpstr (vs_janggi_setup_korean (VS_JANGGI_SETUP_DEFAULT), ==, "마상상마");
  for (int c = 0; c < VS_JANGGI_N_SETUPS; c++)
    for (int h = 0; h < VS_JANGGI_N_SETUPS; h++)
      {
        g_autofree char *fen = vs_janggi_start_fen (c, h);
        g_autofree VsPosition *pos = pos_new (&vs_variant_janggi, fen);
        int cs = -2, hs = -2;
        vs_janggi_position_setups (pos, &cs, &hs);
        g_assert_cmpint (cs, ==, c);
        g_assert_cmpint (hs, ==, h);
        g_assert_cmpint (vs_janggi_setup_parse (vs_janggi_setup_korean (c)), ==, c);
        VsMove moves[VS_MAX_MOVES];
        g_assert_cmpint (vs_position_generate (pos, VS_GEN_ALL, moves), >, 20);
      }
  g_assert_null (vs_janggi_start_fen (4, 0));
  /* Cho 상마상마 (b1 elephant, c1 horse …), Han 마상마상 as in real gibo files */
  g_autofree char *f = vs_janggi_start_fen (VS_JANGGI_SETUP_SMSM, VS_JANGGI_SETUP_MSMS);
  g_assert_cmpstr (f, ==, "rnba1anbr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RBNA1ABNR w - - 0 1");
  g_assert_cmpint (vs_janggi_setup_parse ("마상 상마"), ==, VS_JANGGI_SETUP_MSSM);
  g_assert_cmpint (vs_janggi_setup_parse ("象馬馬象"), ==, VS_JANGGI_SETUP_SMMS);
  g_assert_cmpint (vs_janggi_setup_parse ("heeh"), ==, VS_JANGGI_SETUP_MSSM);
  g_assert_cmpint (vs_janggi_setup_parse ("BNBN"), ==, VS_JANGGI_SETUP_SMSM);
  g_assert_cmpint (vs_janggi_setup_parse ("Elephant-Horse-Horse-Elephant"), ==, VS_JANGGI_SETUP_SMMS);
  g_assert_cmpint (vs_janggi_setup_parse ("마마상상"), ==, -1);
  int color = -1;
  g_assert_cmpint (vs_janggi_setup_from_header ("초차림", "상마상마", &color), ==, VS_JANGGI_SETUP_SMSM);
  g_assert_cmpint (color, ==, VS_WHITE);
  g_assert_cmpint (vs_janggi_setup_from_header ("한포진", "마상마상", &color), ==, VS_JANGGI_SETUP_MSMS);
  g_assert_cmpint (color, ==, VS_BLACK);
  g_assert_cmpint (vs_janggi_setup_from_header ("대회명", "마상마상", &color), ==, -1);
  g_assert_cmpstr (vs_janggi_setup_name (VS_JANGGI_SETUP_MSSM), !=, "");
}

/* ---- Notation ------------------------------------------------------------------------ */

static void
test_san (void)
{
  g_autofree VsPosition *a = pos_new (&vs_variant_janggi, NULL);
  g_autofree char *s1 = write_move (a, "b1c3", VS_NOTATION_SAN);
  g_assert_cmpstr (s1, ==, "Hc3");
  g_autofree char *s2 = write_move (a, "e2e2", VS_NOTATION_SAN);
  g_assert_cmpstr (s2, ==, "Ke2");
  g_autofree char *s4 = write_move (a, "a4b4", VS_NOTATION_SAN);
  g_assert_cmpstr (s4, ==, "Pab4");               /* c4 could go to b4 too */
  g_autofree char *s5 = write_move (a, "e4e5", VS_NOTATION_SAN);
  g_assert_cmpstr (s5, ==, "Pe5");
  g_autofree char *s6 = write_move (a, "d1e1", VS_NOTATION_SAN);
  g_assert_cmpstr (s6, ==, "Ade1");
  /* readers: H/N, E/B, UCI style, @@@@ */
  VsMove hc3 = parse_ok (a, "b1c3", VS_NOTATION_UCI);
  g_assert_cmpuint (parse_ok (a, "Hc3", VS_NOTATION_SAN), ==, hc3);
  g_assert_cmpuint (parse_ok (a, "Nc3", VS_NOTATION_SAN), ==, hc3);
  g_assert_cmpuint (parse_ok (a, "h1g3", VS_NOTATION_SAN), ==, parse_ok (a, "Hg3", VS_NOTATION_SAN));
  /* Both elephants reach e4 once the e soldier has gone. */
  g_autofree VsPosition *x = pos_new (&vs_variant_janggi,
                                      "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/4P4/P1P3P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1");
  g_autofree char *s3 = write_move (x, "c1e4", VS_NOTATION_SAN);
  g_assert_cmpstr (s3, ==, "Ece4");
  g_assert_cmpuint (parse_ok (x, "Bge4", VS_NOTATION_SAN), ==, parse_ok (x, "g1e4", VS_NOTATION_UCI));
  VsMove pass = parse_ok (a, "@@@@", VS_NOTATION_SAN);
  g_assert_cmpint (VS_MOVE_KIND (pass), ==, VS_MOVE_PASS);
  g_assert_cmpuint (parse_ok (a, "Ke2", VS_NOTATION_SAN), ==, pass);
  /* ambiguous and illegal */
  VsMove out;
  const char *w = NULL;
  g_autoptr(GError) e1 = NULL;
  g_assert_false (vs_move_parse (a, "Pb4", VS_NOTATION_SAN, &out, &w, &e1));
  g_assert_error (e1, VS_CORE_ERROR, VS_CORE_ERROR_AMBIGUOUS_MOVE);
  g_autoptr(GError) e2 = NULL;
  g_assert_false (vs_move_parse (a, "Hd5", VS_NOTATION_SAN, &out, &w, &e2));
  g_assert_error (e2, VS_CORE_ERROR, VS_CORE_ERROR_ILLEGAL_MOVE);
  g_autoptr(GError) e3 = NULL;
  g_assert_false (vs_move_parse (a, "Zz9", VS_NOTATION_SAN, &out, &w, &e3));
  g_assert_error (e3, VS_CORE_ERROR, VS_CORE_ERROR_BAD_MOVE);
  /* Captures, check marks and two-digit ranks */
  g_autofree VsPosition *b = pos_new (&vs_variant_janggi, "3k5/9/9/9/9/9/9/9/4K4/R8 w - - 0 1");
  g_autofree char *s7 = write_move (b, "a1a10", VS_NOTATION_SAN);
  g_assert_cmpstr (s7, ==, "Ra10+");
  g_autofree char *s8 = write_move (b, "a1a10", VS_NOTATION_UCI);
  g_assert_cmpstr (s8, ==, "a1a10");
  w = NULL;
  g_autoptr(GError) e4 = NULL;
  g_assert_true (vs_move_parse (b, "Ra10#", VS_NOTATION_SAN, &out, &w, &e4));
  g_assert_nonnull (w);     /* not mate: warned */
  g_autofree VsPosition *c = pos_new (&vs_variant_janggi, "3k5/9/9/9/9/9/9/9/4K4/R3r4 w - - 0 1");
  g_autofree char *s9 = write_move (c, "a1e1", VS_NOTATION_SAN);
  g_assert_cmpstr (s9, ==, "Rxe1");
}

static void
test_gibo (void)
{
  g_autofree VsPosition *a = pos_new (&vs_variant_janggi, NULL);
  g_autofree char *g1 = write_move (a, "i4h4", VS_NOTATION_GIBO);
  g_assert_cmpstr (g1, ==, "79卒78");
  g_autofree char *g2 = write_move (a, "h1g3", VS_NOTATION_GIBO);
  g_assert_cmpstr (g2, ==, "08馬87");
  g_autofree char *g3 = write_move (a, "e2e2", VS_NOTATION_GIBO);
  g_assert_cmpstr (g3, ==, "한수쉼");
  g_autofree char *g4 = write_move (a, "e2e1", VS_NOTATION_GIBO);
  g_assert_cmpstr (g4, ==, "95將05");
  VsMove i4h4 = parse_ok (a, "i4h4", VS_NOTATION_UCI);
  const char *forms[] = { "79卒78", "79졸78", "79兵78", "79楚卒78", "79초졸78", "i3卒h3",
                          "79卒78장군", " 79卒78 " };
  for (guint i = 0; i < G_N_ELEMENTS (forms); i++)
    g_assert_cmpuint (parse_ok (a, forms[i], VS_NOTATION_GIBO), ==, i4h4);
  g_assert_cmpuint (parse_ok (a, "08마87", VS_NOTATION_GIBO), ==, parse_ok (a, "h1g3", VS_NOTATION_UCI));
  g_assert_cmpuint (parse_ok (a, "95楚05", VS_NOTATION_GIBO), ==, parse_ok (a, "e2e1", VS_NOTATION_UCI));
  g_assert_cmpuint (parse_ok (a, "95장05", VS_NOTATION_GIBO), ==, parse_ok (a, "e2e1", VS_NOTATION_UCI));
  VsMove pass = parse_ok (a, "한수쉼", VS_NOTATION_GIBO);
  g_assert_cmpint (VS_MOVE_KIND (pass), ==, VS_MOVE_PASS);
  /* Han's side: 兵, and a wrong side prefix is refused */
  play (a, "i4h4");
  g_autofree char *g5 = write_move (a, "i7h7", VS_NOTATION_GIBO);
  g_assert_cmpstr (g5, ==, "49兵48");
  g_assert_cmpuint (parse_ok (a, "49漢兵48", VS_NOTATION_GIBO), ==, parse_ok (a, "i7h7", VS_NOTATION_UCI));
  VsMove out;
  const char *w = NULL;
  g_autoptr(GError) e1 = NULL;
  g_assert_false (vs_move_parse (a, "49楚兵48", VS_NOTATION_GIBO, &out, &w, &e1));
  g_assert_error (e1, VS_CORE_ERROR, VS_CORE_ERROR_ILLEGAL_MOVE);
  g_autoptr(GError) e2 = NULL;
  g_assert_false (vs_move_parse (a, "49馬48", VS_NOTATION_GIBO, &out, &w, &e2));   /* wrong piece */
  g_assert_error (e2, VS_CORE_ERROR, VS_CORE_ERROR_ILLEGAL_MOVE);
  g_autoptr(GError) e3 = NULL;
  g_assert_false (vs_move_parse (a, "4兵48", VS_NOTATION_GIBO, &out, &w, &e3));
  g_assert_error (e3, VS_CORE_ERROR, VS_CORE_ERROR_BAD_MOVE);
  /* Captured-piece suffixes: 타 and the piece, checked against the board */
  g_autofree VsPosition *b = pos_new (&vs_variant_janggi, "3k5/9/9/9/9/9/9/9/4K4/R3r4 w - - 0 1");
  VsMove cap = parse_ok (b, "a1e1", VS_NOTATION_UCI);
  g_assert_cmpuint (parse_ok (b, "01車05車", VS_NOTATION_GIBO), ==, cap);
  g_assert_cmpuint (parse_ok (b, "01차05타차", VS_NOTATION_GIBO), ==, cap);
  w = NULL;
  g_autoptr(GError) e4 = NULL;
  g_assert_true (vs_move_parse (b, "01車05馬", VS_NOTATION_GIBO, &out, &w, &e4));
  g_assert_nonnull (w);
}

/* ---- Bad position strings ---------------------------------------------------------------- */

static void
expect_bad (const char *fen, int column)
{
  VsPosition *pos = g_new0 (VsPosition, 1);
  memset (pos->board, 0x5a, sizeof pos->board);
  g_autoptr(GError) error = NULL;
  g_assert_false (vs_test_init (pos, &vs_variant_janggi, fen, &error));
  g_assert_error (error, VS_CORE_ERROR, VS_CORE_ERROR_BAD_POSITION);
  g_autofree char *col = g_strdup_printf (" %d:", column);
  if (!strstr (error->message, col))
    g_error ("“%s”: expected column %d in “%s”", fen, column, error->message);
  g_assert_cmpint (pos->board[0], ==, 0x5a);   /* untouched */
  g_free (pos);
}

static void
test_bad_fen (void)
{
  expect_bad ("", 1);
  expect_bad ("rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNX w - - 0 1", 63);
  expect_bad ("rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4 w - - 0 1", 54);
  expect_bad ("rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABN w - - 0 1", 63);
  expect_bad ("rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNRR w - - 0 1", 64);
  expect_bad ("rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR x - - 0 1", 65);
  expect_bad ("rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w KQ - 0 1", 67);
  expect_bad ("rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - z 1", 71);
  expect_bad ("4k4/9/9/9/9/9/9/9/9/K8 w - - 0 1", 21);           /* King outside palace */
  expect_bad ("4k4/9/9/9/9/9/9/9/9/9 w - - 0 1", 1);             /* no Cho King */
  expect_bad ("4k4/9/9/9/9/9/9/9/4K4/3K5 w - - 0 1", 20);        /* two Kings: the second */
  expect_bad ("4k4/9/9/9/9/9/9/9/9/A3K4 w - - 0 1", 21);         /* Guard outside palace */
  expect_bad ("4k4/9/9/9/4R4/9/9/9/9/3K5 w - - 0 1", 27);        /* Han in check, Cho to move */
  /* H and E accepted for horse and elephant, written as N and B */
  g_autofree VsPosition *p = pos_new (&vs_variant_janggi,
                                      "rhea1aehr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RHEA1AEHR w - - 0 1");
  g_autofree char *s = vs_position_to_string (p);
  g_assert_cmpstr (s, ==, "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1");
  g_autofree VsPosition *q = pos_new (&vs_variant_janggi, "4k4/9/9/9/9/9/9/9/9/3K5 b");
  g_autofree char *t = vs_position_to_string (q);
  g_assert_cmpstr (t, ==, "4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1");
}

/* ---- Real records ------------------------------------------------------------------------ */

static char *
json_string (const char *line, const char *key)
{
  g_autofree char *pat = g_strdup_printf ("\"%s\": \"", key);
  const char *p = strstr (line, pat);
  if (!p)
    return NULL;
  p += strlen (pat);
  const char *e = strchr (p, '"');
  return g_strndup (p, e - p);
}

static int
json_int (const char *line, const char *key)
{
  g_autofree char *pat = g_strdup_printf ("\"%s\": ", key);
  const char *p = strstr (line, pat);
  return p ? atoi (p + strlen (pat)) : -1;
}

static char **
json_moves (const char *line)
{
  const char *p = strstr (line, "\"moves_uci\": [");
  if (!p)
    return NULL;
  p += strlen ("\"moves_uci\": [");
  const char *e = strchr (p, ']');
  g_autofree char *inner = g_strndup (p, e - p);
  g_strdelimit (inner, "\", ", ' ');
  char **v = g_strsplit_set (inner, " ", -1);
  /* drop empty items */
  int k = 0;
  for (int i = 0; v[i]; i++)
    if (*v[i])
      v[k++] = v[i];
    else
      g_free (v[i]);
  v[k] = NULL;
  return v;
}

typedef struct {
  char *file;
  int game;
  char *fen;
  char **moves;
  int plies, legal_casual, legal_janggi;
  char *final_fen;
  gboolean ok;
} OracleGame;

static void
oracle_game_free (gpointer p)
{
  OracleGame *g = p;
  g_free (g->file);
  g_free (g->fen);
  g_strfreev (g->moves);
  g_free (g->final_fen);
  g_free (g);
}

static GPtrArray *
load_oracle (void)
{
  g_autofree char *path = vs_test_data_path ("records/janggi/oracle.jsonl");
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  GPtrArray *games = g_ptr_array_new_with_free_func (oracle_game_free);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  for (int i = 0; lines[i]; i++)
    {
      if (!*lines[i])
        continue;
      OracleGame *g = g_new0 (OracleGame, 1);
      g->file = json_string (lines[i], "file");
      g->game = json_int (lines[i], "game_index");
      g_autofree char *status = json_string (lines[i], "status");
      g->ok = g_strcmp0 (status, "ok") == 0;
      g->fen = json_string (lines[i], "start_fen");
      g->moves = json_moves (lines[i]);
      g->plies = json_int (lines[i], "plies");
      g->legal_casual = json_int (lines[i], "legal_plies_janggicasual");
      g->legal_janggi = json_int (lines[i], "legal_plies_janggi");
      g->final_fen = json_string (lines[i], "final_fen_fsf");
      g_ptr_array_add (games, g);
    }
  return games;
}

/* Number of moves of `moves` legal in a row from fen under v. */
static int
legal_prefix (const VsVariant *v, const char *fen, char **moves, char **final_fen)
{
  g_autofree VsPosition *pos = pos_new (v, fen);
  int n = 0;
  for (; moves[n]; n++)
    {
      VsMove m;
      const char *w = NULL;
      g_autoptr(GError) error = NULL;
      if (!vs_move_parse (pos, moves[n], VS_NOTATION_UCI, &m, &w, &error))
        break;
      vs_test_make (pos, m);
    }
  if (final_fen)
    *final_fen = vs_position_to_string (pos);
  return n;
}

static void
test_oracle_replay (void)
{
  g_autoptr(GPtrArray) games = load_oracle ();
  int checked = 0, stopped_by_bikjang = 0;
  for (guint i = 0; i < games->len; i++)
    {
      OracleGame *g = games->pdata[i];
      if (!g->ok || !g->moves)
        continue;
      g_autofree char *final = NULL;
      int nc = legal_prefix (&vs_variant_janggi_casual, g->fen, g->moves, &final);
      int nj = legal_prefix (&vs_variant_janggi, g->fen, g->moves, NULL);
      if (nc != g->legal_casual || nj != g->legal_janggi)
        g_error ("%s game %d: legal plies casual %d janggi %d, oracle %d %d",
                 g->file, g->game, nc, nj, g->legal_casual, g->legal_janggi);
      if (g->final_fen && nc == g->plies)
        g_assert_cmpstr (final, ==, g->final_fen);
      if (nj < nc)
        stopped_by_bikjang++;
      checked++;
    }
  g_assert_cmpint (checked, >, 300);
  g_assert_cmpint (stopped_by_bikjang, >, 0);
}

/* The move tokens of every game of a .gib file (cp949 or UTF-8). */
static GPtrArray *
gib_games (const char *name)
{
  g_autofree char *rel = g_strdup_printf ("records/janggi/%s", name);
  g_autofree char *path = vs_test_data_path (rel);
  g_autofree char *raw = NULL;
  gsize len;
  g_assert_true (g_file_get_contents (path, &raw, &len, NULL));
  gsize k = 0;
  for (gsize i = 0; i < len; i++)
    if ((guchar) raw[i] != 0xff && raw[i] != 0x1a)
      raw[k++] = raw[i];
  g_autofree char *text = g_utf8_validate (raw, k, NULL)
                          ? g_strndup (raw, k)
                          : g_convert (raw, k, "UTF-8", "CP949", NULL, NULL, NULL);
  g_assert_nonnull (text);
  GPtrArray *games = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  GPtrArray *cur = NULL;
  gboolean in_moves = FALSE;
  int depth = 0;
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  for (int i = 0; lines[i]; i++)
    {
      char *l = g_strstrip (lines[i]);
      if (depth == 0 && l[0] == '[')
        {
          if (cur == NULL || in_moves)
            {
              cur = g_ptr_array_new_with_free_func (g_free);
              g_ptr_array_add (games, cur);
              in_moves = FALSE;
            }
          continue;
        }
      /* drop {comments} (possibly over several lines) and <times> */
      GString *clean = g_string_new (NULL);
      for (const char *p = l; *p; p++)
        {
          if (*p == '{')
            depth++;
          else if (*p == '}')
            depth = MAX (0, depth - 1);
          else if (depth == 0)
            g_string_append_c (clean, *p);
        }
      g_auto(GStrv) toks = g_strsplit_set (clean->str, " \t", -1);
      g_string_free (clean, TRUE);
      for (int t = 0; toks[t]; t++)
        {
          const char *tok = toks[t];
          size_t tl = strlen (tok);
          if (tl == 0 || tok[0] == '<' || (tok[tl - 1] == '.' && g_ascii_isdigit (tok[0])))
            continue;
          if (cur)
            {
              g_ptr_array_add (cur, g_strdup (tok));
              in_moves = TRUE;
            }
        }
    }
  return games;
}

static void
test_gibo_records (void)
{
  g_autoptr(GPtrArray) oracle = load_oracle ();
  g_autoptr(GHashTable) files = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                      (GDestroyNotify) g_ptr_array_unref);
  int games_checked = 0, moves_checked = 0;
  for (guint i = 0; i < oracle->len; i++)
    {
      OracleGame *g = oracle->pdata[i];
      if (!g->ok || !g->moves)
        continue;
      GPtrArray *games = g_hash_table_lookup (files, g->file);
      if (!games)
        {
          games = gib_games (g->file);
          g_hash_table_insert (files, g->file, games);
        }
      g_assert_cmpuint (g->game, <, games->len);
      GPtrArray *toks = games->pdata[g->game];
      g_autofree VsPosition *pos = pos_new (&vs_variant_janggi_casual, g->fen);
      int n = MIN ((int) toks->len, g->legal_casual);
      g_assert_cmpint (n, ==, g->legal_casual);
      for (int k = 0; k < n; k++)
        {
          VsMove m, want = parse_ok (pos, g->moves[k], VS_NOTATION_UCI);
          const char *w = NULL;
          g_autoptr(GError) error = NULL;
          if (!vs_move_parse (pos, toks->pdata[k], VS_NOTATION_GIBO, &m, &w, &error))
            g_error ("%s game %d ply %d: “%s”: %s", g->file, g->game, k + 1,
                     (char *) toks->pdata[k], error->message);
          if (m != want)
            g_error ("%s game %d ply %d: “%s” read as another move than %s", g->file, g->game,
                     k + 1, (char *) toks->pdata[k], g->moves[k]);
          /* our canonical writing reads back too */
          char out[VS_MOVE_TEXT_MAX];
          vs_move_write (pos, m, VS_NOTATION_GIBO, out);
          g_assert_cmpuint (parse_ok (pos, out, VS_NOTATION_GIBO), ==, m);
          vs_test_make (pos, m);
          moves_checked++;
        }
      games_checked++;
    }
  g_test_message ("%d games, %d GIBO moves", games_checked, moves_checked);
  g_assert_cmpint (games_checked, >, 300);
}

/* Issue 18: the Korean display notations, golden strings. */
static void
test_korean_notations (void)
{
  g_autofree VsPosition *a = pos_new (&vs_variant_janggi, NULL);
  static const struct { const char *uci, *hangul, *hanja; } cho[] = {
    { "i4h4", "79졸78", "79卒78" }, { "h1g3", "08마87", "08馬87" },
    { "a1a3", "01차81", "01車81" },
    { "d1d2", "04사94", "04士94" }, { "e2e1", "95궁05", "95將05" },
    { "e2e2", "한수쉼", "한수쉼" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cho); i++)
    {
      g_autofree char *h = write_move (a, cho[i].uci, VS_NOTATION_KOREAN);
      g_autofree char *j = write_move (a, cho[i].uci, VS_NOTATION_KOREAN_HANJA);
      g_assert_cmpstr (h, ==, cho[i].hangul);
      g_assert_cmpstr (j, ==, cho[i].hanja);
      VsMove m = parse_ok (a, cho[i].uci, VS_NOTATION_UCI);
      g_assert_cmpuint (parse_ok (a, h, VS_NOTATION_KOREAN), ==, m);
      g_assert_cmpuint (parse_ok (a, j, VS_NOTATION_KOREAN_HANJA), ==, m);
    }
  /* Han: 병 / 兵, and a cannon once it has a screen */
  play (a, "i4h4");
  g_autofree char *h1 = write_move (a, "i7h7", VS_NOTATION_KOREAN);
  g_autofree char *j1 = write_move (a, "i7h7", VS_NOTATION_KOREAN_HANJA);
  g_assert_cmpstr (h1, ==, "49병48");
  g_assert_cmpstr (j1, ==, "49兵48");
  play (a, "i7h7");
  play (a, "b1c3");
  play (a, "h10g8");
  g_autofree char *h2 = write_move (a, "b3d3", VS_NOTATION_KOREAN);
  g_autofree char *j2 = write_move (a, "b3d3", VS_NOTATION_KOREAN_HANJA);
  g_assert_cmpstr (h2, ==, "82포84");
  g_assert_cmpstr (j2, ==, "82包84");
  /* the variant lists the notations as data, SAN first */
  const VsNotationInfo *d = vs_variant_display_notation (&vs_variant_janggi, NULL);
  g_assert_nonnull (d);
  g_assert_cmpint (d->notation, ==, VS_NOTATION_SAN);
  g_assert_cmpint (vs_variant_display_notation (&vs_variant_janggi_casual, "korean-hanja")->notation,
                   ==, VS_NOTATION_KOREAN_HANJA);
  g_assert_cmpint (vs_variant_display_notation (&vs_variant_janggi, "korean-hangul")->notation,
                   ==, VS_NOTATION_KOREAN);
  g_assert_true (vs_variant_display_notation (&vs_variant_janggi, "no-such") == d);
  g_assert_null (vs_variant_display_notation (&vs_variant_crazyhouse, NULL));
}

/* Issue 18: every display notation of Janggi, on every legal move of every
 * position of the real records: written, then read back to the same move. */
static void
test_display_notations_records (void)
{
  g_autoptr(GPtrArray) oracle = load_oracle ();
  const VsVariant *v = &vs_variant_janggi_casual;
  g_assert_cmpint (v->n_display_notations, ==, 3);
  int positions = 0;
  guint64 written = 0;
  for (guint i = 0; i < oracle->len; i++)
    {
      OracleGame *g = oracle->pdata[i];
      if (!g->ok || !g->moves)
        continue;
      g_autofree VsPosition *pos = pos_new (v, g->fen);
      for (int k = 0; k < g->legal_casual; k++)
        {
          VsMove moves[VS_MAX_MOVES];
          int n = vs_position_generate (pos, VS_GEN_ALL, moves);
          for (int j = 0; j < n; j++)
            for (int d = 0; d < v->n_display_notations; d++)
              {
                VsNotation nt = v->display_notations[d].notation;
                char out[VS_MOVE_TEXT_MAX];
                vs_move_write (pos, moves[j], nt, out);
                VsMove back;
                const char *w = NULL;
                g_autoptr(GError) error = NULL;
                if (!vs_move_parse (pos, out, nt, &back, &w, &error))
                  g_error ("%s game %d ply %d: %s “%s” does not read back: %s", g->file, g->game,
                           k + 1, v->display_notations[d].id, out, error->message);
                if (back != moves[j])
                  g_error ("%s game %d ply %d: %s “%s” reads back as another move", g->file,
                           g->game, k + 1, v->display_notations[d].id, out);
                g_assert_null (w);
                written++;
              }
          vs_test_make (pos, parse_ok (pos, g->moves[k], VS_NOTATION_UCI));
          positions++;
        }
    }
  g_test_message ("%d positions, %" G_GUINT64_FORMAT " moves written and read back", positions, written);
  g_assert_cmpint (positions, >, 10000);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules/janggi/king-and-guard", test_king_and_guard);
  g_test_add_func ("/rules/janggi/horse", test_horse);
  g_test_add_func ("/rules/janggi/elephant", test_elephant);
  g_test_add_func ("/rules/janggi/chariot-palace-lines", test_chariot_palace_lines);
  g_test_add_func ("/rules/janggi/cannon-screens", test_cannon_screens);
  g_test_add_func ("/rules/janggi/soldier", test_soldier);
  g_test_add_func ("/rules/janggi/pass-not-in-check", test_pass_not_in_check);
  g_test_add_func ("/rules/janggi/bikjang-facing", test_bikjang);
  g_test_add_func ("/rules/janggi/bikjang-rule-sets", test_bikjang_rules);
  g_test_add_func ("/rules/janggi/double-pass", test_double_pass);
  g_test_add_func ("/rules/janggi/material-draw", test_material_draw);
  g_test_add_func ("/rules/janggi/repetition", test_repetition);
  g_test_add_func ("/rules/janggi/checkmate", test_checkmate);
  g_test_add_func ("/rules/janggi/noisy-count-effects", test_noisy_count_effects);
  g_test_add_func ("/rules/janggi/setups", test_setups);
  g_test_add_func ("/rules/janggi/san", test_san);
  g_test_add_func ("/rules/janggi/gibo", test_gibo);
  g_test_add_func ("/rules/janggi/bad-position-strings", test_bad_fen);
  g_test_add_func ("/rules/janggi/oracle-replay", test_oracle_replay);
  g_test_add_func ("/rules/janggi/gibo-records", test_gibo_records);
  g_test_add_func ("/rules/janggi/korean-notations", test_korean_notations);
  g_test_add_func ("/rules/janggi/display-notations-records", test_display_notations_records);
  return g_test_run ();
}
