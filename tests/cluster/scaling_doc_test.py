#!/usr/bin/env python3
"""docs/scaling.md's "Run it" as an organizer follows it, in a scratch folder
that sees the repository: its cluster.py command run as written but for two
words, `--build build/release` (the build under test here: CI builds the
ci preset, and cluster.py runs any build) and `--port 8080` (a free port).
Then what the page promises of it: the proxy's address, every node's and
the database's, the PID of every process, the competitors line that works
as printed, `status`, `restart node2` and `restart db` typed on its input,
Ctrl-C stopping every process by PID, and `--data` keeping the competition
for the next start (a competitor added before is there after).
The Docker block is the Docker smoke's (scripts/docker-smoke-cluster.sh).
Usage: scaling_doc_test.py BUILD_DIR SOURCE_DIR"""
import os
import re
import select
import shlex
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docker",
                                "cluster"))
import scratch  # noqa: E402
from checks import Checks  # noqa: E402
from doc_commands import blocks  # noqa: E402
from cluster import free_port, get  # noqa: E402

BUILD, SOURCE = (os.path.abspath(a) for a in sys.argv[1:3])
checks = Checks()
check = checks.check
if shutil.which("nginx") is None and not os.path.exists("/usr/sbin/nginx"):
    print("SKIP: nginx is missing (scripts/deps.sh installs it)")
    sys.exit(77)
if not os.path.isdir("/usr/lib/postgresql"):
    print("SKIP: PostgreSQL is missing (scripts/deps.sh installs it)")
    sys.exit(77)


def run_it_block():
    """The sh block under "## Run it", its logical lines."""
    with open(os.path.join(SOURCE, "docs", "scaling.md")) as f:
        text = f.read()
    section = text.index("## Run it")
    line_of_section = text[:section].count("\n") + 1
    return next(lines for line, _, lines in blocks(text) if line > line_of_section)


class Script:
    """cluster.py running, its output read line by line as it comes."""

    def __init__(self, argv, work):
        self.proc = subprocess.Popen(argv, cwd=work, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.lines = []
        self.pending = b""  # read, not yet a whole line

    def read_until(self, pattern, seconds=60):
        """Lines until one matches pattern (a regex): that match, or None.
        The pipe is read by hand: a buffered readline would keep lines that
        select() no longer sees."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            while b"\n" in self.pending:
                raw, self.pending = self.pending.split(b"\n", 1)
                line = raw.decode(errors="replace")
                self.lines.append(line)
                found = re.search(pattern, line)
                if found:
                    return found
            if not select.select([self.proc.stdout], [], [], 0.5)[0]:
                if self.proc.poll() is not None:
                    return None
                continue
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            if not chunk:
                return None
            self.pending += chunk
        return None

    def type(self, line):
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def pids(self):
        """The last PIDs line read: {what: pid or None}."""
        line = next(line for line in reversed(self.lines) if "PIDs:" in line)
        found = {}
        for part in line.split("PIDs:", 1)[1].split(","):
            what, _, pid = part.strip().partition(" ")
            found[what] = int(pid) if pid.isdigit() else None
        return found


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def main():
    work = scratch.folder("ariadne-scaling-doc-")
    # As root PostgreSQL runs as nobody, who must reach cluster-data in here.
    if os.geteuid() == 0:
        os.chmod(work, 0o755)
    for name in ("clients", "docker", "docs"):
        os.symlink(os.path.join(SOURCE, name), os.path.join(work, name))
    os.makedirs(os.path.join(work, "build"))
    os.symlink(BUILD, os.path.join(work, "build", "release"))
    lines = run_it_block()
    check(lines[0] == "cmake --preset release && cmake --build --preset release -j2",
          f"the block builds the release preset first: {lines[0]!r}")
    argv = shlex.split(lines[1])
    check(argv[0] == "docker/cluster/cluster.py" and "--port" in argv and "--data" in argv,
          f"then runs cluster.py: {argv}")
    port = free_port()
    argv[argv.index("--port") + 1] = str(port)
    data = os.path.join(work, argv[argv.index("--data") + 1])

    script = Script(argv, work)
    try:
        ready = script.read_until(r"^Ctrl-C stops it", 120)
        check(ready is not None, "cluster.py starts and says how to stop it:\n" +
              "\n".join(script.lines[-20:]))
        if ready is None:
            return
        said = "\n".join(script.lines)
        check(f"Ariadne on ws://127.0.0.1:{port}/" in said,
              f"it prints the proxy's address: {script.lines[:1]}")
        check(all(f"node{k}: 127.0.0.1:" in said for k in (1, 2, 3)) and "its log:" in said,
              "it prints every node's address and log")
        check("database: postgresql://" in said and f"its files: {data}" in said,
              "it prints the database and where its files stay")
        pids = script.pids()
        check(set(pids) == {"nginx", "node1", "node2", "node3", "postgres"} and
              all(pid and alive(pid) for pid in pids.values()),
              f"it prints the PID of every process it started: {pids}")
        status, body = get(port, "/healthz")
        check((status, body.strip()) == (200, "ok"), f"the proxy answers: {status} {body[:40]}")
        # The competitors line, as printed, with a name for NAME.
        printed = next(line for line in script.lines if "competitors:" in line)
        add = shlex.split(printed.split("competitors:", 1)[1].replace("NAME", "alice"))
        token = subprocess.run(add, cwd=work, capture_output=True, text=True, timeout=60)
        check(token.returncode == 0 and len(token.stdout.strip()) >= 20,
              f"the printed competitors line adds one: {token.returncode} {token.stderr[-200:]}")

        script.type("status")
        check(script.read_until(r"PIDs:", 30) is not None and script.pids() == pids,
              "`status` prints the same PIDs")
        script.type("restart node2")
        restarted = script.read_until(r"PIDs:", 90) is not None and script.pids()
        check(restarted and restarted["node2"] not in (None, pids["node2"]) and
              not alive(pids["node2"]) and restarted["node1"] == pids["node1"],
              f"`restart node2` starts node2 again, a new process: {restarted}")
        script.type("restart db")
        check(script.read_until(r"^postgres restarted \(PID \d+\)", 90) is not None,
              "`restart db` restarts PostgreSQL")
        status, _ = get(port, "/healthz")
        check(status == 200, "the cluster answers after both restarts")
        every = [pid for pid in script.pids().values() if pid]
        every = [pid for pid in (*every, *pids.values()) if pid]

        # Ctrl-C: every process stopped, by PID; the data kept.
        script.proc.send_signal(signal.SIGINT)
        code = script.proc.wait(timeout=120)
        check(code == 0, f"Ctrl-C stops it: exit {code}")
        still = [pid for pid in every if alive(pid)]
        check(not still, f"every process it started is stopped: {still}")
        check(os.path.isdir(data) and os.listdir(data), f"{data} is kept")

        # The same command again: the competition goes on, alice included.
        script = Script(argv, work)
        check(script.read_until(r"^Ctrl-C stops it", 120) is not None,
              "started again with the same --data:\n" + "\n".join(script.lines[-20:]))
        # Its database on a new port: the line this start printed.
        printed = next(line for line in script.lines if "competitors:" in line)
        admin = shlex.split(printed.split("competitors:", 1)[1])
        listed = subprocess.run([*admin[:admin.index("add-competitor")], "list-competitors"],
                                cwd=work,
                                capture_output=True, text=True, timeout=60)
        check("alice" in listed.stdout, f"alice is still there: {listed.stdout[-300:]}"
              f"{listed.stderr[-300:]}")
        script.type("quit")
        check(script.proc.wait(timeout=120) == 0, "`quit` stops it")
    finally:
        if script.proc.poll() is None:
            script.proc.send_signal(signal.SIGINT)
            try:
                script.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                script.proc.kill()
    checks.finish("docs/scaling.md's Run it works as written")


if __name__ == "__main__":
    main()
