/* vs-piece-set.c — piece sets and the art of each piece (GTK-free). */
#include "config.h"
#include "vs-piece-set.h"
#include "vs-board-theme.h"

#include <glib/gi18n.h>
#include <string.h>

static const struct {
  const char *name;
  const char *label;
  VsPieceFamily family;
  VsTileShape tile;
} sets[] = {
  { "western", N_("Western"), VS_PIECE_FAMILY_WESTERN, VS_TILE_SHAPE_NONE },
  /* issue 20: seven more Western sets, one for each of the new themes */
  { "felt", N_("Classic (felt)"), VS_PIECE_FAMILY_WESTERN, VS_TILE_SHAPE_NONE },
  { "marble", N_("Renaissance marble"), VS_PIECE_FAMILY_WESTERN, VS_TILE_SHAPE_NONE },
  { "sandstone", N_("Stone-Age sandstone"), VS_PIECE_FAMILY_WESTERN, VS_TILE_SHAPE_NONE },
  { "glacier", N_("Glacier ice"), VS_PIECE_FAMILY_WESTERN, VS_TILE_SHAPE_NONE },
  { "amber", N_("Jurassic amber"), VS_PIECE_FAMILY_WESTERN, VS_TILE_SHAPE_NONE },
  { "tidepool", N_("Tide pool"), VS_PIECE_FAMILY_WESTERN, VS_TILE_SHAPE_NONE },
  { "chamber", N_("Medieval stone"), VS_PIECE_FAMILY_WESTERN, VS_TILE_SHAPE_NONE },
  { "chartima-kanji", N_("Kanji tiles"), VS_PIECE_FAMILY_CHARTIMA, VS_TILE_SHAPE_PENTAGON },
  { "chartima-letters", N_("Western letters"), VS_PIECE_FAMILY_CHARTIMA, VS_TILE_SHAPE_CIRCLE },
  { "janggi-green", N_("Hanja, Cho green"), VS_PIECE_FAMILY_JANGGI, VS_TILE_SHAPE_OCTAGON },
  { "janggi-blue", N_("Hanja, Cho blue"), VS_PIECE_FAMILY_JANGGI, VS_TILE_SHAPE_OCTAGON },
};

static const char *const all_names[] = {
  "western", "felt", "marble", "sandstone", "glacier", "amber", "tidepool", "chamber",
  "chartima-kanji", "chartima-letters", "janggi-green", "janggi-blue", NULL
};
static const char *const western_names[] = {
  "western", "felt", "marble", "sandstone", "glacier", "amber", "tidepool", "chamber", NULL
};
static const char *const chartima_names[] = { "chartima-kanji", "chartima-letters", NULL };
static const char *const janggi_names[] = { "janggi-green", "janggi-blue", NULL };

VsTileShape
vs_piece_set_tile_shape (const char *set)
{
  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    if (g_strcmp0 (sets[i].name, set) == 0)
      return sets[i].tile;
  return VS_TILE_SHAPE_NONE;
}

VsPieceFamily
vs_piece_family_for_variant (const VsVariant *v)
{
  if (v && v->family == VS_FAMILY_CHARTIMA)
    return VS_PIECE_FAMILY_CHARTIMA;
  if (v && v->family == VS_FAMILY_JANGGI)
    return VS_PIECE_FAMILY_JANGGI;
  return VS_PIECE_FAMILY_WESTERN;
}

const char *const *
vs_piece_set_names (void)
{
  return all_names;
}

const char *const *
vs_piece_set_names_for_variant (const VsVariant *v)
{
  switch (vs_piece_family_for_variant (v))
    {
    case VS_PIECE_FAMILY_CHARTIMA: return chartima_names;
    case VS_PIECE_FAMILY_JANGGI: return janggi_names;
    default: return western_names;
    }
}

const char *
vs_piece_set_default (const VsVariant *v)
{
  return vs_piece_set_names_for_variant (v)[0];
}

gboolean
vs_piece_set_supports (const char *set, const VsVariant *v)
{
  if (set == NULL)
    return FALSE;
  VsPieceFamily f = vs_piece_family_for_variant (v);
  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    if (strcmp (sets[i].name, set) == 0)
      return sets[i].family == f;
  return FALSE;
}

const char *
vs_piece_set_resolve (const char *set, const VsVariant *v)
{
  return vs_piece_set_supports (set, v) ? set : vs_piece_set_default (v);
}

const char *
vs_piece_set_label (const char *set)
{
  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    if (g_strcmp0 (sets[i].name, set) == 0)
      return _(sets[i].label);
  return set;
}

/* The art key of a piece type: from the module's piece table only. */
static gboolean
piece_key (const VsVariant *v, int type, char out[8])
{
  if (v == NULL || v->pieces == NULL || type < 1 || type > v->n_piece_types)
    return FALSE;
  const VsPieceInfo *info = &v->pieces[type];
  const char *letter = info->letter ? info->letter : "";
  const char *record = info->record;
  switch (vs_piece_family_for_variant (v))
    {
    case VS_PIECE_FAMILY_CHARTIMA:
      {
        static const struct { const char *letter; const char *key; } by_letter[] = {
          { "H", "ca" }, { "O", "co" }, { "U", "pu" },
        };
        if (record && *record)
          {
            g_strlcpy (out, record, 8);
            for (char *p = out; *p; p++)
              *p = g_ascii_tolower (*p);
            return TRUE;
          }
        if (letter[0] == '+')
          {
            out[0] = 'n';
            out[1] = g_ascii_tolower (letter[1]);
            out[2] = '\0';
            return TRUE;
          }
        for (guint i = 0; i < G_N_ELEMENTS (by_letter); i++)
          if (strcmp (letter, by_letter[i].letter) == 0)
            {
              g_strlcpy (out, by_letter[i].key, 8);
              return TRUE;
            }
        out[0] = g_ascii_tolower (letter[0]);
        out[1] = '\0';
        return out[0] != '\0';
      }
    case VS_PIECE_FAMILY_JANGGI:
      {
        char c = g_ascii_tolower (letter[0]);
        if (c == 'h')
          c = 'n';
        else if (c == 'e')
          c = 'b';
        out[0] = c;
        out[1] = '\0';
        return c != '\0';
      }
    default:
      out[0] = g_ascii_tolower (letter[0]);
      out[1] = '\0';
      return out[0] != '\0';
    }
}

/* (set, variant table, piece) → interned path; main thread only */
static GHashTable *asset_cache;

const char *
vs_piece_set_asset (const char *set, const VsVariant *v, VsPiece piece)
{
  if (piece == VS_PIECE_NONE || v == NULL)
    return NULL;
  set = vs_piece_set_resolve (set, v);
  char ckey[96];
  g_snprintf (ckey, sizeof ckey, "%s|%p|%u", set, (const void *) v->pieces, (guint) (piece & 0x3f));
  if (asset_cache == NULL)
    asset_cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gpointer found;
  if (g_hash_table_lookup_extended (asset_cache, ckey, NULL, &found))
    return found;
  char key[8];
  const char *result = NULL;
  if (piece_key (v, VS_PIECE_TYPE (piece), key))
    {
      g_autofree char *path = g_strdup_printf ("pieces/%s/%c%s.svg", set,
                                               VS_PIECE_COLOR (piece) == VS_WHITE ? 'w' : 'b', key);
      if (vs_board_asset_exists (path))
        result = g_intern_string (path);
    }
  g_hash_table_insert (asset_cache, g_strdup (ckey), (gpointer) result);
  return result;
}

char *
vs_piece_describe (const VsVariant *v, VsPiece piece)
{
  if (piece == VS_PIECE_NONE || v == NULL || v->pieces == NULL ||
      VS_PIECE_TYPE (piece) < 1 || VS_PIECE_TYPE (piece) > v->n_piece_types)
    return NULL;
  const char *name = vs_piece_name (v, VS_PIECE_TYPE (piece));
  gboolean janggi = vs_piece_family_for_variant (v) == VS_PIECE_FAMILY_JANGGI;
  if (VS_PIECE_COLOR (piece) == VS_WHITE)
    /* TRANSLATORS: %s is a piece name, e.g. "White Knight" */
    return g_strdup_printf (janggi ? _("Cho %s") : _("White %s"), name);
  /* TRANSLATORS: %s is a piece name, e.g. "Black Knight" */
  return g_strdup_printf (janggi ? _("Han %s") : _("Black %s"), name);
}
