#!/usr/bin/env bash
# What nginx costs in front of a node (docker/cluster/nginx.conf, one
# worker): moves a second through the proxy against straight to the node, in
# the same run (alternating, medians of three), and nginx's CPU time per
# 1,000 messages (replies and moves in, read from /proc across each proxied
# run). The node runs on core 0 with one I/O thread; ariadne-load and nginx
# share core 1, so the node's core is the same in both. Prints markdown for
# docs/benchmarks.md and docs/scaling.md.
# Usage: scripts/bench-proxy.sh [SECONDS_PER_RUN]   (default 3, after 1 s of warm-up; about 2 minutes)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=${1:-3}
# shellcheck source=scripts/deps.sh
source "$root/scripts/deps.sh"
ensure_packages "${ariadne_proxy_packages[@]}"
bash "$root/scripts/build-release.sh"
cmake --build --preset release -j 2 --target ariadne-load >/dev/null
bin=$root/build/release
load_bin=$bin/clients/load/ariadne-load
ulimit -n "$(ulimit -Hn)"
work=$(mktemp -d)
nginx_pid=
# shellcheck source=tests/support/server.sh
source "$root/tests/support/server.sh"
cleanup() {
  ariadne_cleanup
  if [ -n "$nginx_pid" ]; then
    kill -QUIT "$nginx_pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$nginx_pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$nginx_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

ariadne_start_server taskset -c 0 "$bin/server/app/ariadne-server" --threads 1 --rate-limit 0 \
  --max-connections 20000 --max-connections-per-ip 20000 --max-runs 20000 \
  --max-memory-mib 16384 --max-memory-per-ip-mib 16384 --trusted-proxy 127.0.0.1 || exit 1
node_port=$ariadne_port
proxy_port=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# The shipped file for this node alone, with one worker; no access log
# entries are written per message (a WebSocket is one request).
mkdir -p "$work/nginx/logs" "$work/nginx/temp"
/usr/bin/python3 "$root/docker/cluster/cluster.py" --render "$proxy_port" "$node_port" |
  sed 's/^worker_processes auto;/worker_processes 1;/' >"$work/nginx/nginx.conf"
if [ "$(id -u)" -eq 0 ]; then
  chmod 0755 "$work" "$work/nginx"
  chown nobody:nogroup "$work/nginx/temp"
fi
taskset -c 1 nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -g "daemon off;" \
  >"$work/nginx/stderr.log" 2>&1 &
nginx_pid=$!
for _ in $(seq 1 100); do
  /usr/bin/python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=1)' \
    "http://127.0.0.1:$proxy_port/healthz" 2>/dev/null && break
  sleep 0.1
done
worker=$(pgrep -P "$nginx_pid" | head -1)
[ -n "$worker" ] || {
  cat "$work/nginx/stderr.log"
  echo "nginx did not start" >&2
  exit 1
}
# CPU time of a process in clock ticks (user + system).
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
load() {
  local port=$1
  shift
  taskset -c 1 "$load_bin" --url "ws://127.0.0.1:$port/ws" --warmup 1 --duration "$seconds" "$@" |
    tail -n 1
}

echo "date: $(date -u +%Y-%m-%d), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nginx -v 2>&1)"
echo
echo "| connections | pipeline | direct moves/s | through nginx moves/s | ratio | direct p99 us | nginx p99 us | nginx CPU ms per 1,000 messages |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
hz=$(getconf CLK_TCK)
for pipeline in 1 16; do
  for connections in 10 100 1000; do
    runs=()
    for _ in 1 2 3; do
      runs+=("$(load "$node_port" -c "$connections" -p "$pipeline")")
      before=$(ticks "$worker")
      proxied=$(load "$proxy_port" -c "$connections" -p "$pipeline")
      after=$(ticks "$worker")
      # The worker's CPU over the run (warm-up included: its messages are
      # counted at the same rate as the measured ones).
      runs+=("$proxied" "$(((after - before) * 1000 / hz))")
    done
    /usr/bin/python3 - "$seconds" "${runs[@]}" <<'PY'
import json, statistics, sys
seconds = float(sys.argv[1])
rest = sys.argv[2:]
direct = [json.loads(rest[i]) for i in range(0, len(rest), 3)]
proxied = [json.loads(rest[i]) for i in range(1, len(rest), 3)]
cpu_ms = [float(rest[i]) for i in range(2, len(rest), 3)]
med = lambda rs, k: statistics.median(r[k] for r in rs)
# Messages the proxy carried over warm-up and run: a move and its reply each.
per_1000 = statistics.median(ms / (2 * r["replies_per_s"] * (seconds + 1) / 1000)
                             for ms, r in zip(cpu_ms, proxied))
a = proxied[0]
print(f"| {a['connections']} | {a['pipeline']} | {med(direct, 'moves_per_s'):,.0f} | "
      f"{med(proxied, 'moves_per_s'):,.0f} | "
      f"{med(proxied, 'moves_per_s') / med(direct, 'moves_per_s'):.2f} | "
      f"{med(direct, 'p99_us'):.0f} | {med(proxied, 'p99_us'):.0f} | {per_1000:.3f} |")
PY
  done
done
