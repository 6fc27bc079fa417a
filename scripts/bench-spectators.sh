#!/usr/bin/env bash
# Measures what spectators cost the players: 100 connections playing as fast
# as ariadne-load can, unwatched, then each run watched by 2 spectators
# (/spectate) reading everything, interleaved three times, each on a fresh
# server (core 0, one I/O thread; the load on core 1). Reports the median
# moves a second of each, their ratio, and the server's memory per spectator
# (peak RSS watched minus unwatched, over the spectators; a fresh server each
# time, so that memory freed by one run does not hide the next one's).
# Prints markdown rows for docs/benchmarks.md.
# Usage: scripts/bench-spectators.sh [SECONDS_PER_RUN]   (default 5, after 2 s of warm-up)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=${1:-5}
connections=100
watchers=2
bash "$root/scripts/build-release.sh"
cmake --build --preset release -j 2 --target ariadne-load >/dev/null
bin=$root/build/release
work=$(mktemp -d)
server_pid=
# shellcheck source=tests/support/server.sh
source "$root/tests/support/server.sh"
cleanup() {
  ariadne_cleanup
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

start_server() {
  ariadne_start_server taskset -c 0 "$bin/server/app/ariadne-server" --threads 1 --rate-limit 0 \
    --max-spectators 10000 --max-memory-mib 16384 --max-memory-per-ip-mib 16384 || exit 1
  server_pid=$ariadne_pid
  port=$ariadne_port
}
stop_server() {
  ariadne_stop_server || true
  server_pid=
}

rss_kib() { awk '/^VmRSS:/ {print $2}' "/proc/$server_pid/status"; }
# run_load ARGS... writes "moves_per_s peak_rss_kib spectators_watching" to
# $work/figures, on a fresh server (in this shell: the EXIT trap sees it).
run_load() {
  start_server
  taskset -c 1 "$bin/clients/load/ariadne-load" --url "ws://127.0.0.1:$port/ws" \
    --connections $connections --warmup 2 --duration "$seconds" "$@" > "$work/out" &
  local load=$! peak=0 now
  while kill -0 $load 2>/dev/null; do
    now=$(rss_kib)
    [ "$now" -gt "$peak" ] && peak=$now
    sleep 0.25
  done
  wait $load
  stop_server
  /usr/bin/python3 -c 'import json, sys
f = json.loads(open(sys.argv[1]).read().splitlines()[-1])
print(round(f["moves_per_s"]), sys.argv[2], f["spectators"]["watching"])' "$work/out" "$peak" \
    > "$work/figures"
}
median() { printf '%s\n' "$@" | sort -n | sed -n 2p; }

plain=() watched=() plain_rss=() watched_rss=()
for _ in 1 2 3; do
  run_load
  read -r moves rss _ < "$work/figures"
  plain+=("$moves") plain_rss+=("$rss")
  run_load --spectators $watchers
  read -r moves rss watching < "$work/figures"
  watched+=("$moves") watched_rss+=("$rss")
done
p=$(median "${plain[@]}")
w=$(median "${watched[@]}")
pr=$(median "${plain_rss[@]}")
wr=$(median "${watched_rss[@]}")
spectators=$((connections * watchers))
echo "date: $(date -u +%Y-%m-%d), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo
echo "| runs | spectators | moves/s unwatched | moves/s watched | ratio | peak RSS unwatched | peak RSS watched | per spectator |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
/usr/bin/python3 -c 'import sys
c, s, p, w, pr, wr = map(int, sys.argv[1:])
print(f"| {c} | {s} | {p:,} | {w:,} | {w / p:.2f} | {pr / 1024:.1f} MiB | {wr / 1024:.1f} MiB | {(wr - pr) / s:.1f} KiB |")' \
  $connections $spectators "$p" "$w" "$pr" "$wr"
echo
echo "(the last watched run had $watching spectators streaming)"
