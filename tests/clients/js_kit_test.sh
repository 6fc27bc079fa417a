#!/usr/bin/env bash
# The JavaScript kit (clients/js): its node tests against the real server, and
# its TypeScript declarations checked by tsc on a typed example.
# Usage: js_kit_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1
kit=$2/clients/js
if ! command -v node >/dev/null 2>&1; then
  echo "SKIP: node is not installed (scripts/test.sh installs it)"
  exit 77
fi
if [ ! -d "$kit/node_modules/ws" ] || [ ! -d "$kit/node_modules/typescript" ]; then
  echo "SKIP: run 'npm ci' in clients/js first (scripts/test.sh does)"
  exit 77
fi
ARIADNE_BUILD=$build node --test "$kit/test/"
node "$kit/node_modules/typescript/bin/tsc" --noEmit -p "$kit"
echo "tsc: the declarations hold"
