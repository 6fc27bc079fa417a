#!/usr/bin/env bash
# Every C and C++ source of the tree is formatted as .clang-format says
# (clang-format 14, as these machines have it). Generated data (*.inc) is
# left as its generator wrote it. Fix with:
#   git ls-files '*.cpp' '*.hpp' '*.h' '*.c' | xargs clang-format -i
# Usage: clang_format_test.sh SOURCE_DIR [CLANG_FORMAT]
set -uo pipefail
root=${1:?usage: clang_format_test.sh SOURCE_DIR [CLANG_FORMAT]}
tool=${2:-clang-format}
if ! command -v "$tool" >/dev/null 2>&1; then
  echo "SKIP: $tool is not installed"
  exit 77
fi
cd "$root" || exit 1
mapfile -t files < <(git ls-files '*.cpp' '*.hpp' '*.h' '*.c' 2>/dev/null ||
  find core protocol bots tls server clients tools tests extern -name '*.[ch]pp' -o -name '*.[ch]')
[ ${#files[@]} -gt 0 ] || { echo "FAIL: no sources found under $root"; exit 1; }
out=$("$tool" --dry-run -Werror --style=file "${files[@]}" 2>&1)
status=$?
if [ $status -ne 0 ]; then
  grep -o '^[^:]*:[0-9]*:[0-9]*: error' <<< "$out" | cut -d: -f1 | sort | uniq -c |
    awk '{print "FAIL: " $2 " (" $1 " place(s)) is not formatted"}'
  echo "fix: clang-format -i FILE... (the repository's .clang-format)"
  exit 1
fi
echo "${#files[@]} files formatted as .clang-format says"
