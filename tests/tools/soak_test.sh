#!/usr/bin/env bash
# The hardening soak: well-behaved players (every run replayed offline and
# checked) beside hostile connections of every kind (costly starts, drops
# mid-run, malformed, oversized and binary frames, clients that never read).
# Checks: every player's result exact, their p99 within 2x of a quiet run of
# the same length (or within 2 ms of it: a p99 of a few hundred microseconds
# doubles with any scheduling noise on a busy 2-core machine), the server's
# memory flat after warm-up (within 5%), no descriptor left behind. Prints one
# line of figures for docs/benchmarks.md.
# Usage: soak_test.sh ARIADNE-SERVER ARIADNE-LOAD SECONDS
# (SOAK_QUIET_SECONDS sets the quiet run's length: a third of SECONDS, 5 at least.)
set -u
server=$1
load=$2
seconds=${3:-30}
quiet=${SOAK_QUIET_SECONDS:-$(( seconds / 3 > 5 ? seconds / 3 : 5 ))}
work=$(mktemp -d)
sampler_pid=
# shellcheck source=tests/support/server.sh
source "$(dirname "${BASH_SOURCE[0]}")/../support/server.sh"
cleanup() {
  local status=$?
  [ -n "$sampler_pid" ] && kill "$sampler_pid" 2>/dev/null
  ariadne_cleanup "$status"
  rm -rf "$work"
}
trap cleanup EXIT
ariadne_start_server "$server" || exit 1
server_pid=$ariadne_pid
url=$ariadne_url
players=(-c 8 -w 1 --verify --side 32)
descriptors() { ls "/proc/$server_pid/fd" | wc -l; }
# ariadne-load with a deadline: its run, its warm-up and a minute more. Past
# it, what it still holds open and what the server serves are said before it
# is killed: a run that never ends is a failure with its evidence, not a hang
# until CTest's timeout (seen once in CI, 2026-12-08, unexplained).
run_load() {
  local limit=$1 out=$2
  shift 2
  "$load" "$@" > "$out" &
  local pid=$! deadline=$((SECONDS + limit))
  while kill -0 "$pid" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
  if kill -0 "$pid" 2>/dev/null; then
    echo "FAIL: ariadne-load still runs ${limit} s after it began: it holds" \
      "$(ls "/proc/$pid/fd" 2>/dev/null | wc -l) descriptors, the server $(descriptors);" \
      "its threads: $(cat /proc/"$pid"/task/*/wchan 2>/dev/null | sort | uniq -c | tr '\n' ' ')"
    kill -KILL "$pid"
    return 1
  fi
  wait "$pid"
}

run_load $((quiet + 60)) "$work/quiet.txt" --url "$url" "${players[@]}" -d "$quiet" \
  --json "$work/quiet.json" ||
  { cat "$work/quiet.txt"; echo "FAIL: the quiet run"; exit 1; }
fds_before=$(descriptors)

# One sample a second: RSS in KiB and open descriptors.
( while kill -0 "$server_pid" 2>/dev/null; do
    echo "$(awk '/VmRSS/ {print $2}' "/proc/$server_pid/status") $(descriptors)"
    sleep 1
  done ) > "$work/samples" &
sampler_pid=$!
run_load $((seconds + 60)) "$work/soak.txt" --url "$url" "${players[@]}" -d "$seconds" \
  --starts 3 --drops 2 --garbage 2 --deaf 2 --json "$work/soak.json" ||
  { cat "$work/soak.txt"; echo "FAIL: the hostile run"; exit 1; }
kill "$sampler_pid" 2>/dev/null
sampler_pid=
[ -n "${SOAK_SAMPLES:-}" ] && cp "$work/samples" "$SOAK_SAMPLES"

# The hostile connections are gone: so must their descriptors be (the server
# notices a vanished peer within its timeouts; wait for that, no longer).
for _ in $(seq 1 100); do
  [ "$(descriptors)" -le $(( fds_before + 2 )) ] && break
  sleep 0.1
done
fds_after=$(descriptors)

/usr/bin/python3 - "$work/quiet.json" "$work/soak.json" "$work/samples" "$fds_before" \
  "$fds_after" "$seconds" <<'PY'
import json, sys
quiet, soak = (json.load(open(f)) for f in sys.argv[1:3])
samples = [tuple(map(int, line.split())) for line in open(sys.argv[3]) if len(line.split()) == 2]
fds_before, fds_after, seconds = int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
problems = []
if soak["mismatches"] or soak["verified"] < 10:
    problems.append(f"results: {soak['verified']} verified, {soak['mismatches']} wrong")
if soak["p99_us"] > max(2 * quiet["p99_us"], quiet["p99_us"] + 2000):
    problems.append(f"p99 {soak['p99_us']:.0f} us under attack, {quiet['p99_us']:.0f} us quiet")
# Warm-up: the first fifth of the samples. Flat: the last half's median within
# 5% of the first half's. Medians, because a costly start in flight holds a
# few MiB for a moment; a leak moves the median, a set-up does not.
rss = [r for r, _ in samples]
warm = max(1, len(rss) // 5)
steady = rss[warm:]
growth = 0.0
median = lambda xs: sorted(xs)[len(xs) // 2]
if len(steady) >= 4:
    half = len(steady) // 2
    early, late = median(steady[:half]), median(steady[half:])
    growth = late / early - 1
    if growth > 0.05:
        problems.append(f"memory grew {growth:.1%} after warm-up (median {early} KiB -> {late} KiB)")
if fds_after > fds_before + 2:
    problems.append(f"{fds_after} descriptors open after the soak, {fds_before} before")
h = soak["hostile"]
print(f"soak {seconds} s: players p99 {soak['p99_us']:.0f} us (quiet {quiet['p99_us']:.0f} us), "
      f"{soak['verified']} runs verified, 0 wrong; hostile sessions {h['sessions']}, closed by "
      f"the server {h['closed_by_server']}, costly starts {h['costly_starts_set_up']} set up / "
      f"{h['costly_starts_refused']} refused; RSS median {median(steady) if steady else 0} KiB, peak "
      f"{max(rss) if rss else 0} KiB, median growth after warm-up {growth:.1%}; descriptors "
      f"{fds_before} before, {fds_after} after")
for p in problems: print("FAIL:", p)
sys.exit(1 if problems else 0)
PY
