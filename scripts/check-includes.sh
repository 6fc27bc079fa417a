#!/usr/bin/env bash
# Every C++ source of the tree compiles on its own, as a plain
# `cmake -S . -B build` compiles it: the presets' unity batches (several
# sources in one file) would hide a source that leans on an include of the
# one before it. Each source is parsed alone by clang (-fsyntax-only, no
# code made), with the third-party and standard headers precompiled once
# (the check is about our headers: a missing <vector> or <nlohmann/json.hpp>
# is not caught here). Generated sources are left out.
# Usage: scripts/check-includes.sh [--all] [JOBS]
#   the sources of the programs and libraries (not the tests'), or with
#   --all the tests' too
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
all=false
if [ "${1:-}" = --all ]; then
  all=true
  shift
fi
jobs=${1:-2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v clang++ >/dev/null || { echo "error: clang++ is missing (scripts/deps.sh)" >&2; exit 1; }

# The compile commands of a build without unity batches (configured only).
cmake -S "$root" -B "$work/build" -G Ninja -DCMAKE_UNITY_BUILD=OFF \
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DCMAKE_CXX_COMPILER=clang++ >"$work/configure.log" 2>&1 ||
  { cat "$work/configure.log"; exit 1; }

# The heavy headers every source may use, parsed once.
cat >"$work/heavy.hpp" <<'HEADERS'
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <variant>
#include <vector>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>
#include <gtest/gtest.h>
HEADERS
clang++ -std=c++20 -x c++-header -DBOOST_ASIO_SEPARATE_COMPILATION -DBOOST_BEAST_SEPARATE_COMPILATION \
  -DSPDLOG_COMPILED_LIB -DSPDLOG_FMT_EXTERNAL -DSPDLOG_SHARED_LIB -DFMT_SHARED \
  "$work/heavy.hpp" -o "$work/heavy.pch"

# One command per source of ours: the flags that matter to parsing, the
# heavy headers prepended, the targets' own precompiled headers left out.
/usr/bin/python3 - "$work/build/compile_commands.json" "$root" "$work" "$all" >"$work/commands" <<'PY'
import json, shlex, sys
entries, root, work = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3]
tests = sys.argv[4] == "true"
for e in entries:
    source = e["file"]
    if not source.startswith(root + "/") or "/build" in source[len(root):] or "/extern/" in source:
        continue
    if not tests and source.startswith(root + "/tests/"):
        continue
    args = shlex.split(e["command"])
    keep = ["clang++", "-fsyntax-only", "-include-pch", work + "/heavy.pch",
            "-Xclang", "-fno-validate-pch"]
    skip = 0
    rest = args[1:]
    for i, a in enumerate(rest):
        if skip:
            skip -= 1
            continue
        # A target's own precompiled header, as clang is given it.
        if a == "-Xclang" and i + 1 < len(rest) and rest[i + 1] in ("-include-pch", "-include"):
            skip = 3
            continue
        if a in ("-o", "-MF", "-MT", "-include"):
            skip = 1
            continue
        if a in ("-c", "-MD", "-Winvalid-pch") or a.startswith("-W") or a.endswith(".o"):
            continue
        keep.append(a)
    print("cd " + shlex.quote(e["directory"]) + " && " + " ".join(shlex.quote(k) for k in keep))
PY
count=$(wc -l <"$work/commands")
echo "==> $count sources, each parsed alone ($jobs at a time)"
if ! tr '\n' '\0' <"$work/commands" | xargs -0 -P "$jobs" -I{} bash -c '{}' >"$work/errors" 2>&1; then
  grep -E "error:" "$work/errors" | sort -u | head -40
  echo "error: a source does not compile on its own: it uses a header it does not include" >&2
  exit 1
fi
echo "every source compiles on its own"
