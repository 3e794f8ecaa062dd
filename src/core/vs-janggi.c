/* vs-janggi.c — placeholder until the module lands (being written now). */
#include "vs-variant.h"
static gboolean
from_string (VsPosition *pos, const char *s, GError **error)
{
  g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_UNSUPPORTED, "janggi: not yet implemented");
  return FALSE;
}
const VsVariant vs_variant_janggi = { .id = "janggi", .name = "janggi", .from_string = from_string };
const VsVariant vs_variant_janggi_casual = { .id = "janggi-casual", .name = "janggi-casual", .from_string = from_string };
