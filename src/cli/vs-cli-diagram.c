/* vs-cli-diagram.c — `variant-study-cli diagram`: a position as SVG or PNG. */
#include "config.h"
#include "vs-cli.h"
#include "vs-variant.h"
#include "vs-diagram.h"
#include "vs-piece-set.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

int
vs_cli_diagram (int argc, char **argv)
{
  g_autofree char *variant_id = NULL;
  g_autofree char *fen = NULL;
  g_autofree char *theme = NULL;
  g_autofree char *pieces = NULL;
  g_autofree char *output = NULL;
  g_autofree char *last = NULL;
  g_auto(GStrv) arrows = NULL;
  g_auto(GStrv) highlights = NULL;
  g_auto(GStrv) circles = NULL;
  int size = 480;
  gboolean flip = FALSE, no_coords = FALSE, gibo = FALSE, stacked = FALSE, three_d = FALSE;
  GOptionEntry entries[] = {
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &variant_id, N_("Variant: chartima, strato, janggi, janggi-casual, crazyhouse"), "ID" },
    { "fen", 'f', 0, G_OPTION_ARG_STRING, &fen, N_("Position string (default: the start position)"), "STRING" },
    { "theme", 't', 0, G_OPTION_ARG_STRING, &theme, N_("Board theme: wood, slate, paper, felt, marble, sandstone, glacier, amber, tidepool, chamber"), "NAME" },
    { "pieces", 'p', 0, G_OPTION_ARG_STRING, &pieces, N_("Piece set (default: the variant’s own)"), "NAME" },
    { "size", 's', 0, G_OPTION_ARG_INT, &size, N_("Longer side of the image in pixels (default 480)"), "PX" },
    { "arrow", 'a', 0, G_OPTION_ARG_STRING_ARRAY, &arrows, N_("Draw an arrow, e.g. e2e4 or Re2e4 (colour letter G/R/B/Y first); repeatable"), "MOVE" },
    { "highlight", 'H', 0, G_OPTION_ARG_STRING_ARRAY, &highlights, N_("Highlight a square, e.g. e4; repeatable"), "SQUARE" },
    { "circle", 'c', 0, G_OPTION_ARG_STRING_ARRAY, &circles, N_("Circle a square, e.g. e4 or Re4; repeatable"), "SQUARE" },
    { "last-move", 'l', 0, G_OPTION_ARG_STRING, &last, N_("Mark a last move by its two squares, e.g. e2e4"), "MOVE" },
    { "flip", 0, 0, G_OPTION_ARG_NONE, &flip, N_("Black / Han at the bottom"), NULL },
    { "no-coordinates", 0, 0, G_OPTION_ARG_NONE, &no_coords, N_("Leave out the coordinates"), NULL },
    { "gibo", 0, 0, G_OPTION_ARG_NONE, &gibo, N_("Janggi: coordinates in gibo numbering"), NULL },
    { "stacked", 0, 0, G_OPTION_ARG_NONE, &stacked, N_("Strato: the three levels stacked in an oblique view"), NULL },
    { "3d", 0, 0, G_OPTION_ARG_NONE, &three_d, N_("The board in perspective, the pieces standing (3-D view)"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Output file: FILE.svg or FILE.png"), "FILE" },
    { NULL }
  };
  if (!vs_cli_parse_options (&argc, &argv, entries, _("— draw a board diagram as SVG or PNG")))
    return 2;
  g_autoptr (GError) error = NULL;
  if (argc > 1)
    {
      vs_cli_error (_("unexpected argument “%s”"), argv[1]);
      return 2;
    }
  if (variant_id == NULL)
    {
      vs_cli_error (_("--variant is required"));
      return 2;
    }
  if (output == NULL)
    {
      vs_cli_error (_("-o FILE.svg or -o FILE.png is required"));
      return 2;
    }
  const VsVariant *v = vs_variant_lookup (variant_id);
  if (v == NULL)
    {
      vs_cli_error (_("unknown variant “%s”"), variant_id);
      return 2;
    }
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  if (!vs_position_init (pos, v, fen, &error))
    {
      vs_cli_error (_("bad position string: %s"), error->message);
      return 2;
    }
  const VsGeometry *g = &v->geom;
  VsDiagramOptions o;
  vs_diagram_options_init (&o);
  o.theme = theme;
  o.piece_set = pieces;
  o.size = size;
  o.flipped = flip;
  o.coordinates = !no_coords;
  o.gibo = gibo;
  o.strato_view = stacked ? VS_STRATO_VIEW_STACKED : VS_STRATO_VIEW_SIDE_BY_SIDE;
  o.three_d = three_d;

  g_autoptr(GArray) shapes = g_array_new (FALSE, FALSE, sizeof (VsBoardShape));
  g_autoptr(GArray) marks = g_array_new (FALSE, FALSE, sizeof (VsSquareMark));
  for (int pass = 0; pass < 2; pass++)
    {
      char **list = pass == 0 ? arrows : circles;
      for (int i = 0; list && list[i]; i++)
        {
          const char *s = list[i];
          g_autofree char *full = strchr ("GRBYgrby", s[0]) && s[0] && vs_square_parse (g, s, NULL) < 0
                                  ? g_strdup (s) : g_strconcat ("G", s, NULL);
          VsBoardShape sh;
          if (!vs_board_shape_parse (g, full, &sh) || (pass == 0) == (sh.from == sh.to))
            {
              vs_cli_error (pass == 0 ? _("bad arrow “%s” (expected two squares, e.g. e2e4)")
                                      : _("bad circle “%s” (expected one square, e.g. e4)"), s);
              return 2;
            }
          g_array_append_val (shapes, sh);
        }
    }
  const VsBoardTheme *th = vs_board_theme_get (theme);
  for (int i = 0; highlights && highlights[i]; i++)
    {
      int used = 0;
      int sq = vs_square_parse (g, highlights[i], &used);
      if (sq < 0 || highlights[i][used] != '\0')
        {
          vs_cli_error (_("bad square “%s”"), highlights[i]);
          return 2;
        }
      VsSquareMark m = { sq, th ? th->selected : (VsColor) { 0.2, 0.6, 0.3, 0.55 } };
      g_array_append_val (marks, m);
    }
  if (last)
    {
      int u1 = 0, u2 = 0;
      int a = vs_square_parse (g, last, &u1);
      int b = a >= 0 ? vs_square_parse (g, last + u1, &u2) : -1;
      if (a < 0 || b < 0)
        {
          vs_cli_error (_("bad move “%s” for --last-move (expected two squares, e.g. e2e4)"), last);
          return 2;
        }
      o.last_move = VS_MOVE_MAKE (a, b, VS_MOVE_NORMAL, 0);
    }
  o.shapes = (const VsBoardShape *) shapes->data;
  o.n_shapes = shapes->len;
  o.marks = (const VsSquareMark *) marks->data;
  o.n_marks = marks->len;
  if (!vs_diagram_save (pos, &o, output, &error))
    {
      vs_cli_error ("%s", error->message);
      return error->domain == VS_DIAGRAM_ERROR && error->code == VS_DIAGRAM_ERROR_WRITE ? 1 : 2;
    }
  return 0;
}
