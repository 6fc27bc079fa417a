#!/usr/bin/env bash
# Installs what is missing, configures, builds and runs every test.
# Usage: scripts/test.sh            (preset "ci": optimised, assertions on, -Werror)
#        ARIADNE_PRESET=asan scripts/test.sh    (address and undefined-behaviour sanitizers, clang)
#        ARIADNE_PRESET=fuzz scripts/test.sh    (each libFuzzer target for a few seconds)
#        scripts/test.sh build      only install, configure and build
#        scripts/test.sh test [CTEST OPTIONS]   only run the tests of the build
#                                   made before (-L perf: those labelled perf)
# (.ci/run builds one preset while the tests of another run.)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/deps.sh
source "$root/scripts/deps.sh"
preset=${ARIADNE_PRESET:-ci}
jobs=${ARIADNE_JOBS:-2}
step=${1:-all}
case $step in all | build) [ $# -le 1 ] || step=bad ;; test) ;; *) step=bad ;; esac
if [ "$step" = bad ]; then
  echo "usage: scripts/test.sh [build | test [CTEST OPTIONS]]" >&2
  exit 2
fi
[ $# -eq 0 ] || shift

cd "$root"
log="$root/build/$preset.log"
if [ "$step" != test ]; then
  ensure_packages "${ariadne_build_packages[@]}"
  # The sanitizer and fuzz presets build with clang (its ASan, UBSan and libFuzzer).
  case $preset in asan | fuzz) ensure_packages "${ariadne_fuzz_packages[@]}" ;; esac
  mkdir -p "$root/build"
  echo "==> configuring (preset $preset)"
  if ! cmake --preset "$preset" >"$log" 2>&1; then
    cat "$log"
    echo "error: configuring failed" >&2
    exit 1
  fi
  echo "==> building with $jobs jobs (log: build/$preset.log)"
  if ! cmake --build --preset "$preset" -j "$jobs" >>"$log" 2>&1; then
    grep -E "error|Error" -A3 "$log" | head -60
    echo "error: the build failed; the whole log is in build/$preset.log" >&2
    exit 1
  fi
fi
[ "$step" != build ] || exit 0

if [ "$preset" != fuzz ]; then
  # The JavaScript kit's tests: Node (these machines have Node 20 with its own
  # npm; Debian's nodejs and npm only where node is missing) and the kit's
  # locked npm packages, installed again only when the lock changed.
  command -v node >/dev/null 2>&1 || ensure_packages nodejs npm
  ensure_packages "${ariadne_browser_packages[@]}"
  lock_sum=$(sha256sum clients/js/package-lock.json | cut -d' ' -f1)
  stamp=clients/js/node_modules/.installed-from-lock
  if [ "$(cat "$stamp" 2>/dev/null)" != "$lock_sum" ]; then
    echo "==> npm ci (clients/js)"
    (cd clients/js && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
    echo "$lock_sum" >"$stamp"
  fi
fi
echo "==> testing"
if ! ctest --preset "$preset" --timeout 600 "$@"; then
  echo "error: some tests failed (see above)" >&2
  exit 1
fi
