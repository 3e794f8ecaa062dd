/* vs-position-string.h — the one position-string reader and writer of the
 * rules core (private to src/core).  Each variant describes its syntax in
 * VsVariant.position_syntax. */
#pragma once

#include "vs-variant.h"

G_BEGIN_DECLS

/* The position string of pos (g_free), in its variant's syntax. */
char *vs_position_string_write (const VsPosition *pos);

G_END_DECLS
