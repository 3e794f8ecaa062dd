/* vs-board-cell.c — undrawn accessible child widget of VsBoardView for one
 * square or hand slot (see vs-board-cell.h). */
#include "config.h"
#include "vs-board-cell.h"

#define KEY_NONE G_MAXUINT64

struct _VsBoardCell {
  GtkWidget parent_instance;
  guint64   key;
  char     *label;
  char     *description;
  gboolean  selected;
  guint     label_changes;
};

G_DEFINE_FINAL_TYPE (VsBoardCell, vs_board_cell, GTK_TYPE_WIDGET)

/* Nothing to draw: the board view paints the square itself and never
 * snapshots its cells; this is only reached if someone else does. */
static void
vs_board_cell_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
}

static gboolean
vs_board_cell_contains (GtkWidget *widget, double x, double y)
{
  return FALSE;
}

static void
vs_board_cell_finalize (GObject *object)
{
  VsBoardCell *self = VS_BOARD_CELL (object);
  g_free (self->label);
  g_free (self->description);
  G_OBJECT_CLASS (vs_board_cell_parent_class)->finalize (object);
}

static void
vs_board_cell_class_init (VsBoardCellClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->finalize = vs_board_cell_finalize;
  widget_class->snapshot = vs_board_cell_snapshot;
  widget_class->contains = vs_board_cell_contains;
  gtk_widget_class_set_css_name (widget_class, "vs-board-cell");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID_CELL);
}

static void
vs_board_cell_init (VsBoardCell *self)
{
  self->key = KEY_NONE;
  GtkWidget *w = GTK_WIDGET (self);
  gtk_widget_set_can_focus (w, FALSE);
  gtk_widget_set_focusable (w, FALSE);
  gtk_widget_set_focus_on_click (w, FALSE);
  gtk_widget_set_can_target (w, FALSE);
}

GtkWidget *
vs_board_cell_new (GtkAccessibleRole role)
{
  GtkWidget *cell = g_object_new (VS_TYPE_BOARD_CELL, "accessible-role", role, NULL);
  gtk_accessible_update_state (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_STATE_SELECTED, FALSE, -1);
  return cell;
}

gboolean
vs_board_cell_take_key (VsBoardCell *cell, guint64 key)
{
  g_return_val_if_fail (VS_IS_BOARD_CELL (cell), FALSE);
  if (cell->key == key)
    return FALSE;
  cell->key = key;
  return TRUE;
}

void
vs_board_cell_reset_key (VsBoardCell *cell)
{
  g_return_if_fail (VS_IS_BOARD_CELL (cell));
  cell->key = KEY_NONE;
}

void
vs_board_cell_set_texts (VsBoardCell *cell, const char *label, gboolean selected,
                         const char *description)
{
  g_return_if_fail (VS_IS_BOARD_CELL (cell));
  GtkAccessible *acc = GTK_ACCESSIBLE (cell);
  if (g_strcmp0 (label, cell->label) != 0)
    {
      g_free (cell->label);
      cell->label = g_strdup (label);
      cell->label_changes++;
      gtk_accessible_update_property (acc, GTK_ACCESSIBLE_PROPERTY_LABEL, label ? label : "", -1);
    }
  selected = !!selected;
  if (selected != cell->selected)
    {
      cell->selected = selected;
      gtk_accessible_update_state (acc, GTK_ACCESSIBLE_STATE_SELECTED, selected, -1);
    }
  if (g_strcmp0 (description, cell->description) != 0)
    {
      g_free (cell->description);
      cell->description = g_strdup (description);
      if (description)
        gtk_accessible_update_property (acc, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
      else
        gtk_accessible_reset_property (acc, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
}

const char *
vs_board_cell_get_label (VsBoardCell *cell)
{
  g_return_val_if_fail (VS_IS_BOARD_CELL (cell), NULL);
  return cell->label;
}

gboolean
vs_board_cell_get_selected (VsBoardCell *cell)
{
  g_return_val_if_fail (VS_IS_BOARD_CELL (cell), FALSE);
  return cell->selected;
}

guint
vs_board_cell_get_label_changes (VsBoardCell *cell)
{
  g_return_val_if_fail (VS_IS_BOARD_CELL (cell), 0);
  return cell->label_changes;
}
