#!/usr/bin/env bash
# The hardening soak on a Release build: well-behaved players, every run
# checked by an offline replay, beside hostile connections of every kind
# (tests/tools/soak_test.sh, which CTest runs for 30 s).
# Usage: scripts/soak.sh [SECONDS]     (default 600: ten minutes, plus a quiet third)
# (SOAK_QUIET_SECONDS shortens the quiet run that sets the p99 to compare with.)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=${1:-600}
bash "$root/scripts/build-release.sh"
cmake --build --preset release -j "${ARIADNE_JOBS:-2}" --target ariadne-load >/dev/null
exec bash "$root/tests/tools/soak_test.sh" "$root/build/release/server/app/ariadne-server" \
  "$root/build/release/clients/load/ariadne-load" "$seconds"
