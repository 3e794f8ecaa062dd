/* vs-analysis.h — analysis sessions for the GUI.
 *
 * A VsAnalysis analyses one position at a time, with the built-in engine
 * (VsSearch) or an external UCI engine (VsUciClient), in a worker thread
 * (GTask).  Progress is delivered as the "progress" signal on the
 * GMainContext that was the thread-default when vs_analysis_start() was
 * called, at least every 250 ms while the engine runs.  Starting again
 * (new position or options) or vs_analysis_stop() ends the previous run at
 * once; the main loop is never blocked.
 *
 *   g_signal_connect (a, "progress", G_CALLBACK (on_progress), self);
 *   vs_analysis_start (a, &pos, &opts, NULL, on_done, self);
 *   …
 *   VsAnalysisInfo *final = vs_analysis_start_finish (a, res, &error);
 */
#pragma once

#include <gio/gio.h>
#include "vs-variant.h"
#include "vs-search.h"

G_BEGIN_DECLS

typedef enum {
  VS_ANALYSIS_ENGINE_BUILTIN = 0,
  VS_ANALYSIS_ENGINE_UCI,          /* options->engine_command is run */
} VsAnalysisEngine;

typedef struct {
  VsAnalysisEngine engine;
  const char *engine_command;      /* command line ("fairy-stockfish" or
                                      "/path/eng --flag"); UCI engine only */
  int      multipv;                /* 1.. VS_SEARCH_MAX_MULTIPV (0 = 1)   */
  int      threads;                /* 0 = 1                                */
  int      hash_mb;                /* 0 = 64                               */
  /* Limits: all zero = infinite analysis until stopped. */
  int      depth;
  guint64  nodes;
  gint64   movetime_ms;
  const char *engine_name;         /* the user's name for the UCI engine, used
                                      in error messages (NULL: the command) */
  /* Issue 18: the notation of the lines' text (VsAnalysisLine.text);
   * vs_analysis_options_init sets VS_NOTATION_SAN. */
  VsNotation notation;
} VsAnalysisOptions;

void vs_analysis_options_init (VsAnalysisOptions *options);

/* One principal variation. */
typedef struct {
  int      multipv;                /* 1-based                               */
  int      depth, seldepth;
  int      score_cp;               /* side to move's view; valid if !is_mate */
  gboolean is_mate;
  int      mate;                   /* > 0: side to move mates in `mate` moves */
  int      bound;                  /* 0 exact, 1 lower, -1 upper            */
  VsMove  *moves;                  /* n_moves legal moves from the position */
  guint    n_moves;
  char    *text;                   /* the line in options.notation, with move numbers */
} VsAnalysisLine;

/* One report: a boxed, immutable value (copy to keep it). */
typedef struct {
  int      depth, seldepth;
  guint64  nodes, nps;
  gint64   time_ms;
  int      hashfull;               /* permille, -1 if unknown              */
  gboolean final;                  /* the run has ended                    */
  VsMove   best_move;              /* VS_MOVE_NONE until known             */
  guint    n_lines;
  VsAnalysisLine *lines;           /* sorted by multipv                    */
  char    *engine_name;            /* "VariantStudy", or the UCI id name   */
} VsAnalysisInfo;

#define VS_TYPE_ANALYSIS_INFO (vs_analysis_info_get_type ())
GType           vs_analysis_info_get_type (void) G_GNUC_CONST;
VsAnalysisInfo *vs_analysis_info_copy     (const VsAnalysisInfo *info);
void            vs_analysis_info_free     (VsAnalysisInfo *info);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (VsAnalysisInfo, vs_analysis_info_free)

#define VS_TYPE_ANALYSIS (vs_analysis_get_type ())
G_DECLARE_FINAL_TYPE (VsAnalysis, vs_analysis, VS, ANALYSIS, GObject)

VsAnalysis *vs_analysis_new (void);

/* Start analysing `pos` (copied), reached by the plies `hist` (copied; may
 * be NULL; repetitions count in it).  A run
 * already going is cancelled first (its callback gets G_IO_ERROR_CANCELLED).
 * `callback` runs when this run ends: by a limit, by vs_analysis_stop() (then
 * the final info is returned normally), by `cancellable` (error), or by an
 * engine fault (VS_UCI_CLIENT_ERROR, translated message). */
void            vs_analysis_start        (VsAnalysis *self, const VsPosition *pos,
                                          const VsHistory *hist,
                                          const VsAnalysisOptions *options,
                                          GCancellable *cancellable,
                                          GAsyncReadyCallback callback,
                                          gpointer user_data);
VsAnalysisInfo *vs_analysis_start_finish (VsAnalysis *self, GAsyncResult *result,
                                          GError **error);
/* Stop the current run (it finishes normally with what it has).  No-op if idle. */
void            vs_analysis_stop         (VsAnalysis *self);
gboolean        vs_analysis_is_running   (VsAnalysis *self);
/* The latest report of the current or last run, or NULL. */
const VsAnalysisInfo *vs_analysis_get_info (VsAnalysis *self);

/* Signals:
 *   "progress" (VsAnalysis *, VsAnalysisInfo *info)  — main context, ≤ 250 ms apart
 * Properties:
 *   "running" (gboolean, read-only, notifies)
 */

G_END_DECLS
