/* test-engine-choice.c — which engine serves which variant (issue 21):
 * asking an engine for its UCI_Variant values (a fake engine,
 * tests/engine/fake-variant-engine.sh), the engines offered per variant,
 * the default (Fairy-Stockfish where it plays the variant, else the
 * built-in engine), option lines parsed for the Preferences editor, and the
 * option values sent with setoption. */
#include "vs-engine-config.h"
#include "vs-uci-client.h"

#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

static char *
script_path (void)
{
  return g_test_build_filename (G_TEST_DIST, "fake-variant-engine.sh", NULL);
}

static char *
fake_with (const char *variants)
{
  g_autofree char *script = script_path ();
  g_autofree char *q = g_shell_quote (script);
  g_autofree char *v = g_shell_quote (variants);
  return g_strdup_printf ("/bin/sh %s %s", q, v);
}

static const VsVariant *
variant (const char *id)
{
  const VsVariant *v = vs_variant_lookup (id);
  g_assert_nonnull (v);
  return v;
}

static void
test_detect_variants (void)
{
  vs_engine_caps_clear_cache ();
  g_autofree char *cmd = fake_with ("crazyhouse janggicasual shogi");
  g_autoptr (GError) error = NULL;
  g_autoptr (VsEngineCaps) caps = vs_engine_caps_probe (cmd, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (caps);
  g_assert_cmpstr (caps->id_name, ==, "Fake Variants");
  /* exactly its variants */
  g_assert_cmpuint (g_strv_length (caps->variants), ==, 3);
  g_assert_cmpstr (caps->variants[0], ==, "crazyhouse");
  g_assert_cmpstr (caps->variants[1], ==, "janggicasual");
  g_assert_cmpstr (caps->variants[2], ==, "shogi");
  g_assert_true (vs_engine_caps_plays (caps, variant ("crazyhouse")));
  g_assert_true (vs_engine_caps_plays (caps, variant ("janggi-casual")));
  g_assert_false (vs_engine_caps_plays (caps, variant ("janggi")));
  g_assert_false (vs_engine_caps_plays (caps, variant ("chartima")));
  g_assert_false (vs_engine_caps_plays (caps, variant ("strato")));
  /* cached per command line */
  g_assert_true (vs_engine_caps_known (cmd));
  g_assert_nonnull (vs_engine_caps_lookup (cmd));

  /* the options for the editor: UCI_Variant and buttons left out */
  g_assert_cmpuint (caps->options->len, ==, 7);
  const VsEngineOption *threads = g_ptr_array_index (caps->options, 0);
  g_assert_cmpstr (threads->name, ==, "Threads");
  g_assert_cmpint (threads->type, ==, VS_ENGINE_OPTION_SPIN);
  g_assert_cmpstr (threads->default_value, ==, "1");
  g_assert_cmpint (threads->min, ==, 1);
  g_assert_cmpint (threads->max, ==, 512);
  const VsEngineOption *elo = g_ptr_array_index (caps->options, 4);
  g_assert_cmpstr (elo->name, ==, "UCI_Elo");
  g_assert_cmpint (elo->min, ==, 500);
  const VsEngineOption *style = g_ptr_array_index (caps->options, 5);
  g_assert_cmpint (style->type, ==, VS_ENGINE_OPTION_COMBO);
  g_assert_cmpuint (g_strv_length (style->vars), ==, 3);
  g_assert_cmpstr (style->vars[2], ==, "Risky");
  const VsEngineOption *eval = g_ptr_array_index (caps->options, 6);
  g_assert_cmpint (eval->type, ==, VS_ENGINE_OPTION_STRING);
  g_assert_cmpstr (eval->default_value, ==, "");

  /* an engine that is not there: an error, cached as such */
  g_assert_null (vs_engine_caps_probe ("/no/such/engine", NULL, &error));
  g_assert_nonnull (error);
  g_assert_true (vs_engine_caps_known ("/no/such/engine"));
  g_assert_null (vs_engine_caps_lookup ("/no/such/engine"));
}

static void
test_option_parse (void)
{
  g_assert_null (vs_engine_option_parse ("id name X"));
  g_assert_null (vs_engine_option_parse ("option name X type nonsense"));
  g_autoptr (GPtrArray) keep = g_ptr_array_new_with_free_func ((GDestroyNotify) vs_engine_option_free);
  VsEngineOption *o = vs_engine_option_parse ("option name Skill Level type spin default 20 min -20 max 20");
  g_ptr_array_add (keep, o);
  g_assert_cmpstr (o->name, ==, "Skill Level");
  g_assert_cmpint (o->min, ==, -20);
  o = vs_engine_option_parse ("option name UCI_Variant type combo default chess var chess var crazyhouse");
  g_ptr_array_add (keep, o);
  g_assert_cmpuint (g_strv_length (o->vars), ==, 2);
}

static void
probe_done (GObject *source, GAsyncResult *result, gpointer data)
{
  const VsEngineCaps **out = data;
  g_autoptr (GError) error = NULL;
  *out = vs_engine_caps_probe_finish (result, &error);
  g_assert_no_error (error);
}

/* Fairy-Stockfish "found" (VS_FAIRY_STOCKFISH points at the fake): asked off
 * the main loop, offered and default for what it plays only. */
static void
test_offered_and_default (void)
{
  vs_engine_caps_clear_cache ();
  g_autofree char *script = script_path ();
  g_setenv ("VS_FAIRY_STOCKFISH", script, TRUE);
  g_autoptr (GPtrArray) configs = vs_engine_configs_all (NULL);
  g_assert_cmpuint (configs->len, ==, 1);
  VsEngineConfig *fs = g_ptr_array_index (configs, 0);
  g_assert_cmpstr (fs->name, ==, "Fairy-Stockfish");
  g_assert_true (fs->detected);

  const VsEngineCaps *caps = NULL;
  vs_engine_caps_probe_async (fs->command, NULL, probe_done, &caps);
  while (caps == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (caps == vs_engine_caps_lookup (fs->command));

  static const struct { const char *id; gboolean fs; } cases[] = {
    { "crazyhouse", TRUE }, { "janggi", TRUE }, { "janggi-casual", TRUE },
    { "chartima", FALSE }, { "strato", FALSE },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const VsVariant *v = variant (cases[i].id);
      g_autoptr (GArray) offered = vs_engine_offered (configs, v);
      g_assert_cmpuint (g_array_index (offered, guint, 0), ==, G_MAXUINT);   /* built-in */
      g_assert_cmpuint (offered->len, ==, cases[i].fs ? 2 : 1);
      const VsEngineConfig *def = vs_engine_default_for (configs, v);
      if (cases[i].fs)
        g_assert_true (def == fs);
      else
        g_assert_null (def);
    }

  /* a user's engine that plays only Chartima is offered there, but the
   * default stays the built-in engine (only found engines are defaults) */
  g_autofree char *chartima_only = fake_with ("chartima");
  g_autoptr (GVariant) user = g_variant_ref_sink (g_variant_new_parsed ("[('Mine', %s)]", chartima_only));
  g_autoptr (GPtrArray) all = vs_engine_configs_all (user);
  g_assert_cmpuint (all->len, ==, 2);
  g_autoptr (VsEngineCaps) mine = vs_engine_caps_probe (chartima_only, NULL, NULL);
  g_assert_nonnull (mine);
  g_autoptr (GArray) ch = vs_engine_offered (all, variant ("chartima"));
  g_assert_cmpuint (ch->len, ==, 2);
  g_assert_cmpuint (g_array_index (ch, guint, 1), ==, 1);
  g_assert_null (vs_engine_default_for (all, variant ("chartima")));
  g_autoptr (GArray) zh = vs_engine_offered (all, variant ("crazyhouse"));
  g_assert_cmpuint (zh->len, ==, 2);
  g_assert_cmpuint (g_array_index (zh, guint, 1), ==, 0);

  /* nothing found: the built-in engine everywhere */
  g_setenv ("VS_FAIRY_STOCKFISH", "", TRUE);
  g_autoptr (GPtrArray) none = vs_engine_configs_all (NULL);
  g_assert_cmpuint (none->len, ==, 0);
  g_assert_null (vs_engine_default_for (none, variant ("crazyhouse")));
  g_unsetenv ("VS_FAIRY_STOCKFISH");
}

/* The values set in Preferences go to the engine after "uciok". */
static void
test_user_options_sent (void)
{
  g_autofree char *log = g_build_filename (g_get_tmp_dir (), "vs-engine-choice-XXXXXX", NULL);
  int fd = g_mkstemp (log);
  g_assert_cmpint (fd, >=, 0);
  close (fd);
  g_setenv ("FAKE_ENGINE_LOG", log, TRUE);
  g_autofree char *cmd = fake_with ("crazyhouse");
  const char *values[] = { "Threads=3", "UCI_Elo=1500", "NoSuchOption=1", NULL };
  vs_uci_client_set_user_options (cmd, values);
  g_autoptr (VsUciClient) client = vs_uci_client_new (cmd);
  g_autoptr (GError) error = NULL;
  g_assert_true (vs_uci_client_start (client, 5000, NULL, &error));
  g_assert_true (vs_uci_client_sync (client, 5000, &error));
  g_assert_no_error (error);
  vs_uci_client_quit (client);
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (log, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "setoption name Threads value 3\nsetoption name UCI_Elo value 1500\n");
  g_unlink (log);
  g_unsetenv ("FAKE_ENGINE_LOG");
  vs_uci_client_set_user_options (cmd, NULL);
}

/* `variant-study-cli analyze` uses the same choice and says which engine. */
static void
test_cli_auto (void)
{
  const char *cli = g_getenv ("VS_CLI");
  g_assert_nonnull (cli);   /* set by tests/engine/meson.build */
  g_autofree char *script = script_path ();
  static const struct { const char *id, *engine, *expect; } cases[] = {
    { "crazyhouse", NULL, "engine: Fairy-Stockfish\n" },
    { "janggi", "auto", "engine: Fairy-Stockfish\n" },
    { "chartima", NULL, "engine: built-in\n" },
    { "crazyhouse", "builtin", "engine: built-in\n" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GSubprocessLauncher) l = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                                                      G_SUBPROCESS_FLAGS_STDERR_PIPE);
      g_subprocess_launcher_setenv (l, "VS_FAIRY_STOCKFISH", script, TRUE);
      g_subprocess_launcher_setenv (l, "LANGUAGE", "en", TRUE);
      g_autoptr (GError) error = NULL;
      g_autoptr (GSubprocess) p = NULL;
      if (cases[i].engine)
        p = g_subprocess_launcher_spawn (l, &error, cli, "analyze", "-v", cases[i].id, "-d", "1",
                                         "--engine", cases[i].engine, NULL);
      else
        p = g_subprocess_launcher_spawn (l, &error, cli, "analyze", "-v", cases[i].id, "-d", "1", NULL);
      g_assert_no_error (error);
      g_autofree char *out = NULL, *err = NULL;
      g_assert_true (g_subprocess_communicate_utf8 (p, NULL, NULL, &out, &err, &error));
      g_assert_no_error (error);
      g_assert_cmpstr (err, ==, cases[i].expect);
      g_assert_true (g_str_has_suffix (out, cases[i].expect[8] == 'F' ? "bestmove (none)\n" : "\n"));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine-choice/detect-variants", test_detect_variants);
  g_test_add_func ("/engine-choice/option-parse", test_option_parse);
  g_test_add_func ("/engine-choice/offered-and-default", test_offered_and_default);
  g_test_add_func ("/engine-choice/user-options-sent", test_user_options_sent);
  g_test_add_func ("/engine-choice/cli-auto", test_cli_auto);
  return g_test_run ();
}
