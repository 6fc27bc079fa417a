#!/usr/bin/env bash
# Measures ariadne-server against the bare Beast floor (tests/bench/floor_server.cpp)
# in the same run: each server on core 0 with one I/O thread, ariadne-load on
# core 1. Prints markdown rows for docs/benchmarks.md.
# Usage: scripts/bench-server.sh [SECONDS_PER_RUN]   (default 3, after 1 s of warm-up;
#        each point runs three times; about 4 minutes in all)
#        scripts/bench-server.sh --idle              (only the idle connections' memory)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
idle_only=false
if [ "${1:-}" = --idle ]; then
  idle_only=true
  shift
fi
seconds=${1:-3}
bash "$root/scripts/build-release.sh"
cmake --build --preset release -j 2 --target ariadne-load ariadne-floor >/dev/null
bin=$root/build/release
server_bin=$bin/server/app/ariadne-server
floor_bin=$bin/tests/bench/ariadne-floor
load_bin=$bin/clients/load/ariadne-load
# 10,000 connections need as many descriptors on each side.
ulimit -n "$(ulimit -Hn)"
work=$(mktemp -d)
pids=()
# shellcheck source=tests/support/server.sh
source "$root/tests/support/server.sh"
cleanup() {
  ariadne_cleanup
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# Starts ariadne-server on core 0; sets server_port and server_pid.
start_ariadne() {
  ariadne_start_server taskset -c 0 "$server_bin" --threads 1 --rate-limit 0 \
    --max-connections 20000 --max-connections-per-ip 20000 --max-runs 20000 \
    --max-memory-mib 16384 --max-memory-per-ip-mib 16384 || exit 1
  server_pid=$ariadne_pid
  server_port=$ariadne_port
}
start_floor() {
  mkfifo "$work/floor"
  taskset -c 0 "$floor_bin" 0 1 > "$work/floor" &
  floor_pid=$!
  pids+=("$floor_pid")
  read -r -t 30 floor_port < "$work/floor"
}
# load PORT ARGS... -> prints the JSON line of ariadne-load
load() {
  local port=$1
  shift
  taskset -c 1 "$load_bin" --url "ws://127.0.0.1:$port/ws" --warmup 1 --duration "$seconds" "$@" | tail -n 1
}
field() { /usr/bin/python3 -c "import json,sys; print(json.loads(sys.argv[1])[sys.argv[2]])" "$1" "$2"; }

if ! $idle_only; then
start_ariadne
start_floor
echo "date: $(date -u +%Y-%m-%d), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo
echo "| connections | pipeline | floor replies/s | ariadne replies/s | ratio | floor p99 us | ariadne p99 us | p99 ratio | ariadne p50 us | ariadne p99.9 us | errors |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
# Each point three times, floor and server interleaved, reporting medians: on
# a shared machine single runs wander by 10% or more.
for pipeline in 1 16; do
  for connections in 1 10 100 1000; do
    runs=()
    for _ in 1 2 3; do
      runs+=("$(load "$floor_port" -c "$connections" -p "$pipeline")")
      runs+=("$(load "$server_port" -c "$connections" -p "$pipeline")")
    done
    /usr/bin/python3 - "${runs[@]}" <<'PY'
import json, statistics, sys
runs = [json.loads(r) for r in sys.argv[1:]]
floor, ours = runs[0::2], runs[1::2]
med = lambda rs, k: statistics.median(r[k] for r in rs)
a = ours[0]
print(f"| {a['connections']} | {a['pipeline']} | {med(floor, 'replies_per_s'):,.0f} | "
      f"{med(ours, 'replies_per_s'):,.0f} | {med(ours, 'replies_per_s') / med(floor, 'replies_per_s'):.2f} | "
      f"{med(floor, 'p99_us'):.0f} | {med(ours, 'p99_us'):.0f} | "
      f"{med(ours, 'p99_us') / med(floor, 'p99_us'):.2f} | {med(ours, 'p50_us'):.0f} | "
      f"{med(ours, 'p999_us'):.0f} | {sum(r['errors'] for r in ours)} |")
PY
  done
done
echo
p=$(load "$server_port" -c 100 -p 1 --path 64)
echo "path messages of 64 moves, 100 connections: $(field "$p" moves_per_s | xargs printf '%.0f') moves/s, p99 $(field "$p" p99_us) us, errors $(field "$p" errors)"
fi

# Memory: a fresh server, RSS before and with 10,000 idle connections after hello.
$idle_only || ariadne_stop_server || true
start_ariadne
rss() { awk '/VmRSS/ {print $2}' "/proc/$1/status"; }
before=$(rss "$server_pid")
mkfifo "$work/ready"
taskset -c 1 "$load_bin" --url "ws://127.0.0.1:$server_port/ws" --idle -c 10000 --warmup 0 \
  --duration 120 --ready-file "$work/ready" > /dev/null &
load_pid=$!
pids+=("$load_pid")
read -r -t 120 held < "$work/ready"
after=$(rss "$server_pid")
kill "$load_pid" 2>/dev/null || true
echo "idle connections: $held held; server RSS $before KiB before, $after KiB with them: $(( (after - before) * 1024 / held )) bytes per connection"
