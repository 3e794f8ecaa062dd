/* vs-engine-config.h — the external engines the user added in Preferences,
 * as read back from the settings ("external-engines", type a(ss): name and
 * command line).  GTK-free so that it can be fuzzed: settings can be edited
 * by hand or by other tools, so every entry is checked before use. */
#pragma once

#include <gio/gio.h>
#include "vs-variant.h"

G_BEGIN_DECLS

typedef struct
{
  char *name;
  char *command;
  gboolean detected;   /* found on the system (Fairy-Stockfish), not added */
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

/* The engines found on the system (vs_uci_find_fairy_stockfish_all:
 * "Fairy-Stockfish", "Fairy-Stockfish (large board)") followed by the usable
 * entries of @user_engines (the "external-engines" value; a user entry with
 * a detected engine's name or command is dropped). */
GPtrArray *vs_engine_configs_all (GVariant *user_engines);

/* One option an engine announced ("option name N type T …"). */
typedef enum {
  VS_ENGINE_OPTION_SPIN,
  VS_ENGINE_OPTION_CHECK,
  VS_ENGINE_OPTION_COMBO,
  VS_ENGINE_OPTION_STRING,
  VS_ENGINE_OPTION_BUTTON,
} VsEngineOptionType;

typedef struct
{
  char *name;
  VsEngineOptionType type;
  char *default_value;
  gint64 min, max;     /* spin */
  GStrv vars;          /* combo */
} VsEngineOption;

void vs_engine_option_free (VsEngineOption *o);
/* Parse one "option name …" line; NULL for anything else. */
VsEngineOption *vs_engine_option_parse (const char *line);

/* What an engine can do, as it answered "uci". */
typedef struct
{
  char *command;
  char *id_name;
  GStrv variants;      /* its UCI_Variant values (may be empty) */
  gboolean has_variant_option;
  GPtrArray *options;  /* VsEngineOption*, without UCI_Variant */
} VsEngineCaps;

void vs_engine_caps_free (VsEngineCaps *caps);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (VsEngineCaps, vs_engine_caps_free)

/* Whether the engine plays @variant (its UCI_Variant list holds the
 * variant's uci_variant name or its id; an engine without the option is taken for a
 * chess engine that plays only crazyhouse).  NULL caps: FALSE. */
gboolean vs_engine_caps_plays (const VsEngineCaps *caps, const VsVariant *variant);

/* Start @command, ask "uci", quit.  Blocking (for worker threads and the
 * CLI); the answer is cached per command line for the process. */
VsEngineCaps *vs_engine_caps_probe (const char *command, GCancellable *cancellable,
                                    GError **error);
/* The same in a GTask thread; the result (and a failure) is cached.
 * Returns a new reference to a shared VsEngineCaps: do not free it. */
void                vs_engine_caps_probe_async  (const char *command, GCancellable *cancellable,
                                                 GAsyncReadyCallback callback, gpointer user_data);
const VsEngineCaps *vs_engine_caps_probe_finish (GAsyncResult *result, GError **error);
/* The cached answer for @command, or NULL if not asked yet or failed. */
const VsEngineCaps *vs_engine_caps_lookup (const char *command);
/* Whether @command was asked (successfully or not). */
gboolean vs_engine_caps_known (const char *command);
/* Tests: forget every cached answer. */
void vs_engine_caps_clear_cache (void);

/* The engines of @configs offered for @variant: the built-in engine always,
 * an external one unless its (cached) caps say it does not play the variant
 * (an engine not asked yet, or that failed to answer, is offered: choosing
 * it shows its fault).
 * Returns indexes into @configs (G_MAXUINT = the built-in engine first). */
GArray *vs_engine_offered (GPtrArray *configs, const VsVariant *variant);
/* The default engine for @variant: the first detected engine of @configs
 * that plays it, else the built-in engine (NULL). */
const VsEngineConfig *vs_engine_default_for (GPtrArray *configs, const VsVariant *variant);

G_END_DECLS
