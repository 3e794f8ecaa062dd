/* vs-game-collection.c — a GListModel of VsGame with the problems met reading them. */
#include "config.h"
#include "vs-record-private.h"

struct _VsGameCollection {
  GObject    parent_instance;
  GPtrArray *games;     /* VsGame, owned */
  GPtrArray *problems;  /* VsRecordProblem, owned */
  GPtrArray *game_problems;  /* parallel to games: borrowed VsRecordProblem or NULL */
};

static void vs_game_collection_list_model_init (GListModelInterface *iface);

G_DEFINE_TYPE_WITH_CODE (VsGameCollection, vs_game_collection, G_TYPE_OBJECT,
                         G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, vs_game_collection_list_model_init))

static GType
list_get_item_type (GListModel *model)
{
  return VS_TYPE_GAME;
}

static guint
list_get_n_items (GListModel *model)
{
  return VS_GAME_COLLECTION (model)->games->len;
}

static gpointer
list_get_item (GListModel *model, guint position)
{
  VsGameCollection *self = VS_GAME_COLLECTION (model);
  if (position >= self->games->len)
    return NULL;
  return g_object_ref (self->games->pdata[position]);
}

static void
vs_game_collection_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = list_get_item_type;
  iface->get_n_items = list_get_n_items;
  iface->get_item = list_get_item;
}

static void
vs_game_collection_finalize (GObject *object)
{
  VsGameCollection *self = VS_GAME_COLLECTION (object);
  g_ptr_array_unref (self->games);
  g_ptr_array_unref (self->problems);
  g_ptr_array_unref (self->game_problems);
  G_OBJECT_CLASS (vs_game_collection_parent_class)->finalize (object);
}

static void
vs_game_collection_class_init (VsGameCollectionClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = vs_game_collection_finalize;
}

static void
vs_game_collection_init (VsGameCollection *self)
{
  self->games = g_ptr_array_new_with_free_func (g_object_unref);
  self->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) vs_record_problem_free);
  self->game_problems = g_ptr_array_new ();
}

VsGameCollection *
vs_game_collection_new (void)
{
  return g_object_new (VS_TYPE_GAME_COLLECTION, NULL);
}

guint
vs_game_collection_get_n_games (VsGameCollection *self)
{
  return self->games->len;
}

VsGame *
vs_game_collection_get_game (VsGameCollection *self, guint index)
{
  g_return_val_if_fail (index < self->games->len, NULL);
  return self->games->pdata[index];
}

void
vs_game_collection_insert (VsGameCollection *self, guint index, VsGame *game)
{
  if (index > self->games->len)
    index = self->games->len;
  g_ptr_array_insert (self->games, index, g_object_ref (game));
  g_ptr_array_insert (self->game_problems, index, NULL);
  g_list_model_items_changed (G_LIST_MODEL (self), index, 0, 1);
}

void
vs_game_collection_append (VsGameCollection *self, VsGame *game)
{
  vs_game_collection_insert (self, self->games->len, game);
}

void
vs_game_collection_remove (VsGameCollection *self, guint index)
{
  g_return_if_fail (index < self->games->len);
  g_ptr_array_remove_index (self->games, index);
  g_ptr_array_remove_index (self->game_problems, index);
  g_list_model_items_changed (G_LIST_MODEL (self), index, 1, 0);
}

GPtrArray *
vs_game_collection_get_problems (VsGameCollection *self)
{
  return self->problems;
}

void
vs_game_collection_add_problem (VsGameCollection *self, const VsRecordProblem *problem)
{
  g_ptr_array_add (self->problems, vs_record_problem_copy (problem));
}

void
vs_game_collection_add_game_problem (VsGameCollection *self, guint game_index,
                                     const VsRecordProblem *problem)
{
  VsRecordProblem *p = vs_record_problem_copy (problem);
  g_ptr_array_add (self->problems, p);
  if (game_index < self->game_problems->len)
    self->game_problems->pdata[game_index] = p;
}

const VsRecordProblem *
vs_game_collection_get_game_problem (VsGameCollection *self, guint index)
{
  g_return_val_if_fail (index < self->game_problems->len, NULL);
  return self->game_problems->pdata[index];
}
