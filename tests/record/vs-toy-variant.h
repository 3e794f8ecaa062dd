/* vs-toy-variant.h — a toy variant for tests of the record layer that must
 * not depend on the rules modules: from any position the legal moves are
 * "a", "b" and "c" (UCI/SAN alike); the position string is the sequence
 * played so far ("" at the start, at most 60 moves); White moves at even
 * lengths.  Geometry 8×8 so shapes ([%cal]) can be named. */
#pragma once
#include "vs-variant.h"

extern const VsVariant toy_variant;
