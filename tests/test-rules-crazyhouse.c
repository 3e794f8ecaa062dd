/* test-rules-crazyhouse.c — Crazyhouse rules of record
 * (src/core/RULES.md), one named test per rule. */
#include "vs-test-util.h"
#include "vs-test-history.h"

#include <string.h>

static const VsVariant *zh;

static VsPosition *
load (const char *fen)
{
  VsPosition *pos = g_new0 (VsPosition, 1);
  g_autoptr(GError) error = NULL;
  if (!vs_test_init (pos, zh, fen, &error))
    g_error ("“%s” does not read: %s", fen, error->message);
  return pos;
}

static VsMove
parse (const VsPosition *pos, const char *text, VsNotation n)
{
  VsMove m = VS_MOVE_NONE;
  const char *warning = NULL;
  g_autoptr(GError) error = NULL;
  if (!vs_move_parse (pos, text, n, &m, &warning, &error))
    g_error ("“%s” does not parse: %s", text, error->message);
  return m;
}

/* Plays space-separated SAN moves, each of which must read without warning. */
static void
play (VsPosition *pos, const char *moves)
{
  g_auto(GStrv) list = g_strsplit (moves, " ", -1);
  for (int i = 0; list[i]; i++)
    {
      if (!*list[i])
        continue;
      VsMove m = VS_MOVE_NONE;
      const char *warning = NULL;
      g_autoptr(GError) error = NULL;
      if (!vs_move_parse (pos, list[i], VS_NOTATION_SAN, &m, &warning, &error))
        g_error ("“%s” does not parse: %s", list[i], error->message);
      if (warning)
        g_error ("“%s”: unexpected warning: %s", list[i], warning);
      vs_test_make (pos, m);
    }
}

static gboolean
has_uci (const VsPosition *pos, const char *uci)
{
  VsMove moves[VS_MAX_MOVES];
  int n = vs_position_generate (pos, VS_GEN_ALL, moves);
  for (int i = 0; i < n; i++)
    {
      char text[VS_MOVE_TEXT_MAX];
      vs_move_write (pos, moves[i], VS_NOTATION_UCI, text);
      if (strcmp (text, uci) == 0)
        return TRUE;
    }
  return FALSE;
}

static char *
san_of (const VsPosition *pos, const char *uci)
{
  char *out = g_malloc (VS_MOVE_TEXT_MAX);
  vs_move_write (pos, parse (pos, uci, VS_NOTATION_UCI), VS_NOTATION_SAN, out);
  return out;
}

static void
assert_parse_error (const VsPosition *pos, const char *text, VsNotation n, VsCoreError code)
{
  VsMove m;
  const char *warning = NULL;
  g_autoptr(GError) error = NULL;
  g_assert_false (vs_move_parse (pos, text, n, &m, &warning, &error));
  g_assert_error (error, VS_CORE_ERROR, code);
}

/* ---- Drops ---------------------------------------------------------------- */

/* A piece in hand may be dropped on any empty square, and only there. */
static void
test_drop_any_empty_square (void)
{
  g_autofree VsPosition *pos = load ("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1");
  VsMove moves[VS_MAX_MOVES];
  int n = vs_position_generate (pos, VS_GEN_ALL, moves);
  int drops = 0;
  for (int i = 0; i < n; i++)
    if (VS_MOVE_KIND (moves[i]) == VS_MOVE_DROP)
      {
        g_assert_cmpint (VS_MOVE_PIECE (moves[i]), ==, 2);
        g_assert_cmpint (pos->board[VS_MOVE_TO (moves[i])], ==, 0);
        drops++;
      }
  g_assert_cmpint (drops, ==, 62);
  g_assert_true (has_uci (pos, "N@e4"));
  assert_parse_error (pos, "N@e8", VS_NOTATION_UCI, VS_CORE_ERROR_ILLEGAL_MOVE);
  assert_parse_error (pos, "B@e4", VS_NOTATION_SAN, VS_CORE_ERROR_ILLEGAL_MOVE);

  /* the drop leaves the hand and the key follows it */
  vs_test_make (pos, parse (pos, "N@f3", VS_NOTATION_SAN));
  g_assert_cmpint (pos->hand[VS_WHITE][2], ==, 0);
  g_assert_cmpint (pos->board[21], ==, VS_MAKE_PIECE (VS_WHITE, 2));
  g_autofree char *fen = vs_position_to_string (pos);
  g_assert_cmpstr (fen, ==, "4k3/8/8/8/8/5N2/8/4K3[] b - - 1 1");
  g_autofree VsPosition *again = load (fen);
  g_assert_cmpuint (again->key, ==, pos->key);
}

/* A pawn may not be dropped on the first or the last rank (for either side),
 * but a pawn dropped on its second rank may step two squares later. */
static void
test_pawn_drop_ranks (void)
{
  g_autofree VsPosition *pos = load ("4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1");
  g_assert_false (has_uci (pos, "P@a1"));
  g_assert_false (has_uci (pos, "P@d8"));
  g_assert_true (has_uci (pos, "P@a2"));
  g_assert_true (has_uci (pos, "P@h7"));
  assert_parse_error (pos, "P@e8", VS_NOTATION_SAN, VS_CORE_ERROR_ILLEGAL_MOVE);
  g_assert_cmpuint (vs_perft (pos, 1), ==, 5 + 48);

  play (pos, "P@d2 p@e7");
  g_assert_false (has_uci (pos, "P@h1"));
  g_assert_true (has_uci (pos, "d2d4"));   /* the dropped pawn's double step */
  play (pos, "d4");
  g_assert_true (has_uci (pos, "e7e5"));
  g_assert_false (has_uci (pos, "p@a1"));
}

/* A drop may give check and mate; a drop may also block a check. */
static void
test_mate_by_drop (void)
{
  g_autofree VsPosition *pos = load ("6k1/5ppp/8/8/8/8/8/4K3[Q] w - - 0 1");
  g_autofree char *san = san_of (pos, "Q@e8");
  g_assert_cmpstr (san, ==, "Q@e8#");
  play (pos, "Q@e8#");
  VsResult r;
  g_assert_cmpint (vs_test_state (pos, &r), ==, VS_STATE_CHECKMATE);
  g_assert_cmpint (r, ==, VS_RESULT_WHITE_WINS);

  /* with a knight in hand Black interposes on f8 */
  g_autofree VsPosition *p2 = load ("6k1/5ppp/8/8/8/8/8/4K3[Qn] w - - 0 1");
  g_autofree char *san2 = san_of (p2, "Q@e8");
  g_assert_cmpstr (san2, ==, "Q@e8+");
  play (p2, "Q@e8+");
  g_assert_cmpint (vs_test_state (p2, &r), ==, VS_STATE_ONGOING);
  VsMove moves[VS_MAX_MOVES];
  int n = vs_position_generate (p2, VS_GEN_ALL, moves);
  g_assert_cmpint (n, ==, 1);
  char text[VS_MOVE_TEXT_MAX];
  vs_move_write (p2, moves[0], VS_NOTATION_SAN, text);
  g_assert_cmpstr (text, ==, "N@f8");

  /* a pawn drop may mate too (no shogi-like restriction) */
  g_autofree VsPosition *p3 = load ("7k/7p/4NN2/8/8/8/8/4K3[P] w - - 0 1");
  g_autofree char *san3 = san_of (p3, "P@g7");
  g_assert_cmpstr (san3, ==, "P@g7#");
}

/* A captured promoted piece goes to the hand as a pawn; a captured piece
 * changes colour. */
static void
test_promoted_piece_demoted (void)
{
  g_autofree VsPosition *pos = load ("4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1");
  g_assert_true (VS_PIECE_HAS_FLAG (pos->board[49]));
  VsMove m = parse (pos, "Bxb7", VS_NOTATION_SAN);
  VsMoveEffects fx;
  vs_move_effects (pos, m, &fx);
  g_assert_cmpint (fx.n_captured, ==, 1);
  g_assert_cmpint (fx.captured_sq[0], ==, 49);
  vs_test_make (pos, m);
  g_assert_cmpint (pos->hand[VS_BLACK][1], ==, 1);   /* a pawn, not a queen */
  g_assert_cmpint (pos->hand[VS_BLACK][5], ==, 0);
  g_autofree char *fen = vs_position_to_string (pos);
  g_assert_cmpstr (fen, ==, "4k3/1b6/8/8/8/8/Kpp5/8[p] w - - 0 2");
  vs_test_unmake (pos);
  g_assert_cmpint (pos->board[49], ==, VS_MAKE_PIECE (VS_WHITE, 5) | VS_PIECE_FLAG);
  g_assert_cmpint (pos->hand[VS_BLACK][1], ==, 0);

  /* promotion makes a flagged piece, written with “~” */
  g_autofree VsPosition *p2 = load ("4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1");
  m = parse (p2, "c1=N", VS_NOTATION_SAN);
  vs_move_effects (p2, m, &fx);
  g_assert_cmpint (fx.placed, ==, VS_MAKE_PIECE (VS_BLACK, 2) | VS_PIECE_FLAG);
  vs_test_make (p2, m);
  g_autofree char *fen2 = vs_position_to_string (p2);
  g_assert_cmpstr (fen2, ==, "4k3/1Q~6/8/8/4b3/8/Kp6/2n~5[] w - - 0 2");

  /* an unpromoted queen stays a queen in hand */
  g_autofree VsPosition *p3 = load ("4k3/1Q6/8/8/4b3/8/Kpp5/8[] b - - 0 1");
  play (p3, "Bxb7");
  g_assert_cmpint (p3->hand[VS_BLACK][5], ==, 1);
  g_assert_cmpint (p3->hand[VS_BLACK][1], ==, 0);
}

/* Castling: not out of check, not through or into an attacked square; the
 * queen-side knight square may be attacked; rights go with king and rook. */
static void
test_castling_through_check (void)
{
  g_autofree VsPosition *pos = load ("r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1");
  g_assert_true (has_uci (pos, "e1g1"));
  g_assert_true (has_uci (pos, "e1c1"));
  g_autofree char *s1 = san_of (pos, "e1g1");
  g_autofree char *s2 = san_of (pos, "e1c1");
  g_assert_cmpstr (s1, ==, "O-O");
  g_assert_cmpstr (s2, ==, "O-O-O");

  g_autofree VsPosition *through = load ("r3k2r/8/8/8/8/8/5r2/R3K2R[] w KQkq - 0 1");
  g_assert_false (has_uci (through, "e1g1"));   /* f1 attacked */
  g_assert_true (has_uci (through, "e1c1"));
  g_autofree VsPosition *into = load ("r3k1r1/8/8/8/8/8/8/R3K2R[] w KQq - 0 1");
  g_assert_false (has_uci (into, "e1g1"));      /* g1 attacked */
  g_autofree VsPosition *out_of = load ("r3k2r/8/8/8/4r3/8/8/R3K2R[] w KQkq - 0 1");
  g_assert_false (has_uci (out_of, "e1g1"));    /* in check */
  g_assert_false (has_uci (out_of, "e1c1"));
  g_autofree VsPosition *b1 = load ("1r2k2r/8/8/8/8/8/8/R3K2R[] w KQk - 0 1");
  g_assert_true (has_uci (b1, "e1c1"));         /* b1 attacked: allowed */
  g_autofree VsPosition *blocked = load ("r3k2r/8/8/8/8/8/8/RN2K2R[] w KQkq - 0 1");
  g_assert_false (has_uci (blocked, "e1c1"));

  /* the rook's capture takes the right away; a rook dropped back does not
   * bring it back */
  g_autofree VsPosition *p = load ("r3k2r/8/8/8/8/8/6b1/R3K2R[R] b KQkq - 0 1");
  play (p, "Bxh1 Ke2 Bg2 R@h1");
  g_autofree char *fen = vs_position_to_string (p);
  g_assert_cmpstr (fen, ==, "r3k2r/8/8/8/8/8/4K1b1/R6R[r] b kq - 3 3");
  play (p, "O-O");
  g_autofree char *fen2 = vs_position_to_string (p);
  g_assert_cmpstr (fen2, ==, "r4rk1/8/8/8/8/8/4K1b1/R6R[r] w - - 4 4");
  VsMoveEffects fx;
  vs_test_unmake (p);
  vs_move_effects (p, parse (p, "e8g8", VS_NOTATION_UCI), &fx);
  g_assert_cmpint (fx.rook_from, ==, 63);
  g_assert_cmpint (fx.rook_to, ==, 61);
}

/* En passant: the captured pawn goes to the hand; the square is recorded
 * only when a legal capture exists. */
static void
test_en_passant (void)
{
  g_autofree VsPosition *pos = load ("4k3/3p4/8/4P3/8/8/8/4K3[] b - - 0 1");
  play (pos, "d5");
  g_autofree char *fen = vs_position_to_string (pos);
  g_assert_cmpstr (fen, ==, "4k3/8/8/3pP3/8/8/8/4K3[] w - d6 0 2");
  VsMove m = parse (pos, "exd6", VS_NOTATION_SAN);
  g_assert_cmpint (VS_MOVE_KIND (m), ==, VS_MOVE_EN_PASSANT);
  g_assert_cmpint (VS_MOVE_CORE (parse (pos, "exd6 e.p.", VS_NOTATION_SAN)), ==, VS_MOVE_CORE (m));
  g_assert_cmpint (VS_MOVE_CORE (parse (pos, "exd6ep", VS_NOTATION_SAN)), ==, VS_MOVE_CORE (m));
  g_assert_cmpint (VS_MOVE_CORE (parse (pos, "exd6 ep", VS_NOTATION_SAN)), ==, VS_MOVE_CORE (m));
  g_assert_cmpint (VS_MOVE_CORE (parse (pos, "ed6", VS_NOTATION_SAN)), ==, VS_MOVE_CORE (m));
  VsMoveEffects fx;
  vs_move_effects (pos, m, &fx);
  g_assert_cmpint (fx.n_captured, ==, 1);
  g_assert_cmpint (fx.captured_sq[0], ==, 35);
  vs_test_make (pos, m);
  g_assert_cmpint (pos->hand[VS_WHITE][1], ==, 1);
  g_assert_cmpint (pos->board[35], ==, 0);
  g_autofree char *fen2 = vs_position_to_string (pos);
  g_assert_cmpstr (fen2, ==, "4k3/8/3P4/8/8/8/8/4K3[P] b - - 0 2");

  /* no pawn beside: no square written */
  g_autofree VsPosition *p2 = load ("4k3/8/8/8/8/8/4P3/4K3[] w - - 0 1");
  play (p2, "e4");
  g_autofree char *fen3 = vs_position_to_string (p2);
  g_assert_cmpstr (fen3, ==, "4k3/8/8/8/4P3/8/8/4K3[] b - - 0 1");

  /* the capture would expose the king along the rank: not legal, not written */
  g_autofree VsPosition *p3 = load ("8/8/8/K2pP2q/8/8/8/7k[] w - d6 0 1");
  g_assert_false (has_uci (p3, "e5d6"));
  g_autofree char *fen4 = vs_position_to_string (p3);
  g_assert_cmpstr (fen4, ==, "8/8/8/K2pP2q/8/8/8/7k[] w - - 0 1");
  assert_parse_error (p3, "exd6", VS_NOTATION_SAN, VS_CORE_ERROR_ILLEGAL_MOVE);
}

/* Threefold repetition: the hands count (same board, other hands is another
 * position). */
static void
test_repetition_with_hands (void)
{
  VsResult r;
  g_autofree VsPosition *pos = load ("4k3/8/8/3n4/8/2N5/8/4K3[n] w - - 0 1");
  VsPosition *start = load ("4k3/8/8/3n4/8/2N5/8/4K3[n] w - - 0 1");
  play (pos, "Kd1 Kd8 Ke1 Ke8");
  g_assert_cmpint (vs_test_repetitions (pos, vs_test_hist_len (pos)), ==, 1);
  /* the knights trade places through the hands: same board, other hands */
  play (pos, "Nxd5 N@b4 Nc3 Nd5");
  g_assert_cmpmem (pos->board, 64, start->board, 64);
  g_assert_cmpuint (pos->key, !=, start->key);
  g_assert_cmpint (pos->hand[VS_WHITE][2], ==, 1);
  g_assert_cmpint (pos->hand[VS_BLACK][2], ==, 0);
  g_assert_cmpint (vs_test_repetitions (pos, vs_test_hist_len (pos)), ==, 0);
  play (pos, "Kd1 Kd8 Ke1 Ke8");
  /* the board has now stood here four times, this position twice */
  g_assert_cmpint (vs_test_state (pos, &r), ==, VS_STATE_ONGOING);
  play (pos, "Kd1 Kd8 Ke1 Ke8");
  g_assert_cmpint (vs_test_state (pos, &r), ==, VS_STATE_REPETITION);
  g_assert_cmpint (r, ==, VS_RESULT_DRAW);
  g_free (start);
}

/* 50-move rule: 100 plies without capture or pawn move; a pawn drop counts as
 * a pawn move; mate on the last ply still wins. */
static void
test_fifty_moves (void)
{
  VsResult r;
  g_autofree VsPosition *pos = load ("4k3/8/8/8/8/8/8/4K2R[Pp] w - - 98 80");
  play (pos, "Rh2");
  g_assert_cmpint (vs_test_state (pos, &r), ==, VS_STATE_ONGOING);
  play (pos, "Kd8");
  g_assert_cmpint (pos->halfmove, ==, 100);
  g_assert_cmpint (vs_test_state (pos, &r), ==, VS_STATE_FIFTY_MOVES);
  g_assert_cmpint (r, ==, VS_RESULT_DRAW);
  vs_test_unmake (pos);
  play (pos, "p@d2+");
  g_assert_cmpint (pos->halfmove, ==, 0);
  g_assert_cmpint (vs_test_state (pos, &r), ==, VS_STATE_ONGOING);

  g_autofree VsPosition *mate = load ("6k1/5ppp/8/8/8/8/8/4K3[Q] w - - 99 80");
  play (mate, "Q@e8#");
  g_assert_cmpint (vs_test_state (mate, &r), ==, VS_STATE_CHECKMATE);
  /* stalemate is a draw */
  g_autofree VsPosition *stale = load ("7k/5Q2/8/8/8/8/8/4K3[] b - - 0 1");
  g_assert_cmpint (vs_test_state (stale, &r), ==, VS_STATE_STALEMATE);
  g_assert_cmpint (r, ==, VS_RESULT_DRAW);
  /* insufficient material never applies */
  g_autofree VsPosition *bare = load ("7k/8/8/8/8/8/8/4K3[] w - - 0 1");
  g_assert_cmpint (vs_test_state (bare, &r), ==, VS_STATE_ONGOING);
}

/* SAN: minimal disambiguation (file, else rank, else both). */
static void
test_san_disambiguation (void)
{
  g_autofree VsPosition *pos = load ("2k5/7K/8/RN3N2/4Q2Q/8/8/R6Q[] w - - 0 1");
  static const struct { const char *uci, *san; } cases[] = {
    { "b5d4", "Nbd4" }, { "f5d4", "Nfd4" },
    { "a1a3", "R1a3" }, { "a5a3", "R5a3" },
    { "h4e1", "Qh4e1" }, { "e4e1", "Qee1" }, { "h1e1", "Q1e1" },
    { "b5c7", "Nc7" }, { "h1h3", "Q1h3" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *san = san_of (pos, cases[i].uci);
      g_assert_cmpstr (san, ==, cases[i].san);
      VsMove a = parse (pos, cases[i].uci, VS_NOTATION_UCI);
      g_assert_cmpint (VS_MOVE_CORE (parse (pos, cases[i].san, VS_NOTATION_SAN)), ==, VS_MOVE_CORE (a));
    }
  assert_parse_error (pos, "Nd4", VS_NOTATION_SAN, VS_CORE_ERROR_AMBIGUOUS_MOVE);
  assert_parse_error (pos, "Qe1", VS_NOTATION_SAN, VS_CORE_ERROR_AMBIGUOUS_MOVE);
  assert_parse_error (pos, "Qhe1", VS_NOTATION_SAN, VS_CORE_ERROR_AMBIGUOUS_MOVE);
  /* over-disambiguated forms are read */
  g_assert_cmpint (VS_MOVE_CORE (parse (pos, "Nb5d4", VS_NOTATION_SAN)), ==,
                   VS_MOVE_CORE (parse (pos, "b5d4", VS_NOTATION_UCI)));
  g_assert_cmpint (VS_MOVE_CORE (parse (pos, "Nb5-c7", VS_NOTATION_SAN)), ==,
                   VS_MOVE_CORE (parse (pos, "b5c7", VS_NOTATION_UCI)));

  /* a pinned knight does not count for disambiguation */
  g_autofree VsPosition *pin = load ("4k3/8/8/8/4r3/8/4N3/1N2K3[] w - - 0 1");
  g_autofree char *s = san_of (pin, "b1c3");
  g_assert_cmpstr (s, ==, "Nc3");
}

/* SAN reading is tolerant; writing is canonical. */
static void
test_san_tolerant_reading (void)
{
  g_autofree VsPosition *pos = load ("r3k2r/1P6/8/8/8/8/8/R3K2R[Nb] w KQkq - 0 1");
  struct { const char *text, *uci; } ok[] = {
    { "0-0", "e1g1" }, { "0-0-0", "e1c1" }, { "O-O", "e1g1" },
    { "bxa8=Q+", "b7a8q" }, { "bxa8Q+", "b7a8q" }, { "bxa8=q+", "b7a8q" }, { "ba8=N", "b7a8n" },
    { "b8=Q+", "b7b8q" }, { "b8(R)+", "b7b8r" },
    { "N@f3", "N@f3" }, { "n@f3", "N@f3" }, { "Nf3", "" },
    { "Ra2", "a1a2" }, { "ra2", "a1a2" }, { "Ke2", "e1e2" }, { "ke2", "e1e2" },
    { "Rxa8+", "a1a8" }, { "Ra8+", "a1a8" }, { "Ra1xa8+", "a1a8" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (ok); i++)
    {
      if (!*ok[i].uci)
        {
          assert_parse_error (pos, ok[i].text, VS_NOTATION_SAN, VS_CORE_ERROR_ILLEGAL_MOVE);
          continue;
        }
      VsMove m = VS_MOVE_NONE;
      const char *warning = NULL;
      g_autoptr(GError) error = NULL;
      if (!vs_move_parse (pos, ok[i].text, VS_NOTATION_SAN, &m, &warning, &error))
        g_error ("“%s”: %s", ok[i].text, error->message);
      g_assert_null (warning);
      g_assert_cmpint (VS_MOVE_CORE (m), ==, VS_MOVE_CORE (parse (pos, ok[i].uci, VS_NOTATION_UCI)));
    }
  g_autofree char *promo = san_of (pos, "b7a8q");
  g_assert_cmpstr (promo, ==, "bxa8=Q+");
  g_autofree char *promo2 = san_of (pos, "b7b8n");
  g_assert_cmpstr (promo2, ==, "b8=N");

  /* missing or wrong check marks: a warning, not an error */
  VsMove m;
  const char *warning = NULL;
  g_assert_true (vs_move_parse (pos, "Ra8", VS_NOTATION_SAN, &m, &warning, NULL));
  g_assert_nonnull (warning);
  warning = NULL;
  g_assert_true (vs_move_parse (pos, "Ra2+", VS_NOTATION_SAN, &m, &warning, NULL));
  g_assert_nonnull (warning);
  warning = NULL;
  g_assert_true (vs_move_parse (pos, "Ra8#", VS_NOTATION_SAN, &m, &warning, NULL));
  g_assert_nonnull (warning);
  /* a promotion needs its piece */
  assert_parse_error (pos, "b8", VS_NOTATION_SAN, VS_CORE_ERROR_AMBIGUOUS_MOVE);
  assert_parse_error (pos, "b7b8", VS_NOTATION_UCI, VS_CORE_ERROR_AMBIGUOUS_MOVE);
  /* gibberish and illegal moves */
  assert_parse_error (pos, "Zz9", VS_NOTATION_SAN, VS_CORE_ERROR_BAD_MOVE);
  assert_parse_error (pos, "K@e4", VS_NOTATION_SAN, VS_CORE_ERROR_BAD_MOVE);
  assert_parse_error (pos, "e2e", VS_NOTATION_UCI, VS_CORE_ERROR_BAD_MOVE);
  assert_parse_error (pos, "Qd1", VS_NOTATION_SAN, VS_CORE_ERROR_ILLEGAL_MOVE);
  assert_parse_error (pos, "e2e4", VS_NOTATION_UCI, VS_CORE_ERROR_ILLEGAL_MOVE);
  /* king-takes-rook castling in UCI */
  g_assert_cmpint (VS_MOVE_KIND (parse (pos, "e1h1", VS_NOTATION_UCI)), ==, VS_MOVE_CASTLE);

  /* the bare pawn drop "@g4" of 2016 exports */
  g_autofree VsPosition *p2 = load ("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
  g_assert_cmpint (VS_MOVE_CORE (parse (p2, "@g4", VS_NOTATION_SAN)), ==,
                   VS_MOVE_CORE (parse (p2, "P@g4", VS_NOTATION_UCI)));
  g_autofree char *drop = san_of (p2, "P@g4");
  g_assert_cmpstr (drop, ==, "P@g4");

  /* lower-case b: the b-file pawn as in standard SAN, a bishop only when no
   * pawn move fits */
  g_autofree VsPosition *b = load ("4k3/8/8/8/8/2n5/1P2B3/4K3[] w - - 0 1");
  VsMove pawn = parse (b, "bxc3", VS_NOTATION_SAN);
  g_assert_cmpint (VS_MOVE_FROM (pawn), ==, 9);
  g_autofree VsPosition *b2 = load ("4k3/8/8/8/8/2n5/4B3/4K3[] w - - 0 1");
  g_assert_cmpint (VS_MOVE_FROM (parse (b2, "bd3", VS_NOTATION_SAN)), ==, 12);
  g_autofree VsPosition *b3 = load ("4k3/8/8/8/8/2n5/1P1B4/4K3[] w - - 0 1");
  g_assert_cmpint (VS_MOVE_FROM (parse (b3, "bxc3", VS_NOTATION_SAN)), ==, 9);
  g_assert_cmpint (VS_MOVE_FROM (parse (b3, "Bxc3", VS_NOTATION_SAN)), ==, 11);
}

/* Noisy generation: captures and promotions only. */
static void
test_noisy_moves (void)
{
  g_autofree VsPosition *pos = load ("r3k2r/1P6/8/8/8/8/8/R3K2R[Nb] w KQkq - 0 1");
  VsMove moves[VS_MAX_MOVES];
  int n = vs_position_generate (pos, VS_GEN_NOISY, moves);
  /* bxa8 and b8 with four pieces each, Rxa8, Rxh8 */
  g_assert_cmpint (n, ==, 10);
  for (int i = 0; i < n; i++)
    g_assert_true (VS_MOVE_KIND (moves[i]) == VS_MOVE_PROMOTION || pos->board[VS_MOVE_TO (moves[i])]);
}

/* Position strings: the hand as a ninth rank, X-FEN and Shredder-FEN
 * castling, missing counters, “-” for an empty hand. */
static void
test_fen_alternative_forms (void)
{
  static const char *canonical = "r1bqk2r/pppp1Npp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNBQK2R[Bp] b KQkq - 0 5";
  static const char *forms[] = {
    "r1bqk2r/pppp1Npp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNBQK2R/Bp b KQkq - 0 5",
    "r1bqk2r/pppp1Npp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNBQK2R[pB] b HAha - 0 5",
    "r1bqk2r/pppp1Npp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNBQK2R[Bp] b KQha - 0 5",
    "  r1bqk2r/pppp1Npp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNBQK2R[Bp]  b  KQkq  -  0  5 ",
  };
  for (guint i = 0; i < G_N_ELEMENTS (forms); i++)
    {
      g_autofree VsPosition *pos = load (forms[i]);
      g_autofree char *out = vs_position_to_string (pos);
      g_assert_cmpstr (out, ==, canonical);
    }
  static const struct { const char *in, *out; } more[] = {
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq -",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[-] w KQkq - 0 1",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1" },
    /* an en-passant square nobody can use is dropped */
    { "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq e3 0 1",
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1" },
    /* a right without its rook is dropped */
    { "4k3/8/8/8/8/8/8/4K2R[] w KQ - 0 1", "4k3/8/8/8/8/8/8/4K2R[] w K - 0 1" },
    { "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1", "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (more); i++)
    {
      g_autofree VsPosition *pos = load (more[i].in);
      g_autofree char *out = vs_position_to_string (pos);
      g_assert_cmpstr (out, ==, more[i].out);
    }
}

/* Bad position strings: a translated message that names the column. */
static void
test_fen_errors (void)
{
  static const struct { const char *fen; int column; } bad[] = {
    { "", 1 },
    { "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", 17 },
    { "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", 19 },
    { "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", 14 },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qk] w KQkq - 0 1", 46 },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q w KQkq - 0 1", 44 },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] x KQkq - 0 1", 47 },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkx - 0 1", 52 },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq e4 0 1", 54 },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - x 1", 56 },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 zz", 60 },
    { "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", 8 },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR[] w kq - 0 1", 1 },
    { "rnbqkbnr/pppp~pppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", 14 },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w Gkq - 0 1", 49 },
    { "4k3/8/8/8/8/8/8/4K2R[] b - - 0 1", 1 },   /* fine: control case */
    { "4k2R/8/8/8/8/8/8/4K3[] w - - 0 1", 24 },  /* side not to move in check */
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QQQQQ] w KQkq - 0 1", 1 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
      memset (pos->board, 0x55, sizeof pos->board);
      g_autoptr(GError) error = NULL;
      gboolean ok = vs_test_init (pos, zh, bad[i].fen, &error);
      if (strcmp (bad[i].fen, "4k3/8/8/8/8/8/8/4K2R[] b - - 0 1") == 0)
        {
          g_assert_true (ok);
          continue;
        }
      if (ok)
        g_error ("“%s” should not read", bad[i].fen);
      g_assert_error (error, VS_CORE_ERROR, VS_CORE_ERROR_BAD_POSITION);
      g_autofree char *want = g_strdup_printf ("column %d:", bad[i].column);
      if (!strstr (error->message, want))
        g_error ("“%s”: message “%s” does not name %s", bad[i].fen, error->message, want);
      /* the position is left untouched */
      g_assert_cmpint (pos->board[0], ==, 0x55);
    }
}

/* Make/unmake over a whole real game restores everything, and the keys agree
 * with re-read position strings along the way. */
static void
test_real_game_replay (void)
{
  g_autofree VsPosition *pos = load (NULL);
  g_autofree VsPosition *start = load (NULL);
  const char *game =
    "e4 e5 Nc3 Nc6 Nf3 Bc5 Bc4 Nf6 d3 O-O O-O d6 Nd5 h6 Be3 Bg4 c3 Bxe3 fxe3 Nxd5 "
    "Bxd5 B@b6 d4 exd4 cxd4 P@e6 Bb3 Bxf3 Qxf3 Nxd4 exd4 Bxd4+ Kh1 N@g5 Qh5 P@g6 "
    "Qe2 P@h3 gxh3 Nxh3 B@g3 P@h4 B@g2 hxg3 Bxh3 N@f2+ Rxf2 gxf2 P@e3 R@g1+ Rxg1 "
    "fxg1=Q+ Kxg1 Bxe3+ Qxe3 B@b6";
  play (pos, game);
  g_autofree char *fen = vs_position_to_string (pos);
  g_autofree VsPosition *again = load (fen);
  g_assert_cmpuint (again->key, ==, pos->key);
  g_assert_cmpint (pos->hand[VS_WHITE][5], ==, 0);   /* the promoted queen came back as a pawn */
  while (vs_test_hist_len (pos))
    vs_test_unmake (pos);
  g_assert_cmpmem (pos->board, 64, start->board, 64);
  g_assert_cmpmem (pos->hand, sizeof pos->hand, start->hand, sizeof start->hand);
  g_assert_cmpuint (pos->key, ==, start->key);
}

/* count_legal (perft leaves) counts exactly the moves generate writes, and
 * the noisy moves are the captures and promotions among them, over random
 * playouts from every reference position. */
static void
test_count_matches_generate (void)
{
  g_autoptr(GPtrArray) cases = vs_test_load_perft ("crazyhouse", zh);
  GRand *rand = g_rand_new_with_seed (1129);
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  int checked = 0;
  for (guint i = 0; i < cases->len; i++)
    for (int game = 0; game < 3; game++)
      {
        VsPerftCase *c = cases->pdata[i];
        g_assert_true (vs_test_init (pos, zh, c->fen, NULL));
        for (int ply = 0; ply < 150; ply++)
          {
            VsMove all[VS_MAX_MOVES], noisy[VS_MAX_MOVES];
            int n = vs_position_generate (pos, VS_GEN_ALL, all);
            g_assert_cmpuint (zh->count_legal (pos), ==, (guint64) n);
            int nn = vs_position_generate (pos, VS_GEN_NOISY, noisy);
            int expect = 0;
            for (int k = 0; k < n; k++)
              {
                VsMoveEffects fx;
                vs_move_effects (pos, all[k], &fx);
                if (fx.n_captured || VS_MOVE_KIND (all[k]) == VS_MOVE_PROMOTION)
                  expect++;
              }
            g_assert_cmpint (nn, ==, expect);
            for (int k = 0; k < nn; k++)
              g_assert_true (vs_position_is_legal (pos, noisy[k]));
            checked++;
            if (n == 0)
              break;
            vs_test_make (pos, all[g_rand_int_range (rand, 0, n)]);
          }
      }
  g_assert_cmpint (checked, >, 1000);
  g_rand_free (rand);
}

/* Issue 15: vs_game_state's one order.  Repetition and the 50-move rule
 * holding at once report the counter (order 4 before 5); a mate on a
 * ply past the 100th still wins (order 2 before 4). */
static void
test_game_state_order (void)
{
  VsResult r;
  g_autofree VsPosition *pos = load ("3k4/8/8/8/8/8/8/3K4[Rr] w - - 92 80");
  play (pos, "Ke1 Ke8 Kd1 Kd8 Ke1 Ke8 Kd1");
  g_assert_cmpint (pos->halfmove, ==, 99);
  g_assert_cmpint (vs_test_state (pos, &r), ==, VS_STATE_ONGOING);
  play (pos, "Kd8");
  g_assert_cmpint (vs_test_repetitions (pos, vs_test_hist_len (pos)), ==, 2);
  g_assert_cmpint (vs_test_state (pos, &r), ==, VS_STATE_FIFTY_MOVES);
  g_assert_cmpint (r, ==, VS_RESULT_DRAW);
  g_autofree VsPosition *mate = load ("6k1/5ppp/8/8/8/8/8/4K3[Q] w - - 120 80");
  play (mate, "Q@e8#");
  g_assert_cmpint (vs_test_state (mate, &r), ==, VS_STATE_CHECKMATE);
  g_assert_cmpint (r, ==, VS_RESULT_WHITE_WINS);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  zh = vs_variant_lookup ("crazyhouse");
  g_assert_nonnull (zh);
  g_test_add_func ("/rules/crazyhouse/drop-on-any-empty-square", test_drop_any_empty_square);
  g_test_add_func ("/rules/crazyhouse/no-pawn-drop-on-first-or-last-rank", test_pawn_drop_ranks);
  g_test_add_func ("/rules/crazyhouse/mate-by-drop-and-drop-interposition", test_mate_by_drop);
  g_test_add_func ("/rules/crazyhouse/captured-promoted-piece-demoted", test_promoted_piece_demoted);
  g_test_add_func ("/rules/crazyhouse/castling-through-check", test_castling_through_check);
  g_test_add_func ("/rules/crazyhouse/en-passant", test_en_passant);
  g_test_add_func ("/rules/crazyhouse/repetition-counts-hands", test_repetition_with_hands);
  g_test_add_func ("/rules/crazyhouse/fifty-moves-stalemate-no-insufficient", test_fifty_moves);
  g_test_add_func ("/rules/crazyhouse/game-state-order", test_game_state_order);
  g_test_add_func ("/rules/crazyhouse/san-disambiguation", test_san_disambiguation);
  g_test_add_func ("/rules/crazyhouse/san-tolerant-reading", test_san_tolerant_reading);
  g_test_add_func ("/rules/crazyhouse/noisy-moves", test_noisy_moves);
  g_test_add_func ("/rules/crazyhouse/fen-alternative-forms", test_fen_alternative_forms);
  g_test_add_func ("/rules/crazyhouse/fen-errors-name-column", test_fen_errors);
  g_test_add_func ("/rules/crazyhouse/real-game-replay", test_real_game_replay);
  g_test_add_func ("/rules/crazyhouse/count-legal-matches-generate", test_count_matches_generate);
  return g_test_run ();
}
