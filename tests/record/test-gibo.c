/* test-gibo.c — the gibo reader's error paths (exact line:column), its
 * encodings (CP949 and UTF-8, CRLF, stray 0xFF/0x1A bytes), 판 boards and
 * conversion to PGN and back. */
#include "config.h"
#include "vs-game-collection.h"
#include "vs-record.h"

#include <string.h>

static gboolean
ready (void)
{
  if (vs_variant_janggi_casual.generate && vs_variant_janggi_casual.write_move)
    return TRUE;
  g_test_fail_printf ("the Janggi rules module is missing");
  return FALSE;
}

static VsGameCollection *
read_gib (const char *data, gssize len, gboolean *ok, GError **error)
{
  VsRecordOptions opts = { .filename = "t.gib" };
  VsGameCollection *c = vs_game_collection_new ();
  *ok = vs_record_read_data (data, len, &opts, c, error);
  return c;
}

#define HEAD "[대회명 \"시험\"]\n[초차림 \"마상상마\"]\n[한차림 \"마상상마\"]\n\n"

typedef struct {
  const char *text;
  VsRecordErrorCode code;
  guint line, column;
  const char *offending;  /* prefix of the problem's text */
  guint plies;            /* plies kept in the game */
  guint ply;              /* ply of an illegal move, 0 if not one */
} Case;

static void
test_errors (void)
{
  if (!ready ())
    return;
  static const Case cases[] = {
    /* not a move: bad coordinates */
    { HEAD "1. 08마87 2. 12마33 3. 0X마87\n", VS_RECORD_ERROR_SYNTAX, 5, 22, "0X마87", 2, 0 },
    /* no piece on the starting point any more */
    { HEAD "1. 08마87 2. 12마33\n3. 08마87\n", VS_RECORD_ERROR_ILLEGAL_MOVE, 6, 4, "08마87", 2, 3 },
    /* the named piece is not the one standing there */
    { HEAD "1. 08상87\n", VS_RECORD_ERROR_ILLEGAL_MOVE, 5, 4, "08상87", 0, 1 },
    /* a legal-looking token that is not a legal move */
    { HEAD "1. 08마86\n", VS_RECORD_ERROR_ILLEGAL_MOVE, 5, 4, "08마86", 0, 1 },
    /* junk after the destination */
    { HEAD "1. 08마87xyz\n", VS_RECORD_ERROR_SYNTAX, 5, 4, "08마87xyz", 0, 0 },
    /* old coordinates: refused at the header, headers kept */
    { "[대회명 \"시험\"]\n[기보형식 \"구좌표\"]\n\n1. 7병17\n", VS_RECORD_ERROR_OLD_COORDINATES, 2, 8, "구좌표", 0, 0 },
    /* unknown setup */
    { "[대회명 \"시험\"]\n[초차림 \"마마마마\"]\n\n1. 08마87\n", VS_RECORD_ERROR_BAD_POSITION, 2, 7, "마마마마", 0, 0 },
    /* a 판 board with 9 ranks */
    { "[판 \"차마상사1사마상차/4장/1포5포/졸1졸1졸1졸1졸//兵1兵1兵1兵1兵/1包5包/4將/車馬象士1士馬象車 한\"]\n\n1. 08마87\n",
      VS_RECORD_ERROR_BAD_POSITION, 1, 5, "차마상사", 0, 0 },
    /* comment not closed */
    { HEAD "1. 08마87 {끝나지 않는\n설명\n", VS_RECORD_ERROR_SYNTAX, 5, 10, "{끝나지", 1, 0 },
    /* bad move time */
    { HEAD "1. 08마87 <12 2. 12마33\n", VS_RECORD_ERROR_SYNTAX, 5, 10, "<12", 1, 0 },
    /* pass while in check is illegal: Cho checks with the chariot, Han passes */
    { "[판 \"4장/차8/9/9/9/9/9/9/4將/9 초\"]\n\n1. 91차21 2. 한수쉼\n", VS_RECORD_ERROR_ILLEGAL_MOVE, 3, 13, "한수쉼", 1, 2 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const Case *k = &cases[i];
      gboolean ok;
      GError *error = NULL;
      g_autoptr (VsGameCollection) c = read_gib (k->text, -1, &ok, &error);
      if (ok)
        g_error ("case %u: no error", i);
      g_assert_error (error, VS_RECORD_ERROR, (int) k->code);
      g_autofree char *where = g_strdup_printf ("t.gib:%u:%u:", k->line, k->column);
      if (!g_str_has_prefix (error->message, where))
        g_error ("case %u: “%s” does not start with %s", i, error->message, where);
      g_clear_error (&error);
      VsRecordProblem *p = vs_game_collection_get_problems (c)->pdata[0];
      if (!g_str_has_prefix (p->text, k->offending))
        g_error ("case %u: offending text “%s”, expected “%s”", i, p->text, k->offending);
      if (k->code == VS_RECORD_ERROR_BAD_POSITION)
        {
          g_assert_cmpuint (vs_game_collection_get_n_games (c), ==, 0);
          continue;
        }
      g_assert_cmpuint (vs_game_collection_get_n_games (c), ==, 1);
      VsGame *g = vs_game_collection_get_game (c, 0);
      g_assert_cmpuint (vs_game_get_main_line_length (g), ==, k->plies);
      g_assert_nonnull (vs_game_get_header (g, vs_game_get_n_headers (g) ? vs_game_get_header_key (g, 0) : "?"));
      if (k->ply)
        {
          g_assert_cmpuint (p->ply, ==, k->ply);
          g_assert_nonnull (p->position);
          g_autofree char *needle = g_strdup_printf ("ply %u", k->ply);
          g_assert_nonnull (strstr (p->message, needle));
          g_assert_nonnull (strstr (p->message, p->position));
        }
      if (k->code == VS_RECORD_ERROR_OLD_COORDINATES)
        g_assert_nonnull (strstr (p->message, "old coordinate system not supported"));
    }
}

static void
test_bad_game_keeps_others (void)
{
  if (!ready ())
    return;
  const char *text =
    "[대회명 \"하나\"]\n\n1. 08마87 2. 12마33\n\n"
    "[대회명 \"둘\"]\n\n1. 08마87 2. 99마33\n\n"
    "[대회명 \"셋\"]\n[대국결과 \"한 완승\"]\n\n1. 08마87 2. 12마33 3. 01차91\n";
  gboolean ok;
  GError *error = NULL;
  g_autoptr (VsGameCollection) c = read_gib (text, -1, &ok, &error);
  g_assert_false (ok);
  g_assert_true (g_str_has_prefix (error->message, "t.gib:7:13:"));
  g_clear_error (&error);
  g_assert_cmpuint (vs_game_collection_get_n_games (c), ==, 3);
  g_assert_cmpuint (vs_game_get_main_line_length (vs_game_collection_get_game (c, 0)), ==, 2);
  g_assert_cmpuint (vs_game_get_main_line_length (vs_game_collection_get_game (c, 1)), ==, 1);
  VsGame *third = vs_game_collection_get_game (c, 2);
  g_assert_cmpuint (vs_game_get_main_line_length (third), ==, 3);
  g_assert_cmpint (vs_game_get_result (third), ==, VS_RESULT_BLACK_WINS);
  g_assert_cmpuint (((VsRecordProblem *) vs_game_collection_get_problems (c)->pdata[0])->game_index, ==, 1);
}

/* The same game as UTF-8 (LF) and as CP949 with CRLF and stray 0xFF/0x1A
 * bytes: the same game either way; token forms with sides, captures, 타,
 * 장군, Kakao letters, move times and a pass. */
static void
test_encodings (void)
{
  if (!ready ())
    return;
  const char *utf8 =
    "[대회명 \"인코딩 시험\"]\n[초차림 \"상마상마\"]\n[한차림 \"마상마상\"]\n[대국결과 \"무승부\"]\n\n"
    "{첫 수 전의 설명}\n"
    "1. 03초마84 <3> 2. 12漢馬33 <5> 3. 71楚卒72 4. 41한병51\n"
    "5. i3卒h3 6. 한수쉼 7. 02상74 {상이 나간다\n두 줄 설명} 8. 32포35\n";
  gboolean ok;
  GError *error = NULL;
  g_autoptr (VsGameCollection) a = read_gib (utf8, -1, &ok, &error);
  g_assert_no_error (error);
  g_assert_true (ok);
  VsGame *ga = vs_game_collection_get_game (a, 0);
  g_assert_cmpuint (vs_game_get_main_line_length (ga), ==, 8);
  g_assert_cmpint (vs_game_get_result (ga), ==, VS_RESULT_DRAW);
  g_assert_cmpstr (vs_game_node_get_comment_after (vs_game_get_root (ga)), ==, "첫 수 전의 설명");
  VsGameNode *first = vs_game_node_get_main_child (vs_game_get_root (ga));
  g_assert_cmpint (vs_game_node_get_emt (first), ==, 3000);
  g_assert_true (vs_game_get_variant (ga) == &vs_variant_janggi_casual);

  /* CP949, CRLF, with 0xFF and 0x1A thrown in */
  gsize len;
  g_autofree char *cp = g_convert (utf8, -1, "CP949", "UTF-8", NULL, &len, &error);
  g_assert_no_error (error);
  GString *dirty = g_string_new (NULL);
  for (gsize i = 0; i < len; i++)
    {
      if (cp[i] == '\n')
        g_string_append_c (dirty, '\r');
      g_string_append_c (dirty, cp[i]);
      if (cp[i] == ' ' && i % 7 == 0)
        g_string_append_c (dirty, '\xff');
    }
  g_string_append (dirty, "\x1a");
  g_autoptr (VsGameCollection) b = read_gib (dirty->str, dirty->len, &ok, &error);
  g_string_free (dirty, TRUE);
  g_assert_no_error (error);
  g_assert_true (ok);
  g_autofree char *why = NULL;
  if (!vs_game_equal (ga, vs_game_collection_get_game (b, 0), &why))
    g_error ("CP949 copy differs: %s", why);

  /* written as gibo (CP949 default) and read again */
  g_autoptr (GBytes) w = vs_record_write_collection (a, VS_RECORD_FORMAT_GIBO, VS_RECORD_ENCODING_AUTO, &error);
  g_assert_no_error (error);
  gsize wl;
  const char *wd = g_bytes_get_data (w, &wl);
  g_assert_nonnull (g_strstr_len (wd, wl, "\r\n"));
  g_autoptr (VsGameCollection) c = read_gib (wd, wl, &ok, &error);
  g_assert_no_error (error);
  if (!vs_game_equal (ga, vs_game_collection_get_game (c, 0), &why))
    g_error ("gibo round trip differs: %s", why);

  /* converted to PGN (Janggi SAN, [Variant], [FEN]) and back */
  g_autofree char *pgn = vs_pgn_write_game (ga);
  g_assert_nonnull (strstr (pgn, "[Variant \"janggicasual\"]"));
  g_assert_nonnull (strstr (pgn, "[FEN \""));
  g_assert_nonnull (strstr (pgn, "[Event \"인코딩 시험\"]"));
  g_autoptr (VsGameCollection) d = vs_game_collection_new ();
  g_assert_true (vs_record_read_data (pgn, -1, NULL, d, &error));
  g_assert_no_error (error);
  VsGame *gd = vs_game_collection_get_game (d, 0);
  g_assert_cmpuint (vs_game_get_main_line_length (gd), ==, 8);
  g_assert_cmpstr (vs_game_get_start_fen (gd), ==, vs_game_get_start_fen (ga));
  g_autofree char *fd = vs_game_node_fen (vs_game_get_main_line_end (gd));
  g_autofree char *fa = vs_game_node_fen (vs_game_get_main_line_end (ga));
  g_assert_cmpstr (fd, ==, fa);
}

static void
test_board_header (void)
{
  if (!ready ())
    return;
  /* 판: rank 1 first, Cho in Hangul, Han in Hanja, then the side to move */
  const char *text =
    "[대회명 \"접장기\"]\n[판 \"차마상사1사마상차/4장/1포5포/졸1졸1졸1졸1졸///兵1兵1兵1兵1兵/7包/4將/車馬象士1士馬象車 한 접장기\"]\n\n"
    "1. 43兵53 2. 79졸78\n";
  gboolean ok;
  GError *error = NULL;
  g_autoptr (VsGameCollection) c = read_gib (text, -1, &ok, &error);
  g_assert_no_error (error);
  VsGame *g = vs_game_collection_get_game (c, 0);
  g_assert_cmpstr (vs_game_get_start_fen (g), ==,
                   "rnba1anbr/4k4/7c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ANBR b - - 0 1");
  g_assert_cmpuint (vs_game_get_main_line_length (g), ==, 2);
  /* written back with the same 판 */
  g_autofree char *gib = vs_gibo_write_game (g, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (gib, "[판 \"차마상사1사마상차/"));
  /* a non-standard start without a 판 gets one written */
  g_autoptr (VsGame) h = vs_game_new (&vs_variant_janggi_casual, "4k4/9/9/9/9/9/9/9/4K4/4R4 w - - 0 1", &error);
  g_assert_no_error (error);
  g_autofree char *hg = vs_gibo_write_game (h, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (hg, "[판 \"4차4/4장4/9/9/9/9/9/9/9/4將4 초\"]"));
  g_autoptr (VsGameCollection) back = read_gib (hg, -1, &ok, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (vs_game_get_start_fen (vs_game_collection_get_game (back, 0)), ==, vs_game_get_start_fen (h));
}

/* Issue 18: Kings written with the Hangul readings of 楚/漢 (초/한) were
 * refused with "not a gibo move: no piece name". */
static void
test_hangul_king (void)
{
  if (!ready ())
    return;
  const char *text = HEAD "1. 95초05 2. 25한24 3. 05초95 4. 24한25\n";
  gboolean ok;
  GError *error = NULL;
  g_autoptr (VsGameCollection) c = read_gib (text, -1, &ok, &error);
  g_assert_no_error (error);
  g_assert_true (ok);
  VsGame *g = vs_game_collection_get_game (c, 0);
  g_assert_cmpuint (vs_game_get_main_line_length (g), ==, 4);
  /* a side prefix before them reads too */
  g_autoptr (VsGameCollection) d = read_gib (HEAD "1. 95초초05 2. 25한한24\n", -1, &ok, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (vs_game_get_main_line_length (vs_game_collection_get_game (d, 0)), ==, 2);
}

/* Issue 18: with several problems the reader's error named the count and
 * the window named it again: "(and 3 more problems)" twice.  The error is
 * the first problem alone; the count is the problems list's. */
static void
test_problem_count_once (void)
{
  if (!ready ())
    return;
  const char *text =
    "[대회명 \"하나\"]\n\n1. 0X마87\n\n"
    "[대회명 \"둘\"]\n\n1. 0X마87\n\n"
    "[대회명 \"셋\"]\n\n1. 0X마87\n\n"
    "[대회명 \"넷\"]\n\n1. 0X마87\n";
  gboolean ok;
  GError *error = NULL;
  g_autoptr (VsGameCollection) c = read_gib (text, -1, &ok, &error);
  g_assert_false (ok);
  g_assert_cmpuint (vs_game_collection_get_problems (c)->len, ==, 4);
  VsRecordProblem *p = vs_game_collection_get_problems (c)->pdata[0];
  g_assert_cmpstr (error->message, ==, p->message);
  g_assert_null (strstr (error->message, "more problem"));
  g_clear_error (&error);
}

/* Issue 18: saving as gibo kept a stale [총수] after edits and dropped
 * arrows and highlights without a word. */
static void
test_write_ply_count_and_shapes (void)
{
  if (!ready ())
    return;
  const char *text = "[대회명 \"시험\"]\n[총수 \"99\"]\n\n1. 08마87 2. 12마33 {설명} 3. 02마83 4. 18마37\n";
  gboolean ok;
  GError *error = NULL;
  g_autoptr (VsGameCollection) c = read_gib (text, -1, &ok, &error);
  g_assert_no_error (error);
  VsGame *g = vs_game_collection_get_game (c, 0);
  VsGameNode *first = vs_game_node_get_main_child (vs_game_get_root (g));
  VsGameNode *second = vs_game_node_get_main_child (first);
  vs_game_truncate_after (g, second);
  g_assert_cmpuint (vs_game_get_main_line_length (g), ==, 2);
  const VsVariant *v = vs_game_get_variant (g);
  VsShape shapes[2] = {
    { .from = vs_square_parse (&v->geom, "h1", NULL), .to = vs_square_parse (&v->geom, "g3", NULL), .color = 'G' },
    { .from = vs_square_parse (&v->geom, "e2", NULL), .to = vs_square_parse (&v->geom, "e2", NULL), .color = 'R' },
  };
  vs_game_node_set_shapes (g, first, shapes, 2);
  vs_game_node_set_shapes (g, second, shapes, 1);
  g_autofree char *gib = vs_gibo_write_game (g, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (gib, "[총수 \"2\"]"));
  g_assert_null (strstr (gib, "99"));
  g_assert_nonnull (strstr (gib, "{[%cal Gh1g3] [%csl Re2]}"));
  g_assert_nonnull (strstr (gib, "{설명 [%cal Gh1g3]}"));
  g_autoptr (VsGameCollection) back = read_gib (gib, -1, &ok, &error);
  g_assert_no_error (error);
  VsGame *b = vs_game_collection_get_game (back, 0);
  VsGameNode *bf = vs_game_node_get_main_child (vs_game_get_root (b));
  const VsShape *got;
  g_assert_cmpuint (vs_game_node_get_shapes (bf, &got), ==, 2);
  g_assert_cmpint (got[0].from, ==, shapes[0].from);
  g_assert_cmpint (got[1].color, ==, 'R');
  g_assert_null (vs_game_node_get_comment_after (bf));
  g_assert_cmpstr (vs_game_node_get_comment_after (vs_game_node_get_main_child (bf)), ==, "설명");
}

/* Issue 18: a commented gibo (a real one, tests/record/data/) converted to
 * PGN and back to gibo, as "variant-study-cli convert" does, keeps every
 * move, comment and header. */
static void
test_commented_round_trip (void)
{
  if (!ready ())
    return;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "pobsiz-1937-maeil-pan-comments.gib", NULL);
  GError *error = NULL;
  g_autofree char *data = NULL;
  gsize dl;
  g_assert_true (g_file_get_contents (path, &data, &dl, &error));
  gboolean ok;
  g_autoptr (VsGameCollection) a = read_gib (data, dl, &ok, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (vs_game_collection_get_n_games (a), >, 0);
  g_autoptr (GBytes) pgn = vs_record_write_collection (a, VS_RECORD_FORMAT_PGN, VS_RECORD_ENCODING_AUTO, &error);
  g_assert_no_error (error);
  gsize pl;
  const char *pd = g_bytes_get_data (pgn, &pl);
  g_assert_cmpint (vs_record_detect_format (pd, pl, "x.pgn"), ==, VS_RECORD_FORMAT_PGN);
  g_autoptr (VsGameCollection) b = vs_game_collection_new ();
  g_assert_true (vs_record_read_data (pd, pl, NULL, b, &error));
  g_assert_no_error (error);
  g_autoptr (GBytes) gib = vs_record_write_collection (b, VS_RECORD_FORMAT_GIBO, VS_RECORD_ENCODING_AUTO, &error);
  g_assert_no_error (error);
  gsize gl;
  const char *gd = g_bytes_get_data (gib, &gl);
  g_autoptr (VsGameCollection) c = read_gib (gd, gl, &ok, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (vs_game_collection_get_n_games (c), ==, vs_game_collection_get_n_games (a));
  guint n_comments = 0;
  for (guint i = 0; i < vs_game_collection_get_n_games (a); i++)
    {
      VsGame *ga = vs_game_collection_get_game (a, i), *gc = vs_game_collection_get_game (c, i);
      g_assert_cmpuint (vs_game_get_main_line_length (gc), ==, vs_game_get_main_line_length (ga));
      for (VsGameNode *x = vs_game_get_root (ga), *y = vs_game_get_root (gc); x;
           x = vs_game_node_get_main_child (x), y = vs_game_node_get_main_child (y))
        {
          g_assert_nonnull (y);
          g_assert_cmpstr (vs_game_node_get_san (x), ==, vs_game_node_get_san (y));
          g_assert_cmpstr (vs_game_node_get_comment_after (x), ==, vs_game_node_get_comment_after (y));
          n_comments += vs_game_node_get_comment_after (x) != NULL;
        }
      for (guint h = 0; h < vs_game_get_n_headers (ga); h++)
        {
          const char *k = vs_game_get_header_key (ga, h);
          if (strcmp (k, "Result") == 0)
            continue;
          if (g_strcmp0 (vs_game_get_header (gc, k), vs_game_get_header_value (ga, h)) != 0)
            g_error ("game %u: header %s “%s” became “%s”", i, k, vs_game_get_header_value (ga, h),
                     vs_game_get_header (gc, k));
        }
    }
  g_assert_cmpuint (n_comments, >, 1);
}

/* Issue 18: a move after two passes at the start was reported as illegal
 * without saying the game was already over. */
static void
test_move_after_double_pass (void)
{
  if (!ready ())
    return;
  gboolean ok;
  GError *error = NULL;
  g_autoptr (VsGameCollection) c = read_gib (HEAD "1. 한수쉼 2. 한수쉼 3. 08마87\n", -1, &ok, &error);
  g_assert_false (ok);
  g_assert_error (error, VS_RECORD_ERROR, VS_RECORD_ERROR_ILLEGAL_MOVE);
  g_assert_nonnull (strstr (error->message, "the game was already over"));
  g_clear_error (&error);
  g_assert_cmpuint (vs_game_get_main_line_length (vs_game_collection_get_game (c, 0)), ==, 2);
}

/* Issue 18: a checkmated game whose record gives no result gets the one
 * the final position decides (Janggi and Crazyhouse). */
static void
test_derived_result (void)
{
  if (!ready ())
    return;
  struct { const char *pgn; VsResult want; } cases[] = {
    { "[Variant \"janggi\"]\n[SetUp \"1\"]\n[FEN \"3k5/R8/9/9/9/9/9/9/4K4/8R w - - 0 1\"]\n[Result \"*\"]\n\n1. i1i10 *\n",
      VS_RESULT_WHITE_WINS },
    { "[Variant \"Crazyhouse\"]\n\n1. f3 e5 2. g4 Qh4# *\n", VS_RESULT_BLACK_WINS },
    /* not mate: nothing derived */
    { "[Variant \"Crazyhouse\"]\n\n1. f3 e5 *\n", VS_RESULT_NONE },
    /* a recorded result wins */
    { "[Variant \"Crazyhouse\"]\n[Result \"1/2-1/2\"]\n\n1. f3 e5 2. g4 Qh4# 1/2-1/2\n", VS_RESULT_DRAW },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      if (i > 0 && !vs_variant_crazyhouse.generate)
        break;
      GError *error = NULL;
      g_autoptr (VsGameCollection) c = vs_game_collection_new ();
      g_assert_true (vs_record_read_data (cases[i].pgn, -1, NULL, c, &error));
      g_assert_no_error (error);
      VsGame *g = vs_game_collection_get_game (c, 0);
      if (cases[i].want != VS_RESULT_DRAW)
        g_assert_cmpint (vs_game_get_result (g), ==, VS_RESULT_NONE);
      if (vs_game_get_derived_result (g) != cases[i].want)
        g_error ("case %u: derived result %d, expected %d", i, vs_game_get_derived_result (g), cases[i].want);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/record/gibo/errors", test_errors);
  g_test_add_func ("/record/gibo/bad-game-keeps-others", test_bad_game_keeps_others);
  g_test_add_func ("/record/gibo/encodings", test_encodings);
  g_test_add_func ("/record/gibo/board-header", test_board_header);
  g_test_add_func ("/record/gibo/hangul-king", test_hangul_king);
  g_test_add_func ("/record/gibo/problem-count-once", test_problem_count_once);
  g_test_add_func ("/record/gibo/write-ply-count-and-shapes", test_write_ply_count_and_shapes);
  g_test_add_func ("/record/gibo/commented-round-trip", test_commented_round_trip);
  g_test_add_func ("/record/gibo/move-after-double-pass", test_move_after_double_pass);
  g_test_add_func ("/record/gibo/derived-result", test_derived_result);
  return g_test_run ();
}
