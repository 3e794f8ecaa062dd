/* vs-autosave-meta.c — see vs-autosave-meta.h. */
#include "config.h"

#include <glib/gi18n.h>

#include <string.h>

#include "vs-autosave-meta.h"

#define GROUP "autosave"

void
vs_autosave_meta_clear (VsAutosaveMeta *meta)
{
  g_clear_pointer (&meta->uri, g_free);
  meta->time = 0;
  meta->game = 0;
  g_clear_pointer (&meta->play, g_free);
  meta->kept = FALSE;
}

/* A string value, or NULL when it is missing or its escapes are not the key
 * file's (\s \n \t \r \\): GLib 2.74 warns about its own error set twice
 * when it unescapes a damaged value (a backslash ending the value after
 * a bad escape), so a damaged value is refused before it gets there. */
static char *
get_string (GKeyFile *kf, const char *key)
{
  g_autofree char *raw = g_key_file_get_value (kf, GROUP, key, NULL);
  if (raw == NULL)
    return NULL;
  for (const char *p = raw; *p; p++)
    if (*p == '\\')
      {
        p++;
        if (*p != 's' && *p != 'n' && *p != 't' && *p != 'r' && *p != '\\')
          return NULL;
      }
  return g_key_file_get_string (kf, GROUP, key, NULL);
}

gboolean
vs_autosave_meta_parse (const char *data, gsize len, VsAutosaveMeta *meta, GError **error)
{
  *meta = (VsAutosaveMeta) { 0 };
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_autoptr (GError) local = NULL;
  if (!g_key_file_load_from_data (kf, data, len, G_KEY_FILE_NONE, &local))
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_PARSE,
                   _("The backup’s description is damaged: %s"), local->message);
      return FALSE;
    }
  if (!g_key_file_has_group (kf, GROUP))
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_GROUP_NOT_FOUND,
                   _("The backup’s description is damaged: it has no [%s] section."), GROUP);
      return FALSE;
    }
  g_autofree char *uri = get_string (kf, "file");
  /* Only a well-formed absolute URI names a file to save back to. */
  if (uri && *uri && g_utf8_validate (uri, -1, NULL) && g_uri_is_valid (uri, G_URI_FLAGS_NONE, NULL))
    meta->uri = g_steal_pointer (&uri);
  gint64 t = g_key_file_get_int64 (kf, GROUP, "time", &local);
  if (local == NULL && t > 0)
    meta->time = t;
  g_clear_error (&local);
  int game = g_key_file_get_integer (kf, GROUP, "game", &local);
  if (local == NULL && game > 0)
    meta->game = (guint) game;
  g_autofree char *play = get_string (kf, "play");
  if (play && *play && g_utf8_validate (play, -1, NULL) && strlen (play) < 256)
    meta->play = g_steal_pointer (&play);
  /* only a kept game is taken up without asking */
  meta->kept = meta->play && g_key_file_get_boolean (kf, GROUP, "kept", NULL);
  return TRUE;
}

char *
vs_autosave_meta_to_data (const VsAutosaveMeta *meta, gsize *len)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_key_file_set_string (kf, GROUP, "file", meta->uri ? meta->uri : "");
  g_key_file_set_int64 (kf, GROUP, "time", meta->time);
  g_key_file_set_integer (kf, GROUP, "game", (int) MIN (meta->game, (guint) G_MAXINT));
  if (meta->play && *meta->play)
    g_key_file_set_string (kf, GROUP, "play", meta->play);
  if (meta->kept && meta->play && *meta->play)
    g_key_file_set_boolean (kf, GROUP, "kept", TRUE);
  return g_key_file_to_data (kf, len, NULL);
}
