/* vs-piece-set.h — piece sets and the art of each piece (GTK-free).
 *
 * Sets: "western" (Crazyhouse, Strato), "chartima-kanji" and
 * "chartima-letters" (Chartima), "janggi-green" and "janggi-blue" (Janggi;
 * Han is always red).  A piece maps to an SVG asset path through the
 * variant's VsPieceInfo (letter/record), never through rules knowledge.
 */
#pragma once

#include "vs-variant.h"

G_BEGIN_DECLS

typedef enum {
  VS_PIECE_FAMILY_WESTERN,
  VS_PIECE_FAMILY_CHARTIMA,
  VS_PIECE_FAMILY_JANGGI,
} VsPieceFamily;

VsPieceFamily vs_piece_family_for_variant (const VsVariant *v);

/* Outline of a set's pieces when they are flat tiles (the 3-D view gives
 * them a side face): none (upright figures), octagon, pentagon, circle. */
typedef enum {
  VS_TILE_SHAPE_NONE = 0,
  VS_TILE_SHAPE_OCTAGON,
  VS_TILE_SHAPE_PENTAGON,
  VS_TILE_SHAPE_CIRCLE,
} VsTileShape;

VsTileShape vs_piece_set_tile_shape (const char *set);

/* All set names, NULL-terminated. */
const char *const *vs_piece_set_names (void);
/* Names of the sets that can draw variant v (NULL-terminated, static). */
const char *const *vs_piece_set_names_for_variant (const VsVariant *v);
const char *vs_piece_set_default (const VsVariant *v);
gboolean    vs_piece_set_supports (const char *set, const VsVariant *v);
/* The set to use: `set` if it supports v, else v's default. */
const char *vs_piece_set_resolve (const char *set, const VsVariant *v);
const char *vs_piece_set_label (const char *set);   /* translated */

/* Asset path ("pieces/western/wq.svg") of a piece in the set, or NULL when
 * the set has no art for it.  The string is interned (never free it). */
const char *vs_piece_set_asset (const char *set, const VsVariant *v, VsPiece piece);

/* Translated name of a piece, for accessibility ("white knight", "Han chariot"). */
char *vs_piece_describe (const VsVariant *v, VsPiece piece);

G_END_DECLS
