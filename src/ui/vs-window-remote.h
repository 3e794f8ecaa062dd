/* vs-window-remote.h — a study window's actions on D-Bus.
 *
 * A window's commands are widget class actions ("win.save", "win.play-move"
 * …): GTK does not export those.  vs_window_remote_export() adds to the
 * window's own action map (GtkApplicationWindow, exported by GtkApplication
 * at <application path>/window/<id> as org.gtk.Actions) one forwarding
 * action per class action, so other processes of the session (scripts,
 * end-to-end tests of the real binary) can drive a window exactly as its
 * menus and shortcuts do.  A forwarder activates the class action through
 * gtk_widget_activate_action_variant(), so a disabled command stays
 * disabled. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void vs_window_remote_export (GtkApplicationWindow *window);

G_END_DECLS
