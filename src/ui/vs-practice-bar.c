/* vs-practice-bar.c — "Learn from your mistakes" (see the header). */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "vs-practice-bar.h"

/* each side of the comparison is searched this long */
#define PRACTICE_MOVETIME_MS 600

struct _VsPracticeBar
{
  GtkWidget parent_instance;

  GtkWidget *box;
  GtkWidget *start_button;
  GtkLabel  *note_label;
  GtkWidget *practice_box;
  GtkLabel  *title_label;
  GtkLabel  *message_label;

  VsGame *game;
  VsBoardView *board;            /* weak */
  int side;
  GArray *items;                 /* VsPracticeItem */
  guint index;
  gboolean active;
  VsAnalysisOptions options;
  char *engine_command, *engine_name;
  VsPosition *pos;               /* before the mistake */
  VsAnalysis *best_search, *cand_search;
  gboolean best_done;
  int best_cp, best_mate;        /* White's view, after the engine's choice */
  VsMove candidate;              /* being judged, or VS_MOVE_NONE */
  int verdict;                   /* -1 before a try */
  gboolean solved;               /* found, or the solution shown */
  gboolean best_retried, cand_retried;   /* searched again to a depth */
};

enum { PROP_0, PROP_ACTIVE, N_PROPS };
static GParamSpec *props[N_PROPS];
enum { SIGNAL_JUDGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (VsPracticeBar, vs_practice_bar, GTK_TYPE_WIDGET)

static const VsPracticeItem *
item (VsPracticeBar *self)
{
  return self->items && self->index < self->items->len
         ? &g_array_index (self->items, VsPracticeItem, self->index) : NULL;
}

static char *
san (const VsPosition *pos, VsMove m)
{
  char text[VS_MOVE_TEXT_MAX];
  vs_move_write (pos, m, VS_NOTATION_SAN, text);
  return g_strdup (text);
}

static void
set_message (VsPracticeBar *self, const char *text)
{
  gtk_label_set_label (self->message_label, text);
}

static void
update_actions (VsPracticeBar *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "practice.solution", self->active && !self->solved);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "practice.next", self->active);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "practice.other-side", self->active);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "practice.stop", self->active);
}

/* The evaluation after a move, White's view, from a search's final report. */
static gboolean
info_score (const VsAnalysisInfo *info, const VsPosition *after, int *cp, int *mate)
{
  if (info == NULL || info->n_lines == 0)
    return FALSE;
  int sign = after->side == 0 ? 1 : -1;
  const VsAnalysisLine *l = &info->lines[0];
  *cp = l->is_mate ? 0 : sign * l->score_cp;
  *mate = l->is_mate ? sign * l->mate : 0;
  return TRUE;
}

/* Positions after a move, or with no legal move: no search; the side that
 * cannot move there has lost (mate) or it is a draw. */
static gboolean
terminal_score (const VsPosition *after, int *cp, int *mate)
{
  VsMove moves[VS_MAX_MOVES];
  if (vs_position_generate (after, VS_GEN_ALL, moves) > 0)
    return FALSE;
  VsResult r;
  VsGameState st = vs_position_state (after, NULL, &r);
  (void) st;
  *cp = 0;
  *mate = r == VS_RESULT_WHITE_WINS ? 1 : r == VS_RESULT_BLACK_WINS ? -1 : 0;
  return TRUE;
}

static void judge (VsPracticeBar *self);
static void search_after (VsPracticeBar *self, VsAnalysis *a, VsMove m, GAsyncReadyCallback cb, gboolean by_depth);

/* A search that ran out of time before a useful depth (a loaded machine)
 * is not judged on: it is run again to that depth, however long it takes. */
#define PRACTICE_MIN_DEPTH 3

static gboolean
too_shallow (const VsAnalysisInfo *info)
{
  return info == NULL || info->n_lines == 0 || info->lines[0].n_moves == 0 || info->depth < PRACTICE_MIN_DEPTH;
}

static void
best_done (GObject *source, GAsyncResult *res, gpointer data)
{
  g_autoptr (VsPracticeBar) self = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (VsAnalysisInfo) info = vs_analysis_start_finish (VS_ANALYSIS (source), res, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || !self->active)
    return;
  const VsPracticeItem *it = item (self);
  if (error == NULL && !self->best_retried && too_shallow (info) && !(info && info->n_lines && info->lines[0].is_mate))
    {
      self->best_retried = TRUE;
      search_after (self, self->best_search, it->best, best_done, TRUE);
      return;
    }
  g_autofree VsPosition *after = g_new (VsPosition, 1);
  memcpy (after, self->pos, sizeof *after);
  vs_position_play (after, it->best);
  if (!info_score (info, after, &self->best_cp, &self->best_mate))
    self->best_cp = self->best_mate = 0;
  self->best_done = TRUE;
  if (self->candidate != VS_MOVE_NONE)
    judge (self);
}

static void
cand_done (GObject *source, GAsyncResult *res, gpointer data)
{
  g_autoptr (VsPracticeBar) self = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (VsAnalysisInfo) info = vs_analysis_start_finish (VS_ANALYSIS (source), res, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || !self->active ||
      self->candidate == VS_MOVE_NONE)
    return;
  if (error == NULL && !self->cand_retried && too_shallow (info) && !(info && info->n_lines && info->lines[0].is_mate))
    {
      self->cand_retried = TRUE;
      search_after (self, self->cand_search, self->candidate, cand_done, TRUE);
      return;
    }
  g_autofree VsPosition *after = g_new (VsPosition, 1);
  memcpy (after, self->pos, sizeof *after);
  vs_position_play (after, self->candidate);
  int cp = 0, mate = 0;
  if (!info_score (info, after, &cp, &mate))
    {
      set_message (self, error ? error->message : _("The engine gave no evaluation."));
      self->candidate = VS_MOVE_NONE;
      return;
    }
  g_object_set_data (G_OBJECT (self), "vs-cand-cp", GINT_TO_POINTER (cp));
  g_object_set_data (G_OBJECT (self), "vs-cand-mate", GINT_TO_POINTER (mate));
  g_object_set_data (G_OBJECT (self), "vs-cand-done", GINT_TO_POINTER (1));
  if (self->best_done)
    judge (self);
}

static void
search_after (VsPracticeBar *self, VsAnalysis *a, VsMove m, GAsyncReadyCallback cb, gboolean by_depth)
{
  g_autofree VsPosition *after = g_new (VsPosition, 1);
  memcpy (after, self->pos, sizeof *after);
  vs_position_play (after, m);
  int cp, mate;
  if (terminal_score (after, &cp, &mate))
    {
      /* no search: report at once, as a search would */
      if (a == self->best_search)
        {
          self->best_cp = cp, self->best_mate = mate, self->best_done = TRUE;
          if (self->candidate != VS_MOVE_NONE && g_object_get_data (G_OBJECT (self), "vs-cand-done"))
            judge (self);
        }
      else
        {
          g_object_set_data (G_OBJECT (self), "vs-cand-cp", GINT_TO_POINTER (cp));
          g_object_set_data (G_OBJECT (self), "vs-cand-mate", GINT_TO_POINTER (mate));
          g_object_set_data (G_OBJECT (self), "vs-cand-done", GINT_TO_POINTER (1));
          if (self->best_done)
            judge (self);
        }
      return;
    }
  VsAnalysisOptions o = self->options;
  o.engine_command = self->engine_command;
  o.engine_name = self->engine_name;
  o.multipv = 1;
  o.depth = by_depth ? PRACTICE_MIN_DEPTH : 0;
  o.nodes = 0;
  o.movetime_ms = by_depth ? 0 : PRACTICE_MOVETIME_MS;
  vs_analysis_start (a, after, NULL, &o, NULL, cb, g_object_ref (self));
}

static void
judge (VsPracticeBar *self)
{
  const VsPracticeItem *it = item (self);
  VsMove m = self->candidate;
  int cp = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (self), "vs-cand-cp"));
  int mate = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (self), "vs-cand-mate"));
  VsPracticeVerdict v = vs_practice_judge (self->pos->variant, self->side, m, it->best, it->played,
                                           self->best_cp, self->best_mate, cp, mate);
  self->verdict = v;
  self->candidate = VS_MOVE_NONE;
  g_object_set_data (G_OBJECT (self), "vs-cand-done", NULL);
  g_autofree char *tried = san (self->pos, m);
  g_autofree char *best = san (self->pos, it->best);
  g_autofree char *text = NULL;
  if (v != VS_PRACTICE_NOT_BEST && self->board)
    {
      /* the move found stays on the board */
      g_autofree VsPosition *after = g_new (VsPosition, 1);
      memcpy (after, self->pos, sizeof *after);
      vs_position_play (after, m);
      vs_board_view_set_position (self->board, after, m, FALSE);
    }
  switch (v)
    {
    case VS_PRACTICE_BEST:
      /* TRANSLATORS: %s is a move */
      text = g_strdup_printf (_("%s: well done, that is the engine’s choice."), tried);
      self->solved = TRUE;
      break;
    case VS_PRACTICE_CLOSE_ENOUGH:
      /* TRANSLATORS: the first %s is the move tried, the second the engine's choice */
      text = g_strdup_printf (_("%s is close enough: good. The engine’s choice was %s."), tried, best);
      self->solved = TRUE;
      break;
    case VS_PRACTICE_NOT_BEST:
    default:
      text = m == it->played
             ? g_strdup_printf (_("%s is the move of the game, the mistake: try another one."), tried)
             : g_strdup_printf (_("%s is not good enough: try again."), tried);
      /* take it back, to try again */
      if (self->board)
        vs_board_view_set_position (self->board, self->pos, vs_game_node_get_move (vs_game_node_get_parent (it->node)), FALSE);
      break;
    }
  set_message (self, text);
  update_actions (self);
  g_signal_emit (self, signals[SIGNAL_JUDGED], 0, (int) v);
}

static void
show_item (VsPracticeBar *self)
{
  const VsPracticeItem *it = item (self);
  vs_analysis_stop (self->best_search);
  vs_analysis_stop (self->cand_search);
  self->candidate = VS_MOVE_NONE;
  self->best_done = FALSE;
  self->best_retried = FALSE;
  self->verdict = -1;
  self->solved = FALSE;
  g_object_set_data (G_OBJECT (self), "vs-cand-done", NULL);
  VsGameNode *parent = vs_game_node_get_parent (it->node);
  vs_game_node_position (parent, self->pos);
  if (self->board)
    {
      vs_board_view_set_arrows (self->board, NULL, 0);
      vs_board_view_set_hide_shapes (self->board, TRUE);
      vs_board_view_set_interactive_sides (self->board, 1u << self->side);
      vs_board_view_set_position (self->board, self->pos, vs_game_node_get_move (parent), FALSE);
    }
  g_autofree char *title = g_strdup_printf (_("Mistake %u of %u for %s"), self->index + 1, self->items->len,
                                            vs_variant_side_name (vs_game_get_variant (self->game), self->side));
  gtk_label_set_label (self->title_label, title);
  g_autofree char *played = san (self->pos, it->played);
  const char *glyph = vs_nag_glyph (it->nag);
  g_autofree char *text = g_strdup_printf (self->side == 0 ? _("%u. %s%s was played here. Find a better move.")
                                                           : _("%u… %s%s was played here. Find a better move."),
                                           vs_game_node_get_move_number (it->node), played, glyph ? glyph : "");
  set_message (self, text);
  update_actions (self);
  /* the engine's choice is evaluated while the user thinks */
  search_after (self, self->best_search, it->best, best_done, FALSE);
}

gboolean
vs_practice_bar_board_move (VsPracticeBar *self, VsMove move)
{
  g_return_val_if_fail (VS_IS_PRACTICE_BAR (self), FALSE);
  if (!self->active)
    return FALSE;
  const VsPracticeItem *it = item (self);
  if (self->solved || self->candidate != VS_MOVE_NONE)
    {
      /* already found (or being judged): the board goes back to the question */
      if (self->board && !self->solved)
        vs_board_view_set_position (self->board, self->pos, vs_game_node_get_move (vs_game_node_get_parent (it->node)), FALSE);
      return TRUE;
    }
  self->candidate = move;
  self->cand_retried = FALSE;
  if (!vs_practice_needs_eval (move, it->best, it->played))
    {
      judge (self);
      return TRUE;
    }
  set_message (self, _("Checking the move…"));
  search_after (self, self->cand_search, move, cand_done, FALSE);
  return TRUE;
}

static void
solution_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsPracticeBar *self = VS_PRACTICE_BAR (widget);
  const VsPracticeItem *it = item (self);
  if (!self->active || !it)
    return;
  vs_analysis_stop (self->cand_search);
  self->candidate = VS_MOVE_NONE;
  self->solved = TRUE;
  g_autofree VsPosition *after = g_new (VsPosition, 1);
  memcpy (after, self->pos, sizeof *after);
  vs_position_play (after, it->best);
  if (self->board)
    vs_board_view_set_position (self->board, after, it->best, TRUE);
  g_autofree char *best = san (self->pos, it->best);
  g_autofree char *played = san (self->pos, it->played);
  g_autofree char *text = g_strdup_printf (_("The engine’s choice: %s (the game had %s)."), best, played);
  set_message (self, text);
  update_actions (self);
}

static void
set_active (VsPracticeBar *self, gboolean active)
{
  if (self->active == active)
    return;
  self->active = active;
  gtk_widget_set_visible (self->practice_box, active);
  gtk_widget_set_visible (self->start_button, !active);
  if (!active && self->board)
    {
      vs_board_view_set_interactive_sides (self->board, 3);
      vs_board_view_set_hide_shapes (self->board, FALSE);
    }
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ACTIVE]);
}

void
vs_practice_bar_stop (VsPracticeBar *self)
{
  g_return_if_fail (VS_IS_PRACTICE_BAR (self));
  vs_analysis_stop (self->best_search);
  vs_analysis_stop (self->cand_search);
  set_active (self, FALSE);
}

static void
next_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsPracticeBar *self = VS_PRACTICE_BAR (widget);
  if (!self->active)
    return;
  if (self->index + 1 >= self->items->len)
    {
      vs_practice_bar_stop (self);
      gtk_label_set_label (self->note_label, _("That was the last mistake. Well done!"));
      gtk_widget_set_visible (GTK_WIDGET (self->note_label), TRUE);
      return;
    }
  self->index++;
  show_item (self);
}

static void
board_gone (gpointer data, GObject *where)
{
  VS_PRACTICE_BAR (data)->board = NULL;
}

gboolean
vs_practice_bar_start (VsPracticeBar *self, VsGame *game, VsBoardView *board, int side,
                       const VsAnalysisOptions *options)
{
  g_return_val_if_fail (VS_IS_PRACTICE_BAR (self), FALSE);
  g_autoptr (GArray) items = vs_practice_collect (game, side);
  if (items->len == 0)
    {
      g_autofree char *note = g_strdup_printf (_("No mistakes of %s to practise: annotate the game first (Annotate Game…)."),
                                               vs_variant_side_name (vs_game_get_variant (game), side));
      gtk_label_set_label (self->note_label, note);
      gtk_widget_set_visible (GTK_WIDGET (self->note_label), TRUE);
      return FALSE;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->note_label), FALSE);
  g_set_object (&self->game, game);
  if (self->board != board)
    {
      if (self->board)
        g_object_weak_unref (G_OBJECT (self->board), board_gone, self);
      self->board = board;
      if (board)
        g_object_weak_ref (G_OBJECT (board), board_gone, self);
    }
  self->side = side;
  g_clear_pointer (&self->items, g_array_unref);
  self->items = g_steal_pointer (&items);
  self->index = 0;
  self->options = *options;
  g_free (self->engine_command);
  g_free (self->engine_name);
  self->engine_command = g_strdup (options->engine_command);
  self->engine_name = g_strdup (options->engine_name);
  set_active (self, TRUE);
  show_item (self);
  return TRUE;
}

static void
other_side_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsPracticeBar *self = VS_PRACTICE_BAR (widget);
  if (!self->active)
    return;
  VsAnalysisOptions o = self->options;
  o.engine_command = self->engine_command;
  o.engine_name = self->engine_name;
  g_autoptr (VsGame) game = g_object_ref (self->game);
  if (!vs_practice_bar_start (self, game, self->board, 1 - self->side, &o))
    set_message (self, gtk_label_get_label (self->note_label));
}

static void
stop_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  vs_practice_bar_stop (VS_PRACTICE_BAR (widget));
}

gboolean
vs_practice_bar_is_active (VsPracticeBar *self)
{
  g_return_val_if_fail (VS_IS_PRACTICE_BAR (self), FALSE);
  return self->active;
}

VsGame *
vs_practice_bar_get_game (VsPracticeBar *self)
{
  g_return_val_if_fail (VS_IS_PRACTICE_BAR (self), NULL);
  return self->game;
}

guint
vs_practice_bar_get_index (VsPracticeBar *self)
{
  return self->index;
}

guint
vs_practice_bar_get_n_mistakes (VsPracticeBar *self)
{
  return self->items ? self->items->len : 0;
}

const VsPracticeItem *
vs_practice_bar_get_item (VsPracticeBar *self)
{
  return self->active ? item (self) : NULL;
}

int
vs_practice_bar_get_verdict (VsPracticeBar *self)
{
  return self->verdict;
}

const char *
vs_practice_bar_get_message (VsPracticeBar *self)
{
  return gtk_label_get_label (self->message_label);
}

static void
vs_practice_bar_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  VsPracticeBar *self = VS_PRACTICE_BAR (object);
  switch (id)
    {
    case PROP_ACTIVE: g_value_set_boolean (value, self->active); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
vs_practice_bar_dispose (GObject *object)
{
  VsPracticeBar *self = VS_PRACTICE_BAR (object);
  if (self->best_search)
    vs_analysis_stop (self->best_search);
  if (self->cand_search)
    vs_analysis_stop (self->cand_search);
  g_clear_object (&self->best_search);
  g_clear_object (&self->cand_search);
  if (self->board)
    g_object_weak_unref (G_OBJECT (self->board), board_gone, self);
  self->board = NULL;
  g_clear_object (&self->game);
  gtk_widget_dispose_template (GTK_WIDGET (self), VS_TYPE_PRACTICE_BAR);
  G_OBJECT_CLASS (vs_practice_bar_parent_class)->dispose (object);
}

static void
vs_practice_bar_finalize (GObject *object)
{
  VsPracticeBar *self = VS_PRACTICE_BAR (object);
  g_clear_pointer (&self->items, g_array_unref);
  g_free (self->engine_command);
  g_free (self->engine_name);
  g_free (self->pos);
  G_OBJECT_CLASS (vs_practice_bar_parent_class)->finalize (object);
}

static void
vs_practice_bar_class_init (VsPracticeBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->get_property = vs_practice_bar_get_property;
  object_class->dispose = vs_practice_bar_dispose;
  object_class->finalize = vs_practice_bar_finalize;
  props[PROP_ACTIVE] = g_param_spec_boolean ("active", NULL, NULL, FALSE,
                                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, props);
  signals[SIGNAL_JUDGED] = g_signal_new ("judged", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/example/VariantStudy/ui/vs-practice-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, VsPracticeBar, box);
  gtk_widget_class_bind_template_child (widget_class, VsPracticeBar, start_button);
  gtk_widget_class_bind_template_child (widget_class, VsPracticeBar, note_label);
  gtk_widget_class_bind_template_child (widget_class, VsPracticeBar, practice_box);
  gtk_widget_class_bind_template_child (widget_class, VsPracticeBar, title_label);
  gtk_widget_class_bind_template_child (widget_class, VsPracticeBar, message_label);
  gtk_widget_class_install_action (widget_class, "practice.solution", NULL, solution_action);
  gtk_widget_class_install_action (widget_class, "practice.next", NULL, next_action);
  gtk_widget_class_install_action (widget_class, "practice.other-side", NULL, other_side_action);
  gtk_widget_class_install_action (widget_class, "practice.stop", NULL, stop_action);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "practicebar");
}

static void
vs_practice_bar_init (VsPracticeBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->pos = g_new0 (VsPosition, 1);
  self->best_search = vs_analysis_new ();
  self->cand_search = vs_analysis_new ();
  self->verdict = -1;
  self->candidate = VS_MOVE_NONE;
  update_actions (self);
}

GtkWidget *
vs_practice_bar_new (void)
{
  return g_object_new (VS_TYPE_PRACTICE_BAR, NULL);
}
