# The check harness of the shell tests (checks.py is the Python scenarios'):
#   source tests/support/checks.sh
#   check 'CONDITION' "what it means when it fails"   (CONDITION is eval'ed)
#   checks_finish                                     (prints "N passed, M failed";
#                                                      returns 1 when one failed)
# The counts are $passed and $failures.
passed=0
failures=0

check() {
  if eval "$1"; then
    passed=$((passed + 1))
  else
    echo "FAIL: $2"
    failures=$((failures + 1))
  fi
}

checks_finish() {
  echo "$passed passed, $failures failed"
  [ "$failures" -eq 0 ]
}
