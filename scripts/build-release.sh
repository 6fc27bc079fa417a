#!/usr/bin/env bash
# Installs what is missing and builds the release preset (incremental) into
# build/release: the four programs, or with --all every target, tests included.
# Quiet on success; on failure, the end of the build log.
# Used by scripts/run.sh, scripts/bot-report.sh and docker/Dockerfile.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/deps.sh
source "$root/scripts/deps.sh"
ensure_packages "${ariadne_build_packages[@]}"
targets=(--target ariadne-server ariadne-bot ariadne-maze ariadne-admin)
[ "${1:-}" = --all ] && targets=()
cd "$root"
mkdir -p build
log=build/release.log
echo "==> building Release into build/release (log: $log)"
if ! { cmake --preset release && cmake --build --preset release -j "${ARIADNE_JOBS:-2}" \
         "${targets[@]}"; } >"$log" 2>&1; then
  grep -E "error|Error" -A3 "$log" | head -40
  echo "error: the release build failed; the whole log is in $log" >&2
  exit 1
fi
