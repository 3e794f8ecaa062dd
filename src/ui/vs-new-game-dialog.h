/* vs-new-game-dialog.h — start a new game: variant and its options
 * (Janggi rule set and setups 차림, Strato's start). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define VS_TYPE_NEW_GAME_DIALOG (vs_new_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (VsNewGameDialog, vs_new_game_dialog, VS, NEW_GAME_DIALOG, GtkWindow)

/* "Start" activates win.new-game-from ("(ss)": variant id, position string)
 * on parent and remembers the variant in settings ("last-variant"). */
VsNewGameDialog *vs_new_game_dialog_new (GtkWindow *parent, GSettings *settings);

/* The start position for the options (newly allocated): variant id
 * ("chartima", "strato", "janggi", "janggi-casual", "crazyhouse"), Janggi
 * setups (VsJanggiSetup, Cho then Han), Strato White above. */
char *vs_new_game_start_fen (const char *variant_id, int cho_setup, int han_setup, gboolean white_above);

G_END_DECLS
