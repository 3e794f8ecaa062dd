/* vs-fuzz-core.c — checks for the position-string and move-text targets. */
#include "vs-fuzz.h"
#include "vs-variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../vs-test-history.h"

static void
quiet_log (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
  if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    {
      /* GLib's handler would stop with SIGTRAP, which libFuzzer does not
       * catch (no crash input would be saved): print and abort instead */
      fprintf (stderr, "%s: %s\n", domain ? domain : "?", message);
      abort ();
    }
}

void
vs_fuzz_init (void)
{
  g_log_set_always_fatal (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  g_log_set_default_handler (quiet_log, NULL);
}

static const VsVariant *
pick_variant (uint8_t byte)
{
  const VsVariant *const *all = vs_variants ();
  int n_variants = 0;
  while (all[n_variants])
    n_variants++;
  return all[byte % n_variants];
}

/* A string that reads must write back to a string that reads to the same
 * position, and every legal move must make, unmake and round-trip through
 * each notation. */
void
vs_fuzz_position (const uint8_t *data, size_t size)
{
  if (size < 1 || size > 4096)
    return;
  const VsVariant *v = pick_variant (data[0]);
  char *text = g_strndup ((const char *) data + 1, size - 1);
  static VsPosition pos, again;
  GError *error = NULL;
  if (!vs_test_init (&pos, v, text, &error))
    {
      g_assert (error != NULL && error->message != NULL && error->message[0] != '\0');
      /* messages are shown in the UI: UTF-8 even for bytes that are not */
      g_assert (g_utf8_validate (error->message, -1, NULL));
      g_error_free (error);
      g_free (text);
      return;
    }
  char *out = vs_position_to_string (&pos);
  if (!vs_test_init (&again, v, out, &error))
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
      vs_test_make (&pos, moves[i]);
      VsResult r;
      vs_test_state (&pos, &r);
      static VsMove replies[VS_MAX_MOVES];
      vs_position_generate (&pos, VS_GEN_NOISY, replies);
      vs_test_unmake (&pos);
      g_assert (pos.key == key);
    }
  g_free (out2);
  g_free (out);
  g_free (text);
}

/* Reading must either fail with an error or give a legal move. */
void
vs_fuzz_move (const uint8_t *data, size_t size)
{
  if (size < 2 || size > 512)
    return;
  const VsVariant *v = pick_variant (data[0]);
  static VsPosition pos;
  if (!vs_test_init (&pos, v, NULL, NULL))
    return;
  VsMove moves[VS_MAX_MOVES];
  int plies = data[1] >> 2;
  for (int i = 0; i < plies; i++)
    {
      int n = vs_position_generate (&pos, VS_GEN_ALL, moves);
      if (n == 0)
        break;
      vs_test_make (&pos, moves[(i * 7 + data[1]) % n]);
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
      g_assert (error != NULL && error->message != NULL && error->message[0] != '\0');
      g_assert (g_utf8_validate (error->message, -1, NULL));
      g_error_free (error);
    }
  g_free (text);
}
