#!/usr/bin/env bash
# The project's JavaScript is formatted by Prettier (.prettierrc.json) and
# passes ESLint (eslint.config.mjs): the pages' modules (web/js), the kit
# (clients/js, its types and examples) and the node tests (tests/web). Both
# tools are the kit's dev dependencies, installed by `npm ci` in clients/js.
# Usage: js_lint_test.sh [SOURCE_DIR] [--fix]   (--fix rewrites the files)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
fix=false
for arg in "$@"; do
  case $arg in
    --fix) fix=true ;;
    *) root=$(cd "$arg" && pwd) ;;
  esac
done
cd "$root"
bin=clients/js/node_modules/.bin
if ! command -v node >/dev/null 2>&1; then
  echo "SKIP: node is not installed (scripts/test.sh installs it)"
  exit 77
fi
if [ ! -x "$bin/prettier" ] || [ ! -x "$bin/eslint" ]; then
  echo "SKIP: prettier and eslint are missing: run 'npm ci' in clients/js (scripts/test.sh does)"
  exit 77
fi

# Prettier expands these globs itself and never enters node_modules.
format_files=('web/js/**/*.mjs' 'clients/js/**/*.{mjs,mts,ts}' 'tests/web/*.mjs' eslint.config.mjs)
lint_files=(web/js clients/js tests/web eslint.config.mjs)

if $fix; then
  # Prettier again after ESLint: the braces that --fix adds need formatting.
  "$bin/prettier" --write --log-level warn "${format_files[@]}"
  lint=0
  "$bin/eslint" --fix "${lint_files[@]}" || lint=$?
  "$bin/prettier" --write --log-level warn "${format_files[@]}"
  exit "$lint"
fi

status=0
echo "==> prettier --check (the files listed are not formatted)"
if ! "$bin/prettier" --check "${format_files[@]}"; then
  echo "error: the files above are not formatted; run: tests/web/js_lint_test.sh --fix" >&2
  status=1
fi
echo "==> eslint"
if ! "$bin/eslint" --max-warnings 0 "${lint_files[@]}"; then
  echo "error: ESLint found the problems above ('tests/web/js_lint_test.sh --fix' fixes some)" >&2
  status=1
fi
[ "$status" -eq 0 ] && echo "JavaScript: formatted and lint-clean"
exit "$status"
