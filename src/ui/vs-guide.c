/* vs-guide.c — the content of the rules guide (see vs-guide.h).
 *
 * The sections are written as small specs: a position (placements of pieces
 * on an empty board, or a full position string), the squares whose moves are
 * shown, example moves and areas.  Everything drawn is computed from the
 * rules core; a spec the rules reject (an illegal example move, a bad square)
 * makes vs_guide_build() fail, and the tests build every guide.
 */
#include "config.h"
#include "vs-guide.h"
#include "vs-janggi.h"
#include "vs-strato.h"

#include <glib/gi18n.h>
#include <string.h>

G_DEFINE_QUARK (vs-guide-error-quark, vs_guide_error)

typedef struct {
  const char *id;        /* section id; piece sections: "piece" (id built from the letter) */
  const char *piece;     /* piece sections: the position-string letter ("+Q", "H", "N") */
  const char *title;     /* N_(): rule sections */
  const char *text;      /* N_() */
  const char *variant;   /* rule set of the position */
  const char *fen;       /* a full position string, or NULL */
  const char *setup;     /* placements on an empty board: "K:e1 k:e8 q~:d5 @P" */
  const char *state;     /* side to move and castling rights for setups: "w", "b", "w KQkq" */
  const char *show;      /* squares whose moves are shown ("e5", "c7 g6"), "*" (all moves), "@P" (drops) */
  const char *moves;     /* example moves in engine notation, drawn as arrows */
  const char *area;      /* rectangles marked as areas: "a1-j3 a8-j10" */
} GuideSpec;

/* ---- Chartima -------------------------------------------------------------- */

#define CH_CAMPS "a1-j3 a8-j10"

static const GuideSpec chartima_specs[] = {
  { "setup", NULL, N_("Starting position"),
    N_("Chartima is played on ten files and ten ranks. The Ultima pieces (Immobilizer, Long leaper, "
       "Withdrawer, Coordinator, Pusher-puller) stand on the back rank, the chess pieces with the "
       "Chancellor and the Archbishop on the second rank and the Pawns on the third. Each side’s "
       "camp is its first three ranks (shaded). White moves first."),
    "chartima", "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLI w KQkq - 0 1",
    NULL, NULL, NULL, NULL, CH_CAMPS },
  { "piece", "K", NULL,
    N_("Steps one square in any direction, but never onto an attacked square: the Rook on h6 keeps "
       "it off the sixth rank. Castling has its own section."),
    "chartima", NULL, "K:e5 k:j10 r:h6", "w", "e5", NULL, NULL },
  { "piece", "Q", NULL,
    N_("Slides any number of empty squares along ranks, files and diagonals. Like the other chess "
       "pieces except the King, Cannon and Dog, it promotes when its move ends in the enemy camp: "
       "the blue squares."),
    "chartima", NULL, "K:a1 k:j8 Q:e5 P:e7 p:h8", "w", "e5", NULL, NULL },
  { "piece", "+Q", NULL,
    N_("The promoted Queen slides like a Queen and also leaps like a Knight (an Amazon)."),
    "chartima", NULL, "K:a1 k:j8 +Q:e5 P:e7 p:g6 p:h8", "w", "e5", NULL, NULL },
  { "piece", "C", NULL,
    N_("Slides along ranks and files like a Rook, or leaps like a Knight."),
    "chartima", NULL, "K:a1 k:j8 C:e5 P:e7 p:g6", "w", "e5", NULL, NULL },
  { "piece", "+C", NULL,
    N_("The promoted Chancellor adds one step diagonally to the Chancellor’s moves."),
    "chartima", NULL, "K:a1 k:j8 +C:e5 P:e7 p:g6", "w", "e5", NULL, NULL },
  { "piece", "A", NULL,
    N_("Slides diagonally like a Bishop, or leaps like a Knight."),
    "chartima", NULL, "K:a1 k:j8 A:e5 P:g7 p:d7", "w", "e5", NULL, NULL },
  { "piece", "+A", NULL,
    N_("The promoted Archbishop adds one step orthogonally to the Archbishop’s moves."),
    "chartima", NULL, "K:a1 k:j8 +A:e5 P:g7 p:d7", "w", "e5", NULL, NULL },
  { "piece", "R", NULL,
    N_("Slides any number of empty squares along ranks and files. It is blocked by its own Pawn on e7 "
       "and may take the Pawn on h5."),
    "chartima", NULL, "K:a1 k:j8 R:e5 P:e7 p:h5", "w", "e5", NULL, NULL },
  { "piece", "+R", NULL,
    N_("The promoted Rook adds one step diagonally to the Rook’s moves."),
    "chartima", NULL, "K:a1 k:j8 +R:e5 P:e7 p:h5", "w", "e5", NULL, NULL },
  { "piece", "N", NULL,
    N_("Leaps to the far corner of a 2×3 rectangle, over anything in between."),
    "chartima", NULL, "K:a1 k:j8 N:e5 P:f7 p:c6", "w", "e5", NULL, NULL },
  { "piece", "+N", NULL,
    N_("The promoted Knight leaps like a Knight or like a Camel: the far corner of a 2×4 rectangle."),
    "chartima", NULL, "K:a1 k:j8 +N:e5 P:f7 p:h6", "w", "e5", NULL, NULL },
  { "piece", "B", NULL,
    N_("Slides diagonally. Taking the Pawn on b8 ends the move in the enemy camp, so the Bishop "
       "promotes there."),
    "chartima", NULL, "K:a1 k:j8 B:e5 P:g7 p:b8", "w", "e5", NULL, NULL },
  { "piece", "+B", NULL,
    N_("The promoted Bishop adds one step orthogonally. On its first move after promotion it "
       "releases a Dog: see “Dog release”."),
    "chartima", NULL, "K:a1 k:j8 +B:e5 P:g7 p:b8", "w", "e5", NULL, NULL },
  { "piece", "P", NULL,
    N_("Moves one square straight forward, or two from its starting rank when both squares are "
       "empty. It captures one square diagonally forward. En passant as in chess."),
    "chartima", NULL, "K:a1 k:j8 P:e3 p:d4", "w", "e3", NULL, NULL },
  { "piece", "H", NULL,
    N_("Moves along ranks and files. Without capturing it may pass over at most one piece. To capture "
       "it must jump exactly one piece, the screen, and takes the first piece beyond it: e9 over "
       "the Pawn on e7, b5 over the Knight on c5. It never promotes."),
    "chartima", NULL, "K:a1 k:j8 H:e5 P:e7 n:e9 N:c5 p:b5", "w", "e5", NULL, NULL },
  { "piece", "D", NULL,
    N_("Slides diagonally at most three squares. A Dog never promotes and is never immobilized. Dogs "
       "enter the game through the Dog release."),
    "chartima", NULL, "K:a1 k:j8 D:e5 p:g7 P:c3", "w", "e5", NULL, NULL },
  { "piece", "I", NULL,
    N_("Moves like a Queen, but only to empty squares, and never captures. Enemy pieces next to it "
       "cannot move: see “Immobilization and suicide”."),
    "chartima", NULL, "K:a1 k:j8 I:e5 P:e7 p:h8", "w", "e5", NULL, NULL },
  { "piece", "L", NULL,
    N_("Moves like a Queen to an empty square. It captures by jumping: each enemy piece jumped must "
       "have an empty square behind it, and every piece jumped is taken (orange). It may not jump "
       "its own pieces, nor two pieces side by side (c5 and b5)."),
    "chartima", NULL, "K:a1 k:j8 L:e5 p:e7 p:g7 p:c5 p:b5 P:h5", "w", "e5", NULL, NULL },
  { "piece", "W", NULL,
    N_("Moves like a Queen to an empty square. It captures the enemy piece next to it by moving "
       "straight away from it: moving left takes f5, moving down and right takes d6."),
    "chartima", NULL, "K:a1 k:j8 W:e5 p:f5 p:d6", "w", "e5", NULL, NULL },
  { "piece", "O", NULL,
    N_("Moves like a Queen to an empty square. Then look at the square where its file meets its own "
       "King’s rank, and the square where its rank meets its King’s file: enemy pieces there are "
       "captured. With the King on a1, a move to c7 takes both c1 and a7."),
    "chartima", NULL, "K:a1 k:j8 O:e5 h:c1 p:a7", "w", "e5", NULL, NULL },
  { "piece", "U", NULL,
    N_("Moves like a Queen to an empty square and captures both ways: the enemy piece it moves away "
       "from (like the Withdrawer, f5) and the enemy piece just beyond its landing square (by "
       "approach, e8)."),
    "chartima", NULL, "K:a1 k:j8 U:e5 p:f5 p:e8", "w", "e5", NULL, NULL },
  { "rule-promotion", NULL, N_("Camps and promotion"),
    N_("Each side’s camp is its own first three ranks; the enemy camp is the three ranks farthest "
       "away. A Queen, Chancellor, Archbishop, Rook, Knight, Bishop or Pawn whose move ends in the "
       "enemy camp must promote (blue). A Pawn chooses Rook, Knight, Bishop or Cannon; the others "
       "become their promoted forms. Kings, Cannons, Dogs and Ultima pieces never promote."),
    "chartima", NULL, "K:a1 k:j8 P:c7 R:g6 p:d8", "w", "c7 g6", NULL, CH_CAMPS },
  { "rule-dog", NULL, N_("Dog release"),
    N_("On the first move an nB makes after its promotion, a Dog of its colour appears on the square "
       "it leaves (marked). This is compulsory and part of the move."),
    "chartima", NULL, "K:a1 k:j8 +B*:e5 p:h8", "w", NULL, "e5h8", NULL },
  { "rule-long-leaper", NULL, N_("Long leaper: several captures"),
    N_("One jump can take several pieces, each followed by an empty square. The captured squares are "
       "written in the order jumped."),
    "chartima", NULL, "K:a1 k:j8 L:e2 p:e4 p:e6", "w", NULL, "e2e7", NULL },
  { "rule-withdrawer", NULL, N_("Withdrawer: capture by withdrawal"),
    N_("The Withdrawer takes the piece next to its starting square by moving in exactly the opposite "
       "direction, any distance."),
    "chartima", NULL, "K:a1 k:j8 W:f5 p:g6", "w", NULL, "f5d3", NULL },
  { "rule-coordinator", NULL, N_("Coordinator: capture with the King"),
    N_("After the Coordinator moves, its file meets its King’s rank on one corner and its rank meets "
       "the King’s file on the other: enemy pieces on both corners are captured. Only a Coordinator "
       "move captures, never a King move."),
    "chartima", NULL, "K:c2 k:j8 O:j5 h:g2 p:c5", "w", NULL, "j5g5", NULL },
  { "rule-pusher-puller", NULL, N_("Pusher-puller: withdrawal and approach"),
    N_("One move can capture twice: the piece it moves away from and the piece just beyond where it "
       "lands. The withdrawal square is written first."),
    "chartima", NULL, "K:a1 k:j8 U:e5 p:f5 p:b5", "w", NULL, "e5c5", NULL },
  { "rule-immobilization", NULL, N_("Immobilization and suicide"),
    N_("Enemy pieces on the eight squares around an Immobilizer cannot move (d6, f6, f4); a Dog (e6) "
       "is never frozen. Instead of moving, the owner may remove a frozen piece from the board "
       "(suicide, circled): that is a move. A frozen King cannot do so. The spell ends when the "
       "Immobilizer leaves or is captured."),
    "chartima", NULL, "K:a1 k:j8 I:e5 p:d6 n:f6 d:e6 r:f4", "b", "d6 f6 e6 f4", NULL, NULL },
  { "rule-castling", NULL, N_("Castling"),
    N_("The King and the Rook have not moved, the squares between them are empty, and the King is "
       "not in check and does not cross or land on an attacked square. The King moves three squares "
       "toward the Rook, and the Rook lands on the square the King crossed next to it: O-O is "
       "K f2–i2 with R j2–h2, O-O-O is K f2–c2 with R a2–d2."),
    "chartima", NULL, "K:f2 R:a2 R:j2 k:f9 r:a9 r:j9", "w KQkq", "f2", "f2i2 f2c2", NULL },
  { NULL }
};

/* ---- Strato ----------------------------------------------------------------- */

static const GuideSpec strato_specs[] = {
  { "setup-below", NULL, N_("Start: White below"),
    N_("Three chess boards are stacked: level A at the bottom, B in the middle, C at the top. Each "
       "army starts on an outer level in the usual order and the middle level is empty. Black chooses "
       "the start; here White is below (level A) and Black above (level C)."),
    "strato", VS_STRATO_START_WHITE_BELOW, NULL, NULL, NULL, NULL, NULL },
  { "setup-above", NULL, N_("Start: White above"),
    N_("The other start: White on level C, Black on level A. The rules are the same with levels A "
       "and C exchanged."),
    "strato", VS_STRATO_START_WHITE_ABOVE, NULL, NULL, NULL, NULL, NULL },
  { "piece", "P", NULL,
    N_("Moves one square forward on its level and captures one square diagonally forward, as in "
       "chess (Bc5). It may also go one level up or down to the empty square directly above or below, "
       "without moving further. It promotes on the last rank of any level."),
    "strato", NULL, "K:Ah1 k:Ca8 P:Bd4 p:Bc5", "w", "Bd4", NULL, NULL },
  { "piece", "N", NULL,
    N_("Leaps like a chess Knight on its level, or one or two levels up or down, landing a Knight’s "
       "leap away, in one leap. Only the landing square matters and it must be empty: a level change "
       "never captures, so Cc6 is not marked."),
    "strato", NULL, "K:Ah1 k:Ca8 N:Ad4 P:Be6 p:Cc6", "w", "Ad4", NULL, NULL },
  { "piece", "B", NULL,
    N_("Slides diagonally on its level. It may also go one level up or down to the empty square above "
       "or below and then, if it likes, slide on diagonally there. It keeps its square colour."),
    "strato", NULL, "K:Ah1 k:Ca8 B:Bd4 P:Bf6 p:Bb6", "w", "Bd4", NULL, NULL },
  { "piece", "R", NULL,
    N_("Slides along ranks and files on its level; or goes one level up or down and may slide on "
       "there. It captures only on its own level. The Knight below it (Ad4) stops it going down."),
    "strato", NULL, "K:Ah1 k:Ca8 R:Bd4 P:Bd6 p:Bg4 N:Ad4", "w", "Bd4", NULL, NULL },
  { "piece", "Q", NULL,
    N_("Moves like a Rook and a Bishop together, on its level or after a change of one level."),
    "strato", NULL, "K:Ah1 k:Ca8 Q:Bd4 P:Bd6 p:Bf6", "w", "Bd4", NULL, NULL },
  { "piece", "K", NULL,
    N_("Steps one square on its level, or goes one level up or down without moving further. Attacks "
       "count only along a level: the Rook on Be6 keeps the King off the e-file of level B only."),
    "strato", NULL, "K:Bd4 k:Ca8 r:Be6", "w", "Bd4", NULL, NULL },
  { "rule-first-move", NULL, N_("Level changes and the first move"),
    N_("Every piece must change level on its own first move. From the start the Knight on Ab1 can "
       "only leap to level B or C, and the Pawn on Ae2 must go up to Be2 and then one or two squares "
       "forward. The exceptions are castling and answering a check."),
    "strato", VS_STRATO_START_WHITE_BELOW, NULL, NULL, "Ab1 Ae2", NULL, NULL },
  { "rule-king-castling", NULL, N_("The King’s first move and castling"),
    N_("On its first move the King may change level and add one King step on the new level. "
       "Castling is a planar move as in chess, or shifts King and Rook together one level up or down "
       "(written O-O @B)."),
    "strato", NULL, "K':Ae1 R':Ah1 R':Aa1 k':Ce8", "w", "Ae1", "Ae1Bg1", NULL },
  { "rule-check", NULL, N_("Answering a check"),
    N_("When the side to move is in check, its pieces on the King’s level may make a planar first move. "
       "Here White may block on e2 with the Bishop or the Queen, or the King may leave the level: "
       "the marked squares are all of White’s legal moves."),
    "strato", NULL, "K':Ae1 Q':Ad1 B':Af1 P':Ad2 P':Af2 r:Ae5 k':Ce8", "w", "*", NULL, NULL },
  { NULL }
};

/* ---- Janggi ------------------------------------------------------------------- */

#define JANGGI_PALACES "d1-f3 d8-f10"

static const GuideSpec janggi_specs[] = {
  { "piece", "K", NULL,
    N_("The King stays in its palace, the 3×3 area with the diagonal lines (shaded). It steps one "
       "point along any line: orthogonally, or diagonally where a palace diagonal runs. Here its own "
       "Guard stands on d1."),
    "janggi", NULL, "K:e2 A:d1 k:f10", "w", "e2", NULL, JANGGI_PALACES },
  { "piece", "A", NULL,
    N_("The Guard moves exactly like the King: one step along the palace lines, never out of the "
       "palace."),
    "janggi", NULL, "K:e1 A:e2 k:f10", "w", "e2", NULL, JANGGI_PALACES },
  { "piece", "N", NULL,
    N_("The Horse moves one point orthogonally, then one point diagonally outward. It does not jump: "
       "the Soldier on e6 blocks both moves that start upward."),
    "janggi", NULL, "K:d1 k:f10 N:e5 P:e6 p:c4", "w", "e5", NULL, NULL },
  { "piece", "B", NULL,
    N_("The Elephant moves one point orthogonally, then two points diagonally outward. Both points "
       "on the way must be empty: here f5 and d7 block three of its eight moves."),
    "janggi", NULL, "K:d1 k:f10 B:e5 P:f5 p:d7", "w", "e5", NULL, NULL },
  { "piece", "R", NULL,
    N_("The Chariot moves any distance along a line, like a chess Rook; inside a palace also along "
       "the diagonals."),
    "janggi", NULL, "K:d1 k:f10 R:e5 P:e7 p:b5", "w", "e5", NULL, NULL },
  { "piece", "C", NULL,
    N_("The Cannon moves along lines like the Chariot, but only by jumping exactly one piece, the "
       "screen: it stops on any empty point beyond or captures the first piece there. A Cannon is "
       "never a screen and never captures a Cannon, so the Cannon on g4 stops it."),
    "janggi", NULL, "K:d1 k:f10 C:e4 P:e6 P:c4 p:a4 c:g4", "w", "e4", NULL, NULL },
  { "piece", "P", NULL,
    N_("The Soldier steps one point forward or sideways, never backward. In the enemy palace it may "
       "also step diagonally forward along a palace line (d8 to e9)."),
    "janggi", NULL, "K:d1 k:f10 P:d8", "w", "d8", NULL, JANGGI_PALACES },
  { "rule-palace", NULL, N_("Palace lines"),
    N_("Each palace has two diagonal lines. Kings and Guards never leave their palace. Chariots, "
       "Cannons and Soldiers may use the diagonals too: the Chariot on d3 can go to e2 and f1."),
    "janggi", NULL, "K:d1 k:f10 R:d3", "w", "d3", NULL, JANGGI_PALACES },
  { "rule-cannon", NULL, N_("Cannon screens"),
    N_("Up the file the Cannon jumps the Horse on e5 and may stop on e6 or take on e7. To the left the "
       "enemy Cannon on c3 cannot be its screen; to the right it could jump the Soldier on g3, but "
       "may not take the Cannon on h3. Downward there is no screen."),
    "janggi", NULL, "K:d1 k:f10 C:e3 N:e5 p:e7 c:c3 P:g3 c:h3", "w", "e3", NULL, NULL },
  { "rule-pass", NULL, N_("Passing"),
    N_("Instead of moving, a side may pass (circled), but not while in check. Two passes in a row end "
       "the game in a draw. Because passing is always possible, there is no stalemate."),
    "janggi", "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
    NULL, NULL, NULL, "e2e2", JANGGI_PALACES },
  { "rule-bikjang", NULL, N_("Bikjang: Kings facing"),
    N_("When the two Kings face each other on a file with nothing between them (bikjang), the side "
       "to move must break it, by moving its King off the file or putting a piece between, or pass "
       "(circled), which accepts a draw. The marked points are all of Han’s legal moves. In the "
       "casual rule set facing Kings change nothing."),
    "janggi", NULL, "K:e2 k:e9 n:c6 P:a4 p:i7", "b", "*", NULL, NULL },
  { NULL }
};

/* ---- Crazyhouse ------------------------------------------------------------------ */

static const GuideSpec crazyhouse_specs[] = {
  { "setup", NULL, N_("Starting position"),
    N_("The chess setup. Crazyhouse is chess with one more rule: a piece you capture changes colour "
       "and goes into your hand, and instead of moving you may drop a piece from your hand onto an "
       "empty square."),
    "crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    NULL, NULL, NULL, NULL, NULL },
  { "piece", "P", NULL,
    N_("Moves one square straight ahead, or two from its starting square when both are empty. It "
       "captures one square diagonally forward (the Knight on c3). En passant and promotion as in "
       "chess."),
    "crazyhouse", NULL, "K:g1 k:g8 P:d2 n:c3", "w", "d2", NULL, NULL },
  { "piece", "N", NULL,
    N_("Leaps to the far corner of a 2×3 rectangle, over anything between. It cannot land on its own "
       "piece (e6) but takes enemy pieces (c6, f5)."),
    "crazyhouse", NULL, "K:g1 k:g8 N:d4 P:e6 p:c6 b:f5", "w", "d4", NULL, NULL },
  { "piece", "B", NULL,
    N_("Slides diagonally over empty squares. Its own pieces block it (f6); it may take the first "
       "enemy piece in its way (b6)."),
    "crazyhouse", NULL, "K:g1 k:g8 B:d4 P:f6 p:b6", "w", "d4", NULL, NULL },
  { "piece", "R", NULL,
    N_("Slides along ranks and files. The Pawn on d6 blocks it; it may take the Pawn on g4."),
    "crazyhouse", NULL, "K:g1 k:g8 R:d4 P:d6 p:g4", "w", "d4", NULL, NULL },
  { "piece", "Q", NULL,
    N_("Slides like a Rook and a Bishop together."),
    "crazyhouse", NULL, "K:g1 k:g8 Q:d4 P:d6 p:f6", "w", "d4", NULL, NULL },
  { "piece", "K", NULL,
    N_("Steps one square in any direction, never onto an attacked square: the Rook on h5 keeps it "
       "off the fifth rank. Castling as in chess."),
    "crazyhouse", NULL, "K:d4 k:g8 r:h5", "w", "d4", NULL, NULL },
  { "rule-drops", NULL, N_("Drops"),
    N_("A drop is a move: take a piece from your hand and put it on any empty square. A Pawn may not "
       "be dropped on the first or last rank, so the marked squares are where White’s Pawn can go. "
       "A Pawn dropped on its second rank may still advance two squares."),
    "crazyhouse", NULL, "K:g1 R:f1 P:f2 P:g2 P:h2 N:c3 k:g8 r:f8 p:f7 p:g7 p:h7 b:c6 @P @N @p",
    "w", "@P", NULL, NULL },
  { "rule-drop-mate", NULL, N_("Drops that check and mate"),
    N_("A drop may give check and even mate, and a drop may block a check. Here Q@h7 is mate: the "
       "Bishop on d3 guards h7 and the Black King has no square."),
    "crazyhouse", NULL, "K:g1 P:f2 P:g2 P:h2 B:d3 k:g8 r:f8 p:f7 p:g7 p:h6 @Q", "w", NULL, "Q@h7", NULL },
  { "rule-demotion", NULL, N_("Captures and promoted pieces"),
    N_("A captured piece changes colour and joins the capturer’s hand. A promoted piece (written with "
       "~ in position strings) goes back to the hand as a Pawn: taking this Queen, which was a Pawn, "
       "gives White a Pawn, not a Queen."),
    "crazyhouse", NULL, "K:g1 P:g2 N:f4 k:g8 p:g7 q~:d5", "w", NULL, "f4d5", NULL },
  { NULL }
};

/* ---- Building ----------------------------------------------------------------------- */

static const char *const guide_ids[] = { "chartima", "strato", "janggi", "crazyhouse", NULL };

const char *const *
vs_guide_variant_ids (void)
{
  return guide_ids;
}

const char *
vs_guide_variant_for (const char *variant_id)
{
  const VsVariant *v = variant_id ? vs_variant_lookup (variant_id) : NULL;
  if (v == NULL)
    return NULL;
  /* one guide per family (both Janggi rule sets share "janggi") */
  switch (v->family)
    {
    case VS_FAMILY_CHARTIMA:   return guide_ids[0];
    case VS_FAMILY_STRATO:     return guide_ids[1];
    case VS_FAMILY_JANGGI:     return guide_ids[2];
    case VS_FAMILY_CRAZYHOUSE: return guide_ids[3];
    case VS_FAMILY_OTHER:
    default:                   return NULL;
    }
}

gboolean
vs_guide_use_japanese_names (void)
{
  /* Translators: write "piece-names:Japanese" if the guide should title the
   * pieces with the Japanese names of src/core/RULES.md (as in the Japanese
   * translation); anything else keeps the English names. */
  return strcmp (C_("guide", "piece-names:English"), "piece-names:Japanese") == 0;
}

void
vs_guide_section_free (VsGuideSection *s)
{
  if (s == NULL)
    return;
  g_free (s->id);
  g_free (s->title);
  g_free (s->names);
  g_free (s->text);
  g_free (s->position);
  g_clear_pointer (&s->targets, g_array_unref);
  g_clear_pointer (&s->marks, g_array_unref);
  g_clear_pointer (&s->arrows, g_array_unref);
  g_free (s);
}

static void G_GNUC_PRINTF (3, 4)
content_error (GError **error, const char *section, const char *format, ...)
{
  va_list ap;
  va_start (ap, format);
  g_autofree char *msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error (error, VS_GUIDE_ERROR, VS_GUIDE_ERROR_CONTENT, "guide section “%s”: %s", section, msg);
}

/* The piece type whose position-string letter is `letter` (upper case, with
 * a '+' prefix for Chartima's promoted pieces), 0 if none. */
static int
type_for_letter (const VsVariant *v, const char *letter)
{
  for (int t = 1; t <= v->n_piece_types; t++)
    if (v->pieces[t].letter && g_ascii_strcasecmp (v->pieces[t].letter, letter) == 0)
      return t;
  return 0;
}

/* "K:e1 k:e8 +B*:e5 q~:d5 P':Ae2 @P" on an empty board. */
static char *
setup_to_string (const VsVariant *v, const char *id, const char *setup, const char *state,
                 GError **error)
{
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  if (!vs_position_init (pos, v, NULL, error))
    return NULL;
  memset (pos->board, 0, sizeof pos->board);
  memset (pos->hand, 0, sizeof pos->hand);
  pos->castling = 0;
  pos->ep = VS_NO_SQUARE;
  pos->halfmove = 0;
  pos->fullmove = 1;
  pos->side = state && state[0] == 'b' ? VS_BLACK : VS_WHITE;
  for (const char *c = state ? strchr (state, ' ') : NULL; c && *c; c++)
    {
      const char *k = strchr ("KQkq", *c);
      if (k && *c)
        pos->castling |= 1 << (k - "KQkq");
    }
  g_auto(GStrv) tokens = g_strsplit (setup, " ", -1);
  for (int i = 0; tokens[i]; i++)
    {
      const char *tok = tokens[i];
      if (*tok == '\0')
        continue;
      if (tok[0] == '@')
        {
          char letter[2] = { g_ascii_toupper (tok[1]), 0 };
          int t = type_for_letter (v, letter);
          if (t == 0)
            {
              content_error (error, id, "bad hand piece “%s”", tok);
              return NULL;
            }
          pos->hand[g_ascii_isupper (tok[1]) ? VS_WHITE : VS_BLACK][t]++;
          continue;
        }
      const char *colon = strchr (tok, ':');
      if (colon == NULL)
        {
          content_error (error, id, "bad placement “%s”", tok);
          return NULL;
        }
      g_autofree char *spec = g_strndup (tok, colon - tok);
      gboolean flag = FALSE;
      gsize len = strlen (spec);
      while (len > 0 && strchr ("*~'", spec[len - 1]))
        {
          flag = TRUE;
          spec[--len] = '\0';
        }
      const char *alpha = spec;
      while (*alpha && !g_ascii_isalpha (*alpha))
        alpha++;
      int color = g_ascii_isupper (*alpha) ? VS_WHITE : VS_BLACK;
      int t = type_for_letter (v, spec);
      int used = 0;
      int sq = vs_square_parse (&v->geom, colon + 1, &used);
      if (t == 0 || sq < 0 || colon[1 + used] != '\0')
        {
          content_error (error, id, "bad placement “%s”", tok);
          return NULL;
        }
      pos->board[sq] = VS_MAKE_PIECE (color, t) | (flag ? VS_PIECE_FLAG : 0);
    }
  return v->to_string (pos);
}

/* Squares of "a1-j3 d8-f10" rectangles (and single squares). */
static gboolean
parse_area (const VsVariant *v, const char *id, const char *area, GArray *marks, GError **error)
{
  const VsGeometry *g = &v->geom;
  g_auto(GStrv) parts = g_strsplit (area, " ", -1);
  for (int i = 0; parts[i]; i++)
    {
      int u1 = 0, u2 = 0;
      int a = vs_square_parse (g, parts[i], &u1);
      int b = a;
      if (a >= 0 && parts[i][u1] == '-')
        b = vs_square_parse (g, parts[i] + u1 + 1, &u2), u1 += 1 + u2;
      if (a < 0 || b < 0 || parts[i][u1] != '\0')
        {
          content_error (error, id, "bad area “%s”", parts[i]);
          return FALSE;
        }
      for (int l = MIN (vs_sq_level (g, a), vs_sq_level (g, b)); l <= MAX (vs_sq_level (g, a), vs_sq_level (g, b)); l++)
        for (int r = MIN (vs_sq_rank (g, a), vs_sq_rank (g, b)); r <= MAX (vs_sq_rank (g, a), vs_sq_rank (g, b)); r++)
          for (int f = MIN (vs_sq_file (g, a), vs_sq_file (g, b)); f <= MAX (vs_sq_file (g, a), vs_sq_file (g, b)); f++)
            {
              VsGuideMark m = { vs_sq_make (g, l, r, f), VS_GUIDE_MARK_AREA };
              g_array_append_val (marks, m);
            }
    }
  return TRUE;
}

static int
target_rank (int kind)
{
  return kind == VS_GUIDE_MARK_PROMOTION ? 3 : kind == VS_GUIDE_MARK_CAPTURE ? 2 : 1;
}

static void
add_target (GArray *targets, int sq, int kind)
{
  for (guint i = 0; i < targets->len; i++)
    {
      VsGuideMark *m = &g_array_index (targets, VsGuideMark, i);
      if (m->square == sq)
        {
          if (target_rank (kind) > target_rank (m->kind))
            m->kind = kind;
          return;
        }
    }
  VsGuideMark m = { sq, kind };
  g_array_append_val (targets, m);
}

static void
add_mark (GArray *marks, int sq, int kind)
{
  for (guint i = 0; i < marks->len; i++)
    {
      VsGuideMark *m = &g_array_index (marks, VsGuideMark, i);
      if (m->square == sq && m->kind == kind)
        return;
    }
  VsGuideMark m = { sq, kind };
  g_array_append_val (marks, m);
}

static void
add_arrow (GArray *arrows, int from, int to, int kind)
{
  VsGuideArrow a = { from, to, kind };
  g_array_append_val (arrows, a);
}

static gboolean
is_shown (const VsGuideSection *s, int sq)
{
  for (int i = 0; i < s->n_shown; i++)
    if (s->shown[i] == sq)
      return TRUE;
  return FALSE;
}

/* Marks of the moves the section shows, from the move generator. */
static void
compute_targets (VsGuideSection *s, const VsPosition *pos)
{
  g_autofree VsMove *moves = g_new (VsMove, VS_MAX_MOVES);
  int n = vs_position_generate (pos, VS_GEN_ALL, moves);
  for (int i = 0; i < s->n_shown; i++)
    add_mark (s->marks, s->shown[i], VS_GUIDE_MARK_ORIGIN);
  for (int i = 0; i < n; i++)
    {
      VsMove m = moves[i];
      VsMoveKind kind = VS_MOVE_KIND (m);
      int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
      gboolean shown;
      if (kind == VS_MOVE_DROP)
        shown = s->all_moves || (s->drop_type && VS_MOVE_PIECE (m) == s->drop_type);
      else
        shown = s->all_moves || is_shown (s, from);
      if (!shown)
        continue;
      if (kind == VS_MOVE_PASS && !s->all_moves)
        continue;   /* the pass has its own section */
      if (kind == VS_MOVE_PASS || kind == VS_MOVE_SUICIDE)
        {
          /* not a destination: a circle on the piece */
          add_mark (s->marks, from, VS_GUIDE_MARK_SPECIAL);
          add_arrow (s->arrows, from, from, VS_GUIDE_ARROW_SECONDARY);
          continue;
        }
      VsMoveEffects e;
      vs_move_effects (pos, m, &e);
      int tk = kind == VS_MOVE_DROP ? VS_GUIDE_MARK_DROP
             : kind == VS_MOVE_PROMOTION ? VS_GUIDE_MARK_PROMOTION
             : e.n_captured > 0 ? VS_GUIDE_MARK_CAPTURE : VS_GUIDE_MARK_MOVE;
      add_target (s->targets, to, tk);
      for (int c = 0; c < e.n_captured; c++)
        if (e.captured_sq[c] != to)
          add_mark (s->marks, e.captured_sq[c], VS_GUIDE_MARK_TAKEN);
    }
}

/* Example moves: arrows and what they do. */
static gboolean
compute_examples (VsGuideSection *s, const VsPosition *pos, const char *moves, GError **error)
{
  g_auto(GStrv) list = g_strsplit (moves, " ", -1);
  g_autoptr(GString) text = g_string_new (NULL);
  for (int i = 0; list[i]; i++)
    {
      VsMove m;
      g_autoptr(GError) local = NULL;
      if (!vs_move_parse (pos, list[i], VS_NOTATION_UCI, &m, NULL, &local))
        {
          content_error (error, s->id, "example move “%s”: %s", list[i], local->message);
          return FALSE;
        }
      VsMoveEffects e;
      vs_move_effects (pos, m, &e);
      int from = VS_MOVE_FROM (m), to = VS_MOVE_TO (m);
      VsMoveKind kind = VS_MOVE_KIND (m);
      if (kind == VS_MOVE_DROP || kind == VS_MOVE_PASS || kind == VS_MOVE_SUICIDE || from == VS_NO_SQUARE)
        {
          add_arrow (s->arrows, to, to, VS_GUIDE_ARROW_MOVE);
          add_mark (s->marks, to, kind == VS_MOVE_DROP ? VS_GUIDE_MARK_ORIGIN : VS_GUIDE_MARK_SPECIAL);
        }
      else
        {
          add_arrow (s->arrows, from, to, VS_GUIDE_ARROW_MOVE);
          add_mark (s->marks, from, VS_GUIDE_MARK_ORIGIN);
        }
      for (int c = 0; c < e.n_captured; c++)
        add_mark (s->marks, e.captured_sq[c], VS_GUIDE_MARK_TAKEN);
      if (e.rook_from != VS_NO_SQUARE && e.rook_to != VS_NO_SQUARE)
        add_arrow (s->arrows, e.rook_from, e.rook_to, VS_GUIDE_ARROW_SECONDARY);
      if (e.dog_sq != VS_NO_SQUARE)
        add_mark (s->marks, e.dog_sq, VS_GUIDE_MARK_SPECIAL);
      char san[VS_MOVE_TEXT_MAX];
      vs_move_write (pos, m, VS_NOTATION_SAN, san);
      if (text->len)
        g_string_append (text, ",  ");
      g_string_append (text, san);
    }
  /* the moves in the variant's record notation close the text */
  char *joined = g_strdup_printf ("%s\n%s", s->text, text->str);
  g_free (s->text);
  s->text = joined;
  return TRUE;
}

static VsGuideSection *
section_new (VsGuideSectionKind kind, const char *id)
{
  VsGuideSection *s = g_new0 (VsGuideSection, 1);
  s->kind = kind;
  s->id = g_strdup (id);
  s->targets = g_array_new (FALSE, FALSE, sizeof (VsGuideMark));
  s->marks = g_array_new (FALSE, FALSE, sizeof (VsGuideMark));
  s->arrows = g_array_new (FALSE, FALSE, sizeof (VsGuideArrow));
  return s;
}

/* Fills the section's position and computed marks. */
static gboolean
section_finish (VsGuideSection *s, const char *show, const char *moves, const char *area,
                GError **error)
{
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  g_autoptr(GError) local = NULL;
  if (!vs_position_init (pos, s->variant, s->position, &local))
    {
      content_error (error, s->id, "position “%s”: %s", s->position, local->message);
      return FALSE;
    }
  const VsGeometry *g = &s->variant->geom;
  if (show && strcmp (show, "*") == 0)
    s->all_moves = TRUE;
  else if (show && show[0] == '@')
    {
      char letter[2] = { g_ascii_toupper (show[1]), 0 };
      s->drop_type = type_for_letter (s->variant, letter);
      if (s->drop_type == 0)
        {
          content_error (error, s->id, "bad drop “%s”", show);
          return FALSE;
        }
    }
  else if (show)
    {
      g_auto(GStrv) squares = g_strsplit (show, " ", -1);
      for (int i = 0; squares[i]; i++)
        {
          int used = 0;
          int sq = vs_square_parse (g, squares[i], &used);
          if (sq < 0 || squares[i][used] != '\0' || s->n_shown == G_N_ELEMENTS (s->shown)
              || pos->board[sq] == VS_PIECE_NONE || VS_PIECE_COLOR (pos->board[sq]) != pos->side)
            {
              content_error (error, s->id, "“%s” is not a piece of the side to move", squares[i]);
              return FALSE;
            }
          s->shown[s->n_shown++] = sq;
        }
    }
  if (area && !parse_area (s->variant, s->id, area, s->marks, error))
    return FALSE;
  compute_targets (s, pos);
  if (moves && !compute_examples (s, pos, moves, error))
    return FALSE;
  return TRUE;
}

static VsGuideSection *
section_from_spec (const GuideSpec *spec, GError **error)
{
  const VsVariant *v = vs_variant_lookup (spec->variant);
  g_assert (v != NULL);
  g_autofree char *id = NULL;
  VsGuideSectionKind kind;
  int type = 0;
  if (spec->piece)
    {
      type = type_for_letter (v, spec->piece);
      if (type == 0)
        {
          content_error (error, spec->piece, "no piece type with this letter");
          return NULL;
        }
      id = g_strdup_printf ("piece-%s", v->pieces[type].record);
      kind = VS_GUIDE_SECTION_PIECE;
    }
  else
    {
      id = g_strdup (spec->id);
      kind = g_str_has_prefix (spec->id, "setup") ? VS_GUIDE_SECTION_SETUP : VS_GUIDE_SECTION_RULE;
    }
  g_autoptr(VsGuideSection) s = section_new (kind, id);
  s->variant = v;
  s->piece_type = type;
  s->text = g_strdup (_(spec->text));
  if (type)
    {
      const VsPieceInfo *pi = &v->pieces[type];
      s->title = g_strdup (vs_guide_use_japanese_names () ? pi->name_ja : pi->name);
      s->names = g_strdup_printf ("%s · %s · %s", pi->name_ja, pi->name, pi->record);
    }
  else
    s->title = g_strdup (_(spec->title));
  if (spec->fen)
    s->position = g_strdup (spec->fen);
  else
    {
      s->position = setup_to_string (v, id, spec->setup, spec->state, error);
      if (s->position == NULL)
        return NULL;
    }
  if (!section_finish (s, spec->show, spec->moves, spec->area, error))
    return NULL;
  return g_steal_pointer (&s);
}

static gboolean
add_specs (GPtrArray *out, const GuideSpec *specs, GError **error)
{
  for (int i = 0; specs[i].id; i++)
    {
      VsGuideSection *s = section_from_spec (&specs[i], error);
      if (s == NULL)
        return FALSE;
      g_ptr_array_add (out, s);
    }
  return TRUE;
}

/* Janggi: the four setups (차림), the same for both sides. */
static gboolean
add_janggi_setups (GPtrArray *out, GError **error)
{
  static const int order[] = { VS_JANGGI_SETUP_MSSM, VS_JANGGI_SETUP_SMMS,
                               VS_JANGGI_SETUP_MSMS, VS_JANGGI_SETUP_SMSM };
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      int setup = order[i];
      g_autofree char *id = g_strdup_printf ("setup-%d", setup);
      g_autoptr(VsGuideSection) s = section_new (VS_GUIDE_SECTION_SETUP, id);
      s->variant = &vs_variant_janggi;
      s->position = vs_janggi_start_fen (setup, setup);
      /* Translators: %s is a Janggi setup in Korean, e.g. 마상상마 */
      s->title = g_strdup_printf (_("Setup %s"), vs_janggi_setup_korean (setup));
      const char *intro = setup == VS_JANGGI_SETUP_DEFAULT
        ? _("The usual setup.")
        : _("Another of the four setups.");
      /* Translators: first %s: "The usual setup." or "Another of the four setups.";
       * second %s: the setup's English name, e.g. Horse-Elephant-Elephant-Horse */
      s->text = g_strdup_printf (_("%s %s, read from Cho’s left. Before the game each side chooses "
                                   "the order of its Horses and Elephants on files b, c, g and h (Han "
                                   "first, then Cho); here both chose the same. Cho (at the bottom) "
                                   "moves first; the palaces are shaded."),
                                 intro, vs_janggi_setup_name (setup));
      if (!section_finish (s, NULL, NULL, JANGGI_PALACES, error))
        return FALSE;
      g_ptr_array_add (out, g_steal_pointer (&s));
    }
  return TRUE;
}

GPtrArray *
vs_guide_build (const char *variant_id, GError **error)
{
  const char *gid = vs_guide_variant_for (variant_id);
  const VsVariant *v = gid ? vs_variant_lookup (variant_id) : NULL;
  if (gid == NULL)
    {
      g_set_error (error, VS_GUIDE_ERROR, VS_GUIDE_ERROR_UNKNOWN_VARIANT,
                   _("There is no rules guide for “%s”"), variant_id ? variant_id : "");
      return NULL;
    }
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func ((GDestroyNotify) vs_guide_section_free);
  gboolean ok;
  switch (v->family)
    {
    case VS_FAMILY_CHARTIMA:
      ok = add_specs (out, chartima_specs, error);
      break;
    case VS_FAMILY_STRATO:
      ok = add_specs (out, strato_specs, error);
      break;
    case VS_FAMILY_JANGGI:
      ok = add_janggi_setups (out, error) && add_specs (out, janggi_specs, error);
      break;
    case VS_FAMILY_CRAZYHOUSE:
    case VS_FAMILY_OTHER:
    default:
      ok = add_specs (out, crazyhouse_specs, error);
      break;
    }
  return ok ? g_steal_pointer (&out) : NULL;
}

gboolean
vs_guide_section_position (const VsGuideSection *s, VsPosition *pos, GError **error)
{
  return vs_position_init (pos, s->variant, s->position, error);
}

gboolean
vs_guide_section_has_target (const VsGuideSection *s, int sq)
{
  for (guint i = 0; i < s->targets->len; i++)
    if (g_array_index (s->targets, VsGuideMark, i).square == sq)
      return TRUE;
  return FALSE;
}

/* ---- Diagrams ----------------------------------------------------------------------- */

VsColor
vs_guide_mark_color (VsGuideMarkKind kind)
{
  switch (kind)
    {
    case VS_GUIDE_MARK_MOVE:
    case VS_GUIDE_MARK_DROP:      return (VsColor) { 0.16, 0.62, 0.24, 0.50 };
    case VS_GUIDE_MARK_CAPTURE:   return (VsColor) { 0.86, 0.12, 0.10, 0.55 };
    case VS_GUIDE_MARK_PROMOTION: return (VsColor) { 0.25, 0.35, 0.95, 0.55 };
    case VS_GUIDE_MARK_ORIGIN:    return (VsColor) { 0.98, 0.82, 0.10, 0.65 };
    case VS_GUIDE_MARK_TAKEN:     return (VsColor) { 1.00, 0.50, 0.00, 0.70 };
    case VS_GUIDE_MARK_SPECIAL:   return (VsColor) { 0.05, 0.70, 0.85, 0.55 };
    case VS_GUIDE_MARK_AREA:      return (VsColor) { 0.55, 0.35, 0.70, 0.22 };
    default:                      return (VsColor) { 0.5, 0.5, 0.5, 0.5 };
    }
}

const char *
vs_guide_mark_label (VsGuideMarkKind kind)
{
  switch (kind)
    {
    case VS_GUIDE_MARK_MOVE:      return C_("guide mark", "move");
    case VS_GUIDE_MARK_CAPTURE:   return C_("guide mark", "capture");
    case VS_GUIDE_MARK_PROMOTION: return C_("guide mark", "promotes");
    case VS_GUIDE_MARK_DROP:      return C_("guide mark", "drop");
    case VS_GUIDE_MARK_ORIGIN:    return C_("guide mark", "piece");
    case VS_GUIDE_MARK_TAKEN:     return C_("guide mark", "captured");
    case VS_GUIDE_MARK_SPECIAL:   return C_("guide mark", "special");
    case VS_GUIDE_MARK_AREA:      return C_("guide mark", "area");
    default:                      return "";
    }
}

static void
append_marks (GArray *out, GArray *marks, int kind_filter)
{
  for (guint i = 0; i < marks->len; i++)
    {
      const VsGuideMark *m = &g_array_index (marks, VsGuideMark, i);
      if ((kind_filter == VS_GUIDE_MARK_AREA) != (m->kind == VS_GUIDE_MARK_AREA))
        continue;
      VsSquareMark sm = { m->square, vs_guide_mark_color (m->kind) };
      g_array_append_val (out, sm);
    }
}

void
vs_guide_section_decorate (const VsGuideSection *s, GArray *marks, GArray *shapes)
{
  append_marks (marks, s->marks, VS_GUIDE_MARK_AREA);
  append_marks (marks, s->targets, -1);
  append_marks (marks, s->marks, -1);
  for (guint i = 0; i < s->arrows->len; i++)
    {
      const VsGuideArrow *a = &g_array_index (s->arrows, VsGuideArrow, i);
      VsBoardShape sh = { a->from, a->to,
                          a->kind == VS_GUIDE_ARROW_MOVE ? VS_SHAPE_GREEN : VS_SHAPE_BLUE };
      g_array_append_val (shapes, sh);
    }
}

gboolean
vs_guide_section_export (const VsGuideSection *s, const VsDiagramOptions *base,
                         const char *filename, GError **error)
{
  g_autofree VsPosition *pos = g_new0 (VsPosition, 1);
  if (!vs_guide_section_position (s, pos, error))
    return FALSE;
  VsDiagramOptions o;
  if (base)
    o = *base;
  else
    vs_diagram_options_init (&o);
  g_autoptr(GArray) marks = g_array_new (FALSE, FALSE, sizeof (VsSquareMark));
  g_autoptr(GArray) shapes = g_array_new (FALSE, FALSE, sizeof (VsBoardShape));
  vs_guide_section_decorate (s, marks, shapes);
  o.marks = (const VsSquareMark *) marks->data;
  o.n_marks = marks->len;
  o.shapes = (const VsBoardShape *) shapes->data;
  o.n_shapes = shapes->len;
  return vs_diagram_save (pos, &o, filename, error);
}
