#!/usr/bin/env bash
# Three connections loop start/abandon on the costliest mazes (random walks on
# 8192 x 128 and 8192 x 8, Wilson on 1024 x 1024) while well-behaved players
# move: the players' p99 round trip must stay far from the seconds it took
# before big set-ups left the I/O threads. The target is 50 ms
# (scripts/bench-starts.sh measures it); this check allows 250 ms, for noisy
# machines.
# Usage: start_attack_test.sh ARIADNE-SERVER ARIADNE-LOAD [SECONDS]
set -u
server=$1
load=$2
seconds=${3:-8}
work=$(mktemp -d)
# shellcheck source=tests/support/server.sh
source "$(dirname "${BASH_SOURCE[0]}")/../support/server.sh"
cleanup() {
  ariadne_cleanup
  rm -rf "$work"
}
trap cleanup EXIT
ariadne_start_server "$server" || exit 1
"$load" --url "$ariadne_url" -c 4 -w 1 -d "$seconds" --verify --side 32 --starts 3 \
  --json "$work/attack.json" > "$work/attack.txt" || { cat "$work/attack.txt"; echo "FAIL: ariadne-load"; exit 1; }
/usr/bin/python3 - "$work/attack.json" <<'PY'
import json, sys
f = json.load(open(sys.argv[1]))
problems = []
if f["p99_us"] > 250_000: problems.append(f"players' p99 {f['p99_us']:.0f} us under attack")
if f["hostile"]["costly_starts_set_up"] < 1: problems.append("no costly start was set up")
if f["verified"] < 1 or f["mismatches"] != 0: problems.append(f"results: {f['verified']} verified, {f['mismatches']} wrong")
print(f"players p99 {f['p99_us']:.0f} us, max {f['max_us']:.0f} us; costly starts set up "
      f"{f['hostile']['costly_starts_set_up']}, refused {f['hostile']['costly_starts_refused']}")
for p in problems: print("FAIL:", p)
sys.exit(1 if problems else 0)
PY
