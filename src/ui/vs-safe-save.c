/* vs-safe-save.c — writing a record file without ever losing the old one. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>

#include "vs-safe-save.h"

/* The reason of a failed save (errno of the step that failed), as a
 * person can act on it. */
static char *
describe_failure (const char *path, int err)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *dir_name = g_filename_display_name (dir);

  switch (err)
    {
    case EACCES:
    case EPERM:
      /* Translators: %s is a folder. */
      return g_strdup_printf (_("you are not allowed to write in the folder “%s”"), dir_name);
    case ENOENT:
    case ENOTDIR:
      /* Translators: %s is a folder. */
      return g_strdup_printf (_("the folder “%s” does not exist (it may have been moved, removed or unmounted)"),
                              dir_name);
    case EROFS:
      /* Translators: %s is a folder. */
      return g_strdup_printf (_("the folder “%s” is on a disk that is read-only"), dir_name);
    case ENOSPC:
      /* Translators: %s is a folder. */
      return g_strdup_printf (_("the disk that holds “%s” is full"), dir_name);
    case EDQUOT:
      /* Translators: %s is a folder. */
      return g_strdup_printf (_("your disk quota for “%s” is used up"), dir_name);
    case EFBIG:
      return g_strdup (_("the file is larger than the disk or the system allows"));
    case EISDIR:
      return g_strdup (_("a folder of that name is in the way"));
    default:
      /* The system's own words (translated by the C library). */
      return g_strdup (g_strerror (err));
    }
}

static gboolean
fail (const char *path, int err, GError **error)
{
  g_autofree char *reason = describe_failure (path, err);
  /* Translators: %s is the reason a save failed ("the disk that holds … is full"). */
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (err), _("%s. The file on disk was not changed."), reason);
  return FALSE;
}

static gboolean
write_all (int fd, const char *data, gsize len)
{
  while (len > 0)
    {
      gssize n = write (fd, data, MIN (len, G_MAXSSIZE));
      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          return FALSE;
        }
      data += n;
      len -= n;
    }
  return TRUE;
}

static gboolean
safe_save (const char *path, const void *data, gsize len, GPtrArray *texts, GError **error)
{
  g_return_val_if_fail (path != NULL, FALSE);

  /* Keep the permissions of the file being replaced (a new file gets the
   * usual 0666 less the umask). */
  int mode = 0666;
  gboolean existed = FALSE;
  GStatBuf st;
  if (g_stat (path, &st) == 0)
    {
      if (S_ISDIR (st.st_mode))
        return fail (path, EISDIR, error);
      mode = st.st_mode & 07777;
      existed = TRUE;
    }

  /* The temporary file: hidden, next to the target (same file system). */
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *tmp_name = g_strdup_printf (".%s.save-XXXXXX", base);
  g_autofree char *tmp = g_build_filename (dir, tmp_name, NULL);
  int fd = g_mkstemp_full (tmp, O_RDWR | O_CLOEXEC, mode);
  if (fd < 0)
    return fail (path, errno, error);

  int err = 0;
  gboolean written = TRUE;
  if (texts == NULL)
    written = write_all (fd, data, len);
  else
    for (guint i = 0; written && i < texts->len; i++)
      written = (i == 0 || write_all (fd, "\n", 1)) && write_all (fd, texts->pdata[i], strlen (texts->pdata[i]));
  if (!written)
    err = errno;
  else if (existed && fchmod (fd, mode) != 0 && errno != EPERM)
    err = errno;
  /* Flushed to the disk before the rename: a power cut leaves the old file
   * or the new one, never an empty one. */
  else if (fsync (fd) != 0)
    err = errno;
  if (close (fd) != 0 && err == 0)
    err = errno;
  if (err == 0 && g_rename (tmp, path) != 0)
    err = errno;
  if (err != 0)
    {
      g_unlink (tmp);
      return fail (path, err, error);
    }
  return TRUE;
}

gboolean
vs_safe_save_write (const char *path, const void *data, gsize len, GError **error)
{
  return safe_save (path, data, len, NULL, error);
}

gboolean
vs_safe_save_write_texts (const char *path, GPtrArray *texts, GError **error)
{
  g_return_val_if_fail (texts != NULL, FALSE);
  return safe_save (path, NULL, 0, texts, error);
}
