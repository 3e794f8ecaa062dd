/* vs-window.h — the study window: board, move tree, headers and analysis. */
#pragma once

#include <gtk/gtk.h>

#include "vs-application.h"

G_BEGIN_DECLS

#define VS_TYPE_WINDOW (vs_window_get_type ())
G_DECLARE_FINAL_TYPE (VsWindow, vs_window, VS, WINDOW, GtkApplicationWindow)

VsWindow *vs_window_new (VsApplication *app);

G_END_DECLS
