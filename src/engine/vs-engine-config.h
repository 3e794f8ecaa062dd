/* vs-engine-config.h — the external engines the user added in Preferences,
 * as read back from the settings ("external-engines", type a(ss): name and
 * command line).  GTK-free so that it can be fuzzed: settings can be edited
 * by hand or by other tools, so every entry is checked before use. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  char *name;
  char *command;
} VsEngineConfig;

void vs_engine_config_free (VsEngineConfig *config);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (VsEngineConfig, vs_engine_config_free)

/* Checks one entry: a non-empty name without control characters, and a
 * command line that parses into a program and its arguments.  Whether the
 * program exists is checked when it is started. */
gboolean vs_engine_config_check (const char *name, const char *command, GError **error);

/* The usable entries of @value (any GVariant: anything but a(ss) gives none),
 * in order, the first of each name kept; NULL-terminated array of
 * VsEngineConfig*, free with g_ptr_array_unref. */
GPtrArray *vs_engine_configs_from_variant (GVariant *value);

G_END_DECLS
