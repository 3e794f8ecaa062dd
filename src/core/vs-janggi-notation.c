/* vs-janggi-notation.c — Janggi moves as Korean players write them (issue 18).
 *
 * Korean coordinates are those of the gibo records (RULES.md §4.11): a point
 * is two digits, first the row counted from Han's side (1–9, 0 = row 10 =
 * Cho's back rank), then the file 1–9 from Cho's left; a move is
 * <from><piece><to>, e.g. 79졸78 (i4→h4).  Two scripts for the piece:
 *   VS_NOTATION_KOREAN        Hangul  궁 사 마 상 차 포 졸/병  (79졸78)
 *   VS_NOTATION_KOREAN_HANJA  Hanja   將 士 馬 象 車 包 卒/兵  (79卒78)
 * The soldier is 졸/卒 for Cho and 병/兵 for Han.  A pass is 한수쉼.
 * Both read back with the gibo reader (vs-janggi.c), which accepts every
 * spelling written here. */
#include "config.h"
#include "vs-janggi.h"

#include <glib/gi18n.h>

#define NFILES 9
#define NRANKS 10

static const char *const korean_hangul[2][8] = {
  { "", "궁", "사", "마", "상", "차", "포", "졸" },
  { "", "궁", "사", "마", "상", "차", "포", "병" },
};

static const char *const korean_hanja[2][8] = {
  { "", "將", "士", "馬", "象", "車", "包", "卒" },
  { "", "將", "士", "馬", "象", "車", "包", "兵" },
};

const VsNotationInfo vs_janggi_notations[VS_JANGGI_N_NOTATIONS] = {
  { "san", N_("Western algebraic (SAN)"), "Hc3", VS_NOTATION_SAN },
  { "korean-hangul", N_("Korean coordinates, Hangul pieces"), "79졸78", VS_NOTATION_KOREAN },
  { "korean-hanja", N_("Korean coordinates, Hanja pieces"), "79卒78", VS_NOTATION_KOREAN_HANJA },
};

static void
point (int sq, char out[3])
{
  out[0] = '0' + (NRANKS - sq / NFILES) % 10;
  out[1] = '1' + sq % NFILES;
  out[2] = '\0';
}

void
vs_janggi_write_korean (const VsPosition *pos, VsMove m, VsNotation n,
                        char out[VS_MOVE_TEXT_MAX])
{
  if (VS_MOVE_KIND (m) == VS_MOVE_PASS)
    {
      g_strlcpy (out, "한수쉼", VS_MOVE_TEXT_MAX);
      return;
    }
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  int type = VS_PIECE_TYPE (pos->board[from]);
  if (type < 1 || type > 7)
    type = 0;
  const char *const (*names)[8] = n == VS_NOTATION_KOREAN_HANJA ? korean_hanja : korean_hangul;
  char a[3], b[3];
  point (from, a);
  point (to, b);
  g_snprintf (out, VS_MOVE_TEXT_MAX, "%s%s%s", a, names[pos->side & 1][type], b);
}
