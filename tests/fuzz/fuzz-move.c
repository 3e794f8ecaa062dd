/* fuzz-move.c — libFuzzer target: move text in every notation.
 * Byte 0 picks the variant, byte 1 the notation and how many random-looking
 * legal moves to play first (so the text is read in varied positions); the
 * rest is the move text.  Reading must either fail with an error or give a
 * legal move. */
#include "vs-variant.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size < 2 || size > 512)
    return 0;
  const VsVariant *const *all = vs_variants ();
  int n_variants = 0;
  while (all[n_variants])
    n_variants++;
  const VsVariant *v = all[data[0] % n_variants];
  static VsPosition pos;
  if (!vs_position_init (&pos, v, NULL, NULL))
    return 0;
  VsMove moves[VS_MAX_MOVES];
  int plies = data[1] >> 2;
  for (int i = 0; i < plies; i++)
    {
      int n = vs_position_generate (&pos, VS_GEN_ALL, moves);
      if (n == 0)
        break;
      vs_position_make (&pos, moves[(i * 7 + data[1]) % n]);
    }
  VsNotation notation = (VsNotation) (data[1] % 3);
  char *text = g_strndup ((const char *) data + 2, size - 2);
  VsMove m;
  const char *warning = NULL;
  GError *error = NULL;
  if (vs_move_parse (&pos, text, notation, &m, &warning, &error))
    g_assert (vs_position_is_legal (&pos, m));
  else
    {
      g_assert (error != NULL && error->message != NULL);
      g_error_free (error);
    }
  g_free (text);
  return 0;
}
