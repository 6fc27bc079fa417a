"""Starts ariadne-server for a test on 127.0.0.1 and a free port, and stops it
(tests/support/server.sh does the same for the shell). The port arrives
through a FIFO given as --port-file, read in short slices up to a deadline, so
the test waits exactly until the server listens, then until GET /healthz
answers "ok"; a server that dies or hangs fails at once or at the deadline."""
import os
import select
import signal
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request


def _timeout(timeout):
    return float(timeout if timeout is not None else os.environ.get("ARIADNE_START_TIMEOUT", 30))


def _log_tail(log):
    """The end of the server's log, when it went to a file this can read."""
    name = getattr(log, "name", None)
    if not isinstance(name, str) or not os.path.exists(name):
        return "" if log is not None else "\n(its output is above)"
    log.flush()
    with open(name, errors="replace") as f:
        lines = f.read().splitlines()[-20:]
    return f"\n--- the end of its log ({name}):\n" + "\n".join(lines) if lines else ""


def _fail(proc, why, command, log):
    if proc.poll() is None:
        proc.kill()
        proc.wait()
    raise SystemExit(f"FAIL: ariadne-server {why}\n  command: {' '.join(command)}{_log_tail(log)}")


def _healthz(port, secure=False):
    # Readiness only (a TLS test checks certificates on its own): unverified.
    handlers = [urllib.request.ProxyHandler({})]
    if secure:
        handlers.append(urllib.request.HTTPSHandler(context=ssl._create_unverified_context()))
    opener = urllib.request.build_opener(*handlers)
    scheme = "https" if secure else "http"
    try:
        with opener.open(f"{scheme}://127.0.0.1:{port}/healthz", timeout=2) as reply:
            return reply.read().decode().strip()
    except OSError as e:
        return str(e)


def start_server(binary, *extra_args, timeout=None, log=None, port=0, cwd=None):
    """Returns (process, port) once the server listens and answers /healthz.
    Raises SystemExit, after stopping the server, when it exits or the timeout
    (default $ARIADNE_START_TIMEOUT, else 30 s) passes first. The log level is
    warn unless extra_args names one; log, a file, takes what the server
    prints (else it goes to the test's own output). port: 0 for a free one,
    or the port of a server this test stopped, to start it again there.
    extra_args that name --bind themselves (a documented command line, as
    written) get no --bind of this function's; cwd: where it runs."""
    limit = _timeout(timeout)
    deadline = time.monotonic() + limit
    folder = tempfile.mkdtemp()
    fifo = os.path.join(folder, "port")
    os.mkfifo(fifo)
    level = [] if "--log-level" in extra_args else ["--log-level", "warn"]
    bind = [] if "--bind" in extra_args else ["--bind", "127.0.0.1"]
    command = [binary, "--port", str(port), *bind, "--port-file", fifo, *level, *extra_args]
    proc = subprocess.Popen(command, stdout=log, stderr=log, cwd=cwd)
    # Opening the read end without blocking lets select() wait with a timeout.
    fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    text = b""
    why = None
    try:
        while not text.endswith(b"\n"):
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                chunk = os.read(fd, 64)
                if not chunk:
                    why = "closed its port file without a port"
                    break
                text += chunk
            elif proc.poll() is not None:
                why = f"exited with status {proc.returncode} before it reported its port"
                break
            elif time.monotonic() >= deadline:
                why = f"did not report its port within {limit:g} s"
                break
    finally:
        os.close(fd)
        os.unlink(fifo)
        os.rmdir(folder)
    if why:
        _fail(proc, why, command, log)
    port = int(text)
    # The port is bound; /healthz says the server serves.
    while (answer := _healthz(port, "--tls-only" in extra_args)) != "ok":
        if proc.poll() is not None:
            _fail(proc, f"exited with status {proc.returncode} after it reported port {port}",
                  command, log)
        if time.monotonic() >= deadline:
            _fail(proc, f"did not answer GET /healthz with ok within {limit:g} s "
                  f"(last answer: {answer!r})", command, log)
        time.sleep(0.05)
    return proc, port


def stop_server(proc, timeout=15):
    """SIGTERM, up to timeout seconds for the server to exit, then SIGKILL.
    Returns its exit code (0 after a clean SIGTERM; negative: the signal that
    ended it)."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            return proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            print(f"ariadne-server (pid {proc.pid}) did not stop within {timeout:g} s of "
                  "SIGTERM: SIGKILL", file=sys.stderr)
            proc.kill()
    return proc.wait()


def http_get(port, path):
    """GET http://127.0.0.1:PORT/PATH: (status, body as text), errors included."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as reply:
            return reply.status, reply.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()
