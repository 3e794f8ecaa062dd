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
    vs_affine_apply (&l->plane[plane], u, v, &t->x, &t->y);
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
          if (l->oblique)
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
    return;

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
  if (l->oblique)
    g_qsort_with_data (order, n, sizeof (int), compare_piece_y, ys);
  for (int i = 0; i < n; i++)
    {
      int sq = order[i];
      const char *asset = vs_piece_set_asset (in->piece_set, var, pos->board[sq]);
      if (asset == NULL)
        continue;
      VsRect r;
      vs_board_layout_piece_rect (l, sq, &r);
      VsPrim *pc = add (out, VS_PRIM_ASSET, -1);
      pc->x = r.x;
      pc->y = r.y;
      pc->w = r.w;
      pc->h = r.h;
      pc->asset = asset;
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
      const char *asset = vs_piece_set_asset (in->piece_set, var, VS_MAKE_PIECE (s->color, s->type));
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
      const char *asset = vs_piece_set_asset (in->piece_set, var, fly);
      if (asset)
        {
          VsPrim *pc = add (out, VS_PRIM_ASSET, -1);
          double ps = l->oblique ? unit * 0.8 : unit;
          pc->x = fly_x - ps / 2;
          pc->y = fly_y - ps / 2;
          pc->w = pc->h = ps;
          pc->asset = asset;
        }
    }
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
      if (p->plane >= 0)
        {
          const VsAffine *a = &l->plane[p->plane];
          cairo_matrix_t m;
          cairo_matrix_init (&m, a->xx, a->yx, a->xy, a->yy, a->x0, a->y0);
          cairo_transform (cr, &m);
        }
      switch (p->kind)
        {
        case VS_PRIM_ASSET:
          if (p->turned)
            {
              cairo_translate (cr, p->x + p->w / 2, p->y + p->h / 2);
              cairo_rotate (cr, G_PI);
              cairo_translate (cr, -(p->x + p->w / 2), -(p->y + p->h / 2));
            }
          if (get_surface && p->plane < 0)
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
              double inset = p->plane >= 0 ? p->width / 2 / l->unit : p->width / 2;
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
