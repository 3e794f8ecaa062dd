/* vs-application.c — the VariantStudy GtkApplication: app-wide actions,
 * settings, About, preferences, and one study window per opened record. */
#include "config.h"

#include <glib/gi18n.h>

#include "vs-application.h"
#include "vs-preferences-dialog.h"
#include "vs-window.h"

struct _VsApplication
{
  GtkApplication parent_instance;
  GSettings *settings;
  VsSession *session;   /* autosaves and their recovery */
};

G_DEFINE_FINAL_TYPE (VsApplication, vs_application, GTK_TYPE_APPLICATION)

gboolean
vs_application_is_uninstalled (void)
{
  static int uninstalled = -1;
  if (uninstalled < 0)
    {
      g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
      uninstalled = exe != NULL && g_str_has_prefix (exe, BUILD_ROOT "/");
    }
  return uninstalled;
}

const char *
vs_application_get_samples_dir (void)
{
  const char *env = g_getenv ("VS_SAMPLES_DIR");
  if (env && *env)
    return env;
  return vs_application_is_uninstalled () ? SOURCE_DATADIR "/samples" : PKGDATADIR "/samples";
}

char *
vs_application_get_autosave_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "variant-study", "autosave", NULL);
}

GSettings *
vs_application_get_settings (VsApplication *self)
{
  g_return_val_if_fail (VS_IS_APPLICATION (self), NULL);
  return self->settings;
}

VsSession *
vs_application_get_session (VsApplication *self)
{
  g_return_val_if_fail (VS_IS_APPLICATION (self), NULL);
  if (self->session == NULL)
    {
      g_autofree char *dir = vs_application_get_autosave_dir ();
      self->session = vs_session_new (dir);
    }
  return self->session;
}

static VsWindow *
new_window (VsApplication *self)
{
  VsWindow *win = vs_window_new (self);
  return win;
}

static void
vs_application_activate (GApplication *app)
{
  VsApplication *self = VS_APPLICATION (app);
  GtkWindow *win = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (win == NULL)
    {
      VsWindow *w = new_window (self);
      vs_window_load_startup (w);
      win = GTK_WINDOW (w);
    }
  gtk_window_present (win);
}

static void
vs_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  VsApplication *self = VS_APPLICATION (app);

  for (int i = 0; i < n_files; i++)
    {
      VsWindow *win = new_window (self);
      vs_window_open_file (win, files[i]);
      gtk_window_present (GTK_WINDOW (win));
    }
}

static void
quit_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  GtkApplication *app = user_data;
  /* Close each window: a window with unsaved changes asks first and keeps
   * the application alive until the person decides. */
  GList *windows = g_list_copy (gtk_application_get_windows (app));
  for (GList *l = windows; l; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
  g_list_free (windows);
}

static void
new_window_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  VsWindow *win = new_window (VS_APPLICATION (user_data));
  vs_window_load_startup (win);
  gtk_window_present (GTK_WINDOW (win));
}

static void
preferences_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  VsApplication *self = user_data;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  VsPreferencesDialog *dialog = vs_preferences_dialog_new (parent, self->settings);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
about_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));
  const char *authors[] = { _("The VariantStudy developers"), NULL };

  gtk_show_about_dialog (parent,
                         "program-name", _("VariantStudy"),
                         "logo-icon-name", APP_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("Study, annotate and analyse games of Chartima, Strato Chess, Janggi and Crazyhouse"),
                         "website", "https://example.org/VariantStudy",
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "authors", authors,
                         /* Translators: put your names here, one per line. */
                         "translator-credits", _("translator-credits"),
                         "copyright", _("© 2026 The VariantStudy developers"),
                         NULL);
}

static const GActionEntry app_actions[] = {
  { "quit", quit_activated },
  { "new-window", new_window_activated },
  { "preferences", preferences_activated },
  { "about", about_activated },
};

static void
vs_application_startup (GApplication *app)
{
  VsApplication *self = VS_APPLICATION (app);

  G_APPLICATION_CLASS (vs_application_parent_class)->startup (app);

  self->settings = g_settings_new (APP_ID);
  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions), app);
  /* issue 20: the 3-D board, a stateful action on its setting (the windows
   * follow the setting) */
  g_autoptr(GAction) board_3d = g_settings_create_action (self->settings, "board-3d");
  g_action_map_add_action (G_ACTION_MAP (app), board_3d);

  static const struct { const char *action; const char *accels[3]; } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "app.new-window", { "<Control><Shift>n", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    { "win.new-game", { "<Control>n", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.save-as", { "<Control><Shift>s", NULL } },
    { "window.close", { "<Control>w", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
    { "win.copy-position", { "<Control><Shift>c", NULL } },
    { "win.copy-record", { "<Control><Alt>c", NULL } },
    { "win.paste", { "<Control>v", NULL } },
    { "win.flip-board", { "<Control>f", NULL } },
    { "win.toggle-analysis", { "<Control>e", NULL } },
    { "win.toggle-explorer", { "<Control><Shift>o", NULL } },   /* issue 19 */
    { "win.game-list", { "<Control>l", NULL } },
    { "win.setup-position", { "<Control><Shift>p", NULL } },
    { "win.print", { "<Control>p", NULL } },
    { "win.export-diagram", { "<Control><Shift>e", NULL } },
    { "win.export-sheet", { "<Control><Alt>p", NULL } },
    { "win.show-guide", { "F1", NULL } },
    { "win.take-back", { "<Control>b", NULL } },
    { "win.pass", { "<Control>k", NULL } },   /* issue 18 */
    { "win.analyse", { "<Control>space", NULL } },
    { "app.board-3d", { "<Control>3", "F3", NULL } },   /* issue 20 */
  };
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action, accels[i].accels);

  gtk_window_set_default_icon_name (APP_ID);

  g_autoptr (GtkCssProvider) css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, "/org/example/VariantStudy/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

static void
vs_application_dispose (GObject *object)
{
  VsApplication *self = VS_APPLICATION (object);
  g_clear_object (&self->settings);
  g_clear_object (&self->session);
  G_OBJECT_CLASS (vs_application_parent_class)->dispose (object);
}

static void
vs_application_class_init (VsApplicationClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = vs_application_dispose;
  G_APPLICATION_CLASS (klass)->activate = vs_application_activate;
  G_APPLICATION_CLASS (klass)->open = vs_application_open;
  G_APPLICATION_CLASS (klass)->startup = vs_application_startup;
}

static void
vs_application_init (VsApplication *self)
{
}

VsApplication *
vs_application_new (void)
{
  return g_object_new (VS_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE,
                       "resource-base-path", "/org/example/VariantStudy",
                       NULL);
}
