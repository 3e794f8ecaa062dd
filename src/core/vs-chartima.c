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

#include <glib/gi18n.h>
#include <stdarg.h>
#include <string.h>

G_STATIC_ASSERT (sizeof (ChPriv) <= sizeof (((VsPosition *) 0)->priv));
G_STATIC_ASSERT (CH_N_TYPES < VS_MAX_PIECE_TYPES);

#define PRIV(pos) ((ChPriv *) (pos)->priv.bytes)
/* Whether the en-passant square is part of the key (saved in undo extra[0]). */
#define EP_IN_KEY(pos) (PRIV (pos)->pad[0])

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

static gboolean
bad_position (GError **error, int column, const char *fmt, ...) G_GNUC_PRINTF (3, 4);

static gboolean
bad_position (GError **error, int column, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *detail = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_BAD_POSITION,
               /* Translators: a Chartima position string could not be read */
               _("Position string, column %d: %s"), column, detail);
  return FALSE;
}

static int
letter_type (char c)
{
  switch (g_ascii_toupper (c))
    {
    case 'K': return CH_K;
    case 'Q': return CH_Q;
    case 'C': return CH_C;
    case 'A': return CH_A;
    case 'R': return CH_R;
    case 'N': return CH_N;
    case 'B': return CH_B;
    case 'P': return CH_P;
    case 'H': return CH_CA;
    case 'D': return CH_D;
    case 'I': return CH_I;
    case 'L': return CH_L;
    case 'W': return CH_W;
    case 'O': return CH_CO;
    case 'U': return CH_PU;
    default: return 0;
    }
}

static gboolean
ch_from_string (VsPosition *pos, const char *str, GError **error)
{
  VsPiece board[CH_SQUARES] = { 0 };
  uint8_t column[CH_SQUARES] = { 0 };    /* where each piece was written */
  const char *s = str;
  int i = 0;

  if (str == NULL)
    return bad_position (error, 1, "%s", _("the position string is empty"));
  while (s[i] == ' ' || s[i] == '\t')
    i++;

  /* Board, rank 10 first. */
  for (int rank = 9; rank >= 0; rank--)
    {
      int file = 0;
      while (file < 10)
        {
          char c = s[i];
          if (g_ascii_isdigit (c))
            {
              int n = c - '0', col = i + 1;
              i++;
              if (n == 1 && s[i] == '0')
                {
                  n = 10;
                  i++;
                }
              if (n == 0)
                return bad_position (error, col, "%s", _("“0” is not a number of empty squares"));
              if (file + n > 10)
                return bad_position (error, col, _("rank %d has more than 10 squares"), rank + 1);
              file += n;
              continue;
            }
          gboolean promoted = FALSE;
          int col = i + 1;
          if (c == '+')
            {
              promoted = TRUE;
              c = s[++i];
            }
          int t = letter_type (c);
          if (t == 0)
            {
              if (c == '\0')
                return bad_position (error, i + 1, _("the position string ends inside rank %d"), rank + 1);
              if (c == '/' || c == ' ')
                return bad_position (error, i + 1, _("rank %d has fewer than 10 squares"), rank + 1);
              return bad_position (error, i + 1, _("“%c” is not a Chartima piece letter"), c);
            }
          if (promoted)
            {
              if (t != CH_Q && t != CH_C && t != CH_A && t != CH_R && t != CH_N && t != CH_B)
                return bad_position (error, col, _("“+%c” is not a piece: only Q, C, A, R, N and B have promoted forms"), c);
              t++;
            }
          VsPiece pc = VS_MAKE_PIECE (g_ascii_isupper (c) ? VS_WHITE : VS_BLACK, t);
          i++;
          if (s[i] == '*')
            {
              if (t != CH_NB)
                return bad_position (error, i + 1, "%s", _("“*” (Dog still owed) may only follow a promoted Bishop “+B”"));
              pc |= VS_PIECE_FLAG;
              i++;
            }
          board[rank * 10 + file] = pc;
          column[rank * 10 + file] = MIN (col, 255);
          file++;
        }
      if (rank > 0)
        {
          if (s[i] != '/')
            {
              if (g_ascii_isdigit (s[i]) || letter_type (s[i]) || s[i] == '+')
                return bad_position (error, i + 1, _("rank %d has more than 10 squares"), rank + 1);
              return bad_position (error, i + 1, _("“/” expected after rank %d"), rank + 1);
            }
          i++;
        }
    }
  if (s[i] != ' ' && s[i] != '\t')
    {
      if (s[i] == '\0')
        return bad_position (error, i + 1, "%s", _("the side to move is missing"));
      if (s[i] == '/')
        return bad_position (error, i + 1, "%s", _("the board has more than 10 ranks"));
      return bad_position (error, i + 1, "%s", _("rank 1 has more than 10 squares"));
    }
  while (s[i] == ' ' || s[i] == '\t')
    i++;

  /* Side to move. */
  int side_col = i + 1;
  uint8_t side;
  if (s[i] == 'w' || s[i] == 'W')
    side = VS_WHITE;
  else if (s[i] == 'b' || s[i] == 'B')
    side = VS_BLACK;
  else if (s[i] == '\0')
    return bad_position (error, i + 1, "%s", _("the side to move is missing"));
  else
    return bad_position (error, i + 1, "%s", _("the side to move must be “w” or “b”"));
  i++;
  if (s[i] && s[i] != ' ' && s[i] != '\t')
    return bad_position (error, i + 1, "%s", _("the side to move must be “w” or “b”"));
  while (s[i] == ' ' || s[i] == '\t')
    i++;

  /* Castling rights. */
  uint8_t castling = 0;
  if (s[i] == '-')
    i++;
  else if (s[i] != '\0')
    {
      while (s[i] && s[i] != ' ' && s[i] != '\t')
        {
          int bit;
          switch (s[i])
            {
            case 'K': bit = 1; break;
            case 'Q': bit = 2; break;
            case 'k': bit = 4; break;
            case 'q': bit = 8; break;
            default:
              return bad_position (error, i + 1, _("“%c” is not a castling right (use K, Q, k, q or -)"), s[i]);
            }
          if (castling & bit)
            return bad_position (error, i + 1, _("castling right “%c” is given twice"), s[i]);
          int color = bit <= 2 ? VS_WHITE : VS_BLACK;
          int base = color == VS_WHITE ? 10 : 80;
          int rook_sq = (bit & 5) ? base + 9 : base;
          if (board[base + 5] != VS_MAKE_PIECE (color, CH_K) || board[rook_sq] != VS_MAKE_PIECE (color, CH_R))
            return bad_position (error, i + 1,
                                 _("castling right “%c” needs the King on %c%d and a Rook on %c%d"),
                                 s[i], 'f', base / 10 + 1, 'a' + rook_sq % 10, base / 10 + 1);
          castling |= bit;
          i++;
        }
    }
  while (s[i] == ' ' || s[i] == '\t')
    i++;

  /* En-passant target. */
  uint8_t ep = VS_NO_SQUARE;
  if (s[i] == '-')
    i++;
  else if (s[i] != '\0')
    {
      static const VsGeometry geom = { 10, 10, 1, 0 };
      int consumed = 0;
      int sq = vs_square_parse (&geom, s + i, &consumed);
      if (sq < 0)
        return bad_position (error, i + 1, "%s", _("the en-passant field must be a square such as “e4” or “-”"));
      int need_rank = side == VS_BLACK ? 3 : 6;
      int fwd = side == VS_BLACK ? 10 : -10;   /* from ep toward the pawn that moved */
      if (CH_RANK (sq) != need_rank || board[sq] || board[sq - fwd] ||
          board[sq + fwd] != VS_MAKE_PIECE (!side, CH_P))
        return bad_position (error, i + 1, "%s",
                             _("the en-passant square does not follow a two-square pawn move of the side that just moved"));
      ep = sq;
      i += consumed;
      if (s[i] && s[i] != ' ' && s[i] != '\t')
        return bad_position (error, i + 1, "%s", _("the en-passant field must be a square such as “e4” or “-”"));
    }
  while (s[i] == ' ' || s[i] == '\t')
    i++;

  /* Clocks (optional: 0 1 when missing). */
  unsigned long clocks[2] = { 0, 1 };
  for (int k = 0; k < 2 && s[i]; k++)
    {
      int col = i + 1;
      if (!g_ascii_isdigit (s[i]))
        return bad_position (error, col, "%s", k == 0 ? _("the halfmove clock must be a number")
                                                     : _("the move number must be a number"));
      unsigned long v = 0;
      while (g_ascii_isdigit (s[i]))
        {
          v = v * 10 + (s[i] - '0');
          if (v > 65535)
            return bad_position (error, col, "%s", _("number too large"));
          i++;
        }
      if (s[i] && s[i] != ' ' && s[i] != '\t')
        return bad_position (error, i + 1, "%s", k == 0 ? _("the halfmove clock must be a number")
                                                         : _("the move number must be a number"));
      if (k == 1 && v == 0)
        return bad_position (error, col, "%s", _("the move number starts at 1"));
      clocks[k] = v;
      while (s[i] == ' ' || s[i] == '\t')
        i++;
    }
  if (s[i])
    return bad_position (error, i + 1, "%s", _("unexpected text after the move number"));

  /* Whole-board checks. */
  int kings[2] = { 0, 0 };
  for (int sq = 0; sq < CH_SQUARES; sq++)
    {
      VsPiece pc = board[sq];
      if (!pc)
        continue;
      int c = VS_PIECE_COLOR (pc);
      if (VS_PIECE_TYPE (pc) == CH_K)
        kings[c]++;
      if (VS_PIECE_TYPE (pc) == CH_P)
        {
          int r = c == VS_WHITE ? CH_RANK (sq) : 9 - CH_RANK (sq);
          if (r < 2 || r > 6)
            return bad_position (error, column[sq],
                                 _("a pawn cannot stand on %c%d (behind its starting rank or in the enemy camp)"),
                                 'a' + CH_FILE (sq), CH_RANK (sq) + 1);
        }
    }
  if (kings[VS_WHITE] != 1)
    return bad_position (error, 1, "%s", _("White must have exactly one King"));
  if (kings[VS_BLACK] != 1)
    return bad_position (error, 1, "%s", _("Black must have exactly one King"));

  ChBoard cb;
  ch_board_load (&cb, board, side, castling, ep);
  if (ch_attackers (cb.b, &cb.p, cb.p.king[!side], side, FALSE))
    return bad_position (error, side_col, "%s", _("the side that is not to move is in check"));

  memset (pos, 0, sizeof *pos);
  pos->variant = &vs_variant_chartima;
  memcpy (pos->board, board, sizeof board);
  memcpy (pos->priv.bytes, &cb.p, sizeof cb.p);
  pos->side = side;
  pos->castling = castling;
  pos->ep = ep;
  pos->halfmove = clocks[0];
  pos->fullmove = clocks[1];
  pos->options = 0;
  uint64_t key = board_key (board) ^ vs_zobrist_castling[castling];
  if (side == VS_BLACK)
    key ^= vs_zobrist_side;
  if (ch_ep_capturable (&cb))
    {
      key ^= vs_zobrist_ep[ep];
      EP_IN_KEY (pos) = 1;
    }
  pos->key = key;
  return TRUE;
}

static char *
ch_to_string (const VsPosition *pos)
{
  GString *s = g_string_sized_new (96);
  for (int rank = 9; rank >= 0; rank--)
    {
      int empty = 0;
      for (int file = 0; file < 10; file++)
        {
          VsPiece pc = pos->board[rank * 10 + file];
          if (!pc)
            {
              empty++;
              continue;
            }
          if (empty)
            g_string_append_printf (s, "%d", empty);
          empty = 0;
          const char *letter = vs_ch_pieces[VS_PIECE_TYPE (pc)].letter;
          for (const char *l = letter; *l; l++)
            g_string_append_c (s, VS_PIECE_COLOR (pc) == VS_WHITE ? *l : g_ascii_tolower (*l));
          if (VS_PIECE_HAS_FLAG (pc))
            g_string_append_c (s, '*');
        }
      if (empty)
        g_string_append_printf (s, "%d", empty);
      if (rank)
        g_string_append_c (s, '/');
    }
  g_string_append (s, pos->side == VS_WHITE ? " w " : " b ");
  if (!pos->castling)
    g_string_append_c (s, '-');
  for (int k = 0; k < 4; k++)
    if (pos->castling & (1 << k))
      g_string_append_c (s, "KQkq"[k]);
  if (pos->ep == VS_NO_SQUARE)
    g_string_append (s, " -");
  else
    g_string_append_printf (s, " %c%d", 'a' + CH_FILE (pos->ep), CH_RANK (pos->ep) + 1);
  g_string_append_printf (s, " %u %u", pos->halfmove, pos->fullmove);
  return g_string_free (s, FALSE);
}

/* ---- Make / unmake --------------------------------------------------------- */


static void
ch_make (VsPosition *pos, VsMove m, VsUndo *u)
{
  ChPriv *p = PRIV (pos);
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  VsMoveKind kind = VS_MOVE_KIND (m);
  int us = pos->side;

  u->key = pos->key;
  u->move = m;
  u->halfmove = pos->halfmove;
  u->ep = pos->ep;
  u->castling = pos->castling;
  u->passes = pos->passes;
  u->extra[0] = EP_IN_KEY (pos);

  ChDone d;
  ch_apply (pos->board, p, m, &d);
  u->moved = d.moved;
  u->n_captured = d.n;
  memcpy (u->captured_sq, d.sq, d.n);
  memcpy (u->captured, d.pc, d.n);

  uint64_t key = pos->key ^ vs_zobrist_side;
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
  if (EP_IN_KEY (pos))
    key ^= vs_zobrist_ep[pos->ep];
  EP_IN_KEY (pos) = 0;
  pos->ep = VS_NO_SQUARE;
  pos->side = !us;
  if (VS_PIECE_TYPE (d.moved) == CH_P && (to - from == 20 || from - to == 20))
    {
      pos->ep = (from + to) / 2;
      /* only a possible en-passant capture is part of the key */
      VsPiece enemy_pawn = VS_MAKE_PIECE (!us, CH_P);
      if ((CH_FILE (to) > 0 && pos->board[to - 1] == enemy_pawn) ||
          (CH_FILE (to) < 9 && pos->board[to + 1] == enemy_pawn))
        {
          ChBoard cb;
          ch_board_from_pos (&cb, pos);
          if (ch_ep_capturable (&cb))
            {
              EP_IN_KEY (pos) = 1;
              key ^= vs_zobrist_ep[pos->ep];
            }
        }
    }
  pos->key = key;
  if (d.n > 0 || kind == VS_MOVE_PROMOTION)
    pos->halfmove = 0;
  else
    pos->halfmove++;
  if (us == VS_BLACK)
    pos->fullmove++;
}

static void
ch_make_null (VsPosition *pos, VsUndo *u)
{
  gboolean in_key = EP_IN_KEY (pos);
  vs_null_make_common (pos, u, in_key);
  u->extra[0] = in_key;
  EP_IN_KEY (pos) = 0;
}

static void
ch_unmake_null (VsPosition *pos, const VsUndo *u)
{
  vs_null_unmake_common (pos, u);
  EP_IN_KEY (pos) = u->extra[0];
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
  pos->side = !pos->side;
  if (pos->side == VS_BLACK)
    pos->fullmove--;
  pos->key = u->key;
  pos->halfmove = u->halfmove;
  pos->ep = u->ep;
  pos->castling = u->castling;
  pos->passes = u->passes;
  EP_IN_KEY (pos) = u->extra[0];
}

/* ---- Queries ---------------------------------------------------------------- */

static int
ch_generate_pos (const VsPosition *pos, VsGenType type, VsMove *out)
{
  ChBoard cb;
  ch_board_from_pos (&cb, pos);
  return ch_generate (&cb, type, out);
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
  .to_string = ch_to_string,
  .generate = ch_generate_pos,
  .count_legal = ch_count_legal,
  .make = ch_make,
  .unmake = ch_unmake,
  .make_null = ch_make_null,
  .unmake_null = ch_unmake_null,
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
