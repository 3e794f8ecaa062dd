/* test-rules-chartima.c — Chartima rules, one named test per piece and per
 * special rule of src/core/RULES.md, and every worked example at
 * the end of that file as a position in which the recorded move is legal.
 *
 * Positions are written as piece lists ("K f2 k f9 O d10 +B h9": upper case
 * White, lower case Black, position-string letters, "+B*" an nB owing its
 * Dog) and turned into position strings by build(); the module then reads
 * them back, so every test also goes through the position-string reader.
 * Expected move lists and counts were worked out by hand from the rules
 * (the reasoning is in the comment of each case). */
#include "vs-test-util.h"
#include "vs-test-history.h"
#include "vs-chartima.h"

#include <string.h>
#include <stdlib.h>

/* ---- Helpers ---------------------------------------------------------------- */

static const VsGeometry geom = { 10, 10, 1, 0 };

static int
sq (const char *name)
{
  int used = 0;
  int s = vs_square_parse (&geom, name, &used);
  g_assert_cmpint (s, >=, 0);
  return s;
}

/* "K f2 k f9 +B* h9" + side, castling, ep → position string */
static char *
build (const char *side, const char *castling, const char *ep, const char *pieces)
{
  char cells[100][4];
  memset (cells, 0, sizeof cells);
  g_auto(GStrv) tok = g_strsplit_set (pieces, " ", -1);
  int n = 0;
  for (int i = 0; tok[i]; i++)
    if (*tok[i])
      tok[n++] = tok[i];
  g_assert_true (n % 2 == 0);
  for (int i = 0; i < n; i += 2)
    {
      int s = sq (tok[i + 1]);
      g_assert_cmpint (cells[s][0], ==, 0);
      g_strlcpy (cells[s], tok[i], 4);
    }
  GString *f = g_string_new (NULL);
  for (int r = 9; r >= 0; r--)
    {
      int empty = 0;
      for (int c = 0; c < 10; c++)
        {
          if (!cells[r * 10 + c][0])
            {
              empty++;
              continue;
            }
          if (empty)
            g_string_append_printf (f, "%d", empty);
          empty = 0;
          g_string_append (f, cells[r * 10 + c]);
        }
      if (empty)
        g_string_append_printf (f, "%d", empty);
      if (r)
        g_string_append_c (f, '/');
    }
  g_string_append_printf (f, " %s %s %s 0 1", side, castling, ep);
  return g_string_free (f, FALSE);
}

static VsPosition *
load_fen (const char *fen)
{
  VsPosition *pos = g_new0 (VsPosition, 1);
  g_autoptr(GError) error = NULL;
  if (!vs_test_init (pos, &vs_variant_chartima, fen, &error))
    g_error ("“%s” does not load: %s", fen, error->message);
  return pos;
}

static VsPosition *
load (const char *side, const char *pieces)
{
  g_autofree char *fen = build (side, "-", "-", pieces);
  return load_fen (fen);
}

static char *
uci (const VsPosition *pos, VsMove m)
{
  char text[VS_MOVE_TEXT_MAX];
  vs_move_write (pos, m, VS_NOTATION_UCI, text);
  return g_strdup (text);
}

static char *
san (const VsPosition *pos, VsMove m)
{
  char text[VS_MOVE_TEXT_MAX];
  vs_move_write (pos, m, VS_NOTATION_SAN, text);
  return g_strdup (text);
}

static int
cmp_str (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Sorted engine-notation list of the legal moves starting on `from`
 * (every move when from is NULL). */
static char *
moves_from (const VsPosition *pos, const char *from)
{
  VsMove moves[VS_MAX_MOVES];
  int n = vs_position_generate (pos, VS_GEN_ALL, moves);
  GPtrArray *list = g_ptr_array_new_with_free_func (g_free);
  for (int i = 0; i < n; i++)
    if (from == NULL || VS_MOVE_FROM (moves[i]) == sq (from))
      g_ptr_array_add (list, uci (pos, moves[i]));
  qsort (list->pdata, list->len, sizeof (gpointer), cmp_str);
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < list->len; i++)
    g_string_append_printf (s, "%s%s", i ? " " : "", (char *) list->pdata[i]);
  g_ptr_array_unref (list);
  return g_string_free (s, FALSE);
}

static int
count_from (const VsPosition *pos, const char *from)
{
  VsMove moves[VS_MAX_MOVES];
  int n = vs_position_generate (pos, VS_GEN_ALL, moves), c = 0;
  for (int i = 0; i < n; i++)
    c += from == NULL || VS_MOVE_FROM (moves[i]) == sq (from);
  return c;
}

static int
count_kind_from (const VsPosition *pos, const char *from, VsMoveKind kind)
{
  VsMove moves[VS_MAX_MOVES];
  int n = vs_position_generate (pos, VS_GEN_ALL, moves), c = 0;
  for (int i = 0; i < n; i++)
    c += VS_MOVE_FROM (moves[i]) == sq (from) && VS_MOVE_KIND (moves[i]) == kind;
  return c;
}

/* The legal move written `text` in engine notation (must exist). */
static VsMove
move_uci (const VsPosition *pos, const char *text)
{
  VsMove m = VS_MOVE_NONE;
  const char *warning = NULL;
  g_autoptr(GError) error = NULL;
  if (!vs_move_parse (pos, text, VS_NOTATION_UCI, &m, &warning, &error))
    g_error ("“%s”: %s", text, error->message);
  return m;
}

/* The legal move written `text` in record notation; *warning gets the reader's warning. */
static VsMove
move_san (const VsPosition *pos, const char *text, const char **warning)
{
  VsMove m = VS_MOVE_NONE;
  const char *w = NULL;
  g_autoptr(GError) error = NULL;
  if (!vs_move_parse (pos, text, VS_NOTATION_SAN, &m, &w, &error))
    g_error ("“%s”: %s", text, error->message);
  if (warning)
    *warning = w;
  else if (w)
    g_error ("“%s”: unexpected warning “%s”", text, w);
  return m;
}

static gboolean
is_legal_uci (const VsPosition *pos, const char *text)
{
  VsMove m;
  const char *warning = NULL;
  return vs_move_parse (pos, text, VS_NOTATION_UCI, &m, &warning, NULL);
}

/* Captured squares of a move, in notation order, as "a3 a5". */
static char *
captured (const VsPosition *pos, VsMove m)
{
  VsMoveEffects e;
  vs_move_effects (pos, m, &e);
  GString *s = g_string_new (NULL);
  for (int i = 0; i < e.n_captured; i++)
    {
      char name[8];
      vs_square_name (&geom, e.captured_sq[i], name);
      g_string_append_printf (s, "%s%s", i ? " " : "", name);
    }
  return g_string_free (s, FALSE);
}

static int
gives_check (const VsPosition *pos, VsMove m)
{
  VsMoveEffects e;
  vs_move_effects (pos, m, &e);
  return e.gives_check;
}

static char *
fen_of (const VsPosition *pos)
{
  return vs_position_to_string (pos);
}

/* ---- One test per piece type ------------------------------------------------------ */

typedef struct {
  const char *path;
  const char *pieces;     /* White to move */
  const char *from;
  int count;              /* legal moves of the piece on from */
  int promotions;         /* of which compulsory/choice promotions */
  const char *list;       /* exact sorted list, or NULL */
  const char *why;
} PieceCase;

static const PieceCase piece_cases[] = {
  { "/chartima/piece/king", "K e5 k j10", "e5", 8, 0,
    "e5d4 e5d5 e5d6 e5e4 e5e6 e5f4 e5f5 e5f6",
    "one step in each of the 8 directions" },
  { "/chartima/piece/queen", "K a1 k j9 Q d4", "d4", 32, 6, NULL,
    "18 orthogonal + 14 diagonal (a1 holds the own King); d8 d9 d10 h8 i9 j10 end in the enemy camp: nQ" },
  { "/chartima/piece/promoted-queen", "K a1 k j9 +Q d4", "d4", 40, 0, NULL,
    "the queen's 32 plus the 8 knight leaps (Amazon); nQ never promotes" },
  { "/chartima/piece/chancellor", "K a1 k j9 C d4", "d4", 26, 3, NULL,
    "18 orthogonal slides + 8 knight leaps; d8 d9 d10 promote to nC" },
  { "/chartima/piece/promoted-chancellor", "K a1 k j9 +C d4", "d4", 30, 0, NULL,
    "C plus one diagonal step (c3 c5 e3 e5)" },
  { "/chartima/piece/archbishop", "K a1 k j9 A d4", "d4", 22, 3, NULL,
    "14 diagonal slides + 8 knight leaps; h8 i9 j10 promote to nA" },
  { "/chartima/piece/promoted-archbishop", "K a1 k j9 +A d4", "d4", 26, 0, NULL,
    "A plus one orthogonal step (c4 d3 d5 e4)" },
  { "/chartima/piece/rook", "K a1 k j9 R d4", "d4", 18, 3, NULL,
    "orthogonal slides; d8 d9 d10 promote to nR" },
  { "/chartima/piece/promoted-rook", "K a1 k j9 +R d4", "d4", 22, 0, NULL,
    "R plus one diagonal step" },
  { "/chartima/piece/knight", "K a1 k j9 N d4", "d4", 8, 0,
    "d4b3 d4b5 d4c2 d4c6 d4e2 d4e6 d4f3 d4f5", "the (1,2) leap" },
  { "/chartima/piece/promoted-knight", "K a1 k j9 +N d4", "d4", 16, 0,
    "d4a3 d4a5 d4b3 d4b5 d4c1 d4c2 d4c6 d4c7 d4e1 d4e2 d4e6 d4e7 d4f3 d4f5 d4g3 d4g5",
    "knight leaps plus the (1,3) camel leaps" },
  { "/chartima/piece/bishop", "K a1 k j9 B d4", "d4", 14, 3, NULL,
    "diagonal slides, stopped by the own King on a1; h8 i9 j10 promote to nB" },
  { "/chartima/piece/promoted-bishop", "K a1 k j9 +B d4", "d4", 18, 0, NULL,
    "B plus one orthogonal step" },
  { "/chartima/piece/pawn", "K a1 k j10 P e3 n d4 p f4", "e3", 4, 0,
    "e3d4 e3e4 e3e5 e3f4",
    "one step, two from rank 3, diagonal captures forward" },
  { "/chartima/piece/pawn-promotion", "K a1 k j10 P e7 r d8", "e7", 8, 8,
    "e7d8b e7d8h e7d8n e7d8r e7e8b e7e8h e7e8n e7e8r",
    "reaching rank 8 promotes to the owner's choice of R, N, B or Ca, captures too" },
  { "/chartima/piece/cannon", "K a1 k j10 H d4 P d6 r d8 n g4", "d4", 14, 0,
    "d4a4 d4b4 d4c4 d4d1 d4d2 d4d3 d4d5 d4d7 d4d8 d4e4 d4f4 d4h4 d4i4 d4j4",
    "passes over at most one piece (d7 beyond the d6 screen, h4-j4 beyond g4); "
    "captures d8 over one screen, never g4 without a screen; a Cannon never promotes" },
  { "/chartima/piece/dog", "K a1 k j10 D d6 i d7", "d6", 12, 0,
    "d6a3 d6a9 d6b4 d6b8 d6c5 d6c7 d6e5 d6e7 d6f4 d6f8 d6g3 d6g9",
    "diagonal, at most 3 squares; the Black Immobilizer on d7 does not stop a Dog; no promotion" },
  { "/chartima/piece/immobilizer", "K a1 k j10 I d4 p d6 n e5", "d4", 21, 0, NULL,
    "queen moves to empty squares only (d5 but not d6, nothing toward e5): 1+3+6+3+0+3+3+2" },
  { "/chartima/piece/long-leaper",
    "K a1 L a2 R b1 W b2 N e6 p a4 n a6 r a8 b a9 p c4 k j10", "a2", 5, 0,
    "a2a3 a2a5 a2a7 a2b3 a2d5",
    "jumps a4 then a6, each followed by an empty square; not a8+a9 (adjacent); "
    "jumps c4 to d5; never over the own N e6, W b2, R b1 or K a1" },
  { "/chartima/piece/long-leaper-four", "K j1 k j10 L a1 n a3 b a5 r a7 q a9", "a1", 21, 0, NULL,
    "a2 a4 a6 a8 a10 up the file (a10 captures 4), b1-i1, b2-i9 (no landing square beyond the King on j10)" },
  { "/chartima/piece/withdrawer", "K a1 k j10 W e5 p d4", "e5", 30, 0, NULL,
    "queen moves to empty squares: 5+4+5+4+4+4+4+0" },
  { "/chartima/piece/coordinator", "K c2 k j10 O e7 n g2 b c5", "e7", 30, 0, NULL,
    "queen moves to empty squares: 3+6+5+4+3+3+5+1" },
  { "/chartima/piece/pusher-puller", "K a1 k i10 U e5 n d5 b h5", "e5", 27, 0, NULL,
    "queen moves to empty squares: N 5, S 4, E f5 g5, W 0, NE 5, NW 4, SE 4, SW 3" },
};

static void
test_piece (gconstpointer data)
{
  const PieceCase *c = data;
  g_test_message ("%s: %s", c->pieces, c->why);
  g_autofree VsPosition *pos = load ("w", c->pieces);
  g_autofree char *list = moves_from (pos, c->from);
  g_test_message ("moves: %s", list);
  g_assert_cmpint (count_from (pos, c->from), ==, c->count);
  g_assert_cmpint (count_kind_from (pos, c->from, VS_MOVE_PROMOTION), ==, c->promotions);
  if (c->list)
    g_assert_cmpstr (list, ==, c->list);
}

/* Specific capture behaviour of the pieces above. */
static void
test_piece_captures (void)
{
  /* Queen: the promotion type is nQ. */
  g_autofree VsPosition *q = load ("w", "K a1 k j9 Q d4");
  VsMove m = move_uci (q, "d4d10");
  g_assert_cmpint (VS_MOVE_KIND (m), ==, VS_MOVE_PROMOTION);
  g_autofree char *qs = san (q, m);
  g_assert_cmpstr (qs, ==, "Q D4 - D10 = nQ");

  /* Long leaper: four pieces in the order jumped. */
  g_autofree VsPosition *l = load ("w", "K j1 k j10 L a1 n a3 b a5 r a7 q a9");
  m = move_uci (l, "a1a10");
  g_autofree char *lc = captured (l, m);
  g_assert_cmpstr (lc, ==, "a3 a5 a7 a9");
  g_autofree char *ls = san (l, m);
  g_assert_cmpstr (ls, ==, "L A1 - A10 x A3 x A5 x A7 x A9");

  /* Withdrawer: moving away from d4 (toward f6, g7 …) captures it; other moves do not. */
  g_autofree VsPosition *w = load ("w", "K a1 k j10 W e5 p d4");
  g_autofree char *w1 = captured (w, move_uci (w, "e5g7"));
  g_autofree char *w2 = captured (w, move_uci (w, "e5e6"));
  g_autofree char *w3 = captured (w, move_uci (w, "e5f5"));
  g_assert_cmpstr (w1, ==, "d4");
  g_assert_cmpstr (w2, ==, "");
  g_assert_cmpstr (w3, ==, "");

  /* Coordinator: corners (Co file, own King rank) then (own King file, Co rank). */
  g_autofree VsPosition *co = load ("w", "K c2 k j10 O e7 n g2 b c5");
  m = move_uci (co, "e7g5");
  g_autofree char *cc = captured (co, m);
  g_assert_cmpstr (cc, ==, "g2 c5");
  g_autofree char *cs = san (co, m);
  g_assert_cmpstr (cs, ==, "Co E7 - G5 x G2 x C5");

  /* Pusher-puller: withdrawal (d5) first, then approach (h5). */
  g_autofree VsPosition *pu = load ("w", "K a1 k i10 U e5 n d5 b h5");
  m = move_uci (pu, "e5g5");
  g_autofree char *pc1 = captured (pu, m);
  g_assert_cmpstr (pc1, ==, "d5 h5");
  g_autofree char *ps = san (pu, m);
  g_assert_cmpstr (ps, ==, "Pu E5 - G5 x D5 x H5");
  g_autofree char *pc2 = captured (pu, move_uci (pu, "e5f5"));
  g_assert_cmpstr (pc2, ==, "d5");
  g_autofree char *pc3 = captured (pu, move_uci (pu, "e5e6"));
  g_assert_cmpstr (pc3, ==, "");

  /* Immobilizer: never captures (no move onto e5 or d6). */
  g_autofree VsPosition *im = load ("w", "K a1 k j10 I d4 p d6 n e5");
  g_assert_false (is_legal_uci (im, "d4e5"));
  g_assert_false (is_legal_uci (im, "d4d6"));

  /* Cannon: the d8 capture is a displacement capture. */
  g_autofree VsPosition *ca = load ("w", "K a1 k j10 H d4 P d6 r d8 n g4");
  g_autofree char *cas = san (ca, move_uci (ca, "d4d8"));
  g_assert_cmpstr (cas, ==, "Ca D4 x D8");
}

/* ---- Special rules ------------------------------------------------------------------ */

/* Promotion is compulsory when a Q C A R N B P move ends in the enemy camp,
 * also for a move inside the camp; a move leaving the camp does not promote. */
static void
test_promotion_camp (void)
{
  g_autofree VsPosition *pos = load ("w", "K a1 k j10 R e9");
  /* 18 moves: e10, e8, rank 9 (9 squares) promote = 11; e7..e1 = 7 do not */
  g_assert_cmpint (count_from (pos, "e9"), ==, 18);
  g_assert_cmpint (count_kind_from (pos, "e9", VS_MOVE_PROMOTION), ==, 11);
  g_assert_cmpint (VS_MOVE_KIND (move_uci (pos, "e9e7")), ==, VS_MOVE_NORMAL);
  VsMove m = move_uci (pos, "e9e8");
  g_assert_cmpint (VS_MOVE_KIND (m), ==, VS_MOVE_PROMOTION);
  g_assert_cmpint (VS_MOVE_PIECE (m), ==, 9);   /* nR */

  /* Black promotes in ranks 1-3; a Black pawn on c4 reaching c3 promotes. */
  g_autofree VsPosition *b = load ("b", "K j9 k a10 p c4");
  g_autofree char *list = moves_from (b, "c4");
  g_assert_cmpstr (list, ==, "c4c3b c4c3h c4c3n c4c3r");

  /* An R that came from a pawn promotes again when it ends a move in the camp. */
  g_autofree VsPosition *p = load ("w", "K a1 k j10 P f7");
  vs_test_make (p, move_san (p, "P F7 - F8 = R", NULL));
  vs_test_make (p, move_uci (p, "j10i10"));
  VsMove again = move_uci (p, "f8f9");
  g_assert_cmpint (VS_MOVE_KIND (again), ==, VS_MOVE_PROMOTION);
  g_autofree char *t = san (p, again);
  g_assert_cmpstr (t, ==, "R F8 - F9 = nR");
}

/* En passant: right after a two-square move, only on the very next move. */
static void
test_en_passant (void)
{
  g_autofree VsPosition *pos = load ("b", "K a1 k j10 P e6 p d8");
  vs_test_make (pos, move_san (pos, "P D8 - D6", NULL));
  g_autofree char *fen = fen_of (pos);
  g_assert_cmpstr (fen, ==, "9k/10/10/10/3pP5/10/10/10/10/K9 w - d7 1 2");
  VsMove ep = move_uci (pos, "e6d7");
  g_assert_cmpint (VS_MOVE_KIND (ep), ==, VS_MOVE_EN_PASSANT);
  g_autofree char *c = captured (pos, ep);
  g_assert_cmpstr (c, ==, "d6");
  g_autofree char *s = san (pos, ep);
  g_assert_cmpstr (s, ==, "P E6 x D7");
  /* readers also take the chess habit "e.p." */
  g_assert_true (VS_MOVE_CORE (move_san (pos, "P E6 x D7 e.p.", NULL)) == VS_MOVE_CORE (ep));
  /* not on a later move */
  vs_test_make (pos, move_uci (pos, "a1a2"));
  vs_test_make (pos, move_uci (pos, "j10j9"));
  g_assert_false (is_legal_uci (pos, "e6d7"));
  /* two-square step only from the starting rank, both squares empty */
  g_autofree VsPosition *w = load ("w", "K a1 k j10 P c3 P d4 P e3 n e5");
  g_assert_true (is_legal_uci (w, "c3c5"));
  g_assert_false (is_legal_uci (w, "d4d6"));
  g_assert_false (is_legal_uci (w, "e3e5"));
}

/* Dog release on the nB's first move after promotion. */
static void
test_dog_release (void)
{
  g_autofree VsPosition *pos = load ("w", "K a1 k i10 +B* e5");
  g_autofree char *fen0 = fen_of (pos);
  g_assert_cmpstr (fen0, ==, "8k1/10/10/10/10/4+B*5/10/10/10/K9 w - - 0 1");
  VsMove m = move_uci (pos, "e5f6");
  VsMoveEffects e;
  vs_move_effects (pos, m, &e);
  g_assert_cmpint (e.dog_sq, ==, sq ("e5"));
  g_autofree char *s = san (pos, m);
  g_assert_cmpstr (s, ==, "nB E5 - F6 & D");
  vs_test_make (pos, m);
  g_autofree char *fen1 = fen_of (pos);
  g_assert_cmpstr (fen1, ==, "8k1/10/10/10/5+B4/4D5/10/10/10/K9 b - - 1 1");
  vs_test_unmake (pos);
  g_autofree char *fen2 = fen_of (pos);
  g_assert_cmpstr (fen2, ==, fen0);

  /* A B promoting becomes an nB that owes its Dog (written +B*). */
  g_autofree VsPosition *b = load ("w", "K a1 k a10 B e4 n i8");
  vs_test_make (b, move_san (b, "B E4 x I8 = nB", NULL));
  g_autofree char *fen3 = fen_of (b);
  g_assert_cmpstr (fen3, ==, "k9/10/8+B*1/10/10/10/10/10/10/K9 b - - 0 1");

  /* An nB owing its Dog that commits suicide releases none. */
  g_autofree VsPosition *sui = load ("w", "K a1 k j10 +B* e5 i e6");
  g_autofree char *list = moves_from (sui, "e5");
  g_assert_cmpstr (list, ==, "e5e5");
  vs_test_make (sui, move_uci (sui, "e5e5"));
  g_assert_cmpint (sui->board[sq ("e5")], ==, VS_PIECE_NONE);
}

/* Castling: K f2→i2 with j2→h2, f2→c2 with a2→d2, and every condition. */
static void
test_castling (void)
{
  g_autofree char *fen = build ("w", "KQkq", "-", "R a2 K f2 R j2 r a9 k f9 r j9");
  g_autofree VsPosition *pos = load_fen (fen);
  VsMove oo = move_san (pos, "O-O", NULL);
  VsMove ooo = move_san (pos, "O-O-O", NULL);
  g_assert_cmpint (VS_MOVE_KIND (oo), ==, VS_MOVE_CASTLE);
  g_assert_cmpint (VS_MOVE_TO (oo), ==, sq ("i2"));
  g_assert_cmpint (VS_MOVE_TO (ooo), ==, sq ("c2"));
  VsMoveEffects e;
  vs_move_effects (pos, oo, &e);
  g_assert_cmpint (e.rook_from, ==, sq ("j2"));
  g_assert_cmpint (e.rook_to, ==, sq ("h2"));
  vs_move_effects (pos, ooo, &e);
  g_assert_cmpint (e.rook_from, ==, sq ("a2"));
  g_assert_cmpint (e.rook_to, ==, sq ("d2"));
  g_autofree char *u = uci (pos, oo);
  g_assert_cmpstr (u, ==, "f2i2");
  /* also read as the King's move, and 0-0 with zeros */
  g_assert_true (VS_MOVE_CORE (move_san (pos, "K F2 - I2", NULL)) == VS_MOVE_CORE (oo));
  g_assert_true (VS_MOVE_CORE (move_san (pos, "0-0-0", NULL)) == VS_MOVE_CORE (ooo));
  vs_test_make (pos, oo);
  g_autofree char *after = fen_of (pos);
  g_assert_cmpstr (after, ==, "10/r4k3r/10/10/10/10/10/10/R6RK1/10 b kq - 1 1");
  g_assert_true (is_legal_uci (pos, "f9c9"));   /* Black O-O-O */
  /* Black O-O: h9 is now attacked by the Rook that castled to h2 */
  g_assert_false (is_legal_uci (pos, "f9i9"));

  /* g2 attacked (Black Rook on g8): no O-O; O-O-O still legal. */
  g_autofree char *f2 = build ("w", "KQ", "-", "R a2 K f2 R j2 k b10 r g8");
  g_autofree VsPosition *p2 = load_fen (f2);
  g_assert_false (is_legal_uci (p2, "f2i2"));
  g_assert_true (is_legal_uci (p2, "f2c2"));

  /* In check (Black Rook on f8): no castling. */
  g_autofree char *f3 = build ("w", "KQ", "-", "R a2 K f2 R j2 k b10 r f8");
  g_autofree VsPosition *p3 = load_fen (f3);
  g_assert_false (is_legal_uci (p3, "f2i2"));
  g_assert_false (is_legal_uci (p3, "f2c2"));

  /* Rook immobilized (Black Immobilizer on i3 next to j2): no O-O. */
  g_autofree char *f4 = build ("w", "KQ", "-", "R a2 K f2 R j2 k b10 i i3");
  g_autofree VsPosition *p4 = load_fen (f4);
  g_assert_false (is_legal_uci (p4, "f2i2"));
  g_assert_true (is_legal_uci (p4, "f2c2"));

  /* b2 occupied: no O-O-O (all squares between King and Rook must be empty). */
  g_autofree char *f5 = build ("w", "KQ", "-", "R a2 N b2 K f2 R j2 k b10");
  g_autofree VsPosition *p5 = load_fen (f5);
  g_assert_false (is_legal_uci (p5, "f2c2"));
  g_assert_true (is_legal_uci (p5, "f2i2"));

  /* Destination attacked (Black Rook on c7): no O-O-O. */
  g_autofree char *f6 = build ("w", "KQ", "-", "R a2 K f2 R j2 k b10 r c7");
  g_autofree VsPosition *p6 = load_fen (f6);
  g_assert_false (is_legal_uci (p6, "f2c2"));

  /* Moving the rook removes that right. */
  g_autofree VsPosition *p7 = load_fen (fen);
  vs_test_make (p7, move_uci (p7, "j2j3"));
  g_autofree char *f7 = fen_of (p7);
  g_assert_cmpstr (f7, ==, "10/r4k3r/10/10/10/10/10/9R/R4K4/10 b Qkq - 1 1");
}

/* Immobilization, mutual immobilization and suicide. */
static void
test_immobilizer (void)
{
  /* The Black Knight next to White's Immobilizer can only commit suicide. */
  g_autofree VsPosition *pos = load ("b", "K a1 k j10 I d4 p d6 n e5");
  g_autofree char *all = moves_from (pos, NULL);
  g_assert_cmpstr (all, ==, "d6d5 e5e5 j10i10 j10i9 j10j9");
  VsMove s = move_uci (pos, "e5e5");
  g_assert_cmpint (VS_MOVE_KIND (s), ==, VS_MOVE_SUICIDE);
  g_assert_true (VS_MOVE_CORE (move_uci (pos, "e5e5x")) == VS_MOVE_CORE (s));
  g_assert_false (is_legal_uci (pos, "d6d5x"));
  g_autofree char *t = san (pos, s);
  g_assert_cmpstr (t, ==, "N E5 xx");

  /* Two enemy Immobilizers side by side immobilize each other. */
  g_autofree VsPosition *m = load ("w", "K a1 k j10 I e5 i e6");
  g_autofree char *wl = moves_from (m, "e5");
  g_assert_cmpstr (wl, ==, "e5e5");
  g_autofree VsPosition *mb = load ("b", "K a1 k j10 I e5 i e6");
  g_autofree char *bl = moves_from (mb, "e6");
  g_assert_cmpstr (bl, ==, "e6e6");
  /* When one leaves (by suicide), the other is free again. */
  vs_test_make (m, move_uci (m, "e5e5"));
  g_assert_cmpint (count_from (m, "e6"), >, 1);

  /* The effect ends when the Immobilizer leaves. */
  g_autofree VsPosition *l = load ("w", "K a1 k j10 I d4 n e5 P a3");
  vs_test_make (l, move_uci (l, "d4d1"));
  g_autofree char *free_n = moves_from (l, "e5");
  g_assert_cmpstr (free_n, ==, "e5c4 e5c6 e5d3 e5d7 e5f3 e5f7 e5g4 e5g6");
}

/* An immobilized King has no move and cannot commit suicide: stalemate. */
static void
test_stalemate (void)
{
  g_autofree VsPosition *pos = load ("b", "K e2 P e3 I b9 k a10");
  g_assert_cmpint (count_from (pos, NULL), ==, 0);
  VsResult r;
  g_assert_cmpint (vs_test_state (pos, &r), ==, VS_STATE_STALEMATE);
  g_assert_cmpint (r, ==, VS_RESULT_DRAW);
}

/* A suicide can give check by opening a line. */
static void
test_suicide_check (void)
{
  g_autofree VsPosition *pos = load ("w", "K a1 R e1 N e5 i d6 k e10");
  VsMove m = move_uci (pos, "e5e5");
  g_autofree char *s = san (pos, m);
  g_assert_cmpstr (s, ==, "N E5 xx +");
  vs_test_make (pos, m);
  g_assert_cmpint (vs_variant_chartima.checkers (pos), ==, 1);
  /* halfmove clock reset by the suicide */
  g_assert_cmpint (pos->halfmove, ==, 0);
}

typedef struct {
  const char *path;
  const char *side;
  const char *pieces;
  int checkers;
  const char *why;
} CheckCase;

static const CheckCase check_cases[] = {
  { "/chartima/check/withdrawer", "w", "K e5 w e6 k j10", 1,
    "the Black Withdrawer next to the King can move away (e7 is empty)" },
  { "/chartima/check/withdrawer-blocked", "w", "K e5 w e6 P e7 k j10", 0,
    "e7 occupied: the Withdrawer cannot move directly away" },
  { "/chartima/check/pusher-puller-approach", "w", "K e2 u e7 k j10", 1,
    "the Pusher-puller can stop on e3, just before the King" },
  { "/chartima/check/pusher-puller-withdrawal", "w", "K e2 u e3 k j10", 1,
    "the Pusher-puller next to the King can move away to e4" },
  { "/chartima/check/long-leaper", "w", "K e2 P e4 l e6 k j10", 1,
    "the Long leaper jumps e4 (e3 empty) and the King (e1 empty)" },
  { "/chartima/check/long-leaper-adjacent", "w", "K e2 P e3 l e6 k j10", 0,
    "e3 and e2 stand next to each other: no jump" },
  { "/chartima/check/long-leaper-friendly", "w", "K e2 p e4 l e6 k j10", 0,
    "a Long leaper never jumps its own piece" },
  { "/chartima/check/long-leaper-edge", "w", "K e1 l e6 k j10", 0,
    "no landing square beyond the King on the first rank" },
  { "/chartima/check/coordinator", "w", "K f2 o c6 k f9", 1,
    "Kings share file f: the Coordinator reaching rank 2 (c2) captures at (f, 2)" },
  { "/chartima/check/coordinator-blocked", "w", "K f2 P b5 P c5 P d5 P b6 P d6 P b7 P c7 P d7 o c6 k f9", 0,
    "the Coordinator is walled in and cannot reach rank 2" },
  { "/chartima/check/cannon", "w", "K e2 N e5 h e9 k j10", 1,
    "the Cannon captures over exactly one screen" },
  { "/chartima/check/cannon-two-screens", "w", "K e2 N e5 P e6 h e9 k j10", 0,
    "two pieces between: no capture" },
  { "/chartima/check/dog", "w", "K e2 d h5 k j10", 1, "the Dog reaches 3 squares diagonally" },
  { "/chartima/check/dog-too-far", "w", "K e2 d i6 k j10", 0, "4 squares: too far for a Dog" },
  { "/chartima/check/pawn", "w", "K e3 p d4 k j10", 1, "a Black pawn captures diagonally downward" },
  { "/chartima/check/promoted-knight-camel", "w", "K f2 +n c3 k j10", 1, "the camel leap (3,1)" },
  { "/chartima/check/immobilized-gives-none", "w", "K e2 I d9 r e8 k j10", 0,
    "the Black Rook is immobilized by the White Immobilizer: no check" },
  { "/chartima/check/double", "w", "K e2 r e9 b b5 k j10", 2, "Rook and Bishop" },
};

static void
test_check (gconstpointer data)
{
  const CheckCase *c = data;
  g_test_message ("%s: %s", c->pieces, c->why);
  g_autofree VsPosition *pos = load (c->side, c->pieces);
  g_assert_cmpint (vs_variant_chartima.checkers (pos), ==, c->checkers);
}

/* An immobilized King gives no check, so the other King may stand next to it. */
static void
test_king_next_to_immobilized_king (void)
{
  g_autofree VsPosition *pos = load ("w", "K f4 I d7 k e6");
  /* f5 is next to the Black King on e6, which is immobilized by d7 */
  g_assert_true (is_legal_uci (pos, "f4f5"));
  VsMove m = move_uci (pos, "f4f5");
  /* and the White King (not immobilized) gives check */
  g_assert_cmpint (gives_check (pos, m), ==, 1);
  /* the Black King cannot leave: it is immobilized; Black has no move: mate */
  vs_test_make (pos, m);
  VsResult r;
  g_assert_cmpint (vs_test_state (pos, &r), ==, VS_STATE_CHECKMATE);
  g_assert_cmpint (r, ==, VS_RESULT_WHITE_WINS);
}

/* A move that lets an Ultima piece capture the own King is illegal. */
static void
test_legality (void)
{
  /* The pawn on e7 blocks the Withdrawer's retreat: it may not move. */
  g_autofree VsPosition *pos = load ("w", "K e5 w e6 P e7 k j10");
  g_assert_cmpint (count_from (pos, "e7"), ==, 0);
  /* Pinned knight on the e file. */
  g_autofree VsPosition *pin = load ("w", "K e2 N e4 r e9 k j10");
  g_assert_cmpint (count_from (pin, "e4"), ==, 0);
  /* Moving next to an enemy Immobilizer is fine for a King (it just freezes it) */
  g_autofree VsPosition *imm = load ("w", "K e2 i g3 k j10");
  g_assert_true (is_legal_uci (imm, "e2f2"));
  /* Immobilizing the attacker is a legal answer to check: the Black Rook on e8
   * checks the King on e2; the Immobilizer moves next to it. */
  g_autofree VsPosition *chk = load ("w", "K e2 I c6 r e8 k j10");
  g_assert_cmpint (vs_variant_chartima.checkers (chk), ==, 1);
  g_assert_true (is_legal_uci (chk, "c6d7"));
  g_assert_false (is_legal_uci (chk, "c6c5"));
}

static void
test_repetition (void)
{
  g_autofree VsPosition *pos = load_fen (vs_variant_chartima.start_fen);
  const char *cycle[] = { "b2a4", "b9a7", "a4b2", "a7b9" };
  VsResult r;
  for (int k = 0; k < 2; k++)
    for (int i = 0; i < 4; i++)
      {
        g_assert_cmpint (vs_test_state (pos, &r), ==, VS_STATE_ONGOING);
        vs_test_make (pos, move_uci (pos, cycle[i]));
      }
  /* the start position now stands for the third time */
  g_assert_cmpint (vs_test_state (pos, &r), ==, VS_STATE_REPETITION);
  g_assert_cmpint (r, ==, VS_RESULT_DRAW);
}

/* The en-passant square is part of the repetition state only when an
 * en-passant capture is possible. */
static void
test_ep_repetition_key (void)
{
  g_autofree char *a = build ("b", "-", "d4", "K a1 k j10 P d5");
  g_autofree char *b = build ("b", "-", "-", "K a1 k j10 P d5");
  g_autofree VsPosition *pa = load_fen (a);
  g_autofree VsPosition *pb = load_fen (b);
  g_assert_true (pa->key == pb->key);
  g_autofree char *c = build ("b", "-", "d4", "K a1 k j10 P d5 p e5");
  g_autofree char *d = build ("b", "-", "-", "K a1 k j10 P d5 p e5");
  g_autofree VsPosition *pc = load_fen (c);
  g_autofree VsPosition *pd = load_fen (d);
  g_assert_true (pc->key != pd->key);
  /* an immobilized capturer makes the capture impossible */
  g_autofree char *e = build ("b", "-", "d4", "K a1 k j10 P d5 p e5 I f6");
  g_autofree char *f = build ("b", "-", "-", "K a1 k j10 P d5 p e5 I f6");
  g_autofree VsPosition *pe = load_fen (e);
  g_autofree VsPosition *pf = load_fen (f);
  g_assert_true (pe->key == pf->key);
}

/* 50 moves: captures, suicides and promotions reset the count, pawn moves do not. */
static void
test_fifty_moves (void)
{
  g_autofree VsPosition *pos = load_fen ("9k/10/10/10/10/10/10/4P5/10/K9 w - - 99 80");
  VsResult r;
  g_assert_cmpint (vs_test_state (pos, &r), ==, VS_STATE_ONGOING);
  vs_test_make (pos, move_uci (pos, "e3e4"));   /* a pawn move */
  g_assert_cmpint (pos->halfmove, ==, 100);
  g_assert_cmpint (vs_test_state (pos, &r), ==, VS_STATE_FIFTY_MOVES);
  g_assert_cmpint (r, ==, VS_RESULT_DRAW);

  g_autofree VsPosition *cap = load_fen ("9k/10/10/10/10/3n6/4P5/10/10/K9 w - - 99 80");
  vs_test_make (cap, move_uci (cap, "e4d5"));
  g_assert_cmpint (cap->halfmove, ==, 0);
  g_autofree VsPosition *pro = load_fen ("9k/10/10/4P5/10/10/10/10/10/K9 w - - 98 80");
  vs_test_make (pro, move_uci (pro, "e7e8r"));
  g_assert_cmpint (pro->halfmove, ==, 0);
}

/* Dead position: nothing but Kings and Immobilizers. */
static void
test_dead_position (void)
{
  g_autofree VsPosition *pos = load ("w", "K a1 I c3 k j10 i h8");
  VsResult r;
  g_assert_cmpint (vs_test_state (pos, &r), ==, VS_STATE_INSUFFICIENT);
  g_assert_cmpint (r, ==, VS_RESULT_DRAW);
  g_autofree VsPosition *alive = load ("w", "K a1 I c3 k j10 i h8 d h7");
  g_assert_cmpint (vs_test_state (alive, &r), ==, VS_STATE_ONGOING);
}

/* Position strings: exact writing, and errors with their column. */
static void
test_position_strings (void)
{
  g_autofree VsPosition *pos = load_fen (vs_variant_chartima.start_fen);
  g_autofree char *back = fen_of (pos);
  g_assert_cmpstr (back, ==,
                   "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLI w KQkq - 0 1");
  g_assert_cmpint (count_from (pos, NULL), ==, 28);
  /* the two clocks may be left out (0 and 1 then) */
  g_autofree VsPosition *short_pos =
    load_fen ("ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLI w KQkq -");
  g_autofree char *short_back = fen_of (short_pos);
  g_assert_cmpstr (short_back, ==, back);
  /* All 21 types read and written back */
  const char *all = "+Q+C+A+R+N+B*+BHDI/QCARNBPKOU/10/10/10/10/10/10/qcarnbpkou/+q+c+a+r+n+b*+bhdi w - - 0 1";
  g_autofree VsPosition *p2 = g_new0 (VsPosition, 1);
  g_autoptr(GError) err2 = NULL;
  /* pawns on rank 9 and 2 are impossible: expect an error there */
  g_assert_false (vs_test_init (p2, &vs_variant_chartima, all, &err2));
  const char *all_ok = "+Q+C+A+R+N+B*+BHDI/QCARNB1KOU/10/6P3/10/10/2p7/10/qcarnbk1ou/+q+c+a+r+n+b*+bhdi b - - 7 31";
  g_autofree VsPosition *p3 = load_fen (all_ok);
  g_autofree char *back3 = fen_of (p3);
  g_assert_cmpstr (back3, ==, all_ok);

  static const struct { const char *fen; int column; } bad[] = {
    { "ilwouuowli/rnabqkbcnr/ppppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLI w KQkq - 0 1", 33 },
    { "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLX w KQkq - 0 1", 77 },
    { "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLI x KQkq - 0 1", 79 },
    { "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLI w KQkz - 0 1", 84 },
    { "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLI w KQkq e9 0 1", 86 },
    { "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLI w KQkq - x 1", 88 },
    { "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNA*QKBCNR/ILWOUUOWLI w KQkq - 0 1", 60 },
    { "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNA+KQKBCNR/ILWOUUOWLI w KQkq - 0 1", 60 },
    { "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1", 67 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree VsPosition *p = g_new0 (VsPosition, 1);
      p->side = 77;
      g_autoptr(GError) error = NULL;
      g_assert_false (vs_test_init (p, &vs_variant_chartima, bad[i].fen, &error));
      g_assert_error (error, VS_CORE_ERROR, VS_CORE_ERROR_BAD_POSITION);
      g_autofree char *col = g_strdup_printf (" %d:", bad[i].column);
      if (!strstr (error->message, col))
        g_error ("“%s”: error “%s” does not name column %d", bad[i].fen, error->message, bad[i].column);
      g_assert_cmpint (p->side, ==, 77);   /* untouched on failure */
    }
  /* Castling right without its King and Rook at home */
  g_autofree char *nocastle = build ("w", "K", "-", "K f2 k f9");
  g_autofree VsPosition *p4 = g_new0 (VsPosition, 1);
  g_assert_false (vs_test_init (p4, &vs_variant_chartima, nocastle, NULL));
  /* The side not to move may not be in check */
  g_autofree VsPosition *p5 = g_new0 (VsPosition, 1);
  g_assert_false (vs_test_init (p5, &vs_variant_chartima, "9k/10/10/10/10/10/10/10/10/K8R w - - 0 1", NULL));
}

/* Record notation reader: tolerant forms. */
static void
test_notation_reader (void)
{
  g_autofree VsPosition *pos = load_fen (vs_variant_chartima.start_fen);
  VsMove want = move_uci (pos, "d3d4");
  const char *forms[] = { "P D3 - D4", "PD3-D4", "pd3-d4", "P d3-d4", " p  D3  -  d4 ", "1. P D3 - D4",
                          "d3-d4", "P D3 D4", "P D3 – D4", "12... P D3 - D4" };
  for (guint i = 0; i < G_N_ELEMENTS (forms); i++)
    g_assert_true (VS_MOVE_CORE (move_san (pos, forms[i], NULL)) == VS_MOVE_CORE (want));
  /* a wrong check mark is a warning, not an error */
  const char *warning = NULL;
  g_assert_true (VS_MOVE_CORE (move_san (pos, "P D3 - D4 +", &warning)) == VS_MOVE_CORE (want));
  g_assert_nonnull (warning);
  /* capture marks x, :, × */
  g_autofree VsPosition *c = load ("w", "K a1 k j10 B d2 n g5");
  VsMove cap = move_uci (c, "d2g5");
  const char *caps[] = { "B D2 x G5", "B D2 : G5", "B D2 × G5", "bd2xg5", "B D2 X G5" };
  for (guint i = 0; i < G_N_ELEMENTS (caps); i++)
    g_assert_true (VS_MOVE_CORE (move_san (c, caps[i], NULL)) == VS_MOVE_CORE (cap));
  g_autofree char *w = san (c, cap);
  g_assert_cmpstr (w, ==, "B D2 x G5");
  /* illegal and unreadable moves are errors */
  VsMove m;
  g_autoptr(GError) e1 = NULL;
  g_assert_false (vs_move_parse (pos, "P D3 - D6", VS_NOTATION_SAN, &m, &warning, &e1));
  g_assert_error (e1, VS_CORE_ERROR, VS_CORE_ERROR_ILLEGAL_MOVE);
  g_autoptr(GError) e2 = NULL;
  g_assert_false (vs_move_parse (pos, "hello", VS_NOTATION_SAN, &m, &warning, &e2));
  g_assert_error (e2, VS_CORE_ERROR, VS_CORE_ERROR_BAD_MOVE);
  g_autoptr(GError) e3 = NULL;
  g_assert_false (vs_move_parse (pos, "N D3 - D4", VS_NOTATION_SAN, &m, &warning, &e3));
  g_assert_error (e3, VS_CORE_ERROR, VS_CORE_ERROR_ILLEGAL_MOVE);
  /* pawn promotion without the piece is ambiguous */
  g_autofree VsPosition *pp = load ("w", "K a1 k j10 P f7");
  g_autoptr(GError) e4 = NULL;
  g_assert_false (vs_move_parse (pp, "P F7 - F8", VS_NOTATION_SAN, &m, &warning, &e4));
  g_assert_error (e4, VS_CORE_ERROR, VS_CORE_ERROR_AMBIGUOUS_MOVE);
  g_autoptr(GError) e5 = NULL;
  g_assert_false (vs_move_parse (pp, "f7f8", VS_NOTATION_UCI, &m, &warning, &e5));
  g_assert_error (e5, VS_CORE_ERROR, VS_CORE_ERROR_AMBIGUOUS_MOVE);
  /* Cannon chosen in both notations */
  VsMove ca = move_san (pp, "P F7 - F8 = Ca", NULL);
  g_assert_cmpint (VS_MOVE_PIECE (ca), ==, 15);
  g_assert_true (VS_MOVE_CORE (move_uci (pp, "f7f8h")) == VS_MOVE_CORE (ca));
  g_assert_true (VS_MOVE_CORE (move_san (pp, "pf7f8=ca", NULL)) == VS_MOVE_CORE (ca));
  /* Ultima captures left out: accepted with a warning */
  g_autofree VsPosition *pu = load ("w", "K a1 k i10 U e5 n d5 b h5");
  g_assert_true (VS_MOVE_CORE (move_san (pu, "Pu E5 - G5", &warning)) == VS_MOVE_CORE (move_uci (pu, "e5g5")));
  g_assert_nonnull (warning);
  g_assert_true (VS_MOVE_CORE (move_san (pu, "PUE5-G5XD5XH5", NULL)) == VS_MOVE_CORE (move_uci (pu, "e5g5")));
}

/* The other examples of the notation table, each in a position built for it.
 * (The table's en-passant example `P E5 x D6` cannot be an en-passant
 * capture on this board, where Black's pawns start on rank 8 and pass over
 * rank 7; its written form is the same as for the real one, `P E6 x D7`,
 * tested in /chartima/rule/en-passant.  Here it is read as a plain capture.) */
static void
test_notation_table (void)
{
  static const struct { const char *side, *pieces, *text, *caps; } rows[] = {
    { "w", "K a1 k j10 P d3", "P D3 - D4", "" },
    { "b", "K a1 k j10 n i9", "N I9 - H7", "" },
    { "w", "K a1 k j10 B d2 n g5", "B D2 x G5", "g5" },
    { "b", "K a1 k j10 p f6 N g5", "P F6 x G5", "g5" },
    { "w", "K a1 k j10 B e4 n i8", "B E4 x I8 = nB", "i8" },
    { "w", "K a1 k j10 P f7", "P F7 - F8 = Ca", "" },
    { "b", "K a1 k j10 u e10 P e3", "Pu E10 - E4 x E3", "e3" },
    { "b", "K a1 k j9 w h10 N i10", "W H10 - G10 x I10", "i10" },
    { "w", "K f2 R a2 i b3 k j10", "R A2 xx", "a2" },
    { "w", "K a1 k j10 P e5 b d6", "P E5 x D6", "d6" },
    { "w", "K a2 P h7 P i7 O i6 k a9", "Co I6 - A6 +", "" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree VsPosition *pos = load (rows[i].side, rows[i].pieces);
      VsMove m = move_san (pos, rows[i].text, NULL);
      g_autofree char *written = san (pos, m);
      g_assert_cmpstr (written, ==, rows[i].text);
      g_autofree char *c = captured (pos, m);
      g_assert_cmpstr (c, ==, rows[i].caps);
    }
}

/* ---- The worked examples at the end of chartima.md ----------------------------------- */

/* `Co D10 - H6 x H9 +`: Black K f9, the corners of h6 are h9 and f6; White's
 * nB on h9 is captured; the check: from h6 the Coordinator could reach d2,
 * whose corner f2 is White's King.  (The White pawn on d5 keeps d10–d2 shut
 * before the move, else White would already stand in check.) */
static void
test_example_coordinator (void)
{
  g_autofree VsPosition *pos = load ("b", "K f2 P d5 +B h9 k f9 o d10");
  VsMove m = move_san (pos, "Co D10 - H6 x H9 +", NULL);
  g_autofree char *c = captured (pos, m);
  g_assert_cmpstr (c, ==, "h9");
  g_assert_cmpint (gives_check (pos, m), ==, 1);
  g_autofree char *w = san (pos, m);
  g_assert_cmpstr (w, ==, "Co D10 - H6 x H9 +");
}

/* `Pu F1 - C1 x B1`: approach capture of the piece on b1, beyond c1. */
static void
test_example_pusher_puller (void)
{
  g_autofree VsPosition *pos = load ("w", "K f2 U f1 n b1 k f9");
  VsMove m = move_san (pos, "Pu F1 - C1 x B1", NULL);
  g_autofree char *c = captured (pos, m);
  g_assert_cmpstr (c, ==, "b1");
  g_assert_cmpint (gives_check (pos, m), ==, 0);
}

/* `L I1 - I10 x I9`: the Long leaper jumps the Black rook on i9 and lands on
 * i10; it gives check (it threatens L I10 - D10 x H10 x E10), though the
 * record wrote no `+`: the reader accepts it with a warning. */
static void
test_example_long_leaper (void)
{
  g_autofree VsPosition *pos = load ("w", "K f2 L i1 r i9 n h10 k e10");
  const char *warning = NULL;
  VsMove m = move_san (pos, "L I1 - I10 x I9", &warning);
  g_assert_cmpstr (warning, ==, "missing check mark");
  g_autofree char *c = captured (pos, m);
  g_assert_cmpstr (c, ==, "i9");
  g_assert_cmpint (gives_check (pos, m), ==, 1);
  g_autofree char *w = san (pos, m);
  g_assert_cmpstr (w, ==, "L I1 - I10 x I9 +");
  /* The threat: L I10 - D10 x H10 x E10 jumps h10 and the King.  With the
   * Knight gone from h10 the King on e10 would still be jumped (e10 alone),
   * with a second Black piece on g10 (next to h10) there is no jump at all. */
  vs_test_make (pos, m);
  g_assert_cmpint (vs_variant_chartima.checkers (pos), ==, 1);
  g_autofree VsPosition *blocked = load ("w", "K f2 L i1 r i9 n h10 b g10 k e10");
  g_assert_cmpint (gives_check (blocked, move_uci (blocked, "i1i10")), ==, 0);
}

/* `W I5 - H4 x J6`: the Withdrawer leaves i5 toward h4 and captures j6. */
static void
test_example_withdrawer (void)
{
  g_autofree VsPosition *pos = load ("w", "K b2 W i5 b j6 k b9");
  VsMove m = move_san (pos, "W I5 - H4 x J6", NULL);
  g_autofree char *c = captured (pos, m);
  g_assert_cmpstr (c, ==, "j6");
}

/* `N B5 x C3 = nN +`: a Black knight promotes on c3 (White's camp); the
 * camel leap of the nN checks the King on f2. */
static void
test_example_knight_promotion (void)
{
  g_autofree VsPosition *pos = load ("b", "K f2 P c3 n b5 k f9");
  VsMove m = move_san (pos, "N B5 x C3 = nN +", NULL);
  g_assert_cmpint (VS_MOVE_KIND (m), ==, VS_MOVE_PROMOTION);
  g_assert_cmpint (VS_MOVE_PIECE (m), ==, 11);   /* nN */
  g_autofree char *c = captured (pos, m);
  g_assert_cmpstr (c, ==, "c3");
  g_assert_cmpint (gives_check (pos, m), ==, 1);
}

/* `nB I8 x H9 & D`: the new nB's first move releases a Dog onto i8 (here
 * after `B E4 x I8 = nB` made it). */
static void
test_example_dog (void)
{
  g_autofree VsPosition *pos = load ("w", "K a1 B e4 n i8 r h9 k a10");
  vs_test_make (pos, move_san (pos, "B E4 x I8 = nB", NULL));
  vs_test_make (pos, move_san (pos, "K A10 - B10", NULL));
  VsMove m = move_san (pos, "nB I8 x H9 & D", NULL);
  VsMoveEffects e;
  vs_move_effects (pos, m, &e);
  g_assert_cmpint (e.dog_sq, ==, sq ("i8"));
  g_assert_cmpint (e.n_captured, ==, 1);
  g_assert_cmpint (e.captured_sq[0], ==, sq ("h9"));
  vs_test_make (pos, m);
  g_assert_cmpint (pos->board[sq ("i8")], ==, VS_MAKE_PIECE (VS_WHITE, 16));
  g_assert_cmpint (pos->board[sq ("h9")], ==, VS_MAKE_PIECE (VS_WHITE, 13));
  /* the nB's later moves release nothing */
  vs_test_make (pos, move_uci (pos, "b10c10"));
  VsMove later = move_uci (pos, "h9g8");
  vs_move_effects (pos, later, &e);
  g_assert_cmpint (e.dog_sq, ==, VS_NO_SQUARE);
}

/* `P F7 - F8 = Ca`: a pawn reaching rank 8 must promote; it chose a Cannon. */
static void
test_example_pawn_cannon (void)
{
  g_autofree VsPosition *pos = load ("w", "K a1 P f7 k j10");
  VsMove m = move_san (pos, "P F7 - F8 = Ca", NULL);
  g_assert_cmpint (VS_MOVE_PIECE (m), ==, 15);
  g_assert_false (is_legal_uci (pos, "f7f8"));  /* no move without promotion: ambiguous/illegal */
  vs_test_make (pos, m);
  g_assert_cmpint (pos->board[sq ("f8")], ==, VS_MAKE_PIECE (VS_WHITE, 15));
}

/* `Ca C7 - C3 #`: the Cannon checks along file c over one screen (c5); the
 * Black King on c10 is immobilized by the White Immobilizer on d9: mate. */
static void
test_example_cannon_mate (void)
{
  g_autofree VsPosition *pos = load ("w", "K a1 P c5 H c7 I d9 k c10");
  VsMove m = move_san (pos, "Ca C7 - C3 #", NULL);
  g_assert_cmpint (gives_check (pos, m), ==, 1);
  g_autofree char *w = san (pos, m);
  g_assert_cmpstr (w, ==, "Ca C7 - C3 #");
  vs_test_make (pos, m);
  VsResult r;
  g_assert_cmpint (vs_test_state (pos, &r), ==, VS_STATE_CHECKMATE);
  g_assert_cmpint (r, ==, VS_RESULT_WHITE_WINS);
}

/* Two checking pieces are written `++`. */
static void
test_double_check_mark (void)
{
  g_autofree VsPosition *pos = load ("w", "K a1 R e1 B e4 k e10");
  VsMove m = move_uci (pos, "e4b7");
  g_autofree char *w = san (pos, m);
  g_assert_cmpstr (w, ==, "B E4 - B7 ++");
}

/* Noisy generation: captures (automatic ones included) and promotions only. */
static void
test_noisy (void)
{
  g_autofree VsPosition *pos = load ("w", "K a1 k i10 U e5 n d5 b h5");
  VsMove moves[VS_MAX_MOVES];
  int n = vs_position_generate (pos, VS_GEN_NOISY, moves);
  /* withdrawal from d5: every move heading east (f5, g5) capture; e5e6..: no.
   * Moves away from d5 = direction E: f5 g5 (h5 occupied) → 2 moves. */
  g_assert_cmpint (n, ==, 2);
}

/* Over every position of the reference perft file: noisy generation is
 * exactly the captures and promotions among the legal moves, the effects
 * agree with make (captured pieces gone, Dog placed), and the written check
 * mark agrees with the position after the move. */
static void
test_consistency (void)
{
  g_autoptr(GPtrArray) cases = vs_test_load_perft ("chartima", &vs_variant_chartima);
  const char *last = "";
  for (guint i = 0; i < cases->len; i++)
    {
      VsPerftCase *c = cases->pdata[i];
      if (strcmp (c->fen, last) == 0)
        continue;
      last = c->fen;
      g_autofree VsPosition *pos = load_fen (c->fen);
      VsMove moves[VS_MAX_MOVES], noisy[VS_MAX_MOVES];
      int n = vs_position_generate (pos, VS_GEN_ALL, moves);
      int nn = vs_position_generate (pos, VS_GEN_NOISY, noisy);
      int expect_noisy = 0;
      for (int k = 0; k < n; k++)
        {
          VsMove m = moves[k];
          VsMoveEffects e;
          vs_move_effects (pos, m, &e);
          gboolean is_noisy = VS_MOVE_KIND (m) == VS_MOVE_PROMOTION ||
                              (e.n_captured > 0 && VS_MOVE_KIND (m) != VS_MOVE_SUICIDE);
          expect_noisy += is_noisy;
          int pieces_before = 0, pieces_after = 0;
          for (int s = 0; s < 100; s++)
            pieces_before += pos->board[s] != 0;
          g_autofree char *text = san (pos, m);
          vs_test_make (pos, m);
          for (int s = 0; s < 100; s++)
            pieces_after += pos->board[s] != 0;
          for (int j = 0; j < e.n_captured; j++)
            if (VS_MOVE_KIND (m) != VS_MOVE_SUICIDE && e.captured_sq[j] != VS_MOVE_TO (m))
              g_assert_cmpint (pos->board[e.captured_sq[j]], ==, 0);
          g_assert_cmpint (pieces_after, ==, pieces_before - e.n_captured + (e.dog_sq != VS_NO_SQUARE));
          if (e.dog_sq != VS_NO_SQUARE)
            g_assert_cmpint (VS_PIECE_TYPE (pos->board[e.dog_sq]), ==, 16);
          int checkers = vs_variant_chartima.checkers (pos);
          g_assert_cmpint (checkers, ==, e.gives_check);
          VsResult r;
          gboolean mate = vs_test_state (pos, &r) == VS_STATE_CHECKMATE;
          const char *mark = strrchr (text, ' ');
          if (mate)
            g_assert_cmpstr (mark, ==, " #");
          else if (checkers == 1)
            g_assert_cmpstr (mark, ==, " +");
          else if (checkers == 2)
            g_assert_cmpstr (mark, ==, " ++");
          else
            g_assert_true (mark == NULL || (strcmp (mark, " +") != 0 && strcmp (mark, " #") != 0));
          vs_test_unmake (pos);
        }
      g_assert_cmpint (nn, ==, expect_noisy);
    }
}

static int
cmp_move (const void *a, const void *b)
{
  VsMove x = *(const VsMove *) a, y = *(const VsMove *) b;
  return x < y ? -1 : x > y;
}

/* Calls check on every position of random games (games from each distinct
 * reference position, at most plies moves each); check fills all with the
 * legal moves and returns their number, from which the next move is drawn.
 * Returns the number of positions checked. */
typedef int (*BoardCheck) (const VsPosition *pos, ChBoard *cb, VsMove *all, gpointer data);

static int
each_random_position (guint32 seed, int games, int plies, BoardCheck check, gpointer data)
{
  g_autoptr(GPtrArray) cases = vs_test_load_perft ("chartima", &vs_variant_chartima);
  GRand *rand = g_rand_new_with_seed (seed);
  const char *last = "";
  int positions = 0;
  for (guint i = 0; i < cases->len; i++)
    {
      VsPerftCase *c = cases->pdata[i];
      if (strcmp (c->fen, last) == 0)
        continue;
      last = c->fen;
      for (int game = 0; game < games; game++)
        {
          g_autofree VsPosition *pos = load_fen (c->fen);
          for (int ply = 0; ply < plies; ply++)
            {
              VsMove all[VS_MAX_MOVES];
              ChBoard cb;
              ch_board_from_pos (&cb, pos);
              int n = check (pos, &cb, all, data);
              positions++;
              if (n == 0)
                break;
              vs_test_make (pos, all[g_rand_int_range (rand, 0, n)]);
            }
        }
    }
  g_rand_free (rand);
  return positions;
}

/* The generator's incremental legality shortcut against the full test
 * after every move, over random games from every reference position. */
static int
check_incremental (const VsPosition *pos, ChBoard *cb, VsMove *fast, gpointer data)
{
  (void) data;
  VsMove ref[VS_MAX_MOVES], sorted[VS_MAX_MOVES];
  int nf = ch_generate (cb, VS_GEN_ALL, fast);
  int nr = ch_generate_checked (cb, VS_GEN_ALL, ref, TRUE);
  if (nf != nr)
    {
      g_autofree char *fen = fen_of (pos);
      g_error ("%s: %d moves, reference %d", fen, nf, nr);
    }
  memcpy (sorted, fast, nf * sizeof (VsMove));
  qsort (sorted, nf, sizeof (VsMove), cmp_move);
  qsort (ref, nr, sizeof (VsMove), cmp_move);
  g_assert_cmpmem (sorted, nf * sizeof (VsMove), ref, nr * sizeof (VsMove));
  return nf;
}

static void
test_incremental_legality (void)
{
  int positions = each_random_position (4242, 6, 150, check_incremental, NULL);
  g_test_message ("%d positions compared", positions);
}

/* Issue 15: the generator's own stages and its one-piece generation: QUIET
 * is exactly ALL minus NOISY in ALL's order, and ch_generate_from_to (the
 * cheap legality test) gives exactly the moves of ALL with that from and to
 * square, for every from/to pair of an own piece. */
typedef struct { int quiets, pairs; } StageCount;

static int
check_stages (const VsPosition *pos, ChBoard *cb, VsMove *all, gpointer data)
{
  (void) pos;
  StageCount *count = data;
  VsMove noisy[VS_MAX_MOVES], quiet[VS_MAX_MOVES], want[VS_MAX_MOVES];
  int n = ch_generate (cb, VS_GEN_ALL, all);
  int nn = ch_generate (cb, VS_GEN_NOISY, noisy);
  int nq = ch_generate (cb, VS_GEN_QUIET, quiet);
  int nw = 0, j = 0;
  for (int k = 0; k < n; k++)
    {
      if (j < nn && noisy[j] == all[k])
        j++;
      else
        want[nw++] = all[k];
    }
  g_assert_cmpint (j, ==, nn);
  g_assert_cmpmem (quiet, nq * sizeof (VsMove), want, nw * sizeof (VsMove));
  count->quiets += nq;
  for (int from = 0; from < CH_SQUARES; from++)
    {
      if (!cb->b[from] || VS_PIECE_COLOR (cb->b[from]) != cb->side)
        continue;
      for (int to = 0; to < CH_SQUARES; to++)
        {
          VsMove got[VS_MAX_MOVES];
          int ng = ch_generate_from_to (cb, from, to, got);
          nw = 0;
          for (int k = 0; k < n; k++)
            if (VS_MOVE_FROM (all[k]) == from && VS_MOVE_TO (all[k]) == to)
              want[nw++] = all[k];
          g_assert_cmpmem (got, ng * sizeof (VsMove), want, nw * sizeof (VsMove));
          count->pairs++;
        }
    }
  return n;
}

static void
test_stages_from_to (void)
{
  StageCount count = { 0, 0 };
  int positions = each_random_position (1515, 2, 100, check_stages, &count);
  g_test_message ("%d positions, %d quiet moves, %d from/to pairs compared",
                  positions, count.quiets, count.pairs);
  g_assert_cmpint (count.quiets, >, 0);
}

/* Issue 18: record notation with the Japanese piece names of RULES.md §2.3,
 * golden strings, then every legal move of random games written and read
 * back to the same move. */
static char *
japanese (const VsPosition *pos, const char *san_text)
{
  char text[VS_MOVE_TEXT_MAX];
  vs_move_write (pos, move_san (pos, san_text, NULL), VS_NOTATION_JAPANESE, text);
  return g_strdup (text);
}

static void
test_japanese_notation (void)
{
  static const struct { const char *side, *pieces, *san, *ja; } rows[] = {
    { "w", "K a1 k j10 P d3", "P D3 - D4", "歩兵 D3 - D4" },
    { "b", "K a1 k j10 n i9", "N I9 - H7", "馬 I9 - H7" },
    { "w", "K a1 k j10 B e4 n i8", "B E4 x I8 = nB", "ビショップ E4 x I8 = 成ビ" },
    { "w", "K a1 k j10 P f7", "P F7 - F8 = Ca", "歩兵 F7 - F8 = 大砲" },
    { "b", "K a1 k j10 u e10 P e3", "Pu E10 - E4 x E3", "押引者 E10 - E4 x E3" },
    { "w", "K f2 R a2 i b3 k j10", "R A2 xx", "ルーク A2 xx" },
    { "w", "K a2 P h7 P i7 O i6 k a9", "Co I6 - A6 +", "合作者 I6 - A6 +" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree VsPosition *pos = load (rows[i].side, rows[i].pieces);
      g_autofree char *ja = japanese (pos, rows[i].san);
      g_assert_cmpstr (ja, ==, rows[i].ja);
      VsMove m;
      const char *w = NULL;
      g_autoptr(GError) error = NULL;
      g_assert_true (vs_move_parse (pos, ja, VS_NOTATION_JAPANESE, &m, &w, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (m, ==, move_san (pos, rows[i].san, NULL));
    }
  /* the Dog release */
  g_autofree VsPosition *pos = load ("w", "K a1 B e4 n i8 r h9 k a10");
  vs_test_make (pos, move_san (pos, "B E4 x I8 = nB", NULL));
  vs_test_make (pos, move_san (pos, "K A10 - B10", NULL));
  g_autofree char *dog = japanese (pos, "nB I8 x H9 & D");
  g_assert_cmpstr (dog, ==, "成ビ I8 x H9 & 犬");

  const VsNotationInfo *d = vs_variant_display_notation (&vs_variant_chartima, "japanese");
  g_assert_nonnull (d);
  g_assert_cmpint (d->notation, ==, VS_NOTATION_JAPANESE);
  g_assert_cmpint (vs_variant_display_notation (&vs_variant_chartima, NULL)->notation, ==, VS_NOTATION_SAN);

  GRand *rand = g_rand_new_with_seed (18);
  guint64 written = 0;
  for (int game = 0; game < 40; game++)
    {
      g_autofree VsPosition *p = load_fen (vs_variant_chartima.start_fen);
      for (int ply = 0; ply < 120; ply++)
        {
          VsMove moves[VS_MAX_MOVES];
          int n = vs_position_generate (p, VS_GEN_ALL, moves);
          if (n == 0 || vs_test_state (p, NULL) != VS_STATE_ONGOING)
            break;
          for (int j = 0; j < n; j++)
            {
              char text[VS_MOVE_TEXT_MAX];
              vs_move_write (p, moves[j], VS_NOTATION_JAPANESE, text);
              VsMove back;
              const char *w = NULL;
              g_autoptr(GError) error = NULL;
              if (!vs_move_parse (p, text, VS_NOTATION_JAPANESE, &back, &w, &error))
                g_error ("“%s” does not read back: %s", text, error->message);
              if (back != moves[j] || w != NULL)
                g_error ("“%s” reads back as another move or with a warning", text);
              written++;
            }
          vs_test_make (p, moves[g_rand_int_range (rand, 0, n)]);
        }
    }
  g_rand_free (rand);
  g_test_message ("%" G_GUINT64_FORMAT " moves written and read back", written);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (piece_cases); i++)
    g_test_add_data_func (piece_cases[i].path, &piece_cases[i], test_piece);
  g_test_add_func ("/chartima/piece/captures", test_piece_captures);
  g_test_add_func ("/chartima/notation/japanese", test_japanese_notation);
  g_test_add_func ("/chartima/rule/promotion", test_promotion_camp);
  g_test_add_func ("/chartima/rule/en-passant", test_en_passant);
  g_test_add_func ("/chartima/rule/dog-release", test_dog_release);
  g_test_add_func ("/chartima/rule/castling", test_castling);
  g_test_add_func ("/chartima/rule/immobilization-and-suicide", test_immobilizer);
  g_test_add_func ("/chartima/rule/stalemate", test_stalemate);
  g_test_add_func ("/chartima/rule/suicide-gives-check", test_suicide_check);
  for (guint i = 0; i < G_N_ELEMENTS (check_cases); i++)
    g_test_add_data_func (check_cases[i].path, &check_cases[i], test_check);
  g_test_add_func ("/chartima/rule/king-next-to-immobilized-king", test_king_next_to_immobilized_king);
  g_test_add_func ("/chartima/rule/legality", test_legality);
  g_test_add_func ("/chartima/rule/repetition", test_repetition);
  g_test_add_func ("/chartima/rule/repetition-en-passant-key", test_ep_repetition_key);
  g_test_add_func ("/chartima/rule/fifty-moves", test_fifty_moves);
  g_test_add_func ("/chartima/rule/dead-position", test_dead_position);
  g_test_add_func ("/chartima/notation/position-strings", test_position_strings);
  g_test_add_func ("/chartima/notation/reader", test_notation_reader);
  g_test_add_func ("/chartima/notation/table-examples", test_notation_table);
  g_test_add_func ("/chartima/notation/double-check", test_double_check_mark);
  g_test_add_func ("/chartima/notation/noisy", test_noisy);
  g_test_add_func ("/chartima/example/co-d10-h6", test_example_coordinator);
  g_test_add_func ("/chartima/example/pu-f1-c1", test_example_pusher_puller);
  g_test_add_func ("/chartima/example/l-i1-i10", test_example_long_leaper);
  g_test_add_func ("/chartima/example/w-i5-h4", test_example_withdrawer);
  g_test_add_func ("/chartima/example/n-b5-c3-nn", test_example_knight_promotion);
  g_test_add_func ("/chartima/example/nb-i8-h9-dog", test_example_dog);
  g_test_add_func ("/chartima/example/p-f7-f8-ca", test_example_pawn_cannon);
  g_test_add_func ("/chartima/example/ca-c7-c3-mate", test_example_cannon_mate);
  g_test_add_func ("/chartima/consistency/reference-positions", test_consistency);
  g_test_add_func ("/chartima/consistency/incremental-legality", test_incremental_legality);
  g_test_add_func ("/chartima/consistency/stages-from-to", test_stages_from_to);
  return g_test_run ();
}
