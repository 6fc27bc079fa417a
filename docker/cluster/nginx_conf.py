"""docker/cluster/nginx.conf for a cluster's own ports: the shipped file
names three nodes and the proxy on fixed ports; render() rewrites it for any
number of nodes on any ports (cluster.py, and through its --render the
Docker smoke and scripts/bench-proxy.sh)."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
CONF = os.path.join(HERE, "nginx.conf")
# The shipped file names three nodes on these ports and the proxy on this one.
FIRST_NODE, OTHER_NODES, PROXY = "127.0.0.1:8101", ("127.0.0.1:8102", "127.0.0.1:8103"), \
    "127.0.0.1:8080"


def render(text, proxy_port, node_ports):
    """The shipped nginx.conf for these ports: every line naming the first
    node becomes one line a node, the lines naming the other two go, and the
    proxy listens on proxy_port. A file that no longer has these lines is an
    error: the file and this script change together."""
    lines = []
    firsts = 0
    for line in text.splitlines():
        code = line.split("#", 1)[0]
        if any(other in code for other in OTHER_NODES):
            continue
        if FIRST_NODE in code:
            firsts += 1
            for k, port in enumerate(node_ports, start=1):
                lines.append(line.replace(FIRST_NODE, f"127.0.0.1:{port}")
                             .replace("/nodes/1/", f"/nodes/{k}/"))
            continue
        lines.append(line.replace(PROXY, f"127.0.0.1:{proxy_port}") if PROXY in code else line)
    if firsts != 3 or f"listen 127.0.0.1:{proxy_port};" not in "\n".join(lines):
        raise SystemExit(f"{CONF}: expected the first node ({FIRST_NODE}) in 3 lines (two "
                         f"upstreams, the metrics map) and listen {PROXY}; found {firsts}")
    return "\n".join(lines) + "\n"
