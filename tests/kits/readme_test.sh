#!/usr/bin/env bash
# Runs the README's sh blocks as written, in a scratch folder that sees the
# repository's clients/, docker/ and build/ci (this build), against a server
# this test starts (with the README's --maze-dir docker/mazes); port 8080 in
# the commands becomes the server's, and a block's own line starting a
# server is left out. A block the README marks with
#   <!-- readme_test: not run: WHY -->
# on the line before its fence is skipped (the test command itself, Docker,
# the server's own start), and the test says how many it skipped. Then it
# installs the build as the README says (with --prefix into the scratch
# folder) and runs the picture's caption by name from that PATH.
# Usage: readme_test.sh BUILD_DIR SOURCE_DIR
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
ln -s "$source_dir/docker" "$work/docker"
ln -s "$build" "$work/build/ci"
ariadne_start_server "$build/server/app/ariadne-server" --maze-dir "$source_dir/docker/mazes" || exit 1
port=$ariadne_port
/usr/bin/python3 - "$source_dir/README.md" "$work/commands.sh" "$port" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
ran = skipped = 0
with open(sys.argv[2], "w") as out:
    out.write("set -euo pipefail\n")
    for m in re.finditer(r"^( *)```sh\n(.*?)^ *```", text, re.S | re.M):
        before = text[:m.start()].rstrip("\n").splitlines()[-1:] or [""]
        if "<!-- readme_test: not run:" in before[0]:
            skipped += 1
            continue
        ran += 1
        for line in m.group(2).splitlines():
            if re.match(r"\s*build/ci/server/app/ariadne-server\b", line):
                continue  # the test's own server stands in
            out.write(line.replace("127.0.0.1:8080", "127.0.0.1:" + sys.argv[3]) + "\n")
print(f"{ran} blocks run, {skipped} marked not run")
PY
cd "$work"
bash -x commands.sh > output.txt 2>&1 || { tail -40 output.txt; echo "FAIL: a README command failed"; exit 1; }
# The programs installed as the README says, and the picture's caption run
# by name from the PATH.
cmake --install "$build" --prefix "$work/prefix" >/dev/null ||
  { echo "FAIL: cmake --install"; exit 1; }
caption=$(/usr/bin/python3 -c 'import re, sys
print(re.search(r"^`(ariadne-bot [^`]*)`", open(sys.argv[1]).read(), re.M).group(1))' \
  "$source_dir/README.md")
mkdir -p docs  # the caption writes docs/maze.svg, as from the repository root
PATH="$work/prefix/bin:$PATH" bash -c "$caption" >>output.txt 2>&1 ||
  { tail -20 output.txt; echo "FAIL: the caption's command: $caption"; exit 1; }
for program in ariadne-server ariadne-bot ariadne-pipe ariadne-load ariadne-maze ariadne-admin \
               ariadne-mcp; do
  [ -x "$work/prefix/bin/$program" ] || { echo "FAIL: $program is not installed"; exit 1; }
done
for expected in "ok" '"type":"welcome"' "found:" "exactly the recorded result" "random_mouse" \
                "prim 16x16, seeds 1-100" "walls"; do
  grep -qF "$expected" output.txt || { tail -40 output.txt; echo "FAIL: no '$expected'"; exit 1; }
done
[ -s spread.svg ] && [ -s maze.svg ] && [ -s docs/maze.svg ] && [ -s my-maze.txt ] && [ -s runs.json ] ||
  { echo "FAIL: the files the README's commands write"; exit 1; }
# What they wrote is all ignored by the repository's .gitignore: `git add -A`
# after following the README commits none of it.
git init -q . && cp "$source_dir/.gitignore" . &&
  printf '/clients\n/docker\n/commands.sh\n/output.txt\n/prefix/\n/.gitignore\n/docs/maze.svg\n' >.git/info/exclude
left=$(git status --porcelain --untracked-files=all)
[ -z "$left" ] || { echo "FAIL: the README's commands leave files .gitignore misses:"; echo "$left"; exit 1; }
echo "the README's commands work as written"
