/* fuzz-position.c — libFuzzer target: position strings of every variant.
 * The first byte picks the variant; the rest is the position string.  A string
 * that reads must write back to a string that reads to the same position, and
 * every legal move must make, unmake and round-trip through each notation. */
#include "vs-variant.h"

#include <string.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size < 1 || size > 4096)
    return 0;
  const VsVariant *const *all = vs_variants ();
  int n_variants = 0;
  while (all[n_variants])
    n_variants++;
  const VsVariant *v = all[data[0] % n_variants];
  char *text = g_strndup ((const char *) data + 1, size - 1);
  static VsPosition pos, again;
  GError *error = NULL;
  if (!vs_position_init (&pos, v, text, &error))
    {
      g_assert (error != NULL && error->message != NULL);
      g_error_free (error);
      g_free (text);
      return 0;
    }
  char *out = vs_position_to_string (&pos);
  if (!vs_position_init (&again, v, out, &error))
    g_error ("written position “%s” (from “%s”) does not read back: %s", out, text, error->message);
  char *out2 = vs_position_to_string (&again);
  g_assert_cmpstr (out, ==, out2);
  g_assert (memcmp (pos.board, again.board, sizeof pos.board) == 0);

  VsMove moves[VS_MAX_MOVES];
  int n = vs_position_generate (&pos, VS_GEN_ALL, moves);
  g_assert (n >= 0 && n <= VS_MAX_MOVES);
  VsNotation notations[] = { VS_NOTATION_UCI, VS_NOTATION_SAN };
  for (int i = 0; i < n && i < 64; i++)
    {
      for (int k = 0; k < 2; k++)
        {
          char mtext[VS_MOVE_TEXT_MAX];
          VsMove back;
          vs_move_write (&pos, moves[i], notations[k], mtext);
          if (!vs_move_parse (&pos, mtext, notations[k], &back, NULL, &error))
            g_error ("“%s” in “%s” does not read back: %s", mtext, out, error->message);
          g_assert (VS_MOVE_CORE (back) == VS_MOVE_CORE (moves[i]));
        }
      uint64_t key = pos.key;
      vs_position_make (&pos, moves[i]);
      VsResult r;
      vs_position_state (&pos, &r);
      static VsMove replies[VS_MAX_MOVES];
      vs_position_generate (&pos, VS_GEN_NOISY, replies);
      vs_position_unmake (&pos);
      g_assert (pos.key == key);
    }
  g_free (out2);
  g_free (out);
  g_free (text);
  return 0;
}
