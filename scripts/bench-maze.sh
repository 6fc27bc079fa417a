#!/usr/bin/env bash
# Builds the release preset and runs the maze benchmarks (generators at
# 256x256 and 2048x2048, BFS at 2048x2048). Extra arguments go to Google
# Benchmark, e.g. --benchmark_filter=hunt.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/deps.sh
source "$root/scripts/deps.sh"
ensure_packages "${ariadne_build_packages[@]}"
cd "$root"
cmake --preset release >/dev/null
cmake --build --preset release -j 2 --target ariadne-bench-maze >/dev/null
exec build/release/tests/bench/ariadne-bench-maze \
  --benchmark_filter='(generate/.*/(256|2048)$)|(bfs_distances/2048$)' "$@"
