/* vs-window-play.c — Play against the engine in the study window: the
 * engine answers when it is its turn at the end of the line shown. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "vs-window-private.h"

static gboolean
known_level (const char *level)
{
  return g_str_equal (level, "easy") || g_str_equal (level, "medium") || g_str_equal (level, "hard");
}

/* ---- Clocks ------------------------------------------------------------------ */

static gint64
play_now (VsWindow *self)
{
  return self->now_func ? self->now_func (self->now_data) : g_get_monotonic_time ();
}

void
vs_window_set_time_source (VsWindow *self, VsWindowTimeFunc func, gpointer data)
{
  g_return_if_fail (VS_IS_WINDOW (self));
  /* The clocks keep their times across the change. */
  int running = self->clock.running;
  vs_clock_pause (&self->clock, play_now (self));
  self->now_func = func;
  self->now_data = data;
  if (running >= 0)
    vs_clock_start (&self->clock, running, play_now (self));
}

gint64
vs_window_get_clock (VsWindow *self, int side)
{
  g_return_val_if_fail (VS_IS_WINDOW (self) && (side == 0 || side == 1), -1);
  if (!vs_clock_is_on (&self->clock))
    return -1;
  return vs_clock_remaining (&self->clock, side, play_now (self));
}

int
vs_window_get_clock_running (VsWindow *self)
{
  g_return_val_if_fail (VS_IS_WINDOW (self), -1);
  return self->clock.running;
}

static const VsVariant *
play_variant (VsWindow *self)
{
  return self->game ? vs_game_get_variant (self->game) : NULL;
}

static void
update_clock_labels (VsWindow *self)
{
  gboolean on = vs_clock_is_on (&self->clock);
  gtk_widget_set_visible (self->clock_box, on);
  if (!on)
    return;
  gint64 now = play_now (self);
  for (int side = 0; side < 2; side++)
    {
      g_autofree char *time = vs_clock_format (vs_clock_remaining (&self->clock, side, now));
      const VsVariant *v = play_variant (self);
      const char *name = v ? vs_variant_side_name (v, side) : side == 0 ? _("White") : _("Black");
      g_autofree char *text = g_strdup_printf ("%s %s", name, time);
      gtk_label_set_text (self->clock_labels[side], text);
      GtkWidget *w = GTK_WIDGET (self->clock_labels[side]);
      if (self->clock.running == side)
        gtk_widget_add_css_class (w, "heading");
      else
        gtk_widget_remove_css_class (w, "heading");
      if (self->clock.flagged == side)
        gtk_widget_add_css_class (w, "error");
      else
        gtk_widget_remove_css_class (w, "error");
    }
}

static gboolean clock_tick_cb (gpointer data);

static void
clock_sync_tick (VsWindow *self)
{
  if (self->clock.running >= 0 && self->clock_tick == 0)
    self->clock_tick = g_timeout_add (100, clock_tick_cb, self);
  else if (self->clock.running < 0)
    g_clear_handle_id (&self->clock_tick, g_source_remove);
  update_clock_labels (self);
}

/* A flag fall ends the game: a loss for the flagged side, in the headers. */
static void
flag_fell (VsWindow *self, int side)
{
  g_cancellable_cancel (self->opponent_cancellable);
  self->engine_side = -1;
  vs_board_view_set_interactive_sides (self->board, 3);
  if (self->game)
    {
      vs_window_begin_edit (self);
      vs_game_set_header (self->game, "Result", side == 0 ? "0-1" : "1-0");
      vs_game_set_header (self->game, "Termination", "time forfeit");
      vs_document_changed (self->document);
      vs_window_update_view (self);
    }
  const VsVariant *v = play_variant (self);
  g_autofree char *msg = g_strdup_printf (_("%s ran out of time: %s wins."),
                                          v ? vs_variant_side_name (v, side) : "",
                                          v ? vs_variant_side_name (v, 1 - side) : "");
  vs_window_show_message (self, GTK_MESSAGE_INFO, msg);
  clock_sync_tick (self);
  vs_window_update_actions (self);
  g_object_notify (G_OBJECT (self), "play-level");
}

void
vs_window_check_clock (VsWindow *self)
{
  g_return_if_fail (VS_IS_WINDOW (self));
  if (self->clock.flagged >= 0 || self->clock.running < 0)
    {
      clock_sync_tick (self);
      return;
    }
  int flagged = vs_clock_check_flag (&self->clock, play_now (self));
  if (flagged >= 0)
    flag_fell (self, flagged);
  else
    update_clock_labels (self);
}

static gboolean
clock_tick_cb (gpointer data)
{
  VsWindow *self = data;
  vs_window_check_clock (self);
  if (self->clock.running >= 0)
    return G_SOURCE_CONTINUE;
  self->clock_tick = 0;
  return G_SOURCE_REMOVE;
}

static gboolean
playing_timed (VsWindow *self)
{
  return self->engine_side >= 0 && vs_clock_is_on (&self->clock) && self->clock.flagged < 0;
}

gboolean
vs_window_play_move_allowed (VsWindow *self)
{
  if (!playing_timed (self) || vs_game_node_get_main_child (self->cursor) != NULL)
    return TRUE;
  int flagged = vs_clock_check_flag (&self->clock, play_now (self));
  if (flagged < 0)
    return TRUE;
  flag_fell (self, flagged);
  return FALSE;
}

void
vs_window_play_moved (VsWindow *self, VsGameNode *node)
{
  if (!playing_timed (self) || vs_game_node_get_main_child (node) != NULL)
    return;
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  if (!vs_game_node_position (node, pos))
    return;
  int mover = 1 - pos->side;
  gint64 now = play_now (self);
  if (!vs_clock_move_made (&self->clock, mover, now))
    return;
  /* [%clk]: the mover's time after the move (increment included). */
  vs_game_node_set_clock (self->game, node, vs_clock_remaining (&self->clock, mover, now) / 1000);
  clock_sync_tick (self);
}

/* The clock follows the side to move at the end of the line (after a take
 * back, say). */
static void
clock_follow_position (VsWindow *self)
{
  if (!playing_timed (self))
    return;
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  if (vs_game_node_position (self->cursor, pos))
    vs_clock_start (&self->clock, pos->side, play_now (self));
  clock_sync_tick (self);
}

/* "M+I": M minutes (0: no clock, else 1-60) and an increment of I seconds (0-60). */
static gboolean
parse_control (const char *text, guint *minutes, guint *increment)
{
  char *end = NULL;
  guint64 m = g_ascii_strtoull (text, &end, 10);
  if (end == text || *end != '+')
    return FALSE;
  const char *rest = end + 1;
  guint64 i = g_ascii_strtoull (rest, &end, 10);
  if (end == rest || *end != '\0' || m > 60 || i > 60)
    return FALSE;
  *minutes = m;
  *increment = m ? i : 0;
  return TRUE;
}

/* The window's "play-clock" property ("M+I"), whose property action
 * win.play-clock is the stateful choice of the Play menu. */
enum { PROP_0, PROP_PLAY_CLOCK, PROP_PLAY_LEVEL, PROP_PLAY_COLOR, N_PLAY_PROPS };

/* win.play-color: "side-to-move", "first" (White, Cho) or "second" (Black, Han). */
static const char *const color_names[] = { "side-to-move", "first", "second" };

static void start_playing (VsWindow *self, const char *strength);

static void
play_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  VsWindow *self = VS_WINDOW (object);
  guint m, i;
  switch (prop_id)
    {
    case PROP_PLAY_CLOCK:
      if (g_value_get_string (value) && parse_control (g_value_get_string (value), &m, &i) &&
          (m != self->clock_minutes || i != self->clock_increment))
        {
          self->clock_minutes = m;
          self->clock_increment = i;
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_PLAY_COLOR:
      for (int c = 0; c < 3; c++)
        if (g_strcmp0 (g_value_get_string (value), color_names[c]) == 0 && self->play_color != c - 1)
          {
            self->play_color = c - 1;
            g_object_notify_by_pspec (object, pspec);
          }
      break;
    case PROP_PLAY_LEVEL:
      if (g_value_get_string (value))
        start_playing (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
play_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  VsWindow *self = VS_WINDOW (object);
  switch (prop_id)
    {
    case PROP_PLAY_CLOCK:
      g_value_take_string (value, g_strdup_printf ("%u+%u", self->clock_minutes, self->clock_increment));
      break;
    case PROP_PLAY_COLOR:
      g_value_set_string (value, color_names[self->play_color + 1]);
      break;
    case PROP_PLAY_LEVEL:
      g_value_set_string (value, self->engine_side >= 0 && self->strength ? self->strength : "off");
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ---- Kept across restarts ------------------------------------------------------ */

/* The autosave's "play" line: "ENGINE-SIDE LEVEL CLOCK" (CLOCK as in
 * vs_clock_to_string (), the clocks as they are when it is written). */
static char *
play_state_cb (gpointer data)
{
  VsWindow *self = data;
  if (self->engine_side < 0 || self->strength == NULL)
    return NULL;
  g_autofree char *clock = vs_clock_to_string (&self->clock, play_now (self));
  return g_strdup_printf ("%d %s %s", self->engine_side, self->strength, clock);
}


static void set_playing (VsWindow *self, int engine_side, const char *strength);

void
vs_window_play_resume (VsWindow *self, const char *state)
{
  int side = -1, consumed = 0;
  char level[16];
  VsClock clock;
  int running = -1;
  if (sscanf (state, "%d %15s %n", &side, level, &consumed) < 2 || consumed == 0 ||
      (side != 0 && side != 1) || !known_level (level) ||
      !vs_clock_from_string (&clock, state + consumed, &running) || self->game == NULL)
    return;
  self->clock = clock;
  self->clock_minutes = clock.initial_us / (60 * G_USEC_PER_SEC);
  self->clock_increment = clock.increment_us / G_USEC_PER_SEC;
  g_object_notify (G_OBJECT (self), "play-clock");
  /* the end of the main line, where the game stopped */
  VsGameNode *end = self->cursor;
  while (vs_game_node_get_main_child (end))
    end = vs_game_node_get_main_child (end);
  self->cursor = end;
  vs_window_update_view (self);
  set_playing (self, side, level);
  if (running >= 0 && clock.flagged < 0)
    vs_clock_start (&self->clock, running, play_now (self));
  clock_sync_tick (self);
  vs_window_show_message (self, GTK_MESSAGE_INFO, _("Your game against the engine goes on where it was left."));
  vs_window_update_actions (self);
  vs_window_engine_move_maybe (self);
}

void
vs_window_play_init (VsWindow *self)
{
  vs_document_set_play_state_func (self->document, play_state_cb, self);
  vs_clock_init (&self->clock, 0, 0);
  self->play_color = -1;
  self->clock_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 24);
  gtk_widget_set_name (self->clock_box, "play-clocks");
  gtk_widget_set_halign (self->clock_box, GTK_ALIGN_CENTER);
  for (int side = 0; side < 2; side++)
    {
      self->clock_labels[side] = GTK_LABEL (gtk_label_new (NULL));
      gtk_widget_add_css_class (GTK_WIDGET (self->clock_labels[side]), "numeric");
      gtk_box_append (GTK_BOX (self->clock_box), GTK_WIDGET (self->clock_labels[side]));
    }
  gtk_widget_set_visible (self->clock_box, FALSE);
  gtk_box_prepend (self->board_box, self->clock_box);
}

void
vs_window_play_dispose (VsWindow *self)
{
  g_clear_handle_id (&self->clock_tick, g_source_remove);
}

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
  /* its view of the position it moved in, for a draw offer */
  self->engine_eval_known = info->n_lines > 0;
  if (info->n_lines > 0)
    self->engine_eval_cp = info->lines[0].is_mate ? (info->lines[0].mate > 0 ? 100000 : -100000)
                                                   : info->lines[0].score_cp;
  if (info->engine_name && self->game && self->strength)
    {
      g_autofree char *name = g_strdup_printf ("%s (%s)", info->engine_name, self->strength);
      const char *key = self->engine_side == 0 ? "White" : "Black";
      if (g_strcmp0 (vs_game_get_header (self->game, key), name) != 0)
        vs_game_set_header (self->game, key, name);
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
set_playing (VsWindow *self, int engine_side, const char *strength)
{
  g_free (self->strength);
  self->strength = g_strdup (strength);
  self->engine_side = engine_side;
  vs_board_view_set_interactive_sides (self->board, engine_side == 1 ? 1 : 2);
  vs_analysis_pane_stop (self->analysis_pane);
  if (vs_board_view_get_flipped (self->board) != (engine_side == 0))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.flip-board", NULL);
}

static void
play_engine_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  start_playing (VS_WINDOW (widget), g_variant_get_string (param, NULL));
}

/* "easy", "medium", "hard" (you play the side to move), or "off". */
static void
start_playing (VsWindow *self, const char *strength)
{
  if (!g_str_equal (strength, "off") && !known_level (strength))
    return;
  g_cancellable_cancel (self->opponent_cancellable);
  if (g_str_equal (strength, "off"))
    {
      vs_clock_pause (&self->clock, play_now (self));
      clock_sync_tick (self);
      self->engine_side = -1;
      vs_board_view_set_interactive_sides (self->board, 3);
      vs_window_hide_message (self);
      vs_window_update_actions (self);
      g_object_notify (G_OBJECT (self), "play-level");
      return;
    }
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  if (!vs_game_node_position (self->cursor, pos))
    return;
  /* You play the colour chosen, or the side to move. */
  int you = self->play_color >= 0 ? self->play_color : pos->side;
  /* A new game's clocks, the chosen time control; started for the side to move. */
  vs_clock_init (&self->clock, self->clock_minutes, self->clock_increment);
  if (vs_clock_is_on (&self->clock))
    {
      vs_window_begin_edit (self);
      g_autofree char *tc = g_strdup_printf ("%u+%u", self->clock_minutes * 60, self->clock_increment);
      vs_game_set_header (self->game, "TimeControl", tc);
      vs_document_changed (self->document);
      vs_window_update_view (self);
    }
  set_playing (self, 1 - you, strength);
  vs_clock_start (&self->clock, pos->side, play_now (self));
  clock_sync_tick (self);
  const char *label = g_str_equal (strength, "easy") ? _("Easy") : g_str_equal (strength, "medium") ? _("Medium") : _("Hard");
  g_autofree char *msg = pos->side == you
    ? g_strdup_printf (_("Playing against the engine (%s). Your move."), label)
    : g_strdup_printf (_("Playing against the engine (%s). The engine moves first."), label);
  vs_window_show_message (self, GTK_MESSAGE_INFO, msg);
  self->engine_eval_known = FALSE;
  vs_window_update_actions (self);
  g_object_notify (G_OBJECT (self), "play-level");
  vs_window_engine_move_maybe (self);
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
  clock_follow_position (self);
}

/* The game is over with @result ("1-0", "0-1", "1/2-1/2"): in the headers,
 * the clocks stopped, the engine no longer answers. */
static void
end_game (VsWindow *self, const char *result, const char *message)
{
  g_cancellable_cancel (self->opponent_cancellable);
  vs_clock_pause (&self->clock, play_now (self));
  self->engine_side = -1;
  vs_board_view_set_interactive_sides (self->board, 3);
  vs_window_begin_edit (self);
  vs_game_set_header (self->game, "Result", result);
  vs_window_end_edit (self, self->cursor);
  clock_sync_tick (self);
  vs_window_show_message (self, GTK_MESSAGE_INFO, message);
  vs_window_update_actions (self);
  g_object_notify (G_OBJECT (self), "play-level");
}

static void
resign_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  if (self->engine_side < 0 || self->game == NULL)
    return;
  const VsVariant *v = play_variant (self);
  g_autofree char *msg = g_strdup_printf (_("You resigned: %s wins."), vs_variant_side_name (v, self->engine_side));
  end_game (self, self->engine_side == 0 ? "1-0" : "0-1", msg);
}

/* The engine takes a draw when its last score, from its own side, is at
 * most VS_PLAY_DRAW_MARGIN_CP (a tenth of a pawn): it is not ahead. */
#define VS_PLAY_DRAW_MARGIN_CP 10

static void
offer_draw_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  if (self->engine_side < 0 || self->game == NULL)
    return;
  if (self->engine_eval_known && self->engine_eval_cp <= VS_PLAY_DRAW_MARGIN_CP)
    end_game (self, "1/2-1/2", _("The engine accepted your draw offer."));
  else
    vs_window_show_message (self, GTK_MESSAGE_INFO, _("The engine declined your draw offer. Play on."));
}

void
vs_window_play_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.play-engine", "s", play_engine_action);
  gtk_widget_class_install_action (widget_class, "win.take-back", NULL, take_back_action);
  /* VsWindow's properties are Play's (vs-window.c has none of its own). */
  GObjectClass *object_class = G_OBJECT_CLASS (widget_class);
  object_class->set_property = play_set_property;
  object_class->get_property = play_get_property;
  g_object_class_install_property (object_class, PROP_PLAY_CLOCK,
      g_param_spec_string ("play-clock", NULL, NULL, "0+0",
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  gtk_widget_class_install_property_action (widget_class, "win.play-clock", "play-clock");
  g_object_class_install_property (object_class, PROP_PLAY_LEVEL,
      g_param_spec_string ("play-level", NULL, NULL, "off",
                           G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  gtk_widget_class_install_property_action (widget_class, "win.play-level", "play-level");
  g_object_class_install_property (object_class, PROP_PLAY_COLOR,
      g_param_spec_string ("play-color", NULL, NULL, "side-to-move",
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  gtk_widget_class_install_property_action (widget_class, "win.play-color", "play-color");
  gtk_widget_class_install_action (widget_class, "win.play-resign", NULL, resign_action);
  gtk_widget_class_install_action (widget_class, "win.play-offer-draw", NULL, offer_draw_action);
}
