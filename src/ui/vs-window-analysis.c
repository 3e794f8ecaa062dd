/* vs-window-analysis.c — the study window's engine wiring: the analysis
 * pane's scores on the eval bar and graph, and Annotate Game. */
#include "config.h"

#include <glib/gi18n.h>

#include "vs-window-private.h"

/* ---- Analysis, annotation and play ------------------------------------------------ */

void
vs_window_analysis_score_cb (VsWindow *self, gboolean has_score, int cp, int mate)
{
  vs_eval_bar_set_variant (self->eval_bar, self->game ? vs_game_get_variant (self->game) : NULL);
  vs_eval_bar_set_score (self->eval_bar, has_score, cp, mate);
  if (has_score && self->cursor && vs_game_node_is_main_line (self->cursor) && self->annotator == NULL)
    vs_eval_graph_set_score (self->eval_graph, vs_game_node_get_ply (self->cursor), cp, mate);
}

void
vs_window_show_game_evals (VsWindow *self)
{
  /* Evaluations stored in the record ([%eval]) fill the graph, and its
   * mistakes (?) and blunders (??) are marked, as after annotating. */
  vs_eval_graph_clear_marks (self->eval_graph);
  guint ply = 1;
  for (VsGameNode *n = vs_game_node_get_main_child (vs_game_get_root (self->game)); n;
       n = vs_game_node_get_main_child (n), ply++)
    {
      const guint8 *nags = NULL;
      guint n_nags = vs_game_node_get_nags (n, &nags);
      for (guint i = 0; i < n_nags; i++)
        if (nags[i] == VS_NAG_MISTAKE || nags[i] == VS_NAG_BLUNDER)
          vs_eval_graph_set_mark (self->eval_graph, ply, nags[i]);
      VsEval e = vs_game_node_get_eval (n);
      if (e.kind == VS_EVAL_CP)
        vs_eval_graph_set_score (self->eval_graph, ply, e.value, 0);
      else if (e.kind == VS_EVAL_MATE)
        vs_eval_graph_set_score (self->eval_graph, ply, 0, e.value);
      else
        vs_eval_graph_clear_score (self->eval_graph, ply);
    }
}

static void
annotate_position_done_cb (VsAnnotator *annotator, guint ply, int cp, int mate, VsWindow *self)
{
  guint n = vs_annotator_get_n_positions (annotator);
  vs_eval_graph_set_score (self->eval_graph, ply, cp, mate);
  gtk_progress_bar_set_fraction (self->annotate_progress, (double) (ply + 1) / n);
  g_autofree char *text = g_strdup_printf (_("Annotating… %u of %u"), ply + 1, n);
  gtk_progress_bar_set_text (self->annotate_progress, text);
}

void
vs_window_set_annotating (VsWindow *self, gboolean on)
{
  gtk_widget_set_visible (GTK_WIDGET (self->annotate_progress), on);
  gtk_widget_set_visible (self->annotate_cancel, on);
  gtk_widget_set_visible (self->annotate_spacer, !on);
}

/* Writes the annotation (vs-annotate: evals, NAGs, "X was best." comments,
 * better lines, ACPL/accuracy headers) into the game, as one edit (undone in
 * one step); marks the mistakes on the eval graph; *summary_text gets the
 * summary to show. */
static void
apply_annotation (VsWindow *self, VsAnnotator *annotator, char **summary_text)
{
  if (self->game != self->annotated_game)
    return;
  vs_window_begin_edit (self);
  VsAnnotateSummary summary;
  g_autoptr (GArray) nags = g_array_new (FALSE, TRUE, sizeof (guint));
  vs_annotator_apply (annotator, self->game, &summary, nags);
  vs_eval_graph_clear_marks (self->eval_graph);
  for (guint ply = 1; ply < nags->len; ply++)
    {
      guint nag = g_array_index (nags, guint, ply);
      if (nag == 2 || nag == 4)
        vs_eval_graph_set_mark (self->eval_graph, ply, nag);
    }
  vs_window_end_edit (self, self->cursor);
  *summary_text = vs_annotate_summary_text (&summary, vs_game_get_variant (self->game));
}

static void
annotate_finished_cb (VsAnnotator *annotator, gboolean completed, VsWindow *self)
{
  if (completed)
    {
      g_autofree char *summary = NULL;
      apply_annotation (self, annotator, &summary);
      g_autofree char *msg = g_strdup_printf ("%s %s", _("Annotation finished: evaluations and mistakes are marked in the moves."),
                                              summary ? summary : "");
      vs_window_show_message (self, GTK_MESSAGE_INFO, msg);
    }
  else if (vs_annotator_get_error (annotator))
    {
      g_autofree char *msg = g_strdup_printf (_("Annotation stopped: %s"), vs_annotator_get_error (annotator)->message);
      vs_window_show_message (self, GTK_MESSAGE_ERROR, msg);
    }
  g_signal_handlers_disconnect_by_data (annotator, self);
  g_clear_object (&self->annotator);
  g_clear_object (&self->annotated_game);
  vs_window_set_annotating (self, FALSE);
  vs_window_update_actions (self);
  g_signal_emit_by_name (self, "annotated", completed);
}

static void
annotate_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  VsAnalysisOptions options;
  vs_analysis_pane_get_options (self->analysis_pane, &options);
  if (param == NULL)
    {
      /* Annotate Game…: engine, time or depth, side(s) — the dialog
       * activates win.annotate-with */
      const char *name = options.engine == VS_ANALYSIS_ENGINE_UCI
                           ? (options.engine_name ? options.engine_name : options.engine_command) : NULL;
      gtk_window_present (GTK_WINDOW (vs_annotate_dialog_new (GTK_WINDOW (self), name)));
      return;
    }
  gint64 movetime = 400;
  int depth = 0, sides = 3;
  if (g_variant_is_of_type (param, G_VARIANT_TYPE ("(biii)")))
    {
      gboolean builtin;
      int ms;
      g_variant_get (param, "(biii)", &builtin, &ms, &depth, &sides);
      movetime = ms;
      if (builtin)
        options.engine = VS_ANALYSIS_ENGINE_BUILTIN;
    }
  else
    movetime = g_variant_get_int32 (param);
  vs_analysis_pane_stop (self->analysis_pane);
  self->annotator = vs_annotator_new (self->game, &options, movetime);
  vs_annotator_set_depth (self->annotator, depth);
  vs_annotator_set_sides (self->annotator, (guint) sides);
  self->annotated_game = g_object_ref (self->game);
  g_signal_connect (self->annotator, "position-done", G_CALLBACK (annotate_position_done_cb), self);
  g_signal_connect (self->annotator, "finished", G_CALLBACK (annotate_finished_cb), self);
  gtk_progress_bar_set_fraction (self->annotate_progress, 0);
  gtk_progress_bar_set_text (self->annotate_progress, _("Annotating…"));
  vs_window_set_annotating (self, TRUE);
  if (!g_settings_get_boolean (self->settings, "show-analysis"))
    g_settings_set_boolean (self->settings, "show-analysis", TRUE);
  vs_window_update_actions (self);
  vs_annotator_start (self->annotator);
}

static void
analyse_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  if (vs_analysis_pane_is_running (self->analysis_pane))
    vs_analysis_pane_stop (self->analysis_pane);
  else
    {
      if (!g_settings_get_boolean (self->settings, "show-analysis"))
        g_settings_set_boolean (self->settings, "show-analysis", TRUE);
      vs_analysis_pane_start (self->analysis_pane);
    }
}

static void
cancel_annotation_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  if (self->annotator)
    vs_annotator_cancel (self->annotator);
}

void
vs_window_analysis_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.analyse", NULL, analyse_action);
  gtk_widget_class_install_action (widget_class, "win.annotate", NULL, annotate_action);
  gtk_widget_class_install_action (widget_class, "win.annotate-movetime", "i", annotate_action);
  gtk_widget_class_install_action (widget_class, "win.annotate-with", "(biii)", annotate_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-annotation", NULL, cancel_annotation_action);
}
