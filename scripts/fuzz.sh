#!/usr/bin/env bash
# Runs one libFuzzer target for longer than CTest does (clang, AddressSanitizer,
# UBSan), from its seed corpus in tests/fuzz/corpus/TARGET; what it finds is
# kept in build/fuzz/tests/fuzz/found-TARGET, crashes as crash-* files here.
# Usage: scripts/fuzz.sh TARGET [SECONDS]     (default 60)
#        scripts/fuzz.sh --list
# Targets: maze_text, client_message, fast_command, http_target, drone_replies, tls_detect.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/deps.sh
source "$root/scripts/deps.sh"
if [ "${1:-}" = "--list" ]; then
  ls "$root/tests/fuzz/corpus"
  exit 0
fi
target=${1:?usage: scripts/fuzz.sh TARGET [SECONDS] (scripts/fuzz.sh --list)}
seconds=${2:-60}
[ -d "$root/tests/fuzz/corpus/$target" ] ||
  { echo "error: no fuzz target '$target' (scripts/fuzz.sh --list)" >&2; exit 2; }
ensure_packages "${ariadne_build_packages[@]}" "${ariadne_fuzz_packages[@]}"
cd "$root"
echo "==> building the libFuzzer targets (preset fuzz, clang) into build/fuzz"
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "${ARIADNE_JOBS:-2}" >/dev/null
found=build/fuzz/tests/fuzz/found-$target
mkdir -p "$found"
echo "==> fuzzing $target for $seconds s"
"build/fuzz/tests/fuzz/ariadne-fuzz-$target" -max_total_time="$seconds" -rss_limit_mb=2048 \
  -timeout=10 -print_final_stats=1 "$found" "tests/fuzz/corpus/$target"
