/* vs-record-problem.c — the VS_RECORD_ERROR domain and VsRecordProblem. */
#include "config.h"
#include "vs-record-private.h"

#include <glib/gi18n.h>

G_DEFINE_QUARK (vs-record-error-quark, vs_record_error)

G_DEFINE_BOXED_TYPE (VsRecordProblem, vs_record_problem, vs_record_problem_copy, vs_record_problem_free)

VsRecordProblem *
vs_record_problem_copy (const VsRecordProblem *p)
{
  VsRecordProblem *c = g_memdup2 (p, sizeof *p);
  c->file = g_strdup (p->file);
  c->text = g_strdup (p->text);
  c->position = g_strdup (p->position);
  c->message = g_strdup (p->message);
  return c;
}

void
vs_record_problem_free (VsRecordProblem *p)
{
  if (!p)
    return;
  g_free (p->file);
  g_free (p->text);
  g_free (p->position);
  g_free (p->message);
  g_free (p);
}

GError *
vs_record_problem_to_error (const VsRecordProblem *p)
{
  return g_error_new_literal (VS_RECORD_ERROR, p->code, p->message);
}

VsRecordProblem *
_vs_record_problem_new (VsRecordErrorCode code, const char *file, guint line, guint column,
                        const char *text, guint game_index, const char *detail)
{
  VsRecordProblem *p = g_new0 (VsRecordProblem, 1);
  p->code = code;
  p->file = g_strdup (file);
  p->line = line;
  p->column = column;
  p->text = g_strdup (text);
  p->game_index = game_index;
  /* TRANSLATORS: file name, line, column, then the description of the problem */
  p->message = g_strdup_printf (_("%s:%u:%u: game %u: %s"),
                                file ? file : _("(input)"), line, column, game_index + 1, detail);
  return p;
}
