/* test-guide.c — the rules guide's content (GTK-free).
 *
 *  - every piece type of every variant has a movement section whose marked
 *    squares are exactly the legal destinations the move generator gives for
 *    that piece, recomputed here from vs_position_generate();
 *  - a few sections are also checked against square lists worked out by hand
 *    from the rules files (src/core/RULES.md), so a wrong move generator or a wrong guide
 *    position fails;
 *  - the special-rule sections exist and show what their rule does
 *    (captured squares, Dog square, suicides, setups, passes, drops…);
 *  - a guide diagram exports to SVG and PNG, and the SVG loads with librsvg
 *    and renders like the PNG. */
#include "config.h"
#include "vs-guide.h"
#include "vs-guide-window.h"
#include "vs-board-view.h"
#include "vs-janggi.h"
#include "vs-strato.h"
#include "vs-image-test-util.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include "vs-test-locale.h"
#include "../vs-test-history.h"

static gboolean japanese;   /* LANGUAGE=ja with the catalogue */

static GPtrArray *
build (const char *id)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *secs = vs_guide_build (id, &error);
  g_assert_no_error (error);
  g_assert_nonnull (secs);
  return secs;
}

static VsGuideSection *
find (GPtrArray *secs, const char *id)
{
  for (guint i = 0; i < secs->len; i++)
    {
      VsGuideSection *s = secs->pdata[i];
      if (strcmp (s->id, id) == 0)
        return s;
    }
  g_error ("no guide section “%s”", id);
  return NULL;
}

static VsPosition *
section_pos (const VsGuideSection *s)
{
  VsPosition *pos = g_new0 (VsPosition, 1);
  g_autoptr(GError) error = NULL;
  g_assert_true (vs_test_init (pos, s->variant, s->position, &error));
  g_assert_no_error (error);
  return pos;
}

static int
sq (const VsVariant *v, const char *name)
{
  int used = 0;
  int s = vs_square_parse (&v->geom, name, &used);
  g_assert_cmpint (s, >=, 0);
  g_assert_cmpint (name[used], ==, '\0');
  return s;
}

static char *
square_list (const VsVariant *v, const gboolean *set)
{
  GString *s = g_string_new (NULL);
  for (int i = 0; i < VS_MAX_SQUARES; i++)
    if (set[i])
      {
        char n[8];
        vs_square_name (&v->geom, i, n);
        g_string_append_printf (s, "%s ", n);
      }
  return g_string_free (s, FALSE);
}

/* Squares of the section's target marks. */
static void
targets_of (const VsGuideSection *s, gboolean *set)
{
  memset (set, 0, sizeof (gboolean) * VS_MAX_SQUARES);
  for (guint i = 0; i < s->targets->len; i++)
    {
      const VsGuideMark *m = &g_array_index (s->targets, VsGuideMark, i);
      g_assert_false (set[m->square]);      /* one mark per square */
      set[m->square] = TRUE;
    }
}

static gboolean
has_mark (const VsGuideSection *s, int square, VsGuideMarkKind kind)
{
  for (guint i = 0; i < s->marks->len; i++)
    {
      const VsGuideMark *m = &g_array_index (s->marks, VsGuideMark, i);
      if (m->square == square && m->kind == kind)
        return TRUE;
    }
  for (guint i = 0; i < s->targets->len; i++)
    {
      const VsGuideMark *m = &g_array_index (s->targets, VsGuideMark, i);
      if (m->square == square && m->kind == kind)
        return TRUE;
    }
  return FALSE;
}

static void
assert_set_equal (const VsVariant *v, const char *what, const gboolean *got, const gboolean *want)
{
  if (memcmp (got, want, sizeof (gboolean) * VS_MAX_SQUARES) != 0)
    {
      g_autofree char *a = square_list (v, got);
      g_autofree char *b = square_list (v, want);
      g_error ("%s: the guide marks { %s} but expected { %s}", what, a, b);
    }
}

/* ---- Every piece type: marks = generator destinations ------------------------ */

static void
test_every_piece_type (void)
{
  int n_checked = 0;
  for (const VsVariant *const *vp = vs_variants (); *vp; vp++)
    {
      const VsVariant *v = *vp;
      const char *gid = vs_guide_variant_for (v->id);
      g_assert_nonnull (gid);
      g_autoptr(GPtrArray) secs = build (v->id);
      for (int t = 1; t <= v->n_piece_types; t++)
        {
          VsGuideSection *s = NULL;
          for (guint i = 0; i < secs->len; i++)
            {
              VsGuideSection *c = secs->pdata[i];
              if (c->kind == VS_GUIDE_SECTION_PIECE && c->piece_type == t)
                {
                  g_assert_null (s);      /* one section per type */
                  s = c;
                }
            }
          if (s == NULL)
            g_error ("%s: no guide section for %s", v->id, v->pieces[t].name);
          /* names from VsPieceInfo */
          g_assert_nonnull (strstr (s->names, v->pieces[t].name_ja));
          g_assert_nonnull (strstr (s->names, v->pieces[t].name));
          g_assert_nonnull (strstr (s->names, v->pieces[t].record));
          g_assert_true (s->text && strlen (s->text) > 20);

          g_autofree VsPosition *pos = section_pos (s);
          /* the one piece of this type of the side to move */
          int from = -1;
          for (int q = 0; q < vs_geometry_squares (&v->geom); q++)
            if (pos->board[q] && VS_PIECE_TYPE (pos->board[q]) == t
                && VS_PIECE_COLOR (pos->board[q]) == pos->side)
              {
                g_assert_cmpint (from, ==, -1);
                from = q;
              }
          g_assert_cmpint (from, >=, 0);
          g_assert_true (has_mark (s, from, VS_GUIDE_MARK_ORIGIN));

          gboolean want[VS_MAX_SQUARES] = { 0 }, got[VS_MAX_SQUARES];
          gboolean want_promo[VS_MAX_SQUARES] = { 0 }, want_cap[VS_MAX_SQUARES] = { 0 };
          VsMove moves[VS_MAX_MOVES];
          int n = vs_position_generate (pos, VS_GEN_ALL, moves);
          int n_moves = 0;
          for (int i = 0; i < n; i++)
            {
              VsMoveKind k = VS_MOVE_KIND (moves[i]);
              if (VS_MOVE_FROM (moves[i]) != from || k == VS_MOVE_PASS || k == VS_MOVE_SUICIDE
                  || k == VS_MOVE_DROP)
                continue;
              int to = VS_MOVE_TO (moves[i]);
              want[to] = TRUE;
              n_moves++;
              if (k == VS_MOVE_PROMOTION)
                want_promo[to] = TRUE;
              VsMoveEffects e;
              vs_move_effects (pos, moves[i], &e);
              if (e.n_captured)
                want_cap[to] = TRUE;
            }
          g_assert_cmpint (n_moves, >, 0);
          targets_of (s, got);
          g_autofree char *what = g_strdup_printf ("%s %s", v->id, v->pieces[t].name);
          assert_set_equal (v, what, got, want);
          for (guint i = 0; i < s->targets->len; i++)
            {
              const VsGuideMark *m = &g_array_index (s->targets, VsGuideMark, i);
              int expect = want_promo[m->square] ? VS_GUIDE_MARK_PROMOTION
                         : want_cap[m->square] ? VS_GUIDE_MARK_CAPTURE : VS_GUIDE_MARK_MOVE;
              g_assert_cmpint (m->kind, ==, expect);
            }
          n_checked++;
        }
    }
  g_test_message ("%d piece sections checked against the move generator", n_checked);
  /* 6 + 7 + 7 (janggi-casual too) + 21 + 6 */
  g_assert_cmpint (n_checked, ==, 47);
}

/* ---- Hand-written lists from the rules files ----------------------------------- */

typedef struct {
  const char *variant;
  const char *section;
  const char *targets;    /* every legal destination, worked out from the rules file */
  const char *taken;      /* pieces captured automatically by those moves */
} HandCase;

static const HandCase hand_cases[] = {
  /* Chartima Cannon on e5: screens e7 (up) and c5 (left); may pass one piece
   * without capturing (e8), captures exactly over one screen (e9, b5), never
   * over two (e10, a5). */
  { "chartima", "piece-Ca", "e6 e8 e9 d5 b5 e4 e3 e2 e1 f5 g5 h5 i5 j5", NULL },
  /* Long leaper on e5: jumps e7 (lands e8–e10) and g7 (lands h8, i9, j10);
   * not the pair c5+b5; own Pawn h5 stops it. */
  { "chartima", "piece-L",
    "e6 e8 e9 e10 f6 h8 i9 j10 d5 f5 g5 e4 e3 e2 e1 d6 c7 b8 a9 d4 c3 b2 f4 g3 h2 i1", "e7 g7" },
  /* Dog on e5: at most three squares diagonally; own Pawn c3. */
  { "chartima", "piece-D", "f6 g7 d6 c7 b8 f4 g3 h2 d4", NULL },
  /* King on e5, Black Rook on h6 holds rank 6. */
  { "chartima", "piece-K", "d4 e4 f4 d5 f5", NULL },
  /* Janggi Horse e5, own Soldier e6 blocks the upward moves. */
  { "janggi", "piece-H", "d3 f3 c4 c6 g4 g6", NULL },
  /* Elephant e5: f5 blocks the right, d7 the upper left. */
  { "janggi", "piece-E", "g8 c2 g2 b7 b3", NULL },
  /* Cannon e4: screen e6 up, c4 left (captures a4), enemy Cannon g4 is no screen. */
  { "janggi", "piece-C", "e7 e8 e9 e10 b4 a4", NULL },
  /* Soldier d8 in Han's palace: forward, sideways, and d8–e9 along the diagonal. */
  { "janggi", "piece-P", "d9 c8 e8 e9", NULL },
  /* King e2 (palace centre), own Guard d1. */
  { "janggi", "piece-K", "e1 f1 d2 f2 d3 e3 f3", NULL },
  /* Cannon screens: only up, over the Horse. */
  { "janggi", "rule-cannon", "e6 e7", NULL },
  /* Strato Knight Ad4: 8 leaps on each level; own Be6, enemy Cc6 (a level
   * change never captures). */
  { "strato", "piece-N",
    "Ab3 Ab5 Ac2 Ac6 Ae2 Ae6 Af3 Af5 Bb3 Bb5 Bc2 Bc6 Be2 Bf3 Bf5 Cb3 Cb5 Cc2 Ce2 Ce6 Cf3 Cf5", NULL },
  /* Strato King Bd4 (has moved), Black Rook Be6 holds the e-file of level B. */
  { "strato", "piece-K", "Bc3 Bd3 Bc4 Bc5 Bd5 Ad4 Cd4", NULL },
  /* Strato Pawn Bd4 (has moved): forward, capture, level change only. */
  { "strato", "piece-P", "Bd5 Bc5 Ad4 Cd4", NULL },
  /* First moves from the start: Knight b1 to B/C, Pawn e2 up and forward. */
  { "strato", "rule-first-move", "Ba3 Bc3 Bd2 Ca3 Cc3 Cd2 Be3 Be4", NULL },
  /* Crazyhouse Knight d4: own e6, enemy c6 f5. */
  { "crazyhouse", "piece-N", "b3 b5 c2 c6 e2 f3 f5", NULL },
  { "crazyhouse", "piece-K", "c3 d3 e3 c4 e4", NULL },
};

static void
test_hand_lists (void)
{
  for (guint c = 0; c < G_N_ELEMENTS (hand_cases); c++)
    {
      const HandCase *hc = &hand_cases[c];
      g_autoptr(GPtrArray) secs = build (hc->variant);
      VsGuideSection *s = find (secs, hc->section);
      const VsVariant *v = s->variant;
      gboolean want[VS_MAX_SQUARES] = { 0 }, got[VS_MAX_SQUARES];
      g_auto(GStrv) names = g_strsplit (hc->targets, " ", -1);
      for (int i = 0; names[i]; i++)
        want[sq (v, names[i])] = TRUE;
      targets_of (s, got);
      g_autofree char *what = g_strdup_printf ("%s %s (by hand)", hc->variant, hc->section);
      assert_set_equal (v, what, got, want);
      if (hc->taken)
        {
          g_auto(GStrv) tk = g_strsplit (hc->taken, " ", -1);
          for (int i = 0; tk[i]; i++)
            g_assert_true (has_mark (s, sq (v, tk[i]), VS_GUIDE_MARK_TAKEN));
        }
    }
}

/* ---- Special rules ------------------------------------------------------------------ */

static void
assert_taken (const VsGuideSection *s, const char *squares)
{
  g_auto(GStrv) list = g_strsplit (squares, " ", -1);
  int n = 0;
  for (int i = 0; list[i]; i++, n++)
    if (!has_mark (s, sq (s->variant, list[i]), VS_GUIDE_MARK_TAKEN))
      g_error ("%s: %s is not marked as captured", s->id, list[i]);
  int n_taken = 0;
  for (guint i = 0; i < s->marks->len; i++)
    n_taken += g_array_index (s->marks, VsGuideMark, i).kind == VS_GUIDE_MARK_TAKEN;
  g_assert_cmpint (n_taken, ==, n);
}

static void
test_chartima_rules (void)
{
  g_autoptr(GPtrArray) secs = build ("chartima");
  const VsVariant *v = &vs_variant_chartima;
  /* Ultima captures, worked out from the rules file */
  assert_taken (find (secs, "rule-long-leaper"), "e4 e6");
  assert_taken (find (secs, "rule-withdrawer"), "g6");
  assert_taken (find (secs, "rule-coordinator"), "g2 c5");
  assert_taken (find (secs, "rule-pusher-puller"), "f5 b5");
  g_assert_nonnull (strstr (find (secs, "rule-long-leaper")->text, "L E2 - E7 x E4 x E6"));
  g_assert_nonnull (strstr (find (secs, "rule-pusher-puller")->text, "Pu E5 - C5 x F5 x B5"));

  /* the Dog appears on the square the nB leaves */
  VsGuideSection *dog = find (secs, "rule-dog");
  g_assert_true (has_mark (dog, sq (v, "e5"), VS_GUIDE_MARK_SPECIAL));
  g_assert_nonnull (strstr (dog->text, "& D"));

  /* camps: 60 area squares; the Pawn promotes on c8 and d8, the Rook on g8–g10 only */
  VsGuideSection *camp = find (secs, "rule-promotion");
  int n_area = 0;
  for (guint i = 0; i < camp->marks->len; i++)
    n_area += g_array_index (camp->marks, VsGuideMark, i).kind == VS_GUIDE_MARK_AREA;
  g_assert_cmpint (n_area, ==, 60);
  const char *promo[] = { "c8", "d8", "g8", "g9", "g10" };
  for (guint i = 0; i < G_N_ELEMENTS (promo); i++)
    g_assert_true (has_mark (camp, sq (v, promo[i]), VS_GUIDE_MARK_PROMOTION));
  g_assert_true (has_mark (camp, sq (v, "g7"), VS_GUIDE_MARK_MOVE));
  int n_promo = 0;
  for (guint i = 0; i < camp->targets->len; i++)
    n_promo += g_array_index (camp->targets, VsGuideMark, i).kind == VS_GUIDE_MARK_PROMOTION;
  g_assert_cmpint (n_promo, ==, 5);

  /* immobilization: d6, f6, f4 may only commit suicide; the Dog e6 moves */
  VsGuideSection *imm = find (secs, "rule-immobilization");
  const char *frozen[] = { "d6", "f6", "f4" };
  for (guint i = 0; i < G_N_ELEMENTS (frozen); i++)
    g_assert_true (has_mark (imm, sq (v, frozen[i]), VS_GUIDE_MARK_SPECIAL));
  g_assert_false (has_mark (imm, sq (v, "e6"), VS_GUIDE_MARK_SPECIAL));
  g_assert_true (vs_guide_section_has_target (imm, sq (v, "b3")));   /* Dog e6–b3 */
  g_assert_cmpint (imm->targets->len, ==, 12);                        /* the Dog's moves only */

  /* castling: K f2–i2 with R j2–h2, K f2–c2 with R a2–d2 */
  VsGuideSection *cas = find (secs, "rule-castling");
  g_assert_true (vs_guide_section_has_target (cas, sq (v, "i2")));
  g_assert_true (vs_guide_section_has_target (cas, sq (v, "c2")));
  gboolean rook_k = FALSE, rook_q = FALSE;
  for (guint i = 0; i < cas->arrows->len; i++)
    {
      const VsGuideArrow *a = &g_array_index (cas->arrows, VsGuideArrow, i);
      rook_k |= a->from == sq (v, "j2") && a->to == sq (v, "h2");
      rook_q |= a->from == sq (v, "a2") && a->to == sq (v, "d2");
    }
  g_assert_true (rook_k && rook_q);
  find (secs, "setup");
}

static void
test_janggi_rules (void)
{
  g_autoptr(GPtrArray) secs = build ("janggi-casual");
  /* the four setups, each a real start */
  for (int setup = 0; setup < VS_JANGGI_N_SETUPS; setup++)
    {
      g_autofree char *id = g_strdup_printf ("setup-%d", setup);
      VsGuideSection *s = find (secs, id);
      g_autofree char *fen = vs_janggi_start_fen (setup, setup);
      g_assert_cmpstr (s->position, ==, fen);
      g_assert_nonnull (strstr (s->title, vs_janggi_setup_korean (setup)));
      g_autofree VsPosition *pos = section_pos (s);
      int cho, han;
      vs_janggi_position_setups (pos, &cho, &han);
      g_assert_cmpint (cho, ==, setup);
      g_assert_cmpint (han, ==, setup);
    }
  /* the pass is circled on the King's point */
  VsGuideSection *pass = find (secs, "rule-pass");
  const VsVariant *v = pass->variant;
  g_assert_true (has_mark (pass, sq (v, "e2"), VS_GUIDE_MARK_SPECIAL));
  /* palace diagonals: the Chariot on d3 reaches e2 and f1 */
  VsGuideSection *pal = find (secs, "rule-palace");
  g_assert_true (vs_guide_section_has_target (pal, sq (v, "e2")));
  g_assert_true (vs_guide_section_has_target (pal, sq (v, "f1")));
  g_assert_false (vs_guide_section_has_target (pal, sq (v, "c2")));

  /* bikjang: every marked move breaks the facing (or is the pass) */
  VsGuideSection *bik = find (secs, "rule-bikjang");
  g_assert_true (bik->variant == &vs_variant_janggi);
  g_autofree VsPosition *pos = section_pos (bik);
  g_assert_true (vs_janggi_kings_facing (pos));
  VsMove moves[VS_MAX_MOVES];
  int n = vs_position_generate (pos, VS_GEN_ALL, moves);
  int n_dest = 0;
  gboolean want[VS_MAX_SQUARES] = { 0 }, got[VS_MAX_SQUARES];
  for (int i = 0; i < n; i++)
    {
      if (VS_MOVE_KIND (moves[i]) == VS_MOVE_PASS)
        continue;
      want[VS_MOVE_TO (moves[i])] = TRUE;
      vs_test_make (pos, moves[i]);
      g_assert_false (vs_janggi_kings_facing (pos));
      vs_test_unmake (pos);
      n_dest++;
    }
  targets_of (bik, got);
  assert_set_equal (v, "bikjang", got, want);
  g_assert_cmpint (n_dest, ==, 8);   /* King: 6 points off the file; Horse: e7, e5 */
  g_assert_true (has_mark (bik, sq (v, "e9"), VS_GUIDE_MARK_SPECIAL));   /* the pass */
}

static void
test_strato_rules (void)
{
  g_autoptr(GPtrArray) secs = build ("strato");
  g_assert_cmpstr (find (secs, "setup-below")->position, ==, vs_strato_start_fen (FALSE));
  g_assert_cmpstr (find (secs, "setup-above")->position, ==, vs_strato_start_fen (TRUE));
  VsGuideSection *cas = find (secs, "rule-king-castling");
  const VsVariant *v = cas->variant;
  /* castling on level A and with a level shift; first-move King steps on B */
  const char *want[] = { "Ag1", "Ac1", "Bg1", "Bc1", "Be1", "Bd2", "Bf2" };
  for (guint i = 0; i < G_N_ELEMENTS (want); i++)
    g_assert_true (vs_guide_section_has_target (cas, sq (v, want[i])));
  g_assert_false (vs_guide_section_has_target (cas, sq (v, "Af1")));   /* first move: no planar step */
  g_assert_nonnull (strstr (cas->text, "O-O @B"));
  /* in check: the planar blocks on Ae2 are allowed */
  VsGuideSection *chk = find (secs, "rule-check");
  g_assert_true (vs_guide_section_has_target (chk, sq (v, "Ae2")));
  g_assert_false (vs_guide_section_has_target (chk, sq (v, "Ad3")));
}

static void
test_crazyhouse_rules (void)
{
  g_autoptr(GPtrArray) secs = build ("crazyhouse");
  VsGuideSection *drops = find (secs, "rule-drops");
  const VsVariant *v = drops->variant;
  g_autofree VsPosition *pos = section_pos (drops);
  /* every empty square of ranks 2–7, none on ranks 1 and 8 */
  gboolean want[VS_MAX_SQUARES] = { 0 }, got[VS_MAX_SQUARES];
  for (int r = 1; r <= 6; r++)
    for (int f = 0; f < 8; f++)
      if (pos->board[r * 8 + f] == VS_PIECE_NONE)
        want[r * 8 + f] = TRUE;
  targets_of (drops, got);
  assert_set_equal (v, "pawn drops", got, want);

  /* the drop mate */
  VsGuideSection *mate = find (secs, "rule-drop-mate");
  g_assert_nonnull (strstr (mate->text, "Q@h7#"));

  /* demotion: taking the promoted Queen puts a Pawn in White's hand */
  VsGuideSection *dem = find (secs, "rule-demotion");
  g_autofree VsPosition *dp = section_pos (dem);
  g_assert_cmpint (dem->arrows->len, ==, 1);
  const VsGuideArrow *a = &g_array_index (dem->arrows, VsGuideArrow, 0);
  VsMove m;
  char uci[16];
  char f[8], t[8];
  vs_square_name (&v->geom, a->from, f);
  vs_square_name (&v->geom, a->to, t);
  g_snprintf (uci, sizeof uci, "%s%s", f, t);
  g_assert_true (vs_move_parse (dp, uci, VS_NOTATION_UCI, &m, NULL, NULL));
  g_assert_true (has_mark (dem, a->to, VS_GUIDE_MARK_TAKEN));
  g_assert_true (VS_PIECE_HAS_FLAG (dp->board[a->to]));
  vs_test_make (dp, m);
  int pawns = 0, queens = 0;
  for (int ty = 1; ty <= v->n_piece_types; ty++)
    {
      if (strcmp (v->pieces[ty].letter, "P") == 0)
        pawns = dp->hand[VS_WHITE][ty];
      if (strcmp (v->pieces[ty].letter, "Q") == 0)
        queens = dp->hand[VS_WHITE][ty];
    }
  g_assert_cmpint (pawns, ==, 1);
  g_assert_cmpint (queens, ==, 0);
}

static void
test_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_assert_null (vs_guide_build ("shogi", &error));
  g_assert_error (error, VS_GUIDE_ERROR, VS_GUIDE_ERROR_UNKNOWN_VARIANT);
  g_assert_cmpstr (vs_guide_variant_for ("janggicasual"), ==, "janggi");
  g_assert_null (vs_guide_variant_for (NULL));
  /* English titles unless the Japanese catalogue is in use */
  g_assert_true (vs_guide_use_japanese_names () == japanese);
}

static gboolean
has_japanese (const char *s)
{
  for (const char *p = s; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      if ((c >= 0x3040 && c <= 0x30ff) || (c >= 0x4e00 && c <= 0x9fff))
        return TRUE;
    }
  return FALSE;
}

/* LANGUAGE=ja: every title and text of every guide is Japanese, and piece
 * sections are titled with the rules files' Japanese names. */
static void
test_japanese (void)
{
  int n = 0;
  for (const char *const *id = vs_guide_variant_ids (); *id; id++)
    {
      g_autoptr(GPtrArray) secs = build (*id);
      for (guint i = 0; i < secs->len; i++)
        {
          VsGuideSection *s = secs->pdata[i];
          if (!has_japanese (s->title) || !has_japanese (s->text))
            g_error ("%s %s is not in Japanese: “%s” / “%s”", *id, s->id, s->title, s->text);
          if (s->piece_type)
            g_assert_cmpstr (s->title, ==, s->variant->pieces[s->piece_type].name_ja);
          n++;
        }
    }
  for (int k = 0; k < VS_GUIDE_N_MARKS; k++)
    g_assert_true (has_japanese (vs_guide_mark_label (k)));
  g_test_message ("%d sections in Japanese", n);
}

/* ---- Export: SVG and PNG of a guide diagram ------------------------------------------- */

/* Renders the SVG file with librsvg at the PNG file's size and compares:
 * mean absolute channel difference and pixels off by more than 48. */
static void
compare_svg_png (const char *svg, const char *png, double *mean, long *far, int *npx)
{
  cairo_surface_t *a = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (a), ==, CAIRO_STATUS_SUCCESS);
  int w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a);
  cairo_surface_t *b = vs_test_render_svg_file (svg, w, h);
  double close;
  vs_test_image_compare (a, b, mean, &close);
  *npx = w * h;
  *far = (long) ((1.0 - close) * *npx + 0.5);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
}

static gpointer
copy_string (gconstpointer src, gpointer data)
{
  return g_strdup (src);
}

/* `variant-study-cli diagram` writes the same guide diagram as SVG and as
 * PNG; the SVG loads with librsvg and looks like the PNG. */
static void
test_cli_svg_png (void)
{
  const char *cli = g_getenv ("VS_CLI");
  g_assert_nonnull (cli);
  g_autofree char *dir = g_dir_make_tmp ("vs-guide-cli-XXXXXX", NULL);
  const char *cases[][2] = { { "chartima", "rule-coordinator" }, { "strato", "rule-king-castling" },
                             { "janggi", "piece-C" }, { "crazyhouse", "rule-drops" } };
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(GPtrArray) secs = build (cases[c][0]);
      VsGuideSection *s = find (secs, cases[c][1]);
      const VsGeometry *g = &s->variant->geom;
      g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (args, g_strdup (cli));
      g_ptr_array_add (args, g_strdup ("diagram"));
      g_ptr_array_add (args, g_strdup ("--variant"));
      g_ptr_array_add (args, g_strdup (s->variant->id));
      g_ptr_array_add (args, g_strdup ("--fen"));
      g_ptr_array_add (args, g_strdup (s->position));
      g_ptr_array_add (args, g_strdup ("--size"));
      g_ptr_array_add (args, g_strdup ("400"));
      for (guint i = 0; i < s->targets->len; i++)
        {
          char n[8];
          vs_square_name (g, g_array_index (s->targets, VsGuideMark, i).square, n);
          g_ptr_array_add (args, g_strdup ("--highlight"));
          g_ptr_array_add (args, g_strdup (n));
        }
      for (guint i = 0; i < s->arrows->len; i++)
        {
          const VsGuideArrow *a = &g_array_index (s->arrows, VsGuideArrow, i);
          char f[8], t[8];
          vs_square_name (g, a->from, f);
          vs_square_name (g, a->to, t);
          g_ptr_array_add (args, g_strdup (a->from == a->to ? "--circle" : "--arrow"));
          g_ptr_array_add (args, a->from == a->to ? g_strdup (f) : g_strconcat (f, t, NULL));
        }
      g_autofree char *svg = g_strdup_printf ("%s/%s.svg", dir, cases[c][0]);
      g_autofree char *png = g_strdup_printf ("%s/%s.png", dir, cases[c][0]);
      for (int k = 0; k < 2; k++)
        {
          g_autoptr(GPtrArray) argv = g_ptr_array_copy (args, copy_string, NULL);
          g_ptr_array_set_free_func (argv, g_free);
          g_ptr_array_add (argv, g_strdup ("-o"));
          g_ptr_array_add (argv, g_strdup (k ? png : svg));
          g_ptr_array_add (argv, NULL);
          int status = -1;
          g_autofree char *err = NULL;
          g_autoptr(GError) error = NULL;
          g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                       NULL, &err, &status, &error));
          g_assert_no_error (error);
          if (!g_spawn_check_wait_status (status, NULL))
            g_error ("diagram %s: %s", cases[c][1], err);
        }
      double mean;
      long far;
      int npx;
      compare_svg_png (svg, png, &mean, &far, &npx);
      g_test_message ("CLI %s %s: %d marks, SVG vs PNG mean diff %.3f, %ld of %d pixels off",
                      cases[c][0], cases[c][1], s->targets->len, mean, far, npx);
      g_assert_cmpfloat (mean, <, 2.0);
      g_assert_cmpfloat (far, <, 0.01 * npx);
      g_unlink (svg);
      g_unlink (png);
    }
  g_rmdir (dir);
}

static void
test_export (void)
{
  g_autofree char *dir = g_dir_make_tmp ("vs-guide-XXXXXX", NULL);
  g_assert_nonnull (dir);
  int n_files = 0;
  for (const char *const *id = vs_guide_variant_ids (); *id; id++)
    {
      g_autoptr(GPtrArray) secs = build (*id);
      for (guint i = 0; i < secs->len; i++)
        {
          VsGuideSection *s = secs->pdata[i];
          VsDiagramOptions o;
          vs_diagram_options_init (&o);
          o.size = 320;
          g_autofree char *png = g_strdup_printf ("%s/%s-%s.png", dir, *id, s->id);
          g_autoptr(GError) error = NULL;
          g_assert_true (vs_guide_section_export (s, &o, png, &error));
          g_assert_no_error (error);
          n_files++;
          if (s->targets->len + s->arrows->len == 0 || (i % 5) != 1)
            {
              g_unlink (png);
              continue;
            }
          /* the SVG of the same diagram renders like the PNG */
          g_autofree char *svg = g_strdup_printf ("%s/%s-%s.svg", dir, *id, s->id);
          g_assert_true (vs_guide_section_export (s, &o, svg, &error));
          g_assert_no_error (error);
          double mean;
          long far;
          int npx;
          compare_svg_png (svg, png, &mean, &far, &npx);
          g_test_message ("%s %s: SVG vs PNG mean diff %.3f, %ld of %d pixels differ by more than 48",
                          *id, s->id, mean, far, npx);
          g_assert_cmpfloat (mean, <, 2.0);
          g_assert_cmpfloat (far, <, 0.01 * npx);
          g_unlink (png);
          g_unlink (svg);
        }
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  g_test_message ("%d guide diagrams exported", n_files);
}

/* ---- The window (under Xvfb) -------------------------------------------------------- */

static void
wait_idle (void)
{
  for (int i = 0; i < 30; i++)
    while (g_main_context_iteration (NULL, FALSE))
      ;
}

static gboolean
set_flag (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Waits (at most 10 s) until the window is mapped and laid out: under Xvfb
 * the map can take longer than a few idle iterations. */
static void
wait_laid_out (GtkWidget *window)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add (10000, set_flag, &timed_out);
  while (!timed_out && (!gtk_widget_get_mapped (window) || gtk_widget_get_width (window) <= 0 ||
                        gtk_widget_get_height (window) <= 0))
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (id);
  wait_idle ();
}

/* Renders the whole window to a PNG file (what a screenshot shows). */
static void
save_window_png (GtkWidget *window, const char *path)
{
  wait_laid_out (window);
  /* After a section change the window may need a new layout (Strato's three
   * boards ask for more room): its paintable draws nothing until the next
   * frame has been laid out, so retry on later frames, for at most 5 s. */
  GskRenderNode *node = NULL;
  int w = 0, h = 0;
  for (int attempt = 0; attempt < 250 && node == NULL; attempt++)
    {
      if (attempt > 0)
        {
          gboolean tick = FALSE;
          g_timeout_add (20, set_flag, &tick);
          while (!tick)
            g_main_context_iteration (NULL, TRUE);
        }
      w = gtk_widget_get_width (window);
      h = gtk_widget_get_height (window);
      GdkPaintable *p = gtk_widget_paintable_new (window);
      GtkSnapshot *snap = gtk_snapshot_new ();
      gdk_paintable_snapshot (p, snap, w, h);
      node = gtk_snapshot_free_to_node (snap);
      g_object_unref (p);
    }
  g_assert_nonnull (node);
  GskRenderer *r = gtk_native_get_renderer (GTK_NATIVE (window));
  GdkTexture *t = gsk_renderer_render_texture (r, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  g_assert_true (gdk_texture_save_to_png (t, path));
  g_object_unref (t);
  gsk_render_node_unref (node);
}

typedef struct {
  char *variant, *position;
  int   count;
} Opened;

static void
on_open (VsGuideWindow *w, const char *variant, const char *position, Opened *o)
{
  g_free (o->variant);
  g_free (o->position);
  o->variant = g_strdup (variant);
  o->position = g_strdup (position);
  o->count++;
}

static void
test_window (void)
{
  GtkWidget *window = vs_guide_window_new (NULL, "janggi-casual");
  VsGuideWindow *gw = VS_GUIDE_WINDOW (window);
  g_assert_cmpstr (vs_guide_window_get_variant (gw), ==, "janggi");
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 720);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (window))
    g_main_context_iteration (NULL, TRUE);
  Opened opened = { 0 };
  g_signal_connect (window, "open-on-board", G_CALLBACK (on_open), &opened);
  VsBoardView *board = VS_BOARD_VIEW (vs_guide_window_get_board (gw));
  const char *gallery = g_getenv ("VS_GALLERY_DIR");
  if (gallery)
    g_mkdir_with_parents (gallery, 0755);

  for (const char *const *id = vs_guide_variant_ids (); *id; id++)
    {
      g_assert_true (vs_guide_window_set_variant (gw, *id));
      g_autoptr(GPtrArray) secs = build (*id);
      for (guint i = 0; i < secs->len; i++)
        {
          const VsGuideSection *want = secs->pdata[i];
          if (i == 0)
            g_assert_cmpstr (vs_guide_window_get_section (gw)->id, ==, want->id);
          else
            {
              /* walk with guide.next */
              g_assert_true (gtk_widget_activate_action (window, "guide.next", NULL));
              g_assert_cmpstr (vs_guide_window_get_section (gw)->id, ==, want->id);
            }
          /* the diagram shows the section's position, view only */
          g_autofree char *shown = vs_position_to_string (vs_board_view_get_position (board));
          g_assert_cmpstr (shown, ==, want->position);
          int n_shapes;
          vs_board_view_get_shapes (board, &n_shapes);
          g_assert_cmpint (n_shapes, ==, want->arrows->len);
          /* Open on the board */
          int before = opened.count;
          g_assert_true (gtk_widget_activate_action (window, "guide.open-on-board", NULL));
          g_assert_cmpint (opened.count, ==, before + 1);
          g_assert_cmpstr (opened.variant, ==, want->variant->id);
          g_assert_cmpstr (opened.position, ==, want->position);
        }
      g_assert_true (gtk_widget_activate_action (window, "guide.previous", NULL));
      g_assert_cmpstr (vs_guide_window_get_section (gw)->id, ==,
                       ((VsGuideSection *) secs->pdata[secs->len - 2])->id);
    }
  /* screenshots for looking at */
  if (gallery)
    {
      const char *shots[][2] = { { "chartima", "piece-L" }, { "chartima", "rule-coordinator" },
                                 { "janggi", "rule-bikjang" }, { "strato", "piece-N" },
                                 { "crazyhouse", "rule-drops" } };
      for (guint i = 0; i < G_N_ELEMENTS (shots); i++)
        {
          g_assert_true (vs_guide_window_set_variant (gw, shots[i][0]));
          g_assert_true (vs_guide_window_select_section (gw, shots[i][1]));
          g_autofree char *path = g_strdup_printf ("%s/guide-%s-%s-%s.png", gallery, japanese ? "ja" : "en",
                                                   shots[i][0], shots[i][1]);
          save_window_png (window, path);
          g_test_message ("wrote %s", path);
        }
    }
  g_assert_false (vs_guide_window_select_section (gw, "no-such-section"));
  g_free (opened.variant);
  g_free (opened.position);
  gtk_window_destroy (GTK_WINDOW (window));
  wait_idle ();
}

int
main (int argc, char **argv)
{
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  g_setenv ("GTK_A11Y", "none", FALSE);
  japanese = vs_test_bind_catalogue (GETTEXT_PACKAGE);
  g_test_init (&argc, &argv, NULL);
  if (japanese)
    g_test_add_func ("/guide/japanese", test_japanese);
  if (gtk_init_check ())
    g_test_add_func ("/guide/window", test_window);
  else
    g_test_message ("no display: the window test needs xvfb-run -a");
  g_test_add_func ("/guide/every-piece-type", test_every_piece_type);
  g_test_add_func ("/guide/hand-lists", test_hand_lists);
  g_test_add_func ("/guide/chartima-rules", test_chartima_rules);
  g_test_add_func ("/guide/janggi-rules", test_janggi_rules);
  g_test_add_func ("/guide/strato-rules", test_strato_rules);
  g_test_add_func ("/guide/crazyhouse-rules", test_crazyhouse_rules);
  g_test_add_func ("/guide/errors", test_errors);
  g_test_add_func ("/guide/export", test_export);
  g_test_add_func ("/guide/cli-svg-png", test_cli_svg_png);
  return g_test_run ();
}
