#!/usr/bin/env bash
# What TLS costs, against plain in the same run: move round trips over wss://
# and ws:// (100 connections, pipeline 1 and 16, alternating, medians of
# three), full and resumed TLS handshakes a second (three openssl s_time at
# once, with an RSA 2048 and an ECDSA P-256 certificate), and the server's resident memory
# per idle connection at 10,000 connections, plain and TLS. The server runs
# on core 0 with one I/O thread, the clients on core 1. Prints markdown for
# docs/benchmarks.md.
# Usage: scripts/bench-tls.sh [SECONDS_PER_RUN]   (default 3, after 1 s of warm-up; about 6 minutes)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=${1:-3}
bash "$root/scripts/build-release.sh"
cmake --build --preset release -j 2 --target ariadne-load >/dev/null
bin=$root/build/release
server_bin=$bin/server/app/ariadne-server
load_bin=$bin/clients/load/ariadne-load
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

# Two self-signed certificates for localhost: RSA 2048 (the README's) and
# ECDSA P-256 (what Let's Encrypt's certbot makes by default).
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=localhost \
  -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" -keyout "$work/rsa.key" \
  -out "$work/rsa.pem" 2>/dev/null
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
  -subj /CN=localhost -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
  -keyout "$work/ec.key" -out "$work/ec.pem" 2>/dev/null

# start KEY_KIND: ariadne-server on core 0 with that certificate; sets port, pid.
start() {
  ariadne_start_server taskset -c 0 "$server_bin" --threads 1 --rate-limit 0 \
    --max-connections 20000 --max-connections-per-ip 20000 --max-runs 20000 \
    --max-memory-mib 16384 --max-memory-per-ip-mib 16384 \
    --tls-cert "$work/$1.pem" --tls-key "$work/$1.key" || exit 1
  port=$ariadne_port
  pid=$ariadne_pid
}
load() {
  local url=$1
  shift
  taskset -c 1 "$load_bin" --url "$url" --ca "$work/rsa.pem" --warmup 1 --duration "$seconds" "$@" |
    tail -n 1
}

echo "date: $(date -u +%Y-%m-%d), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(openssl version)"
echo
# Memory first: the handshakes below leave tens of thousands of client ports
# in TIME_WAIT, too few for 10,000 more connections.
rss() { awk '/VmRSS/ {print $2}' "/proc/$1/status"; }
# 10,000 idle connections, opened 1,000 at a time: all at once, the last TLS
# handshakes would pass the server's 5 s deadline (and the heap would keep
# the high-water of 10,000 handshakes in flight).
for scheme in ws wss; do
  start ec
  before=$(rss "$pid")
  host=$([ "$scheme" = wss ] && echo localhost || echo 127.0.0.1)
  held=0
  for batch in $(seq 1 10); do
    rm -f "$work/ready"
    mkfifo "$work/ready"
    taskset -c 1 "$load_bin" --url "$scheme://$host:$port/ws" --ca "$work/ec.pem" --idle -c 1000 \
      --warmup 0 --duration 600 --ready-file "$work/ready" >/dev/null &
    pids+=($!)
    read -r -t 120 batch_held <"$work/ready"
    held=$((held + batch_held))
  done
  # The server gives a burst's free pages back within a second of its last
  # handshake (heap_trimmer): read the memory the connections keep.
  sleep 2
  after=$(rss "$pid")
  ariadne_stop_server || true
  for load_pid in "${pids[@]}"; do kill "$load_pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  pids=()
  per=$(((after - before) * 1024 / held))
  echo "idle $scheme:// connections: $held held; server RSS $before KiB before, $after KiB with them: $per bytes per connection"
  eval "per_$scheme=$per"
done
awk -v t="$per_wss" -v p="$per_ws" 'BEGIN {printf "an idle TLS connection holds %.1fx what a plain one does\n", t / p}'
echo
start rsa
echo "| connections | pipeline | ws:// moves/s | wss:// moves/s | ratio | ws:// p99 us | wss:// p99 us | errors |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for pipeline in 1 16; do
  runs=()
  for _ in 1 2 3; do
    runs+=("$(load "ws://127.0.0.1:$port/ws" -c 100 -p "$pipeline")")
    runs+=("$(load "wss://localhost:$port/ws" -c 100 -p "$pipeline")")
  done
  /usr/bin/python3 - "${runs[@]}" <<'PY'
import json, statistics, sys
runs = [json.loads(r) for r in sys.argv[1:]]
plain, tls = runs[0::2], runs[1::2]
med = lambda rs, k: statistics.median(r[k] for r in rs)
print(f"| 100 | {plain[0]['pipeline']} | {med(plain, 'moves_per_s'):,.0f} | {med(tls, 'moves_per_s'):,.0f} | "
      f"{med(tls, 'moves_per_s') / med(plain, 'moves_per_s'):.2f} | {med(plain, 'p99_us'):.0f} | "
      f"{med(tls, 'p99_us'):.0f} | {sum(r['errors'] for r in runs)} |")
PY
done
ariadne_stop_server || true

echo
# Handshakes: three s_time clients at once on core 1 (one alone waits on its
# own round trips), counted by the clients; the server's CPU time over the
# same seconds gives what one core does. s_time resumes TLS 1.2 sessions (the
# server's cache) but not TLS 1.3 tickets: the resumed column is TLS 1.2.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
handshakes() {
  local outs=() i began ended ticks made
  ticks=$(cpu_ticks "$pid")
  began=$(date +%s.%N)
  for i in 1 2 3; do
    taskset -c 1 openssl s_time -connect "127.0.0.1:$port" "$@" -time "$seconds" >"$work/s_time.$i" 2>&1 &
    outs+=($!)
  done
  wait "${outs[@]}"
  ended=$(date +%s.%N)
  ticks=$(($(cpu_ticks "$pid") - ticks))
  made=$(cat "$work"/s_time.* | awk '/connections in [0-9.]+s;/ {n += $1} END {print n + 0}')
  awk -v n="$made" -v a="$began" -v b="$ended" -v t="$ticks" -v hz="$(getconf CLK_TCK)" \
    'BEGIN {printf "%.0f a second (%.0f per second of server CPU, the core %.0f%% busy)", n / (b - a), n / (t / hz), 100 * (t / hz) / (b - a)}'
}
echo "| certificate | full TLS 1.3 handshakes | resumed TLS 1.2 handshakes |"
echo "| --- | --- | --- |"
for kind in rsa ec; do
  start "$kind"
  full=$(handshakes -new)
  resumed=$(handshakes -reuse -tls1_2)
  name=$([ "$kind" = rsa ] && echo "RSA 2048" || echo "ECDSA P-256")
  echo "| $name | $full | $resumed |"
  ariadne_stop_server || true
done

