#!/usr/bin/env bash
# ariadne-server's startup errors: one line on stderr, exit code 2.
# Usage: server_cli_test.sh PATH/TO/ariadne-server TEST_DATA_DIR
set -u
server=$1
data=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
passed=0

expect_startup_error() {
  local pattern=$1
  shift
  "$server" "$@" > "$work/out" 2> "$work/err"
  local code=$?
  if [ "$code" -eq 2 ] && [ "$(wc -l < "$work/err")" -eq 1 ] && grep -q "$pattern" "$work/err"; then
    passed=$((passed + 1))
  else
    echo "FAIL: '$*' gave exit $code and stderr: $(cat "$work/err")"
    failures=$((failures + 1))
  fi
}

expect_startup_error "port" --port 70000
expect_startup_error "threads" --threads many
expect_startup_error "log-level" --log-level loud
expect_startup_error "maze-dir" --maze-dir /no/such/dir
expect_startup_error "bad.txt: line 2, column 5" --maze-dir "$data/broken" --port 0
expect_startup_error "cannot listen" --bind 256.1.1.1 --port 0
ARIADNE_PORT=notaport expect_startup_error "port"

echo "$passed passed, $failures failed"
[ "$failures" -eq 0 ]
