# The one list of Debian bookworm packages Ariadne needs, and a function that
# installs whichever are missing. Sourced by scripts/test.sh, scripts/run.sh
# and docker/Dockerfile, so the three can never disagree.

# Needed to build and test.
ariadne_build_packages=(
  ca-certificates cmake ninja-build g++ pkg-config
  libboost1.81-dev nlohmann-json3-dev libspdlog-dev libcli11-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  python3 python3-websockets python3-jsonschema
  libsqlite3-dev libssl-dev libpq-dev
)

# Needed for the browser tests (web.browser: headless Chromium driven by
# Selenium), the proxy test (net.nginx: nginx terminating TLS in front of
# the server), the operators' kit (promtool, docker/monitoring) and the
# PostgreSQL store's tests (a real PostgreSQL 15 each
# starts in a temporary folder; no package service runs); scripts/test.sh
# installs them, the Docker image never needs them.
ariadne_browser_packages=(
  chromium chromium-driver python3-selenium nginx postgresql prometheus
)

# Needed for the asan and fuzz presets (clang, its sanitizers and libFuzzer).
ariadne_fuzz_packages=(
  clang libclang-rt-14-dev
)

# The PostgreSQL server of docker/postgres/Dockerfile (compose.postgres.yml).
ariadne_postgres_packages=(
  postgresql-15
)

# The cluster's proxy (docker/cluster/Dockerfile, compose.yml there).
ariadne_proxy_packages=(
  nginx
)

# Needed to run the binaries (the Docker runtime stage).
# ca-certificates: the system's trust store, which wss:// and https:// clients
# (ariadne-bot, its --ping) check a server's certificate against.
ariadne_runtime_packages=(
  libspdlog1.10 libfmt9 libsqlite3-0 libpq5 libssl3 ca-certificates
)

# ensure_packages PKG...: installs the missing ones with apt-get, quietly, and
# says nothing when all are present.
ensure_packages() {
  local missing=()
  local pkg
  for pkg in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$pkg")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "==> installing ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo=(sudo)
    else
      echo "error: missing packages and not root; run: apt-get install ${missing[*]}" >&2
      return 1
    fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  # No service a package brings (nginx, dockerd) starts by itself: the tests
  # start their own servers, on loopback, and stop them by PID.
  local policy=/usr/sbin/policy-rc.d made_policy=0
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' | "${sudo[@]}" tee "$policy" >/dev/null
    "${sudo[@]}" chmod 755 "$policy"
    made_policy=1
  fi
  local status=0
  "${sudo[@]}" apt-get update -qq >/dev/null &&
    "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
    status=$?
  [ $made_policy -eq 0 ] || "${sudo[@]}" rm -f "$policy"
  return $status
}
