/* vs-guide.h — the content of the rules guide, without GTK.
 *
 * For each variant the guide is a list of sections: the starting setups,
 * one section per piece type, then the special rules.  Every section has a
 * title, a short text, a position (a position string of the variant) and
 * the marks of its diagram.  The marks are never written by hand: they are
 * computed here from vs_position_generate() and vs_move_effects(), so the
 * diagrams are right by construction:
 *
 *  - the squares of `shown` (the piece whose moves the section teaches):
 *    every legal destination of the pieces there is a target (a quiet move,
 *    a capture by displacement, or a promotion); automatic captures of those
 *    moves (Ultima pieces, en passant) are marked TAKEN;
 *  - drops: every legal drop square of one piece type;
 *  - "all": every legal move of the side to move (bikjang, check);
 *  - example moves (arrows), with their captured squares, castling rook and
 *    Dog square marked.
 *
 * The texts are translated (gettext) when the guide is built.
 */
#pragma once

#include <glib.h>
#include "vs-variant.h"
#include "vs-diagram.h"

G_BEGIN_DECLS

#define VS_GUIDE_ERROR (vs_guide_error_quark ())
GQuark vs_guide_error_quark (void);

typedef enum {
  VS_GUIDE_ERROR_UNKNOWN_VARIANT,
  VS_GUIDE_ERROR_CONTENT,          /* a section's position or move is not valid */
} VsGuideError;

typedef enum {
  VS_GUIDE_SECTION_SETUP,          /* a starting position */
  VS_GUIDE_SECTION_PIECE,          /* how one piece type moves */
  VS_GUIDE_SECTION_RULE,           /* a special rule */
} VsGuideSectionKind;

typedef enum {
  /* destinations (targets) */
  VS_GUIDE_MARK_MOVE = 0,          /* a legal destination, nothing captured there */
  VS_GUIDE_MARK_CAPTURE,           /* a legal destination where an enemy piece is taken */
  VS_GUIDE_MARK_PROMOTION,         /* a destination where the move promotes (capture or not) */
  VS_GUIDE_MARK_DROP,              /* a legal drop square */
  /* other marks */
  VS_GUIDE_MARK_ORIGIN,            /* the piece whose moves are shown */
  VS_GUIDE_MARK_TAKEN,             /* a piece removed as a consequence of a move */
  VS_GUIDE_MARK_SPECIAL,           /* Dog square, suicide, pass, castling rook… */
  VS_GUIDE_MARK_AREA,              /* an area the text speaks of (camp, palace) */
  VS_GUIDE_N_MARKS
} VsGuideMarkKind;

typedef struct {
  guint8 square;
  guint8 kind;                     /* VsGuideMarkKind */
} VsGuideMark;

typedef enum {
  VS_GUIDE_ARROW_MOVE = 0,         /* an example move */
  VS_GUIDE_ARROW_SECONDARY,        /* what moves with it (the castling rook) */
} VsGuideArrowKind;

typedef struct {
  guint8 from, to;                 /* from == to: a circle (pass, suicide, drop) */
  guint8 kind;                     /* VsGuideArrowKind */
} VsGuideArrow;

typedef struct {
  VsGuideSectionKind kind;
  char  *id;                       /* stable, untranslated: "setup", "piece-L", "rule-castling" */
  char  *title;                    /* translated */
  char  *names;                    /* piece sections: "跳躍者 · Long leaper · L", else NULL */
  char  *text;                     /* translated, plain text */
  const VsVariant *variant;        /* the rule set of the position */
  char  *position;                 /* position string (for "Open on the board") */
  int    piece_type;               /* piece sections: the type, else 0 */
  /* the squares whose moves are shown (may be empty) */
  int    n_shown;
  guint8 shown[8];
  int    drop_type;                /* drops of this type are shown (0: none) */
  gboolean all_moves;              /* every legal move of the side to move is shown */
  /* computed */
  GArray *targets;                 /* VsGuideMark: destinations (MOVE/CAPTURE/PROMOTION/DROP) */
  GArray *marks;                   /* VsGuideMark: ORIGIN/TAKEN/SPECIAL/AREA */
  GArray *arrows;                  /* VsGuideArrow */
} VsGuideSection;

void vs_guide_section_free (VsGuideSection *s);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (VsGuideSection, vs_guide_section_free)

/* Guide variants in display order, NULL-terminated: "chartima", "strato",
 * "janggi", "crazyhouse".  ("janggi-casual" shares Janggi's guide.) */
const char *const *vs_guide_variant_ids (void);
/* The guide variant for a variant id ("janggi-casual" → "janggi"), or NULL. */
const char *vs_guide_variant_for (const char *variant_id);

/* Builds the sections of one variant's guide (GPtrArray of VsGuideSection,
 * freeing them).  NULL with VS_GUIDE_ERROR if the variant is unknown or a
 * section's content is not valid for the rules (a bug the tests catch). */
GPtrArray *vs_guide_build (const char *variant_id, GError **error);

/* The position of a section (copy into *pos; a VsPosition is large:
 * allocate it on the heap). */
gboolean vs_guide_section_position (const VsGuideSection *s, VsPosition *pos, GError **error);

/* TRUE if the section's targets contain sq (any destination kind). */
gboolean vs_guide_section_has_target (const VsGuideSection *s, int sq);

/* The colour of a mark kind in diagrams (translucent fills). */
VsColor  vs_guide_mark_color (VsGuideMarkKind kind);
/* A short translated legend for a mark kind ("legal move", "captured"…). */
const char *vs_guide_mark_label (VsGuideMarkKind kind);
/* The section's decorations for the board scene: appends VsSquareMark
 * (areas first, then targets, then origins and captured pieces) to marks
 * and VsBoardShape (arrows and circles) to shapes. */
void     vs_guide_section_decorate (const VsGuideSection *s, GArray *marks, GArray *shapes);
/* Writes the section's diagram (with its marks and arrows) to FILE.svg or
 * FILE.png; base gives theme, size, piece set (NULL: defaults). */
gboolean vs_guide_section_export (const VsGuideSection *s, const VsDiagramOptions *base,
                                  const char *filename, GError **error);

/* "Japanese" piece names are used for titles when the translation says so
 * (a translatable switch, like GTK's "default:LTR"). */
gboolean vs_guide_use_japanese_names (void);

G_END_DECLS
