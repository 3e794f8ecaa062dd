/* test-app-notation.c — issue 18: the move list in the notation chosen in
 * Preferences.  Janggi in Western SAN, Korean coordinates with Hangul
 * pieces (79졸78) and with Hanja pieces (79卒78), a pass as 한수쉼 in the
 * Korean ones; Chartima in record notation and with Japanese piece names;
 * the Preferences drop-down writes the "move-notations" key.  Renders the
 * window and the dialog to PNG under build/screenshots (LANGUAGE in the
 * name). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "test-app-util.h"
#include "vs-move-notation.h"
#include "vs-preferences-dialog.h"

static char *tmpdir;

static void
shot (GtkWidget *w, const char *what)
{
  app_test_shot (w, "notation", what);
}

static GSettings *
settings (void)
{
  return vs_application_get_settings (app_test_application ());
}

static void
new_game (VsWindow *win, const VsVariant *v)
{
  app_test_action (win, "win.new-game-from", g_variant_new ("(ss)", v->id, v->start_fen));
  app_test_run (100);
  g_assert_true (vs_game_get_variant (vs_window_get_game (win)) == v);
}

/* Plays the move given in engine notation (through win.play-move, as SAN). */
static void
play (VsWindow *win, const char *uci)
{
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  g_assert_true (vs_game_node_position (vs_window_get_cursor (win), pos));
  VsMove m;
  g_autoptr (GError) error = NULL;
  g_assert_true (vs_move_parse (pos, uci, VS_NOTATION_UCI, &m, NULL, &error));
  char san[VS_MOVE_TEXT_MAX];
  vs_move_write (pos, m, VS_NOTATION_SAN, san);
  app_test_action (win, "win.play-move", g_variant_new_string (san));
  app_test_run (50);
}

static void
choose (const VsVariant *v, const char *id)
{
  vs_move_notation_set (settings (), v, id);
  app_test_run (100);
}

static void
assert_shown (VsWindow *win, const char *const *words, gboolean present)
{
  g_autofree char *text = vs_window_get_move_text (win);
  for (guint i = 0; words[i]; i++)
    if ((strstr (text, words[i]) != NULL) != present)
      g_error ("“%s” %s in the move list “%s”", words[i], present ? "missing" : "unexpected", text);
}

static GtkDropDown *
notation_dropdown (GtkWidget *w, const char *name)
{
  if (GTK_IS_DROP_DOWN (w) && g_strcmp0 (gtk_widget_get_name (w), name) == 0)
    return GTK_DROP_DOWN (w);
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkDropDown *d = notation_dropdown (c, name);
      if (d)
        return d;
    }
  return NULL;
}

static void
test_janggi (void)
{
  VsWindow *win = app_test_window ();
  new_game (win, &vs_variant_janggi);
  play (win, "i4h4");
  play (win, "i7h7");
  play (win, "h1g3");
  app_test_action (win, "win.pass", NULL);
  app_test_run (100);

  const char *hangul[] = { "79졸78", "49병48", "08마87", "한수쉼", NULL };
  const char *hanja[] = { "79卒78", "49兵48", "08馬87", "한수쉼", NULL };
  const char *pass_word = g_dgettext (GETTEXT_PACKAGE, "Pass");
  const char *san[] = { "Pih4", "Pih7", "Hg3", pass_word, NULL };

  choose (&vs_variant_janggi, "san");
  assert_shown (win, san, TRUE);
  assert_shown (win, hangul, FALSE);
  shot (GTK_WIDGET (win), "janggi-san");

  choose (&vs_variant_janggi, "korean-hangul");
  assert_shown (win, hangul, TRUE);
  const char *no_san[] = { "Pih4", "Hg3", NULL };
  assert_shown (win, no_san, FALSE);
  shot (GTK_WIDGET (win), "janggi-korean-hangul");

  choose (&vs_variant_janggi, "korean-hanja");
  assert_shown (win, hanja, TRUE);
  const char *no_hangul[] = { "79졸78", "08마87", NULL };
  assert_shown (win, no_hangul, FALSE);
  shot (GTK_WIDGET (win), "janggi-korean-hanja");

  /* the casual rule set is the same game: the same choice */
  VsWindow *win2 = app_test_window ();
  new_game (win2, &vs_variant_janggi_casual);
  play (win2, "i4h4");
  const char *one[] = { "79卒78", NULL };
  assert_shown (win2, one, TRUE);
  gtk_window_destroy (GTK_WINDOW (win2));

  /* Preferences: the Janggi drop-down lists the three and writes the key */
  VsPreferencesDialog *dlg = vs_preferences_dialog_new (GTK_WINDOW (win), settings ());
  gtk_window_present (GTK_WINDOW (dlg));
  app_test_run (200);
  /* no two rows of the Appearance page share a cell (the notation rows come
   * after the template's rows, however many those are) */
  GtkWidget *grid = app_test_find_widget (GTK_WIDGET (dlg), GTK_TYPE_GRID);
  g_assert_nonnull (grid);
  g_autoptr (GHashTable) cells = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (GtkWidget *c = gtk_widget_get_first_child (grid); c; c = gtk_widget_get_next_sibling (c))
    {
      int col, top;
      gtk_grid_query_child (GTK_GRID (grid), c, &col, &top, NULL, NULL);
      gpointer key = GINT_TO_POINTER (top * 16 + col + 1);
      g_assert_false (g_hash_table_contains (cells, key));
      g_hash_table_add (cells, key);
    }
  GtkDropDown *dd = notation_dropdown (GTK_WIDGET (dlg), "janggi");
  g_assert_nonnull (dd);
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (dd)), ==, 3);
  g_assert_cmpuint (gtk_drop_down_get_selected (dd), ==, 2);
  gtk_drop_down_set_selected (dd, 1);
  app_test_run (100);
  g_assert_cmpint (vs_move_notation_get (settings (), &vs_variant_janggi), ==, VS_NOTATION_KOREAN);
  const char *one_hangul[] = { "79졸78", NULL };
  assert_shown (win, one_hangul, TRUE);
  shot (GTK_WIDGET (dlg), "preferences");
  /* and follows the key */
  choose (&vs_variant_janggi, "san");
  g_assert_cmpuint (gtk_drop_down_get_selected (dd), ==, 0);
  gtk_window_destroy (GTK_WINDOW (dlg));
  gtk_window_destroy (GTK_WINDOW (win));
}

static void
test_chartima (void)
{
  VsWindow *win = app_test_window ();
  new_game (win, &vs_variant_chartima);
  play (win, "d3d4");
  play (win, "e8e6");
  /* the move list keeps a move on one line: no-break spaces */
  const char *record[] = { "P\u00a0D3", "P\u00a0E8", NULL };
  const char *japanese[] = { "歩兵\u00a0D3", "歩兵\u00a0E8", NULL };
  choose (&vs_variant_chartima, "record");
  assert_shown (win, record, TRUE);
  assert_shown (win, japanese, FALSE);
  choose (&vs_variant_chartima, "japanese");
  assert_shown (win, japanese, TRUE);
  assert_shown (win, record, FALSE);
  shot (GTK_WIDGET (win), "chartima-japanese");
  choose (&vs_variant_chartima, "record");
  gtk_window_destroy (GTK_WINDOW (win));
}

int
main (int argc, char *argv[])
{
  tmpdir = g_dir_make_tmp ("vs-app-notation-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", tmpdir, TRUE);
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("VS_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  gtk_test_init (&argc, &argv, NULL);
  app_test_application ();
  g_test_add_func ("/app/notation/janggi", test_janggi);
  g_test_add_func ("/app/notation/chartima", test_chartima);
  int status = g_test_run ();
  g_free (tmpdir);
  return status;
}
