/* vs-board-projection.c — the perspective camera of the 3-D board view. */
#include "config.h"
#include "vs-board-projection.h"

#include <math.h>

void
vs_projection_init_camera (VsProjection *p, double cx, double cy, double cz, double tilt_deg,
                           double distance)
{
  double t = tilt_deg * G_PI / 180.0;
  double ct = cos (t), st = sin (t);
  double f = distance;
  /* camera position */
  double Cx = cx, Cy = cy + distance * ct, Cz = cz + distance * st;
  /* camera axes: right (1,0,0); screen down (0, sin t, -cos t);
   * forward (0, -cos t, -sin t) */
  p->m[0][0] = f;  p->m[0][1] = 0;       p->m[0][2] = 0;       p->m[0][3] = -f * Cx;
  p->m[1][0] = 0;  p->m[1][1] = f * st;  p->m[1][2] = -f * ct; p->m[1][3] = f * (-st * Cy + ct * Cz);
  p->m[2][0] = 0;  p->m[2][1] = -ct;     p->m[2][2] = -st;     p->m[2][3] = ct * Cy + st * Cz;
}

void
vs_projection_fit (VsProjection *p, double scale, double ox, double oy)
{
  for (int k = 0; k < 4; k++)
    {
      p->m[0][k] = scale * p->m[0][k] + ox * p->m[2][k];
      p->m[1][k] = scale * p->m[1][k] + oy * p->m[2][k];
    }
}

static void
apply (const VsProjection *p, double x, double y, double z, double out[3])
{
  for (int r = 0; r < 3; r++)
    out[r] = p->m[r][0] * x + p->m[r][1] * y + p->m[r][2] * z + p->m[r][3];
}

gboolean
vs_projection_project (const VsProjection *p, double x, double y, double z, double *sx, double *sy)
{
  double h[3];
  apply (p, x, y, z, h);
  if (h[2] <= 1e-9)
    {
      *sx = *sy = 0;
      return FALSE;
    }
  *sx = h[0] / h[2];
  *sy = h[1] / h[2];
  return TRUE;
}

double
vs_projection_depth (const VsProjection *p, double x, double y, double z)
{
  return p->m[2][0] * x + p->m[2][1] * y + p->m[2][2] * z + p->m[2][3];
}

double
vs_projection_scale_at (const VsProjection *p, double x, double y, double z)
{
  double w = vs_projection_depth (p, x, y, z);
  if (w <= 1e-9)
    return 0;
  /* d(px)/dx = (m00·W − X·m20)/W²; m20 is 0 for our cameras, keep it general */
  double h[3];
  apply (p, x, y, z, h);
  return fabs ((p->m[0][0] * h[2] - h[0] * p->m[2][0]) / (h[2] * h[2]));
}

/* homography of the plane z: columns m0, m1, m2·z + m3 */
static void
plane_homography (const VsProjection *p, double z, double H[3][3])
{
  for (int r = 0; r < 3; r++)
    {
      H[r][0] = p->m[r][0];
      H[r][1] = p->m[r][1];
      H[r][2] = p->m[r][2] * z + p->m[r][3];
    }
}

gboolean
vs_projection_unproject (const VsProjection *p, double z, double sx, double sy, double *x, double *y)
{
  double H[3][3];
  plane_homography (p, z, H);
  /* inverse through the adjugate */
  double A[3][3];
  A[0][0] = H[1][1] * H[2][2] - H[1][2] * H[2][1];
  A[0][1] = H[0][2] * H[2][1] - H[0][1] * H[2][2];
  A[0][2] = H[0][1] * H[1][2] - H[0][2] * H[1][1];
  A[1][0] = H[1][2] * H[2][0] - H[1][0] * H[2][2];
  A[1][1] = H[0][0] * H[2][2] - H[0][2] * H[2][0];
  A[1][2] = H[0][2] * H[1][0] - H[0][0] * H[1][2];
  A[2][0] = H[1][0] * H[2][1] - H[1][1] * H[2][0];
  A[2][1] = H[0][1] * H[2][0] - H[0][0] * H[2][1];
  A[2][2] = H[0][0] * H[1][1] - H[0][1] * H[1][0];
  double det = H[0][0] * A[0][0] + H[0][1] * A[1][0] + H[0][2] * A[2][0];
  if (fabs (det) < 1e-12)
    return FALSE;
  double X = A[0][0] * sx + A[0][1] * sy + A[0][2];
  double Y = A[1][0] * sx + A[1][1] * sy + A[1][2];
  double W = A[2][0] * sx + A[2][1] * sy + A[2][2];
  if (fabs (W) < 1e-12)
    return FALSE;
  *x = X / W;
  *y = Y / W;
  /* the point must be in front of the camera */
  return vs_projection_depth (p, *x, *y, z) > 0;
}

void
vs_projection_local_affine (const VsProjection *p, double z, double x, double y, double a[6])
{
  double H[3][3];
  plane_homography (p, z, H);
  double X = H[0][0] * x + H[0][1] * y + H[0][2];
  double Y = H[1][0] * x + H[1][1] * y + H[1][2];
  double W = H[2][0] * x + H[2][1] * y + H[2][2];
  double w2 = W * W;
  /* Jacobian of (X/W, Y/W) */
  double dxdx = (H[0][0] * W - X * H[2][0]) / w2;
  double dxdy = (H[0][1] * W - X * H[2][1]) / w2;
  double dydx = (H[1][0] * W - Y * H[2][0]) / w2;
  double dydy = (H[1][1] * W - Y * H[2][1]) / w2;
  double px = X / W, py = Y / W;
  a[0] = dxdx;
  a[1] = dydx;
  a[2] = dxdy;
  a[3] = dydy;
  a[4] = px - dxdx * x - dxdy * y;
  a[5] = py - dydx * x - dydy * y;
}
