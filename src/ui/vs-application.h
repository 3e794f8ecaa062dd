/* vs-application.h — the VariantStudy GtkApplication. */
#pragma once

#include <gtk/gtk.h>

#include "vs-session.h"

G_BEGIN_DECLS

#define VS_TYPE_APPLICATION (vs_application_get_type ())
G_DECLARE_FINAL_TYPE (VsApplication, vs_application, VS, APPLICATION, GtkApplication)

VsApplication *vs_application_new (void);

/* The application's settings (org.example.VariantStudy). */
GSettings     *vs_application_get_settings (VsApplication *self);

/* The autosave session of the application's documents (created on first
 * use, in vs_application_get_autosave_dir ()). */
VsSession     *vs_application_get_session (VsApplication *self);

/* TRUE when this binary runs from its meson build tree. */
gboolean       vs_application_is_uninstalled (void);

/* Directory holding the bundled sample records (installed or source tree). */
const char    *vs_application_get_samples_dir (void);

/* Directory for autosaves: $XDG_DATA_HOME/variant-study/autosave. */
char          *vs_application_get_autosave_dir (void);

G_END_DECLS
