#!/usr/bin/env bash
# The style checks can fail: on a planted tree with a badly formatted file
# and an overlong one, both must fail and name the file; a waiver is honoured.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=${1:?usage: style_checks_catch_test.sh SOURCE_DIR}
command -v clang-format >/dev/null 2>&1 || { echo "SKIP: no clang-format"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$root/.clang-format" "$work/"
mkdir -p "$work/core/maze" "$work/server/app"
printf 'int  f( int x ){return x;}\n' > "$work/core/maze/ugly.cpp"
printf 'int g(int x) {\n  return x;\n}\n' > "$work/core/maze/fine.cpp"
{ echo '// long: no reason given'; for i in $(seq 1 420); do echo "int v$i = $i;"; done; } \
  > "$work/server/app/long.cpp"
{ echo '// longer than 400 lines: one table, generated'; for i in $(seq 1 420); do echo "int w$i = $i;"; done; } \
  > "$work/server/app/table.cpp"
# A folder no list names (as tls/ once was): its files are checked too.
mkdir -p "$work/newtop"
cp "$work/server/app/long.cpp" "$work/newtop/long2.cpp"
failures=0
out=$(bash "$here/clang_format_test.sh" "$work" 2>&1); code=$?
[ $code -eq 1 ] || { echo "FAIL: format check exited $code on a badly formatted file"; failures=1; }
grep -q "ugly.cpp" <<< "$out" || { echo "FAIL: format check did not name ugly.cpp: $out"; failures=1; }
grep -q "fine.cpp" <<< "$out" && { echo "FAIL: format check flagged fine.cpp"; failures=1; }
out=$(/usr/bin/python3 "$here/file_length_test.py" "$work" 2>&1); code=$?
[ $code -eq 1 ] || { echo "FAIL: length check exited $code on a long file"; failures=1; }
grep -q "long.cpp: 421 lines" <<< "$out" || { echo "FAIL: length check did not name long.cpp: $out"; failures=1; }
grep -q "table.cpp" <<< "$out" && { echo "FAIL: length check ignored a waiver"; failures=1; }
grep -q "long2.cpp: 421 lines" <<< "$out" || { echo "FAIL: length check skipped a new folder: $out"; failures=1; }
# A test named in CamelCase.
mkdir -p "$work/tests/maze"
printf 'TEST(Grid, HasCells) {}\nTEST(grid, has_walls) {}\n' > "$work/tests/maze/grid_test.cpp"
out=$(/usr/bin/python3 "$here/test_names_test.py" "$work" 2>&1); code=$?
[ $code -eq 1 ] && grep -q "'Grid'" <<< "$out" && grep -q "'HasCells'" <<< "$out" &&
  ! grep -q "has_walls" <<< "$out" || { echo "FAIL: the test names check missed CamelCase: $out"; failures=1; }
# A version written twice: the check fails when they differ.
mkdir -p "$work/clients/js"
echo 'project(ariadne VERSION 1.2.3 LANGUAGES CXX)' > "$work/CMakeLists.txt"
echo '{"version": "1.2.3"}' > "$work/clients/js/package.json"
echo '{"version": "1.2.4", "packages": {"": {"version": "1.2.3"}}}' > "$work/clients/js/package-lock.json"
out=$(/usr/bin/python3 "$here/versions_test.py" "$work" 2>&1); code=$?
[ $code -eq 1 ] && grep -q "1.2.4" <<< "$out" || { echo "FAIL: the versions check missed a mismatch: $out"; failures=1; }
[ $failures -eq 0 ] && echo "the style checks fail on planted faults"
exit $failures
