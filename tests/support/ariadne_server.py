"""Starts ariadne-server for a test on a free port. The port arrives through a
FIFO given as --port-file, so the test waits exactly until the server listens
(no sleeping, no polling of the port)."""
import os
import select
import subprocess
import tempfile


def start_server(binary, *extra_args, timeout=30, log=None):
    """Returns (process, port). Raises SystemExit when the server fails. The log
    level is warn unless extra_args names one; log, a file, takes what the
    server prints."""
    folder = tempfile.mkdtemp()
    fifo = os.path.join(folder, "port")
    os.mkfifo(fifo)
    level = [] if "--log-level" in extra_args else ["--log-level", "warn"]
    proc = subprocess.Popen([binary, "--port", "0", "--bind", "127.0.0.1", "--port-file", fifo,
                             *level, *extra_args], stdout=log, stderr=log)
    # Opening the read end without blocking lets select() wait with a timeout.
    fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    text = b""
    try:
        while not text.endswith(b"\n"):
            ready, _, _ = select.select([fd], [], [], timeout)
            if not ready or proc.poll() is not None:
                proc.kill()
                raise SystemExit("FAIL: the server did not report its port")
            chunk = os.read(fd, 64)
            if not chunk:
                proc.kill()
                raise SystemExit("FAIL: the server closed the port file without a port")
            text += chunk
    finally:
        os.close(fd)
        os.unlink(fifo)
        os.rmdir(folder)
    return proc, int(text)
