/* vs-study-print.h — printing a study sheet through the GTK print dialog.
 *
 * The pages are those of the PDF study sheet (vs-study-sheet.h), laid out
 * again for the paper chosen in the dialog and drawn by the same code. */
#pragma once

#include <gtk/gtk.h>
#include "vs-game.h"
#include "vs-study-sheet.h"

G_BEGIN_DECLS

/* A print operation for game (a reference is kept) on paper (the default
 * page setup; the user may change it in the dialog).  Full-page drawing in
 * points.  Run it with gtk_print_operation_run(). */
GtkPrintOperation *vs_study_print_operation_new (VsGame *game, VsPaper paper);

/* Shows the print dialog for game over parent and prints (asynchronously).
 * Errors are shown in a dialog. */
void vs_study_print (GtkWindow *parent, VsGame *game, VsPaper paper);

G_END_DECLS
