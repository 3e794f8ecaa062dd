/* vs-record-private.h — internals shared by the record readers and writers. */
#pragma once

#include "vs-game.h"
#include "vs-record.h"
#include "vs-game-collection.h"

G_BEGIN_DECLS

/* Fast construction used by the readers: the caller has already checked the
 * start position (pos, initialised from fen) and the move's legality. */
VsGame     *_vs_game_new_from_position (const VsVariant *v, const char *fen, const VsPosition *pos);
VsGameNode *_vs_game_append_child  (VsGame *game, VsGameNode *parent, VsMove move, const char *san);
/* Append text to a comment (joined with a space); no "changed" signal. */
void        _vs_game_node_append_comment (VsGame *game, VsGameNode *node, gboolean before, const char *text, gssize len);
/* Same, taking ownership of text (freed if empty). */
void        _vs_game_node_take_comment (VsGame *game, VsGameNode *node, gboolean before, char *text);
void        _vs_game_node_push_nag (VsGameNode *node, guint nag);
void        _vs_game_node_push_shape (VsGameNode *node, VsShape shape);
void        _vs_game_node_put_clock (VsGameNode *node, gint64 ms);
void        _vs_game_node_put_emt (VsGameNode *node, gint64 ms);
void        _vs_game_node_put_eval (VsGameNode *node, VsEval eval);
void        _vs_game_add_header (VsGame *game, const char *key, const char *value);
/* Same, taking ownership of key and value. */
void        _vs_game_take_header (VsGame *game, char *key, char *value);
void        _vs_game_set_start (VsGame *game, const VsVariant *v, const char *fen, const VsPosition *pos);
/* Start side and move number (from the start position). */
int         _vs_game_start_side (VsGame *game);
int         _vs_game_start_fullmove (VsGame *game);
/* The PGN text of a compact game (vs_game_compact; a GRefString), else NULL. */
const char *_vs_game_get_compact_text (VsGame *game);

/* ---- Problems ---- */

/* Build a problem; message is formatted here from the fields. */
VsRecordProblem *_vs_record_problem_new (VsRecordErrorCode code, const char *file,
                                         guint line, guint column, const char *text,
                                         guint game_index, const char *detail);

/* ---- Lichess-style comment commands ---- */

/* Parse the commands in a comment ([%clk …], [%emt …], [%eval …], [%cal …],
 * [%csl …]) onto node and return the remaining text (stripped, may be ""). */
char       *_vs_comment_extract_commands (VsGame *game, VsGameNode *node, const char *text, gsize len);
/* Append the node's commands in canonical order to s ("[%eval 0.15] [%clk 0:01:00]"). */
void        _vs_comment_write_commands (VsGame *game, const VsGameNode *node, GString *s);
/* Only the arrows and highlights ([%cal …] [%csl …]), nothing if none. */
void        _vs_comment_write_shapes (VsGame *game, const VsGameNode *node, GString *s);
gboolean    _vs_game_node_has_commands (const VsGameNode *node);

/* ---- Per-format game parsers (text is UTF-8, one game) ---- */

typedef struct _VsStartCache VsStartCache;

typedef struct {
  const char      *filename;
  const VsVariant *variant;      /* options->variant */
  guint            game_index;
  guint            first_line;   /* line number of text's first line */
  VsPosition      *pos;          /* scratch, owned by the caller */
  gboolean         canonical_san; /* options->canonical_san */
  /* the last start positions set up (a few: gibo collections alternate
   * setups), reused by later games with the same variant and position
   * string (owned by the caller; may be NULL) */
  VsStartCache    *start_cache;
} VsParseContext;

/* vs_position_init through ctx's cache. */
gboolean    _vs_parse_start_position (VsParseContext *ctx, const VsVariant *v, const char *fen, GError **error);

/* Parse one PGN (or bare move list, kifu = TRUE) game.  Always returns a game
 * unless nothing at all could be read (then NULL); *problem set on trouble. */
VsGame *_vs_pgn_parse_game  (VsParseContext *ctx, const char *text, gsize len,
                             gboolean kifu, VsRecordProblem **problem);
VsGame *_vs_gibo_parse_game (VsParseContext *ctx, const char *text, gsize len,
                             VsRecordProblem **problem);


/* The value of a header under its PGN name (Event, Round, Date, Site, White,
 * Black) or, in a game read from gibo, the gibo name for it; NULL if none. */
const char *_vs_gibo_header (VsGame *game, const char *pgn_key);

G_END_DECLS
