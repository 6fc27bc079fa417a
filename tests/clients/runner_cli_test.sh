#!/usr/bin/env bash
# ariadne-bot as a user runs it: offline and against a real server, with the
# same step counts both ways, JSON output, exit codes.
# Usage: runner_cli_test.sh PATH/TO/ariadne-bot PATH/TO/ariadne-server
set -u
bot=$1
server=$2
work=$(mktemp -d)
# shellcheck source=tests/support/server.sh
source "$(dirname "${BASH_SOURCE[0]}")/../support/server.sh"
cleanup() {
  ariadne_cleanup
  rm -rf "$work"
}
trap cleanup EXIT
# shellcheck source=tests/support/checks.sh
source "$(dirname "${BASH_SOURCE[0]}")/../support/checks.sh"

ariadne_start_server "$server" || exit 1
url=$ariadne_url

args=(--bot all --generator prim --size 12x9 --seeds 1-15 --loops 0.4 --treasures 2 --reuse-walls 5 -q)
"$bot" "${args[@]}" --offline --json "$work/offline.json" > "$work/offline.txt"
rc=$?
check '[ $rc -eq 0 ]' "offline run exited non-zero: $(cat "$work/offline.txt")"
"$bot" "${args[@]}" --url "$url" --jobs 2 --json "$work/online.json" > "$work/online.txt"
rc=$?
check '[ $rc -eq 0 ]' "online run exited non-zero: $(cat "$work/online.txt")"
compare='import json,sys
a,b=(json.load(open(f)) for f in sys.argv[1:3])
key=lambda r:(r["bot"],r["seed"],r["status"],r["steps"],r["bumps"],r["score"],r["optimal"])
sys.exit(0 if len(a["runs"])==75 and sorted(map(key,a["runs"]))==sorted(map(key,b["runs"])) else 1)'
check '/usr/bin/python3 -c "$compare" "$work/offline.json" "$work/online.json"' \
  "offline and online games differ"
check 'grep -q "^tremaux .* 15 .* 15 " "$work/offline.txt"' "the table lacks tremaux's row: $(cat "$work/offline.txt")"

# --show draws the maze with the path.
"$bot" --bot frontier --offline --seeds 3 --size 8x8 --show -q > "$work/show.txt"
check 'grep -q "^| S\|S " "$work/show.txt" && grep -q "G" "$work/show.txt" && grep -q "\." "$work/show.txt"' \
  "--show drew no maze: $(cat "$work/show.txt")"

# Errors: exit code 2 and one line.
expect_error() {
  "$bot" "$@" > /dev/null 2> "$work/err"
  local code=$?
  check "[ $code -eq 2 ] && [ \$(wc -l < '$work/err') -eq 1 ]" "'$*' gave exit $code: $(cat "$work/err")"
}
expect_error --bot nobody --offline
expect_error --size 0x3 --offline
expect_error --seeds 9-1 --offline
expect_error --generator nope --offline
expect_error --url ws://127.0.0.1:1/ws --seeds 1
expect_error --maze missing --url "$url" --seeds 1 --bot dfs
# The rules' own limits and sentences (core/model/limits.hpp).
expect_error --offline --treasures 5000
check 'grep -q "\"treasures\" must be from 1 to 1000, got 5000" "$work/err"' "treasures message: $(cat "$work/err")"
expect_error --offline --maze hedge5x5 --loops 3

# A server that accepts and never answers: --ping gives up after --timeout.
/usr/bin/python3 -c '
import socket, sys, time
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(8)
print(s.getsockname()[1], flush=True)
time.sleep(60)' > "$work/hung_port" &
hung_pid=$!
for _ in $(seq 1 100); do [ -s "$work/hung_port" ] && break; sleep 0.05; done
began=$(date +%s)
"$bot" --ping "http://127.0.0.1:$(cat "$work/hung_port")/healthz" --timeout 0.5 2> "$work/err"
code=$?
took=$(( $(date +%s) - began ))
kill "$hung_pid" 2>/dev/null
check "[ $code -eq 1 ] && [ $took -lt 10 ] && grep -q 'no answer within 500 ms' '$work/err'" \
  "--ping of a hung server: exit $code after $took s: $(cat "$work/err")"

# --plot: the spread of every bot's runs, a dot a run and a median line a bot.
"$bot" --bot all --offline --generator prim --size 12x12 --seeds 1-20 --quiet \
  --plot "$work/spread.svg" > /dev/null
check '/usr/bin/python3 -c "
import sys, xml.etree.ElementTree as et
svg = et.parse(sys.argv[1]).getroot()
ns = {\"s\": \"http://www.w3.org/2000/svg\"}
dots = svg.findall(\".//s:circle\", ns)
medians = [l for l in svg.findall(\".//s:line\", ns) if l.find(\"s:title\", ns) is not None]
texts = [t.text for t in svg.findall(\".//s:text\", ns)]
assert len(dots) == 5 * 20, len(dots)
assert len(medians) == 5, len(medians)
assert \"frontier\" in texts and \"tremaux\" in texts, texts
" "$work/spread.svg"' "--plot draws a dot a run and a median a bot"
"$bot" --bot dfs --offline --generator prim --size 12x12 --seeds 1-5 --quiet \
  --plot "$work/steps.svg" --plot-of steps > /dev/null
check 'grep -q ">steps</text>" "$work/steps.svg"' "--plot-of steps labels its axis"
"$bot" --bot dfs --offline --seeds 1 --quiet --plot-of area 2> "$work/err" > /dev/null
code=$?
check "[ $code -ne 0 ] && grep -q 'plot-of' '$work/err'" "--plot-of refuses what it cannot draw"

echo "$passed passed, $failures failed"
[ "$failures" -eq 0 ]
