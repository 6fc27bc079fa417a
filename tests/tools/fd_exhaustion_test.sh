#!/usr/bin/env bash
# A competitor with half-sent HTTP requests (from its own address) under a low
# descriptor limit: it holds at most its share of the server's connections,
# and only for the few seconds of the header timeout; meanwhile a bot from
# another address plays a whole game; accept errors are logged once a second
# at most; and the server never runs out of descriptors to refuse with.
# Usage: fd_exhaustion_test.sh ARIADNE-SERVER ARIADNE-BOT
set -u
server=$1
bot=$2
work=$(mktemp -d)
# shellcheck source=tests/support/server.sh
source "$(dirname "${BASH_SOURCE[0]}")/../support/server.sh"
cleanup() {
  ariadne_cleanup
  rm -rf "$work"
}
trap cleanup EXIT
# A small descriptor budget: the server fits its connection limit into it.
# shellcheck disable=SC2016  # $@ is the inner shell's
ariadne_start_server bash -c 'ulimit -n 256 && exec "$@"' ulimit "$server" --threads 1 \
  --max-connections-per-ip 50 || exit 1
port=$ariadne_port
# shellcheck source=tests/support/checks.sh
source "$(dirname "${BASH_SOURCE[0]}")/../support/checks.sh"

# The attacker, from 127.0.0.2: 300 connections, each a request that never ends.
/usr/bin/python3 - "$port" > "$work/attacker" 2>&1 <<'PY' &
import socket, sys, time
port = int(sys.argv[1])
held = []
for _ in range(300):
    s = socket.socket()
    s.bind(("127.0.0.2", 0))
    try:
        s.connect(("127.0.0.1", port))
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        held.append(s)
    except OSError:
        s.close()
print("held", len(held), flush=True)
time.sleep(3)
# After 3 s: refused connections (answered 503 or closed, 2 s at most) are gone;
# what is left is its share of admitted ones.
def closed(s):
    s.settimeout(0.01)
    try:
        return s.recv(1024) == b""
    except socket.timeout:
        return False
    except OSError:
        return True
print("open_after_3s", sum(not closed(s) for s in held), flush=True)
# The header timeout (5 s) ends every one of them.
deadline = time.time() + 9
for s in held:
    s.settimeout(max(0.01, deadline - time.time()))
    try:
        while s.recv(1024):
            pass
    except socket.timeout:
        print("still_open", flush=True)
    except OSError:
        pass
print("done", flush=True)
PY
attacker_pid=$!
for _ in $(seq 1 100); do grep -q held "$work/attacker" && break; sleep 0.05; done
# While the attacker holds its connections, a bot from 127.0.0.1 plays.
"$bot" --bot dfs --seeds 1 --size 8x8 --url "ws://127.0.0.1:$port/ws" -q > "$work/bot" 2>&1
rc=$?
check '[ $rc -eq 0 ]' "a bot could not play beside the attacker: $(cat "$work/bot")"
wait "$attacker_pid"
open_after=$(sed -n "s/^open_after_3s //p" "$work/attacker")
check '[ "${open_after:-999}" -le 50 ]' "the attacker kept $open_after connections (its share is 50)"
check '! grep -q still_open "$work/attacker"' "a half-sent request outlived the header timeout"
check 'grep -q done "$work/attacker"' "the attacker did not finish: $(cat "$work/attacker")"
lines=$(grep -c "accept failed" "$ariadne_log")
check '[ "$lines" -lt 20 ]' "$lines accept failures logged"
"$bot" --ping "ws://127.0.0.1:$port/ws"
rc=$?
check '[ $rc -eq 0 ]' "the server does not serve after the attack"
echo "$passed passed, $failures failed"
[ "$failures" -eq 0 ]
