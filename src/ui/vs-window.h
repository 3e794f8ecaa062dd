/* vs-window.h — the study window: board, move tree, headers and analysis. */
#pragma once

#include <gtk/gtk.h>

#include "vs-application.h"
#include "vs-game-collection.h"

G_BEGIN_DECLS

#define VS_TYPE_WINDOW (vs_window_get_type ())
G_DECLARE_FINAL_TYPE (VsWindow, vs_window, VS, WINDOW, GtkApplicationWindow)

VsWindow   *vs_window_new (VsApplication *app);

/* What a window shows when started without a file: the recovery offer for
 * autosaves left by a crash (if any) and a bundled sample record. */
void        vs_window_load_startup (VsWindow *self);
/* Reads a record file in a worker thread and shows it ("loaded" is emitted
 * when done, with or without problems; "load-failed" on I/O errors). */
void        vs_window_open_file (VsWindow *self, GFile *file);
/* Shows collection (the window takes a reference); file may be NULL. */
void        vs_window_set_collection (VsWindow *self, VsGameCollection *collection, GFile *file);

VsGameCollection *vs_window_get_collection (VsWindow *self);
VsGame     *vs_window_get_game (VsWindow *self);
VsGameNode *vs_window_get_cursor (VsWindow *self);
gboolean    vs_window_get_modified (VsWindow *self);
GFile      *vs_window_get_file (VsWindow *self);
/* The message of the info bar, or NULL when it is hidden (tests). */
const char *vs_window_get_message (VsWindow *self);
/* Text of the move tree (tests and accessibility). */
char       *vs_window_get_move_text (VsWindow *self);
/* The board (a VsBoardView). */
GtkWidget  *vs_window_get_board (VsWindow *self);
/* Analysis reports shown since the analysis last started (tests). */
guint       vs_window_get_n_analysis_reports (VsWindow *self);
/* The engine fault shown in the analysis pane, or NULL (tests). */
const char *vs_window_get_analysis_message (VsWindow *self);
/* The analysis pane (a VsAnalysisPane; its "pane.restart" action restarts
 * the analysis after a fault). */
GtkWidget  *vs_window_get_analysis_pane (VsWindow *self);
/* While a file is being read: the fraction read so far (0…1, as the
 * progress bar shows it); -1 when nothing is being read.  win.cancel-open
 * (the Cancel button beside the bar) stops the reading. */
double      vs_window_get_load_progress (VsWindow *self);
/* Path of this window's autosave file. */
const char *vs_window_get_autosave_path (VsWindow *self);

/* Play clocks.  The time source (monotonic, microseconds; default
 * g_get_monotonic_time) can be replaced so that tests control time. */
typedef gint64 (*VsWindowTimeFunc) (gpointer data);
void        vs_window_set_time_source (VsWindow *self, VsWindowTimeFunc func, gpointer data);
/* Remaining time of side (µs) at the time source's now, or -1 with no clock. */
gint64      vs_window_get_clock (VsWindow *self, int side);
/* The side whose clock runs, or -1. */
int         vs_window_get_clock_running (VsWindow *self);
/* Looks at the flag now (the window does it ten times a second). */
void        vs_window_check_clock (VsWindow *self);

G_END_DECLS
