/* vs-keep-modules.c — linked into the GUI tests of AddressSanitizer builds,
 * and into those builds' variant-study, which test-app-no-lost-work starts
 * (the 128-byte Mesa leak of unknown module showed there in CI, 84b5ab3).
 *
 * LeakSanitizer symbolises the stacks of leaked blocks when the process
 * exits.  A block allocated inside a module that was unloaded by then shows
 * as "(<unknown module>)", and no suppression can match it.  Mesa unloads its
 * DRI driver when GTK closes the display, so a one-time allocation of the
 * driver (128 bytes, realloc) was reported as a leak of unknown origin on
 * some machines, while `leak:libEGL_mesa.so` / `leak:swrast_dri.so` in
 * build-aux/lsan.supp never matched.  Keeping every module mapped until exit
 * lets the fast unwinder's frames be named, so those suppressions (of
 * libraries that never call into our code) match, and leaks in our own code
 * are still reported.  The executable's dlclose() interposes libc's for every
 * library (exported with --export-dynamic-symbol: keep_modules_dep, meson.build). */
#include <dlfcn.h>

int
dlclose (void *handle)
{
  (void) handle;
  return 0;   /* the module stays loaded until the process exits */
}
