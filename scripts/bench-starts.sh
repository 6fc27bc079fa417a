#!/usr/bin/env bash
# What costly starts do to everyone else: well-behaved players' round trips,
# quiet, then while three connections loop start/abandon on the costliest
# mazes (random walks on 8192 x 128 and 8192 x 8, Wilson on 1024 x 1024).
# Release build, the server on its default threads. Prints a markdown table
# for docs/benchmarks.md. Target: the players' p99 under 50 ms during the attack.
# Usage: scripts/bench-starts.sh [SECONDS]     (default 30 per run)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=${1:-30}
bash "$root/scripts/build-release.sh"
cmake --build --preset release -j "${ARIADNE_JOBS:-2}" --target ariadne-load >/dev/null
bin=$root/build/release
work=$(mktemp -d)
# shellcheck source=tests/support/server.sh
source "$root/tests/support/server.sh"
cleanup() {
  ariadne_cleanup
  rm -rf "$work"
}
trap cleanup EXIT
ariadne_start_server "$bin/server/app/ariadne-server" || exit 1
url=$ariadne_url
players=(--url "$url" -c 8 -w 2 -d "$seconds" --verify --side 32)
"$bin/clients/load/ariadne-load" "${players[@]}" --json "$work/quiet.json" >/dev/null
"$bin/clients/load/ariadne-load" "${players[@]}" --starts 3 --json "$work/attack.json" >/dev/null
echo "date: $(date -u +%Y-%m-%d), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
/usr/bin/python3 - "$work/quiet.json" "$work/attack.json" <<'PY'
import json, sys
rows = [("quiet", json.load(open(sys.argv[1]))), ("3 attackers", json.load(open(sys.argv[2])))]
print("| players' run | replies/s | p50 us | p99 us | p99.9 us | max us | runs verified | costly starts set up / refused |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for name, f in rows:
    h = f["hostile"]
    print(f"| {name} | {f['replies_per_s']:,.0f} | {f['p50_us']:.0f} | {f['p99_us']:.0f} | "
          f"{f['p999_us']:.0f} | {f['max_us']:.0f} | {f['verified']} | "
          f"{h['costly_starts_set_up']} / {h['costly_starts_refused']} |")
PY
