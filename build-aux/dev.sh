#!/usr/bin/env bash
# build-aux/dev.sh — the two commands of the README quick start.
#   build-aux/dev.sh run    install what is missing, build, launch VariantStudy
#   build-aux/dev.sh test   install what is missing, build, run the whole test suite
# Works on a fresh Debian 12 (as root, or with sudo).  Ends `test` with a line
# "N passed, N failed" and a non-zero exit status on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-run}
builddir=${VS_BUILDDIR:-build}

packages=(
  build-essential meson ninja-build pkg-config gettext itstool
  libglib2.0-dev libglib2.0-bin libgtk-4-dev librsvg2-dev libsqlite3-dev
  desktop-file-utils appstream shared-mime-info
  xvfb xauth fairy-stockfish poppler-utils
  fonts-noto-cjk fonts-dejavu-core bc clang libclang-rt-14-dev
)

install_missing () {
  local missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "== installing: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

build () {
  if [ ! -f "$builddir/build.ninja" ]; then
    meson setup "$builddir" "$@"
  fi
  meson compile -C "$builddir"
}

passed=0; failed=0; skipped=0
# count <builddir> <label>: add the results of the last meson test run
count () {
  local r
  r=$(python3 - "$1/meson-logs/testlog.json" <<'PY'
import json, sys
p = f = s = 0
try:
    for line in open(sys.argv[1]):
        r = json.loads(line).get("result")
        if r in ("OK", "EXPECTEDFAIL"):
            p += 1
        elif r == "SKIP":
            s += 1
        else:
            f += 1
except OSError:
    f += 1
print(p, f, s)
PY
)
  set -- "$1" "$2" $r
  echo "$2: $3 passed, $4 failed, $5 skipped"
  passed=$((passed + $3)); failed=$((failed + $4)); skipped=$((skipped + $5))
}

case "$mode" in
  run)
    install_missing
    build
    export GSETTINGS_SCHEMA_DIR="$PWD/$builddir/data"
    exec "$builddir/src/ui/variant-study" "${@:2}"
    ;;
  test)
    install_missing
    build
    # 1. the whole suite in the normal build
    xvfb-run -a -s "-screen 0 1280x1024x24" \
      meson test -C "$builddir" --print-errorlogs --num-processes 2 "${@:2}" || true
    count "$builddir" normal
    # 2. the whole suite again with AddressSanitizer + UndefinedBehaviorSanitizer
    #    (perft lines capped lower: sanitized code runs several times slower)
    if [ "${VS_SANITIZE:-1}" != 0 ]; then
      asan="$builddir-asan"
      [ -f "$asan/build.ninja" ] || meson setup "$asan" -Db_sanitize=address,undefined -Db_lundef=false >/dev/null
      meson compile -C "$asan" >/dev/null
      ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
      LSAN_OPTIONS=suppressions=$PWD/build-aux/lsan.supp:print_suppressions=0 VS_PERFT_MAX=${VS_PERFT_MAX_ASAN:-1000000} \
      xvfb-run -a -s "-screen 0 1280x1024x24" \
        meson test -C "$asan" --print-errorlogs --num-processes 2 --timeout-multiplier 4 "${@:2}" || true
      count "$asan" sanitizers
    fi
    # 2b. the tests that run threads (analysis sessions, Lazy SMP search, the
    #     UCI client's reader thread) with ThreadSanitizer; only they are built.
    #     GLib is not instrumented: build-aux/tsan-glib.h (force-included by
    #     meson.build) publishes its synchronisation, build-aux/tsan.supp lists
    #     what stays inside GLib, and G_SLICE=always-malloc makes GSlice's
    #     memory reuse visible.  Any report fails the test (exit status 66).
    if [ "${VS_TSAN:-1}" != 0 ]; then
      tsan="$builddir-tsan"
      [ -f "$tsan/build.ninja" ] || meson setup "$tsan" -Db_sanitize=thread >/dev/null
      meson compile -C "$tsan" tests/engine/test-analysis tests/engine/test-uci-client tests/engine/test-search-threads >/dev/null
      G_SLICE=always-malloc \
      TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1 suppressions=$PWD/build-aux/tsan.supp" \
        meson test -C "$tsan" --no-rebuild --print-errorlogs --num-processes 2 --timeout-multiplier 4 \
        engine-analysis engine-uci-client engine-search-threads || true
      count "$tsan" threadsanitizer
    fi
    # 3. each fuzz target for a bounded time
    if [ "${VS_FUZZ_SECONDS:-30}" != 0 ]; then
      for t in $(sed -n "s/^  '\(fuzz-[a-z-]*\)'.*/\1/p" tests/fuzz/meson.build); do
        if bash build-aux/fuzz.sh "${VS_FUZZ_SECONDS:-30}" "$t"; then passed=$((passed+1)); echo "fuzz: $t ok"
        else failed=$((failed+1)); echo "fuzz: $t FAILED"; fi
      done
    fi
    if [ "$skipped" -gt 0 ]; then echo "$passed passed, $failed failed, $skipped skipped"
    else echo "$passed passed, $failed failed"; fi
    [ "$failed" -eq 0 ]
    ;;
  *)
    echo "usage: $0 run|test [args]" >&2
    exit 2
    ;;
esac
