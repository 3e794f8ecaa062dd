/* vs-fuzz-settings.c — what the app reads back from its settings and its
 * data directory: the automatic backups' descriptions (a key file), the
 * external engine list ("external-engines", a(ss) — as the settings backend
 * hands back serialized data, and as typed with `gsettings set`), and the
 * names stored in string keys (variant, board theme, piece set).
 *
 * Byte 0 picks the reader; the rest is its input. */

#include <string.h>

#include "vs-autosave-meta.h"
#include "vs-board-theme.h"
#include "vs-engine-config.h"
#include "vs-fuzz.h"
#include "vs-piece-set.h"
#include "vs-variant.h"

static void
check_engines (GVariant *value)
{
  g_autoptr (GPtrArray) list = vs_engine_configs_from_variant (value);
  for (guint i = 0; i < list->len; i++)
    {
      const VsEngineConfig *c = g_ptr_array_index (list, i);
      /* every entry kept is usable and unique by name */
      g_assert_true (vs_engine_config_check (c->name, c->command, NULL));
      for (guint k = 0; k < i; k++)
        g_assert_cmpstr (((VsEngineConfig *) g_ptr_array_index (list, k))->name, !=, c->name);
    }
  /* written back (what Preferences does) and read again: the same list */
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE ("a(ss)"));
  for (guint i = 0; i < list->len; i++)
    {
      const VsEngineConfig *c = g_ptr_array_index (list, i);
      g_variant_builder_add (&b, "(ss)", c->name, c->command);
    }
  g_autoptr (GVariant) again = g_variant_ref_sink (g_variant_builder_end (&b));
  g_autoptr (GPtrArray) list2 = vs_engine_configs_from_variant (again);
  g_assert_cmpuint (list2->len, ==, list->len);
}

void
vs_fuzz_settings (const uint8_t *data, size_t size)
{
  if (size < 1)
    return;
  guint mode = data[0] % 4;
  const char *text = (const char *) data + 1;
  gsize len = size - 1;
  switch (mode)
    {
    case 0:   /* an autosave description */
      {
        VsAutosaveMeta meta;
        g_autoptr (GError) error = NULL;
        if (!vs_autosave_meta_parse (text, len, &meta, &error))
          {
            g_assert_nonnull (error);
            g_assert_true (error->message && *error->message);
            break;
          }
        g_assert_no_error (error);
        g_assert_true (meta.uri == NULL || g_uri_is_valid (meta.uri, G_URI_FLAGS_NONE, NULL));
        gsize out_len;
        g_autofree char *out = vs_autosave_meta_to_data (&meta, &out_len);
        VsAutosaveMeta again;
        if (!vs_autosave_meta_parse (out, out_len, &again, &error))
          g_error ("written description does not read back: %s\n%s", error->message, out);
        g_assert_cmpstr (again.uri, ==, meta.uri);
        g_assert_cmpint (again.time, ==, meta.time);
        g_assert_cmpuint (again.game, ==, MIN (meta.game, (guint) G_MAXINT));
        g_assert_cmpstr (again.play, ==, meta.play);
        g_assert_cmpint (again.kept, ==, meta.kept);
        g_assert_true (!meta.kept || meta.play);
        vs_autosave_meta_clear (&meta);
        vs_autosave_meta_clear (&again);
      }
      break;
    case 1:   /* external-engines as stored: serialized a(ss), untrusted */
      {
        g_autoptr (GBytes) bytes = g_bytes_new (text, len);
        g_autoptr (GVariant) v = g_variant_ref_sink (
            g_variant_new_from_bytes (G_VARIANT_TYPE ("a(ss)"), bytes, FALSE));
        check_engines (v);
      }
      break;
    case 2:   /* external-engines typed as GVariant text, any type */
      {
        /* GVariant text is UTF-8 (g_variant_parse's own precondition, as
         * `gsettings set` hands it over) */
        if (!g_utf8_validate (text, len, NULL))
          break;
        g_autofree char *s = g_strndup (text, len);
        g_autoptr (GVariant) v = g_variant_parse (NULL, s, NULL, NULL, NULL);
        if (v)
          check_engines (v);
      }
      break;
    case 3:   /* a name stored in a string key */
      {
        g_autofree char *s = g_strndup (text, len);
        const VsVariant *v = vs_variant_lookup (s);
        const VsVariant *any = v ? v : vs_variant_lookup ("crazyhouse");
        g_assert_nonnull (any);
        /* an unknown set falls back to one that draws this variant */
        const char *set = vs_piece_set_resolve (s, any);
        g_assert_nonnull (set);
        g_assert_true (vs_piece_set_supports (set, any));
        const VsBoardTheme *theme = vs_board_theme_get (s);
        /* the empty name means the default theme; any other name is itself or none */
        if (*s == '\0')
          g_assert_nonnull (theme);
        else
          g_assert_true (theme == NULL || g_str_equal (theme->name, s));
      }
      break;
    }
}
