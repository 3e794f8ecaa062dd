/* vs-test-util.h — shared helpers for the rules tests. */
#pragma once
#include "vs-variant.h"

typedef struct {
  const VsVariant *variant;
  char *fen;
  int depth;
  guint64 nodes;
  int line;
} VsPerftCase;

/* Reads tests/data/perft/NAME.tsv (rules column optional).  Returns a
 * GPtrArray of VsPerftCase* (free with g_ptr_array_unref). */
GPtrArray *vs_test_load_perft (const char *name, const VsVariant *default_variant);
char *vs_test_data_path (const char *relative);
