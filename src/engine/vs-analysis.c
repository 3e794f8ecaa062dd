/* vs-analysis.c — analysis sessions for the GUI (GTask worker + main-context
 * progress). */
#include "config.h"
#include "vs-analysis.h"
#include "vs-uci-client.h"

#include <glib/gi18n.h>
#include <string.h>
#ifdef __linux__
#include <errno.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

/* ---- Thread priority -------------------------------------------------------------
 *
 * The built-in search runs below normal priority (nice +10) for the
 * duration of a run.  With as many search threads as cores, a search at
 * normal priority starves the display server: the main loop then waits in
 * its round trips to the X server (measured by tests/ui/test-app-responsive:
 * 160 ms gaps with two threads on two cores, 20 ms with the search lowered).
 * On Linux nice is per thread and inherited by the helper threads the search
 * starts; the pool thread gets its old priority back afterwards. */
#define SEARCH_NICE 10

static int
lower_thread_priority (void)
{
#ifdef __linux__
  pid_t tid = (pid_t) syscall (SYS_gettid);
  errno = 0;
  int old = getpriority (PRIO_PROCESS, tid);
  if (errno != 0)
    return G_MININT;
  if (old < SEARCH_NICE)
    setpriority (PRIO_PROCESS, tid, SEARCH_NICE);
  return old;
#else
  return G_MININT;
#endif
}

static void
restore_thread_priority (int old)
{
#ifdef __linux__
  /* raising it back is allowed: never above the nice value we started with */
  if (old != G_MININT && old < SEARCH_NICE)
    setpriority (PRIO_PROCESS, (pid_t) syscall (SYS_gettid), old);
#endif
}

/* ---- VsAnalysisInfo ------------------------------------------------------------- */

VsAnalysisInfo *
vs_analysis_info_copy (const VsAnalysisInfo *info)
{
  VsAnalysisInfo *c = g_new (VsAnalysisInfo, 1);
  *c = *info;
  c->engine_name = g_strdup (info->engine_name);
  c->lines = g_new0 (VsAnalysisLine, MAX (info->n_lines, 1));
  for (guint i = 0; i < info->n_lines; i++)
    {
      c->lines[i] = info->lines[i];
      c->lines[i].moves = g_memdup2 (info->lines[i].moves, sizeof (VsMove) * MAX (info->lines[i].n_moves, 1));
      c->lines[i].text = g_strdup (info->lines[i].text);
    }
  return c;
}

void
vs_analysis_info_free (VsAnalysisInfo *info)
{
  if (info == NULL)
    return;
  for (guint i = 0; i < info->n_lines; i++)
    {
      g_free (info->lines[i].moves);
      g_free (info->lines[i].text);
    }
  g_free (info->lines);
  g_free (info->engine_name);
  g_free (info);
}

G_DEFINE_BOXED_TYPE (VsAnalysisInfo, vs_analysis_info, vs_analysis_info_copy, vs_analysis_info_free)

void
vs_analysis_options_init (VsAnalysisOptions *o)
{
  memset (o, 0, sizeof *o);
  o->engine = VS_ANALYSIS_ENGINE_BUILTIN;
  o->multipv = 1;
  o->threads = 1;
  o->hash_mb = 64;
  o->notation = VS_NOTATION_SAN;
}

/* ---- the run (worker side) --------------------------------------------------------- */

typedef struct {
  VsAnalysis *self;           /* strong ref held by the GTask */
  VsPosition *pos;
  VsHistory   hist;           /* the plies that led to pos (undo owned) */
  VsAnalysisOptions opts;
  char *engine_command;
  char *engine_name;
  GMutex lock;                /* guards everything below */
  VsSearch *search;           /* while the built-in search runs */
  VsUciClient *client;        /* while the UCI engine runs */
  gboolean active;            /* search/client may be stopped */
  gboolean stop_requested;
  VsAnalysisInfo *latest;     /* newest snapshot */
  gboolean dirty;
  gint64 start_us;
  gulong cancel_id;
  GCancellable *cancellable;
  /* stops the UCI engine's "go": once set it stays set, so a stop that
   * comes before the "go" is not lost (the client's own stop flag is
   * cleared by each "go") */
  GCancellable *stop;
} Run;

struct _VsAnalysis {
  GObject parent_instance;
  Run *run;                   /* current run, or NULL */
  GTask *task;
  GCancellable *internal;     /* cancels the current run */
  gulong user_cancel_id;
  GCancellable *user_cancellable;
  guint timer_id;
  GMainContext *context;
  gint64 last_emit_us;
  VsAnalysisInfo *info;       /* last emitted */
  /* pools (idle objects kept for the next run), guarded by pool_lock */
  GMutex pool_lock;
  GCond pool_cond;            /* an engine came back to its pool */
  int busy_searches;          /* built-in searches that runs hold */
  int busy_clients;           /* UCI engines that runs hold */
  VsSearch *idle_search;
  int idle_search_hash, idle_search_threads;
  VsUciClient *idle_client;
  char *idle_client_cmd;
  const VsVariant *idle_client_variant;
};

G_DEFINE_TYPE (VsAnalysis, vs_analysis, G_TYPE_OBJECT)

enum { PROP_0, PROP_RUNNING, N_PROPS };
static GParamSpec *props[N_PROPS];
enum { SIGNAL_PROGRESS, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
run_free (Run *run)
{
  g_free (run->pos);
  g_free ((gpointer) run->hist.undo);
  g_free (run->engine_command);
  g_free (run->engine_name);
  vs_analysis_info_free (run->latest);
  if (run->cancellable && run->cancel_id)
    g_cancellable_disconnect (run->cancellable, run->cancel_id);
  g_clear_object (&run->cancellable);
  g_clear_object (&run->stop);
  g_mutex_clear (&run->lock);
  g_free (run);
}

static char *
line_text (const VsPosition *pos, const VsMove *moves, int n, VsNotation notation)
{
  GString *s = g_string_new (NULL);
  VsPosition line_pos = *pos;
  VsPosition *p = &line_pos;
  for (int i = 0; i < n; i++)
    {
      if (!vs_position_is_legal (p, moves[i]))
        break;
      char text[VS_MOVE_TEXT_MAX];
      vs_move_write (p, moves[i], notation, text);
      if (i)
        g_string_append_c (s, ' ');
      if (p->side == VS_WHITE)
        g_string_append_printf (s, "%d. ", p->fullmove);
      else if (i == 0)
        g_string_append_printf (s, "%d… ", p->fullmove);
      g_string_append (s, text);
      vs_position_play (p, moves[i]);
    }
  return g_string_free (s, FALSE);
}

static VsAnalysisInfo *
info_from_search (Run *run, const VsSearchInfo *si, const char *engine_name, gboolean have_hash)
{
  VsAnalysisInfo *a = g_new0 (VsAnalysisInfo, 1);
  a->depth = si->depth;
  a->seldepth = si->seldepth;
  a->nodes = si->nodes;
  a->nps = si->nps;
  a->time_ms = si->time_ms;
  a->hashfull = have_hash ? si->hashfull : -1;
  a->final = si->kind == VS_SEARCH_INFO_FINAL;
  a->best_move = si->best_move;
  a->engine_name = g_strdup (engine_name);
  int n = 0;
  for (int i = 0; i < si->n_lines; i++)
    if (si->lines[i].pv_len > 0)
      n++;
  a->lines = g_new0 (VsAnalysisLine, MAX (n, 1));
  for (int i = 0; i < si->n_lines; i++)
    {
      const VsSearchLine *l = &si->lines[i];
      if (l->pv_len <= 0)
        continue;
      VsAnalysisLine *o = &a->lines[a->n_lines++];
      o->multipv = l->multipv ? l->multipv : i + 1;
      o->depth = l->depth;
      o->seldepth = l->seldepth;
      o->score_cp = l->is_mate ? 0 : l->score;
      o->is_mate = l->is_mate;
      o->mate = l->mate;
      o->bound = l->bound;
      o->n_moves = l->pv_len;
      o->moves = g_memdup2 (l->pv, sizeof (VsMove) * l->pv_len);
      o->text = line_text (run->pos, l->pv, l->pv_len, run->opts.notation);
    }
  if (a->best_move == VS_MOVE_NONE && a->n_lines)
    a->best_move = a->lines[0].moves[0];
  return a;
}

static void
publish (Run *run, VsAnalysisInfo *a)
{
  g_mutex_lock (&run->lock);
  vs_analysis_info_free (run->latest);
  run->latest = a;
  run->dirty = TRUE;
  g_mutex_unlock (&run->lock);
}

static void
builtin_cb (const VsSearchInfo *si, gpointer data)
{
  Run *run = data;
  if (si->kind == VS_SEARCH_INFO_FINAL)
    {
      g_mutex_lock (&run->lock);
      run->active = FALSE;   /* no stop may reach the search after this */
      g_mutex_unlock (&run->lock);
    }
  if (si->kind == VS_SEARCH_INFO_PROGRESS)
    {
      /* keep the lines of the last snapshot, refresh the counters */
      g_mutex_lock (&run->lock);
      if (run->latest)
        {
          run->latest->nodes = si->nodes;
          run->latest->nps = si->nps;
          run->latest->time_ms = si->time_ms;
          run->latest->hashfull = si->hashfull;
          run->dirty = TRUE;
          g_mutex_unlock (&run->lock);
          return;
        }
      g_mutex_unlock (&run->lock);
    }
  publish (run, info_from_search (run, si, "VariantStudy", TRUE));
}

static void
uci_cb (const VsSearchInfo *si, gpointer data)
{
  Run *run = data;
  const char *name = run->client ? vs_uci_client_get_name (run->client) : "";
  publish (run, info_from_search (run, si, name, si->hashfull > 0));
}

static void
request_stop (Run *run)
{
  g_mutex_lock (&run->lock);
  run->stop_requested = TRUE;
  if (run->active && run->search)
    vs_search_stop (run->search);
  g_mutex_unlock (&run->lock);
  g_cancellable_cancel (run->stop);
}

static void
on_cancelled (GCancellable *c, gpointer data)
{
  Run *run = data;
  request_stop (run);
  /* a run waiting for the previous run's engine stops waiting */
  g_mutex_lock (&run->self->pool_lock);
  g_cond_broadcast (&run->self->pool_cond);
  g_mutex_unlock (&run->self->pool_lock);
}

/* Called with pool_lock held.  Stepping through a game restarts the
 * analysis at each move while the previous run is still stopping: wait for
 * it to hand its engine back (a stop takes milliseconds) instead of
 * starting a second one, so one engine process and one hash table serve
 * the whole session.  Forking a new engine process per step also made the
 * main thread take a copy-on-write fault on every page it then wrote.
 * Gives up after a second, or when this run is cancelled. */
static void
wait_for_pool (VsAnalysis *self, gpointer *idle, const int *busy, GCancellable *cancellable)
{
  gint64 end = g_get_monotonic_time () + G_TIME_SPAN_SECOND;
  while (*idle == NULL && *busy > 0 && !g_cancellable_is_cancelled (cancellable))
    if (!g_cond_wait_until (&self->pool_cond, &self->pool_lock, end))
      break;
}

static void
analysis_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  Run *run = task_data;
  VsAnalysis *self = run->self;
  VsSearchLimits limits;
  vs_search_limits_init (&limits);
  limits.depth = run->opts.depth;
  limits.nodes = run->opts.nodes;
  limits.movetime_ms = run->opts.movetime_ms;
  limits.infinite = limits.depth == 0 && limits.nodes == 0 && limits.movetime_ms == 0;
  limits.multipv = CLAMP (run->opts.multipv, 1, VS_SEARCH_MAX_MULTIPV);
  int hash = run->opts.hash_mb > 0 ? run->opts.hash_mb : 64;
  int threads = MAX (run->opts.threads, 1);
  GError *error = NULL;
  VsSearchInfo final;
  memset (&final, 0, sizeof final);
  final.best_move = VS_MOVE_NONE;

  if (run->opts.engine == VS_ANALYSIS_ENGINE_BUILTIN)
    {
      VsSearch *search = NULL;
      g_mutex_lock (&self->pool_lock);
      wait_for_pool (self, (gpointer *) &self->idle_search, &self->busy_searches, cancellable);
      if (g_task_return_error_if_cancelled (task))
        {
          /* replaced while it waited: it starts no engine */
          g_mutex_unlock (&self->pool_lock);
          return;
        }
      if (self->idle_search && self->idle_search_hash == hash)
        search = g_steal_pointer (&self->idle_search);
      self->busy_searches++;
      g_mutex_unlock (&self->pool_lock);
      if (search == NULL)
        {
          search = vs_search_new ();
          vs_search_set_hash (search, hash);
        }
      vs_search_set_threads (search, threads);
      g_mutex_lock (&run->lock);
      run->search = search;
      run->active = !run->stop_requested;
      gboolean skip = run->stop_requested;
      g_mutex_unlock (&run->lock);
      int old_priority = lower_thread_priority ();
      if (!skip)
        vs_search_run (search, run->pos, &run->hist, &limits, builtin_cb, run, &final);
      restore_thread_priority (old_priority);
      g_mutex_lock (&run->lock);
      run->active = FALSE;
      run->search = NULL;
      g_mutex_unlock (&run->lock);
      g_mutex_lock (&self->pool_lock);
      if (self->idle_search == NULL && !skip)
        {
          self->idle_search = search;
          self->idle_search_hash = hash;
          self->idle_search_threads = threads;
          search = NULL;
        }
      self->busy_searches--;
      g_cond_broadcast (&self->pool_cond);
      g_mutex_unlock (&self->pool_lock);
      if (search)
        vs_search_free (search);
    }
  else
    {
      VsUciClient *client = NULL;
      g_mutex_lock (&self->pool_lock);
      wait_for_pool (self, (gpointer *) &self->idle_client, &self->busy_clients, cancellable);
      if (g_task_return_error_if_cancelled (task))
        {
          /* replaced while it waited: it starts no engine */
          g_mutex_unlock (&self->pool_lock);
          return;
        }
      if (self->idle_client && g_strcmp0 (self->idle_client_cmd, run->engine_command) == 0 &&
          self->idle_client_variant == run->pos->variant)
        client = g_steal_pointer (&self->idle_client);
      else
        g_clear_object (&self->idle_client);
      self->busy_clients++;
      g_mutex_unlock (&self->pool_lock);
      gboolean ok = TRUE;
      if (client)
        vs_uci_client_set_label (client, run->engine_name);
      if (client == NULL)
        {
          client = vs_uci_client_new (run->engine_command ? run->engine_command : "");
          vs_uci_client_set_label (client, run->engine_name);
          /* 0: the client's watchdog time (10 s unless VS_ENGINE_WATCHDOG_MS) */
          /* Not cancellable: a run replaced while its engine starts lets
           * the start finish (the client's watchdog bounds it) and hands
           * a ready engine to the pool instead of killing it half-way. */
          ok = vs_uci_client_start (client, 0, NULL, &error) &&
               vs_uci_client_set_variant (client, run->pos->variant, &error);
          /* only what differs from the engine's defaults: engines clear
           * their hash table synchronously on Hash/Threads (seconds for
           * Fairy-Stockfish on a busy machine) */
          g_autofree char *hs = g_strdup_printf ("%d", hash);
          g_autofree char *ts = g_strdup_printf ("%d", threads);
          if (ok && vs_uci_client_has_option (client, "Hash") &&
              g_strcmp0 (vs_uci_client_get_option_default (client, "Hash"), hs) != 0)
            {
              g_autofree char *h = g_strdup_printf ("%d", hash);
              ok = vs_uci_client_set_option (client, "Hash", h, &error);
            }
          if (ok && vs_uci_client_has_option (client, "Threads") &&
              g_strcmp0 (vs_uci_client_get_option_default (client, "Threads"), ts) != 0)
            {
              g_autofree char *t = g_strdup_printf ("%d", threads);
              ok = vs_uci_client_set_option (client, "Threads", t, &error);
            }
        }
      if (ok && vs_uci_client_has_option (client, "MultiPV"))
        {
          g_autofree char *m = g_strdup_printf ("%d", limits.multipv);
          ok = vs_uci_client_set_option (client, "MultiPV", m, &error);
        }
      if (ok)
        ok = vs_uci_client_sync (client, 30000, &error);
      if (ok)
        {
          g_mutex_lock (&run->lock);
          run->client = client;
          run->active = TRUE;
          gboolean stop = run->stop_requested;
          g_mutex_unlock (&run->lock);
          /* stopped while waiting for the engine: nothing to search */
          if (!stop)
            vs_uci_client_go (client, run->pos, &run->hist, &limits, uci_cb, run, &final, run->stop, &error);
          g_mutex_lock (&run->lock);
          run->active = FALSE;
          run->client = NULL;
          g_mutex_unlock (&run->lock);
        }
      g_mutex_lock (&self->pool_lock);
      if (error == NULL && self->idle_client == NULL)
        {
          self->idle_client = g_steal_pointer (&client);
          g_free (self->idle_client_cmd);
          self->idle_client_cmd = g_strdup (run->engine_command);
          self->idle_client_variant = run->pos->variant;
        }
      self->busy_clients--;
      g_cond_broadcast (&self->pool_cond);
      g_mutex_unlock (&self->pool_lock);
      g_clear_object (&client);
    }
  if (error)
    {
      g_task_return_error (task, error);
      return;
    }
  VsAnalysisInfo *a;
  g_mutex_lock (&run->lock);
  if (run->latest)
    {
      a = vs_analysis_info_copy (run->latest);
      a->nodes = MAX (a->nodes, final.nodes);
      a->time_ms = MAX (a->time_ms, final.time_ms);
      if (final.best_move != VS_MOVE_NONE)
        a->best_move = final.best_move;
    }
  else
    a = info_from_search (run, &final, run->opts.engine == VS_ANALYSIS_ENGINE_BUILTIN ? "VariantStudy" : "", TRUE);
  g_mutex_unlock (&run->lock);
  a->final = TRUE;
  g_task_return_pointer (task, a, (GDestroyNotify) vs_analysis_info_free);
}

/* ---- main-context side ----------------------------------------------------------------- */

static void
emit_progress (VsAnalysis *self, VsAnalysisInfo *info)
{
  if (self->info != info)
    {
      vs_analysis_info_free (self->info);
      self->info = info;
    }
  self->last_emit_us = g_get_monotonic_time ();
  g_signal_emit (self, signals[SIGNAL_PROGRESS], 0, info);
}

static gboolean
on_timer (gpointer data)
{
  VsAnalysis *self = data;
  Run *run = self->run;
  if (run == NULL)
    {
      self->timer_id = 0;
      return G_SOURCE_REMOVE;
    }
  gint64 now = g_get_monotonic_time ();
  VsAnalysisInfo *snap = NULL;
  g_mutex_lock (&run->lock);
  if (run->latest && (run->dirty || now - self->last_emit_us >= 150000))
    {
      snap = vs_analysis_info_copy (run->latest);
      run->dirty = FALSE;
    }
  g_mutex_unlock (&run->lock);
  if (snap == NULL && now - self->last_emit_us >= 150000)
    {
      /* nothing from the engine yet: still tell the GUI it is alive */
      snap = g_new0 (VsAnalysisInfo, 1);
      snap->lines = g_new0 (VsAnalysisLine, 1);
      snap->hashfull = -1;
      snap->best_move = VS_MOVE_NONE;
      snap->time_ms = (now - run->start_us) / 1000;
    }
  if (snap)
    {
      if (snap->time_ms < (now - run->start_us) / 1000 && run->opts.engine != VS_ANALYSIS_ENGINE_BUILTIN)
        snap->time_ms = (now - run->start_us) / 1000;
      emit_progress (self, snap);
    }
  return G_SOURCE_CONTINUE;
}

static void
finish_run_state (VsAnalysis *self)
{
  if (self->timer_id)
    {
      g_source_remove (self->timer_id);
      self->timer_id = 0;
    }
  if (self->user_cancellable && self->user_cancel_id)
    g_cancellable_disconnect (self->user_cancellable, self->user_cancel_id);
  self->user_cancel_id = 0;
  g_clear_object (&self->user_cancellable);
  self->run = NULL;
  self->task = NULL;
  g_clear_object (&self->internal);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_RUNNING]);
}

typedef struct {
  GAsyncReadyCallback callback;
  gpointer user_data;
  Run *run;
} Outer;

static void
on_user_cancelled (GCancellable *c, gpointer data)
{
  g_cancellable_cancel (G_CANCELLABLE (data));
}

static void
task_done (GObject *source, GAsyncResult *res, gpointer data)
{
  VsAnalysis *self = VS_ANALYSIS (source);
  Outer *outer = data;
  GTask *task = G_TASK (res);
  if (self->task == task)
    {
      /* the current run ended: emit its last report */
      if (!g_task_had_error (task))
        {
          VsAnalysisInfo *a = g_task_propagate_pointer (g_object_ref (task), NULL);
          g_object_unref (task);
          if (a)
            {
              emit_progress (self, vs_analysis_info_copy (a));
              /* store for finish */
              g_object_set_data_full (G_OBJECT (task), "vs-final", a, (GDestroyNotify) vs_analysis_info_free);
            }
        }
      finish_run_state (self);
    }
  if (outer->callback)
    outer->callback (source, res, outer->user_data);
  g_free (outer);
}

void
vs_analysis_start (VsAnalysis *self, const VsPosition *pos, const VsHistory *hist,
                   const VsAnalysisOptions *options,
                   GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (VS_IS_ANALYSIS (self));
  g_return_if_fail (pos != NULL);
  if (self->task)
    {
      /* cancel the old run: its callback gets G_IO_ERROR_CANCELLED */
      g_cancellable_cancel (self->internal);
      finish_run_state (self);
    }
  Run *run = g_new0 (Run, 1);
  run->stop = g_cancellable_new ();
  g_mutex_init (&run->lock);
  run->self = self;
  run->pos = g_new (VsPosition, 1);
  memcpy (run->pos, pos, sizeof *pos);
  if (hist && hist->len > 0)
    {
      run->hist.undo = g_memdup2 (hist->undo, hist->len * sizeof (VsUndo));
      run->hist.len = hist->len;
    }
  if (options)
    run->opts = *options;
  else
    vs_analysis_options_init (&run->opts);
  run->engine_command = g_strdup (run->opts.engine_command);
  run->opts.engine_command = run->engine_command;
  run->engine_name = g_strdup (run->opts.engine_name);
  run->opts.engine_name = run->engine_name;
  run->start_us = g_get_monotonic_time ();

  self->internal = g_cancellable_new ();
  run->cancellable = g_object_ref (self->internal);
  run->cancel_id = g_cancellable_connect (self->internal, G_CALLBACK (on_cancelled), run, NULL);
  if (cancellable)
    {
      self->user_cancellable = g_object_ref (cancellable);
      self->user_cancel_id = g_cancellable_connect (cancellable, G_CALLBACK (on_user_cancelled),
                                                    g_object_ref (self->internal), g_object_unref);
    }
  Outer *outer = g_new0 (Outer, 1);
  outer->callback = callback;
  outer->user_data = user_data;
  outer->run = run;
  GTask *task = g_task_new (self, self->internal, task_done, outer);
  g_task_set_source_tag (task, vs_analysis_start);
  g_task_set_task_data (task, run, NULL);
  /* the Run outlives the worker: freed when the task is finalized */
  g_object_set_data_full (G_OBJECT (task), "vs-run", run, (GDestroyNotify) run_free);
  g_task_set_check_cancellable (task, TRUE);
  self->task = task;
  self->run = run;
  self->last_emit_us = run->start_us;
  vs_analysis_info_free (self->info);
  self->info = NULL;
  g_clear_pointer (&self->context, g_main_context_unref);
  self->context = g_main_context_ref_thread_default ();
  GSource *timer = g_timeout_source_new (50);
  g_source_set_callback (timer, on_timer, self, NULL);
  g_source_set_name (timer, "[vs-analysis progress]");
  self->timer_id = g_source_attach (timer, self->context);
  g_source_unref (timer);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_RUNNING]);
  g_task_run_in_thread (task, analysis_thread);
  g_object_unref (task);
}

VsAnalysisInfo *
vs_analysis_start_finish (VsAnalysis *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  GTask *task = G_TASK (result);
  VsAnalysisInfo *stored = g_object_get_data (G_OBJECT (task), "vs-final");
  if (g_task_had_error (task) || stored == NULL)
    {
      VsAnalysisInfo *a = g_task_propagate_pointer (task, error);
      if (a)
        return a;
      if (stored == NULL)
        return NULL;
    }
  if (g_cancellable_set_error_if_cancelled (g_task_get_cancellable (task), error))
    return NULL;
  return vs_analysis_info_copy (stored);
}

void
vs_analysis_stop (VsAnalysis *self)
{
  g_return_if_fail (VS_IS_ANALYSIS (self));
  if (self->run)
    request_stop (self->run);
}

gboolean
vs_analysis_is_running (VsAnalysis *self)
{
  return self->task != NULL;
}

const VsAnalysisInfo *
vs_analysis_get_info (VsAnalysis *self)
{
  return self->info;
}

VsAnalysis *
vs_analysis_new (void)
{
  return g_object_new (VS_TYPE_ANALYSIS, NULL);
}

static void
vs_analysis_dispose (GObject *object)
{
  VsAnalysis *self = VS_ANALYSIS (object);
  /* a running task holds a reference, so there is no run here */
  if (self->timer_id)
    {
      g_source_remove (self->timer_id);
      self->timer_id = 0;
    }
  g_clear_object (&self->idle_client);
  G_OBJECT_CLASS (vs_analysis_parent_class)->dispose (object);
}

static void
vs_analysis_finalize (GObject *object)
{
  VsAnalysis *self = VS_ANALYSIS (object);
  if (self->idle_search)
    vs_search_free (self->idle_search);
  g_free (self->idle_client_cmd);
  vs_analysis_info_free (self->info);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_mutex_clear (&self->pool_lock);
  g_cond_clear (&self->pool_cond);
  G_OBJECT_CLASS (vs_analysis_parent_class)->finalize (object);
}

static void
vs_analysis_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  VsAnalysis *self = VS_ANALYSIS (object);
  switch (id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, self->task != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
vs_analysis_class_init (VsAnalysisClass *klass)
{
  GObjectClass *oc = G_OBJECT_CLASS (klass);
  oc->dispose = vs_analysis_dispose;
  oc->finalize = vs_analysis_finalize;
  oc->get_property = vs_analysis_get_property;
  props[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE,
                                              G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (oc, N_PROPS, props);
  signals[SIGNAL_PROGRESS] = g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                           NULL, NULL, NULL, G_TYPE_NONE, 1,
                                           VS_TYPE_ANALYSIS_INFO | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
vs_analysis_init (VsAnalysis *self)
{
  g_mutex_init (&self->pool_lock);
  g_cond_init (&self->pool_cond);
}
