#!/usr/bin/env python3
"""An Ariadne cluster on one machine, without Docker: N ariadne-server nodes
on one PostgreSQL, behind Debian's nginx running docker/cluster/nginx.conf
(rendered with this cluster's ports). Every process is started here, waited
for until it answers, and stopped by its PID.

    docker/cluster/cluster.py --build build/release --nodes 3 --port 8080 \\
        --competition docker/competition.json --data cluster-data

prints the proxy's address, each process's PID, the nodes' addresses and
logs and the database's, then runs until Ctrl-C, taking commands on its
input meanwhile (`restart node2`, `stop node2`, `start node2`, `restart db`,
`status`). With --render PROXY_PORT NODE_PORT... it only prints nginx.conf
rendered for those ports (as scripts/docker-smoke.sh mounts it).

The database: with --db postgresql://... that one, left be; with --data DIR
a PostgreSQL of its own whose files stay in DIR (the next start with the
same --data goes on with them); with neither, a PostgreSQL of its own in a
temporary folder, deleted with every result when the script stops (it says
so when it starts). Debian's postgresql package; as root it runs as nobody.

As a module (tests/cluster does this): Cluster(...) as a context manager,
with kill(k), drain(k), start_node(k), reload() and the addresses.
"""
import argparse
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.realpath(__file__))  # the repository's, through any link
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
from cluster_console import command, print_pids  # noqa: E402
from nginx_conf import CONF, render  # noqa: E402


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(port, path, timeout=2):
    """GET http://127.0.0.1:PORT/PATH: (status, body); (None, why) when unreachable."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(f"http://127.0.0.1:{port}{path}", timeout=timeout) as reply:
            return reply.status, reply.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(errors="replace")
    except OSError as e:
        return None, str(e)


def wait_until_ok(port, proc, what, timeout):
    """Until GET /healthz on port answers 200 ok; fails when proc exits first."""
    deadline = time.monotonic() + timeout
    while True:
        status, body = get(port, "/healthz")
        if status == 200 and body.strip() == "ok":
            return
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited ({proc.returncode}) before it answered /healthz")
        if time.monotonic() >= deadline:
            raise RuntimeError(f"{what} did not answer /healthz with ok in {timeout} s "
                               f"(last: {status} {body.strip()[:80]})")
        time.sleep(0.05)


class Cluster:
    def __init__(self, build, nodes=3, port=0, db=None, competition=None, folder=None,
                 server_args=(), log_level="warn", timeout=30, maze_dir=None, node_ports=None,
                 data=None):
        self.server = os.path.join(build, "server/app/ariadne-server")
        self.admin_binary = os.path.join(build, "tools/ariadne-admin")
        self.nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        for binary in (self.server, self.nginx):
            if not os.access(binary, os.X_OK):
                raise RuntimeError(f"{binary} is missing (build Ariadne; apt-get install nginx)")
        self.count = nodes
        self.port = port or free_port()
        self.db = db
        self.competition = competition
        self.maze_dir = maze_dir
        self.data = data  # a folder for the PostgreSQL of its own, kept
        self.server_args = list(server_args)
        self.log_level = log_level
        self.timeout = timeout
        self.folder = folder or tempfile.mkdtemp(prefix="ariadne-cluster-")
        self.own_folder = folder is None
        self.pg = None
        self.node_ports = list(node_ports) if node_ports else [free_port() for _ in range(nodes)]
        if len(self.node_ports) != nodes:
            raise RuntimeError(f"{nodes} nodes need {nodes} ports, got {len(self.node_ports)}")
        self.nodes = [None] * nodes  # the processes, None while down
        self.proxy = None

    # The addresses.
    def url(self, path="/ws"):
        return f"ws://127.0.0.1:{self.port}{path}"

    def node_name(self, k):
        return f"node{k + 1}"

    def node_log(self, k):
        return os.path.join(self.folder, f"{self.node_name(k)}.log")

    def admin(self, *args):
        """ariadne-admin on the cluster's database; its output."""
        return subprocess.run([self.admin_binary, "--db", self.db, *args], check=True,
                              capture_output=True, text=True, timeout=60).stdout

    def prepare(self):
        """The database, before any node (start() does it when not done):
        competitors may be added to it first."""
        if self.db is None:
            sys.path.insert(0, os.path.join(ROOT, "tests", "support"))
            from postgres import Postgres
            self.pg = Postgres(folder=self.data)
            self.pg.start()
            self.db = self.pg.database("ariadne", keep=self.data is not None)
        return self

    def start(self):
        try:
            self.prepare()
            for k in range(self.count):
                self.start_node(k)
            self.start_proxy()
        except BaseException:
            self.stop()
            raise
        return self

    def start_node(self, k):
        """Node k (from 0) on its own port, its log in the cluster's folder."""
        args = [self.server, "--bind", "127.0.0.1", "--port", str(self.node_ports[k]),
                "--node", self.node_name(k), "--trusted-proxy", "127.0.0.1", "--db", self.db,
                "--log-level", self.log_level, *self.server_args]
        if self.competition:
            args += ["--competition", self.competition]
        if self.maze_dir:
            args += ["--maze-dir", self.maze_dir]
        with open(self.node_log(k), "ab") as log:
            proc = subprocess.Popen(args, stdout=log, stderr=log, start_new_session=True)
        self.nodes[k] = proc
        wait_until_ok(self.node_ports[k], proc, self.node_name(k), self.timeout)
        return proc

    def start_proxy(self):
        prefix = os.path.join(self.folder, "nginx")
        for sub in ("logs", "temp"):
            os.makedirs(os.path.join(prefix, sub), exist_ok=True)
        with open(CONF) as f:
            text = render(f.read(), self.port, self.node_ports)
        if os.geteuid() == 0:
            # nginx's workers run as nobody: they write the temporary files.
            os.chmod(self.folder, 0o755)
            os.chmod(prefix, 0o755)
            shutil.chown(os.path.join(prefix, "temp"), "nobody", "nogroup")
        self.conf = os.path.join(prefix, "nginx.conf")
        with open(self.conf, "w") as f:
            f.write(text)
        log = open(os.path.join(prefix, "logs", "stderr.log"), "ab")
        self.proxy = subprocess.Popen([self.nginx, "-p", prefix, "-c", self.conf, "-g",
                                       "daemon off;"], stdout=log, stderr=log,
                                      start_new_session=True)
        log.close()
        wait_until_ok(self.port, self.proxy, "nginx", self.timeout)

    def reload(self):
        """nginx -s reload: new workers take new connections, the old ones
        finish what they hold (a WebSocket: until it closes)."""
        self.proxy.send_signal(signal.SIGHUP)

    def proxy_workers(self):
        """The PIDs of nginx's worker processes (its master's children)."""
        found = []
        for entry in os.listdir("/proc"):
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if entry.isdigit() and int(fields[1]) == self.proxy.pid:
                found.append(int(entry))
        return found

    def kill(self, k, sig=signal.SIGKILL):
        """Signals node k; SIGKILL: waits for its death."""
        proc = self.nodes[k]
        proc.send_signal(sig)
        if sig == signal.SIGKILL:
            proc.wait(timeout=10)
            self.nodes[k] = None

    def drain(self, k, timeout=None):
        """SIGTERM to node k, then waits until it has drained and exited;
        its exit code."""
        proc = self.nodes[k]
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(timeout=timeout)
        self.nodes[k] = None
        return code

    def stop_node(self, k):
        """Node k stopped at once (SIGINT: no drain), by its PID."""
        proc = self.nodes[k]
        if proc is not None and proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        self.nodes[k] = None

    def restart_database(self):
        """The PostgreSQL of its own stopped and started again on its port
        (the nodes ride out the outage)."""
        if self.pg is None:
            raise RuntimeError("the database is not this script's (--db): restart it yourself")
        self.pg.stop()
        self.pg.start()

    def pids(self):
        """(what, PID or None) for every process this cluster started."""
        found = [("nginx", self.proxy.pid if self.proxy is not None else None)]
        for k, proc in enumerate(self.nodes):
            alive = proc is not None and proc.poll() is None
            found.append((self.node_name(k), proc.pid if alive else None))
        if self.pg is not None:
            found.append(("postgres", self.pg.process.pid if self.pg.process else None))
        return found

    def stop(self):
        if self.proxy is not None and self.proxy.poll() is None:
            self.proxy.send_signal(signal.SIGQUIT)  # graceful: workers finish, then exit
            try:
                self.proxy.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proxy.kill()
                self.proxy.wait()
        for k in range(self.count):
            self.stop_node(k)
        if self.pg is not None:
            self.pg.close()
            self.pg = None
        if self.own_folder:
            shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def node_ports_arg(text):
    try:
        ports = [int(p) for p in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of ports: {text}")
    if any(not 1 <= p <= 65535 for p in ports) or len(set(ports)) != len(ports):
        raise argparse.ArgumentTypeError(f"ports 1 to 65535, each once: {text}")
    return ports


def main():
    parser = argparse.ArgumentParser(description="Run an Ariadne cluster behind nginx on this "
                                     "machine (stop it with Ctrl-C).")
    parser.add_argument("--build", default=os.path.join(ROOT, "build", "release"),
                        help="the build folder (default: build/release)")
    parser.add_argument("--nodes", type=int, default=3, help="how many servers (default 3)")
    parser.add_argument("--port", type=int, default=8080, help="nginx's port (default 8080)")
    parser.add_argument("--node-ports", type=node_ports_arg, metavar="PORT,PORT,...",
                        help="the nodes' ports, one a node (default: free ones)")
    parser.add_argument("--db", help="a PostgreSQL URI, left as it is at the end")
    parser.add_argument("--data", metavar="DIR",
                        help="a PostgreSQL of its own whose files stay in DIR (the next start "
                        "with the same DIR goes on with them). Without --db or --data the "
                        "database is in a temporary folder, deleted at the end")
    parser.add_argument("--competition", help="a competition file for every node")
    parser.add_argument("--maze-dir", default=os.path.join(ROOT, "docker", "mazes"),
                        help="the named mazes, for every node (default: docker/mazes)")
    parser.add_argument("--folder", help="where the logs go (default: a temporary folder, "
                        "removed at the end)")
    parser.add_argument("--log-level", default="info")
    parser.add_argument("--render", nargs="+", type=int, metavar="PORT",
                        help="only print nginx.conf for a proxy on the first port and nodes "
                        "on the others, all on 127.0.0.1 (docker/cluster/compose.yml's "
                        "ARIADNE_PROXY_CONF)")
    parser.add_argument("server_args", nargs="*", help="after --: more ariadne-server options")
    args = parser.parse_args()
    if args.render:
        if len(args.render) < 2:
            parser.error("--render: the proxy's port, then at least one node's")
        with open(CONF) as f:
            sys.stdout.write(render(f.read(), args.render[0], args.render[1:]))
        return 0
    if not 1 <= args.nodes <= 64:
        parser.error("--nodes: 1 to 64")
    if args.node_ports and len(args.node_ports) != args.nodes:
        parser.error(f"--node-ports: {args.nodes} ports, one a node")
    if args.db and args.data:
        parser.error("--db or --data, not both")
    if args.folder:
        os.makedirs(args.folder, exist_ok=True)
    data = os.path.abspath(args.data) if args.data else None
    cluster = Cluster(args.build, args.nodes, args.port, args.db, args.competition,
                      args.folder, args.server_args, args.log_level, maze_dir=args.maze_dir,
                      node_ports=args.node_ports, data=data)
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(1))
    try:
        cluster.start()
    except (RuntimeError, subprocess.CalledProcessError) as e:
        sys.exit(f"cluster.py: {e}")
    try:
        print(f"Ariadne on {cluster.url('/')} (drones: {cluster.url()})")
        for k, port in enumerate(cluster.node_ports):
            print(f"  {cluster.node_name(k)}: 127.0.0.1:{port} (its log: {cluster.node_log(k)}; "
                  f"its metrics: http://127.0.0.1:{cluster.port}/nodes/{k + 1}/metrics)")
        print(f"  database: {cluster.db}")
        if cluster.pg is not None and data is None:
            print("  WARNING: this database is in a temporary folder: it and every result "
                  "are DELETED when this stops (--data DIR keeps them)")
        elif data is not None:
            print(f"  its files: {data} (kept; the next start with --data {args.data} goes on)")
        print_pids(cluster)
        print(f"  competitors: {cluster.admin_binary} --db {cluster.db} "
              "add-competitor NAME")
        print("Ctrl-C stops it; meanwhile type status, restart node1, stop node1, start node1, "
              "restart db or quit.", flush=True)
        reading = True
        typed = b""  # what came on the input, not yet a whole line
        while not stop and cluster.proxy.poll() is None:
            if not reading:
                time.sleep(0.5)
                continue
            if not select.select([sys.stdin], [], [], 0.5)[0]:
                continue
            chunk = os.read(sys.stdin.fileno(), 4096)
            if not chunk:
                reading = False  # no input (closed, or /dev/null): Ctrl-C only
                continue
            typed += chunk
            *lines, typed = typed.split(b"\n")
            if not all(command(cluster, line.decode(errors="replace")) for line in lines):
                break
    except KeyboardInterrupt:
        pass
    finally:
        cluster.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
