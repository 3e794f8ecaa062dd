/* vs-fuzz-uci.c — checks for fuzz-uci: engine output lines through
 * vs_uci_parse_info(), the parser vs_uci_client_go() uses for "info" lines.
 * (The "bestmove" and "option name" handling is inline in
 * vs_uci_client_go()/vs_uci_client_start() and not reachable without a
 * process; those lines are given to vs_uci_parse_info too, which must ignore
 * them.)  Each line either parses or fails with an illegal-move error; the
 * info keeps at most VS_SEARCH_MAX_MULTIPV lines, each pv at most
 * VS_SEARCH_MAX_PV moves, all legal in sequence from the position. */
#include "vs-fuzz.h"
#include "vs-uci-client.h"

#include <string.h>
#include "../vs-test-history.h"

#define VS_FUZZ_MAX_INPUT (16 * 1024)

void
vs_fuzz_uci_info (const uint8_t *data, size_t size)
{
  if (size < 2 || size > VS_FUZZ_MAX_INPUT)
    return;
  const VsVariant *const *all = vs_variants ();
  int n_variants = 0;
  while (all[n_variants])
    n_variants++;
  const VsVariant *v = all[data[0] % n_variants];
  static VsPosition pos, line_pos;
  if (!vs_test_init (&pos, v, NULL, NULL))
    g_error ("%s: the start position does not read", v->id);
  VsMove moves[VS_MAX_MOVES];
  int plies = data[1] >> 3;
  for (int i = 0; i < plies; i++)
    {
      int n = vs_position_generate (&pos, VS_GEN_ALL, moves);
      if (n == 0)
        break;
      vs_test_make (&pos, moves[(i * 5 + data[1]) % n]);
    }
  uint64_t key = pos.key;
  int hist_len = vs_test_hist_len (&pos);

  g_autofree char *text = g_strndup ((const char *) data + 2, size - 2);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  VsSearchInfo info;
  memset (&info, 0, sizeof info);
  for (int k = 0; lines[k]; k++)
    {
      GError *error = NULL;
      if (!vs_uci_parse_info (&pos, lines[k], &info, &error))
        {
          g_assert (error != NULL);
          g_assert (g_error_matches (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_ILLEGAL_MOVE));
          g_assert (error->message != NULL && g_utf8_validate (error->message, -1, NULL));
          g_error_free (error);
        }
      else
        g_assert (error == NULL);
      /* the position given is left alone */
      g_assert (pos.key == key && vs_test_hist_len (&pos) == hist_len);
      g_assert (info.n_lines >= 0 && info.n_lines <= VS_SEARCH_MAX_MULTIPV);
      for (int l = 0; l < info.n_lines; l++)
        {
          const VsSearchLine *sl = &info.lines[l];
          g_assert (sl->pv_len >= 0 && sl->pv_len <= VS_SEARCH_MAX_PV);
          if (sl->pv_len == 0)
            continue;
          memcpy (&line_pos, &pos, sizeof pos);
          for (int j = 0; j < sl->pv_len; j++)
            {
              if (!vs_position_is_legal (&line_pos, sl->pv[j]))
                g_error ("line %d: pv move %d is not legal (from “%s”)", l + 1, j + 1, lines[k]);
              vs_position_play (&line_pos, sl->pv[j]);
            }
          if (sl->is_mate)
            g_assert (sl->mate >= -500 && sl->mate <= 500);
        }
    }
}
