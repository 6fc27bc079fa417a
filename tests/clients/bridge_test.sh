#!/usr/bin/env bash
# ariadne-pipe against the real server: the C and bash examples play the
# reference DFS with exactly the C++ dfs bot's results; bad lines are answered
# with ERROR and change nothing; a bot that dies ends its run as abandoned;
# the bot's stderr passes through.
# Usage: bridge_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1
source_dir=$2
pipe=$build/clients/bridge/ariadne-pipe
work=$(mktemp -d)
# shellcheck source=tests/support/server.sh
source "$(dirname "${BASH_SOURCE[0]}")/../support/server.sh"
cleanup() {
  ariadne_cleanup
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

ariadne_start_server "$build/server/app/ariadne-server" || exit 1
url=$ariadne_url
cc -O2 -o "$work/dfs_bot" "$source_dir/clients/bridge/examples/dfs_bot.c"

steps_of() { sed -n 's/^result: //p' "$1" | /usr/bin/python3 -c 'import json,sys; r=json.load(sys.stdin); print(r["status"], r["steps"], r["bumps"], r["optimal"])'; }
for case in "prim 12x9 42" "kruskal 16x16 7" "hunt_and_kill 10x10 3"; do
  read -r generator size seed <<<"$case"
  "$build/clients/runner/ariadne-bot" --offline --bot dfs --generator "$generator" --size "$size" \
    --seeds "$seed" -q --json "$work/offline.json" >/dev/null
  want=$(/usr/bin/python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["runs"][0]; print(r["status"], r["steps"], r["bumps"], r["optimal"])' "$work/offline.json")
  for bot in "$work/dfs_bot" "bash $source_dir/clients/bridge/examples/dfs_bot.sh"; do
    # shellcheck disable=SC2086
    "$pipe" --url "$url" --generator "$generator" --size "$size" --seed "$seed" -- $bot \
      > "$work/out" || fail "$bot on $case: exit $?"
    got=$(steps_of "$work/out")
    [ "$got" = "$want" ] || fail "$bot on $case: $got, the C++ dfs bot offline: $want"
  done
done
echo "the C and bash bots play exactly as the C++ dfs bot"

# Bad lines: answered with ERROR, counted, nothing changes.
cat > "$work/noisy.sh" <<'BOT'
read -r start
echo "HELLO"
read -r answer; echo "$answer" >&2
echo "MOVE X"
read -r answer; echo "$answer" >&2
echo "SENSE"
read -r answer; echo "$answer" >&2
echo "noisy bot says hi on stderr" >&2
echo "ABANDON"
read -r answer
BOT
status=0
"$pipe" --url "$url" --generator prim --size 5x5 --seed 1 -- bash "$work/noisy.sh" \
  > "$work/out" 2> "$work/err" || status=$?
[ "$status" = 1 ] || fail "the noisy bot's run: exit $status"
grep -q "^ERROR bad_line unknown command 'HELLO'" "$work/err" || fail "HELLO: $(cat "$work/err")"
grep -q "^ERROR bad_line directions are N, E, S and W" "$work/err" || fail "MOVE X: $(cat "$work/err")"
grep -q "^STATE 0 0 [NESW-]* 0 0 0 0 1 -" "$work/err" || fail "SENSE after bad lines: $(cat "$work/err")"
grep -q "noisy bot says hi on stderr" "$work/err" || fail "the bot's stderr did not pass through"
grep -q '"refused_lines":2' "$work/out" || fail "refused lines: $(cat "$work/out")"
grep -q '"status":"abandoned"' "$work/out" || fail "abandon: $(cat "$work/out")"
echo "bad lines are refused and counted; the bot's stderr passes through"

# A bot that dies: its run ends as abandoned, with a clear message.
status=0
"$pipe" --url "$url" --generator prim --size 5x5 --seed 1 -- sh -c 'read -r start; echo "MOVE N"; exit 3' \
  > "$work/out" 2> "$work/err" || status=$?
[ "$status" = 1 ] || fail "a dying bot: exit $status"
grep -q "closed its output (exit status 3) before its run ended: the run is abandoned" "$work/err" ||
  fail "a dying bot: $(cat "$work/err")"
grep -q '"status":"abandoned"' "$work/out" || fail "a dying bot's run: $(cat "$work/out")"
# A program that cannot start: one line, exit 2.
status=0
"$pipe" --url "$url" -- /nonexistent/bot 2> "$work/err" > /dev/null || status=$?
[ "$status" = 2 ] && [ "$(wc -l < "$work/err")" = 1 ] || fail "a missing program: $status $(cat "$work/err")"
echo "a dying or missing bot is reported; its run is abandoned"
