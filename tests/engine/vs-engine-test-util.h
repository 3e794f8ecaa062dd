/* vs-engine-test-util.h — what the search tests share: which variants this
 * tree has, and the mate suites (tests/engine/mates-ID.tsv). */
#pragma once

#include "vs-variant.h"

G_BEGIN_DECLS

/* The variant `id` when its rules module is in this tree, else NULL. */
const VsVariant *vs_test_available (const char *id);
/* The first available of Crazyhouse, Janggi, Strato, Chartima. */
const VsVariant *vs_test_any_variant (void);

typedef struct {
  char *variant;
  char *fen;
  int mate;     /* mate in this many moves */
  int line;     /* in the .tsv file */
} VsMateCase;

/* The cases of mates-<variant>.tsv (G_TEST_DIST), VsMateCase*. */
GPtrArray *vs_test_load_mates (const char *variant);

G_END_DECLS
