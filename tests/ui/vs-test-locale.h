/* vs-test-locale.h — binding the app's message catalogue in GUI tests, as
 * the application does at start (LANGUAGE=ja LANG=C.UTF-8 for the Japanese
 * runs; VS_LOCALEDIR names the catalogue built with the tests). */
#pragma once

#include <glib.h>
#include <libintl.h>
#include <locale.h>

/* Returns TRUE when the run is a Japanese one (LANGUAGE starts with "ja"
 * and a catalogue directory is given). */
static inline gboolean
vs_test_bind_catalogue (const char *domain)
{
  setlocale (LC_ALL, "");
  const char *dir = g_getenv ("VS_LOCALEDIR");
  if (dir == NULL)
    return FALSE;
  bindtextdomain (domain, dir);
  bind_textdomain_codeset (domain, "UTF-8");
  textdomain (domain);
  const char *language = g_getenv ("LANGUAGE");
  return language != NULL && g_str_has_prefix (language, "ja");
}
