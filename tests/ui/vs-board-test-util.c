/* vs-board-test-util.c — scripted variants and positions for board tests. */
#include "vs-board-test-util.h"

#include <string.h>

#define MAX_SCRIPT 256

/* Test-only state: the board tests are single-threaded. */
static VsMove script[MAX_SCRIPT];
static int n_script;
static struct { VsMove m; int n; uint8_t sq[VS_MAX_CAPTURES]; } effects[MAX_SCRIPT];
static int n_effects;
static int checkers;

void
vs_test_script_clear (void)
{
  n_script = 0;
  n_effects = 0;
  checkers = 0;
}

void
vs_test_script_add (VsMove m)
{
  g_assert_cmpint (n_script, <, MAX_SCRIPT);
  script[n_script++] = m;
}

void
vs_test_script_add_effect (VsMove m, int n, const int *sq)
{
  g_assert_cmpint (n_effects, <, MAX_SCRIPT);
  effects[n_effects].m = m;
  effects[n_effects].n = n;
  for (int i = 0; i < n; i++)
    effects[n_effects].sq[i] = sq[i];
  n_effects++;
}

void
vs_test_script_set_checkers (int n)
{
  checkers = n;
}

static int
gen (const VsPosition *pos, VsGenType type, VsMove *out)
{
  memcpy (out, script, n_script * sizeof (VsMove));
  return n_script;
}

static void
fx (const VsPosition *pos, VsMove m, VsMoveEffects *out)
{
  memset (out, 0, sizeof *out);
  out->rook_from = out->rook_to = out->dog_sq = VS_NO_SQUARE;
  for (int i = 0; i < n_effects; i++)
    if (effects[i].m == m)
      {
        out->n_captured = effects[i].n;
        for (int k = 0; k < effects[i].n; k++)
          {
            out->captured_sq[k] = effects[i].sq[k];
            out->captured[k] = pos->board[effects[i].sq[k]];
          }
      }
  if (VS_MOVE_KIND (m) != VS_MOVE_DROP && pos->board[VS_MOVE_TO (m)] && out->n_captured == 0)
    {
      out->n_captured = 1;
      out->captured_sq[0] = VS_MOVE_TO (m);
      out->captured[0] = pos->board[VS_MOVE_TO (m)];
    }
}

static int
chk (const VsPosition *pos)
{
  return checkers;
}

static void
make (VsPosition *pos, VsMove m, VsUndo *u)
{
  memset (u, 0, sizeof *u);
  u->move = m;
  memcpy (u->extra, &pos->side, 1);
  int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
  switch (VS_MOVE_KIND (m))
    {
    case VS_MOVE_DROP:
      pos->board[to] = VS_MAKE_PIECE (pos->side, VS_MOVE_PIECE (m));
      pos->hand[pos->side][VS_MOVE_PIECE (m)]--;
      break;
    case VS_MOVE_PASS:
      break;
    case VS_MOVE_SUICIDE:
      pos->board[from] = 0;
      break;
    case VS_MOVE_PROMOTION:
      pos->board[to] = VS_MAKE_PIECE (pos->side, VS_MOVE_PIECE (m));
      pos->board[from] = 0;
      break;
    default:
      pos->board[to] = pos->board[from];
      pos->board[from] = 0;
    }
  for (int i = 0; i < n_effects; i++)
    if (effects[i].m == m)
      for (int k = 0; k < effects[i].n; k++)
        pos->board[effects[i].sq[k]] = 0;
  pos->side ^= 1;
}

static void
unmake (VsPosition *pos, const VsUndo *u)
{
  g_assert_not_reached ();
}

static void
write_move (const VsPosition *pos, VsMove m, VsNotation n, char out[VS_MOVE_TEXT_MAX])
{
  char a[8], b[8];
  vs_square_name (&pos->variant->geom, VS_MOVE_FROM (m) == VS_NO_SQUARE ? 0 : VS_MOVE_FROM (m), a);
  vs_square_name (&pos->variant->geom, VS_MOVE_TO (m), b);
  g_snprintf (out, VS_MOVE_TEXT_MAX, "%s%s", a, b);
}

#define P(l, r, n, j, g) { l, r, n, j, g }
static const VsPieceInfo western_pieces[] = {
  { 0 }, P ("P", "P", "Pawn", "ポーン", NULL), P ("N", "N", "Knight", "ナイト", NULL),
  P ("B", "B", "Bishop", "ビショップ", NULL), P ("R", "R", "Rook", "ルーク", NULL),
  P ("Q", "Q", "Queen", "クイーン", NULL), P ("K", "K", "King", "キング", NULL),
};
static const VsPieceInfo chartima_pieces[] = {
  { 0 }, P ("K", "K", "King", "国王", "王"), P ("Q", "Q", "Queen", "皇后", "后"),
  P ("+Q", "nQ", "promoted Queen", "成后", "后"), P ("C", "C", "Chancellor", "首相", "首"),
  P ("+C", "nC", "promoted Chancellor", "成首", "首"), P ("A", "A", "Archbishop", "主教", "主"),
  P ("+A", "nA", "promoted Archbishop", "成主", "主"), P ("R", "R", "Rook", "ルーク", "ル"),
  P ("+R", "nR", "promoted Rook", "成ル", "ル"), P ("N", "N", "Knight", "馬", "馬"),
  P ("+N", "nN", "promoted Knight", "成馬", "馬"), P ("B", "B", "Bishop", "ビショップ", "ビ"),
  P ("+B", "nB", "promoted Bishop", "成ビ", "ビ"), P ("P", "P", "Pawn", "歩兵", "兵"),
  P ("H", "Ca", "Cannon", "大砲", "砲"), P ("D", "D", "Dog", "犬", "犬"),
  P ("I", "I", "Immobilizer", "麻酔者", "麻"), P ("L", "L", "Long leaper", "跳躍者", "跳"),
  P ("W", "W", "Withdrawer", "回収者", "回"), P ("O", "Co", "Coordinator", "合作者", "合"),
  P ("U", "Pu", "Pusher-puller", "押引者", "押"),
};
static const VsPieceInfo janggi_pieces[] = {
  { 0 }, P ("K", "K", "General", "楚・漢", "將"), P ("A", "A", "Guard", "士", "士"),
  P ("N", "H", "Horse", "馬", "馬"), P ("B", "E", "Elephant", "象", "象"),
  P ("R", "R", "Chariot", "車", "車"), P ("C", "C", "Cannon", "包", "包"),
  P ("P", "P", "Soldier", "卒・兵", "卒"),
};

static const VsVariant test_variants[] = {
  { .id = "crazyhouse", .name = "Crazyhouse (scripted)", .geom = { 8, 8, 1, 0 },
    .n_piece_types = 6, .pieces = western_pieces,
    .family = VS_FAMILY_CRAZYHOUSE, .family_id = "crazyhouse", .has_hands = TRUE,
    .flag_meaning = VS_FLAG_MEANING_PROMOTED, .royal_type = 6, .plain_uci_plays = TRUE },
  { .id = "chartima", .name = "Chartima (scripted)", .geom = { 10, 10, 1, 0 },
    .n_piece_types = 21, .pieces = chartima_pieces,
    .family = VS_FAMILY_CHARTIMA, .family_id = "chartima", .pgn_structured = TRUE,
    .flag_meaning = VS_FLAG_MEANING_OWES_DOG, .royal_type = 1 },
  { .id = "janggi", .name = "Janggi (scripted)", .geom = { 9, 10, 1, 1 },
    .n_piece_types = 7, .pieces = janggi_pieces,
    .family = VS_FAMILY_JANGGI, .family_id = "janggi", .has_gibo = TRUE, .has_pass = TRUE,
    .royal_type = 1 },
  { .id = "strato", .name = "Strato (scripted)", .geom = { 8, 8, 3, 0 },
    .n_piece_types = 6, .pieces = western_pieces,
    .family = VS_FAMILY_STRATO, .family_id = "strato", .pgn_structured = TRUE,
    .flag_meaning = VS_FLAG_MEANING_UNMOVED, .royal_type = 6 },
};

const VsVariant *
vs_test_variant (VsTestKind kind)
{
  static VsVariant filled[4];
  VsVariant *v = &filled[kind];
  if (v->id == NULL)
    {
      *v = test_variants[kind];
      v->generate = gen;
      v->effects = fx;
      v->checkers = chk;
      v->make = make;
      v->unmake = unmake;
      v->write_move = write_move;
    }
  return v;
}

int
vs_test_type (const VsVariant *v, const char *letter)
{
  for (int t = 1; t <= v->n_piece_types; t++)
    if (strcmp (v->pieces[t].letter, letter) == 0)
      return t;
  return 0;
}

void
vs_test_position (VsPosition *pos, const VsVariant *v, const char *board, int side)
{
  memset (pos, 0, sizeof *pos);
  pos->variant = v;
  pos->side = side;
  pos->ep = VS_NO_SQUARE;
  const VsGeometry *g = &v->geom;
  int level = 0, rank = g->ranks - 1, file = 0;
  for (const char *p = board; *p; p++)
    {
      if (*p == '|')
        {
          level++;
          rank = g->ranks - 1;
          file = 0;
        }
      else if (*p == '/')
        {
          rank--;
          file = 0;
        }
      else if (g_ascii_isdigit (*p))
        {
          int n = *p - '0';
          if (g_ascii_isdigit (p[1]))
            n = n * 10 + (*++p - '0');
          file += n;
        }
      else
        {
          char letter[3] = { 0 };
          if (*p == '+')
            {
              letter[0] = '+';
              letter[1] = g_ascii_toupper (*++p);
            }
          else
            letter[0] = g_ascii_toupper (*p);
          int t = vs_test_type (v, letter);
          g_assert_cmpint (t, >, 0);
          int color = g_ascii_isupper (*p) ? VS_WHITE : VS_BLACK;
          pos->board[vs_sq_make (g, level, rank, file)] = VS_MAKE_PIECE (color, t);
          file++;
        }
    }
}

gboolean
vs_test_real_position (VsPosition *pos, const char *variant_id, const char *fen)
{
  const VsVariant *v = vs_variant_lookup (variant_id);
  g_autoptr(GError) error = NULL;
  return v && v->geom.files && vs_position_init (pos, v, fen, &error);
}
