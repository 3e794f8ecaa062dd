/* vs-preferences-dialog.h — the Preferences window. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define VS_TYPE_PREFERENCES_DIALOG (vs_preferences_dialog_get_type ())
G_DECLARE_FINAL_TYPE (VsPreferencesDialog, vs_preferences_dialog, VS, PREFERENCES_DIALOG, GtkWindow)

VsPreferencesDialog *vs_preferences_dialog_new (GtkWindow *parent, GSettings *settings);

/* Adds an external engine after checking that its program exists; on
 * failure returns FALSE with a translated message. */
gboolean vs_preferences_dialog_add_engine (VsPreferencesDialog *self, const char *name,
                                           const char *command, GError **error);
/* Opens the options editor of the engine named @name (tests, screenshots);
 * FALSE while the engine has not answered yet. */
gboolean vs_preferences_dialog_expand_engine (VsPreferencesDialog *self, const char *name);

G_END_DECLS
