/* vs-chartima.c — placeholder until the module lands (being written now). */
#include "vs-variant.h"
static gboolean
from_string (VsPosition *pos, const char *s, GError **error)
{
  g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_UNSUPPORTED, "chartima: not yet implemented");
  return FALSE;
}
const VsVariant vs_variant_chartima = { .id = "chartima", .name = "chartima", .from_string = from_string };
