/* vs-analysis-pane.c — engine analysis of the position on the board.
 *
 * A VsAnalysis runs the chosen engine in a worker thread; its "progress"
 * reports (at most every 250 ms) update the lines here on the main loop. */
#include "config.h"

#include <glib/gi18n.h>

#include "vs-analysis-pane.h"
#include "vs-move-notation.h"
#include "vs-engine-config.h"
#include "vs-uci-client.h"

#define N_LINE_ROWS 10

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
  guint n_reports;
  gboolean updating_button;
  char *fault;                 /* the last engine fault, or NULL */
  const VsVariant *variant;    /* the variant the engine list was made for */
  gboolean filling;            /* fill_engines is changing the selection */
  GCancellable *cancellable;   /* engine probes */
};

enum { SIGNAL_SCORE, SIGNAL_LINE_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (VsAnalysisPane, vs_analysis_pane, GTK_TYPE_WIDGET)

static void
set_button (VsAnalysisPane *self, gboolean active)
{
  self->updating_button = TRUE;
  gtk_toggle_button_set_active (self->run_button, active);
  gtk_button_set_label (GTK_BUTTON (self->run_button), active ? _("Stop _Engine") : _("Start _Engine"));
  self->updating_button = FALSE;
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

static void
line_clicked_cb (GtkButton *button, VsAnalysisPane *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "vs-line"));
  if (index < self->line_moves->len)
    g_signal_emit (self, signals[SIGNAL_LINE_ACTIVATED], 0,
                   GPOINTER_TO_UINT (g_ptr_array_index (self->line_moves, index)));
}

static void
show_info (VsAnalysisPane *self, const VsAnalysisInfo *info)
{
  GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->lines_box));
  g_ptr_array_set_size (self->line_moves, 0);
  for (guint i = 0; row; i++, row = gtk_widget_get_next_sibling (row))
    {
      if (i >= info->n_lines || info->lines[i].n_moves == 0)
        {
          gtk_widget_set_visible (row, FALSE);
          continue;
        }
      const VsAnalysisLine *line = &info->lines[i];
      g_autofree char *score = format_score (line, self->pos->side);
      g_autofree char *markup = g_markup_printf_escaped ("<b>%s</b>  %s", score, line->text ? line->text : "");
      GtkWidget *label = gtk_button_get_child (GTK_BUTTON (row));
      gtk_label_set_markup (GTK_LABEL (label), markup);
      gtk_widget_set_visible (row, TRUE);
      g_ptr_array_add (self->line_moves, GUINT_TO_POINTER (line->moves[0]));
    }

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
  gtk_widget_class_bind_template_callback (widget_class, run_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, engine_selected_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "analysispane");

  signals[SIGNAL_SCORE] = g_signal_new ("score", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                        G_TYPE_BOOLEAN, G_TYPE_INT, G_TYPE_INT);
  signals[SIGNAL_LINE_ACTIVATED] = g_signal_new ("line-activated", G_TYPE_FROM_CLASS (klass),
                                                 G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                 G_TYPE_NONE, 1, G_TYPE_UINT);
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

  for (guint i = 0; i < N_LINE_ROWS; i++)
    {
      GtkWidget *label = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      GtkWidget *button = gtk_button_new ();
      gtk_button_set_child (GTK_BUTTON (button), label);
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_set_tooltip_text (button, _("Play the first move of this line"));
      g_object_set_data (G_OBJECT (button), "vs-line", GUINT_TO_POINTER (i));
      g_signal_connect (button, "clicked", G_CALLBACK (line_clicked_cb), self);
      gtk_widget_set_visible (button, FALSE);
      gtk_box_append (self->lines_box, button);
    }
  fill_engines (self);
  set_button (self, FALSE);
  set_fault (self, NULL);
}

GtkWidget *
vs_analysis_pane_new (void)
{
  return g_object_new (VS_TYPE_ANALYSIS_PANE, NULL);
}
