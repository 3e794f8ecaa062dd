/* test-records.c — the real records in tests/data/records/:
 *  - every Crazyhouse PGN reads without loss (every clock, evaluation,
 *    variation, NAG glyph and header of the file is in the tree), and
 *    read → write → read gives the same tree, a second write the same bytes;
 *  - every gibo game agrees with oracle.jsonl (an independent engine): the
 *    309 "ok" games reach exactly its final position (placement and side to
 *    move) with its UCI moves from its start position, the old-coordinate
 *    games get the clear error, the illegal game is reported at its ply;
 *  - gibo write → read gives the same moves and headers (CP949 and UTF-8). */
#include "config.h"
#include "vs-game-collection.h"
#include "vs-record.h"

#include <stdlib.h>
#include <string.h>
#include "../vs-test-history.h"

static char *
data_path (const char *rel)
{
  const char *dir = g_getenv ("VS_TEST_DATA_DIR");
  return g_build_filename (dir ? dir : TEST_DATA_DIR, rel, NULL);
}

static gboolean
module_ready (const VsVariant *v)
{
  return v->generate != NULL && v->write_move != NULL;
}

/* ---- a minimal JSON reader for oracle.jsonl ---- */

typedef enum { J_NULL, J_STR, J_NUM, J_ARR, J_OBJ, J_BOOL } JKind;
typedef struct J J;
struct J {
  JKind kind;
  char *str;
  double num;
  GPtrArray *items;   /* J* (arrays) */
  GPtrArray *keys;    /* char* (objects), values in items */
};

static void
j_free (J *j)
{
  if (!j)
    return;
  g_free (j->str);
  if (j->items)
    g_ptr_array_unref (j->items);
  if (j->keys)
    g_ptr_array_unref (j->keys);
  g_free (j);
}

static void
j_ws (const char **p)
{
  while (**p == ' ' || **p == '\t' || **p == '\n' || **p == '\r')
    (*p)++;
}

static J *j_parse (const char **p);

static char *
j_string (const char **p)
{
  g_assert_true (**p == '"');
  (*p)++;
  GString *s = g_string_new (NULL);
  while (**p && **p != '"')
    {
      if (**p == '\\')
        {
          (*p)++;
          switch (**p)
            {
            case 'n': g_string_append_c (s, '\n'); break;
            case 't': g_string_append_c (s, '\t'); break;
            case 'r': g_string_append_c (s, '\r'); break;
            case 'u':
              {
                char hex[5] = { 0 };
                memcpy (hex, *p + 1, 4);
                gunichar c = g_ascii_strtoull (hex, NULL, 16);
                *p += 4;
                if (c >= 0xd800 && c < 0xdc00 && (*p)[1] == '\\' && (*p)[2] == 'u')
                  {
                    memcpy (hex, *p + 3, 4);
                    gunichar lo = g_ascii_strtoull (hex, NULL, 16);
                    c = 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
                    *p += 6;
                  }
                g_string_append_unichar (s, c);
                break;
              }
            default: g_string_append_c (s, **p); break;
            }
          (*p)++;
        }
      else
        g_string_append_c (s, *(*p)++);
    }
  (*p)++;
  return g_string_free (s, FALSE);
}

static J *
j_parse (const char **p)
{
  j_ws (p);
  J *j = g_new0 (J, 1);
  if (**p == '{')
    {
      j->kind = J_OBJ;
      j->keys = g_ptr_array_new_with_free_func (g_free);
      j->items = g_ptr_array_new_with_free_func ((GDestroyNotify) j_free);
      (*p)++;
      j_ws (p);
      while (**p != '}')
        {
          g_ptr_array_add (j->keys, j_string (p));
          j_ws (p);
          g_assert_true (**p == ':');
          (*p)++;
          g_ptr_array_add (j->items, j_parse (p));
          j_ws (p);
          if (**p == ',')
            {
              (*p)++;
              j_ws (p);
            }
        }
      (*p)++;
    }
  else if (**p == '[')
    {
      j->kind = J_ARR;
      j->items = g_ptr_array_new_with_free_func ((GDestroyNotify) j_free);
      (*p)++;
      j_ws (p);
      while (**p != ']')
        {
          g_ptr_array_add (j->items, j_parse (p));
          j_ws (p);
          if (**p == ',')
            (*p)++;
          j_ws (p);
        }
      (*p)++;
    }
  else if (**p == '"')
    {
      j->kind = J_STR;
      j->str = j_string (p);
    }
  else if (strncmp (*p, "null", 4) == 0)
    *p += 4;
  else if (strncmp (*p, "true", 4) == 0 || strncmp (*p, "false", 5) == 0)
    {
      j->kind = J_BOOL;
      j->num = **p == 't';
      *p += **p == 't' ? 4 : 5;
    }
  else
    {
      j->kind = J_NUM;
      char *end;
      j->num = g_ascii_strtod (*p, &end);
      g_assert_true (end != *p);
      *p = end;
    }
  return j;
}

static J *
j_get (J *obj, const char *key)
{
  for (guint i = 0; obj->keys && i < obj->keys->len; i++)
    if (strcmp (obj->keys->pdata[i], key) == 0)
      return obj->items->pdata[i];
  return NULL;
}

static const char *
j_str (J *obj, const char *key)
{
  J *j = j_get (obj, key);
  return j && j->kind == J_STR ? j->str : NULL;
}

/* ---- helpers ---- */

static VsGameCollection *
read_data (const char *rel, gboolean expect_ok)
{
  g_autofree char *path = data_path (rel);
  VsGameCollection *c = vs_game_collection_new ();
  GError *error = NULL;
  gboolean ok = vs_record_read_file (path, NULL, c, NULL, NULL, NULL, &error);
  if (expect_ok)
    {
      g_assert_no_error (error);
      g_assert_true (ok);
    }
  g_clear_error (&error);
  return c;
}

static const VsRecordProblem *
problem_for (VsGameCollection *c, guint game)
{
  /* every game of these files is in the collection: file index = collection index */
  const VsRecordProblem *p = vs_game_collection_get_game_problem (c, game);
  if (p)
    g_assert_cmpuint (p->game_index, ==, game);
  return p;
}

static guint
count_substr (const char *hay, const char *needle)
{
  guint n = 0;
  for (const char *p = strstr (hay, needle); p; p = strstr (p + 1, needle))
    n++;
  return n;
}

/* occurrences of c outside {comments} */
static guint
count_outside_comments (const char *text, char c)
{
  guint n = 0;
  gboolean in = FALSE;
  for (const char *p = text; *p; p++)
    {
      if (*p == '{')
        in = TRUE;
      else if (*p == '}')
        in = FALSE;
      else if (!in && *p == c)
        n++;
    }
  return n;
}

typedef struct {
  guint nodes, clocks, evals, variations, nags, comments, shapes;
} Counts;

static void
count_tree (const VsGameNode *n, Counts *c, gboolean variation)
{
  for (; n; n = vs_game_node_get_main_child (n))
    {
      c->nodes++;
      if (vs_game_node_get_clock (n) != VS_CLOCK_NONE)
        c->clocks++;
      if (vs_game_node_get_eval (n).kind != VS_EVAL_NONE)
        c->evals++;
      c->nags += vs_game_node_get_nags (n, NULL);
      c->shapes += vs_game_node_get_shapes (n, NULL);
      if (vs_game_node_get_comment_after (n))
        c->comments++;
      if (vs_game_node_get_comment_before (n))
        c->comments++;
      const VsGameNode *first = vs_game_node_get_main_child (n);
      for (const VsGameNode *v = first ? vs_game_node_get_next_sibling (first) : NULL; v;
           v = vs_game_node_get_next_sibling (v))
        {
          c->variations++;
          count_tree (v, c, TRUE);
        }
    }
}

/* ---- Crazyhouse PGN ---- */

static const char *const zh_files[] = {
  "records/crazyhouse/lichess-2016-saturs-jannlee.pgn",
  "records/crazyhouse/lichess-2017-knightvuillaume-jannlee.pgn",
  "records/crazyhouse/lichess-2018-jannlee-crazyara.pgn",
};

static void
test_crazyhouse_files (void)
{
  if (!module_ready (&vs_variant_crazyhouse))
    {
      g_test_fail_printf ("the Crazyhouse rules module is missing");
      return;
    }
  for (guint f = 0; f < G_N_ELEMENTS (zh_files); f++)
    {
      g_autofree char *path = data_path (zh_files[f]);
      g_autofree char *text = NULL;
      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      g_autoptr (VsGameCollection) c = read_data (zh_files[f], TRUE);
      g_assert_cmpuint (vs_game_collection_get_n_games (c), ==, 1);
      VsGame *g = vs_game_collection_get_game (c, 0);
      g_assert_true (vs_game_get_variant (g) == &vs_variant_crazyhouse);
      /* every header line of the file */
      guint header_lines = 0;
      g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
      for (guint i = 0; lines[i]; i++)
        if (lines[i][0] == '[')
          header_lines++;
      g_assert_cmpuint (vs_game_get_n_headers (g), ==, header_lines);
      const char *ply_count = vs_game_get_header (g, "PlyCount");
      if (ply_count)
        g_assert_cmpuint (vs_game_get_main_line_length (g), ==, atoi (ply_count));
      /* every annotation of the file */
      const char *movetext = strstr (text, "\n\n");
      g_assert_nonnull (movetext);
      Counts k = { 0 };
      count_tree (vs_game_node_get_main_child (vs_game_get_root (g)), &k, FALSE);
      g_assert_cmpuint (k.clocks, ==, count_substr (movetext, "[%clk"));
      g_assert_cmpuint (k.evals, ==, count_substr (movetext, "[%eval"));
      g_assert_cmpuint (k.variations, ==, count_outside_comments (movetext, '('));
      guint nag_marks = 0;
      gboolean in_comment = FALSE;
      for (const char *p = movetext; *p; p++)
        if (*p == '{' || *p == '}')
          in_comment = *p == '{';
        else if (!in_comment && (*p == '?' || *p == '!') && (p[1] == ' ' || p[1] == '\n' || p[1] == ')'))
          {
            /* count a glyph once: at its last character, not inside comments */
            const char *q = p;
            while (q > movetext && (q[-1] == '?' || q[-1] == '!'))
              q--;
            if (q > movetext && (g_ascii_isalnum (q[-1]) || q[-1] == '+' || q[-1] == '#'))
              nag_marks++;
          }
      g_assert_cmpuint (k.nags, ==, nag_marks);
      /* the final comment ("White resigns", "Black wins by checkmate.") */
      VsGameNode *end = vs_game_get_main_line_end (g);
      g_assert_nonnull (vs_game_node_get_comment_after (end));

      /* the file's SAN is the canonical SAN of the moves read (so the
       * reader's fast SAN path chose the moves the rules module would) */
      g_autoptr (VsGameCollection) canon = vs_game_collection_new ();
      VsRecordOptions copts = { .canonical_san = TRUE };
      g_assert_true (vs_record_read_file (path, &copts, canon, NULL, NULL, NULL, NULL));
      g_autofree char *cwhy = NULL;
      if (!vs_game_equal (g, vs_game_collection_get_game (canon, 0), &cwhy))
        g_error ("%s: file SAN vs canonical SAN: %s", zh_files[f], cwhy);

      /* round trip */
      g_autofree char *w1 = vs_pgn_write_game (g);
      g_autoptr (VsGameCollection) c2 = vs_game_collection_new ();
      GError *error = NULL;
      VsRecordOptions opts = { .filename = "rewritten.pgn" };
      g_assert_true (vs_record_read_data (w1, -1, &opts, c2, &error));
      g_assert_no_error (error);
      VsGame *g2 = vs_game_collection_get_game (c2, 0);
      g_autofree char *why = NULL;
      if (!vs_game_equal (g, g2, &why))
        g_error ("%s: round trip differs: %s", zh_files[f], why);
      g_autofree char *w2 = vs_pgn_write_game (g2);
      g_assert_cmpstr (w1, ==, w2);
    }
}

/* The 2016 Lichess export form: pawn drops as "@g4", lower-case variant
 * name, the hand as an extra rank; and an illegal move is reported. */
static void
test_crazyhouse_forms (void)
{
  if (!module_ready (&vs_variant_crazyhouse))
    {
      g_test_fail_printf ("the Crazyhouse rules module is missing");
      return;
    }
  const char *text =
    "[Variant \"crazyhouse\"]\n[FEN \"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR/P w KQkq - 0 2\"]\n[SetUp \"1\"]\n\n"
    "2. @d3 Nc6 3. Nf3 *\n\n"
    "[Variant \"Crazyhouse\"]\n[FEN \"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[P] w KQkq - 0 2\"]\n\n"
    "2. P@d3 Nc6 3. Nf3 Qh4 4. Nxh4 Ke7 5. Ke3 *\n";
  g_autoptr (VsGameCollection) c = vs_game_collection_new ();
  GError *error = NULL;
  VsRecordOptions opts = { .filename = "forms.pgn" };
  g_assert_false (vs_record_read_data (text, -1, &opts, c, &error));
  g_assert_error (error, VS_RECORD_ERROR, VS_RECORD_ERROR_ILLEGAL_MOVE);
  /* "5. Ke3" is illegal: the White King stands on e1 */
  g_assert_true (g_str_has_prefix (error->message, "forms.pgn:10:39:"));
  g_clear_error (&error);
  g_assert_cmpuint (vs_game_collection_get_n_games (c), ==, 2);
  VsGame *a = vs_game_collection_get_game (c, 0), *b = vs_game_collection_get_game (c, 1);
  g_assert_cmpuint (vs_game_get_main_line_length (a), ==, 3);
  g_assert_cmpstr (vs_game_get_start_fen (a), ==, vs_game_get_start_fen (b));
  VsGameNode *drop = vs_game_node_get_main_child (vs_game_get_root (a));
  g_assert_cmpstr (vs_game_node_get_san (drop), ==, "P@d3");
  g_assert_cmpint (VS_MOVE_KIND (vs_game_node_get_move (drop)), ==, VS_MOVE_DROP);
  g_assert_cmpuint (vs_game_get_main_line_length (b), ==, 6);
  const VsRecordProblem *p = problem_for (c, 1);
  g_assert_nonnull (p);
  g_assert_cmpuint (p->line, ==, 10);
  g_assert_cmpuint (p->column, ==, 39);
  g_assert_cmpstr (p->text, ==, "Ke3");
  g_assert_cmpuint (p->move_number, ==, 5);
  g_assert_cmpuint (p->ply, ==, 7);
  g_assert_nonnull (p->position);
}

/* ---- gibo against the oracle ---- */

static void
uci_line (VsGame *g, GPtrArray *out, char **final_fen)
{
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  g_assert_true (vs_game_node_position (vs_game_get_root (g), pos));
  for (VsGameNode *n = vs_game_node_get_main_child (vs_game_get_root (g)); n; n = vs_game_node_get_main_child (n))
    {
      char uci[VS_MOVE_TEXT_MAX];
      vs_move_write (pos, vs_game_node_get_move (n), VS_NOTATION_UCI, uci);
      g_ptr_array_add (out, g_strdup (uci));
      vs_test_make (pos, vs_game_node_get_move (n));
    }
  *final_fen = vs_position_to_string (pos);
}

static char *
fen_head (const char *fen)
{
  /* placement and side to move */
  g_auto (GStrv) f = g_strsplit (fen, " ", 3);
  return g_strdup_printf ("%s %s", f[0], f[1] ? f[1] : "?");
}

static char *
normalise_fen (const VsVariant *v, const char *fen)
{
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  g_autoptr (GError) error = NULL;
  if (!vs_test_init (pos, v, fen, &error))
    g_error ("oracle position %s: %s", fen, error->message);
  return vs_position_to_string (pos);
}

static void
test_gibo_oracle (void)
{
  if (!module_ready (&vs_variant_janggi_casual))
    {
      g_test_fail_printf ("the Janggi rules module is missing");
      return;
    }
  g_autofree char *opath = data_path ("records/janggi/oracle.jsonl");
  g_autofree char *otext = NULL;
  g_assert_true (g_file_get_contents (opath, &otext, NULL, NULL));
  g_auto (GStrv) lines = g_strsplit (otext, "\n", -1);
  g_autoptr (GHashTable) files = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  guint ok_games = 0, ok_matched = 0, old = 0, illegal = 0, headers_checked = 0;
  for (guint i = 0; lines[i]; i++)
    {
      if (!lines[i][0])
        continue;
      const char *p = lines[i];
      J *o = j_parse (&p);
      const char *file = j_str (o, "file");
      guint index = (guint) j_get (o, "game_index")->num;
      const char *status = j_str (o, "status");
      VsGameCollection *c = g_hash_table_lookup (files, file);
      if (!c)
        {
          g_autofree char *rel = g_build_filename ("records/janggi", file, NULL);
          c = read_data (rel, FALSE);
          g_hash_table_insert (files, g_strdup (file), c);
        }
      g_assert_cmpuint (index, <, vs_game_collection_get_n_games (c));
      VsGame *g = vs_game_collection_get_game (c, index);
      const VsRecordProblem *pr = problem_for (c, index);
      /* every header of the oracle, with its value */
      J *h = j_get (o, "headers");
      for (guint k = 0; h && k < h->keys->len; k++)
        {
          const char *key = h->keys->pdata[k];
          const char *want = ((J *) h->items->pdata[k])->str;
          const char *have = vs_game_get_header (g, key);
          if (g_strcmp0 (want, have) != 0)
            g_error ("%s game %u: header %s is “%s”, oracle “%s”", file, index, key, have, want);
          headers_checked++;
        }
      if (strcmp (status, "ok") == 0)
        {
          ok_games++;
          if (pr)
            g_error ("%s game %u: unexpected problem: %s", file, index, pr->message);
          g_autofree char *start = normalise_fen (vs_game_get_variant (g), j_str (o, "start_fen"));
          g_assert_cmpstr (vs_game_get_start_fen (g), ==, start);
          g_assert_true (vs_game_get_variant (g) == &vs_variant_janggi_casual);
          g_autoptr (GPtrArray) uci = g_ptr_array_new_with_free_func (g_free);
          g_autofree char *final = NULL;
          uci_line (g, uci, &final);
          J *moves = j_get (o, "moves_uci");
          g_assert_cmpuint (uci->len, ==, moves->items->len);
          for (guint m = 0; m < uci->len; m++)
            if (strcmp (uci->pdata[m], ((J *) moves->items->pdata[m])->str) != 0)
              g_error ("%s game %u ply %u: %s, oracle %s", file, index, m + 1,
                       (char *) uci->pdata[m], ((J *) moves->items->pdata[m])->str);
          g_autofree char *want = fen_head (j_str (o, "final_fen_fsf"));
          g_autofree char *have = fen_head (final);
          if (strcmp (want, have) != 0)
            g_error ("%s game %u: final %s, oracle %s", file, index, have, want);
          ok_matched++;
        }
      else if (strcmp (status, "skipped_old_coordinates") == 0)
        {
          old++;
          g_assert_nonnull (pr);
          g_assert_cmpint (pr->code, ==, VS_RECORD_ERROR_OLD_COORDINATES);
          g_assert_nonnull (strstr (pr->message, "old coordinate system not supported"));
          g_assert_cmpuint (vs_game_get_main_line_length (g), ==, 0);
        }
      else if (g_str_has_prefix (status, "illegal_under_janggicasual_at_ply_"))
        {
          illegal++;
          guint ply = atoi (status + strlen ("illegal_under_janggicasual_at_ply_"));
          g_assert_nonnull (pr);
          g_assert_cmpint (pr->code, ==, VS_RECORD_ERROR_ILLEGAL_MOVE);
          g_assert_cmpuint (pr->ply, ==, ply);
          g_assert_nonnull (pr->position);
          g_autofree char *needle = g_strdup_printf ("ply %u", ply);
          g_assert_nonnull (strstr (pr->message, needle));
          /* every move before it is kept, and they are the oracle's */
          g_assert_cmpuint (vs_game_get_main_line_length (g), ==, ply - 1);
          g_autoptr (GPtrArray) uci = g_ptr_array_new_with_free_func (g_free);
          g_autofree char *final = NULL;
          uci_line (g, uci, &final);
          J *moves = j_get (o, "moves_uci");
          for (guint m = 0; m < uci->len; m++)
            g_assert_cmpstr (uci->pdata[m], ==, ((J *) moves->items->pdata[m])->str);
        }
      else
        g_error ("unknown oracle status %s", status);
      j_free (o);
    }
  g_test_message ("oracle: %u/%u ok games matched, %u old-coordinate games refused, %u illegal game reported, %u headers",
                  ok_matched, ok_games, old, illegal, headers_checked);
  g_assert_cmpuint (ok_games, ==, 309);
  g_assert_cmpuint (ok_matched, ==, 309);
  g_assert_cmpuint (old, ==, 4);
  g_assert_cmpuint (illegal, ==, 1);
  /* every game of every file is in the oracle */
  GHashTableIter it;
  gpointer key, value;
  guint total = 0;
  g_hash_table_iter_init (&it, files);
  while (g_hash_table_iter_next (&it, &key, &value))
    total += vs_game_collection_get_n_games (value);
  g_assert_cmpuint (total, ==, 314);
}

/* Gibo files: comments and move times kept; write → read gives the same
 * moves and headers, in CP949 (default) and UTF-8. */
static void
test_gibo_round_trip (void)
{
  if (!module_ready (&vs_variant_janggi_casual))
    {
      g_test_fail_printf ("the Janggi rules module is missing");
      return;
    }
  g_autofree char *dir = data_path ("records/janggi");
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (d);
  const char *name;
  guint games = 0;
  while ((name = g_dir_read_name (d)))
    {
      if (!g_str_has_suffix (name, ".gib"))
        continue;
      g_autofree char *rel = g_build_filename ("records/janggi", name, NULL);
      g_autoptr (VsGameCollection) c = read_data (rel, FALSE);
      g_autofree char *path = data_path (rel);
      g_autofree char *raw = NULL;
      gsize raw_len;
      g_assert_true (g_file_get_contents (path, &raw, &raw_len, NULL));
      /* comments: every "{" of the file is a comment of some game */
      guint comments = 0, times = 0;
      for (guint i = 0; i < vs_game_collection_get_n_games (c); i++)
        {
          VsGame *g = vs_game_collection_get_game (c, i);
          for (VsGameNode *n = vs_game_get_root (g); n; n = vs_game_node_get_main_child (n))
            {
              if (vs_game_node_get_comment_after (n))
                comments++;
              if (vs_game_node_get_emt (n) != VS_CLOCK_NONE)
                times++;
            }
        }
      guint braces = 0, angles = 0;
      /* non-empty comments ("{}" holds nothing to keep) and move times */
      for (gsize i = 0; i < raw_len; i++)
        {
          if (raw[i] == '{')
            {
              gsize j = i + 1;
              while (j < raw_len && g_ascii_isspace (raw[j]))
                j++;
              braces += j < raw_len && raw[j] != '}';
            }
          angles += raw[i] == '<';
        }
      /* the 4 old-coordinate games' moves are not read */
      if (!strstr (name, "oldcoords"))
        {
          g_assert_cmpuint (comments, ==, braces);
          g_assert_cmpuint (times, ==, angles);
        }
      for (int enc = 0; enc < 2; enc++)
        {
          GError *error = NULL;
          g_autoptr (GBytes) bytes = vs_record_write_collection (c, VS_RECORD_FORMAT_GIBO,
                                                                 enc ? VS_RECORD_ENCODING_UTF8 : VS_RECORD_ENCODING_AUTO,
                                                                 &error);
          g_assert_no_error (error);
          gsize len;
          const char *data = g_bytes_get_data (bytes, &len);
          /* CRLF everywhere; CP949 unless UTF-8 was asked for */
          for (gsize i = 0; i < len; i++)
            if (data[i] == '\n')
              g_assert_true (i > 0 && data[i - 1] == '\r');
          g_assert_true (enc ? g_utf8_validate (data, len, NULL) : !g_utf8_validate (data, len, NULL));
          g_autoptr (VsGameCollection) c2 = vs_game_collection_new ();
          VsRecordOptions opts = { .filename = "rewritten.gib" };
          vs_record_read_data (data, len, &opts, c2, &error);
          g_clear_error (&error);
          g_assert_cmpuint (vs_game_collection_get_n_games (c2), ==, vs_game_collection_get_n_games (c));
          for (guint i = 0; i < vs_game_collection_get_n_games (c); i++)
            {
              VsGame *a = vs_game_collection_get_game (c, i), *b = vs_game_collection_get_game (c2, i);
              g_autofree char *why = NULL;
              /* [총수] is written as the real ply count (the file's own is
               * often wrong): that, and only that, may differ */
              const char *plies = vs_game_get_header (b, "총수");
              if (plies && vs_game_get_header (a, "총수"))
                {
                  g_autofree char *real = g_strdup_printf ("%u", vs_game_get_main_line_length (a));
                  g_assert_cmpstr (plies, ==, real);
                  vs_game_set_header (b, "총수", vs_game_get_header (a, "총수"));
                }
              if (!vs_game_equal (a, b, &why))
                g_error ("%s game %u (%s): gibo round trip differs: %s", name, i, enc ? "UTF-8" : "CP949", why);
            }
          /* only the old-coordinate games keep their problem (the illegal
           * game was written up to its last legal move) */
          GPtrArray *p1 = vs_game_collection_get_problems (c), *p2 = vs_game_collection_get_problems (c2);
          guint old1 = 0;
          for (guint i = 0; i < p1->len; i++)
            old1 += ((VsRecordProblem *) p1->pdata[i])->code == VS_RECORD_ERROR_OLD_COORDINATES;
          g_assert_cmpuint (p2->len, ==, old1);
        }
      games += vs_game_collection_get_n_games (c);
    }
  g_assert_cmpuint (games, ==, 314);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/record/files/crazyhouse", test_crazyhouse_files);
  g_test_add_func ("/record/files/crazyhouse-forms", test_crazyhouse_forms);
  g_test_add_func ("/record/files/gibo-oracle", test_gibo_oracle);
  g_test_add_func ("/record/files/gibo-round-trip", test_gibo_round_trip);
  return g_test_run ();
}
