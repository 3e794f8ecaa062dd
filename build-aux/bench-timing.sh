#!/usr/bin/env bash
# build-aux/bench-timing.sh [BUILDDIR] — the timing figures of the test suite,
# printed, never judged: main-loop gaps while analysing, annotating, reading
# and saving big files; engine stop and cancel latency; external-engine
# timeouts; the board's frame times.  `meson test` asserts none of these (the
# machines are shared, and a wall-clock figure measures their load); it
# asserts only what load cannot change (work off the main loop, progress
# arrives, cancel stops the work, main-thread CPU time per gap).
# Run it on the build to measure and on the one before, side by side, and
# compare ratios; quote the load line it starts with.
set -euo pipefail
cd "$(dirname "$0")/.."
b=${1:-build}
[ -x "$b/tests/ui/test-app-responsive" ] || { echo "build first: meson compile -C $b" >&2; exit 2; }
export LC_ALL=C.UTF-8 GSK_RENDERER=cairo GDK_BACKEND=x11 GTK_A11Y=none NO_AT_BRIDGE=1 GSETTINGS_BACKEND=memory \
  GSETTINGS_SCHEMA_DIR=$PWD/$b/data VS_LOCALEDIR=$PWD/$b/data/locale VS_SAMPLES_DIR=$PWD/data/samples \
  VS_TEST_DATA_DIR=$PWD/tests/data VS_APP=$PWD/$b/src/ui/variant-study
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
# figures BINARY [TEST-PATH…]: the figure lines a test prints (its messages)
figures () {
  local bin=$1; shift
  local sub; sub=$(basename "$(dirname "$bin")")
  export G_TEST_SRCDIR=$PWD/tests/$sub G_TEST_BUILDDIR=$PWD/$b/tests/$sub
  local args=()
  for p in "$@"; do args+=(-p "$p"); done
  echo "== $(basename "$bin") $*"
  "${run[@]}" "$bin" --verbose "${args[@]}" 2>&1 | sed -n 's/^# \{0,1\}//p' \
    | grep -E '[0-9] *(ms|us|µs|s)\b|latency|gap|took' || echo "(no figures: did the test fail?)"
}
run=(); figures "$b/tests/engine/test-search" /search/stop-latency/1-thread /search/stop-latency/2-threads
figures "$b/tests/engine/test-analysis" /analysis/progress-and-cancel
figures "$b/tests/engine/test-uci-client"
run=(xvfb-run -a -s "-screen 0 1280x1024x24")
figures "$b/tests/ui/test-app-responsive"
figures "$b/tests/ui/test-app-engine-faults"
figures "$b/tests/ui/test-app-no-lost-work" /app/no-lost-work/huge-file
figures "$b/tests/ui/test-app-export"
echo "== bench-board-view"
"${run[@]}" "$b/tests/ui/bench-board-view"
