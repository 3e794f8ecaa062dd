/* vs-comment-dialog.h — edit the comment before or after a move. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define VS_TYPE_COMMENT_DIALOG (vs_comment_dialog_get_type ())
G_DECLARE_FINAL_TYPE (VsCommentDialog, vs_comment_dialog, VS, COMMENT_DIALOG, GtkWindow)

/* On "Apply" the dialog activates `action` (a window action taking a
 * string, e.g. "win.set-comment-after") on `parent` with the text. */
VsCommentDialog *vs_comment_dialog_new (GtkWindow *parent, const char *title,
                                        const char *text, const char *action);

G_END_DECLS
