/* test-app-i18n.c — with LANGUAGE=ja the window speaks Japanese; renders
 * the window to PNG in the language of the run (English and Japanese runs). */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "test-app-util.h"
#include "vs-move-tree-view.h"
#include "vs-new-game-dialog.h"
#include "vs-preferences-dialog.h"
#include "vs-setup-editor.h"
#include "vs-test-locale.h"
#include "vs-board-view.h"

static gboolean
has_japanese (const char *text)
{
  for (const char *p = text; p && *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      if ((c >= 0x3040 && c <= 0x30ff) || (c >= 0x4e00 && c <= 0x9fff))
        return TRUE;
    }
  return FALSE;
}

/* Texts of every label, button and tooltip under widget. */
/* The first submenu in model (the move list's "Annotation"). */
static GMenuModel *
find_submenu (GMenuModel *model)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      GMenuModel *sub = g_menu_model_get_item_link (model, i, G_MENU_LINK_SUBMENU);
      if (sub)
        return sub;
      g_autoptr (GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);
      if (section && (sub = find_submenu (section)))
        return sub;
    }
  return NULL;
}

static void
collect_texts (GtkWidget *widget, GPtrArray *out)
{
  if (GTK_IS_LABEL (widget))
    g_ptr_array_add (out, g_strdup (gtk_label_get_label (GTK_LABEL (widget))));
  if (GTK_IS_BUTTON (widget) && gtk_button_get_label (GTK_BUTTON (widget)))
    g_ptr_array_add (out, g_strdup (gtk_button_get_label (GTK_BUTTON (widget))));
  if (gtk_widget_get_tooltip_text (widget))
    g_ptr_array_add (out, g_strdup (gtk_widget_get_tooltip_text (widget)));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    collect_texts (c, out);
}

static void
test_language (void)
{
  const char *lang = g_getenv ("LANGUAGE");
  gboolean ja = lang && g_str_has_prefix (lang, "ja");

  VsWindow *win = app_test_window ();
  gboolean ok = FALSE;
  vs_window_load_startup (win);
  g_assert_true (app_test_wait_signal (win, "loaded", 20000, &ok));
  g_assert_true (ok);
  app_test_run (300);

  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  collect_texts (GTK_WIDGET (win), texts);
  GtkWidget *titlebar = gtk_window_get_titlebar (GTK_WINDOW (win));
  collect_texts (titlebar, texts);
  guint n_ja = 0;
  for (guint i = 0; i < texts->len; i++)
    if (has_japanese (g_ptr_array_index (texts, i)))
      {
        n_ja++;
        g_test_message ("Japanese: %s", (char *) g_ptr_array_index (texts, i));
      }
  gboolean found_open = FALSE;
  for (guint i = 0; i < texts->len; i++)
    if (strstr (g_ptr_array_index (texts, i), ja ? "開く" : "_Open"))
      found_open = TRUE;
  g_assert_true (found_open);
  if (ja)
    g_assert_cmpuint (n_ja, >=, 5);
  else
    g_assert_cmpuint (n_ja, ==, 0);

  /* Screenshots at the default size and at the smallest supported size. */
  const char *dir = g_getenv ("VS_SCREENSHOT_DIR");
  if (dir)
    {
      g_mkdir_with_parents (dir, 0755);
      const struct { const char *name; int w, h; } sizes[] = { { "study", 1180, 760 }, { "small", 1024, 700 } };
      for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
        {
          gtk_window_set_default_size (GTK_WINDOW (win), sizes[i].w, sizes[i].h);
          app_test_action (win, "win.go-first", NULL);
          for (int k = 0; k < 9; k++)
            app_test_action (win, "win.go-next", NULL);
          app_test_run (500);
          g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (win)), <=, sizes[i].w + 1);
          g_autofree char *name = g_strdup_printf ("%s-%s.png", sizes[i].name, ja ? "ja" : "en");
          g_autofree char *path = g_build_filename (dir, name, NULL);
          g_autoptr (GError) error = NULL;
          g_assert_true (app_test_screenshot (GTK_WIDGET (win), path, &error));
          g_assert_no_error (error);
        }

      /* A Crazyhouse game with the record's evaluations in the graph and
       * the engine analysing. */
      gtk_window_set_default_size (GTK_WINDOW (win), 1180, 760);
      g_autofree char *zh = app_test_data ("records/crazyhouse/lichess-2018-jannlee-crazyara.pgn");
      app_test_open (win, zh);
      for (int k = 0; k < 24; k++)
        app_test_action (win, "win.go-next", NULL);
      app_test_action (win, "win.analyse", NULL);
      for (int k = 0; k < 40 && vs_window_get_n_analysis_reports (win) < 4; k++)
        app_test_run (100);
      app_test_run (300);
      g_autofree char *name = g_strdup_printf ("analysis-%s.png", ja ? "ja" : "en");
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr (GError) error = NULL;
      g_assert_true (app_test_screenshot (GTK_WIDGET (win), path, &error));
      g_assert_no_error (error);
      app_test_action (win, "win.analyse", NULL);

      /* The move list's Annotation menu (issue 21: ⩲ ⩱ were empty boxes). */
      GtkWidget *tree = app_test_find_widget (GTK_WIDGET (win), VS_TYPE_MOVE_TREE_VIEW);
      GtkWidget *tree_menu = app_test_find_widget (tree, GTK_TYPE_POPOVER_MENU);
      g_assert_nonnull (tree_menu);
      g_autoptr (GMenuModel) nags = find_submenu (gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (tree_menu)));
      g_assert_nonnull (nags);
      GtkWidget *nag_menu = gtk_popover_menu_new_from_model (nags);
      gtk_widget_set_parent (nag_menu, tree);
      gtk_popover_popup (GTK_POPOVER (nag_menu));
      app_test_run (400);
      g_autofree char *mname = g_strdup_printf ("annotation-menu-%s.png", ja ? "ja" : "en");
      g_autofree char *mpath = g_build_filename (dir, mname, NULL);
      g_autoptr (GError) merror = NULL;
      g_assert_true (app_test_screenshot (nag_menu, mpath, &merror));
      gtk_popover_popdown (GTK_POPOVER (nag_menu));
      gtk_widget_unparent (nag_menu);

      /* Issue 20: the 3-D view of the four variants mid-game (twelve plies
       * chosen from the legal moves), then the seven new themes and piece
       * sets (English run only). */
      GSettings *st = vs_application_get_settings (app_test_application ());
      g_settings_set_boolean (st, "board-3d", TRUE);
      const char *ids[] = { "crazyhouse", "chartima", "janggi", "strato" };
      for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
        {
          VsWindow *w3 = app_test_window ();
          gtk_window_set_default_size (GTK_WINDOW (w3), 1180, 760);
          g_autofree VsPosition *p = g_new0 (VsPosition, 1);
          g_assert_true (vs_position_init (p, vs_variant_lookup (ids[i]), NULL, NULL));
          g_autofree char *start = vs_position_to_string (p);
          app_test_action (w3, "win.new-game-from", g_variant_new ("(ss)", ids[i], start));
          app_test_run (200);
          VsBoardView *bv = VS_BOARD_VIEW (vs_window_get_board (w3));
          g_assert_true (vs_board_view_get_three_d (bv));
          g_assert_nonnull (vs_board_view_get_position (bv));
          g_assert_true (vs_board_view_get_position (bv)->variant == p->variant);
          for (int ply = 0; ply < 12; ply++)
            {
              VsMove moves[VS_MAX_MOVES];
              int n = vs_position_generate (p, VS_GEN_ALL, moves);
              if (n == 0)
                break;
              VsMove m = moves[(ply * 7 + 3) % n];
              char text[VS_MOVE_TEXT_MAX];
              vs_move_write (p, m, VS_NOTATION_UCI, text);
              app_test_action (w3, "win.play-move", g_variant_new_string (text));
              vs_position_play (p, m);
            }
          app_test_run (400);
          g_autofree char *n3 = g_strdup_printf ("3d-%s-%s.png", ids[i], ja ? "ja" : "en");
          g_autofree char *p3 = g_build_filename (dir, n3, NULL);
          g_autoptr (GError) e3 = NULL;
          g_assert_true (app_test_screenshot (GTK_WIDGET (w3), p3, &e3));
          g_assert_no_error (e3);
          if (!ja && i == 0)
            {
              const char *themes[] = { "felt", "marble", "sandstone", "glacier", "amber", "tidepool", "chamber" };
              for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
                for (int d3 = 0; d3 < 2; d3++)
                  {
                    g_settings_set_boolean (st, "board-3d", d3);
                    g_settings_set_string (st, "board-theme", themes[t]);
                    g_settings_set_string (st, "piece-set-western", themes[t]);
                    app_test_run (300);
                    g_assert_cmpstr (vs_board_view_get_theme (bv), ==, themes[t]);
                    g_assert_cmpstr (vs_board_view_get_piece_set (bv), ==, themes[t]);
                    g_autofree char *nt = g_strdup_printf ("theme-%s-%s.png", themes[t], d3 ? "3d" : "2d");
                    g_autofree char *pt = g_build_filename (dir, nt, NULL);
                    g_autoptr (GError) et = NULL;
                    g_assert_true (app_test_screenshot (GTK_WIDGET (w3), pt, &et));
                  }
              g_settings_set_boolean (st, "board-3d", TRUE);
            }
          gtk_window_destroy (GTK_WINDOW (w3));
        }
      g_settings_reset (st, "board-3d");
      g_settings_reset (st, "board-theme");
      g_settings_reset (st, "piece-set-western");

      /* The dialogs. */
      GtkWidget *dialogs[4];
      const char *names[4] = { "preferences", "new-game", "setup", "shortcuts" };
      dialogs[0] = GTK_WIDGET (vs_preferences_dialog_new (GTK_WINDOW (win),
                                  vs_application_get_settings (app_test_application ())));
      dialogs[1] = GTK_WIDGET (vs_new_game_dialog_new (GTK_WINDOW (win), NULL));
      dialogs[2] = GTK_WIDGET (vs_setup_editor_new (GTK_WINDOW (win), vs_variant_lookup ("janggi"), NULL));
      dialogs[3] = GTK_WIDGET (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (win)));
      GLogLevelFlags fatal = 0;
      g_assert_nonnull (dialogs[3]);
      for (guint i = 0; i < G_N_ELEMENTS (dialogs); i++)
        {
          /* GTK 4.8's shortcuts window measures one of its own labels at
           * -4 px under the default theme (a plain GTK program shows the
           * same warning; GTK clamps it): warnings are not fatal while it
           * is shown. */
          if (i == 3)
            fatal = g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
          gtk_window_present (GTK_WINDOW (dialogs[i]));
          app_test_run (400);
          g_autofree char *dname = g_strdup_printf ("%s-%s.png", names[i], ja ? "ja" : "en");
          g_autofree char *dpath = g_build_filename (dir, dname, NULL);
          g_autoptr (GError) derror = NULL;
          g_assert_true (app_test_screenshot (dialogs[i], dpath, &derror));
          if (i < 3)
            gtk_window_destroy (GTK_WINDOW (dialogs[i]));
          else
            gtk_widget_set_visible (dialogs[i], FALSE);
        }
      g_log_set_always_fatal (fatal);
    }
  gtk_window_destroy (GTK_WINDOW (win));
}

int
main (int argc, char *argv[])
{
  g_autofree char *tmpdir = g_dir_make_tmp ("vs-app-i18n-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", tmpdir, TRUE);
  vs_test_bind_catalogue (GETTEXT_PACKAGE);
  gtk_test_init (&argc, &argv, NULL);
  app_test_application ();
  g_test_add_func ("/app/i18n/language", test_language);
  return g_test_run ();
}
