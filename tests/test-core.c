/* test-core.c — properties every variant module must have, checked over the
 * positions of its reference perft file:
 *  - position strings round-trip (read → write → identical);
 *  - every legal move at depth 1 round-trips through each notation;
 *  - make/unmake restores board, state and key exactly over random playouts,
 *    and the incremental key equals the key of the re-read position string;
 *  - the generation stages: QUIET is ALL minus NOISY in ALL's order.
 * Usage: test-core NAME (chartima, strato, janggi, crazyhouse). */
#include "vs-test-util.h"

#include <string.h>
#include "vs-test-history.h"

static GPtrArray *cases;

static gboolean
same_position (const VsPosition *a, const VsPosition *b)
{
  return memcmp (a->board, b->board, sizeof a->board) == 0 &&
         memcmp (a->hand, b->hand, sizeof a->hand) == 0 &&
         a->side == b->side && a->castling == b->castling && a->ep == b->ep &&
         a->halfmove == b->halfmove && a->fullmove == b->fullmove &&
         a->key == b->key && a->passes == b->passes;
}

static void
test_fen_roundtrip (void)
{
  for (guint i = 0; i < cases->len; i++)
    {
      VsPerftCase *c = cases->pdata[i];
      g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
      g_autoptr(GError) error = NULL;
      g_assert_true (vs_position_init (pos, c->variant, c->fen, &error));
      g_autofree char *out = vs_position_to_string (pos);
      g_assert_cmpstr (out, ==, c->fen);
    }
}

static void
test_notation_roundtrip (void)
{
  for (guint i = 0; i < cases->len; i++)
    {
      VsPerftCase *c = cases->pdata[i];
      if (i > 0 && strcmp (c->fen, ((VsPerftCase *) cases->pdata[i - 1])->fen) == 0 &&
          c->variant == ((VsPerftCase *) cases->pdata[i - 1])->variant)
        continue;
      g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
      g_assert_true (vs_position_init (pos, c->variant, c->fen, NULL));
      VsMove moves[VS_MAX_MOVES];
      int n = vs_position_generate (pos, VS_GEN_ALL, moves);
      VsNotation notations[] = { VS_NOTATION_UCI, VS_NOTATION_SAN, VS_NOTATION_GIBO };
      int n_notations = strncmp (c->variant->id, "janggi", 6) == 0 ? 3 : 2;
      for (int k = 0; k < n_notations; k++)
        for (int j = 0; j < n; j++)
          {
            char text[VS_MOVE_TEXT_MAX];
            vs_move_write (pos, moves[j], notations[k], text);
            VsMove back = VS_MOVE_NONE;
            const char *warning = NULL;
            g_autoptr(GError) error = NULL;
            if (!vs_move_parse (pos, text, notations[k], &back, &warning, &error))
              g_error ("%s: notation %d: “%s” does not read back: %s", c->fen, k, text, error->message);
            if (VS_MOVE_CORE (back) != VS_MOVE_CORE (moves[j]))
              g_error ("%s: notation %d: “%s” reads back as another move", c->fen, k, text);
            g_assert_null (warning);
          }
    }
}

static void
test_make_unmake (void)
{
  GRand *rand = g_rand_new_with_seed (20261129);
  for (guint i = 0; i < cases->len; i++)
    {
      VsPerftCase *c = cases->pdata[i];
      for (int game = 0; game < 4; game++)
        {
          g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
          g_autofree VsPosition *start = g_new0 (VsPosition, 1);
          g_autofree VsPosition *before = g_new0 (VsPosition, 1);
          g_autofree VsPosition *reread = g_new0 (VsPosition, 1);
          g_assert_true (vs_position_init (pos, c->variant, c->fen, NULL));
          memcpy (start, pos, sizeof *pos);
          VsUndo undo[120];
          int plies = 0;
          for (; plies < 120; plies++)
            {
              VsMove moves[VS_MAX_MOVES];
              int n = vs_position_generate (pos, VS_GEN_ALL, moves);
              if (n == 0)
                break;
              VsMove m = moves[g_rand_int_range (rand, 0, n)];
              memcpy (before, pos, sizeof *pos);
              vs_position_make (pos, m, &undo[plies]);
              vs_position_unmake (pos, &undo[plies]);
              g_assert_true (same_position (pos, before));
              g_assert_cmpmem (pos->priv.bytes, sizeof pos->priv, before->priv.bytes, sizeof before->priv);
              vs_position_make (pos, m, &undo[plies]);
              g_autofree char *fen = vs_position_to_string (pos);
              g_autoptr(GError) error = NULL;
              if (!vs_position_init (reread, c->variant, fen, &error))
                g_error ("written position “%s” does not read back: %s", fen, error->message);
              if (reread->key != pos->key)
                g_error ("incremental key differs from the key of “%s”", fen);
              g_assert_cmpmem (reread->board, sizeof reread->board, pos->board, sizeof pos->board);
            }
          while (plies-- > 0)
            vs_position_unmake (pos, &undo[plies]);
          g_assert_true (same_position (pos, start));
        }
    }
  g_rand_free (rand);
}

/* Issue 15: the position is a small value (no embedded undo history); a
 * line (position + the caller's undo stack) replays and takes back any
 * number of plies, with nothing dropped. */
static void
test_small_position (void)
{
  g_test_message ("sizeof (VsPosition) = %zu, sizeof (VsUndo) = %zu",
                  sizeof (VsPosition), sizeof (VsUndo));
  g_assert_cmpuint (sizeof (VsPosition), <=, 4096);
  GRand *rand = g_rand_new_with_seed (20261202);
  VsPerftCase *c = cases->pdata[0];
  g_autoptr(VsLine) line = vs_line_new ();
  g_assert_true (vs_line_init (line, c->variant, c->fen, NULL));
  VsPosition start = line->pos;
  int plies = 0;
  for (; plies < 1500; plies++)
    {
      VsMove moves[VS_MAX_MOVES];
      int n = vs_position_generate (&line->pos, VS_GEN_ALL, moves);
      if (n == 0)
        break;
      vs_line_make (line, moves[g_rand_int_range (rand, 0, n)]);
    }
  g_assert_cmpint (line->len, ==, plies);
  while (vs_line_unmake (line))
    ;
  g_assert_cmpint (line->len, ==, 0);
  g_assert_true (same_position (&line->pos, &start));
  g_assert_cmpmem (line->pos.priv.bytes, sizeof start.priv, start.priv.bytes, sizeof start.priv);
  g_rand_free (rand);
}

/* Issue 15, rules as data: the royal type is the King (General), and every
 * start-position choice a new game offers reads back. */
static void
test_variant_data (void)
{
  VsPerftCase *c = cases->pdata[0];
  const VsVariant *v = c->variant;
  g_assert_cmpint (v->royal_type, >=, 1);
  g_assert_cmpint (v->royal_type, <=, v->n_piece_types);
  g_assert_cmpstr (v->pieces[v->royal_type].letter, ==, "K");
  g_assert_true ((v->setup_choice == VS_SETUP_CHOICE_NONE) == (v->setup_fen == NULL));
  int na = v->setup_choice == VS_SETUP_CHOICE_PER_SIDE ? 4 : v->setup_choice == VS_SETUP_CHOICE_ORIENTATION ? 2 : 0;
  int nb = v->setup_choice == VS_SETUP_CHOICE_PER_SIDE ? 4 : 1;
  for (int a = 0; a < na; a++)
    for (int b = 0; b < nb; b++)
      {
        g_autofree char *fen = v->setup_fen (a, b);
        VsPosition pos;
        g_autoptr(GError) error = NULL;
        if (!vs_position_init (&pos, v, fen, &error))
          g_error ("setup %d/%d “%s”: %s", a, b, fen, error->message);
        g_assert_cmpint (pos.side, ==, VS_WHITE);
      }
}

static int
cmp_core (const void *a, const void *b)
{
  VsMove x = VS_MOVE_CORE (*(const VsMove *) a), y = VS_MOVE_CORE (*(const VsMove *) b);
  return x < y ? -1 : x > y;
}

static gboolean
listed (const VsMove *moves, int n, VsMove m)
{
  for (int i = 0; i < n; i++)
    if (VS_MOVE_CORE (moves[i]) == VS_MOVE_CORE (m))
      return TRUE;
  return FALSE;
}

/* Issue 15, engine stages: on positions played out from the perft file,
 * NOISY and QUIET split ALL with no overlap, NOISY holds exactly the
 * captures and promotions (by vs_move_effects), vs_position_generate_to
 * gives NOISY's moves onto each square in NOISY's order, vs_position_gives_check
 * agrees with the position after each move; vs_position_is_legal agrees
 * with generation for every legal move and for random and mutated moves;
 * a null move, where allowed, is taken back bit for bit. */
static void
test_stages_legality_null (void)
{
  GRand *rand = g_rand_new_with_seed (20261203);
  int checked = 0, nulls = 0, others = 0, others_legal = 0, onto_total = 0, checks = 0;
  static VsMove pool[4096];
  int npool = 0;
  for (guint i = 0; i < cases->len; i++)
    {
      VsPerftCase *c = cases->pdata[i];
      VsPosition pos;
      g_assert_true (vs_position_init (&pos, c->variant, c->fen, NULL));
      for (int ply = 0; ply < 40; ply++)
        {
          VsMove all[VS_MAX_MOVES], noisy[VS_MAX_MOVES], quiet[VS_MAX_MOVES], both[2 * VS_MAX_MOVES];
          int n = vs_position_generate (&pos, VS_GEN_ALL, all);
          int nn = vs_position_generate (&pos, VS_GEN_NOISY, noisy);
          int nq = vs_position_generate (&pos, VS_GEN_QUIET, quiet);
          g_assert_cmpint (nn + nq, ==, n);
          memcpy (both, noisy, nn * sizeof (VsMove));
          memcpy (both + nn, quiet, nq * sizeof (VsMove));
          qsort (both, n, sizeof (VsMove), cmp_core);
          VsMove sorted[VS_MAX_MOVES];
          memcpy (sorted, all, n * sizeof (VsMove));
          qsort (sorted, n, sizeof (VsMove), cmp_core);
          for (int k = 0; k < n; k++)
            g_assert_cmpuint (VS_MOVE_CORE (both[k]), ==, VS_MOVE_CORE (sorted[k]));
          for (int k = 0; k < nn + nq; k++)
            {
              VsMove m = k < nn ? noisy[k] : quiet[k - nn];
              VsMoveEffects fx;
              vs_move_effects (&pos, m, &fx);
              gboolean is_noisy = VS_MOVE_KIND (m) == VS_MOVE_PROMOTION ||
                                  (fx.n_captured > 0 && VS_MOVE_KIND (m) != VS_MOVE_SUICIDE);
              if (is_noisy != (k < nn))
                {
                  char text[VS_MOVE_TEXT_MAX];
                  vs_move_write (&pos, m, VS_NOTATION_UCI, text);
                  g_error ("%s in the %s stage", text, k < nn ? "noisy" : "quiet");
                }
            }
          /* the captures onto each square: NOISY's moves there, in
           * NOISY's order */
          for (int to = 0; to < VS_MAX_SQUARES; to++)
            {
              VsMove onto[VS_MAX_MOVES];
              int no = vs_position_generate_to (&pos, to, onto), k = 0;
              for (int j = 0; j < nn; j++)
                if (VS_MOVE_TO (noisy[j]) == to)
                  {
                    g_assert_cmpint (k, <, no);
                    g_assert_cmpuint (onto[k], ==, noisy[j]);
                    k++;
                  }
              g_assert_cmpint (k, ==, no);
              onto_total += no;
            }
          for (int k = 0; k < n; k++)
            g_assert_true (vs_position_is_legal (&pos, all[k]));
          /* whether each legal move gives check, told without making it,
           * against the position after it */
          for (int k = 0; k < n; k++)
            {
              VsPosition after = pos;
              VsUndo u;
              vs_position_make (&after, all[k], &u);
              gboolean check = vs_position_in_check (&after);
              if (vs_position_gives_check (&pos, all[k]) != check)
                {
                  char text[VS_MOVE_TEXT_MAX];
                  vs_move_write (&pos, all[k], VS_NOTATION_UCI, text);
                  g_error ("%s: gives check %s, but %s after it", text,
                           check ? "no" : "yes", check ? "in check" : "not in check");
                }
              checks += check;
            }
          for (int k = 0; k < 64; k++)
            {
              VsMove m;
              if (k % 2 && n > 0)
                {
                  /* a legal move with one field changed */
                  VsMove b = all[g_rand_int_range (rand, 0, n)];
                  int field = g_rand_int_range (rand, 0, 4);
                  uint32_t r = g_rand_int (rand);
                  m = field == 0 ? (b & ~0xffu) | (r & 0xff)
                    : field == 1 ? (b & ~0xff00u) | ((r & 0xff) << 8)
                    : field == 2 ? (b & ~0x1f0000u) | ((r & 0x1f) << 16)
                    : (b & ~0x1e00000u) | ((r & 0xf) << 21);
                }
              else
                m = g_rand_int (rand);
              g_assert_cmpint (vs_position_is_legal (&pos, m), ==, listed (all, n, m));
            }
          /* issue 15: the legal moves of other positions (near misses for
           * a cheap legality test: right kind and shape, wrong board) */
          for (int k = 0; k < 64 && npool > 0; k++)
            {
              VsMove m = pool[g_rand_int_range (rand, 0, npool)];
              gboolean legal = listed (all, n, m);
              g_assert_cmpint (vs_position_is_legal (&pos, m), ==, legal);
              others++;
              others_legal += legal;
            }
          for (int k = 0; k < n; k++)
            {
              if (npool < (int) G_N_ELEMENTS (pool))
                pool[npool++] = all[k];
              else
                pool[g_rand_int_range (rand, 0, npool)] = all[k];
            }
          VsPosition before = pos;
          VsUndo nu;
          if (vs_position_make_null (&pos, &nu))
            {
              g_assert_cmpint (pos.side, !=, before.side);
              g_autofree char *fen = vs_position_to_string (&pos);
              VsPosition reread;
              g_assert_true (vs_position_init (&reread, c->variant, fen, NULL));
              g_assert_cmpuint (reread.key, ==, pos.key);
              vs_position_unmake_null (&pos, &nu);
              g_assert_true (memcmp (&pos, &before, sizeof pos) == 0);
              nulls++;
            }
          else
            g_assert_true (memcmp (&pos, &before, sizeof pos) == 0);
          checked++;
          if (n == 0)
            break;
          vs_position_play (&pos, all[g_rand_int_range (rand, 0, n)]);
        }
    }
  g_test_message ("%d positions, %d null moves, %d moves of other positions (%d legal here)",
                  checked, nulls, others, others_legal);
  g_assert_cmpint (nulls, >, 0);
  g_assert_cmpint (onto_total, >, 0);
  g_assert_cmpint (checks, >, 0);
  g_assert_cmpint (others_legal, >, 0);
  g_assert_cmpint (others_legal, <, others);
  g_rand_free (rand);
}

/* The stages of one position: QUIET ∪ NOISY == ALL and QUIET ∩ NOISY == ∅
 * as sets, QUIET is exactly ALL without the NOISY moves and in ALL's order
 * (the order the engine's move ordering starts from), and every drop, which
 * captures nothing, is QUIET.  Returns the number of drops seen. */
static int
check_stages (const VsPosition *pos, int *n_quiet, int *n_noisy)
{
  VsMove all[VS_MAX_MOVES], noisy[VS_MAX_MOVES], quiet[VS_MAX_MOVES], sorted_noisy[VS_MAX_MOVES];
  int n = vs_position_generate (pos, VS_GEN_ALL, all);
  int nn = vs_position_generate (pos, VS_GEN_NOISY, noisy);
  int nq = vs_position_generate (pos, VS_GEN_QUIET, quiet);
  memcpy (sorted_noisy, noisy, nn * sizeof (VsMove));
  qsort (sorted_noisy, nn, sizeof (VsMove), cmp_core);
  for (int k = 1; k < nn; k++)
    g_assert_cmpuint (VS_MOVE_CORE (sorted_noisy[k - 1]), <, VS_MOVE_CORE (sorted_noisy[k]));
  int drops = 0, j = 0;
  for (int k = 0; k < n; k++)
    {
      gboolean in_noisy = bsearch (&all[k], sorted_noisy, nn, sizeof (VsMove), cmp_core) != NULL;
      gboolean is_drop = VS_MOVE_KIND (all[k]) == VS_MOVE_DROP;
      drops += is_drop;
      if (in_noisy && !is_drop)
        continue;
      if (in_noisy || j >= nq || VS_MOVE_CORE (quiet[j]) != VS_MOVE_CORE (all[k]))
        {
          char text[VS_MOVE_TEXT_MAX];
          g_autofree char *fen = vs_position_to_string (pos);
          vs_move_write (pos, all[k], VS_NOTATION_UCI, text);
          g_error ("%s: %s (move %d of ALL) is %s", fen, text, k,
                   in_noisy ? "a drop in NOISY" : "not the next move of QUIET");
        }
      j++;
    }
  /* nothing in QUIET beyond ALL's quiet moves, nothing in NOISY outside ALL */
  g_assert_cmpint (j, ==, nq);
  g_assert_cmpint (nn + nq, ==, n);
  *n_quiet += nq;
  *n_noisy += nn;
  return drops;
}

/* Issue 15 (staged generation): check_stages on every perft position, each
 * of its children and the positions of a random playout from it. */
static void
test_staged_quiet (void)
{
  GRand *rand = g_rand_new_with_seed (15002);
  int positions = 0, drops = 0, n_quiet = 0, n_noisy = 0;
  const VsVariant *v = NULL;
  for (guint i = 0; i < cases->len; i++)
    {
      VsPerftCase *c = cases->pdata[i];
      VsPosition pos;
      v = c->variant;
      g_assert_true (vs_position_init (&pos, c->variant, c->fen, NULL));
      for (int ply = 0; ply < 24; ply++)
        {
          VsMove all[VS_MAX_MOVES];
          int n = vs_position_generate (&pos, VS_GEN_ALL, all);
          drops += check_stages (&pos, &n_quiet, &n_noisy);
          positions++;
          if (ply == 0)
            for (int k = 0; k < n; k++)
              {
                VsPosition child = pos;
                vs_position_play (&child, all[k]);
                drops += check_stages (&child, &n_quiet, &n_noisy);
                positions++;
              }
          if (n == 0)
            break;
          vs_position_play (&pos, all[g_rand_int_range (rand, 0, n)]);
        }
    }
  g_test_message ("%s: %d positions, %d quiet and %d noisy moves, %d drops (native QUIET: %s)",
                  v->id, positions, n_quiet, n_noisy, drops, v->native_quiet ? "yes" : "no");
  g_assert_cmpint (n_quiet, >, 0);
  g_assert_cmpint (n_noisy, >, 0);
  if (v->has_hands)
    g_assert_cmpint (drops, >, 0);
  g_rand_free (rand);
}

/* Issue 15 (cheap legality test): every move shape from every square of a
 * piece of the side to move to every square (each kind, each piece type for
 * promotions), and every drop of every type, asked of vs_position_is_legal
 * (the variant's is_legal hook where it has one) and compared with
 * membership in the legal list, on positions from the perft file and
 * random playouts from them. */
static void
test_is_legal_exhaustive (void)
{
  GRand *rand = g_rand_new_with_seed (15003);
  static const VsMoveKind kinds[] = {
    VS_MOVE_NORMAL, VS_MOVE_CASTLE, VS_MOVE_EN_PASSANT, VS_MOVE_PASS, VS_MOVE_SUICIDE,
  };
  int positions = 0;
  long asked = 0, legal = 0;
  const VsVariant *v = ((VsPerftCase *) cases->pdata[0])->variant;
  /* fewer positions where every question generates the whole list */
  const int max_positions = v->is_legal ? 48 : 8;
  for (guint i = 0; i < cases->len && positions < max_positions; i++)
    {
      VsPerftCase *c = cases->pdata[i];
      v = c->variant;
      int squares = vs_geometry_squares (&v->geom);
      VsPosition pos;
      g_assert_true (vs_position_init (&pos, v, c->fen, NULL));
      for (int ply = 0; ply < 30 && positions < max_positions; ply++)
        {
          VsMove all[VS_MAX_MOVES];
          int n = vs_position_generate (&pos, VS_GEN_ALL, all);
          if (ply % 10 == 0)
            {
              positions++;
              int found = 0;
              for (int from = -1; from < squares; from++)
                {
                  if (from >= 0 && (!pos.board[from] || VS_PIECE_COLOR (pos.board[from]) != pos.side))
                    continue;
                  for (int to = 0; to < squares; to++)
                    for (int k = 0; k <= (int) G_N_ELEMENTS (kinds) + 1; k++)
                      for (int t = 0; t <= v->n_piece_types; t++)
                        {
                          VsMove m;
                          if (from < 0)   /* drops of every type */
                            {
                              if (k > 0 || t == 0)
                                continue;
                              m = VS_MOVE_MAKE (VS_NO_SQUARE, to, VS_MOVE_DROP, t);
                            }
                          else if (k == (int) G_N_ELEMENTS (kinds))   /* promotions */
                            {
                              if (t == 0)
                                continue;
                              m = VS_MOVE_MAKE (from, to, VS_MOVE_PROMOTION, t);
                            }
                          else if (k == (int) G_N_ELEMENTS (kinds) + 1 || t > 0)
                            continue;
                          else
                            m = VS_MOVE_MAKE (from, to, kinds[k], 0);
                          gboolean in_list = listed (all, n, m);
                          if (vs_position_is_legal (&pos, m) != in_list)
                            {
                              char text[VS_MOVE_TEXT_MAX] = "(not legal)";
                              g_autofree char *fen = vs_position_to_string (&pos);
                              if (in_list)
                                vs_move_write (&pos, m, VS_NOTATION_UCI, text);
                              g_error ("%s: move 0x%08x %s: is_legal says %d", fen, m, text, !in_list);
                            }
                          asked++;
                          found += in_list;
                        }
                }
              /* every legal move has one of the shapes asked */
              g_assert_cmpint (found, ==, n);
              legal += found;
            }
          if (n == 0)
            break;
          vs_position_play (&pos, all[g_rand_int_range (rand, 0, n)]);
        }
    }
  g_test_message ("%s: %d positions, %ld moves asked, %ld legal (hook: %s)",
                  v->id, positions, asked, legal, v->is_legal ? "yes" : "no");
  g_assert_cmpint (legal, >, 0);
  g_rand_free (rand);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    g_error ("usage: test-core NAME");
  const VsVariant *def = vs_variant_lookup (argv[1]);
  g_assert_nonnull (def);
  cases = vs_test_load_perft (argv[1], def);
  g_autofree char *p1 = g_strdup_printf ("/core/%s/position-string-roundtrip", argv[1]);
  g_autofree char *p2 = g_strdup_printf ("/core/%s/notation-roundtrip", argv[1]);
  g_autofree char *p3 = g_strdup_printf ("/core/%s/make-unmake", argv[1]);
  g_test_add_func (p1, test_fen_roundtrip);
  g_test_add_func (p2, test_notation_roundtrip);
  g_test_add_func (p3, test_make_unmake);
  g_autofree char *p4 = g_strdup_printf ("/core/%s/small-position", argv[1]);
  g_test_add_func (p4, test_small_position);
  g_autofree char *p5 = g_strdup_printf ("/core/%s/stages-legality-null", argv[1]);
  g_test_add_func (p5, test_stages_legality_null);
  g_autofree char *p6 = g_strdup_printf ("/core/%s/variant-data", argv[1]);
  g_test_add_func (p6, test_variant_data);
  g_autofree char *p7 = g_strdup_printf ("/core/%s/staged-quiet", argv[1]);
  g_test_add_func (p7, test_staged_quiet);
  g_autofree char *p8 = g_strdup_printf ("/core/%s/is-legal-exhaustive", argv[1]);
  g_test_add_func (p8, test_is_legal_exhaustive);
  int r = g_test_run ();
  g_ptr_array_unref (cases);
  return r;
}
