/* vs-window-play.c — Play against the engine in the study window: the
 * engine answers when it is its turn at the end of the line shown. */
#include "config.h"

#include <glib/gi18n.h>

#include "vs-window-private.h"

static void
opponent_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (VsWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (VsAnalysisInfo) info = vs_analysis_start_finish (VS_ANALYSIS (source), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->engine_side < 0)
    return;
  if (info == NULL || info->best_move == VS_MOVE_NONE)
    {
      g_autofree char *msg = g_strdup_printf (_("The engine could not move: %s"),
                                              error ? error->message : _("no legal move"));
      vs_window_show_message (self, GTK_MESSAGE_ERROR, msg);
      if (error)
        vs_window_add_info_button (self, _("_Try Again"), RESPONSE_RETRY_ENGINE);
      return;
    }
  vs_window_board_move_played_cb (self, info->best_move);
  g_signal_emit_by_name (self, "engine-moved");
}

/* When playing, the engine answers as soon as it is its turn at the end of
 * the line shown. */
void
vs_window_engine_move_maybe (VsWindow *self)
{
  if (self->engine_side < 0 || self->game == NULL || self->cursor == NULL ||
      vs_game_node_get_main_child (self->cursor) != NULL)
    return;
  g_autoptr (VsLine) line = vs_line_new ();
  if (!vs_game_node_line (self->cursor, line) || line->pos.side != self->engine_side)
    return;
  VsPosition *pos = &line->pos;
  VsHistory hist = vs_line_history (line);
  VsMove moves[VS_MAX_MOVES];
  if (vs_position_generate (pos, VS_GEN_ALL, moves) == 0)
    return;
  VsAnalysisOptions o;
  vs_analysis_pane_get_options (self->analysis_pane, &o);
  o.multipv = 1;
  if (g_strcmp0 (self->strength, "easy") == 0)
    o.depth = 1;
  else if (g_strcmp0 (self->strength, "medium") == 0)
    o.depth = 4;
  else
    o.movetime_ms = 1500;
  g_cancellable_cancel (self->opponent_cancellable);
  g_set_object (&self->opponent_cancellable, g_cancellable_new ());
  vs_analysis_start (self->opponent, pos, &hist, &o, self->opponent_cancellable, opponent_done, g_object_ref (self));
}

static void
play_engine_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  const char *strength = g_variant_get_string (param, NULL);
  g_cancellable_cancel (self->opponent_cancellable);
  if (g_str_equal (strength, "off"))
    {
      self->engine_side = -1;
      vs_board_view_set_interactive_sides (self->board, 3);
      vs_window_hide_message (self);
      vs_window_update_actions (self);
      return;
    }
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  if (!vs_game_node_position (self->cursor, pos))
    return;
  g_free (self->strength);
  self->strength = g_strdup (strength);
  self->engine_side = 1 - pos->side;
  vs_board_view_set_interactive_sides (self->board, pos->side == 0 ? 1 : 2);
  vs_analysis_pane_stop (self->analysis_pane);
  if (vs_board_view_get_flipped (self->board) != (pos->side == 1))
    gtk_widget_activate_action (widget, "win.flip-board", NULL);
  const char *label = g_str_equal (strength, "easy") ? _("Easy") : g_str_equal (strength, "medium") ? _("Medium") : _("Hard");
  g_autofree char *msg = g_strdup_printf (_("Playing against the engine (%s). Your move."), label);
  vs_window_show_message (self, GTK_MESSAGE_INFO, msg);
  vs_window_update_actions (self);
}

/* Take back the engine's answer and the move before it (or just the last
 * move when it is the engine's turn). */
static void
take_back_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  if (!vs_game_node_position (self->cursor, pos))
    return;
  int steps = pos->side == self->engine_side ? 1 : 2;
  VsGameNode *target = self->cursor, *first = NULL;
  for (int i = 0; i < steps && !vs_game_node_is_root (target); i++)
    {
      first = target;
      target = vs_game_node_get_parent (target);
    }
  if (first == NULL)
    return;
  g_cancellable_cancel (self->opponent_cancellable);
  vs_window_begin_edit (self);
  vs_game_delete_from (self->game, first);
  self->cursor = target;
  vs_document_changed (self->document);
  vs_window_update_view (self);
}

void
vs_window_play_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.play-engine", "s", play_engine_action);
  gtk_widget_class_install_action (widget_class, "win.take-back", NULL, take_back_action);
}
