/* vs-annotate-dialog.h — Annotate Game options: engine, time or depth per
 * move, which side(s). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define VS_TYPE_ANNOTATE_DIALOG (vs_annotate_dialog_get_type ())
G_DECLARE_FINAL_TYPE (VsAnnotateDialog, vs_annotate_dialog, VS, ANNOTATE_DIALOG, GtkWindow)

/* Its "annotate.start" action activates "win.annotate-with" on parent with
 * (builtin, movetime ms, depth, sides): builtin TRUE = the built-in engine,
 * FALSE = the analysis pane's engine; depth 0 = by time; sides bit 0
 * White, bit 1 Black.  engine_name: the pane's engine, shown as a choice. */
VsAnnotateDialog *vs_annotate_dialog_new (GtkWindow *parent, const char *engine_name);

G_END_DECLS
