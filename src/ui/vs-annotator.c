/* vs-annotator.c — evaluates every position of a game's main line in the
 * background: one VsAnalysis run (worker thread) per position, started from
 * the previous run's callback, so the main loop only ever handles results. */
#include "config.h"

#include <math.h>

#include "vs-annotator.h"
#include "vs-search.h"
#include "vs-annotate.h"

typedef VsAnnotateScore Score;

struct _VsAnnotator
{
  GObject parent_instance;
  GPtrArray *positions;     /* VsPosition*, ply 0 = start */
  VsLine *line;             /* the main line: position i follows its first i plies */
  GArray *scores;           /* Score */
  VsAnalysisOptions options;
  char *engine_command;
  VsAnalysis *analysis;
  GCancellable *cancellable;
  guint next;
  gboolean running;
  guint sides;
  GError *error;
};

enum { SIGNAL_POSITION_DONE, SIGNAL_FINISHED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (VsAnnotator, vs_annotator, G_TYPE_OBJECT)

static void run_next (VsAnnotator *self);

static void
run_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (VsAnnotator) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (VsAnalysisInfo) info = vs_analysis_start_finish (VS_ANALYSIS (source), result, &error);
  if (!self->running)
    return;
  if (info == NULL || info->n_lines == 0)
    {
      self->running = FALSE;
      if (error == NULL)
        g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_FAILED, "no evaluation");
      g_clear_error (&self->error);
      self->error = g_steal_pointer (&error);
      g_signal_emit (self, signals[SIGNAL_FINISHED], 0, FALSE);
      return;
    }
  guint ply = self->next;
  const VsPosition *pos = g_ptr_array_index (self->positions, ply);
  const VsAnalysisLine *best = &info->lines[0];
  Score *s = &g_array_index (self->scores, Score, ply);
  vs_annotate_score_from_line (s, pos, best->is_mate, best->score_cp, best->mate, best->moves,
                               best->n_moves);
  g_signal_emit (self, signals[SIGNAL_POSITION_DONE], 0, ply, s->cp, s->mate);
  self->next++;
  run_next (self);
}

static void
run_next (VsAnnotator *self)
{
  /* Positions where the game is over have nothing to search. */
  while (self->next < self->positions->len)
    {
      VsPosition *pos = g_ptr_array_index (self->positions, self->next);
      VsHistory h = { self->line ? self->line->undo : NULL, self->line ? (int) self->next : 0 };
      Score *s = &g_array_index (self->scores, Score, self->next);
      if (!vs_annotate_score_game_over (s, pos, &h))
        break;
      g_signal_emit (self, signals[SIGNAL_POSITION_DONE], 0, self->next, s->cp, s->mate);
      self->next++;
    }
  if (self->next >= self->positions->len)
    {
      self->running = FALSE;
      g_signal_emit (self, signals[SIGNAL_FINISHED], 0, TRUE);
      return;
    }
  VsHistory h = { self->line ? self->line->undo : NULL, self->line ? (int) self->next : 0 };
  vs_analysis_start (self->analysis, g_ptr_array_index (self->positions, self->next), &h, &self->options,
                     self->cancellable, run_done, g_object_ref (self));
}

void
vs_annotator_start (VsAnnotator *self)
{
  g_return_if_fail (!self->running);
  self->running = TRUE;
  run_next (self);
}

void
vs_annotator_cancel (VsAnnotator *self)
{
  if (!self->running)
    return;
  self->running = FALSE;
  g_cancellable_cancel (self->cancellable);
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0, FALSE);
}

guint
vs_annotator_get_n_positions (VsAnnotator *self)
{
  return self->positions->len;
}

gboolean
vs_annotator_get_score (VsAnnotator *self, guint ply, int *centipawns, int *mate)
{
  if (ply >= self->scores->len || !g_array_index (self->scores, Score, ply).done)
    return FALSE;
  Score *s = &g_array_index (self->scores, Score, ply);
  *centipawns = s->cp;
  *mate = s->mate;
  return TRUE;
}

guint
vs_annotator_apply (VsAnnotator *self, VsGame *game, VsAnnotateSummary *summary, GArray *nags_out)
{
  return vs_annotate_apply_sides (game, (const VsAnnotateScore *) self->scores->data,
                                  self->scores->len, self->sides, summary, nags_out);
}

void
vs_annotator_set_sides (VsAnnotator *self, guint sides)
{
  self->sides = sides & 3 ? sides & 3 : 3;
}

void
vs_annotator_set_depth (VsAnnotator *self, int depth)
{
  g_return_if_fail (!self->running);
  if (depth > 0)
    {
      self->options.depth = depth;
      self->options.movetime_ms = 0;
    }
}

const GError *
vs_annotator_get_error (VsAnnotator *self)
{
  return self->error;
}

static void
vs_annotator_dispose (GObject *object)
{
  VsAnnotator *self = VS_ANNOTATOR (object);
  self->running = FALSE;
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->analysis);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (vs_annotator_parent_class)->dispose (object);
}

static void
vs_annotator_finalize (GObject *object)
{
  VsAnnotator *self = VS_ANNOTATOR (object);
  g_ptr_array_unref (self->positions);
  g_clear_pointer (&self->line, vs_line_free);
  g_array_unref (self->scores);
  g_free (self->engine_command);
  g_clear_error (&self->error);
  G_OBJECT_CLASS (vs_annotator_parent_class)->finalize (object);
}

static void
vs_annotator_class_init (VsAnnotatorClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = vs_annotator_dispose;
  G_OBJECT_CLASS (klass)->finalize = vs_annotator_finalize;
  signals[SIGNAL_POSITION_DONE] = g_signal_new ("position-done", G_TYPE_FROM_CLASS (klass),
                                                G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                                                3, G_TYPE_UINT, G_TYPE_INT, G_TYPE_INT);
  signals[SIGNAL_FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
vs_annotator_init (VsAnnotator *self)
{
  self->positions = g_ptr_array_new_with_free_func (g_free);
  self->scores = g_array_new (FALSE, TRUE, sizeof (Score));
  self->analysis = vs_analysis_new ();
  self->cancellable = g_cancellable_new ();
  self->sides = 3;
}

VsAnnotator *
vs_annotator_new (VsGame *game, const VsAnalysisOptions *options, gint64 movetime_ms)
{
  VsAnnotator *self = g_object_new (VS_TYPE_ANNOTATOR, NULL);
  self->options = *options;
  self->engine_command = g_strdup (options->engine_command);
  self->options.engine_command = self->engine_command;
  self->options.multipv = 1;
  self->options.movetime_ms = movetime_ms;
  self->options.depth = 0;
  self->options.nodes = 0;

  g_ptr_array_unref (self->positions);
  g_clear_pointer (&self->line, vs_line_free);
  self->positions = vs_annotate_positions (game, &self->line);
  g_array_set_size (self->scores, self->positions->len);
  return self;
}
