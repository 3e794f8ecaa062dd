/* test-pgn-syntax.c — the PGN reader and writer on a toy variant (no rules
 * module needed): comments, NAGs, glyphs, variations, clocks, evaluations,
 * shapes, headers; exact round trips; error positions (line:column). */
#include "config.h"
#include "vs-game-collection.h"
#include "vs-record.h"
#include "vs-toy-variant.h"

#include <string.h>

static VsGameCollection *
read_text (const char *text, gboolean expect_ok, GError **error_out)
{
  VsRecordOptions opts = { .format = VS_RECORD_FORMAT_PGN, .variant = &toy_variant, .filename = "t.pgn" };
  VsGameCollection *c = vs_game_collection_new ();
  GError *error = NULL;
  gboolean ok = vs_record_read_data (text, -1, &opts, c, &error);
  if (expect_ok)
    {
      g_assert_no_error (error);
      g_assert_true (ok);
    }
  else
    {
      g_assert_false (ok);
      g_assert_nonnull (error);
    }
  if (error_out)
    *error_out = error;
  else
    g_clear_error (&error);
  return c;
}

static const char rich[] =
  "[Event \"Test \\\"quoted\\\"\"]\n"
  "[Site \"here\"]\n"
  "[Result \"1-0\"]\n"
  "[Annotator \"me\"]\n"
  "\n"
  "{ Intro } 1. a { first [%clk 0:01:00] [%eval 0.15] } 1... b! (1... c $14 { alt [%cal Ga1b2,Rc3c4] [%csl Ye5] }\n"
  "2. a (2. b?? { inner }) 2... c) 2. a?! $18 { [%clk 1:00:59.5] [%eval #-3] } b\n"
  "(2... a { [%emt 0:00:08] [%unknown keep me] } ( { before } 2... c ) ) 3. c 1-0\n";

static void
test_rich_round_trip (void)
{
  g_autoptr (VsGameCollection) c1 = read_text (rich, TRUE, NULL);
  g_assert_cmpuint (vs_game_collection_get_n_games (c1), ==, 1);
  VsGame *g = vs_game_collection_get_game (c1, 0);
  g_assert_cmpstr (vs_game_get_header (g, "Event"), ==, "Test \"quoted\"");
  g_assert_cmpint (vs_game_get_result (g), ==, VS_RESULT_WHITE_WINS);
  VsGameNode *root = vs_game_get_root (g);
  g_assert_cmpstr (vs_game_node_get_comment_after (root), ==, "Intro");
  VsGameNode *a1 = vs_game_node_get_main_child (root);
  g_assert_cmpstr (vs_game_node_get_san (a1), ==, "a");
  g_assert_cmpstr (vs_game_node_get_comment_after (a1), ==, "first");
  g_assert_cmpint (vs_game_node_get_clock (a1), ==, 60000);
  VsEval e = vs_game_node_get_eval (a1);
  g_assert_cmpint (e.kind, ==, VS_EVAL_CP);
  g_assert_cmpint (e.value, ==, 15);
  g_assert_cmpuint (vs_game_node_get_n_children (a1), ==, 2);
  VsGameNode *b1 = vs_game_node_get_main_child (a1);
  g_assert_true (vs_game_node_has_nag (b1, VS_NAG_GOOD));
  VsGameNode *c1v = vs_game_node_get_child (a1, 1);
  g_assert_cmpstr (vs_game_node_get_san (c1v), ==, "c");
  g_assert_true (vs_game_node_has_nag (c1v, 14));
  g_assert_cmpstr (vs_game_node_get_comment_after (c1v), ==, "alt");
  const VsShape *shapes;
  g_assert_cmpuint (vs_game_node_get_shapes (c1v, &shapes), ==, 3);
  g_assert_cmpint (shapes[0].color, ==, 'G');
  g_assert_cmpuint (shapes[0].from, ==, 0);     /* a1 */
  g_assert_cmpuint (shapes[0].to, ==, 9);       /* b2 */
  g_assert_cmpuint (shapes[2].from, ==, shapes[2].to);
  /* nested variation inside the variation */
  VsGameNode *a2v = vs_game_node_get_main_child (c1v);
  g_assert_cmpuint (vs_game_node_get_n_children (c1v), ==, 2);
  g_assert_cmpstr (vs_game_node_get_comment_after (vs_game_node_get_child (c1v, 1)), ==, "inner");
  g_assert_true (vs_game_node_has_nag (vs_game_node_get_child (c1v, 1), VS_NAG_BLUNDER));
  g_assert_cmpstr (vs_game_node_get_san (vs_game_node_get_main_child (a2v)), ==, "c");
  /* main line: a b a b c */
  VsGameNode *a2 = vs_game_node_get_main_child (b1);
  g_assert_true (vs_game_node_has_nag (a2, VS_NAG_DUBIOUS));
  g_assert_true (vs_game_node_has_nag (a2, 18));
  g_assert_cmpint (vs_game_node_get_clock (a2), ==, 3659500);
  g_assert_cmpint (vs_game_node_get_eval (a2).kind, ==, VS_EVAL_MATE);
  g_assert_cmpint (vs_game_node_get_eval (a2).value, ==, -3);
  VsGameNode *alt = vs_game_node_get_child (a2, 1);
  g_assert_cmpint (vs_game_node_get_emt (alt), ==, 8000);
  g_assert_cmpstr (vs_game_node_get_comment_after (alt), ==, "[%unknown keep me]");
  g_assert_cmpstr (vs_game_node_get_comment_before (vs_game_node_get_child (a2, 2)), ==, "before");
  g_assert_cmpuint (vs_game_get_main_line_length (g), ==, 5);

  g_autofree char *w1 = vs_pgn_write_game (g);
  g_autoptr (VsGameCollection) c2 = read_text (w1, TRUE, NULL);
  VsGame *g2 = vs_game_collection_get_game (c2, 0);
  g_autofree char *why = NULL;
  /* the writer adds [Variant "Toy"]: compare the trees, then the rest */
  g_autoptr (VsGame) g2c = vs_game_copy (g2);
  vs_game_set_header (g2c, "Variant", NULL);
  if (!vs_game_equal (g, g2c, &why))
    g_error ("round trip differs: %s\n%s", why, w1);
  g_autofree char *w2 = vs_pgn_write_game (g2);
  g_assert_cmpstr (w1, ==, w2);
}

/* Comment text that holds "[%" — a stray opening, or a command the node
 * already has kept as text — never swallows the node's own commands, on
 * the first read or after a write. */
static const char stray[] =
  "1. a { see [%x [%eval 0.30] [%clk 0:01:00] } 1... b { a [% b } { [%eval 1.0] }\n"
  "2. c { [%eval -0.5] [%eval 0.25] [%cal Ga1b2 } *\n";

static void
test_command_like_text (void)
{
  g_autoptr (VsGameCollection) c1 = read_text (stray, TRUE, NULL);
  VsGame *g = vs_game_collection_get_game (c1, 0);
  VsGameNode *a1 = vs_game_node_get_main_child (vs_game_get_root (g));
  g_assert_cmpstr (vs_game_node_get_comment_after (a1), ==, "see [%x");
  g_assert_cmpint (vs_game_node_get_eval (a1).kind, ==, VS_EVAL_CP);
  g_assert_cmpint (vs_game_node_get_eval (a1).value, ==, 30);
  g_assert_cmpint (vs_game_node_get_clock (a1), ==, 60000);
  VsGameNode *b1 = vs_game_node_get_main_child (a1);
  g_assert_cmpstr (vs_game_node_get_comment_after (b1), ==, "a [% b");
  g_assert_cmpint (vs_game_node_get_eval (b1).value, ==, 100);
  VsGameNode *c2 = vs_game_node_get_main_child (b1);
  g_assert_cmpint (vs_game_node_get_eval (c2).value, ==, -50);
  g_assert_cmpstr (vs_game_node_get_comment_after (c2), ==, "[%eval 0.25] [%cal Ga1b2");

  for (int round = 0; round < 2; round++)
    {
      g_autofree char *w1 = vs_pgn_write_game (g);
      g_autoptr (VsGameCollection) c2c = read_text (w1, TRUE, NULL);
      g_autoptr (VsGame) g2 = vs_game_copy (vs_game_collection_get_game (c2c, 0));
      g_autofree char *w2 = vs_pgn_write_game (g2);
      vs_game_set_header (g2, "Variant", NULL);
      g_autofree char *why = NULL;
      if (!vs_game_equal (g, g2, &why))
        g_error ("round trip differs: %s\n%s", why, w1);
      g_assert_cmpstr (w1, ==, w2);
    }
}

/* A rest-of-line comment may hold "}": it is written back as one. */
static void
test_brace_in_comment (void)
{
  static const char text[] = "1. a ; see {this} and } that\n1... b { [%clk 0:00:05] } ; x}\n*\n";
  g_autoptr (VsGameCollection) c1 = read_text (text, TRUE, NULL);
  VsGame *g = vs_game_collection_get_game (c1, 0);
  VsGameNode *a1 = vs_game_node_get_main_child (vs_game_get_root (g));
  g_assert_cmpstr (vs_game_node_get_comment_after (a1), ==, "see {this} and } that");
  VsGameNode *b1 = vs_game_node_get_main_child (a1);
  g_assert_cmpstr (vs_game_node_get_comment_after (b1), ==, "x}");
  g_assert_cmpint (vs_game_node_get_clock (b1), ==, 5000);
  g_autofree char *w1 = vs_pgn_write_game (g);
  g_assert_nonnull (strstr (w1, "; see {this} and } that\n"));
  g_autoptr (VsGameCollection) c2 = read_text (w1, TRUE, NULL);
  g_autoptr (VsGame) g2 = vs_game_copy (vs_game_collection_get_game (c2, 0));
  g_autofree char *w2 = vs_pgn_write_game (g2);
  g_assert_cmpstr (w1, ==, w2);
  vs_game_set_header (g2, "Variant", NULL);
  g_autofree char *why = NULL;
  if (!vs_game_equal (g, g2, &why))
    g_error ("round trip differs: %s\n%s", why, w1);
}

typedef struct {
  const char *text;
  VsRecordErrorCode code;
  guint line, column;
  const char *offending;
  guint games;          /* games delivered */
  guint plies_game0;    /* main-line plies kept in the first game */
} ErrorCase;

static void
test_errors (void)
{
  static const ErrorCase cases[] = {
    /* unterminated comment */
    { "[Event \"e\"]\n\n1. a b 2. c {oops\n", VS_RECORD_ERROR_SYNTAX, 3, 13, "{oops", 1, 3 },
    /* illegal move after two good ones */
    { "[Event \"e\"]\n\n1. a b\n2. d c\n", VS_RECORD_ERROR_ILLEGAL_MOVE, 4, 4, "d", 1, 2 },
    /* closing parenthesis without opening */
    { "[Event \"e\"]\n\n1. a ) b\n", VS_RECORD_ERROR_SYNTAX, 3, 6, ")", 1, 1 },
    /* variation before any move */
    { "[Event \"e\"]\n\n(1. a) 1. b\n", VS_RECORD_ERROR_SYNTAX, 3, 1, "(", 1, 0 },
    /* header without closing quote: the game keeps its good headers, no moves */
    { "[Event \"e\"]\n[Site \"x]\n\n1. a\n", VS_RECORD_ERROR_SYNTAX, 2, 7, "\"x]", 1, 0 },
    /* bad NAG */
    { "[Event \"e\"]\n\n1. a $x\n", VS_RECORD_ERROR_SYNTAX, 3, 6, "$x", 1, 1 },
    /* a control character glued to a move (fuzz-record found a NUL read as
     * part of "Nh3!"): the move before it is kept, the character reported */
    { "[Event \"e\"]\n\n1. a b\x1b c\n", VS_RECORD_ERROR_SYNTAX, 3, 7, "\x1b", 1, 2 },
    /* unknown variant */
    { "[Variant \"Xiangqi\"]\n\n1. a\n", VS_RECORD_ERROR_UNKNOWN_VARIANT, 1, 11, "Xiangqi", 0, 0 },
    /* bad start position */
    { "[FEN \"abz\"]\n\n1. a\n", VS_RECORD_ERROR_BAD_POSITION, 1, 7, "abz", 0, 0 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const ErrorCase *k = &cases[i];
      GError *error = NULL;
      g_autoptr (VsGameCollection) c = read_text (k->text, FALSE, &error);
      g_assert_error (error, VS_RECORD_ERROR, (int) k->code);
      g_autofree char *where = g_strdup_printf ("t.pgn:%u:%u:", k->line, k->column);
      if (!g_str_has_prefix (error->message, where))
        g_error ("case %u: “%s” does not start with %s", i, error->message, where);
      g_clear_error (&error);
      GPtrArray *problems = vs_game_collection_get_problems (c);
      g_assert_cmpuint (problems->len, ==, 1);
      VsRecordProblem *p = problems->pdata[0];
      g_assert_cmpuint (p->line, ==, k->line);
      g_assert_cmpuint (p->column, ==, k->column);
      if (!g_str_has_prefix (p->text, k->offending))
        g_error ("case %u: offending text “%s”, expected “%s”", i, p->text, k->offending);
      g_assert_cmpuint (vs_game_collection_get_n_games (c), ==, k->games);
      if (k->games)
        g_assert_cmpuint (vs_game_get_main_line_length (vs_game_collection_get_game (c, 0)), ==, k->plies_game0);
      if (k->code == VS_RECORD_ERROR_ILLEGAL_MOVE)
        {
          g_assert_cmpuint (p->move_number, ==, 2);
          g_assert_cmpuint (p->ply, ==, 3);
          g_assert_cmpstr (p->position, ==, "ab");
          g_assert_nonnull (strstr (p->message, "2."));
          g_assert_nonnull (strstr (p->message, "ab"));
        }
    }
}

static void
test_bad_game_keeps_others (void)
{
  const char *text =
    "[Event \"one\"]\n\n1. a b 1-0\n\n"
    "[Event \"two\"]\n\n1. a z 0-1\n\n"
    "[Event \"three\"]\n\n1. c { done } *\n";
  GError *error = NULL;
  g_autoptr (VsGameCollection) c = read_text (text, FALSE, &error);
  g_assert_error (error, VS_RECORD_ERROR, VS_RECORD_ERROR_ILLEGAL_MOVE);
  g_assert_true (g_str_has_prefix (error->message, "t.pgn:7:6:"));
  g_clear_error (&error);
  g_assert_cmpuint (vs_game_collection_get_n_games (c), ==, 3);
  g_assert_cmpstr (vs_game_get_header (vs_game_collection_get_game (c, 2), "Event"), ==, "three");
  g_assert_cmpuint (vs_game_get_main_line_length (vs_game_collection_get_game (c, 0)), ==, 2);
  g_assert_cmpuint (vs_game_get_main_line_length (vs_game_collection_get_game (c, 1)), ==, 1);
  g_assert_cmpuint (vs_game_get_main_line_length (vs_game_collection_get_game (c, 2)), ==, 1);
  VsRecordProblem *p = vs_game_collection_get_problems (c)->pdata[0];
  g_assert_cmpuint (p->game_index, ==, 1);
  g_assert_true (vs_game_collection_get_game_problem (c, 1) == p);
  g_assert_null (vs_game_collection_get_game_problem (c, 0));
  g_assert_null (vs_game_collection_get_game_problem (c, 2));
}

/* A game that cannot be read at all (unknown variant) is not in the
 * collection; the problem keeps its index in the file. */
static void
test_unreadable_game (void)
{
  const char *text =
    "[Event \"one\"]\n\n1. a *\n\n"
    "[Event \"two\"]\n[Variant \"Xiangqi\"]\n\n1. a *\n\n"
    "[Event \"three\"]\n\n1. a b *\n";
  GError *error = NULL;
  g_autoptr (VsGameCollection) c = read_text (text, FALSE, &error);
  g_assert_error (error, VS_RECORD_ERROR, VS_RECORD_ERROR_UNKNOWN_VARIANT);
  g_clear_error (&error);
  g_assert_cmpuint (vs_game_collection_get_n_games (c), ==, 2);
  g_assert_cmpstr (vs_game_get_header (vs_game_collection_get_game (c, 1), "Event"), ==, "three");
  VsRecordProblem *p = vs_game_collection_get_problems (c)->pdata[0];
  g_assert_cmpuint (p->game_index, ==, 1);
  g_assert_null (vs_game_collection_get_game_problem (c, 0));
  g_assert_null (vs_game_collection_get_game_problem (c, 1));
}

static void
test_detect (void)
{
  g_assert_cmpint (vs_record_detect_format ("[Event \"x\"]\n", 12, NULL), ==, VS_RECORD_FORMAT_PGN);
  g_assert_cmpint (vs_record_detect_format ("\xef\xbb\xbf  [Event \"x\"]\n", 17, "a.gib"), ==, VS_RECORD_FORMAT_PGN);
  const char *gib = "[대회명 \"x\"]\n";
  g_assert_cmpint (vs_record_detect_format (gib, strlen (gib), NULL), ==, VS_RECORD_FORMAT_GIBO);
  const char *kifu = "1. P D3 - D4 P E8 - E6\n";
  g_assert_cmpint (vs_record_detect_format (kifu, strlen (kifu), NULL), ==, VS_RECORD_FORMAT_KIFU);
  const char *ascii_gib = "[Event \"e\"]\n[White \"w\"]\n\n{c}\n1. 08馬87 2. 12馬33\n";
  g_assert_cmpint (vs_record_detect_format (ascii_gib, strlen (ascii_gib), NULL), ==, VS_RECORD_FORMAT_GIBO);
  const char *ascii_pgn = "[Event \"é\"]\n\n1. e4 { café } e5\n";
  g_assert_cmpint (vs_record_detect_format (ascii_pgn, strlen (ascii_pgn), NULL), ==, VS_RECORD_FORMAT_PGN);
  const char *gm = "1. 08마87 2. 12마33\n";
  g_assert_cmpint (vs_record_detect_format (gm, strlen (gm), NULL), ==, VS_RECORD_FORMAT_GIBO);
  /* issue 18: a first comment spanning lines whose next line starts with a
   * non-ASCII byte made a PGN gibo; so did ignoring [Variant] */
  const char *multi = "[Event \"e\"]\n\n{첫 줄\n둘째 줄}\n1. Hc3 Hc8 *\n";
  g_assert_cmpint (vs_record_detect_format (multi, strlen (multi), "a.gib"), ==, VS_RECORD_FORMAT_PGN);
  const char *variant = "[Event \"e\"]\n[Variant \"janggi\"]\n\n{설명}\n한수쉼\n";
  g_assert_cmpint (vs_record_detect_format (variant, strlen (variant), NULL), ==, VS_RECORD_FORMAT_PGN);
  const char *multi_gib = "[Event \"e\"]\n\n{첫 줄\n둘째 줄}\n1. 08馬87\n";
  g_assert_cmpint (vs_record_detect_format (multi_gib, strlen (multi_gib), NULL), ==, VS_RECORD_FORMAT_GIBO);
}

static void
test_crlf_and_escapes (void)
{
  const char *text = "% escape line\r\n[Event \"e\"]\r\n\r\n1. a ; rest of line\r\nb 2. c *\r\n";
  g_autoptr (VsGameCollection) c = read_text (text, TRUE, NULL);
  VsGame *g = vs_game_collection_get_game (c, 0);
  g_assert_cmpuint (vs_game_get_main_line_length (g), ==, 3);
  g_assert_cmpstr (vs_game_node_get_comment_after (vs_game_node_get_main_child (vs_game_get_root (g))), ==,
                   "rest of line");
}

static gboolean
stop_after_one (VsGame *game, const VsRecordProblem *problem, gpointer data)
{
  (*(int *) data)++;
  return FALSE;
}

static void
test_stream_stop_and_cancel (void)
{
  const char *text = "[Event \"1\"]\n\n1. a *\n\n[Event \"2\"]\n\n1. b *\n";
  VsRecordOptions opts = { .variant = &toy_variant };
  g_autoptr (GInputStream) in = g_memory_input_stream_new_from_data (text, -1, NULL);
  int n = 0;
  g_assert_true (vs_record_read_stream (in, 0, &opts, stop_after_one, &n, NULL, NULL, NULL, NULL));
  g_assert_cmpint (n, ==, 1);
  g_autoptr (GCancellable) cancel = g_cancellable_new ();
  g_cancellable_cancel (cancel);
  g_autoptr (GInputStream) in2 = g_memory_input_stream_new_from_data (text, -1, NULL);
  GError *error = NULL;
  n = 0;
  g_assert_false (vs_record_read_stream (in2, 0, &opts, stop_after_one, &n, NULL, NULL, cancel, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/record/pgn-syntax/rich-round-trip", test_rich_round_trip);
  g_test_add_func ("/record/pgn-syntax/command-like-text", test_command_like_text);
  g_test_add_func ("/record/pgn-syntax/brace-in-comment", test_brace_in_comment);
  g_test_add_func ("/record/pgn-syntax/errors", test_errors);
  g_test_add_func ("/record/pgn-syntax/bad-game-keeps-others", test_bad_game_keeps_others);
  g_test_add_func ("/record/pgn-syntax/unreadable-game", test_unreadable_game);
  g_test_add_func ("/record/pgn-syntax/detect", test_detect);
  g_test_add_func ("/record/pgn-syntax/crlf-and-escapes", test_crlf_and_escapes);
  g_test_add_func ("/record/pgn-syntax/stream-stop-and-cancel", test_stream_stop_and_cancel);
  return g_test_run ();
}
