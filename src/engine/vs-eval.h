/* vs-eval.h — evaluation, internal to src/engine.
 *
 * Each variant has its own evaluation file (vs-eval-<variant>.c).  Piece
 * types are mapped to roles by the letters in the module's piece table
 * (v->pieces[type].letter / .record), never by number, so the engine does
 * not depend on any module's numbering.  The tables are built once per
 * variant (thread-safe) and are read-only afterwards.
 */
#pragma once

#include "vs-variant.h"

G_BEGIN_DECLS

typedef enum {
  VS_ROLE_NONE = 0,
  /* chess family */
  VS_ROLE_KING, VS_ROLE_QUEEN, VS_ROLE_ROOK, VS_ROLE_BISHOP, VS_ROLE_KNIGHT, VS_ROLE_PAWN,
  /* Chartima */
  VS_ROLE_CHANCELLOR, VS_ROLE_ARCHBISHOP, VS_ROLE_CANNON, VS_ROLE_DOG,
  VS_ROLE_IMMOBILIZER, VS_ROLE_LONG_LEAPER, VS_ROLE_WITHDRAWER, VS_ROLE_COORDINATOR,
  VS_ROLE_PUSHER_PULLER,
  VS_ROLE_N_QUEEN, VS_ROLE_N_CHANCELLOR, VS_ROLE_N_ARCHBISHOP, VS_ROLE_N_ROOK,
  VS_ROLE_N_KNIGHT, VS_ROLE_N_BISHOP,
  /* Janggi (King, Rook = chariot, Cannon, Pawn = soldier shared) */
  VS_ROLE_GUARD, VS_ROLE_HORSE, VS_ROLE_ELEPHANT,
  VS_ROLE_COUNT
} VsRole;

typedef enum {
  VS_EVAL_GENERIC = 0,
  VS_EVAL_CRAZYHOUSE,
  VS_EVAL_JANGGI,
  VS_EVAL_CHARTIMA,
  VS_EVAL_STRATO,
} VsEvalKind;

/* Evaluation weights: one table per variant, in vs-eval-weights-<variant>.h
 * (X-macros: name, value), written by `variant-study-cli tune`. */
#include "vs-eval-weights-crazyhouse.h"
#include "vs-eval-weights-janggi.h"
#include "vs-eval-weights-chartima.h"
#include "vs-eval-weights-strato.h"

#define VS_EVAL_W_ENUM_(name, value) VS_ZH_##name,
enum { VS_EVAL_WEIGHTS_CRAZYHOUSE (VS_EVAL_W_ENUM_) VS_ZH_N };
#undef VS_EVAL_W_ENUM_
#define VS_EVAL_W_ENUM_(name, value) VS_JG_##name,
enum { VS_EVAL_WEIGHTS_JANGGI (VS_EVAL_W_ENUM_) VS_JG_N };
#undef VS_EVAL_W_ENUM_
#define VS_EVAL_W_ENUM_(name, value) VS_CT_##name,
enum { VS_EVAL_WEIGHTS_CHARTIMA (VS_EVAL_W_ENUM_) VS_CT_N };
#undef VS_EVAL_W_ENUM_
#define VS_EVAL_W_ENUM_(name, value) VS_ST_##name,
enum { VS_EVAL_WEIGHTS_STRATO (VS_EVAL_W_ENUM_) VS_ST_N };
#undef VS_EVAL_W_ENUM_

#define VS_EVAL_MAX_WEIGHTS 64

typedef struct {
  const VsVariant *variant;
  VsEvalKind kind;
  /* the variant's weights (copied from its table, so that the tuner can
   * evaluate with a modified copy of these tables) */
  int        n_weights;
  int        w[VS_EVAL_MAX_WEIGHTS];
  const char *const *weight_names;
  int        tempo;
  int        n_types;
  uint8_t    role[VS_MAX_PIECE_TYPES];      /* by type                        */
  int        type_of_role[VS_ROLE_COUNT];   /* first type with the role, 0 if none */
  int        value[VS_MAX_PIECE_TYPES];     /* material on the board (cp)      */
  int        hand_value[VS_MAX_PIECE_TYPES];/* material in hand (cp)           */
  int        order_value[VS_MAX_PIECE_TYPES]; /* for MVV-LVA (kings large)     */
  gboolean   implicit_captures;             /* captures not on `to` (Chartima) */
  gboolean   qs_skip_bad_captures;          /* quiescence: no capture by a piece
                                               worth clearly more than its prey */
  gboolean   lmp_spares_checks;             /* late move pruning keeps checks  */
  gboolean   null_move;                     /* the search may try null moves
                                               (vs_eval_has_pieces) */
  gboolean   quiet_see_prune;               /* a late quiet move that loses
                                               material on its square by the
                                               static exchange, more than a
                                               margin, is not searched */
  gboolean   log_lmr;                       /* late-move reductions from the log
                                               table (vs-search.c) */
  gboolean   cont_history;                  /* continuation history, with SF11's
                                               quiet futility and continuation
                                               pruning (vs-search.c) */
  gboolean   countermove;                   /* the countermove after the killers
                                               (vs-history.h) */
  gboolean   tt_eval;                       /* the pruning trusts the table's
                                               bounds over the static eval, the
                                               static eval is stored at once, and
                                               nodes once on the PV are reduced
                                               less (vs-search.c) */
  gboolean   see;                           /* captures that lose material by
                                               the static exchange (vs-see.h)
                                               come after the quiet moves */
  gboolean   qs_see;                        /* ... and are not searched in
                                               quiescence */
  gboolean   see_prune;                     /* ... and near the leaves, one
                                               that loses more than a margin
                                               per ply is not searched
                                               (vs-search.c) */
  gboolean   has_fifty_moves;
  gboolean   can_repeat_past_halfmove;      /* halfmove does not bound repetitions */
  double     win_scale;                     /* of the winning-chances curve
                                               (vs-eval-curves.h) */
} VsEvalTables;

const VsEvalTables *vs_eval_tables (const VsVariant *v);

/* Full evaluation, centipawns for the side to move. */
int  vs_eval_with   (const VsEvalTables *t, const VsPosition *pos);
/* Whether the side to move has a piece other than its King worth
 * VS_EVAL_PIECE_MIN or more, on the board or in hand: the null move's
 * guard against zugzwang and, in Janggi, where the null move is a pass,
 * against a defender with only Guards and Elephants, whose pass searched
 * shallower than a real move hid mates in 3 until depth 12 (one of
 * tests/engine/mates-janggi.tsv; 9 without a null move). */
#define VS_EVAL_PIECE_MIN 250
gboolean vs_eval_has_pieces (const VsEvalTables *t, const VsPosition *pos);
gboolean vs_eval_has_pieces (const VsEvalTables *t, const VsPosition *pos);
/* Cheap material-only test: neither side can ever mate (dead draw). */
gboolean vs_eval_dead_draw (const VsEvalTables *t, const VsPosition *pos);

/* Per-variant evaluators: White's point of view. */
int  vs_eval_crazyhouse (const VsEvalTables *t, const VsPosition *pos);
int  vs_eval_janggi     (const VsEvalTables *t, const VsPosition *pos);
int  vs_eval_chartima   (const VsEvalTables *t, const VsPosition *pos);
int  vs_eval_strato     (const VsEvalTables *t, const VsPosition *pos);
int  vs_eval_generic    (const VsEvalTables *t, const VsPosition *pos);

/* The weights table's file stem ("crazyhouse", ...) for `kind`, NULL if none. */
const char *vs_eval_weights_stem (VsEvalKind kind);
/* Recompute the values derived from t->w (material for move ordering,
 * tempo) after the weights changed (used by the tuner on its copy). */
void vs_eval_tables_refresh (VsEvalTables *t);

/* Helpers shared by the evaluators (2-D planes of the geometry). */
/* Count the squares a slider on `sq` reaches on its own level along the
 * given directions (orthogonal and/or diagonal), up to `cap` per ray:
 * empty squares and the first enemy piece. */
int  vs_eval_ray_mobility (const VsPosition *pos, int sq, gboolean orth, gboolean diag, int cap);
/* Centralisation 0..(files/2+ranks/2) on the square's level. */
int  vs_eval_center (const VsGeometry *g, int sq);

G_END_DECLS
