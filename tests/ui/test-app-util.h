/* test-app-util.h — driving the real VariantStudy window in tests. */
#pragma once

#include "vs-application.h"
#include "vs-window.h"

VsApplication *app_test_application (void);
/* A new, shown window of the test application. */
VsWindow      *app_test_window (void);
/* Runs the main loop until `signal` is emitted on obj (its first boolean
 * argument is stored in *ok), or timeout_ms passes.  Returns whether it came. */
gboolean       app_test_wait_signal (gpointer obj, const char *signal, guint timeout_ms, gboolean *ok);
/* Runs the main loop until widget is mapped and has a size (then one frame
 * more); fails only if that takes over a minute. */
void           app_test_wait_allocated (GtkWidget *widget);
/* Runs the main loop for ms milliseconds. */
void           app_test_run (guint ms);
/* Activates a window action, with a parameter or NULL (asserts it exists),
 * then runs pending idle work. */
void           app_test_action (VsWindow *win, const char *action, GVariant *param);
/* Opens path in win and waits for it; asserts success. */
void           app_test_open (VsWindow *win, const char *path);
/* A file of the shared test data (tests/data/…). */
char          *app_test_data (const char *relative);
/* Renders the window to a PNG file. */
gboolean       app_test_screenshot (GtkWidget *widget, const char *path, GError **error);
/* "ja" for a Japanese run (LANGUAGE=ja…), else "en". */
const char    *app_test_language (void);
/* $VS_SCREENSHOT_DIR (default ./screenshots, created)/PREFIX-WHAT-LANG.png */
char          *app_test_shot_path (const char *prefix, const char *what);
/* Renders widget to $VS_SCREENSHOT_DIR (default ./screenshots)/PREFIX-WHAT-LANG.png. */
void           app_test_shot (GtkWidget *widget, const char *prefix, const char *what);
/* The first widget of type at or below w, depth first. */
GtkWidget     *app_test_find_widget (GtkWidget *w, GType type);
