/* test-rules-strato.c — one or more tests per sentence of
 * src/core/RULES.md.  Each test names the rule it checks, sets up a
 * position string, and compares the legal moves (UCI form, "Ae2Be4") with a
 * list worked out by hand from the rules text; the comment says why. */
#include "vs-test-util.h"
#include "vs-test-history.h"
#include "vs-strato.h"

#include <stdlib.h>
#include <string.h>

/* ---- helpers ---------------------------------------------------------------- */

static VsPosition *
load (const char *fen)
{
  VsPosition *pos = g_new0 (VsPosition, 1);
  g_autoptr(GError) error = NULL;
  if (!vs_test_init (pos, &vs_variant_strato, fen, &error))
    g_error ("“%s” does not load: %s", fen, error->message);
  return pos;
}

static int
cmp_str (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static char *
sorted_words (char **words)
{
  int n = g_strv_length (words);
  qsort (words, n, sizeof (char *), cmp_str);
  return g_strjoinv (" ", words);
}

/* The legal moves whose UCI text starts with `prefix` (NULL: all), sorted. */
static char *
moves_with_prefix (const VsPosition *pos, const char *prefix)
{
  VsMove moves[VS_MAX_MOVES];
  int n = vs_position_generate (pos, VS_GEN_ALL, moves);
  GPtrArray *a = g_ptr_array_new ();
  for (int i = 0; i < n; i++)
    {
      char text[VS_MOVE_TEXT_MAX];
      vs_move_write (pos, moves[i], VS_NOTATION_UCI, text);
      if (prefix == NULL || g_str_has_prefix (text, prefix))
        g_ptr_array_add (a, g_strdup (text));
    }
  g_ptr_array_add (a, NULL);
  char **words = (char **) g_ptr_array_free (a, FALSE);
  char *s = sorted_words (words);
  g_strfreev (words);
  return s;
}

static void
expect_moves_at (const VsPosition *pos, const char *prefix, const char *expected)
{
  g_auto(GStrv) words = g_strsplit_set (expected, " ", -1);
  /* drop empty words (double spaces, empty list) */
  GPtrArray *a = g_ptr_array_new ();
  for (int i = 0; words[i]; i++)
    if (*words[i])
      g_ptr_array_add (a, words[i]);
  g_ptr_array_add (a, NULL);
  g_autofree char *want = sorted_words ((char **) a->pdata);
  g_ptr_array_free (a, TRUE);
  g_autofree char *got = moves_with_prefix (pos, prefix);
  g_assert_cmpstr (got, ==, want);
}

static void
expect_moves (const char *fen, const char *prefix, const char *expected)
{
  g_autofree VsPosition *pos = load (fen);
  expect_moves_at (pos, prefix, expected);
}

static int
count_moves (const VsPosition *pos, const char *prefix)
{
  g_autofree char *s = moves_with_prefix (pos, prefix);
  if (*s == '\0')
    return 0;
  int n = 1;
  for (const char *c = s; *c; c++)
    n += *c == ' ';
  return n;
}

static VsMove
parse_san (const VsPosition *pos, const char *text, const char **warning)
{
  VsMove m = VS_MOVE_NONE;
  const char *w = NULL;
  g_autoptr(GError) error = NULL;
  if (!vs_move_parse (pos, text, VS_NOTATION_SAN, &m, &w, &error))
    g_error ("“%s” not read: %s", text, error->message);
  if (warning)
    *warning = w;
  else if (w)
    g_error ("“%s”: unexpected warning “%s”", text, w);
  return m;
}

static void
play (VsPosition *pos, const char *san)
{
  vs_test_make (pos, parse_san (pos, san, NULL));
}

static char *
uci (const VsPosition *pos, VsMove m)
{
  char text[VS_MOVE_TEXT_MAX];
  vs_move_write (pos, m, VS_NOTATION_UCI, text);
  return g_strdup (text);
}

static char *
san_of (const VsPosition *pos, const char *uci_text)
{
  VsMove m;
  g_autoptr(GError) error = NULL;
  if (!vs_move_parse (pos, uci_text, VS_NOTATION_UCI, &m, NULL, &error))
    g_error ("“%s” not read: %s", uci_text, error->message);
  char text[VS_MOVE_TEXT_MAX];
  vs_move_write (pos, m, VS_NOTATION_SAN, text);
  return g_strdup (text);
}

static int
sq (const char *name)
{
  return vs_square_parse (&vs_variant_strato.geom, name, NULL);
}

/* ---- Board, levels and coordinates ----------------------------------------- */

/* "Three levels of 8×8 squares: level A = bottom, B = middle, C = top.
 *  Files a–h, ranks 1–8 as in chess on every level." */
static void
test_board_three_levels_of_8x8 (void)
{
  const VsGeometry *g = &vs_variant_strato.geom;
  g_assert_cmpint (g->files, ==, 8);
  g_assert_cmpint (g->ranks, ==, 8);
  g_assert_cmpint (g->levels, ==, 3);
  g_assert_cmpint (vs_geometry_squares (g), ==, 192);
  /* level A is 0..63, B 64..127, C 128..191 */
  g_assert_cmpint (sq ("Aa1"), ==, 0);
  g_assert_cmpint (sq ("Ah8"), ==, 63);
  g_assert_cmpint (sq ("Ba1"), ==, 64);
  g_assert_cmpint (sq ("Ch8"), ==, 191);
}

/* "A square is written level letter + file + rank: Ae2, Bd5, Ch8." */
static void
test_square_written_level_file_rank (void)
{
  char name[8];
  vs_square_name (&vs_variant_strato.geom, 12, name);
  g_assert_cmpstr (name, ==, "Ae2");
  vs_square_name (&vs_variant_strato.geom, 64 + 4 * 8 + 3, name);
  g_assert_cmpstr (name, ==, "Bd5");
  vs_square_name (&vs_variant_strato.geom, 191, name);
  g_assert_cmpstr (name, ==, "Ch8");
}

/* "White moves first." — the start position has White to move, and every
 * legal move there is a White piece's. */
static void
test_white_moves_first (void)
{
  g_autofree VsPosition *pos = load (NULL);
  g_assert_cmpint (pos->side, ==, VS_WHITE);
  VsMove moves[VS_MAX_MOVES];
  int n = vs_position_generate (pos, VS_GEN_ALL, moves);
  g_assert_cmpint (n, >, 0);
  for (int i = 0; i < n; i++)
    g_assert_cmpint (VS_PIECE_COLOR (pos->board[VS_MOVE_FROM (moves[i])]), ==, VS_WHITE);
}

/* ---- Starting position ------------------------------------------------------ */

/* "White below: White on level A, Black on level C (default); White above:
 *  White on level C, Black on level A.  The middle level starts empty."
 * Both starts have 102 moves: 8 pawns × 2 (Be3/Be4 style), 2 knights × 6
 * (3 leaps on B, 3 on C), 2 bishops × 8, 2 rooks × 15, queen 22, king 6. */
static void
test_start_white_below_or_above (void)
{
  g_assert_cmpstr (vs_strato_start_fen (FALSE), ==, vs_variant_strato.start_fen);
  for (int above = 0; above < 2; above++)
    {
      g_autofree VsPosition *pos = load (vs_strato_start_fen (above));
      int white_level = above ? 2 : 0, black_level = above ? 0 : 2;
      for (int s = 0; s < 64; s++)
        {
          VsPiece w = pos->board[white_level * 64 + s];
          VsPiece b = pos->board[black_level * 64 + s];
          g_assert_cmpint (pos->board[64 + s], ==, 0);               /* B empty */
          g_assert_cmpint (w != 0, ==, s < 16);                       /* ranks 1–2 */
          g_assert_cmpint (b != 0, ==, s >= 48);                      /* ranks 7–8 */
          if (w)
            g_assert_true (VS_PIECE_COLOR (w) == VS_WHITE && VS_PIECE_HAS_FLAG (w));
          if (b)
            g_assert_true (VS_PIECE_COLOR (b) == VS_BLACK && VS_PIECE_HAS_FLAG (b));
        }
      g_assert_cmpint (VS_PIECE_TYPE (pos->board[white_level * 64 + 4]), ==,
                       VS_PIECE_TYPE (pos->board[black_level * 64 + 60]));  /* Kings on e */
      g_assert_cmpint (count_moves (pos, NULL), ==, 102);
    }
}

/* ---- How pieces move: planar moves ----------------------------------------- */

/* "Planar move — an ordinary chess move of that piece on its current level,
 *  exactly as in chess (blocking, capturing by displacement …)."
 * The moved Rook on Bd4 is blocked by its own pawn on Bd6, captures the
 * Knight on Bg4 and stops there; own pawns on Ad4/Cd4 stop level changes. */
static void
test_planar_move_as_in_chess (void)
{
  expect_moves ("7K/8/8/8/3P4/8/8/8|8/8/3P4/8/3R2n1/8/8/8|7k/8/8/8/3P4/8/8/8 w - 0 1", "Bd4",
                "Bd4Bd5 Bd4Bd3 Bd4Bd2 Bd4Bd1 Bd4Bc4 Bd4Bb4 Bd4Ba4 Bd4Be4 Bd4Bf4 Bd4Bg4");
}

/* "… pawn diagonal captures …" — and a blocked pawn does not advance; the
 * moved pawn's level changes are plain vertical steps (table: Pawn). */
static void
test_planar_pawn_captures_diagonally (void)
{
  expect_moves ("8/8/8/8/8/8/8/K7|8/8/3pn3/4P3/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "Be5",
                "Be5Bd6 Be5Ae5 Be5Ce5");
}

/* "Only planar moves capture." / "A level change never captures: every
 * square it uses and its destination must be empty."  The Queen on Ad1
 * rises to Bd1 and slides on B, stopping in front of the black pawn on Bd5
 * (no capture) and of its own pawn on Bf3. */
static void
test_level_change_never_captures (void)
{
  expect_moves ("7K/8/8/8/8/8/8/3Q4|8/8/8/3p4/8/5P2/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "Ad1B",
                "Ad1Bd1 Ad1Bd2 Ad1Bd3 Ad1Bd4 Ad1Bc1 Ad1Bb1 Ad1Ba1 Ad1Be1 Ad1Bf1 Ad1Bg1 "
                "Ad1Bh1 Ad1Bc2 Ad1Bb3 Ad1Ba4 Ad1Be2");
}

/* "the piece first moves vertically to the square directly above or below
 * it on the adjacent level (that square must be empty …)": the Rook on Bd4
 * with pieces on Ad4 and Cd4 has no level change at all (only the 10 planar
 * moves of test_planar_move_as_in_chess). */
static void
test_level_change_needs_empty_square_above_below (void)
{
  g_autofree VsPosition *pos = load ("7K/8/8/8/3P4/8/8/8|8/8/3P4/8/3R2n1/8/8/8|7k/8/8/8/3P4/8/8/8 w - 0 1");
  g_assert_cmpint (count_moves (pos, "Bd4A"), ==, 0);
  g_assert_cmpint (count_moves (pos, "Bd4C"), ==, 0);
}

/* ---- The level-change table ----------------------------------------------------- */

/* "King: one level up or down, no further movement": a King that has moved
 * has its 8 planar steps plus Ad4 and Cd4. */
static void
test_king_level_change_one_level (void)
{
  expect_moves ("8/8/8/8/8/8/8/8|8/8/8/8/3K4/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "Bd4",
                "Bd4Bc3 Bd4Bc4 Bd4Bc5 Bd4Bd3 Bd4Bd5 Bd4Be3 Bd4Be4 Bd4Be5 Bd4Ad4 Bd4Cd4");
}

/* "(on its very first move it may add one ordinary King step on the new
 * level)": the unmoved King on Ae1 goes to Be1 or one step further on B,
 * but not onto the Knight on Bf2 (no capture) nor to Bd1 (attacked by it);
 * it has no planar move (first move must change level). */
static void
test_king_first_move_adds_one_step (void)
{
  expect_moves ("8/8/8/8/8/8/8/4K'3|8/8/8/8/8/8/5n2/8|7k/8/8/8/8/8/8/8 w - 0 1", "Ae1",
                "Ae1Be1 Ae1Bd2 Ae1Be2 Ae1Bf1");
}

/* "Rook: one level up or down, then optionally a Rook slide on the new
 * level": Ca1 drops to Ba1 and slides to Ba2, Ba3 (Ba4 is an enemy pawn)
 * and Bb1 (Bc1 is an enemy Knight). */
static void
test_rook_level_change_then_slide (void)
{
  expect_moves ("7k/8/8/8/8/8/8/7K|8/8/8/8/p7/8/8/2n5|8/8/8/8/8/8/8/R7 w - 0 1", "Ca1B",
                "Ca1Ba1 Ca1Ba2 Ca1Ba3 Ca1Bb1");
}

/* "Bishop: one level up or down, then optionally a Bishop slide on the new
 * level (a Bishop keeps its square colour)": Ac1 rises to Bc1, slides to
 * Bb2, Ba3, Bd2, Be3 (own pawn on Bf4); every square is dark like c1. */
static void
test_bishop_level_change_keeps_colour (void)
{
  const char *fen = "7K/8/8/8/8/8/8/2B5|8/8/8/8/5P2/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1";
  expect_moves (fen, "Ac1B", "Ac1Bc1 Ac1Bb2 Ac1Ba3 Ac1Bd2 Ac1Be3");
  g_autofree VsPosition *pos = load (fen);
  VsMove moves[VS_MAX_MOVES];
  int n = vs_position_generate (pos, VS_GEN_ALL, moves);
  for (int i = 0; i < n; i++)
    if (VS_MOVE_FROM (moves[i]) == sq ("Ac1"))
      {
        int to = VS_MOVE_TO (moves[i]) & 63;
        g_assert_cmpint (((to & 7) + (to >> 3)) & 1, ==, (2 + 0) & 1);
      }
}

/* "Queen: one level up or down, then optionally a Queen slide": a moved
 * Queen on Bd4 in an empty middle level reaches 27 squares on B, and on A
 * and C the vertical square plus 27 slides each. */
static void
test_queen_level_change_then_slide (void)
{
  g_autofree VsPosition *pos = load ("7K/8/8/8/8/8/8/8|8/8/8/8/3Q4/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1");
  g_assert_cmpint (count_moves (pos, "Bd4B"), ==, 27);
  /* A: Ah8 (own King) is on the d4–h8 diagonal, so the slide stops on Ag7 */
  g_assert_cmpint (count_moves (pos, "Bd4A"), ==, 1 + 26);
  g_assert_cmpint (count_moves (pos, "Bd4C"), ==, 1 + 26);
}

/* "Knight: one OR two levels up or down combined with an ordinary knight
 * leap on the new level, made as ONE leap: only the destination matters
 * and it must be empty; the squares directly above or below the Knight …
 * may be occupied": the unmoved Knight on Ab1 (Bb1 and Cb1 occupied) leaps
 * to Ba3, Bd2 (Bc3 holds an enemy pawn: no capture), Ca3, Cc3 (Cd2 holds
 * its own pawn); no planar move since it has not moved yet. */
static void
test_knight_one_or_two_levels_one_leap (void)
{
  expect_moves ("7K/8/8/8/8/8/8/1N'6|7k/8/8/8/8/2p5/8/1B6|8/8/8/8/8/8/3P4/1r6 w - 0 1", "Ab1",
                "Ab1Ba3 Ab1Bd2 Ab1Ca3 Ab1Cc3");
}

/* A moved Knight on Ad4: 8 planar leaps, 8 onto B, 8 onto C (two levels). */
static void
test_knight_two_levels_from_bottom (void)
{
  g_autofree VsPosition *pos = load ("8/8/8/8/3N4/8/8/7K|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1");
  g_assert_cmpint (count_moves (pos, "Ad4A"), ==, 8);
  g_assert_cmpint (count_moves (pos, "Ad4B"), ==, 8);
  g_assert_cmpint (count_moves (pos, "Ad4C"), ==, 8);
}

/* "Pawn: one level up or down, no further movement (it does not advance)":
 * see test_planar_pawn_captures_diagonally (Be5 → Ae5, Ce5).
 * "On its first move: one level up or down and then, compulsorily, one or
 * two squares straight forward on the new level; the square reached
 * vertically and every square crossed or reached on the new level must be
 * empty." Aa2: Ba3, Ba4.  Ac2: Bc3 only (Bc4 taken).  Ae2: none (Be3
 * taken, cannot be crossed).  Ag2: none (Bg2 taken). */
static void
test_pawn_first_move_level_and_advance (void)
{
  const char *fen = "8/8/8/8/8/8/P'1P'1P'1P'1/8|8/8/8/8/2p5/4p3/6p1/8|7k/8/8/8/8/8/8/7K w - 0 1";
  expect_moves (fen, "Aa2", "Aa2Ba3 Aa2Ba4");
  expect_moves (fen, "Ac2", "Ac2Bc3");
  expect_moves (fen, "Ae2", "");
  expect_moves (fen, "Ag2", "");
}

/* "Such a two-square advance can be taken en passant on the new level, on
 * the very next move": after P Ae2 - Be4 the black pawn on Bd4 may take on
 * Be3; one move pair later it may not. */
static void
test_pawn_first_move_en_passant_next_move_only (void)
{
  g_autofree VsPosition *pos = load ("8/8/8/8/8/8/4P'3/8|8/8/8/8/3p4/8/8/8|k7/8/8/8/8/8/8/7K w - 0 1");
  play (pos, "P Ae2 - Be4");
  g_autofree char *fen = vs_position_to_string (pos);
  g_assert_cmpstr (fen, ==, "8/8/8/8/8/8/8/8|8/8/8/8/3pP3/8/8/8|k7/8/8/8/8/8/8/7K b Be3 0 1");
  expect_moves_at (pos, "Bd4", "Bd4Bd3 Bd4Be3 Bd4Ad4 Bd4Cd4");
  VsMove ep = parse_san (pos, "P Bd4 x Be3 e.p.", NULL);
  g_assert_cmpint (VS_MOVE_KIND (ep), ==, VS_MOVE_EN_PASSANT);
  VsMoveEffects fx;
  vs_move_effects (pos, ep, &fx);
  g_assert_cmpint (fx.n_captured, ==, 1);
  g_assert_cmpint (fx.captured_sq[0], ==, sq ("Be4"));
  play (pos, "K Ca8 - Cb8");
  play (pos, "K Ch1 - Cg1");
  expect_moves_at (pos, "Bd4", "Bd4Bd3 Bd4Ad4 Bd4Cd4");
}

/* ---- The first move of each piece ------------------------------------------------ */

/* "Every piece must change level on its own first move": in the start
 * position no move ends on level A, White's own level. */
static void
test_first_move_must_change_level (void)
{
  g_autofree VsPosition *pos = load (NULL);
  g_assert_cmpint (count_moves (pos, NULL), ==, 102);
  VsMove moves[VS_MAX_MOVES];
  int n = vs_position_generate (pos, VS_GEN_ALL, moves);
  for (int i = 0; i < n; i++)
    g_assert_cmpint (VS_MOVE_TO (moves[i]) / 64, !=, 0);
  /* the unmoved Rook on Aa1: Ba1 and the 14 slides on B, nothing planar */
  g_assert_cmpint (count_moves (pos, "Aa1A"), ==, 0);
  g_assert_cmpint (count_moves (pos, "Aa1B"), ==, 15);
}

static const char *castle_fen = "8/8/8/8/8/8/8/R'3K'2R'|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1";
#define KING_LEVEL_MOVES "Ae1Be1 Ae1Bd1 Ae1Bd2 Ae1Be2 Ae1Bf2 Ae1Bf1"

/* "Castling is a planar move and allowed as usual: King on e1/e8 and Rook
 * in the corner of the same level, both unmoved …" — O-O (Ag1), O-O-O
 * (Ac1), and with the level shift O-O @B (Bg1), O-O-O @B (Bc1), besides the
 * King's own first-move level changes. */
static void
test_castling_allowed_as_usual (void)
{
  expect_moves (castle_fen, "Ae1", "Ae1Ag1 Ae1Ac1 Ae1Bg1 Ae1Bc1 " KING_LEVEL_MOVES);
  g_autofree VsPosition *pos = load (castle_fen);
  play (pos, "O-O");
  g_autofree char *fen = vs_position_to_string (pos);
  /* both have moved now: no marks */
  g_assert_cmpstr (fen, ==, "8/8/8/8/8/8/8/R'4RK1|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 b - 1 1");
}

/* "… both unmoved": the Rook on Aa1 has moved, so no O-O-O. */
static void
test_castling_needs_unmoved_rook (void)
{
  expect_moves ("8/8/8/8/8/8/8/R3K'2R'|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "Ae1",
                "Ae1Ag1 Ae1Bg1 " KING_LEVEL_MOVES);
}

/* "squares between them empty": the Knight on Ab1 forbids O-O-O. */
static void
test_castling_needs_empty_squares_between (void)
{
  expect_moves ("8/8/8/8/8/8/8/R'N'2K'2R'|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "Ae1",
                "Ae1Ag1 Ae1Bg1 " KING_LEVEL_MOVES);
}

/* "the King not in check": the Rook on Ae8 checks; no castling.  The King
 * (unmoved, in check) may step planar to Ad1, Ad2, Af1, Af2 (Ae2 is on the
 * Rook's file). */
static void
test_castling_not_out_of_check (void)
{
  expect_moves ("4r3/8/8/8/8/8/8/R'3K'2R'|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "Ae1",
                "Ae1Ad1 Ae1Ad2 Ae1Af1 Ae1Af2 " KING_LEVEL_MOVES);
}

/* "the square it crosses … not attacked": Rook on Af8 — no O-O, not even
 * with the level shift (the conditions hold on the King's own level). */
static void
test_castling_crossed_square_not_attacked (void)
{
  expect_moves ("5r2/8/8/8/8/8/8/R'3K'2R'|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "Ae1",
                "Ae1Ac1 Ae1Bc1 " KING_LEVEL_MOVES);
}

/* "… and the square it lands on, on its level, not attacked": Rook on Ag8
 * — no O-O and no O-O @B, although Bg1 itself is safe. */
static void
test_castling_landing_square_not_attacked (void)
{
  expect_moves ("6r1/8/8/8/8/8/8/R'3K'2R'|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "Ae1",
                "Ae1Ac1 Ae1Bc1 " KING_LEVEL_MOVES);
}

/* "Where this file is silent, behave as orthodox chess does": the b-file
 * square the Rook crosses in O-O-O may be attacked (Rook on Ab8). */
static void
test_castling_b_square_may_be_attacked (void)
{
  expect_moves ("1r6/8/8/8/8/8/8/R'3K'2R'|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "Ae1",
                "Ae1Ag1 Ae1Ac1 Ae1Bg1 Ae1Bc1 " KING_LEVEL_MOVES);
}

/* "then both move straight up or down onto their castled squares of the
 * adjacent level (g- and f-file, or c- and d-file), which must be empty …
 * Nothing else on the adjacent level matters": Bf1 is taken (no O-O @B),
 * while Be1 above the King and Ba1 above the Rook do not stop O-O-O @B
 * (they do stop the King's own level change). */
static void
test_castling_shift_needs_empty_castled_squares_only (void)
{
  expect_moves ("8/8/8/8/8/8/8/R'3K'2R'|8/8/8/8/8/8/8/N3Bn2|7k/8/8/8/8/8/8/8 w - 0 1", "Ae1",
                "Ae1Ag1 Ae1Ac1 Ae1Bc1");
}

/* "… and the King must not be in check there": the black Rook on Bh1 hits
 * Bg1 (no O-O @B); after O-O-O @B the white Rook on Bd1 shields Bc1, so it
 * is legal.  (King's own level changes: Be1, Bd1, Bf1 attacked.) */
static void
test_castling_shift_king_not_in_check_there (void)
{
  expect_moves ("8/8/8/8/8/8/8/R'3K'2R'|8/8/8/8/8/8/8/7r|7k/8/8/8/8/8/8/8 w - 0 1", "Ae1",
                "Ae1Ag1 Ae1Ac1 Ae1Bc1 Ae1Bd2 Ae1Be2 Ae1Bf2");
}

/* "Written O-O @B": Black castles from level C onto B; both forms read. */
static void
test_castling_shift_written_at_level (void)
{
  const char *fen = "8/8/8/8/8/8/8/7K|8/8/8/8/8/8/8/8|r'3k'2r'/8/8/8/8/8/8/8 b - 0 1";
  expect_moves (fen, "Ce8", "Ce8Cc8 Ce8Cg8 Ce8Bc8 Ce8Bg8 Ce8Be8 Ce8Bd8 Ce8Bd7 Ce8Be7 Ce8Bf7 Ce8Bf8");
  g_autofree VsPosition *pos = load (fen);
  g_autofree char *a = san_of (pos, "Ce8Bc8");
  g_assert_cmpstr (a, ==, "O-O-O @B");
  g_autofree char *b = san_of (pos, "Ce8Cg8");
  g_assert_cmpstr (b, ==, "O-O");
  /* what the move does: the Rook goes from Ca8 to Bd8, nothing is taken */
  VsMoveEffects fx;
  vs_move_effects (pos, parse_san (pos, "O-O-O @B", NULL), &fx);
  g_assert_cmpint (fx.rook_from, ==, sq ("Ca8"));
  g_assert_cmpint (fx.rook_to, ==, sq ("Bd8"));
  g_assert_cmpint (fx.n_captured, ==, 0);
  g_assert_cmpint (fx.gives_check, ==, 0);
  g_assert_cmpint (fx.placed, ==, VS_MAKE_PIECE (VS_BLACK, 6));
  play (pos, "O-O-O @B");
  g_autofree char *after = vs_position_to_string (pos);
  g_assert_cmpstr (after, ==, "8/8/8/8/8/8/8/7K|2kr4/8/8/8/8/8/8/8|7r'/8/8/8/8/8/8/8 w - 1 2");
}

/* "When the side to move is in check, each of its pieces that stands on the
 * King's level, the King included, may make a planar move even as its
 * first move": the Bishop on Aa5 checks Ae1 along a5–e1.  Knight b1 blocks
 * on Ac3/Ad2, pawn c2 blocks on Ac3, the King steps to Ad1, Ae2, Af1, Af2
 * (Ad2 attacked) or changes level; nothing else resolves the check. */
static void
test_in_check_planar_first_move_on_king_level (void)
{
  expect_moves ("8/8/8/b7/p7/8/1P'P'5/1N'2K'2R'|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", NULL,
                "Ae1Ad1 Ae1Ae2 Ae1Af1 Ae1Af2 " KING_LEVEL_MOVES " "
                "Ab1Ac3 Ab1Ad2 Ab2Ab4 Ac2Ac3");
}

/* "A pawn doing so moves as in chess, including the two-square advance from
 * its starting rank (which can be taken en passant). Such a piece has then
 * moved." */
static void
test_in_check_pawn_two_squares_en_passant_and_moved (void)
{
  g_autofree VsPosition *pos = load ("8/8/8/b7/p7/8/1P'P'5/1N'2K'2R'|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1");
  play (pos, "P Ab2 - Ab4");
  g_autofree char *fen = vs_position_to_string (pos);
  g_assert_cmpstr (fen, ==, "8/8/8/b7/pP6/8/2P'5/1N'2K'2R'|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 b Ab3 0 1");
  g_assert_false (VS_PIECE_HAS_FLAG (pos->board[sq ("Ab4")]));
  expect_moves_at (pos, "Aa4", "Aa4Aa3 Aa4Ab3 Aa4Ba4");
}

/* The exception is for the King's level only: the King (moved) on Bd1 is
 * checked by the Rook on Bd8; the unmoved Knight on Ab1 may not move planar
 * but blocks by its level change to Bd2; the Rook on Cd5 blocks by dropping
 * to B and sliding on the d-file; the unmoved pawn on Ae2 cannot help. */
static void
test_in_check_other_levels_must_change_level (void)
{
  expect_moves ("8/8/8/8/8/8/4P'3/1N'6|3r4/8/8/8/8/8/8/3K4|7k/8/8/3R4/8/8/8/8 w - 0 1", NULL,
                "Bd1Bc1 Bd1Bc2 Bd1Be1 Bd1Be2 Bd1Ad1 Bd1Cd1 Ab1Bd2 "
                "Cd5Bd2 Cd5Bd3 Cd5Bd4 Cd5Bd5 Cd5Bd6 Cd5Bd7");
}

/* "After its first move a piece may make planar moves and level changes
 * freely": after N Ab1 - Bc3, N Cg8 - Bh6 the Knight on Bc3 has 8 planar
 * leaps, 5 onto A (b1 a4 b5 d5 e4; a2 e2 d1 are White's) and 8 onto C. */
static void
test_after_first_move_free (void)
{
  g_autofree VsPosition *pos = load (NULL);
  play (pos, "N Ab1 - Bc3");
  play (pos, "N Cg8 - Bh6");
  g_assert_cmpint (count_moves (pos, "Bc3B"), ==, 8);
  expect_moves_at (pos, "Bc3A", "Bc3Ab1 Bc3Aa4 Bc3Ab5 Bc3Ad5 Bc3Ae4");
  g_assert_cmpint (count_moves (pos, "Bc3C"), ==, 8);
}

/* "Promotion: a pawn reaching the last rank … of ANY level promotes to Q,
 * R, B or N" and "Perft counts count every promotion choice separately":
 * Bb7 has 4 + 4 promotions plus Ab7, Cb7; Cg7 has 4 plus Bg7.
 * "The piece a pawn promotes to has moved": no mark on the new Queen. */
static void
test_promotion_on_every_level_piece_has_moved (void)
{
  g_autofree VsPosition *pos = load ("8/8/8/8/8/8/8/7K|r7/1P6/8/8/8/8/8/8|8/6P1/8/k7/8/8/8/8 w - 0 1");
  expect_moves_at (pos, "Bb7", "Bb7Bb8q Bb7Bb8r Bb7Bb8b Bb7Bb8n Bb7Ba8q Bb7Ba8r Bb7Ba8b Bb7Ba8n Bb7Ab7 Bb7Cb7");
  expect_moves_at (pos, "Cg7", "Cg7Cg8q Cg7Cg8r Cg7Cg8b Cg7Cg8n Cg7Bg7");
  play (pos, "P Bb7 - Bb8 = Q");
  g_autofree char *fen = vs_position_to_string (pos);
  g_assert_cmpstr (fen, ==, "8/8/8/8/8/8/8/7K|rQ6/8/8/8/8/8/8/8|8/6P1/8/k7/8/8/8/8 b - 0 1");
  g_assert_false (VS_PIECE_HAS_FLAG (pos->board[sq ("Bb8")]));
}

/* "The position therefore records, for every piece, whether it has moved":
 * the same placement with and without marks gives different positions and
 * keys. */
static void
test_position_records_moved_state (void)
{
  g_autofree VsPosition *a = load ("8/8/8/8/8/8/8/R'3K'3|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1");
  g_autofree VsPosition *b = load ("8/8/8/8/8/8/8/R3K'3|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1");
  g_assert_true (VS_PIECE_HAS_FLAG (a->board[sq ("Aa1")]));
  g_assert_false (VS_PIECE_HAS_FLAG (b->board[sq ("Aa1")]));
  g_assert_cmpuint (a->key, !=, b->key);
  /* the unmoved Rook only changes level, the moved one also slides on A */
  g_assert_cmpint (count_moves (a, "Aa1A"), ==, 0);
  g_assert_cmpint (count_moves (b, "Aa1A"), ==, 10);
}

/* ---- Check, mate and the end of the game ------------------------------------------ */

/* "Attacks are planar only and geometric: a King is in check when an enemy
 * piece on its own level attacks its square … whether or not that piece
 * has moved yet": the unmoved Rook on Ca8 checks Ca4; the King escapes to
 * Cb3, Cb4, Cb5 or down to Ba4 (Ca3, Ca5 stay on the file). */
static void
test_unmoved_piece_gives_check (void)
{
  const char *fen = "8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|r'3k'3/8/8/8/K7/8/8/8 w - 0 1";
  g_autofree VsPosition *pos = load (fen);
  g_assert_cmpint (vs_variant_strato.checkers (pos), ==, 1);
  expect_moves_at (pos, NULL, "Ca4Cb3 Ca4Cb4 Ca4Cb5 Ca4Ba4");
}

/* "Attacks are planar only": a Rook directly above the King on another
 * level does not check it. */
static void
test_attacks_planar_only (void)
{
  g_autofree VsPosition *pos = load ("8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/4r3|7k/8/8/8/8/8/8/8 w - 0 1");
  g_assert_cmpint (vs_variant_strato.checkers (pos), ==, 0);
}

/* "\"Attacked\" means the same for castling": the unmoved Bishop on Ab5
 * covers Af1, so O-O is not allowed (O-O-O is). */
static void
test_castling_attacked_by_unmoved_piece (void)
{
  expect_moves ("8/8/8/1b'6/8/8/8/R'3K'2R'|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "Ae1",
                "Ae1Ac1 Ae1Bc1 " KING_LEVEL_MOVES);
}

/* "A move that leaves the mover's King in check is illegal": the Rook on Ae4
 * is pinned by the Rook on Ae8: it moves only on the e-file and cannot
 * leave the level. */
static void
test_move_leaving_king_in_check_illegal (void)
{
  expect_moves ("4r3/8/8/8/4R3/8/8/4K3|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "Ae4",
                "Ae4Ae2 Ae4Ae3 Ae4Ae5 Ae4Ae6 Ae4Ae7 Ae4Ae8");
}

/* "A King in check may escape by a level change": a back-rank "mate" on B
 * is no mate — the King goes to Ah1 or Ch1. */
static void
test_king_escapes_by_level_change (void)
{
  g_autofree VsPosition *pos = load ("8/8/8/8/8/8/8/8|8/8/8/8/8/8/5PPP/1r5K|3k4/8/8/8/8/8/8/8 w - 0 1");
  expect_moves_at (pos, NULL, "Bh1Ah1 Bh1Ch1");
  g_assert_cmpint (vs_test_state (pos, NULL), ==, VS_STATE_ONGOING);
}

/* "… so a mate usually needs pieces on two levels: the squares above and
 * below the King must be occupied or attacked on their own level" and
 * "Checkmate loses": Ah1 is covered by the Rook on Ab1, Ch1 is occupied. */
static void
test_checkmate_needs_two_levels (void)
{
  g_autofree VsPosition *pos = load ("8/8/8/8/8/8/8/1r6|8/8/8/8/8/8/5PPP/1r5K|3k4/8/8/8/8/8/8/7n w - 0 1");
  expect_moves_at (pos, NULL, "");
  VsResult r;
  g_assert_cmpint (vs_test_state (pos, &r), ==, VS_STATE_CHECKMATE);
  g_assert_cmpint (r, ==, VS_RESULT_BLACK_WINS);
}

/* "Draws: stalemate": Aa1 has no move (a2, b1, b2 covered by the Queen,
 * Ba1 occupied) and is not in check. */
static void
test_stalemate_draw (void)
{
  g_autofree VsPosition *pos = load ("8/8/8/8/8/1q6/8/K7|8/8/8/8/8/8/8/n7|7k/8/8/8/8/8/8/8 w - 0 1");
  expect_moves_at (pos, NULL, "");
  VsResult r;
  g_assert_cmpint (vs_test_state (pos, &r), ==, VS_STATE_STALEMATE);
  g_assert_cmpint (r, ==, VS_RESULT_DRAW);
}

/* "threefold repetition (positions are the same when the same pieces, with
 * the same moved/unmoved marks, stand on the same squares, the same side is
 * to move …)": the Knights go out and back three times; the start position
 * (unmoved marks) never comes back, the position with moved Knights at home
 * is the one that repeats, on its third occurrence. */
static void
test_threefold_repetition_counts_marks (void)
{
  g_autofree VsPosition *pos = load (NULL);
  g_autofree char *start = vs_position_to_string (pos);
  for (int round = 1; round <= 3; round++)
    {
      play (pos, "N Ab1 - Bc3");
      play (pos, "N Cb8 - Bc6");
      play (pos, "N Bc3 - Ab1");
      play (pos, "N Bc6 - Cb8");
      g_autofree char *fen = vs_position_to_string (pos);
      char *board_part = g_strndup (fen, strchr (fen, ' ') - fen);
      g_assert_null (strstr (start, board_part));   /* marks differ */
      g_free (board_part);
      g_assert_cmpint (vs_test_state (pos, NULL), ==,
                       round < 3 ? VS_STATE_ONGOING : VS_STATE_REPETITION);
    }
}

/* "… and the same en-passant captures are possible": an ep square nobody
 * can use does not change the position; one that a pawn can use does. */
static void
test_repetition_ep_only_when_capture_possible (void)
{
  g_autofree VsPosition *a = load ("8/8/8/8/8/8/8/7K|8/8/8/8/4P3/8/8/8|7k/8/8/8/8/8/8/8 b Be3 0 1");
  g_autofree VsPosition *b = load ("8/8/8/8/8/8/8/7K|8/8/8/8/4P3/8/8/8|7k/8/8/8/8/8/8/8 b - 0 1");
  g_assert_cmpuint (a->key, ==, b->key);
  g_autofree VsPosition *c = load ("8/8/8/8/8/8/8/7K|8/8/8/8/3pP3/8/8/8|7k/8/8/8/8/8/8/8 b Be3 0 1");
  g_autofree VsPosition *d = load ("8/8/8/8/8/8/8/7K|8/8/8/8/3pP3/8/8/8|7k/8/8/8/8/8/8/8 b - 0 1");
  g_assert_cmpuint (c->key, !=, d->key);
  /* the ep square is written in both cases */
  g_autofree char *s = vs_position_to_string (a);
  g_assert_nonnull (strstr (s, " b Be3 "));
}

/* "the 50-move rule (50 moves by each side without a capture or a pawn
 * move — a pawn's level change is a pawn move)": at 99 plies a Rook move
 * draws, the pawn's level change Bb3 → Ab3 resets the clock. */
static void
test_fifty_moves_pawn_level_change_resets (void)
{
  const char *fen = "8/8/8/8/3R4/8/8/7K|8/8/8/8/8/1P6/8/8|7k/8/1p6/8/8/8/8/8 w - 99 80";
  g_autofree VsPosition *pos = load (fen);
  g_assert_cmpint (vs_test_state (pos, NULL), ==, VS_STATE_ONGOING);
  play (pos, "R Ad4 - Ad5");
  VsResult r;
  g_assert_cmpint (vs_test_state (pos, &r), ==, VS_STATE_FIFTY_MOVES);
  g_assert_cmpint (r, ==, VS_RESULT_DRAW);
  vs_test_unmake (pos);
  play (pos, "P Bb3 - Ab3");
  g_assert_cmpint (pos->halfmove, ==, 0);
  g_assert_cmpint (vs_test_state (pos, NULL), ==, VS_STATE_ONGOING);
}

/* "insufficient material: no pawns left and either at most one minor piece
 * in total, or one side has only its King and the other its King and a
 * single Queen or Rook". */
static void
test_insufficient_material (void)
{
  static const struct { const char *fen; gboolean draw; } cases[] = {
    { "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", TRUE },          /* K v K */
    { "8/8/8/8/8/8/8/K7|8/8/8/8/4N3/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", TRUE },        /* K+N v K */
    { "8/8/8/8/8/8/8/K7|8/8/8/8/4b3/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", TRUE },        /* K v K+B */
    { "8/8/8/8/8/8/8/K7|8/8/8/8/4Q3/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", TRUE },        /* K+Q v K */
    { "8/8/8/8/8/8/8/K7|8/8/8/8/4r3/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", TRUE },        /* K v K+R */
    { "8/8/8/8/8/8/8/K7|8/8/8/8/4N1n1/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", FALSE },     /* two minors */
    { "8/8/8/8/8/8/8/K7|8/8/8/8/4B1B1/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", FALSE },     /* K+B+B */
    { "8/8/8/8/8/8/8/K7|8/8/8/8/4Q1n1/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", FALSE },     /* K+Q v K+N */
    { "8/8/8/8/8/8/8/K7|8/8/8/8/4R1R1/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", FALSE },     /* K+R+R */
    { "8/8/8/8/8/8/8/K7|8/8/8/8/4P3/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", FALSE },       /* a pawn */
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree VsPosition *pos = load (cases[i].fen);
      VsGameState s = vs_test_state (pos, NULL);
      g_assert_cmpint (s, ==, cases[i].draw ? VS_STATE_INSUFFICIENT : VS_STATE_ONGOING);
    }
}

/* "Black's choice of start changes nothing in the rules: White above is
 * White below with levels A and C renamed": perft counts agree. */
static void
test_white_above_is_renamed_white_below (void)
{
  g_autofree VsPosition *a = load (vs_strato_start_fen (FALSE));
  g_autofree VsPosition *b = load (vs_strato_start_fen (TRUE));
  g_assert_cmpuint (vs_perft (a, 3), ==, vs_perft (b, 3));
  /* and every move maps to its renamed move */
  VsMove ma[VS_MAX_MOVES], mb[VS_MAX_MOVES];
  int na = vs_position_generate (a, VS_GEN_ALL, ma);
  int nb = vs_position_generate (b, VS_GEN_ALL, mb);
  g_assert_cmpint (na, ==, nb);
  for (int i = 0; i < na; i++)
    {
      int from = VS_MOVE_FROM (ma[i]), to = VS_MOVE_TO (ma[i]);
      VsMove renamed = VS_MOVE_MAKE ((2 - from / 64) * 64 + from % 64, (2 - to / 64) * 64 + to % 64,
                                     VS_MOVE_KIND (ma[i]), VS_MOVE_PIECE (ma[i]));
      g_assert_true (vs_position_is_legal (b, renamed));
    }
}

/* ---- Record notation -------------------------------------------------------------------- */

/* "<piece> <from> - <to> for moves, x for captures, squares with level:
 * N Ab1 - Bc3, P Ae2 - Be4, B Bc4 x Bf7 +, P Bb7 - Bb8 = Q, O-O / O-O-O,
 * O-O @B, en passant P Be5 x Bd6 e.p., + check, # mate." */
static void
test_record_notation_written (void)
{
  static const struct { const char *fen, *uci, *san; } cases[] = {
    { VS_STRATO_START_WHITE_BELOW, "Ab1Bc3", "N Ab1 - Bc3" },
    { VS_STRATO_START_WHITE_BELOW, "Ae2Be4", "P Ae2 - Be4" },
    { "8/8/8/8/8/8/8/7K|6k1/5p2/8/8/2B5/8/8/8|8/8/8/8/8/8/8/8 w - 0 1", "Bc4Bf7", "B Bc4 x Bf7 +" },
    { "8/8/8/8/8/8/8/7K|8/1P6/8/8/8/8/8/8|8/8/8/6k1/8/8/8/8 w - 0 1", "Bb7Bb8q", "P Bb7 - Bb8 = Q" },
    { "8/8/8/8/8/8/8/R'3K'2R'|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "Ae1Ag1", "O-O" },
    { "8/8/8/8/8/8/8/R'3K'2R'|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "Ae1Ac1", "O-O-O" },
    { "8/8/8/8/8/8/8/R'3K'2R'|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "Ae1Bg1", "O-O @B" },
    { "8/8/8/8/8/8/8/R'3K'2R'|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "Ae1Bc1", "O-O-O @B" },
    { "8/8/8/8/8/8/8/7K|8/8/4k3/3pP3/8/8/8/8|8/8/8/8/8/8/8/8 w Bd6 0 1", "Be5Bd6", "P Be5 x Bd6 e.p." },
    { "8/8/8/8/8/8/8/1r6|1r6/8/8/8/8/8/5PPP/7K|3k4/8/8/8/8/8/8/7n b - 0 1", "Bb8Bb1", "R Bb8 - Bb1 #" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree VsPosition *pos = load (cases[i].fen);
      g_autofree char *s = san_of (pos, cases[i].uci);
      g_assert_cmpstr (s, ==, cases[i].san);
    }
}

/* "Canonical order: piece, from, - or x, to, = X, e.p., then + or #,
 * separated by single spaces (P Be5 x Bd6 e.p. +, P Bb7 x Ba8 = Q +,
 * O-O @B +)." */
static void
test_record_notation_canonical_order (void)
{
  static const struct { const char *fen, *uci, *san; } cases[] = {
    { "8/8/8/8/8/8/8/7K|8/4k3/8/3pP3/8/8/8/8|8/8/8/8/8/8/8/8 w Bd6 0 1", "Be5Bd6", "P Be5 x Bd6 e.p. +" },
    { "8/8/8/8/8/8/8/7K|r2k4/1P6/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w - 0 1", "Bb7Ba8q", "P Bb7 x Ba8 = Q +" },
    { "8/8/8/8/8/8/8/4K'2R'|8/8/8/5k2/8/8/8/8|8/8/8/8/8/8/8/8 w - 0 1", "Ae1Bg1", "O-O @B +" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree VsPosition *pos = load (cases[i].fen);
      g_autofree char *s = san_of (pos, cases[i].uci);
      g_assert_cmpstr (s, ==, cases[i].san);
      VsMove m;
      g_assert_true (vs_move_parse (pos, cases[i].uci, VS_NOTATION_UCI, &m, NULL, NULL));
      VsMoveEffects fx;
      vs_move_effects (pos, m, &fx);
      g_assert_cmpint (fx.gives_check, ==, 1);
    }
}

/* "Piece + from + to (+ promotion) always names exactly one move": in the
 * start position and the test positions above no two legal moves share
 * from, to and promotion piece. */
static void
test_record_notation_no_disambiguation (void)
{
  const char *fens[] = {
    VS_STRATO_START_WHITE_BELOW,
    "8/8/8/8/8/8/8/R'3K'2R'|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1",
    "8/8/8/8/8/8/8/7K|r7/1P6/8/8/8/8/8/8|8/6P1/8/k7/8/8/8/8 w - 0 1",
  };
  for (guint f = 0; f < G_N_ELEMENTS (fens); f++)
    {
      g_autofree VsPosition *pos = load (fens[f]);
      VsMove moves[VS_MAX_MOVES];
      int n = vs_position_generate (pos, VS_GEN_ALL, moves);
      for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
          g_assert_false (VS_MOVE_FROM (moves[i]) == VS_MOVE_FROM (moves[j]) &&
                          VS_MOVE_TO (moves[i]) == VS_MOVE_TO (moves[j]) &&
                          VS_MOVE_PIECE (moves[i]) == VS_MOVE_PIECE (moves[j]));
    }
}

/* "Readers accept any spacing, upper or lower case, 0 for O, : for x, a
 * missing =, a missing e.p., a missing or wrong check mark (a warning at
 * most), and castling written as the King's move (K Ae1 - Ag1, K Ae1 -
 * Bg1). The piece letter is always written, also P." */
static void
test_record_notation_read_tolerantly (void)
{
  static const struct { const char *fen, *text, *uci; gboolean warns; } cases[] = {
    { VS_STRATO_START_WHITE_BELOW, "P Ae2 - Be4", "Ae2Be4", FALSE },
    { VS_STRATO_START_WHITE_BELOW, "pae2-be4", "Ae2Be4", FALSE },
    { VS_STRATO_START_WHITE_BELOW, "  P   AE2  -  BE4 ", "Ae2Be4", FALSE },
    { VS_STRATO_START_WHITE_BELOW, "n ab1 - bc3", "Ab1Bc3", FALSE },
    { VS_STRATO_START_WHITE_BELOW, "P Ae2 - Be4 +", "Ae2Be4", TRUE },            /* wrong mark */
    { "8/8/8/8/8/8/8/7K|6k1/5p2/8/8/2B5/8/8/8|8/8/8/8/8/8/8/8 w - 0 1", "B Bc4 : Bf7 +", "Bc4Bf7", FALSE },
    { "8/8/8/8/8/8/8/7K|6k1/5p2/8/8/2B5/8/8/8|8/8/8/8/8/8/8/8 w - 0 1", "B Bc4 x Bf7", "Bc4Bf7", TRUE },  /* missing + */
    { "8/8/8/8/8/8/8/7K|6k1/5p2/8/8/2B5/8/8/8|8/8/8/8/8/8/8/8 w - 0 1", "B Bc4 x Bf7 #", "Bc4Bf7", TRUE }, /* # for + */
    { "8/8/8/8/8/8/8/7K|8/1P6/8/8/8/8/8/8|8/8/8/6k1/8/8/8/8 w - 0 1", "P Bb7 - Bb8 Q", "Bb7Bb8q", FALSE },
    { "8/8/8/8/8/8/8/7K|8/1P6/8/8/8/8/8/8|8/8/8/6k1/8/8/8/8 w - 0 1", "p bb7-bb8=n", "Bb7Bb8n", FALSE },
    { "8/8/8/8/8/8/8/7K|8/8/4k3/3pP3/8/8/8/8|8/8/8/8/8/8/8/8 w Bd6 0 1", "P Be5 x Bd6", "Be5Bd6", FALSE },
    { "8/8/8/8/8/8/8/7K|8/8/4k3/3pP3/8/8/8/8|8/8/8/8/8/8/8/8 w Bd6 0 1", "PBe5:Bd6ep", "Be5Bd6", FALSE },
    { "8/8/8/8/8/8/8/R'3K'2R'|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "0-0", "Ae1Ag1", FALSE },
    { "8/8/8/8/8/8/8/R'3K'2R'|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "o-o-o", "Ae1Ac1", FALSE },
    { "8/8/8/8/8/8/8/R'3K'2R'|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "0-0 @ b", "Ae1Bg1", FALSE },
    { "8/8/8/8/8/8/8/R'3K'2R'|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "O-O-O@B", "Ae1Bc1", FALSE },
    { "8/8/8/8/8/8/8/R'3K'2R'|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "K Ae1 - Ag1", "Ae1Ag1", FALSE },
    { "8/8/8/8/8/8/8/R'3K'2R'|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "K Ae1 - Bg1", "Ae1Bg1", FALSE },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree VsPosition *pos = load (cases[i].fen);
      const char *warning = NULL;
      VsMove m = parse_san (pos, cases[i].text, &warning);
      g_autofree char *u = uci (pos, m);
      g_assert_cmpstr (u, ==, cases[i].uci);
      if (cases[i].warns)
        g_assert_nonnull (warning);
      else
        g_assert_null (warning);
    }
  /* castling read as O-O is a castling move */
  g_autofree VsPosition *pos = load ("8/8/8/8/8/8/8/R'3K'2R'|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1");
  g_assert_cmpint (VS_MOVE_KIND (parse_san (pos, "K Ae1 - Bg1", NULL)), ==, VS_MOVE_CASTLE);
}

/* What readers must refuse: wrong piece letter, an illegal move (planar first
 * move), a promotion without its piece, garbage. */
static void
test_record_notation_errors (void)
{
  static const struct { const char *fen, *text; int code; } cases[] = {
    { VS_STRATO_START_WHITE_BELOW, "Q Ae2 - Be4", VS_CORE_ERROR_ILLEGAL_MOVE },
    { VS_STRATO_START_WHITE_BELOW, "P Ae2 - Ae4", VS_CORE_ERROR_ILLEGAL_MOVE },
    { VS_STRATO_START_WHITE_BELOW, "O-O", VS_CORE_ERROR_ILLEGAL_MOVE },
    { VS_STRATO_START_WHITE_BELOW, "P De2 - Be4", VS_CORE_ERROR_BAD_MOVE },
    { VS_STRATO_START_WHITE_BELOW, "hello", VS_CORE_ERROR_BAD_MOVE },
    { VS_STRATO_START_WHITE_BELOW, "", VS_CORE_ERROR_BAD_MOVE },
    { "8/8/8/8/8/8/8/7K|8/1P6/8/8/8/8/8/8|8/8/8/6k1/8/8/8/8 w - 0 1", "P Bb7 - Bb8", VS_CORE_ERROR_AMBIGUOUS_MOVE },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree VsPosition *pos = load (cases[i].fen);
      VsMove m;
      g_autoptr(GError) error = NULL;
      g_assert_false (vs_move_parse (pos, cases[i].text, VS_NOTATION_SAN, &m, NULL, &error));
      g_assert_error (error, VS_CORE_ERROR, cases[i].code);
    }
}

/* UCI form (module comment): level letter + square, promotion suffix,
 * castling as the King's move; read back, case-insensitively. */
static void
test_uci_form (void)
{
  g_autofree VsPosition *pos = load ("8/8/8/8/8/8/8/R'3K'2R'|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1");
  VsMove m;
  g_assert_true (vs_move_parse (pos, "Ae1Bg1", VS_NOTATION_UCI, &m, NULL, NULL));
  g_assert_cmpint (VS_MOVE_KIND (m), ==, VS_MOVE_CASTLE);
  g_assert_true (vs_move_parse (pos, "ae1ag1", VS_NOTATION_UCI, &m, NULL, NULL));
  g_assert_cmpint (VS_MOVE_TO (m), ==, sq ("Ag1"));
  g_autoptr(GError) error = NULL;
  g_assert_false (vs_move_parse (pos, "Ae1Ag1x", VS_NOTATION_UCI, &m, NULL, &error));
  g_assert_error (error, VS_CORE_ERROR, VS_CORE_ERROR_BAD_MOVE);
  g_autofree VsPosition *p2 = load ("8/8/8/8/8/8/8/7K|8/1P6/8/8/8/8/8/8|8/8/8/6k1/8/8/8/8 w - 0 1");
  g_assert_true (vs_move_parse (p2, "Bb7Bb8r", VS_NOTATION_UCI, &m, NULL, NULL));
  g_assert_cmpint (VS_MOVE_PIECE (m), ==, 4);
  g_autofree char *u = uci (p2, m);
  g_assert_cmpstr (u, ==, "Bb7Bb8r");
}

/* ---- Position strings ------------------------------------------------------------------- */

/* "The three levels, level A first, separated by |; each level written like
 * a chess FEN board. A piece that has NOT moved yet carries a trailing '
 * … no castling field. Then: side to move, en-passant target square with its
 * level or -, halfmove clock, move number."  The default start string. */
static void
test_position_string_format (void)
{
  static const char *start =
    "8/8/8/8/8/8/P'P'P'P'P'P'P'P'/R'N'B'Q'K'B'N'R'|8/8/8/8/8/8/8/8|"
    "r'n'b'q'k'b'n'r'/p'p'p'p'p'p'p'p'/8/8/8/8/8/8 w - 0 1";
  g_assert_cmpstr (vs_variant_strato.start_fen, ==, start);
  g_autofree VsPosition *pos = load (start);
  g_autofree char *back = vs_position_to_string (pos);
  g_assert_cmpstr (back, ==, start);
  play (pos, "N Ab1 - Bc3");
  g_autofree char *s1 = vs_position_to_string (pos);
  g_assert_cmpstr (s1, ==, "8/8/8/8/8/8/P'P'P'P'P'P'P'P'/R'1B'Q'K'B'N'R'|8/8/8/8/8/2N5/8/8|"
                   "r'n'b'q'k'b'n'r'/p'p'p'p'p'p'p'p'/8/8/8/8/8/8 b - 1 1");
  play (pos, "P Cd7 - Bd5");
  g_autofree char *s2 = vs_position_to_string (pos);
  g_assert_cmpstr (s2, ==, "8/8/8/8/8/8/P'P'P'P'P'P'P'P'/R'1B'Q'K'B'N'R'|8/8/8/3p4/8/2N5/8/8|"
                   "r'n'b'q'k'b'n'r'/p'p'p'1p'p'p'p'/8/8/8/8/8/8 w Bd6 0 2");
}

/* "… and White above is the same with the first and third level swapped." */
static void
test_position_string_white_above (void)
{
  g_auto(GStrv) below = g_strsplit_set (vs_strato_start_fen (FALSE), "| ", -1);
  g_auto(GStrv) above = g_strsplit_set (vs_strato_start_fen (TRUE), "| ", -1);
  g_assert_cmpstr (below[0], ==, above[2]);
  g_assert_cmpstr (below[1], ==, above[1]);
  g_assert_cmpstr (below[2], ==, above[0]);
  for (int i = 3; below[i]; i++)
    g_assert_cmpstr (below[i], ==, above[i]);
  g_autofree VsPosition *pos = load (vs_strato_start_fen (TRUE));
  g_autofree char *back = vs_position_to_string (pos);
  g_assert_cmpstr (back, ==, vs_strato_start_fen (TRUE));
}

/* Bad position strings are refused with the column of the fault. */
static void
test_position_string_errors (void)
{
  static const struct { const char *fen; const char *at; int skip; } cases[] = {
    { "8/8/8/8/8/8/P'P'P'P'P'P'P'P'/R'N'B'Q'K'B'N'X'|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "X", 0 },
    { "8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - 0 1", " w", 0 },                        /* two levels */
    { "8/8/8/8/8/8/8/4K4|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "4|", 0 },     /* 9 squares */
    { "8/8/8/8/8/8/8/4K2|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "|8/8/8/8/8/8/8/8|", 0 }, /* 7 */
    { "8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "8/", 0 },         /* no White King: column 1 */
    { "8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/K7|7k/8/8/8/8/8/8/8 w - 0 1", "K7", 0 },     /* two Kings */
    { "P7/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "P7", 0 },     /* pawn on 8 */
    { "8/8/8/8/4P'3/8/8/4K3|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "P'3", 0 },  /* unmoved pawn off rank 2 */
    { "'8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1", "'8", 0 },     /* stray ' */
    { "8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 x - 0 1", "x", 0 },       /* side */
    { "8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w Z9 0 1", "Z9", 0 },     /* ep text */
    { "8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w Be6 0 1", "Be6", 0 },   /* ep, no pawn */
    { "8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - x 1", "x 1", 0 },     /* clock */
    { "8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 0 1 junk", "junk", 0 },
    { "8/8/8/8/8/8/8/4K2r|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 b - 0 1", "b -", 0 },    /* White in check, Black to move */
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      VsPosition *pos = g_new0 (VsPosition, 1);
      g_autoptr(GError) error = NULL;
      g_assert_false (vs_test_init (pos, &vs_variant_strato, cases[i].fen, &error));
      g_assert_error (error, VS_CORE_ERROR, VS_CORE_ERROR_BAD_POSITION);
      const char *at = strstr (cases[i].fen, cases[i].at);
      g_assert_nonnull (at);
      at += cases[i].skip;
      g_autofree char *col = g_strdup_printf ("Position string, column %d:", (int) (at - cases[i].fen) + 1);
      if (!g_str_has_prefix (error->message, col))
        g_error ("“%s”: expected “%s…”, got “%s”", cases[i].fen, col, error->message);
      /* *pos untouched */
      g_assert_null (pos->variant);
      g_free (pos);
    }
}

int
main (int argc, char **argv)
{
  g_setenv ("LC_ALL", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
#define ADD(name) g_test_add_func ("/rules/strato/" #name, test_##name)
  ADD (board_three_levels_of_8x8);
  ADD (square_written_level_file_rank);
  ADD (white_moves_first);
  ADD (start_white_below_or_above);
  ADD (planar_move_as_in_chess);
  ADD (planar_pawn_captures_diagonally);
  ADD (level_change_never_captures);
  ADD (level_change_needs_empty_square_above_below);
  ADD (king_level_change_one_level);
  ADD (king_first_move_adds_one_step);
  ADD (queen_level_change_then_slide);
  ADD (rook_level_change_then_slide);
  ADD (bishop_level_change_keeps_colour);
  ADD (knight_one_or_two_levels_one_leap);
  ADD (knight_two_levels_from_bottom);
  ADD (pawn_first_move_level_and_advance);
  ADD (pawn_first_move_en_passant_next_move_only);
  ADD (first_move_must_change_level);
  ADD (castling_allowed_as_usual);
  ADD (castling_needs_unmoved_rook);
  ADD (castling_needs_empty_squares_between);
  ADD (castling_not_out_of_check);
  ADD (castling_crossed_square_not_attacked);
  ADD (castling_landing_square_not_attacked);
  ADD (castling_b_square_may_be_attacked);
  ADD (castling_shift_needs_empty_castled_squares_only);
  ADD (castling_shift_king_not_in_check_there);
  ADD (castling_shift_written_at_level);
  ADD (in_check_planar_first_move_on_king_level);
  ADD (in_check_pawn_two_squares_en_passant_and_moved);
  ADD (in_check_other_levels_must_change_level);
  ADD (after_first_move_free);
  ADD (promotion_on_every_level_piece_has_moved);
  ADD (position_records_moved_state);
  ADD (unmoved_piece_gives_check);
  ADD (attacks_planar_only);
  ADD (castling_attacked_by_unmoved_piece);
  ADD (move_leaving_king_in_check_illegal);
  ADD (king_escapes_by_level_change);
  ADD (checkmate_needs_two_levels);
  ADD (stalemate_draw);
  ADD (threefold_repetition_counts_marks);
  ADD (repetition_ep_only_when_capture_possible);
  ADD (fifty_moves_pawn_level_change_resets);
  ADD (insufficient_material);
  ADD (white_above_is_renamed_white_below);
  ADD (record_notation_written);
  ADD (record_notation_canonical_order);
  ADD (record_notation_no_disambiguation);
  ADD (record_notation_read_tolerantly);
  ADD (record_notation_errors);
  ADD (uci_form);
  ADD (position_string_format);
  ADD (position_string_white_above);
  ADD (position_string_errors);
  return g_test_run ();
}
