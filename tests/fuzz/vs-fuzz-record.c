/* vs-fuzz-record.c — checks for the record targets (fuzz-pgn, fuzz-gibo,
 * fuzz-kifu, fuzz-record), all through vs_record_read_data():
 *  - reading never aborts; it fails only with a VS_RECORD_ERROR whose
 *    message starts "file:line:column: ", and then the collection lists the
 *    problem (line and column ≥ 1); it succeeds only with no problem listed;
 *  - every move of every game (variations too) is legal where it stands;
 *  - the games read write back (PGN, gibo or bare list, in the format read
 *    or detected) to text that reads (without a problem if the input had
 *    none) to the same games
 *    (PGN: vs_game_equal; gibo and bare lists: the same main lines), and the
 *    text written from those reads back to games that write the same text. */
#include "vs-fuzz.h"
#include "vs-game-collection.h"
#include "vs-record.h"

#include <string.h>
#include "../vs-test-history.h"

#define VS_FUZZ_MAX_INPUT (64 * 1024)

static const VsVariant *
variant_or_null (uint8_t byte)
{
  const VsVariant *const *all = vs_variants ();
  int n = 0;
  while (all[n])
    n++;
  int k = byte % (n + 1);
  return k == 0 ? NULL : all[k - 1];
}

/* "name:line:column: " */
static gboolean
message_has_location (const char *msg)
{
  const char *p = strchr (msg, ':');
  if (p == NULL)
    return FALSE;
  for (int field = 0; field < 2; field++)
    {
      p++;
      if (!g_ascii_isdigit (*p) || *p == '0')
        return FALSE;
      while (g_ascii_isdigit (*p))
        p++;
      if (*p != ':')
        return FALSE;
    }
  return p[1] == ' ';
}

/* Every move in the tree below node is legal in pos (which is node's
 * position); stops going deeper near the end of the undo history. */
static void
check_tree (const VsGameNode *node, VsPosition *pos)
{
  if (vs_test_hist_len (pos) + 2 >= 1024)
    return;
  for (guint i = 0; i < vs_game_node_get_n_children (node); i++)
    {
      const VsGameNode *child = vs_game_node_get_child (node, i);
      VsMove m = vs_game_node_get_move (child);
      if (!vs_position_is_legal (pos, m))
        {
          g_autofree char *fen = vs_position_to_string (pos);
          g_error ("the reader stored an illegal move “%s” at ply %u in “%s”",
                   vs_game_node_get_san (child), vs_game_node_get_ply (child), fen);
        }
      g_assert (vs_game_node_get_san (child) != NULL);
      vs_test_make (pos, m);
      check_tree (child, pos);
      vs_test_unmake (pos);
    }
}

static void
check_games (VsGameCollection *c)
{
  static VsPosition pos;
  for (guint i = 0; i < vs_game_collection_get_n_games (c); i++)
    {
      VsGame *g = vs_game_collection_get_game (c, i);
      VsGameNode *root = vs_game_get_root (g);
      if (!vs_game_node_position (root, &pos))
        g_error ("game %u: its start position “%s” does not read", i + 1, vs_game_get_start_fen (g));
      check_tree (root, &pos);
      if (!vs_game_node_position (vs_game_get_main_line_end (g), &pos))
        g_error ("game %u: the main line does not replay", i + 1);
    }
}

/* Main-line moves of the games with at least one move, "m1 m2 …\n" per game. */
static char *
main_lines (VsGameCollection *c, gboolean skip_empty)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < vs_game_collection_get_n_games (c); i++)
    {
      VsGame *g = vs_game_collection_get_game (c, i);
      const VsGameNode *n = vs_game_node_get_main_child (vs_game_get_root (g));
      if (n == NULL && skip_empty)
        continue;
      g_string_append_printf (s, "%s:", vs_game_get_variant (g)->id);
      for (; n; n = vs_game_node_get_main_child (n))
        g_string_append_printf (s, " %08x", VS_MOVE_CORE (vs_game_node_get_move (n)));
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}

static GBytes *
write_or_die (VsGameCollection *c, VsRecordFormat format, VsRecordEncoding encoding)
{
  GError *error = NULL;
  GBytes *b = vs_record_write_collection (c, format, encoding, &error);
  if (b == NULL)
    g_error ("writing the games read failed: %s", error->message);
  return b;
}

/* The readers keep [Variant], [FEN] and [SetUp] among the headers when the
 * text has them, and the PGN writer always writes them (from the game) and a
 * result ("*" when none was read), which the reader stores as [Result]: so a
 * game read without them comes back with them.  Compare without these (the
 * results are compared with vs_game_get_result). */
static void
drop_setup_headers (VsGame *g)
{
  for (guint i = vs_game_get_n_headers (g); i-- > 0;)
    {
      const char *k = vs_game_get_header_key (g, i);
      if (g_ascii_strcasecmp (k, "Variant") == 0 || g_ascii_strcasecmp (k, "FEN") == 0
          || g_ascii_strcasecmp (k, "SetUp") == 0 || strcmp (k, "Result") == 0)
        {
          g_autofree char *key = g_strdup (k);
          vs_game_set_header (g, key, NULL);
        }
    }
}

/* A comment holding both "}" and a line break (joined from a { } and a ;
 * comment) has no exact PGN form: its "}" is written as ")". */
static gboolean
has_unwritable_comment (const VsGameNode *node)
{
  const char *cs[] = { vs_game_node_get_comment_before (node), vs_game_node_get_comment_after (node) };
  for (guint k = 0; k < 2; k++)
    if (cs[k] && strchr (cs[k], '}') && strchr (cs[k], '\n'))
      return TRUE;
  for (guint i = 0; i < vs_game_node_get_n_children (node); i++)
    if (has_unwritable_comment (vs_game_node_get_child (node, i)))
      return TRUE;
  return FALSE;
}

static void
check_round_trip (VsGameCollection *c, const VsRecordOptions *read_opts, VsRecordFormat format,
                  gboolean strict)
{
  /* gibo: Janggi games only */
  if (format == VS_RECORD_FORMAT_GIBO)
    for (guint i = 0; i < vs_game_collection_get_n_games (c); i++)
      if (!g_str_has_prefix (vs_game_get_variant (vs_game_collection_get_game (c, i))->id, "janggi"))
        return;
  g_autoptr (GBytes) text = write_or_die (c, format, VS_RECORD_ENCODING_UTF8);
  gsize len;
  const char *data = g_bytes_get_data (text, &len);
  VsRecordOptions opts = *read_opts;
  opts.format = format;
  opts.encoding = VS_RECORD_ENCODING_UTF8;
  opts.filename = "written";
  g_autoptr (VsGameCollection) back = vs_game_collection_new ();
  GError *error = NULL;
  if (!strict)
    {
      /* the games had problems (which may well come back, e.g. a gibo
       * header that marks old coordinates): the text must still read */
      if (!vs_record_read_data (data, len, &opts, back, &error))
        g_error_free (error);
      check_games (back);
      return;
    }
  if (!vs_record_read_data (data, len, &opts, back, &error))
    g_error ("the written games do not read back: %s\n--- written:\n%.*s", error->message, (int) len, data);

  gboolean skip_empty = format != VS_RECORD_FORMAT_PGN;
  g_autofree char *lines_a = main_lines (c, skip_empty);
  g_autofree char *lines_b = main_lines (back, skip_empty);
  if (strcmp (lines_a, lines_b) != 0)
    g_error ("the written games read back to other moves:\n%s--- read back:\n%s--- written:\n%.*s",
             lines_a, lines_b, (int) len, data);
  if (format == VS_RECORD_FORMAT_PGN)
    {
      g_assert_cmpuint (vs_game_collection_get_n_games (back), ==, vs_game_collection_get_n_games (c));
      for (guint i = 0; i < vs_game_collection_get_n_games (c); i++)
        {
          g_autofree char *why = NULL;
          if (has_unwritable_comment (vs_game_get_root (vs_game_collection_get_game (c, i))))
            continue;
          g_assert_cmpint (vs_game_get_result (vs_game_collection_get_game (c, i)), ==,
                           vs_game_get_result (vs_game_collection_get_game (back, i)));
          g_autoptr (VsGame) a = vs_game_copy (vs_game_collection_get_game (c, i));
          g_autoptr (VsGame) b = vs_game_copy (vs_game_collection_get_game (back, i));
          drop_setup_headers (a);
          drop_setup_headers (b);
          if (!vs_game_equal (a, b, &why))
            g_error ("game %u reads back different: %s\n--- written:\n%.*s", i + 1, why, (int) len, data);
        }
    }
  /* written text is a fixed point: the games it reads to write it again
   * (after one round, which may add the [Result] that the writer's result
   * token stands for) */
  g_autoptr (GBytes) again = write_or_die (back, format, VS_RECORD_ENCODING_UTF8);
  g_autoptr (VsGameCollection) back2 = vs_game_collection_new ();
  data = g_bytes_get_data (again, &len);
  if (!vs_record_read_data (data, len, &opts, back2, &error))
    g_error ("the second written games do not read back: %s", error->message);
  g_autoptr (GBytes) third = write_or_die (back2, format, VS_RECORD_ENCODING_UTF8);
  if (!g_bytes_equal (third, again))
    {
      gsize len3;
      const char *data3 = g_bytes_get_data (third, &len3);
      g_autofree char *e1 = g_strescape (g_strndup (data, len), NULL);
      g_autofree char *e2 = g_strescape (g_strndup (data3, len3), NULL);
      g_error ("writing again differs:\n%s\n--- third write:\n%s", e1, e2);
    }
}

void
vs_fuzz_record (VsFuzzRecordMode mode, const uint8_t *data, size_t size)
{
  if (size < 1 || size > VS_FUZZ_MAX_INPUT)
    return;
  static const char *const names[] = { NULL, "fuzz.pgn", "fuzz.gib", "fuzz.kif", "fuzz.txt", "fuzz" };
  static const VsRecordEncoding encodings[] = { VS_RECORD_ENCODING_AUTO, VS_RECORD_ENCODING_UTF8,
                                                VS_RECORD_ENCODING_CP949 };
  VsRecordOptions opts = { 0 };
  VsRecordFormat write_format = VS_RECORD_FORMAT_PGN;
  uint8_t b = data[0];
  switch (mode)
    {
    case VS_FUZZ_RECORD_PGN:
      opts.format = VS_RECORD_FORMAT_PGN;
      opts.variant = variant_or_null (b & 0x7f);
      opts.canonical_san = (b & 0x80) != 0;
      opts.filename = "fuzz.pgn";
      break;
    case VS_FUZZ_RECORD_GIBO:
      opts.format = VS_RECORD_FORMAT_GIBO;
      opts.encoding = encodings[b % 3];
      opts.variant = (b / 3) % 3 == 0 ? NULL : vs_variant_lookup ((b / 3) % 3 == 1 ? "janggi" : "janggi-casual");
      opts.filename = "fuzz.gib";
      write_format = VS_RECORD_FORMAT_GIBO;
      break;
    case VS_FUZZ_RECORD_KIFU:
      opts.format = VS_RECORD_FORMAT_KIFU;
      opts.variant = variant_or_null (b);
      opts.filename = "fuzz.kif";
      write_format = VS_RECORD_FORMAT_KIFU;
      break;
    case VS_FUZZ_RECORD_AUTO:
    default:
      opts.format = VS_RECORD_FORMAT_AUTO;
      opts.filename = names[b % G_N_ELEMENTS (names)];
      opts.encoding = encodings[(b / G_N_ELEMENTS (names)) % 3];
      break;
    }
  const char *text = (const char *) data + 1;
  gsize len = size - 1;
  /* detected input is written back in the format it was read in (gibo → PGN
   * adds the mapped roster tags by design, so it is no identity) */
  if (mode == VS_FUZZ_RECORD_AUTO)
    write_format = vs_record_detect_format (text, len, opts.filename);

  g_autoptr (VsGameCollection) c = vs_game_collection_new ();
  GError *error = NULL;
  gboolean ok = vs_record_read_data (text, len, &opts, c, &error);
  GPtrArray *problems = vs_game_collection_get_problems (c);
  if (ok)
    {
      g_assert (error == NULL);
      g_assert_cmpuint (problems->len, ==, 0);
    }
  else
    {
      g_assert (error != NULL);
      g_assert (error->message != NULL);
      if (error->domain != VS_RECORD_ERROR)
        g_error ("error outside VS_RECORD_ERROR: %s", error->message);
      if (!message_has_location (error->message))
        g_error ("error without “file:line:column: ”: “%s”", error->message);
      g_assert_cmpuint (problems->len, >, 0);
      g_clear_error (&error);
    }
  for (guint i = 0; i < problems->len; i++)
    {
      const VsRecordProblem *p = g_ptr_array_index (problems, i);
      g_assert (p->message != NULL);
      if (p->line < 1 || p->column < 1 || !message_has_location (p->message))
        g_error ("problem without a location: line %u column %u “%s”", p->line, p->column, p->message);
    }
  check_games (c);
  if (vs_game_collection_get_n_games (c) > 0)
    check_round_trip (c, &opts, write_format, ok);
}
