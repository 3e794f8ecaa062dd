/* vs-export-dialog.c — diagram and study-sheet exports of the study window. */
#include "config.h"
#include "vs-export-dialog.h"
#include "vs-move-notation.h"

#include <glib/gi18n.h>
#include <cairo-pdf.h>
#include <stdlib.h>
#include <string.h>

/* ---- Diagram ------------------------------------------------------------------ */

static gboolean
has_suffix_nocase (const char *path, const char *suffix)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);
  return g_str_has_suffix (lower, suffix);
}

char *
vs_export_diagram_file_name (const char *path, gboolean png)
{
  if (has_suffix_nocase (path, ".svg") || has_suffix_nocase (path, ".png"))
    return g_strdup (path);
  return g_strconcat (path, png ? ".png" : ".svg", NULL);
}

/* A clear message for the usual mistakes before any work: a missing folder,
 * a folder given as the file. */
static gboolean
check_target (const char *path, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_autofree char *name = g_filename_display_name (dir);
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT, _("The folder “%s” does not exist"), name);
      return FALSE;
    }
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autofree char *name = g_filename_display_name (path);
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR, _("“%s” is a folder"), name);
      return FALSE;
    }
  return TRUE;
}

gboolean
vs_export_diagram (VsBoardView *board, const char *path, int size, GError **error)
{
  g_return_val_if_fail (VS_IS_BOARD_VIEW (board), FALSE);
  if (!check_target (path, error))
    return FALSE;
  if (vs_board_view_get_position (board) == NULL)
    {
      g_set_error_literal (error, VS_DIAGRAM_ERROR, VS_DIAGRAM_ERROR_FORMAT,
                           _("There is no position on the board to export"));
      return FALSE;
    }
  return vs_board_view_export (board, path, size, error);
}

/* GtkFileChooserNative, deprecated in GTK 4.10: its replacement GtkFileDialog
 * (4.10) has no choices for the size or the paper, and GTK 4.8 is the target. */
G_GNUC_BEGIN_IGNORE_DEPRECATIONS

/* The sizes offered in the dialog (px, longer side); the default is added when
 * it is not one of them. */
static const int diagram_sizes[] = { 240, 480, 800, 1200, 1600, 2400 };

typedef struct {
  GtkWindow *parent;
  VsExportDiagramChosen diagram_chosen;
  VsExportSheetChosen sheet_chosen;
  gpointer data;
  GtkFileFilter *png_filter;   /* diagram: the PNG filter (no reference) */
  gboolean initial_png;        /* diagram: the suggested name was a PNG */
  int size;
} DialogData;

static void
dialog_data_free (DialogData *d)
{
  g_object_unref (d->parent);
  g_free (d);
}

static GtkFileFilter *
add_filter (GtkFileChooser *chooser, const char *name, const char *suffix, const char *mime)
{
  GtkFileFilter *f = gtk_file_filter_new ();
  gtk_file_filter_set_name (f, name);
  gtk_file_filter_add_suffix (f, suffix);
  gtk_file_filter_add_mime_type (f, mime);
  gtk_file_chooser_add_filter (chooser, f);
  g_object_unref (f);   /* the chooser holds it */
  return f;
}

static char *
chosen_path (GtkFileChooser *chooser)
{
  g_autoptr (GFile) file = gtk_file_chooser_get_file (chooser);
  return file ? g_file_get_path (file) : NULL;
}

static void
diagram_response (GtkNativeDialog *dialog, int response, DialogData *d)
{
  GtkFileChooser *chooser = GTK_FILE_CHOOSER (dialog);
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autofree char *path = chosen_path (chooser);
      if (path)
        {
          GtkFileFilter *filter = gtk_file_chooser_get_filter (chooser);
          gboolean png = filter && filter == d->png_filter;
          g_autofree char *name = NULL;
          /* A type picked in the filter list replaces the suggested extension
           * (the name was not retyped); an extension typed by the user wins. */
          if (filter && png != d->initial_png && has_suffix_nocase (path, d->initial_png ? ".png" : ".svg"))
            {
              g_autofree char *stem = g_strndup (path, strlen (path) - 4);
              name = g_strconcat (stem, png ? ".png" : ".svg", NULL);
            }
          else
            name = vs_export_diagram_file_name (path, png);
          const char *choice = gtk_file_chooser_get_choice (chooser, "size");
          int size = choice ? atoi (choice) : d->size;
          if (size < VS_EXPORT_MIN_SIZE || size > VS_EXPORT_MAX_SIZE)
            size = d->size;
          d->diagram_chosen (d->parent, name, size, d->data);
        }
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
  dialog_data_free (d);
}

void
vs_export_diagram_dialog (GtkWindow *parent, const char *suggested_name, int size,
                          VsExportDiagramChosen chosen, gpointer data)
{
  GtkFileChooserNative *fc = gtk_file_chooser_native_new (_("Export Diagram"), parent,
                                                          GTK_FILE_CHOOSER_ACTION_SAVE,
                                                          _("_Export"), _("_Cancel"));
  GtkFileChooser *chooser = GTK_FILE_CHOOSER (fc);
  DialogData *d = g_new0 (DialogData, 1);
  d->parent = g_object_ref (parent);
  d->diagram_chosen = chosen;
  d->data = data;
  d->size = CLAMP (size, VS_EXPORT_MIN_SIZE, VS_EXPORT_MAX_SIZE);

  gtk_file_chooser_set_current_name (chooser, suggested_name);
  add_filter (chooser, _("SVG image (vector)"), "svg", "image/svg+xml");
  d->png_filter = add_filter (chooser, _("PNG image"), "png", "image/png");
  d->initial_png = has_suffix_nocase (suggested_name, ".png");
  if (d->initial_png)
    gtk_file_chooser_set_filter (chooser, d->png_filter);

  /* Size choice: the default first (GTK 4.8 cannot preselect a choice:
   * gtk_file_chooser_set_choice() does not change its drop-down), then the
   * other offered sizes. */
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *labels = g_ptr_array_new_with_free_func (g_free);
  for (int i = -1; i < (int) G_N_ELEMENTS (diagram_sizes); i++)
    {
      int px = i < 0 ? d->size : diagram_sizes[i];
      if (i >= 0 && px == d->size)
        continue;
      g_ptr_array_add (ids, g_strdup_printf ("%d", px));
      /* Translators: an image size in pixels in the export dialog. */
      g_ptr_array_add (labels, g_strdup_printf (_("%d px"), px));
    }
  g_ptr_array_add (ids, NULL);
  g_ptr_array_add (labels, NULL);
  gtk_file_chooser_add_choice (chooser, "size", _("Image size:"),
                               (const char **) ids->pdata, (const char **) labels->pdata);
  g_ptr_array_unref (ids);
  g_ptr_array_unref (labels);

  g_signal_connect (fc, "response", G_CALLBACK (diagram_response), d);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (fc));
}

/* ---- Study sheet: dialog ---------------------------------------------------- */

char *
vs_export_sheet_file_name (const char *path)
{
  if (has_suffix_nocase (path, ".pdf"))
    return g_strdup (path);
  return g_strconcat (path, ".pdf", NULL);
}

static void
sheet_response (GtkNativeDialog *dialog, int response, DialogData *d)
{
  GtkFileChooser *chooser = GTK_FILE_CHOOSER (dialog);
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autofree char *path = chosen_path (chooser);
      if (path)
        {
          g_autofree char *name = vs_export_sheet_file_name (path);
          const char *choice = gtk_file_chooser_get_choice (chooser, "paper");
          VsPaper paper = choice && g_str_equal (choice, "letter") ? VS_PAPER_LETTER : VS_PAPER_A4;
          d->sheet_chosen (d->parent, name, paper, d->data);
        }
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
  dialog_data_free (d);
}

void
vs_export_sheet_dialog (GtkWindow *parent, const char *suggested_name, VsPaper paper,
                        VsExportSheetChosen chosen, gpointer data)
{
  GtkFileChooserNative *fc = gtk_file_chooser_native_new (_("Export Study Sheet"), parent,
                                                          GTK_FILE_CHOOSER_ACTION_SAVE,
                                                          _("_Export"), _("_Cancel"));
  GtkFileChooser *chooser = GTK_FILE_CHOOSER (fc);
  DialogData *d = g_new0 (DialogData, 1);
  d->parent = g_object_ref (parent);
  d->sheet_chosen = chosen;
  d->data = data;
  gtk_file_chooser_set_current_name (chooser, suggested_name);
  add_filter (chooser, _("PDF document"), "pdf", "application/pdf");
  /* the default paper first (see the size choice above) */
  gboolean letter = paper == VS_PAPER_LETTER;
  const char *ids[] = { letter ? "letter" : "a4", letter ? "a4" : "letter", NULL };
  const char *labels[] = { letter ? _("US Letter") : _("A4"), letter ? _("A4") : _("US Letter"), NULL };
  gtk_file_chooser_add_choice (chooser, "paper", _("Paper:"), ids, labels);
  g_signal_connect (fc, "response", G_CALLBACK (sheet_response), d);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (fc));
}

G_GNUC_END_IGNORE_DEPRECATIONS

/* ---- Study sheet: writing ------------------------------------------------------ */

/* The pages are drawn on the main loop (the diagrams' art cache is main-thread
 * only) into cairo recording surfaces, a few milliseconds per idle turn; a
 * worker thread then replays them onto the PDF surface (cairo_show_page, the
 * costly part: 20-40 ms a page) and the bytes go to the file through GIO. */
#define SHEET_STEP_BUDGET_US 8000

typedef struct {
  VsStudySheet    *sheet;
  double           width, height;
  char            *title;
  GPtrArray       *pages;     /* recording surfaces, one per page drawn */
  cairo_t         *cr;        /* on the page being drawn */
  int              page;
  guint            item;      /* where the page's drawing stands */
  int              n_pages;
  GFile           *file;
  char            *path;
} SheetJob;

static void
sheet_job_free (SheetJob *j)
{
  g_clear_pointer (&j->cr, cairo_destroy);
  g_clear_pointer (&j->pages, g_ptr_array_unref);
  g_clear_pointer (&j->sheet, vs_study_sheet_free);
  g_clear_object (&j->file);
  g_free (j->title);
  g_free (j->path);
  g_free (j);
}

static cairo_status_t
pdf_write (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append ((GByteArray *) closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static void
sheet_written (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GTask *task = user_data;
  SheetJob *j = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  if (!g_file_replace_contents_finish (G_FILE (source), result, NULL, &error))
    g_task_return_error (task, g_steal_pointer (&error));   /* GIO names the file */
  else
    g_task_return_int (task, j->n_pages);
  g_object_unref (task);
}

/* In a worker: the recorded pages onto a PDF surface (vector: the recordings
 * are replayed, not rasterised). */
static void
sheet_pdf_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  SheetJob *j = task_data;
  GByteArray *pdf = g_byte_array_new ();
  cairo_surface_t *surface = cairo_pdf_surface_create_for_stream (pdf_write, pdf, j->width, j->height);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, j->title);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "VariantStudy");
  cairo_t *cr = cairo_create (surface);
  for (guint i = 0; i < j->pages->len && !g_cancellable_is_cancelled (cancellable); i++)
    {
      cairo_set_source_surface (cr, g_ptr_array_index (j->pages, i), 0, 0);
      cairo_paint (cr);
      cairo_show_page (cr);
    }
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  cairo_status_t st = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (g_task_return_error_if_cancelled (task))
    g_byte_array_unref (pdf);
  else if (st != CAIRO_STATUS_SUCCESS)
    {
      g_byte_array_unref (pdf);
      g_task_return_new_error (task, VS_STUDY_SHEET_ERROR, VS_STUDY_SHEET_ERROR_WRITE,
                               _("Could not write “%s”: %s"), j->path, cairo_status_to_string (st));
    }
  else
    g_task_return_pointer (task, g_byte_array_free_to_bytes (pdf), (GDestroyNotify) g_bytes_unref);
}

static void
sheet_pdf_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GTask *task = user_data;   /* the export's task */
  SheetJob *j = g_task_get_task_data (task);
  GError *error = NULL;
  g_autoptr (GBytes) bytes = g_task_propagate_pointer (G_TASK (result), &error);
  if (bytes == NULL)
    {
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }
  g_file_replace_contents_bytes_async (j->file, bytes, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION,
                                       g_task_get_cancellable (task), sheet_written, task);
}

static gboolean
sheet_draw_step (gpointer user_data)
{
  GTask *task = user_data;
  SheetJob *j = g_task_get_task_data (task);
  if (g_task_return_error_if_cancelled (task))
    {
      g_object_unref (task);
      return G_SOURCE_REMOVE;
    }
  gint64 t0 = g_get_monotonic_time ();
  while (j->page < j->n_pages && g_get_monotonic_time () - t0 < SHEET_STEP_BUDGET_US)
    {
      if (j->cr == NULL)
        {
          cairo_rectangle_t extents = { 0, 0, j->width, j->height };
          cairo_surface_t *rec = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, &extents);
          g_ptr_array_add (j->pages, rec);
          j->cr = cairo_create (rec);
          j->item = 0;
        }
      if (!vs_study_sheet_draw_page_step (j->sheet, j->cr, j->page, &j->item))
        {
          g_clear_pointer (&j->cr, cairo_destroy);
          j->page++;
        }
    }
  if (j->page < j->n_pages)
    return G_SOURCE_CONTINUE;
  g_clear_pointer (&j->sheet, vs_study_sheet_free);
  /* the worker reads j->pages, j->title and j->path only; the export's task
   * keeps j alive until the worker's task has called back */
  GTask *pdf = g_task_new (NULL, g_task_get_cancellable (task), sheet_pdf_done, task);
  g_task_set_task_data (pdf, j, NULL);
  g_task_run_in_thread (pdf, sheet_pdf_thread);
  g_object_unref (pdf);
  return G_SOURCE_REMOVE;
}

static char *
sheet_title (VsGame *game)
{
  const char *white = vs_game_get_header (game, "White");
  const char *black = vs_game_get_header (game, "Black");
  if (white && black)
    return g_strdup_printf ("%s – %s", white, black);
  const char *event = vs_game_get_header (game, "Event");
  return g_strdup (event ? event : _("Study sheet"));
}

void
vs_export_sheet_async (gpointer source_object, VsGame *game, VsPaper paper, const char *path,
                       GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task = g_task_new (source_object, cancellable, callback, user_data);
  g_task_set_source_tag (task, vs_export_sheet_async);
  SheetJob *j = g_new0 (SheetJob, 1);
  g_task_set_task_data (task, j, (GDestroyNotify) sheet_job_free);
  j->path = g_strdup (path);
  j->file = g_file_new_for_path (path);

  GError *error = NULL;
  if (!check_target (path, &error))
    {
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }
  double w, h;
  vs_paper_size (paper, &w, &h);
  /* Laid out now: the sheet reads the game as it is. */
  g_autoptr (GSettings) settings = vs_move_notation_settings_new ();
  j->sheet = vs_study_sheet_new_full (game, w, h, vs_move_notation_get (settings, vs_game_get_variant (game)),
                                      &error);
  if (j->sheet == NULL)
    {
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }
  j->n_pages = vs_study_sheet_get_n_pages (j->sheet);
  j->width = w;
  j->height = h;
  j->title = sheet_title (game);
  j->pages = g_ptr_array_new_with_free_func ((GDestroyNotify) cairo_surface_destroy);
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, sheet_draw_step, task, NULL);
}

gboolean
vs_export_sheet_finish (GAsyncResult *result, int *n_pages, GError **error)
{
  g_return_val_if_fail (G_IS_TASK (result), FALSE);
  gssize n = g_task_propagate_int (G_TASK (result), error);
  if (n < 0)
    return FALSE;
  if (n_pages)
    *n_pages = (int) n;
  return TRUE;
}
