/* bench-board-view.c — frame cost of VsBoardView (a benchmark command, not a
 * test): Chartima's start position (10×10, 60 pieces) in a 1000×1000 widget
 * with a warm texture cache, in the flat (2-D) and the 3-D view.
 *
 *   xvfb-run -a build/tests/ui/bench-board-view [FRAMES]
 *
 * Prints per-frame times of: building the render nodes (snapshot) with the
 * scene cached; the same with the scene rebuilt every frame (what a
 * selection or drag step costs); and snapshot + rendering the nodes to
 * pixels with GSK's cairo renderer (GSK_RENDERER=cairo). */
#include "config.h"
#include "vs-board-view.h"
#include "vs-board-test-util.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "../vs-test-history.h"

/* CPU time of this thread: less disturbed than wall time on a busy machine */
static double
cpu_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static GtkWidget *board;

static GskRenderNode *
snap (void)
{
  GtkSnapshot *s = gtk_snapshot_new ();
  GTK_WIDGET_GET_CLASS (board)->snapshot (board, s);
  return gtk_snapshot_free_to_node (s);
}

static void
measure (GskRenderer *r, const VsPosition *pos, int frames, const char *mode)
{
  /* warm the texture cache */
  gsk_render_node_unref (snap ());

  double c0 = cpu_ms ();
  gint64 t0 = g_get_monotonic_time ();
  for (int i = 0; i < frames; i++)
    gsk_render_node_unref (snap ());
  gint64 t1 = g_get_monotonic_time ();
  double c1 = cpu_ms ();
  for (int i = 0; i < frames; i++)
    {
      vs_board_view_set_marks (VS_BOARD_VIEW (board), NULL, 0);   /* marks the scene dirty */
      gsk_render_node_unref (snap ());
    }
  gint64 t2 = g_get_monotonic_time ();
  double c2 = cpu_ms ();
  int rframes = MAX (frames / 10, 10);
  for (int i = 0; i < rframes; i++)
    {
      GskRenderNode *node = snap ();
      GdkTexture *t = gsk_renderer_render_texture (r, node, &GRAPHENE_RECT_INIT (0, 0, 1000, 1000));
      g_object_unref (t);
      gsk_render_node_unref (node);
    }
  gint64 t3 = g_get_monotonic_time ();
  double c3 = cpu_ms ();
  /* not frames, but what the accessible cells (one child widget per square)
   * add: a new position, relabelling the changed squares; and a relayout,
   * allocating the 100 cells over their squares */
  g_autofree VsPosition *next = g_memdup2 (pos, sizeof *pos);
  VsMove moves[VS_MAX_MOVES];
  if (vs_position_generate (next, VS_GEN_ALL, moves) == 0)
    {
      fprintf (stderr, "bench-board-view: no legal move in the start position\n");
      exit (1);
    }
  vs_test_make (next, moves[0]);
  int pframes = MAX (frames / 10, 10);
  for (int i = 0; i < pframes; i++)
    vs_board_view_set_position (VS_BOARD_VIEW (board), i % 2 ? pos : next,
                                i % 2 ? VS_MOVE_NONE : moves[0], FALSE);
  gint64 t4 = g_get_monotonic_time ();
  double c4 = cpu_ms ();
  for (int i = 0; i < pframes; i++)
    GTK_WIDGET_GET_CLASS (board)->size_allocate (board, 1000, 1000, -1);
  gint64 t5 = g_get_monotonic_time ();
  double c5 = cpu_ms ();
  printf ("%s view                        wall ms/frame  cpu ms/frame\n", mode);
  printf ("snapshot, scene cached:        %8.3f      %8.3f   (%d frames)\n",
          (t1 - t0) / 1000.0 / frames, (c1 - c0) / frames, frames);
  printf ("snapshot, scene rebuilt:       %8.3f      %8.3f   (%d frames)\n",
          (t2 - t1) / 1000.0 / frames, (c2 - c1) / frames, frames);
  printf ("snapshot + render to pixels:   %8.3f      %8.3f   (%d frames)\n",
          (t3 - t2) / 1000.0 / rframes, (c3 - c2) / rframes, rframes);
  printf ("set_position (a move), a11y:   %8.3f      %8.3f   (%d times, GTK_A11Y=%s)\n",
          (t4 - t3) / 1000.0 / pframes, (c4 - c3) / pframes, pframes, g_getenv ("GTK_A11Y"));
  printf ("size_allocate (100 cells):     %8.3f      %8.3f   (%d times)\n",
          (t5 - t4) / 1000.0 / pframes, (c5 - c4) / pframes, pframes);
}

int
main (int argc, char **argv)
{
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  g_setenv ("GTK_A11Y", "none", FALSE);
  int frames = argc > 1 ? atoi (argv[1]) : 1000;
  if (!gtk_init_check ())
    {
      fprintf (stderr, "bench-board-view: no display (run under xvfb-run -a)\n");
      return 2;
    }
  GtkWidget *window = gtk_window_new ();
  board = vs_board_view_new ();
  gtk_widget_set_size_request (board, 1000, 1000);
  gtk_window_set_child (GTK_WINDOW (window), board);
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  if (!vs_test_real_position (pos, "chartima", NULL))
    vs_test_position (pos, vs_test_variant (VS_TEST_CHARTIMA),
                      "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLI", VS_WHITE);
  vs_board_view_set_position (VS_BOARD_VIEW (board), pos, VS_MOVE_NONE, FALSE);
  gtk_window_present (GTK_WINDOW (window));
  while (gtk_widget_get_width (board) != 1000 || gtk_widget_get_height (board) != 1000)
    g_main_context_iteration (NULL, TRUE);
  GskRenderer *r = gtk_native_get_renderer (GTK_NATIVE (window));

  int pieces = 0;
  for (int i = 0; i < 100; i++)
    pieces += pos->board[i] != 0;
  printf ("board 10x10, %d pieces, 1000x1000 px, renderer %s\n", pieces, G_OBJECT_TYPE_NAME (r));
  /* issue 20: the flat board, then the 3-D view */
  for (int three_d = 0; three_d < 2; three_d++)
    {
      vs_board_view_set_three_d (VS_BOARD_VIEW (board), three_d);
      vs_board_view_set_position (VS_BOARD_VIEW (board), pos, VS_MOVE_NONE, FALSE);
      for (int i = 0; i < 20; i++)
        while (g_main_context_iteration (NULL, FALSE))
          ;
      GTK_WIDGET_GET_CLASS (board)->size_allocate (board, 1000, 1000, -1);
      measure (r, pos, frames, three_d ? "3-D" : "2-D");
    }
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
