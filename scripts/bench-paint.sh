#!/usr/bin/env bash
# Measures what paint costs: 100 players as fast as ariadne-load can, each run
# watched by 2 spectators, beside 4 pipelined players (8 moves in flight,
# also watched by 2 spectators each), in three settings, interleaved three
# times, each on a fresh server (core 0, one I/O thread; the load on core 1;
# the default limits):
#   plain     nobody paints;
#   flood     the 4 also send a paint of 128 cells with every move, far past
#             the 20 a second the server keeps (the rest are refused);
#   everyone  as plain, but the 100 paint 128 cells every 16 moves too.
# Reports the medians of each group's moves a second and p99 latency and of
# the moves their spectators' streams showed a second, each with its ratio
# to plain. Prints markdown rows for docs/benchmarks.md.
# Usage: scripts/bench-paint.sh [SECONDS_PER_RUN]   (default 5, after 1 s of warm-up)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=${1:-5}
bash "$root/scripts/build-release.sh"
cmake --build --preset release -j 2 --target ariadne-load >/dev/null
bin=$root/build/release
work=$(mktemp -d)
# shellcheck source=tests/support/server.sh
source "$root/tests/support/server.sh"
cleanup() {
  ariadne_cleanup
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

load() {
  taskset -c 1 "$bin/clients/load/ariadne-load" --url "ws://127.0.0.1:$ariadne_port/ws" \
    --spectators 2 --warmup 1 --duration "$seconds" "$@"
}
# figures FILE: "moves/s p99_us spectators' moves/s paints kept/s refused/s"
figures() {
  /usr/bin/python3 -c 'import json, sys
f = json.loads(open(sys.argv[1]).read().splitlines()[-1])
print(round(f["moves_per_s"]), round(f["p99_us"]), round(f["spectators"]["moves_per_s"]),
      round(f["paints"]["kept_per_s"]), round(f["paints"]["refused_per_s"]))' "$1"
}
# measure NAME MANY_ARGS FEW_ARGS: both groups at once on a fresh server
# (in this shell: the EXIT trap sees it); appends to $work/NAME.many, .few.
measure() {
  local name=$1 many_args=$2 few_args=$3
  ariadne_start_server taskset -c 0 "$bin/server/app/ariadne-server" --threads 1 \
    --max-spectators 10000 --max-memory-mib 16384 --max-memory-per-ip-mib 16384 || exit 1
  # shellcheck disable=SC2086 # the arguments are words
  load --connections 4 --pipeline 8 $few_args > "$work/few.out" &
  local few=$!
  # shellcheck disable=SC2086
  load --connections 100 $many_args > "$work/many.out"
  wait "$few"
  ariadne_stop_server || true
  figures "$work/many.out" >> "$work/$name.many"
  figures "$work/few.out" >> "$work/$name.few"
}

for _ in 1 2 3; do
  measure plain "" ""
  measure flood "" "--paint-every 1"
  measure everyone "--paint-every 16" ""
done
echo "date: $(date -u +%Y-%m-%d), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo
echo "| setting | group | moves/s | ratio | p99 | spectators' moves/s | ratio | paints kept/s | refused/s |"
echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
/usr/bin/python3 - "$work" <<'PY'
import os, statistics, sys
work = sys.argv[1]
def rows(name):
    return [list(map(int, line.split())) for line in open(os.path.join(work, name))]
def medians(name):
    return [statistics.median(column) for column in zip(*rows(name))]
for group, label in (("many", "the 100"), ("few", "the 4")):
    base = medians(f"plain.{group}")
    for setting in ("plain", "flood", "everyone"):
        moves, p99, watch, kept, refused = medians(f"{setting}.{group}")
        print(f"| {setting} | {label} | {moves:,.0f} | {moves / base[0]:.2f} | {p99 / 1000:.1f} ms | "
              f"{watch:,.0f} | {watch / base[2]:.2f} | {kept:,.0f} | {refused:,.0f} |")
PY
