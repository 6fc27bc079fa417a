# The Docker smoke's last part (sourced by scripts/docker-smoke.sh, with its
# engine, images, helpers and cleanup): the cluster of
# docker/cluster/compose.yml, three nodes on PostgreSQL behind nginx, every
# service on the host's network on free ports (nginx.conf rendered for them
# by docker/cluster/cluster.py --render). A ranked run and practice runs
# through the proxy, the practice spread over the nodes, node2 killed with
# SIGKILL, then play going on through the proxy on the two left.
step "docker-compose: the cluster (docker/cluster/compose.yml), three nodes on PostgreSQL behind nginx"
compose --profile competition down -v >/dev/null 2>&1
project=
proxy_image=$image-proxy
side_image "$proxy_image" docker/cluster/Dockerfile "the proxy image"
# Every service is on the host's network: free ports, and nginx.conf rendered
# for them as docker/cluster/cluster.py renders it.
proxy_port=$(free_port)
ARIADNE_PG_PORT=$(free_port)
ARIADNE_NODE1_PORT=$(free_port)
ARIADNE_NODE2_PORT=$(free_port)
ARIADNE_NODE3_PORT=$(free_port)
ARIADNE_PROXY_CONF=$work/cluster-nginx.conf
export ARIADNE_PG_PORT ARIADNE_NODE1_PORT ARIADNE_NODE2_PORT ARIADNE_NODE3_PORT ARIADNE_PROXY_CONF
export ARIADNE_PROXY_IMAGE=$proxy_image
"$python" "$root/docker/cluster/cluster.py" --render "$proxy_port" "$ARIADNE_NODE1_PORT" \
  "$ARIADNE_NODE2_PORT" "$ARIADNE_NODE3_PORT" >"$ARIADNE_PROXY_CONF" ||
  fail "nginx.conf could not be rendered"
chmod 0644 "$ARIADNE_PROXY_CONF"
cluster_project=ariadne-cluster-$$
cluster() { docker-compose -p "$cluster_project" -f "$root/docker/cluster/compose.yml" "$@"; }
cluster up -d --no-build 2>&1 | grep -v -i "warning" || true
for node in node1 node2 node3; do
  id=$(cluster ps -q "$node")
  [ -n "$id" ] || fail "compose did not start $node"
  wait_healthy "$id"
done
proxy_ok=0
for _ in $(seq 1 60); do
  "$python" -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=2)' \
    "http://127.0.0.1:$proxy_port/healthz" 2>/dev/null && {
    proxy_ok=1
    break
  }
  sleep 0.5
done
[ $proxy_ok -eq 1 ] || {
  cluster logs proxy 2>&1 | tail -20
  fail "the proxy never answered /healthz"
}
step "the cluster answers at http://127.0.0.1:$proxy_port: a ranked run and practice runs through nginx"
token=$(cluster exec -T node1 ariadne-admin add-competitor smoke | tail -1)
[ -n "$token" ] || fail "ariadne-admin add-competitor printed no token (in the cluster)"
proxy_url=ws://127.0.0.1:$proxy_port/ws
"$python" "$root/clients/python/ariadne_client.py" --url "$proxy_url" --token "$token" \
  --challenge warm-up --attempts 1 || fail "the ranked run through the proxy did not find the treasure"
practice() {
  docker run --rm --network host "$image" ariadne-bot --bot tremaux --url "$proxy_url" \
    --generator hunt_and_kill --size 16x16 --seeds "$1" -j 8 --loops 0.2 --quiet
}
practice 1-24 || fail "ariadne-bot's runs through the proxy failed"
# The practice drones carry no route key: nginx spreads them over the nodes
# at random. Eight connections (four reached one node 1 time in 27).
spread=0
counts=""
for node in node1 node2 node3; do
  started=$(cluster logs "$node" 2>&1 | grep -c " started: " || true)
  counts="$counts $node:$started"
  [ "$started" -gt 0 ] && spread=$((spread + 1))
done
[ $spread -ge 2 ] || fail "the runs through the proxy all reached one node (runs started:$counts)"
step "node2 killed (SIGKILL): play goes on through the proxy on the two left"
docker kill "$(cluster ps -q node2)" >/dev/null
practice 25-48 || fail "ariadne-bot's runs through the proxy failed after node2's death"
"$python" "$root/clients/python/ariadne_client.py" --url "$proxy_url" --token "$token" \
  --challenge warm-up --attempts 1 || fail "a ranked run after node2's death did not find the treasure"
cluster_board=$("$python" -c 'import json, sys, urllib.request
board = json.load(urllib.request.urlopen(sys.argv[1], timeout=10))
print(json.dumps(board["rows"], sort_keys=True))' "http://127.0.0.1:$proxy_port/api/leaderboard")
grep -q '"found": 1' <<<"$cluster_board" ||
  fail "the cluster's leaderboard does not show the ranked runs: $cluster_board"
echo "the cluster's leaderboard: $cluster_board"
cluster down -v -t 5 >/dev/null 2>&1
cluster_project=
