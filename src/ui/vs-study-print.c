/* vs-study-print.c — a study sheet through GtkPrintOperation. */
#include "config.h"
#include "vs-study-print.h"
#include "vs-move-notation.h"

#include <glib/gi18n.h>

typedef struct {
  VsGame       *game;
  VsStudySheet *sheet;
} PrintData;

static void
print_data_free (PrintData *d)
{
  g_clear_pointer (&d->sheet, vs_study_sheet_free);
  g_clear_object (&d->game);
  g_free (d);
}

static void
begin_print (GtkPrintOperation *op, GtkPrintContext *ctx, PrintData *d)
{
  g_autoptr(GError) error = NULL;
  g_clear_pointer (&d->sheet, vs_study_sheet_free);
  /* full page, points: the context is the whole sheet of paper */
  /* issue 18: the moves in the notation chosen in Preferences */
  g_autoptr (GSettings) settings = vs_move_notation_settings_new ();
  d->sheet = vs_study_sheet_new_full (d->game, gtk_print_context_get_width (ctx),
                                      gtk_print_context_get_height (ctx),
                                      vs_move_notation_get (settings, vs_game_get_variant (d->game)),
                                      &error);
  if (d->sheet == NULL)
    {
      g_warning ("study sheet: %s", error->message);
      gtk_print_operation_cancel (op);
      return;
    }
  gtk_print_operation_set_n_pages (op, vs_study_sheet_get_n_pages (d->sheet));
}

static void
draw_page (GtkPrintOperation *op, GtkPrintContext *ctx, int page, PrintData *d)
{
  if (d->sheet)
    vs_study_sheet_draw_page (d->sheet, gtk_print_context_get_cairo_context (ctx), page);
}

GtkPrintOperation *
vs_study_print_operation_new (VsGame *game, VsPaper paper)
{
  GtkPrintOperation *op = gtk_print_operation_new ();
  PrintData *d = g_new0 (PrintData, 1);
  d->game = g_object_ref (game);
  g_object_set_data_full (G_OBJECT (op), "vs-study-print", d, (GDestroyNotify) print_data_free);

  g_autoptr(GtkPageSetup) setup = gtk_page_setup_new ();
  GtkPaperSize *size = gtk_paper_size_new (paper == VS_PAPER_LETTER ? GTK_PAPER_NAME_LETTER
                                                                  : GTK_PAPER_NAME_A4);
  gtk_page_setup_set_paper_size (setup, size);
  gtk_paper_size_free (size);
  gtk_print_operation_set_default_page_setup (op, setup);
  gtk_print_operation_set_use_full_page (op, TRUE);
  gtk_print_operation_set_unit (op, GTK_UNIT_POINTS);
  gtk_print_operation_set_embed_page_setup (op, TRUE);
  const char *white = vs_game_get_header (game, "White");
  const char *black = vs_game_get_header (game, "Black");
  g_autofree char *name = white && black ? g_strdup_printf ("%s – %s", white, black)
                                         : g_strdup (_("Study sheet"));
  gtk_print_operation_set_job_name (op, name);
  g_signal_connect (op, "begin-print", G_CALLBACK (begin_print), d);
  g_signal_connect (op, "draw-page", G_CALLBACK (draw_page), d);
  return op;
}

static void
print_done (GtkPrintOperation *op, GtkPrintOperationResult result, GtkWindow *parent)
{
  if (g_object_get_data (G_OBJECT (op), "vs-done"))
    return;
  g_object_set_data (G_OBJECT (op), "vs-done", GINT_TO_POINTER (1));
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      g_autoptr(GError) error = NULL;
      gtk_print_operation_get_error (op, &error);
      GtkWidget *d = gtk_message_dialog_new (parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                             GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s",
                                             _("Could not print the study sheet"));
      gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (d), "%s",
                                                error ? error->message : "");
      g_signal_connect (d, "response", G_CALLBACK (gtk_window_destroy), NULL);
      gtk_window_present (GTK_WINDOW (d));
    }
  g_object_unref (op);   /* the reference of vs_study_print() */
}

void
vs_study_print (GtkWindow *parent, VsGame *game, VsPaper paper)
{
  GtkPrintOperation *op = vs_study_print_operation_new (game, paper);   /* freed by print_done */
  gtk_print_operation_set_allow_async (op, TRUE);
  g_signal_connect (op, "done", G_CALLBACK (print_done), parent);
  g_object_ref (op);   /* kept through run, whatever "done" does */
  g_autoptr(GError) error = NULL;
  GtkPrintOperationResult r = gtk_print_operation_run (op, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                                                       parent, &error);
  if (r == GTK_PRINT_OPERATION_RESULT_ERROR && error)
    g_warning ("printing: %s", error->message);
  /* finished synchronously (cancelled in the dialog…): "done" may not have come */
  if (r != GTK_PRINT_OPERATION_RESULT_IN_PROGRESS)
    print_done (op, r, parent);
  g_object_unref (op);
}
