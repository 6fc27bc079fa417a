#!/usr/bin/env bash
# Builds the Docker image and proves it works: runs it, waits for Docker's own
# health status, plays full runs with the Python kit (from this machine) and
# with ariadne-bot (from a second container of the image), checks that the
# server runs unprivileged, stops it with SIGTERM (exit 0 expected), then runs
# docker/compose.yml (server and two bots; the competition service, restarted
# with its leaderboard intact) and takes it down, then the cluster of
# docker/cluster/compose.yml (three nodes on PostgreSQL behind nginx, always
# on the host's network): runs through the proxy, a node killed, play going on. The compose part runs over
# TLS (compose.tls.yml, a throwaway CA and certificate made with openssl):
# the bots play over wss://, the ranked run and the leaderboard go over
# wss:// and https://.
#
# Uses the engine `docker info` reaches. Where none runs, it starts its own
# dockerd (Debian's docker.io, vfs storage, no iptables, no bridge) under a
# temporary folder, and then runs every container with host networking and
# talks to it on 127.0.0.1. Where debian:bookworm(-slim) is missing and cannot
# be pulled, it bootstraps one with debootstrap from apt's Debian mirror.
# Everything it made is removed at the end: containers by ID, the compose
# project with its volume, the image and any base it bootstrapped (on an
# engine that was already running), and an engine it started, by PID.
#
# Usage: scripts/docker-smoke.sh        ARIADNE_IMAGE=tag (default ariadne:smoke)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/deps.sh
source "$root/scripts/deps.sh"
image=${ARIADNE_IMAGE:-ariadne:smoke}
python=/usr/bin/python3
work=$(mktemp -d /tmp/ariadne-smoke.XXXXXX)
engine_pid=
containers=()
images=()  # tags this run made
project=
compose_files=()
cluster_project=

step() { echo "==> [$(date -u +%H:%M:%S)] $*"; }
fail() {
  echo "error: $*" >&2
  exit 1
}

cleanup() {
  local status=$?
  set +e
  if [ -n "$project" ]; then
    docker-compose -p "$project" "${compose_files[@]}" --profile competition down -v \
      >/dev/null 2>&1
  fi
  if [ -n "$cluster_project" ]; then
    docker-compose -p "$cluster_project" -f "$root/docker/cluster/compose.yml" down -v -t 5 \
      >/dev/null 2>&1
  fi
  for id in "${containers[@]}"; do docker rm -f "$id" >/dev/null 2>&1; done
  # On an engine it did not start: the image it built, the bases it made.
  if [ -z "$engine_pid" ]; then
    for made in "${images[@]}"; do docker rmi "$made" >/dev/null 2>&1; done
  fi
  if [ -n "$engine_pid" ]; then
    kill "$engine_pid" 2>/dev/null
    for _ in $(seq 1 100); do kill -0 "$engine_pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$engine_pid" 2>/dev/null
    # Mounts a killed engine may leave behind, deepest first, before removal.
    grep -o " $work/[^ ]*" /proc/mounts | sort -r | xargs -r -n1 umount -l 2>/dev/null
  fi
  rm -rf "$work"
  [ $status -eq 0 ] && echo "docker smoke test passed" || echo "docker smoke test FAILED" >&2
  exit $status
}
trap cleanup EXIT
# Stopped by a signal: the cleanup runs, and the smoke is not called a pass.
trap 'exit 130' INT
trap 'exit 143' TERM

# A free TCP port on 127.0.0.1 (host networking shares the host's ports).
free_port() {
  "$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# wait_healthy ID: waits for Docker's verdict from the image's HEALTHCHECK.
wait_healthy() {
  local status=
  for _ in $(seq 1 120); do
    status=$(docker inspect --format '{{.State.Health.Status}}' "$1")
    case $status in
      healthy) return 0 ;;
      unhealthy) break ;;
    esac
    [ "$(docker inspect --format '{{.State.Running}}' "$1")" = true ] || break
    sleep 0.5
  done
  docker logs "$1" 2>&1 | tail -20
  fail "container $1 is not healthy (status: ${status:-none})"
}

# side_image TAG DOCKERFILE WHAT: builds one of the images beside the
# server's (its log shown when it fails); a tag this run made is removed.
side_image() {
  docker image inspect "$1" >/dev/null 2>&1 || images+=("$1")
  if ! DOCKER_BUILDKIT=0 docker build "${net[@]}" -f "$root/$2" -t "$1" "$root" \
    >"$work/side-build.log" 2>&1; then
    tail -40 "$work/side-build.log"
    fail "$3 did not build (end of its log above)"
  fi
}

# --- the engine -------------------------------------------------------------
host_network=0
if docker info >/dev/null 2>&1; then
  step "using the running Docker engine"
else
  step "no Docker engine is reachable: starting one under $work"
  ensure_packages docker.io
  dockerd --storage-driver vfs --iptables=false --ip6tables=false --bridge=none \
    --data-root "$work/data" --exec-root "$work/exec" --pidfile "$work/docker.pid" \
    --host "unix://$work/docker.sock" >"$work/dockerd.log" 2>&1 &
  engine_pid=$!
  export DOCKER_HOST=unix://$work/docker.sock
  for _ in $(seq 1 300); do
    docker info >/dev/null 2>&1 && break
    kill -0 "$engine_pid" 2>/dev/null || { tail -20 "$work/dockerd.log"; fail "dockerd exited"; }
    sleep 0.1
  done
  docker info >/dev/null 2>&1 || { tail -20 "$work/dockerd.log"; fail "dockerd never became ready"; }
  host_network=1
fi
net=()
[ $host_network -eq 1 ] && net=(--network host)

# --- base images ------------------------------------------------------------
missing=()
for base in debian:bookworm debian:bookworm-slim; do
  docker image inspect "$base" >/dev/null 2>&1 && continue
  timeout 60 docker pull -q "$base" >/dev/null 2>&1 || missing+=("$base")
done
if [ ${#missing[@]} -gt 0 ]; then
  ensure_packages debootstrap
  mirror=$(apt-cache policy | awk '$3 ~ /^bookworm\/main$/ && $2 ~ /^https?:/ {print $2; exit}')
  [ -n "$mirror" ] || mirror=http://deb.debian.org/debian
  step "no registry answers: bootstrapping ${missing[*]} from $mirror (locally bootstrapped base in use)"
  if ! debootstrap --variant=minbase bookworm "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1; then
    tail -20 "$work/debootstrap.log"
    fail "debootstrap failed (log above)"
  fi
  rm -rf "$work"/rootfs/var/cache/apt/archives/*.deb "$work"/rootfs/var/cache/apt/*.bin \
    "$work"/rootfs/var/lib/apt/lists/*
  base_id=$(tar -C "$work/rootfs" -c . | docker import - "${missing[0]}")
  for base in "${missing[@]}"; do
    docker tag "$base_id" "$base"
    images+=("$base")
  done
  rm -rf "$work/rootfs"
fi

# --- the image ----------------------------------------------------------------
step "building $image (log: the build's Step lines; the whole log on failure)"
# A tag that was there before is left there; one this run made is removed.
docker image inspect "$image" >/dev/null 2>&1 || images+=("$image")
if ! DOCKER_BUILDKIT=0 docker build "${net[@]}" -f "$root/docker/Dockerfile" -t "$image" "$root" \
  2>&1 | tee "$work/build.log" | grep --line-buffered -E '^(Step [0-9]+/|==> )'; then
  fail "docker build failed"
fi
grep -q "^Successfully tagged $image" "$work/build.log" || {
  tail -40 "$work/build.log"
  fail "docker build failed (end of its log above)"
}
bytes() { docker image inspect --format '{{.Size}}' "$1"; }
image_bytes=$(bytes "$image")
base_bytes=$(bytes debian:bookworm-slim)
step "$(awk -v i="$image_bytes" -v b="$base_bytes" 'BEGIN {printf "image size: %.1f MB, of which the base is %.1f MB and Ariadne adds %.1f MB", i / 1e6, b / 1e6, (i - b) / 1e6}')"

# --- one container --------------------------------------------------------------
port=8080
publish=()
if [ $host_network -eq 1 ]; then
  port=$(free_port)
else
  publish=(-p "127.0.0.1::8080")
fi
step "running it"
# The image's own HEALTHCHECK, run every second here instead of every 10 s.
server=$(docker run -d "${net[@]}" "${publish[@]}" -e ARIADNE_PORT=$port --health-interval 1s \
  "$image")
containers+=("$server")
outside_port=$port
if [ $host_network -eq 0 ]; then
  outside_port=$(docker port "$server" 8080/tcp | head -1 | sed 's/.*://')
fi
wait_healthy "$server"
step "healthy (Docker's HEALTHCHECK ran ariadne-bot --ping); the server runs as uid 10001"
uids=$(docker top "$server" -eo pid,uid,comm | awk 'NR > 1 && $3 == "ariadne-server" {print $2}')
[ "$uids" = 10001 ] || fail "ariadne-server runs as uid '${uids:-?}', not 10001"

step "a full run with the Python kit, from this machine"
"$python" "$root/clients/python/ariadne_client.py" --url "ws://127.0.0.1:$outside_port/ws" \
  --generator prim --size 24x24 --seed 42 || fail "the Python kit's run did not find the treasure"

step "full runs with ariadne-bot, from a second container"
# Sharing the server's network namespace works the same on either networking.
docker run --rm --network "container:$server" "$image" ariadne-bot --bot tremaux \
  --url "ws://127.0.0.1:$port/ws" --generator hunt_and_kill --size 16x16 --seeds 1-10 --loops 0.2 ||
  fail "ariadne-bot's runs failed (tremaux always finds the treasure)"

step "SIGTERM stops it with exit code 0"
docker kill --signal TERM "$server" >/dev/null
code=$(timeout 10 docker wait "$server") || fail "the server did not stop within 10 s of SIGTERM"
[ "$code" = 0 ] || { docker logs "$server" 2>&1 | tail -20; fail "the server exited with $code"; }

# --- compose ------------------------------------------------------------------
step "a throwaway CA and a certificate for server, localhost and 127.0.0.1"
tls=$work/tls
mkdir -p "$tls"
(
  cd "$tls"
  openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 2 \
    -subj "/CN=Ariadne smoke CA" 2>/dev/null
  openssl req -newkey rsa:2048 -nodes -keyout key.pem -out cert.csr -subj "/CN=server" 2>/dev/null
  printf 'subjectAltName=DNS:server,DNS:localhost,IP:127.0.0.1\n' >ext.cnf
  openssl x509 -req -in cert.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 \
    -extfile ext.cnf -out leaf.pem 2>/dev/null
  cat leaf.pem ca.pem >cert.pem
  chmod 0644 key.pem # the image's user reads it; a throwaway key
) || fail "openssl could not make the test certificate"
export ARIADNE_TLS_DIR=$tls
project=ariadne-smoke-$$
compose_files=(-f "$root/docker/compose.yml" -f "$root/docker/compose.tls.yml")
ARIADNE_PORT=$(free_port)
ARIADNE_COMPETITION_PORT=$(free_port)
export ARIADNE_IMAGE=$image ARIADNE_PORT ARIADNE_COMPETITION_PORT
ensure_packages docker-compose
# host_compose OUT FILE...: the host-network variant of compose files.
# docker-compose 1.29 cannot drop a service's ports in an override file, so
# it is the files merged and rewritten: no ports, every service on the
# host's network, the servers (and PostgreSQL) on free ports.
host_compose() {
  /usr/bin/python3 - "$@" <<'EOF'
import sys
import yaml
out, first, *overrides = sys.argv[1:]
doc = yaml.safe_load(open(first))
# Each override merged as compose merges it (environment, volumes and
# depends_on added to, other keys replaced, new services and volumes added).
for path in overrides:
    extra_doc = yaml.safe_load(open(path))
    for name, extra in extra_doc["services"].items():
        service = doc["services"].setdefault(name, {})
        for key, value in extra.items():
            if key in ("environment", "depends_on"):
                service.setdefault(key, {}).update(value)
            elif key == "volumes":
                service[key] = service.get(key, []) + value
            else:
                service[key] = value
    doc.setdefault("volumes", {}).update(extra_doc.get("volumes") or {})
ports = {"server": "${ARIADNE_PORT}", "competition": "${ARIADNE_COMPETITION_PORT}"}
for name, service in doc["services"].items():
    service.pop("ports", None)
    service["network_mode"] = "host"
    if name in ports:
        service.setdefault("environment", {})["ARIADNE_PORT"] = ports[name]
yaml.safe_dump(doc, open(out, "w"), sort_keys=False)
EOF
}
if [ $host_network -eq 1 ]; then
  host_compose "$work/compose.host.yml" "$root/docker/compose.yml" "$root/docker/compose.tls.yml"
  compose_files=(--project-directory "$root/docker" -f "$work/compose.host.yml")
  export ARIADNE_SERVER_URL=wss://127.0.0.1:$ARIADNE_PORT/ws
fi
compose() { docker-compose -p "$project" "${compose_files[@]}" "$@"; }
step "docker-compose: the server and two bots, over wss://"
compose up -d --no-build 2>&1 | grep -v -i "warning" || true
for bot in tremaux dfs; do
  id=$(compose ps -q "$bot")
  [ -n "$id" ] || fail "compose did not start the $bot bot"
  code=$(timeout 300 docker wait "$id") || fail "the $bot bot did not finish in 5 minutes"
  table=$(docker logs "$id" 2>&1)
  echo "$table" | tail -3
  [ "$code" = 0 ] || fail "the $bot bot exited with $code"
  grep -Eq "^$bot +20 +20 " <<<"$table" || fail "the $bot bot did not find all 20 treasures"
done
compose down >/dev/null 2>&1

step "docker-compose: the competition survives a restart with its leaderboard"
compose --profile competition up -d --no-build competition 2>&1 | grep -v -i "warning" || true
competition=$(compose ps -q competition)
[ -n "$competition" ] || fail "compose did not start the competition service"
wait_healthy "$competition"
token=$(compose exec -T competition ariadne-admin add-competitor smoke | tail -1)
[ -n "$token" ] || fail "ariadne-admin add-competitor printed no token"
competition_port=$ARIADNE_COMPETITION_PORT
step "a ranked run over wss:// with the Python kit, checked against the test CA"
"$python" "$root/clients/python/ariadne_client.py" --url "wss://localhost:$competition_port/ws" \
  --ca "$tls/ca.pem" --token "$token" --challenge warm-up ||
  fail "the ranked run did not find the treasure"
board() {
  "$python" -c 'import json, ssl, sys, urllib.request
tls = ssl.create_default_context(cafile=sys.argv[2])
board = json.load(urllib.request.urlopen(sys.argv[1], timeout=10, context=tls))
print(json.dumps(board["rows"] if "rows" in board else board, sort_keys=True))' \
    "https://localhost:$competition_port/api/leaderboard" "$tls/ca.pem"
}
# The leaderboard is a cache rebuilt after each result (within 200 ms) and
# every second: it has settled once it shows the run and two reads half a
# second apart agree (the kit played every attempt, so nothing else comes).
settled_board() {
  local text= previous=
  for _ in $(seq 1 40); do
    text=$(board) && grep -q '"found": 1' <<<"$text" && [ "$text" = "$previous" ] && break
    previous=$text
    sleep 0.5
  done
  echo "$text"
}
before=$(settled_board)
grep -q '"found": 1' <<<"$before" || fail "the leaderboard does not show the ranked run: $before"
compose restart competition >/dev/null 2>&1
wait_healthy "$competition"
after=$(settled_board)
[ "$before" = "$after" ] || fail "the leaderboard changed across the restart: $before != $after"
echo "leaderboard after the restart: $after"

step "docker-compose: the competition on PostgreSQL 15 (compose.postgres.yml), through restarts"
compose --profile competition down -v >/dev/null 2>&1
postgres_image=$image-postgres
side_image "$postgres_image" docker/postgres/Dockerfile "the PostgreSQL image"
ARIADNE_DB_PASSWORD=$(openssl rand -hex 16)
export ARIADNE_POSTGRES_IMAGE=$postgres_image ARIADNE_DB_PASSWORD
if [ $host_network -eq 1 ]; then
  ARIADNE_PG_HOST=127.0.0.1
  ARIADNE_PG_PORT=$(free_port)
  export ARIADNE_PG_HOST ARIADNE_PG_PORT
  host_compose "$work/compose.postgres.host.yml" "$root/docker/compose.yml" \
    "$root/docker/compose.tls.yml" "$root/docker/compose.postgres.yml"
  compose_files=(--project-directory "$root/docker" -f "$work/compose.postgres.host.yml")
else
  compose_files+=(-f "$root/docker/compose.postgres.yml")
fi
compose --profile competition up -d --no-build competition 2>&1 | grep -v -i "warning" || true
competition=$(compose ps -q competition)
postgres=$(compose ps -q postgres)
[ -n "$competition" ] && [ -n "$postgres" ] || fail "compose did not start postgres and competition"
wait_healthy "$competition"
compose logs competition 2>&1 | grep -q "postgresql://" ||
  fail "the competition server does not say it opened PostgreSQL: $(compose logs competition 2>&1 | tail -5)"
token=$(compose exec -T competition ariadne-admin add-competitor smoke | tail -1)
[ -n "$token" ] || fail "ariadne-admin add-competitor printed no token (on PostgreSQL)"
"$python" "$root/clients/python/ariadne_client.py" --url "wss://localhost:$competition_port/ws" \
  --ca "$tls/ca.pem" --token "$token" --challenge warm-up ||
  fail "the ranked run on PostgreSQL did not find the treasure"
stored=$(compose exec -T postgres psql -h /run/postgresql -U ariadne -d ariadne -tAc \
  "SELECT count(*) FROM runs WHERE status = 'found'" | tr -d '[:space:]')
[ "${stored:-0}" -ge 1 ] || fail "PostgreSQL holds no found run (got '${stored}')"
before=$(settled_board)
grep -q '"found": 1' <<<"$before" || fail "the leaderboard on PostgreSQL does not show the run: $before"
# The database restarts under the server (an outage it rides out), then the server.
compose restart postgres >/dev/null 2>&1
wait_healthy "$postgres"
compose restart competition >/dev/null 2>&1
wait_healthy "$competition"
after=$(settled_board)
[ "$before" = "$after" ] || fail "the leaderboard on PostgreSQL changed across the restarts: $before != $after"
echo "PostgreSQL holds $stored found run(s); leaderboard after both restarts: $after"

# --- the cluster ---------------------------------------------------------------
# shellcheck source=scripts/docker-smoke-cluster.sh
source "$root/scripts/docker-smoke-cluster.sh"
