/* vs-window-actions.c — the study window's commands: editing, navigation,
 * files, new games, the guide, printing, the clipboard; and which of them
 * are enabled (vs_window_update_actions). */
#include "config.h"

#include <glib/gi18n.h>

#include "vs-window-private.h"

/* The first node of the variation the cursor is in (the nearest
 * ancestor-or-self that is not its parent's main continuation), or NULL. */
static VsGameNode *
variation_head (VsGameNode *node)
{
  for (; node && !vs_game_node_is_root (node); node = vs_game_node_get_parent (node))
    if (vs_game_node_get_index (node) > 0)
      return node;
  return NULL;
}

void
vs_window_update_actions (VsWindow *self)
{
  GtkWidget *w = GTK_WIDGET (self);
  gboolean has_game = self->game != NULL;
  VsGameNode *c = self->cursor;
  gboolean at_move = has_game && c && !vs_game_node_is_root (c);
  VsGameNode *head = at_move ? variation_head (c) : NULL;

  gtk_widget_action_set_enabled (w, "win.go-first", at_move);
  gtk_widget_action_set_enabled (w, "win.go-prev", at_move);
  gtk_widget_action_set_enabled (w, "win.go-next", has_game && c && vs_game_node_get_main_child (c));
  gtk_widget_action_set_enabled (w, "win.go-last", has_game && c && vs_game_node_get_main_child (c));
  gtk_widget_action_set_enabled (w, "win.go-prev-variation", at_move && vs_game_node_get_prev_sibling (c));
  gtk_widget_action_set_enabled (w, "win.go-next-variation", at_move && vs_game_node_get_next_sibling (c));
  gtk_widget_action_set_enabled (w, "win.play-move", has_game);
  gtk_widget_action_set_enabled (w, "win.promote-variation", head != NULL);
  gtk_widget_action_set_enabled (w, "win.make-main-line", at_move && !vs_game_node_is_main_line (c));
  gtk_widget_action_set_enabled (w, "win.move-variation-up", head != NULL);
  gtk_widget_action_set_enabled (w, "win.move-variation-down",
                                 at_move && vs_game_node_get_next_sibling (head ? head : c) != NULL);
  gtk_widget_action_set_enabled (w, "win.delete-from-here", at_move);
  gtk_widget_action_set_enabled (w, "win.truncate-after", has_game && c && vs_game_node_get_main_child (c));
  gtk_widget_action_set_enabled (w, "win.edit-comment-before", at_move);
  gtk_widget_action_set_enabled (w, "win.set-comment-before", at_move);
  gtk_widget_action_set_enabled (w, "win.edit-comment-after", has_game);
  gtk_widget_action_set_enabled (w, "win.set-comment-after", has_game);
  gtk_widget_action_set_enabled (w, "win.toggle-nag", at_move);
  gtk_widget_action_set_enabled (w, "win.set-header", has_game);
  gtk_widget_action_set_enabled (w, "win.clear-nags", at_move);
  gtk_widget_action_set_enabled (w, "win.undo", vs_edit_history_can_undo (self->history));
  gtk_widget_action_set_enabled (w, "win.redo", vs_edit_history_can_redo (self->history));
  gtk_widget_action_set_enabled (w, "win.save", has_game && self->n_saving == 0);
  gtk_widget_action_set_enabled (w, "win.save-as", has_game && self->n_saving == 0);
  gtk_widget_action_set_enabled (w, "win.save-to", has_game && self->n_saving == 0);
  gtk_widget_action_set_enabled (w, "win.copy-position", has_game);
  gtk_widget_action_set_enabled (w, "win.copy-record", has_game);
  gtk_widget_action_set_enabled (w, "win.print", has_game);
  gtk_widget_action_set_enabled (w, "win.export-diagram", has_game);
  gtk_widget_action_set_enabled (w, "win.export-diagram-to", has_game);
  gtk_widget_action_set_enabled (w, "win.export-sheet", has_game);
  gtk_widget_action_set_enabled (w, "win.export-sheet-to", has_game);
  gtk_widget_action_set_enabled (w, "win.game-list",
                                 vs_document_get_collection (self->document) && vs_game_collection_get_n_games (vs_document_get_collection (self->document)) > 1);
  gtk_widget_action_set_enabled (w, "win.select-game", vs_document_get_collection (self->document) != NULL && self->n_saving == 0);
  gtk_widget_action_set_enabled (w, "win.annotate-with", has_game && self->annotator == NULL);
  gtk_widget_action_set_enabled (w, "win.annotate", has_game && self->annotator == NULL);
  gtk_widget_action_set_enabled (w, "win.cancel-annotation", self->annotator != NULL);
  gtk_widget_action_set_enabled (w, "win.play-engine", has_game);
  gtk_widget_action_set_enabled (w, "win.play-level", has_game);
  gtk_widget_action_set_enabled (w, "win.play-resign", has_game && self->engine_side >= 0);
  gtk_widget_action_set_enabled (w, "win.play-offer-draw", has_game && self->engine_side >= 0);
  gtk_widget_action_set_enabled (w, "win.take-back", at_move && self->engine_side >= 0);
  /* Issue 18: passing, when the variant has it and the board's position allows it. */
  gboolean has_pass = has_game && vs_game_get_variant (self->game)->has_pass;
  if (self->pass_button)
    gtk_widget_set_visible (self->pass_button, has_pass);
  gtk_widget_action_set_enabled (w, "win.pass", has_pass &&
                                 self->board &&
                                 vs_board_controller_pass_move (vs_board_view_get_controller (self->board)) != VS_MOVE_NONE);
  gtk_widget_action_set_enabled (w, "win.cancel-open", self->current_load != NULL);
}

static void
play_move_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  const char *text = g_variant_get_string (param, NULL);
  g_autoptr (GError) error = NULL;
  gboolean created = FALSE;

  if (!vs_window_play_move_allowed (self))
    return;
  vs_window_begin_edit (self);
  VsGameNode *node = vs_game_add_move_text (self->game, self->cursor, text, &created, &error);
  if (node == NULL || !created)
    vs_edit_history_drop_last (self->history);
  if (node == NULL)
    {
      g_autofree char *msg = g_strdup_printf (_("The move “%s” cannot be played here: %s"), text, error->message);
      vs_window_show_message (self, GTK_MESSAGE_ERROR, msg);
      vs_window_update_actions (self);
      return;
    }
  if (created)
    vs_window_play_moved (self, node);
  if (created)
    vs_window_end_edit (self, node);
  else
    vs_window_set_cursor (self, node);
}

/* Issue 18: the side to move passes (the board plays the legal pass move). */
static void
pass_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  vs_board_view_pass (VS_WINDOW (widget)->board);
}

static void
flip_board_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  gboolean flipped = !vs_board_view_get_flipped (self->board);
  vs_board_view_set_flipped (self->board, flipped);
  vs_eval_bar_set_flipped (self->eval_bar, flipped);
}

/* A header, under the name the game already uses for it (gibo games keep
 * their Korean keys). */
static void
set_header_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  const char *key, *value;
  g_variant_get (param, "(&s&s)", &key, &value);
  key = vs_game_list_header_key (self->game, key);
  if (g_strcmp0 (vs_game_get_header (self->game, key), *value ? value : NULL) == 0)
    return;
  vs_window_begin_edit (self);
  vs_game_set_header (self->game, key, *value ? value : NULL);
  vs_window_end_edit (self, self->cursor);
}

static void
promote_variation_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  VsGameNode *head = variation_head (self->cursor);
  if (!head)
    return;
  vs_window_begin_edit (self);
  vs_game_promote_variation (self->game, head);
  vs_window_end_edit (self, self->cursor);
}

static void
make_main_line_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  vs_window_begin_edit (self);
  g_autoptr (GArray) old = vs_game_make_main_line (self->game, self->cursor);
  vs_window_end_edit (self, self->cursor);
}

static void
move_variation_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  gboolean up = g_str_equal (action_name, "win.move-variation-up");
  VsGameNode *head = variation_head (self->cursor);
  VsGameNode *node = head ? head : self->cursor;
  guint index = vs_game_node_get_index (node);
  if (up ? index == 0 : vs_game_node_get_next_sibling (node) == NULL)
    return;
  vs_window_begin_edit (self);
  vs_game_node_set_index (self->game, node, up ? index - 1 : index + 1);
  vs_window_end_edit (self, self->cursor);
}

static void
delete_from_here_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  VsGameNode *parent = vs_game_node_get_parent (self->cursor);
  vs_window_begin_edit (self);
  vs_game_delete_from (self->game, self->cursor);
  vs_window_end_edit (self, parent);
}

static void
truncate_after_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  vs_window_begin_edit (self);
  vs_game_truncate_after (self->game, self->cursor);
  vs_window_end_edit (self, self->cursor);
}

static void
set_comment_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  gboolean before = g_str_equal (action_name, "win.set-comment-before");
  const char *text = g_variant_get_string (param, NULL);
  const char *old = before ? vs_game_node_get_comment_before (self->cursor)
                           : vs_game_node_get_comment_after (self->cursor);
  const char *value = *text ? text : NULL;
  if (g_strcmp0 (old, value) == 0)
    return;
  vs_window_begin_edit (self);
  if (before)
    vs_game_node_set_comment_before (self->game, self->cursor, value);
  else
    vs_game_node_set_comment_after (self->game, self->cursor, value);
  vs_window_end_edit (self, self->cursor);
}

static void
edit_comment_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  gboolean before = g_str_equal (action_name, "win.edit-comment-before");
  const char *text = before ? vs_game_node_get_comment_before (self->cursor)
                            : vs_game_node_get_comment_after (self->cursor);
  g_autofree char *title = NULL;
  if (vs_game_node_is_root (self->cursor))
    title = g_strdup (_("Comment Before the First Move"));
  else
    title = g_strdup_printf (before ? _("Comment Before %s") : _("Comment After %s"),
                             vs_game_node_get_san (self->cursor));
  VsCommentDialog *dialog = vs_comment_dialog_new (GTK_WINDOW (self), title, text,
                                                   before ? "win.set-comment-before" : "win.set-comment-after");
  gtk_window_present (GTK_WINDOW (dialog));
}

/* NAGs 1–9 judge the move and 10–135 the position: a new one replaces the
 * others of its group. */
static gboolean
same_nag_group (guint a, guint b)
{
  return (a <= 9) == (b <= 9) && (a >= 10 && a <= 135) == (b >= 10 && b <= 135);
}

static void
toggle_nag_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  int nag = g_variant_get_int32 (param);
  if (nag <= 0 || nag > 255)
    return;
  vs_window_begin_edit (self);
  if (vs_game_node_has_nag (self->cursor, nag))
    vs_game_node_remove_nag (self->game, self->cursor, nag);
  else
    {
      const guint8 *nags;
      guint n = vs_game_node_get_nags (self->cursor, &nags);
      guint8 keep[VS_MAX_NAGS];
      guint k = 0;
      for (guint i = 0; i < n; i++)
        if (!same_nag_group (nags[i], nag))
          keep[k++] = nags[i];
      vs_game_node_set_nags (self->game, self->cursor, keep, k);
      vs_game_node_add_nag (self->game, self->cursor, nag);
    }
  vs_window_end_edit (self, self->cursor);
}

static void
clear_nags_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  if (vs_game_node_get_nags (self->cursor, NULL) == 0)
    return;
  vs_window_begin_edit (self);
  vs_game_node_set_nags (self->game, self->cursor, NULL, 0);
  vs_window_end_edit (self, self->cursor);
}

static void
undo_redo_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  VsGameNode *cursor = NULL;
  g_autoptr (VsGame) game = g_str_equal (action_name, "win.undo")
    ? vs_edit_history_undo (self->history, self->game, self->cursor, &cursor)
    : vs_edit_history_redo (self->history, self->game, self->cursor, &cursor);
  if (game == NULL)
    return;
  vs_window_replace_game (self, game, cursor);
  vs_document_changed (self->document);
}

static void
go_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  VsGameNode *c = self->cursor, *target = NULL;
  if (c == NULL)
    return;
  if (g_str_equal (action_name, "win.go-first"))
    target = vs_game_get_root (self->game);
  else if (g_str_equal (action_name, "win.go-prev"))
    target = vs_game_node_get_parent (c);
  else if (g_str_equal (action_name, "win.go-next"))
    target = vs_game_node_get_main_child (c);
  else if (g_str_equal (action_name, "win.go-last"))
    {
      target = c;
      while (vs_game_node_get_main_child (target))
        target = vs_game_node_get_main_child (target);
    }
  else if (g_str_equal (action_name, "win.go-prev-variation"))
    target = vs_game_node_get_prev_sibling (c);
  else if (g_str_equal (action_name, "win.go-next-variation"))
    target = vs_game_node_get_next_sibling (c);
  if (target)
    vs_window_set_cursor (self, target);
}

static void
cancel_open_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  if (self->current_load)
    g_cancellable_cancel (self->cancellable);
}

static void
open_file_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  g_autoptr (GFile) file = g_file_new_for_commandline_arg (g_variant_get_string (param, NULL));
  vs_window_open_file (VS_WINDOW (widget), file);
}

static void
add_record_filters (GtkFileChooser *chooser)
{
  static const struct { const char *name; const char *patterns[4]; } filters[] = {
    { N_("All game records"), { "*.pgn", "*.gib", "*.kif", "*.txt" } },
    { N_("PGN records (.pgn)"), { "*.pgn", NULL } },
    { N_("Korean gibo records (.gib)"), { "*.gib", NULL } },
    { N_("Chartima and Strato move lists (.kif, .txt)"), { "*.kif", "*.txt", NULL } },
  };
  for (guint i = 0; i < G_N_ELEMENTS (filters); i++)
    {
      GtkFileFilter *f = gtk_file_filter_new ();
      gtk_file_filter_set_name (f, _(filters[i].name));
      for (guint k = 0; k < 4 && filters[i].patterns[k]; k++)
        gtk_file_filter_add_suffix (f, filters[i].patterns[k] + 2);
      gtk_file_chooser_add_filter (chooser, f);
      g_object_unref (f);
    }
}

static void
open_response_cb (GtkNativeDialog *dialog, int response, VsWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));
      for (guint i = 0; i < g_list_model_get_n_items (files); i++)
        {
          g_autoptr (GFile) file = g_list_model_get_item (files, i);
          vs_window_open_file (self, file);
        }
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
open_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_("Open a Game Record"), GTK_WINDOW (self),
                                 GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  add_record_filters (GTK_FILE_CHOOSER (chooser));
  g_signal_connect (chooser, "response", G_CALLBACK (open_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
select_game_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  guint index = g_variant_get_uint32 (param);
  if (vs_document_get_collection (self->document) && index < vs_game_collection_get_n_games (vs_document_get_collection (self->document)))
    vs_window_show_game (self, index);
}

static void
game_list_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  VsGameList *list = vs_game_list_new (GTK_WINDOW (self), vs_document_get_collection (self->document));
  gtk_window_present (GTK_WINDOW (list));
}

static void
save_response_cb (GtkNativeDialog *dialog, int response, VsWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      VsRecordFormat format = vs_document_format_for_file (file);
      if (!vs_document_format_keeps_everything (self->document, format))
        {
          vs_window_warn_format (self);
          self->close_after_save = FALSE;
        }
      else
        vs_window_save_to_file (self, file, format);
    }
  else
    self->close_after_save = FALSE;
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
save_as_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_("Save the Record"), GTK_WINDOW (self),
                                 GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  add_record_filters (GTK_FILE_CHOOSER (chooser));
  if (vs_document_get_file (self->document))
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), vs_document_get_file (self->document), NULL);
  else
    {
      g_autofree char *title = vs_window_game_title (self->game);
      g_autofree char *name = g_strdup_printf ("%s.pgn", title);
      g_strdelimit (name, "/\\:", '-');
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
    }
  g_signal_connect (chooser, "response", G_CALLBACK (save_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
save_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  if (vs_document_get_file (self->document) && vs_document_format_keeps_everything (self->document, vs_document_get_format (self->document)))
    vs_window_save_to_file (self, vs_document_get_file (self->document), vs_document_get_format (self->document));
  else
    save_as_action (widget, "win.save-as", NULL);
}

static void
save_to_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  g_autoptr (GFile) file = g_file_new_for_commandline_arg (g_variant_get_string (param, NULL));
  VsRecordFormat format = vs_document_format_for_file (file);
  if (!vs_document_format_keeps_everything (self->document, format))
    {
      vs_window_warn_format (self);
      g_signal_emit (self, vs_window_signals[SIGNAL_SAVED], 0, FALSE);
      return;
    }
  vs_window_save_to_file (self, file, format);
}

/* ---- New games ------------------------------------------------------------------ */

static void
new_game_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  VsNewGameDialog *dialog = vs_new_game_dialog_new (GTK_WINDOW (self), self->settings);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
setup_position_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  const VsVariant *v = self->game ? vs_game_get_variant (self->game) : vs_variant_lookup ("chartima");
  g_autofree char *fen = self->cursor ? vs_game_node_fen (self->cursor) : NULL;
  VsSetupEditor *editor = vs_setup_editor_new (GTK_WINDOW (self), v, fen);
  if (self->game && vs_game_get_variant (self->game) == v)
    vs_setup_editor_set_piece_set (editor, vs_board_view_get_piece_set (self->board));
  gtk_window_present (GTK_WINDOW (editor));
}

/* A new game of variant id from position fen, in this window (or a new one
 * when this one has unsaved changes). */
static void
new_game_from_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  const char *id, *fen;
  g_variant_get (param, "(&s&s)", &id, &fen);
  const VsVariant *v = vs_variant_lookup (id);
  g_autoptr (GError) error = NULL;
  g_autoptr (VsGame) game = v ? vs_game_new (v, fen, &error) : NULL;
  if (game == NULL)
    {
      g_autofree char *msg = g_strdup_printf (_("Cannot start a game from this position: %s"),
                                              error ? error->message : id);
      vs_window_show_message (self, GTK_MESSAGE_ERROR, msg);
      return;
    }
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");
  vs_game_set_header (game, "Event", _("Study"));
  vs_game_set_header (game, "Date", date);
  vs_game_set_header (game, "Result", "*");
  g_autoptr (VsGameCollection) collection = vs_game_collection_new ();
  vs_game_collection_append (collection, game);

  VsWindow *target = self;
  if (vs_document_get_modified (self->document))
    {
      target = vs_window_new (VS_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
      gtk_window_present (GTK_WINDOW (target));
    }
  vs_document_set_format (target->document, VS_RECORD_FORMAT_PGN);
  vs_window_set_collection (target, collection, NULL);
  vs_window_hide_message (target);
}

/* ---- Rules guide and printing ---------------------------------------------------- */

static void
guide_open_on_board_cb (VsGuideWindow *guide, const char *variant_id, const char *position, VsWindow *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.new-game-from", "(ss)", variant_id, position);
  gtk_window_present (GTK_WINDOW (self));
}

static void
show_guide_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  const char *id = self->game ? vs_game_get_variant (self->game)->id : NULL;
  GtkWidget *guide = vs_guide_window_new (gtk_window_get_application (GTK_WINDOW (self)), id);
  g_signal_connect_object (guide, "open-on-board", G_CALLBACK (guide_open_on_board_cb), self, 0);
  gtk_window_present (GTK_WINDOW (guide));
}

static void
print_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  /* Letter paper where the locale measures in inches, else A4. */
  const char *paper = gtk_paper_size_get_default ();
  vs_study_print (GTK_WINDOW (self), self->game,
                  g_str_equal (paper, GTK_PAPER_NAME_LETTER) ? VS_PAPER_LETTER : VS_PAPER_A4);
}

/* ---- Clipboard --------------------------------------------------------------- */

static void
copy_position_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  g_autofree char *fen = vs_game_node_fen (self->cursor);
  if (fen)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), fen);
}

static void
copy_record_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  g_autofree char *pgn = vs_pgn_write_game (self->game);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), pgn);
}

/* Pasted text: a position string of the shown variant (or any other), else
 * a record. */
static void
paste_text (VsWindow *self, const char *text)
{
  g_autofree char *line = g_strstrip (g_strdup (text));
  g_autoptr (VsGame) game = NULL;
  const VsVariant *current = self->game ? vs_game_get_variant (self->game) : NULL;

  if (strchr (line, '\n') == NULL)
    {
      if (current)
        game = vs_game_new (current, line, NULL);
      for (const VsVariant *const *v = vs_variants (); !game && *v; v++)
        game = vs_game_new (*v, line, NULL);
    }
  g_autoptr (VsGameCollection) collection = vs_game_collection_new ();
  g_autoptr (GError) error = NULL;
  if (game)
    vs_game_collection_append (collection, game);
  else
    {
      VsRecordOptions options = { 0 };
      options.variant = current;
      options.filename = _("pasted text");
      vs_record_read_data (text, -1, &options, collection, &error);
    }
  /* Text that only yielded empty games with a problem is not a record. */
  gboolean empty = TRUE;
  for (guint i = 0; i < vs_game_collection_get_n_games (collection); i++)
    {
      VsGame *g = vs_game_collection_get_game (collection, i);
      if (vs_game_get_main_line_length (g) > 0 || vs_game_get_n_headers (g) > 0 || error == NULL)
        empty = FALSE;
    }
  if (empty)
    {
      g_autofree char *msg = g_strdup_printf (_("The pasted text is neither a position nor a game record: %s"),
                                              error ? error->message : _("nothing could be read"));
      vs_window_show_message (self, GTK_MESSAGE_ERROR, msg);
      return;
    }
  VsWindow *target = self;
  if (vs_document_get_modified (self->document))
    {
      target = vs_window_new (VS_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
      gtk_window_present (GTK_WINDOW (target));
    }
  vs_window_set_collection (target, collection, NULL);
  vs_document_changed (target->document);
  if (error)
    vs_window_show_message (target, GTK_MESSAGE_WARNING, error->message);
  else
    vs_window_hide_message (target);
}

static void
paste_ready (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (VsWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  if (text == NULL)
    {
      vs_window_show_message (self, GTK_MESSAGE_ERROR, _("The clipboard holds no text."));
      return;
    }
  paste_text (self, text);
}

static void
paste_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  if (param)
    {
      paste_text (VS_WINDOW (widget), g_variant_get_string (param, NULL));
      return;
    }
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, paste_ready, g_object_ref (widget));
}

static void
recovery_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  vs_window_hide_message (self);
  if (g_str_equal (action_name, "win.recover-autosaves"))
    vs_window_recover (self);
  else
    vs_window_discard_recovery (self);
}

static void
toggle_analysis_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  g_settings_set_boolean (self->settings, "show-analysis",
                          !g_settings_get_boolean (self->settings, "show-analysis"));
}

void
vs_window_actions_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.go-first", NULL, go_action);
  gtk_widget_class_install_action (widget_class, "win.go-prev", NULL, go_action);
  gtk_widget_class_install_action (widget_class, "win.go-next", NULL, go_action);
  gtk_widget_class_install_action (widget_class, "win.go-last", NULL, go_action);
  gtk_widget_class_install_action (widget_class, "win.go-prev-variation", NULL, go_action);
  gtk_widget_class_install_action (widget_class, "win.go-next-variation", NULL, go_action);
  gtk_widget_class_install_action (widget_class, "win.play-move", "s", play_move_action);
  gtk_widget_class_install_action (widget_class, "win.pass", NULL, pass_action);   /* issue 18 */
  gtk_widget_class_install_action (widget_class, "win.promote-variation", NULL, promote_variation_action);
  gtk_widget_class_install_action (widget_class, "win.make-main-line", NULL, make_main_line_action);
  gtk_widget_class_install_action (widget_class, "win.move-variation-up", NULL, move_variation_action);
  gtk_widget_class_install_action (widget_class, "win.move-variation-down", NULL, move_variation_action);
  gtk_widget_class_install_action (widget_class, "win.delete-from-here", NULL, delete_from_here_action);
  gtk_widget_class_install_action (widget_class, "win.truncate-after", NULL, truncate_after_action);
  gtk_widget_class_install_action (widget_class, "win.edit-comment-before", NULL, edit_comment_action);
  gtk_widget_class_install_action (widget_class, "win.edit-comment-after", NULL, edit_comment_action);
  gtk_widget_class_install_action (widget_class, "win.set-comment-before", "s", set_comment_action);
  gtk_widget_class_install_action (widget_class, "win.set-comment-after", "s", set_comment_action);
  gtk_widget_class_install_action (widget_class, "win.toggle-nag", "i", toggle_nag_action);
  gtk_widget_class_install_action (widget_class, "win.clear-nags", NULL, clear_nags_action);
  gtk_widget_class_install_action (widget_class, "win.set-header", "(ss)", set_header_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_redo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, undo_redo_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-file", "s", open_file_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.save-to", "s", save_to_action);
  gtk_widget_class_install_action (widget_class, "win.game-list", NULL, game_list_action);
  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
  gtk_widget_class_install_action (widget_class, "win.new-game-from", "(ss)", new_game_from_action);
  gtk_widget_class_install_action (widget_class, "win.setup-position", NULL, setup_position_action);
  gtk_widget_class_install_action (widget_class, "win.show-guide", NULL, show_guide_action);
  gtk_widget_class_install_action (widget_class, "win.print", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "win.select-game", "u", select_game_action);
  gtk_widget_class_install_action (widget_class, "win.copy-position", NULL, copy_position_action);
  gtk_widget_class_install_action (widget_class, "win.copy-record", NULL, copy_record_action);
  gtk_widget_class_install_action (widget_class, "win.paste", NULL, paste_action);
  gtk_widget_class_install_action (widget_class, "win.paste-text", "s", paste_action);
  gtk_widget_class_install_action (widget_class, "win.recover-autosaves", NULL, recovery_action);
  gtk_widget_class_install_action (widget_class, "win.discard-autosaves", NULL, recovery_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-open", NULL, cancel_open_action);
  gtk_widget_class_install_action (widget_class, "win.toggle-analysis", NULL, toggle_analysis_action);
  gtk_widget_class_install_action (widget_class, "win.flip-board", NULL, flip_board_action);
}
