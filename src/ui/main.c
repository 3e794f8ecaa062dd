/* main.c — entry point of variant-study. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "vs-application.h"

/* Where the message catalogues are: $VS_LOCALEDIR if set; the build tree's
 * catalogues when this binary runs from the build tree; else LOCALEDIR. */
static char *
locale_dir (void)
{
  const char *env = g_getenv ("VS_LOCALEDIR");
  if (env && *env)
    return g_strdup (env);
  if (vs_application_is_uninstalled ())
    return g_strdup (BUILD_LOCALEDIR);
  return g_strdup (LOCALEDIR);
}

int
main (int argc, char *argv[])
{
  g_autofree char *dir = locale_dir ();

  /* Run from the build tree: use the schema compiled there. */
  if (vs_application_is_uninstalled ())
    g_setenv ("GSETTINGS_SCHEMA_DIR", BUILD_SCHEMADIR, FALSE);

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_set_application_name (_("VariantStudy"));

  g_autoptr (VsApplication) app = vs_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
