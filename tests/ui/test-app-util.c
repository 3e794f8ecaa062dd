/* test-app-util.c — driving the real VariantStudy window in tests. */
#include "config.h"

#include "test-app-util.h"

static VsApplication *app;

VsApplication *
app_test_application (void)
{
  if (app == NULL)
    {
      app = vs_application_new ();
      g_autoptr (GError) error = NULL;
      g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
      g_assert_no_error (error);
      /* Keep the application alive between windows. */
      g_application_hold (G_APPLICATION (app));
    }
  return app;
}

VsWindow *
app_test_window (void)
{
  VsWindow *win = vs_window_new (app_test_application ());
  gtk_window_set_default_size (GTK_WINDOW (win), 1180, 760);
  gtk_window_present (GTK_WINDOW (win));
  app_test_wait_allocated (GTK_WIDGET (win));
  return win;
}

typedef struct
{
  gboolean fired;
  gboolean ok;
} Wait;

static void
fired_cb (gpointer obj, gboolean ok, Wait *w)
{
  w->fired = TRUE;
  w->ok = ok;
}

static gboolean
timeout_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

gboolean
app_test_wait_signal (gpointer obj, const char *signal, guint timeout_ms, gboolean *ok)
{
  Wait w = { FALSE, FALSE };
  gboolean timed_out = FALSE;
  gulong id = g_signal_connect (obj, signal, G_CALLBACK (fired_cb), &w);
  guint t = g_timeout_add (timeout_ms, timeout_cb, &timed_out);
  while (!w.fired && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (obj, id);
  if (!timed_out)
    g_source_remove (t);
  if (ok)
    *ok = w.ok;
  return w.fired;
}

void
app_test_run (guint ms)
{
  gboolean done = FALSE;
  g_timeout_add (ms, timeout_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

void
app_test_wait_allocated (GtkWidget *widget)
{
  /* however busy the machine: no fixed wait, a bound only against a hang */
  gint64 give_up = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (!(gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0 &&
           gtk_widget_get_height (widget) > 0))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, give_up);
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  /* one more frame, so what was laid out is also drawn */
  app_test_run (20);
}

void
app_test_action (VsWindow *win, const char *action, GVariant *param)
{
  if (param)
    g_variant_ref_sink (param);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (win), action, param));
  if (param)
    g_variant_unref (param);
  /* Let idle rebuilds run. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

void
app_test_open (VsWindow *win, const char *path)
{
  gboolean ok = FALSE;
  gtk_widget_activate_action (GTK_WIDGET (win), "win.open-file", "s", path);
  g_assert_true (app_test_wait_signal (win, "loaded", 20000, &ok));
  g_assert_true (ok);
}

char *
app_test_data (const char *relative)
{
  const char *dir = g_getenv ("VS_TEST_DATA_DIR");
  return g_build_filename (dir ? dir : TEST_DATA_DIR, relative, NULL);
}

gboolean
app_test_screenshot (GtkWidget *widget, const char *path, GError **error)
{
  int w = 0, h = 0;
  g_autoptr (GskRenderNode) node = NULL;
  /* A widget in the middle of a resize has no render node yet: wait for
   * frames until it has one (for as long as a loaded machine needs: the
   * condition is waited on, not a time: with 20 tries of 100 ms, a
   * screenshot of app-lines-ja failed once beside three CPU-bound processes
   * on two CPUs) */
  gint64 give_up = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  for (int i = 0; node == NULL && (i == 0 || g_get_monotonic_time () < give_up); i++)
    {
      if (i > 0)
        app_test_run (50);
      w = gtk_widget_get_width (widget);
      h = gtk_widget_get_height (widget);
      GdkPaintable *paintable = gtk_widget_paintable_new (widget);
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, snapshot, w, h);
      node = gtk_snapshot_free_to_node (snapshot);
      g_object_unref (paintable);
    }
  if (node == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "nothing was drawn");
      return FALSE;
    }
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  g_autoptr (GdkTexture) texture = gsk_renderer_render_texture (renderer, node,
                                                                &GRAPHENE_RECT_INIT (0, 0, w, h));
  if (!gdk_texture_save_to_png (texture, path))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "could not write %s", path);
      return FALSE;
    }
  return TRUE;
}

const char *
app_test_language (void)
{
  const char *l = g_getenv ("LANGUAGE");
  return l && g_str_has_prefix (l, "ja") ? "ja" : "en";
}

char *
app_test_shot_path (const char *prefix, const char *what)
{
  const char *dir = g_getenv ("VS_SCREENSHOT_DIR");
  if (dir == NULL)
    dir = "screenshots";
  g_mkdir_with_parents (dir, 0755);
  g_autofree char *name = g_strdup_printf ("%s-%s-%s.png", prefix, what, app_test_language ());
  return g_build_filename (dir, name, NULL);
}

void
app_test_shot (GtkWidget *widget, const char *prefix, const char *what)
{
  g_autofree char *path = app_test_shot_path (prefix, what);
  g_autoptr (GError) error = NULL;
  gboolean saved = app_test_screenshot (widget, path, &error);
  g_assert_no_error (error);   /* (says why, first) */
  g_assert_true (saved);
  g_test_message ("screenshot %s", path);
}

GtkWidget *
app_test_find_widget (GtkWidget *w, GType type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (w, type))
    return w;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = app_test_find_widget (c, type);
      if (found)
        return found;
    }
  return NULL;
}
