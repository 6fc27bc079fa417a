#!/usr/bin/env bash
# From a fresh Debian bookworm machine to a running Ariadne server with bots
# playing on it: installs what is missing, builds Release, starts
# ariadne-server on port ${ARIADNE_PORT:-8080}, waits until it is healthy,
# plays the bundled bots on three seeded mazes, then serves in the foreground
# until Ctrl-C. Every ARIADNE_* variable of ariadne-server --help applies.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
port=${ARIADNE_PORT:-8080}
export ARIADNE_MAZE_DIR=${ARIADNE_MAZE_DIR:-$root/docker/mazes}
# One line per connection and run is too chatty for a demo; ARIADNE_LOG_LEVEL=info shows it.
export ARIADNE_LOG_LEVEL=${ARIADNE_LOG_LEVEL:-warn}

bash "$root/scripts/build-release.sh"
bin=$root/build/release
server=$bin/server/app/ariadne-server
bot=$bin/clients/runner/ariadne-bot

# shellcheck source=tests/support/server.sh
source "$root/tests/support/server.sh"
ariadne_error_prefix=error:
trap ariadne_cleanup EXIT
trap 'echo; echo "==> stopping"; exit 0' INT TERM

echo "==> starting ariadne-server on port $port (mazes: $ARIADNE_MAZE_DIR)"
# Its address and port as the user asked; it says through a FIFO when it
# listens (no guessing how long to wait), then /healthz must answer.
ARIADNE_PORT=$port ariadne_launch_server --log - --timeout 60 "$server" || exit 1
bound=$ariadne_port
url=$ariadne_url
echo "==> healthy: http://127.0.0.1:$bound/healthz"

echo "==> the bundled bots on three seeded 16x16 mazes with a few loops"
"$bot" --bot all --url "$url" --generator hunt_and_kill --size 16x16 --loops 0.2 --seeds 1-3 -q || true

cat <<MSG

Ariadne is serving drones on $url
  pages:         http://127.0.0.1:$bound/ (live and finished runs: watch one at /watch/RUN)
  playground:    http://127.0.0.1:$bound/play (write a bot in the browser)
  protocol:      $root/protocol/PROTOCOL.md
  your own bot:  /usr/bin/python3 $root/clients/python/ariadne_client.py --url $url --seed 42
  compare bots:  $bot --bot all --url $url --seeds 1-20
  named mazes:   curl http://127.0.0.1:$bound/api/mazes
  metrics:       curl http://127.0.0.1:$bound/metrics
Logging at level $ARIADNE_LOG_LEVEL (set ARIADNE_LOG_LEVEL=info for a line per connection and run).
Press Ctrl-C to stop.
MSG
wait "$ariadne_pid"
