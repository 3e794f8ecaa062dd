/* vs-toy-variant.c — a rules-free variant for the record tests (see the header). */
#include "vs-toy-variant.h"

#include <string.h>


static gboolean
toy_from_string (VsPosition *pos, const char *s, GError **error)
{
  if (strspn (s, "abc") != strlen (s) || strlen (s) > 60)
    {
      g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_BAD_POSITION, "bad toy position");
      return FALSE;
    }
  memset (pos, 0, sizeof *pos);
  pos->variant = &toy_variant;
  pos->fullmove = 1;
  size_t n = strlen (s);
  for (size_t i = 0; i < n; i++)
    pos->board[i] = s[i];
  pos->board[VS_MAX_SQUARES - 1] = n;
  pos->side = n & 1;
  return TRUE;
}

static char *
toy_to_string (const VsPosition *pos)
{
  int n = pos->board[VS_MAX_SQUARES - 1];
  return g_strndup ((const char *) pos->board, n);
}

static int
toy_generate (const VsPosition *pos, VsGenType type, VsMove *out)
{
  for (int i = 0; i < 3; i++)
    out[i] = VS_MOVE_MAKE (0, i, VS_MOVE_NORMAL, 0);
  return 3;
}

static void
toy_make (VsPosition *pos, VsMove m, VsUndo *u)
{
  int n = pos->board[VS_MAX_SQUARES - 1];
  u->move = m;
  pos->board[n] = 'a' + VS_MOVE_TO (m);
  pos->board[VS_MAX_SQUARES - 1] = n + 1;
  pos->side ^= 1;
}

static void
toy_unmake (VsPosition *pos, const VsUndo *u)
{
  (void) u;
  int n = pos->board[VS_MAX_SQUARES - 1];
  pos->board[n - 1] = 0;
  pos->board[VS_MAX_SQUARES - 1] = n - 1;
  pos->side ^= 1;
}

static void
toy_write (const VsPosition *pos, VsMove m, VsNotation n, char out[VS_MOVE_TEXT_MAX])
{
  g_snprintf (out, VS_MOVE_TEXT_MAX, "%c", 'a' + VS_MOVE_TO (m));
}

static gboolean
toy_parse (const VsPosition *pos, const char *text, VsNotation n, VsMove *out,
           const char **warning, GError **error)
{
  if (strlen (text) == 1 && text[0] >= 'a' && text[0] <= 'c')
    {
      *out = VS_MOVE_MAKE (0, text[0] - 'a', VS_MOVE_NORMAL, 0);
      return TRUE;
    }
  g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_BAD_MOVE, "bad toy move");
  return FALSE;
}

static int
toy_checkers (const VsPosition *pos)
{
  return 0;
}

static VsGameState
toy_state (const VsPosition *pos, const VsHistory *h, VsResult *result)
{
  *result = VS_RESULT_NONE;
  return VS_STATE_ONGOING;
}

const VsVariant toy_variant = {
  .id = "toy", .name = "toy", .pgn_name = "Toy",
  .geom = { 8, 8, 1, 0 },
  .start_fen = "",
  .from_string = toy_from_string, .to_string = toy_to_string,
  .generate = toy_generate, .make = toy_make, .unmake = toy_unmake,
  .write_move = toy_write, .parse_move = toy_parse,
  .checkers = toy_checkers, .game_state = toy_state,
};

