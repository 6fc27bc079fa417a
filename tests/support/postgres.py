#!/usr/bin/env python3
"""A real PostgreSQL for the tests: initdb and postgres from Debian's
postgresql package, in a temporary folder, on a loopback port.

PostgreSQL refuses to run as root: as root, the server runs as `nobody`.
Missing binaries are an error, never a skip (scripts/test.sh installs them).

As a module:
    with Postgres() as pg:
        uri = pg.database("cup")   # a new, empty database
As a command (the store tests run this way):
    postgres.py run -- COMMAND...  # ARIADNE_TEST_POSTGRES=postgresql://... for COMMAND
"""
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

USER = "ariadne"


def binaries():
    """The folder of initdb and postgres, newest major version first."""
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.access(os.path.join(folder, "postgres"), os.X_OK):
            return folder
    raise RuntimeError(
        "PostgreSQL's server binaries are missing (/usr/lib/postgresql/*/bin/postgres): "
        "apt-get install postgresql, or run scripts/test.sh, which installs it")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Postgres:
    def __init__(self, host="127.0.0.1", folder=None, port=None):
        """In a temporary folder removed by close(); or in `folder`, kept
        (a cluster that outlives its script): its data reused when there."""
        self.host = host
        self.bin = binaries()
        self.keep = folder is not None
        if folder is not None:
            os.makedirs(folder, exist_ok=True)
        self.dir = folder or tempfile.mkdtemp(prefix="ariadne-pg-")
        self.data = os.path.join(self.dir, "data")
        self.process = None
        self.port = port
        self.log_path = os.path.join(self.dir, "postgres.log")
        # As root the server runs as nobody, who must reach and own its folder.
        self.as_user = {}
        if os.geteuid() == 0:
            os.chmod(self.dir, 0o755)
            self.as_user = {"user": "nobody", "group": "nogroup", "extra_groups": []}
        if os.path.exists(os.path.join(self.data, "PG_VERSION")):
            return  # made before: its databases are there
        if os.path.exists(self.data):
            raise RuntimeError(f"{self.data} exists but holds no PostgreSQL this user can read "
                               "(half made, or made by another user): remove it, or choose "
                               "another folder")
        os.mkdir(self.data, 0o700)
        if self.as_user:
            shutil.chown(self.data, "nobody", "nogroup")
        made = subprocess.run([os.path.join(self.bin, "initdb"), "-D", self.data, "-U", USER,
                               "--auth=trust", "--encoding=UTF8", "--no-locale", "--no-sync"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                              **self.as_user)
        if made.returncode != 0:
            # As root the server's user is nobody: every folder above must let it in.
            raise RuntimeError(f"initdb {self.data} failed ({made.returncode}): "
                               f"{made.stderr.strip()[-600:]}")

    def start(self, timeout=30):
        """Starts the server (again, after stop()) and waits until it accepts
        connections; on the same port when it had one."""
        if self.process is not None and self.process.poll() is None:
            # A second postmaster on the same folder exits at once, and the
            # first would then run on unstopped.
            raise RuntimeError(f"postgres runs already (PID {self.process.pid})")
        self.port = self.port or free_port()
        log = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            [os.path.join(self.bin, "postgres"), "-D", self.data, "-p", str(self.port),
             "-c", f"listen_addresses={self.host}", "-c", f"unix_socket_directories={self.data}",
             "-c", "max_connections=200", "-c", "log_min_messages=warning"],
            stdout=log, stderr=log, start_new_session=True, **self.as_user)
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"postgres exited ({self.process.returncode}):\n{self.log()}")
            ready = subprocess.run([os.path.join(self.bin, "pg_isready"), "-q", "-h", self.host,
                                    "-p", str(self.port), "-t", "1"])
            if ready.returncode == 0:
                return self
            time.sleep(0.05)
        raise RuntimeError(f"postgres did not accept connections in {timeout} s:\n{self.log()}")

    def stop(self, mode=signal.SIGINT):
        """Stops the server by its PID: SIGINT is a fast shutdown, SIGKILL a crash."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.send_signal(mode)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def log(self):
        try:
            with open(self.log_path, errors="replace") as f:
                return f.read()[-4000:]
        except OSError:
            return ""

    def base_uri(self):
        return f"postgresql://{USER}@{self.host}:{self.port}"

    def uri(self, name="postgres"):
        return f"{self.base_uri()}/{name}"

    def psql(self, sql, database="postgres"):
        """Runs SQL with psql; returns its output (tuples only, unaligned)."""
        answer = subprocess.run(["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1",
                                 "-d", self.uri(database), "-c", sql],
                                check=True, capture_output=True, text=True)
        return answer.stdout.strip()

    def database(self, name, keep=False):
        """A new, empty database (dropped first if it exists); with keep, the
        one there if any. Its URI."""
        exists = self.psql(f"SELECT 1 FROM pg_database WHERE datname = '{name}'") == "1"
        if exists and keep:
            return self.uri(name)
        if exists:
            self.psql(f'DROP DATABASE "{name}" WITH (FORCE)')
        self.psql(f'CREATE DATABASE "{name}"')
        return self.uri(name)

    def close(self):
        self.stop()
        if not self.keep:
            shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.close()


def main(argv):
    if len(argv) < 3 or argv[1] != "run" or argv[2] != "--":
        sys.exit("usage: postgres.py run -- COMMAND...")
    try:
        pg = Postgres()
        pg.start()
    except (RuntimeError, subprocess.CalledProcessError) as e:
        detail = getattr(e, "stderr", b"") or b""
        sys.exit(f"error: {e} {detail.decode(errors='replace')}")
    try:
        env = dict(os.environ, ARIADNE_TEST_POSTGRES=pg.base_uri())
        return subprocess.run(argv[3:], env=env).returncode
    finally:
        pg.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
