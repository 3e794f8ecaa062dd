/* vs-move-notation.h — the notation moves are shown in (issue 18).
 *
 * Each variant lists the notations it offers as data
 * (VsVariant.display_notations); the user's choice per game family is the
 * GSettings key "move-notations" (family id → notation id).  GTK-free. */
#pragma once

#include <gio/gio.h>
#include "vs-variant.h"

G_BEGIN_DECLS

/* The chosen notation's entry for v (its default if none was chosen), or
 * NULL if v offers only its record notation.  settings may be NULL. */
const VsNotationInfo *vs_move_notation_info (GSettings *settings, const VsVariant *v);
/* The notation to write v's moves in for display: VS_NOTATION_SAN unless
 * the user chose another that v offers. */
VsNotation vs_move_notation_get (GSettings *settings, const VsVariant *v);
/* Choose notation id (one of v's display_notations) for v's family. */
void       vs_move_notation_set (GSettings *settings, const VsVariant *v, const char *id);
/* The application's settings when its schema is installed, else NULL
 * (free with g_object_unref): for widgets made without a window's settings. */
GSettings *vs_move_notation_settings_new (void);

G_END_DECLS
