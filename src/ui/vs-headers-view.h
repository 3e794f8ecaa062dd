/* vs-headers-view.h — the players, event, date and result of the game,
 * editable in place. */
#pragma once

#include <gtk/gtk.h>
#include "vs-game.h"

G_BEGIN_DECLS

#define VS_TYPE_HEADERS_VIEW (vs_headers_view_get_type ())
G_DECLARE_FINAL_TYPE (VsHeadersView, vs_headers_view, VS, HEADERS_VIEW, GtkWidget)

GtkWidget *vs_headers_view_new (void);
/* Shows game's headers and follows its changes.  An edit activates
 * "win.set-header" ("(ss)": key, value) on the widget. */
void       vs_headers_view_set_game (VsHeadersView *self, VsGame *game);

G_END_DECLS
