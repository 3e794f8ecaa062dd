/* vs-board-scene.c — the board picture as primitives, and its cairo back end. */
#include "config.h"
#include "vs-board-scene.h"
#include "vs-piece-set.h"

#include <math.h>
#include <string.h>

VsColor
vs_shape_color_rgba (VsShapeColor c)
{
  switch (c)
    {
    case VS_SHAPE_RED: return (VsColor) { 0.53, 0.13, 0.13, 0.8 };
    case VS_SHAPE_BLUE: return (VsColor) { 0.0, 0.19, 0.53, 0.8 };
    case VS_SHAPE_YELLOW: return (VsColor) { 0.90, 0.56, 0.0, 0.8 };
    case VS_SHAPE_GREEN:
    default: return (VsColor) { 0.08, 0.47, 0.11, 0.8 };
    }
}

static VsPrim *add (GArray *out, VsPrimKind kind, int plane);

/* ---- the 3-D view: plane primitives to screen primitives ---------------------- */

static void
quad_corners (const VsBoardLayout *l, int plane, double u0, double v0, double u1, double v1,
              double dz, double q[8])
{
  vs_board_layout_plane_point_z (l, plane, u0, v0, dz, &q[0], &q[1]);
  vs_board_layout_plane_point_z (l, plane, u1, v0, dz, &q[2], &q[3]);
  vs_board_layout_plane_point_z (l, plane, u1, v1, dz, &q[4], &q[5]);
  vs_board_layout_plane_point_z (l, plane, u0, v1, dz, &q[6], &q[7]);
}

/* grow a quadrilateral by `px` pixels around its centre (hides seams) */
static void
quad_grow (double q[8], double px)
{
  double cx = (q[0] + q[2] + q[4] + q[6]) / 4, cy = (q[1] + q[3] + q[5] + q[7]) / 4;
  for (int k = 0; k < 4; k++)
    {
      double dx = q[2 * k] - cx, dy = q[2 * k + 1] - cy;
      double d = hypot (dx, dy);
      if (d > 1e-6)
        {
          q[2 * k] += dx / d * px;
          q[2 * k + 1] += dy / d * px;
        }
    }
}

static void
flatten_prim (const VsBoardLayout *l, const VsPrim *p, GArray *out)
{
  if (p->plane < 0)
    {
      g_array_append_val (out, *p);
      return;
    }
  switch (p->kind)
    {
    case VS_PRIM_ASSET:
      {
        /* the art in cells of at most one unit, each through the local
         * affine map at its centre and clipped to its exact outline */
        int nx = MAX (1, (int) ceil (p->w - 1e-6)), ny = MAX (1, (int) ceil (p->h - 1e-6));
        for (int j = 0; j < ny; j++)
          for (int i = 0; i < nx; i++)
            {
              double u0 = p->x + p->w * i / nx, u1 = p->x + p->w * (i + 1) / nx;
              double v0 = p->y + p->h * j / ny, v1 = p->y + p->h * (j + 1) / ny;
              VsPrim *qd = add (out, VS_PRIM_QUAD, -1);
              qd->asset = p->asset;
              qd->alpha = p->alpha;
              qd->color = (VsColor) { 0, 0, 0, 0 };
              quad_corners (l, p->plane, u0, v0, u1, v1, 0, qd->q);
              quad_grow (qd->q, 0.5);
              vs_board_layout_local_affine (l, p->plane, (u0 + u1) / 2, (v0 + v1) / 2, 0, &qd->xf);
              qd->has_xf = TRUE;
              double gw = nx * ny == 1 ? p->w * 0.03 : 0, gh = nx * ny == 1 ? p->h * 0.03 : 0;
              qd->x = p->x - gw;
              qd->y = p->y - gh;
              qd->w = p->w + 2 * gw;
              qd->h = p->h + 2 * gh;
            }
      }
      break;
    case VS_PRIM_FILL:
      {
        VsPrim *qd = add (out, VS_PRIM_QUAD, -1);
        qd->color = p->color;
        quad_corners (l, p->plane, p->x, p->y, p->x + p->w, p->y + p->h, 0, qd->q);
      }
      break;
    case VS_PRIM_LINE:
      {
        VsPrim *ln = add (out, VS_PRIM_LINE, -1);
        *ln = *p;
        ln->plane = -1;
        vs_board_layout_plane_point (l, p->plane, p->x, p->y, &ln->x, &ln->y);
        vs_board_layout_plane_point (l, p->plane, p->x2, p->y2, &ln->x2, &ln->y2);
      }
      break;
    default:
      {
        VsPrim *np = add (out, p->kind, -1);
        *np = *p;
        np->plane = -1;
        double cu = p->kind == VS_PRIM_CROSS ? p->x + p->w / 2 : p->x;
        double cv = p->kind == VS_PRIM_CROSS ? p->y + p->h / 2 : p->y;
        vs_board_layout_local_affine (l, p->plane, cu, cv, 0, &np->xf);
        np->has_xf = TRUE;
      }
      break;
    }
}

/* Andrew's monotone chain: hull of n points (x, y pairs) into out, at most
 * max points; returns the count. */
static int
cmp_point (const void *a, const void *b)
{
  const double *p = a, *q = b;
  if (p[0] != q[0])
    return p[0] < q[0] ? -1 : 1;
  return p[1] < q[1] ? -1 : p[1] > q[1];
}

static double
cross3 (const double *o, const double *a, const double *b)
{
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

static int
convex_hull (double *pts, int n, double *out, int max)
{
  qsort (pts, n, 2 * sizeof (double), cmp_point);
  double h[2 * 2 * 48];
  int k = 0;
  for (int i = 0; i < n; i++)
    {
      while (k >= 2 && cross3 (&h[2 * (k - 2)], &h[2 * (k - 1)], &pts[2 * i]) <= 0)
        k--;
      h[2 * k] = pts[2 * i];
      h[2 * k + 1] = pts[2 * i + 1];
      k++;
    }
  for (int i = n - 2, t = k + 1; i >= 0; i--)
    {
      while (k >= t && cross3 (&h[2 * (k - 2)], &h[2 * (k - 1)], &pts[2 * i]) <= 0)
        k--;
      h[2 * k] = pts[2 * i];
      h[2 * k + 1] = pts[2 * i + 1];
      k++;
    }
  k = MIN (k - 1, max);
  memcpy (out, h, 2 * k * sizeof (double));
  return k;
}

/* footprint of a flat tile, in cell units (0…1), counter-clockwise */
static int
tile_outline (VsTileShape shape, gboolean pointing_down, double size, double pts[24])
{
  int n = 0;
  switch (shape)
    {
    case VS_TILE_SHAPE_PENTAGON:
      {
        static const double pent[10] = { 0.5, 0.05, 0.77, 0.15, 0.88, 0.94, 0.12, 0.94, 0.23, 0.15 };
        for (n = 0; n < 5; n++)
          {
            pts[2 * n] = pent[2 * n];
            pts[2 * n + 1] = pointing_down ? 1 - pent[2 * n + 1] : pent[2 * n + 1];
          }
      }
      break;
    case VS_TILE_SHAPE_CIRCLE:
      for (n = 0; n < 12; n++)
        {
          double a = n * G_PI / 6;
          pts[2 * n] = 0.5 + 0.41 * cos (a);
          pts[2 * n + 1] = 0.5 + 0.41 * sin (a);
        }
      break;
    default:
      for (n = 0; n < 8; n++)
        {
          double a = (n + 0.5) * G_PI / 4;
          pts[2 * n] = 0.5 + 0.46 * cos (a);
          pts[2 * n + 1] = 0.5 + 0.46 * sin (a);
        }
      break;
    }
  for (int k = 0; k < 2 * n; k++)
    pts[k] = 0.5 + (pts[k] - 0.5) * size;
  return n;
}

/* A raised tile: its side faces, then its top face (the piece's art) at
 * the tile's height. */
static void
add_raised_tile (GArray *out, const VsBoardLayout *l, const VsSceneInput *in, int sq,
                 const char *asset, VsPiece piece)
{
  int p, u, v;
  vs_board_layout_square_cell (l, sq, &p, &u, &v);
  const double T = VS_BOARD_TILE_HEIGHT;
  VsTileShape shape = vs_piece_set_tile_shape (in->piece_set);
  /* Janggi's pieces come in three sizes: the outline follows the art */
  double size = 1.0;
  const VsVariant *var = in->pos->variant;
  if (shape == VS_TILE_SHAPE_OCTAGON && var->pieces && var->pieces[VS_PIECE_TYPE (piece)].letter)
    {
      char c = var->pieces[VS_PIECE_TYPE (piece)].letter[0];
      size = c == 'K' ? 1.0 : c == 'P' ? 0.68 : c == 'A' ? 0.68 : 0.86;
    }
  double pts[24];
  int n = tile_outline (shape, VS_PIECE_COLOR (piece) == VS_BLACK, size, pts);
  /* the side: the outline of the tile's bottom and top faces together
   * (their convex hull), under the top face; one polygon per tile */
  double hp[48];
  int m = 0;
  for (int k = 0; k < n; k++)
    for (int z = 0; z < 2; z++)
      {
        vs_board_layout_plane_point_z (l, p, u + pts[2 * k], v + pts[2 * k + 1], z ? T : 0,
                                       &hp[2 * m], &hp[2 * m + 1]);
        m++;
      }
  VsPrim *sd = add (out, VS_PRIM_QUAD, -1);
  sd->color = in->theme->tile_side;
  sd->n_q = convex_hull (hp, m, sd->q, VS_PRIM_MAX_POINTS);
  VsPrim *top = add (out, VS_PRIM_ASSET, -1);
  top->x = u;
  top->y = v;
  top->w = top->h = 1;
  top->asset = asset;
  top->has_xf = TRUE;
  vs_board_layout_local_affine (l, p, u + 0.5, v + 0.5, T, &top->xf);
}

/* An upright figure's shadow on its square. */
static void
add_shadow (GArray *out, const VsBoardLayout *l, int sq)
{
  int p, u, v;
  vs_board_layout_square_cell (l, sq, &p, &u, &v);
  VsPrim *d = add (out, VS_PRIM_DOT, -1);
  d->x = u + 0.5;
  d->y = v + 0.52;
  d->r = 0.3;
  d->color = (VsColor) { 0, 0, 0, 0.22 };
  d->has_xf = TRUE;
  vs_board_layout_local_affine (l, p, u + 0.5, v + 0.5, 0, &d->xf);
}

static VsPrim *
add (GArray *out, VsPrimKind kind, int plane)
{
  VsPrim p;
  memset (&p, 0, sizeof p);
  p.kind = kind;
  p.plane = plane;
  p.alpha = 1.0;
  g_array_append_val (out, p);
  return &g_array_index (out, VsPrim, out->len - 1);
}

static void
cell_fill (GArray *out, const VsBoardLayout *l, int sq, VsColor color, gboolean points)
{
  int p, u, v;
  vs_board_layout_square_cell (l, sq, &p, &u, &v);
  if (points)
    {
      VsPrim *d = add (out, VS_PRIM_DOT, p);
      d->x = u + 0.5;
      d->y = v + 0.5;
      d->r = 0.48;
      d->color = color;
      return;
    }
  VsPrim *f = add (out, VS_PRIM_FILL, p);
  f->x = u;
  f->y = v;
  f->w = f->h = 1;
  f->color = color;
}

static void
plane_line (GArray *out, int plane, double u1, double v1, double u2, double v2, double width,
            VsColor color)
{
  VsPrim *ln = add (out, VS_PRIM_LINE, plane);
  ln->x = u1;
  ln->y = v1;
  ln->x2 = u2;
  ln->y2 = v2;
  ln->width = width;
  ln->color = color;
}

static void
text_at (GArray *out, const VsBoardLayout *l, int plane, double u, double v, const char *s,
         double size, gboolean bold, VsColor color)
{
  VsPrim *t = add (out, VS_PRIM_TEXT, -1);
  if (plane >= 0)
    vs_board_layout_plane_point (l, plane, u, v, &t->x, &t->y);
  else
    {
      t->x = u;
      t->y = v;
    }
  t->size = size;
  t->bold = bold;
  t->color = color;
  g_strlcpy (t->text, s, sizeof t->text);
}

static gboolean
is_light (const VsGeometry *g, int sq)
{
  return (vs_sq_file (g, sq) + vs_sq_rank (g, sq)) % 2 == 1;
}

static int
compare_piece_y (gconstpointer a, gconstpointer b, gpointer data)
{
  const double *ys = data;
  double d = ys[*(const int *) a] - ys[*(const int *) b];
  return d < 0 ? -1 : d > 0 ? 1 : 0;
}

void
vs_board_scene_build (const VsBoardLayout *l, const VsSceneInput *in, GArray *out)
{
  const VsPosition *pos = in->pos;
  const VsVariant *var = pos->variant;
  const VsGeometry *g = &var->geom;
  const VsBoardTheme *th = in->theme;
  const VsBoardController *c = in->controller;
  const double unit = l->unit;
  const gboolean points = g->points != 0;
  const int nsq = vs_geometry_squares (g);
  VsPieceFamily family = vs_piece_family_for_variant (var);
  const guint first = out->len;

  /* 1. the board */
  for (int p = 0; p < l->n_planes && !in->skip_board; p++)
    {
      if (points)
        {
          VsPrim *b = add (out, VS_PRIM_ASSET, p);
          b->x = -VS_BOARD_POINT_MARGIN;
          b->w = g->files + VS_BOARD_POINT_MARGIN;
          b->h = g->ranks + VS_BOARD_POINT_MARGIN;
          b->asset = g_intern_string (th->board);
          double lw = MAX (1.0, round (unit * 0.028));
          for (int f = 0; f < g->files; f++)
            plane_line (out, p, f + 0.5, 0.5, f + 0.5, g->ranks - 0.5, lw, th->line);
          for (int r = 0; r < g->ranks; r++)
            plane_line (out, p, 0.5, r + 0.5, g->files - 0.5, r + 0.5, lw, th->line);
          /* frame */
          double fw = lw * 2.5, e = 0.5;
          plane_line (out, p, e, e, g->files - e, e, fw, th->line);
          plane_line (out, p, e, g->ranks - e, g->files - e, g->ranks - e, fw, th->line);
          plane_line (out, p, e, e, e, g->ranks - e, fw, th->line);
          plane_line (out, p, g->files - e, e, g->files - e, g->ranks - e, fw, th->line);
          if (family == VS_PIECE_FAMILY_JANGGI && g->files == 9 && g->ranks == 10)
            {
              /* palaces: files d–f, ranks 1–3 and 8–10 */
              static const int pal[4][4] = { { 3, 0, 5, 2 }, { 5, 0, 3, 2 },
                                             { 3, 7, 5, 9 }, { 5, 7, 3, 9 } };
              for (int i = 0; i < 4; i++)
                {
                  int a = vs_sq_make (g, p, pal[i][1], pal[i][0]);
                  int b2 = vs_sq_make (g, p, pal[i][3], pal[i][2]);
                  int pa, ua, va, pb, ub, vb;
                  vs_board_layout_square_cell (l, a, &pa, &ua, &va);
                  vs_board_layout_square_cell (l, b2, &pb, &ub, &vb);
                  plane_line (out, p, ua + 0.5, va + 0.5, ub + 0.5, vb + 0.5, lw, th->line);
                }
            }
        }
      else
        {
          for (int r = 0; r < g->ranks; r++)
            for (int f = 0; f < g->files; f++)
              {
                int sq = vs_sq_make (g, p, r, f);
                int pp, u, v;
                vs_board_layout_square_cell (l, sq, &pp, &u, &v);
                VsPrim *t = add (out, VS_PRIM_ASSET, p);
                t->x = u;
                t->y = v;
                t->w = t->h = 1;
                t->asset = g_intern_string (is_light (g, sq) ? th->light : th->dark);
              }
          if (l->oblique || l->perspective)
            {
              double fw = MAX (1.0, round (unit * 0.03));
              plane_line (out, p, 0, 0, g->files, 0, fw, th->frame);
              plane_line (out, p, 0, g->ranks, g->files, g->ranks, fw, th->frame);
              plane_line (out, p, 0, 0, 0, g->ranks, fw, th->frame);
              plane_line (out, p, g->files, 0, g->files, g->ranks, fw, th->frame);
            }
        }
      /* Chartima: the camps (three ranks on each side) */
      if (family == VS_PIECE_FAMILY_CHARTIMA && g->ranks == 10)
        {
          double cw = MAX (2.0, round (unit * 0.06));
          for (int i = 0; i < 2; i++)
            {
              int r = i == 0 ? 3 : 7;           /* boundary below rank index r */
              double v = l->flipped ? r : g->ranks - r;
              plane_line (out, p, 0, v, g->files, v, cw, th->camp);
              for (int k = 1; k < 4; k++)       /* shogi-like marks */
                {
                  VsPrim *d = add (out, VS_PRIM_DOT, p);
                  d->x = k * g->files / 4.0 + (k == 2 ? 0 : 0);
                  d->y = v;
                  d->r = 0.07;
                  d->color = th->camp;
                }
            }
        }
    }

  if (in->board_only)
    goto flatten;

  /* 2. highlights */
  VsMove lm = in->last_move;
  if (lm != VS_MOVE_NONE)
    {
      int from = VS_MOVE_FROM (lm), to = VS_MOVE_TO (lm);
      if (from != VS_NO_SQUARE && from < nsq)
        cell_fill (out, l, from, th->last_move, points);
      if (to < nsq && to != from)
        cell_fill (out, l, to, th->last_move, points);
    }
  for (int i = 0; i < in->n_marks; i++)
    if (in->marks[i].square >= 0 && in->marks[i].square < nsq)
      cell_fill (out, l, in->marks[i].square, in->marks[i].color, points);
  if (in->show_check)
    {
      int ks = vs_board_check_square (pos);
      if (ks >= 0)
        cell_fill (out, l, ks, th->check, points);
    }
  if (c && c->sel_kind == VS_BOARD_SEL_SQUARE)
    cell_fill (out, l, c->sel_square, th->selected, points);
  if (c && c->hover_square >= 0 && (c->dragging || c->n_choices == 0))
    {
      VsColor hc = th->target;
      hc.a *= 0.6;
      cell_fill (out, l, c->hover_square, hc, points);
    }

  /* 4. pieces (back to front in the oblique view) */
  int hidden = in->hidden_square;
  VsPiece fly = in->fly_piece;
  double fly_x = in->fly_x, fly_y = in->fly_y;
  if (c && c->dragging && c->sel_kind != VS_BOARD_SEL_NONE)
    {
      if (c->sel_kind == VS_BOARD_SEL_SQUARE)
        hidden = c->sel_square;
      fly = vs_board_controller_selected_piece (c);
      fly_x = c->pointer_x;
      fly_y = c->pointer_y;
    }
  int order[VS_MAX_SQUARES];
  double ys[VS_MAX_SQUARES];
  int n = 0;
  for (int sq = 0; sq < nsq; sq++)
    if (pos->board[sq] != VS_PIECE_NONE && sq != hidden)
      {
        double x;
        vs_board_layout_square_center (l, sq, &x, &ys[sq]);
        order[n++] = sq;
      }
  if (l->oblique || l->perspective)
    g_qsort_with_data (order, n, sizeof (int), compare_piece_y, ys);
  for (int i = 0; i < n; i++)
    {
      int sq = order[i];
      const char *asset = vs_board_scene_piece_asset (in, var, pos->board[sq]);
      if (asset == NULL)
        continue;
      VsRect r;
      vs_board_layout_piece_rect (l, sq, &r);
      VsPrim *pc;
      if (l->perspective && l->raised_tiles)
        {
          add_raised_tile (out, l, in, sq, asset, pos->board[sq]);
          pc = &g_array_index (out, VsPrim, out->len - 1);
        }
      else
        {
          if (l->perspective)
            add_shadow (out, l, sq);
          pc = add (out, VS_PRIM_ASSET, -1);
          pc->x = r.x;
          pc->y = r.y;
          pc->w = r.w;
          pc->h = r.h;
          pc->asset = asset;
        }
      for (int k = 0; k < in->n_turned && k < 2; k++)
        if (in->turned[k] == sq)
          pc->turned = TRUE;
      /* the variant flag where it matters to the eye: Crazyhouse "promoted"
       * (returns to the hand as a Pawn), Chartima "nB still owes its Dog" */
      if (VS_PIECE_HAS_FLAG (pos->board[sq]) && g->levels == 1 && family != VS_PIECE_FAMILY_JANGGI)
        {
          for (int k = 0; k < 2; k++)
            {
              VsPrim *d = add (out, VS_PRIM_DOT, -1);
              d->x = r.x + r.w * 0.85;
              d->y = r.y + r.h * 0.15;
              d->r = r.w * (k == 0 ? 0.11 : 0.075);
              d->color = k == 0 ? (VsColor) { 1, 1, 1, 0.95 } : (VsColor) { 0.85, 0.45, 0.05, 1 };
            }
        }
    }

  /* 4b. coordinates and level labels, over the pieces as on Lichess */
  if (in->coordinates)
    {
      double fs = MAX (7.0, unit * (points ? 0.24 : 0.2));
      for (int p = 0; p < l->n_planes; p++)
        {
          for (int u = 0; u < g->files; u++)
            {
              int sq = vs_board_layout_cell_square (l, p, u, g->ranks - 1);
              int file = vs_sq_file (g, sq);
              char s[8];
              if (family == VS_PIECE_FAMILY_JANGGI && in->gibo)
                g_snprintf (s, sizeof s, "%d", file + 1);
              else
                g_snprintf (s, sizeof s, "%c", (family == VS_PIECE_FAMILY_CHARTIMA ? 'A' : 'a') + file);
              if (points)
                text_at (out, l, p, u + 0.5, g->ranks + 0.2, s, fs, FALSE, th->text);
              else
                text_at (out, l, p, u + 0.87, g->ranks - 0.15, s, fs, FALSE,
                         is_light (g, sq) ? th->coord_light : th->coord_dark);
            }
          for (int v = 0; v < g->ranks; v++)
            {
              int sq = vs_board_layout_cell_square (l, p, 0, v);
              int rank = vs_sq_rank (g, sq);
              char s[8];
              if (family == VS_PIECE_FAMILY_JANGGI && in->gibo)
                g_snprintf (s, sizeof s, "%d", (10 - rank) % 10);
              else
                g_snprintf (s, sizeof s, "%d", rank + 1);
              double w = strlen (s) * 0.06 + 0.05;
              if (points)
                text_at (out, l, p, -0.22, v + 0.5, s, fs, FALSE, th->text);
              else
                text_at (out, l, p, w + 0.02, v + 0.15, s, fs, FALSE,
                         is_light (g, sq) ? th->coord_light : th->coord_dark);
            }
        }
    }
  if (g->levels > 1)
    for (int p = 0; p < l->n_planes; p++)
      {
        const VsRect *r = &l->level_label[p];
        char s[2] = { (char) ('A' + p), 0 };
        text_at (out, l, -1, r->x + r->w / 2, r->y + r->h / 2, s, unit * 0.5, TRUE, th->text);
      }

  /* 5. hands */
  for (int i = 0; i < l->n_hand_slots; i++)
    {
      const VsHandSlot *s = &l->hand[i];
      int count = pos->hand[s->color][s->type];
      VsPrim *bg = add (out, VS_PRIM_FILL, -1);
      bg->x = s->rect.x;
      bg->y = s->rect.y;
      bg->w = s->rect.w;
      bg->h = s->rect.h;
      bg->color = th->frame;
      bg->color.a = 0.14;
      if (c && c->sel_kind == VS_BOARD_SEL_HAND && c->sel_color == s->color && c->sel_type == s->type)
        {
          VsPrim *hl = add (out, VS_PRIM_FILL, -1);
          *hl = *bg;
          hl->color = th->selected;
        }
      const char *asset = vs_board_scene_piece_asset (in, var, VS_MAKE_PIECE (s->color, s->type));
      if (asset)
        {
          VsPrim *pc = add (out, VS_PRIM_ASSET, -1);
          pc->x = s->rect.x;
          pc->y = s->rect.y;
          pc->w = s->rect.w;
          pc->h = s->rect.h;
          pc->asset = asset;
          pc->alpha = count > 0 ? 1.0 : 0.22;
        }
      if (count > 0)
        {
          VsPrim *badge = add (out, VS_PRIM_DOT, -1);
          badge->x = s->rect.x + s->rect.w * 0.8;
          badge->y = s->rect.y + s->rect.h * 0.8;
          badge->r = s->rect.w * 0.19;
          badge->color = th->frame;
          badge->color.a = 0.92;
          char num[8];
          g_snprintf (num, sizeof num, "%d", count);
          text_at (out, l, -1, badge->x, badge->y, num, s->rect.w * 0.26, TRUE,
                   (VsColor) { 1, 1, 1, 1 });
        }
    }

  /* 6. legal destinations, automatic captures, focus */
  if (c && c->sel_kind != VS_BOARD_SEL_NONE)
    for (int sq = 0; sq < nsq; sq++)
      {
        if (!c->targets[sq])
          continue;
        int p, u, v;
        vs_board_layout_square_cell (l, sq, &p, &u, &v);
        gboolean occupied = pos->board[sq] != VS_PIECE_NONE;
        VsPrim *d = add (out, occupied ? VS_PRIM_RING : VS_PRIM_DOT, p);
        d->x = u + 0.5;
        d->y = v + 0.5;
        d->r = occupied ? 0.44 : 0.16;
        d->width = MAX (2.0, unit * 0.08);
        d->color = th->target;
      }
  if (c)
    {
      int target = c->hover_square;
      uint8_t caps[VS_MAX_CAPTURES];
      int ncap = vs_board_controller_preview (c, target, caps);
      for (int i = 0; i < ncap; i++)
        {
          double cx, cy;
          vs_board_layout_square_center (l, caps[i], &cx, &cy);
          /* a light halo, then the mark: readable over dark pieces too */
          for (int k = 0; k < 2; k++)
            {
              VsPrim *x = add (out, VS_PRIM_CROSS, -1);
              x->x = cx - unit * 0.32;
              x->y = cy - unit * 0.32;
              x->w = x->h = unit * 0.64;
              x->width = MAX (2.0, unit * 0.09) + (k == 0 ? MAX (2.0, unit * 0.06) : 0);
              x->color = k == 0 ? (VsColor) { 1, 1, 1, 0.85 } : th->capture;
              if (k == 1)
                x->color.a = MAX (x->color.a, 0.9);
            }
        }
      if (in->show_focus && c->focus_square >= 0)
        {
          int p, u, v;
          vs_board_layout_square_cell (l, c->focus_square, &p, &u, &v);
          double w = MAX (2.0, round (unit * 0.05));
          double e = 0.03;
          plane_line (out, p, u + e, v + e, u + 1 - e, v + e, w, th->text);
          plane_line (out, p, u + e, v + 1 - e, u + 1 - e, v + 1 - e, w, th->text);
          plane_line (out, p, u + e, v + e, u + e, v + 1 - e, w, th->text);
          plane_line (out, p, u + 1 - e, v + e, u + 1 - e, v + 1 - e, w, th->text);
        }
    }

  /* 7. shapes: circles, then arrows (with the one being drawn) */
  VsBoardShape all[VS_BOARD_MAX_SHAPES + 1];
  int ns = 0;
  for (int i = 0; i < in->n_shapes && ns < VS_BOARD_MAX_SHAPES; i++)
    all[ns++] = in->shapes[i];
  if (c && c->shape_from >= 0 && c->shape_to >= 0)
    all[ns++] = (VsBoardShape) { c->shape_from, c->shape_to, c->shape_color };
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < ns; i++)
      {
        const VsBoardShape *s = &all[i];
        if (s->from >= nsq || s->to >= nsq)
          continue;
        if ((s->from == s->to) != (pass == 0))
          continue;
        VsColor col = vs_shape_color_rgba (s->color);
        if (s->from == s->to)
          {
            int p, u, v;
            vs_board_layout_square_cell (l, s->from, &p, &u, &v);
            VsPrim *ring = add (out, VS_PRIM_RING, p);
            ring->x = u + 0.5;
            ring->y = v + 0.5;
            ring->r = 0.45;
            ring->width = MAX (2.0, unit * 0.075);
            ring->color = col;
          }
        else
          {
            VsPrim *a = add (out, VS_PRIM_ARROW, -1);
            vs_board_layout_square_center (l, s->from, &a->x, &a->y);
            vs_board_layout_square_center (l, s->to, &a->x2, &a->y2);
            a->width = MAX (3.0, unit * 0.17);
            a->color = col;
          }
      }

  /* 7b. the engine's arrows, strongest last (on top) */
  for (int i = in->n_arrows - 1; i >= 0; i--)
    {
      const VsBoardArrow *ar = &in->arrows[i];
      if (ar->to >= nsq || (ar->from >= nsq && ar->from != VS_NO_SQUARE) || ar->from == ar->to)
        continue;
      double wgt = CLAMP (ar->weight, 0.0, 1.0);
      VsColor col = { 0.0, 0.31, 0.78, 0.30 + 0.45 * wgt };
      if (ar->from == VS_NO_SQUARE)
        {
          int p, u, v;
          vs_board_layout_square_cell (l, ar->to, &p, &u, &v);
          VsPrim *ring = add (out, VS_PRIM_RING, p);
          ring->x = u + 0.5;
          ring->y = v + 0.5;
          ring->r = 0.42;
          ring->width = MAX (2.0, unit * (0.05 + 0.06 * wgt));
          ring->color = col;
        }
      else
        {
          VsPrim *a = add (out, VS_PRIM_ARROW, -1);
          vs_board_layout_square_center (l, ar->from, &a->x, &a->y);
          vs_board_layout_square_center (l, ar->to, &a->x2, &a->y2);
          a->width = MAX (2.0, unit * (0.07 + 0.10 * wgt));
          a->color = col;
        }
    }

  /* 8. the piece in flight */
  if (fly != VS_PIECE_NONE)
    {
      const char *asset = vs_board_scene_piece_asset (in, var, fly);
      if (asset)
        {
          VsPrim *pc = add (out, VS_PRIM_ASSET, -1);
          double ps = l->oblique ? unit * 0.8 : l->perspective ? unit * 0.92 : unit;
          pc->x = fly_x - ps / 2;
          pc->y = fly_y - ps / 2;
          pc->w = pc->h = ps;
          pc->asset = asset;
        }
    }

flatten:
  /* 9. the 3-D view: everything that lies on a plane is projected */
  if (l->perspective && out->len > first)
    {
      GArray *flat = g_array_sized_new (FALSE, FALSE, sizeof (VsPrim), (out->len - first) * 2);
      for (guint i = first; i < out->len; i++)
        flatten_prim (l, &g_array_index (out, VsPrim, i), flat);
      g_array_set_size (out, first);
      g_array_append_vals (out, flat->data, flat->len);
      g_array_free (flat, TRUE);
    }
}

const char *
vs_board_scene_piece_asset (const VsSceneInput *in, const VsVariant *v, VsPiece piece)
{
  const char *asset = vs_piece_set_asset (in->piece_set, v, piece);
  if (asset == NULL || in->theme == NULL || !in->theme->recolour_tiles ||
      vs_piece_family_for_variant (v) == VS_PIECE_FAMILY_WESTERN)
    return asset;
  /* Janggi and Chartima tiles take the theme's colours (vs-board-theme.h) */
  char buf[256];
  g_snprintf (buf, sizeof buf, "%s#%s", asset, in->theme->name);
  return g_intern_string (buf);
}

void
vs_board_arrow_polygon (double x1, double y1, double x2, double y2, double width, double pts[14])
{
  double dx = x2 - x1, dy = y2 - y1;
  double len = hypot (dx, dy);
  if (len < 1e-6)
    len = 1e-6;
  double ux = dx / len, uy = dy / len;     /* along */
  double nx = -uy, ny = ux;                /* across */
  double head = width * 2.4, hw = width * 1.5;
  /* stop short of the target centre so that the head sits in the square */
  double end = MAX (len - width * 1.2, head);
  double start = MIN (width * 0.8, end - head);
  double bx = x1 + ux * start, by = y1 + uy * start;
  double tx = x1 + ux * end, ty = y1 + uy * end;
  double hx = tx - ux * head, hy = ty - uy * head;
  double w2 = width / 2;
  double p[14] = {
    bx + nx * w2, by + ny * w2,
    hx + nx * w2, hy + ny * w2,
    hx + nx * hw, hy + ny * hw,
    tx, ty,
    hx - nx * hw, hy - ny * hw,
    hx - nx * w2, hy - ny * w2,
    bx - nx * w2, by - ny * w2,
  };
  memcpy (pts, p, sizeof p);
}

static void
set_color (cairo_t *cr, const VsColor *c)
{
  cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a);
}

/* The 3-D view's tiles lie on the board: each is drawn through a different
 * affine map.  Transforming a raster at every frame costs far more than
 * copying one, so the transformed rasters are kept (main thread only),
 * keyed by the art, its raster size and the linear part of the map. */
static GHashTable *warp_cache;

typedef struct {
  cairo_surface_t *surface;
  int ox, oy;        /* device offset of the raster from the art's origin */
} VsWarp;

/* The cache's key: the art, its raster size, and the map's linear part in
 * units of 1e-4 (a binary key: formatting one with printf, at every tile
 * of every frame, cost more than the painting). */
typedef struct {
  const void *asset;
  int sw, sh;
  int l[4];
} VsWarpKey;

static guint
warp_key_hash (gconstpointer key)
{
  const VsWarpKey *k = key;
  guint h = g_direct_hash (k->asset) ^ ((guint) k->sw * 31u) ^ ((guint) k->sh * 131u);
  for (int i = 0; i < 4; i++)
    h = h * 16777619u ^ (guint) k->l[i];
  return h;
}

static gboolean
warp_key_equal (gconstpointer a, gconstpointer b)
{
  return memcmp (a, b, sizeof (VsWarpKey)) == 0;
}

static void
warp_free (gpointer data)
{
  VsWarp *w = data;
  cairo_surface_destroy (w->surface);
  g_free (w);
}

static void
paint_warped (cairo_t *cr, const VsPrim *p, cairo_surface_t *img, double sw, double sh)
{
  cairo_matrix_t m;
  cairo_get_matrix (cr, &m);
  /* the art's rectangle in device space, without the translation */
  double lxx = m.xx * p->w / sw, lyx = m.yx * p->w / sw;
  double lxy = m.xy * p->h / sh, lyy = m.yy * p->h / sh;
  VsWarpKey key;
  memset (&key, 0, sizeof key);   /* (padding too: the key is compared as bytes) */
  key.asset = p->asset;
  key.sw = (int) sw;
  key.sh = (int) sh;
  key.l[0] = (int) lround (lxx * 1e4);
  key.l[1] = (int) lround (lyx * 1e4);
  key.l[2] = (int) lround (lxy * 1e4);
  key.l[3] = (int) lround (lyy * 1e4);
  if (warp_cache == NULL)
    warp_cache = g_hash_table_new_full (warp_key_hash, warp_key_equal, g_free, warp_free);
  VsWarp *w = g_hash_table_lookup (warp_cache, &key);
  if (w == NULL)
    {
      double xs[4] = { 0, lxx * sw, lxy * sh, lxx * sw + lxy * sh };
      double ys[4] = { 0, lyx * sw, lyy * sh, lyx * sw + lyy * sh };
      double x0 = xs[0], x1 = xs[0], y0 = ys[0], y1 = ys[0];
      for (int k = 1; k < 4; k++)
        {
          x0 = MIN (x0, xs[k]);
          x1 = MAX (x1, xs[k]);
          y0 = MIN (y0, ys[k]);
          y1 = MAX (y1, ys[k]);
        }
      int ix = (int) floor (x0) - 1, iy = (int) floor (y0) - 1;
      int iw = (int) ceil (x1) + 1 - ix, ih = (int) ceil (y1) + 1 - iy;
      w = g_new0 (VsWarp, 1);
      w->ox = ix;
      w->oy = iy;
      w->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, MAX (iw, 1), MAX (ih, 1));
      cairo_t *c2 = cairo_create (w->surface);
      cairo_translate (c2, -ix, -iy);
      cairo_matrix_t lm;
      cairo_matrix_init (&lm, lxx, lyx, lxy, lyy, 0, 0);
      cairo_transform (c2, &lm);
      cairo_set_source_surface (c2, img, 0, 0);
      cairo_rectangle (c2, 0, 0, sw, sh);
      cairo_fill (c2);
      cairo_destroy (c2);
      cairo_surface_flush (w->surface);
      if (g_hash_table_size (warp_cache) > 2048)
        g_hash_table_remove_all (warp_cache);
      g_hash_table_insert (warp_cache, g_memdup2 (&key, sizeof key), w);
    }
  double dx = p->x, dy = p->y;
  cairo_user_to_device (cr, &dx, &dy);
  cairo_identity_matrix (cr);
  cairo_set_source_surface (cr, w->surface, round (dx) + w->ox, round (dy) + w->oy);
  cairo_paint_with_alpha (cr, p->alpha);
}

void
vs_board_scene_draw_cairo (const VsBoardLayout *l, const GArray *prims, cairo_t *cr)
{
  vs_board_scene_draw_cairo_cached (l, prims, cr, NULL, NULL);
}

void
vs_board_scene_draw_cairo_cached (const VsBoardLayout *l, const GArray *prims, cairo_t *cr,
                                  VsAssetSurfaceFunc get_surface, gpointer data)
{
  for (guint i = 0; i < prims->len; i++)
    {
      const VsPrim *p = &g_array_index (prims, VsPrim, i);
      cairo_save (cr);
      if (p->kind == VS_PRIM_QUAD)
        {
          cairo_move_to (cr, p->q[0], p->q[1]);
          for (int k = 1; k < (p->n_q ? p->n_q : 4); k++)
            cairo_line_to (cr, p->q[2 * k], p->q[2 * k + 1]);
          cairo_close_path (cr);
          if (p->color.a > 0)
            {
              set_color (cr, &p->color);
              if (p->asset)
                cairo_fill_preserve (cr);
              else
                cairo_fill (cr);
            }
          if (p->asset)
            {
              cairo_clip (cr);
              cairo_matrix_t m;
              cairo_matrix_init (&m, p->xf.xx, p->xf.yx, p->xf.xy, p->xf.yy, p->xf.x0, p->xf.y0);
              cairo_transform (cr, &m);
              vs_board_asset_render (p->asset, cr, p->x, p->y, p->w, p->h, NULL);
            }
          cairo_restore (cr);
          continue;
        }
      const VsAffine *a = p->plane >= 0 ? &l->plane[p->plane] : p->has_xf ? &p->xf : NULL;
      if (a)
        {
          cairo_matrix_t m;
          cairo_matrix_init (&m, a->xx, a->yx, a->xy, a->yy, a->x0, a->y0);
          cairo_transform (cr, &m);
        }
      switch (p->kind)
        {
        case VS_PRIM_QUAD:
          break;
        case VS_PRIM_ASSET:
          if (p->turned)
            {
              cairo_translate (cr, p->x + p->w / 2, p->y + p->h / 2);
              cairo_rotate (cr, G_PI);
              cairo_translate (cr, -(p->x + p->w / 2), -(p->y + p->h / 2));
            }
          if (get_surface && p->plane < 0 && p->has_xf)
            {
              /* a tile lying on the board: the raster at its size on screen */
              double k = sqrt (fabs (p->xf.xx * p->xf.yy - p->xf.xy * p->xf.yx));
              double sw = round (p->w * k), sh = round (p->h * k);
              cairo_surface_t *img = sw >= 1 && sh >= 1 ? get_surface (p->asset, sw, sh, data) : NULL;
              if (img)
                {
                  paint_warped (cr, p, img, sw, sh);
                  break;
                }
            }
          if (get_surface && p->plane < 0 && !p->has_xf)
            {
              cairo_surface_t *img = get_surface (p->asset, p->w, p->h, data);
              if (img)
                {
                  cairo_set_source_surface (cr, img, p->x, p->y);
                  cairo_rectangle (cr, p->x, p->y, p->w, p->h);
                  cairo_clip (cr);
                  cairo_paint_with_alpha (cr, p->alpha);
                  break;
                }
            }
          if (p->alpha < 1.0)
            {
              cairo_push_group (cr);
              vs_board_asset_render (p->asset, cr, p->x, p->y, p->w, p->h, NULL);
              cairo_pop_group_to_source (cr);
              cairo_paint_with_alpha (cr, p->alpha);
            }
          else
            vs_board_asset_render (p->asset, cr, p->x, p->y, p->w, p->h, NULL);
          break;
        case VS_PRIM_FILL:
          set_color (cr, &p->color);
          cairo_rectangle (cr, p->x, p->y, p->w, p->h);
          cairo_fill (cr);
          break;
        case VS_PRIM_DOT:
          set_color (cr, &p->color);
          cairo_arc (cr, p->x, p->y, p->r, 0, 2 * G_PI);
          cairo_fill (cr);
          break;
        case VS_PRIM_RING:
        case VS_PRIM_LINE:
        case VS_PRIM_CROSS:
          if (p->kind == VS_PRIM_RING)
            {
              /* the stroke is centred inside the circle of radius r */
              double inset = p->plane >= 0 ? p->width / 2 / l->unit
                             : p->has_xf ? p->width / 2 / MAX (1e-6, sqrt (fabs (p->xf.xx * p->xf.yy - p->xf.xy * p->xf.yx)))
                             : p->width / 2;
              cairo_new_sub_path (cr);
              cairo_arc (cr, p->x, p->y, MAX (p->r - inset, 0.01), 0, 2 * G_PI);
            }
          else if (p->kind == VS_PRIM_LINE)
            {
              cairo_move_to (cr, p->x, p->y);
              cairo_line_to (cr, p->x2, p->y2);
            }
          else
            {
              cairo_move_to (cr, p->x, p->y);
              cairo_line_to (cr, p->x + p->w, p->y + p->h);
              cairo_move_to (cr, p->x + p->w, p->y);
              cairo_line_to (cr, p->x, p->y + p->h);
            }
          cairo_identity_matrix (cr);   /* stroke widths are in pixels */
          set_color (cr, &p->color);
          cairo_set_line_width (cr, p->width);
          cairo_set_line_cap (cr, p->kind == VS_PRIM_CROSS ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_SQUARE);
          cairo_stroke (cr);
          break;
        case VS_PRIM_ARROW:
          {
            double pts[14];
            vs_board_arrow_polygon (p->x, p->y, p->x2, p->y2, p->width, pts);
            cairo_move_to (cr, pts[0], pts[1]);
            for (int k = 1; k < 7; k++)
              cairo_line_to (cr, pts[2 * k], pts[2 * k + 1]);
            cairo_close_path (cr);
            set_color (cr, &p->color);
            cairo_fill (cr);
          }
          break;
        case VS_PRIM_TEXT:
          {
            cairo_select_font_face (cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                                    p->bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
            cairo_set_font_size (cr, p->size);
            cairo_text_extents_t ext;
            cairo_text_extents (cr, p->text, &ext);
            /* same placement rule as the SVG back end: anchor middle,
             * baseline 0.36 em below the centre */
            cairo_move_to (cr, p->x - ext.x_advance / 2, p->y + 0.36 * p->size);
            set_color (cr, &p->color);
            cairo_show_text (cr, p->text);
          }
          break;
        }
      cairo_restore (cr);
    }
}
