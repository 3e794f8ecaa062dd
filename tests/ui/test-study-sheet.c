/* test-study-sheet.c — the PDF study sheet and its print path.
 *
 *  - the reference Crazyhouse records (with comments) become PDFs through
 *    `variant-study-cli sheet`; pdfinfo (poppler) reads one page or more of
 *    the requested paper, and pdftotext finds one diagram caption per
 *    commented main-line move plus the final position (counted here from
 *    the game tree, independently of the sheet);
 *  - games built here: diagrams exactly where the comments are;
 *  - bad arguments give clear errors;
 *  - under a display, GtkPrintOperation (export action) draws the same
 *    number of pages. */
#include "config.h"
#include "vs-study-sheet.h"
#include "vs-study-print.h"
#include "vs-record.h"
#include "vs-game-collection.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

static char *tmpdir;

static char *
records_dir (void)
{
  const char *dir = g_getenv ("VS_TEST_DATA_DIR");
  return g_build_filename (dir ? dir : TEST_DATA_DIR, "records", "crazyhouse", NULL);
}

/* Runs a command; returns its exit status, stdout and stderr. */
static int
run (const char *const *argv, char **out, char **err)
{
  int status = 0;
  g_autoptr(GError) error = NULL;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               out, err, &status, &error));
  g_assert_no_error (error);
  if (WIFEXITED (status))
    return WEXITSTATUS (status);
  return -1;
}

static int
pdf_pages (const char *pdf, char **page_size)
{
  g_autofree char *out = NULL, *err = NULL;
  const char *argv[] = { "pdfinfo", pdf, NULL };
  g_assert_cmpint (run (argv, &out, &err), ==, 0);
  g_autoptr(GMatchInfo) mi = NULL;
  g_autoptr(GRegex) re = g_regex_new ("^Pages:\\s+(\\d+)", G_REGEX_MULTILINE, 0, NULL);
  g_assert_true (g_regex_match (re, out, 0, &mi));
  g_autofree char *n = g_match_info_fetch (mi, 1);
  if (page_size)
    {
      g_autoptr(GMatchInfo) mi2 = NULL;
      g_autoptr(GRegex) re2 = g_regex_new ("^Page size:\\s+(.*)$", G_REGEX_MULTILINE, 0, NULL);
      g_assert_true (g_regex_match (re2, out, 0, &mi2));
      *page_size = g_match_info_fetch (mi2, 1);
    }
  return atoi (n);
}

/* Diagram captions in the PDF's text, checked to be numbered 1, 2, 3… */
static int
pdf_diagrams (const char *pdf)
{
  g_autofree char *out = NULL, *err = NULL;
  const char *argv[] = { "pdftotext", "-enc", "UTF-8", pdf, "-", NULL };
  g_assert_cmpint (run (argv, &out, &err), ==, 0);
  g_autoptr(GRegex) re = g_regex_new ("Diagram (\\d+): (after|final position|start position)", 0, 0, NULL);
  g_autoptr(GMatchInfo) mi = NULL;
  int n = 0;
  g_regex_match (re, out, 0, &mi);
  while (g_match_info_matches (mi))
    {
      g_autofree char *num = g_match_info_fetch (mi, 1);
      g_assert_cmpint (atoi (num), ==, n + 1);
      n++;
      g_match_info_next (mi, NULL);
    }
  return n;
}

/* Expected diagrams, from the game tree: commented main-line moves, and the
 * end unless its move is commented. */
static int
expected_diagrams (VsGame *game)
{
  int n = 0;
  gboolean end_commented = FALSE;
  for (VsGameNode *node = vs_game_node_get_main_child (vs_game_get_root (game)); node;
       node = vs_game_node_get_main_child (node))
    {
      const char *c = vs_game_node_get_comment_after (node);
      end_commented = c && *c;
      n += end_commented;
    }
  return n + !end_commented;
}

static VsGame *
read_first_game (const char *path)
{
  g_autoptr(VsGameCollection) games = vs_game_collection_new ();
  VsRecordOptions opts = { 0 };
  g_autoptr(GError) error = NULL;
  g_assert_true (vs_record_read_file (path, &opts, games, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (vs_game_collection_get_n_games (games), >=, 1);
  return g_object_ref (vs_game_collection_get_game (games, 0));
}

static void
test_reference_records (void)
{
  const char *cli = g_getenv ("VS_CLI");
  g_assert_nonnull (cli);
  g_autofree char *dir = records_dir ();
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (d);
  const char *name;
  int n_files = 0, total_diagrams = 0;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      if (!g_str_has_suffix (name, ".pgn"))
        continue;
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(VsGame) game = read_first_game (path);
      int want = expected_diagrams (game);
      for (int paper = 0; paper < 2; paper++)
        {
          g_autofree char *pdf = g_strdup_printf ("%s/%s-%d.pdf", tmpdir, name, paper);
          const char *argv[] = { cli, "sheet", path, "--paper", paper ? "letter" : "a4", "-o", pdf, NULL };
          g_autofree char *out = NULL, *err = NULL;
          int st = run (argv, &out, &err);
          if (st != 0)
            g_error ("sheet %s: exit %d: %s", name, st, err);
          g_autofree char *size = NULL;
          int pages = pdf_pages (pdf, &size);
          int diagrams = pdf_diagrams (pdf);
          g_test_message ("%s (%s): %d pages, %d diagrams (%d expected), %s", name,
                          paper ? "letter" : "a4", pages, diagrams, want, out);
          g_assert_cmpint (pages, >=, 1);
          g_assert_cmpint (diagrams, ==, want);
          g_assert_nonnull (strstr (size, paper ? "(letter)" : "(A4)"));
          /* what the CLI says matches the file */
          g_autofree char *said = g_strdup_printf ("%s: %d pages, %d diagrams", pdf, pages, diagrams);
          g_assert_nonnull (strstr (out, said));
          /* the library gives the same layout */
          double w, h;
          vs_paper_size (paper ? VS_PAPER_LETTER : VS_PAPER_A4, &w, &h);
          g_autoptr(VsStudySheet) sh = vs_study_sheet_new (game, w, h, NULL);
          g_assert_cmpint (vs_study_sheet_get_n_pages (sh), ==, pages);
          g_assert_cmpint (vs_study_sheet_get_n_diagrams (sh), ==, want);
          if (paper == 0 && g_getenv ("VS_GALLERY_DIR"))
            {
              /* first page as PNG, for looking at */
              g_mkdir_with_parents (g_getenv ("VS_GALLERY_DIR"), 0755);
              g_autofree char *stem = g_strdup_printf ("%s/sheet-%s", g_getenv ("VS_GALLERY_DIR"), name);
              const char *pp[] = { "pdftoppm", "-png", "-r", "72", "-f", "1", "-l", "1", "-singlefile",
                                   pdf, stem, NULL };
              g_autofree char *o2 = NULL, *e2 = NULL;
              g_assert_cmpint (run (pp, &o2, &e2), ==, 0);
            }
          g_unlink (pdf);
          total_diagrams += diagrams;
        }
      n_files++;
    }
  g_assert_cmpint (n_files, >=, 3);
  /* these records have comments: more diagrams than files */
  g_assert_cmpint (total_diagrams, >, 2 * 2 * n_files);
}

/* Page 1 is not blank: pdftoppm renders ink in the text area. */
static void
test_page_has_ink (void)
{
  g_autoptr(VsGame) game = vs_game_new (&vs_variant_crazyhouse, NULL, NULL);
  VsGameNode *n = vs_game_get_root (game);
  const char *moves[] = { "e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6" };
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    n = vs_game_add_move_text (game, n, moves[i], NULL, NULL);
  g_autofree char *pdf = g_build_filename (tmpdir, "ink.pdf", NULL);
  int pages = 0, diagrams = 0;
  g_autoptr(GError) error = NULL;
  g_assert_true (vs_study_sheet_write_pdf (game, VS_PAPER_A4, pdf, &pages, &diagrams, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pages, ==, 1);
  g_assert_cmpint (diagrams, ==, 1);     /* no comments: the final position only */
  g_autofree char *stem = g_build_filename (tmpdir, "ink", NULL);
  const char *pp[] = { "pdftoppm", "-png", "-r", "72", "-singlefile", pdf, stem, NULL };
  g_autofree char *o = NULL, *e = NULL;
  g_assert_cmpint (run (pp, &o, &e), ==, 0);
  g_autofree char *png = g_strconcat (stem, ".png", NULL);
  cairo_surface_t *s = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  int w = cairo_image_surface_get_width (s), h = cairo_image_surface_get_height (s);
  int stride = cairo_image_surface_get_stride (s);
  const guint8 *data = cairo_image_surface_get_data (s);
  long dark = 0, left = 0, right = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        const guint8 *p = data + y * stride + 4 * x;
        gboolean d = (p[0] + p[1] + p[2]) < 300;
        dark += d;
        /* headers and moves on the left, the diagram on the right half */
        if (d)
          {
            left += x < w / 2;
            right += x >= w / 2;
          }
      }
  g_test_message ("page 1: %d×%d px, %ld dark (%ld left, %ld right)", w, h, dark, left, right);
  g_assert_cmpint (dark, >, w * h / 300);
  g_assert_cmpint (left, >, 300);           /* the headers and moves */
  g_assert_cmpint (right, >, 1000);         /* the diagram's pieces and frame */
  g_assert_cmpint (dark, <, w * h / 2);     /* not a black page */
  cairo_surface_destroy (s);
  g_unlink (png);
  g_unlink (pdf);
}

/* Diagrams exactly at the commented moves, and one at the end unless the
 * last move is commented; the text keeps the comments. */
static void
test_built_games (void)
{
  for (int variant = 0; variant < 2; variant++)
    {
      const VsVariant *v = variant ? &vs_variant_janggi : &vs_variant_crazyhouse;
      const char *moves_zh[] = { "e4", "e5", "Nf3", "Nc6", "Bb5", "a6" };
      const char *moves_jg[] = { "h1g3", "h10g8", "b1c3", "b10c8", "a4b4", "a7b7" };
      const char **moves = variant ? moves_jg : moves_zh;
      for (int last_commented = 0; last_commented < 2; last_commented++)
        {
          g_autoptr(VsGame) game = vs_game_new (v, NULL, NULL);
          vs_game_set_header (game, "White", "Anna");
          vs_game_set_header (game, "Black", "Ben");
          VsGameNode *n = vs_game_get_root (game);
          for (int i = 0; i < 6; i++)
            {
              g_autoptr(GError) error = NULL;
              n = vs_game_add_move_text (game, n, moves[i], NULL, &error);
              g_assert_no_error (error);
              if (i == 1 || i == 2)
                vs_game_node_set_comment_after (game, n, i == 1 ? "A good reply." : "日本語のコメント");
              if (i == 5 && last_commented)
                vs_game_node_set_comment_after (game, n, "The end.");
            }
          g_autofree char *pdf = g_build_filename (tmpdir, "built.pdf", NULL);
          int pages = 0, diagrams = 0;
          g_autoptr(GError) error = NULL;
          g_assert_true (vs_study_sheet_write_pdf (game, VS_PAPER_LETTER, pdf, &pages, &diagrams, &error));
          g_assert_cmpint (diagrams, ==, 3);   /* two comments, and the end (commented or not) */
          g_assert_cmpint (diagrams, ==, expected_diagrams (game));
          g_assert_cmpint (pdf_diagrams (pdf), ==, diagrams);
          g_assert_cmpint (pdf_pages (pdf, NULL), ==, pages);
          const char *argv[] = { "pdftotext", "-enc", "UTF-8", pdf, "-", NULL };
          g_autofree char *out = NULL, *err = NULL;
          g_assert_cmpint (run (argv, &out, &err), ==, 0);
          /* captions may wrap under narrow diagrams: one space for any white space */
          g_autoptr(GRegex) ws = g_regex_new ("\\s+", 0, 0, NULL);
          g_autofree char *flat = g_regex_replace_literal (ws, out, -1, 0, " ", 0, NULL);
          g_free (out);
          out = g_steal_pointer (&flat);
          g_assert_nonnull (strstr (out, "A good reply."));
          /* issue 18: a variant with its own side names shows them (Cho Anna – Han Ben) */
          g_autofree char *title = v->side_names[0]
            ? g_strdup_printf ("%s Anna – %s Ben", vs_variant_side_name (v, VS_WHITE),
                               vs_variant_side_name (v, VS_BLACK))
            : g_strdup ("Anna – Ben");
          if (strstr (out, title) == NULL)
            g_error ("%s: no “%s” in the sheet", v->id, title);
          if (v->side_names[0])
            g_assert_nonnull (strstr (out, "Cho Anna – Han Ben"));
          g_assert_nonnull (strstr (out, "Diagram 1: after 1..."));
          g_assert_nonnull (strstr (out, last_commented ? "Diagram 3: after 3..." : "Diagram 3: final position after 3..."));
          g_unlink (pdf);
        }
    }
  /* no moves: the start position */
  g_autoptr(VsGame) empty = vs_game_new (&vs_variant_strato, NULL, NULL);
  g_autoptr(VsStudySheet) sh = vs_study_sheet_new (empty, 595, 842, NULL);
  g_assert_cmpint (vs_study_sheet_get_n_diagrams (sh), ==, 1);
  g_assert_cmpint (vs_study_sheet_get_n_pages (sh), ==, 1);
}

static void
test_errors (void)
{
  const char *cli = g_getenv ("VS_CLI");
  g_autofree char *dir = records_dir ();
  g_autofree char *path = g_build_filename (dir, "lichess-2016-saturs-jannlee.pgn", NULL);
  g_autofree char *pdf = g_build_filename (tmpdir, "err.pdf", NULL);
  struct { const char *args[4]; int status; const char *message; } cases[] = {
    { { "--paper", "a5", NULL }, 2, "a4 or letter" },
    { { "--game", "7", NULL }, 2, "has 1 games" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *argv[] = { cli, "sheet", path, cases[i].args[0], cases[i].args[1], "-o", pdf, NULL };
      g_autofree char *out = NULL, *err = NULL;
      g_assert_cmpint (run (argv, &out, &err), ==, cases[i].status);
      g_assert_nonnull (strstr (err, cases[i].message));
      g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
    }
  const char *noout[] = { cli, "sheet", path, NULL };
  g_autofree char *o1 = NULL, *e1 = NULL;
  g_assert_cmpint (run (noout, &o1, &e1), ==, 2);
  const char *missing[] = { cli, "sheet", "/nonexistent/x.pgn", "-o", pdf, NULL };
  g_autofree char *o2 = NULL, *e2 = NULL;
  g_assert_cmpint (run (missing, &o2, &e2), ==, 1);
  /* an unwritable output */
  g_autoptr(VsGame) game = read_first_game (path);
  g_autoptr(GError) error = NULL;
  g_assert_false (vs_study_sheet_write_pdf (game, VS_PAPER_A4, "/nonexistent/dir/x.pdf", NULL, NULL, &error));
  g_assert_error (error, VS_STUDY_SHEET_ERROR, VS_STUDY_SHEET_ERROR_WRITE);
  g_clear_error (&error);
  g_assert_null (vs_study_sheet_new (game, 100, 100, &error));
  g_assert_error (error, VS_STUDY_SHEET_ERROR, VS_STUDY_SHEET_ERROR_PAPER);
}

/* The print path draws the same pages (GtkPrintOperation exporting a PDF). */
static void
test_print_operation (void)
{
  g_autofree char *dir = records_dir ();
  g_autofree char *path = g_build_filename (dir, "lichess-2017-knightvuillaume-jannlee.pgn", NULL);
  g_autoptr(VsGame) game = read_first_game (path);
  for (int paper = 0; paper < 2; paper++)
    {
      g_autoptr(GtkPrintOperation) op = vs_study_print_operation_new (game, paper);
      g_autofree char *pdf = g_build_filename (tmpdir, "print.pdf", NULL);
      gtk_print_operation_set_export_filename (op, pdf);
      g_autoptr(GError) error = NULL;
      GtkPrintOperationResult r = gtk_print_operation_run (op, GTK_PRINT_OPERATION_ACTION_EXPORT, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpint (r, ==, GTK_PRINT_OPERATION_RESULT_APPLY);
      double w, h;
      vs_paper_size (paper, &w, &h);
      g_autoptr(VsStudySheet) sh = vs_study_sheet_new (game, w, h, NULL);
      g_autofree char *size = NULL;
      int pages = pdf_pages (pdf, &size);
      g_test_message ("print export (%s): %d pages, %s", paper ? "letter" : "a4", pages, size);
      g_assert_cmpint (pages, ==, vs_study_sheet_get_n_pages (sh));
      g_assert_cmpint (pdf_diagrams (pdf), ==, expected_diagrams (game));
      g_unlink (pdf);
    }
}

int
main (int argc, char **argv)
{
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  g_setenv ("GTK_A11Y", "none", FALSE);
  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("vs-sheet-XXXXXX", NULL);
  g_test_add_func ("/study-sheet/reference-records", test_reference_records);
  g_test_add_func ("/study-sheet/page-has-ink", test_page_has_ink);
  g_test_add_func ("/study-sheet/built-games", test_built_games);
  g_test_add_func ("/study-sheet/errors", test_errors);
  if (gtk_init_check ())
    g_test_add_func ("/study-sheet/print-operation", test_print_operation);
  else
    g_test_message ("no display: the print test needs xvfb-run -a");
  int r = g_test_run ();
  g_rmdir (tmpdir);
  g_free (tmpdir);
  return r;
}
