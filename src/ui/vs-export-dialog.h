/* vs-export-dialog.h — the study window's exports and their file dialogs.
 *
 *  - Diagram: the board as shown (position of the move shown, its arrows and
 *    circles, last move and check, theme, piece set, orientation,
 *    coordinates) as an SVG (vector, the same SVG art) or PNG file of a
 *    chosen size, through vs_board_view_export() / vs-diagram.h.
 *  - Study sheet: a game as a PDF (vs-study-sheet.h) on A4 or Letter paper.
 *    The sheet is laid out at once (it reads the game now), its pages are
 *    drawn one per main-loop idle turn (the board art cache is main-thread
 *    only) into memory, and the file is written by GIO asynchronously
 *    (temporary file + rename: an existing file is replaced whole or kept).
 *
 * The dialogs are GtkFileChooserNative (GtkFileDialog needs GTK 4.10) with a
 * choice for the image size or the paper. */
#pragma once

#include <gtk/gtk.h>

#include "vs-board-view.h"
#include "vs-game.h"
#include "vs-study-sheet.h"

G_BEGIN_DECLS

#define VS_EXPORT_MIN_SIZE 16
#define VS_EXPORT_MAX_SIZE 16384

/* The image file name for a name typed in the dialog: names ending in .svg or
 * .png (any case) are kept, others get ".png" when png, else ".svg". */
char    *vs_export_diagram_file_name (const char *path, gboolean png);

/* Writes the board as shown to path (.svg or .png), size = longer side in
 * pixels.  Errors: VS_DIAGRAM_ERROR or G_FILE_ERROR, with a translated message. */
gboolean vs_export_diagram (VsBoardView *board, const char *path, int size, GError **error);

/* Called when the user accepted the dialog (not on cancel). */
typedef void (*VsExportDiagramChosen) (GtkWindow *parent, const char *path, int size, gpointer data);
/* Asks for an SVG or PNG file name and a PNG size (default size). */
void     vs_export_diagram_dialog (GtkWindow *parent, const char *suggested_name, int size,
                                   VsExportDiagramChosen chosen, gpointer data);

/* The PDF file name for a name typed in the dialog (".pdf" added if missing). */
char    *vs_export_sheet_file_name (const char *path);

typedef void (*VsExportSheetChosen) (GtkWindow *parent, const char *path, VsPaper paper, gpointer data);
/* Asks for a PDF file name and the paper (default paper). */
void     vs_export_sheet_dialog (GtkWindow *parent, const char *suggested_name, VsPaper paper,
                                 VsExportSheetChosen chosen, gpointer data);

/* Writes game as a PDF study sheet to path without blocking the main loop;
 * callback runs in the main context.  source_object as for GTask. */
void     vs_export_sheet_async  (gpointer source_object, VsGame *game, VsPaper paper, const char *path,
                                 GCancellable *cancellable, GAsyncReadyCallback callback,
                                 gpointer user_data);
/* *n_pages (may be NULL): pages written. */
gboolean vs_export_sheet_finish (GAsyncResult *result, int *n_pages, GError **error);

G_END_DECLS
