/* vs-eval.c — evaluation dispatch, role tables, shared helpers.
 *
 * Roles come from the letters of each module's piece table (see vs-eval.h).
 * Material values are set per variant, with the reason next to them:
 *
 *  Crazyhouse  Pawns are worth more than in chess because a pawn in hand
 *              can be dropped anywhere (mating nets, blocks); pieces in hand
 *              are worth a bit more than on the board (a drop is a free
 *              tempo and any square is open to them).  Bishops and rooks
 *              are close because open files matter less than drops; the
 *              figures follow the common crazyhouse engine scale (Sjeng,
 *              Fairy-Stockfish's ratio P:N:B:R:Q ≈ 1:2.5:2.7:3.3:6).
 *  Janggi      Korean tournament points (Chariot 13, Cannon 7, Horse 5,
 *              Elephant 3, Guard 3, Soldier 2) at ~50 cp a point, with the
 *              Cannon a little lower and the Horse a little higher, since a
 *              Cannon needs screens (it loses value as pieces vanish: see
 *              vs-eval-janggi.c) and Horses are better than Elephants in the
 *              middlegame (Fairy-Stockfish's janggi values agree on the order).
 *  Chartima    Chess values for chess pieces; compounds add the parts
 *              (Chancellor R+N, Archbishop B+N); each promoted piece adds what
 *              its extra step or leap is worth; the nB owing its Dog adds the
 *              Dog.  Ultima pieces: Immobilizer highest (it freezes up to 8
 *              pieces and cannot be captured by the immobilized), Long leaper
 *              and Pusher-puller next (multiple or double captures), then
 *              Withdrawer and Coordinator (one capture, harder to aim).
 *  Strato      Chess values: capture is planar, so pieces are worth what
 *              they are worth in chess on their level; the 3-D part lives in
 *              the positional terms (vs-eval-strato.c).
 */
#include <math.h>

#include "vs-eval.h"
#include "vs-eval-curves.h"
#include "vs-win-chances.h"
#include "vs-search.h"

#include <string.h>

static VsRole
role_from_letter (const VsEvalTables *t, const VsPieceInfo *info)
{
  const char *l = info->letter ? info->letter : "";
  const char *r = info->record ? info->record : "";
  gboolean promoted = FALSE;
  if (l[0] == '+')
    {
      promoted = TRUE;
      l++;
    }
  else if (r[0] == 'n' && r[1] >= 'A' && r[1] <= 'Z' && r[2] == '\0')
    promoted = TRUE;
  char c = g_ascii_toupper (l[0]);
  if (c == '\0')
    c = g_ascii_toupper (r[0]);

  switch (t->kind)
    {
    case VS_EVAL_JANGGI:
      switch (c)
        {
        case 'K': case 'G': return VS_ROLE_KING;
        case 'A': return VS_ROLE_GUARD;
        case 'N': case 'H': return VS_ROLE_HORSE;
        case 'B': case 'E': return VS_ROLE_ELEPHANT;
        case 'R': return VS_ROLE_ROOK;
        case 'C': return VS_ROLE_CANNON;
        case 'P': case 'S': return VS_ROLE_PAWN;
        default: return VS_ROLE_NONE;
        }
    case VS_EVAL_CHARTIMA:
      if (promoted)
        switch (c)
          {
          case 'Q': return VS_ROLE_N_QUEEN;
          case 'C': return VS_ROLE_N_CHANCELLOR;
          case 'A': return VS_ROLE_N_ARCHBISHOP;
          case 'R': return VS_ROLE_N_ROOK;
          case 'N': return VS_ROLE_N_KNIGHT;
          case 'B': return VS_ROLE_N_BISHOP;
          default: return VS_ROLE_NONE;
          }
      /* the record abbreviations "Ca", "Co", "Pu" also identify */
      if (strcmp (r, "Ca") == 0) return VS_ROLE_CANNON;
      if (strcmp (r, "Co") == 0) return VS_ROLE_COORDINATOR;
      if (strcmp (r, "Pu") == 0) return VS_ROLE_PUSHER_PULLER;
      switch (c)
        {
        case 'K': return VS_ROLE_KING;
        case 'Q': return VS_ROLE_QUEEN;
        case 'C': return VS_ROLE_CHANCELLOR;
        case 'A': return VS_ROLE_ARCHBISHOP;
        case 'R': return VS_ROLE_ROOK;
        case 'N': return VS_ROLE_KNIGHT;
        case 'B': return VS_ROLE_BISHOP;
        case 'P': return VS_ROLE_PAWN;
        case 'H': return VS_ROLE_CANNON;
        case 'D': return VS_ROLE_DOG;
        case 'I': return VS_ROLE_IMMOBILIZER;
        case 'L': return VS_ROLE_LONG_LEAPER;
        case 'W': return VS_ROLE_WITHDRAWER;
        case 'O': return VS_ROLE_COORDINATOR;
        case 'U': return VS_ROLE_PUSHER_PULLER;
        default: return VS_ROLE_NONE;
        }
    default:
      switch (c)
        {
        case 'K': return VS_ROLE_KING;
        case 'Q': return VS_ROLE_QUEEN;
        case 'R': return VS_ROLE_ROOK;
        case 'B': return VS_ROLE_BISHOP;
        case 'N': return VS_ROLE_KNIGHT;
        case 'P': return VS_ROLE_PAWN;
        default: return VS_ROLE_NONE;
        }
    }
}

/* Values by role for each kind (board, hand).  Reasons: see the top. */
static int
role_value (VsEvalKind kind, VsRole role, gboolean hand)
{
  switch (kind)
    {
    case VS_EVAL_CRAZYHOUSE:
      switch (role)
        {
        case VS_ROLE_PAWN:   return hand ? 160 : 120;
        case VS_ROLE_KNIGHT: return hand ? 340 : 300;
        case VS_ROLE_BISHOP: return hand ? 350 : 320;
        case VS_ROLE_ROOK:   return hand ? 420 : 400;
        case VS_ROLE_QUEEN:  return hand ? 760 : 720;
        default: return 0;
        }
    case VS_EVAL_JANGGI:
      switch (role)
        {
        case VS_ROLE_ROOK:     return 650;
        case VS_ROLE_CANNON:   return 350;
        case VS_ROLE_HORSE:    return 290;
        case VS_ROLE_ELEPHANT: return 200;
        case VS_ROLE_GUARD:    return 170;
        case VS_ROLE_PAWN:     return 100;
        default: return 0;
        }
    case VS_EVAL_CHARTIMA:
      switch (role)
        {
        case VS_ROLE_PAWN:          return 100;
        case VS_ROLE_KNIGHT:        return 300;
        case VS_ROLE_BISHOP:        return 330;
        case VS_ROLE_ROOK:          return 500;
        case VS_ROLE_QUEEN:         return 950;
        case VS_ROLE_CHANCELLOR:    return 850;   /* R + N */
        case VS_ROLE_ARCHBISHOP:    return 750;   /* B + N, bishops weaker on 10×10 ranks */
        case VS_ROLE_CANNON:        return 420;
        case VS_ROLE_DOG:           return 200;   /* short bishop, never immobilized */
        case VS_ROLE_IMMOBILIZER:   return 600;
        case VS_ROLE_LONG_LEAPER:   return 520;
        case VS_ROLE_WITHDRAWER:    return 420;
        case VS_ROLE_COORDINATOR:   return 440;
        case VS_ROLE_PUSHER_PULLER: return 520;
        case VS_ROLE_N_QUEEN:       return 1250;  /* Amazon */
        case VS_ROLE_N_CHANCELLOR:  return 950;
        case VS_ROLE_N_ARCHBISHOP:  return 880;
        case VS_ROLE_N_ROOK:        return 650;   /* Dragon king */
        case VS_ROLE_N_KNIGHT:      return 480;   /* knight + camel */
        case VS_ROLE_N_BISHOP:      return 470;   /* Dragon horse (Dog owed: +200 in vs-eval-chartima.c) */
        default: return 0;
        }
    case VS_EVAL_STRATO:
    case VS_EVAL_GENERIC:
    default:
      switch (role)
        {
        case VS_ROLE_PAWN:   return 100;
        case VS_ROLE_KNIGHT: return 320;
        case VS_ROLE_BISHOP: return 330;
        case VS_ROLE_ROOK:   return 500;
        case VS_ROLE_QUEEN:  return 950;
        default: return 0;
        }
    }
}

#define W_VALUE_(name, value) value,
#define W_NAME_(name, value) #name,
static const int zh_weights[] = { VS_EVAL_WEIGHTS_CRAZYHOUSE (W_VALUE_) };
static const char *const zh_names[] = { VS_EVAL_WEIGHTS_CRAZYHOUSE (W_NAME_) NULL };
static const int jg_weights[] = { VS_EVAL_WEIGHTS_JANGGI (W_VALUE_) };
static const char *const jg_names[] = { VS_EVAL_WEIGHTS_JANGGI (W_NAME_) NULL };
static const int ct_weights[] = { VS_EVAL_WEIGHTS_CHARTIMA (W_VALUE_) };
static const char *const ct_names[] = { VS_EVAL_WEIGHTS_CHARTIMA (W_NAME_) NULL };
static const int st_weights[] = { VS_EVAL_WEIGHTS_STRATO (W_VALUE_) };
static const char *const st_names[] = { VS_EVAL_WEIGHTS_STRATO (W_NAME_) NULL };
#undef W_VALUE_
#undef W_NAME_
G_STATIC_ASSERT (VS_ZH_N <= VS_EVAL_MAX_WEIGHTS && VS_JG_N <= VS_EVAL_MAX_WEIGHTS);

const char *
vs_eval_weights_stem (VsEvalKind kind)
{
  switch (kind)
    {
    case VS_EVAL_CRAZYHOUSE: return "crazyhouse";
    case VS_EVAL_JANGGI:     return "janggi";
    case VS_EVAL_CHARTIMA:   return "chartima";
    case VS_EVAL_STRATO:     return "strato";
    default:                 return NULL;
    }
}

/* Material by role from the weights (board, hand), for the kinds whose
 * material is tuned; -1 when the fixed table above applies. */
static int
weight_value (const VsEvalTables *t, VsRole role, gboolean hand)
{
  const int *w = t->w;
  switch (t->kind)
    {
    case VS_EVAL_CRAZYHOUSE:
      switch (role)
        {
        case VS_ROLE_PAWN:   return w[VS_ZH_PAWN] + (hand ? w[VS_ZH_HAND_PAWN] : 0);
        case VS_ROLE_KNIGHT: return w[VS_ZH_KNIGHT] + (hand ? w[VS_ZH_HAND_KNIGHT] : 0);
        case VS_ROLE_BISHOP: return w[VS_ZH_BISHOP] + (hand ? w[VS_ZH_HAND_BISHOP] : 0);
        case VS_ROLE_ROOK:   return w[VS_ZH_ROOK] + (hand ? w[VS_ZH_HAND_ROOK] : 0);
        case VS_ROLE_QUEEN:  return w[VS_ZH_QUEEN] + (hand ? w[VS_ZH_HAND_QUEEN] : 0);
        default: return 0;
        }
    case VS_EVAL_JANGGI:
      switch (role)
        {
        case VS_ROLE_ROOK:     return (w[VS_JG_ROOK_MG] + w[VS_JG_ROOK_EG]) / 2;
        case VS_ROLE_CANNON:   return (w[VS_JG_CANNON_MG] + w[VS_JG_CANNON_EG]) / 2;
        case VS_ROLE_HORSE:    return (w[VS_JG_HORSE_MG] + w[VS_JG_HORSE_EG]) / 2;
        case VS_ROLE_ELEPHANT: return (w[VS_JG_ELEPHANT_MG] + w[VS_JG_ELEPHANT_EG]) / 2;
        case VS_ROLE_GUARD:    return (w[VS_JG_GUARD_MG] + w[VS_JG_GUARD_EG]) / 2;
        case VS_ROLE_PAWN:     return (w[VS_JG_PAWN_MG] + w[VS_JG_PAWN_EG]) / 2;
        default: return 0;
        }
    default:
      return -1;
    }
}

void
vs_eval_tables_refresh (VsEvalTables *t)
{
  for (int type = 1; type <= t->n_types; type++)
    {
      VsRole role = t->role[type];
      int v = weight_value (t, role, FALSE);
      if (v >= 0)
        {
          t->value[type] = v;
          t->hand_value[type] = weight_value (t, role, TRUE);
        }
      else
        {
          t->value[type] = role_value (t->kind, role, FALSE);
          t->hand_value[type] = role_value (t->kind, role, TRUE);
        }
      t->order_value[type] = role == VS_ROLE_KING ? 5000 : t->value[type];
    }
  switch (t->kind)
    {
    case VS_EVAL_CRAZYHOUSE: t->tempo = t->w[VS_ZH_TEMPO]; break;
    case VS_EVAL_JANGGI:     t->tempo = t->w[VS_JG_TEMPO]; break;
    case VS_EVAL_CHARTIMA:   t->tempo = t->w[VS_CT_TEMPO]; break;
    case VS_EVAL_STRATO:     t->tempo = t->w[VS_ST_TEMPO]; break;
    default:                 t->tempo = 10; break;
    }
}

static VsEvalKind
kind_of (const VsVariant *v)
{
  if (v->id == NULL)
    return VS_EVAL_GENERIC;
  switch (v->family)
    {
    case VS_FAMILY_CRAZYHOUSE: return VS_EVAL_CRAZYHOUSE;
    case VS_FAMILY_JANGGI:     return VS_EVAL_JANGGI;
    case VS_FAMILY_CHARTIMA:   return VS_EVAL_CHARTIMA;
    case VS_FAMILY_STRATO:     return VS_EVAL_STRATO;
    case VS_FAMILY_OTHER:
    default:                   return VS_EVAL_GENERIC;
    }
}

static void
build_tables (VsEvalTables *t, const VsVariant *v)
{
  memset (t, 0, sizeof *t);
  t->variant = v;
  t->kind = kind_of (v);
  t->n_types = MIN (v->n_piece_types, VS_MAX_PIECE_TYPES - 1);
  for (int type = 1; type <= t->n_types && v->pieces; type++)
    {
      VsRole role = role_from_letter (t, &v->pieces[type]);
      t->role[type] = role;
      if (t->type_of_role[role] == 0)
        t->type_of_role[role] = type;
    }
  /* each kind's weights table and winning-chances scale (the generic
   * evaluation has no weights and keeps the chess curve) */
  static const struct {
    const int *w;
    int n;
    const char *const *names;
    double win_scale;
  } by_kind[] = {
    [VS_EVAL_GENERIC]    = { NULL, 0, NULL, VS_EVAL_WIN_SCALE_DEFAULT },
    [VS_EVAL_CRAZYHOUSE] = { zh_weights, VS_ZH_N, zh_names, VS_EVAL_WIN_SCALE_CRAZYHOUSE },
    [VS_EVAL_JANGGI]     = { jg_weights, VS_JG_N, jg_names, VS_EVAL_WIN_SCALE_JANGGI },
    [VS_EVAL_CHARTIMA]   = { ct_weights, VS_CT_N, ct_names, VS_EVAL_WIN_SCALE_CHARTIMA },
    [VS_EVAL_STRATO]     = { st_weights, VS_ST_N, st_names, VS_EVAL_WIN_SCALE_STRATO },
  };
  const int *w0 = by_kind[t->kind].w;
  t->n_weights = by_kind[t->kind].n;
  t->weight_names = by_kind[t->kind].names;
  t->win_scale = by_kind[t->kind].win_scale;
  if (w0)
    memcpy (t->w, w0, t->n_weights * sizeof (int));
  vs_eval_tables_refresh (t);
  t->implicit_captures = t->kind == VS_EVAL_CHARTIMA;
  /* Chartima: 60 pieces on 100 squares, five of each side's kinds capture
   * by moving, so nearly every piece can capture something and the
   * quiescence search followed chains of queen-takes-pawn trades thousands
   * of nodes deep (11 000 nodes for depth 1 in middlegames, 66 000 in one):
   * at 100 ms a move the engine saw no further than a depth-1 search.
   * Without a static exchange evaluation (implicit captures make one hard
   * to write), a capture by a piece worth more than its prey is left to
   * the main search.  Depth 3 over 12 middlegame positions of real games:
   * 660 000 -> 90 000 nodes. */
  t->qs_skip_bad_captures = t->kind == VS_EVAL_CHARTIMA;
  /* Chartima: late move pruning drops all but the first 8/20/40 quiet
   * moves at depth 1/2/3 unseen, and a Chartima position has 100+ moves,
   * most of its mates quiet Ultima moves (a Coordinator, Long leaper or
   * Withdrawer taking aim at the King): the opponent's quiet mate in one
   * was pruned at the very node that should have refuted our move, and the
   * engine walked into mates a depth-1 search sees (all 5 losses of a
   * 20-game match against depth 1).  Moves that give check are kept.
   * Strato too: late move pruning dropped the quiet mating check at the
   * last ply of its queen endgames' mates in 2-4 (a mate in 2 of
   * tests/engine/mates-strato.tsv was seen as a mate in 3 at depth 7 once
   * reverse futility pruning was off there, see vs-search.c); nearly every
   * move is a check there, so it searches less deep in such endgames.  Not
   * for Crazyhouse and Janggi. */
  t->lmp_spares_checks = t->kind == VS_EVAL_CHARTIMA || t->kind == VS_EVAL_STRATO;
  /* Stockfish 11's pruning of quiet moves that lose material by the
   * static exchange (in Crazyhouse mostly drops onto attacked squares),
   * with its margin (32 - lmr depth) lmr depth^2, three quarters of it in
   * centipawns: Crazyhouse, and Janggi (SPRT at 5000 nodes against the
   * build before it, [0, 10], alpha = beta = 0.05, H1 accepted after 664
   * games, 171-99-394, +37.8 +/- 17.2 Elo). */
  t->quiet_see_prune = t->kind == VS_EVAL_CRAZYHOUSE || t->kind == VS_EVAL_JANGGI;
  /* Null-move pruning (vs-search.c): Janggi, Strato and Chartima (each
   * with the two flags below, see the merges that brought them).  In
   * Crazyhouse it lost its SPRT at 5000 nodes (-6.1 +/- 11.5 Elo over 3152
   * games, H0 accepted): with drops in hand a free move is rarely a fair
   * bound. */
  t->null_move = t->kind == VS_EVAL_JANGGI || t->kind == VS_EVAL_STRATO
                 || t->kind == VS_EVAL_CHARTIMA;
  /* Late-move reductions from Stockfish 11's log table: Janggi, where they
   * passed their SPRT, and Strato and Chartima with the two flags below
   * (see the merges that brought them).  Crazyhouse had no verdict over
   * 4000 games (+1.7 +/- 10.4 Elo), so it keeps the old three-step
   * reductions. */
  t->log_lmr = t->kind == VS_EVAL_JANGGI || t->kind == VS_EVAL_STRATO
               || t->kind == VS_EVAL_CHARTIMA;
  /* Continuation history in ordering, reductions and pruning, with
   * Stockfish 11's futility pruning of quiet moves: Janggi, Strato and
   * Chartima, each measured (see the commits that brought it), and
   * Crazyhouse: SPRT at 5000 nodes against the build before it, [0, 10],
   * alpha = beta = 0.05, H1 accepted after 234 games (161-72-1, +139.1
   * +/- 44.1 Elo). */
  t->cont_history = t->kind == VS_EVAL_JANGGI || t->kind == VS_EVAL_STRATO
                    || t->kind == VS_EVAL_CHARTIMA || t->kind == VS_EVAL_CRAZYHOUSE;
  /* The countermove, ordered after the killers and spared from reductions
   * and pruning as they are: Janggi, SPRT at 5000 nodes against the build
   * before it (see the commit that brought it). */
  t->countermove = t->kind == VS_EVAL_JANGGI;
  /* The table's bounds, stored static evals and PV flag in the search
   * (tt_eval): all but Crazyhouse.  In Janggi they passed their SPRT; in
   * Crazyhouse they lost it (see the merge that brought this flag), so
   * there the table only spares a second evaluation of a node. */
  t->tt_eval = t->kind != VS_EVAL_CRAZYHOUSE;
  /* The static exchange (vs-see.h) in move ordering and quiescence: it
   * passed its SPRT at 5000 nodes in each of the four variants against
   * the build before it (see the merge that brought it).  Chartima keeps
   * qs_skip_bad_captures beside it, as measured.  In Strato the quiescence
   * half hid a mate in 4 of its queen endgames from the search at every
   * depth up to 11 (tests/engine/test-search.c, strato-selfplay-mates;
   * found at depth 7 without it), and ordering by the exchange alone had
   * no verdict over 1182 games (LLR 0.77), so Strato has neither. */
  t->see = t->kind != VS_EVAL_STRATO;
  t->qs_see = t->see;
  /* Stockfish 11's pruning of captures that lose by the exchange, at
   * shallow depth (vs-search.c).  Janggi: SPRT at 5000 nodes against the
   * build before it, [0, 10], alpha = beta = 0.05, H1 accepted after 2992
   * games (619-532-1841, +10.1 +/- 7.4 Elo).  Crazyhouse: the same test,
   * H1 accepted after 1364 games (736-617-11, +30.4 +/- 17.9 Elo).  Not
   * yet measured in Chartima, so it does without; Strato has no exchange
   * at all (above). */
  t->see_prune = t->kind == VS_EVAL_JANGGI || t->kind == VS_EVAL_CRAZYHOUSE;
  t->has_fifty_moves = t->kind != VS_EVAL_JANGGI;
  t->can_repeat_past_halfmove = t->kind == VS_EVAL_JANGGI || t->kind == VS_EVAL_GENERIC;
}

double
vs_eval_win_chances (const VsVariant *v, int cp, int mate)
{
  if (mate > 0)
    return 1;
  if (mate < 0)
    return -1;
  double a = v ? vs_eval_tables (v)->win_scale : VS_EVAL_WIN_SCALE_DEFAULT;
  return 2.0 / (1.0 + exp (-a * cp)) - 1.0;
}

const VsEvalTables *
vs_eval_tables (const VsVariant *v)
{
  /* One slot per registered variant, built on first use.  Variants that are
   * not registered (tests' toy variants) get append-only slots: a slot, once
   * built, is never written again, so readers need no lock. */
  static VsEvalTables tables[8];
  static gsize done[8];
  static VsEvalTables extra[8];
  static gpointer extra_variant[8];   /* const VsVariant *, set atomically */
  static GMutex extra_lock;
  static __thread VsEvalTables overflow;   /* more than 8 unregistered variants */
  const VsVariant *const *all = vs_variants ();
  for (int i = 0; all[i] && i < 8; i++)
    if (all[i] == v)
      {
        if (g_once_init_enter (&done[i]))
          {
            build_tables (&tables[i], v);
            g_once_init_leave (&done[i], 1);
          }
        return &tables[i];
      }
  for (int i = 0; i < 8; i++)
    if (g_atomic_pointer_get (&extra_variant[i]) == v)
      return &extra[i];
  g_mutex_lock (&extra_lock);
  for (int i = 0; i < 8; i++)
    {
      const VsVariant *slot = g_atomic_pointer_get (&extra_variant[i]);
      if (slot == v)
        {
          g_mutex_unlock (&extra_lock);
          return &extra[i];
        }
      if (slot == NULL)
        {
          build_tables (&extra[i], v);
          g_atomic_pointer_set (&extra_variant[i], (gpointer) v);   /* publish after building */
          g_mutex_unlock (&extra_lock);
          return &extra[i];
        }
    }
  g_mutex_unlock (&extra_lock);
  if (overflow.variant != v)
    build_tables (&overflow, v);
  return &overflow;
}

int
vs_eval_center (const VsGeometry *g, int sq)
{
  int f = vs_sq_file (g, sq), r = vs_sq_rank (g, sq);
  int df = MIN (f, g->files - 1 - f);
  int dr = MIN (r, g->ranks - 1 - r);
  return df + dr;
}

int
vs_eval_ray_mobility (const VsPosition *pos, int sq, gboolean orth, gboolean diag, int cap)
{
  static const int dirs[8][2] = { {1,0},{-1,0},{0,1},{0,-1},{1,1},{1,-1},{-1,1},{-1,-1} };
  const VsGeometry *g = &pos->variant->geom;
  int f0 = vs_sq_file (g, sq), r0 = vs_sq_rank (g, sq), l = vs_sq_level (g, sq);
  int color = VS_PIECE_COLOR (pos->board[sq]);
  int count = 0;
  for (int d = orth ? 0 : 4; d < (diag ? 8 : 4); d++)
    {
      int f = f0, r = r0;
      for (int k = 0; k < cap; k++)
        {
          f += dirs[d][0];
          r += dirs[d][1];
          if (f < 0 || f >= g->files || r < 0 || r >= g->ranks)
            break;
          VsPiece p = pos->board[vs_sq_make (g, l, r, f)];
          if (p == 0)
            count++;
          else
            {
              if (VS_PIECE_COLOR (p) != color)
                count++;
              break;
            }
        }
    }
  return count;
}

gboolean
vs_eval_has_pieces (const VsEvalTables *t, const VsPosition *pos)
{
  int us = pos->side;
  for (int type = 1; type <= t->n_types; type++)
    if (pos->hand[us][type] && t->role[type] != VS_ROLE_KING && t->hand_value[type] >= VS_EVAL_PIECE_MIN)
      return TRUE;
  int n = vs_geometry_squares (&pos->variant->geom);
  for (int sq = 0; sq < n; sq++)
    {
      VsPiece p = pos->board[sq];
      if (p && VS_PIECE_COLOR (p) == us &&
          t->role[VS_PIECE_TYPE (p)] != VS_ROLE_KING && t->value[VS_PIECE_TYPE (p)] >= VS_EVAL_PIECE_MIN)
        return TRUE;
    }
  return FALSE;
}

gboolean
vs_eval_dead_draw (const VsEvalTables *t, const VsPosition *pos)
{
  const VsGeometry *g = &pos->variant->geom;
  int n = vs_geometry_squares (g);
  switch (t->kind)
    {
    case VS_EVAL_CRAZYHOUSE:
      return FALSE;   /* pieces come back: never insufficient */
    case VS_EVAL_JANGGI:
      /* no Chariot, Cannon, Horse, Elephant or Soldier on either side */
      for (int sq = 0; sq < n; sq++)
        {
          VsPiece p = pos->board[sq];
          if (p && t->role[VS_PIECE_TYPE (p)] != VS_ROLE_KING && t->role[VS_PIECE_TYPE (p)] != VS_ROLE_GUARD)
            return FALSE;
        }
      return TRUE;
    case VS_EVAL_CHARTIMA:
      for (int sq = 0; sq < n; sq++)
        {
          VsPiece p = pos->board[sq];
          if (p && t->role[VS_PIECE_TYPE (p)] != VS_ROLE_KING && t->role[VS_PIECE_TYPE (p)] != VS_ROLE_IMMOBILIZER)
            return FALSE;
        }
      return TRUE;
    case VS_EVAL_STRATO:
      {
        int minors = 0, heavy[2] = { 0, 0 };
        for (int sq = 0; sq < n; sq++)
          {
            VsPiece p = pos->board[sq];
            if (!p)
              continue;
            VsRole r = t->role[VS_PIECE_TYPE (p)];
            if (r == VS_ROLE_PAWN)
              return FALSE;
            if (r == VS_ROLE_KNIGHT || r == VS_ROLE_BISHOP)
              minors++;
            else if (r == VS_ROLE_QUEEN || r == VS_ROLE_ROOK)
              heavy[VS_PIECE_COLOR (p)]++;
          }
        if (heavy[0] + heavy[1] == 0)
          return minors <= 1;
        return minors == 0 && heavy[0] + heavy[1] == 1;
      }
    default:
      return FALSE;
    }
}

int
vs_eval_generic (const VsEvalTables *t, const VsPosition *pos)
{
  const VsGeometry *g = &pos->variant->geom;
  int n = vs_geometry_squares (g);
  int score = 0;
  for (int sq = 0; sq < n; sq++)
    {
      VsPiece p = pos->board[sq];
      if (!p)
        continue;
      int v = t->value[VS_PIECE_TYPE (p)] + 2 * vs_eval_center (g, sq);
      score += VS_PIECE_COLOR (p) == VS_WHITE ? v : -v;
    }
  for (int type = 1; type <= t->n_types; type++)
    score += (pos->hand[0][type] - pos->hand[1][type]) * t->hand_value[type];
  return score;
}

int
vs_eval_with (const VsEvalTables *t, const VsPosition *pos)
{
  int white;
  switch (t->kind)
    {
    case VS_EVAL_CRAZYHOUSE: white = vs_eval_crazyhouse (t, pos); break;
    case VS_EVAL_JANGGI:     white = vs_eval_janggi (t, pos); break;
    case VS_EVAL_CHARTIMA:   white = vs_eval_chartima (t, pos); break;
    case VS_EVAL_STRATO:     white = vs_eval_strato (t, pos); break;
    default:                 white = vs_eval_generic (t, pos); break;
    }
  /* a tempo for the side to move */
  int s = pos->side == VS_WHITE ? white : -white;
  s += t->tempo;
  return CLAMP (s, -VS_SCORE_MATE_BOUND + 1, VS_SCORE_MATE_BOUND - 1);
}

int
vs_eval (const VsPosition *pos)
{
  return vs_eval_with (vs_eval_tables (pos->variant), pos);
}
