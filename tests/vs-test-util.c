/* vs-test-util.c — shared helpers for the rules tests. */
#include "config.h"
#include "vs-test-util.h"

#include <stdlib.h>
#include <string.h>

static void
perft_case_free (gpointer p)
{
  VsPerftCase *c = p;
  g_free (c->fen);
  g_free (c);
}

char *
vs_test_data_path (const char *relative)
{
  const char *dir = g_getenv ("VS_TEST_DATA_DIR");
  return g_build_filename (dir ? dir : TEST_DATA_DIR, relative, NULL);
}

GPtrArray *
vs_test_load_perft (const char *name, const VsVariant *default_variant)
{
  g_autofree char *rel = g_strdup_printf ("perft/%s.tsv", name);
  g_autofree char *path = vs_test_data_path (rel);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  if (!g_file_get_contents (path, &text, NULL, &error))
    g_error ("cannot read %s: %s", path, error->message);
  GPtrArray *cases = g_ptr_array_new_with_free_func (perft_case_free);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  for (int i = 0; lines[i]; i++)
    {
      char *l = g_strstrip (lines[i]);
      if (*l == '\0' || *l == '#')
        continue;
      g_auto(GStrv) f = g_strsplit (l, "\t", -1);
      int n = g_strv_length (f);
      if (n < 3)
        continue;
      VsPerftCase *c = g_new0 (VsPerftCase, 1);
      c->variant = default_variant;
      int k = 0;
      if (n >= 4)
        {
          c->variant = vs_variant_lookup (f[0]);
          g_assert_nonnull (c->variant);
          k = 1;
        }
      c->fen = g_strdup (f[k]);
      c->depth = atoi (f[k + 1]);
      c->nodes = g_ascii_strtoull (f[k + 2], NULL, 10);
      c->line = i + 1;
      g_ptr_array_add (cases, c);
    }
  return cases;
}
