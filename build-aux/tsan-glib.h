/* build-aux/tsan-glib.h — tell ThreadSanitizer about GLib's synchronisation.
 *
 * Force-included (-include) into every file of a -Db_sanitize=thread build
 * (see meson.build); never used otherwise.
 *
 * Why: GLib is not built with -fsanitize=thread, and on Linux GMutex, GCond
 * and g_once_init_* are implemented with futexes and atomics inside
 * libglib, so ThreadSanitizer sees none of the happens-before edges they
 * create.  Every access guarded by a GMutex would then be reported as a
 * race.  These wrappers publish exactly the edge each primitive makes,
 * keyed on the primitive itself (the mutex, the once location) or on the
 * item handed over (a GAsyncQueue item, a GTask) — never on a container or
 * a global, since an edge wider than the real one would hide real races.
 * Calls inside GLib itself are not wrapped (they are bound at link time);
 * what remains there is listed with a reason in build-aux/tsan.supp.
 */
#pragma once

#if defined(__SANITIZE_THREAD__)
# define VS_TSAN 1
#elif defined(__has_feature)
# if __has_feature(thread_sanitizer)
#  define VS_TSAN 1
# endif
#endif

#ifdef VS_TSAN
/* GLib's own headers first, so the macros below cannot rewrite its prototypes. */
#include <glib.h>
#include <gio/gio.h>
#include <sanitizer/tsan_interface.h>
#include <dlfcn.h>
#include <pthread.h>
#include <string.h>

/* ---- GMutex: a real mutex for ThreadSanitizer (also checks lock order) ---- */

static inline void
vs_tsan_mutex_init (GMutex *m)
{
  (g_mutex_init) (m);
  __tsan_mutex_create (m, 0);
}

static inline void
vs_tsan_mutex_clear (GMutex *m)
{
  __tsan_mutex_destroy (m, 0);
  (g_mutex_clear) (m);
}

static inline void
vs_tsan_mutex_lock (GMutex *m)
{
  __tsan_mutex_pre_lock (m, 0);
  (g_mutex_lock) (m);
  __tsan_mutex_post_lock (m, 0, 0);
}

static inline gboolean
vs_tsan_mutex_trylock (GMutex *m)
{
  __tsan_mutex_pre_lock (m, __tsan_mutex_try_lock);
  gboolean ok = (g_mutex_trylock) (m);
  __tsan_mutex_post_lock (m, ok ? __tsan_mutex_try_lock : __tsan_mutex_try_lock_failed, 0);
  return ok;
}

static inline void
vs_tsan_mutex_unlock (GMutex *m)
{
  __tsan_mutex_pre_unlock (m, 0);
  (g_mutex_unlock) (m);
  __tsan_mutex_post_unlock (m, 0);
}

/* g_cond_wait releases and re-takes the mutex */
static inline void
vs_tsan_cond_wait (GCond *c, GMutex *m)
{
  __tsan_mutex_pre_unlock (m, 0);
  __tsan_mutex_post_unlock (m, 0);
  (g_cond_wait) (c, m);
  __tsan_mutex_pre_lock (m, 0);
  __tsan_mutex_post_lock (m, 0, 0);
}

static inline gboolean
vs_tsan_cond_wait_until (GCond *c, GMutex *m, gint64 end_time)
{
  __tsan_mutex_pre_unlock (m, 0);
  __tsan_mutex_post_unlock (m, 0);
  gboolean r = (g_cond_wait_until) (c, m, end_time);
  __tsan_mutex_pre_lock (m, 0);
  __tsan_mutex_post_lock (m, 0, 0);
  return r;
}

#define g_mutex_init(m)            vs_tsan_mutex_init (m)
#define g_mutex_clear(m)           vs_tsan_mutex_clear (m)
#define g_mutex_lock(m)            vs_tsan_mutex_lock (m)
#define g_mutex_trylock(m)         vs_tsan_mutex_trylock (m)
#define g_mutex_unlock(m)          vs_tsan_mutex_unlock (m)
#define g_cond_wait(c, m)          vs_tsan_cond_wait ((c), (m))
#define g_cond_wait_until(c, m, t) vs_tsan_cond_wait_until ((c), (m), (t))

/* ---- g_once_init_*: the initialiser's writes happen before every reader ---- */

static inline gboolean
vs_tsan_once_init_enter (volatile void *location)
{
  gboolean first = (g_once_init_enter) (location);
  if (!first)
    __tsan_acquire ((void *) location);   /* initialised by someone: see their writes */
  return first;
}

static inline void
vs_tsan_once_init_leave (volatile void *location, gsize result)
{
  __tsan_release ((void *) location);
  (g_once_init_leave) (location, result);
}

#undef g_once_init_enter
#undef g_once_init_leave
#define g_once_init_enter(location) vs_tsan_once_init_enter ((location))
#define g_once_init_leave(location, result) vs_tsan_once_init_leave ((location), (gsize) (result))

/* ---- GAsyncQueue: what the pusher wrote to an item happens before its pop ---- */

static inline void
vs_tsan_async_queue_push (GAsyncQueue *q, gpointer item)
{
  __tsan_release (item);
  (g_async_queue_push) (q, item);
}

static inline gpointer
vs_tsan_async_queue_got (gpointer item)
{
  if (item)
    __tsan_acquire (item);
  return item;
}

#define g_async_queue_push(q, item)        vs_tsan_async_queue_push ((q), (item))
#define g_async_queue_pop(q)               vs_tsan_async_queue_got ((g_async_queue_pop) (q))
#define g_async_queue_try_pop(q)           vs_tsan_async_queue_got ((g_async_queue_try_pop) (q))
#define g_async_queue_timeout_pop(q, t)    vs_tsan_async_queue_got ((g_async_queue_timeout_pop) ((q), (t)))

/* ---- GTask in a thread: start → worker, worker's return → the callback ---- */

static inline void
vs_tsan_task_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  __tsan_acquire (task);   /* everything set up before g_task_run_in_thread */
  GTaskThreadFunc func = (GTaskThreadFunc) g_object_get_data (G_OBJECT (task), "vs-tsan-task-func");
  func (task, source, data, cancellable);
}

static inline void
vs_tsan_task_run_in_thread (GTask *task, GTaskThreadFunc func)
{
  g_object_set_data (G_OBJECT (task), "vs-tsan-task-func", (gpointer) func);
  __tsan_release (task);
  (g_task_run_in_thread) (task, vs_tsan_task_thread);
}

static inline GTask *
vs_tsan_task_returning (GTask *task)
{
  __tsan_release (task);
  return task;
}

static inline gpointer
vs_tsan_task_result (gpointer task)
{
  __tsan_acquire (task);
  return task;
}

#define g_task_run_in_thread(t, f)        vs_tsan_task_run_in_thread ((t), (f))
#define g_task_return_pointer(t, r, d)    (g_task_return_pointer) (vs_tsan_task_returning (t), (r), (d))
#define g_task_return_boolean(t, r)       (g_task_return_boolean) (vs_tsan_task_returning (t), (r))
#define g_task_return_int(t, r)           (g_task_return_int) (vs_tsan_task_returning (t), (r))
#define g_task_return_error(t, e)         (g_task_return_error) (vs_tsan_task_returning (t), (e))
#define g_task_had_error(t)               (g_task_had_error) (vs_tsan_task_result (t))
#define g_task_propagate_pointer(t, e)    (g_task_propagate_pointer) (vs_tsan_task_result (t), (e))
#define g_task_propagate_boolean(t, e)    (g_task_propagate_boolean) (vs_tsan_task_result (t), (e))
#define g_task_propagate_int(t, e)        (g_task_propagate_int) (vs_tsan_task_result (t), (e))

/* ---- Signal connections --------------------------------------------------------
 * libgobject keeps every instance's handlers in global tables behind one
 * global mutex, so a connection made in one thread and removed in another
 * is ordered by that mutex: a run's cancellable is connected on the main
 * thread (by us and by GTask) and disconnected by whichever thread
 * finalizes the run.  These definitions (in the executable, so they also
 * take libgio's calls) publish that mutex as one address. */
#define VS_TSAN_REAL(type, lib, name) \
  static type real; \
  type f = __atomic_load_n (&real, __ATOMIC_ACQUIRE); \
  if (f == NULL) \
    { \
      f = (type) dlsym (dlopen (lib, RTLD_LAZY | RTLD_NOLOAD), name); \
      __atomic_store_n (&real, f, __ATOMIC_RELEASE); \
    }

__attribute__ ((weak)) char vs_tsan_gsignal_lock;

__attribute__ ((weak)) gulong
g_signal_connect_data (gpointer instance, const gchar *signal, GCallback cb, gpointer data,
                       GClosureNotify notify, GConnectFlags flags)
{
  typedef gulong (*Fn) (gpointer, const gchar *, GCallback, gpointer, GClosureNotify, GConnectFlags);
  VS_TSAN_REAL (Fn, "libgobject-2.0.so.0", "g_signal_connect_data")
  __tsan_acquire (&vs_tsan_gsignal_lock);
  gulong id = f (instance, signal, cb, data, notify, flags);
  __tsan_release (&vs_tsan_gsignal_lock);
  return id;
}

__attribute__ ((weak)) void
g_signal_handler_disconnect (gpointer instance, gulong id)
{
  typedef void (*Fn) (gpointer, gulong);
  VS_TSAN_REAL (Fn, "libgobject-2.0.so.0", "g_signal_handler_disconnect")
  __tsan_acquire (&vs_tsan_gsignal_lock);
  f (instance, id);
  __tsan_release (&vs_tsan_gsignal_lock);
}

__attribute__ ((weak)) guint
g_signal_handlers_disconnect_matched (gpointer instance, GSignalMatchType mask, guint signal_id,
                                      GQuark detail, GClosure *closure, gpointer func, gpointer data)
{
  typedef guint (*Fn) (gpointer, GSignalMatchType, guint, GQuark, GClosure *, gpointer, gpointer);
  VS_TSAN_REAL (Fn, "libgobject-2.0.so.0", "g_signal_handlers_disconnect_matched")
  __tsan_acquire (&vs_tsan_gsignal_lock);
  guint n = f (instance, mask, signal_id, detail, closure, func, data);
  __tsan_release (&vs_tsan_gsignal_lock);
  return n;
}

/* ---- GObject reference counts -----------------------------------------------
 * g_object_unref is an atomic read-modify-write with sequentially consistent
 * ordering inside libgobject, so whoever drops the last reference (and runs
 * dispose/finalize) sees everything every earlier unreffer wrote.  The
 * typical case here: a GTask's last reference is dropped by GIO's thread
 * pool in the worker, which finalizes the task (and its data) after the
 * main thread used it.  This definition is in the executable (weak, one
 * copy kept), so it also takes the calls libgio and libgtk make into
 * libgobject; the annotation is exactly the RMW's acquire + release. */
__attribute__ ((weak)) void
g_object_unref (gpointer object)
{
  typedef void (*Fn) (gpointer);
  VS_TSAN_REAL (Fn, "libgobject-2.0.so.0", "g_object_unref")
  __tsan_release (object);
  __tsan_acquire (object);
  f (object);
  __asm__ volatile ("" ::: "memory");   /* no tail call: keep this frame in reports */
}

/* ---- GThreadPool: what the pusher did before the push happens before the
 * pool thread runs the item.  GTask's g_task_run_in_thread pushes the task
 * only after connecting to its cancellable, so this edge (unlike one made
 * before calling g_task_run_in_thread) also covers GIO's own set-up, which
 * the worker undoes when it completes.  Defined in the executable like
 * g_object_unref above, to take libgio's calls. */
__attribute__ ((weak)) gboolean
g_thread_pool_push (GThreadPool *pool, gpointer data, GError **error)
{
  typedef gboolean (*Fn) (GThreadPool *, gpointer, GError **);
  VS_TSAN_REAL (Fn, "libglib-2.0.so.0", "g_thread_pool_push")
  __tsan_release (data);
  return f (pool, data, error);
}

/* ---- GLib's own worker thread ---------------------------------------------------
 * "gmain" is GLib's private worker: it reaps children for GSubprocess and
 * completes g_subprocess_wait() through a private main context, all inside
 * GLib, handed over under GMainContext's lock.  No code of ours ever runs
 * there (we attach nothing to that context), so its memory accesses are
 * ignored (its synchronisation still counts).  GLib names the thread with
 * pthread_setname_np on the thread itself, which this definition (in the
 * executable) sees before passing the call on.  With gcc's shared runtime
 * (what build-aux/dev.sh uses) this works; clang links its runtime into the
 * executable, whose own pthread_setname_np interceptor then wins, and an
 * occasional report from inside "gmain" may remain. */
void __tsan_ignore_thread_begin (void);   /* in the runtime, not in gcc 12's header */

__attribute__ ((weak)) int
pthread_setname_np (pthread_t thread, const char *name)
{
  typedef int (*Fn) (pthread_t, const char *);
  static Fn real;
  Fn f = __atomic_load_n (&real, __ATOMIC_ACQUIRE);
  if (f == NULL)
    {
      f = (Fn) dlsym ((void *) -1l /* RTLD_NEXT */, "pthread_setname_np");
      __atomic_store_n (&real, f, __ATOMIC_RELEASE);
    }
  if (name && strcmp (name, "gmain") == 0 && pthread_equal (thread, pthread_self ()))
    __tsan_ignore_thread_begin ();
  return f (thread, name);
}

#endif /* VS_TSAN */
