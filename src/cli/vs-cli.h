/* vs-cli.h — subcommands of variant-study-cli, one file each. */
#pragma once
#include <glib.h>
#include "vs-variant.h"

G_BEGIN_DECLS

/* Each subcommand gets argv with argv[0] = the subcommand name and returns
 * the process exit status: 0 ok, 1 failure of the work, 2 bad arguments. */
typedef int (*VsCliCommand) (int argc, char **argv);

int vs_cli_perft (int argc, char **argv);
int vs_cli_replay (int argc, char **argv);   /* vs-cli-record.c */
int vs_cli_convert (int argc, char **argv);  /* vs-cli-record.c */
int vs_cli_uci (int argc, char **argv);
int vs_cli_analyze (int argc, char **argv);
int vs_cli_annotate (int argc, char **argv); /* vs-cli-engine.c */
int vs_cli_bench (int argc, char **argv);
int vs_cli_match (int argc, char **argv);
int vs_cli_diagram (int argc, char **argv);
int vs_cli_sheet (int argc, char **argv);    /* vs-cli-sheet.c */
int vs_cli_library (int argc, char **argv);  /* vs-cli-library.c */
int vs_cli_tune (int argc, char **argv);     /* vs-cli-tune.c */
int vs_cli_mates (int argc, char **argv);    /* vs-cli-mates.c */

/* Print a message to stderr in the CLI's style: "variant-study-cli: …". */
void vs_cli_error (const char *format, ...) G_GNUC_PRINTF (1, 2);

/* Parses a subcommand's options (summary: the translated "ARGS — what it
 * does" line of --help).  On bad options prints the error and returns FALSE
 * (the caller exits with status 2). */
gboolean vs_cli_parse_options (int *argc, char ***argv, const GOptionEntry *entries,
                               const char *summary);

/* Reads the record file @path into @games (a VsGameCollection *) as the
 * readers do: every game that could be read is kept, and each problem is
 * printed to stderr (then *complete is FALSE).  FALSE only when the file
 * could not be read at all (printed too).  vs-cli-record.c */
gboolean vs_cli_read_record (const char *path, const void *options, gpointer games, gboolean *complete);

/* Opening books of self-play (data/openings/VARIANT.txt): the lines of FILE
 * that are not comments, or an empty array for a NULL FILE; NULL with
 * *error if it cannot be read.  vs-cli-tune.c */
GPtrArray *vs_cli_read_book (const char *book, GError **error);
/* Set ln to a book line: "startpos moves …" or
 * "fen … moves …".  FALSE if the line does not read.  vs-cli-tune.c */
gboolean   vs_cli_play_opening (VsLine *ln, const VsVariant *v, const char *line);

/* tune label / tune correlate (vs-cli-correlate.c): held-out positions
 * scored by a UCI engine, and the evaluation's correlation with them. */
int vs_cli_tune_label     (const VsVariant *v, const char *data, const char *engine, int depth,
                           const char *out, const char *command);
int vs_cli_tune_correlate (const VsVariant *v, const char *data);

G_END_DECLS
