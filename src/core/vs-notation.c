/* vs-notation.c — the display notations a variant offers (issue 18).
 *
 * The lists themselves are data in each VsVariant (display_notations);
 * this file only looks them up. */
#include "config.h"
#include "vs-variant.h"

#include <string.h>

const VsNotationInfo *
vs_variant_display_notation (const VsVariant *v, const char *id)
{
  g_return_val_if_fail (v != NULL, NULL);
  if (v->display_notations == NULL || v->n_display_notations <= 0)
    return NULL;
  if (id != NULL)
    for (int i = 0; i < v->n_display_notations; i++)
      if (strcmp (v->display_notations[i].id, id) == 0)
        return &v->display_notations[i];
  return &v->display_notations[0];
}
