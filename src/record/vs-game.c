/* vs-game.c — VsGame: headers, start position and the tree of moves. */
#include "config.h"
#include "vs-record-private.h"

#include <glib/gi18n.h>
#include <string.h>

typedef struct {
  char    *comment_before;
  char    *comment_after;
  guint8   nags[VS_MAX_NAGS];
  guint8   n_nags;
  guint16  n_shapes;
  VsShape *shapes;
  gint64   clock;
  gint64   emt;
  VsEval   eval;
} NodeExtra;

struct _VsGameNode {
  VsGame     *game;
  VsGameNode *parent;
  VsGameNode *first;     /* first child */
  VsGameNode *next;      /* next sibling */
  VsGameNode *prev;      /* previous sibling */
  VsMove      move;
  guint       ply;
  NodeExtra  *x;         /* NULL when the node has no annotation */
  VsPosition *pos;       /* cached position at checkpoints (see
                            vs_game_node_position), else NULL */
  char        san[];     /* allocated with the node */
};

struct _VsGame {
  GObject          parent_instance;
  const VsVariant *variant;
  char            *start_fen;
  gboolean         setup;
  int              start_side;
  int              start_fullmove;
  GPtrArray       *keys;
  GPtrArray       *values;
  VsGameNode      *root;
  char            *compact;   /* compact form: the game as PGN text (a GRefString), root NULL */
};

static void ensure_tree (VsGame *game);

G_DEFINE_TYPE (VsGame, vs_game, G_TYPE_OBJECT)

enum { SIGNAL_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* ---- NAG glyphs ---- */

static const struct { guint nag; const char *glyph; } nag_glyphs[] = {
  { 1, "!" }, { 2, "?" }, { 3, "!!" }, { 4, "??" }, { 5, "!?" }, { 6, "?!" },
  { 7, "□" }, { 10, "=" }, { 13, "∞" }, { 14, "+=" }, { 15, "=+" },
  { 16, "±" }, { 17, "∓" }, { 18, "+-" }, { 19, "-+" }, { 22, "⨀" }, { 23, "⨀" },
  { 32, "⟳" }, { 33, "⟳" }, { 36, "→" }, { 37, "→" }, { 40, "↑" }, { 41, "↑" },
  { 132, "⇆" }, { 133, "⇆" }, { 140, "∆" }, { 146, "N" },
};

const char *
vs_nag_glyph (guint nag)
{
  for (guint i = 0; i < G_N_ELEMENTS (nag_glyphs); i++)
    if (nag_glyphs[i].nag == nag)
      return nag_glyphs[i].glyph;
  return NULL;
}

guint
vs_nag_from_glyph (const char *glyph)
{
  for (guint i = 0; i < G_N_ELEMENTS (nag_glyphs); i++)
    if (strcmp (nag_glyphs[i].glyph, glyph) == 0)
      return nag_glyphs[i].nag;
  return 0;
}

/* ---- Nodes ---- */

static VsGameNode *
node_new (VsGame *game, VsGameNode *parent, VsMove move, const char *san)
{
  gsize l = san ? strlen (san) : 0;
  VsGameNode *n = g_malloc (sizeof (VsGameNode) + l + 1);
  n->game = game;
  n->parent = parent;
  n->first = n->next = n->prev = NULL;
  n->move = move;
  n->ply = parent ? parent->ply + 1 : 0;
  n->x = NULL;
  n->pos = NULL;
  if (l)
    memcpy (n->san, san, l);
  n->san[l] = '\0';
  return n;
}

static void
extra_free (NodeExtra *x)
{
  if (!x)
    return;
  g_free (x->comment_before);
  g_free (x->comment_after);
  g_free (x->shapes);
  g_free (x);
}

static NodeExtra *
extra_get (VsGameNode *n)
{
  if (!n->x)
    {
      n->x = g_new0 (NodeExtra, 1);
      n->x->clock = VS_CLOCK_NONE;
      n->x->emt = VS_CLOCK_NONE;
    }
  return n->x;
}

static void
node_free_tree (VsGameNode *n)
{
  /* Iterative along main children, recursive for variations. */
  while (n)
    {
      VsGameNode *main = n->first;
      for (VsGameNode *c = main ? main->next : NULL; c; )
        {
          VsGameNode *nx = c->next;
          node_free_tree (c);
          c = nx;
        }
      extra_free (n->x);
      g_free (n->pos);
      g_free (n);
      n = main;
    }
}

static void
node_set_game (VsGameNode *n, VsGame *game, guint ply)
{
  while (n)
    {
      n->game = game;
      n->ply = ply;
      /* attached under another parent, maybe: the cached position goes */
      g_clear_pointer (&n->pos, g_free);
      for (VsGameNode *c = n->first ? n->first->next : NULL; c; c = c->next)
        node_set_game (c, game, ply + 1);
      n = n->first;
      ply++;
    }
}

static NodeExtra *
extra_copy (const NodeExtra *x)
{
  if (!x)
    return NULL;
  NodeExtra *y = g_memdup2 (x, sizeof *x);
  y->comment_before = g_strdup (x->comment_before);
  y->comment_after = g_strdup (x->comment_after);
  y->shapes = x->n_shapes ? g_memdup2 (x->shapes, x->n_shapes * sizeof (VsShape)) : NULL;
  return y;
}

/* Deep copy of a subtree (recursion only for variations). */
static VsGameNode *
node_copy (const VsGameNode *src, VsGame *game, VsGameNode *parent)
{
  VsGameNode *d = node_new (game, parent, src->move, src->san);
  d->ply = src->ply;
  d->x = extra_copy (src->x);
  /* Children: walk the main chain iteratively to bound recursion depth. */
  VsGameNode *cur_d = d;
  const VsGameNode *cur_s = src;
  while (cur_s->first)
    {
      VsGameNode *last = NULL;
      VsGameNode *main_copy = NULL;
      for (const VsGameNode *c = cur_s->first; c; c = c->next)
        {
          VsGameNode *cc;
          if (c == cur_s->first)
            {
              cc = node_new (game, cur_d, c->move, c->san);
              cc->ply = c->ply;
              cc->x = extra_copy (c->x);
              main_copy = cc;
            }
          else
            cc = node_copy (c, game, cur_d);
          cc->prev = last;
          if (last)
            last->next = cc;
          else
            cur_d->first = cc;
          last = cc;
        }
      cur_d = main_copy;
      cur_s = cur_s->first;
    }
  return d;
}

VsGameNode *vs_game_node_get_parent (const VsGameNode *node) { return node->parent; }
VsGameNode *vs_game_node_get_main_child (const VsGameNode *node) { return node->first; }
VsGameNode *vs_game_node_get_next_sibling (const VsGameNode *node) { return node->next; }
VsGameNode *vs_game_node_get_prev_sibling (const VsGameNode *node) { return node->prev; }
gboolean    vs_game_node_is_root (const VsGameNode *node) { return node->parent == NULL; }
guint       vs_game_node_get_ply (const VsGameNode *node) { return node->ply; }
VsGame     *vs_game_node_get_game (const VsGameNode *node) { return node->game; }
VsMove      vs_game_node_get_move (const VsGameNode *node) { return node->move; }
const char *vs_game_node_get_san (const VsGameNode *node) { return node->san; }

int
vs_game_node_get_side (const VsGameNode *node)
{
  guint k = node->ply ? node->ply - 1 : 0;
  return node->game->start_side ^ (k & 1);
}

guint
vs_game_node_get_move_number (const VsGameNode *node)
{
  guint k = node->ply ? node->ply - 1 : 0;
  return node->game->start_fullmove + (k + node->game->start_side) / 2;
}

guint
vs_game_node_get_n_children (const VsGameNode *node)
{
  guint n = 0;
  for (VsGameNode *c = node->first; c; c = c->next)
    n++;
  return n;
}

VsGameNode *
vs_game_node_get_child (const VsGameNode *node, guint index)
{
  VsGameNode *c = node->first;
  while (c && index--)
    c = c->next;
  return c;
}

guint
vs_game_node_get_index (const VsGameNode *node)
{
  guint i = 0;
  for (VsGameNode *c = node->prev; c; c = c->prev)
    i++;
  return i;
}

gboolean
vs_game_node_is_main_line (const VsGameNode *node)
{
  for (; node->parent; node = node->parent)
    if (node->prev)
      return FALSE;
  return TRUE;
}

const char *
vs_game_node_get_comment_before (const VsGameNode *node)
{
  return node->x ? node->x->comment_before : NULL;
}

const char *
vs_game_node_get_comment_after (const VsGameNode *node)
{
  return node->x ? node->x->comment_after : NULL;
}

guint
vs_game_node_get_nags (const VsGameNode *node, const guint8 **nags)
{
  if (!node->x)
    {
      if (nags)
        *nags = NULL;
      return 0;
    }
  if (nags)
    *nags = node->x->nags;
  return node->x->n_nags;
}

gboolean
vs_game_node_has_nag (const VsGameNode *node, guint nag)
{
  if (!node->x)
    return FALSE;
  for (guint i = 0; i < node->x->n_nags; i++)
    if (node->x->nags[i] == nag)
      return TRUE;
  return FALSE;
}

guint
vs_game_node_get_shapes (const VsGameNode *node, const VsShape **shapes)
{
  if (shapes)
    *shapes = node->x ? node->x->shapes : NULL;
  return node->x ? node->x->n_shapes : 0;
}

gint64 vs_game_node_get_clock (const VsGameNode *node) { return node->x ? node->x->clock : VS_CLOCK_NONE; }
gint64 vs_game_node_get_emt (const VsGameNode *node) { return node->x ? node->x->emt : VS_CLOCK_NONE; }

VsEval
vs_game_node_get_eval (const VsGameNode *node)
{
  VsEval none = { VS_EVAL_NONE, 0, 0 };
  return node->x ? node->x->eval : none;
}

/* The moves from the root to node, last first, into path[512] or, for a
 * longer line, a new array in *big; returns their number. */
static guint
node_path (const VsGameNode *node, VsMove path[512], VsMove **big, VsMove **moves)
{
  *moves = path;
  if (node->ply > 512)
    *moves = *big = g_new (VsMove, node->ply);
  guint n = 0;
  for (const VsGameNode *c = node; c->parent; c = c->parent)
    (*moves)[n++] = c->move;
  return n;
}

/* Positions are cached at checkpoints: the root and every node whose ply is
 * a multiple of POSITION_CHECKPOINT hold their position once it has been
 * asked for through them or a descendant.  A query copies the nearest
 * cached ancestor's position and replays at most POSITION_CHECKPOINT - 1
 * moves, so its cost does not grow with the ply (about 70 bytes per ply
 * cached).  A node's move never changes and a moved subtree drops its cache
 * (node_set_game), so a cached position stays right for its node.  Caches
 * are published with an atomic compare-and-swap: two threads reading one
 * game (each with a const node) may both fill one; the loser frees its own. */
#define POSITION_CHECKPOINT 16

static const VsPosition *
node_cached (const VsGameNode *n)
{
  return g_atomic_pointer_get (&((VsGameNode *) n)->pos);
}

static void
node_cache (const VsGameNode *n, const VsPosition *pos)
{
  if (n->ply % POSITION_CHECKPOINT != 0 || node_cached (n) != NULL)
    return;
  VsPosition *copy = g_memdup2 (pos, sizeof *pos);
  VsGameNode *w = (VsGameNode *) n;   /* the cache is not part of the value */
  if (!g_atomic_pointer_compare_and_exchange (&w->pos, NULL, copy))
    g_free (copy);
}

gboolean
vs_game_node_position (const VsGameNode *node, VsPosition *out)
{
  VsGame *game = node->game;
  /* the nodes from node up to (not including) the nearest cached ancestor
   * (or up to the root), last first */
  const VsGameNode *stack[512], **path = stack;
  g_autofree const VsGameNode **big = NULL;
  guint n = 0;
  const VsGameNode *c = node;
  for (; c->parent && node_cached (c) == NULL; c = c->parent)
    {
      if (n == G_N_ELEMENTS (stack))
        {
          big = g_new (const VsGameNode *, node->ply);
          memcpy (big, stack, sizeof stack);
          path = big;
        }
      path[n++] = c;
    }
  const VsPosition *base = node_cached (c);
  if (base)
    *out = *base;
  else
    {
      /* c is the root: the start position */
      if (!vs_position_init (out, game->variant, game->start_fen, NULL))
        return FALSE;
      node_cache (c, out);
    }
  while (n > 0)
    {
      const VsGameNode *step = path[--n];
      vs_position_play (out, step->move);
      node_cache (step, out);
    }
  return TRUE;
}

gboolean
vs_game_node_line (const VsGameNode *node, VsLine *out)
{
  VsGame *game = node->game;
  VsMove path[512], *moves;
  g_autofree VsMove *big = NULL;
  guint n = node_path (node, path, &big, &moves);
  if (!vs_position_init (&out->pos, game->variant, game->start_fen, NULL))
    return FALSE;
  vs_line_set (out, &out->pos);
  while (n > 0)
    vs_line_make (out, moves[--n]);
  return TRUE;
}

gboolean
vs_game_node_write_move (const VsGameNode *node, VsNotation n, char out[VS_MOVE_TEXT_MAX])
{
  out[0] = '\0';
  if (node->parent == NULL)
    return FALSE;
  if (n == VS_NOTATION_SAN)
    {
      g_strlcpy (out, node->san, VS_MOVE_TEXT_MAX);
      return TRUE;
    }
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  if (!vs_game_node_position (node->parent, pos))
    return FALSE;
  vs_move_write (pos, node->move, n, out);
  return TRUE;
}

char *
vs_game_node_fen (const VsGameNode *node)
{
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  if (!vs_game_node_position (node, pos))
    return NULL;
  return vs_position_to_string (pos);
}

GArray *
vs_game_node_get_path (const VsGameNode *node)
{
  GArray *a = g_array_sized_new (FALSE, FALSE, sizeof (guint), node->ply);
  g_array_set_size (a, node->ply);
  guint i = node->ply;
  for (const VsGameNode *c = node; c->parent; c = c->parent)
    g_array_index (a, guint, --i) = vs_game_node_get_index (c);
  return a;
}

VsGameNode *
vs_game_node_from_path (VsGame *game, GArray *path)
{
  ensure_tree (game);
  VsGameNode *n = game->root;
  for (guint i = 0; n && i < path->len; i++)
    n = vs_game_node_get_child (n, g_array_index (path, guint, i));
  return n;
}

/* ---- The game object ---- */

static void
vs_game_finalize (GObject *object)
{
  VsGame *self = VS_GAME (object);
  node_free_tree (self->root);
  g_clear_pointer (&self->compact, g_ref_string_release);
  g_ptr_array_unref (self->keys);
  g_ptr_array_unref (self->values);
  g_free (self->start_fen);
  G_OBJECT_CLASS (vs_game_parent_class)->finalize (object);
}

static void
vs_game_class_init (VsGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->finalize = vs_game_finalize;
  /**
   * VsGame::changed:
   * Emitted after every edit made through the public API.
   */
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 0);
}

static void
vs_game_init (VsGame *self)
{
  self->keys = g_ptr_array_new_with_free_func (g_free);
  self->values = g_ptr_array_new_with_free_func (g_free);
  self->root = node_new (self, NULL, VS_MOVE_NONE, "");
  self->start_side = VS_WHITE;
  self->start_fullmove = 1;
}

static void
changed (VsGame *game)
{
  g_signal_emit (game, signals[SIGNAL_CHANGED], 0);
}

void
_vs_game_set_start (VsGame *game, const VsVariant *v, const char *fen, const VsPosition *pos)
{
  game->variant = v;
  g_free (game->start_fen);
  game->start_fen = vs_position_to_string (pos);
  if (v->start_fen)
    game->setup = strcmp (game->start_fen, v->start_fen) != 0;
  else
    game->setup = fen != NULL;
  game->start_side = pos->side;
  game->start_fullmove = pos->fullmove ? pos->fullmove : 1;
}

VsGame *
_vs_game_new_from_position (const VsVariant *v, const char *fen, const VsPosition *pos)
{
  VsGame *game = g_object_new (VS_TYPE_GAME, NULL);
  _vs_game_set_start (game, v, fen, pos);
  return game;
}

int _vs_game_start_side (VsGame *game) { return game->start_side; }
int _vs_game_start_fullmove (VsGame *game) { return game->start_fullmove; }

VsGame *
vs_game_new (const VsVariant *v, const char *fen, GError **error)
{
  g_return_val_if_fail (v != NULL, NULL);
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  if (!vs_position_init (pos, v, fen, error))
    return NULL;
  return _vs_game_new_from_position (v, fen, pos);
}

VsGame *
vs_game_copy (VsGame *game)
{
  ensure_tree (game);
  VsGame *c = g_object_new (VS_TYPE_GAME, NULL);
  c->variant = game->variant;
  c->start_fen = g_strdup (game->start_fen);
  c->setup = game->setup;
  c->start_side = game->start_side;
  c->start_fullmove = game->start_fullmove;
  for (guint i = 0; i < game->keys->len; i++)
    {
      g_ptr_array_add (c->keys, g_strdup (game->keys->pdata[i]));
      g_ptr_array_add (c->values, g_strdup (game->values->pdata[i]));
    }
  node_free_tree (c->root);
  c->root = node_copy (game->root, c, NULL);
  return c;
}

const VsVariant *vs_game_get_variant (VsGame *game) { return game->variant; }
const char *vs_game_get_start_fen (VsGame *game) { return game->start_fen; }
gboolean vs_game_has_setup (VsGame *game) { return game->setup; }
const char *vs_game_get_rule_set (VsGame *game) { return game->variant->id; }
VsGameNode *vs_game_get_root (VsGame *game) { ensure_tree (game); return game->root; }

gboolean
vs_game_reset (VsGame *game, const VsVariant *v, const char *fen, GError **error)
{
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  if (!vs_position_init (pos, v, fen, error))
    return FALSE;
  _vs_game_set_start (game, v, fen, pos);
  g_clear_pointer (&game->compact, g_ref_string_release);
  node_free_tree (game->root);
  game->root = node_new (game, NULL, VS_MOVE_NONE, "");
  changed (game);
  return TRUE;
}

VsGameNode *
vs_game_get_main_line_end (VsGame *game)
{
  ensure_tree (game);
  VsGameNode *n = game->root;
  while (n->first)
    n = n->first;
  return n;
}

guint
vs_game_get_main_line_length (VsGame *game)
{
  return vs_game_get_main_line_end (game)->ply;
}

gboolean
vs_game_replay_main_line (VsGame *game, VsPosition *pos, gboolean pos_is_start,
                          VsGameLineFunc func, gpointer data)
{
  VsGameNode *n = vs_game_get_root (game);
  if (!pos_is_start && !vs_game_node_position (n, pos))
    return FALSE;
  for (guint ply = 0;; ply++)
    {
      n = vs_game_node_get_main_child (n);
      VsMove m = n ? n->move : 0;
      if (!func (pos, ply, m, data))
        return FALSE;
      if (!n)
        return TRUE;
      vs_position_play (pos, m);
    }
}

/* ---- Headers ---- */

guint vs_game_get_n_headers (VsGame *game) { return game->keys->len; }

const char *
vs_game_get_header_key (VsGame *game, guint index)
{
  return index < game->keys->len ? game->keys->pdata[index] : NULL;
}

const char *
vs_game_get_header_value (VsGame *game, guint index)
{
  return index < game->values->len ? game->values->pdata[index] : NULL;
}

static int
header_find (VsGame *game, const char *key)
{
  for (guint i = 0; i < game->keys->len; i++)
    if (strcmp (game->keys->pdata[i], key) == 0)
      return i;
  return -1;
}

const char *
vs_game_get_header (VsGame *game, const char *key)
{
  int i = header_find (game, key);
  return i < 0 ? NULL : game->values->pdata[i];
}

void
_vs_game_add_header (VsGame *game, const char *key, const char *value)
{
  int i = header_find (game, key);
  if (i >= 0)
    {
      g_free (game->values->pdata[i]);
      game->values->pdata[i] = g_strdup (value);
      return;
    }
  g_ptr_array_add (game->keys, g_strdup (key));
  g_ptr_array_add (game->values, g_strdup (value));
}

void
_vs_game_take_header (VsGame *game, char *key, char *value)
{
  int i = header_find (game, key);
  if (i >= 0)
    {
      g_free (key);
      g_free (game->values->pdata[i]);
      game->values->pdata[i] = value;
      return;
    }
  g_ptr_array_add (game->keys, key);
  g_ptr_array_add (game->values, value);
}

void
vs_game_set_header (VsGame *game, const char *key, const char *value)
{
  /* the compact text holds the headers too: it must not go stale */
  ensure_tree (game);
  if (value)
    _vs_game_add_header (game, key, value);
  else
    {
      int i = header_find (game, key);
      if (i < 0)
        return;
      g_ptr_array_remove_index (game->keys, i);
      g_ptr_array_remove_index (game->values, i);
    }
  changed (game);
}

VsResult
vs_game_get_result (VsGame *game)
{
  const char *r = vs_game_get_header (game, "Result");
  if (!r)
    return VS_RESULT_NONE;
  if (strcmp (r, "1-0") == 0)
    return VS_RESULT_WHITE_WINS;
  if (strcmp (r, "0-1") == 0)
    return VS_RESULT_BLACK_WINS;
  if (strcmp (r, "1/2-1/2") == 0 || strcmp (r, "½-½") == 0)
    return VS_RESULT_DRAW;
  return VS_RESULT_NONE;
}

void
vs_game_set_result (VsGame *game, VsResult result)
{
  vs_game_set_header (game, "Result", vs_result_string (result));
}

/* ---- Editing ---- */

VsGameNode *
_vs_game_append_child (VsGame *game, VsGameNode *parent, VsMove move, const char *san)
{
  VsGameNode *n = node_new (game, parent, move, san);
  if (!parent->first)
    parent->first = n;
  else
    {
      VsGameNode *last = parent->first;
      while (last->next)
        last = last->next;
      last->next = n;
      n->prev = last;
    }
  return n;
}

VsGameNode *
vs_game_add_move (VsGame *game, VsGameNode *parent, VsMove move,
                  gboolean *created, GError **error)
{
  g_return_val_if_fail (parent->game == game, NULL);
  if (created)
    *created = FALSE;
  for (VsGameNode *c = parent->first; c; c = c->next)
    if (VS_MOVE_CORE (c->move) == VS_MOVE_CORE (move))
      return c;
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  if (!vs_game_node_position (parent, pos))
    {
      g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_BAD_POSITION,
                   _("The start position of the game is not valid"));
      return NULL;
    }
  if (!vs_position_is_legal (pos, move))
    {
      char uci[VS_MOVE_TEXT_MAX];
      vs_move_write (pos, move, VS_NOTATION_UCI, uci);
      g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_ILLEGAL_MOVE,
                   _("The move %s is not legal here"), uci);
      return NULL;
    }
  char san[VS_MOVE_TEXT_MAX];
  vs_move_write (pos, move, VS_NOTATION_SAN, san);
  VsGameNode *n = _vs_game_append_child (game, parent, VS_MOVE_CORE (move), san);
  if (created)
    *created = TRUE;
  changed (game);
  return n;
}

VsGameNode *
vs_game_add_move_text (VsGame *game, VsGameNode *parent, const char *text,
                       gboolean *created, GError **error)
{
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  if (!vs_game_node_position (parent, pos))
    {
      g_set_error (error, VS_CORE_ERROR, VS_CORE_ERROR_BAD_POSITION,
                   _("The start position of the game is not valid"));
      return NULL;
    }
  VsMove m;
  GError *first = NULL;
  if (!vs_move_parse (pos, text, VS_NOTATION_SAN, &m, NULL, &first))
    {
      if (!vs_move_parse (pos, text, VS_NOTATION_UCI, &m, NULL, NULL))
        {
          g_propagate_error (error, first);
          return NULL;
        }
      g_clear_error (&first);
    }
  return vs_game_add_move (game, parent, m, created, error);
}

static void
unlink_node (VsGameNode *node)
{
  VsGameNode *p = node->parent;
  if (node->prev)
    node->prev->next = node->next;
  else if (p)
    p->first = node->next;
  if (node->next)
    node->next->prev = node->prev;
  node->next = node->prev = NULL;
}

static void
link_node (VsGameNode *parent, VsGameNode *node, guint index)
{
  node->parent = parent;
  if (!parent->first || index == 0)
    {
      node->next = parent->first;
      node->prev = NULL;
      if (parent->first)
        parent->first->prev = node;
      parent->first = node;
      return;
    }
  VsGameNode *after = parent->first;
  while (--index > 0 && after->next)
    after = after->next;
  node->next = after->next;
  node->prev = after;
  if (after->next)
    after->next->prev = node;
  after->next = node;
}

guint
vs_game_node_set_index (VsGame *game, VsGameNode *node, guint index)
{
  g_return_val_if_fail (node->parent != NULL, 0);
  guint old = vs_game_node_get_index (node);
  if (old == index)
    return old;
  VsGameNode *p = node->parent;
  unlink_node (node);
  link_node (p, node, index);
  changed (game);
  return old;
}

guint
vs_game_promote_variation (VsGame *game, VsGameNode *node)
{
  if (!node->parent)
    return 0;
  guint old = vs_game_node_get_index (node);
  if (old == 0)
    return 0;
  vs_game_node_set_index (game, node, old - 1);
  return old;
}

GArray *
vs_game_make_main_line (VsGame *game, VsGameNode *node)
{
  GArray *old = vs_game_node_get_path (node);
  gboolean any = FALSE;
  for (VsGameNode *c = node; c->parent; c = c->parent)
    if (c->prev)
      {
        VsGameNode *p = c->parent;
        unlink_node (c);
        link_node (p, c, 0);
        any = TRUE;
      }
  if (any)
    changed (game);
  return old;
}

void
vs_game_restore_line_indices (VsGame *game, VsGameNode *node, GArray *old)
{
  guint i = node->ply;
  g_return_if_fail (old->len == node->ply);
  for (VsGameNode *c = node; c->parent; c = c->parent)
    {
      guint want = g_array_index (old, guint, --i);
      if (vs_game_node_get_index (c) != want)
        {
          VsGameNode *p = c->parent;
          unlink_node (c);
          link_node (p, c, want);
        }
    }
  changed (game);
}

VsGameNode *
vs_game_detach (VsGame *game, VsGameNode *node, VsGameNode **parent_out, guint *index_out)
{
  g_return_val_if_fail (node->parent != NULL, NULL);
  if (parent_out)
    *parent_out = node->parent;
  if (index_out)
    *index_out = vs_game_node_get_index (node);
  unlink_node (node);
  node->parent = NULL;
  changed (game);
  return node;
}

void
vs_game_attach (VsGame *game, VsGameNode *parent, VsGameNode *subtree, guint index)
{
  g_return_if_fail (subtree->parent == NULL);
  link_node (parent, subtree, index);
  node_set_game (subtree, game, parent->ply + 1);
  changed (game);
}

void
vs_game_node_free_detached (VsGameNode *subtree)
{
  g_return_if_fail (subtree->parent == NULL);
  node_free_tree (subtree);
}

void
vs_game_delete_from (VsGame *game, VsGameNode *node)
{
  if (!node->parent)
    {
      vs_game_truncate_after (game, node);
      return;
    }
  unlink_node (node);
  node->parent = NULL;
  node_free_tree (node);
  changed (game);
}

void
vs_game_truncate_after (VsGame *game, VsGameNode *node)
{
  while (node->first)
    {
      VsGameNode *c = node->first;
      unlink_node (c);
      c->parent = NULL;
      node_free_tree (c);
    }
  changed (game);
}

/* ---- Annotations ---- */

static void
extra_maybe_drop (VsGameNode *n)
{
  NodeExtra *x = n->x;
  if (x && !x->comment_before && !x->comment_after && !x->n_nags && !x->n_shapes
      && x->clock == VS_CLOCK_NONE && x->emt == VS_CLOCK_NONE && x->eval.kind == VS_EVAL_NONE)
    {
      extra_free (x);
      n->x = NULL;
    }
}

static void
set_string (char **slot, const char *text)
{
  g_free (*slot);
  *slot = (text && *text) ? g_strdup (text) : NULL;
}

void
vs_game_node_set_comment_before (VsGame *game, VsGameNode *node, const char *text)
{
  set_string (&extra_get (node)->comment_before, text);
  extra_maybe_drop (node);
  changed (game);
}

void
vs_game_node_set_comment_after (VsGame *game, VsGameNode *node, const char *text)
{
  set_string (&extra_get (node)->comment_after, text);
  extra_maybe_drop (node);
  changed (game);
}

void
_vs_game_node_append_comment (VsGame *game, VsGameNode *node, gboolean before,
                              const char *text, gssize len)
{
  if (len < 0)
    len = strlen (text);
  if (len == 0)
    return;
  char **slot = before ? &extra_get (node)->comment_before : &extra_get (node)->comment_after;
  if (*slot)
    {
      char *joined = g_strdup_printf ("%s %.*s", *slot, (int) len, text);
      g_free (*slot);
      *slot = joined;
    }
  else
    *slot = g_strndup (text, len);
}

void
_vs_game_node_take_comment (VsGame *game, VsGameNode *node, gboolean before, char *text)
{
  if (!text || !*text)
    {
      g_free (text);
      return;
    }
  char **slot = before ? &extra_get (node)->comment_before : &extra_get (node)->comment_after;
  if (*slot)
    {
      _vs_game_node_append_comment (game, node, before, text, -1);
      g_free (text);
    }
  else
    *slot = text;
}

void
_vs_game_node_push_nag (VsGameNode *node, guint nag)
{
  if (nag == 0 || nag > 255 || vs_game_node_has_nag (node, nag))
    return;
  NodeExtra *x = extra_get (node);
  if (x->n_nags < VS_MAX_NAGS)
    x->nags[x->n_nags++] = nag;
}

void
vs_game_node_set_nags (VsGame *game, VsGameNode *node, const guint8 *nags, guint n)
{
  if (node->x)
    node->x->n_nags = 0;
  for (guint i = 0; i < n; i++)
    _vs_game_node_push_nag (node, nags[i]);
  if (node->x)
    extra_maybe_drop (node);
  changed (game);
}

void
vs_game_node_add_nag (VsGame *game, VsGameNode *node, guint nag)
{
  _vs_game_node_push_nag (node, nag);
  changed (game);
}

void
vs_game_node_remove_nag (VsGame *game, VsGameNode *node, guint nag)
{
  NodeExtra *x = node->x;
  if (!x)
    return;
  guint j = 0;
  for (guint i = 0; i < x->n_nags; i++)
    if (x->nags[i] != nag)
      x->nags[j++] = x->nags[i];
  x->n_nags = j;
  extra_maybe_drop (node);
  changed (game);
}

void
_vs_game_node_push_shape (VsGameNode *node, VsShape shape)
{
  NodeExtra *x = extra_get (node);
  x->shapes = g_renew (VsShape, x->shapes, x->n_shapes + 1);
  x->shapes[x->n_shapes++] = shape;
}

void
vs_game_node_set_shapes (VsGame *game, VsGameNode *node, const VsShape *shapes, guint n)
{
  NodeExtra *x = extra_get (node);
  g_free (x->shapes);
  x->shapes = n ? g_memdup2 (shapes, n * sizeof (VsShape)) : NULL;
  x->n_shapes = n;
  extra_maybe_drop (node);
  changed (game);
}

void _vs_game_node_put_clock (VsGameNode *node, gint64 ms) { extra_get (node)->clock = ms; }
void _vs_game_node_put_emt (VsGameNode *node, gint64 ms) { extra_get (node)->emt = ms; }
void _vs_game_node_put_eval (VsGameNode *node, VsEval eval) { extra_get (node)->eval = eval; }

void
vs_game_node_set_clock (VsGame *game, VsGameNode *node, gint64 ms)
{
  extra_get (node)->clock = ms < 0 ? VS_CLOCK_NONE : ms;
  extra_maybe_drop (node);
  changed (game);
}

void
vs_game_node_set_emt (VsGame *game, VsGameNode *node, gint64 ms)
{
  extra_get (node)->emt = ms < 0 ? VS_CLOCK_NONE : ms;
  extra_maybe_drop (node);
  changed (game);
}

void
vs_game_node_set_eval (VsGame *game, VsGameNode *node, VsEval eval)
{
  extra_get (node)->eval = eval;
  extra_maybe_drop (node);
  changed (game);
}

gboolean
_vs_game_node_has_commands (const VsGameNode *node)
{
  return node->x && (node->x->n_shapes || node->x->clock != VS_CLOCK_NONE
                     || node->x->emt != VS_CLOCK_NONE || node->x->eval.kind != VS_EVAL_NONE);
}

/* ---- Equality ---- */

static gboolean
str_eq (const char *a, const char *b)
{
  return g_strcmp0 (a, b) == 0;
}

static gboolean
node_equal (const VsGameNode *a, const VsGameNode *b, char **why)
{
  while (a && b)
    {
#define DIFF(...) do { if (why) *why = g_strdup_printf (__VA_ARGS__); return FALSE; } while (0)
      if (VS_MOVE_CORE (a->move) != VS_MOVE_CORE (b->move) && a->parent)
        DIFF ("ply %u: move %s vs %s", a->ply, a->san, b->san);
      if (!str_eq (a->san, b->san))
        DIFF ("ply %u: SAN “%s” vs “%s”", a->ply, a->san, b->san);
      if (!str_eq (vs_game_node_get_comment_before (a), vs_game_node_get_comment_before (b)))
        DIFF ("ply %u (%s): comment before “%s” vs “%s”", a->ply, a->san,
              vs_game_node_get_comment_before (a), vs_game_node_get_comment_before (b));
      if (!str_eq (vs_game_node_get_comment_after (a), vs_game_node_get_comment_after (b)))
        DIFF ("ply %u (%s): comment after “%s” vs “%s”", a->ply, a->san,
              vs_game_node_get_comment_after (a), vs_game_node_get_comment_after (b));
      const guint8 *na, *nb;
      guint ca = vs_game_node_get_nags (a, &na), cb = vs_game_node_get_nags (b, &nb);
      if (ca != cb || (ca && memcmp (na, nb, ca) != 0))
        DIFF ("ply %u (%s): NAGs differ", a->ply, a->san);
      const VsShape *sa, *sb;
      ca = vs_game_node_get_shapes (a, &sa);
      cb = vs_game_node_get_shapes (b, &sb);
      if (ca != cb || (ca && memcmp (sa, sb, ca * sizeof (VsShape)) != 0))
        DIFF ("ply %u (%s): shapes differ", a->ply, a->san);
      if (vs_game_node_get_clock (a) != vs_game_node_get_clock (b))
        DIFF ("ply %u (%s): clock %" G_GINT64_FORMAT " vs %" G_GINT64_FORMAT, a->ply, a->san,
              vs_game_node_get_clock (a), vs_game_node_get_clock (b));
      if (vs_game_node_get_emt (a) != vs_game_node_get_emt (b))
        DIFF ("ply %u (%s): move time differs", a->ply, a->san);
      VsEval ea = vs_game_node_get_eval (a), eb = vs_game_node_get_eval (b);
      if (ea.kind != eb.kind || ea.value != eb.value || ea.depth != eb.depth)
        DIFF ("ply %u (%s): evaluation differs", a->ply, a->san);
      if (vs_game_node_get_n_children (a) != vs_game_node_get_n_children (b))
        DIFF ("ply %u (%s): %u vs %u continuations", a->ply, a->san,
              vs_game_node_get_n_children (a), vs_game_node_get_n_children (b));
      const VsGameNode *x = a->first ? a->first->next : NULL;
      const VsGameNode *y = b->first ? b->first->next : NULL;
      for (; x && y; x = x->next, y = y->next)
        if (!node_equal (x, y, why))
          return FALSE;
      a = a->first;
      b = b->first;
#undef DIFF
    }
  return TRUE;
}

gboolean
vs_game_equal (VsGame *a, VsGame *b, char **why)
{
  ensure_tree (a);
  ensure_tree (b);
  if (why)
    *why = NULL;
  if (a->variant != b->variant)
    {
      if (why)
        *why = g_strdup_printf ("variant %s vs %s", a->variant->id, b->variant->id);
      return FALSE;
    }
  if (!str_eq (a->start_fen, b->start_fen))
    {
      if (why)
        *why = g_strdup_printf ("start %s vs %s", a->start_fen, b->start_fen);
      return FALSE;
    }
  if (a->keys->len != b->keys->len)
    {
      if (why)
        *why = g_strdup_printf ("%u vs %u headers", a->keys->len, b->keys->len);
      return FALSE;
    }
  for (guint i = 0; i < a->keys->len; i++)
    if (!str_eq (a->keys->pdata[i], b->keys->pdata[i]) || !str_eq (a->values->pdata[i], b->values->pdata[i]))
      {
        if (why)
          *why = g_strdup_printf ("header %u: [%s “%s”] vs [%s “%s”]", i,
                                  (char *) a->keys->pdata[i], (char *) a->values->pdata[i],
                                  (char *) b->keys->pdata[i], (char *) b->values->pdata[i]);
        return FALSE;
      }
  return node_equal (a->root, b->root, why);
}

/* ---- Compact form ---- */

void
vs_game_compact (VsGame *game)
{
  g_return_if_fail (VS_IS_GAME (game));
  if (game->compact != NULL)
    return;
  g_autofree char *text = vs_pgn_write_game (game);
  game->compact = g_ref_string_new (text);
  node_free_tree (game->root);
  game->root = NULL;
}

gboolean
vs_game_is_compact (VsGame *game)
{
  return game->compact != NULL;
}

const char *
_vs_game_get_compact_text (VsGame *game)
{
  return game->compact;
}

static void
set_owner (VsGameNode *n, VsGame *game)
{
  /* along main children iteratively, variations recursively */
  for (; n; n = n->first)
    {
      n->game = game;
      for (VsGameNode *c = n->first ? n->first->next : NULL; c; c = c->next)
        set_owner (c, game);
    }
}

/* Back from the compact form: the tree is read again from the text the
 * PGN writer made of it (the same reader, the same moves and annotations). */
static void
ensure_tree (VsGame *game)
{
  if (G_LIKELY (game->compact == NULL))
    return;
  /* (a writer in another thread may hold the text too: released, not freed) */
  char *text = g_steal_pointer (&game->compact);
  VsRecordOptions o = { .format = VS_RECORD_FORMAT_PGN, .variant = game->variant, .filename = "compact" };
  g_autoptr (VsGameCollection) c = vs_game_collection_new ();
  g_autoptr (GError) error = NULL;
  vs_record_read_data (text, -1, &o, c, &error);
  if (error)
    g_warning ("a compact game did not read back completely: %s", error->message);
  if (vs_game_collection_get_n_games (c) > 0)
    {
      VsGame *read = vs_game_collection_get_game (c, 0);
      game->root = g_steal_pointer (&read->root);
      set_owner (game->root, game);
    }
  else
    game->root = node_new (game, NULL, VS_MOVE_NONE, "");
  g_ref_string_release (text);
}

VsResult
vs_game_get_derived_result (VsGame *game)
{
  VsResult r = vs_game_get_result (game);
  if (r != VS_RESULT_NONE)
    return r;
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  if (!vs_game_node_position (vs_game_get_main_line_end (game), pos))
    return VS_RESULT_NONE;
  VsResult decided = VS_RESULT_NONE;
  if (vs_position_state (pos, NULL, &decided) == VS_STATE_CHECKMATE)
    return decided;
  return VS_RESULT_NONE;
}
