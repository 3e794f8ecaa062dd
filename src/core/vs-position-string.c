/* vs-position-string.c — position strings of every variant, read and written
 * from the data of VsVariant.position_syntax. */
#include "vs-position-string.h"

static void
append_letter (GString *s, const char *letter, int color)
{
  for (const char *l = letter; *l; l++)
    g_string_append_c (s, color == VS_WHITE ? *l : g_ascii_tolower (*l));
}

char *
vs_position_string_write (const VsPosition *pos)
{
  const VsVariant *v = pos->variant;
  const VsPositionSyntax *sx = v->position_syntax;
  const VsGeometry *g = &v->geom;
  GString *s = g_string_sized_new (160);

  for (int l = 0; l < g->levels; l++)
    {
      if (l)
        g_string_append_c (s, sx->level_separator);
      for (int rank = g->ranks - 1; rank >= 0; rank--)
        {
          int empty = 0;
          for (int file = 0; file < g->files; file++)
            {
              VsPiece p = pos->board[vs_sq_make (g, l, rank, file)];
              if (!p)
                {
                  empty++;
                  continue;
                }
              if (empty)
                g_string_append_printf (s, "%d", empty);
              empty = 0;
              append_letter (s, v->pieces[VS_PIECE_TYPE (p)].letter, VS_PIECE_COLOR (p));
              if (VS_PIECE_HAS_FLAG (p) && sx->flag_mark)
                g_string_append_c (s, sx->flag_mark);
            }
          if (empty)
            g_string_append_printf (s, "%d", empty);
          if (rank)
            g_string_append_c (s, '/');
        }
    }
  if (sx->hands)
    {
      g_string_append_c (s, '[');
      for (int c = 0; c < 2; c++)
        for (int t = v->n_piece_types; t >= 1; t--)
          for (int k = 0; k < pos->hand[c][t]; k++)
            append_letter (s, v->pieces[t].letter, c);
      g_string_append_c (s, ']');
    }
  g_string_append (s, pos->side == VS_WHITE ? " w" : " b");
  if (sx->castling)
    {
      g_string_append_c (s, ' ');
      if (!pos->castling)
        g_string_append_c (s, '-');
      for (int k = 0; k < 4; k++)
        if (pos->castling & (1 << k))
          g_string_append_c (s, "KQkq"[k]);
    }
  for (int k = 0; k < sx->dash_fields; k++)
    g_string_append (s, " -");
  if (sx->en_passant)
    {
      char name[8] = "-";
      if (pos->ep != VS_NO_SQUARE)
        vs_square_name (g, pos->ep, name);
      g_string_append_printf (s, " %s", name);
    }
  g_string_append_printf (s, " %u %u", pos->halfmove, pos->fullmove);
  return g_string_free (s, FALSE);
}
