/* vs-autosave-meta.h — the small key file written beside each automatic
 * backup (which file the study came from, when, which game), read back at
 * start-up to offer recovery.  GTK-free so that it can be fuzzed: the file
 * lives in the user's data directory and may be damaged or edited. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  char *uri;     /* the study's own file, or NULL for an unsaved study */
  gint64 time;   /* seconds since the epoch, 0 when unknown */
  guint game;    /* index of the game shown in a multi-game file */
  char *play;    /* a game against the engine in progress (the window's
                  * vs-window-play.c state, one line), or NULL */
  gboolean kept; /* written as its window closed with that game unfinished:
                  * taken up again at the next start, without asking */
} VsAutosaveMeta;

void vs_autosave_meta_clear (VsAutosaveMeta *meta);

/* Reads what it can: a missing or unusable key leaves its default (no URI,
 * time 0, game 0); FALSE with @error only when the data is not a key file
 * with an [autosave] group at all. */
gboolean vs_autosave_meta_parse (const char *data, gsize len, VsAutosaveMeta *meta, GError **error);

/* The key file text for @meta (a NUL-terminated string). */
char *vs_autosave_meta_to_data (const VsAutosaveMeta *meta, gsize *len);

G_END_DECLS
