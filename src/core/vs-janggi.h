/* vs-janggi.h — Janggi-specific API beside the common variant interface.
 *
 * The rules themselves are reached through vs_variant_janggi and
 * vs_variant_janggi_casual (vs-variant.h).  This header adds what only Janggi
 * has: the four setups (차림) of horses and elephants, the piece glyphs per
 * side, and the rule-set option bit.
 */
#pragma once

#include "vs-variant.h"

G_BEGIN_DECLS

/* Notations (vs_move_write / vs_move_parse):
 *  UCI   h1g3, a10a9; a pass is the King's own point twice (e2e2).
 *  SAN   Hc3, Pab4, Ade1, Cfxf10, Rd2+; a pass is K + the King's point (Ke2).
 *        Read also: N/B for horse/elephant, a soldier without P, UCI forms,
 *        @@@@ / 0000 / pass.
 *  GIBO  written 79卒78 (Hanja; soldiers 卒 for Cho, 兵 for Han; both Kings
 *        將); a pass is 한수쉼.  Read also: Hangul pieces, 楚/漢/초/한 side
 *        prefixes (71楚卒72, 79초졸78), 楚/漢 alone for the King, captured
 *        piece / 타 / 장군 suffixes (warned if the captured piece is wrong),
 *        Kakao points (i3卒h3). */

/* Piece types of the Janggi module (VS_PIECE_TYPE values). */
enum {
  VS_JANGGI_KING = 1,     /* 궁 (초/한), K                */
  VS_JANGGI_GUARD,        /* 사, A                        */
  VS_JANGGI_HORSE,        /* 마, N (records: H)           */
  VS_JANGGI_ELEPHANT,     /* 상, B (records: E)           */
  VS_JANGGI_CHARIOT,      /* 차, R                        */
  VS_JANGGI_CANNON,       /* 포, C                        */
  VS_JANGGI_SOLDIER,      /* 졸/병, P                     */
};

/* Issue 18: the display notations Janggi offers (Western SAN first, the
 * default; then Korean coordinates with Hangul, with Hanja pieces), and
 * the writer of the two Korean ones (vs-janggi-notation.c).  Core-internal:
 * above src/core use vs_move_write and VsVariant.display_notations. */
#define VS_JANGGI_N_NOTATIONS 3
extern const VsNotationInfo vs_janggi_notations[VS_JANGGI_N_NOTATIONS];
void vs_janggi_write_korean (const VsPosition *pos, VsMove m, VsNotation n,
                             char out[VS_MOVE_TEXT_MAX]);

/* VsPosition.options bit: the bikjang rule is in force (set for "janggi",
 * clear for "janggi-casual"). */
#define VS_JANGGI_OPTION_BIKJANG 0x1u

/* Setups (차림): the order of horses (마) and elephants (상) on files b, c,
 * g, h, read left to right from Cho's side — for both sides. */
typedef enum {
  VS_JANGGI_SETUP_MSMS = 0,  /* 마상마상 */
  VS_JANGGI_SETUP_SMSM,      /* 상마상마 */
  VS_JANGGI_SETUP_MSSM,      /* 마상상마 (the default) */
  VS_JANGGI_SETUP_SMMS,      /* 상마마상 */
  VS_JANGGI_N_SETUPS
} VsJanggiSetup;

#define VS_JANGGI_SETUP_DEFAULT VS_JANGGI_SETUP_MSSM

/* The start position string for the two setups (newly allocated), or NULL if
 * either index is out of range.  (VS_JANGGI_SETUP_DEFAULT,
 * VS_JANGGI_SETUP_DEFAULT) gives the variants' start_fen. */
char       *vs_janggi_start_fen      (int cho_setup, int han_setup);

/* "마상상마" (UTF-8, never translated). */
const char *vs_janggi_setup_korean   (int setup);
/* English display name, translated ("Horse-Elephant-Elephant-Horse"). */
const char *vs_janggi_setup_name     (int setup);

/* Reads a setup name: Korean (마상상마, also with spaces), Hanja (馬象象馬),
 * letters (HEEH or NBBN, any case) or the untranslated English name.
 * Returns the VsJanggiSetup, or -1 if the text names no setup. */
int         vs_janggi_setup_parse    (const char *text);

/* Reads a gibo header: key 초차림/한차림 (older 초포진/한포진).  Returns the
 * setup and sets *color (VS_WHITE for Cho, VS_BLACK for Han), or returns -1
 * if the key is not a setup header or the value names no setup. */
int         vs_janggi_setup_from_header (const char *key, const char *value, int *color);

/* Which setups a position has (for writing 초차림/한차림): sets *cho_setup
 * and *han_setup to a VsJanggiSetup or -1 where files b, c, g, h of that
 * side's back rank do not hold one of the four arrangements. */
void        vs_janggi_position_setups (const VsPosition *pos, int *cho_setup, int *han_setup);

/* The piece's Hanja for piece art, by side: 楚/漢 for the Kings, 卒/兵 for
 * the soldiers, 士 馬 象 車 包 otherwise.  "" for an empty square. */
const char *vs_janggi_piece_glyph    (VsPiece piece);

/* TRUE if the two Kings face each other on a file with nothing between. */
gboolean    vs_janggi_kings_facing   (const VsPosition *pos);

G_END_DECLS
