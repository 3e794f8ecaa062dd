/* vs-setup-editor.h — set up a position: place pieces on a board, choose
 * the side to move, or edit the position string directly. */
#pragma once

#include <gtk/gtk.h>
#include "vs-variant.h"

G_BEGIN_DECLS

#define VS_TYPE_SETUP_EDITOR (vs_setup_editor_get_type ())
G_DECLARE_FINAL_TYPE (VsSetupEditor, vs_setup_editor, VS, SETUP_EDITOR, GtkWindow)

/* Starts from `fen` of variant v.  "Start" activates win.new-game-from
 * ("(ss)": variant id, position string) on parent. */
VsSetupEditor *vs_setup_editor_new (GtkWindow *parent, const VsVariant *v, const char *fen);

/* Editing as the person would (tests): the selected palette piece (0 =
 * erase) goes on square sq; set the string; read the state. */
void        vs_setup_editor_place (VsSetupEditor *self, VsPiece piece, int sq);
void        vs_setup_editor_set_text (VsSetupEditor *self, const char *text);
const char *vs_setup_editor_get_text (VsSetupEditor *self);
/* Sets square sq to piece (0 = empty), as a drop from the palette does. */
void        vs_setup_editor_put (VsSetupEditor *self, VsPiece piece, int sq);
/* The square whose piece state (promoted / not moved yet / owes its Dog)
 * the editor shows, as a click on it does; -1 = none. */
void        vs_setup_editor_select_square (VsSetupEditor *self, int sq);
/* Draws the palette and the board with this piece set (NULL = default). */
void        vs_setup_editor_set_piece_set (VsSetupEditor *self, const char *set);
/* The count of pieces of `type` in color's hand, NULL when the variant
 * has no hands or that piece cannot be in hand. */
GtkSpinButton *vs_setup_editor_get_hand_spin (VsSetupEditor *self, int color, int type);
/* NULL when the position is valid, else the translated reason. */
const char *vs_setup_editor_get_error (VsSetupEditor *self);

G_END_DECLS
