/* vs-chartima.c — Chartima (チャルティマ): 10×10 chess + Ultima hybrid, to the
 * letter of src/core/RULES.md §2.
 *
 * This file holds the variant table, position strings, make/unmake, the
 * game-state test and the effects of a move.  The board mechanics (automatic
 * captures, check detection, move generation) are in vs-chartima-board.c and
 * the two notations in vs-chartima-notation.c.
 *
 * Encoding choices (see vs-chartima.h):
 *  - piece types 1..21 follow the rules' table (K Q nQ C nC A nA R nR N nN B
 *    nB P Ca D I L W Co Pu); VS_PIECE_FLAG on an nB = it still owes its Dog;
 *  - compulsory promotions are VS_MOVE_PROMOTION with the promoted type
 *    (Q→nQ …, B→nB with the Dog flag set), pawn promotions likewise with the
 *    chosen R, N, B or Ca;
 *  - a suicide is VS_MOVE_SUICIDE with from = to = the removed piece;
 *  - castling is VS_MOVE_CASTLE from the King's square to its destination;
 *  - the key contains the en-passant square only when a legal en-passant
 *    capture exists (the rules' repetition definition);
 *  - effects(): for a suicide, the removed piece is reported as the one
 *    captured square.
 *
 * Engine (UCI) notation chosen for Chartima (details in
 * vs-chartima-notation.c): from + to in lower case (`f3f5`, `e10e4`, also for
 * every capture and en passant); a pawn promotion adds the chosen piece's
 * position-string letter (`f7f8r`, `f7f8n`, `f7f8b`, `f7f8h` = Cannon); a
 * compulsory Q/C/A/R/N/B promotion has no suffix (no choice); a suicide is
 * the square twice (`a2a2`); castling is the King's move (`f2i2`, `f2c2`). */
#include "config.h"
#include "vs-chartima.h"
#include "vs-position-string.h"

#include <glib/gi18n.h>
#include <stdarg.h>
#include <string.h>

G_STATIC_ASSERT (sizeof (ChPriv) <= sizeof (((VsPosition *) 0)->priv));
G_STATIC_ASSERT (CH_N_TYPES < VS_MAX_PIECE_TYPES);

#define PRIV(pos) ((ChPriv *) (pos)->priv.bytes)
/* Whether the en-passant square is part of the key (vs_ep_set). */
#define EP_IN_KEY(pos) ((pos)->ep_in_key)

const VsPieceInfo vs_ch_pieces[CH_N_TYPES + 1] = {
  [0]     = { NULL, NULL, NULL, NULL, NULL },
  [CH_K]  = { "K",  "K",  NC_("chartima piece", "King"),                "国王",       "王" },
  [CH_Q]  = { "Q",  "Q",  NC_("chartima piece", "Queen"),               "皇后",       "后" },
  [CH_NQ] = { "+Q", "nQ", NC_("chartima piece", "promoted Queen"),      "成后",       "后" },
  [CH_C]  = { "C",  "C",  NC_("chartima piece", "Chancellor"),          "首相",       "首" },
  [CH_NC] = { "+C", "nC", NC_("chartima piece", "promoted Chancellor"), "成首",       "首" },
  [CH_A]  = { "A",  "A",  NC_("chartima piece", "Archbishop"),          "主教",       "主" },
  [CH_NA] = { "+A", "nA", NC_("chartima piece", "promoted Archbishop"), "成主",       "主" },
  [CH_R]  = { "R",  "R",  NC_("chartima piece", "Rook"),                "ルーク",     "ル" },
  [CH_NR] = { "+R", "nR", NC_("chartima piece", "promoted Rook"),       "成ル",       "ル" },
  [CH_N]  = { "N",  "N",  NC_("chartima piece", "Knight"),              "馬",         "馬" },
  [CH_NN] = { "+N", "nN", NC_("chartima piece", "promoted Knight"),     "成馬",       "馬" },
  [CH_B]  = { "B",  "B",  NC_("chartima piece", "Bishop"),              "ビショップ", "ビ" },
  [CH_NB] = { "+B", "nB", NC_("chartima piece", "promoted Bishop"),     "成ビ",       "ビ" },
  [CH_P]  = { "P",  "P",  NC_("chartima piece", "Pawn"),                "歩兵",       "兵" },
  [CH_CA] = { "H",  "Ca", NC_("chartima piece", "Cannon"),              "大砲",       "砲" },
  [CH_D]  = { "D",  "D",  NC_("chartima piece", "Dog"),                 "犬",         "犬" },
  [CH_I]  = { "I",  "I",  NC_("chartima piece", "Immobilizer"),         "麻酔者",     "麻" },
  [CH_L]  = { "L",  "L",  NC_("chartima piece", "Long leaper"),         "跳躍者",     "跳" },
  [CH_W]  = { "W",  "W",  NC_("chartima piece", "Withdrawer"),          "回収者",     "回" },
  [CH_CO] = { "O",  "Co", NC_("chartima piece", "Coordinator"),         "合作者",     "合" },
  [CH_PU] = { "U",  "Pu", NC_("chartima piece", "Pusher-puller"),       "押引者",     "押" },
};

#define START_FEN "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLI w KQkq - 0 1"

/* ---- Keys ------------------------------------------------------------------ */

static uint64_t
board_key (const VsPiece *b)
{
  uint64_t key = 0;
  for (int sq = 0; sq < CH_SQUARES; sq++)
    if (b[sq])
      key ^= vs_zobrist_psq[b[sq] & 0x7f][sq];
  return key;
}

/* ---- Position strings ------------------------------------------------------ */

/* The checks of a Chartima setup, once vs_position_string_read has read
 * it; then the private state and the key. */
static gboolean
ch_setup (VsPosition *pos, const VsPositionColumns *at, GError **error)
{
  const VsPiece *board = pos->board;
  int side = pos->side;

  for (int sq = 0; sq < CH_SQUARES; sq++)
    {
      VsPiece pc = board[sq];
      int c = VS_PIECE_COLOR (pc);
      if (!pc || VS_PIECE_TYPE (pc) != CH_P)
        continue;
      int r = c == VS_WHITE ? CH_RANK (sq) : 9 - CH_RANK (sq);
      if (r < 2 || r > 6)
        return vs_position_string_error (error, at->square[sq],
                                         _("a pawn cannot stand on %c%d (behind its starting rank or in the enemy camp)"),
                                         'a' + CH_FILE (sq), CH_RANK (sq) + 1);
    }
  for (int bit = 0; bit < 4; bit++)
    {
      if (!(pos->castling & (1 << bit)))
        continue;
      int color = bit >> 1;
      int base = color == VS_WHITE ? 10 : 80;
      int rook_sq = (bit & 1) ? base : base + 9;
      if (board[base + 5] != VS_MAKE_PIECE (color, CH_K) || board[rook_sq] != VS_MAKE_PIECE (color, CH_R))
        return vs_position_string_error (error, at->castling[bit],
                                         _("castling right “%c” needs the King on %c%d and a Rook on %c%d"),
                                         "KQkq"[bit], 'f', base / 10 + 1, 'a' + rook_sq % 10, base / 10 + 1);
    }
  if (pos->ep != VS_NO_SQUARE)
    {
      int sq = pos->ep;
      int need_rank = side == VS_BLACK ? 3 : 6;
      int fwd = side == VS_BLACK ? 10 : -10;   /* from ep toward the pawn that moved */
      if (CH_RANK (sq) != need_rank || board[sq] || board[sq - fwd] ||
          board[sq + fwd] != VS_MAKE_PIECE (!side, CH_P))
        return vs_position_string_error (error, at->ep, "%s",
                                         _("the en-passant square does not follow a two-square pawn move of the side that just moved"));
    }

  ChBoard cb;
  ch_board_load (&cb, board, side, pos->castling, pos->ep);
  if (ch_attackers (cb.b, &cb.p, cb.p.king[!side], side, FALSE))
    return vs_position_string_error (error, at->side, "%s", _("the side not to move is in check"));

  memcpy (pos->priv.bytes, &cb.p, sizeof cb.p);
  uint64_t key = board_key (board) ^ vs_zobrist_castling[pos->castling];
  if (side == VS_BLACK)
    key ^= vs_zobrist_side;
  if (ch_ep_capturable (&cb))
    {
      key ^= vs_zobrist_ep[pos->ep];
      EP_IN_KEY (pos) = 1;
    }
  pos->key = key;
  return TRUE;
}

static gboolean
ch_from_string (VsPosition *pos, const char *str, GError **error)
{
  return vs_position_string_read (pos, &vs_variant_chartima, str, error);
}

/* ---- Make / unmake --------------------------------------------------------- */


static void
ch_make (VsPosition *pos, VsMove m, VsUndo *u)
{
  ChPriv *p = PRIV (pos);
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  VsMoveKind kind = VS_MOVE_KIND (m);
  int us = pos->side;

  vs_undo_push (pos, m, u);

  ChDone d;
  ch_apply (pos->board, p, m, &d);
  u->moved = d.moved;
  u->n_captured = d.n;
  memcpy (u->captured_sq, d.sq, d.n);
  memcpy (u->captured, d.pc, d.n);

  uint64_t key = pos->key;
  if (kind == VS_MOVE_SUICIDE)
    key ^= vs_zobrist_psq[d.moved & 0x7f][from];
  else if (kind == VS_MOVE_CASTLE)
    {
      VsPiece rook = VS_MAKE_PIECE (us, CH_R);
      key ^= vs_zobrist_psq[d.moved][from] ^ vs_zobrist_psq[d.moved][to] ^
             vs_zobrist_psq[rook][d.rook_from] ^ vs_zobrist_psq[rook][d.rook_to];
    }
  else
    {
      key ^= vs_zobrist_psq[d.moved & 0x7f][from] ^ vs_zobrist_psq[d.placed & 0x7f][to];
      for (int i = 0; i < d.n; i++)
        key ^= vs_zobrist_psq[d.pc[i] & 0x7f][d.sq[i]];
      if (d.dog != VS_NO_SQUARE)
        key ^= vs_zobrist_psq[VS_MAKE_PIECE (us, CH_D)][from];
    }

  uint8_t castling = ch_castling_after (pos->castling, m, &d);
  if (castling != pos->castling)
    {
      key ^= vs_zobrist_castling[pos->castling] ^ vs_zobrist_castling[castling];
      pos->castling = castling;
    }
  pos->key = key;
  vs_undo_turn (pos);
  if (VS_PIECE_TYPE (d.moved) == CH_P && (to - from == 20 || from - to == 20))
    {
      pos->ep = (from + to) / 2;
      /* only a possible en-passant capture is part of the key */
      gboolean in_key = FALSE;
      VsPiece enemy_pawn = VS_MAKE_PIECE (!us, CH_P);
      if ((CH_FILE (to) > 0 && pos->board[to - 1] == enemy_pawn) ||
          (CH_FILE (to) < 9 && pos->board[to + 1] == enemy_pawn))
        {
          ChBoard cb;
          ch_board_from_pos (&cb, pos);
          in_key = ch_ep_capturable (&cb);
        }
      vs_ep_set (pos, pos->ep, in_key);
    }
  if (d.n > 0 || kind == VS_MOVE_PROMOTION)
    pos->halfmove = 0;
  else
    pos->halfmove++;
}

static void
ch_make_null (VsPosition *pos, VsUndo *u)
{
  vs_null_make_common (pos, u);
}

static void
ch_unmake (VsPosition *pos, const VsUndo *u)
{
  VsMove m = u->move;
  int from = VS_MOVE_FROM (m);
  VsMoveKind kind = VS_MOVE_KIND (m);
  ChDone d;
  d.n = u->n_captured;
  memcpy (d.sq, u->captured_sq, d.n);
  memcpy (d.pc, u->captured, d.n);
  d.moved = u->moved;
  d.dog = ((u->moved & VS_PIECE_FLAG) && kind != VS_MOVE_SUICIDE) ? from : VS_NO_SQUARE;
  ch_revert (pos->board, PRIV (pos), m, &d);
  vs_undo_pop (pos, u);
}

/* ---- Queries ---------------------------------------------------------------- */

static int
ch_generate_pos (const VsPosition *pos, VsGenType type, VsMove *out)
{
  ChBoard cb;
  ch_board_from_pos (&cb, pos);
  return ch_generate (&cb, type, out);
}

/* Issue 15: vs_position_is_legal's test, from the legal moves of the one
 * piece on from to to, not the whole list. */
static gboolean
ch_is_legal (const VsPosition *pos, VsMove m)
{
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  if (from >= CH_SQUARES || to >= CH_SQUARES)
    return FALSE;
  ChBoard cb;
  ch_board_from_pos (&cb, pos);
  VsMove moves[VS_MAX_MOVES];
  int n = ch_generate_from_to (&cb, from, to, moves);
  for (int i = 0; i < n; i++)
    if (VS_MOVE_CORE (moves[i]) == VS_MOVE_CORE (m))
      return TRUE;
  return FALSE;
}

static uint64_t
ch_count_legal (const VsPosition *pos)
{
  ChBoard cb;
  ch_board_from_pos (&cb, pos);
  return ch_generate (&cb, VS_GEN_ALL, NULL);
}

static int
ch_checkers (const VsPosition *pos)
{
  int k = PRIV (pos)->king[pos->side];
  if (k == VS_NO_SQUARE)
    return 0;
  return ch_attackers (pos->board, PRIV (pos), k, !pos->side, TRUE);
}

static void
ch_effects (const VsPosition *pos, VsMove m, VsMoveEffects *out)
{
  ChBoard cb;
  ChDone d;
  ch_board_from_pos (&cb, pos);
  ch_board_play (&cb, m, &d);
  memset (out, 0, sizeof *out);
  out->n_captured = d.n;
  memcpy (out->captured_sq, d.sq, d.n);
  memcpy (out->captured, d.pc, d.n);
  out->rook_from = d.rook_from;
  out->rook_to = d.rook_to;
  out->dog_sq = d.dog;
  out->placed = VS_MOVE_KIND (m) == VS_MOVE_SUICIDE ? VS_PIECE_NONE : cb.b[VS_MOVE_TO (m)];
  out->gives_check = ch_board_checkers (&cb);
}

/* chartima.md: a dead position is one where neither side has anything but
 * its King and Immobilizers. */
static gboolean
ch_insufficient (const VsPosition *pos)
{
  const ChPriv *p = PRIV (pos);
  for (int c = 0; c < 2; c++)
    for (int t = 1; t <= CH_N_TYPES; t++)
      if (t != CH_K && t != CH_I && p->count[c][t])
        return FALSE;
  return TRUE;
}

static const VsPositionSyntax ch_syntax = {
  .flag_mark = '*', .castling = TRUE, .en_passant = TRUE,
  .flag_types = 1u << CH_NB,
  .setup = ch_setup,
};

const VsVariant vs_variant_chartima = {
  .id = "chartima",
  .name = N_("Chartima"),
  .pgn_name = "Chartima",
  .geom = { 10, 10, 1, 0 },
  .default_options = 0,
  .n_piece_types = CH_N_TYPES,
  .pieces = vs_ch_pieces,
  .piece_context = "chartima piece",
  .uci_variant = NULL,
  .family = VS_FAMILY_CHARTIMA,
  .family_id = "chartima",
  .flag_meaning = VS_FLAG_MEANING_OWES_DOG,
  .has_gibo = FALSE,
  .gibo_variant_tag = NULL,
  .pgn_structured = TRUE,
  .has_hands = FALSE,
  .casual_rules = NULL,
  .royal_type = CH_K,
  .start_fen = START_FEN,
  .from_string = ch_from_string,
  .to_string = vs_position_string_write,
  .position_syntax = &ch_syntax,
  .generate = ch_generate_pos,
  .is_legal = ch_is_legal,
  .native_quiet = TRUE,
  .count_legal = ch_count_legal,
  .make = ch_make,
  .unmake = ch_unmake,
  .make_null = ch_make_null,
  .unmake_null = vs_null_unmake_common,
  .checkers = ch_checkers,
  .effects = ch_effects,
  /* chartima.md: stalemate, the third occurrence, 100 plies without
   * capture, suicide or promotion, a dead position: all draws */
  .stalemate_outcome = VS_END_DRAW,
  .nmove_plies = 100,
  .repetition_times = 3,
  .repetition_outcome = VS_END_DRAW,
  .insufficient_material = ch_insufficient,
  .write_move = ch_write_move,
  .parse_move = ch_parse_move,
  .display_notations = vs_ch_notations,
  .n_display_notations = CH_N_NOTATIONS,
};
