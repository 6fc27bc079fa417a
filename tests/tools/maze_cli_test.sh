#!/usr/bin/env bash
# End-to-end checks of ariadne-maze as a user runs it.
# Usage: maze_cli_test.sh PATH/TO/ariadne-maze MAZE_DATA_DIR
set -u
maze=$1
data=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
passed=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { passed=$((passed + 1)); }

# --list: at least 12 generators, one a line.
"$maze" --list > "$work/list" || fail "--list exited non-zero"
count=$(wc -l < "$work/list")
[ "$count" -ge 12 ] && ok || fail "--list printed $count generators"

# Every generator at 64x64, in every format, reads back through --input and is perfect.
while read -r gen; do
  for format in text num json; do
    out="$work/$gen.$format"
    if ! "$maze" --generator "$gen" --width 64 --height 64 --seed 5 --format "$format" --output "$out"; then
      fail "$gen $format: generation failed"; continue
    fi
    stats=$("$maze" --input "$out" --stats) || { fail "$gen $format: --input failed"; continue; }
    grep -qx "perfect: yes" <<< "$stats" && ok || fail "$gen $format: not perfect: $stats"
    grep -qx "cells: 4096" <<< "$stats" && ok || fail "$gen $format: wrong size: $stats"
  done
  # Converting text -> json -> text gives the same text back.
  "$maze" --input "$work/$gen.text" --format json --output "$work/$gen.back.json" &&
    "$maze" --input "$work/$gen.back.json" --format text --output "$work/$gen.back.text" &&
    cmp -s "$work/$gen.text" "$work/$gen.back.text" && ok || fail "$gen: text -> json -> text differs"
done < "$work/list"

# The same seed gives the same maze; loops are reported.
a=$("$maze" -g wilson -W 20 -H 20 -s 9)
b=$("$maze" -g wilson -W 20 -H 20 -s 9)
[ "$a" = "$b" ] && ok || fail "same seed, different maze"
loops=$("$maze" -g prim -W 30 -H 30 -s 2 --loops 0.5 --stats | sed -n 's/^loops: //p')
[ "${loops:-0}" -gt 0 ] && ok || fail "--loops 0.5 gave no loops"

# A real-format file with S and G marks converts and round trips byte for byte.
for file in "$data"/*.txt; do
  "$maze" --input "$file" --format text > "$work/copy.txt" && cmp -s "$file" "$work/copy.txt" && ok ||
    fail "$(basename "$file") does not round trip"
done

# SVG with the solution drawn.
"$maze" -g kruskal -W 10 -H 10 --format svg --solve > "$work/m.svg" &&
  grep -q "<polyline" "$work/m.svg" && ok || fail "--solve drew no path"

# Bad arguments: one line on stderr, exit code 2, nothing on stdout.
expect_usage_error() {
  local out err code
  out=$("$maze" "$@" 2> "$work/err")
  code=$?
  err=$(cat "$work/err")
  if [ "$code" -ne 2 ] || [ -n "$out" ] || [ "$(wc -l < "$work/err")" -ne 1 ]; then
    fail "'$*' gave exit $code, stdout '${out:0:60}', stderr '$err'"
  else
    ok
  fi
}
expect_usage_error --generator no_such
expect_usage_error --width 0
expect_usage_error --width 100000
expect_usage_error --loops 2
expect_usage_error --format png
expect_usage_error --input /no/such/file
expect_usage_error --solve
expect_usage_error --seed -3
expect_usage_error --loops 2 --input "$data/hedge5x5.txt"
grep -q '"loops" must be from 0 to 1, got 2' "$work/err" && ok || fail "loops message: $(cat "$work/err")"
expect_usage_error --width 0
grep -q '"width" must be from 1 to 8192, got 0' "$work/err" && ok || fail "width message: $(cat "$work/err")"
printf 'o---o\n|   \no---o\n' > "$work/broken.txt"
expect_usage_error --input "$work/broken.txt"
grep -q "line 2, column 5" "$work/err" && ok || fail "malformed file error names no line and column: $(cat "$work/err")"

echo "$passed passed, $failures failed"
[ "$failures" -eq 0 ]
