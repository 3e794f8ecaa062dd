/* vs-game.h — a game record: headers, start position and a tree of moves.
 *
 * VsGame is a GObject (G_DECLARE_FINAL_TYPE).  It owns a tree of
 * VsGameNode: the root node stands for the start position (no move); every
 * other node is one move played from its parent's position.  A node's first
 * child is the main continuation, the following children are variations, in
 * order.  Nodes are owned by their game; a node pointer stays valid until
 * that node is removed (vs_game_delete_from, vs_game_truncate_after,
 * vs_game_detach) or the game is finalized.
 *
 * Every node stores its VsMove and the move's SAN text: the text of the
 * record for PGN moves read as written (glyphs such as "?!" become NAGs),
 * vs_move_write's canonical text for moves added by editing, for gibo moves,
 * for Chartima/Strato moves and with VsRecordOptions.canonical_san — plus
 * comments before and after the move, NAGs, board shapes ([%cal]/[%csl]),
 * clock ([%clk]), elapsed move time ([%emt], gibo "<n>") and evaluation
 * ([%eval]).  Other [%…] commands stay in the comment text.
 *
 * Editing and undo.  Every edit is invertible with the API below, so an
 * editor can keep an undo stack of small operations:
 *   vs_game_add_move          <-> vs_game_delete_from (when *created is TRUE)
 *   vs_game_node_set_index     <-> vs_game_node_set_index (old index)
 *   vs_game_promote_variation  <-> vs_game_node_set_index (old index)
 *   vs_game_make_main_line     <-> vs_game_restore_line_indices (its result)
 *   vs_game_detach             <-> vs_game_attach (same parent and index)
 *   vs_game_truncate_after     =   vs_game_detach of every child (keep them
 *                                  to undo with vs_game_attach)
 *   set_comment/set_nags/…     <-> the same setter with the old value
 * or snapshot the whole game with vs_game_copy (deep copy) and find nodes
 * again with vs_game_node_get_path / vs_game_node_from_path.  The "changed"
 * signal is emitted after every edit made through this API.
 *
 * Positions.  vs_game_node_position() copies the position cached at the
 * nearest checkpoint above the node (every 16th ply, filled on first use)
 * and replays at most 15 moves from it, so it costs the same at ply 10 and
 * at ply 300 (a VsPosition is about 1 KB and carries no history).
 * vs_game_node_line() replays the moves from the start
 * onto a VsLine, which keeps the plies (for repetitions, engines).
 *
 * Threads.  A VsGame is not locked: use one game from one thread at a time
 * (readers build games in a worker thread and hand them over); the one
 * exception is reading positions (vs_game_node_position and the functions
 * built on it), which fill the position cache safely from two threads.
 */
#pragma once

#include <glib-object.h>
#include "vs-variant.h"

G_BEGIN_DECLS

#define VS_TYPE_GAME (vs_game_get_type ())
G_DECLARE_FINAL_TYPE (VsGame, vs_game, VS, GAME, GObject)

/* ---- Annotations ---------------------------------------------------------- */

/* One board shape, as Lichess writes them: [%cal Gf1c4] (arrow), [%csl Re5]
 * (square: to == from).  colour is the letter 'G', 'R', 'Y' or 'B'. */
typedef struct {
  char    color;
  guint8  from;
  guint8  to;
} VsShape;

typedef enum {
  VS_EVAL_NONE = 0,
  VS_EVAL_CP,        /* value = centipawns, White's point of view   */
  VS_EVAL_MATE,      /* value = mate in N moves (negative: Black mates) */
} VsEvalKind;

typedef struct {
  VsEvalKind kind;
  int        value;
  int        depth;  /* 0 = not given ([%eval 0.17,22] gives 22) */
} VsEval;

#define VS_CLOCK_NONE ((gint64) -1)   /* no [%clk] / [%emt] */

/* Standard NAGs for the move glyphs (also accepted as $1…$6). */
typedef enum {
  VS_NAG_NONE = 0,
  VS_NAG_GOOD = 1,          /* !  */
  VS_NAG_MISTAKE = 2,       /* ?  */
  VS_NAG_BRILLIANT = 3,     /* !! */
  VS_NAG_BLUNDER = 4,       /* ?? */
  VS_NAG_INTERESTING = 5,   /* !? */
  VS_NAG_DUBIOUS = 6,       /* ?! */
  VS_NAG_FORCED = 7,        /* □  */
  VS_NAG_EQUAL = 10,        /* =  */
  VS_NAG_UNCLEAR = 13,      /* ∞  */
  VS_NAG_WHITE_SLIGHT = 14, /* ⩲  */
  VS_NAG_BLACK_SLIGHT = 15, /* ⩱  */
  VS_NAG_WHITE_MODERATE = 16, /* ± */
  VS_NAG_BLACK_MODERATE = 17, /* ∓ */
  VS_NAG_WHITE_DECISIVE = 18, /* +- */
  VS_NAG_BLACK_DECISIVE = 19, /* -+ */
  VS_NAG_NOVELTY = 146,     /* N  */
} VsNag;

#define VS_MAX_NAGS 8

/* The glyph for a NAG ("!?", "±"…), or NULL if it has none. */
const char *vs_nag_glyph (guint nag);
/* The NAG for a glyph ("!?" → 5), 0 if unknown. */
guint       vs_nag_from_glyph (const char *glyph);

/* ---- Nodes ------------------------------------------------------------------ */

typedef struct _VsGameNode VsGameNode;

VsGameNode *vs_game_node_get_parent       (const VsGameNode *node);
/* First child = main continuation; NULL at the end of a line. */
VsGameNode *vs_game_node_get_main_child   (const VsGameNode *node);
VsGameNode *vs_game_node_get_next_sibling (const VsGameNode *node);
VsGameNode *vs_game_node_get_prev_sibling (const VsGameNode *node);
guint       vs_game_node_get_n_children   (const VsGameNode *node);
VsGameNode *vs_game_node_get_child        (const VsGameNode *node, guint index);
/* Index among its siblings (0 = main continuation of its parent). */
guint       vs_game_node_get_index        (const VsGameNode *node);
/* TRUE for the root and for nodes on the main line (every ancestor index 0). */
gboolean    vs_game_node_is_main_line     (const VsGameNode *node);
gboolean    vs_game_node_is_root          (const VsGameNode *node);
/* Plies from the start position (root = 0). */
guint       vs_game_node_get_ply          (const VsGameNode *node);
/* The side that played the node's move (VS_WHITE/VS_BLACK; for the root:
 * the side to move at the start) and the move number to show with it
 * ("12." / "12..."), counted from the start position's move number. */
int         vs_game_node_get_side         (const VsGameNode *node);
guint       vs_game_node_get_move_number  (const VsGameNode *node);
/* The game's node owner. */
VsGame     *vs_game_node_get_game         (const VsGameNode *node);

/* The move (VS_MOVE_NONE on the root) and its SAN text ("" on the root). */
VsMove      vs_game_node_get_move         (const VsGameNode *node);
const char *vs_game_node_get_san          (const VsGameNode *node);
/* Issue 18: the node's move written in notation n (for display: Korean
 * coordinates, Japanese piece names…), from its parent's position;
 * VS_NOTATION_SAN gives the stored SAN.  FALSE (out = "") for the root or
 * a bad start position. */
gboolean    vs_game_node_write_move       (const VsGameNode *node, VsNotation n,
                                           char out[VS_MOVE_TEXT_MAX]);

/* Comments, NULL if none.  "before" is written before the move (mostly at
 * the start of a variation); "after" follows the move (on the root: the
 * comment before the first move of the game).  Text only: clocks, shapes and
 * evaluations are kept apart. */
const char *vs_game_node_get_comment_before (const VsGameNode *node);
const char *vs_game_node_get_comment_after  (const VsGameNode *node);

/* NAGs in the order read; returns the count and points *nags at them. */
guint       vs_game_node_get_nags    (const VsGameNode *node, const guint8 **nags);
gboolean    vs_game_node_has_nag     (const VsGameNode *node, guint nag);

/* Shapes in order; returns the count. */
guint       vs_game_node_get_shapes  (const VsGameNode *node, const VsShape **shapes);
/* Remaining clock after the move, milliseconds, or VS_CLOCK_NONE. */
gint64      vs_game_node_get_clock   (const VsGameNode *node);
/* Time spent on the move, milliseconds, or VS_CLOCK_NONE. */
gint64      vs_game_node_get_emt     (const VsGameNode *node);
/* Evaluation after the move (kind VS_EVAL_NONE if none). */
VsEval      vs_game_node_get_eval    (const VsGameNode *node);

/* Position after the node's move (the start position for the root).
 * Returns FALSE with VS_CORE_ERROR set only if the start position is bad. */
gboolean    vs_game_node_position    (const VsGameNode *node, VsPosition *out);
/* The line from the start to node (out: zeroed or a line set up before,
 * whose storage is reused; vs_line_clear it). */
gboolean    vs_game_node_line        (const VsGameNode *node, VsLine *out);
/* Same, as a position string (free with g_free). */
char       *vs_game_node_fen         (const VsGameNode *node);

/* Child indices from the root to the node (root = empty array).  Valid in a
 * vs_game_copy() of the game too.  Free with g_array_unref. */
GArray     *vs_game_node_get_path    (const VsGameNode *node);

/* ---- The game ------------------------------------------------------------- */

/* A new game of variant v from start position fen (NULL = the variant's
 * default start).  NULL with VS_CORE_ERROR set if fen is not valid. */
VsGame     *vs_game_new            (const VsVariant *v, const char *fen, GError **error);
/* Deep copy: headers, tree and all annotations. */
VsGame     *vs_game_copy           (VsGame *game);

const VsVariant *vs_game_get_variant (VsGame *game);
/* The start position string as given (or the variant's default). */
const char *vs_game_get_start_fen  (VsGame *game);
/* TRUE if the start position is not the variant's default start. */
gboolean    vs_game_has_setup      (VsGame *game);
/* The rule set: the variant id ("janggi", "janggi-casual", …).  Janggi's two
 * rule sets are two VsVariant entries, so this is vs_game_get_variant()->id;
 * the rule-set option flags are those of the start position (pos.options). */
const char *vs_game_get_rule_set   (VsGame *game);
/* Change variant/rule set and start position; clears the moves.  FALSE with
 * VS_CORE_ERROR if fen is not valid for v (the game is unchanged then). */
gboolean    vs_game_reset          (VsGame *game, const VsVariant *v, const char *fen, GError **error);

VsGameNode *vs_game_get_root       (VsGame *game);
/* Last node of the main line (the root if there are no moves). */
VsGameNode *vs_game_get_main_line_end (VsGame *game);
/* Plies on the main line. */
guint       vs_game_get_main_line_length (VsGame *game);

/* Called for every position of a replayed line, the start first: pos is the
 * position before ply + 1, move the move played from it (0 after the last
 * move).  Return FALSE to stop. */
typedef gboolean (*VsGameLineFunc) (const VsPosition *pos, guint ply, VsMove move, gpointer data);
/* Replay the main line from the start position, into pos (caller's storage,
 * left at the last position reached), calling func at every position.
 * pos_is_start: pos already holds the game's start position (a caller
 * replaying many games from one start saves setting it up each time).
 * FALSE if the start position is not valid or func stopped. */
gboolean    vs_game_replay_main_line (VsGame *game, VsPosition *pos, gboolean pos_is_start,
                                      VsGameLineFunc func, gpointer data);

/* Headers, in order (the file's order; new keys appended).  Keys are
 * compared exactly.  "Variant", "FEN" and "SetUp" keep their place in the
 * list when a file had them, but writers take their values from the game's
 * variant and start position (and add them where missing). */
guint       vs_game_get_n_headers  (VsGame *game);
const char *vs_game_get_header_key (VsGame *game, guint index);
const char *vs_game_get_header_value (VsGame *game, guint index);
const char *vs_game_get_header     (VsGame *game, const char *key);
/* Set (value != NULL; replaces in place or appends) or remove (value NULL). */
void        vs_game_set_header     (VsGame *game, const char *key, const char *value);

/* The game result: the "Result" header ("1-0", "0-1", "1/2-1/2", "*"). */
VsResult    vs_game_get_result     (VsGame *game);
/* The recorded result, or, when the record has none ("*" or no Result),
 * the one the final main-line position decides (checkmate: 1-0 / 0-1);
 * VS_RESULT_NONE if neither.  The Result header is left as it was read. */
VsResult    vs_game_get_derived_result (VsGame *game);
void        vs_game_set_result     (VsGame *game, VsResult result);

/* ---- Editing -------------------------------------------------------------- */

/* Play move (must be legal in parent's position) after parent.  If parent
 * already has a child with this move, that child is returned and nothing
 * changes; otherwise a new child is appended: the main continuation if
 * parent had none, else a new last variation.  Never overwrites.
 * *created (may be NULL) tells which.  NULL with VS_CORE_ERROR if illegal. */
VsGameNode *vs_game_add_move       (VsGame *game, VsGameNode *parent, VsMove move,
                                    gboolean *created, GError **error);
/* Same with move text in any notation the variant reads (SAN first, then UCI). */
VsGameNode *vs_game_add_move_text  (VsGame *game, VsGameNode *parent, const char *text,
                                    gboolean *created, GError **error);

/* Move node to position index among its siblings (clamped).  Returns the
 * index it had. */
guint       vs_game_node_set_index (VsGame *game, VsGameNode *node, guint index);
/* Move a variation one place up among its siblings (index 1 becomes the main
 * continuation).  Returns the old index (0: nothing to do). */
guint       vs_game_promote_variation (VsGame *game, VsGameNode *node);
/* Make node's line the main line: every ancestor (and node) becomes index 0.
 * Returns the old indices from the root down (free with g_array_unref);
 * undo with vs_game_restore_line_indices. */
GArray     *vs_game_make_main_line (VsGame *game, VsGameNode *node);
void        vs_game_restore_line_indices (VsGame *game, VsGameNode *node, GArray *old);

/* Remove node and everything after it. */
void        vs_game_delete_from    (VsGame *game, VsGameNode *node);
/* Remove every child of node (node becomes the end of its line). */
void        vs_game_truncate_after (VsGame *game, VsGameNode *node);

/* Take node and its subtree out of the tree (it keeps its data); returns it,
 * owned by the caller until vs_game_attach() puts it back or
 * vs_game_node_free_detached() frees it.  *parent_out and *index_out tell
 * where it was. */
VsGameNode *vs_game_detach         (VsGame *game, VsGameNode *node,
                                    VsGameNode **parent_out, guint *index_out);
/* Put a detached subtree back as child index of parent (clamped).  The
 * subtree's moves must be those it had (no legality check is made). */
void        vs_game_attach         (VsGame *game, VsGameNode *parent, VsGameNode *subtree, guint index);
void        vs_game_node_free_detached (VsGameNode *subtree);

/* Annotation setters (copy their arguments; NULL/0 clears). */
void        vs_game_node_set_comment_before (VsGame *game, VsGameNode *node, const char *text);
void        vs_game_node_set_comment_after  (VsGame *game, VsGameNode *node, const char *text);
void        vs_game_node_set_nags    (VsGame *game, VsGameNode *node, const guint8 *nags, guint n);
/* Add (if absent) / remove one NAG. */
void        vs_game_node_add_nag     (VsGame *game, VsGameNode *node, guint nag);
void        vs_game_node_remove_nag  (VsGame *game, VsGameNode *node, guint nag);
void        vs_game_node_set_shapes  (VsGame *game, VsGameNode *node, const VsShape *shapes, guint n);
void        vs_game_node_set_clock   (VsGame *game, VsGameNode *node, gint64 ms);
void        vs_game_node_set_emt     (VsGame *game, VsGameNode *node, gint64 ms);
void        vs_game_node_set_eval    (VsGame *game, VsGameNode *node, VsEval eval);

/* The node at path (from vs_game_node_get_path), NULL if there is none. */
VsGameNode *vs_game_node_from_path (VsGame *game, GArray *path);

/* Structural and annotation equality of two games (headers, variant, start
 * position, every move, SAN, comment, NAG, shape, clock and evaluation).
 * On difference returns FALSE and, if why != NULL, a description. */
gboolean    vs_game_equal          (VsGame *a, VsGame *b, char **why);

/* ---- Compact form --------------------------------------------------------- */

/* Very big files keep most of their games compact: the headers stay as they
 * are, the tree of moves is replaced by its PGN text (a few KB instead of
 * tens), and it is read back the first time anything asks for a node
 * (vs_game_get_root, …, vs_game_set_header).  Only compact a game nobody
 * holds node pointers of. */
void        vs_game_compact        (VsGame *game);
gboolean    vs_game_is_compact     (VsGame *game);

G_END_DECLS
