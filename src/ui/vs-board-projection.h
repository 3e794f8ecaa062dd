/* vs-board-projection.h — the perspective camera of the 3-D board view
 * (no GTK, no GObject: plain math, unit-tested).
 *
 * World coordinates: x to the right and y towards the viewer, one unit per
 * square (the display cell coordinates u, v of vs-board-geometry.h), z up
 * (Strato's levels are planes z = const).  A projection maps a world point
 * to widget pixels through one 3×4 matrix: (X, Y, W) = M·(x, y, z, 1),
 * pixel = (X/W, Y/W).  Every plane z = const is therefore mapped by a
 * homography, which is inverted exactly for picking.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  double m[3][4];
} VsProjection;

/* A camera aimed at (cx, cy, cz), looking down at tilt_deg above the
 * horizontal (90 = straight down) from `distance` units away, on the
 * viewer's side (+y).  The focal length equals the distance, so that at
 * the aim point one world unit is one screen unit. */
void     vs_projection_init_camera (VsProjection *p, double cx, double cy, double cz,
                                    double tilt_deg, double distance);
/* Then screen' = scale·screen + (ox, oy). */
void     vs_projection_fit (VsProjection *p, double scale, double ox, double oy);

/* FALSE when the point is not in front of the camera. */
gboolean vs_projection_project (const VsProjection *p, double x, double y, double z,
                                double *sx, double *sy);
/* Distance in front of the camera (larger = farther). */
double   vs_projection_depth (const VsProjection *p, double x, double y, double z);
/* Pixels per world unit (across the view) at a point. */
double   vs_projection_scale_at (const VsProjection *p, double x, double y, double z);
/* Inverse projection: the point of the plane z = const seen at pixel
 * (sx, sy); FALSE when the ray misses the plane. */
gboolean vs_projection_unproject (const VsProjection *p, double z, double sx, double sy,
                                  double *x, double *y);
/* The affine map that best matches the projection of plane z near (x, y)
 * (its first-order expansion): px = a[0]·x + a[2]·y + a[4],
 * py = a[1]·x + a[3]·y + a[5] (cairo_matrix_t order). */
void     vs_projection_local_affine (const VsProjection *p, double z, double x, double y,
                                     double a[6]);

G_END_DECLS
