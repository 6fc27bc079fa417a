#!/usr/bin/env bash
# Fuzzes the fast command reader against the full protocol parser with
# libFuzzer (clang, AddressSanitizer, UBSan) for SECONDS (default 60).
# CTest runs the same harness without libFuzzer on seeded mutations.
# Usage: scripts/fuzz-codec.sh [SECONDS]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=${1:-60}
# shellcheck source=scripts/deps.sh
source "$root/scripts/deps.sh"
ensure_packages "${ariadne_build_packages[@]}" clang libclang-rt-14-dev
build=$root/build/fuzz
echo "==> building the libFuzzer target with clang into $build"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++ -DARIADNE_LIBFUZZER=ON -DARIADNE_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build "$build" -j 2 --target ariadne-fuzz-fast-command >/dev/null
mkdir -p "$build/corpus"
printf '%s' '{"type":"move","dir":"N","id":1}' > "$build/corpus/move"
printf '%s' '{"type":"path","dirs":"NNEESW","id":"x"}' > "$build/corpus/path"
printf '%s' '{"type":"sense"}' > "$build/corpus/sense"
echo "==> fuzzing for $seconds s"
"$build/tests/protocol/ariadne-fuzz-fast-command" -max_total_time="$seconds" -max_len=512 \
  "$build/corpus"
