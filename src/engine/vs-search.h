/* vs-search.h — the built-in engine: alpha-beta search generic over VsVariant.
 *
 * One VsSearch owns a transposition table and runs one search at a time
 * (iterative deepening, PVS, quiescence, MultiPV, Lazy SMP helper threads).
 * vs_search_run() blocks the calling thread until the search ends; call it
 * from a worker thread and use vs_search_stop() (thread-safe) from anywhere.
 * Scores are centipawns from the side to move's point of view; mate scores
 * are VS_SCORE_MATE - plies (VsSearchLine carries the mate in moves too).
 */
#pragma once

#include "vs-variant.h"

G_BEGIN_DECLS

#define VS_SCORE_MATE       30000
#define VS_SCORE_MATE_BOUND 29000   /* |score| above this is a mate score */
#define VS_SCORE_INF        32000
#define VS_SEARCH_MAX_PLY   128
#define VS_SEARCH_MAX_PV    64
#define VS_SEARCH_MAX_MULTIPV 16
#define VS_SEARCH_MAX_THREADS 64

typedef struct {
  int      depth;          /* 0 = no depth limit                            */
  guint64  nodes;          /* 0 = no node limit                             */
  gint64   movetime_ms;    /* 0 = none: exact time for this move            */
  gint64   time_ms[2];     /* remaining clock per colour (0 = none)          */
  gint64   inc_ms[2];
  int      movestogo;      /* 0 = sudden death                              */
  gboolean infinite;       /* run until vs_search_stop()                     */
  int      multipv;        /* lines to report (1 if 0)                       */
} VsSearchLimits;

/* Fill with "no limit" (infinite = FALSE: depth 0 means search until
 * VS_SEARCH_MAX_PLY, so give at least one limit or set infinite). */
void vs_search_limits_init (VsSearchLimits *limits);

typedef struct {
  int      multipv;        /* 1-based rank of this line                     */
  int      depth, seldepth;
  int      score;          /* centipawns, or ±(VS_SCORE_MATE - plies)        */
  gboolean is_mate;
  int      mate;           /* moves to mate: > 0 side to move mates, < 0 is mated */
  int      bound;          /* 0 exact, 1 lower bound, -1 upper bound          */
  int      pv_len;
  VsMove   pv[VS_SEARCH_MAX_PV];
} VsSearchLine;

typedef enum {
  VS_SEARCH_INFO_ITERATION = 0,   /* a depth finished (or a new best line)   */
  VS_SEARCH_INFO_PROGRESS,        /* periodic report (about every 100 ms)    */
  VS_SEARCH_INFO_FINAL,           /* the search ended: best_move is set      */
} VsSearchInfoKind;

typedef struct {
  VsSearchInfoKind kind;
  int      depth, seldepth;       /* last completed iteration               */
  guint64  nodes;                 /* all threads                             */
  guint64  nps;
  gint64   time_ms;
  int      hashfull;              /* permille                               */
  int      n_lines;
  VsSearchLine lines[VS_SEARCH_MAX_MULTIPV];
  VsMove   best_move;             /* VS_MOVE_NONE if the position has no move */
  VsMove   ponder_move;
} VsSearchInfo;

/* Called on the searching thread; must be quick and must not call back into
 * the VsSearch (vs_search_stop() excepted). */
typedef void (*VsSearchInfoFunc) (const VsSearchInfo *info, gpointer user_data);

typedef struct _VsSearch VsSearch;

VsSearch *vs_search_new          (void);
void      vs_search_free         (VsSearch *search);
/* Not while a search runs. */
void      vs_search_set_hash     (VsSearch *search, int megabytes);
void      vs_search_set_threads  (VsSearch *search, int threads);
void      vs_search_clear        (VsSearch *search);   /* new game: empty TT, history */

/* Search `pos` and return the best move (VS_MOVE_NONE if the game is over).
 * `hist` (may be NULL) holds the plies that led to pos: repetitions count in
 * it; the search copies it.  `final`, if not
 * NULL, receives the last report.  Single-threaded searches limited by depth
 * or nodes are deterministic. */
VsMove    vs_search_run          (VsSearch *search, const VsPosition *pos,
                                  const VsHistory *hist,
                                  const VsSearchLimits *limits,
                                  VsSearchInfoFunc func, gpointer user_data,
                                  VsSearchInfo *final);
/* Thread-safe: makes a running search return within a few milliseconds.
 * A stop requested while no search runs makes the next vs_search_run()
 * return at once (so a cancel racing with the start is never lost); every
 * run clears the request when it returns, after its FINAL report. */
void      vs_search_stop         (VsSearch *search);
guint64   vs_search_nodes        (VsSearch *search);

/* The quiescence search alone (captures and promotions from pos, with the
 * static evaluation as stand-pat), as the search scores a leaf: centipawns
 * for the side to move.  `hist` as for vs_search_run.  Not while a search
 * runs; single-threaded and deterministic. */
int       vs_search_quiesce      (VsSearch *search, const VsPosition *pos,
                                  const VsHistory *hist);

/* Static evaluation (vs-eval.c), centipawns for the side to move. */
int       vs_eval                (const VsPosition *pos);

/* UCI "score cp N" / "score mate N" text for a search score. */
void      vs_search_score_uci    (int score, char out[32]);

G_END_DECLS
