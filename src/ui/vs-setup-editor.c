/* vs-setup-editor.c — set up a position.
 *
 * Edits on the board and the side switch change a working position and
 * rewrite the position string from it; every string (typed or produced) is
 * checked by the variant's own reader (vs_position_init), which gives the
 * error shown, and a valid one becomes the working position. */
#include "config.h"

#include <glib/gi18n.h>

#include "vs-board-view.h"
#include "vs-piece-set.h"
#include "vs-setup-editor.h"

struct _VsSetupEditor
{
  GtkWindow parent_instance;
  GtkBox *board_box;
  GtkFlowBox *palette;
  GtkDropDown *side_dropdown;
  GtkEntry *fen_entry;
  GtkLabel *error_label;
  GtkWidget *start_button;

  VsBoardView *board;
  GtkWidget *parent_window;
  const VsVariant *variant;
  VsPosition *pos;          /* the last valid position */
  VsPosition *work;         /* what the edits were made on (may be invalid) */
  VsPiece selected;
  char *error;
  gboolean syncing;
};

G_DEFINE_FINAL_TYPE (VsSetupEditor, vs_setup_editor, GTK_TYPE_WINDOW)

static void
validate (VsSetupEditor *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->fen_entry));
  g_autoptr (GError) error = NULL;
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  g_clear_pointer (&self->error, g_free);
  if (vs_position_init (pos, self->variant, text, &error))
    {
      memcpy (self->pos, pos, sizeof *pos);
      memcpy (self->work, pos, sizeof *pos);
      vs_board_view_set_position (self->board, pos, VS_MOVE_NONE, FALSE);
      self->syncing = TRUE;
      gtk_drop_down_set_selected (self->side_dropdown, pos->side);
      self->syncing = FALSE;
      gtk_label_set_label (self->error_label, "");
      gtk_widget_remove_css_class (GTK_WIDGET (self->fen_entry), "error");
    }
  else
    {
      self->error = g_strdup (error->message);
      gtk_label_set_label (self->error_label, error->message);
      gtk_widget_add_css_class (GTK_WIDGET (self->fen_entry), "error");
    }
  gtk_widget_set_sensitive (self->start_button, self->error == NULL);
}

static void
entry_changed_cb (VsSetupEditor *self)
{
  validate (self);
}

/* Writes the edited position back as a string (and validates it). */
static void
write_back (VsSetupEditor *self, VsPosition *edited)
{
  g_autofree char *text = self->variant->to_string (edited);
  gtk_editable_set_text (GTK_EDITABLE (self->fen_entry), text);
}

void
vs_setup_editor_place (VsSetupEditor *self, VsPiece piece, int sq)
{
  g_return_if_fail (sq >= 0 && sq < vs_geometry_squares (&self->variant->geom));
  VsPosition *edited = self->work;
  edited->board[sq] = edited->board[sq] == piece ? VS_PIECE_NONE : piece;
  write_back (self, edited);
}

void
vs_setup_editor_set_text (VsSetupEditor *self, const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (self->fen_entry), text);
}

const char *
vs_setup_editor_get_text (VsSetupEditor *self)
{
  return gtk_editable_get_text (GTK_EDITABLE (self->fen_entry));
}

const char *
vs_setup_editor_get_error (VsSetupEditor *self)
{
  return self->error;
}

static void
board_pressed_cb (GtkGestureClick *gesture, int n_press, double x, double y, VsSetupEditor *self)
{
  VsHit hit = vs_board_layout_hit (vs_board_view_get_layout (self->board), x, y);
  if (hit.kind == VS_HIT_SQUARE)
    vs_setup_editor_place (self, self->selected, hit.square);
}

static void
side_changed_cb (VsSetupEditor *self)
{
  if (self->syncing)
    return;
  VsPosition *edited = self->work;
  edited->side = gtk_drop_down_get_selected (self->side_dropdown) == 1 ? VS_BLACK : VS_WHITE;
  write_back (self, edited);
}

static void
start_position_clicked_cb (VsSetupEditor *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->fen_entry), self->variant->start_fen);
}

static void
clear_clicked_cb (VsSetupEditor *self)
{
  /* Keep the kings (or generals): a position without them is never valid. */
  VsPosition *edited = self->work;
  for (int sq = 0; sq < vs_geometry_squares (&self->variant->geom); sq++)
    {
      VsPiece p = edited->board[sq];
      if (p && !g_str_equal (self->variant->pieces[VS_PIECE_TYPE (p)].letter, "K"))
        edited->board[sq] = VS_PIECE_NONE;
    }
  memset (edited->hand, 0, sizeof edited->hand);
  write_back (self, edited);
}

static void
palette_selected_cb (GtkFlowBox *box, GtkFlowBoxChild *child, VsSetupEditor *self)
{
  self->selected = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (child), "vs-piece"));
}

static void
start_clicked_cb (VsSetupEditor *self)
{
  if (self->error)
    return;
  gtk_widget_activate_action (self->parent_window, "win.new-game-from", "(ss)", self->variant->id,
                              gtk_editable_get_text (GTK_EDITABLE (self->fen_entry)));
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
cancel_clicked_cb (VsSetupEditor *self)
{
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
add_palette_item (VsSetupEditor *self, VsPiece piece, const char *label, const char *tooltip)
{
  GtkWidget *l = gtk_label_new (label);
  gtk_widget_set_size_request (l, 34, 28);
  GtkWidget *child = gtk_flow_box_child_new ();
  gtk_flow_box_child_set_child (GTK_FLOW_BOX_CHILD (child), l);
  gtk_widget_set_tooltip_text (child, tooltip);
  g_object_set_data (G_OBJECT (child), "vs-piece", GUINT_TO_POINTER (piece));
  gtk_flow_box_append (self->palette, child);
}

static void
fill_palette (VsSetupEditor *self)
{
  const VsVariant *v = self->variant;
  for (int color = 0; color < 2; color++)
    for (int t = 1; t <= v->n_piece_types; t++)
      {
        VsPiece p = VS_MAKE_PIECE (color, t);
        g_autofree char *label = color == 0 ? g_strdup (v->pieces[t].letter) : g_ascii_strdown (v->pieces[t].letter, -1);
        g_autofree char *desc = vs_piece_describe (v, p);
        add_palette_item (self, p, label, desc);
      }
  add_palette_item (self, VS_PIECE_NONE, "×", _("Erase"));
  GtkFlowBoxChild *first = gtk_flow_box_get_child_at_index (self->palette, 0);
  gtk_flow_box_select_child (self->palette, first);
  self->selected = VS_MAKE_PIECE (0, 1);
}

static void
vs_setup_editor_dispose (GObject *object)
{
  VsSetupEditor *self = VS_SETUP_EDITOR (object);
  g_clear_object (&self->parent_window);
  gtk_widget_dispose_template (GTK_WIDGET (self), VS_TYPE_SETUP_EDITOR);
  G_OBJECT_CLASS (vs_setup_editor_parent_class)->dispose (object);
}

static void
vs_setup_editor_finalize (GObject *object)
{
  VsSetupEditor *self = VS_SETUP_EDITOR (object);
  g_free (self->pos);
  g_free (self->work);
  g_free (self->error);
  G_OBJECT_CLASS (vs_setup_editor_parent_class)->finalize (object);
}

static void
vs_setup_editor_class_init (VsSetupEditorClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  G_OBJECT_CLASS (klass)->dispose = vs_setup_editor_dispose;
  G_OBJECT_CLASS (klass)->finalize = vs_setup_editor_finalize;
  gtk_widget_class_set_template_from_resource (widget_class, "/org/example/VariantStudy/ui/vs-setup-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, VsSetupEditor, board_box);
  gtk_widget_class_bind_template_child (widget_class, VsSetupEditor, palette);
  gtk_widget_class_bind_template_child (widget_class, VsSetupEditor, side_dropdown);
  gtk_widget_class_bind_template_child (widget_class, VsSetupEditor, fen_entry);
  gtk_widget_class_bind_template_child (widget_class, VsSetupEditor, error_label);
  gtk_widget_class_bind_template_child (widget_class, VsSetupEditor, start_button);
  gtk_widget_class_bind_template_callback (widget_class, entry_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, side_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, start_position_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, clear_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, palette_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, start_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
vs_setup_editor_init (VsSetupEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->pos = g_new0 (VsPosition, 1);
  self->work = g_new0 (VsPosition, 1);
  self->board = VS_BOARD_VIEW (vs_board_view_new ());
  vs_board_view_set_interactive_sides (self->board, 0);
  gtk_widget_set_hexpand (GTK_WIDGET (self->board), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->board), TRUE);
  gtk_widget_set_size_request (GTK_WIDGET (self->board), 440, 440);
  gtk_box_append (self->board_box, GTK_WIDGET (self->board));
  GtkGesture *click = gtk_gesture_click_new ();
  g_signal_connect (click, "pressed", G_CALLBACK (board_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), GTK_EVENT_CONTROLLER (click));
}

VsSetupEditor *
vs_setup_editor_new (GtkWindow *parent, const VsVariant *v, const char *fen)
{
  VsSetupEditor *self = g_object_new (VS_TYPE_SETUP_EDITOR, "transient-for", parent, NULL);
  self->parent_window = g_object_ref (GTK_WIDGET (parent));
  self->variant = v;
  fill_palette (self);
  vs_position_init (self->pos, v, v->start_fen, NULL);
  memcpy (self->work, self->pos, sizeof *self->pos);
  gtk_editable_set_text (GTK_EDITABLE (self->fen_entry), fen ? fen : v->start_fen);
  validate (self);
  return self;
}
