/* vs-move-tree-view.c — the moves of a game as Lichess shows them.
 *
 * A read-only GtkTextView: the main line flows as one paragraph; each group
 * of variations (the siblings of a main-line move) opens an indented
 * paragraph per variation, nested variations inline in parentheses, and the
 * main line resumes after them with its move number.  Comments are shown in
 * italics where they belong, NAG glyphs after the move.  Each move's text
 * range maps back to its node (sorted array, binary search on click). */
#include "config.h"

#include <glib/gi18n.h>

#include "vs-move-tree-view.h"
#include "vs-move-notation.h"

typedef struct
{
  int start, end;      /* character offsets */
  VsGameNode *node;
} Span;

struct _VsMoveTreeView
{
  GtkWidget parent_instance;

  GtkWidget *scroller;
  GtkTextView *text_view;
  GtkTextBuffer *buffer;
  GtkWidget *context_menu;

  VsGame *game;
  gulong changed_id;
  GArray *spans;        /* of Span, by start */
  GHashTable *node_index;  /* VsGameNode* -> index in spans + 1 */
  VsGameNode *current;
  int root_side;        /* side to move at the start */
  int root_fullmove;
  guint rebuild_idle;
  GSettings *settings;  /* issue 18: "move-notations", or NULL */
  VsNotation notation;  /* the one chosen for the game's variant */
};

enum { NODE_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (VsMoveTreeView, vs_move_tree_view, GTK_TYPE_WIDGET)

/* ---- Building the text ---------------------------------------------------- */

static void
insert (VsMoveTreeView *self, const char *text, const char *tag1, const char *tag2)
{
  GtkTextIter end;
  gtk_text_buffer_get_end_iter (self->buffer, &end);
  gtk_text_buffer_insert_with_tags_by_name (self->buffer, &end, text, -1,
                                            tag1 ? tag1 : tag2, tag1 ? tag2 : NULL, NULL);
}

/* Index of the ply among the game's half-moves, counting from a White
 * (Cho) move: even = White's move. */
static guint
half_index (VsMoveTreeView *self, VsGameNode *node)
{
  return vs_game_node_get_ply (node) - 1 + (self->root_side == 1 ? 1 : 0);
}

static char *
move_number (VsMoveTreeView *self, VsGameNode *node, gboolean force)
{
  guint h = half_index (self, node);
  guint number = self->root_fullmove + h / 2;
  if (h % 2 == 0)
    return g_strdup_printf ("%u. ", number);
  if (force)
    return g_strdup_printf ("%u… ", number);
  return NULL;
}

static void
insert_comment (VsMoveTreeView *self, const char *comment, const char *depth_tag)
{
  if (comment == NULL || *comment == '\0')
    return;
  /* Line breaks in a record's comment are the file's wrapping, not the author's. */
  g_autofree char *flat = g_strdup (comment);
  g_strdelimit (flat, "\r\n\t", ' ');
  insert (self, flat, "comment", depth_tag);
  insert (self, " ", depth_tag, NULL);
}

static void
insert_move (VsMoveTreeView *self, VsGameNode *node, gboolean force_number, const char *depth_tag)
{
  insert_comment (self, vs_game_node_get_comment_before (node), depth_tag);

  g_autofree char *number = move_number (self, node, force_number);
  if (number)
    insert (self, number, "number", depth_tag);

  /* Record notations with spaces (Chartima, Strato) never break inside a move. */
  /* Issue 18: a pass reads "Pass" (한수쉼 in the Korean notations), never as
   * a King move; moves are in the notation chosen in Preferences. */
  char written[VS_MOVE_TEXT_MAX];
  const char *shown = vs_game_node_get_san (node);
  if (self->notation != VS_NOTATION_SAN && vs_game_node_write_move (node, self->notation, written))
    shown = written;
  else if (VS_MOVE_KIND (vs_game_node_get_move (node)) == VS_MOVE_PASS)
    shown = _("Pass");
  GString *text = g_string_new (shown);
  g_string_replace (text, " ", "\u00a0", 0);
  g_string_replace (text, "-", "-\u2060", 0);   /* no break after a hyphen either */
  const guint8 *nags;
  guint n = vs_game_node_get_nags (node, &nags);
  for (guint i = 0; i < n; i++)
    {
      const char *glyph = vs_nag_glyph (nags[i]);
      if (glyph)
        g_string_append (text, glyph);
    }

  GtkTextIter end;
  gtk_text_buffer_get_end_iter (self->buffer, &end);
  Span span = { gtk_text_iter_get_offset (&end), 0, node };
  insert (self, text->str, "move", depth_tag);
  gtk_text_buffer_get_end_iter (self->buffer, &end);
  span.end = gtk_text_iter_get_offset (&end);
  g_array_append_val (self->spans, span);
  g_hash_table_insert (self->node_index, node, GUINT_TO_POINTER (self->spans->len));
  g_string_free (text, TRUE);

  insert (self, " ", depth_tag, NULL);
  insert_comment (self, vs_game_node_get_comment_after (node), depth_tag);
}

static const char *
depth_tag (int depth)
{
  return depth == 0 ? NULL : depth == 1 ? "depth1" : "depth2";
}

static void insert_continuation (VsMoveTreeView *self, VsGameNode *parent, int depth, gboolean force_number);

/* One variation: its first move (with number) and what follows it.  Under
 * the main line it is a paragraph of its own; deeper it is inline, in
 * parentheses. */
static void
insert_variation (VsMoveTreeView *self, VsGameNode *first, int depth)
{
  const char *tag = depth_tag (depth);
  if (depth == 1)
    insert (self, "\n", NULL, NULL);
  else
    insert (self, "(", tag, NULL);
  insert_move (self, first, TRUE, tag);
  insert_continuation (self, first, depth, vs_game_node_get_comment_after (first) != NULL);
  if (depth > 1)
    {
      /* close the parenthesis on the last move, not after a space */
      GtkTextIter end, before;
      gtk_text_buffer_get_end_iter (self->buffer, &end);
      before = end;
      if (gtk_text_iter_backward_char (&before) && gtk_text_iter_get_char (&before) == ' ')
        gtk_text_buffer_delete (self->buffer, &before, &end);
      insert (self, ") ", tag, NULL);
    }
}

/* The line after `parent`: its main continuation, move after move; the
 * alternatives to each move follow that move. */
static void
insert_continuation (VsMoveTreeView *self, VsGameNode *parent, int depth, gboolean force_number)
{
  const char *tag = depth_tag (depth);
  gboolean force = force_number;

  for (VsGameNode *node = vs_game_node_get_main_child (parent); node;
       node = vs_game_node_get_main_child (node))
    {
      insert_move (self, node, force, tag);
      force = vs_game_node_get_comment_after (node) != NULL;

      VsGameNode *alt = vs_game_node_get_next_sibling (node);
      if (alt == NULL)
        continue;
      for (; alt; alt = vs_game_node_get_next_sibling (alt))
        insert_variation (self, alt, depth == 0 ? 1 : depth + 1);
      if (depth == 0)
        insert (self, "\n", NULL, NULL);
      force = TRUE;
    }
}

static void
rebuild (VsMoveTreeView *self)
{
  g_clear_handle_id (&self->rebuild_idle, g_source_remove);
  gtk_text_buffer_set_text (self->buffer, "", 0);
  g_array_set_size (self->spans, 0);
  g_hash_table_remove_all (self->node_index);
  if (self->game == NULL)
    return;

  self->notation = vs_move_notation_get (self->settings, vs_game_get_variant (self->game));
  VsGameNode *root = vs_game_get_root (self->game);
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  if (vs_game_node_position (root, pos))
    {
      self->root_side = pos->side;
      self->root_fullmove = pos->fullmove > 0 ? pos->fullmove : 1;
    }
  else
    self->root_side = 0, self->root_fullmove = 1;

  insert_comment (self, vs_game_node_get_comment_after (root), NULL);
  if (vs_game_node_get_main_child (root))
    insert_continuation (self, root, 0, TRUE);
  else if (vs_game_node_get_comment_after (root) == NULL)
    insert (self, _("No moves yet: play a move on the board."), "comment", NULL);

  /* the recorded result, or the one the final position gives (a mate
   * recorded as "*") */
  VsResult derived = vs_game_get_derived_result (self->game);
  const char *result = derived != VS_RESULT_NONE ? vs_result_string (derived)
                                                 : vs_game_get_header (self->game, "Result");
  if (result && g_strcmp0 (result, "*") != 0)
    {
      insert (self, "\n", NULL, NULL);
      insert (self, result, "result", NULL);
    }
  vs_move_tree_view_set_current (self, self->current);
}

static void
game_changed_cb (VsGame *game, VsMoveTreeView *self)
{
  /* Several edits may come in one go: rebuild once, before the next frame. */
  if (self->rebuild_idle == 0)
    self->rebuild_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, (GSourceFunc) (void (*)(void)) rebuild, self, NULL);
}

static void
notation_changed_cb (GSettings *settings, const char *key, VsMoveTreeView *self)
{
  game_changed_cb (self->game, self);
}

/* ---- Public API ------------------------------------------------------------ */

void
vs_move_tree_view_set_settings (VsMoveTreeView *self, GSettings *settings)
{
  g_return_if_fail (VS_IS_MOVE_TREE_VIEW (self));
  if (self->settings == settings)
    return;
  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_set_object (&self->settings, settings);
  if (settings)
    g_signal_connect (settings, "changed::move-notations", G_CALLBACK (notation_changed_cb), self);
  rebuild (self);
}

void
vs_move_tree_view_set_game (VsMoveTreeView *self, VsGame *game)
{
  g_return_if_fail (VS_IS_MOVE_TREE_VIEW (self));
  if (self->game == game)
    return;
  if (self->game)
    g_clear_signal_handler (&self->changed_id, self->game);
  g_set_object (&self->game, game);
  self->current = NULL;
  if (game)
    self->changed_id = g_signal_connect (game, "changed", G_CALLBACK (game_changed_cb), self);
  rebuild (self);
}

VsGame *
vs_move_tree_view_get_game (VsMoveTreeView *self)
{
  return self->game;
}

gboolean
vs_move_tree_view_get_node_range (VsMoveTreeView *self, VsGameNode *node, int *start, int *end)
{
  if (self->rebuild_idle)
    rebuild (self);
  guint i = GPOINTER_TO_UINT (g_hash_table_lookup (self->node_index, node));
  if (i == 0)
    return FALSE;
  Span *s = &g_array_index (self->spans, Span, i - 1);
  *start = s->start;
  *end = s->end;
  return TRUE;
}

void
vs_move_tree_view_set_current (VsMoveTreeView *self, VsGameNode *node)
{
  g_return_if_fail (VS_IS_MOVE_TREE_VIEW (self));
  self->current = node;
  if (self->rebuild_idle)
    return;   /* applied by the rebuild */

  GtkTextIter start, end;
  gtk_text_buffer_get_bounds (self->buffer, &start, &end);
  gtk_text_buffer_remove_tag_by_name (self->buffer, "current", &start, &end);

  int s, e;
  if (node && vs_move_tree_view_get_node_range (self, node, &s, &e))
    {
      gtk_text_buffer_get_iter_at_offset (self->buffer, &start, s);
      gtk_text_buffer_get_iter_at_offset (self->buffer, &end, e);
      gtk_text_buffer_apply_tag_by_name (self->buffer, "current", &start, &end);
      GtkTextMark *mark = gtk_text_buffer_get_mark (self->buffer, "current-move");
      gtk_text_buffer_move_mark (self->buffer, mark, &start);
      gtk_text_view_scroll_mark_onscreen (self->text_view, mark);
    }
}

char *
vs_move_tree_view_get_text (VsMoveTreeView *self)
{
  if (self->rebuild_idle)
    rebuild (self);
  GtkTextIter start, end;
  gtk_text_buffer_get_bounds (self->buffer, &start, &end);
  return gtk_text_buffer_get_text (self->buffer, &start, &end, FALSE);
}

VsGameNode *
vs_move_tree_view_node_at_offset (VsMoveTreeView *self, int offset)
{
  if (self->rebuild_idle)
    rebuild (self);
  guint lo = 0, hi = self->spans->len;
  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      Span *s = &g_array_index (self->spans, Span, mid);
      if (offset < s->start)
        hi = mid;
      else if (offset >= s->end)
        lo = mid + 1;
      else
        return s->node;
    }
  return NULL;
}

/* ---- Input ------------------------------------------------------------------ */

static VsGameNode *
node_at_point (VsMoveTreeView *self, double x, double y)
{
  int bx, by;
  GtkTextIter iter;
  gtk_text_view_window_to_buffer_coords (self->text_view, GTK_TEXT_WINDOW_WIDGET, x, y, &bx, &by);
  if (!gtk_text_view_get_iter_at_location (self->text_view, &iter, bx, by))
    return NULL;
  return vs_move_tree_view_node_at_offset (self, gtk_text_iter_get_offset (&iter));
}

static void
pressed_cb (GtkGestureClick *gesture, int n_press, double x, double y, VsMoveTreeView *self)
{
  VsGameNode *node = node_at_point (self, x, y);
  if (node)
    g_signal_emit (self, signals[NODE_ACTIVATED], 0, node);
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

/* The right button, caught before the text view's own gesture sees it:
 * the moves' menu is the only one (the text view's Cut/Copy/Paste menu
 * never opens over it, on a move or beside one). */
static void
secondary_pressed_cb (GtkGestureClick *gesture, int n_press, double x, double y, VsMoveTreeView *self)
{
  VsGameNode *node = node_at_point (self, x, y);
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  if (node == NULL)
    return;
  g_signal_emit (self, signals[NODE_ACTIVATED], 0, node);
  graphene_point_t p;
  if (!gtk_widget_compute_point (GTK_WIDGET (self->text_view), GTK_WIDGET (self),
                                 &GRAPHENE_POINT_INIT (x, y), &p))
    p = GRAPHENE_POINT_INIT (x, y);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->context_menu),
                               &(GdkRectangle) { p.x, p.y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->context_menu));
}

static void
motion_cb (GtkEventControllerMotion *motion, double x, double y, VsMoveTreeView *self)
{
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self->text_view),
                                   node_at_point (self, x, y) ? "pointer" : NULL);
}

/* ---- Layout: the scroller fills the widget; the popover is presented ---- */

static void
vs_move_tree_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                           int *minimum, int *natural, int *min_baseline, int *nat_baseline)
{
  VsMoveTreeView *self = VS_MOVE_TREE_VIEW (widget);
  gtk_widget_measure (self->scroller, orientation, for_size, minimum, natural, NULL, NULL);
}

static void
vs_move_tree_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  VsMoveTreeView *self = VS_MOVE_TREE_VIEW (widget);
  gtk_widget_allocate (self->scroller, width, height, baseline, NULL);
  gtk_popover_present (GTK_POPOVER (self->context_menu));
}

/* ---- GObject ------------------------------------------------------------------ */

static void
vs_move_tree_view_dispose (GObject *object)
{
  VsMoveTreeView *self = VS_MOVE_TREE_VIEW (object);
  g_clear_handle_id (&self->rebuild_idle, g_source_remove);
  if (self->game)
    g_clear_signal_handler (&self->changed_id, self->game);
  g_clear_object (&self->game);
  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), VS_TYPE_MOVE_TREE_VIEW);
  G_OBJECT_CLASS (vs_move_tree_view_parent_class)->dispose (object);
}

static void
vs_move_tree_view_finalize (GObject *object)
{
  VsMoveTreeView *self = VS_MOVE_TREE_VIEW (object);
  g_array_unref (self->spans);
  g_hash_table_unref (self->node_index);
  G_OBJECT_CLASS (vs_move_tree_view_parent_class)->finalize (object);
}

static void
vs_move_tree_view_class_init (VsMoveTreeViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = vs_move_tree_view_dispose;
  object_class->finalize = vs_move_tree_view_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/example/VariantStudy/ui/vs-move-tree-view.ui");
  gtk_widget_class_bind_template_child (widget_class, VsMoveTreeView, scroller);
  gtk_widget_class_bind_template_child (widget_class, VsMoveTreeView, text_view);
  gtk_widget_class_bind_template_child (widget_class, VsMoveTreeView, context_menu);
  widget_class->measure = vs_move_tree_view_measure;
  widget_class->size_allocate = vs_move_tree_view_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "movetree");

  signals[NODE_ACTIVATED] = g_signal_new ("node-activated", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
vs_move_tree_view_init (VsMoveTreeView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->spans = g_array_new (FALSE, FALSE, sizeof (Span));
  self->node_index = g_hash_table_new (NULL, NULL);
  self->buffer = gtk_text_view_get_buffer (self->text_view);

  gtk_text_buffer_create_tag (self->buffer, "move", "weight", PANGO_WEIGHT_SEMIBOLD, NULL);
  gtk_text_buffer_create_tag (self->buffer, "number", "foreground", "#888a85", NULL);
  gtk_text_buffer_create_tag (self->buffer, "comment", "style", PANGO_STYLE_ITALIC,
                              "foreground", "#3a7d44", "weight", PANGO_WEIGHT_NORMAL, NULL);
  gtk_text_buffer_create_tag (self->buffer, "depth1", "left-margin", 22, "scale", 0.95,
                              "paragraph-background", "rgba(128,128,128,0.08)",
                              "weight", PANGO_WEIGHT_NORMAL, NULL);
  gtk_text_buffer_create_tag (self->buffer, "depth2", "left-margin", 22, "scale", 0.9,
                              "foreground", "#555753", NULL);
  gtk_text_buffer_create_tag (self->buffer, "result", "weight", PANGO_WEIGHT_BOLD,
                              "justification", GTK_JUSTIFY_CENTER, NULL);
  gtk_text_buffer_create_tag (self->buffer, "current", "background", "#3584e4",
                              "foreground", "#ffffff", NULL);
  GtkTextIter start;
  gtk_text_buffer_get_start_iter (self->buffer, &start);
  gtk_text_buffer_create_mark (self->buffer, "current-move", &start, TRUE);

  GtkGesture *click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->text_view), GTK_EVENT_CONTROLLER (click));
  GtkGesture *secondary = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (secondary), GDK_BUTTON_SECONDARY);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (secondary), GTK_PHASE_CAPTURE);
  gtk_event_controller_set_name (GTK_EVENT_CONTROLLER (secondary), "move-menu");
  g_signal_connect (secondary, "pressed", G_CALLBACK (secondary_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->text_view), GTK_EVENT_CONTROLLER (secondary));
  /* (and no Cut/Copy/Paste menu from the keyboard or a long press either) */
  gtk_widget_action_set_enabled (GTK_WIDGET (self->text_view), "menu.popup", FALSE);
  GtkEventController *motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->text_view), motion);

  /* Issue 18: the move notation chosen in Preferences (the application's
   * settings when installed; vs_move_tree_view_set_settings() replaces them). */
  self->notation = VS_NOTATION_SAN;
  self->settings = vs_move_notation_settings_new ();
  if (self->settings)
    g_signal_connect (self->settings, "changed::move-notations", G_CALLBACK (notation_changed_cb), self);
}

GtkWidget *
vs_move_tree_view_new (void)
{
  return g_object_new (VS_TYPE_MOVE_TREE_VIEW, NULL);
}
