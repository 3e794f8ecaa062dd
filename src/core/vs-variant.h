/* vs-variant.h — the one variant interface of VariantStudy's rules core.
 *
 * Every variant (Crazyhouse, Janggi, Chartima, Strato Chess) is one module
 * that fills a VsVariant vtable.  Everything above src/core (records, engine,
 * UI, CLI) talks to the rules only through this header.
 *
 * Design (read with src/core/RULES.md, §1 for these conventions):
 *  - Squares are one canonical index for every variant:
 *        sq = level * (files * ranks) + rank * files + file
 *    with file 0 = a/A, rank 0 = White's (Cho's) back rank, level 0 = A.
 *    8×8 → 0..63, Janggi 9×10 points → 0..89, Chartima 10×10 → 0..99,
 *    Strato 3×8×8 → 0..191.
 *  - A piece is one byte: type (bits 0–4, variant-defined, 1..31),
 *    colour (bit 5: 0 White/Cho, 1 Black/Han) and one variant-defined flag
 *    (bit 6: Crazyhouse "promoted", Strato "unmoved", Chartima "nB owes its
 *    Dog").  0 is an empty square.
 *  - A move is a 32-bit value (from, to, piece, kind).  Captures that the
 *    rules make automatic (Ultima pieces, en passant, the Dog release) are
 *    not stored in the move: they follow from it, and vs_move_effects()
 *    reports them for notation and drawing.
 *  - A position is a plain value (no pointers but its variant), safe to copy
 *    with memcpy and to use from any thread, and small (about 1 KB:
 *    board, hands, side, rights, counters, key, module acceleration state).
 *    It carries no history.  The caller owns the undo: make (pos, m, &undo)
 *    fills one VsUndo, unmake (pos, &undo) takes it back.  The undo entries
 *    of a line of play, oldest first, are also its history of repetition
 *    keys (VsHistory: a game line, a search path), which the caller passes
 *    to the game-state and repetition functions.  VsLine is a growable
 *    position + undo stack for callers that replay game lines.
 *
 * src/core is reentrant: no globals except constant tables.
 */
#pragma once

#include <glib.h>
#include <stdint.h>
#include <stdbool.h>

G_BEGIN_DECLS

#define VS_MAX_SQUARES     192
#define VS_MAX_PIECE_TYPES 32
#define VS_MAX_MOVES       1024   /* enough for any legal position of any variant */
#define VS_MAX_CAPTURES    8      /* pieces removed by one move */
#define VS_NO_SQUARE       255

/* ---- Pieces -------------------------------------------------------------- */

typedef uint8_t VsPiece;

#define VS_WHITE 0
#define VS_BLACK 1

#define VS_PIECE_TYPE(p)     ((p) & 0x1f)
#define VS_PIECE_COLOR(p)    (((p) >> 5) & 1)
#define VS_PIECE_FLAG        0x40
#define VS_PIECE_HAS_FLAG(p) (((p) & VS_PIECE_FLAG) != 0)
#define VS_MAKE_PIECE(color, type) ((VsPiece) (((color) << 5) | (type)))
#define VS_PIECE_NONE        0

/* ---- Moves ---------------------------------------------------------------
 * bits  0– 7  to square
 * bits  8–15  from square (VS_NO_SQUARE for drops and passes with no square)
 * bits 16–20  piece type: the promotion choice, or the dropped type
 * bits 21–24  kind (VsMoveKind)
 * bits 25–31  free for the engine's use (never set by the core)
 */
typedef uint32_t VsMove;

typedef enum {
  VS_MOVE_NORMAL = 0,   /* ordinary move, capture by displacement included */
  VS_MOVE_PROMOTION,    /* piece type = new type (also Chartima's compulsory
                           promotions, where the choice is the only one)     */
  VS_MOVE_DROP,         /* from = VS_NO_SQUARE, piece type = dropped type    */
  VS_MOVE_PASS,         /* Janggi: from = to = the King's square             */
  VS_MOVE_SUICIDE,      /* Chartima: from = to = the immobilized piece       */
  VS_MOVE_CASTLE,       /* from = King's square, to = King's destination
                           (on another level for Strato's "O-O @B")          */
  VS_MOVE_EN_PASSANT,   /* to = the square the pawn moves to                 */
} VsMoveKind;

#define VS_MOVE_NONE ((VsMove) 0xffffffffu)

#define VS_MOVE_TO(m)    ((int) ((m) & 0xff))
#define VS_MOVE_FROM(m)  ((int) (((m) >> 8) & 0xff))
#define VS_MOVE_PIECE(m) ((int) (((m) >> 16) & 0x1f))
#define VS_MOVE_KIND(m)  ((VsMoveKind) (((m) >> 21) & 0xf))
#define VS_MOVE_CORE(m)  ((m) & 0x01ffffffu)  /* without engine bits */
#define VS_MOVE_MAKE(from, to, kind, piece) \
  ((VsMove) ((uint32_t) (to) | ((uint32_t) (from) << 8) | \
             ((uint32_t) (piece) << 16) | ((uint32_t) (kind) << 21)))

/* ---- Undo entries ------------------------------------------------------------
 * One per ply made, owned by the caller (make fills it, unmake reads it). */

typedef struct {
  uint64_t key;                         /* position key before the move  */
  VsMove   move;
  uint16_t halfmove;                    /* clock before the move          */
  uint8_t  ep;                          /* en-passant square before       */
  uint8_t  castling;                    /* castling rights before         */
  uint8_t  n_captured;
  uint8_t  captured_sq[VS_MAX_CAPTURES];
  VsPiece  captured[VS_MAX_CAPTURES];
  VsPiece  moved;                       /* the moving piece before the move */
  uint8_t  passes;                      /* consecutive passes before      */
  uint8_t  ep_in_key;                   /* VsPosition.ep_in_key before    */
  uint8_t  extra[6];                    /* variant-private                */
} VsUndo;

/* ---- Position ------------------------------------------------------------- */

typedef struct _VsVariant VsVariant;

typedef struct {
  const VsVariant *variant;
  VsPiece  board[VS_MAX_SQUARES];
  uint8_t  hand[2][VS_MAX_PIECE_TYPES]; /* pieces in hand by colour, type */
  uint8_t  side;                        /* VS_WHITE / VS_BLACK to move     */
  uint8_t  castling;                    /* bit 0 K, 1 Q, 2 k, 3 q          */
  uint8_t  ep;                          /* en-passant target or VS_NO_SQUARE */
  uint8_t  passes;                      /* consecutive passes (Janggi)     */
  uint16_t halfmove;                    /* plies for the 50-move rule      */
  uint16_t fullmove;
  uint32_t options;                     /* rule-set flags, variant-defined */
  uint8_t  ep_in_key;                   /* ep is part of key (vs_ep_set)   */
  uint64_t key;                         /* Zobrist key, kept incrementally */
  /* Variant-private acceleration state (king squares, counts, bitboards):
   * each module casts this to its own struct (checked with static asserts). */
  union {
    uint64_t u64[96];
    uint8_t  bytes[768];
  } priv;
} VsPosition;

_Static_assert (sizeof (VsPosition) <= 4096, "VsPosition must stay small (issue 15)");

/* The plies that led to a position, oldest first: undo[len - 1] is the move
 * that made it, undo[i].key the key of the position before ply i.  Owned by
 * the caller (a game line, a search path); repetition is counted in it. */
typedef struct {
  const VsUndo *undo;
  int           len;
} VsHistory;

/* ---- Game state ----------------------------------------------------------- */

typedef enum {
  VS_STATE_ONGOING = 0,
  VS_STATE_CHECKMATE,           /* side to move is mated                  */
  VS_STATE_STALEMATE,
  VS_STATE_REPETITION,
  VS_STATE_FIFTY_MOVES,
  VS_STATE_INSUFFICIENT,        /* insufficient material / dead position  */
  VS_STATE_DOUBLE_PASS,         /* Janggi                                 */
  VS_STATE_BIKJANG,             /* Janggi: kings faced and a pass accepted */
} VsGameState;

typedef enum {
  VS_RESULT_NONE = 0,
  VS_RESULT_WHITE_WINS,
  VS_RESULT_BLACK_WINS,
  VS_RESULT_DRAW,
} VsResult;

/* Issue 15: an outcome for the side to move, as the rules give it. */
typedef enum {
  VS_END_DRAW = 0,
  VS_END_LOSS,                  /* the side to move loses */
  VS_END_WIN,                   /* the side to move wins  */
} VsEndOutcome;

/* ---- Notation ------------------------------------------------------------- */

typedef enum {
  VS_NOTATION_UCI = 0,  /* engine notation: e2e4, e7e8q, N@f3, e2e2 (pass),
                           Chartima b2a2x / suicide, Strato Ae2Be4 …      */
  VS_NOTATION_SAN,      /* the variant's record notation: PGN SAN for
                           Crazyhouse and Janggi, the RULES.md notation
                           for Chartima and Strato                         */
  VS_NOTATION_GIBO,     /* Janggi only: 79卒78                              */
  /* Issue 18: display notations (move list, analysis lines, sheets), each
   * offered by the variants that list it in display_notations. */
  VS_NOTATION_KOREAN,        /* Janggi: Korean coordinates, Hangul pieces 79졸78 */
  VS_NOTATION_KOREAN_HANJA,  /* Janggi: Korean coordinates, Hanja pieces 79卒78  */
  VS_NOTATION_JAPANESE,      /* Chartima: record notation with the Japanese
                                piece names of RULES.md §2.3 (歩兵 D3 - D4)     */
} VsNotation;

/* Issue 18: a notation a variant offers for showing moves (the user picks
 * one in Preferences).  The first entry of a variant's list is its default. */
typedef struct {
  const char *id;          /* settings value, e.g. "san", "korean-hangul"   */
  const char *label;       /* English, marked N_() and translated at use    */
  const char *example;     /* a move written so ("79졸78"), never translated */
  VsNotation  notation;
} VsNotationInfo;

#define VS_MOVE_TEXT_MAX 96

/* What a move does besides moving its piece: for notation and drawing. */
typedef struct {
  uint8_t n_captured;
  uint8_t captured_sq[VS_MAX_CAPTURES];   /* in notation order */
  VsPiece captured[VS_MAX_CAPTURES];
  uint8_t rook_from, rook_to;             /* castling, else VS_NO_SQUARE */
  uint8_t dog_sq;                         /* Chartima Dog release, else VS_NO_SQUARE */
  VsPiece placed;                         /* the piece standing on `to` afterwards */
  uint8_t gives_check;                    /* number of checking pieces after */
} VsMoveEffects;

/* ---- Piece descriptions ---------------------------------------------------- */

typedef struct {
  const char *letter;      /* position-string letter (upper case), e.g. "H" */
  const char *record;      /* record abbreviation, e.g. "Ca", "nB", "H" (Janggi horse) */
  const char *name;        /* English name (mark with N_() in the module)   */
  const char *name_ja;     /* Japanese name (RULES.md §2.3)                */
  const char *glyph;       /* one-character kanji/hanja for piece art       */
} VsPieceInfo;

/* ---- Geometry -------------------------------------------------------------- */

typedef struct {
  uint8_t files, ranks, levels;
  uint8_t points;          /* pieces stand on line intersections (Janggi) */
} VsGeometry;

static inline int vs_sq_file  (const VsGeometry *g, int sq) { return sq % g->files; }
static inline int vs_sq_rank  (const VsGeometry *g, int sq) { return (sq / g->files) % g->ranks; }
static inline int vs_sq_level (const VsGeometry *g, int sq) { return sq / (g->files * g->ranks); }
static inline int vs_sq_make  (const VsGeometry *g, int level, int rank, int file)
{ return level * g->files * g->ranks + rank * g->files + file; }
static inline int vs_geometry_squares (const VsGeometry *g) { return g->files * g->ranks * g->levels; }

/* ---- The vtable -------------------------------------------------------------- */

/* The start-position choices a new game offers (setup_fen's arguments). */
typedef enum {
  VS_SETUP_CHOICE_NONE = 0,     /* the start position only                 */
  VS_SETUP_CHOICE_PER_SIDE,     /* a setup for each side: a = first side's,
                                   b = second side's (Janggi 차림, §4.3)     */
  VS_SETUP_CHOICE_ORIENTATION,  /* a = TRUE for the mirrored array (Strato:
                                   White's army on level C, §3.2)         */
} VsSetupChoice;

/* The family a variant belongs to: the game whatever its rule set (Janggi's
 * traditional and casual rules are one family).  Layers above src/core pick
 * their per-game behaviour (evaluator, piece art, guide, samples) by family,
 * never by comparing ids. */
typedef enum {
  VS_FAMILY_OTHER = 0,          /* none of the built-in games (test variants) */
  VS_FAMILY_CRAZYHOUSE,
  VS_FAMILY_JANGGI,
  VS_FAMILY_CHARTIMA,
  VS_FAMILY_STRATO,
} VsVariantFamily;

/* What the piece flag (VS_PIECE_FLAG) means in a variant: RULES.md §5.2,
 * §3.8, §2.10 (position-string marks "~", "'", "+B*"). */
typedef enum {
  VS_FLAG_MEANING_NONE = 0,     /* the variant does not use the flag        */
  VS_FLAG_MEANING_PROMOTED,     /* Crazyhouse: goes to the hand as a pawn   */
  VS_FLAG_MEANING_UNMOVED,      /* Strato: first move must change level     */
  VS_FLAG_MEANING_OWES_DOG,     /* Chartima: nB places its Dog when it moves */
} VsFlagMeaning;

typedef enum {
  VS_GEN_ALL = 0,          /* every legal move                               */
  VS_GEN_NOISY,            /* legal captures and promotions (for quiescence) */
  VS_GEN_QUIET,            /* the other legal moves: exactly ALL minus NOISY,
                              in ALL's order (drops that capture nothing,
                              passes, castling, suicides are quiet).  A
                              module's generate serves it only if its
                              variant sets native_quiet; else
                              vs_position_generate subtracts NOISY from ALL. */
} VsGenType;

struct _VsPositionColumns;

/* How a variant's position strings are written (vs-position-string.c reads
 * and writes them for every variant from this data). */
typedef struct {
  char     flag_mark;       /* written after a piece with VS_PIECE_FLAG
                               (Crazyhouse '~', Strato '\'', Chartima '*'), 0: none */
  char     level_separator; /* between levels (Strato '|'), 0 for one level */
  gboolean hands;           /* "[…]" after the board, types high to low      */
  gboolean castling;        /* a castling field (KQkq or "-") follows the side */
  uint8_t  dash_fields;     /* fields that are always "-" (Janggi: castling
                               and en passant, 2)                          */
  gboolean en_passant;      /* an en-passant field (a square or "-")        */
  gboolean side_optional;   /* the board alone is read (White to move: Janggi) */
  const char *aliases;      /* pairs of letters also read: "HNEB" reads H as N */
  uint32_t flag_types;      /* bit t: a piece of type t may carry the mark */
  /* Called once the string is read into *pos (board, hands, side, castling
   * as written, en-passant square as written, clocks, variant, options):
   * the variant's own checks (with at's columns for the errors, reported
   * with vs_position_string_error), then priv and key.  FALSE with
   * VS_CORE_ERROR_BAD_POSITION set if the position is refused. */
  gboolean (*setup) (VsPosition *pos, const struct _VsPositionColumns *at, GError **error);
} VsPositionSyntax;

/* Where each part of a position string was (columns from 1, in characters). */
typedef struct _VsPositionColumns {
  uint16_t square[VS_MAX_SQUARES];  /* each piece's letter; 0 for an empty square */
  int board_end;                    /* just after the board (and hands)          */
  int side;                         /* the side to move                          */
  int castling[4];                  /* each castling right's letter (KQkq bits)   */
  int ep;                           /* the en-passant square                     */
} VsPositionColumns;

struct _VsVariant {
  const char *id;           /* "crazyhouse", "janggi", "janggi-casual", "chartima", "strato" */
  const char *name;         /* English display name, marked N_()            */
  const char *pgn_name;     /* [Variant "…"] value written to PGN            */
  VsGeometry  geom;
  uint32_t    default_options;
  int         n_piece_types;            /* types are 1..n_piece_types       */
  const VsPieceInfo *pieces;            /* indexed by type; [0] unused       */
  const char *start_fen;                /* the default start position        */
  const VsPositionSyntax *position_syntax;

  /* Position strings.  from_string fills *pos completely (variant set, key
   * computed, history empty) or returns FALSE with VS_CORE_ERROR set, giving
   * the offending character's column; it never changes *pos then.  The
   * built-in variants give position_syntax, and their from_string is the
   * shared reader vs_position_string_read (vs-position-string.c). */
  gboolean (*from_string) (VsPosition *pos, const char *str, GError **error);
  /* The shared writer, vs_position_string_write, for every variant. */
  char    *(*to_string)   (const VsPosition *pos);

  /* Legal move generation into out[VS_MAX_MOVES]; returns the count.  */
  int      (*generate)    (const VsPosition *pos, VsGenType type, VsMove *out);
  /* Optional fast count of legal moves (perft leaves); may be NULL. */
  uint64_t (*count_legal) (const VsPosition *pos);
  /* make: m must be legal; fills *u (the caller's) with what unmake needs.
   * unmake: u is the entry the last make filled; restores pos exactly.
   * Neither allocates. */
  void     (*make)        (VsPosition *pos, VsMove m, VsUndo *u);
  void     (*unmake)      (VsPosition *pos, const VsUndo *u);
  /* Null move (engine): the side to move passes its turn; pos must not be
   * in check.  Janggi makes its own pass (RULES.md §4.4: it counts in
   * pos->passes, two end the game).  unmake_null takes it back with the
   * entry make_null filled.  NULL if the variant has none. */
  void     (*make_null)   (VsPosition *pos, VsUndo *u);
  void     (*unmake_null) (VsPosition *pos, const VsUndo *u);
  /* Number of enemy pieces giving check to the side to move (0 = not in check). */
  int      (*checkers)    (const VsPosition *pos);
  /* What a legal move does, computed before it is made. */
  void     (*effects)     (const VsPosition *pos, VsMove m, VsMoveEffects *out);
  /* End-of-game test for the side to move (claims are automatic here), with
   * the result it implies.  h: the plies that led to pos (repetitions are
   * counted in it); never NULL here (vs_position_state passes an empty one).
   * Optional: NULL (every built-in module) means vs_game_state, driven by
   * the data of the "end of the game" block below. */
  VsGameState (*game_state) (const VsPosition *pos, const VsHistory *h, VsResult *result);

  /* Notation: write a legal move; parse text into a legal move (tolerant as
   * src/core/RULES.md says).  parse returns FALSE with VS_CORE_ERROR on failure and may
   * set *warning (a static, untranslated string, e.g. wrong check mark). */
  void     (*write_move)  (const VsPosition *pos, VsMove m, VsNotation n, char out[VS_MOVE_TEXT_MAX]);
  gboolean (*parse_move)  (const VsPosition *pos, const char *text, VsNotation n,
                           VsMove *out, const char **warning, GError **error);

  /* gettext context of the piece names in `pieces` (marked NC_(ctx, name)):
   * the same English name is a different word per variant in Japanese
   * ("King" is キング in chess, 国王 in Chartima, 궁/楚・漢 in Janggi). */
  const char *piece_context;

  /* The UCI_Variant value engines (Fairy-Stockfish) use for this variant
   * ("crazyhouse", "janggitraditional", "janggicasual"), or NULL if no
   * known engine plays it: then only the built-in engine is offered. */
  const char *uci_variant;

  /* Issue 18 (pass): TRUE when a side may pass instead of moving (Janggi);
   * the pass itself is then one of the legal moves (VS_MOVE_PASS). */
  gboolean    has_pass;
  /* Issue 18 (side names): the two sides' names, White/Cho first, marked
   * N_() and translated at use; NULL for the default "White"/"Black". */
  const char *side_names[2];
  /* ---- Rules as data: what layers above src/core ask of a variant ---- */

  /* The game this rule set belongs to (see VsVariantFamily). */
  VsVariantFamily family;
  /* The family's id: the variant id shared by all its rule sets ("janggi"
   * for both Janggi rule sets), used to key guides, samples and settings. */
  const char *family_id;
  /* What VS_PIECE_FLAG means, for editors (VS_FLAG_MEANING_NONE: unused). */
  VsFlagMeaning flag_meaning;
  /* TRUE if the game can be read and written as a Korean gibo record
   * (VS_NOTATION_GIBO is supported). */
  gboolean has_gibo;
  /* The [Variant "…"] value a gibo record carries to name this rule set, or
   * NULL if a gibo without one means this rule set (the casual default). */
  const char *gibo_variant_tag;
  /* TRUE if PGN movetext uses the variant's own structured notation
   * (RULES.md notation for Chartima, Strato) rather than PGN SAN. */
  gboolean pgn_structured;
  /* TRUE if captured pieces go to the hands (drops; hands are drawn). */
  gboolean has_hands;
  /* The other rule set of the same family a new-game dialog offers as
   * "casual rules", or NULL if the family has one rule set only. */
  const VsVariant *casual_rules;
  /* The piece type whose loss ends the game (the King, the General), for
   * editors; 0 if none. */
  int royal_type;
  /* TRUE if a plain UCI engine without a UCI_Variant option plays this
   * variant (a chess engine with drops plays Crazyhouse). */
  gboolean plain_uci_plays;
  /* Start-position choices of a new game, and the position string for a
   * choice (g_free), or NULL if setup_choice is NONE. */
  VsSetupChoice setup_choice;
  char *(*setup_fen) (int a, int b);
  /* Issue 18: the notations moves may be shown in, default first; NULL
   * (and 0) means the record notation (VS_NOTATION_SAN) only. */
  const VsNotationInfo *display_notations;
  int         n_display_notations;
  /* Issue 18 (record reading speed): optional fast form of
   * vs_position_find_move(); NULL: it generates every legal move. */
  gboolean  (*find_move)  (const VsPosition *pos, int from, int to, VsMove *out);

  /* ---- Issue 15: the end of the game as data (vs_game_state) ----------------
   * The built-in modules leave game_state NULL and describe their rules
   * here; vs_game_state tests them in its one order (see there). */
  /* The outcome when the side to move has no legal move and is not in
   * check (VS_END_DRAW in chess-like games). */
  VsEndOutcome stalemate_outcome;
  /* Plies without an irreversible move (pos->halfmove) that end the game
   * as a draw (100: the 50-move rule); 0 if the variant has none. */
  int          nmove_plies;
  /* Repetition: the position occurring for the repetition_times-th time
   * ends the game with repetition_outcome.  Earlier occurrences are looked
   * for since the last irreversible move (pos->halfmove plies back), or in
   * the whole history if repetition_whole_history (Crazyhouse: captured
   * pieces come back, so a capture does not make a position unrepeatable). */
  int          repetition_times;
  VsEndOutcome repetition_outcome;
  gboolean     repetition_whole_history;
  /* Dead position (neither side can mate): a draw.  NULL if it never applies. */
  gboolean    (*insufficient_material) (const VsPosition *pos);
  /* Ends of the game particular to the variant, tested before all others
   * (Janggi: two passes in a row, a bikjang accepted): returns the state
   * and sets *result, or VS_STATE_ONGOING.  NULL if none. */
  VsGameState (*end_hook) (const VsPosition *pos, VsResult *result);
  /* Issue 15: cheap legality test for vs_position_is_legal, called only for
   * a move that passed its generic checks (squares in range, a piece of the
   * side to move on from, no own piece on to, drop of a piece in hand on an
   * empty square…): TRUE exactly when m is in the legal list, found without
   * generating it.  NULL: vs_position_is_legal looks m up in the lists. */
  gboolean    (*is_legal) (const VsPosition *pos, VsMove m);
  /* Issue 15 (staged generation): TRUE if generate makes VS_GEN_QUIET
   * itself (skipping the noisy moves, in the order of VS_GEN_ALL); FALSE:
   * generate serves ALL and NOISY only and vs_position_generate makes
   * QUIET as ALL minus NOISY. */
  gboolean    native_quiet;
  /* The engine's exchanges (vs_position_generate_to): the moves of
   * VS_GEN_NOISY whose destination is `to`, in the order VS_GEN_NOISY gives
   * them, at the cost of testing the legality of those alone.  NULL:
   * vs_position_generate_to picks them out of VS_GEN_NOISY. */
  int         (*generate_to) (const VsPosition *pos, int to, VsMove *out);
  /* The engine's pruning (vs_position_gives_check): TRUE when the legal
   * move m leaves the opponent in check, found without making it.  NULL:
   * vs_position_gives_check asks the effects. */
  gboolean    (*gives_check) (const VsPosition *pos, VsMove m);
};

/* Issue 18: the display notation of v with the given id, or v's default
 * (the first listed) when id is NULL or unknown.  NULL if v lists none. */
const VsNotationInfo *vs_variant_display_notation (const VsVariant *v, const char *id);

/* Issue 18: the translated name of a side ("White", "Cho"). */
const char *vs_variant_side_name (const VsVariant *v, int color);

/* ---- Errors ------------------------------------------------------------------ */

#define VS_CORE_ERROR (vs_core_error_quark ())
GQuark vs_core_error_quark (void);

typedef enum {
  VS_CORE_ERROR_BAD_POSITION,   /* position string not valid        */
  VS_CORE_ERROR_BAD_MOVE,       /* move text not understood         */
  VS_CORE_ERROR_ILLEGAL_MOVE,   /* understood, but not legal here    */
  VS_CORE_ERROR_AMBIGUOUS_MOVE,
  VS_CORE_ERROR_UNKNOWN_VARIANT,
  VS_CORE_ERROR_UNSUPPORTED,
} VsCoreError;

/* ---- Registry and generic helpers (vs-variant.c) -------------------------------- */

/* All variants, NULL-terminated, in display order. */
const VsVariant *const *vs_variants (void);
/* By id ("janggi-casual"), also accepting PGN/UCI names ("Crazyhouse",
 * "janggicasual", "janggitraditional", case-insensitive).  NULL if unknown. */
const VsVariant *vs_variant_lookup (const char *name);

gboolean vs_position_init      (VsPosition *pos, const VsVariant *v, const char *fen, GError **error);
char    *vs_position_to_string (const VsPosition *pos);
int      vs_position_generate  (const VsPosition *pos, VsGenType type, VsMove *out);
/* The moves of VS_GEN_NOISY whose destination is `to`, in their order
 * there (the recaptures a static exchange looks for). */
int      vs_position_generate_to (const VsPosition *pos, int to, VsMove *out);
/* TRUE when the legal move m gives check (the opponent is in check after
 * it), found without making it. */
gboolean vs_position_gives_check (const VsPosition *pos, VsMove m);
void     vs_position_make      (VsPosition *pos, VsMove m, VsUndo *u);
void     vs_position_unmake    (VsPosition *pos, const VsUndo *u);
/* Make m with no way back (replaying a line forward; no history kept). */
void     vs_position_play      (VsPosition *pos, VsMove m);
gboolean vs_position_in_check  (const VsPosition *pos);
/* Whether m (any 32-bit value: a move from a hash table or a killer slot,
 * or garbage) is legal in pos.  Moves that cannot be pseudo-legal (no piece
 * of the side to move on from, own piece on to, drop of a piece not in
 * hand, out-of-range squares…) are refused without generating moves; the
 * others go to the variant's is_legal hook, or without one are looked up in
 * the NOISY list first when they may capture or promote, else (and for
 * variants of VS_FAMILY_OTHER) in the full list. */
gboolean vs_position_is_legal  (const VsPosition *pos, VsMove m);
/* The legal move from → to that is not a pass (the first one if several,
 * e.g. promotion choices), or FALSE. */
gboolean vs_position_find_move (const VsPosition *pos, int from, int to, VsMove *out);
/* Null move: FALSE (pos unchanged) where the rules allow none (the side to
 * move is in check, or the variant has no null move). */
gboolean vs_position_make_null   (VsPosition *pos, VsUndo *u);
void     vs_position_unmake_null (VsPosition *pos, const VsUndo *u);
/* For the modules' null moves: vs_undo_push (u zeroed first, move
 * VS_MOVE_NONE), one more ply on the clock, vs_undo_turn; the unmake is
 * vs_undo_pop (module-private state is the module's). */
void     vs_null_make_common   (VsPosition *pos, VsUndo *u);
void     vs_null_unmake_common (VsPosition *pos, const VsUndo *u);
/* h may be NULL (no earlier plies known: no repetition). */
VsGameState vs_position_state  (const VsPosition *pos, const VsHistory *h, VsResult *result);
/* Issue 15: the one game-state test of the built-in variants, from the
 * variant's end-of-game data; h never NULL.  The order (vs-variant.c)
 * decides which state is reported when several rules hold at once. */
VsGameState vs_game_state      (const VsPosition *pos, const VsHistory *h, VsResult *result);
/* Number of times the current position occurred before in h, looking at
 * most max_back plies back (repetition helper for modules). */
int      vs_position_repetitions (const VsPosition *pos, const VsHistory *h, int max_back);

/* ---- Lines: a position with its growable undo stack (vs-variant.c) ----------------
 * For callers that replay a game line and want to unmake it or count
 * repetitions in it.  The stack grows in vs_line_make (outside the
 * module's make, which never allocates); nothing is ever dropped. */
typedef struct {
  VsPosition pos;          /* the current position */
  VsUndo    *undo;         /* undo[0..len-1], oldest first */
  int        len, cap;
} VsLine;

gboolean vs_line_init   (VsLine *line, const VsVariant *v, const char *fen, GError **error);
/* Start the line at pos (no plies; a line already set up keeps its storage). */
void     vs_line_set    (VsLine *line, const VsPosition *pos);
/* Copy src into dest (dest must be cleared or new). */
void     vs_line_copy   (VsLine *dest, const VsLine *src);
void     vs_line_make   (VsLine *line, VsMove m);
/* FALSE if the line has no ply to take back. */
gboolean vs_line_unmake (VsLine *line);
VsGameState vs_line_state (const VsLine *line, VsResult *result);
void     vs_line_clear  (VsLine *line);     /* frees the stack */
VsLine  *vs_line_new    (void);             /* zeroed; vs_line_init or vs_line_set next */
void     vs_line_free   (VsLine *line);
static inline VsHistory vs_line_history (const VsLine *line)
{ VsHistory h = { line->undo, line->len }; return h; }
/* The move of ply i of the line (0 = first). */
static inline VsMove vs_line_move (const VsLine *line, int i) { return line->undo[i].move; }

uint64_t vs_perft (VsPosition *pos, int depth);

void     vs_move_write  (const VsPosition *pos, VsMove m, VsNotation n, char out[VS_MOVE_TEXT_MAX]);
gboolean vs_move_parse  (const VsPosition *pos, const char *text, VsNotation n,
                         VsMove *out, const char **warning, GError **error);
void     vs_move_effects (const VsPosition *pos, VsMove m, VsMoveEffects *out);

/* Generic UCI-notation writer/reader used by modules that follow the common
 * forms: squares by file letter + rank (+ level letter prefix for 3-level
 * boards), promotion letter lower case, drops "N@f3", passes "e2e2". */
void     vs_square_name (const VsGeometry *g, int sq, char out[8]);   /* "e2", "h10", "Be4" */
int      vs_square_parse (const VsGeometry *g, const char *s, int *consumed); /* -1 if none */

/* The translated name of a piece type ("Knight", "Long leaper"). */
const char *vs_piece_name (const VsVariant *v, int type);

const char *vs_state_describe (VsGameState state);   /* "checkmate", "double pass"… (untranslated) */
const char *vs_result_string  (VsResult r);          /* "1-0", "0-1", "1/2-1/2", "*" */

/* ---- Zobrist keys (constant tables generated at build time) ---------------------- */

extern const uint64_t vs_zobrist_psq[128][VS_MAX_SQUARES];   /* [piece byte & 0x7f][sq] */
extern const uint64_t vs_zobrist_hand[2][VS_MAX_PIECE_TYPES][64]; /* [colour][type][count] */
extern const uint64_t vs_zobrist_side;
extern const uint64_t vs_zobrist_castling[16];
extern const uint64_t vs_zobrist_ep[VS_MAX_SQUARES];
extern const uint64_t vs_zobrist_misc[16];                    /* passes, rule state */

/* ---- Issue 15: the one undo push/pop and en-passant keying of the modules ---------
 * Every built-in module's make is
 *     vs_undo_push (pos, m, u);   ... the move's own changes ...
 *     vs_undo_turn (pos);         [vs_ep_set (pos, pos->ep, capturable);]
 * and its unmake
 *     ... the board taken back ...   vs_undo_pop (pos, u);
 * The en-passant square is in the key exactly when the side to move has a
 * legal en-passant capture onto it (the repetition rule of the four rules
 * files: a position with a possible capture differs from one without);
 * pos->ep_in_key records it, and vs_ep_set is the one place that keys it.
 * Whether a square without a legal capture is kept in pos->ep (Chartima,
 * Strato) or not (Crazyhouse, as Lichess writes it) is the module's rule. */

/* Saves the fields every move may change (key, move, clock, ep, castling,
 * passes, ep_in_key; no capture yet) and takes the en-passant square out of
 * the position and its key. */
static inline void
vs_undo_push (VsPosition *pos, VsMove m, VsUndo *u)
{
  u->key = pos->key;
  u->move = m;
  u->halfmove = pos->halfmove;
  u->ep = pos->ep;
  u->castling = pos->castling;
  u->passes = pos->passes;
  u->ep_in_key = pos->ep_in_key;
  u->n_captured = 0;
  if (pos->ep_in_key)
    pos->key ^= vs_zobrist_ep[pos->ep];
  pos->ep = VS_NO_SQUARE;
  pos->ep_in_key = 0;
}

/* The end of a make: the other side to move (and its key), the move number. */
static inline void
vs_undo_turn (VsPosition *pos)
{
  if (pos->side == VS_BLACK)
    pos->fullmove++;
  pos->side ^= 1;
  pos->key ^= vs_zobrist_side;
}

/* Sets the en-passant square, in the key if in_key (a legal capture exists
 * for the side to move). */
static inline void
vs_ep_set (VsPosition *pos, int sq, gboolean in_key)
{
  pos->ep = (uint8_t) sq;
  if (in_key)
    {
      pos->ep_in_key = 1;
      pos->key ^= vs_zobrist_ep[sq];
    }
}

/* The end of an unmake: the side, move number and every field
 * vs_undo_push saved. */
static inline void
vs_undo_pop (VsPosition *pos, const VsUndo *u)
{
  pos->side ^= 1;
  if (pos->side == VS_BLACK)
    pos->fullmove--;
  pos->key = u->key;
  pos->halfmove = u->halfmove;
  pos->ep = u->ep;
  pos->castling = u->castling;
  pos->passes = u->passes;
  pos->ep_in_key = u->ep_in_key;
}

/* ---- The modules ---------------------------------------------------------------- */

extern const VsVariant vs_variant_crazyhouse;
extern const VsVariant vs_variant_janggi;
extern const VsVariant vs_variant_janggi_casual;
extern const VsVariant vs_variant_chartima;
extern const VsVariant vs_variant_strato;

G_DEFINE_AUTOPTR_CLEANUP_FUNC (VsLine, vs_line_free)

G_END_DECLS
