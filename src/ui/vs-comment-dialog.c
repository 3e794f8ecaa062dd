/* vs-comment-dialog.c — edit the comment before or after a move. */
#include "config.h"

#include <glib/gi18n.h>

#include "vs-comment-dialog.h"

struct _VsCommentDialog
{
  GtkWindow parent_instance;
  GtkTextView *text_view;
  GtkWidget *parent_window;
  char *action;
};

G_DEFINE_FINAL_TYPE (VsCommentDialog, vs_comment_dialog, GTK_TYPE_WINDOW)

static void
apply_clicked_cb (VsCommentDialog *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  GtkTextIter start, end;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  g_autofree char *text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  g_strstrip (text);
  gtk_widget_activate_action (self->parent_window, self->action, "s", text);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
cancel_clicked_cb (VsCommentDialog *self)
{
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
vs_comment_dialog_finalize (GObject *object)
{
  VsCommentDialog *self = VS_COMMENT_DIALOG (object);
  g_free (self->action);
  g_clear_object (&self->parent_window);
  G_OBJECT_CLASS (vs_comment_dialog_parent_class)->finalize (object);
}

static void
vs_comment_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), VS_TYPE_COMMENT_DIALOG);
  G_OBJECT_CLASS (vs_comment_dialog_parent_class)->dispose (object);
}

static void
vs_comment_dialog_class_init (VsCommentDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  G_OBJECT_CLASS (klass)->finalize = vs_comment_dialog_finalize;
  G_OBJECT_CLASS (klass)->dispose = vs_comment_dialog_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/org/example/VariantStudy/ui/vs-comment-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, VsCommentDialog, text_view);
  gtk_widget_class_bind_template_callback (widget_class, apply_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
vs_comment_dialog_init (VsCommentDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

VsCommentDialog *
vs_comment_dialog_new (GtkWindow *parent, const char *title, const char *text, const char *action)
{
  VsCommentDialog *self = g_object_new (VS_TYPE_COMMENT_DIALOG,
                                        "transient-for", parent, "title", title, NULL);
  self->parent_window = g_object_ref (GTK_WIDGET (parent));
  self->action = g_strdup (action);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->text_view), text ? text : "", -1);
  gtk_widget_grab_focus (GTK_WIDGET (self->text_view));
  return self;
}
