/* vs-window.c — the study window: board, move tree, headers and analysis.
 *
 * The window shows one game of a record file (a VsGameCollection) and a
 * cursor, the node whose position is on the board.  Every command is a
 * window action installed on the class (gtk_widget_class_install_action),
 * so menus, shortcuts, buttons and the tests all go through the same code.
 *
 * The window is the view of a VsDocument (vs-document.c: the collection,
 * its file and format, "modified", reading and writing in worker threads).
 * Edits: before each edit the game is recorded in a VsEditHistory (undo and
 * redo swap whole-game snapshots); after it the document is changed, and
 * the application's VsSession (vs-session.c) writes its autosave.
 *
 * The window's other parts, as GNOME Text Editor splits its window:
 * vs-window-actions.c (the commands), vs-window-files.c (open, save,
 * recovery, recent files), vs-window-analysis.c (engine wiring, Annotate
 * Game), vs-window-play.c (Play against the engine), vs-window-export.c
 * (diagrams, study sheets); vs-window-private.h is what they share. */
#include "config.h"

#include <glib/gi18n.h>

#include "vs-window-private.h"
#include "vs-window-remote.h"

guint vs_window_signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (VsWindow, vs_window, GTK_TYPE_APPLICATION_WINDOW)

static void show_analysis_changed (VsWindow *self);
static void info_bar_response_cb (VsWindow *self, int response);
static void save_window_state (VsWindow *self);

/* ---- Messages --------------------------------------------------------------- */

static void
clear_info_buttons (VsWindow *self)
{
  for (guint i = 0; i < self->info_buttons->len; i++)
    gtk_info_bar_remove_action_widget (self->info_bar, g_ptr_array_index (self->info_buttons, i));
  g_ptr_array_set_size (self->info_buttons, 0);
}

void
vs_window_show_message (VsWindow *self, GtkMessageType type, const char *message)
{
  clear_info_buttons (self);
  gtk_widget_set_visible (GTK_WIDGET (self->load_bar), FALSE);
  gtk_info_bar_set_message_type (self->info_bar, type);
  gtk_label_set_label (self->info_label, message);
  gtk_info_bar_set_revealed (self->info_bar, TRUE);
}

void
vs_window_add_info_button (VsWindow *self, const char *label, int response)
{
  GtkWidget *button = gtk_info_bar_add_button (self->info_bar, label, response);
  g_ptr_array_add (self->info_buttons, button);
}

void
vs_window_hide_message (VsWindow *self)
{
  clear_info_buttons (self);
  gtk_info_bar_set_revealed (self->info_bar, FALSE);
}

const char *
vs_window_get_message (VsWindow *self)
{
  return gtk_info_bar_get_revealed (self->info_bar) ? gtk_label_get_label (self->info_label) : NULL;
}

/* ---- Accessors ------------------------------------------------------------------ */

VsGameCollection *
vs_window_get_collection (VsWindow *self)
{
  return vs_document_get_collection (self->document);
}

VsGame *
vs_window_get_game (VsWindow *self)
{
  return self->game;
}

VsGameNode *
vs_window_get_cursor (VsWindow *self)
{
  return self->cursor;
}

gboolean
vs_window_get_modified (VsWindow *self)
{
  return vs_document_get_modified (self->document);
}

GFile *
vs_window_get_file (VsWindow *self)
{
  return vs_document_get_file (self->document);
}

char *
vs_window_get_move_text (VsWindow *self)
{
  return vs_move_tree_view_get_text (self->move_tree);
}

GtkWidget *
vs_window_get_board (VsWindow *self)
{
  return GTK_WIDGET (self->board);
}

guint
vs_window_get_n_analysis_reports (VsWindow *self)
{
  return vs_analysis_pane_get_n_reports (self->analysis_pane);
}

const char *
vs_window_get_analysis_message (VsWindow *self)
{
  return vs_analysis_pane_get_message (self->analysis_pane);
}

GtkWidget *
vs_window_get_analysis_pane (VsWindow *self)
{
  return GTK_WIDGET (self->analysis_pane);
}

const char *
vs_window_get_autosave_path (VsWindow *self)
{
  return vs_session_get_autosave_path (self->session, self->document);
}

/* ---- Title and action states ------------------------------------------------ */

char *
vs_window_game_title (VsGame *game)
{
  const char *white = vs_game_list_header (game, "White");
  const char *black = vs_game_list_header (game, "Black");
  if (white || black)
    /* Translators: the players of a game, White/Cho first. */
    return g_strdup_printf (_("%s – %s"), white ? white : "?", black ? black : "?");
  const char *event = vs_game_list_header (game, "Event");
  if (event)
    return g_strdup (event);
  return g_strdup (_(vs_game_get_variant (game)->name));
}

void
vs_window_update_title (VsWindow *self)
{
  if (self->game == NULL)
    {
      gtk_label_set_label (self->title_label, _("VariantStudy"));
      gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), FALSE);
      gtk_window_set_title (GTK_WINDOW (self), _("VariantStudy"));
      return;
    }
  g_autofree char *title = vs_window_game_title (self->game);
  g_autofree char *name = vs_document_get_file (self->document) ? g_file_get_basename (vs_document_get_file (self->document)) : g_strdup (_("Unsaved game"));
  GString *sub = g_string_new (NULL);
  if (vs_document_get_modified (self->document))
    g_string_append (sub, "• ");
  g_string_append (sub, name);
  g_string_append (sub, " — ");
  g_string_append (sub, _(vs_game_get_variant (self->game)->name));
  if (vs_document_get_collection (self->document) && vs_game_collection_get_n_games (vs_document_get_collection (self->document)) > 1)
    g_string_append_printf (sub, _(" — game %u of %u"), vs_document_get_game_index (self->document) + 1,
                            vs_game_collection_get_n_games (vs_document_get_collection (self->document)));
  gtk_label_set_label (self->title_label, title);
  gtk_label_set_label (self->subtitle_label, sub->str);
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), TRUE);
  g_autofree char *win_title = g_strdup_printf ("%s%s — %s", vs_document_get_modified (self->document) ? "• " : "", title, _("VariantStudy"));
  gtk_window_set_title (GTK_WINDOW (self), win_title);
  g_string_free (sub, TRUE);
}

/* Record shapes ([%cal]/[%csl]: colour letter) <-> board shapes. */
static const char shape_letters[VS_SHAPE_N_COLORS] = { 'G', 'R', 'B', 'Y' };

static void
show_node_shapes (VsWindow *self)
{
  const VsShape *shapes;
  guint n = vs_game_node_get_shapes (self->cursor, &shapes);
  VsBoardShape board_shapes[VS_BOARD_MAX_SHAPES];
  guint k = 0;
  for (guint i = 0; i < n && k < VS_BOARD_MAX_SHAPES; i++)
    {
      const char *c = memchr (shape_letters, shapes[i].color, VS_SHAPE_N_COLORS);
      board_shapes[k].from = shapes[i].from;
      board_shapes[k].to = shapes[i].to;
      board_shapes[k].color = c ? (uint8_t) (c - shape_letters) : VS_SHAPE_GREEN;
      k++;
    }
  self->syncing_shapes = TRUE;
  vs_board_view_set_shapes (self->board, board_shapes, k);
  self->syncing_shapes = FALSE;
}

/* Arrows and circles drawn on the board belong to the move shown: an edit. */
static void
board_shapes_changed_cb (VsWindow *self)
{
  if (self->syncing_shapes || self->game == NULL || self->cursor == NULL)
    return;
  int n = 0;
  const VsBoardShape *drawn = vs_board_view_get_shapes (self->board, &n);
  g_autofree VsShape *shapes = g_new0 (VsShape, MAX (n, 1));
  for (int i = 0; i < n; i++)
    {
      shapes[i].color = shape_letters[MIN (drawn[i].color, VS_SHAPE_N_COLORS - 1)];
      shapes[i].from = drawn[i].from;
      shapes[i].to = drawn[i].to;
    }
  const VsShape *old;
  guint n_old = vs_game_node_get_shapes (self->cursor, &old);
  if (n_old == (guint) n && (n == 0 || memcmp (old, shapes, n * sizeof *shapes) == 0))
    return;
  vs_window_begin_edit (self);
  vs_game_node_set_shapes (self->game, self->cursor, shapes, n);
  vs_window_end_edit (self, self->cursor);
}

void
vs_window_update_board (VsWindow *self)
{
  if (self->game == NULL || self->cursor == NULL)
    return;
  g_autoptr (VsLine) line = vs_line_new ();
  if (!vs_game_node_line (self->cursor, line))
    return;
  VsPosition *pos = &line->pos;
  /* A step forward along the record glides; jumps do not. */
  gboolean step = self->shown_node && vs_game_node_get_parent (self->cursor) == self->shown_node;
  vs_board_view_set_position (self->board, pos, vs_game_node_get_move (self->cursor), step);
  vs_board_view_set_previous_move (self->board, line->len >= 2 ? vs_line_move (line, line->len - 2) : VS_MOVE_NONE);
  show_node_shapes (self);
  self->shown_node = self->cursor;
  vs_analysis_pane_set_game (self->analysis_pane, self->game);   /* issue 21: practice */
  VsHistory h = vs_line_history (line);
  vs_analysis_pane_set_position (self->analysis_pane, pos, &h);
  vs_window_explorer_set_position (self, pos);
}

void
vs_window_update_view (VsWindow *self)
{
  vs_window_update_board (self);
  vs_move_tree_view_set_current (self->move_tree, self->cursor);
  if (self->game)
    {
      vs_eval_graph_set_length (self->eval_graph, vs_game_get_main_line_length (self->game) + 1);
      vs_eval_graph_set_current (self->eval_graph,
                                 self->cursor && vs_game_node_is_main_line (self->cursor)
                                 ? (int) vs_game_node_get_ply (self->cursor) : -1);
    }
  vs_window_update_title (self);
  vs_window_update_actions (self);
}

void
vs_window_set_cursor (VsWindow *self, VsGameNode *node)
{
  self->cursor = node;
  vs_window_update_view (self);
  vs_window_engine_move_maybe (self);
}

/* ---- Board settings ------------------------------------------------------------ */

static void
apply_board_settings (VsWindow *self)
{
  GSettings *st = self->settings;
  g_autofree char *theme = g_settings_get_string (st, "board-theme");
  g_autofree char *strato = g_settings_get_string (st, "strato-view");
  vs_board_view_set_theme (self->board, theme);
  vs_board_view_set_show_coordinates (self->board, g_settings_get_boolean (st, "show-coordinates"));
  vs_board_view_set_animate (self->board, g_settings_get_boolean (st, "animate-moves"));
  vs_board_view_set_strato_view (self->board, g_str_equal (strato, "stacked")
                                 ? VS_STRATO_VIEW_STACKED : VS_STRATO_VIEW_SIDE_BY_SIDE);
  const VsVariant *v = self->game ? vs_game_get_variant (self->game) : NULL;
  g_autofree char *set = NULL;
  if (v && v->family == VS_FAMILY_JANGGI)
    set = g_settings_get_string (st, "piece-set-janggi");
  else if (v && v->family == VS_FAMILY_CHARTIMA)
    set = g_settings_get_string (st, "piece-set-chartima");
  else
    set = g_settings_get_string (st, "piece-set-western");
  vs_board_view_set_piece_set (self->board, set);
  vs_board_view_set_three_d (self->board, g_settings_get_boolean (st, "board-3d"));
}

static void
settings_changed_cb (GSettings *settings, const char *key, VsWindow *self)
{
  if (g_str_equal (key, "show-analysis") || g_str_equal (key, "show-explorer"))
    return;
  apply_board_settings (self);
}

/* ---- Showing games ------------------------------------------------------------- */

void
vs_window_show_game (VsWindow *self, guint index)
{
  vs_document_set_game_index (self->document, index);
  g_set_object (&self->game, vs_game_collection_get_game (vs_document_get_collection (self->document), index));
  vs_edit_history_clear (self->history);
  vs_move_tree_view_set_game (self->move_tree, self->game);
  vs_headers_view_set_game (self->headers_view, self->game);
  self->shown_node = NULL;
  apply_board_settings (self);
  vs_eval_graph_set_length (self->eval_graph, 0);
  vs_eval_graph_set_variant (self->eval_graph, vs_game_get_variant (self->game));
  vs_eval_bar_set_variant (self->eval_bar, vs_game_get_variant (self->game));
  vs_eval_graph_set_length (self->eval_graph, vs_game_get_main_line_length (self->game) + 1);
  vs_window_show_game_evals (self);
  /* Start at the beginning, as a reader of the record would. */
  vs_window_set_cursor (self, vs_game_get_root (self->game));
}

/* Puts `game` in place of the shown game (undo and redo). */
void
vs_window_replace_game (VsWindow *self, VsGame *game, VsGameNode *cursor)
{
  vs_game_collection_remove (vs_document_get_collection (self->document), vs_document_get_game_index (self->document));
  vs_game_collection_insert (vs_document_get_collection (self->document), vs_document_get_game_index (self->document), game);
  g_set_object (&self->game, game);
  vs_move_tree_view_set_game (self->move_tree, game);
  vs_headers_view_set_game (self->headers_view, game);
  self->shown_node = NULL;
  vs_window_set_cursor (self, cursor);
}

/* What the document holds, shown from its first game. */
void
vs_window_show_collection (VsWindow *self)
{
  VsGameCollection *collection = vs_document_get_collection (self->document);
  if (collection && vs_game_collection_get_n_games (collection) > 0)
    vs_window_show_game (self, 0);
  else
    {
      g_clear_object (&self->game);
      self->cursor = NULL;
      vs_move_tree_view_set_game (self->move_tree, NULL);
      vs_headers_view_set_game (self->headers_view, NULL);
      vs_window_update_view (self);
    }
}

void
vs_window_set_collection (VsWindow *self, VsGameCollection *collection, GFile *file)
{
  g_return_if_fail (VS_IS_WINDOW (self));
  vs_document_set_collection (self->document, collection, file);
  vs_window_show_collection (self);
}

/* ---- Document and session ------------------------------------------------------ */

static void
autosave_failed_cb (VsSession *session, VsDocument *document, const char *message, VsWindow *self)
{
  if (document == self->document)
    vs_window_show_message (self, GTK_MESSAGE_WARNING, message);
}

/* Saved, or the changes thrown away (the session removes the autosave). */
static void
document_modified_cb (VsWindow *self)
{
  vs_window_update_title (self);
}

/* ---- Editing ------------------------------------------------------------------- */

void
vs_window_begin_edit (VsWindow *self)
{
  vs_edit_history_record (self->history, self->game, self->cursor);
}

void
vs_window_end_edit (VsWindow *self, VsGameNode *new_cursor)
{
  vs_document_changed (self->document);
  vs_window_set_cursor (self, new_cursor);
}

/* A move entered on the board: it follows the record if the record has it,
 * else it starts a variation (or continues the line at its end). */
void
vs_window_board_move_played_cb (VsWindow *self, guint move)
{
  g_autoptr (GError) error = NULL;
  gboolean created = FALSE;
  if (self->game == NULL)
    return;
  /* issue 21: a move played on from a previewed engine line, or a
   * practice answer, is the analysis pane's */
  if (vs_analysis_pane_board_move (self->analysis_pane, move))
    return;
  if (!vs_window_play_move_allowed (self))
    {
      vs_window_update_board (self);
      return;
    }
  vs_window_begin_edit (self);
  VsGameNode *node = vs_game_add_move (self->game, self->cursor, move, &created, &error);
  if (node == NULL || !created)
    vs_edit_history_drop_last (self->history);
  if (node == NULL)
    {
      vs_window_show_message (self, GTK_MESSAGE_ERROR, error->message);
      vs_window_update_board (self);
      return;
    }
  self->shown_node = node;   /* the board shows it already */
  if (created)
    vs_window_play_moved (self, node);
  if (created)
    vs_window_end_edit (self, node);
  else
    vs_window_set_cursor (self, node);
}

/* Issue 21: the analysis pane adds an engine line (from the cursor) as a
 * variation, as one edit; go_there: the cursor goes to its end. */
static void
analysis_add_line_cb (VsWindow *self, const VsMove *moves, guint n, gboolean go_there)
{
  if (self->game == NULL || self->cursor == NULL || n == 0)
    return;
  vs_window_begin_edit (self);
  gboolean any = FALSE;
  VsGameNode *at = self->cursor;
  for (guint i = 0; i < n && at; i++)
    {
      gboolean created = FALSE;
      at = vs_game_add_move (self->game, at, moves[i], &created, NULL);
      any |= created;
    }
  if (!any)
    vs_edit_history_drop_last (self->history);
  VsGameNode *target = go_there && at ? at : self->cursor;
  if (any)
    vs_window_end_edit (self, target);
  else
    vs_window_set_cursor (self, target);
}

/* ---- Navigation -------------------------------------------------------------- */

/* ←/→/Home/End/↑/↓ walk the record wherever the focus is (the board too),
 * except in text being edited and with modifiers (Shift+arrows reach the
 * board's keyboard cursor). */
static gboolean
navigation_key_cb (GtkEventControllerKey *key, guint keyval, guint keycode, GdkModifierType state,
                   VsWindow *self)
{
  static const struct { guint keyval; const char *action; } keys[] = {
    { GDK_KEY_Left, "win.go-prev" }, { GDK_KEY_Right, "win.go-next" },
    { GDK_KEY_Home, "win.go-first" }, { GDK_KEY_End, "win.go-last" },
    { GDK_KEY_Up, "win.go-prev-variation" }, { GDK_KEY_Down, "win.go-next-variation" },
  };
  if (state & (GDK_SHIFT_MASK | GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK))
    return FALSE;
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  if (focus && (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT (focus) ||
                (GTK_IS_TEXT_VIEW (focus) && gtk_text_view_get_editable (GTK_TEXT_VIEW (focus))) ||
                gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER) ||
                gtk_widget_get_ancestor (focus, GTK_TYPE_DROP_DOWN)))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (keys[i].keyval == keyval)
      {
        gtk_widget_activate_action (GTK_WIDGET (self), keys[i].action, NULL);
        return TRUE;
      }
  return FALSE;
}

static void
node_activated_cb (VsWindow *self, VsGameNode *node)
{
  vs_window_set_cursor (self, node);
}

static void
eval_ply_activated_cb (VsWindow *self, int ply)
{
  if (self->game == NULL)
    return;
  VsGameNode *n = vs_game_get_root (self->game);
  for (int i = 0; i < ply && vs_game_node_get_main_child (n); i++)
    n = vs_game_node_get_main_child (n);
  vs_window_set_cursor (self, n);
}

/* ---- The info bar's buttons ---------------------------------------------------- */

static void
info_bar_response_cb (VsWindow *self, int response)
{
  switch (response)
    {
    case RESPONSE_RECOVER:
      gtk_widget_activate_action (GTK_WIDGET (self), "win.recover-autosaves", NULL);
      break;
    case RESPONSE_DISCARD_RECOVERY:
      gtk_widget_activate_action (GTK_WIDGET (self), "win.discard-autosaves", NULL);
      break;
    case RESPONSE_CANCEL_OPEN:
      gtk_widget_activate_action (GTK_WIDGET (self), "win.cancel-open", NULL);
      break;
    case RESPONSE_SHOW_GAMES:
      vs_window_hide_message (self);
      gtk_widget_activate_action (GTK_WIDGET (self), "win.game-list", NULL);
      break;
    case RESPONSE_RETRY_ENGINE:
      vs_window_hide_message (self);
      vs_window_engine_move_maybe (self);
      break;
    default:
      vs_window_hide_message (self);
      break;
    }
}

/* ---- Closing ------------------------------------------------------------------- */

static void
show_analysis_changed (VsWindow *self)
{
  gboolean show = g_settings_get_boolean (self->settings, "show-analysis");
  gtk_revealer_set_reveal_child (self->analysis_revealer, show);
  gtk_toggle_button_set_active (self->analysis_button, show);
}

static void
save_window_state (VsWindow *self)
{
  int w, h;
  gtk_window_get_default_size (GTK_WINDOW (self), &w, &h);
  g_settings_set_int (self->settings, "window-width", w);
  g_settings_set_int (self->settings, "window-height", h);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (GTK_WINDOW (self)));
}

G_GNUC_BEGIN_IGNORE_DEPRECATIONS
static void
unsaved_response_cb (GtkDialog *dialog, int response, VsWindow *self)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_ACCEPT)
    {
      self->close_after_save = TRUE;
      gtk_widget_activate_action (GTK_WIDGET (self), "win.save", NULL);
    }
  else if (response == GTK_RESPONSE_REJECT)
    {
      vs_document_set_modified (self->document, FALSE);   /* (the autosave goes) */
      self->force_close = TRUE;
      gtk_window_close (GTK_WINDOW (self));
    }
}

static gboolean
vs_window_close_request (GtkWindow *window)
{
  VsWindow *self = VS_WINDOW (window);
  /* An unfinished game against the engine is kept, not asked about: it
   * goes on at the next start (vs_window_load_startup). */
  g_autofree char *play = self->force_close ? NULL : vs_document_dup_play_state (self->document);
  g_autoptr (GError) keep_error = NULL;
  if (play && vs_session_keep_game (self->session, self->document, &keep_error))
    {
      save_window_state (self);
      g_cancellable_cancel (self->cancellable);
      return GTK_WINDOW_CLASS (vs_window_parent_class)->close_request (window);
    }
  if (keep_error)
    g_warning ("%s", keep_error->message);
  if (vs_document_get_modified (self->document) && !self->force_close)
    {
      g_autofree char *title = self->game ? vs_window_game_title (self->game) : g_strdup (_("this game"));
      GtkWidget *dialog = gtk_message_dialog_new (window, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                                  GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                                  _("Save changes to “%s” before closing?"), title);
      gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                                _("If you don’t save, your changes will be lost."));
      gtk_dialog_add_buttons (GTK_DIALOG (dialog),
                              _("Close _without Saving"), GTK_RESPONSE_REJECT,
                              _("_Cancel"), GTK_RESPONSE_CANCEL,
                              _("_Save"), GTK_RESPONSE_ACCEPT,
                              NULL);
      gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
      g_signal_connect (dialog, "response", G_CALLBACK (unsaved_response_cb), self);
      gtk_window_present (GTK_WINDOW (dialog));
      return TRUE;
    }
  save_window_state (self);
  g_cancellable_cancel (self->cancellable);
  if (!vs_document_get_modified (self->document))
    vs_session_remove_autosave (self->session, self->document);
  return GTK_WINDOW_CLASS (vs_window_parent_class)->close_request (window);
}
G_GNUC_END_IGNORE_DEPRECATIONS

/* ---- GObject ------------------------------------------------------------------- */

static void
vs_window_dispose (GObject *object)
{
  VsWindow *self = VS_WINDOW (object);
  g_clear_handle_id (&self->load_reveal_source, g_source_remove);
  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_signal_handlers_disconnect_by_data (gtk_recent_manager_get_default (), self);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->settings);
  g_clear_object (&self->game);
  if (self->document)
    {
      g_signal_handlers_disconnect_by_data (self->document, self);
      vs_session_remove_document (self->session, self->document);   /* (a pending autosave is dropped) */
    }
  g_clear_object (&self->document);
  g_clear_object (&self->session);
  g_clear_object (&self->history);
  g_clear_pointer (&self->recovery_files, g_ptr_array_unref);
  if (self->annotator)
    {
      g_signal_handlers_disconnect_by_data (self->annotator, self);
      vs_annotator_cancel (self->annotator);
    }
  g_clear_object (&self->annotator);
  g_clear_object (&self->annotated_game);
  if (self->opponent_cancellable)
    g_cancellable_cancel (self->opponent_cancellable);
  g_clear_object (&self->opponent_cancellable);
  g_clear_object (&self->opponent);
  vs_window_play_dispose (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), VS_TYPE_WINDOW);
  G_OBJECT_CLASS (vs_window_parent_class)->dispose (object);
}

static void
vs_window_finalize (GObject *object)
{
  VsWindow *self = VS_WINDOW (object);
  g_free (self->strength);
  g_ptr_array_unref (self->info_buttons);
  G_OBJECT_CLASS (vs_window_parent_class)->finalize (object);
}

static void
vs_window_class_init (VsWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = vs_window_dispose;
  G_OBJECT_CLASS (klass)->finalize = vs_window_finalize;
  GTK_WINDOW_CLASS (klass)->close_request = vs_window_close_request;

  g_type_ensure (VS_TYPE_EVAL_BAR);
  g_type_ensure (VS_TYPE_EVAL_GRAPH);
  g_type_ensure (VS_TYPE_MOVE_TREE_VIEW);
  g_type_ensure (VS_TYPE_ANALYSIS_PANE);
  g_type_ensure (VS_TYPE_HEADERS_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/example/VariantStudy/ui/vs-window.ui");
  gtk_widget_class_bind_template_child (widget_class, VsWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, analysis_button);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, info_bar);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, info_label);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, main_paned);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, board_box);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, headers_view);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, move_tree);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, analysis_revealer);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, explorer_revealer);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, explorer_pane);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, analysis_box);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, eval_bar);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, eval_graph);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, recent_section);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, analysis_pane);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, annotate_progress);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, annotate_cancel);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, annotate_spacer);
  gtk_widget_class_bind_template_callback_full (widget_class, "analysis_score_cb", G_CALLBACK (vs_window_analysis_score_cb));
  gtk_widget_class_bind_template_callback_full (widget_class, "board_move_played_cb", G_CALLBACK (vs_window_board_move_played_cb));
  gtk_widget_class_bind_template_callback (widget_class, node_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, eval_ply_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, info_bar_response_cb);

  vs_window_actions_class_init (widget_class);
  vs_window_explorer_class_init (widget_class);
  vs_window_analysis_class_init (widget_class);
  vs_window_play_class_init (widget_class);
  vs_window_export_class_init (widget_class);






  /**
   * VsWindow::loaded:
   * @ok: whether a record is now shown
   *
   * A record file finished loading (tests wait for it).
   */
  vs_window_signals[SIGNAL_LOADED] = g_signal_new ("loaded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  vs_window_signals[SIGNAL_SAVED] = g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  /* "annotated" (gboolean completed), "engine-moved" (): for tests. */
  vs_window_signals[SIGNAL_ANNOTATED] = g_signal_new ("annotated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                            0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  vs_window_signals[SIGNAL_ENGINE_MOVED] = g_signal_new ("engine-moved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                               0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* "exported" (gboolean ok): a diagram or study-sheet export finished (tests). */
  vs_window_signals[SIGNAL_EXPORTED] = g_signal_new ("exported", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
vs_window_init (VsWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The progress of a file being read, in the info bar beside its message. */
  self->load_bar = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_progress_bar_set_show_text (self->load_bar, TRUE);
  gtk_widget_set_valign (GTK_WIDGET (self->load_bar), GTK_ALIGN_CENTER);
  gtk_widget_set_size_request (GTK_WIDGET (self->load_bar), 200, -1);
  gtk_widget_set_visible (GTK_WIDGET (self->load_bar), FALSE);
  gtk_info_bar_add_child (self->info_bar, GTK_WIDGET (self->load_bar));
  self->history = vs_edit_history_new (0);
  self->info_buttons = g_ptr_array_new ();
  self->cancellable = g_cancellable_new ();
  self->document = vs_document_new ();
  g_signal_connect_swapped (self->document, "notify::modified", G_CALLBACK (document_modified_cb), self);
  self->engine_side = -1;
  self->opponent = vs_analysis_new ();
  self->opponent_cancellable = g_cancellable_new ();
  vs_window_set_annotating (self, FALSE);


  self->board = VS_BOARD_VIEW (vs_board_view_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->board), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->board), TRUE);
  gtk_box_append (self->board_box, GTK_WIDGET (self->board));
  g_signal_connect_swapped (self->board, "move-played", G_CALLBACK (vs_window_board_move_played_cb), self);
  g_signal_connect_swapped (self->board, "shapes-changed", G_CALLBACK (board_shapes_changed_cb), self);
  /* Issue 18: the Pass button under the board (shown while Janggi is shown). */
  self->pass_button = gtk_button_new_with_mnemonic (_("_Pass"));
  gtk_widget_set_name (self->pass_button, "pass-button");
  gtk_widget_set_halign (self->pass_button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (self->pass_button, _("Pass instead of moving (Ctrl+K)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->pass_button), "win.pass");
  gtk_widget_set_visible (self->pass_button, FALSE);
  gtk_box_append (self->board_box, self->pass_button);
  vs_window_play_init (self);

  GtkEventController *keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (navigation_key_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (vs_window_drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  g_signal_connect_swapped (gtk_recent_manager_get_default (), "changed",
                            G_CALLBACK (vs_window_update_recent_menu), self);
  vs_window_update_recent_menu (self);
  vs_window_update_actions (self);
  /* The window's commands on D-Bus too (org.gtk.Actions at …/window/ID). */
  vs_window_remote_export (GTK_APPLICATION_WINDOW (self));
}

VsWindow *
vs_window_new (VsApplication *app)
{
  VsWindow *self = g_object_new (VS_TYPE_WINDOW, "application", app, NULL);
  self->settings = g_object_ref (vs_application_get_settings (app));
  /* the application's session writes the document's autosave */
  self->session = g_object_ref (vs_application_get_session (app));
  vs_session_add_document (self->session, self->document);
  g_signal_connect_object (self->session, "autosave-failed", G_CALLBACK (autosave_failed_cb), self, 0);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  g_signal_connect_swapped (self->settings, "changed::show-analysis",
                            G_CALLBACK (show_analysis_changed), self);
  g_signal_connect (self->settings, "changed", G_CALLBACK (settings_changed_cb), self);
  vs_analysis_pane_set_settings (self->analysis_pane, self->settings);
  /* issue 21: engine arrows, line previews and practice on the board */
  vs_analysis_pane_set_board (self->analysis_pane, self->board);
  g_signal_connect_swapped (self->analysis_pane, "add-line", G_CALLBACK (analysis_add_line_cb), self);
  show_analysis_changed (self);
  vs_window_explorer_init (self);
  apply_board_settings (self);
  return self;
}
