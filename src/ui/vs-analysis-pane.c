/* vs-analysis-pane.c — engine analysis of the position on the board.
 *
 * A VsAnalysis runs the chosen engine in a worker thread; its "progress"
 * reports (at most every 250 ms) update the lines here on the main loop. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "vs-analysis-pane.h"
#include "vs-move-notation.h"
#include "vs-board-view.h"
#include "vs-engine-config.h"
#include "vs-practice-bar.h"
#include "vs-uci-client.h"

#define N_LINE_ROWS 10
#define HOVER_SIZE 240   /* the small board's longer side, px */

/* One line shown: its moves and, per move, the bytes of the label's text
 * (without markup) that show it, for clicks, hovering and the menu. */
typedef struct {
  GArray *moves;    /* VsMove */
  GArray *spans;    /* int pairs: start, end (bytes) per move */
} ShownLine;

struct _VsAnalysisPane
{
  GtkWidget parent_instance;

  GtkWidget *box;
  GtkDropDown *engine_dropdown;
  GtkToggleButton *run_button;
  GtkLabel *status_label;
  GtkBox *lines_box;
  GtkWidget *fault_box;
  GtkLabel *fault_label;

  GSettings *settings;
  GPtrArray *engine_names;     /* display names; [0] = built-in */
  GPtrArray *engine_commands;  /* NULL for the built-in engine */
  VsAnalysis *analysis;
  VsPosition *pos;
  VsUndo     *hist_undo;      /* the plies that led to pos (copied) */
  int         hist_len;
  gboolean have_pos;
  GPtrArray *line_moves;       /* first move of each shown line (GUINT_TO_POINTER) */
  ShownLine lines[N_LINE_ROWS];
  guint n_lines;
  /* the board of the window (weak), for arrows, previews and practice */
  VsBoardView *board;
  /* a move of a line shown on the board (the game is not changed) */
  gboolean previewing;
  GArray *preview_moves;       /* the line up to the move shown */
  VsMove game_last_move;
  GtkWidget *preview_box;
  GtkLabel *preview_label;
  /* the small board over a move under the pointer */
  GtkWidget *hover_popover;
  GtkScrolledWindow *hover_frame;  /* keeps the small board small */
  VsBoardView *hover_board;
  int hover_line, hover_ply;
  GtkWidget *menu;             /* the lines' context menu */
  int menu_line, menu_ply;
  VsPracticeBar *practice;
  VsGame *game;
  guint n_reports;
  gboolean updating_button;
  char *fault;                 /* the last engine fault, or NULL */
  const VsVariant *variant;    /* the variant the engine list was made for */
  gboolean filling;            /* fill_engines is changing the selection */
  GCancellable *cancellable;   /* engine probes */
};

enum { SIGNAL_SCORE, SIGNAL_LINE_ACTIVATED, SIGNAL_ADD_LINE, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (VsAnalysisPane, vs_analysis_pane, GTK_TYPE_WIDGET)

static void
set_button (VsAnalysisPane *self, gboolean active)
{
  self->updating_button = TRUE;
  gtk_toggle_button_set_active (self->run_button, active);
  gtk_button_set_label (GTK_BUTTON (self->run_button), active ? _("Stop _Engine") : _("Start _Engine"));
  self->updating_button = FALSE;
  if (!active && self->board && !self->previewing)
    vs_board_view_set_arrows (self->board, NULL, 0);
}

static char *
format_score (const VsAnalysisLine *line, int side)
{
  /* Shown from White's (Cho's) point of view, as the eval bar. */
  int sign = side == 0 ? 1 : -1;
  if (line->is_mate)
    {
      int m = sign * line->mate;
      return m > 0 ? g_strdup_printf ("#%d", m) : g_strdup_printf ("#−%d", -m);
    }
  double v = sign * line->score_cp / 100.0;
  return g_strdup_printf (v > 0 ? "+%.2f" : v < 0 ? "−%.2f" : "%.2f", ABS (v));
}

/* ---- Lines: text, arrows, preview, hover -------------------------------------- */

/* The position after moves[0..ply] of a line shown (FALSE if a move is not
 * legal there any more). */
static gboolean
line_position (VsAnalysisPane *self, const VsMove *moves, guint n, int ply, VsPosition *out)
{
  memcpy (out, self->pos, sizeof *out);
  for (int i = 0; i <= ply && (guint) i < n; i++)
    {
      if (!vs_position_is_legal (out, moves[i]))
        return FALSE;
      vs_position_play (out, moves[i]);
    }
  return TRUE;
}

/* The line in the variant's SAN with move numbers, each move a link
 * "m:LINE:PLY"; spans gets each move's bytes in the text shown. */
static char *
line_markup (VsAnalysisPane *self, guint index, const char *score, const VsMove *moves, guint n, GArray *spans)
{
  GString *m = g_string_new (NULL);
  gsize plain = 0;   /* bytes of the text shown so far */
  g_autofree char *head = g_markup_printf_escaped ("<b>%s</b>  ", score);
  g_string_append (m, head);
  plain += strlen (score) + 2;
  g_autofree VsPosition *p = g_new (VsPosition, 1);
  memcpy (p, self->pos, sizeof *p);
  g_array_set_size (spans, 0);
  VsNotation notation = vs_move_notation_get (self->settings, p->variant);
  for (guint i = 0; i < n; i++)
    {
      if (!vs_position_is_legal (p, moves[i]))
        break;
      char text[VS_MOVE_TEXT_MAX];
      vs_move_write (p, moves[i], notation, text);
      g_autofree char *num = NULL;
      if (i)
        num = p->side == VS_WHITE ? g_strdup_printf (" %d. ", p->fullmove) : g_strdup (" ");
      else
        num = p->side == VS_WHITE ? g_strdup_printf ("%d. ", p->fullmove) : g_strdup_printf ("%d… ", p->fullmove);
      g_string_append (m, num);
      plain += strlen (num);
      g_autofree char *link = g_markup_printf_escaped ("<a href=\"m:%u:%u\">%s</a>", index, i, text);
      g_string_append (m, link);
      int span[2] = { (int) plain, (int) (plain + strlen (text)) };
      g_array_append_vals (spans, span, 2);
      plain += strlen (text);
      vs_position_play (p, moves[i]);
    }
  return g_string_free (m, FALSE);
}

static GtkWidget *
line_label (VsAnalysisPane *self, guint index)
{
  GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->lines_box));
  for (guint i = 0; row && i < index; i++)
    row = gtk_widget_get_next_sibling (row);
  return row;
}

/* The engine's first moves as arrows, the first line's the strongest. */
static void
show_arrows (VsAnalysisPane *self)
{
  if (self->board == NULL || self->previewing)
    return;
  VsBoardArrow arrows[VS_BOARD_MAX_ARROWS];
  int n = 0;
  if (gtk_toggle_button_get_active (self->run_button))
    for (guint i = 0; i < self->n_lines && n < VS_BOARD_MAX_ARROWS; i++)
      {
        if (self->lines[i].moves->len == 0)
          continue;
        VsMove m = g_array_index (self->lines[i].moves, VsMove, 0);
        if (VS_MOVE_KIND (m) == VS_MOVE_PASS || VS_MOVE_TO (m) == VS_NO_SQUARE)
          continue;
        arrows[n].from = VS_MOVE_FROM (m);
        arrows[n].to = VS_MOVE_TO (m);
        arrows[n].weight = i == 0 ? 1.0 : MAX (0.0, 0.45 - 0.1 * (i - 1));
        n++;
      }
  vs_board_view_set_arrows (self->board, arrows, n);
}

static void
end_preview (VsAnalysisPane *self, gboolean restore)
{
  if (!self->previewing)
    return;
  self->previewing = FALSE;
  gtk_widget_set_visible (self->preview_box, FALSE);
  if (self->board)
    {
      vs_board_view_set_hide_shapes (self->board, FALSE);
      if (restore)
        vs_board_view_set_position (self->board, self->pos, self->game_last_move, FALSE);
    }
  show_arrows (self);
}

gboolean
vs_analysis_pane_preview_move (VsAnalysisPane *self, guint line, guint ply)
{
  g_return_val_if_fail (VS_IS_ANALYSIS_PANE (self), FALSE);
  if (self->board == NULL || line >= self->n_lines || ply >= self->lines[line].moves->len)
    return FALSE;
  const VsMove *moves = (const VsMove *) self->lines[line].moves->data;
  g_autofree VsPosition *p = g_new (VsPosition, 1);
  if (!line_position (self, moves, ply + 1, ply, p))
    return FALSE;
  if (!self->previewing)
    self->game_last_move = vs_board_view_get_last_move (self->board);
  self->previewing = TRUE;
  g_array_set_size (self->preview_moves, 0);
  g_array_append_vals (self->preview_moves, moves, ply + 1);
  vs_board_view_set_arrows (self->board, NULL, 0);
  vs_board_view_set_hide_shapes (self->board, TRUE);
  vs_board_view_set_position (self->board, p, moves[ply], FALSE);
  /* "Line 1, move 3 — play on to add it as a variation" */
  g_autofree char *text = g_strdup_printf (_("Line %u, move %u shown: play on to keep it as a variation"),
                                           line + 1, ply + 1);
  gtk_label_set_label (self->preview_label, text);
  gtk_widget_set_visible (self->preview_box, TRUE);
  return TRUE;
}

gboolean
vs_analysis_pane_is_previewing (VsAnalysisPane *self)
{
  g_return_val_if_fail (VS_IS_ANALYSIS_PANE (self), FALSE);
  return self->previewing;
}

static void
back_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  end_preview (VS_ANALYSIS_PANE (widget), TRUE);
}

gboolean
vs_analysis_pane_add_line (VsAnalysisPane *self, guint line, guint ply)
{
  g_return_val_if_fail (VS_IS_ANALYSIS_PANE (self), FALSE);
  if (line >= self->n_lines || self->lines[line].moves->len == 0)
    return FALSE;
  GArray *moves = self->lines[line].moves;
  guint n = MIN (ply + 1, moves->len);
  /* copied: the handler changes the game, and the lines with it */
  g_autoptr (GArray) copy = g_array_sized_new (FALSE, FALSE, sizeof (VsMove), n);
  g_array_append_vals (copy, moves->data, n);
  end_preview (self, TRUE);
  g_signal_emit (self, signals[SIGNAL_ADD_LINE], 0, copy->data, n, FALSE);
  return TRUE;
}

gboolean
vs_analysis_pane_board_move (VsAnalysisPane *self, VsMove move)
{
  g_return_val_if_fail (VS_IS_ANALYSIS_PANE (self), FALSE);
  if (self->practice && vs_practice_bar_is_active (self->practice))
    return vs_practice_bar_board_move (self->practice, move);
  if (!self->previewing)
    return FALSE;
  /* a move that is not one of the preview position (the engine opponent
   * answering the game's position) is the window's */
  g_autofree VsPosition *p = g_new (VsPosition, 1);
  if (!line_position (self, (const VsMove *) self->preview_moves->data, self->preview_moves->len,
                      (int) self->preview_moves->len - 1, p) || !vs_position_is_legal (p, move))
    {
      end_preview (self, FALSE);
      return FALSE;
    }
  /* the user plays on from a move of a line: the line up to there and
   * the move played go into the game as a variation, and it goes there */
  g_autoptr (GArray) moves = g_array_copy (self->preview_moves);
  g_array_append_val (moves, move);
  self->previewing = FALSE;
  gtk_widget_set_visible (self->preview_box, FALSE);
  if (self->board)
    vs_board_view_set_hide_shapes (self->board, FALSE);
  g_signal_emit (self, signals[SIGNAL_ADD_LINE], 0, moves->data, moves->len, TRUE);
  return TRUE;
}

static gboolean
activate_link_cb (GtkLabel *label, const char *uri, VsAnalysisPane *self)
{
  guint line, ply;
  if (sscanf (uri, "m:%u:%u", &line, &ply) == 2)
    vs_analysis_pane_preview_move (self, line, ply);
  return TRUE;
}

/* The move of line `index` under (x, y) of its label, or -1. */
static int
move_at (VsAnalysisPane *self, GtkLabel *label, guint index, double x, double y)
{
  if (index >= self->n_lines)
    return -1;
  int ox, oy, byte, trailing;
  gtk_label_get_layout_offsets (label, &ox, &oy);
  PangoLayout *layout = gtk_label_get_layout (label);
  if (!pango_layout_xy_to_index (layout, (int) ((x - ox) * PANGO_SCALE), (int) ((y - oy) * PANGO_SCALE),
                                 &byte, &trailing))
    return -1;
  GArray *spans = self->lines[index].spans;
  for (guint k = 0; 2 * k + 1 < spans->len; k++)
    if (byte >= g_array_index (spans, int, 2 * k) && byte < g_array_index (spans, int, 2 * k + 1))
      return (int) k;
  return -1;
}

static void
hide_hover (VsAnalysisPane *self)
{
  self->hover_line = self->hover_ply = -1;
  gtk_popover_popdown (GTK_POPOVER (self->hover_popover));
}

gboolean
vs_analysis_pane_hover_move (VsAnalysisPane *self, guint line, guint ply)
{
  g_return_val_if_fail (VS_IS_ANALYSIS_PANE (self), FALSE);
  if (line >= self->n_lines || ply >= self->lines[line].moves->len)
    return FALSE;
  const VsMove *moves = (const VsMove *) self->lines[line].moves->data;
  g_autofree VsPosition *p = g_new (VsPosition, 1);
  if (!line_position (self, moves, ply + 1, ply, p))
    return FALSE;
  self->hover_line = (int) line;
  self->hover_ply = (int) ply;
  if (self->board)
    {
      vs_board_view_set_theme (self->hover_board, vs_board_view_get_theme (self->board));
      vs_board_view_set_piece_set (self->hover_board, vs_board_view_get_piece_set (self->board));
      vs_board_view_set_flipped (self->hover_board, vs_board_view_get_flipped (self->board));
    }
  vs_board_view_set_position (self->hover_board, p, moves[ply], FALSE);
  double wu = 8, hu = 8;
  vs_board_layout_natural (p->variant, vs_board_variant_has_hands (p->variant),
                           vs_board_view_get_strato_view (self->hover_board), &wu, &hu);
  int w = wu >= hu ? HOVER_SIZE : (int) (HOVER_SIZE * wu / hu);
  int h = hu >= wu ? HOVER_SIZE : (int) (HOVER_SIZE * hu / wu);
  gtk_scrolled_window_set_min_content_width (self->hover_frame, w);
  gtk_scrolled_window_set_max_content_width (self->hover_frame, w);
  gtk_scrolled_window_set_min_content_height (self->hover_frame, h);
  gtk_scrolled_window_set_max_content_height (self->hover_frame, h);
  /* point at the move in its label */
  GtkWidget *label = line_label (self, line);
  GArray *spans = self->lines[line].spans;
  if (label && 2 * ply + 1 < spans->len)
    {
      PangoRectangle r;
      int ox, oy;
      gtk_label_get_layout_offsets (GTK_LABEL (label), &ox, &oy);
      pango_layout_index_to_pos (gtk_label_get_layout (GTK_LABEL (label)), g_array_index (spans, int, 2 * ply), &r);
      graphene_point_t in = GRAPHENE_POINT_INIT (ox + r.x / (float) PANGO_SCALE, oy + r.y / (float) PANGO_SCALE), out;
      if (gtk_widget_compute_point (label, GTK_WIDGET (self), &in, &out))
        {
          GdkRectangle rect = { (int) out.x, (int) out.y, MAX (8, r.width / PANGO_SCALE), MAX (8, r.height / PANGO_SCALE) };
          gtk_popover_set_pointing_to (GTK_POPOVER (self->hover_popover), &rect);
        }
    }
  gtk_popover_popup (GTK_POPOVER (self->hover_popover));
  return TRUE;
}

GtkWidget *
vs_analysis_pane_get_hover_board (VsAnalysisPane *self)
{
  g_return_val_if_fail (VS_IS_ANALYSIS_PANE (self), NULL);
  return gtk_widget_get_visible (self->hover_popover) ? GTK_WIDGET (self->hover_board) : NULL;
}

static void
motion_cb (GtkEventControllerMotion *motion, double x, double y, VsAnalysisPane *self)
{
  GtkWidget *label = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (motion));
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (label), "vs-line"));
  int k = move_at (self, GTK_LABEL (label), index, x, y);
  if (k < 0)
    {
      if (self->hover_line >= 0)
        hide_hover (self);
      return;
    }
  if ((int) index != self->hover_line || k != self->hover_ply)
    vs_analysis_pane_hover_move (self, index, (guint) k);
}

static void
leave_cb (GtkEventControllerMotion *motion, VsAnalysisPane *self)
{
  hide_hover (self);
}

static void
menu_pressed_cb (GtkGestureClick *gesture, int n_press, double x, double y, VsAnalysisPane *self)
{
  GtkWidget *label = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (label), "vs-line"));
  if (index >= self->n_lines)
    return;
  int k = move_at (self, GTK_LABEL (label), index, x, y);
  self->menu_line = (int) index;
  self->menu_ply = k < 0 ? (int) self->lines[index].moves->len - 1 : k;
  hide_hover (self);
  graphene_point_t in = GRAPHENE_POINT_INIT (x, y), out;
  if (gtk_widget_compute_point (label, GTK_WIDGET (self), &in, &out))
    {
      GdkRectangle rect = { (int) out.x, (int) out.y, 1, 1 };
      gtk_popover_set_pointing_to (GTK_POPOVER (self->menu), &rect);
    }
  gtk_popover_popup (GTK_POPOVER (self->menu));
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
add_variation_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsAnalysisPane *self = VS_ANALYSIS_PANE (widget);
  if (self->menu_line >= 0)
    vs_analysis_pane_add_line (self, (guint) self->menu_line, G_MAXUINT - 1);
}

static void
show_move_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsAnalysisPane *self = VS_ANALYSIS_PANE (widget);
  if (self->menu_line >= 0 && self->menu_ply >= 0)
    vs_analysis_pane_preview_move (self, (guint) self->menu_line, (guint) self->menu_ply);
}

const char *
vs_analysis_pane_get_line_text (VsAnalysisPane *self, guint line)
{
  g_return_val_if_fail (VS_IS_ANALYSIS_PANE (self), NULL);
  GtkWidget *label = line < self->n_lines ? line_label (self, line) : NULL;
  return label ? gtk_label_get_text (GTK_LABEL (label)) : NULL;
}

guint
vs_analysis_pane_get_n_lines (VsAnalysisPane *self)
{
  g_return_val_if_fail (VS_IS_ANALYSIS_PANE (self), 0);
  return self->n_lines;
}

const VsMove *
vs_analysis_pane_get_line_moves (VsAnalysisPane *self, guint line, guint *n)
{
  g_return_val_if_fail (VS_IS_ANALYSIS_PANE (self), NULL);
  if (line >= self->n_lines)
    {
      *n = 0;
      return NULL;
    }
  *n = self->lines[line].moves->len;
  return (const VsMove *) self->lines[line].moves->data;
}

static void
show_info (VsAnalysisPane *self, const VsAnalysisInfo *info)
{
  GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->lines_box));
  g_ptr_array_set_size (self->line_moves, 0);
  self->n_lines = 0;
  for (guint i = 0; row; i++, row = gtk_widget_get_next_sibling (row))
    {
      if (i >= info->n_lines || info->lines[i].n_moves == 0)
        {
          gtk_widget_set_visible (row, FALSE);
          continue;
        }
      const VsAnalysisLine *line = &info->lines[i];
      g_autofree char *score = format_score (line, self->pos->side);
      ShownLine *sl = &self->lines[self->n_lines];
      g_array_set_size (sl->moves, 0);
      g_array_append_vals (sl->moves, line->moves, line->n_moves);
      g_autofree char *markup = line_markup (self, self->n_lines, score, line->moves, line->n_moves, sl->spans);
      gtk_label_set_markup (GTK_LABEL (row), markup);
      gtk_widget_set_visible (row, TRUE);
      g_ptr_array_add (self->line_moves, GUINT_TO_POINTER (line->moves[0]));
      self->n_lines++;
    }
  if (self->hover_line >= (int) self->n_lines)
    hide_hover (self);
  show_arrows (self);

  if (info->depth == 0)
    {
      gtk_label_set_label (self->status_label, _("Searching…"));
      return;
    }
  g_autofree char *status = NULL;
  g_autofree char *nps = info->nps >= 1000000 ? g_strdup_printf (_("%.1f M nodes/s"), info->nps / 1e6)
                                              : g_strdup_printf (_("%.0f k nodes/s"), info->nps / 1e3);
  status = g_strdup_printf (_("%s — depth %d — %s"), info->engine_name ? info->engine_name : "", info->depth, nps);
  gtk_label_set_label (self->status_label, status);

  if (info->n_lines > 0)
    {
      const VsAnalysisLine *best = &info->lines[0];
      int sign = self->pos->side == 0 ? 1 : -1;
      g_signal_emit (self, signals[SIGNAL_SCORE], 0, TRUE,
                     best->is_mate ? 0 : sign * best->score_cp, best->is_mate ? sign * best->mate : 0);
    }
}

static void
progress_cb (VsAnalysis *analysis, VsAnalysisInfo *info, VsAnalysisPane *self)
{
  if (info->n_lines > 0 && info->lines[0].n_moves > 0)
    self->n_reports++;
  show_info (self, info);
}

static void run (VsAnalysisPane *self);
static void fill_engines (VsAnalysisPane *self);
static void practice_action (GtkWidget *widget, const char *action_name, GVariant *param);
static void practice_active_cb (VsAnalysisPane *self);
static void vs_analysis_pane_size_allocate (GtkWidget *widget, int width, int height, int baseline);

/* ---- Engine faults -------------------------------------------------------------- */

/* Show an engine fault under the buttons, with "Restart"; NULL hides it. */
static void
set_fault (VsAnalysisPane *self, const char *message)
{
  g_free (self->fault);
  self->fault = g_strdup (message);
  gtk_label_set_label (self->fault_label, message ? message : "");
  gtk_widget_set_visible (self->fault_box, message != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "pane.restart", message != NULL);
  if (message)
    gtk_label_set_label (self->status_label, _("Engine stopped"));
}

const char *
vs_analysis_pane_get_message (VsAnalysisPane *self)
{
  g_return_val_if_fail (VS_IS_ANALYSIS_PANE (self), NULL);
  return self->fault;
}

static void
restart_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsAnalysisPane *self = VS_ANALYSIS_PANE (widget);
  set_fault (self, NULL);
  run (self);
}

static void
run_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (VsAnalysisPane) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (VsAnalysisInfo) info = vs_analysis_start_finish (VS_ANALYSIS (source), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;   /* a new run took its place */
  if (error)
    {
      /* the engine's own messages name it and the fault; anything else
       * says at least that the analysis stopped */
      if (error->domain == VS_UCI_CLIENT_ERROR)
        set_fault (self, error->message);
      else
        {
          g_autofree char *msg = g_strdup_printf (_("The analysis stopped: %s"), error->message);
          set_fault (self, msg);
        }
      set_button (self, FALSE);
      return;
    }
  if (info)
    show_info (self, info);
  if (!vs_analysis_is_running (self->analysis))
    set_button (self, FALSE);
}

void
vs_analysis_pane_get_options (VsAnalysisPane *self, VsAnalysisOptions *o)
{
  vs_analysis_options_init (o);
  guint sel = gtk_drop_down_get_selected (self->engine_dropdown);
  const char *command = sel < self->engine_commands->len ? g_ptr_array_index (self->engine_commands, sel) : NULL;
  if (command)
    {
      o->engine = VS_ANALYSIS_ENGINE_UCI;
      o->engine_command = command;
      o->engine_name = g_ptr_array_index (self->engine_names, sel);
    }
  if (self->settings)
    {
      o->threads = g_settings_get_int (self->settings, "engine-threads");
      o->hash_mb = g_settings_get_int (self->settings, "engine-hash");
      o->multipv = g_settings_get_int (self->settings, "engine-multipv");
      if (self->have_pos)
        o->notation = vs_move_notation_get (self->settings, self->pos->variant);
    }
}

static void
run (VsAnalysisPane *self)
{
  if (!self->have_pos)
    return;
  VsAnalysisOptions o;
  vs_analysis_pane_get_options (self, &o);
  self->n_reports = 0;
  set_fault (self, NULL);
  VsHistory h = { self->hist_undo, self->hist_len };
  vs_analysis_start (self->analysis, self->pos, &h, &o, NULL, run_done, g_object_ref (self));
  set_button (self, TRUE);
}

void
vs_analysis_pane_start (VsAnalysisPane *self)
{
  run (self);
}

void
vs_analysis_pane_stop (VsAnalysisPane *self)
{
  vs_analysis_stop (self->analysis);
  set_button (self, FALSE);
}

gboolean
vs_analysis_pane_is_running (VsAnalysisPane *self)
{
  return vs_analysis_is_running (self->analysis);
}

guint
vs_analysis_pane_get_n_reports (VsAnalysisPane *self)
{
  return self->n_reports;
}

void
vs_analysis_pane_set_position (VsAnalysisPane *self, const VsPosition *pos, const VsHistory *hist)
{
  g_return_if_fail (VS_IS_ANALYSIS_PANE (self));
  memcpy (self->pos, pos, sizeof *pos);
  g_clear_pointer (&self->hist_undo, g_free);
  self->hist_len = 0;
  if (hist && hist->len > 0)
    {
      self->hist_undo = g_memdup2 (hist->undo, hist->len * sizeof (VsUndo));
      self->hist_len = hist->len;
    }
  self->have_pos = TRUE;
  /* the user went elsewhere in the game: practice ends there */
  if (self->practice && vs_practice_bar_is_active (self->practice))
    vs_practice_bar_stop (self->practice);
  if (pos->variant != self->variant)
    {
      /* another variant: its own engines, and no fault of the last one */
      if (self->fault)
        {
          set_fault (self, NULL);
          gtk_label_set_label (self->status_label, "");
        }
      fill_engines (self);
    }
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->lines_box)); row;
       row = gtk_widget_get_next_sibling (row))
    gtk_widget_set_visible (row, FALSE);
  g_ptr_array_set_size (self->line_moves, 0);
  self->n_lines = 0;
  hide_hover (self);
  /* the window shows the game's position on the board already */
  self->previewing = FALSE;
  gtk_widget_set_visible (self->preview_box, FALSE);
  if (self->board)
    {
      vs_board_view_set_hide_shapes (self->board, FALSE);
      vs_board_view_set_arrows (self->board, NULL, 0);
    }
  if (gtk_toggle_button_get_active (self->run_button))
    run (self);
  else
    g_signal_emit (self, signals[SIGNAL_SCORE], 0, FALSE, 0, 0);
}

static void
run_toggled_cb (VsAnalysisPane *self)
{
  if (self->updating_button)
    return;
  if (gtk_toggle_button_get_active (self->run_button))
    run (self);
  else
    vs_analysis_pane_stop (self);
}

/* ---- Engines ------------------------------------------------------------------ */

static void
probe_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (VsAnalysisPane) self = user_data;
  g_autoptr (GError) error = NULL;
  vs_engine_caps_probe_finish (result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->cancellable == NULL)
    return;
  /* the answer (or the failure) is cached: list the engine or not */
  fill_engines (self);
}

/* The engines offered for the variant on the board: the built-in one and
 * every engine that said (answering "uci") that it plays it; engines not
 * asked yet are asked off the main loop and the list is made again. */
static void
fill_engines (VsAnalysisPane *self)
{
  guint old_sel = gtk_drop_down_get_selected (self->engine_dropdown);
  g_autofree char *before = old_sel < self->engine_commands->len
                            ? g_strdup (g_ptr_array_index (self->engine_commands, old_sel)) : NULL;
  g_ptr_array_set_size (self->engine_names, 0);
  g_ptr_array_set_size (self->engine_commands, 0);
  g_ptr_array_add (self->engine_names, g_strdup (_("Built-in engine")));
  g_ptr_array_add (self->engine_commands, NULL);
  self->variant = self->have_pos ? self->pos->variant : NULL;
  g_autofree char *chosen = NULL;
  g_autofree char *fallback = NULL;
  if (self->settings)
    {
      /* read back and checked entry by entry (vs-engine-config.c): the
       * settings may have been edited by hand */
      g_autoptr (GVariant) engines = g_settings_get_value (self->settings, "external-engines");
      g_autoptr (GPtrArray) configs = vs_engine_configs_all (engines);
      for (guint i = 0; i < configs->len; i++)
        {
          const VsEngineConfig *c = g_ptr_array_index (configs, i);
          if (!vs_engine_caps_known (c->command) && self->cancellable)
            vs_engine_caps_probe_async (c->command, self->cancellable, probe_done, g_object_ref (self));
        }
      /* the option values set in Preferences go with every start */
      g_autoptr (GVariant) opts = g_settings_get_value (self->settings, "engine-options");
      for (guint i = 0; i < configs->len; i++)
        {
          const VsEngineConfig *c = g_ptr_array_index (configs, i);
          g_autoptr (GVariant) one = g_variant_lookup_value (opts, c->name, G_VARIANT_TYPE ("a{ss}"));
          g_autoptr (GPtrArray) nv = g_ptr_array_new_with_free_func (g_free);
          GVariantIter it;
          const char *k, *v;
          if (one)
            {
              g_variant_iter_init (&it, one);
              while (g_variant_iter_next (&it, "{&s&s}", &k, &v))
                g_ptr_array_add (nv, g_strdup_printf ("%s=%s", k, v));
            }
          g_ptr_array_add (nv, NULL);
          vs_uci_client_set_user_options (c->command, (const char *const *) nv->pdata);
        }
      g_autoptr (GArray) offered = vs_engine_offered (configs, self->variant);
      for (guint k = 1; k < offered->len; k++)
        {
          const VsEngineConfig *c = g_ptr_array_index (configs, g_array_index (offered, guint, k));
          g_ptr_array_add (self->engine_names, g_strdup (c->name));
          g_ptr_array_add (self->engine_commands, g_strdup (c->command));
        }
      chosen = g_settings_get_string (self->settings, "analysis-engine");
      const VsEngineConfig *def = vs_engine_default_for (configs, self->variant);
      fallback = def ? g_strdup (def->name) : NULL;
    }
  g_ptr_array_add (self->engine_names, NULL);
  GtkStringList *model = gtk_string_list_new ((const char *const *) self->engine_names->pdata);
  g_ptr_array_set_size (self->engine_names, self->engine_names->len - 1);
  self->filling = TRUE;
  gtk_drop_down_set_model (self->engine_dropdown, G_LIST_MODEL (model));
  g_object_unref (model);
  /* the user's choice when offered for this variant, else the default */
  guint sel = G_MAXUINT;
  if (chosen && g_str_equal (chosen, VS_ANALYSIS_PANE_BUILTIN))
    sel = 0;
  for (guint i = 1; sel == G_MAXUINT && chosen && *chosen && i < self->engine_names->len; i++)
    if (g_str_equal (g_ptr_array_index (self->engine_names, i), chosen))
      sel = i;
  for (guint i = 1; sel == G_MAXUINT && fallback && i < self->engine_names->len; i++)
    if (g_str_equal (g_ptr_array_index (self->engine_names, i), fallback))
      sel = i;
  gtk_drop_down_set_selected (self->engine_dropdown, sel == G_MAXUINT ? 0 : sel);
  self->filling = FALSE;
  const char *now = sel == G_MAXUINT || sel == 0 ? NULL : g_ptr_array_index (self->engine_commands, sel);
  if (g_strcmp0 (now, before) != 0 && gtk_toggle_button_get_active (self->run_button))
    run (self);   /* the default engine became known: it takes over */
}

const char *
vs_analysis_pane_get_engine_name (VsAnalysisPane *self)
{
  g_return_val_if_fail (VS_IS_ANALYSIS_PANE (self), NULL);
  guint sel = gtk_drop_down_get_selected (self->engine_dropdown);
  return sel < self->engine_names->len ? g_ptr_array_index (self->engine_names, sel) : NULL;
}

guint
vs_analysis_pane_get_n_engines (VsAnalysisPane *self)
{
  g_return_val_if_fail (VS_IS_ANALYSIS_PANE (self), 0);
  return self->engine_names->len;
}

gboolean
vs_analysis_pane_select_engine (VsAnalysisPane *self, const char *name)
{
  g_return_val_if_fail (VS_IS_ANALYSIS_PANE (self), FALSE);
  for (guint i = 0; i < self->engine_names->len; i++)
    if (g_str_equal (g_ptr_array_index (self->engine_names, i), name))
      {
        gtk_drop_down_set_selected (self->engine_dropdown, i);
        return TRUE;
      }
  return FALSE;
}

static void
engine_selected_cb (VsAnalysisPane *self)
{
  if (self->filling)
    return;
  /* the fault was this engine's: another one starts clean */
  set_fault (self, NULL);
  gtk_label_set_label (self->status_label, "");
  guint sel = gtk_drop_down_get_selected (self->engine_dropdown);
  if (self->settings && sel < self->engine_names->len)
    {
      const char *name = sel == 0 ? VS_ANALYSIS_PANE_BUILTIN : g_ptr_array_index (self->engine_names, sel);
      g_autofree char *old = g_settings_get_string (self->settings, "analysis-engine");
      if (!g_str_equal (old, name))
        g_settings_set_string (self->settings, "analysis-engine", name);
    }
  if (gtk_toggle_button_get_active (self->run_button))
    run (self);
}

static void
settings_changed_cb (GSettings *settings, const char *key, VsAnalysisPane *self)
{
  if (g_str_equal (key, "external-engines"))
    fill_engines (self);
  else if (g_str_equal (key, "engine-options"))
    {
      fill_engines (self);
      if (gtk_toggle_button_get_active (self->run_button))
        run (self);
    }
  else if ((g_str_has_prefix (key, "engine-") || g_str_equal (key, "move-notations")) &&
           gtk_toggle_button_get_active (self->run_button))
    run (self);
}

void
vs_analysis_pane_set_settings (VsAnalysisPane *self, GSettings *settings)
{
  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_set_object (&self->settings, settings);
  fill_engines (self);
  g_signal_connect (settings, "changed", G_CALLBACK (settings_changed_cb), self);
}

/* ---- The board, the game and practice ---------------------------------------------- */

static void
board_gone (gpointer data, GObject *where)
{
  VsAnalysisPane *self = data;
  self->board = NULL;
}

void
vs_analysis_pane_set_board (VsAnalysisPane *self, VsBoardView *board)
{
  g_return_if_fail (VS_IS_ANALYSIS_PANE (self));
  if (self->board)
    g_object_weak_unref (G_OBJECT (self->board), board_gone, self);
  self->board = board;
  if (board)
    g_object_weak_ref (G_OBJECT (board), board_gone, self);
}

void
vs_analysis_pane_set_game (VsAnalysisPane *self, VsGame *game)
{
  g_return_if_fail (VS_IS_ANALYSIS_PANE (self));
  if (self->practice && vs_practice_bar_get_game (self->practice) != game)
    vs_practice_bar_stop (self->practice);
  g_set_object (&self->game, game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "pane.practice", game != NULL);
}

VsPracticeBar *
vs_analysis_pane_get_practice (VsAnalysisPane *self)
{
  g_return_val_if_fail (VS_IS_ANALYSIS_PANE (self), NULL);
  return self->practice;
}

gboolean
vs_analysis_pane_start_practice (VsAnalysisPane *self, int side)
{
  g_return_val_if_fail (VS_IS_ANALYSIS_PANE (self), FALSE);
  if (self->game == NULL || self->board == NULL)
    return FALSE;
  vs_analysis_pane_stop (self);
  end_preview (self, FALSE);
  VsAnalysisOptions o;
  vs_analysis_pane_get_options (self, &o);
  return vs_practice_bar_start (self->practice, self->game, self->board, side, &o);
}

static void
practice_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsAnalysisPane *self = VS_ANALYSIS_PANE (widget);
  /* the side to move on the board, else White: the bar lets the user switch */
  int side = self->have_pos ? self->pos->side : 0;
  if (!vs_analysis_pane_start_practice (self, side))
    vs_analysis_pane_start_practice (self, 1 - side);
}

static void
practice_active_cb (VsAnalysisPane *self)
{
  gboolean on = vs_practice_bar_is_active (self->practice);
  /* the engine's lines would give the answer away */
  gtk_widget_set_visible (GTK_WIDGET (self->lines_box), !on);
  gtk_widget_set_sensitive (GTK_WIDGET (self->run_button), !on);
  if (!on && self->board && self->have_pos)
    vs_board_view_set_position (self->board, self->pos, vs_board_view_get_last_move (self->board), FALSE);
}

static void
vs_analysis_pane_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  VsAnalysisPane *self = VS_ANALYSIS_PANE (widget);
  GTK_WIDGET_CLASS (vs_analysis_pane_parent_class)->size_allocate (widget, width, height, baseline);
  if (self->hover_popover && gtk_widget_get_visible (self->hover_popover))
    gtk_popover_present (GTK_POPOVER (self->hover_popover));
  if (self->menu && gtk_widget_get_visible (self->menu))
    gtk_popover_present (GTK_POPOVER (self->menu));
}

/* ---- GObject -------------------------------------------------------------------- */

static void
vs_analysis_pane_dispose (GObject *object)
{
  VsAnalysisPane *self = VS_ANALYSIS_PANE (object);
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->analysis)
    {
      g_signal_handlers_disconnect_by_data (self->analysis, self);
      vs_analysis_stop (self->analysis);
    }
  g_clear_object (&self->analysis);
  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  g_clear_object (&self->game);
  vs_analysis_pane_set_board (self, NULL);
  g_clear_pointer (&self->hover_popover, gtk_widget_unparent);
  g_clear_pointer (&self->menu, gtk_widget_unparent);
  gtk_widget_dispose_template (GTK_WIDGET (self), VS_TYPE_ANALYSIS_PANE);
  G_OBJECT_CLASS (vs_analysis_pane_parent_class)->dispose (object);
}

static void
vs_analysis_pane_finalize (GObject *object)
{
  VsAnalysisPane *self = VS_ANALYSIS_PANE (object);
  g_ptr_array_unref (self->engine_names);
  g_ptr_array_unref (self->engine_commands);
  g_ptr_array_unref (self->line_moves);
  for (guint i = 0; i < N_LINE_ROWS; i++)
    {
      g_array_unref (self->lines[i].moves);
      g_array_unref (self->lines[i].spans);
    }
  g_array_unref (self->preview_moves);
  g_free (self->pos);
  g_free (self->hist_undo);
  g_free (self->fault);
  G_OBJECT_CLASS (vs_analysis_pane_parent_class)->finalize (object);
}

static void
vs_analysis_pane_class_init (VsAnalysisPaneClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  G_OBJECT_CLASS (klass)->dispose = vs_analysis_pane_dispose;
  G_OBJECT_CLASS (klass)->finalize = vs_analysis_pane_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/example/VariantStudy/ui/vs-analysis-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, VsAnalysisPane, box);
  gtk_widget_class_bind_template_child (widget_class, VsAnalysisPane, engine_dropdown);
  gtk_widget_class_bind_template_child (widget_class, VsAnalysisPane, run_button);
  gtk_widget_class_bind_template_child (widget_class, VsAnalysisPane, status_label);
  gtk_widget_class_bind_template_child (widget_class, VsAnalysisPane, lines_box);
  gtk_widget_class_bind_template_child (widget_class, VsAnalysisPane, fault_box);
  gtk_widget_class_bind_template_child (widget_class, VsAnalysisPane, fault_label);
  gtk_widget_class_install_action (widget_class, "pane.restart", NULL, restart_action);
  gtk_widget_class_install_action (widget_class, "pane.back", NULL, back_action);
  gtk_widget_class_install_action (widget_class, "pane.show-move", NULL, show_move_action);
  gtk_widget_class_install_action (widget_class, "pane.add-variation", NULL, add_variation_action);
  gtk_widget_class_install_action (widget_class, "pane.practice", NULL, practice_action);
  widget_class->size_allocate = vs_analysis_pane_size_allocate;
  gtk_widget_class_bind_template_callback (widget_class, run_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, engine_selected_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "analysispane");

  signals[SIGNAL_SCORE] = g_signal_new ("score", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                        G_TYPE_BOOLEAN, G_TYPE_INT, G_TYPE_INT);
  /* kept for the window's template; no longer emitted (issue 21: a click
   * on a line shows the move instead of playing it) */
  signals[SIGNAL_LINE_ACTIVATED] = g_signal_new ("line-activated", G_TYPE_FROM_CLASS (klass),
                                                 G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                 G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[SIGNAL_ADD_LINE] = g_signal_new ("add-line", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 3, G_TYPE_POINTER, G_TYPE_UINT, G_TYPE_BOOLEAN);
}

static void
vs_analysis_pane_init (VsAnalysisPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->engine_names = g_ptr_array_new_with_free_func (g_free);
  self->engine_commands = g_ptr_array_new_with_free_func (g_free);
  self->line_moves = g_ptr_array_new ();
  self->pos = g_new0 (VsPosition, 1);
  self->cancellable = g_cancellable_new ();
  self->analysis = vs_analysis_new ();
  g_signal_connect (self->analysis, "progress", G_CALLBACK (progress_cb), self);

  /* each line a wrapped label, in full; its moves are links (click: show
   * it on the board), hovering a move shows it on a small board, the
   * context menu adds the line as a variation */
  for (guint i = 0; i < N_LINE_ROWS; i++)
    {
      self->lines[i].moves = g_array_new (FALSE, FALSE, sizeof (VsMove));
      self->lines[i].spans = g_array_new (FALSE, FALSE, sizeof (int));
      GtkWidget *label = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
      gtk_widget_add_css_class (label, "pv-line");
      gtk_widget_set_tooltip_text (label, _("Click a move to show it on the board; right-click to add the line as a variation"));
      g_object_set_data (G_OBJECT (label), "vs-line", GUINT_TO_POINTER (i));
      g_signal_connect (label, "activate-link", G_CALLBACK (activate_link_cb), self);
      GtkEventController *motion = gtk_event_controller_motion_new ();
      g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
      g_signal_connect (motion, "leave", G_CALLBACK (leave_cb), self);
      gtk_widget_add_controller (label, motion);
      GtkGesture *click = gtk_gesture_click_new ();
      gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
      g_signal_connect (click, "pressed", G_CALLBACK (menu_pressed_cb), self);
      gtk_widget_add_controller (label, GTK_EVENT_CONTROLLER (click));
      gtk_widget_set_visible (label, FALSE);
      gtk_box_append (self->lines_box, label);
    }
  self->hover_line = self->hover_ply = -1;
  self->menu_line = self->menu_ply = -1;
  self->preview_moves = g_array_new (FALSE, FALSE, sizeof (VsMove));

  /* the preview note, above the lines */
  self->preview_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->preview_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->preview_label, TRUE);
  gtk_label_set_xalign (self->preview_label, 0);
  gtk_widget_set_hexpand (GTK_WIDGET (self->preview_label), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->preview_label), "dim-label");
  gtk_box_append (GTK_BOX (self->preview_box), GTK_WIDGET (self->preview_label));
  GtkWidget *back = gtk_button_new_with_mnemonic (_("_Back to the Game"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (back), "pane.back");
  gtk_widget_set_valign (back, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (self->preview_box), back);
  gtk_widget_set_visible (self->preview_box, FALSE);
  gtk_box_insert_child_after (GTK_BOX (self->box), self->preview_box, self->fault_box);

  /* the small board */
  self->hover_popover = gtk_popover_new ();
  gtk_popover_set_autohide (GTK_POPOVER (self->hover_popover), FALSE);
  gtk_popover_set_position (GTK_POPOVER (self->hover_popover), GTK_POS_TOP);
  gtk_widget_set_can_target (self->hover_popover, FALSE);
  self->hover_board = VS_BOARD_VIEW (vs_board_view_new ());
  vs_board_view_set_interactive_sides (self->hover_board, 0);
  vs_board_view_set_animate (self->hover_board, FALSE);
  /* a board view asks for a big board: the frame gives it a small one */
  self->hover_frame = GTK_SCROLLED_WINDOW (gtk_scrolled_window_new ());
  gtk_scrolled_window_set_policy (self->hover_frame, GTK_POLICY_EXTERNAL, GTK_POLICY_EXTERNAL);
  gtk_scrolled_window_set_propagate_natural_width (self->hover_frame, FALSE);
  gtk_scrolled_window_set_propagate_natural_height (self->hover_frame, FALSE);
  gtk_scrolled_window_set_min_content_width (self->hover_frame, HOVER_SIZE);
  gtk_scrolled_window_set_min_content_height (self->hover_frame, HOVER_SIZE);
  gtk_scrolled_window_set_child (self->hover_frame, GTK_WIDGET (self->hover_board));
  gtk_popover_set_child (GTK_POPOVER (self->hover_popover), GTK_WIDGET (self->hover_frame));
  gtk_widget_set_parent (self->hover_popover, GTK_WIDGET (self));

  /* the lines' context menu */
  GMenu *menu = g_menu_new ();
  g_menu_append (menu, _("Show This Move on the Board"), "pane.show-move");
  g_menu_append (menu, _("Add Line as _Variation"), "pane.add-variation");
  self->menu = gtk_popover_menu_new_from_model (G_MENU_MODEL (menu));
  g_object_unref (menu);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->menu), FALSE);
  gtk_widget_set_halign (self->menu, GTK_ALIGN_START);
  gtk_widget_set_parent (self->menu, GTK_WIDGET (self));

  /* Learn from your mistakes */
  self->practice = VS_PRACTICE_BAR (vs_practice_bar_new ());
  gtk_box_insert_child_after (GTK_BOX (self->box), GTK_WIDGET (self->practice), self->preview_box);
  g_signal_connect_swapped (self->practice, "notify::active", G_CALLBACK (practice_active_cb), self);

  fill_engines (self);
  set_button (self, FALSE);
  set_fault (self, NULL);
}

GtkWidget *
vs_analysis_pane_new (void)
{
  return g_object_new (VS_TYPE_ANALYSIS_PANE, NULL);
}
