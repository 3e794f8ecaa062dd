/* vs-uci-client.c — run an external UCI engine with GSubprocess.
 *
 * A reader thread splits the engine's stdout into lines (each capped at
 * 64 KiB: longer garbage is cut, never buffered without bound) and queues
 * them; the synchronous calls wait on that queue with timeouts, so hangs
 * and crashes become errors.  The writer ignores SIGPIPE (set once when the
 * first client starts) so a dead engine cannot kill us.
 */
#include "config.h"
#include "vs-uci-client.h"

#include <glib/gi18n.h>
#include <signal.h>
#include <string.h>
#include <stdatomic.h>

G_DEFINE_QUARK (vs-uci-client-error-quark, vs_uci_client_error)

#define LINE_MAX_BYTES (64 * 1024)
/* The reader stops reading (the engine then blocks on its full pipe) while
 * this much text waits in the queue: a babbling engine cannot fill memory. */
#define QUEUE_MAX_BYTES (4 * 1024 * 1024)
#define WATCHDOG_DEFAULT_MS 10000
#define EOF_MARK ((gpointer) &eof_mark_storage)
static const char eof_mark_storage = 0;

struct _VsUciClient {
  GObject parent_instance;
  char *command_line;
  char **argv;
  GSubprocess *proc;
  GOutputStream *in;
  GInputStream *out;
  GThread *reader;
  GAsyncQueue *lines;
  char *name;
  GPtrArray *options;     /* option names */
  GHashTable *defaults;   /* option name (lower case) → default value */
  GPtrArray *variants;    /* UCI_Variant values */
  GPtrArray *option_lines; /* the "option name …" lines as sent */
  atomic_int stop_requested;
  atomic_size_t queued_bytes; /* text in `lines` */
  atomic_int closing;         /* quit: the reader must not wait for room */
  char *label;                /* the name the user gave the engine, or NULL */
  int watchdog_ms;
  gboolean eof;
  GMutex write_lock;
};

G_DEFINE_TYPE (VsUciClient, vs_uci_client, G_TYPE_OBJECT)

static void
vs_uci_client_finalize (GObject *object)
{
  VsUciClient *self = VS_UCI_CLIENT (object);
  vs_uci_client_quit (self);
  g_free (self->command_line);
  g_strfreev (self->argv);
  g_free (self->name);
  g_free (self->label);
  g_ptr_array_unref (self->options);
  g_ptr_array_unref (self->variants);
  g_ptr_array_unref (self->option_lines);
  g_hash_table_unref (self->defaults);
  g_mutex_clear (&self->write_lock);
  G_OBJECT_CLASS (vs_uci_client_parent_class)->finalize (object);
}

static void
vs_uci_client_class_init (VsUciClientClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = vs_uci_client_finalize;
}

static void
vs_uci_client_init (VsUciClient *self)
{
  self->options = g_ptr_array_new_with_free_func (g_free);
  self->variants = g_ptr_array_new_with_free_func (g_free);
  self->option_lines = g_ptr_array_new_with_free_func (g_free);
  self->defaults = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_mutex_init (&self->write_lock);
  self->watchdog_ms = WATCHDOG_DEFAULT_MS;
  const char *env = g_getenv ("VS_ENGINE_WATCHDOG_MS");
  if (env && *env)
    {
      gint64 v = g_ascii_strtoll (env, NULL, 10);
      if (v > 0)
        self->watchdog_ms = (int) MIN (v, G_MAXINT / 2);
    }
}

VsUciClient *
vs_uci_client_new (const char *command_line)
{
  VsUciClient *self = g_object_new (VS_TYPE_UCI_CLIENT, NULL);
  self->command_line = g_strdup (command_line ? command_line : "");
  return self;
}

static const char *
display_name (VsUciClient *self)
{
  return self->label ? self->label : self->command_line;
}

void
vs_uci_client_set_label (VsUciClient *self, const char *label)
{
  g_return_if_fail (VS_IS_UCI_CLIENT (self));
  g_free (self->label);
  self->label = label && *label ? g_utf8_make_valid (label, -1) : NULL;
}

void
vs_uci_client_set_watchdog (VsUciClient *self, int timeout_ms)
{
  g_return_if_fail (VS_IS_UCI_CLIENT (self));
  if (timeout_ms > 0)
    self->watchdog_ms = timeout_ms;
}

int
vs_uci_client_get_watchdog (VsUciClient *self)
{
  return self->watchdog_ms;
}

static void
set_silent_error (VsUciClient *self, GError **error)
{
  int s = MAX ((self->watchdog_ms + 999) / 1000, 1);
  g_set_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_TIMEOUT,
               g_dngettext (GETTEXT_PACKAGE, "The engine “%s” did not answer within %d second.",
                            "The engine “%s” did not answer within %d seconds.", s),
               display_name (self), s);
}

static gpointer
reader_main (gpointer data)
{
  VsUciClient *self = data;
  GAsyncQueue *q = g_async_queue_ref (self->lines);
  GInputStream *in = g_object_ref (self->out);
  GString *line = g_string_new (NULL);
  char buf[4096];
  for (;;)
    {
      gssize n = g_input_stream_read (in, buf, sizeof buf, NULL, NULL);
      if (n <= 0)
        break;
      for (gssize i = 0; i < n; i++)
        {
          char c = buf[i];
          if (c == '\n')
            {
              if (line->len && line->str[line->len - 1] == '\r')
                g_string_truncate (line, line->len - 1);
              /* wait for room: the engine blocks on its pipe meanwhile */
              while (atomic_load (&self->queued_bytes) > QUEUE_MAX_BYTES && !atomic_load (&self->closing))
                g_usleep (2000);
              atomic_fetch_add (&self->queued_bytes, line->len + 1);
              g_async_queue_push (q, g_string_free (line, FALSE));
              line = g_string_new (NULL);
            }
          else if (line->len < LINE_MAX_BYTES)
            g_string_append_c (line, c ? c : ' ');
        }
    }
  if (line->len)
    g_async_queue_push (q, g_string_free (line, FALSE));
  else
    g_string_free (line, TRUE);
  g_async_queue_push (q, EOF_MARK);
  g_object_unref (in);
  g_async_queue_unref (q);
  return NULL;
}

/* Describe why the engine ended (after EOF). */
static void
set_exit_error (VsUciClient *self, GError **error)
{
  /* give it a moment to be reaped (GSubprocess does that in GLib's worker) */
  for (int i = 0; i < 100 && self->proc && g_subprocess_get_identifier (self->proc) != NULL; i++)
    g_usleep (10000);
  if (self->proc && g_subprocess_get_identifier (self->proc) == NULL)
    {
      if (g_subprocess_get_if_signaled (self->proc))
        {
          int sig = g_subprocess_get_term_sig (self->proc);
          g_set_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_EXITED,
                       _("The engine “%s” crashed (signal %d, %s)."), display_name (self), sig,
                       g_strsignal (sig));
          return;
        }
      g_set_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_EXITED,
                   _("The engine “%s” stopped unexpectedly (exit status %d)."), display_name (self),
                   g_subprocess_get_exit_status (self->proc));
      return;
    }
  g_set_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_EXITED,
               _("The engine “%s” closed its output and stopped answering."), display_name (self));
}

/* Next line, or NULL with an error (EOF → exited; timeout). timeout_ms < 0: forever. */
static char *
next_line (VsUciClient *self, int timeout_ms, GError **error)
{
  if (self->eof || self->lines == NULL)
    {
      set_exit_error (self, error);
      return NULL;
    }
  gpointer item = timeout_ms < 0 ? g_async_queue_pop (self->lines)
                                 : g_async_queue_timeout_pop (self->lines, (guint64) timeout_ms * 1000);
  if (item == NULL)
    {
      g_set_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_TIMEOUT,
                   _("The engine “%s” did not answer in time (hung?)."), display_name (self));
      return NULL;
    }
  if (item == EOF_MARK)
    {
      self->eof = TRUE;
      set_exit_error (self, error);
      return NULL;
    }
  atomic_fetch_sub (&self->queued_bytes, strlen (item) + 1);
  return item;
}

static gboolean
send_line (VsUciClient *self, GError **error, const char *format, ...) G_GNUC_PRINTF (3, 4);
static gboolean
send_line (VsUciClient *self, GError **error, const char *format, ...)
{
  if (self->in == NULL)
    {
      g_set_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_EXITED,
                   _("The engine “%s” is not running."), display_name (self));
      return FALSE;
    }
  va_list ap;
  va_start (ap, format);
  g_autofree char *text = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_autofree char *line = g_strconcat (text, "\n", NULL);
  g_mutex_lock (&self->write_lock);
  g_autoptr(GError) local = NULL;
  gboolean ok = g_output_stream_write_all (self->in, line, strlen (line), NULL, NULL, &local) &&
                g_output_stream_flush (self->in, NULL, &local);
  g_mutex_unlock (&self->write_lock);
  if (!ok)
    {
      set_exit_error (self, error);
      return FALSE;
    }
  return TRUE;
}

static void
ignore_sigpipe_once (void)
{
  static gsize done = 0;
  if (g_once_init_enter (&done))
    {
      signal (SIGPIPE, SIG_IGN);
      g_once_init_leave (&done, 1);
    }
}

gboolean
vs_uci_client_start (VsUciClient *self, int timeout_ms, GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (VS_IS_UCI_CLIENT (self), FALSE);
  g_return_val_if_fail (self->proc == NULL, FALSE);
  if (timeout_ms <= 0)
    timeout_ms = self->watchdog_ms;
  g_autoptr(GError) local = NULL;
  g_strfreev (self->argv);
  self->argv = NULL;
  if (!g_shell_parse_argv (self->command_line, NULL, &self->argv, &local))
    {
      g_set_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_BAD_COMMAND,
                   _("The engine command “%s” cannot be read: %s"), self->command_line, local->message);
      return FALSE;
    }
  g_autofree char *path = g_find_program_in_path (self->argv[0]);
  if (path == NULL)
    {
      if (self->label)
        g_set_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_NOT_FOUND,
                     _("The engine “%s” could not be started: the program “%s” was not found."),
                     self->label, self->argv[0]);
      else
        g_set_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_NOT_FOUND,
                     _("The engine program “%s” was not found."), self->argv[0]);
      return FALSE;
    }
  ignore_sigpipe_once ();
  self->proc = g_subprocess_newv ((const char *const *) self->argv,
                                  G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                  G_SUBPROCESS_FLAGS_STDERR_SILENCE, &local);
  if (self->proc == NULL)
    {
      g_set_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_SPAWN,
                   _("The engine “%s” could not be started: %s"), self->label ? self->label : self->argv[0],
                   local->message);
      return FALSE;
    }
  self->in = g_object_ref (g_subprocess_get_stdin_pipe (self->proc));
  self->out = g_object_ref (g_subprocess_get_stdout_pipe (self->proc));
  self->lines = g_async_queue_new_full (g_free);
  atomic_store (&self->queued_bytes, 0);
  atomic_store (&self->closing, 0);
  self->eof = FALSE;
  self->reader = g_thread_new ("vs-uci-reader", reader_main, self);
  if (!send_line (self, error, "uci"))
    return FALSE;
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;
  int garbage = 0;
  for (;;)
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      gint64 left = (deadline - g_get_monotonic_time ()) / 1000;
      if (left <= 0)
        {
          g_set_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_TIMEOUT,
                       _("The engine “%s” did not answer “uci” in time: it does not seem to be a UCI engine."),
                       display_name (self));
          return FALSE;
        }
      g_autofree char *line = next_line (self, MIN (left, 100), &local);
      if (line == NULL)
        {
          if (g_error_matches (local, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_TIMEOUT))
            {
              g_clear_error (&local);
              continue;
            }
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      if (strcmp (g_strstrip (line), "uciok") == 0)
        break;
      if (g_str_has_prefix (line, "id name "))
        {
          g_free (self->name);
          /* a name, not a novel: shown in the analysis pane */
          self->name = g_utf8_make_valid (line + 8, MIN (strlen (line + 8), 200));
        }
      else if (g_str_has_prefix (line, "option name "))
        {
          const char *s = line + 12;
          const char *t = strstr (s, " type ");
          g_autofree char *name = t ? g_strndup (s, t - s) : g_strdup (s);
          g_ptr_array_add (self->options, g_strdup (g_strstrip (name)));
          if (self->option_lines->len < 500)
            g_ptr_array_add (self->option_lines, g_utf8_make_valid (line, MIN (strlen (line), 4000)));
          const char *d = strstr (s, " default ");
          if (d)
            {
              d += 9;
              const char *e = d;
              while (*e && !g_str_has_prefix (e, " min ") && !g_str_has_prefix (e, " max ") &&
                     !g_str_has_prefix (e, " var "))
                e++;
              g_hash_table_replace (self->defaults, g_ascii_strdown (name, -1),
                                    g_strstrip (g_strndup (d, e - d)));
            }
          if (g_ascii_strcasecmp (name, "UCI_Variant") == 0)
            {
              g_auto(GStrv) tok = g_strsplit (line, " ", -1);
              for (int i = 0; tok[i]; i++)
                if (strcmp (tok[i], "var") == 0 && tok[i + 1])
                  g_ptr_array_add (self->variants, g_strdup (tok[++i]));
            }
        }
      else if (++garbage > 10000)
        {
          g_set_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_PROTOCOL,
                       _("The engine “%s” sends output that is not UCI."), display_name (self));
          return FALSE;
        }
    }
  /* the values the user set in Preferences for this engine */
  g_auto (GStrv) user = vs_uci_client_get_user_options (self->command_line);
  for (int i = 0; user && user[i]; i++)
    {
      const char *eq = strchr (user[i], '=');
      if (eq == NULL)
        continue;
      g_autofree char *name = g_strndup (user[i], eq - user[i]);
      if (vs_uci_client_has_option (self, name) &&
          !vs_uci_client_set_option (self, name, eq + 1, error))
        return FALSE;
    }
  return TRUE;
}

static GMutex user_options_lock;
static GHashTable *user_options; /* command line → GStrv "NAME=VALUE" */

void
vs_uci_client_set_user_options (const char *command_line, const char *const *name_values)
{
  g_mutex_lock (&user_options_lock);
  if (user_options == NULL)
    user_options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_strfreev);
  if (name_values && name_values[0])
    g_hash_table_replace (user_options, g_strdup (command_line), g_strdupv ((char **) name_values));
  else
    g_hash_table_remove (user_options, command_line);
  g_mutex_unlock (&user_options_lock);
}

char **
vs_uci_client_get_user_options (const char *command_line)
{
  char **out = NULL;
  g_mutex_lock (&user_options_lock);
  if (user_options && command_line)
    out = g_strdupv (g_hash_table_lookup (user_options, command_line));
  g_mutex_unlock (&user_options_lock);
  return out;
}

const GPtrArray *
vs_uci_client_get_variants (VsUciClient *self)
{
  return self->variants;
}

const GPtrArray *
vs_uci_client_get_option_lines (VsUciClient *self)
{
  return self->option_lines;
}

const char *
vs_uci_client_get_name (VsUciClient *self)
{
  return self->name ? self->name : display_name (self);
}

gboolean
vs_uci_client_has_option (VsUciClient *self, const char *name)
{
  for (guint i = 0; i < self->options->len; i++)
    if (g_ascii_strcasecmp (g_ptr_array_index (self->options, i), name) == 0)
      return TRUE;
  return FALSE;
}

const char *
vs_uci_client_get_option_default (VsUciClient *self, const char *name)
{
  g_autofree char *key = g_ascii_strdown (name, -1);
  return g_hash_table_lookup (self->defaults, key);
}

gboolean
vs_uci_client_set_option (VsUciClient *self, const char *name, const char *value, GError **error)
{
  if (value)
    return send_line (self, error, "setoption name %s value %s", name, value);
  return send_line (self, error, "setoption name %s", name);
}

const char *
vs_uci_variant_name (const VsVariant *v)
{
  return v ? v->uci_variant : NULL;
}

gboolean
vs_uci_client_set_variant (VsUciClient *self, const VsVariant *v, GError **error)
{
  /* candidates in order of preference: Fairy-Stockfish's name first */
  const char *cands[3] = { NULL, NULL, NULL };
  int nc = 0;
  if (vs_uci_variant_name (v))
    cands[nc++] = vs_uci_variant_name (v);
  cands[nc++] = v->id;
  if (!vs_uci_client_has_option (self, "UCI_Variant"))
    {
      /* a plain chess engine with drops but no variant option */
      if (v->plain_uci_plays)
        return TRUE;
    }
  else
    for (int c = 0; c < nc; c++)
      for (guint i = 0; i < self->variants->len; i++)
        if (g_ascii_strcasecmp (g_ptr_array_index (self->variants, i), cands[c]) == 0)
          return vs_uci_client_set_option (self, "UCI_Variant", cands[c], error);
  g_set_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_UNSUPPORTED_VARIANT,
               _("The engine “%s” does not play %s."), vs_uci_client_get_name (self), _(v->name));
  return FALSE;
}

gboolean
vs_uci_client_new_game (VsUciClient *self, GError **error)
{
  return send_line (self, error, "ucinewgame");
}

gboolean
vs_uci_client_sync (VsUciClient *self, int timeout_ms, GError **error)
{
  if (!send_line (self, error, "isready"))
    return FALSE;
  gint64 deadline = g_get_monotonic_time () + (gint64) MAX (timeout_ms, 1) * 1000;
  for (;;)
    {
      gint64 left = (deadline - g_get_monotonic_time ()) / 1000;
      if (left <= 0)
        {
          g_set_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_TIMEOUT,
                       _("The engine “%s” did not answer in time (hung?)."), display_name (self));
          return FALSE;
        }
      g_autofree char *line = next_line (self, left, error);
      if (line == NULL)
        return FALSE;
      if (strcmp (g_strstrip (line), "readyok") == 0)
        return TRUE;
    }
}

void
vs_uci_client_stop (VsUciClient *self)
{
  atomic_store (&self->stop_requested, 1);
}

void
vs_uci_client_quit (VsUciClient *self)
{
  atomic_store (&self->closing, 1);
  if (self->proc)
    {
      if (self->in && !self->eof)
        send_line (self, NULL, "quit");
      if (self->in)
        g_output_stream_close (self->in, NULL, NULL);
      /* wait up to 500 ms, then kill */
      for (int i = 0; i < 50 && g_subprocess_get_identifier (self->proc); i++)
        g_usleep (10000);
      if (g_subprocess_get_identifier (self->proc))
        {
          g_subprocess_force_exit (self->proc);
          g_subprocess_wait (self->proc, NULL, NULL);
        }
    }
  if (self->reader)
    {
      g_thread_join (self->reader);
      self->reader = NULL;
    }
  g_clear_object (&self->in);
  g_clear_object (&self->out);
  g_clear_object (&self->proc);
  if (self->lines)
    {
      /* drain: the EOF mark is not allocated */
      gpointer item;
      while ((item = g_async_queue_try_pop (self->lines)))
        if (item != EOF_MARK)
          g_free (item);
      g_async_queue_unref (self->lines);
      self->lines = NULL;
    }
}

/* ---- info parsing ------------------------------------------------------------------- */

static gboolean
parse_int (const char *s, gint64 *out)
{
  if (s == NULL || *s == '\0')
    return FALSE;
  char *end = NULL;
  gint64 v = g_ascii_strtoll (s, &end, 10);
  if (end == s || *end != '\0')
    return FALSE;
  *out = v;
  return TRUE;
}

static gboolean
is_info_keyword (const char *t)
{
  static const char *kw[] = { "depth", "seldepth", "time", "nodes", "pv", "multipv", "score", "currmove",
                              "currmovenumber", "hashfull", "nps", "tbhits", "cpuload", "string",
                              "refutation", "currline", "sbhits", "wdl", NULL };
  for (int i = 0; kw[i]; i++)
    if (strcmp (t, kw[i]) == 0)
      return TRUE;
  return FALSE;
}

gboolean
vs_uci_parse_info (const VsPosition *pos, const char *line, VsSearchInfo *info, GError **error)
{
  g_auto(GStrv) tok = g_strsplit_set (line, " \t", -1);
  int ntok = g_strv_length (tok);
  int i = 0;
  while (i < ntok && tok[i][0] == '\0')
    i++;
  if (i >= ntok || strcmp (tok[i], "info") != 0)
    return TRUE;
  i++;
  int multipv = 1, depth = -1, seldepth = -1;
  gboolean have_score = FALSE, is_mate = FALSE;
  gint64 score_val = 0;
  int bound = 0;
  VsMove pv[VS_SEARCH_MAX_PV];
  int pv_len = 0;
  gboolean have_pv = FALSE;
  gint64 v;
  for (; i < ntok; i++)
    {
      const char *k = tok[i];
      const char *n1 = i + 1 < ntok ? tok[i + 1] : NULL;
      if (k[0] == '\0')
        continue;
      if (strcmp (k, "string") == 0)
        break;
      if (strcmp (k, "depth") == 0 && parse_int (n1, &v)) { depth = (int) CLAMP (v, 0, 1000); i++; }
      else if (strcmp (k, "seldepth") == 0 && parse_int (n1, &v)) { seldepth = (int) CLAMP (v, 0, 1000); i++; }
      else if (strcmp (k, "multipv") == 0 && parse_int (n1, &v)) { multipv = (int) CLAMP (v, 1, 1000); i++; }
      else if (strcmp (k, "nodes") == 0 && parse_int (n1, &v)) { info->nodes = (guint64) MAX (v, 0); i++; }
      else if (strcmp (k, "nps") == 0 && parse_int (n1, &v)) { info->nps = (guint64) MAX (v, 0); i++; }
      else if (strcmp (k, "time") == 0 && parse_int (n1, &v)) { info->time_ms = MAX (v, 0); i++; }
      else if (strcmp (k, "hashfull") == 0 && parse_int (n1, &v)) { info->hashfull = (int) CLAMP (v, 0, 1000); i++; }
      else if (strcmp (k, "score") == 0)
        {
          for (i++; i < ntok; i++)
            {
              const char *s = tok[i];
              const char *sn = i + 1 < ntok ? tok[i + 1] : NULL;
              if (strcmp (s, "cp") == 0 && parse_int (sn, &v)) { have_score = TRUE; is_mate = FALSE; score_val = v; i++; }
              else if (strcmp (s, "mate") == 0 && parse_int (sn, &v)) { have_score = TRUE; is_mate = TRUE; score_val = v; i++; }
              else if (strcmp (s, "lowerbound") == 0) bound = 1;
              else if (strcmp (s, "upperbound") == 0) bound = -1;
              else { i--; break; }
            }
        }
      else if (strcmp (k, "pv") == 0)
        {
          have_pv = TRUE;
          pv_len = 0;   /* a second "pv" replaces the first: both start at pos */
          gboolean bad = FALSE;
          VsPosition pv_pos = *pos;
          VsPosition *p = &pv_pos;
          for (i++; i < ntok; i++)
            {
              if (tok[i][0] == '\0')
                continue;
              if (is_info_keyword (tok[i]))
                {
                  i--;
                  break;
                }
              if (bad)
                continue;   /* the rest of an illegal line */
              VsMove m;
              if (!vs_move_parse (p, tok[i], VS_NOTATION_UCI, &m, NULL, NULL))
                {
                  /* keep what is legal: the line up to the bad move */
                  bad = TRUE;
                  continue;
                }
              if (pv_len < VS_SEARCH_MAX_PV)
                pv[pv_len++] = m;
              vs_position_play (p, m);
            }
          if (bad && pv_len == 0)
            {
              /* nothing legal: this line says nothing we can show */
              have_pv = FALSE;
              have_score = FALSE;
            }
        }
      /* anything else (currmove, garbage) is skipped */
    }
  if (depth >= 0)
    info->depth = depth;
  if (seldepth >= 0)
    info->seldepth = seldepth;
  if ((have_score || have_pv) && multipv <= VS_SEARCH_MAX_MULTIPV)
    {
      VsSearchLine *l = &info->lines[multipv - 1];
      l->multipv = multipv;
      if (depth >= 0)
        l->depth = depth;
      if (seldepth >= 0)
        l->seldepth = seldepth;
      if (have_score)
        {
          l->is_mate = is_mate;
          l->bound = bound;
          if (is_mate)
            {
              gint64 m = CLAMP (score_val, -500, 500);
              l->mate = (int) m;
              l->score = m > 0 ? VS_SCORE_MATE - (int) (2 * m - 1) : -VS_SCORE_MATE + (int) (-2 * m);
              if (m == 0)
                l->score = -VS_SCORE_MATE;
            }
          else
            {
              l->mate = 0;
              l->score = (int) CLAMP (score_val, -VS_SCORE_MATE_BOUND + 1, VS_SCORE_MATE_BOUND - 1);
            }
        }
      if (have_pv)
        {
          l->pv_len = pv_len;
          memcpy (l->pv, pv, pv_len * sizeof (VsMove));
        }
      if (info->n_lines < multipv)
        info->n_lines = multipv;
    }
  return TRUE;
}

/* ---- go ------------------------------------------------------------------------------- */

static char *
position_command (const VsPosition *pos, const VsHistory *hist)
{
  VsPosition root_pos = *pos;
  VsPosition *root = &root_pos;
  int n = hist ? hist->len : 0;
  VsMove *moves = g_new (VsMove, MAX (n, 1));
  for (int i = n - 1; i >= 0; i--)
    {
      moves[i] = hist->undo[i].move;
      vs_position_unmake (root, &hist->undo[i]);
    }
  g_autofree char *fen = vs_position_to_string (root);
  GString *s = g_string_new ("position fen ");
  g_string_append (s, fen);
  if (n)
    g_string_append (s, " moves");
  for (int i = 0; i < n; i++)
    {
      char text[VS_MOVE_TEXT_MAX];
      vs_move_write (root, moves[i], VS_NOTATION_UCI, text);
      g_string_append_c (s, ' ');
      g_string_append (s, text);
      vs_position_play (root, moves[i]);
    }
  g_free (moves);
  return g_string_free (s, FALSE);
}

VsMove
vs_uci_client_go (VsUciClient *self, const VsPosition *pos, const VsHistory *hist,
                  const VsSearchLimits *limits,
                  VsSearchInfoFunc func, gpointer user_data, VsSearchInfo *final,
                  GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (VS_IS_UCI_CLIENT (self), VS_MOVE_NONE);
  VsSearchLimits l;
  if (limits)
    l = *limits;
  else
    vs_search_limits_init (&l);
  atomic_store (&self->stop_requested, 0);
  g_autofree char *poscmd = position_command (pos, hist);
  if (!send_line (self, error, "%s", poscmd))
    return VS_MOVE_NONE;
  GString *go = g_string_new ("go");
  if (l.depth > 0) g_string_append_printf (go, " depth %d", l.depth);
  if (l.nodes > 0) g_string_append_printf (go, " nodes %" G_GUINT64_FORMAT, l.nodes);
  if (l.movetime_ms > 0) g_string_append_printf (go, " movetime %" G_GINT64_FORMAT, l.movetime_ms);
  if (l.time_ms[0] > 0 || l.time_ms[1] > 0)
    g_string_append_printf (go, " wtime %" G_GINT64_FORMAT " btime %" G_GINT64_FORMAT
                            " winc %" G_GINT64_FORMAT " binc %" G_GINT64_FORMAT,
                            l.time_ms[0], l.time_ms[1], l.inc_ms[0], l.inc_ms[1]);
  if (l.movestogo > 0) g_string_append_printf (go, " movestogo %d", l.movestogo);
  gboolean infinite = l.infinite || go->len == 2;
  if (infinite) g_string_append (go, " infinite");
  gboolean ok = send_line (self, error, "%s", go->str);
  g_string_free (go, TRUE);
  if (!ok)
    return VS_MOVE_NONE;

  VsSearchInfo info;
  memset (&info, 0, sizeof info);
  info.best_move = VS_MOVE_NONE;
  info.ponder_move = VS_MOVE_NONE;
  gint64 start = g_get_monotonic_time ();
  /* Silence allowed before we call the engine hung: a time-limited search
   * gets its time plus 10 s; others may think long between info lines. */
  gint64 silence_limit_us = l.movetime_ms > 0 ? (l.movetime_ms + 10000) * 1000 : 120 * G_USEC_PER_SEC;
  gint64 last_line = start;
  gint64 stop_sent = 0;
  /* Watchdog: after watchdog_ms of silence ask "isready" (an engine must
   * answer it even while searching); no line at all for another
   * watchdog_ms means it hangs. */
  gint64 watchdog_us = (gint64) self->watchdog_ms * 1000;
  gint64 ping_sent = 0;
  for (;;)
    {
      gboolean want_stop = atomic_load (&self->stop_requested) || g_cancellable_is_cancelled (cancellable);
      gint64 now = g_get_monotonic_time ();
      if (want_stop && !stop_sent)
        {
          if (!send_line (self, error, "stop"))
            return VS_MOVE_NONE;
          stop_sent = now;
        }
      if (stop_sent && now - stop_sent > 3 * G_USEC_PER_SEC)
        {
          g_set_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_TIMEOUT,
                       _("The engine “%s” did not stop when asked (hung?)."), display_name (self));
          return VS_MOVE_NONE;
        }
      if (!stop_sent && !ping_sent && now - last_line > watchdog_us)
        {
          if (!send_line (self, error, "isready"))
            return VS_MOVE_NONE;
          ping_sent = now;
        }
      if (!stop_sent && ping_sent && now - ping_sent > watchdog_us)
        {
          set_silent_error (self, error);
          return VS_MOVE_NONE;
        }
      if (!stop_sent && !infinite && now - last_line > silence_limit_us)
        {
          g_set_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_TIMEOUT,
                       _("The engine “%s” did not answer in time (hung?)."), display_name (self));
          return VS_MOVE_NONE;
        }
      g_autoptr(GError) local = NULL;
      g_autofree char *line = next_line (self, 10, &local);
      if (line == NULL)
        {
          if (g_error_matches (local, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_TIMEOUT))
            continue;
          g_propagate_error (error, g_steal_pointer (&local));
          return VS_MOVE_NONE;
        }
      last_line = g_get_monotonic_time ();
      ping_sent = 0;
      g_strstrip (line);
      if (g_str_has_prefix (line, "info ") || strcmp (line, "info") == 0)
        {
          int prev_lines = info.n_lines;
          VsSearchLine prev0 = info.lines[0];
          if (!vs_uci_parse_info (pos, line, &info, error))
            {
              vs_uci_client_stop (self);
              /* tell the engine to stop, but report the fault */
              send_line (self, NULL, "stop");
              return VS_MOVE_NONE;
            }
          gboolean changed = info.n_lines != prev_lines || memcmp (&prev0, &info.lines[0], sizeof prev0) != 0 ||
                             strstr (line, " pv ") || strstr (line, " score ");
          info.kind = VS_SEARCH_INFO_ITERATION;
          if (info.time_ms == 0)
            info.time_ms = (g_get_monotonic_time () - start) / 1000;
          if (func && changed)
            func (&info, user_data);
        }
      else if (g_str_has_prefix (line, "bestmove"))
        {
          g_auto(GStrv) tok = g_strsplit_set (line, " \t", -1);
          int nt = 0;
          const char *mv = NULL, *ponder = NULL;
          for (int i = 1; tok[i]; i++)
            if (tok[i][0])
              {
                if (nt == 0)
                  mv = tok[i];
                else if (nt == 2)
                  ponder = tok[i];
                nt++;
              }
          VsMove best = VS_MOVE_NONE;
          if (mv && strcmp (mv, "(none)") != 0 && strcmp (mv, "0000") != 0)
            {
              g_autoptr(GError) merr = NULL;
              if (!vs_move_parse (pos, mv, VS_NOTATION_UCI, &best, NULL, &merr))
                {
                  g_autofree char *valid = g_utf8_make_valid (mv, MIN (strlen (mv), 40));
                  /* understood but not legal here, or not a move at all */
                  if (g_error_matches (merr, VS_CORE_ERROR, VS_CORE_ERROR_ILLEGAL_MOVE))
                    g_set_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_ILLEGAL_MOVE,
                                 _("The engine “%s” sent an illegal move “%s”."), display_name (self), valid);
                  else
                    g_set_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_ILLEGAL_MOVE,
                                 _("The engine “%s” sent an unknown move “%s”."), display_name (self), valid);
                  return VS_MOVE_NONE;
                }
            }
          else if (mv == NULL)
            {
              g_set_error (error, VS_UCI_CLIENT_ERROR, VS_UCI_CLIENT_ERROR_PROTOCOL,
                           _("The engine “%s” sent “bestmove” without a move."), display_name (self));
              return VS_MOVE_NONE;
            }
          (void) ponder;
          info.kind = VS_SEARCH_INFO_FINAL;
          info.best_move = best;
          info.time_ms = (g_get_monotonic_time () - start) / 1000;
          if (func)
            func (&info, user_data);
          if (final)
            *final = info;
          return best;
        }
      /* anything else: ignored */
    }
}

char *
vs_uci_find_fairy_stockfish (void)
{
  if (g_file_test ("/usr/games/fairy-stockfish", G_FILE_TEST_IS_EXECUTABLE))
    return g_strdup ("/usr/games/fairy-stockfish");
  return g_find_program_in_path ("fairy-stockfish");
}

char **
vs_uci_find_fairy_stockfish_all (void)
{
  GPtrArray *out = g_ptr_array_new ();
  const char *env = g_getenv ("VS_FAIRY_STOCKFISH");
  if (env)
    {
      /* tests: the engines to "find", separated by ':'; empty for none */
      g_auto (GStrv) parts = g_strsplit (env, ":", -1);
      for (int i = 0; parts[i]; i++)
        if (*parts[i])
          g_ptr_array_add (out, g_strdup (parts[i]));
    }
  else
    {
      static const char *const names[] = { "fairy-stockfish", "fairy-stockfish-largeboard" };
      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        {
          g_autofree char *games = g_build_filename ("/usr/games", names[i], NULL);
          char *p = g_file_test (games, G_FILE_TEST_IS_EXECUTABLE) ? g_strdup (games)
                                                                    : g_find_program_in_path (names[i]);
          if (p)
            g_ptr_array_add (out, p);
        }
    }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}
