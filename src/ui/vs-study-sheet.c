/* vs-study-sheet.c — a game as printable pages (see vs-study-sheet.h). */
#include "config.h"
#include "vs-study-sheet.h"
#include "vs-diagram.h"
#include "vs-piece-set.h"

#include <glib/gi18n.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <math.h>
#include <string.h>

G_DEFINE_QUARK (vs-study-sheet-error-quark, vs_study_sheet_error)

#define MARGIN        50.0
#define FOOTER_GAP    24.0
#define DIAGRAM_H     155.0   /* board diagrams: at most this tall (points) */
#define CAPTION_GAP   4.0
#define PARA_GAP      6.0
#define COLUMN_GAP    16.0    /* text and diagram side by side */
#define BLOCK_GAP     12.0
#define FONT          "Sans"

typedef enum {
  ITEM_LINE,       /* one line of a Pango layout */
  ITEM_DIAGRAM,
} ItemKind;

typedef struct {
  ItemKind     kind;
  int          page;
  double       x, y;          /* top left on the page */
  double       w, h;
  /* ITEM_LINE */
  PangoLayout *layout;        /* shared by the lines of one paragraph (ref) */
  int          line;
  double       baseline;      /* from y */
  /* ITEM_DIAGRAM */
  int          diagram;       /* index into diagrams */
} Item;

typedef struct {
  VsPosition  *pos;
  VsMove       last_move;
  GArray      *shapes;        /* VsBoardShape */
  PangoLayout *caption;
} Diagram;

struct _VsStudySheet
{
  double        width, height;
  double        text_w;
  PangoContext *context;
  GArray       *items;        /* Item */
  GPtrArray    *diagrams;     /* Diagram */
  int           n_pages;
  char         *footer;
  VsNotation    notation;     /* issue 18: the moves' notation */
  /* layout state */
  double        y;
  int           page;
  /* the game's numbering */
  guint         fullmove0;
  int           side0;
};

/* ---- Paper -------------------------------------------------------------------- */

void
vs_paper_size (VsPaper paper, double *width, double *height)
{
  if (paper == VS_PAPER_LETTER)
    *width = 612, *height = 792;
  else
    *width = 595.276, *height = 841.89;
}

gboolean
vs_paper_parse (const char *name, VsPaper *paper, GError **error)
{
  if (name && g_ascii_strcasecmp (name, "a4") == 0)
    *paper = VS_PAPER_A4;
  else if (name && g_ascii_strcasecmp (name, "letter") == 0)
    *paper = VS_PAPER_LETTER;
  else
    {
      g_set_error (error, VS_STUDY_SHEET_ERROR, VS_STUDY_SHEET_ERROR_PAPER,
                   _("Unknown paper size “%s” (use a4 or letter)"), name ? name : "");
      return FALSE;
    }
  return TRUE;
}

/* ---- Text ------------------------------------------------------------------------ */

static PangoLayout *
new_layout (VsStudySheet *sh, const char *markup, const char *font, double width,
            PangoAlignment align)
{
  PangoLayout *l = pango_layout_new (sh->context);
  PangoFontDescription *fd = pango_font_description_from_string (font);
  pango_layout_set_font_description (l, fd);
  pango_font_description_free (fd);
  pango_layout_set_width (l, (int) (width * PANGO_SCALE));
  pango_layout_set_wrap (l, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_alignment (l, align);
  pango_layout_set_markup (l, markup, -1);
  return l;
}

static double
bottom (VsStudySheet *sh)
{
  return sh->height - MARGIN - FOOTER_GAP;
}

static void
new_page (VsStudySheet *sh)
{
  sh->page++;
  sh->y = MARGIN;
}

/* Places a paragraph line by line at x, width w, breaking pages between lines. */
static void
add_paragraph_at (VsStudySheet *sh, const char *markup, const char *font, double x, double w,
                  double gap_after)
{
  PangoLayout *layout = new_layout (sh, markup, font, w, PANGO_ALIGN_LEFT);
  PangoLayoutIter *it = pango_layout_get_iter (layout);
  int line = 0;
  do
    {
      PangoRectangle logical;
      pango_layout_iter_get_line_extents (it, NULL, &logical);
      double h = logical.height / (double) PANGO_SCALE;
      double baseline = (pango_layout_iter_get_baseline (it) - logical.y) / (double) PANGO_SCALE;
      if (sh->y + h > bottom (sh) && sh->y > MARGIN)
        new_page (sh);
      Item item = { ITEM_LINE, sh->page, x, sh->y, w, h, g_object_ref (layout), line, baseline, -1 };
      g_array_append_val (sh->items, item);
      sh->y += h;
      line++;
    }
  while (pango_layout_iter_next_line (it));
  pango_layout_iter_free (it);
  g_object_unref (layout);
  sh->y += gap_after;
}

static void
add_paragraph (VsStudySheet *sh, const char *markup, const char *font, double gap_after)
{
  add_paragraph_at (sh, markup, font, MARGIN, sh->text_w, gap_after);
}

static double
paragraph_height (VsStudySheet *sh, const char *markup, const char *font, double w)
{
  g_autoptr(PangoLayout) layout = new_layout (sh, markup, font, w, PANGO_ALIGN_LEFT);
  int pw, ph;
  pango_layout_get_pixel_size (layout, &pw, &ph);
  PangoRectangle logical;
  pango_layout_get_extents (layout, NULL, &logical);
  return logical.height / (double) PANGO_SCALE;
}

/* ---- Diagrams --------------------------------------------------------------------- */

static void
diagram_free (Diagram *d)
{
  g_free (d->pos);
  g_clear_pointer (&d->shapes, g_array_unref);
  g_clear_object (&d->caption);
  g_free (d);
}

static VsShapeColor
shape_color (char c)
{
  switch (c)
    {
    case 'R': return VS_SHAPE_RED;
    case 'B': return VS_SHAPE_BLUE;
    case 'Y': return VS_SHAPE_YELLOW;
    default:  return VS_SHAPE_GREEN;
    }
}

/* Diagram size in points for the variant: as tall as DIAGRAM_H, never wider
 * than the text (Strato's three boards side by side). */
static void
diagram_size (VsStudySheet *sh, const VsVariant *v, double *w, double *h)
{
  double wu, hu;
  vs_board_layout_natural (v, vs_board_variant_has_hands (v), VS_STRATO_VIEW_SIDE_BY_SIDE, &wu, &hu);
  double unit = MIN (DIAGRAM_H / hu, sh->text_w / wu);
  unit = MIN (unit, (bottom (sh) - MARGIN) * 0.6 / hu);
  *w = floor (unit) * wu;
  *h = floor (unit) * hu;
}

/* A paragraph (may be empty) followed by the diagram of node's position:
 * side by side (text left, diagram right) when the board is narrow enough,
 * else the text then the diagram centred below it. */
static gboolean
add_block (VsStudySheet *sh, const char *markup, VsGameNode *node, const char *caption,
           GError **error)
{
  Diagram *d = g_new0 (Diagram, 1);
  d->pos = g_new0 (VsPosition, 1);
  if (!vs_game_node_position (node, d->pos))
    {
      g_set_error (error, VS_STUDY_SHEET_ERROR, VS_STUDY_SHEET_ERROR_POSITION,
                   _("The game’s start position is not valid"));
      diagram_free (d);
      return FALSE;
    }
  d->last_move = vs_game_node_get_move (node);
  d->shapes = g_array_new (FALSE, FALSE, sizeof (VsBoardShape));
  const VsShape *shapes;
  guint n = vs_game_node_get_shapes (node, &shapes);
  for (guint i = 0; i < n; i++)
    {
      VsBoardShape s = { shapes[i].from, shapes[i].to, shape_color (shapes[i].color) };
      g_array_append_val (d->shapes, s);
    }
  double w, h;
  diagram_size (sh, d->pos->variant, &w, &h);
  g_autofree char *esc = g_markup_escape_text (caption, -1);
  g_autofree char *cap_markup = g_strdup_printf ("<i>%s</i>", esc);
  d->caption = new_layout (sh, cap_markup, FONT " 8.5", w, PANGO_ALIGN_CENTER);
  PangoRectangle cap;
  pango_layout_get_extents (d->caption, NULL, &cap);
  double diagram_h = h + CAPTION_GAP + cap.height / (double) PANGO_SCALE;
  gboolean beside = w <= sh->text_w * 0.55;
  double text_w = beside ? sh->text_w - w - COLUMN_GAP : sh->text_w;
  double text_h = markup && *markup ? paragraph_height (sh, markup, FONT " 10", text_w) : 0;

  double needed = beside ? MAX (diagram_h, MIN (text_h, 3 * 14.0)) : MIN (text_h, 3 * 14.0);
  if (sh->y + needed > bottom (sh) && sh->y > MARGIN)
    new_page (sh);
  int page0 = sh->page;
  double y0 = sh->y;
  if (markup && *markup)
    {
      if (beside)
        add_paragraph_at (sh, markup, FONT " 10", MARGIN, text_w, 0);
      else
        add_paragraph (sh, markup, FONT " 10", PARA_GAP);
    }
  double x, y;
  int page;
  if (beside)
    {
      /* the diagram stands beside the start of the text */
      x = MARGIN + sh->text_w - w;
      y = y0 + 2;
      page = page0;
      if (sh->page == page0)
        sh->y = MAX (sh->y, y0 + diagram_h + 2);
    }
  else
    {
      if (sh->y + diagram_h > bottom (sh) && sh->y > MARGIN)
        new_page (sh);
      x = MARGIN + (sh->text_w - w) / 2;
      y = sh->y + 2;
      page = sh->page;
      sh->y += diagram_h + 2;
    }
  Item item = { ITEM_DIAGRAM, page, x, y, w, diagram_h, NULL, 0, 0, sh->diagrams->len };
  g_array_append_val (sh->items, item);
  g_ptr_array_add (sh->diagrams, d);
  sh->y += BLOCK_GAP;
  return TRUE;
}

static void
draw_diagram (VsStudySheet *sh, const Item *item, cairo_t *cr)
{
  Diagram *d = sh->diagrams->pdata[item->diagram];
  double w, h;
  diagram_size (sh, d->pos->variant, &w, &h);
  VsDiagramOptions o;
  vs_diagram_options_init (&o);
  o.size = (int) MAX (w, h);
  o.theme = "paper";
  VsBoardLayout l;
  int iw, ih;
  if (vs_diagram_layout (d->pos, &o, &l, &iw, &ih, NULL))
    {
      VsSceneInput in;
      memset (&in, 0, sizeof in);
      in.pos = d->pos;
      in.theme = vs_board_theme_get (o.theme);
      in.piece_set = vs_piece_set_resolve (NULL, d->pos->variant);
      in.coordinates = TRUE;
      in.last_move = d->last_move;
      in.show_check = TRUE;
      in.hidden_square = -1;
      in.shapes = (const VsBoardShape *) d->shapes->data;
      in.n_shapes = d->shapes->len;
      g_autoptr(GArray) prims = g_array_new (FALSE, FALSE, sizeof (VsPrim));
      vs_board_scene_build (&l, &in, prims);
      cairo_save (cr);
      cairo_translate (cr, item->x + (w - iw) / 2, item->y);
      cairo_rectangle (cr, 0, 0, iw, ih);
      cairo_clip (cr);
      vs_board_scene_draw_cairo (&l, prims, cr);
      cairo_restore (cr);
    }
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  cairo_move_to (cr, item->x + (item->w - w) / 2, item->y + h + CAPTION_GAP);
  pango_cairo_show_layout (cr, d->caption);
  cairo_restore (cr);
}

/* ---- The game as text -------------------------------------------------------------- */

static gboolean
white_moves (VsStudySheet *sh, VsGameNode *node)
{
  return ((vs_game_node_get_ply (node) - 1 + sh->side0) % 2) == 0;
}

static guint
move_number (VsStudySheet *sh, VsGameNode *node)
{
  return sh->fullmove0 + (vs_game_node_get_ply (node) - 1 + sh->side0) / 2;
}

/* The node's move in the sheet's notation (a pass as "Pass" in SAN). */
static const char *
move_text (VsStudySheet *sh, VsGameNode *node, char buf[VS_MOVE_TEXT_MAX])
{
  if (sh->notation != VS_NOTATION_SAN && vs_game_node_write_move (node, sh->notation, buf))
    return buf;
  if (VS_MOVE_KIND (vs_game_node_get_move (node)) == VS_MOVE_PASS)
    return _("Pass");
  return vs_game_node_get_san (node);
}

/* "12. Nf3", "12... Nc6" (number only where needed) */
static char *
move_label (VsStudySheet *sh, VsGameNode *node)
{
  char buf[VS_MOVE_TEXT_MAX];
  const char *san = move_text (sh, node, buf);
  return white_moves (sh, node) ? g_strdup_printf ("%u. %s", move_number (sh, node), san)
                                 : g_strdup_printf ("%u... %s", move_number (sh, node), san);
}

static void
append_move (VsStudySheet *sh, GString *s, VsGameNode *node, gboolean *need_number, gboolean bold)
{
  const char *before = vs_game_node_get_comment_before (node);
  if (before && *before)
    {
      g_autofree char *esc = g_markup_escape_text (before, -1);
      g_string_append_printf (s, "<i>%s</i> ", esc);
      *need_number = TRUE;
    }
  if (white_moves (sh, node))
    g_string_append_printf (s, "%u. ", move_number (sh, node));
  else if (*need_number)
    g_string_append_printf (s, "%u... ", move_number (sh, node));
  char buf[VS_MOVE_TEXT_MAX];
  g_autofree char *san = g_markup_escape_text (move_text (sh, node, buf), -1);
  g_string_append_printf (s, bold ? "<b>%s</b>" : "%s", san);
  const guint8 *nags;
  guint n = vs_game_node_get_nags (node, &nags);
  for (guint i = 0; i < n; i++)
    {
      const char *glyph = vs_nag_glyph (nags[i]);
      if (glyph)
        g_string_append (s, glyph);
      else
        g_string_append_printf (s, " $%u", nags[i]);
    }
  *need_number = FALSE;
}

static void append_variations (VsStudySheet *sh, GString *s, VsGameNode *node);

/* A variation from node on (text only). */
static void
append_line (VsStudySheet *sh, GString *s, VsGameNode *first)
{
  gboolean need_number = TRUE;
  for (VsGameNode *n = first; n; n = vs_game_node_get_main_child (n))
    {
      if (n != first)
        g_string_append_c (s, ' ');
      append_move (sh, s, n, &need_number, FALSE);
      const char *after = vs_game_node_get_comment_after (n);
      if (after && *after)
        {
          g_autofree char *esc = g_markup_escape_text (after, -1);
          g_string_append_printf (s, " <i>%s</i>", esc);
          need_number = TRUE;
        }
      if (n != first && vs_game_node_get_next_sibling (n))
        {
          append_variations (sh, s, n);
          need_number = TRUE;
        }
    }
}

/* The variations that replace node (its later siblings). */
static void
append_variations (VsStudySheet *sh, GString *s, VsGameNode *node)
{
  for (VsGameNode *v = vs_game_node_get_next_sibling (node); v; v = vs_game_node_get_next_sibling (v))
    {
      g_string_append (s, " <span foreground=\"#505050\">(");
      append_line (sh, s, v);
      g_string_append (s, ")</span>");
    }
}

static void
add_headers (VsStudySheet *sh, VsGame *game)
{
  const char *white = vs_game_get_header (game, "White");
  const char *black = vs_game_get_header (game, "Black");
  const char *event = vs_game_get_header (game, "Event");
  /* gibo headers: Cho's and Han's players */
  if (white == NULL)
    white = vs_game_get_header (game, "초대국자");
  if (black == NULL)
    black = vs_game_get_header (game, "한대국자");
  if (event == NULL)
    event = vs_game_get_header (game, "대회명");
  /* Issue 18: a variant with its own side names shows them (초 X – 한 Y) */
  const VsVariant *v = vs_game_get_variant (game);
  g_autofree char *title = NULL;
  if ((white || black) && v->side_names[0] && v->side_names[1])
    title = g_strdup_printf (C_("study sheet title: side and player, side and player", "%s %s – %s %s"),
                             vs_variant_side_name (v, VS_WHITE), white ? white : "?",
                             vs_variant_side_name (v, VS_BLACK), black ? black : "?");
  else if (white || black)
    title = g_strdup_printf ("%s – %s", white ? white : "?", black ? black : "?");
  else
    title = g_strdup (event ? event : _("Game"));
  g_autofree char *esc_title = g_markup_escape_text (title, -1);
  add_paragraph (sh, esc_title, FONT " Bold 16", 4);
  sh->footer = g_strdup (title);

  /* event · site · date · round; variant · result */
  g_autoptr(GString) line = g_string_new (NULL);
  const char *keys[] = { "Event", "Site", "Date", "Round" };
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      const char *v = vs_game_get_header (game, keys[i]);
      if (v == NULL || *v == '\0' || strcmp (v, "?") == 0 || (i == 0 && !(white || black)))
        continue;
      g_autofree char *esc = g_markup_escape_text (v, -1);
      g_string_append_printf (line, "%s%s", line->len ? " · " : "", esc);
    }
  const VsVariant *variant = vs_game_get_variant (game);
  g_autofree char *vname = g_markup_escape_text (_(variant->name), -1);
  g_string_append_printf (line, "%s<b>%s</b> · %s", line->len ? "\n" : "", vname,
                          vs_result_string (vs_game_get_result (game)));
  add_paragraph (sh, line->str, FONT " 10", 4);

  /* the other headers, small */
  g_autoptr(GString) rest = g_string_new (NULL);
  const char *skip[] = { "White", "Black", "Event", "Site", "Date", "Round", "Result", NULL };
  for (guint i = 0; i < vs_game_get_n_headers (game); i++)
    {
      const char *k = vs_game_get_header_key (game, i);
      const char *v = vs_game_get_header_value (game, i);
      if (g_strv_contains (skip, k) || v == NULL || *v == '\0' || strcmp (v, "?") == 0)
        continue;
      g_autofree char *ek = g_markup_escape_text (k, -1);
      g_autofree char *ev = g_markup_escape_text (v, -1);
      g_string_append_printf (rest, "%s%s: %s", rest->len ? " · " : "", ek, ev);
    }
  if (rest->len)
    add_paragraph (sh, rest->str, FONT " 7.5", 0);
  sh->y += 10;
}

static gboolean
add_moves (VsStudySheet *sh, VsGame *game, GError **error)
{
  VsGameNode *root = vs_game_get_root (game);
  const char *intro = vs_game_node_get_comment_after (root);
  if (intro && *intro)
    {
      g_autofree char *esc = g_markup_escape_text (intro, -1);
      g_autofree char *m = g_strdup_printf ("<i>%s</i>", esc);
      add_paragraph (sh, m, FONT " 10", PARA_GAP);
    }
  g_autoptr(GString) para = g_string_new (NULL);
  gboolean need_number = TRUE;
  gboolean end_drawn = FALSE;
  int n_diagrams = 0;
  VsGameNode *last = root;
  for (VsGameNode *n = vs_game_node_get_main_child (root); n; n = vs_game_node_get_main_child (n))
    {
      last = n;
      end_drawn = FALSE;
      if (para->len)
        g_string_append_c (para, ' ');
      append_move (sh, para, n, &need_number, TRUE);
      const char *after = vs_game_node_get_comment_after (n);
      gboolean commented = after && *after;
      if (commented)
        {
          g_autofree char *esc = g_markup_escape_text (after, -1);
          g_string_append_printf (para, " <i>%s</i>", esc);
        }
      if (vs_game_node_get_next_sibling (n))
        {
          append_variations (sh, para, n);
          need_number = TRUE;
        }
      if (commented)
        {
          g_autofree char *label = move_label (sh, n);
          /* Translators: %d is the diagram's number, %s a move, e.g. "12. Nf3" */
          g_autofree char *caption = g_strdup_printf (_("Diagram %d: after %s"), ++n_diagrams, label);
          if (!add_block (sh, para->str, n, caption, error))
            return FALSE;
          g_string_truncate (para, 0);
          need_number = TRUE;
          end_drawn = TRUE;
        }
    }
  const char *result = vs_result_string (vs_game_get_result (game));
  if (strcmp (result, "*") != 0)
    g_string_append_printf (para, "%s<b>%s</b>", para->len ? "  " : "", result);
  if (end_drawn && para->len)
    add_paragraph (sh, para->str, FONT " 10", PARA_GAP);
  if (!end_drawn)
    {
      g_autofree char *caption = NULL;
      if (last == root)
        caption = g_strdup_printf (_("Diagram %d: start position"), ++n_diagrams);
      else
        {
          g_autofree char *label = move_label (sh, last);
          /* Translators: %d is the diagram's number, %s the last move, e.g. "41. Qh7#" */
          caption = g_strdup_printf (_("Diagram %d: final position after %s"), ++n_diagrams, label);
        }
      if (!add_block (sh, para->str, last, caption, error))
        return FALSE;
    }
  return TRUE;
}

/* ---- Public ---------------------------------------------------------------------------- */

VsStudySheet *
vs_study_sheet_new (VsGame *game, double width, double height, GError **error)
{
  return vs_study_sheet_new_full (game, width, height, VS_NOTATION_SAN, error);
}

VsStudySheet *
vs_study_sheet_new_full (VsGame *game, double width, double height, VsNotation notation,
                         GError **error)
{
  g_return_val_if_fail (VS_IS_GAME (game), NULL);
  if (width < 4 * MARGIN || height < 4 * MARGIN + FOOTER_GAP)
    {
      g_set_error (error, VS_STUDY_SHEET_ERROR, VS_STUDY_SHEET_ERROR_PAPER,
                   _("The page (%.0f × %.0f points) is too small for a study sheet"), width, height);
      return NULL;
    }
  g_autoptr(VsStudySheet) sh = g_new0 (VsStudySheet, 1);
  sh->width = width;
  sh->height = height;
  sh->notation = notation;
  sh->text_w = width - 2 * MARGIN;
  sh->items = g_array_new (FALSE, FALSE, sizeof (Item));
  sh->diagrams = g_ptr_array_new_with_free_func ((GDestroyNotify) diagram_free);
  /* one point per unit, unhinted metrics: the same layout on every surface */
  sh->context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  pango_cairo_context_set_resolution (sh->context, 72);
  cairo_font_options_t *fo = cairo_font_options_create ();
  cairo_font_options_set_hint_metrics (fo, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (fo, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (sh->context, fo);
  cairo_font_options_destroy (fo);
  pango_context_set_round_glyph_positions (sh->context, FALSE);

  g_autofree VsPosition *start = g_new0 (VsPosition, 1);
  if (!vs_game_node_position (vs_game_get_root (game), start))
    {
      g_set_error (error, VS_STUDY_SHEET_ERROR, VS_STUDY_SHEET_ERROR_POSITION,
                   _("The game’s start position is not valid"));
      return NULL;
    }
  sh->fullmove0 = MAX (1, start->fullmove);
  sh->side0 = start->side;

  sh->page = 0;
  sh->y = MARGIN;
  add_headers (sh, game);
  if (!add_moves (sh, game, error))
    return NULL;
  sh->n_pages = sh->page + 1;
  return g_steal_pointer (&sh);
}

void
vs_study_sheet_free (VsStudySheet *sh)
{
  if (sh == NULL)
    return;
  for (guint i = 0; sh->items && i < sh->items->len; i++)
    g_clear_object (&g_array_index (sh->items, Item, i).layout);
  g_clear_pointer (&sh->items, g_array_unref);
  g_clear_pointer (&sh->diagrams, g_ptr_array_unref);
  g_clear_object (&sh->context);
  g_free (sh->footer);
  g_free (sh);
}

int
vs_study_sheet_get_n_pages (VsStudySheet *sh)
{
  return sh->n_pages;
}

int
vs_study_sheet_get_n_diagrams (VsStudySheet *sh)
{
  return sh->diagrams->len;
}

gboolean
vs_study_sheet_draw_page_step (VsStudySheet *sh, cairo_t *cr, int page, guint *item)
{
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  for (; *item < sh->items->len; (*item)++)
    {
      const Item *it = &g_array_index (sh->items, Item, *item);
      if (it->page != page)
        continue;
      if (it->kind == ITEM_LINE)
        {
          PangoLayoutLine *line = pango_layout_get_line_readonly (it->layout, it->line);
          cairo_move_to (cr, it->x, it->y + it->baseline);
          pango_cairo_show_layout_line (cr, line);
        }
      else
        {
          /* a diagram ends the step: it is the costly part */
          draw_diagram (sh, it, cr);
          (*item)++;
          cairo_restore (cr);
          return TRUE;
        }
      cairo_set_source_rgb (cr, 0, 0, 0);
    }
  /* footer: title and page number */
  /* Translators: study sheet footer: game title, page number, number of pages */
  g_autofree char *text = g_strdup_printf (_("%s — page %d of %d"), sh->footer ? sh->footer : "",
                                           page + 1, sh->n_pages);
  g_autofree char *esc = g_markup_escape_text (text, -1);
  PangoLayout *footer = new_layout (sh, esc, FONT " 7.5", sh->text_w, PANGO_ALIGN_CENTER);
  cairo_set_source_rgb (cr, 0.4, 0.4, 0.4);
  cairo_move_to (cr, MARGIN, sh->height - MARGIN);
  pango_cairo_show_layout (cr, footer);
  g_object_unref (footer);
  cairo_restore (cr);
  return FALSE;
}

void
vs_study_sheet_draw_page (VsStudySheet *sh, cairo_t *cr, int page)
{
  guint item = 0;
  while (vs_study_sheet_draw_page_step (sh, cr, page, &item))
    ;
}

gboolean
vs_study_sheet_write_pdf (VsGame *game, VsPaper paper, const char *filename,
                          int *n_pages, int *n_diagrams, GError **error)
{
  double w, h;
  vs_paper_size (paper, &w, &h);
  g_autoptr(VsStudySheet) sh = vs_study_sheet_new (game, w, h, error);
  if (sh == NULL)
    return FALSE;
  cairo_surface_t *surface = cairo_pdf_surface_create (filename, w, h);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, VS_STUDY_SHEET_ERROR, VS_STUDY_SHEET_ERROR_WRITE,
                   _("Could not write “%s”: %s"), filename,
                   cairo_status_to_string (cairo_surface_status (surface)));
      cairo_surface_destroy (surface);
      return FALSE;
    }
  g_autofree char *title = g_strdup (sh->footer ? sh->footer : "");
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, title);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "VariantStudy");
  cairo_t *cr = cairo_create (surface);
  for (int p = 0; p < sh->n_pages; p++)
    {
      vs_study_sheet_draw_page (sh, cr, p);
      cairo_show_page (cr);
    }
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  cairo_status_t st = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (st != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, VS_STUDY_SHEET_ERROR, VS_STUDY_SHEET_ERROR_WRITE,
                   _("Could not write “%s”: %s"), filename, cairo_status_to_string (st));
      return FALSE;
    }
  if (n_pages)
    *n_pages = sh->n_pages;
  if (n_diagrams)
    *n_diagrams = sh->diagrams->len;
  return TRUE;
}
