/* vs-move-notation.c — the notation moves are shown in (issue 18). */
#include "config.h"
#include "vs-move-notation.h"

#define KEY "move-notations"

static const char *
family_key (const VsVariant *v)
{
  return v->family_id ? v->family_id : v->id;
}

const VsNotationInfo *
vs_move_notation_info (GSettings *settings, const VsVariant *v)
{
  g_return_val_if_fail (v != NULL, NULL);
  if (v->n_display_notations <= 0)
    return NULL;
  g_autofree char *id = NULL;
  if (settings)
    {
      g_autoptr (GVariant) map = g_settings_get_value (settings, KEY);
      g_variant_lookup (map, family_key (v), "s", &id);
    }
  return vs_variant_display_notation (v, id);
}

VsNotation
vs_move_notation_get (GSettings *settings, const VsVariant *v)
{
  const VsNotationInfo *info = vs_move_notation_info (settings, v);
  return info ? info->notation : VS_NOTATION_SAN;
}

void
vs_move_notation_set (GSettings *settings, const VsVariant *v, const char *id)
{
  g_return_if_fail (G_IS_SETTINGS (settings) && v != NULL && id != NULL);
  g_autoptr (GVariant) map = g_settings_get_value (settings, KEY);
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE ("a{ss}"));
  GVariantIter it;
  const char *k, *val;
  g_variant_iter_init (&it, map);
  while (g_variant_iter_next (&it, "{&s&s}", &k, &val))
    if (g_strcmp0 (k, family_key (v)) != 0)
      g_variant_builder_add (&b, "{ss}", k, val);
  g_variant_builder_add (&b, "{ss}", family_key (v), id);
  g_settings_set_value (settings, KEY, g_variant_builder_end (&b));
}

GSettings *
vs_move_notation_settings_new (void)
{
  GSettingsSchemaSource *src = g_settings_schema_source_get_default ();
  if (src == NULL)
    return NULL;
  g_autoptr (GSettingsSchema) schema = g_settings_schema_source_lookup (src, APP_ID, TRUE);
  if (schema == NULL || !g_settings_schema_has_key (schema, KEY))
    return NULL;
  return g_settings_new (APP_ID);
}
