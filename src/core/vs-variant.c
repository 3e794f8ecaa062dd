/* vs-variant.c — registry and generic helpers over the variant interface. */
#include "vs-variant.h"
#include "vs-position-string.h"

#include <glib/gi18n-lib.h>
#include <string.h>

G_DEFINE_QUARK (vs-core-error-quark, vs_core_error)

static const VsVariant *const all_variants[] = {
  &vs_variant_chartima,
  &vs_variant_strato,
  &vs_variant_janggi,
  &vs_variant_janggi_casual,
  &vs_variant_crazyhouse,
  NULL,
};

const VsVariant *const *
vs_variants (void)
{
  return all_variants;
}

const VsVariant *
vs_variant_lookup (const char *name)
{
  static const struct { const char *alias; const VsVariant *v; } aliases[] = {
    { "janggitraditional", &vs_variant_janggi },
    { "janggimodern", &vs_variant_janggi },
    { "janggicasual", &vs_variant_janggi_casual },
    { "janggi casual", &vs_variant_janggi_casual },
    { "janggi_casual", &vs_variant_janggi_casual },
    { "zh", &vs_variant_crazyhouse },
    { "strato chess", &vs_variant_strato },
    { "stratochess", &vs_variant_strato },
  };
  if (name == NULL)
    return NULL;
  g_autofree char *s = g_strstrip (g_ascii_strdown (name, -1));
  for (int i = 0; all_variants[i]; i++)
    if (g_ascii_strcasecmp (s, all_variants[i]->id) == 0 ||
        (all_variants[i]->pgn_name && g_ascii_strcasecmp (s, all_variants[i]->pgn_name) == 0))
      return all_variants[i];
  for (guint i = 0; i < G_N_ELEMENTS (aliases); i++)
    if (strcmp (s, aliases[i].alias) == 0)
      return aliases[i].v;
  return NULL;
}

/* Error messages quote the text read, which may be any bytes: keep them
 * UTF-8 (they are shown in the UI). */
static void
error_make_valid (GError **error)
{
  if (error && *error && !g_utf8_validate ((*error)->message, -1, NULL))
    {
      char *valid = g_utf8_make_valid ((*error)->message, -1);
      g_free ((*error)->message);
      (*error)->message = valid;
    }
}

gboolean
vs_position_init (VsPosition *pos, const VsVariant *v, const char *fen, GError **error)
{
  const char *str = fen ? fen : v->start_fen;
  gboolean ok = v->position_syntax ? vs_position_string_read (pos, v, str, error)
                                   : v->from_string (pos, str, error);
  if (!ok)
    error_make_valid (error);
  return ok;
}

char *
vs_position_to_string (const VsPosition *pos)
{
  return pos->variant->to_string (pos);
}

static int
cmp_move (const void *a, const void *b)
{
  VsMove x = VS_MOVE_CORE (*(const VsMove *) a), y = VS_MOVE_CORE (*(const VsMove *) b);
  return x < y ? -1 : x > y;
}

/* ALL minus NOISY, in ALL's order: QUIET for a variant whose generator
 * does not make it (native_quiet unset). */
static int
generate_quiet (const VsPosition *pos, VsMove *out)
{
  const VsVariant *v = pos->variant;
  VsMove noisy[VS_MAX_MOVES];
  int nn = v->generate (pos, VS_GEN_NOISY, noisy);
  int n = v->generate (pos, VS_GEN_ALL, out);
  if (nn == 0)
    return n;
  qsort (noisy, nn, sizeof *noisy, cmp_move);
  int k = 0;
  for (int i = 0; i < n; i++)
    if (!bsearch (&out[i], noisy, nn, sizeof *noisy, cmp_move))
      out[k++] = out[i];
  return k;
}

int
vs_position_generate (const VsPosition *pos, VsGenType type, VsMove *out)
{
  if (type == VS_GEN_QUIET && !pos->variant->native_quiet)
    return generate_quiet (pos, out);
  return pos->variant->generate (pos, type, out);
}

int
vs_position_generate_to (const VsPosition *pos, int to, VsMove *out)
{
  if (to < 0 || to >= vs_geometry_squares (&pos->variant->geom))
    return 0;   /* no square of this board: nothing moves there */
  if (pos->variant->generate_to)
    return pos->variant->generate_to (pos, to, out);
  int n = pos->variant->generate (pos, VS_GEN_NOISY, out), k = 0;
  for (int i = 0; i < n; i++)
    if (VS_MOVE_TO (out[i]) == to)
      out[k++] = out[i];
  return k;
}

gboolean
vs_position_gives_check (const VsPosition *pos, VsMove m)
{
  if (pos->variant->gives_check)
    return pos->variant->gives_check (pos, m);
  VsMoveEffects e;
  pos->variant->effects (pos, m, &e);
  return e.gives_check > 0;
}

gboolean
vs_position_make_null (VsPosition *pos, VsUndo *u)
{
  const VsVariant *v = pos->variant;
  if (v->make_null == NULL || v->checkers (pos) > 0)
    return FALSE;
  v->make_null (pos, u);
  return TRUE;
}

void
vs_position_unmake_null (VsPosition *pos, const VsUndo *u)
{
  pos->variant->unmake_null (pos, u);
}

void
vs_null_make_common (VsPosition *pos, VsUndo *u)
{
  memset (u, 0, sizeof *u);
  vs_undo_push (pos, VS_MOVE_NONE, u);
  pos->halfmove++;
  vs_undo_turn (pos);
}

void
vs_null_unmake_common (VsPosition *pos, const VsUndo *u)
{
  vs_undo_pop (pos, u);
}

void
vs_position_make (VsPosition *pos, VsMove m, VsUndo *u)
{
  pos->variant->make (pos, m, u);
}

void
vs_position_unmake (VsPosition *pos, const VsUndo *u)
{
  pos->variant->unmake (pos, u);
}

void
vs_position_play (VsPosition *pos, VsMove m)
{
  VsUndo u;
  pos->variant->make (pos, m, &u);
}

gboolean
vs_position_in_check (const VsPosition *pos)
{
  return pos->variant->checkers (pos) > 0;
}

/* Cheap necessary conditions for m to be a legal move of pos; and whether
 * it would be noisy (a capture or a promotion: its generation stage). */
static gboolean
pseudo_possible (const VsPosition *pos, VsMove m, gboolean *maybe_noisy)
{
  const VsVariant *v = pos->variant;
  int nsq = vs_geometry_squares (&v->geom);
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m), piece = VS_MOVE_PIECE (m);
  VsMoveKind kind = VS_MOVE_KIND (m);
  *maybe_noisy = TRUE;
  if (m == VS_MOVE_NONE || kind > VS_MOVE_EN_PASSANT || to >= nsq)
    return FALSE;
  if (kind == VS_MOVE_DROP)
    {
      *maybe_noisy = FALSE;
      return from == VS_NO_SQUARE && piece >= 1 && piece <= v->n_piece_types &&
             pos->hand[pos->side][piece] > 0 && pos->board[to] == VS_PIECE_NONE;
    }
  if (from >= nsq)
    return FALSE;
  VsPiece p = pos->board[from];
  if (p == VS_PIECE_NONE || VS_PIECE_COLOR (p) != pos->side)
    return FALSE;
  if (kind == VS_MOVE_PASS)
    {
      *maybe_noisy = FALSE;
      return v->has_pass && from == to;
    }
  if (kind == VS_MOVE_SUICIDE)
    {
      *maybe_noisy = FALSE;
      return from == to;
    }
  if (kind == VS_MOVE_PROMOTION)
    return piece >= 1 && piece <= v->n_piece_types;
  if (piece != 0)
    return FALSE;
  if (kind == VS_MOVE_EN_PASSANT)
    return to == pos->ep;
  VsPiece q = pos->board[to];
  if (kind == VS_MOVE_CASTLE)
    {
      *maybe_noisy = FALSE;
      return TRUE;
    }
  if (q != VS_PIECE_NONE && VS_PIECE_COLOR (q) == pos->side)
    return FALSE;
  /* a move to an empty square is quiet unless the variant captures in
   * other ways (Chartima's Ultima pieces): then both stages are looked at */
  *maybe_noisy = q != VS_PIECE_NONE || v->family == VS_FAMILY_CHARTIMA;
  return TRUE;
}

static gboolean
in_list (const VsMove *moves, int n, VsMove m)
{
  for (int i = 0; i < n; i++)
    if (VS_MOVE_CORE (moves[i]) == VS_MOVE_CORE (m))
      return TRUE;
  return FALSE;
}

gboolean
vs_position_is_legal (const VsPosition *pos, VsMove m)
{
  VsMove moves[VS_MAX_MOVES];
  if (pos->variant->family == VS_FAMILY_OTHER)
    {
      /* not a built-in game: its pieces and moves need not follow the
       * conventions pseudo_possible relies on (test variants) */
      int n = pos->variant->generate (pos, VS_GEN_ALL, moves);
      return in_list (moves, n, m);
    }
  gboolean maybe_noisy;
  if (!pseudo_possible (pos, m, &maybe_noisy))
    return FALSE;
  if (pos->variant->is_legal)
    return pos->variant->is_legal (pos, m);
  if (maybe_noisy)
    {
      int n = pos->variant->generate (pos, VS_GEN_NOISY, moves);
      if (in_list (moves, n, m))
        return TRUE;
    }
  /* not noisy (or not found there): the full list (a quiet move) */
  int n = pos->variant->generate (pos, VS_GEN_ALL, moves);
  return in_list (moves, n, m);
}

static VsResult
outcome_result (const VsPosition *pos, VsEndOutcome o)
{
  switch (o)
    {
    case VS_END_LOSS:
      return pos->side == VS_WHITE ? VS_RESULT_BLACK_WINS : VS_RESULT_WHITE_WINS;
    case VS_END_WIN:
      return pos->side == VS_WHITE ? VS_RESULT_WHITE_WINS : VS_RESULT_BLACK_WINS;
    case VS_END_DRAW:
    default:
      return VS_RESULT_DRAW;
    }
}

/* The one order of the end-of-game tests (issue 15), for every built-in
 * variant; the first rule that holds is reported:
 *
 *  1. the variant's own ends (end_hook: Janggi's double pass and accepted
 *     bikjang, which leave no move to test the rest on);
 *  2. no legal move: checkmate (in check: the side to move loses) or
 *     stalemate (stalemate_outcome).  Mate comes before the draws below:
 *     a mate given on the ply that completes the 50 moves or repeats a
 *     position wins (the chess rule; test-rules-crazyhouse's fifty-move
 *     test checks it);
 *  3. dead position (insufficient_material): it ends the game as soon as it
 *     arises, so it held already at any earlier occurrence and at every
 *     earlier ply the n-move counter ran;
 *  4. the n-move rule (nmove_plies);
 *  5. repetition.
 * 3 to 5 are draws in all four rules files (crazyhouse.md, janggi.md,
 * chartima.md, strato.md), which do not order them; the order above only
 * chooses the reason given when two hold at once (before issue 15
 * Crazyhouse and Janggi named repetition first, Chartima and Strato the
 * counter and material first). */
VsGameState
vs_game_state (const VsPosition *pos, const VsHistory *h, VsResult *result)
{
  const VsVariant *v = pos->variant;
  *result = VS_RESULT_NONE;
  if (v->end_hook)
    {
      VsGameState s = v->end_hook (pos, result);
      if (s != VS_STATE_ONGOING)
        return s;
      *result = VS_RESULT_NONE;
    }
  uint64_t n;
  if (v->count_legal)
    n = v->count_legal (pos);
  else
    {
      VsMove moves[VS_MAX_MOVES];
      n = (uint64_t) v->generate (pos, VS_GEN_ALL, moves);
    }
  if (n == 0)
    {
      if (v->checkers (pos) > 0)
        {
          *result = outcome_result (pos, VS_END_LOSS);
          return VS_STATE_CHECKMATE;
        }
      *result = outcome_result (pos, v->stalemate_outcome);
      return VS_STATE_STALEMATE;
    }
  if (v->insufficient_material && v->insufficient_material (pos))
    {
      *result = VS_RESULT_DRAW;
      return VS_STATE_INSUFFICIENT;
    }
  if (v->nmove_plies > 0 && pos->halfmove >= v->nmove_plies)
    {
      *result = VS_RESULT_DRAW;
      return VS_STATE_FIFTY_MOVES;
    }
  if (v->repetition_times > 1)
    {
      int window = v->repetition_whole_history ? h->len : pos->halfmove;
      if (vs_position_repetitions (pos, h, window) >= v->repetition_times - 1)
        {
          *result = outcome_result (pos, v->repetition_outcome);
          return VS_STATE_REPETITION;
        }
    }
  return VS_STATE_ONGOING;
}

VsGameState
vs_position_state (const VsPosition *pos, const VsHistory *h, VsResult *result)
{
  static const VsHistory none = { NULL, 0 };
  VsResult r = VS_RESULT_NONE;
  const VsVariant *v = pos->variant;
  VsGameState s = v->game_state ? v->game_state (pos, h ? h : &none, &r)
                                 : vs_game_state (pos, h ? h : &none, &r);
  if (result)
    *result = r;
  return s;
}

int
vs_position_repetitions (const VsPosition *pos, const VsHistory *h, int max_back)
{
  if (h == NULL)
    return 0;
  int count = 0;
  int n = h->len;
  int limit = MIN (max_back, n);
  for (int back = 2; back <= limit; back += 2)
    if (h->undo[n - back].key == pos->key)
      count++;
  return count;
}

/* ---- Lines ---------------------------------------------------------------------- */

gboolean
vs_line_init (VsLine *line, const VsVariant *v, const char *fen, GError **error)
{
  VsPosition pos;
  if (!vs_position_init (&pos, v, fen, error))
    return FALSE;
  vs_line_set (line, &pos);
  return TRUE;
}

void
vs_line_set (VsLine *line, const VsPosition *pos)
{
  if (&line->pos != pos)
    memcpy (&line->pos, pos, sizeof *pos);
  line->len = 0;
}

void
vs_line_copy (VsLine *dest, const VsLine *src)
{
  memcpy (&dest->pos, &src->pos, sizeof src->pos);
  dest->len = src->len;
  dest->cap = src->len;
  dest->undo = src->len ? g_memdup2 (src->undo, src->len * sizeof (VsUndo)) : NULL;
}

void
vs_line_make (VsLine *line, VsMove m)
{
  if (line->len >= line->cap)
    {
      line->cap = MAX (64, line->cap * 2);
      line->undo = g_renew (VsUndo, line->undo, line->cap);
    }
  line->pos.variant->make (&line->pos, m, &line->undo[line->len++]);
}

gboolean
vs_line_unmake (VsLine *line)
{
  if (line->len <= 0)
    return FALSE;
  line->len--;
  line->pos.variant->unmake (&line->pos, &line->undo[line->len]);
  return TRUE;
}

VsGameState
vs_line_state (const VsLine *line, VsResult *result)
{
  VsHistory h = vs_line_history (line);
  return vs_position_state (&line->pos, &h, result);
}

void
vs_line_clear (VsLine *line)
{
  g_clear_pointer (&line->undo, g_free);
  line->len = line->cap = 0;
}

VsLine *
vs_line_new (void)
{
  return g_new0 (VsLine, 1);
}

void
vs_line_free (VsLine *line)
{
  if (line == NULL)
    return;
  vs_line_clear (line);
  g_free (line);
}

static uint64_t
perft_rec (VsPosition *pos, int depth)
{
  VsUndo u;
  const VsVariant *v = pos->variant;
  if (depth == 1 && v->count_legal)
    return v->count_legal (pos);
  VsMove moves[VS_MAX_MOVES];
  int n = v->generate (pos, VS_GEN_ALL, moves);
  if (depth == 1)
    return n;
  uint64_t total = 0;
  for (int i = 0; i < n; i++)
    {
      v->make (pos, moves[i], &u);
      total += perft_rec (pos, depth - 1);
      v->unmake (pos, &u);
    }
  return total;
}

uint64_t
vs_perft (VsPosition *pos, int depth)
{
  if (depth <= 0)
    return 1;
  return perft_rec (pos, depth);
}

void
vs_move_write (const VsPosition *pos, VsMove m, VsNotation n, char out[VS_MOVE_TEXT_MAX])
{
  pos->variant->write_move (pos, m, n, out);
}

gboolean
vs_move_parse (const VsPosition *pos, const char *text, VsNotation n,
               VsMove *out, const char **warning, GError **error)
{
  const char *w = NULL;
  gboolean ok = pos->variant->parse_move (pos, text, n, out, &w, error);
  if (!ok)
    error_make_valid (error);
  if (warning)
    *warning = w;
  return ok;
}

void
vs_move_effects (const VsPosition *pos, VsMove m, VsMoveEffects *out)
{
  pos->variant->effects (pos, m, out);
}

void
vs_square_name (const VsGeometry *g, int sq, char out[8])
{
  int i = 0;
  if (g->levels > 1)
    out[i++] = 'A' + vs_sq_level (g, sq);
  out[i++] = 'a' + vs_sq_file (g, sq);
  i += g_snprintf (out + i, 8 - i, "%d", vs_sq_rank (g, sq) + 1);
  out[i] = '\0';
}

int
vs_square_parse (const VsGeometry *g, const char *s, int *consumed)
{
  int i = 0, level = 0;
  if (g->levels > 1)
    {
      char c = g_ascii_toupper (s[i]);
      if (c < 'A' || c >= 'A' + g->levels)
        return -1;
      level = c - 'A';
      i++;
    }
  char f = g_ascii_tolower (s[i]);
  if (f < 'a' || f >= 'a' + g->files)
    return -1;
  i++;
  if (!g_ascii_isdigit (s[i]))
    return -1;
  int rank = s[i++] - '0';
  if (g_ascii_isdigit (s[i]) && rank * 10 + (s[i] - '0') <= g->ranks)
    rank = rank * 10 + (s[i++] - '0');
  if (rank < 1 || rank > g->ranks)
    return -1;
  if (consumed)
    *consumed = i;
  return vs_sq_make (g, level, rank - 1, f - 'a');
}

const char *
vs_state_describe (VsGameState state)
{
  switch (state)
    {
    case VS_STATE_ONGOING: return "in progress";
    case VS_STATE_CHECKMATE: return "checkmate";
    case VS_STATE_STALEMATE: return "stalemate";
    case VS_STATE_REPETITION: return "draw by repetition";
    case VS_STATE_FIFTY_MOVES: return "draw by the 50-move rule";
    case VS_STATE_INSUFFICIENT: return "draw by insufficient material";
    case VS_STATE_DOUBLE_PASS: return "double pass";
    case VS_STATE_BIKJANG: return "bikjang";
    default: return "unknown";
    }
}

const char *
vs_result_string (VsResult r)
{
  switch (r)
    {
    case VS_RESULT_WHITE_WINS: return "1-0";
    case VS_RESULT_BLACK_WINS: return "0-1";
    case VS_RESULT_DRAW: return "1/2-1/2";
    default: return "*";
    }
}

const char *
vs_piece_name (const VsVariant *v, int type)
{
  if (v == NULL || v->pieces == NULL || type < 1 || type > v->n_piece_types || v->pieces[type].name == NULL)
    return "?";
  if (v->piece_context)
    return g_dpgettext2 (GETTEXT_PACKAGE, v->piece_context, v->pieces[type].name);
  return g_dgettext (GETTEXT_PACKAGE, v->pieces[type].name);
}

/* Issue 18: side names are variant data (Cho/Han for Janggi). */
const char *
vs_variant_side_name (const VsVariant *v, int color)
{
  color = color ? 1 : 0;
  if (v != NULL && v->side_names[color] != NULL)
    return g_dgettext (GETTEXT_PACKAGE, v->side_names[color]);
  return color ? _("Black") : _("White");
}

gboolean
vs_position_find_move (const VsPosition *pos, int from, int to, VsMove *out)
{
  if (pos->variant->find_move)
    return pos->variant->find_move (pos, from, to, out);
  VsMove moves[VS_MAX_MOVES];
  int n = pos->variant->generate (pos, VS_GEN_ALL, moves);
  for (int i = 0; i < n; i++)
    if (VS_MOVE_FROM (moves[i]) == from && VS_MOVE_TO (moves[i]) == to &&
        VS_MOVE_KIND (moves[i]) != VS_MOVE_PASS)
      {
        *out = moves[i];
        return TRUE;
      }
  return FALSE;
}
