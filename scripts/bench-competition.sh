#!/usr/bin/env bash
# A competition under load (docs/benchmarks.md): 100 competitors finishing
# short ranked runs at once, and the same 100 connections playing the same
# kind of runs as practice, in the same run of this script, alternated three
# times (medians reported): on a SQLite file and on a real PostgreSQL 15
# (tests/support/postgres.py starts one, on core 1 with the load), one server
# on each, taking turns. The servers are pinned to core 0 with one I/O
# thread, ariadne-load to core 1.
# Usage: scripts/bench-competition.sh [SECONDS_PER_RUN] [DB_FOLDER]
#        (default 5 s; the SQLite file in a temporary folder under /tmp unless
#        DB_FOLDER names another disk)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=${1:-5}
if [ -z "${ARIADNE_TEST_POSTGRES:-}" ]; then
  bash "$root/scripts/build-release.sh"
  cmake --build --preset release -j 2 --target ariadne-load >/dev/null
  # Again, with a PostgreSQL running for it (ARIADNE_TEST_POSTGRES).
  exec taskset -c 1 /usr/bin/python3 "$root/tests/support/postgres.py" run -- bash "$0" "$@"
fi
bin=$root/build/release
work=$(mktemp -d "${2:-/tmp}/ariadne-bench-competition.XXXXXX")
# shellcheck source=tests/support/server.sh
source "$root/tests/support/server.sh"
cleanup() {
  ariadne_cleanup
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# sprint: runs of at most 8 moves on a 4 x 4 maze, to load the store (the
# shape of ariadne-load --short --side 4 --max-steps 8); marathon: runs on a
# 32 x 32 maze with the default move limit, to compare move throughput with
# practice runs of the same shape (ariadne-load --short --side 32). Both
# recursive-backtracker mazes with loops 0.5 and one treasure
# (scripts/bench-competition.json, shared with bench-nodes.sh).
psql -X -q -d "$ARIADNE_TEST_POSTGRES/postgres" -c "CREATE DATABASE bench"
stores=(sqlite postgresql)
declare -A db=([sqlite]="$work/bench.db" [postgresql]="$ARIADNE_TEST_POSTGRES/bench")
for store in "${stores[@]}"; do
  for i in $(seq 1 100); do
    "$bin/tools/ariadne-admin" --db "${db[$store]}" add-competitor "c$i" >> "$work/tokens.$store"
  done
done
# One server at a time, on the store whose turn it is: an idle one would
# still rebuild its leaderboard every second beside the loaded one. No drain:
# the load's runs left waiting for their competitors would hold the stop.
start_server() {
  ariadne_start_server taskset -c 0 "$bin/server/app/ariadne-server" --threads 1 --rate-limit 0 \
    --drain-seconds 0 --competition "$root/scripts/bench-competition.json" --db "${db[$1]}" || exit 1
}
load() {
  taskset -c 1 "$bin/clients/load/ariadne-load" --url "$ariadne_url" -c 100 \
    --warmup 1 --duration "$seconds" "$@" | tail -n 1
}
field() { /usr/bin/python3 -c "import json,sys; print(json.loads(sys.argv[1])[sys.argv[2]])" "$1" "$2"; }

echo "date: $(date -u +%Y-%m-%d), $(nproc --all) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "databases: $work/bench.db (filesystem $(stat -f -c %T "$work")); PostgreSQL $(psql -X -A -t -d "${db[postgresql]}" -c 'SHOW server_version') (${ARIADNE_TEST_POSTGRES%/}/bench, synchronous_commit $(psql -X -A -t -d "${db[postgresql]}" -c 'SHOW synchronous_commit'))"
echo
echo "| store | round | sprint: practice runs/s | sprint: ranked results persisted/s | marathon: practice moves/s | marathon: ranked moves/s | ratio | ranked p99 us | practice p99 us |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
declare -A ratios=() rates=() commit_sums=() commit_counts=() refusals=()
for round in 1 2 3; do
  for store in "${stores[@]}"; do
    start_server "$store"
    practice_sprint=$(load --short --side 4 --max-steps 8)
    ranked_sprint=$(load --tokens "$work/tokens.$store" --challenge sprint)
    practice=$(load --short --side 32)
    ranked=$(load --tokens "$work/tokens.$store" --challenge marathon)
    metrics=$(curl -s "$ariadne_http/metrics")
    read -r commit_sum commit_count <<<"$(grep -E '^ariadne_store_commit_seconds_(sum|count)' <<<"$metrics" |
      awk '{print $2}' | paste -sd' ')"
    # The error replies the server sent this round, by code (ariadne-load counts them).
    refusals[$store]+="round $round: $(awk '/^ariadne_errors_total/ && $2 > 0 {sub(/.*code="/, ""); sub(/"}/, ""); printf "%s ", $0}' <<<"$metrics")"$'\n'
    commit_sums[$store]+="$commit_sum "
    commit_counts[$store]+="$commit_count "
    ariadne_stop_server || true
    pm=$(field "$practice" moves_per_s)
    rm_=$(field "$ranked" moves_per_s)
    rate=$(field "$ranked_sprint" results_per_s)
    ratio=$(/usr/bin/python3 -c "print(f'{$rm_ / $pm:.2f}')")
    ratios[$store]+="$ratio "
    rates[$store]+="$rate "
    printf "| %s | %d | %.0f | %.0f | %.0f | %.0f | %s | %.0f | %.0f |\n" "$store" "$round" \
      "$(field "$practice_sprint" results_per_s)" "$rate" "$pm" "$rm_" "$ratio" \
      "$(field "$ranked" p99_us)" "$(field "$practice" p99_us)"
  done
done
median() { printf '%s\n' "$@" | sort -g | sed -n 2p; }
echo
# shellcheck disable=SC2086  # the lists are words
for store in "${stores[@]}"; do
  echo "$store: median ratio (ranked / practice moves per second) $(median ${ratios[$store]}), median ranked results persisted per second $(median ${rates[$store]})"
  sum=$(/usr/bin/python3 -c "import sys; print(sum(map(float, sys.argv[1:])))" ${commit_sums[$store]})
  count=$(/usr/bin/python3 -c "import sys; print(sum(map(int, sys.argv[1:])))" ${commit_counts[$store]})
  printf '%s: error replies by code (every load of the round):\n%s' "$store" "${refusals[$store]}"
  echo "$store: store transactions: $count, mean $(/usr/bin/python3 -c "print(f'{1000 * $sum / $count:.2f}')") ms each"
  runs=$("$bin/tools/ariadne-admin" --db "${db[$store]}" export-runs --format csv | wc -l)
  echo "$store: ranked runs in the database: $((runs - 1)); integrity: $("$bin/tools/ariadne-admin" --db "${db[$store]}" check)"
done
