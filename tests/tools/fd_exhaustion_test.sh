#!/usr/bin/env bash
# With its file descriptors exhausted, ariadne-server backs off and keeps
# serving once connections go away (it must not spin on accept errors).
# Usage: fd_exhaustion_test.sh ARIADNE-SERVER ARIADNE-BOT
set -u
server=$1
bot=$2
work=$(mktemp -d)
server_pid=
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
mkfifo "$work/port"
# A tiny descriptor budget for the server alone.
(ulimit -n 40 && exec "$server" --bind 127.0.0.1 --port 0 --port-file "$work/port" --threads 1 \
  --log-level warn) > "$work/log" 2>&1 &
server_pid=$!
read -r -t 30 port < "$work/port" || { echo "FAIL: the server did not start"; exit 1; }
# Hold more idle TCP connections than the server has descriptors, then let go.
/usr/bin/python3 - "$port" <<'PY'
import socket, sys, time
held = [socket.create_connection(("127.0.0.1", int(sys.argv[1]))) for _ in range(60)]
deadline = time.time() + 2
while time.time() < deadline:  # give the server time to hit the limit
    time.sleep(0.05)
for s in held:
    s.close()
PY
failures=0
grep -q "accept failed" "$work/log" || { echo "FAIL: the server never ran out of descriptors"; failures=1; }
# Once the connections are gone it serves again (within its 100 ms retry).
for _ in $(seq 1 50); do "$bot" --ping "ws://127.0.0.1:$port/ws" 2>/dev/null && break; sleep 0.1; done
"$bot" --ping "ws://127.0.0.1:$port/ws" || { echo "FAIL: the server stopped serving"; failures=1; }
lines=$(grep -c "accept failed" "$work/log")
[ "$lines" -lt 200 ] || { echo "FAIL: $lines accept failures logged: it spins"; failures=1; }
echo "$(( failures == 0 ? 3 : 0 )) passed, $failures failed"
[ "$failures" -eq 0 ]
