#!/usr/bin/env bash
# Writes docs/bots.md: every bundled bot, offline, on 1,000 seeds of every
# generator at 16x16 and 32x32 with loops 0, 0.3 and 1.0.
# Usage: scripts/bot-report.sh [SEEDS]     (default 1-1000)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seeds=${1:-1-1000}
bash "$root/scripts/build-release.sh"
cd "$root"
bot=build/release/clients/runner/ariadne-bot
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
generators=$(build/release/tools/ariadne-maze --list)
started=$(date +%s)
for size in 16x16 32x32; do
  for loops in 0 0.3 1.0; do
    echo "==> $size, loops $loops"
    for generator in $generators; do
      "$bot" --bot all --offline --generator "$generator" --size "$size" --loops "$loops" \
        --seeds "$seeds" --jobs 2 -q --json "$work/$size-$loops-$generator.json" >/dev/null || true
    done
  done
done
elapsed=$(( $(date +%s) - started ))
/usr/bin/python3 - "$work" "$seeds" "$elapsed" "$generators" > docs/bots.md <<'PY'
import json, os, sys, datetime
work, seeds, elapsed, generators = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4].split()
bots = ["tremaux", "dfs", "frontier", "wall_follower", "random_mouse"]
print("# Bundled bots compared\n")
print(f"Generated on {datetime.date.today().isoformat()} by `scripts/bot-report.sh {seeds}` "
      f"({elapsed} s on the 2-core development machine): every bot in-process "
      "(`ariadne-bot --bot all --offline`, the server's own rules) on seeds "
      f"{seeds} of every generator. Each cell is **median steps / median efficiency** "
      "(efficiency = optimal / score; 0 for a run that did not find the treasure). "
      "The found column counts runs that found the treasure when a bot may fail "
      "(`wall_follower` abandons when it circles, `random_mouse` runs out of moves).\n")
print("For reference, random-order DFS on real 16x16 micromouse competition mazes (which "
      "have loops) needs a median of about 4x the shortest path, an efficiency of about 0.25. "
      "Those mazes put the goal in the centre; here the treasure is any reachable cell, so a "
      "treasure one step away counts as much as one in the far corner and the medians are not "
      "directly comparable. On these mazes no bundled bot reaches 0.25 on 16x16 yet except on "
      "`recursive_backtracker` mazes (long corridors make the shortest path long): beating it "
      "everywhere is open work for a smarter bot.\n")
for size in ["16x16", "32x32"]:
    for loops in ["0", "0.3", "1.0"]:
        print(f"## {size}, loops {loops}\n")
        print("| generator | " + " | ".join(bots) + " | wall_follower found | random_mouse found |")
        print("| --- |" + " ---: |" * (len(bots) + 2))
        for g in generators:
            path = os.path.join(work, f"{size}-{loops}-{g}.json")
            summary = {s["bot"]: s for s in json.load(open(path))["summary"]}
            cells = [f"{summary[b]['median_steps']:.0f} / {summary[b]['median_efficiency']:.2f}" for b in bots]
            found = [f"{summary[b]['found']}/{summary[b]['runs']}" for b in ("wall_follower", "random_mouse")]
            print(f"| `{g}` | " + " | ".join(cells + found) + " |")
        print()
print("""## Reading the tables

- On perfect mazes (loops 0) `tremaux`, `dfs` and `frontier` explore the same
  spanning tree in the same order (N, E, S, W first), so their figures match.
- With loops, Tremaux re-walks each loop it closes (turning back at a known
  junction costs the passage twice) and DFS, which never re-enters a visited
  cell, backtracks the long way round; `frontier` walks back along the
  shortest known route, so it pulls ahead as loops grow.
- `wall_follower` is fast when it succeeds, but with loops it often circles an
  island: its found column shows how often.
""")
PY
echo "==> wrote docs/bots.md (${elapsed} s of games)"
