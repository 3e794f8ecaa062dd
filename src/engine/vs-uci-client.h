/* vs-uci-client.h — run an external UCI engine (GSubprocess).
 *
 * The client is synchronous and meant for a worker thread (VsAnalysis runs
 * it in its GTask thread; `match` runs it from the CLI): a reader thread
 * collects the engine's output lines, so every wait has a timeout and a
 * hung, crashed or babbling engine becomes a clear, translated GError.
 * Engine moves are turned into VsMove with vs_move_parse (…, VS_NOTATION_UCI);
 * an illegal or unknown move is an error, never a crash.
 */
#pragma once

#include <gio/gio.h>
#include "vs-variant.h"
#include "vs-search.h"

G_BEGIN_DECLS

#define VS_UCI_CLIENT_ERROR (vs_uci_client_error_quark ())
GQuark vs_uci_client_error_quark (void);

typedef enum {
  VS_UCI_CLIENT_ERROR_NOT_FOUND,        /* no such program                     */
  VS_UCI_CLIENT_ERROR_SPAWN,            /* could not start it                  */
  VS_UCI_CLIENT_ERROR_EXITED,           /* it ended (exit status or signal)    */
  VS_UCI_CLIENT_ERROR_TIMEOUT,          /* no answer in time (hung)            */
  VS_UCI_CLIENT_ERROR_PROTOCOL,         /* not a UCI engine / garbage          */
  VS_UCI_CLIENT_ERROR_ILLEGAL_MOVE,     /* it sent a move that is not legal    */
  VS_UCI_CLIENT_ERROR_UNSUPPORTED_VARIANT,
  VS_UCI_CLIENT_ERROR_BAD_COMMAND,      /* command line cannot be parsed       */
} VsUciClientError;

#define VS_TYPE_UCI_CLIENT (vs_uci_client_get_type ())
G_DECLARE_FINAL_TYPE (VsUciClient, vs_uci_client, VS, UCI_CLIENT, GObject)

/* `command_line` is split like a shell would (g_shell_parse_argv). */
VsUciClient *vs_uci_client_new        (const char *command_line);
/* Spawn, "uci" … "uciok" (timeout_ms, 0 = the watchdog time, 10 s). */
gboolean     vs_uci_client_start      (VsUciClient *self, int timeout_ms,
                                       GCancellable *cancellable, GError **error);
const char  *vs_uci_client_get_name   (VsUciClient *self);   /* "id name", or the program */
gboolean     vs_uci_client_has_option (VsUciClient *self, const char *name);
/* The option's "default" as the engine announced it, or NULL. */
const char  *vs_uci_client_get_option_default (VsUciClient *self, const char *name);
/* Send "setoption name N value V" (not checked against the option list). */
gboolean     vs_uci_client_set_option (VsUciClient *self, const char *name,
                                       const char *value, GError **error);
/* Select the variant (UCI_Variant) if the engine knows it; else
 * VS_UCI_CLIENT_ERROR_UNSUPPORTED_VARIANT.  Crazyhouse needs no option when
 * the engine has none. */
gboolean     vs_uci_client_set_variant (VsUciClient *self, const VsVariant *variant,
                                        GError **error);
gboolean     vs_uci_client_new_game   (VsUciClient *self, GError **error);
/* "isready" … "readyok". */
gboolean     vs_uci_client_sync       (VsUciClient *self, int timeout_ms, GError **error);

/* Send the position (the root of `hist`, the plies that led to `pos`, and
 * their moves; `hist` may be NULL: pos alone) and "go" with
 * `limits`; block until "bestmove".  `func` gets a VsSearchInfo for every
 * "info" line that carries a score or pv (moves parsed against `pos`).
 * Cancelling `cancellable` or calling vs_uci_client_stop() sends "stop" and
 * still waits for bestmove (up to a grace timeout).  Returns the best move
 * (VS_MOVE_NONE for "bestmove (none)"/"0000"), or VS_MOVE_NONE with an error. */
VsMove       vs_uci_client_go         (VsUciClient *self, const VsPosition *pos,
                                       const VsHistory *hist,
                                       const VsSearchLimits *limits,
                                       VsSearchInfoFunc func, gpointer user_data,
                                       VsSearchInfo *final,
                                       GCancellable *cancellable, GError **error);
/* Thread-safe. */
void         vs_uci_client_stop       (VsUciClient *self);
/* The name the user gave the engine, used in error messages instead of the
 * command line (NULL: the command line). */
void         vs_uci_client_set_label  (VsUciClient *self, const char *label);
/* Watchdog: while searching, after `timeout_ms` without a line the engine is
 * asked "isready"; no answer within another `timeout_ms` is a
 * VS_UCI_CLIENT_ERROR_TIMEOUT ("did not answer within N seconds").  It is
 * also vs_uci_client_start()'s default timeout.  Default 10 s, or the
 * environment variable VS_ENGINE_WATCHDOG_MS (tests). */
void         vs_uci_client_set_watchdog (VsUciClient *self, int timeout_ms);
int          vs_uci_client_get_watchdog (VsUciClient *self);
/* "quit", wait briefly, then kill.  Also done on finalize. */
void         vs_uci_client_quit       (VsUciClient *self);

/* Parse one "info" line against `pos` into *info (lines[multipv-1] is filled
 * for a line with a pv or score).  A pv is cut before its first illegal or
 * unknown move (a line with no legal move is ignored); garbage fields are
 * skipped.  (Returns TRUE; `error` is kept for callers.) */
gboolean     vs_uci_parse_info        (const VsPosition *pos, const char *line,
                                       VsSearchInfo *info, GError **error);

/* The UCI_Variant name Fairy-Stockfish uses for a variant ("janggitraditional"
 * for janggi, "janggicasual", "crazyhouse"), or NULL if it has none. */
const char  *vs_uci_variant_name      (const VsVariant *variant);
/* Path of Fairy-Stockfish (/usr/games/fairy-stockfish or on PATH), or NULL. */
char        *vs_uci_find_fairy_stockfish (void);
/* Every Fairy-Stockfish build found (fairy-stockfish, then
 * fairy-stockfish-largeboard; /usr/games first, then PATH), NULL-terminated.
 * The environment variable VS_FAIRY_STOCKFISH (':'-separated paths, empty
 * for none) replaces the search (tests). */
char       **vs_uci_find_fairy_stockfish_all (void);

/* After "uciok": the UCI_Variant values and the raw "option name …" lines
 * the engine announced (arrays of char*, owned by the client). */
const GPtrArray *vs_uci_client_get_variants     (VsUciClient *self);
const GPtrArray *vs_uci_client_get_option_lines (VsUciClient *self);

/* Option values ("NAME=VALUE") that every client started with
 * `command_line` sends after "uciok" (options the engine does not announce
 * are skipped).  Thread-safe; NULL or empty clears. */
void         vs_uci_client_set_user_options (const char *command_line,
                                             const char *const *name_values);
char       **vs_uci_client_get_user_options (const char *command_line);

G_END_DECLS
