/* vs-study-sheet.h — a game as a printable study sheet (GTK-free).
 *
 * Pages (A4 or Letter, or any size the print dialog gives): the game's
 * headers, then the moves of the main line with their comments, NAG glyphs
 * and variations, and a board diagram after every main-line move that has
 * a comment and at the end of the game.  Text is laid out with Pango, the
 * diagrams are drawn as vectors by the board scene (the same picture as the
 * board widget and the diagram export).  The same page drawing serves the
 * PDF file and GtkPrintOperation (vs-study-print.h).  Main thread only (the
 * board art cache is).
 */
#pragma once

#include <cairo.h>
#include "vs-game.h"

G_BEGIN_DECLS

#define VS_STUDY_SHEET_ERROR (vs_study_sheet_error_quark ())
GQuark vs_study_sheet_error_quark (void);

typedef enum {
  VS_STUDY_SHEET_ERROR_PAPER,      /* unknown paper name or size too small */
  VS_STUDY_SHEET_ERROR_POSITION,   /* a position of the game could not be drawn */
  VS_STUDY_SHEET_ERROR_WRITE,      /* the PDF could not be written */
} VsStudySheetError;

typedef enum {
  VS_PAPER_A4 = 0,
  VS_PAPER_LETTER,
} VsPaper;

/* Page size in points (1/72 inch). */
void     vs_paper_size  (VsPaper paper, double *width, double *height);
/* "a4" / "letter" (any case); FALSE with VS_STUDY_SHEET_ERROR_PAPER. */
gboolean vs_paper_parse (const char *name, VsPaper *paper, GError **error);

typedef struct _VsStudySheet VsStudySheet;

/* Lays the game out on pages of width×height points.  The game is read now
 * (later edits do not change the sheet). */
VsStudySheet *vs_study_sheet_new (VsGame *game, double width, double height, GError **error);
/* Issue 18: the same with the moves in notation (one of the variant's
 * display notations; vs_study_sheet_new uses VS_NOTATION_SAN). */
VsStudySheet *vs_study_sheet_new_full (VsGame *game, double width, double height,
                                       VsNotation notation, GError **error);
void          vs_study_sheet_free (VsStudySheet *sheet);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (VsStudySheet, vs_study_sheet_free)

int      vs_study_sheet_get_n_pages    (VsStudySheet *sheet);
/* Diagrams on all pages (commented main-line moves + the final position). */
int      vs_study_sheet_get_n_diagrams (VsStudySheet *sheet);
/* Draws page (0-based) into cr, whose user units are points with the origin
 * at the page's top left corner. */
void     vs_study_sheet_draw_page      (VsStudySheet *sheet, cairo_t *cr, int page);
/* The same in steps of at most one diagram, for callers that must not block
 * long: *item starts at 0; TRUE while more of the page is left, FALSE once
 * the page and its footer are drawn. */
gboolean vs_study_sheet_draw_page_step (VsStudySheet *sheet, cairo_t *cr, int page, guint *item);

/* Writes the sheet as a PDF file; *n_pages / *n_diagrams (may be NULL) tell
 * what it holds. */
gboolean vs_study_sheet_write_pdf (VsGame *game, VsPaper paper, const char *filename,
                                   int *n_pages, int *n_diagrams, GError **error);

G_END_DECLS
