/* vs-engine-config.c — see vs-engine-config.h. */
#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "vs-engine-config.h"

void
vs_engine_config_free (VsEngineConfig *config)
{
  if (config == NULL)
    return;
  g_free (config->name);
  g_free (config->command);
  g_free (config);
}

gboolean
vs_engine_config_check (const char *name, const char *command, GError **error)
{
  if (name == NULL || !g_utf8_validate (name, -1, NULL) || *name == '\0')
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("Give the engine a name."));
      return FALSE;
    }
  for (const char *p = name; *p; p = g_utf8_next_char (p))
    if (g_unichar_iscntrl (g_utf8_get_char (p)))
      {
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                     _("An engine name cannot hold control characters."));
        return FALSE;
      }
  g_auto (GStrv) argv = NULL;
  if (command == NULL || !g_utf8_validate (command, -1, NULL) ||
      !g_shell_parse_argv (command, NULL, &argv, NULL) || argv[0] == NULL || *argv[0] == '\0')
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Enter the command that starts the engine."));
      return FALSE;
    }
  return TRUE;
}

GPtrArray *
vs_engine_configs_from_variant (GVariant *value)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) vs_engine_config_free);
  if (value == NULL || !g_variant_is_of_type (value, G_VARIANT_TYPE ("a(ss)")))
    return out;
  gsize n = g_variant_n_children (value);
  for (gsize i = 0; i < n; i++)
    {
      const char *name, *command;
      g_variant_get_child (value, i, "(&s&s)", &name, &command);
      if (!vs_engine_config_check (name, command, NULL))
        continue;
      gboolean seen = FALSE;
      for (guint k = 0; k < out->len && !seen; k++)
        seen = g_str_equal (((VsEngineConfig *) g_ptr_array_index (out, k))->name, name);
      if (seen)
        continue;
      VsEngineConfig *c = g_new0 (VsEngineConfig, 1);
      c->name = g_strdup (name);
      c->command = g_strdup (command);
      g_ptr_array_add (out, c);
    }
  return out;
}
