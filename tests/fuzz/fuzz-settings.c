/* fuzz-settings.c — libFuzzer entry point; the checks are vs_fuzz_settings() in vs-fuzz-settings.c. */
#include "vs-fuzz.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  vs_fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  vs_fuzz_settings (data, size);
  return 0;
}
