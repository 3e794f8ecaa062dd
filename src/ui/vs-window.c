/* vs-window.c — the study window: board, move tree, headers and analysis.
 *
 * The window shows one game of a record file (a VsGameCollection) and a
 * cursor, the node whose position is on the board.  Every command is a
 * window action installed on the class (gtk_widget_class_install_action),
 * so menus, shortcuts, buttons and the tests all go through the same code.
 *
 * Edits: before each edit the game is recorded in a VsEditHistory (undo and
 * redo swap whole-game snapshots).  After each edit the window is marked
 * modified and an autosave is scheduled: the collection is written as PGN in
 * a worker thread to $XDG_DATA_HOME/variant-study/autosave/PID-N.pgn
 * through g_file_set_contents (temporary file + rename), so a crash leaves
 * either the old or the new autosave, never half of one.  A clean close or
 * save removes it; at startup autosaves of dead processes are offered back.
 *
 * Reading and writing record files run in worker threads (GTask). */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <signal.h>

#include "vs-analysis-pane.h"
#include "vs-autosave-meta.h"
#include "vs-annotator.h"
#include "vs-annotate-dialog.h"
#include "vs-board-view.h"
#include "vs-comment-dialog.h"
#include "vs-edit-history.h"
#include "vs-eval-bar.h"
#include "vs-eval-graph.h"
#include "vs-export-dialog.h"
#include "vs-game-list.h"
#include "vs-guide-window.h"
#include "vs-headers-view.h"
#include "vs-move-tree-view.h"
#include "vs-new-game-dialog.h"
#include "vs-setup-editor.h"
#include "vs-study-print.h"
#include "vs-record.h"
#include "vs-safe-save.h"
#include "vs-window.h"
#include "vs-window-remote.h"

#define AUTOSAVE_DELAY_MS 2000

enum { RESPONSE_RECOVER = 1, RESPONSE_DISCARD_RECOVERY, RESPONSE_SHOW_GAMES };
enum { RESPONSE_RETRY_ENGINE = 100 };   /* play-engine: ask the engine again */
enum { RESPONSE_CANCEL_OPEN = 101 };

/* Files at least this big keep their games compact (vs_game_compact): the
 * game list needs only their headers, a game's tree is read back when shown. */
#define COMPACT_GAMES_ABOVE_BYTES (8 * 1024 * 1024)

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

  /* The document */
  VsGameCollection *collection;
  guint game_index;
  VsGame *game;
  VsGameNode *cursor;
  GFile *file;
  VsRecordFormat file_format;
  gboolean modified;
  VsEditHistory *history;

  /* Work in threads */
  GCancellable *cancellable;
  guint n_saving;
  gboolean close_after_save;
  gboolean force_close;

  /* Autosave */
  char *autosave_path;
  guint autosave_source;
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

  /* Reading a file: progress in the info bar, with Cancel */
  GtkProgressBar *load_bar;
  gpointer current_load;      /* the LoadData of the read in progress */
  double load_fraction;
  guint load_reveal_source;   /* shows the bar once a read takes a while */
};

enum { SIGNAL_LOADED, SIGNAL_SAVED, SIGNAL_ANNOTATED, SIGNAL_ENGINE_MOVED, SIGNAL_EXPORTED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (VsWindow, vs_window, GTK_TYPE_APPLICATION_WINDOW)

static void update_view (VsWindow *self);
static void offer_recovery (VsWindow *self);
static void show_game_evals (VsWindow *self);
static void begin_edit (VsWindow *self);
static void end_edit (VsWindow *self, VsGameNode *new_cursor);
static void save_to_file (VsWindow *self, GFile *file, VsRecordFormat format);

/* ---- Messages --------------------------------------------------------------- */

static void
clear_info_buttons (VsWindow *self)
{
  for (guint i = 0; i < self->info_buttons->len; i++)
    gtk_info_bar_remove_action_widget (self->info_bar, g_ptr_array_index (self->info_buttons, i));
  g_ptr_array_set_size (self->info_buttons, 0);
}

static void
show_message (VsWindow *self, GtkMessageType type, const char *message)
{
  clear_info_buttons (self);
  gtk_widget_set_visible (GTK_WIDGET (self->load_bar), FALSE);
  gtk_info_bar_set_message_type (self->info_bar, type);
  gtk_label_set_label (self->info_label, message);
  gtk_info_bar_set_revealed (self->info_bar, TRUE);
}

static void
add_info_button (VsWindow *self, const char *label, int response)
{
  GtkWidget *button = gtk_info_bar_add_button (self->info_bar, label, response);
  g_ptr_array_add (self->info_buttons, button);
}

static void
hide_message (VsWindow *self)
{
  clear_info_buttons (self);
  gtk_info_bar_set_revealed (self->info_bar, FALSE);
}

const char *
vs_window_get_message (VsWindow *self)
{
  return gtk_info_bar_get_revealed (self->info_bar) ? gtk_label_get_label (self->info_label) : NULL;
}

/* ---- Accessors ------------------------------------------------------------------ */

VsGameCollection *
vs_window_get_collection (VsWindow *self)
{
  return self->collection;
}

VsGame *
vs_window_get_game (VsWindow *self)
{
  return self->game;
}

VsGameNode *
vs_window_get_cursor (VsWindow *self)
{
  return self->cursor;
}

gboolean
vs_window_get_modified (VsWindow *self)
{
  return self->modified;
}

GFile *
vs_window_get_file (VsWindow *self)
{
  return self->file;
}

char *
vs_window_get_move_text (VsWindow *self)
{
  return vs_move_tree_view_get_text (self->move_tree);
}

GtkWidget *
vs_window_get_board (VsWindow *self)
{
  return GTK_WIDGET (self->board);
}

guint
vs_window_get_n_analysis_reports (VsWindow *self)
{
  return vs_analysis_pane_get_n_reports (self->analysis_pane);
}

const char *
vs_window_get_analysis_message (VsWindow *self)
{
  return vs_analysis_pane_get_message (self->analysis_pane);
}

GtkWidget *
vs_window_get_analysis_pane (VsWindow *self)
{
  return GTK_WIDGET (self->analysis_pane);
}

const char *
vs_window_get_autosave_path (VsWindow *self)
{
  return self->autosave_path;
}

/* ---- Title and action states ------------------------------------------------ */

static char *
game_title (VsGame *game)
{
  const char *white = vs_game_list_header (game, "White");
  const char *black = vs_game_list_header (game, "Black");
  if (white || black)
    /* Translators: the players of a game, White/Cho first. */
    return g_strdup_printf (_("%s – %s"), white ? white : "?", black ? black : "?");
  const char *event = vs_game_list_header (game, "Event");
  if (event)
    return g_strdup (event);
  return g_strdup (_(vs_game_get_variant (game)->name));
}

static void
update_title (VsWindow *self)
{
  if (self->game == NULL)
    {
      gtk_label_set_label (self->title_label, _("VariantStudy"));
      gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), FALSE);
      gtk_window_set_title (GTK_WINDOW (self), _("VariantStudy"));
      return;
    }
  g_autofree char *title = game_title (self->game);
  g_autofree char *name = self->file ? g_file_get_basename (self->file) : g_strdup (_("Unsaved game"));
  GString *sub = g_string_new (NULL);
  if (self->modified)
    g_string_append (sub, "• ");
  g_string_append (sub, name);
  g_string_append (sub, " — ");
  g_string_append (sub, _(vs_game_get_variant (self->game)->name));
  if (self->collection && vs_game_collection_get_n_games (self->collection) > 1)
    g_string_append_printf (sub, _(" — game %u of %u"), self->game_index + 1,
                            vs_game_collection_get_n_games (self->collection));
  gtk_label_set_label (self->title_label, title);
  gtk_label_set_label (self->subtitle_label, sub->str);
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), TRUE);
  g_autofree char *win_title = g_strdup_printf ("%s%s — %s", self->modified ? "• " : "", title, _("VariantStudy"));
  gtk_window_set_title (GTK_WINDOW (self), win_title);
  g_string_free (sub, TRUE);
}

/* The first node of the variation the cursor is in (the nearest
 * ancestor-or-self that is not its parent's main continuation), or NULL. */
static VsGameNode *
variation_head (VsGameNode *node)
{
  for (; node && !vs_game_node_is_root (node); node = vs_game_node_get_parent (node))
    if (vs_game_node_get_index (node) > 0)
      return node;
  return NULL;
}

static void
update_actions (VsWindow *self)
{
  GtkWidget *w = GTK_WIDGET (self);
  gboolean has_game = self->game != NULL;
  VsGameNode *c = self->cursor;
  gboolean at_move = has_game && c && !vs_game_node_is_root (c);
  VsGameNode *head = at_move ? variation_head (c) : NULL;

  gtk_widget_action_set_enabled (w, "win.go-first", at_move);
  gtk_widget_action_set_enabled (w, "win.go-prev", at_move);
  gtk_widget_action_set_enabled (w, "win.go-next", has_game && c && vs_game_node_get_main_child (c));
  gtk_widget_action_set_enabled (w, "win.go-last", has_game && c && vs_game_node_get_main_child (c));
  gtk_widget_action_set_enabled (w, "win.go-prev-variation", at_move && vs_game_node_get_prev_sibling (c));
  gtk_widget_action_set_enabled (w, "win.go-next-variation", at_move && vs_game_node_get_next_sibling (c));
  gtk_widget_action_set_enabled (w, "win.play-move", has_game);
  gtk_widget_action_set_enabled (w, "win.promote-variation", head != NULL);
  gtk_widget_action_set_enabled (w, "win.make-main-line", at_move && !vs_game_node_is_main_line (c));
  gtk_widget_action_set_enabled (w, "win.move-variation-up", head != NULL);
  gtk_widget_action_set_enabled (w, "win.move-variation-down",
                                 at_move && vs_game_node_get_next_sibling (head ? head : c) != NULL);
  gtk_widget_action_set_enabled (w, "win.delete-from-here", at_move);
  gtk_widget_action_set_enabled (w, "win.truncate-after", has_game && c && vs_game_node_get_main_child (c));
  gtk_widget_action_set_enabled (w, "win.edit-comment-before", at_move);
  gtk_widget_action_set_enabled (w, "win.set-comment-before", at_move);
  gtk_widget_action_set_enabled (w, "win.edit-comment-after", has_game);
  gtk_widget_action_set_enabled (w, "win.set-comment-after", has_game);
  gtk_widget_action_set_enabled (w, "win.toggle-nag", at_move);
  gtk_widget_action_set_enabled (w, "win.set-header", has_game);
  gtk_widget_action_set_enabled (w, "win.clear-nags", at_move);
  gtk_widget_action_set_enabled (w, "win.undo", vs_edit_history_can_undo (self->history));
  gtk_widget_action_set_enabled (w, "win.redo", vs_edit_history_can_redo (self->history));
  gtk_widget_action_set_enabled (w, "win.save", has_game && self->n_saving == 0);
  gtk_widget_action_set_enabled (w, "win.save-as", has_game && self->n_saving == 0);
  gtk_widget_action_set_enabled (w, "win.save-to", has_game && self->n_saving == 0);
  gtk_widget_action_set_enabled (w, "win.copy-position", has_game);
  gtk_widget_action_set_enabled (w, "win.copy-record", has_game);
  gtk_widget_action_set_enabled (w, "win.print", has_game);
  gtk_widget_action_set_enabled (w, "win.export-diagram", has_game);
  gtk_widget_action_set_enabled (w, "win.export-diagram-to", has_game);
  gtk_widget_action_set_enabled (w, "win.export-sheet", has_game);
  gtk_widget_action_set_enabled (w, "win.export-sheet-to", has_game);
  gtk_widget_action_set_enabled (w, "win.game-list",
                                 self->collection && vs_game_collection_get_n_games (self->collection) > 1);
  gtk_widget_action_set_enabled (w, "win.select-game", self->collection != NULL && self->n_saving == 0);
  gtk_widget_action_set_enabled (w, "win.annotate-with", has_game && self->annotator == NULL);
  gtk_widget_action_set_enabled (w, "win.annotate", has_game && self->annotator == NULL);
  gtk_widget_action_set_enabled (w, "win.cancel-annotation", self->annotator != NULL);
  gtk_widget_action_set_enabled (w, "win.play-engine", has_game);
  gtk_widget_action_set_enabled (w, "win.take-back", at_move && self->engine_side >= 0);
  /* Issue 18: passing, when the variant has it and the board's position allows it. */
  gboolean has_pass = has_game && vs_game_get_variant (self->game)->has_pass;
  if (self->pass_button)
    gtk_widget_set_visible (self->pass_button, has_pass);
  gtk_widget_action_set_enabled (w, "win.pass", has_pass &&
                                 self->board &&
                                 vs_board_controller_pass_move (vs_board_view_get_controller (self->board)) != VS_MOVE_NONE);
  gtk_widget_action_set_enabled (w, "win.cancel-open", self->current_load != NULL);
}

/* Record shapes ([%cal]/[%csl]: colour letter) <-> board shapes. */
static const char shape_letters[VS_SHAPE_N_COLORS] = { 'G', 'R', 'B', 'Y' };

static void
show_node_shapes (VsWindow *self)
{
  const VsShape *shapes;
  guint n = vs_game_node_get_shapes (self->cursor, &shapes);
  VsBoardShape board_shapes[VS_BOARD_MAX_SHAPES];
  guint k = 0;
  for (guint i = 0; i < n && k < VS_BOARD_MAX_SHAPES; i++)
    {
      const char *c = memchr (shape_letters, shapes[i].color, VS_SHAPE_N_COLORS);
      board_shapes[k].from = shapes[i].from;
      board_shapes[k].to = shapes[i].to;
      board_shapes[k].color = c ? (uint8_t) (c - shape_letters) : VS_SHAPE_GREEN;
      k++;
    }
  self->syncing_shapes = TRUE;
  vs_board_view_set_shapes (self->board, board_shapes, k);
  self->syncing_shapes = FALSE;
}

/* Arrows and circles drawn on the board belong to the move shown: an edit. */
static void
board_shapes_changed_cb (VsWindow *self)
{
  if (self->syncing_shapes || self->game == NULL || self->cursor == NULL)
    return;
  int n = 0;
  const VsBoardShape *drawn = vs_board_view_get_shapes (self->board, &n);
  g_autofree VsShape *shapes = g_new0 (VsShape, MAX (n, 1));
  for (int i = 0; i < n; i++)
    {
      shapes[i].color = shape_letters[MIN (drawn[i].color, VS_SHAPE_N_COLORS - 1)];
      shapes[i].from = drawn[i].from;
      shapes[i].to = drawn[i].to;
    }
  const VsShape *old;
  guint n_old = vs_game_node_get_shapes (self->cursor, &old);
  if (n_old == (guint) n && (n == 0 || memcmp (old, shapes, n * sizeof *shapes) == 0))
    return;
  begin_edit (self);
  vs_game_node_set_shapes (self->game, self->cursor, shapes, n);
  end_edit (self, self->cursor);
}

static void
update_board (VsWindow *self)
{
  if (self->game == NULL || self->cursor == NULL)
    return;
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  if (!vs_game_node_position (self->cursor, pos))
    return;
  /* A step forward along the record glides; jumps do not. */
  gboolean step = self->shown_node && vs_game_node_get_parent (self->cursor) == self->shown_node;
  vs_board_view_set_position (self->board, pos, vs_game_node_get_move (self->cursor), step);
  show_node_shapes (self);
  self->shown_node = self->cursor;
  vs_analysis_pane_set_game (self->analysis_pane, self->game);   /* issue 21: practice */
  vs_analysis_pane_set_position (self->analysis_pane, pos);
}

static void
update_view (VsWindow *self)
{
  update_board (self);
  vs_move_tree_view_set_current (self->move_tree, self->cursor);
  if (self->game)
    {
      vs_eval_graph_set_length (self->eval_graph, vs_game_get_main_line_length (self->game) + 1);
      vs_eval_graph_set_current (self->eval_graph,
                                 self->cursor && vs_game_node_is_main_line (self->cursor)
                                 ? (int) vs_game_node_get_ply (self->cursor) : -1);
    }
  update_title (self);
  update_actions (self);
}

static void engine_move_maybe (VsWindow *self);

static void
set_cursor (VsWindow *self, VsGameNode *node)
{
  self->cursor = node;
  update_view (self);
  engine_move_maybe (self);
}

/* ---- Board settings ------------------------------------------------------------ */

static void
apply_board_settings (VsWindow *self)
{
  GSettings *st = self->settings;
  g_autofree char *theme = g_settings_get_string (st, "board-theme");
  g_autofree char *strato = g_settings_get_string (st, "strato-view");
  vs_board_view_set_theme (self->board, theme);
  vs_board_view_set_show_coordinates (self->board, g_settings_get_boolean (st, "show-coordinates"));
  vs_board_view_set_animate (self->board, g_settings_get_boolean (st, "animate-moves"));
  vs_board_view_set_strato_view (self->board, g_str_equal (strato, "stacked")
                                 ? VS_STRATO_VIEW_STACKED : VS_STRATO_VIEW_SIDE_BY_SIDE);
  const VsVariant *v = self->game ? vs_game_get_variant (self->game) : NULL;
  g_autofree char *set = NULL;
  if (v && v->family == VS_FAMILY_JANGGI)
    set = g_settings_get_string (st, "piece-set-janggi");
  else if (v && v->family == VS_FAMILY_CHARTIMA)
    set = g_settings_get_string (st, "piece-set-chartima");
  vs_board_view_set_piece_set (self->board, set);
}

static void
settings_changed_cb (GSettings *settings, const char *key, VsWindow *self)
{
  if (g_str_equal (key, "show-analysis"))
    return;
  apply_board_settings (self);
}

/* ---- Showing games ------------------------------------------------------------- */

static void
show_game (VsWindow *self, guint index)
{
  self->game_index = index;
  g_set_object (&self->game, vs_game_collection_get_game (self->collection, index));
  vs_edit_history_clear (self->history);
  vs_move_tree_view_set_game (self->move_tree, self->game);
  vs_headers_view_set_game (self->headers_view, self->game);
  self->shown_node = NULL;
  apply_board_settings (self);
  vs_eval_graph_set_length (self->eval_graph, 0);
  vs_eval_graph_set_length (self->eval_graph, vs_game_get_main_line_length (self->game) + 1);
  show_game_evals (self);
  /* Start at the beginning, as a reader of the record would. */
  set_cursor (self, vs_game_get_root (self->game));
}

/* Puts `game` in place of the shown game (undo and redo). */
static void
replace_game (VsWindow *self, VsGame *game, VsGameNode *cursor)
{
  vs_game_collection_remove (self->collection, self->game_index);
  vs_game_collection_insert (self->collection, self->game_index, game);
  g_set_object (&self->game, game);
  vs_move_tree_view_set_game (self->move_tree, game);
  vs_headers_view_set_game (self->headers_view, game);
  self->shown_node = NULL;
  set_cursor (self, cursor);
}

void
vs_window_set_collection (VsWindow *self, VsGameCollection *collection, GFile *file)
{
  g_return_if_fail (VS_IS_WINDOW (self));
  g_set_object (&self->collection, collection);
  g_set_object (&self->file, file);
  self->modified = FALSE;
  if (vs_game_collection_get_n_games (collection) > 0)
    show_game (self, 0);
  else
    {
      g_clear_object (&self->game);
      self->cursor = NULL;
      vs_move_tree_view_set_game (self->move_tree, NULL);
      vs_headers_view_set_game (self->headers_view, NULL);
      update_view (self);
    }
}

/* ---- Autosave ------------------------------------------------------------------ */

static GBytes *
write_collection_snapshot (VsWindow *self, VsRecordFormat format, GError **error)
{
  return vs_record_write_collection (self->collection, format, VS_RECORD_ENCODING_AUTO, error);
}

typedef struct
{
  char *path;
  GBytes *bytes;
  char *meta_path;
  char *meta;
  GPtrArray *snapshot;   /* PGN texts (vs_record_snapshot_pgn): bytes are joined in the thread */
} WriteJob;

static void
write_job_free (gpointer data)
{
  WriteJob *j = data;
  g_free (j->path);
  g_clear_pointer (&j->bytes, g_bytes_unref);
  g_clear_pointer (&j->snapshot, g_ptr_array_unref);
  g_free (j->meta_path);
  g_free (j->meta);
  g_free (j);
}

/* The autosave and its description, in a worker thread: the snapshot goes
 * to the file text by text (temporary file + rename, vs-safe-save.h). */
static void
autosave_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  WriteJob *j = task_data;
  GError *error = NULL;
  g_autofree char *dir = g_path_get_dirname (j->path);
  g_mkdir_with_parents (dir, 0700);
  if (!vs_safe_save_write_texts (j->path, j->snapshot, &error) ||
      !g_file_set_contents (j->meta_path, j->meta, -1, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

/* Saving a record: temporary file + flush + rename, with a clear reason
 * when it fails (vs-safe-save.h); the old file stays as it was. */
static void
save_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  WriteJob *j = task_data;
  GError *error = NULL;
  gsize len;
  gboolean ok;
  if (j->snapshot != NULL)
    ok = vs_safe_save_write_texts (j->path, j->snapshot, &error);
  else
    {
      const char *data = g_bytes_get_data (j->bytes, &len);
      ok = vs_safe_save_write (j->path, data, len, &error);
    }
  if (!ok)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static char *
autosave_meta_path (const char *autosave_path)
{
  g_autofree char *base = g_strndup (autosave_path, strlen (autosave_path) - strlen (".pgn"));
  return g_strconcat (base, ".ini", NULL);
}

static void
autosave_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (VsWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      g_autofree char *msg = g_strdup_printf (_("Could not write the automatic backup: %s"), error->message);
      show_message (self, GTK_MESSAGE_WARNING, msg);
    }
}

static gboolean
autosave_now (gpointer user_data)
{
  VsWindow *self = user_data;
  self->autosave_source = 0;
  if (!self->modified || self->collection == NULL)
    return G_SOURCE_REMOVE;

  /* The texts of the games now (compact games share theirs); the file's
   * bytes are put together in the worker thread. */
  WriteJob *j = g_new0 (WriteJob, 1);
  j->path = g_strdup (self->autosave_path);
  j->snapshot = vs_record_snapshot_pgn (self->collection);
  j->meta_path = autosave_meta_path (self->autosave_path);
  VsAutosaveMeta meta = {
    .uri = self->file ? g_file_get_uri (self->file) : NULL,
    .time = g_get_real_time () / G_USEC_PER_SEC,
    .game = self->game_index,
  };
  j->meta = vs_autosave_meta_to_data (&meta, NULL);
  vs_autosave_meta_clear (&meta);

  GTask *task = g_task_new (NULL, NULL, autosave_done, g_object_ref (self));
  g_task_set_task_data (task, j, write_job_free);
  g_task_run_in_thread (task, autosave_thread);
  g_object_unref (task);
  return G_SOURCE_REMOVE;
}

static void
unlink_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  g_unlink (task_data);
}

static void
remove_autosave (VsWindow *self)
{
  g_clear_handle_id (&self->autosave_source, g_source_remove);
  g_autofree char *meta = autosave_meta_path (self->autosave_path);
  /* A big autosave takes a while to free: renamed at once (it is no longer
   * offered back) and removed in a worker thread; should the process end
   * first, startup removes it as a stale temporary file (".pgn."). */
  GStatBuf st;
  g_autofree char *doomed = g_strconcat (self->autosave_path, ".removed", NULL);
  if (g_stat (self->autosave_path, &st) == 0 && st.st_size >= COMPACT_GAMES_ABOVE_BYTES &&
      g_rename (self->autosave_path, doomed) == 0)
    {
      GTask *task = g_task_new (NULL, NULL, NULL, NULL);
      g_task_set_task_data (task, g_steal_pointer (&doomed), g_free);
      g_task_run_in_thread (task, unlink_thread);
      g_object_unref (task);
    }
  else
    g_unlink (self->autosave_path);
  g_unlink (meta);
}

static void
set_modified (VsWindow *self, gboolean modified)
{
  self->modified = modified;
  if (modified)
    {
      g_clear_handle_id (&self->autosave_source, g_source_remove);
      self->autosave_source = g_timeout_add (AUTOSAVE_DELAY_MS, autosave_now, self);
    }
  else
    remove_autosave (self);
  update_title (self);
}

/* ---- Editing ------------------------------------------------------------------- */

static void
begin_edit (VsWindow *self)
{
  vs_edit_history_record (self->history, self->game, self->cursor);
}

static void
end_edit (VsWindow *self, VsGameNode *new_cursor)
{
  set_modified (self, TRUE);
  set_cursor (self, new_cursor);
}

static void
play_move_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  const char *text = g_variant_get_string (param, NULL);
  g_autoptr (GError) error = NULL;
  gboolean created = FALSE;

  begin_edit (self);
  VsGameNode *node = vs_game_add_move_text (self->game, self->cursor, text, &created, &error);
  if (node == NULL || !created)
    vs_edit_history_drop_last (self->history);
  if (node == NULL)
    {
      g_autofree char *msg = g_strdup_printf (_("The move “%s” cannot be played here: %s"), text, error->message);
      show_message (self, GTK_MESSAGE_ERROR, msg);
      update_actions (self);
      return;
    }
  if (created)
    end_edit (self, node);
  else
    set_cursor (self, node);
}

/* A move entered on the board: it follows the record if the record has it,
 * else it starts a variation (or continues the line at its end). */
static void
board_move_played_cb (VsWindow *self, guint move)
{
  g_autoptr (GError) error = NULL;
  gboolean created = FALSE;
  if (self->game == NULL)
    return;
  /* issue 21: a move played on from a previewed engine line, or a
   * practice answer, is the analysis pane's */
  if (vs_analysis_pane_board_move (self->analysis_pane, move))
    return;
  begin_edit (self);
  VsGameNode *node = vs_game_add_move (self->game, self->cursor, move, &created, &error);
  if (node == NULL || !created)
    vs_edit_history_drop_last (self->history);
  if (node == NULL)
    {
      show_message (self, GTK_MESSAGE_ERROR, error->message);
      update_board (self);
      return;
    }
  self->shown_node = node;   /* the board shows it already */
  if (created)
    end_edit (self, node);
  else
    set_cursor (self, node);
}

/* Issue 21: the analysis pane adds an engine line (from the cursor) as a
 * variation, as one edit; go_there: the cursor goes to its end. */
static void
analysis_add_line_cb (VsWindow *self, const VsMove *moves, guint n, gboolean go_there)
{
  if (self->game == NULL || self->cursor == NULL || n == 0)
    return;
  begin_edit (self);
  gboolean any = FALSE;
  VsGameNode *at = self->cursor;
  for (guint i = 0; i < n && at; i++)
    {
      gboolean created = FALSE;
      at = vs_game_add_move (self->game, at, moves[i], &created, NULL);
      any |= created;
    }
  if (!any)
    vs_edit_history_drop_last (self->history);
  VsGameNode *target = go_there && at ? at : self->cursor;
  if (any)
    end_edit (self, target);
  else
    set_cursor (self, target);
}

/* Issue 18: the side to move passes (the board plays the legal pass move). */
static void
pass_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  vs_board_view_pass (VS_WINDOW (widget)->board);
}

static void
flip_board_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  gboolean flipped = !vs_board_view_get_flipped (self->board);
  vs_board_view_set_flipped (self->board, flipped);
  vs_eval_bar_set_flipped (self->eval_bar, flipped);
}

/* A header, under the name the game already uses for it (gibo games keep
 * their Korean keys). */
static void
set_header_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  const char *key, *value;
  g_variant_get (param, "(&s&s)", &key, &value);
  key = vs_game_list_header_key (self->game, key);
  if (g_strcmp0 (vs_game_get_header (self->game, key), *value ? value : NULL) == 0)
    return;
  begin_edit (self);
  vs_game_set_header (self->game, key, *value ? value : NULL);
  end_edit (self, self->cursor);
}

static void
promote_variation_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  VsGameNode *head = variation_head (self->cursor);
  if (!head)
    return;
  begin_edit (self);
  vs_game_promote_variation (self->game, head);
  end_edit (self, self->cursor);
}

static void
make_main_line_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  begin_edit (self);
  g_autoptr (GArray) old = vs_game_make_main_line (self->game, self->cursor);
  end_edit (self, self->cursor);
}

static void
move_variation_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  gboolean up = g_str_equal (action_name, "win.move-variation-up");
  VsGameNode *head = variation_head (self->cursor);
  VsGameNode *node = head ? head : self->cursor;
  guint index = vs_game_node_get_index (node);
  if (up ? index == 0 : vs_game_node_get_next_sibling (node) == NULL)
    return;
  begin_edit (self);
  vs_game_node_set_index (self->game, node, up ? index - 1 : index + 1);
  end_edit (self, self->cursor);
}

static void
delete_from_here_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  VsGameNode *parent = vs_game_node_get_parent (self->cursor);
  begin_edit (self);
  vs_game_delete_from (self->game, self->cursor);
  end_edit (self, parent);
}

static void
truncate_after_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  begin_edit (self);
  vs_game_truncate_after (self->game, self->cursor);
  end_edit (self, self->cursor);
}

static void
set_comment_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  gboolean before = g_str_equal (action_name, "win.set-comment-before");
  const char *text = g_variant_get_string (param, NULL);
  const char *old = before ? vs_game_node_get_comment_before (self->cursor)
                           : vs_game_node_get_comment_after (self->cursor);
  const char *value = *text ? text : NULL;
  if (g_strcmp0 (old, value) == 0)
    return;
  begin_edit (self);
  if (before)
    vs_game_node_set_comment_before (self->game, self->cursor, value);
  else
    vs_game_node_set_comment_after (self->game, self->cursor, value);
  end_edit (self, self->cursor);
}

static void
edit_comment_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  gboolean before = g_str_equal (action_name, "win.edit-comment-before");
  const char *text = before ? vs_game_node_get_comment_before (self->cursor)
                            : vs_game_node_get_comment_after (self->cursor);
  g_autofree char *title = NULL;
  if (vs_game_node_is_root (self->cursor))
    title = g_strdup (_("Comment Before the First Move"));
  else
    title = g_strdup_printf (before ? _("Comment Before %s") : _("Comment After %s"),
                             vs_game_node_get_san (self->cursor));
  VsCommentDialog *dialog = vs_comment_dialog_new (GTK_WINDOW (self), title, text,
                                                   before ? "win.set-comment-before" : "win.set-comment-after");
  gtk_window_present (GTK_WINDOW (dialog));
}

/* NAGs 1–9 judge the move and 10–135 the position: a new one replaces the
 * others of its group. */
static gboolean
same_nag_group (guint a, guint b)
{
  return (a <= 9) == (b <= 9) && (a >= 10 && a <= 135) == (b >= 10 && b <= 135);
}

static void
toggle_nag_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  int nag = g_variant_get_int32 (param);
  if (nag <= 0 || nag > 255)
    return;
  begin_edit (self);
  if (vs_game_node_has_nag (self->cursor, nag))
    vs_game_node_remove_nag (self->game, self->cursor, nag);
  else
    {
      const guint8 *nags;
      guint n = vs_game_node_get_nags (self->cursor, &nags);
      guint8 keep[VS_MAX_NAGS];
      guint k = 0;
      for (guint i = 0; i < n; i++)
        if (!same_nag_group (nags[i], nag))
          keep[k++] = nags[i];
      vs_game_node_set_nags (self->game, self->cursor, keep, k);
      vs_game_node_add_nag (self->game, self->cursor, nag);
    }
  end_edit (self, self->cursor);
}

static void
clear_nags_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  if (vs_game_node_get_nags (self->cursor, NULL) == 0)
    return;
  begin_edit (self);
  vs_game_node_set_nags (self->game, self->cursor, NULL, 0);
  end_edit (self, self->cursor);
}

static void
undo_redo_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  VsGameNode *cursor = NULL;
  g_autoptr (VsGame) game = g_str_equal (action_name, "win.undo")
    ? vs_edit_history_undo (self->history, self->game, self->cursor, &cursor)
    : vs_edit_history_redo (self->history, self->game, self->cursor, &cursor);
  if (game == NULL)
    return;
  replace_game (self, game, cursor);
  set_modified (self, TRUE);
}


/* ---- Analysis, annotation and play ------------------------------------------------ */

static void
analysis_score_cb (VsWindow *self, gboolean has_score, int cp, int mate)
{
  vs_eval_bar_set_score (self->eval_bar, has_score, cp, mate);
  if (has_score && self->cursor && vs_game_node_is_main_line (self->cursor) && self->annotator == NULL)
    vs_eval_graph_set_score (self->eval_graph, vs_game_node_get_ply (self->cursor), cp, mate);
}

static void
show_game_evals (VsWindow *self)
{
  /* Evaluations stored in the record ([%eval]) fill the graph. */
  guint ply = 1;
  for (VsGameNode *n = vs_game_node_get_main_child (vs_game_get_root (self->game)); n;
       n = vs_game_node_get_main_child (n), ply++)
    {
      VsEval e = vs_game_node_get_eval (n);
      if (e.kind == VS_EVAL_CP)
        vs_eval_graph_set_score (self->eval_graph, ply, e.value, 0);
      else if (e.kind == VS_EVAL_MATE)
        vs_eval_graph_set_score (self->eval_graph, ply, 0, e.value);
      else
        vs_eval_graph_clear_score (self->eval_graph, ply);
    }
}

static void
annotate_position_done_cb (VsAnnotator *annotator, guint ply, int cp, int mate, VsWindow *self)
{
  guint n = vs_annotator_get_n_positions (annotator);
  vs_eval_graph_set_score (self->eval_graph, ply, cp, mate);
  gtk_progress_bar_set_fraction (self->annotate_progress, (double) (ply + 1) / n);
  g_autofree char *text = g_strdup_printf (_("Annotating… %u of %u"), ply + 1, n);
  gtk_progress_bar_set_text (self->annotate_progress, text);
}

static void
set_annotating (VsWindow *self, gboolean on)
{
  gtk_widget_set_visible (GTK_WIDGET (self->annotate_progress), on);
  gtk_widget_set_visible (self->annotate_cancel, on);
  gtk_widget_set_visible (self->annotate_spacer, !on);
}

/* Writes the annotation (vs-annotate: evals, NAGs, "X was best." comments,
 * better lines, ACPL/accuracy headers) into the game, as one edit (undone in
 * one step); marks the mistakes on the eval graph; *summary_text gets the
 * summary to show. */
static void
apply_annotation (VsWindow *self, VsAnnotator *annotator, char **summary_text)
{
  if (self->game != self->annotated_game)
    return;
  begin_edit (self);
  VsAnnotateSummary summary;
  g_autoptr (GArray) nags = g_array_new (FALSE, TRUE, sizeof (guint));
  vs_annotator_apply (annotator, self->game, &summary, nags);
  vs_eval_graph_clear_marks (self->eval_graph);
  for (guint ply = 1; ply < nags->len; ply++)
    {
      guint nag = g_array_index (nags, guint, ply);
      if (nag == 2 || nag == 4)
        vs_eval_graph_set_mark (self->eval_graph, ply, nag);
    }
  end_edit (self, self->cursor);
  *summary_text = vs_annotate_summary_text (&summary);
}

static void
annotate_finished_cb (VsAnnotator *annotator, gboolean completed, VsWindow *self)
{
  if (completed)
    {
      g_autofree char *summary = NULL;
      apply_annotation (self, annotator, &summary);
      g_autofree char *msg = g_strdup_printf ("%s %s", _("Annotation finished: evaluations and mistakes are marked in the moves."),
                                              summary ? summary : "");
      show_message (self, GTK_MESSAGE_INFO, msg);
    }
  else if (vs_annotator_get_error (annotator))
    {
      g_autofree char *msg = g_strdup_printf (_("Annotation stopped: %s"), vs_annotator_get_error (annotator)->message);
      show_message (self, GTK_MESSAGE_ERROR, msg);
    }
  g_signal_handlers_disconnect_by_data (annotator, self);
  g_clear_object (&self->annotator);
  g_clear_object (&self->annotated_game);
  set_annotating (self, FALSE);
  update_actions (self);
  g_signal_emit_by_name (self, "annotated", completed);
}

static void
annotate_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  VsAnalysisOptions options;
  vs_analysis_pane_get_options (self->analysis_pane, &options);
  if (param == NULL)
    {
      /* Annotate Game…: engine, time or depth, side(s) — the dialog
       * activates win.annotate-with */
      const char *name = options.engine == VS_ANALYSIS_ENGINE_UCI
                           ? (options.engine_name ? options.engine_name : options.engine_command) : NULL;
      gtk_window_present (GTK_WINDOW (vs_annotate_dialog_new (GTK_WINDOW (self), name)));
      return;
    }
  gint64 movetime = 400;
  int depth = 0, sides = 3;
  if (g_variant_is_of_type (param, G_VARIANT_TYPE ("(biii)")))
    {
      gboolean builtin;
      int ms;
      g_variant_get (param, "(biii)", &builtin, &ms, &depth, &sides);
      movetime = ms;
      if (builtin)
        options.engine = VS_ANALYSIS_ENGINE_BUILTIN;
    }
  else
    movetime = g_variant_get_int32 (param);
  vs_analysis_pane_stop (self->analysis_pane);
  self->annotator = vs_annotator_new (self->game, &options, movetime);
  vs_annotator_set_depth (self->annotator, depth);
  vs_annotator_set_sides (self->annotator, (guint) sides);
  self->annotated_game = g_object_ref (self->game);
  g_signal_connect (self->annotator, "position-done", G_CALLBACK (annotate_position_done_cb), self);
  g_signal_connect (self->annotator, "finished", G_CALLBACK (annotate_finished_cb), self);
  gtk_progress_bar_set_fraction (self->annotate_progress, 0);
  gtk_progress_bar_set_text (self->annotate_progress, _("Annotating…"));
  set_annotating (self, TRUE);
  if (!g_settings_get_boolean (self->settings, "show-analysis"))
    g_settings_set_boolean (self->settings, "show-analysis", TRUE);
  update_actions (self);
  vs_annotator_start (self->annotator);
}

static void
analyse_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  if (vs_analysis_pane_is_running (self->analysis_pane))
    vs_analysis_pane_stop (self->analysis_pane);
  else
    {
      if (!g_settings_get_boolean (self->settings, "show-analysis"))
        g_settings_set_boolean (self->settings, "show-analysis", TRUE);
      vs_analysis_pane_start (self->analysis_pane);
    }
}

static void
cancel_annotation_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  if (self->annotator)
    vs_annotator_cancel (self->annotator);
}

static void
opponent_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (VsWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (VsAnalysisInfo) info = vs_analysis_start_finish (VS_ANALYSIS (source), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->engine_side < 0)
    return;
  if (info == NULL || info->best_move == VS_MOVE_NONE)
    {
      g_autofree char *msg = g_strdup_printf (_("The engine could not move: %s"),
                                              error ? error->message : _("no legal move"));
      show_message (self, GTK_MESSAGE_ERROR, msg);
      if (error)
        add_info_button (self, _("_Try Again"), RESPONSE_RETRY_ENGINE);
      return;
    }
  board_move_played_cb (self, info->best_move);
  g_signal_emit_by_name (self, "engine-moved");
}

/* When playing, the engine answers as soon as it is its turn at the end of
 * the line shown. */
static void
engine_move_maybe (VsWindow *self)
{
  if (self->engine_side < 0 || self->game == NULL || self->cursor == NULL ||
      vs_game_node_get_main_child (self->cursor) != NULL)
    return;
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  if (!vs_game_node_position (self->cursor, pos) || pos->side != self->engine_side)
    return;
  VsMove moves[VS_MAX_MOVES];
  if (vs_position_generate (pos, VS_GEN_ALL, moves) == 0)
    return;
  VsAnalysisOptions o;
  vs_analysis_pane_get_options (self->analysis_pane, &o);
  o.multipv = 1;
  if (g_strcmp0 (self->strength, "easy") == 0)
    o.depth = 1;
  else if (g_strcmp0 (self->strength, "medium") == 0)
    o.depth = 4;
  else
    o.movetime_ms = 1500;
  g_cancellable_cancel (self->opponent_cancellable);
  g_set_object (&self->opponent_cancellable, g_cancellable_new ());
  vs_analysis_start (self->opponent, pos, &o, self->opponent_cancellable, opponent_done, g_object_ref (self));
}

static void
play_engine_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  const char *strength = g_variant_get_string (param, NULL);
  g_cancellable_cancel (self->opponent_cancellable);
  if (g_str_equal (strength, "off"))
    {
      self->engine_side = -1;
      vs_board_view_set_interactive_sides (self->board, 3);
      hide_message (self);
      update_actions (self);
      return;
    }
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  if (!vs_game_node_position (self->cursor, pos))
    return;
  g_free (self->strength);
  self->strength = g_strdup (strength);
  self->engine_side = 1 - pos->side;
  vs_board_view_set_interactive_sides (self->board, pos->side == 0 ? 1 : 2);
  vs_analysis_pane_stop (self->analysis_pane);
  if (vs_board_view_get_flipped (self->board) != (pos->side == 1))
    gtk_widget_activate_action (widget, "win.flip-board", NULL);
  const char *label = g_str_equal (strength, "easy") ? _("Easy") : g_str_equal (strength, "medium") ? _("Medium") : _("Hard");
  g_autofree char *msg = g_strdup_printf (_("Playing against the engine (%s). Your move."), label);
  show_message (self, GTK_MESSAGE_INFO, msg);
  update_actions (self);
}

/* Take back the engine's answer and the move before it (or just the last
 * move when it is the engine's turn). */
static void
take_back_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  g_autofree VsPosition *pos = g_new (VsPosition, 1);
  if (!vs_game_node_position (self->cursor, pos))
    return;
  int steps = pos->side == self->engine_side ? 1 : 2;
  VsGameNode *target = self->cursor, *first = NULL;
  for (int i = 0; i < steps && !vs_game_node_is_root (target); i++)
    {
      first = target;
      target = vs_game_node_get_parent (target);
    }
  if (first == NULL)
    return;
  g_cancellable_cancel (self->opponent_cancellable);
  begin_edit (self);
  vs_game_delete_from (self->game, first);
  self->cursor = target;
  set_modified (self, TRUE);
  update_view (self);
}

/* ---- Navigation -------------------------------------------------------------- */

static void
go_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  VsGameNode *c = self->cursor, *target = NULL;
  if (c == NULL)
    return;
  if (g_str_equal (action_name, "win.go-first"))
    target = vs_game_get_root (self->game);
  else if (g_str_equal (action_name, "win.go-prev"))
    target = vs_game_node_get_parent (c);
  else if (g_str_equal (action_name, "win.go-next"))
    target = vs_game_node_get_main_child (c);
  else if (g_str_equal (action_name, "win.go-last"))
    {
      target = c;
      while (vs_game_node_get_main_child (target))
        target = vs_game_node_get_main_child (target);
    }
  else if (g_str_equal (action_name, "win.go-prev-variation"))
    target = vs_game_node_get_prev_sibling (c);
  else if (g_str_equal (action_name, "win.go-next-variation"))
    target = vs_game_node_get_next_sibling (c);
  if (target)
    set_cursor (self, target);
}

/* ←/→/Home/End/↑/↓ walk the record wherever the focus is (the board too),
 * except in text being edited and with modifiers (Shift+arrows reach the
 * board's keyboard cursor). */
static gboolean
navigation_key_cb (GtkEventControllerKey *key, guint keyval, guint keycode, GdkModifierType state,
                   VsWindow *self)
{
  static const struct { guint keyval; const char *action; } keys[] = {
    { GDK_KEY_Left, "win.go-prev" }, { GDK_KEY_Right, "win.go-next" },
    { GDK_KEY_Home, "win.go-first" }, { GDK_KEY_End, "win.go-last" },
    { GDK_KEY_Up, "win.go-prev-variation" }, { GDK_KEY_Down, "win.go-next-variation" },
  };
  if (state & (GDK_SHIFT_MASK | GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK))
    return FALSE;
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  if (focus && (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT (focus) ||
                (GTK_IS_TEXT_VIEW (focus) && gtk_text_view_get_editable (GTK_TEXT_VIEW (focus))) ||
                gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER) ||
                gtk_widget_get_ancestor (focus, GTK_TYPE_DROP_DOWN)))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (keys[i].keyval == keyval)
      {
        gtk_widget_activate_action (GTK_WIDGET (self), keys[i].action, NULL);
        return TRUE;
      }
  return FALSE;
}

static void
node_activated_cb (VsWindow *self, VsGameNode *node)
{
  set_cursor (self, node);
}

static void
eval_ply_activated_cb (VsWindow *self, int ply)
{
  if (self->game == NULL)
    return;
  VsGameNode *n = vs_game_get_root (self->game);
  for (int i = 0; i < ply && vs_game_node_get_main_child (n); i++)
    n = vs_game_node_get_main_child (n);
  set_cursor (self, n);
}

/* ---- Loading ----------------------------------------------------------------- */

typedef struct
{
  VsWindow *self;
  GFile *file;
} LoadData;

static void
load_data_free (LoadData *d)
{
  g_object_unref (d->self);
  g_object_unref (d->file);
  g_free (d);
}

static void
add_recent (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
}

static void
show_load_fraction (VsWindow *self)
{
  gtk_progress_bar_set_fraction (self->load_bar, self->load_fraction);
  g_autofree char *text = g_strdup_printf (_("Reading… %d %%"), (int) (100.0 * self->load_fraction));
  gtk_progress_bar_set_text (self->load_bar, text);
}

static void
load_progress_cb (guint64 done, guint64 total, gpointer user_data)
{
  VsWindow *self = user_data;
  if (total == 0 || self->current_load == NULL)
    return;
  /* only the bar changes: the message and its Cancel button stay */
  self->load_fraction = CLAMP ((double) done / total, 0.0, 1.0);
  show_load_fraction (self);
}

double
vs_window_get_load_progress (VsWindow *self)
{
  g_return_val_if_fail (VS_IS_WINDOW (self), -1);
  return self->current_load ? self->load_fraction : -1;
}

static void
cancel_open_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  if (self->current_load)
    g_cancellable_cancel (self->cancellable);
}

static void
load_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  LoadData *d = user_data;
  VsWindow *self = d->self;
  g_autoptr (GError) error = NULL;
  g_autoptr (VsGameCollection) collection = vs_record_read_file_finish (result, &error);
  g_autofree char *name = g_file_get_parse_name (d->file);
  gboolean current = self->current_load == d;
  if (current)
    {
      self->current_load = NULL;
      g_clear_handle_id (&self->load_reveal_source, g_source_remove);
      gtk_widget_set_visible (GTK_WIDGET (self->load_bar), FALSE);
      update_actions (self);
    }
  /* Stopped by the person (win.cancel-open): the window keeps what it had. */
  if (current && collection == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_autofree char *msg = g_strdup_printf (_("Stopped reading “%s”. Nothing was changed."), name);
      show_message (self, GTK_MESSAGE_INFO, msg);
      g_signal_emit (self, signals[SIGNAL_LOADED], 0, FALSE);
      load_data_free (d);
      return;
    }
  /* Not text at all: say only that (the reader's message names the file). */
  if (collection && vs_game_collection_get_n_games (collection) == 0 &&
      g_error_matches (error, VS_RECORD_ERROR, VS_RECORD_ERROR_NOT_A_RECORD))
    {
      show_message (self, GTK_MESSAGE_ERROR, error->message);
      g_signal_emit (self, signals[SIGNAL_LOADED], 0, FALSE);
      load_data_free (d);
      return;
    }

  if (collection == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_autofree char *msg = g_strdup_printf (_("Could not open “%s”: %s"), name, error->message);
          show_message (self, GTK_MESSAGE_ERROR, msg);
        }
      g_signal_emit (self, signals[SIGNAL_LOADED], 0, FALSE);
      load_data_free (d);
      return;
    }

  guint n = vs_game_collection_get_n_games (collection);
  if (n == 0)
    {
      g_autofree char *msg = g_strdup_printf (_("“%s” holds no game that could be read: %s"), name,
                                              error ? error->message : _("the file is empty"));
      show_message (self, GTK_MESSAGE_ERROR, msg);
      g_signal_emit (self, signals[SIGNAL_LOADED], 0, FALSE);
      load_data_free (d);
      return;
    }

  g_autofree char *path = g_file_get_path (d->file);
  g_autofree char *head = NULL;
  gsize head_len = 0;
  g_autoptr (GFileInputStream) in = g_file_read (d->file, NULL, NULL);
  if (in)
    {
      head = g_malloc (4096);
      head_len = MAX (0, g_input_stream_read (G_INPUT_STREAM (in), head, 4096, NULL, NULL));
    }
  self->file_format = vs_record_detect_format (head ? head : "", head_len, path);

  vs_window_set_collection (self, collection, d->file);
  add_recent (d->file);

  if (error)
    {
      GPtrArray *problems = vs_game_collection_get_problems (collection);
      g_autofree char *msg = NULL;
      if (problems && problems->len > 1)
        msg = g_strdup_printf (ngettext ("%s (and %u more problem; the moves before each problem were kept)",
                                         "%s (and %u more problems; the moves before each problem were kept)",
                                         problems->len - 1),
                               error->message, problems->len - 1);
      else
        msg = g_strdup_printf (_("%s (the moves before the problem were kept)"), error->message);
      show_message (self, GTK_MESSAGE_WARNING, msg);
    }
  else if (n > 1)
    {
      g_autofree char *msg = g_strdup_printf (ngettext ("This file holds %u game.", "This file holds %u games.", n), n);
      show_message (self, GTK_MESSAGE_INFO, msg);
      add_info_button (self, _("Show _Games"), RESPONSE_SHOW_GAMES);
    }
  else
    hide_message (self);

  if (self->recovery_files)
    offer_recovery (self);
  g_signal_emit (self, signals[SIGNAL_LOADED], 0, TRUE);
  load_data_free (d);
}

#define LOAD_REVEAL_DELAY_MS 250

static gboolean
reveal_load_progress (gpointer user_data)
{
  VsWindow *self = user_data;
  self->load_reveal_source = 0;
  if (self->current_load == NULL)
    return G_SOURCE_REMOVE;
  LoadData *d = self->current_load;
  g_autofree char *name = g_file_get_basename (d->file);
  g_autofree char *msg = g_strdup_printf (_("Reading “%s”…"), name);
  show_message (self, GTK_MESSAGE_INFO, msg);
  add_info_button (self, _("_Cancel"), RESPONSE_CANCEL_OPEN);
  show_load_fraction (self);
  gtk_widget_set_visible (GTK_WIDGET (self->load_bar), TRUE);
  return G_SOURCE_REMOVE;
}

static void
load_file (VsWindow *self, GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);
      g_autofree char *msg = g_strdup_printf (_("Could not open “%s”: only local files can be read."), uri);
      show_message (self, GTK_MESSAGE_ERROR, msg);
      g_signal_emit (self, signals[SIGNAL_LOADED], 0, FALSE);
      return;
    }
  g_cancellable_cancel (self->cancellable);
  g_set_object (&self->cancellable, g_cancellable_new ());

  LoadData *d = g_new0 (LoadData, 1);
  d->self = g_object_ref (self);
  d->file = g_object_ref (file);
  VsRecordOptions options = { 0 };
  /* (a stat: the size decides whether the games are kept compact) */
  GStatBuf st;
  options.compact_games = g_stat (path, &st) == 0 && st.st_size >= COMPACT_GAMES_ABOVE_BYTES;
  vs_record_read_file_async (path, &options, load_progress_cb, g_object_ref (self), g_object_unref,
                             self->cancellable, load_done, d);
  /* Reading…: a bar and Cancel in the info bar until load_done, shown
   * once the read takes long enough to be noticed. */
  self->current_load = d;
  self->load_fraction = 0;
  g_clear_handle_id (&self->load_reveal_source, g_source_remove);
  self->load_reveal_source = g_timeout_add (LOAD_REVEAL_DELAY_MS, reveal_load_progress, self);
  update_actions (self);
}

void
vs_window_open_file (VsWindow *self, GFile *file)
{
  g_return_if_fail (VS_IS_WINDOW (self));
  /* Never replace unsaved work: open beside it. */
  if (self->modified)
    {
      GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
      VsWindow *other = vs_window_new (VS_APPLICATION (app));
      gtk_window_present (GTK_WINDOW (other));
      load_file (other, file);
      return;
    }
  load_file (self, file);
}

static void
open_file_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  g_autoptr (GFile) file = g_file_new_for_commandline_arg (g_variant_get_string (param, NULL));
  vs_window_open_file (VS_WINDOW (widget), file);
}

static void
add_record_filters (GtkFileChooser *chooser)
{
  static const struct { const char *name; const char *patterns[4]; } filters[] = {
    { N_("All game records"), { "*.pgn", "*.gib", "*.kif", "*.txt" } },
    { N_("PGN records (.pgn)"), { "*.pgn", NULL } },
    { N_("Korean gibo records (.gib)"), { "*.gib", NULL } },
    { N_("Chartima and Strato move lists (.kif, .txt)"), { "*.kif", "*.txt", NULL } },
  };
  for (guint i = 0; i < G_N_ELEMENTS (filters); i++)
    {
      GtkFileFilter *f = gtk_file_filter_new ();
      gtk_file_filter_set_name (f, _(filters[i].name));
      for (guint k = 0; k < 4 && filters[i].patterns[k]; k++)
        gtk_file_filter_add_suffix (f, filters[i].patterns[k] + 2);
      gtk_file_chooser_add_filter (chooser, f);
      g_object_unref (f);
    }
}

static void
open_response_cb (GtkNativeDialog *dialog, int response, VsWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));
      for (guint i = 0; i < g_list_model_get_n_items (files); i++)
        {
          g_autoptr (GFile) file = g_list_model_get_item (files, i);
          vs_window_open_file (self, file);
        }
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
open_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_("Open a Game Record"), GTK_WINDOW (self),
                                 GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  add_record_filters (GTK_FILE_CHOOSER (chooser));
  g_signal_connect (chooser, "response", G_CALLBACK (open_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
select_game_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  guint index = g_variant_get_uint32 (param);
  if (self->collection && index < vs_game_collection_get_n_games (self->collection))
    show_game (self, index);
}

static void
game_list_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  VsGameList *list = vs_game_list_new (GTK_WINDOW (self), self->collection);
  gtk_window_present (GTK_WINDOW (list));
}

/* ---- Saving ------------------------------------------------------------------ */

static VsRecordFormat
format_for_file (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *lower = g_ascii_strdown (name, -1);
  if (g_str_has_suffix (lower, ".gib"))
    return VS_RECORD_FORMAT_GIBO;
  if (g_str_has_suffix (lower, ".kif") || g_str_has_suffix (lower, ".txt"))
    return VS_RECORD_FORMAT_KIFU;
  return VS_RECORD_FORMAT_PGN;
}

static gboolean
subtree_has_extras (VsGameNode *node, gboolean comments)
{
  for (VsGameNode *n = node; n; n = vs_game_node_get_main_child (n))
    {
      if (vs_game_node_get_next_sibling (n) && !vs_game_node_is_root (n))
        return TRUE;
      if (comments && (vs_game_node_get_comment_after (n) || vs_game_node_get_comment_before (n) ||
                       vs_game_node_get_nags (n, NULL) > 0))
        return TRUE;
    }
  return FALSE;
}

/* A format keeps the record if it can hold all of it: gibo holds no
 * variations, a bare move list neither variations nor comments nor
 * headers, and gibo is for Janggi only. */
static gboolean
format_keeps_everything (VsWindow *self, VsRecordFormat format)
{
  guint n = vs_game_collection_get_n_games (self->collection);
  for (guint i = 0; i < n; i++)
    {
      VsGame *g = vs_game_collection_get_game (self->collection, i);
      if (format == VS_RECORD_FORMAT_GIBO && !vs_game_get_variant (g)->has_gibo)
        return FALSE;
      if (format != VS_RECORD_FORMAT_PGN && subtree_has_extras (vs_game_get_root (g), format == VS_RECORD_FORMAT_KIFU))
        return FALSE;
      if (format == VS_RECORD_FORMAT_KIFU && (n > 1 || vs_game_has_setup (g)))
        return FALSE;
    }
  return TRUE;
}

static void
warn_format (VsWindow *self)
{
  show_message (self, GTK_MESSAGE_WARNING,
                _("That format cannot hold everything in this record (variations, comments, several games or another variant): save it as PGN (.pgn)."));
}

typedef struct
{
  VsWindow *self;
  GFile *file;
  VsRecordFormat format;
} SaveData;

static void
save_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  SaveData *d = user_data;
  VsWindow *self = d->self;
  g_autoptr (GError) error = NULL;
  self->n_saving--;
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      g_autofree char *name = g_file_get_parse_name (d->file);
      g_autofree char *msg = g_strdup_printf (_("Could not save “%s”: %s"), name, error->message);
      show_message (self, GTK_MESSAGE_ERROR, msg);
      self->close_after_save = FALSE;
      g_signal_emit (self, signals[SIGNAL_SAVED], 0, FALSE);
    }
  else
    {
      g_set_object (&self->file, d->file);
      self->file_format = d->format;
      add_recent (d->file);
      set_modified (self, FALSE);
      hide_message (self);
      g_signal_emit (self, signals[SIGNAL_SAVED], 0, TRUE);
      if (self->close_after_save)
        {
          self->force_close = TRUE;
          gtk_window_close (GTK_WINDOW (self));
        }
    }
  update_actions (self);
  g_object_unref (d->self);
  g_object_unref (d->file);
  g_free (d);
}

static void
save_to_file (VsWindow *self, GFile *file, VsRecordFormat format)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_file_get_path (file);
  /* PGN: a snapshot of the games' texts, joined in the worker thread */
  GPtrArray *snapshot = path && format == VS_RECORD_FORMAT_PGN ? vs_record_snapshot_pgn (self->collection) : NULL;
  GBytes *bytes = path && snapshot == NULL ? write_collection_snapshot (self, format, &error) : NULL;
  if (bytes == NULL && snapshot == NULL)
    {
      g_autofree char *name = g_file_get_parse_name (file);
      g_autofree char *msg = g_strdup_printf (_("Could not save “%s”: %s"), name,
                                              error ? error->message : _("only local files can be written"));
      show_message (self, GTK_MESSAGE_ERROR, msg);
      self->close_after_save = FALSE;
      g_signal_emit (self, signals[SIGNAL_SAVED], 0, FALSE);
      return;
    }
  WriteJob *j = g_new0 (WriteJob, 1);
  j->path = g_steal_pointer (&path);
  j->bytes = bytes;
  j->snapshot = snapshot;
  SaveData *d = g_new0 (SaveData, 1);
  d->self = g_object_ref (self);
  d->file = g_object_ref (file);
  d->format = format;
  self->n_saving++;
  update_actions (self);
  GTask *task = g_task_new (NULL, NULL, save_done, d);
  g_task_set_task_data (task, j, write_job_free);
  g_task_run_in_thread (task, save_thread);
  g_object_unref (task);
}

static void
save_response_cb (GtkNativeDialog *dialog, int response, VsWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      VsRecordFormat format = format_for_file (file);
      if (!format_keeps_everything (self, format))
        {
          warn_format (self);
          self->close_after_save = FALSE;
        }
      else
        save_to_file (self, file, format);
    }
  else
    self->close_after_save = FALSE;
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
save_as_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_("Save the Record"), GTK_WINDOW (self),
                                 GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  add_record_filters (GTK_FILE_CHOOSER (chooser));
  if (self->file)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), self->file, NULL);
  else
    {
      g_autofree char *title = game_title (self->game);
      g_autofree char *name = g_strdup_printf ("%s.pgn", title);
      g_strdelimit (name, "/\\:", '-');
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
    }
  g_signal_connect (chooser, "response", G_CALLBACK (save_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
save_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  if (self->file && format_keeps_everything (self, self->file_format))
    save_to_file (self, self->file, self->file_format);
  else
    save_as_action (widget, "win.save-as", NULL);
}

static void
save_to_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  g_autoptr (GFile) file = g_file_new_for_commandline_arg (g_variant_get_string (param, NULL));
  VsRecordFormat format = format_for_file (file);
  if (!format_keeps_everything (self, format))
    {
      warn_format (self);
      g_signal_emit (self, signals[SIGNAL_SAVED], 0, FALSE);
      return;
    }
  save_to_file (self, file, format);
}

/* ---- New games ------------------------------------------------------------------ */

static void
new_game_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  VsNewGameDialog *dialog = vs_new_game_dialog_new (GTK_WINDOW (self), self->settings);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
setup_position_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  const VsVariant *v = self->game ? vs_game_get_variant (self->game) : vs_variant_lookup ("chartima");
  g_autofree char *fen = self->cursor ? vs_game_node_fen (self->cursor) : NULL;
  VsSetupEditor *editor = vs_setup_editor_new (GTK_WINDOW (self), v, fen);
  if (self->game && vs_game_get_variant (self->game) == v)
    vs_setup_editor_set_piece_set (editor, vs_board_view_get_piece_set (self->board));
  gtk_window_present (GTK_WINDOW (editor));
}

/* A new game of variant id from position fen, in this window (or a new one
 * when this one has unsaved changes). */
static void
new_game_from_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  const char *id, *fen;
  g_variant_get (param, "(&s&s)", &id, &fen);
  const VsVariant *v = vs_variant_lookup (id);
  g_autoptr (GError) error = NULL;
  g_autoptr (VsGame) game = v ? vs_game_new (v, fen, &error) : NULL;
  if (game == NULL)
    {
      g_autofree char *msg = g_strdup_printf (_("Cannot start a game from this position: %s"),
                                              error ? error->message : id);
      show_message (self, GTK_MESSAGE_ERROR, msg);
      return;
    }
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");
  vs_game_set_header (game, "Event", _("Study"));
  vs_game_set_header (game, "Date", date);
  vs_game_set_header (game, "Result", "*");
  g_autoptr (VsGameCollection) collection = vs_game_collection_new ();
  vs_game_collection_append (collection, game);

  VsWindow *target = self;
  if (self->modified)
    {
      target = vs_window_new (VS_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
      gtk_window_present (GTK_WINDOW (target));
    }
  target->file_format = VS_RECORD_FORMAT_PGN;
  vs_window_set_collection (target, collection, NULL);
  hide_message (target);
}

/* ---- Rules guide and printing ---------------------------------------------------- */

static void
guide_open_on_board_cb (VsGuideWindow *guide, const char *variant_id, const char *position, VsWindow *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.new-game-from", "(ss)", variant_id, position);
  gtk_window_present (GTK_WINDOW (self));
}

static void
show_guide_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  const char *id = self->game ? vs_game_get_variant (self->game)->id : NULL;
  GtkWidget *guide = vs_guide_window_new (gtk_window_get_application (GTK_WINDOW (self)), id);
  g_signal_connect_object (guide, "open-on-board", G_CALLBACK (guide_open_on_board_cb), self, 0);
  gtk_window_present (GTK_WINDOW (guide));
}

static void
print_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  /* Letter paper where the locale measures in inches, else A4. */
  const char *paper = gtk_paper_size_get_default ();
  vs_study_print (GTK_WINDOW (self), self->game,
                  g_str_equal (paper, GTK_PAPER_NAME_LETTER) ? VS_PAPER_LETTER : VS_PAPER_A4);
}

/* ---- Exports: the board as a diagram, the game as a PDF study sheet --------- */

/* A file name for an export: the game's title, the ply shown when
 * with_ply (a diagram), and the extension. */
static char *
export_file_name (VsWindow *self, gboolean with_ply, const char *ext)
{
  g_autofree char *title = game_title (self->game);
  guint ply = with_ply && self->cursor ? vs_game_node_get_ply (self->cursor) : 0;
  char *name = ply > 0 ? g_strdup_printf ("%s-%u.%s", title, ply, ext) : g_strdup_printf ("%s.%s", title, ext);
  g_strdelimit (name, "/\\:", '-');
  return name;
}

static void
export_diagram_to_file (VsWindow *self, const char *path, int size)
{
  g_autoptr (GError) error = NULL;
  gboolean ok = vs_export_diagram (self->board, path, size, &error);
  g_autofree char *name = g_filename_display_basename (path);
  g_autofree char *msg = ok ? g_strdup_printf (_("Diagram exported to “%s”."), name)
                            : g_strdup_printf (_("Could not export the diagram: %s"), error->message);
  show_message (self, ok ? GTK_MESSAGE_INFO : GTK_MESSAGE_ERROR, msg);
  g_signal_emit (self, signals[SIGNAL_EXPORTED], 0, ok);
}

static void
export_diagram_chosen (GtkWindow *parent, const char *path, int size, gpointer data)
{
  VsWindow *self = VS_WINDOW (parent);
  if (self->game == NULL || self->settings == NULL)   /* closed meanwhile */
    return;
  g_settings_set_int (self->settings, "diagram-export-size", size);
  export_diagram_to_file (self, path, size);
}

static void
export_diagram_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  if (self->game == NULL)
    return;
  g_autofree char *name = export_file_name (self, TRUE, "svg");
  vs_export_diagram_dialog (GTK_WINDOW (self), name,
                            g_settings_get_int (self->settings, "diagram-export-size"),
                            export_diagram_chosen, NULL);
}

/* (si): file (.svg or .png), size in pixels (0: the last size chosen). */
static void
export_diagram_to_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  const char *path;
  int size;
  g_variant_get (param, "(&si)", &path, &size);
  if (size <= 0)
    size = g_settings_get_int (self->settings, "diagram-export-size");
  export_diagram_to_file (self, path, size);
}

typedef struct {
  VsWindow *self;
  char *path;
} SheetExport;

static void
export_sheet_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  SheetExport *e = user_data;
  VsWindow *self = e->self;
  g_autoptr (GError) error = NULL;
  int n_pages = 0;
  gboolean ok = vs_export_sheet_finish (result, &n_pages, &error);
  if ((!ok && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
      || self->cancellable == NULL || g_cancellable_is_cancelled (self->cancellable))
    ;   /* the window is closing or closed */
  else
    {
      g_autofree char *name = g_filename_display_basename (e->path);
      g_autofree char *msg =
        ok ? g_strdup_printf (ngettext ("Study sheet exported to “%s” (%d page).",
                                        "Study sheet exported to “%s” (%d pages).", n_pages),
                              name, n_pages)
           : g_strdup_printf (_("Could not export the study sheet: %s"), error->message);
      show_message (self, ok ? GTK_MESSAGE_INFO : GTK_MESSAGE_ERROR, msg);
      g_signal_emit (self, signals[SIGNAL_EXPORTED], 0, ok);
    }
  g_object_unref (e->self);
  g_free (e->path);
  g_free (e);
}

static void
export_sheet_to_file (VsWindow *self, const char *path, VsPaper paper)
{
  SheetExport *e = g_new0 (SheetExport, 1);
  e->self = g_object_ref (self);
  e->path = g_strdup (path);
  vs_export_sheet_async (self, self->game, paper, path, self->cancellable, export_sheet_done, e);
}

static void
export_sheet_chosen (GtkWindow *parent, const char *path, VsPaper paper, gpointer data)
{
  VsWindow *self = VS_WINDOW (parent);
  if (self->game)
    export_sheet_to_file (self, path, paper);
}

static void
export_sheet_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  if (self->game == NULL)
    return;
  g_autofree char *name = export_file_name (self, FALSE, "pdf");
  /* Letter paper where the locale measures in inches, else A4 (as printing). */
  const char *paper = gtk_paper_size_get_default ();
  vs_export_sheet_dialog (GTK_WINDOW (self), name,
                          g_str_equal (paper, GTK_PAPER_NAME_LETTER) ? VS_PAPER_LETTER : VS_PAPER_A4,
                          export_sheet_chosen, NULL);
}

/* (ss): PDF file, paper "a4" or "letter". */
static void
export_sheet_to_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  const char *path, *paper_name;
  g_variant_get (param, "(&s&s)", &path, &paper_name);
  VsPaper paper;
  g_autoptr (GError) error = NULL;
  if (!vs_paper_parse (paper_name, &paper, &error))
    {
      g_autofree char *msg = g_strdup_printf (_("Could not export the study sheet: %s"), error->message);
      show_message (self, GTK_MESSAGE_ERROR, msg);
      g_signal_emit (self, signals[SIGNAL_EXPORTED], 0, FALSE);
      return;
    }
  export_sheet_to_file (self, path, paper);
}

/* ---- Clipboard --------------------------------------------------------------- */

static void
copy_position_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  g_autofree char *fen = vs_game_node_fen (self->cursor);
  if (fen)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), fen);
}

static void
copy_record_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  g_autofree char *pgn = vs_pgn_write_game (self->game);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), pgn);
}

/* Pasted text: a position string of the shown variant (or any other), else
 * a record. */
static void
paste_text (VsWindow *self, const char *text)
{
  g_autofree char *line = g_strstrip (g_strdup (text));
  g_autoptr (VsGame) game = NULL;
  const VsVariant *current = self->game ? vs_game_get_variant (self->game) : NULL;

  if (strchr (line, '\n') == NULL)
    {
      if (current)
        game = vs_game_new (current, line, NULL);
      for (const VsVariant *const *v = vs_variants (); !game && *v; v++)
        game = vs_game_new (*v, line, NULL);
    }
  g_autoptr (VsGameCollection) collection = vs_game_collection_new ();
  g_autoptr (GError) error = NULL;
  if (game)
    vs_game_collection_append (collection, game);
  else
    {
      VsRecordOptions options = { 0 };
      options.variant = current;
      options.filename = _("pasted text");
      vs_record_read_data (text, -1, &options, collection, &error);
    }
  /* Text that only yielded empty games with a problem is not a record. */
  gboolean empty = TRUE;
  for (guint i = 0; i < vs_game_collection_get_n_games (collection); i++)
    {
      VsGame *g = vs_game_collection_get_game (collection, i);
      if (vs_game_get_main_line_length (g) > 0 || vs_game_get_n_headers (g) > 0 || error == NULL)
        empty = FALSE;
    }
  if (empty)
    {
      g_autofree char *msg = g_strdup_printf (_("The pasted text is neither a position nor a game record: %s"),
                                              error ? error->message : _("nothing could be read"));
      show_message (self, GTK_MESSAGE_ERROR, msg);
      return;
    }
  VsWindow *target = self;
  if (self->modified)
    {
      target = vs_window_new (VS_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
      gtk_window_present (GTK_WINDOW (target));
    }
  vs_window_set_collection (target, collection, NULL);
  set_modified (target, TRUE);
  if (error)
    show_message (target, GTK_MESSAGE_WARNING, error->message);
  else
    hide_message (target);
}

static void
paste_ready (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (VsWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  if (text == NULL)
    {
      show_message (self, GTK_MESSAGE_ERROR, _("The clipboard holds no text."));
      return;
    }
  paste_text (self, text);
}

static void
paste_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  if (param)
    {
      paste_text (VS_WINDOW (widget), g_variant_get_string (param, NULL));
      return;
    }
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, paste_ready, g_object_ref (widget));
}

/* ---- Recovery and startup ------------------------------------------------------ */

static gboolean
pid_alive (int pid)
{
  return pid > 0 && (kill (pid, 0) == 0 || errno == EPERM);
}

/* Autosaves whose process is gone (a crash), newest last. */
static GPtrArray *
find_orphan_autosaves (void)
{
  GPtrArray *found = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *dir = vs_application_get_autosave_dir ();
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  while (d && (name = g_dir_read_name (d)))
    {
      if (!g_str_has_suffix (name, ".pgn"))
        continue;
      int pid = atoi (name);
      if (pid == getpid () || pid_alive (pid))
        continue;
      g_ptr_array_add (found, g_build_filename (dir, name, NULL));
    }
  return found;
}

/* A process killed while writing its autosave leaves a temporary file
 * ("PID-N.ini.XXXXXX", ".PID-N.pgn.save-XXXXXX"): remove those of dead
 * processes (the autosave itself is either the old or the new one). */
static void
remove_stale_autosave_temps (void)
{
  g_autofree char *dir = vs_application_get_autosave_dir ();
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  while (d && (name = g_dir_read_name (d)))
    {
      if (!strstr (name, ".pgn.") && !strstr (name, ".ini."))
        continue;
      /* (vs_safe_save's temporary files are hidden: ".PID-N.pgn.save-XXXXXX") */
      int pid = atoi (name[0] == '.' ? name + 1 : name);
      if (pid <= 0 || pid == getpid () || pid_alive (pid))
        continue;
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_unlink (path);
    }
}

static void
discard_recovery (VsWindow *self)
{
  for (guint i = 0; self->recovery_files && i < self->recovery_files->len; i++)
    {
      const char *path = g_ptr_array_index (self->recovery_files, i);
      g_autofree char *meta = autosave_meta_path (path);
      g_unlink (path);
      g_unlink (meta);
    }
  g_clear_pointer (&self->recovery_files, g_ptr_array_unref);
}

static void
recover (VsWindow *self)
{
  GPtrArray *files = g_steal_pointer (&self->recovery_files);
  /* A sample still being read must not replace the recovered work. */
  if (files && files->len > 0)
    {
      g_cancellable_cancel (self->cancellable);
      g_set_object (&self->cancellable, g_cancellable_new ());
      self->current_load = NULL;
      update_actions (self);
    }
  for (guint i = 0; files && i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autofree char *meta_path = autosave_meta_path (path);
      /* the description is checked (vs-autosave-meta.c); a damaged one only
       * loses where the study came from, never the study */
      g_autofree char *meta_text = NULL;
      gsize meta_len = 0;
      VsAutosaveMeta meta = { 0 };
      if (g_file_get_contents (meta_path, &meta_text, &meta_len, NULL))
        vs_autosave_meta_parse (meta_text, meta_len, &meta, NULL);
      g_autofree char *uri = g_steal_pointer (&meta.uri);

      g_autoptr (VsGameCollection) collection = vs_game_collection_new ();
      g_autoptr (GError) error = NULL;
      VsRecordOptions options = { 0 };
      g_autofree char *contents = NULL;
      gsize len;
      if (g_file_get_contents (path, &contents, &len, &error))
        vs_record_read_data (contents, len, &options, collection, &error);
      if (vs_game_collection_get_n_games (collection) == 0)
        {
          g_autofree char *msg = g_strdup_printf (_("The automatic backup could not be read: %s"),
                                                  error ? error->message : "");
          show_message (self, GTK_MESSAGE_ERROR, msg);
          continue;
        }
      VsWindow *target = self;
      if (i > 0)
        {
          target = vs_window_new (VS_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
          gtk_window_present (GTK_WINDOW (target));
        }
      g_autoptr (GFile) file = uri && *uri ? g_file_new_for_uri (uri) : NULL;
      vs_window_set_collection (target, collection, file);
      /* back on the game that was being edited */
      if (meta.game > 0 && meta.game < vs_game_collection_get_n_games (collection))
        show_game (target, meta.game);
      target->file_format = file ? format_for_file (file) : VS_RECORD_FORMAT_PGN;
      set_modified (target, TRUE);
      /* The recovered work now lives in the target's own autosave. */
      g_unlink (path);
      g_unlink (meta_path);
      show_message (target, GTK_MESSAGE_INFO, _("Recovered unsaved work. Save it to keep it."));
    }
  if (files)
    g_ptr_array_unref (files);
}

static void
recovery_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  hide_message (self);
  if (g_str_equal (action_name, "win.recover-autosaves"))
    recover (self);
  else
    discard_recovery (self);
}

static void
offer_recovery (VsWindow *self)
{
  guint n = self->recovery_files->len;
  g_autofree char *msg = g_strdup_printf (ngettext ("VariantStudy did not close properly: %u record had unsaved changes.",
                                                    "VariantStudy did not close properly: %u records had unsaved changes.", n), n);
  show_message (self, GTK_MESSAGE_QUESTION, msg);
  add_info_button (self, _("_Recover"), RESPONSE_RECOVER);
  add_info_button (self, _("_Discard"), RESPONSE_DISCARD_RECOVERY);
}

static void
info_bar_response_cb (VsWindow *self, int response)
{
  switch (response)
    {
    case RESPONSE_RECOVER:
      gtk_widget_activate_action (GTK_WIDGET (self), "win.recover-autosaves", NULL);
      break;
    case RESPONSE_DISCARD_RECOVERY:
      gtk_widget_activate_action (GTK_WIDGET (self), "win.discard-autosaves", NULL);
      break;
    case RESPONSE_CANCEL_OPEN:
      gtk_widget_activate_action (GTK_WIDGET (self), "win.cancel-open", NULL);
      break;
    case RESPONSE_SHOW_GAMES:
      hide_message (self);
      gtk_widget_activate_action (GTK_WIDGET (self), "win.game-list", NULL);
      break;
    case RESPONSE_RETRY_ENGINE:
      hide_message (self);
      engine_move_maybe (self);
      break;
    default:
      hide_message (self);
      break;
    }
}

void
vs_window_load_startup (VsWindow *self)
{
  g_return_if_fail (VS_IS_WINDOW (self));

  /* The sample record of the last variant used, so the window never starts empty. */
  g_autofree char *last = g_settings_get_string (self->settings, "last-variant");
  const VsVariant *v = vs_variant_lookup (last);
  const char *family = v ? v->family_id : "chartima";
  const char *dir = vs_application_get_samples_dir ();
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  g_autofree char *sample = NULL;
  /* The variant's annotated PGN sample if there is one, else any of its samples. */
  while (d && (name = g_dir_read_name (d)))
    if (g_str_has_prefix (name, family) && (sample == NULL || g_str_has_suffix (name, ".pgn")))
      {
        g_free (sample);
        sample = g_build_filename (dir, name, NULL);
      }
  if (sample)
    {
      g_autoptr (GFile) file = g_file_new_for_path (sample);
      load_file (self, file);
    }

  remove_stale_autosave_temps ();
  GPtrArray *orphans = find_orphan_autosaves ();
  if (orphans->len > 0)
    {
      self->recovery_files = orphans;
      /* Offered once the sample is shown (its messages would hide the offer). */
      if (sample == NULL)
        offer_recovery (self);
    }
  else
    g_ptr_array_unref (orphans);
}

/* ---- Recent files and drag and drop --------------------------------------------- */

static int
compare_recent (gconstpointer a, gconstpointer b)
{
  /* newest first */
  return g_date_time_compare (gtk_recent_info_get_modified ((GtkRecentInfo *) b),
                              gtk_recent_info_get_modified ((GtkRecentInfo *) a));
}

static void
update_recent_menu (VsWindow *self)
{
  g_menu_remove_all (self->recent_section);
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  items = g_list_sort (items, compare_recent);
  guint added = 0;
  for (GList *l = items; l && added < 8; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);
      g_autofree char *lower = g_ascii_strdown (uri, -1);
      if (!(g_str_has_suffix (lower, ".pgn") || g_str_has_suffix (lower, ".gib") ||
            g_str_has_suffix (lower, ".kif")) || !gtk_recent_info_exists (info))
        continue;
      g_autoptr (GFile) file = g_file_new_for_uri (uri);
      g_autofree char *path = g_file_get_path (file);
      if (!path)
        continue;
      g_autoptr (GMenuItem) item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);
      g_menu_item_set_action_and_target (item, "win.open-file", "s", path);
      g_menu_append_item (self->recent_section, item);
      added++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

static gboolean
drop_cb (GtkDropTarget *target, const GValue *value, double x, double y, VsWindow *self)
{
  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  GSList *files = g_value_get_boxed (value);
  for (GSList *l = files; l; l = l->next)
    vs_window_open_file (self, l->data);
  return files != NULL;
}

/* ---- Closing ------------------------------------------------------------------- */

static void
toggle_analysis_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  VsWindow *self = VS_WINDOW (widget);
  g_settings_set_boolean (self->settings, "show-analysis",
                          !g_settings_get_boolean (self->settings, "show-analysis"));
}

static void
show_analysis_changed (VsWindow *self)
{
  gboolean show = g_settings_get_boolean (self->settings, "show-analysis");
  gtk_revealer_set_reveal_child (self->analysis_revealer, show);
  gtk_toggle_button_set_active (self->analysis_button, show);
}

static void
save_window_state (VsWindow *self)
{
  int w, h;
  gtk_window_get_default_size (GTK_WINDOW (self), &w, &h);
  g_settings_set_int (self->settings, "window-width", w);
  g_settings_set_int (self->settings, "window-height", h);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (GTK_WINDOW (self)));
}

G_GNUC_BEGIN_IGNORE_DEPRECATIONS
static void
unsaved_response_cb (GtkDialog *dialog, int response, VsWindow *self)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_ACCEPT)
    {
      self->close_after_save = TRUE;
      gtk_widget_activate_action (GTK_WIDGET (self), "win.save", NULL);
    }
  else if (response == GTK_RESPONSE_REJECT)
    {
      remove_autosave (self);
      self->modified = FALSE;
      self->force_close = TRUE;
      gtk_window_close (GTK_WINDOW (self));
    }
}

static gboolean
vs_window_close_request (GtkWindow *window)
{
  VsWindow *self = VS_WINDOW (window);
  if (self->modified && !self->force_close)
    {
      g_autofree char *title = self->game ? game_title (self->game) : g_strdup (_("this game"));
      GtkWidget *dialog = gtk_message_dialog_new (window, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                                  GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                                  _("Save changes to “%s” before closing?"), title);
      gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                                _("If you don’t save, your changes will be lost."));
      gtk_dialog_add_buttons (GTK_DIALOG (dialog),
                              _("Close _without Saving"), GTK_RESPONSE_REJECT,
                              _("_Cancel"), GTK_RESPONSE_CANCEL,
                              _("_Save"), GTK_RESPONSE_ACCEPT,
                              NULL);
      gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
      g_signal_connect (dialog, "response", G_CALLBACK (unsaved_response_cb), self);
      gtk_window_present (GTK_WINDOW (dialog));
      return TRUE;
    }
  save_window_state (self);
  g_cancellable_cancel (self->cancellable);
  if (!self->modified)
    remove_autosave (self);
  return GTK_WINDOW_CLASS (vs_window_parent_class)->close_request (window);
}
G_GNUC_END_IGNORE_DEPRECATIONS

/* ---- GObject ------------------------------------------------------------------- */

static void
vs_window_dispose (GObject *object)
{
  VsWindow *self = VS_WINDOW (object);
  g_clear_handle_id (&self->autosave_source, g_source_remove);
  g_clear_handle_id (&self->load_reveal_source, g_source_remove);
  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_signal_handlers_disconnect_by_data (gtk_recent_manager_get_default (), self);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->settings);
  g_clear_object (&self->game);
  g_clear_object (&self->collection);
  g_clear_object (&self->file);
  g_clear_object (&self->history);
  g_clear_pointer (&self->recovery_files, g_ptr_array_unref);
  if (self->annotator)
    {
      g_signal_handlers_disconnect_by_data (self->annotator, self);
      vs_annotator_cancel (self->annotator);
    }
  g_clear_object (&self->annotator);
  g_clear_object (&self->annotated_game);
  if (self->opponent_cancellable)
    g_cancellable_cancel (self->opponent_cancellable);
  g_clear_object (&self->opponent_cancellable);
  g_clear_object (&self->opponent);
  gtk_widget_dispose_template (GTK_WIDGET (self), VS_TYPE_WINDOW);
  G_OBJECT_CLASS (vs_window_parent_class)->dispose (object);
}

static void
vs_window_finalize (GObject *object)
{
  VsWindow *self = VS_WINDOW (object);
  g_free (self->autosave_path);
  g_free (self->strength);
  g_ptr_array_unref (self->info_buttons);
  G_OBJECT_CLASS (vs_window_parent_class)->finalize (object);
}

static void
vs_window_class_init (VsWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = vs_window_dispose;
  G_OBJECT_CLASS (klass)->finalize = vs_window_finalize;
  GTK_WINDOW_CLASS (klass)->close_request = vs_window_close_request;

  g_type_ensure (VS_TYPE_EVAL_BAR);
  g_type_ensure (VS_TYPE_EVAL_GRAPH);
  g_type_ensure (VS_TYPE_MOVE_TREE_VIEW);
  g_type_ensure (VS_TYPE_ANALYSIS_PANE);
  g_type_ensure (VS_TYPE_HEADERS_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/example/VariantStudy/ui/vs-window.ui");
  gtk_widget_class_bind_template_child (widget_class, VsWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, analysis_button);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, info_bar);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, info_label);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, main_paned);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, board_box);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, headers_view);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, move_tree);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, analysis_revealer);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, analysis_box);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, eval_bar);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, eval_graph);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, recent_section);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, analysis_pane);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, annotate_progress);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, annotate_cancel);
  gtk_widget_class_bind_template_child (widget_class, VsWindow, annotate_spacer);
  gtk_widget_class_bind_template_callback (widget_class, analysis_score_cb);
  gtk_widget_class_bind_template_callback (widget_class, board_move_played_cb);
  gtk_widget_class_bind_template_callback (widget_class, node_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, eval_ply_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, info_bar_response_cb);

  /* Navigation */
  gtk_widget_class_install_action (widget_class, "win.go-first", NULL, go_action);
  gtk_widget_class_install_action (widget_class, "win.go-prev", NULL, go_action);
  gtk_widget_class_install_action (widget_class, "win.go-next", NULL, go_action);
  gtk_widget_class_install_action (widget_class, "win.go-last", NULL, go_action);
  gtk_widget_class_install_action (widget_class, "win.go-prev-variation", NULL, go_action);
  gtk_widget_class_install_action (widget_class, "win.go-next-variation", NULL, go_action);

  /* Editing */
  gtk_widget_class_install_action (widget_class, "win.play-move", "s", play_move_action);
  gtk_widget_class_install_action (widget_class, "win.pass", NULL, pass_action);   /* issue 18 */
  gtk_widget_class_install_action (widget_class, "win.promote-variation", NULL, promote_variation_action);
  gtk_widget_class_install_action (widget_class, "win.make-main-line", NULL, make_main_line_action);
  gtk_widget_class_install_action (widget_class, "win.move-variation-up", NULL, move_variation_action);
  gtk_widget_class_install_action (widget_class, "win.move-variation-down", NULL, move_variation_action);
  gtk_widget_class_install_action (widget_class, "win.delete-from-here", NULL, delete_from_here_action);
  gtk_widget_class_install_action (widget_class, "win.truncate-after", NULL, truncate_after_action);
  gtk_widget_class_install_action (widget_class, "win.edit-comment-before", NULL, edit_comment_action);
  gtk_widget_class_install_action (widget_class, "win.edit-comment-after", NULL, edit_comment_action);
  gtk_widget_class_install_action (widget_class, "win.set-comment-before", "s", set_comment_action);
  gtk_widget_class_install_action (widget_class, "win.set-comment-after", "s", set_comment_action);
  gtk_widget_class_install_action (widget_class, "win.toggle-nag", "i", toggle_nag_action);
  gtk_widget_class_install_action (widget_class, "win.clear-nags", NULL, clear_nags_action);
  gtk_widget_class_install_action (widget_class, "win.set-header", "(ss)", set_header_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_redo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, undo_redo_action);

  /* Files */
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-file", "s", open_file_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.save-to", "s", save_to_action);
  gtk_widget_class_install_action (widget_class, "win.game-list", NULL, game_list_action);
  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
  gtk_widget_class_install_action (widget_class, "win.new-game-from", "(ss)", new_game_from_action);
  gtk_widget_class_install_action (widget_class, "win.setup-position", NULL, setup_position_action);
  gtk_widget_class_install_action (widget_class, "win.show-guide", NULL, show_guide_action);
  gtk_widget_class_install_action (widget_class, "win.print", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "win.export-diagram", NULL, export_diagram_action);
  gtk_widget_class_install_action (widget_class, "win.export-diagram-to", "(si)", export_diagram_to_action);
  gtk_widget_class_install_action (widget_class, "win.export-sheet", NULL, export_sheet_action);
  gtk_widget_class_install_action (widget_class, "win.export-sheet-to", "(ss)", export_sheet_to_action);
  gtk_widget_class_install_action (widget_class, "win.select-game", "u", select_game_action);
  gtk_widget_class_install_action (widget_class, "win.copy-position", NULL, copy_position_action);
  gtk_widget_class_install_action (widget_class, "win.copy-record", NULL, copy_record_action);
  gtk_widget_class_install_action (widget_class, "win.paste", NULL, paste_action);
  gtk_widget_class_install_action (widget_class, "win.paste-text", "s", paste_action);
  gtk_widget_class_install_action (widget_class, "win.recover-autosaves", NULL, recovery_action);
  gtk_widget_class_install_action (widget_class, "win.discard-autosaves", NULL, recovery_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-open", NULL, cancel_open_action);

  /* View */
  gtk_widget_class_install_action (widget_class, "win.toggle-analysis", NULL, toggle_analysis_action);
  gtk_widget_class_install_action (widget_class, "win.flip-board", NULL, flip_board_action);

  /* Engine */
  gtk_widget_class_install_action (widget_class, "win.analyse", NULL, analyse_action);
  gtk_widget_class_install_action (widget_class, "win.annotate", NULL, annotate_action);
  gtk_widget_class_install_action (widget_class, "win.annotate-movetime", "i", annotate_action);
  gtk_widget_class_install_action (widget_class, "win.annotate-with", "(biii)", annotate_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-annotation", NULL, cancel_annotation_action);
  gtk_widget_class_install_action (widget_class, "win.play-engine", "s", play_engine_action);
  gtk_widget_class_install_action (widget_class, "win.take-back", NULL, take_back_action);

  /**
   * VsWindow::loaded:
   * @ok: whether a record is now shown
   *
   * A record file finished loading (tests wait for it).
   */
  signals[SIGNAL_LOADED] = g_signal_new ("loaded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  signals[SIGNAL_SAVED] = g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  /* "annotated" (gboolean completed), "engine-moved" (): for tests. */
  signals[SIGNAL_ANNOTATED] = g_signal_new ("annotated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                            0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  signals[SIGNAL_ENGINE_MOVED] = g_signal_new ("engine-moved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                               0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* "exported" (gboolean ok): a diagram or study-sheet export finished (tests). */
  signals[SIGNAL_EXPORTED] = g_signal_new ("exported", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
vs_window_init (VsWindow *self)
{
  static guint serial;
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The progress of a file being read, in the info bar beside its message. */
  self->load_bar = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_progress_bar_set_show_text (self->load_bar, TRUE);
  gtk_widget_set_valign (GTK_WIDGET (self->load_bar), GTK_ALIGN_CENTER);
  gtk_widget_set_size_request (GTK_WIDGET (self->load_bar), 200, -1);
  gtk_widget_set_visible (GTK_WIDGET (self->load_bar), FALSE);
  gtk_info_bar_add_child (self->info_bar, GTK_WIDGET (self->load_bar));
  self->history = vs_edit_history_new (0);
  self->info_buttons = g_ptr_array_new ();
  self->cancellable = g_cancellable_new ();
  self->file_format = VS_RECORD_FORMAT_PGN;
  self->engine_side = -1;
  self->opponent = vs_analysis_new ();
  self->opponent_cancellable = g_cancellable_new ();
  set_annotating (self, FALSE);

  g_autofree char *dir = vs_application_get_autosave_dir ();
  g_autofree char *name = g_strdup_printf ("%d-%u.pgn", (int) getpid (), ++serial);
  self->autosave_path = g_build_filename (dir, name, NULL);

  self->board = VS_BOARD_VIEW (vs_board_view_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->board), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->board), TRUE);
  gtk_box_append (self->board_box, GTK_WIDGET (self->board));
  g_signal_connect_swapped (self->board, "move-played", G_CALLBACK (board_move_played_cb), self);
  g_signal_connect_swapped (self->board, "shapes-changed", G_CALLBACK (board_shapes_changed_cb), self);
  /* Issue 18: the Pass button under the board (shown while Janggi is shown). */
  self->pass_button = gtk_button_new_with_mnemonic (_("_Pass"));
  gtk_widget_set_name (self->pass_button, "pass-button");
  gtk_widget_set_halign (self->pass_button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (self->pass_button, _("Pass instead of moving (Ctrl+K)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->pass_button), "win.pass");
  gtk_widget_set_visible (self->pass_button, FALSE);
  gtk_box_append (self->board_box, self->pass_button);

  GtkEventController *keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (navigation_key_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  g_signal_connect_swapped (gtk_recent_manager_get_default (), "changed",
                            G_CALLBACK (update_recent_menu), self);
  update_recent_menu (self);
  update_actions (self);
  /* The window's commands on D-Bus too (org.gtk.Actions at …/window/ID). */
  vs_window_remote_export (GTK_APPLICATION_WINDOW (self));
}

VsWindow *
vs_window_new (VsApplication *app)
{
  VsWindow *self = g_object_new (VS_TYPE_WINDOW, "application", app, NULL);
  self->settings = g_object_ref (vs_application_get_settings (app));

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  g_signal_connect_swapped (self->settings, "changed::show-analysis",
                            G_CALLBACK (show_analysis_changed), self);
  g_signal_connect (self->settings, "changed", G_CALLBACK (settings_changed_cb), self);
  vs_analysis_pane_set_settings (self->analysis_pane, self->settings);
  /* issue 21: engine arrows, line previews and practice on the board */
  vs_analysis_pane_set_board (self->analysis_pane, self->board);
  g_signal_connect_swapped (self->analysis_pane, "add-line", G_CALLBACK (analysis_add_line_cb), self);
  show_analysis_changed (self);
  apply_board_settings (self);
  return self;
}
