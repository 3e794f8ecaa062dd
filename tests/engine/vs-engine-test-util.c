/* vs-engine-test-util.c — see vs-engine-test-util.h. */
#include "vs-engine-test-util.h"

#include <stdlib.h>

const VsVariant *
vs_test_available (const char *id)
{
  const VsVariant *v = vs_variant_lookup (id);
  VsPosition *pos = g_new0 (VsPosition, 1);
  gboolean ok = v && v->from_string && vs_position_init (pos, v, NULL, NULL);
  g_free (pos);
  return ok ? v : NULL;
}

const VsVariant *
vs_test_any_variant (void)
{
  const char *ids[] = { "crazyhouse", "janggi", "strato", "chartima" };
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    if (vs_test_available (ids[i]))
      return vs_test_available (ids[i]);
  return NULL;
}

static void
mate_case_free (gpointer p)
{
  VsMateCase *c = p;
  g_free (c->variant);
  g_free (c->fen);
  g_free (c);
}

GPtrArray *
vs_test_load_mates (const char *variant)
{
  GPtrArray *cases = g_ptr_array_new_with_free_func (mate_case_free);
  g_autofree char *name = g_strdup_printf ("mates-%s.tsv", variant);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, name, NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  if (!g_file_get_contents (path, &contents, NULL, &error))
    g_error ("%s", error->message);
  g_auto(GStrv) lines = g_strsplit (contents, "\n", -1);
  for (int i = 0; lines[i]; i++)
    {
      if (lines[i][0] == '#' || lines[i][0] == '\0')
        continue;
      g_auto(GStrv) f = g_strsplit (lines[i], "\t", -1);
      if (g_strv_length (f) < 3)
        g_error ("%s:%d: expected variant<TAB>fen<TAB>mate", name, i + 1);
      VsMateCase *c = g_new0 (VsMateCase, 1);
      c->variant = g_strdup (f[0]);
      c->fen = g_strdup (f[1]);
      c->mate = atoi (f[2]);
      c->line = i + 1;
      g_ptr_array_add (cases, c);
    }
  return cases;
}
