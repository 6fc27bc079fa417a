#!/usr/bin/env bash
# Keeps the benchmark tools working: ariadne-load against ariadne-server (moves,
# pipelining, path messages, idle connections) and against ariadne-floor.
# Usage: load_smoke_test.sh ARIADNE-LOAD ARIADNE-SERVER ARIADNE-FLOOR
set -u
load=$1
server=$2
floor=$3
work=$(mktemp -d)
pids=()
# shellcheck source=tests/support/server.sh
source "$(dirname "${BASH_SOURCE[0]}")/../support/server.sh"
cleanup() {
  ariadne_cleanup
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  wait 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
# shellcheck source=tests/support/checks.sh
source "$(dirname "${BASH_SOURCE[0]}")/../support/checks.sh"
value() { /usr/bin/python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$1" "$2"; }

mkfifo "$work/floor" "$work/ready"
ariadne_start_server "$server" --threads 1 || exit 1
port=$ariadne_port
"$floor" 0 1 > "$work/floor" &
pids+=($!)
read -r -t 30 floor_port < "$work/floor"

"$load" --url "ws://127.0.0.1:$port/ws" -c 4 -p 4 -w 0.2 -d 0.8 --side 16 --json "$work/moves.json" > /dev/null
rc=$?
check '[ $rc -eq 0 ]' "moves: ariadne-load failed"
check '[ "$(value "$work/moves.json" errors)" = 0 ]' "moves: errors $(cat "$work/moves.json")"
check '/usr/bin/python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if d[\"replies_per_s\"] > 100 and d[\"runs\"] >= 4 and d[\"p99_us\"] > 0 else 1)" "$work/moves.json"' \
  "moves: implausible figures $(cat "$work/moves.json")"

"$load" --url "ws://127.0.0.1:$port/ws" -c 2 --path 16 -w 0.2 -d 0.5 --json "$work/path.json" > /dev/null
check '/usr/bin/python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if d[\"moves_per_s\"] > 10 * d[\"replies_per_s\"] > 0 and d[\"errors\"] == 0 else 1)" "$work/path.json"' \
  "path: each message should make 16 moves $(cat "$work/path.json")"

"$load" --url "ws://127.0.0.1:$port/ws" --idle -c 50 -w 0 -d 5 --ready-file "$work/ready" > /dev/null &
idle_pid=$!
read -r -t 30 held < "$work/ready"
check '[ "$held" = 50 ]' "idle: ready file said '$held'"
kill "$idle_pid" 2>/dev/null

"$load" --url "ws://127.0.0.1:$floor_port/ws" -c 2 -w 0.1 -d 0.5 --json "$work/floor.json" > /dev/null
check '[ "$(value "$work/floor.json" errors)" = 0 ]' "floor: errors $(cat "$work/floor.json")"

"$load" --url "ws://127.0.0.1:1/ws" -c 1 -w 0 -d 0.2 > /dev/null 2>&1
rc=$?
check '[ $rc -ne 0 ]' "a refused connection should fail the run"

echo "$passed passed, $failures failed"
[ "$failures" -eq 0 ]
