#!/usr/bin/env bash
# The page logic of web/js under node --test (it borrows the JavaScript kit's
# ws package to watch runs). Usage: node_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
if ! command -v node >/dev/null 2>&1; then
  echo "SKIP: node is not installed (scripts/test.sh installs it)"
  exit 77
fi
if [ ! -d "$2/clients/js/node_modules/ws" ]; then
  echo "SKIP: run 'npm ci' in clients/js first (scripts/test.sh does)"
  exit 77
fi
# The pages show times in the viewer's zone: the tests read them in UTC
# unless they name another.
TZ=UTC ARIADNE_BUILD=$1 node --test "$2/tests/web/"
