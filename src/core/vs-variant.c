/* vs-variant.c — registry and generic helpers over the variant interface. */
#include "vs-variant.h"

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
  gboolean ok = v->from_string (pos, fen ? fen : v->start_fen, error);
  if (!ok)
    error_make_valid (error);
  return ok;
}

char *
vs_position_to_string (const VsPosition *pos)
{
  return pos->variant->to_string (pos);
}

int
vs_position_generate (const VsPosition *pos, VsGenType type, VsMove *out)
{
  return pos->variant->generate (pos, type, out);
}

void
vs_position_compact (VsPosition *pos)
{
  int drop = pos->hist_len / 2;
  memmove (pos->hist, pos->hist + drop, (pos->hist_len - drop) * sizeof (VsUndo));
  pos->hist_len -= drop;
  pos->hist_base += drop;
}

void
vs_position_make (VsPosition *pos, VsMove m)
{
  if (pos->hist_len >= VS_MAX_HISTORY)
    vs_position_compact (pos);
  pos->variant->make (pos, m);
}

void
vs_position_unmake (VsPosition *pos)
{
  g_return_if_fail (pos->hist_len > 0);
  pos->variant->unmake (pos);
}

gboolean
vs_position_in_check (const VsPosition *pos)
{
  return pos->variant->checkers (pos) > 0;
}

gboolean
vs_position_is_legal (const VsPosition *pos, VsMove m)
{
  VsMove moves[VS_MAX_MOVES];
  int n = pos->variant->generate (pos, VS_GEN_ALL, moves);
  for (int i = 0; i < n; i++)
    if (VS_MOVE_CORE (moves[i]) == VS_MOVE_CORE (m))
      return TRUE;
  return FALSE;
}

VsGameState
vs_position_state (const VsPosition *pos, VsResult *result)
{
  VsResult r = VS_RESULT_NONE;
  VsGameState s = pos->variant->game_state (pos, &r);
  if (result)
    *result = r;
  return s;
}

int
vs_position_repetitions (const VsPosition *pos, int max_back)
{
  int count = 0;
  int n = pos->hist_len;
  int limit = MIN (max_back, n);
  for (int back = 2; back <= limit; back += 2)
    if (pos->hist[n - back].key == pos->key)
      count++;
  return count;
}

static uint64_t
perft_rec (VsPosition *pos, int depth)
{
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
      v->make (pos, moves[i]);
      total += perft_rec (pos, depth - 1);
      v->unmake (pos);
    }
  return total;
}

uint64_t
vs_perft (VsPosition *pos, int depth)
{
  if (depth <= 0)
    return 1;
  /* make sure the history has room for the whole depth */
  if (pos->hist_len + depth >= VS_MAX_HISTORY)
    vs_position_compact (pos);
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
