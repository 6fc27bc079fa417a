#!/usr/bin/env bash
# Builds the Docker image, runs it, waits until Docker reports it healthy,
# plays one run with the Python starter kit, and stops it. Needs a Docker
# engine (the development machines have none; CI exercises the same steps
# through scripts/test.sh and scripts/build-release.sh).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
image=${ARIADNE_IMAGE:-ariadne:smoke}
port=${ARIADNE_SMOKE_PORT:-18080}
command -v docker >/dev/null || { echo "error: docker is not installed" >&2; exit 1; }
docker info >/dev/null 2>&1 || { echo "error: no Docker engine is reachable" >&2; exit 1; }

echo "==> building $image"
docker build -f "$root/docker/Dockerfile" -t "$image" "$root"
echo "==> starting it on port $port"
container=$(docker run -d --rm -p "127.0.0.1:$port:8080" "$image")
trap 'docker stop "$container" >/dev/null 2>&1 || true' EXIT
# Docker runs the image's HEALTHCHECK; wait for its verdict (at most 60 s).
for _ in $(seq 1 60); do
  status=$(docker inspect --format '{{.State.Health.Status}}' "$container")
  [ "$status" = healthy ] && break
  [ "$status" = unhealthy ] && { docker logs "$container"; echo "error: unhealthy" >&2; exit 1; }
  sleep 1
done
[ "$status" = healthy ] || { docker logs "$container"; echo "error: never became healthy" >&2; exit 1; }
echo "==> healthy; one run with the Python starter kit"
/usr/bin/python3 "$root/clients/python/ariadne_client.py" --url "ws://127.0.0.1:$port/ws" --seed 42
echo "==> the server stops cleanly"
docker stop "$container" >/dev/null
trap - EXIT
echo "docker smoke test passed"
