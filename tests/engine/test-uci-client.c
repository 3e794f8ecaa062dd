/* test-uci-client.c — VsUciClient against fake engines (tests/engine/
 * fake-engine.sh) and vs_uci_parse_info on garbage. */
#include "vs-uci-client.h"

#include <string.h>
#include "../vs-test-history.h"

static char *
fake (const char *mode, const char *move)
{
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "fake-engine.sh", NULL);
  g_autofree char *q = g_shell_quote (script);
  return g_strdup_printf ("/bin/sh %s %s %s", q, mode, move ? move : "e2e4");
}

/* Resident memory of this process in KiB (Linux), or -1. */
static gint64
rss_kib (void)
{
  g_autofree char *status = NULL;
  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return -1;
  const char *p = strstr (status, "VmRSS:");
  return p ? g_ascii_strtoll (p + 6, NULL, 10) : -1;
}

static void
test_start_faults (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(VsUciClient) missing = vs_uci_client_new ("/no/such/engine");
  g_assert_false (vs_uci_client_start (missing, 1000, NULL, &error));
  g_assert_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_autoptr(VsUciClient) bad = vs_uci_client_new ("engine 'unterminated");
  g_assert_false (vs_uci_client_start (bad, 1000, NULL, &error));
  g_assert_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_BAD_COMMAND);
  g_clear_error (&error);

  g_autofree char *c1 = fake ("exit-at-start", NULL);
  g_autoptr(VsUciClient) quits = vs_uci_client_new (c1);
  g_assert_false (vs_uci_client_start (quits, 2000, NULL, &error));
  g_assert_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_EXITED);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "3"));
  g_clear_error (&error);

  g_autofree char *c2 = fake ("silent", NULL);
  g_autoptr(VsUciClient) silent = vs_uci_client_new (c2);
  gint64 t0 = g_get_monotonic_time ();
  g_assert_false (vs_uci_client_start (silent, 400, NULL, &error));
  g_assert_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_TIMEOUT);
  g_test_message ("took %.0f ms", (g_get_monotonic_time () - t0) / 1000.0);
  g_clear_error (&error);

  g_autofree char *c3 = fake ("garbage", NULL);
  g_autoptr(VsUciClient) garbage = vs_uci_client_new (c3);
  g_assert_true (vs_uci_client_start (garbage, 5000, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (vs_uci_client_get_name (garbage), ==, "Fake garbage");
  g_assert_true (vs_uci_client_has_option (garbage, "MultiPV"));
  g_assert_cmpstr (vs_uci_client_get_option_default (garbage, "multipv"), ==, "1");
  g_assert_cmpstr (vs_uci_client_get_option_default (garbage, "UCI_Variant"), ==, "crazyhouse");
  g_assert_null (vs_uci_client_get_option_default (garbage, "Hash"));
  g_assert_true (vs_uci_client_sync (garbage, 2000, &error));
  vs_uci_client_quit (garbage);

  /* endless garbage and long lines: a clear error in time, memory bounded
   * (lines are cut at 64 KiB and the reader waits while 4 MiB are queued) */
  g_autofree char *c4 = fake ("babble", NULL);
  g_autoptr(VsUciClient) babble = vs_uci_client_new (c4);
  vs_uci_client_set_label (babble, "Babbler");
  gint64 rss0 = rss_kib ();
  t0 = g_get_monotonic_time ();
  g_assert_false (vs_uci_client_start (babble, 1500, NULL, &error));
  g_assert_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_TIMEOUT);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "Babbler"));
  g_test_message ("took %.0f ms", (g_get_monotonic_time () - t0) / 1000.0);
  gint64 rss1 = rss_kib ();
  g_test_message ("RSS %" G_GINT64_FORMAT " → %" G_GINT64_FORMAT " KiB", rss0, rss1);
  gint64 rss_bound = 16 * 1024;
#ifdef VS_TSAN
  /* ThreadSanitizer build (build-aux/tsan-glib.h): its shadow memory and
   * access history take several times what the queued lines take */
  rss_bound *= 8;
#endif
#if defined(__SANITIZE_ADDRESS__)
  /* AddressSanitizer keeps freed memory resident on purpose (quarantine):
   * the bound is checked in the normal build */
  if (FALSE)
#else
  if (rss0 > 0 && rss1 > 0)
#endif
    g_assert_cmpint (rss1 - rss0, <, rss_bound);
  g_clear_error (&error);
  vs_uci_client_quit (babble);
}

static const VsVariant *
any_variant (VsPosition *pos)
{
  const char *ids[] = { "crazyhouse", "janggi", "strato", "chartima" };
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      const VsVariant *v = vs_variant_lookup (ids[i]);
      if (v && v->from_string && vs_test_init (pos, v, NULL, NULL))
        return v;
    }
  return NULL;
}

static void
test_parse_info (void)
{
  VsPosition *pos = g_new0 (VsPosition, 1);
  if (!any_variant (pos))
    {
      g_test_fail_printf ("no variant module is built in");
      g_free (pos);
      return;
    }
  VsMove moves[VS_MAX_MOVES];
  vs_position_generate (pos, VS_GEN_ALL, moves);
  char m0[VS_MOVE_TEXT_MAX];
  vs_move_write (pos, moves[0], VS_NOTATION_UCI, m0);
  VsSearchInfo info;
  memset (&info, 0, sizeof info);
  g_autoptr(GError) error = NULL;
  /* garbage is skipped, never fatal */
  const char *junk[] = { "", "info", "info depth", "info depth abc score cp", "info score mate",
                         "info nodes -1 nps 9999999999999999999999 time x", "bestmove", "info multipv 0 score cp 3",
                         "info multipv 99999 score cp 3", "info string pv zz", "\xff\xfe info depth 3", NULL };
  for (int i = 0; junk[i]; i++)
    {
      g_assert_true (vs_uci_parse_info (pos, junk[i], &info, &error));
      g_assert_no_error (error);
    }
  g_autofree char *longline = g_strnfill (200000, 'x');
  g_autofree char *l2 = g_strdup_printf ("info depth 5 %s score cp 7", longline);
  g_assert_true (vs_uci_parse_info (pos, l2, &info, &error));
  g_assert_cmpint (info.depth, ==, 5);
  g_assert_cmpint (info.lines[0].score, ==, 7);

  g_autofree char *good = g_strdup_printf ("info depth 9 seldepth 12 multipv 2 score cp -35 upperbound nodes 1234 nps 99 hashfull 17 time 50 pv %s", m0);
  g_assert_true (vs_uci_parse_info (pos, good, &info, &error));
  g_assert_cmpint (info.n_lines, ==, 2);
  g_assert_cmpint (info.lines[1].score, ==, -35);
  g_assert_cmpint (info.lines[1].bound, ==, -1);
  g_assert_cmpint (info.lines[1].pv_len, ==, 1);
  g_assert_cmpuint (info.lines[1].pv[0], ==, moves[0]);
  g_assert_cmpuint (info.nodes, ==, 1234);
  g_assert_cmpint (info.hashfull, ==, 17);

  g_assert_true (vs_uci_parse_info (pos, "info depth 3 score mate -2 pv", &info, &error));
  g_assert_true (info.lines[0].is_mate);
  g_assert_cmpint (info.lines[0].mate, ==, -2);
  g_assert_cmpint (info.lines[0].score, ==, -VS_SCORE_MATE + 4);

  /* an illegal move cuts the pv there: what is legal is kept */
  g_autofree char *bad = g_strdup_printf ("info depth 2 score cp 1 pv %s %s %s", m0, m0, m0);
  g_assert_true (vs_uci_parse_info (pos, bad, &info, &error));
  g_assert_no_error (error);
  g_assert_cmpint (info.lines[0].pv_len, ==, 1);
  g_assert_cmpuint (info.lines[0].pv[0], ==, moves[0]);
  g_assert_cmpint (info.lines[0].score, ==, 1);
  /* a pv with no legal move says nothing: the line is left as it was */
  g_assert_true (vs_uci_parse_info (pos, "info depth 4 score cp 99 pv qqqq", &info, &error));
  g_assert_cmpint (info.lines[0].pv_len, ==, 1);
  g_assert_cmpint (info.lines[0].score, ==, 1);
  g_assert_cmpint (info.depth, ==, 4);
  g_free (pos);
}

static void
test_go_faults (void)
{
  VsPosition *pos = g_new0 (VsPosition, 1);
  const VsVariant *v = any_variant (pos);
  if (!v)
    {
      g_test_fail_printf ("no variant module is built in");
      g_free (pos);
      return;
    }
  VsMove moves[VS_MAX_MOVES];
  vs_position_generate (pos, VS_GEN_ALL, moves);
  char m0[VS_MOVE_TEXT_MAX];
  vs_move_write (pos, moves[0], VS_NOTATION_UCI, m0);
  VsSearchLimits l;
  vs_search_limits_init (&l);
  l.movetime_ms = 50;
  g_autoptr(GError) error = NULL;

  g_autofree char *c1 = fake ("crash-on-go", m0);
  g_autoptr(VsUciClient) crash = vs_uci_client_new (c1);
  g_assert_true (vs_uci_client_start (crash, 5000, NULL, &error));
  g_assert_true (vs_uci_client_set_variant (crash, v, &error));
  VsMove m = vs_uci_client_go (crash, pos, VS_TEST_HIST (pos), &l, NULL, NULL, NULL, NULL, &error);
  g_assert_cmpuint (m, ==, VS_MOVE_NONE);
  g_assert_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_EXITED);
  g_test_message ("%s", error->message);
  g_clear_error (&error);

  g_autofree char *c2 = fake ("hang-on-go", m0);
  g_autoptr(VsUciClient) hang = vs_uci_client_new (c2);
  g_assert_true (vs_uci_client_start (hang, 5000, NULL, &error));
  GCancellable *cancel = g_cancellable_new ();
  g_cancellable_cancel (cancel);
  gint64 t0 = g_get_monotonic_time ();
  m = vs_uci_client_go (hang, pos, VS_TEST_HIST (pos), &l, NULL, NULL, NULL, cancel, &error);
  g_assert_cmpuint (m, ==, VS_MOVE_NONE);
  g_assert_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_TIMEOUT);
  g_test_message ("took %.0f ms", (g_get_monotonic_time () - t0) / 1000.0);
  g_clear_error (&error);
  g_object_unref (cancel);

  /* alive but silent after "go": the watchdog asks "isready", then gives up */
  g_autofree char *cf = fake ("freeze", m0);
  g_autoptr(VsUciClient) freeze = vs_uci_client_new (cf);
  vs_uci_client_set_label (freeze, "Frozen");
  vs_uci_client_set_watchdog (freeze, 300);
  g_assert_true (vs_uci_client_start (freeze, 5000, NULL, &error));
  VsSearchLimits inf;
  vs_search_limits_init (&inf);
  inf.infinite = TRUE;
  t0 = g_get_monotonic_time ();
  m = vs_uci_client_go (freeze, pos, VS_TEST_HIST (pos), &inf, NULL, NULL, NULL, NULL, &error);
  g_assert_cmpuint (m, ==, VS_MOVE_NONE);
  g_assert_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_TIMEOUT);
  g_test_message ("%s", error->message);
  g_assert_cmpstr (error->message, ==, "The engine “Frozen” did not answer within 1 second.");
  g_assert_cmpint (g_get_monotonic_time () - t0, >=, 600 * 1000);
  g_test_message ("took %.0f ms", (g_get_monotonic_time () - t0) / 1000.0);
  g_clear_error (&error);
  vs_uci_client_quit (freeze);

  g_autofree char *c3 = fake ("illegal", m0);
  g_autoptr(VsUciClient) illegal = vs_uci_client_new (c3);
  g_assert_true (vs_uci_client_start (illegal, 5000, NULL, &error));
  m = vs_uci_client_go (illegal, pos, VS_TEST_HIST (pos), &l, NULL, NULL, NULL, NULL, &error);
  g_assert_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);

  g_autofree char *c4 = fake ("good", m0);
  g_autoptr(VsUciClient) good = vs_uci_client_new (c4);
  g_assert_true (vs_uci_client_start (good, 5000, NULL, &error));
  VsSearchInfo final;
  m = vs_uci_client_go (good, pos, VS_TEST_HIST (pos), &l, NULL, NULL, &final, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (m, ==, moves[0]);
  g_assert_cmpint (final.depth, ==, 2);
  g_free (pos);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/uci-client/start-faults", test_start_faults);
  g_test_add_func ("/uci-client/parse-info", test_parse_info);
  g_test_add_func ("/uci-client/go-faults", test_go_faults);
  return g_test_run ();
}
