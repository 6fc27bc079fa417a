#!/usr/bin/env bash
# Checks docker/Dockerfile without an engine (scripts/docker-smoke.sh builds
# and runs the image where one can be started, as CI does): every
# file it copies exists (binaries at the paths CMake builds them to), every
# script it runs exists, and the runtime stage installs every shared library
# package the binaries need beyond the base image's own.
# Usage: dockerfile_test.sh REPO_ROOT BUILD_DIR
set -u
root=$1
build=$2
dockerfile=$root/docker/Dockerfile
# shellcheck source=tests/support/checks.sh
source "$(dirname "${BASH_SOURCE[0]}")/../support/checks.sh"

# Binaries copied from the build stage: /src/build/release/<path> must be a
# target this build produced at <path>.
binaries=$(grep -oE '/src/build/release/[^ ]+' "$dockerfile" | sed 's|/src/build/release/||')
check '[ -n "$binaries" ]' "the Dockerfile copies no binaries"
for path in $binaries; do
  check '[ -x "$build/$path" ]' "the Dockerfile copies $path, which the build does not produce"
done

# Sources copied from the context, and scripts it runs.
for path in $(grep -E '^COPY ' "$dockerfile" | grep -v -- '--from' | awk '{for (i = 2; i < NF; i++) print $i}'); do
  check '[ -e "$root/$path" ]' "the Dockerfile copies $path, which does not exist"
done
for script in $(grep -oE 'scripts/[a-z-]+\.sh' "$dockerfile" | sort -u); do
  check '[ -f "$root/$script" ]' "the Dockerfile runs $script, which does not exist"
done
# The build stage compiles the shipped programs only (CI ran the suite).
check 'grep -qE "RUN scripts/build-release.sh$" "$dockerfile"' "the build stage does not build the shipped programs with scripts/build-release.sh"
for program in ariadne-server ariadne-bot ariadne-maze ariadne-admin; do
  check 'grep -q "$program" "$root/scripts/build-release.sh" && grep -q "/$program" "$dockerfile"' \
    "$program is not both built by scripts/build-release.sh and copied into the image"
done

# The side images (PostgreSQL, the cluster's proxy): what they copy exists,
# and the package lists they install are deps.sh's.
source "$root/scripts/deps.sh"
for side in "$root/docker/postgres/Dockerfile" "$root/docker/cluster/Dockerfile"; do
  for path in $(grep -E '^COPY ' "$side" | awk '{for (i = 2; i < NF; i++) print $i}'); do
    check '[ -e "$root/$path" ]' "${side#"$root"/} copies $path, which does not exist"
  done
  for list in $(grep -oE 'ariadne_[a-z]+_packages' "$side" | sort -u); do
    check 'declare -p "$list" >/dev/null 2>&1' "${side#"$root"/} installs \$$list, which deps.sh lacks"
  done
done

# Shared libraries the binaries link directly: each must come from the base
# image or ariadne_runtime_packages.
base_packages=" libc6 libgcc-s1 libstdc++6 "
runtime=" ${ariadne_runtime_packages[*]} "
for path in $binaries; do
  # Sanitizer runtimes only appear in the asan preset's binaries, never in the image.
  # Only the libraries the binary names itself: apt installs what those need.
  needed=" $(readelf -d "$build/$path" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ') "
  for lib in $(ldd "$build/$path" | awk -v needed="$needed" \
    '$3 ~ /^\// && $1 !~ /^lib(a|ub|l|t)san/ && index(needed, " " $1 " ") {print $3}'); do
    owner=$(dpkg -S "$lib" 2>/dev/null || dpkg -S "/usr$lib" 2>/dev/null || dpkg -S "$(readlink -f "$lib")" 2>/dev/null)
    package=${owner%%:*}
    check '[ -n "$package" ]' "$path needs $lib, which no package owns"
    [ -n "$package" ] || continue
    check '[[ "$base_packages$runtime" == *" $package "* ]]' \
      "$path needs $lib from $package, missing from ariadne_runtime_packages"
  done
done

echo "$passed passed, $failures failed"
[ "$failures" -eq 0 ]
