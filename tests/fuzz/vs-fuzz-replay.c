/* vs-fuzz-replay.c — GTest cases that replay the fuzz seeds and the crashers
 * kept in tests/fuzz/regressions/ through the fuzz targets' checks. */
#include "vs-fuzz.h"

typedef struct {
  char      *path;
  VsFuzzFunc func;
} Replay;

static void
replay_free (gpointer p)
{
  Replay *r = p;
  g_free (r->path);
  g_free (r);
}

static void
replay_run (gconstpointer data)
{
  const Replay *r = data;
  g_autofree char *bytes = NULL;
  gsize len = 0;
  g_autoptr (GError) error = NULL;
  if (!g_file_get_contents (r->path, &bytes, &len, &error))
    g_error ("%s", error->message);
  g_test_message ("%s (%" G_GSIZE_FORMAT " bytes)", r->path, len);
  r->func ((const uint8_t *) bytes, len);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

guint
vs_fuzz_add_replay_tests (const char *fuzz_dir, const char *target, VsFuzzFunc func)
{
  static const char *const folders[] = { "regressions", "seeds" };
  guint added = 0;
  for (guint f = 0; f < G_N_ELEMENTS (folders); f++)
    {
      g_autofree char *dir = g_build_filename (fuzz_dir, folders[f], target, NULL);
      g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
      if (d == NULL)
        continue;
      g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      const char *name;
      while ((name = g_dir_read_name (d)))
        g_ptr_array_add (names, g_strdup (name));
      g_ptr_array_sort (names, compare_names);
      for (guint i = 0; i < names->len; i++)
        {
          Replay *r = g_new0 (Replay, 1);
          r->path = g_build_filename (dir, names->pdata[i], NULL);
          r->func = func;
          g_autofree char *test_path = g_strdup_printf ("/fuzz/%s/%s/%s", target, folders[f],
                                                        (char *) names->pdata[i]);
          g_test_add_data_func_full (test_path, r, replay_run, replay_free);
          added++;
        }
    }
  return added;
}
