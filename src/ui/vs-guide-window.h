/* vs-guide-window.h — the rules guide window.
 *
 * A sidebar lists the variants (drop-down) and the sections of the chosen
 * variant's guide (vs-guide.h); the page shows the section's title, piece
 * names, diagram (a read-only VsBoardView with the computed marks and
 * arrows), a legend and the text.  Actions (group "guide"):
 *   guide.open-on-board   emits "open-on-board" with the section's variant
 *                         id and position string: the application opens it
 *                         on its board for trying moves;
 *   guide.export-diagram  saves the diagram as SVG or PNG (file chooser);
 *   guide.previous / guide.next   walk through the sections.
 * Both first actions are also in the diagram's context menu (right click).
 *
 * Signal: open-on-board (const char *variant_id, const char *position)
 */
#pragma once

#include <gtk/gtk.h>
#include "vs-guide.h"

G_BEGIN_DECLS

#define VS_TYPE_GUIDE_WINDOW (vs_guide_window_get_type ())
G_DECLARE_FINAL_TYPE (VsGuideWindow, vs_guide_window, VS, GUIDE_WINDOW, GtkWindow)

/* A guide window for variant_id ("chartima", "janggi-casual"…; NULL or
 * unknown: the first variant).  app may be NULL. */
GtkWidget  *vs_guide_window_new (GtkApplication *app, const char *variant_id);

/* Shows the guide of another variant (first section).  FALSE if unknown. */
gboolean    vs_guide_window_set_variant (VsGuideWindow *self, const char *variant_id);
const char *vs_guide_window_get_variant (VsGuideWindow *self);
/* Shows the section with this id ("piece-L", "rule-castling"…). */
gboolean    vs_guide_window_select_section (VsGuideWindow *self, const char *section_id);
/* The section shown (owned by the window). */
const VsGuideSection *vs_guide_window_get_section (VsGuideWindow *self);
/* The diagram widget (a VsBoardView), for tests. */
GtkWidget  *vs_guide_window_get_board (VsGuideWindow *self);

G_END_DECLS
