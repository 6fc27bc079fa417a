#!/usr/bin/env bash
# ariadne-server's startup errors: one line on stderr, exit code 2. And the
# tests' shared start (tests/support/server.sh) on this server: a failed start
# is reported at once with the server's own message, a good one answers and
# stops with exit code 0 on SIGTERM.
# Usage: server_cli_test.sh PATH/TO/ariadne-server TEST_DATA_DIR
set -u
server=$1
data=$2
work=$(mktemp -d)
# shellcheck source=tests/support/server.sh
source "$(dirname "${BASH_SOURCE[0]}")/../support/server.sh"
cleanup() {
  ariadne_cleanup
  rm -rf "$work"
}
trap cleanup EXIT
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

expect_harness() {
  if eval "$1"; then
    passed=$((passed + 1))
  else
    echo "FAIL: $2"
    failures=$((failures + 1))
  fi
}
began=$SECONDS
ariadne_start_server "$server" --threads many 2> "$work/harness"
code=$?
took=$((SECONDS - began))
expect_harness '[ $code -ne 0 ] && [ $took -lt 10 ] &&
  grep -q "^FAIL: ariadne-server exited with status 2 before it reported its port" "$work/harness" &&
  grep -q "threads" "$work/harness"' \
  "a start that fails: status $code after $took s: $(cat "$work/harness")"
ariadne_start_server "$server"
code=$?
expect_harness '[ $code -eq 0 ] && [ "$ariadne_port" -gt 0 ] && kill -0 "$ariadne_pid"' \
  "a start that works: status $code, port '$ariadne_port'"
ariadne_stop_server
code=$?
expect_harness '[ $code -eq 0 ]' "the server stopped by SIGTERM exited with $code"

echo "$passed passed, $failures failed"
[ "$failures" -eq 0 ]
