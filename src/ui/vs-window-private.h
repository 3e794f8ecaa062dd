/* vs-window-private.h — what the study window's files share: the
 * instance struct and the functions one part of the window calls in
 * another (vs-window.c the view, vs-window-actions.c the commands,
 * vs-window-analysis.c the engine wiring and annotation, vs-window-play.c
 * Play against the engine, vs-window-export.c diagrams and study sheets). */
#pragma once

#include <gtk/gtk.h>

#include "vs-analysis-pane.h"
#include "vs-explorer-pane.h"
#include "vs-annotator.h"
#include "vs-annotate-dialog.h"
#include "vs-board-view.h"
#include "vs-clock.h"
#include "vs-comment-dialog.h"
#include "vs-document.h"
#include "vs-edit-history.h"
#include "vs-eval-bar.h"
#include "vs-eval-graph.h"
#include "vs-export-dialog.h"
#include "vs-game-list.h"
#include "vs-guide-window.h"
#include "vs-headers-view.h"
#include "vs-move-tree-view.h"
#include "vs-new-game-dialog.h"
#include "vs-record.h"
#include "vs-session.h"
#include "vs-setup-editor.h"
#include "vs-study-print.h"
#include "vs-window.h"

G_BEGIN_DECLS

enum { RESPONSE_RECOVER = 1, RESPONSE_DISCARD_RECOVERY, RESPONSE_SHOW_GAMES };
enum { RESPONSE_RETRY_ENGINE = 100 };   /* play-engine: ask the engine again */
enum { RESPONSE_CANCEL_OPEN = 101 };


struct _VsWindow
{
  GtkApplicationWindow parent_instance;

  GSettings *settings;

  /* Template children */
  GtkLabel *title_label;
  GtkLabel *subtitle_label;
  GtkToggleButton *analysis_button;
  GtkInfoBar *info_bar;
  GtkLabel *info_label;
  GtkPaned *main_paned;
  GtkBox *board_box;
  VsHeadersView *headers_view;
  VsMoveTreeView *move_tree;
  GtkRevealer *analysis_revealer;
  GtkRevealer *explorer_revealer;
  VsExplorerPane *explorer_pane;
  GtkBox *analysis_box;
  VsEvalBar *eval_bar;
  VsEvalGraph *eval_graph;
  GMenu *recent_section;
  VsAnalysisPane *analysis_pane;
  GtkProgressBar *annotate_progress;
  GtkWidget *annotate_cancel;
  GtkWidget *annotate_spacer;
  VsBoardView *board;
  gboolean syncing_shapes;
  VsGameNode *shown_node;   /* the node whose position the board shows */

  /* The document, and the game of it shown */
  VsDocument *document;
  VsGame *game;
  VsGameNode *cursor;
  VsEditHistory *history;

  /* Work in threads */
  GCancellable *cancellable;
  guint n_saving;
  gboolean close_after_save;
  gboolean force_close;

  /* Autosave (the application's session writes it) */
  VsSession *session;
  GPtrArray *recovery_files;
  GPtrArray *info_buttons;

  /* Engine work */
  VsAnnotator *annotator;
  VsGame *annotated_game;
  VsAnalysis *opponent;
  int engine_side;            /* -1: not playing; else the engine's colour */
  GtkWidget *pass_button;     /* issue 18: beside the board, shown for variants that pass */
  char *strength;
  GCancellable *opponent_cancellable;

  /* Play clocks (vs-window-play.c) */
  guint clock_minutes, clock_increment;  /* the chosen control, for the next game */
  VsClock clock;                         /* the game's clocks */
  guint clock_tick;                      /* redraws and checks the flag */
  GtkWidget *clock_box;
  GtkLabel *clock_labels[2];
  int play_color;                        /* the colour you play; -1: the side to move */
  int engine_eval_cp;                    /* the engine's last score, its own view */
  gboolean engine_eval_known;
  VsWindowTimeFunc now_func;             /* the monotonic time source (µs) */
  gpointer now_data;

  /* Reading a file: progress in the info bar, with Cancel */
  GtkProgressBar *load_bar;
  gpointer current_load;      /* the LoadData of the read in progress */
  double load_fraction;
  guint load_reveal_source;   /* shows the bar once a read takes a while */
};

enum { SIGNAL_LOADED, SIGNAL_SAVED, SIGNAL_ANNOTATED, SIGNAL_ENGINE_MOVED, SIGNAL_EXPORTED, N_SIGNALS };
extern guint vs_window_signals[N_SIGNALS];

/* vs-window.c: messages, the view, editing */
void        vs_window_show_message (VsWindow *self, GtkMessageType type, const char *message);
void        vs_window_add_info_button (VsWindow *self, const char *label, int response);
void        vs_window_hide_message (VsWindow *self);
char       *vs_window_game_title (VsGame *game);
void        vs_window_update_title (VsWindow *self);
void        vs_window_update_board (VsWindow *self);
void        vs_window_update_view (VsWindow *self);
void        vs_window_set_cursor (VsWindow *self, VsGameNode *node);
void        vs_window_show_game (VsWindow *self, guint index);
void        vs_window_replace_game (VsWindow *self, VsGame *game, VsGameNode *cursor);
/* Before an edit of the game (recorded for undo) and after it (modified,
 * autosave scheduled, cursor moved). */
void        vs_window_begin_edit (VsWindow *self);
void        vs_window_end_edit (VsWindow *self, VsGameNode *new_cursor);
void        vs_window_board_move_played_cb (VsWindow *self, guint move);
void        vs_window_show_collection (VsWindow *self);

/* vs-window-files.c */
void        vs_window_warn_format (VsWindow *self);
void        vs_window_save_to_file (VsWindow *self, GFile *file, VsRecordFormat format);
void        vs_window_recover (VsWindow *self);
void        vs_window_discard_recovery (VsWindow *self);
void        vs_window_update_recent_menu (VsWindow *self);
gboolean    vs_window_drop_cb (GtkDropTarget *target, const GValue *value, double x, double y, VsWindow *self);

/* vs-window-actions.c */
void        vs_window_update_actions (VsWindow *self);
void        vs_window_actions_class_init (GtkWidgetClass *widget_class);
/* vs-window-explorer.c: the opening explorer beside the move list. */
void        vs_window_explorer_class_init (GtkWidgetClass *widget_class);
void        vs_window_explorer_init (VsWindow *self);
void        vs_window_explorer_set_position (VsWindow *self, const VsPosition *pos);

/* vs-window-analysis.c */
void        vs_window_analysis_score_cb (VsWindow *self, gboolean has_score, int cp, int mate);
void        vs_window_show_game_evals (VsWindow *self);
void        vs_window_set_annotating (VsWindow *self, gboolean on);
void        vs_window_analysis_class_init (GtkWidgetClass *widget_class);

/* vs-window-play.c */
void        vs_window_engine_move_maybe (VsWindow *self);
void        vs_window_play_class_init (GtkWidgetClass *widget_class);
void        vs_window_play_init (VsWindow *self);
void        vs_window_play_dispose (VsWindow *self);
/* Before a move is added: FALSE when the mover's flag has fallen (the game
 * is then over and the move not made).  After it: the clocks turn and the
 * move's [%clk] is written. */
gboolean    vs_window_play_move_allowed (VsWindow *self);
void        vs_window_play_moved (VsWindow *self, VsGameNode *node);
/* Goes on with a game against the engine saved in an autosave. */
void        vs_window_play_resume (VsWindow *self, const char *state);

/* vs-window-export.c */
void        vs_window_export_class_init (GtkWidgetClass *widget_class);

G_END_DECLS
