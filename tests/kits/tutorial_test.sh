#!/usr/bin/env bash
# Runs every command of docs/tutorial.md as written, in a scratch folder that
# sees the repository's clients/ and build/ci (this build), against a server
# this test starts; port 8080 in the commands becomes the server's port.
# Usage: tutorial_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1
source_dir=$2
work=$(mktemp -d)
# shellcheck source=tests/support/server.sh
source "$(dirname "${BASH_SOURCE[0]}")/../support/server.sh"
cleanup() {
  ariadne_cleanup
  rm -rf "$work"
}
trap cleanup EXIT
if ! command -v node >/dev/null 2>&1; then
  echo "SKIP: node is not installed"
  exit 77
fi
mkdir -p "$work/build"
ln -s "$source_dir/clients" "$work/clients"
ln -s "$build" "$work/build/ci"
ariadne_start_server "$build/server/app/ariadne-server" || exit 1
port=$ariadne_port
# The sh blocks of the tutorial, but the one that starts a server.
/usr/bin/python3 - "$source_dir/docs/tutorial.md" "$work/commands.sh" "$port" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
commands = [b for b in blocks if not b.startswith("# (in another terminal)")]
with open(sys.argv[2], "w") as out:
    out.write("set -euo pipefail\n")
    for block in commands:
        out.write(block.replace("127.0.0.1:8080", "127.0.0.1:" + sys.argv[3]))
PY
count=$(grep -c . "$work/commands.sh")
cd "$work"
bash -x commands.sh > output.txt 2>&1 || { cat output.txt; echo "FAIL: a tutorial command failed"; exit 1; }
for expected in "found: server score 42, optimal 18" "found: steps 42, bumps 0, score 42, optimal 18" \
                '"status":"found","steps":42'; do
  grep -qF "$expected" output.txt || { cat output.txt; echo "FAIL: no '$expected'"; exit 1; }
done
[ "$(grep -cF "\"status\":\"found\",\"steps\":42" output.txt)" = 3 ] || { cat output.txt; echo "FAIL: the JavaScript and both bridge bots"; exit 1; }
grep -q "^dfs .* 42.0" output.txt || { cat output.txt; echo "FAIL: ariadne-bot's dfs row"; exit 1; }
# On the mazes with loops (the last table), frontier gains what the text says.
median() { grep "^$1 " output.txt | tail -1 | awk '{print $4}'; }
awk -v f="$(median frontier)" -v d="$(median dfs)" 'BEGIN { exit !(f > 0 && f < 0.9 * d) }' ||
  { cat output.txt; echo "FAIL: frontier's median ($(median frontier)) is not well below dfs's ($(median dfs))"; exit 1; }
# Your bot is dfs's strategy: the same row but its name.
[ "$(grep "^my_bot.py " output.txt | tail -1 | cut -c15-)" = "$(grep "^dfs " output.txt | tail -1 | cut -c15-)" ] ||
  { cat output.txt; echo "FAIL: my_bot.py's row is not dfs's"; exit 1; }
grep -q "<svg" spread.svg || { cat output.txt; echo "FAIL: no spread.svg"; exit 1; }
# What the tutorial writes is all ignored by the repository's .gitignore.
git init -q . && cp "$source_dir/.gitignore" . &&
  printf '/clients\n/build\n/commands.sh\n/output.txt\n/.gitignore\n' >.git/info/exclude
left=$(git status --porcelain --untracked-files=all)
[ -z "$left" ] || { echo "FAIL: the tutorial's commands leave files .gitignore misses:"; echo "$left"; exit 1; }
echo "the tutorial's $((count - 1)) commands work as written"
