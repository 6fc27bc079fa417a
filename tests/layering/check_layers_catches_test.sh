#!/usr/bin/env bash
# The layering check must fail on a planted violation: a core file that
# includes the network layer, uses Boost, and a header of no module.
# Usage: check_layers_catches_test.sh CHECK_LAYERS.PY LAYERS.TXT
set -u
check=$1
table=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/core/maze" "$work/server/app"
cat > "$work/core/maze/bad.cpp" <<'CPP'
#include "core/maze/grid.hpp"
#include "server/app/server.hpp"
#include <boost/asio.hpp>
#include "somewhere/else.hpp"
#include <vector>
CPP
echo '#include "core/maze/grid.hpp"' > "$work/server/app/fine.cpp"
out=$(/usr/bin/python3 "$check" "$work" --table "$table")
code=$?
failures=0
expect() { grep -qF -- "$1" <<< "$out" || { echo "FAIL: no line with '$1' in: $out"; failures=1; }; }
[ "$code" -eq 1 ] || { echo "FAIL: exit $code, expected 1"; failures=1; }
expect "core/maze/bad.cpp:2: core/maze may not include server/app"
expect "core/maze/bad.cpp:3: core/maze may not use boost"
expect "core/maze/bad.cpp:4: \"somewhere/else.hpp\" is in no module"
[ "$(grep -c "server/app/fine.cpp" <<< "$out")" -eq 0 ] || { echo "FAIL: flagged an allowed include"; failures=1; }
exit $failures
