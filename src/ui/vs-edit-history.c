/* vs-edit-history.c — undo and redo for the edits of one game. */
#include "config.h"

#include "vs-edit-history.h"

typedef struct
{
  VsGame *game;
  GArray *path;
} Snapshot;

struct _VsEditHistory
{
  GObject parent_instance;
  GPtrArray *undo;   /* of Snapshot*, oldest first */
  GPtrArray *redo;   /* of Snapshot*, next redo last */
  guint max_steps;
};

enum { PROP_0, PROP_CAN_UNDO, PROP_CAN_REDO, N_PROPS };
static GParamSpec *props[N_PROPS];

G_DEFINE_FINAL_TYPE (VsEditHistory, vs_edit_history, G_TYPE_OBJECT)

static void
snapshot_free (gpointer data)
{
  Snapshot *s = data;
  g_object_unref (s->game);
  g_array_unref (s->path);
  g_free (s);
}

static Snapshot *
snapshot_new (VsGame *game, VsGameNode *cursor)
{
  Snapshot *s = g_new (Snapshot, 1);
  s->game = vs_game_copy (game);
  s->path = vs_game_node_get_path (cursor ? cursor : vs_game_get_root (game));
  return s;
}

static void
notify_state (VsEditHistory *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_CAN_REDO]);
}

void
vs_edit_history_record (VsEditHistory *self, VsGame *game, VsGameNode *cursor)
{
  g_return_if_fail (VS_IS_EDIT_HISTORY (self));
  g_ptr_array_add (self->undo, snapshot_new (game, cursor));
  if (self->undo->len > self->max_steps)
    g_ptr_array_remove_index (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
  notify_state (self);
}

void
vs_edit_history_drop_last (VsEditHistory *self)
{
  if (self->undo->len > 0)
    g_ptr_array_remove_index (self->undo, self->undo->len - 1);
  notify_state (self);
}

gboolean
vs_edit_history_can_undo (VsEditHistory *self)
{
  return self->undo->len > 0;
}

gboolean
vs_edit_history_can_redo (VsEditHistory *self)
{
  return self->redo->len > 0;
}

static VsGame *
swap (VsEditHistory *self, GPtrArray *from, GPtrArray *to, VsGame *game, VsGameNode *cursor,
      VsGameNode **cursor_out)
{
  if (from->len == 0)
    return NULL;
  Snapshot *s = g_ptr_array_steal_index (from, from->len - 1);
  g_ptr_array_add (to, snapshot_new (game, cursor));
  VsGame *restored = g_steal_pointer (&s->game);
  if (cursor_out)
    {
      VsGameNode *n = vs_game_node_from_path (restored, s->path);
      *cursor_out = n ? n : vs_game_get_root (restored);
    }
  g_array_unref (s->path);
  g_free (s);
  notify_state (self);
  return restored;
}

VsGame *
vs_edit_history_undo (VsEditHistory *self, VsGame *game, VsGameNode *cursor, VsGameNode **cursor_out)
{
  g_return_val_if_fail (VS_IS_EDIT_HISTORY (self), NULL);
  return swap (self, self->undo, self->redo, game, cursor, cursor_out);
}

VsGame *
vs_edit_history_redo (VsEditHistory *self, VsGame *game, VsGameNode *cursor, VsGameNode **cursor_out)
{
  g_return_val_if_fail (VS_IS_EDIT_HISTORY (self), NULL);
  return swap (self, self->redo, self->undo, game, cursor, cursor_out);
}

void
vs_edit_history_clear (VsEditHistory *self)
{
  g_ptr_array_set_size (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
  notify_state (self);
}

static void
vs_edit_history_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  VsEditHistory *self = VS_EDIT_HISTORY (object);
  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, vs_edit_history_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, vs_edit_history_can_redo (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
vs_edit_history_finalize (GObject *object)
{
  VsEditHistory *self = VS_EDIT_HISTORY (object);
  g_ptr_array_unref (self->undo);
  g_ptr_array_unref (self->redo);
  G_OBJECT_CLASS (vs_edit_history_parent_class)->finalize (object);
}

static void
vs_edit_history_class_init (VsEditHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->finalize = vs_edit_history_finalize;
  object_class->get_property = vs_edit_history_get_property;
  props[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  props[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);
}

static void
vs_edit_history_init (VsEditHistory *self)
{
  self->undo = g_ptr_array_new_with_free_func (snapshot_free);
  self->redo = g_ptr_array_new_with_free_func (snapshot_free);
  self->max_steps = 200;
}

VsEditHistory *
vs_edit_history_new (guint max_steps)
{
  VsEditHistory *self = g_object_new (VS_TYPE_EDIT_HISTORY, NULL);
  if (max_steps > 0)
    self->max_steps = max_steps;
  return self;
}
