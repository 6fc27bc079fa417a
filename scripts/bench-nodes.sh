#!/usr/bin/env bash
# Two servers on one PostgreSQL against one (docs/benchmarks.md): the same
# competition of 100 competitors, played by one server alone, then by two
# servers (--node a, --node b) sharing the database, each with half the
# competitors, alternated three times in the same run of this script (medians
# reported). The servers (one I/O thread each) share core 0, as the one
# server has it alone: the figures compare what sharing the store costs (the
# claims under the competitor's lock, the board read from the database every
# 0.4 s, the seats), not more cores. PostgreSQL 15 (tests/support/postgres.py
# starts it) and ariadne-load run on core 1. Rounds as in bench-competition.sh:
# a sprint of ranked runs of at most 8 moves (results persisted a second) and
# a marathon of ranked runs on 32 x 32 mazes (moves a second).
# Usage: scripts/bench-nodes.sh [SECONDS_PER_RUN]   (default 5 s)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=${1:-5}
if [ -z "${ARIADNE_TEST_POSTGRES:-}" ]; then
  bash "$root/scripts/build-release.sh"
  cmake --build --preset release -j 2 --target ariadne-load >/dev/null
  exec taskset -c 1 /usr/bin/python3 "$root/tests/support/postgres.py" run -- bash "$0" "$@"
fi
bin=$root/build/release
work=$(mktemp -d /tmp/ariadne-bench-nodes.XXXXXX)
# shellcheck source=tests/support/server.sh
source "$root/tests/support/server.sh"
cleanup() {
  ariadne_cleanup
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# One database for each setting, so that both start from as many runs.
setups=(one two)
for setup in "${setups[@]}"; do
  psql -X -q -d "$ARIADNE_TEST_POSTGRES/postgres" -c "CREATE DATABASE bench_$setup"
  for i in $(seq 1 100); do
    "$bin/tools/ariadne-admin" --db "$ARIADNE_TEST_POSTGRES/bench_$setup" \
      add-competitor "c$i" >> "$work/tokens.$setup"
  done
done
head -n 50 "$work/tokens.two" > "$work/tokens.a"
tail -n 50 "$work/tokens.two" > "$work/tokens.b"

field() { /usr/bin/python3 -c "import json,sys; print(json.loads(sys.argv[1])[sys.argv[2]])" "$1" "$2"; }
sum() { /usr/bin/python3 -c "import sys; print(f'{sum(map(float, sys.argv[1:])):.0f}')" "$@"; }
# load URL CONNECTIONS TOKENS CHALLENGE: ariadne-load's summary line.
load() {
  taskset -c 1 "$bin/clients/load/ariadne-load" --url "$1" -c "$2" --tokens "$3" \
    --challenge "$4" --warmup 1 --duration "$seconds" | tail -n 1
}
# No drain: the load's runs left waiting for their competitors would hold the stop.
start() {
  ariadne_start_server taskset -c 0 "$bin/server/app/ariadne-server" --threads 1 --rate-limit 0 \
    --drain-seconds 0 --competition "$root/scripts/bench-competition.json" --db "$ARIADNE_TEST_POSTGRES/bench_$1" --node "$2" || exit 1
}
# Until every server counts `count` servers beating on the store.
wait_nodes() {
  local count=$1 port
  shift
  for _ in $(seq 1 100); do
    local all=1
    for port in "$@"; do
      curl -s "http://127.0.0.1:$port/metrics" | grep -q "^ariadne_store_nodes $count\$" || all=0
    done
    [ $all -eq 1 ] && return 0
    sleep 0.1
  done
  echo "FAIL: the servers never counted $count nodes" >&2
  exit 1
}

echo "date: $(date -u +%Y-%m-%d), $(nproc --all) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "PostgreSQL $(psql -X -A -t -d "$ARIADNE_TEST_POSTGRES/bench_one" -c 'SHOW server_version'), synchronous_commit $(psql -X -A -t -d "$ARIADNE_TEST_POSTGRES/bench_one" -c 'SHOW synchronous_commit')"
echo
echo "| round | servers | sprint: ranked results persisted/s | marathon: ranked moves/s | marathon p99 us | error replies |"
echo "| ---: | ---: | ---: | ---: | ---: | --- |"
declare -A rates=() moves=()
errors() {
  local port
  for port in "$@"; do
    curl -s "http://127.0.0.1:$port/metrics" |
      awk '/^ariadne_errors_total/ && $2 > 0 {sub(/.*code="/, ""); sub(/"}/, ""); printf "%s ", $0}'
  done
}
for round in 1 2 3; do
  # One server, every competitor.
  start one a
  sprint=$(load "$ariadne_url" 100 "$work/tokens.one" sprint)
  marathon=$(load "$ariadne_url" 100 "$work/tokens.one" marathon)
  refused=$(errors "$ariadne_port")
  ariadne_stop_server || true
  rates[one]+="$(field "$sprint" results_per_s) "
  moves[one]+="$(field "$marathon" moves_per_s) "
  printf "| %d | 1 | %.0f | %.0f | %.0f | %s |\n" "$round" "$(field "$sprint" results_per_s)" \
    "$(field "$marathon" moves_per_s)" "$(field "$marathon" p99_us)" "${refused:-none}"
  # Two servers on one database, half the competitors each, at once.
  start two a
  pid_a=$ariadne_pid port_a=$ariadne_port url_a=$ariadne_url
  start two b
  pid_b=$ariadne_pid port_b=$ariadne_port url_b=$ariadne_url
  wait_nodes 2 "$port_a" "$port_b"
  # (waited for by PID: the servers are this shell's jobs too)
  load "$url_a" 50 "$work/tokens.a" sprint > "$work/sprint.a" &
  beside=$!
  load "$url_b" 50 "$work/tokens.b" sprint > "$work/sprint.b"
  wait "$beside"
  load "$url_a" 50 "$work/tokens.a" marathon > "$work/marathon.a" &
  beside=$!
  load "$url_b" 50 "$work/tokens.b" marathon > "$work/marathon.b"
  wait "$beside"
  refused=$(errors "$port_a" "$port_b")
  ariadne_stop_server "$pid_b" || true
  ariadne_stop_server "$pid_a" || true
  rate=$(sum "$(field "$(cat "$work/sprint.a")" results_per_s)" "$(field "$(cat "$work/sprint.b")" results_per_s)")
  moved=$(sum "$(field "$(cat "$work/marathon.a")" moves_per_s)" "$(field "$(cat "$work/marathon.b")" moves_per_s)")
  p99=$(/usr/bin/python3 -c "import sys; print(max(map(float, sys.argv[1:])))" \
    "$(field "$(cat "$work/marathon.a")" p99_us)" "$(field "$(cat "$work/marathon.b")" p99_us)")
  rates[two]+="$rate "
  moves[two]+="$moved "
  printf "| %d | 2 | %.0f | %.0f | %.0f | %s |\n" "$round" "$rate" "$moved" "$p99" "${refused:-none}"
done
median() { printf '%s\n' "$@" | sort -g | sed -n 2p; }
echo
# shellcheck disable=SC2086  # the lists are words
for setup in "${setups[@]}"; do
  runs=$(psql -X -A -t -d "$ARIADNE_TEST_POSTGRES/bench_$setup" -c "SELECT count(*) FROM runs")
  echo "$setup server(s): median ranked results persisted per second $(median ${rates[$setup]}), median ranked moves per second $(median ${moves[$setup]}); $runs runs in the database; integrity: $("$bin/tools/ariadne-admin" --db "$ARIADNE_TEST_POSTGRES/bench_$setup" check)"
done
# shellcheck disable=SC2086
echo "two against one: results $(/usr/bin/python3 -c "print(f'{$(median ${rates[two]}) / $(median ${rates[one]}):.2f}')"), moves $(/usr/bin/python3 -c "print(f'{$(median ${moves[two]}) / $(median ${moves[one]}):.2f}')")"
