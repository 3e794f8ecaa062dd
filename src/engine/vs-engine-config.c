/* vs-engine-config.c — see vs-engine-config.h. */
#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>

#include <string.h>

#include "vs-engine-config.h"
#include "vs-uci-client.h"

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

GPtrArray *
vs_engine_configs_all (GVariant *user_engines)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) vs_engine_config_free);
  g_auto (GStrv) found = vs_uci_find_fairy_stockfish_all ();
  for (int i = 0; found && found[i]; i++)
    {
      VsEngineConfig *c = g_new0 (VsEngineConfig, 1);
      g_autofree char *base = g_path_get_basename (found[i]);
      /* product names, not translated */
      c->name = g_strdup (g_str_has_suffix (base, "largeboard") ? "Fairy-Stockfish (largeboard)"
                          : i == 0 ? "Fairy-Stockfish" : base);
      /* a command line: quoted only when the path needs it */
      gboolean plain = TRUE;
      for (const char *p = found[i]; *p && plain; p++)
        plain = g_ascii_isalnum (*p) || strchr ("/._-+", *p) != NULL;
      c->command = plain ? g_strdup (found[i]) : g_shell_quote (found[i]);
      c->detected = TRUE;
      g_ptr_array_add (out, c);
    }
  guint n_detected = out->len;
  g_autoptr (GPtrArray) user = vs_engine_configs_from_variant (user_engines);
  for (guint i = 0; i < user->len; i++)
    {
      VsEngineConfig *u = g_ptr_array_index (user, i);
      gboolean dup = FALSE;
      for (guint k = 0; k < n_detected && !dup; k++)
        {
          VsEngineConfig *d = g_ptr_array_index (out, k);
          dup = g_str_equal (d->name, u->name) || g_str_equal (d->command, u->command);
        }
      if (!dup)
        g_ptr_array_add (out, g_ptr_array_steal_index (user, i--));
    }
  return out;
}

void
vs_engine_option_free (VsEngineOption *o)
{
  if (o == NULL)
    return;
  g_free (o->name);
  g_free (o->default_value);
  g_strfreev (o->vars);
  g_free (o);
}

/* "option name N type T [default D] [min A] [max B] [var V]…"; names and
 * values may hold spaces, so the keywords split the line. */
VsEngineOption *
vs_engine_option_parse (const char *line)
{
  if (line == NULL || !g_str_has_prefix (line, "option name "))
    return NULL;
  const char *s = line + 12;
  const char *t = strstr (s, " type ");
  if (t == NULL)
    return NULL;
  g_autofree char *name = g_strstrip (g_strndup (s, t - s));
  t += 6;
  const char *te = t;
  while (*te && *te != ' ')
    te++;
  g_autofree char *type = g_strndup (t, te - t);
  VsEngineOptionType ty;
  if (g_str_equal (type, "spin")) ty = VS_ENGINE_OPTION_SPIN;
  else if (g_str_equal (type, "check")) ty = VS_ENGINE_OPTION_CHECK;
  else if (g_str_equal (type, "combo")) ty = VS_ENGINE_OPTION_COMBO;
  else if (g_str_equal (type, "string")) ty = VS_ENGINE_OPTION_STRING;
  else if (g_str_equal (type, "button")) ty = VS_ENGINE_OPTION_BUTTON;
  else return NULL;
  if (*name == '\0')
    return NULL;
  VsEngineOption *o = g_new0 (VsEngineOption, 1);
  o->name = g_steal_pointer (&name);
  o->type = ty;
  o->min = G_MININT32;
  o->max = G_MAXINT32;
  GPtrArray *vars = g_ptr_array_new ();
  static const char *const keys[] = { " default ", " min ", " max ", " var " };
  const char *p = te;
  while (*p)
    {
      int k = -1;
      for (int i = 0; i < 4 && k < 0; i++)
        if (g_str_has_prefix (p, keys[i]))
          k = i;
      if (k < 0)
        {
          p++;
          continue;
        }
      const char *v = p + strlen (keys[k]);
      const char *e = v;
      while (*e)
        {
          gboolean stop = FALSE;
          for (int i = 0; i < 4 && !stop; i++)
            stop = g_str_has_prefix (e, keys[i]);
          if (stop)
            break;
          e++;
        }
      g_autofree char *val = g_strstrip (g_strndup (v, e - v));
      switch (k)
        {
        case 0: g_free (o->default_value); o->default_value = g_strdup (g_str_equal (val, "<empty>") ? "" : val); break;
        case 1: o->min = g_ascii_strtoll (val, NULL, 10); break;
        case 2: o->max = g_ascii_strtoll (val, NULL, 10); break;
        case 3: g_ptr_array_add (vars, g_strdup (val)); break;
        }
      p = e;
    }
  g_ptr_array_add (vars, NULL);
  o->vars = (GStrv) g_ptr_array_free (vars, FALSE);
  if (o->default_value == NULL)
    o->default_value = g_strdup ("");
  if (o->min > o->max)
    o->max = o->min;
  return o;
}

void
vs_engine_caps_free (VsEngineCaps *caps)
{
  if (caps == NULL)
    return;
  g_free (caps->command);
  g_free (caps->id_name);
  g_strfreev (caps->variants);
  g_ptr_array_unref (caps->options);
  g_free (caps);
}

gboolean
vs_engine_caps_plays (const VsEngineCaps *caps, const VsVariant *variant)
{
  if (caps == NULL || variant == NULL)
    return FALSE;
  if (!caps->has_variant_option)
    return variant->plain_uci_plays;
  /* the same names vs_uci_client_set_variant tries: the UCI_Variant name,
   * then the variant's own id (an engine written for VariantStudy) */
  for (guint i = 0; caps->variants[i]; i++)
    if ((variant->uci_variant && g_ascii_strcasecmp (caps->variants[i], variant->uci_variant) == 0) ||
        g_ascii_strcasecmp (caps->variants[i], variant->id) == 0)
      return TRUE;
  return FALSE;
}

static GMutex cache_lock;
static GHashTable *cache; /* command → VsEngineCaps*, or NULL value: failed */

static VsEngineCaps *
probe_uncached (const char *command, GCancellable *cancellable, GError **error)
{
  g_autoptr (VsUciClient) client = vs_uci_client_new (command);
  if (!vs_uci_client_start (client, 0, cancellable, error))
    return NULL;
  VsEngineCaps *caps = g_new0 (VsEngineCaps, 1);
  caps->command = g_strdup (command);
  caps->id_name = g_strdup (vs_uci_client_get_name (client));
  caps->has_variant_option = vs_uci_client_has_option (client, "UCI_Variant");
  const GPtrArray *vars = vs_uci_client_get_variants (client);
  caps->variants = g_new0 (char *, vars->len + 1);
  for (guint i = 0; i < vars->len; i++)
    caps->variants[i] = g_strdup (g_ptr_array_index (vars, i));
  caps->options = g_ptr_array_new_with_free_func ((GDestroyNotify) vs_engine_option_free);
  const GPtrArray *lines = vs_uci_client_get_option_lines (client);
  for (guint i = 0; i < lines->len; i++)
    {
      VsEngineOption *o = vs_engine_option_parse (g_ptr_array_index (lines, i));
      if (o && (g_ascii_strcasecmp (o->name, "UCI_Variant") == 0 || o->type == VS_ENGINE_OPTION_BUTTON))
        g_clear_pointer (&o, vs_engine_option_free);
      if (o)
        g_ptr_array_add (caps->options, o);
    }
  vs_uci_client_quit (client);
  return caps;
}

static const VsEngineCaps *
cache_get (const char *command, gboolean *known)
{
  g_mutex_lock (&cache_lock);
  gpointer value = NULL;
  gboolean k = cache && g_hash_table_lookup_extended (cache, command, NULL, &value);
  g_mutex_unlock (&cache_lock);
  if (known)
    *known = k;
  return value;
}

static const VsEngineCaps *
cache_put (const char *command, VsEngineCaps *caps)
{
  g_mutex_lock (&cache_lock);
  if (cache == NULL)
    cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) vs_engine_caps_free);
  gpointer old = NULL;
  if (g_hash_table_lookup_extended (cache, command, NULL, &old) && old)
    {
      /* another thread asked first: keep the first answer (it may be in use) */
      vs_engine_caps_free (caps);
      caps = old;
    }
  else
    g_hash_table_replace (cache, g_strdup (command), caps);
  g_mutex_unlock (&cache_lock);
  return caps;
}

VsEngineCaps *
vs_engine_caps_probe (const char *command, GCancellable *cancellable, GError **error)
{
  gboolean known;
  const VsEngineCaps *c = cache_get (command, &known);
  if (!known)
    {
      VsEngineCaps *fresh = probe_uncached (command, cancellable, error);
      if (fresh == NULL && g_cancellable_is_cancelled (cancellable))
        return NULL;
      c = cache_put (command, fresh);
      if (c == NULL)
        return NULL;
    }
  else if (c == NULL)
    {
      g_set_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_PROTOCOL,
                   _("The engine “%s” could not be started."), command);
      return NULL;
    }
  /* a copy the caller owns */
  VsEngineCaps *copy = g_new0 (VsEngineCaps, 1);
  copy->command = g_strdup (c->command);
  copy->id_name = g_strdup (c->id_name);
  copy->variants = g_strdupv (c->variants);
  copy->has_variant_option = c->has_variant_option;
  copy->options = g_ptr_array_new_with_free_func ((GDestroyNotify) vs_engine_option_free);
  for (guint i = 0; i < c->options->len; i++)
    {
      const VsEngineOption *o = g_ptr_array_index (c->options, i);
      VsEngineOption *d = g_new0 (VsEngineOption, 1);
      *d = *o;
      d->name = g_strdup (o->name);
      d->default_value = g_strdup (o->default_value);
      d->vars = g_strdupv (o->vars);
      g_ptr_array_add (copy->options, d);
    }
  return copy;
}

static void
probe_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  GError *error = NULL;
  VsEngineCaps *caps = vs_engine_caps_probe (data, cancellable, &error);
  if (caps == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  vs_engine_caps_free (caps);
  g_task_return_pointer (task, (gpointer) cache_get (data, NULL), NULL);
}

void
vs_engine_caps_probe_async (const char *command, GCancellable *cancellable,
                            GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, vs_engine_caps_probe_async);
  g_task_set_task_data (task, g_strdup (command), g_free);
  g_task_run_in_thread (task, probe_thread);
  g_object_unref (task);
}

const VsEngineCaps *
vs_engine_caps_probe_finish (GAsyncResult *result, GError **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

const VsEngineCaps *
vs_engine_caps_lookup (const char *command)
{
  return command ? cache_get (command, NULL) : NULL;
}

gboolean
vs_engine_caps_known (const char *command)
{
  gboolean known = FALSE;
  if (command)
    cache_get (command, &known);
  return known;
}

void
vs_engine_caps_clear_cache (void)
{
  g_mutex_lock (&cache_lock);
  if (cache)
    g_hash_table_remove_all (cache);
  g_mutex_unlock (&cache_lock);
}

GArray *
vs_engine_offered (GPtrArray *configs, const VsVariant *variant)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint));
  guint builtin = G_MAXUINT;
  g_array_append_val (out, builtin);
  for (guint i = 0; configs && i < configs->len; i++)
    {
      const VsEngineConfig *c = g_ptr_array_index (configs, i);
      const VsEngineCaps *caps = vs_engine_caps_lookup (c->command);
      /* not asked yet, or it did not answer: offered, so that choosing it
       * shows what is wrong; known not to play the variant: not offered */
      if (caps == NULL || vs_engine_caps_plays (caps, variant))
        g_array_append_val (out, i);
    }
  return out;
}

const VsEngineConfig *
vs_engine_default_for (GPtrArray *configs, const VsVariant *variant)
{
  for (guint i = 0; configs && i < configs->len; i++)
    {
      const VsEngineConfig *c = g_ptr_array_index (configs, i);
      if (c->detected && vs_engine_caps_plays (vs_engine_caps_lookup (c->command), variant))
        return c;
    }
  return NULL;
}
