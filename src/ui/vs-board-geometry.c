/* vs-board-geometry.c — layout, hit testing and the move-input controller. */
#include "config.h"
#include "vs-board-geometry.h"

#include <math.h>
#include <string.h>

/* Strato's oblique view: each level is squashed to STACK_K of its height and
 * sheared so that far rows move right by STACK_S per unit of height. */
#define STACK_K      0.5
#define STACK_S      0.5
#define STACK_GAP    0.95
#define STACK_TOP    0.85
#define STACK_LEFT   0.7
#define SIDE_GAP     0.5
#define SIDE_LABEL   0.7
#define HAND_GAP     0.25
#define HAND_COL     1.0
#define POINT_MARGIN VS_BOARD_POINT_MARGIN

gboolean
vs_board_variant_has_hands (const VsVariant *v)
{
  return v && v->has_hands;
}

int
vs_board_hand_types (const VsVariant *v, int out[VS_HAND_TYPES_MAX])
{
  int n = 0;
  if (v == NULL || v->pieces == NULL)
    return 0;
  for (int t = 1; t <= v->n_piece_types && n < VS_HAND_TYPES_MAX; t++)
    {
      const char *letter = v->pieces[t].letter;
      if (letter == NULL || letter[0] == '\0' || (letter[0] == 'K' && letter[1] == '\0'))
        continue;
      out[n++] = t;
    }
  return n;
}

/* The 3-D view: a camera above the viewer's edge of the board; Strato's
 * levels are planes far enough apart that they do not hide one another. */
#define PERSP_TILT        52.0
#define PERSP_STRATO_TILT 36.0
#define PERSP_DISTANCE    1.9    /* camera distance / board size */
#define PERSP_PIECE_TOP   0.95   /* upright pieces rise this high (fitting) */

static void
persp_camera (const VsVariant *v, VsProjection *proj, double level_z[3])
{
  const VsGeometry *g = &v->geom;
  double tilt = g->levels > 1 ? PERSP_STRATO_TILT : PERSP_TILT;
  double t = tilt * G_PI / 180;
  double gap = g->levels > 1 ? (g->ranks * sin (t) + 1.3) / cos (t) : 0;
  for (int lev = 0; lev < 3; lev++)
    level_z[lev] = lev < g->levels ? lev * gap : 0;
  double cz = (g->levels - 1) * gap / 2;
  double size = MAX ((double) g->files, g->ranks + (g->levels - 1) * gap * 0.8);
  vs_projection_init_camera (proj, g->files / 2.0, g->ranks / 2.0, cz, tilt, size * PERSP_DISTANCE);
}

/* bounding box of the projected board (with standing pieces), in screen units */
static void
persp_bbox (const VsVariant *v, const VsProjection *proj, const double level_z[3],
            double *x0, double *y0, double *x1, double *y1)
{
  const VsGeometry *g = &v->geom;
  double ua = 0, ub = g->files, va = 0, vb = g->ranks;
  if (g->points)
    {
      ua -= POINT_MARGIN;
      vb += POINT_MARGIN;
    }
  *x0 = *y0 = G_MAXDOUBLE;
  *x1 = *y1 = -G_MAXDOUBLE;
  for (int lev = 0; lev < g->levels; lev++)
    for (int k = 0; k < 8; k++)
      {
        double sx, sy;
        vs_projection_project (proj, k & 1 ? ub : ua, k & 2 ? vb : va,
                               level_z[lev] + (k & 4 ? PERSP_PIECE_TOP : 0), &sx, &sy);
        *x0 = MIN (*x0, sx);
        *y0 = MIN (*y0, sy);
        *x1 = MAX (*x1, sx);
        *y1 = MAX (*y1, sy);
      }
}

void
vs_board_layout_natural_3d (const VsVariant *v, gboolean hands, VsStratoView view,
                            gboolean three_d, double *w_units, double *h_units)
{
  if (!three_d)
    {
      vs_board_layout_natural (v, hands, view, w_units, h_units);
      return;
    }
  VsProjection proj;
  double lz[3], x0, y0, x1, y1;
  persp_camera (v, &proj, lz);
  persp_bbox (v, &proj, lz, &x0, &y0, &x1, &y1);
  *w_units = x1 - x0 + (hands ? HAND_GAP + HAND_COL : 0);
  *h_units = y1 - y0;
}

void
vs_board_layout_natural (const VsVariant *v, gboolean hands, VsStratoView view,
                         double *w_units, double *h_units)
{
  const VsGeometry *g = &v->geom;
  double w = g->files, h = g->ranks;
  if (g->points)
    {
      w += POINT_MARGIN;
      h += POINT_MARGIN;
    }
  if (g->levels > 1)
    {
      if (view == VS_STRATO_VIEW_STACKED)
        {
          double lh = g->ranks * STACK_K;
          w = STACK_LEFT + g->files + lh * STACK_S;
          h = STACK_TOP + g->levels * lh + (g->levels - 1) * STACK_GAP;
        }
      else
        {
          w = g->levels * g->files + (g->levels - 1) * SIDE_GAP;
          h = g->ranks + SIDE_LABEL;
        }
    }
  if (hands)
    w += HAND_GAP + HAND_COL;
  *w_units = w;
  *h_units = h;
}

void
vs_affine_apply (const VsAffine *a, double u, double v, double *x, double *y)
{
  *x = a->xx * u + a->xy * v + a->x0;
  *y = a->yx * u + a->yy * v + a->y0;
}

gboolean
vs_affine_invert_apply (const VsAffine *a, double x, double y, double *u, double *v)
{
  double det = a->xx * a->yy - a->xy * a->yx;
  if (fabs (det) < 1e-12)
    return FALSE;
  double dx = x - a->x0, dy = y - a->y0;
  *u = (a->yy * dx - a->xy * dy) / det;
  *v = (-a->yx * dx + a->xx * dy) / det;
  return TRUE;
}

void
vs_board_layout_compute (VsBoardLayout *l, const VsVariant *v, double width, double height,
                         gboolean flipped, VsStratoView view, gboolean hands)
{
  vs_board_layout_compute_3d (l, v, width, height, flipped, view, hands, FALSE);
}

void
vs_board_layout_compute_3d (VsBoardLayout *l, const VsVariant *v, double width, double height,
                            gboolean flipped, VsStratoView view, gboolean hands, gboolean three_d)
{
  memset (l, 0, sizeof *l);
  l->variant = v;
  l->width = width;
  l->height = height;
  l->flipped = flipped;
  l->strato_view = view;
  l->hands = hands;
  const VsGeometry *g = &v->geom;
  double wu, hu;
  vs_board_layout_natural_3d (v, hands, view, three_d, &wu, &hu);
  double unit = MIN (width / wu, height / hu);
  /* whole pixels per square keep tiles and pieces crisp */
  if (unit >= 8)
    unit = floor (unit);
  l->unit = unit;
  l->area.w = wu * unit;
  l->area.h = hu * unit;
  l->area.x = floor ((width - l->area.w) / 2);
  l->area.y = floor ((height - l->area.h) / 2);
  double ox = l->area.x, oy = l->area.y;
  l->n_planes = g->levels;
  if (three_d)
    {
      l->perspective = TRUE;
      l->raised_tiles = v->family == VS_FAMILY_JANGGI || v->family == VS_FAMILY_CHARTIMA;
      double x0, y0, x1, y1;
      persp_camera (v, &l->proj, l->level_z);
      persp_bbox (v, &l->proj, l->level_z, &x0, &y0, &x1, &y1);
      vs_projection_fit (&l->proj, unit, ox - x0 * unit, oy - y0 * unit);
      for (int lev = 0; lev < g->levels; lev++)
        {
          vs_board_layout_local_affine (l, lev, g->files / 2.0, g->ranks / 2.0, 0, &l->plane[lev]);
          double lx, ly, rx, ry;
          vs_board_layout_plane_point (l, lev, 0, g->ranks / 2.0, &lx, &ly);
          vs_board_layout_plane_point (l, lev, g->files, g->ranks / 2.0, &rx, &ry);
          if (g->levels > 1)
            l->level_label[lev] = (VsRect) { MAX (ox, lx - 0.9 * unit), ly - 0.35 * unit, 0.7 * unit, 0.7 * unit };
        }
    }
  else if (g->levels == 1)
    l->plane[0] = (VsAffine) { unit, 0, 0, unit, round (ox + (g->points ? POINT_MARGIN * unit : 0)), oy };
  else if (view == VS_STRATO_VIEW_STACKED)
    {
      l->oblique = TRUE;
      double lh = g->ranks * STACK_K;
      for (int lev = 0; lev < g->levels; lev++)
        {
          /* top of the picture is the highest level */
          int slot = g->levels - 1 - lev;
          double top = oy + (STACK_TOP + slot * (lh + STACK_GAP)) * unit;
          double left = ox + STACK_LEFT * unit;
          l->plane[lev] = (VsAffine) {
            .xx = unit, .yx = 0,
            .xy = -STACK_K * STACK_S * unit, .yy = STACK_K * unit,
            .x0 = left + lh * STACK_S * unit, .y0 = top,
          };
          l->level_label[lev] = (VsRect) { ox, top + (lh / 2 - 0.35) * unit, STACK_LEFT * unit * 0.9, 0.7 * unit };
        }
    }
  else
    {
      for (int lev = 0; lev < g->levels; lev++)
        {
          /* whole pixels: textures land on the pixel grid */
          double left = round (ox + lev * (g->files + SIDE_GAP) * unit);
          double top = round (oy + SIDE_LABEL * unit);
          l->plane[lev] = (VsAffine) { unit, 0, 0, unit, left, top };
          l->level_label[lev] = (VsRect) { left, oy, g->files * unit, SIDE_LABEL * unit };
        }
    }
  if (hands)
    {
      int types[VS_HAND_TYPES_MAX];
      int n = vs_board_hand_types (v, types);
      double colx = ox + (wu - HAND_COL) * unit;
      double half = hu / 2;
      double slot = n > 0 ? MIN (HAND_COL, half / n) : HAND_COL;
      for (int side = 0; side < 2; side++)
        {
          /* top half: the player at the top of the board */
          int color = (side == 0) == !flipped ? VS_BLACK : VS_WHITE;
          for (int i = 0; i < n; i++)
            {
              VsHandSlot *s = &l->hand[l->n_hand_slots++];
              s->color = color;
              s->type = types[i];
              double y = side == 0 ? oy + i * slot * unit
                                   : oy + (hu - (i + 1) * slot) * unit;
              s->rect = (VsRect) { round (colx + (HAND_COL - slot) / 2 * unit), round (y),
                                   round (slot * unit), round (slot * unit) };
            }
        }
    }
}

void
vs_board_layout_square_cell (const VsBoardLayout *l, int sq, int *plane, int *u, int *v)
{
  const VsGeometry *g = &l->variant->geom;
  int file = vs_sq_file (g, sq), rank = vs_sq_rank (g, sq);
  *plane = vs_sq_level (g, sq);
  *u = l->flipped ? g->files - 1 - file : file;
  *v = l->flipped ? rank : g->ranks - 1 - rank;
}

int
vs_board_layout_cell_square (const VsBoardLayout *l, int plane, int u, int v)
{
  const VsGeometry *g = &l->variant->geom;
  int file = l->flipped ? g->files - 1 - u : u;
  int rank = l->flipped ? v : g->ranks - 1 - v;
  return vs_sq_make (g, plane, rank, file);
}

void
vs_board_layout_plane_point_z (const VsBoardLayout *l, int p, double u, double v, double dz,
                               double *x, double *y)
{
  if (l->perspective)
    vs_projection_project (&l->proj, u, v, l->level_z[p] + dz, x, y);
  else
    vs_affine_apply (&l->plane[p], u, v, x, y);
}

void
vs_board_layout_plane_point (const VsBoardLayout *l, int p, double u, double v, double *x, double *y)
{
  vs_board_layout_plane_point_z (l, p, u, v, 0, x, y);
}

void
vs_board_layout_local_affine (const VsBoardLayout *l, int p, double u, double v, double dz,
                              VsAffine *out)
{
  if (!l->perspective)
    {
      *out = l->plane[p];
      return;
    }
  double a[6];
  vs_projection_local_affine (&l->proj, l->level_z[p] + dz, u, v, a);
  *out = (VsAffine) { a[0], a[1], a[2], a[3], a[4], a[5] };
}

void
vs_board_layout_square_center (const VsBoardLayout *l, int sq, double *x, double *y)
{
  int p, u, v;
  vs_board_layout_square_cell (l, sq, &p, &u, &v);
  vs_board_layout_plane_point (l, p, u + 0.5, v + 0.5, x, y);
}

void
vs_board_layout_piece_rect (const VsBoardLayout *l, int sq, VsRect *r)
{
  double cx, cy;
  vs_board_layout_square_center (l, sq, &cx, &cy);
  if (l->perspective)
    {
      int p, u, v;
      vs_board_layout_square_cell (l, sq, &p, &u, &v);
      if (l->raised_tiles)
        {
          /* the top face of the tile, lying on the square */
          double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
          for (int k = 0; k < 4; k++)
            {
              double x, y;
              vs_board_layout_plane_point_z (l, p, u + (k & 1), v + (k >> 1), VS_BOARD_TILE_HEIGHT, &x, &y);
              x0 = MIN (x0, x);
              y0 = MIN (y0, y);
              x1 = MAX (x1, x);
              y1 = MAX (y1, y);
            }
          *r = (VsRect) { x0, y0, x1 - x0, y1 - y0 };
          return;
        }
      /* an upright figure standing on the centre, scaled by its depth */
      double ps = 0.92 * vs_projection_scale_at (&l->proj, u + 0.5, v + 0.5, l->level_z[p]);
      *r = (VsRect) { cx - ps / 2, cy - ps * 0.86, ps, ps };
      return;
    }
  if (l->oblique)
    {
      /* upright, standing on the cell centre */
      double ps = round (l->unit * 0.8);
      *r = (VsRect) { round (cx - ps / 2), round (cy - ps * 0.82), ps, ps };
    }
  else
    *r = (VsRect) { cx - l->unit / 2, cy - l->unit / 2, l->unit, l->unit };
}

VsHit
vs_board_layout_hit (const VsBoardLayout *l, double x, double y)
{
  VsHit hit = { VS_HIT_NONE, -1, -1, -1, -1 };
  const VsGeometry *g = &l->variant->geom;
  for (int p = l->perspective ? l->n_planes - 1 : 0; l->perspective ? p >= 0 : p < l->n_planes;
       p += l->perspective ? -1 : 1)
    {
      double u, v;
      if (l->perspective)
        {
          /* inverse projection onto the level's plane */
          if (!vs_projection_unproject (&l->proj, l->level_z[p], x, y, &u, &v))
            continue;
        }
      else if (!vs_affine_invert_apply (&l->plane[p], x, y, &u, &v))
        continue;
      if (u >= 0 && v >= 0 && u < g->files && v < g->ranks)
        {
          hit.kind = VS_HIT_SQUARE;
          hit.level = p;
          hit.square = vs_board_layout_cell_square (l, p, (int) u, (int) v);
          return hit;
        }
    }
  for (int i = 0; i < l->n_hand_slots; i++)
    {
      const VsRect *r = &l->hand[i].rect;
      if (x >= r->x && y >= r->y && x < r->x + r->w && y < r->y + r->h)
        {
          hit.kind = VS_HIT_HAND;
          hit.color = l->hand[i].color;
          hit.type = l->hand[i].type;
          return hit;
        }
    }
  return hit;
}

/* ---- Shapes ------------------------------------------------------------------ */

static const char shape_letters[VS_SHAPE_N_COLORS] = { 'G', 'R', 'B', 'Y' };

VsShapeColor
vs_shape_color_from_modifiers (gboolean shift, gboolean alt, gboolean ctrl)
{
  if ((shift && alt) || ctrl)
    return VS_SHAPE_YELLOW;
  if (shift)
    return VS_SHAPE_RED;
  if (alt)
    return VS_SHAPE_BLUE;
  return VS_SHAPE_GREEN;
}

char *
vs_board_shape_to_string (const VsGeometry *g, const VsBoardShape *s)
{
  char a[8], b[8];
  vs_square_name (g, s->from, a);
  if (s->from == s->to)
    return g_strdup_printf ("%c%s", shape_letters[s->color % VS_SHAPE_N_COLORS], a);
  vs_square_name (g, s->to, b);
  return g_strdup_printf ("%c%s%s", shape_letters[s->color % VS_SHAPE_N_COLORS], a, b);
}

gboolean
vs_board_shape_parse (const VsGeometry *g, const char *text, VsBoardShape *out)
{
  if (text == NULL || text[0] == '\0')
    return FALSE;
  const char *p = strchr ("GRBY", g_ascii_toupper (text[0]));
  if (p == NULL)
    return FALSE;
  int used = 0, used2 = 0;
  int a = vs_square_parse (g, text + 1, &used);
  if (a < 0)
    return FALSE;
  int b = a;
  if (text[1 + used] != '\0')
    {
      b = vs_square_parse (g, text + 1 + used, &used2);
      if (b < 0 || text[1 + used + used2] != '\0')
        return FALSE;
    }
  out->from = a;
  out->to = b;
  out->color = p - "GRBY";
  return TRUE;
}

/* ---- Controller --------------------------------------------------------------- */

VsBoardController *
vs_board_controller_new (void)
{
  VsBoardController *c = g_new0 (VsBoardController, 1);
  c->pos = NULL;
  c->last_move = VS_MOVE_NONE;
  c->interactive = TRUE;
  c->sides = 3;
  c->sel_square = -1;
  c->hover_square = -1;
  c->focus_square = -1;
  c->shape_from = c->shape_to = -1;
  c->move = VS_MOVE_NONE;
  c->choice_square = -1;
  return c;
}

void
vs_board_controller_free (VsBoardController *c)
{
  if (c == NULL)
    return;
  g_free (c->pos);
  g_free (c);
}

void
vs_board_controller_deselect (VsBoardController *c)
{
  c->sel_kind = VS_BOARD_SEL_NONE;
  c->sel_square = -1;
  c->sel_color = c->sel_type = -1;
  c->pressing = c->dragging = FALSE;
  c->hover_square = -1;
  c->n_choices = 0;
  c->choice_square = -1;
  memset (c->targets, 0, sizeof c->targets);
}

static void
regenerate (VsBoardController *c)
{
  c->n_moves = 0;
  if (c->pos && c->pos->variant && c->pos->variant->generate)
    c->n_moves = vs_position_generate (c->pos, VS_GEN_ALL, c->moves);
}

void
vs_board_controller_set_position (VsBoardController *c, const VsPosition *pos, VsMove last_move)
{
  if (c->pos == NULL)
    c->pos = g_new0 (VsPosition, 1);
  memcpy (c->pos, pos, sizeof *pos);
  c->last_move = last_move;
  c->prev_move = VS_MOVE_NONE;
  vs_board_controller_deselect (c);
  c->move = VS_MOVE_NONE;
  regenerate (c);
  const VsGeometry *g = &pos->variant->geom;
  if (c->focus_square < 0 || c->focus_square >= vs_geometry_squares (g))
    c->focus_square = vs_sq_make (g, 0, 0, 0);
}

void
vs_board_controller_apply (VsBoardController *c, VsMove m)
{
  g_return_if_fail (c->pos != NULL);
  vs_position_play (c->pos, m);
  c->prev_move = c->last_move;
  c->last_move = m;
  vs_board_controller_deselect (c);
  regenerate (c);
}

gboolean
vs_board_controller_can_move (const VsBoardController *c)
{
  return c->pos != NULL && c->interactive && (c->sides & (1u << c->pos->side)) != 0 &&
         c->n_moves > 0;
}

static gboolean
is_special_in_place (VsMove m)
{
  VsMoveKind k = VS_MOVE_KIND (m);
  return k == VS_MOVE_PASS || k == VS_MOVE_SUICIDE;
}

/* Fills targets[] for a board square or a hand piece; returns the count of
 * legal moves starting there (special in-place moves included). */
static int
select_origin (VsBoardController *c, VsBoardSelKind kind, int sq, int color, int type)
{
  memset (c->targets, 0, sizeof c->targets);
  int count = 0;
  for (int i = 0; i < c->n_moves; i++)
    {
      VsMove m = c->moves[i];
      if (kind == VS_BOARD_SEL_SQUARE)
        {
          if (VS_MOVE_KIND (m) == VS_MOVE_DROP || VS_MOVE_FROM (m) != sq)
            continue;
          count++;
          if (!is_special_in_place (m))
            c->targets[VS_MOVE_TO (m)] = 1;
        }
      else
        {
          if (VS_MOVE_KIND (m) != VS_MOVE_DROP || VS_MOVE_PIECE (m) != type)
            continue;
          count++;
          c->targets[VS_MOVE_TO (m)] = 1;
        }
    }
  if (count == 0)
    return 0;
  c->sel_kind = kind;
  c->sel_square = kind == VS_BOARD_SEL_SQUARE ? sq : -1;
  c->sel_color = color;
  c->sel_type = type;
  c->n_choices = 0;
  return count;
}

static gboolean
try_select_hit (VsBoardController *c, const VsHit *hit)
{
  if (!vs_board_controller_can_move (c))
    return FALSE;
  if (hit->kind == VS_HIT_SQUARE)
    {
      VsPiece p = c->pos->board[hit->square];
      if (p == VS_PIECE_NONE || VS_PIECE_COLOR (p) != c->pos->side)
        return FALSE;
      return select_origin (c, VS_BOARD_SEL_SQUARE, hit->square, -1, -1) > 0;
    }
  if (hit->kind == VS_HIT_HAND)
    {
      if (hit->color != c->pos->side || c->pos->hand[hit->color][hit->type] == 0)
        return FALSE;
      return select_origin (c, VS_BOARD_SEL_HAND, -1, hit->color, hit->type) > 0;
    }
  return FALSE;
}

/* The moves from the selection to `to`; MOVE if one, CHOOSE if several. */
static VsBoardChange
try_move (VsBoardController *c, int to)
{
  if (to < 0 || !c->targets[to])
    return VS_BOARD_CHANGED_NONE;
  c->n_choices = 0;
  for (int i = 0; i < c->n_moves && c->n_choices < VS_BOARD_MAX_CHOICES; i++)
    {
      VsMove m = c->moves[i];
      if (VS_MOVE_TO (m) != to || is_special_in_place (m))
        continue;
      if (c->sel_kind == VS_BOARD_SEL_SQUARE &&
          (VS_MOVE_KIND (m) == VS_MOVE_DROP || VS_MOVE_FROM (m) != c->sel_square))
        continue;
      if (c->sel_kind == VS_BOARD_SEL_HAND &&
          (VS_MOVE_KIND (m) != VS_MOVE_DROP || VS_MOVE_PIECE (m) != c->sel_type))
        continue;
      c->choices[c->n_choices++] = m;
    }
  c->pressing = c->dragging = FALSE;
  if (c->n_choices == 1)
    {
      c->move = c->choices[0];
      vs_board_controller_deselect (c);
      return VS_BOARD_CHANGED_MOVE | VS_BOARD_CHANGED_REDRAW;
    }
  if (c->n_choices > 1)
    {
      c->choice_square = to;
      return VS_BOARD_CHANGED_CHOOSE | VS_BOARD_CHANGED_REDRAW;
    }
  return VS_BOARD_CHANGED_NONE;
}

/* Clicking the selected piece again: its in-place moves (Chartima suicide). */
static VsBoardChange
try_in_place (VsBoardController *c)
{
  c->n_choices = 0;
  if (c->sel_kind != VS_BOARD_SEL_SQUARE)
    return VS_BOARD_CHANGED_NONE;
  for (int i = 0; i < c->n_moves && c->n_choices < VS_BOARD_MAX_CHOICES; i++)
    if (VS_MOVE_KIND (c->moves[i]) == VS_MOVE_SUICIDE && VS_MOVE_FROM (c->moves[i]) == c->sel_square)
      c->choices[c->n_choices++] = c->moves[i];
  if (c->n_choices == 0)
    return VS_BOARD_CHANGED_NONE;
  /* never remove a piece on a single click: always confirm */
  c->choice_square = c->sel_square;
  return VS_BOARD_CHANGED_CHOOSE | VS_BOARD_CHANGED_REDRAW;
}

/* In the oblique view a piece stands up over the cells behind its own:
 * a press on its upper part means that piece, front rows first. */
static int
oblique_piece_at (const VsBoardController *c, const VsBoardLayout *l, double x, double y)
{
  int best = -1;
  double best_y = -1e9;
  int n = vs_geometry_squares (&c->pos->variant->geom);
  for (int sq = 0; sq < n; sq++)
    {
      if (c->pos->board[sq] == VS_PIECE_NONE)
        continue;
      VsRect r;
      vs_board_layout_piece_rect (l, sq, &r);
      if (x < r.x + r.w * 0.2 || x > r.x + r.w * 0.8 || y < r.y + r.h * 0.05 || y > r.y + r.h)
        continue;
      if (r.y > best_y)
        {
          best_y = r.y;
          best = sq;
        }
    }
  return best;
}

VsBoardChange
vs_board_controller_press (VsBoardController *c, const VsBoardLayout *l, double x, double y)
{
  VsBoardChange ch = VS_BOARD_CHANGED_NONE;
  if (c->pos == NULL)
    return ch;
  if (vs_board_controller_clear_shapes (c))
    ch |= VS_BOARD_CHANGED_SHAPES | VS_BOARD_CHANGED_REDRAW;
  c->n_choices = 0;
  VsHit hit = vs_board_layout_hit (l, x, y);
  if (l->oblique)
    {
      /* a legal destination under the pointer wins; else what is drawn
       * on top there: the frontmost piece */
      gboolean target = hit.kind == VS_HIT_SQUARE && c->sel_kind != VS_BOARD_SEL_NONE &&
                        c->targets[hit.square];
      int sq = target ? -1 : oblique_piece_at (c, l, x, y);
      if (sq >= 0)
        {
          hit.kind = VS_HIT_SQUARE;
          hit.square = sq;
          hit.level = vs_sq_level (&c->pos->variant->geom, sq);
        }
    }
  c->press_x = c->pointer_x = x;
  c->press_y = c->pointer_y = y;
  if (hit.kind == VS_HIT_SQUARE)
    c->focus_square = hit.square;
  /* click-click: a second click on a legal destination plays */
  if (c->sel_kind != VS_BOARD_SEL_NONE && hit.kind == VS_HIT_SQUARE && c->targets[hit.square])
    {
      VsBoardChange r = try_move (c, hit.square);
      if (r != VS_BOARD_CHANGED_NONE)
        return ch | r;
    }
  gboolean same = (hit.kind == VS_HIT_SQUARE && c->sel_kind == VS_BOARD_SEL_SQUARE &&
                   hit.square == c->sel_square) ||
                  (hit.kind == VS_HIT_HAND && c->sel_kind == VS_BOARD_SEL_HAND &&
                   hit.type == c->sel_type && hit.color == c->sel_color);
  if (same)
    {
      c->press_was_selected = TRUE;
      c->pressing = TRUE;
      return ch | VS_BOARD_CHANGED_REDRAW;
    }
  gboolean had = c->sel_kind != VS_BOARD_SEL_NONE;
  vs_board_controller_deselect (c);
  if (try_select_hit (c, &hit))
    {
      c->press_was_selected = FALSE;
      c->pressing = TRUE;
      return ch | VS_BOARD_CHANGED_REDRAW;
    }
  return ch | (had ? VS_BOARD_CHANGED_REDRAW : 0);
}

VsBoardChange
vs_board_controller_motion (VsBoardController *c, const VsBoardLayout *l, double x, double y)
{
  if (c->sel_kind == VS_BOARD_SEL_NONE)
    return VS_BOARD_CHANGED_NONE;
  c->pointer_x = x;
  c->pointer_y = y;
  VsBoardChange ch = VS_BOARD_CHANGED_NONE;
  if (c->pressing && !c->dragging && hypot (x - c->press_x, y - c->press_y) > MAX (3.0, l->unit * 0.08))
    c->dragging = TRUE;
  if (c->dragging)
    ch |= VS_BOARD_CHANGED_REDRAW;
  VsHit hit = vs_board_layout_hit (l, x, y);
  int hover = hit.kind == VS_HIT_SQUARE && c->targets[hit.square] ? hit.square : -1;
  if (hover != c->hover_square)
    {
      c->hover_square = hover;
      ch |= VS_BOARD_CHANGED_REDRAW;
    }
  return ch;
}

VsBoardChange
vs_board_controller_release (VsBoardController *c, const VsBoardLayout *l, double x, double y)
{
  if (!c->pressing)
    return VS_BOARD_CHANGED_NONE;
  VsHit hit = vs_board_layout_hit (l, x, y);
  gboolean was_dragging = c->dragging;
  c->pressing = FALSE;
  c->dragging = FALSE;
  c->pointer_x = x;
  c->pointer_y = y;
  if (was_dragging)
    {
      if (hit.kind == VS_HIT_SQUARE && c->targets[hit.square])
        {
          VsBoardChange r = try_move (c, hit.square);
          if (r != VS_BOARD_CHANGED_NONE)
            return r;
        }
      gboolean back_home = hit.kind == VS_HIT_SQUARE && c->sel_kind == VS_BOARD_SEL_SQUARE &&
                           hit.square == c->sel_square;
      if (back_home)
        return VS_BOARD_CHANGED_REDRAW;   /* stays selected, as after a click */
      vs_board_controller_deselect (c);
      return VS_BOARD_CHANGED_SNAPBACK | VS_BOARD_CHANGED_REDRAW;
    }
  /* a click on the piece that was already selected */
  if (c->press_was_selected)
    {
      c->press_was_selected = FALSE;
      VsBoardChange r = try_in_place (c);
      if (r != VS_BOARD_CHANGED_NONE)
        return r;
      vs_board_controller_deselect (c);
      return VS_BOARD_CHANGED_REDRAW;
    }
  return VS_BOARD_CHANGED_NONE;
}

VsBoardChange
vs_board_controller_select_hand (VsBoardController *c, int type)
{
  if (c->pos == NULL || type <= 0 || type >= VS_MAX_PIECE_TYPES)
    return VS_BOARD_CHANGED_NONE;
  VsHit hit = { VS_HIT_HAND, -1, -1, c->pos->side, type };
  gboolean had = c->sel_kind != VS_BOARD_SEL_NONE;
  vs_board_controller_deselect (c);
  if (try_select_hit (c, &hit))
    {
      c->hover_square = c->focus_square >= 0 && c->targets[c->focus_square] ? c->focus_square : -1;
      return VS_BOARD_CHANGED_REDRAW;
    }
  return had ? VS_BOARD_CHANGED_REDRAW : VS_BOARD_CHANGED_NONE;
}

VsBoardChange
vs_board_controller_choose (VsBoardController *c, int index)
{
  if (index < 0 || index >= c->n_choices)
    {
      c->n_choices = 0;
      vs_board_controller_deselect (c);
      return VS_BOARD_CHANGED_REDRAW;
    }
  c->move = c->choices[index];
  vs_board_controller_deselect (c);
  return VS_BOARD_CHANGED_MOVE | VS_BOARD_CHANGED_REDRAW;
}

VsMove
vs_board_controller_take_move (VsBoardController *c)
{
  VsMove m = c->move;
  c->move = VS_MOVE_NONE;
  return m;
}

VsMove
vs_board_controller_pass_move (const VsBoardController *c)
{
  if (!vs_board_controller_can_move (c))
    return VS_MOVE_NONE;
  for (int i = 0; i < c->n_moves; i++)
    if (VS_MOVE_KIND (c->moves[i]) == VS_MOVE_PASS)
      return c->moves[i];
  return VS_MOVE_NONE;
}

VsPiece
vs_board_controller_selected_piece (const VsBoardController *c)
{
  if (c->sel_kind == VS_BOARD_SEL_SQUARE)
    return c->pos->board[c->sel_square];
  if (c->sel_kind == VS_BOARD_SEL_HAND)
    return VS_MAKE_PIECE (c->sel_color, c->sel_type);
  return VS_PIECE_NONE;
}

int
vs_board_controller_preview (const VsBoardController *c, int target, uint8_t out[VS_MAX_CAPTURES])
{
  if (target < 0 || c->sel_kind == VS_BOARD_SEL_NONE || !c->targets[target] ||
      c->pos->variant->effects == NULL)
    return 0;
  for (int i = 0; i < c->n_moves; i++)
    {
      VsMove m = c->moves[i];
      if (VS_MOVE_TO (m) != target || is_special_in_place (m))
        continue;
      if (c->sel_kind == VS_BOARD_SEL_SQUARE &&
          (VS_MOVE_KIND (m) == VS_MOVE_DROP || VS_MOVE_FROM (m) != c->sel_square))
        continue;
      if (c->sel_kind == VS_BOARD_SEL_HAND &&
          (VS_MOVE_KIND (m) != VS_MOVE_DROP || VS_MOVE_PIECE (m) != c->sel_type))
        continue;
      VsMoveEffects fx;
      memset (&fx, 0, sizeof fx);
      vs_move_effects (c->pos, m, &fx);
      int n = 0;
      for (int k = 0; k < fx.n_captured && k < VS_MAX_CAPTURES; k++)
        if (fx.captured_sq[k] != target)   /* displacement captures need no mark */
          out[n++] = fx.captured_sq[k];
      return n;
    }
  return 0;
}

int
vs_board_check_square (const VsPosition *pos)
{
  const VsVariant *v = pos->variant;
  if (v == NULL || v->checkers == NULL || v->pieces == NULL || !vs_position_in_check (pos))
    return -1;
  int n = vs_geometry_squares (&v->geom);
  for (int sq = 0; sq < n; sq++)
    {
      VsPiece p = pos->board[sq];
      if (p == VS_PIECE_NONE || VS_PIECE_COLOR (p) != pos->side)
        continue;
      const char *letter = v->pieces[VS_PIECE_TYPE (p)].letter;
      if (letter && letter[0] == 'K' && letter[1] == '\0')
        return sq;
    }
  return -1;
}

/* ---- Shapes list -------------------------------------------------------------------- */

gboolean
vs_board_controller_toggle_shape (VsBoardController *c, VsBoardShape s)
{
  for (int i = 0; i < c->n_shapes; i++)
    if (c->shapes[i].from == s.from && c->shapes[i].to == s.to)
      {
        if (c->shapes[i].color == s.color)
          {
            memmove (&c->shapes[i], &c->shapes[i + 1], (c->n_shapes - i - 1) * sizeof s);
            c->n_shapes--;
          }
        else
          c->shapes[i].color = s.color;
        return TRUE;
      }
  if (c->n_shapes >= VS_BOARD_MAX_SHAPES)
    return FALSE;
  c->shapes[c->n_shapes++] = s;
  return TRUE;
}

gboolean
vs_board_controller_clear_shapes (VsBoardController *c)
{
  gboolean had = c->n_shapes > 0;
  c->n_shapes = 0;
  return had;
}

VsBoardChange
vs_board_controller_right_press (VsBoardController *c, const VsBoardLayout *l, double x, double y,
                                 VsShapeColor color)
{
  VsBoardChange ch = VS_BOARD_CHANGED_NONE;
  if (c->sel_kind != VS_BOARD_SEL_NONE)
    {
      vs_board_controller_deselect (c);   /* right click cancels a selection, as on Lichess */
      ch |= VS_BOARD_CHANGED_REDRAW;
    }
  VsHit hit = vs_board_layout_hit (l, x, y);
  c->shape_from = c->shape_to = hit.kind == VS_HIT_SQUARE ? hit.square : -1;
  c->shape_color = color;
  return ch;
}

VsBoardChange
vs_board_controller_right_motion (VsBoardController *c, const VsBoardLayout *l, double x, double y)
{
  if (c->shape_from < 0)
    return VS_BOARD_CHANGED_NONE;
  VsHit hit = vs_board_layout_hit (l, x, y);
  int to = hit.kind == VS_HIT_SQUARE ? hit.square : -1;
  if (to == c->shape_to)
    return VS_BOARD_CHANGED_NONE;
  c->shape_to = to;
  return VS_BOARD_CHANGED_REDRAW;
}

VsBoardChange
vs_board_controller_right_release (VsBoardController *c, const VsBoardLayout *l, double x, double y)
{
  if (c->shape_from < 0)
    return VS_BOARD_CHANGED_NONE;
  VsHit hit = vs_board_layout_hit (l, x, y);
  int from = c->shape_from;
  c->shape_from = c->shape_to = -1;
  if (hit.kind != VS_HIT_SQUARE)
    return VS_BOARD_CHANGED_REDRAW;
  VsBoardShape s = { from, hit.square, c->shape_color };
  if (vs_board_controller_toggle_shape (c, s))
    return VS_BOARD_CHANGED_SHAPES | VS_BOARD_CHANGED_REDRAW;
  return VS_BOARD_CHANGED_REDRAW;
}

/* ---- Keyboard ------------------------------------------------------------------------- */

VsBoardChange
vs_board_controller_key (VsBoardController *c, const VsBoardLayout *l, VsBoardKey key)
{
  if (c->pos == NULL)
    return VS_BOARD_CHANGED_NONE;
  const VsGeometry *g = &c->pos->variant->geom;
  int p, u, v;
  vs_board_layout_square_cell (l, c->focus_square, &p, &u, &v);
  switch (key)
    {
    case VS_BOARD_KEY_LEFT: u = MAX (u - 1, 0); break;
    case VS_BOARD_KEY_RIGHT: u = MIN (u + 1, g->files - 1); break;
    case VS_BOARD_KEY_UP: v = MAX (v - 1, 0); break;
    case VS_BOARD_KEY_DOWN: v = MIN (v + 1, g->ranks - 1); break;
    case VS_BOARD_KEY_LEVEL_UP: p = MIN (p + 1, g->levels - 1); break;
    case VS_BOARD_KEY_LEVEL_DOWN: p = MAX (p - 1, 0); break;
    case VS_BOARD_KEY_CANCEL:
      if (c->sel_kind == VS_BOARD_SEL_NONE && c->n_choices == 0)
        return VS_BOARD_CHANGED_NONE;
      vs_board_controller_deselect (c);
      return VS_BOARD_CHANGED_REDRAW;
    case VS_BOARD_KEY_ACTIVATE:
      {
        int sq = c->focus_square;
        if (c->sel_kind != VS_BOARD_SEL_NONE && c->targets[sq])
          return try_move (c, sq);
        if (c->sel_kind == VS_BOARD_SEL_SQUARE && sq == c->sel_square)
          {
            VsBoardChange r = try_in_place (c);
            if (r != VS_BOARD_CHANGED_NONE)
              return r;
            vs_board_controller_deselect (c);
            return VS_BOARD_CHANGED_REDRAW;
          }
        gboolean had = c->sel_kind != VS_BOARD_SEL_NONE;
        vs_board_controller_deselect (c);
        VsHit hit = { VS_HIT_SQUARE, sq, vs_sq_level (g, sq), -1, -1 };
        if (try_select_hit (c, &hit))
          return VS_BOARD_CHANGED_REDRAW;
        return had ? VS_BOARD_CHANGED_REDRAW : VS_BOARD_CHANGED_NONE;
      }
    }
  int sq = vs_board_layout_cell_square (l, p, u, v);
  if (sq == c->focus_square)
    return VS_BOARD_CHANGED_NONE;
  c->focus_square = sq;
  c->hover_square = c->targets[sq] ? sq : -1;
  return VS_BOARD_CHANGED_REDRAW;
}
