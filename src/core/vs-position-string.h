/* vs-position-string.h — the one position-string reader and writer of the
 * rules core (private to src/core).  Each variant describes its syntax in
 * VsVariant.position_syntax. */
#pragma once

#include "vs-variant.h"

G_BEGIN_DECLS

/* The position string of pos (g_free), in its variant's syntax. */
char *vs_position_string_write (const VsPosition *pos);

/* Reads str into *pos for variant v (see VsVariant.position_syntax).  On
 * failure *pos is unchanged and VS_CORE_ERROR_BAD_POSITION names the column
 * of the offending character. */
gboolean vs_position_string_read (VsPosition *pos, const VsVariant *v, const char *str, GError **error);

/* Sets VS_CORE_ERROR_BAD_POSITION: "Position string, column N: <detail>";
 * returns FALSE.  For the variants' setup hooks. */
gboolean vs_position_string_error (GError **error, int column, const char *fmt, ...) G_GNUC_PRINTF (3, 4);

G_END_DECLS
