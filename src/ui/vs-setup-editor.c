/* vs-setup-editor.c — set up a position.
 *
 * Edits on the board and the side switch change a working position and
 * rewrite the position string from it; every string (typed or produced) is
 * checked by the variant's own reader (vs_position_init), which gives the
 * error shown, and a valid one becomes the working position.
 *
 * The state controls (hands, castling rights, en passant, the piece flag of
 * the selected square: Crazyhouse "promoted", Strato "not moved yet",
 * Chartima "owes its Dog") hold no rules either: a control is offered when
 * the changed position, written and read back by the variant's own reader,
 * keeps the change. */
#include "config.h"

#include <glib/gi18n.h>

#include "vs-board-theme.h"
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

  GtkBox *hand_box;
  GtkWidget *castling_grid;
  GtkCheckButton *castle_check[4];   /* K Q k q: bits 0..3 of VsPosition.castling */
  GtkWidget *ep_row;
  GtkDropDown *ep_dropdown;
  GtkStringList *ep_model;
  GtkWidget *square_box;
  GtkLabel *square_label;
  GtkCheckButton *flag_check;

  VsBoardView *board;
  char *piece_set;
  GtkSpinButton *hand_spin[2][VS_MAX_PIECE_TYPES];
  GtkWidget *hand_rows[2];
  GArray *ep_squares;       /* int: the squares behind ep_model's items 1.. */
  int square;               /* whose flag is edited, or -1 */
  VsVariant display_variant; /* the variant without its rules: drawing only */
  VsPosition *probe;        /* scratch positions for the round trips */
  VsPosition *probe_out;
  GtkWidget *parent_window;
  const VsVariant *variant;
  VsPosition *pos;          /* the last valid position */
  VsPosition *work;         /* what the edits were made on (may be invalid) */
  VsPiece selected;
  char *error;
  gboolean syncing;
};

G_DEFINE_FINAL_TYPE (VsSetupEditor, vs_setup_editor, GTK_TYPE_WINDOW)

static void sync_controls (VsSetupEditor *self);

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
      /* The board shows the edits, also while they do not make a position:
       * through a copy of the variant without move generation, since the
       * rules code is only defined on positions its reader accepted. */
      memcpy (self->probe, self->work, sizeof *self->probe);
      self->probe->variant = &self->display_variant;
      vs_board_view_set_position (self->board, self->probe, VS_MOVE_NONE, FALSE);
      gtk_label_set_label (self->error_label, error->message);
      gtk_widget_add_css_class (GTK_WIDGET (self->fen_entry), "error");
    }
  gtk_widget_set_sensitive (self->start_button, self->error == NULL);
  sync_controls (self);
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
  if (g_strcmp0 (text, gtk_editable_get_text (GTK_EDITABLE (self->fen_entry))) == 0)
    sync_controls (self);   /* the same string: only the controls may differ */
  else
    gtk_editable_set_text (GTK_EDITABLE (self->fen_entry), text);
}

void
vs_setup_editor_place (VsSetupEditor *self, VsPiece piece, int sq)
{
  g_return_if_fail (sq >= 0 && sq < vs_geometry_squares (&self->variant->geom));
  VsPosition *edited = self->work;
  self->square = sq;
  edited->board[sq] = edited->board[sq] == piece ? VS_PIECE_NONE : piece;
  write_back (self, edited);
}

void
vs_setup_editor_put (VsSetupEditor *self, VsPiece piece, int sq)
{
  g_return_if_fail (sq >= 0 && sq < vs_geometry_squares (&self->variant->geom));
  self->square = sq;
  self->work->board[sq] = piece;
  write_back (self, self->work);
}

void
vs_setup_editor_select_square (VsSetupEditor *self, int sq)
{
  g_return_if_fail (sq >= -1 && sq < vs_geometry_squares (&self->variant->geom));
  self->square = sq;
  sync_controls (self);
}

/* ---- State controls ---------------------------------------------------------- */

/* Writes edited as a string and reads it back into probe_out: whether the
 * variant's reader accepts it. */
static gboolean
round_trip (VsSetupEditor *self, const VsPosition *edited)
{
  g_autofree char *text = self->variant->to_string (edited);
  return vs_position_init (self->probe_out, self->variant, text, NULL);
}

static gboolean
castling_possible (VsSetupEditor *self, int right)
{
  memcpy (self->probe, self->work, sizeof *self->probe);
  self->probe->castling |= 1 << right;
  return round_trip (self, self->probe) && (self->probe_out->castling & (1 << right));
}

static gboolean
hand_possible (VsSetupEditor *self, int color, int type)
{
  memcpy (self->probe, self->work, sizeof *self->probe);
  self->probe->hand[color][type]++;
  return round_trip (self, self->probe) &&
         self->probe_out->hand[color][type] == self->probe->hand[color][type];
}

static gboolean
ep_possible (VsSetupEditor *self, int sq)
{
  memcpy (self->probe, self->work, sizeof *self->probe);
  self->probe->ep = sq;
  return round_trip (self, self->probe) && self->probe_out->ep == sq;
}

static gboolean
flag_possible (VsSetupEditor *self, int sq)
{
  memcpy (self->probe, self->work, sizeof *self->probe);
  self->probe->board[sq] ^= VS_PIECE_FLAG;
  return round_trip (self, self->probe) && self->probe_out->board[sq] == self->probe->board[sq];
}

/* What the piece flag means in this variant (the position-string marks of
 * src/core/RULES.md §5.2, §3.8, §2.10: Crazyhouse "~", Strato "'",
 * Chartima "+B*"). */
static const char *
flag_label (const VsVariant *v)
{
  switch (v->flag_meaning)
    {
    case VS_FLAG_MEANING_PROMOTED:
      return _("_Promoted (goes to the hand as a pawn when captured)");
    case VS_FLAG_MEANING_UNMOVED:
      return _("_Not moved yet (its first move must change level)");
    case VS_FLAG_MEANING_OWES_DOG:
      return _("_Owes its Dog (placed when it first moves)");
    case VS_FLAG_MEANING_NONE:
    default:
      return NULL;
    }
}

static void
sync_controls (VsSetupEditor *self)
{
  const VsVariant *v = self->variant;
  if (v == NULL)
    return;
  VsPosition *w = self->work;
  self->syncing = TRUE;

  for (int r = 0; r < 4; r++)
    {
      gboolean on = (w->castling >> r) & 1;
      gtk_check_button_set_active (self->castle_check[r], on);
      gtk_widget_set_sensitive (GTK_WIDGET (self->castle_check[r]), on || castling_possible (self, r));
    }

  for (int c = 0; c < 2; c++)
    for (int t = 1; t <= v->n_piece_types; t++)
      if (self->hand_spin[c][t])
        gtk_spin_button_set_value (self->hand_spin[c][t], w->hand[c][t]);

  /* en passant: "none" and the squares the reader keeps */
  if (gtk_widget_get_visible (self->ep_row))
    {
      g_array_set_size (self->ep_squares, 0);
      guint selected = 0;
      for (int sq = 0; sq < vs_geometry_squares (&v->geom); sq++)
        if (sq == w->ep || (!w->board[sq] && ep_possible (self, sq)))
          {
            g_array_append_val (self->ep_squares, sq);
            if (sq == w->ep)
              selected = self->ep_squares->len;
          }
      const char **names = g_new0 (const char *, self->ep_squares->len + 2);
      char (*buf)[8] = g_malloc0 (sizeof *buf * (self->ep_squares->len + 1));
      names[0] = C_("en passant", "none");
      for (guint i = 0; i < self->ep_squares->len; i++)
        {
          vs_square_name (&v->geom, g_array_index (self->ep_squares, int, i), buf[i]);
          names[i + 1] = buf[i];
        }
      guint n_old = g_list_model_get_n_items (G_LIST_MODEL (self->ep_model));
      gboolean same = n_old == self->ep_squares->len + 1;
      for (guint i = 0; same && i < n_old; i++)
        same = g_str_equal (gtk_string_list_get_string (self->ep_model, i), names[i]);
      if (!same)
        gtk_string_list_splice (self->ep_model, 0, n_old, names);
      gtk_drop_down_set_selected (self->ep_dropdown, selected);
      gtk_widget_set_sensitive (GTK_WIDGET (self->ep_dropdown), self->ep_squares->len > 0);
      g_free (names);
      g_free (buf);
    }

  /* the selected square */
  const char *label = flag_label (v);
  int sq = self->square;
  gtk_widget_set_visible (self->square_box, label != NULL);
  if (label)
    {
      gtk_check_button_set_label (self->flag_check, label);
      gtk_check_button_set_use_underline (self->flag_check, TRUE);
      VsPiece p = sq >= 0 ? w->board[sq] : VS_PIECE_NONE;
      if (p)
        {
          char name[8];
          vs_square_name (&v->geom, sq, name);
          g_autofree char *desc = vs_piece_describe (v, p);
          /* Translators: the square edited in the setup editor and its piece, "e1: white king" */
          g_autofree char *text = g_strdup_printf (_("%s: %s"), name, desc);
          gtk_label_set_label (self->square_label, text);
        }
      else
        gtk_label_set_label (self->square_label, _("Click a piece on the board to edit its state"));
      gtk_check_button_set_active (self->flag_check, p && VS_PIECE_HAS_FLAG (p));
      gtk_widget_set_sensitive (GTK_WIDGET (self->flag_check),
                                p && (VS_PIECE_HAS_FLAG (p) || flag_possible (self, sq)));
    }
  self->syncing = FALSE;
}

static void
castling_toggled_cb (VsSetupEditor *self, GtkCheckButton *button)
{
  if (self->syncing)
    return;
  for (int r = 0; r < 4; r++)
    if (self->castle_check[r] == button)
      {
        if (gtk_check_button_get_active (button))
          self->work->castling |= 1 << r;
        else
          self->work->castling &= ~(1 << r);
      }
  write_back (self, self->work);
}

static void
flag_toggled_cb (VsSetupEditor *self)
{
  if (self->syncing || self->square < 0 || !self->work->board[self->square])
    return;
  if (gtk_check_button_get_active (self->flag_check))
    self->work->board[self->square] |= VS_PIECE_FLAG;
  else
    self->work->board[self->square] &= ~VS_PIECE_FLAG;
  write_back (self, self->work);
}

static void
ep_changed_cb (VsSetupEditor *self)
{
  if (self->syncing)
    return;
  guint i = gtk_drop_down_get_selected (self->ep_dropdown);
  int ep = i >= 1 && i <= self->ep_squares->len ? g_array_index (self->ep_squares, int, i - 1)
                                                : VS_NO_SQUARE;
  if (ep == self->work->ep)
    return;
  self->work->ep = ep;
  write_back (self, self->work);
}

static void
hand_changed_cb (GtkSpinButton *spin, VsSetupEditor *self)
{
  if (self->syncing)
    return;
  int color = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (spin), "vs-color"));
  int type = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (spin), "vs-type"));
  self->work->hand[color][type] = gtk_spin_button_get_value_as_int (spin);
  write_back (self, self->work);
}

GtkSpinButton *
vs_setup_editor_get_hand_spin (VsSetupEditor *self, int color, int type)
{
  g_return_val_if_fail (color == 0 || color == 1, NULL);
  g_return_val_if_fail (type > 0 && type < VS_MAX_PIECE_TYPES, NULL);
  return self->hand_spin[color][type];
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
  if (hit.kind != VS_HIT_SQUARE)
    return;
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  if (button == GDK_BUTTON_SECONDARY)
    vs_setup_editor_put (self, VS_PIECE_NONE, hit.square);
  else if (self->selected == VS_PIECE_NONE || self->work->board[hit.square] != self->selected)
    vs_setup_editor_place (self, self->selected, hit.square);
  else if (self->square != hit.square)
    /* a first click on a piece like the chosen one selects it (its state
     * can then be edited); a second click removes it */
    vs_setup_editor_select_square (self, hit.square);
  else
    vs_setup_editor_place (self, self->selected, hit.square);
}

/* A palette piece dropped on the board (the value is the piece byte). */
static gboolean
board_drop_cb (GtkDropTarget *target, const GValue *value, double x, double y, VsSetupEditor *self)
{
  VsHit hit = vs_board_layout_hit (vs_board_view_get_layout (self->board), x, y);
  if (hit.kind != VS_HIT_SQUARE || !G_VALUE_HOLDS_UINT (value))
    return FALSE;
  vs_setup_editor_put (self, (VsPiece) g_value_get_uint (value), hit.square);
  return TRUE;
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
      if (p && VS_PIECE_TYPE (p) != self->variant->royal_type)
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

#define PALETTE_PX 40

/* The art of a piece in the current set as a texture, or NULL. */
static GdkTexture *
piece_texture (VsSetupEditor *self, VsPiece piece, int px)
{
  const char *set = vs_piece_set_resolve (self->piece_set, self->variant);
  const char *asset = vs_piece_set_asset (set, self->variant, piece);
  if (asset == NULL)
    return NULL;
  cairo_surface_t *s = vs_board_asset_rasterize (asset, px, px, NULL);
  if (s == NULL)
    return NULL;
  int stride = cairo_image_surface_get_stride (s);
  g_autoptr (GBytes) bytes = g_bytes_new (cairo_image_surface_get_data (s), (gsize) stride * px);
  GdkTexture *t = gdk_memory_texture_new (px, px, GDK_MEMORY_DEFAULT, bytes, stride);
  cairo_surface_destroy (s);
  return t;
}

/* A picture of the piece (its letter when the set has no art for it). */
static GtkWidget *
piece_picture (VsSetupEditor *self, VsPiece piece, int px)
{
  g_autoptr (GdkTexture) t = piece_texture (self, piece, px * gtk_widget_get_scale_factor (GTK_WIDGET (self)));
  GtkWidget *w;
  if (t)
    {
      w = gtk_picture_new_for_paintable (GDK_PAINTABLE (t));
      gtk_picture_set_can_shrink (GTK_PICTURE (w), TRUE);
    }
  else
    {
      const char *letter = self->variant->pieces[VS_PIECE_TYPE (piece)].letter;
      g_autofree char *l = VS_PIECE_COLOR (piece) ? g_ascii_strdown (letter, -1) : g_strdup (letter);
      w = gtk_label_new (l);
    }
  gtk_widget_set_size_request (w, px, px);
  return w;
}

static GdkContentProvider *
palette_drag_prepare_cb (GtkDragSource *source, double x, double y, VsSetupEditor *self)
{
  GtkWidget *child = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  guint piece = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (child), "vs-piece"));
  g_autoptr (GdkTexture) icon = piece_texture (self, piece, 56);
  if (icon)
    gtk_drag_source_set_icon (source, GDK_PAINTABLE (icon), 28, 28);
  return gdk_content_provider_new_typed (G_TYPE_UINT, piece);
}

static void
add_palette_item (VsSetupEditor *self, VsPiece piece, GtkWidget *content, const char *tooltip)
{
  GtkWidget *child = gtk_flow_box_child_new ();
  gtk_flow_box_child_set_child (GTK_FLOW_BOX_CHILD (child), content);
  gtk_widget_set_tooltip_text (child, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  g_object_set_data (G_OBJECT (child), "vs-piece", GUINT_TO_POINTER (piece));
  GtkDragSource *drag = gtk_drag_source_new ();
  gtk_drag_source_set_actions (drag, GDK_ACTION_COPY);
  g_signal_connect (drag, "prepare", G_CALLBACK (palette_drag_prepare_cb), self);
  gtk_widget_add_controller (child, GTK_EVENT_CONTROLLER (drag));
  gtk_flow_box_append (self->palette, child);
}

static void
fill_palette (VsSetupEditor *self)
{
  const VsVariant *v = self->variant;
  GtkWidget *old;
  while ((old = gtk_widget_get_first_child (GTK_WIDGET (self->palette))))
    gtk_flow_box_remove (self->palette, old);
  GtkFlowBoxChild *selected = NULL;
  for (int color = 0; color < 2; color++)
    for (int t = 1; t <= v->n_piece_types; t++)
      {
        VsPiece p = VS_MAKE_PIECE (color, t);
        g_autofree char *desc = vs_piece_describe (v, p);
        add_palette_item (self, p, piece_picture (self, p, PALETTE_PX), desc);
        if (p == self->selected)
          selected = gtk_flow_box_get_child_at_index (self->palette, color * v->n_piece_types + t - 1);
      }
  GtkWidget *eraser = gtk_image_new_from_icon_name ("edit-clear-symbolic");
  gtk_image_set_pixel_size (GTK_IMAGE (eraser), 24);
  gtk_widget_set_size_request (eraser, PALETTE_PX, PALETTE_PX);
  add_palette_item (self, VS_PIECE_NONE, eraser, _("Eraser: clear squares"));
  if (self->selected == VS_PIECE_NONE)
    selected = gtk_flow_box_get_child_at_index (self->palette, 2 * v->n_piece_types);
  if (selected == NULL)
    {
      selected = gtk_flow_box_get_child_at_index (self->palette, 0);
      self->selected = VS_MAKE_PIECE (0, 1);
    }
  gtk_flow_box_select_child (self->palette, selected);
}

/* One row per side: the art of each piece that may be in hand, and its count. */
static void
fill_hands (VsSetupEditor *self)
{
  const VsVariant *v = self->variant;
  gboolean any = FALSE;
  for (int c = 0; c < 2; c++)
    {
      if (self->hand_rows[c])
        gtk_box_remove (self->hand_box, self->hand_rows[c]);
      self->hand_rows[c] = NULL;
      memset (self->hand_spin[c], 0, sizeof self->hand_spin[c]);
      GtkWidget *row = gtk_flow_box_new ();
      gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (row), GTK_SELECTION_NONE);
      gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (row), 3);
      gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (row), 5);
      gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (row), 6);
      gboolean row_any = FALSE;
      for (int t = 1; t <= v->n_piece_types; t++)
        {
          if (!hand_possible (self, c, t))
            continue;
          VsPiece p = VS_MAKE_PIECE (c, t);
          GtkWidget *item = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
          gtk_box_append (GTK_BOX (item), piece_picture (self, p, 28));
          GtkWidget *spin = gtk_spin_button_new_with_range (0, 62, 1);
          gtk_editable_set_width_chars (GTK_EDITABLE (spin), 2);
          g_autofree char *desc = vs_piece_describe (v, p);
          /* Translators: accessible name of a count spin button, "white knights in hand" */
          g_autofree char *name = g_strdup_printf (_("In hand: %s"), desc);
          gtk_widget_set_tooltip_text (spin, name);
          gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
          g_object_set_data (G_OBJECT (spin), "vs-color", GINT_TO_POINTER (c));
          g_object_set_data (G_OBJECT (spin), "vs-type", GINT_TO_POINTER (t));
          g_signal_connect (spin, "value-changed", G_CALLBACK (hand_changed_cb), self);
          gtk_box_append (GTK_BOX (item), spin);
          gtk_flow_box_append (GTK_FLOW_BOX (row), item);
          self->hand_spin[c][t] = GTK_SPIN_BUTTON (spin);
          row_any = TRUE;
        }
      if (!row_any)
        {
          g_object_ref_sink (row);
          g_object_unref (row);
          continue;
        }
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      GtkWidget *title = gtk_label_new (c == VS_WHITE ? _("White") : _("Black"));
      gtk_label_set_xalign (GTK_LABEL (title), 0);
      gtk_widget_add_css_class (title, "dim-label");
      gtk_box_append (GTK_BOX (box), title);
      gtk_box_append (GTK_BOX (box), row);
      gtk_box_append (self->hand_box, box);
      self->hand_rows[c] = box;
      any = TRUE;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->hand_box), any);
}

void
vs_setup_editor_set_piece_set (VsSetupEditor *self, const char *set)
{
  g_free (self->piece_set);
  self->piece_set = g_strdup (set);
  vs_board_view_set_piece_set (self->board, set);
  fill_palette (self);
  fill_hands (self);
  sync_controls (self);
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
  g_free (self->probe);
  g_free (self->probe_out);
  g_free (self->piece_set);
  g_array_unref (self->ep_squares);
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
  gtk_widget_class_bind_template_child (widget_class, VsSetupEditor, hand_box);
  gtk_widget_class_bind_template_child (widget_class, VsSetupEditor, castling_grid);
  gtk_widget_class_bind_template_child_full (widget_class, "castle_K", FALSE, G_STRUCT_OFFSET (VsSetupEditor, castle_check[0]));
  gtk_widget_class_bind_template_child_full (widget_class, "castle_Q", FALSE, G_STRUCT_OFFSET (VsSetupEditor, castle_check[1]));
  gtk_widget_class_bind_template_child_full (widget_class, "castle_k", FALSE, G_STRUCT_OFFSET (VsSetupEditor, castle_check[2]));
  gtk_widget_class_bind_template_child_full (widget_class, "castle_q", FALSE, G_STRUCT_OFFSET (VsSetupEditor, castle_check[3]));
  gtk_widget_class_bind_template_child (widget_class, VsSetupEditor, ep_row);
  gtk_widget_class_bind_template_child (widget_class, VsSetupEditor, ep_dropdown);
  gtk_widget_class_bind_template_child (widget_class, VsSetupEditor, ep_model);
  gtk_widget_class_bind_template_child (widget_class, VsSetupEditor, square_box);
  gtk_widget_class_bind_template_child (widget_class, VsSetupEditor, square_label);
  gtk_widget_class_bind_template_child (widget_class, VsSetupEditor, flag_check);
  gtk_widget_class_bind_template_callback (widget_class, castling_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, flag_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, ep_changed_cb);
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
  self->probe = g_new0 (VsPosition, 1);
  self->probe_out = g_new0 (VsPosition, 1);
  self->ep_squares = g_array_new (FALSE, FALSE, sizeof (int));
  self->square = -1;
  self->board = VS_BOARD_VIEW (vs_board_view_new ());
  vs_board_view_set_interactive_sides (self->board, 0);
  gtk_widget_set_hexpand (GTK_WIDGET (self->board), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->board), TRUE);
  gtk_widget_set_size_request (GTK_WIDGET (self->board), 440, 440);
  gtk_box_append (self->board_box, GTK_WIDGET (self->board));
  GtkGesture *click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  g_signal_connect (click, "pressed", G_CALLBACK (board_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), GTK_EVENT_CONTROLLER (click));
  GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_UINT, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (board_drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), GTK_EVENT_CONTROLLER (drop));
}

VsSetupEditor *
vs_setup_editor_new (GtkWindow *parent, const VsVariant *v, const char *fen)
{
  VsSetupEditor *self = g_object_new (VS_TYPE_SETUP_EDITOR, "transient-for", parent, NULL);
  self->parent_window = g_object_ref (GTK_WIDGET (parent));
  self->variant = v;
  self->display_variant = *v;
  self->display_variant.generate = NULL;
  self->display_variant.count_legal = NULL;
  self->display_variant.make = NULL;
  self->display_variant.unmake = NULL;
  self->display_variant.checkers = NULL;
  self->display_variant.effects = NULL;
  self->display_variant.game_state = NULL;
  vs_position_init (self->pos, v, v->start_fen, NULL);
  memcpy (self->work, self->pos, sizeof *self->pos);
  self->selected = VS_MAKE_PIECE (0, 1);
  fill_palette (self);
  /* what the variant's position string can express */
  gtk_widget_set_visible (self->castling_grid, self->pos->castling != 0);
  gtk_widget_set_visible (self->ep_row, !v->geom.points);
  fill_hands (self);
  gtk_editable_set_text (GTK_EDITABLE (self->fen_entry), fen ? fen : v->start_fen);
  validate (self);
  return self;
}
