#!/usr/bin/python3
"""A client that ends its WebSocket with a close frame and then never closes
its TCP connection (nor its TLS session) must not hold the server's
connection: over ws:// and wss://, the server lets each go within a few
seconds of the closing handshake (its teardown waits at most 2 s), and a
graceful stop is not held up by them.

Usage: teardown_test.py BUILD_DIR
"""
import base64
import os
import signal
import socket
import ssl
import sys
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from ariadne_server import start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402
from pki import Pki  # noqa: E402

SERVER = os.path.join(sys.argv[1] if len(sys.argv) > 1 else "build/ci", "server/app/ariadne-server")
CLIENTS = 5
checks = Checks()
check = checks.check


def open_connections(port, tls):
    url = f"{'https' if tls else 'http'}://127.0.0.1:{port}/metrics"
    context = ssl._create_unverified_context() if tls else None  # our own test server
    text = urllib.request.urlopen(url, timeout=5, context=context).read().decode()
    return int(next(line.split()[1] for line in text.splitlines()
                    if line.startswith("ariadne_connections ")))


def closed_then_silent(port, tls):
    """A WebSocket that sends its close frame, then neither reads nor closes."""
    raw = socket.create_connection(("127.0.0.1", port), timeout=5)
    s = ssl._create_unverified_context().wrap_socket(raw, server_hostname="localhost") if tls \
        else raw
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(f"GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\n"
              f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
              "Sec-WebSocket-Version: 13\r\n\r\n".encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += s.recv(4096)
    check(answer.startswith(b"HTTP/1.1 101"), f"the upgrade: {answer[:40]!r}")
    mask = os.urandom(4)
    payload = (1000).to_bytes(2, "big")
    s.sendall(bytes([0x88, 0x80 | len(payload)]) + mask +
              bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
    return s


def scenario(tls, pki):
    extra = []
    if tls:
        cert, key = pki.server("teardown")
        extra = ["--tls-cert", cert, "--tls-key", key]
    proc, port = start_server(SERVER, *extra)
    held = []
    try:
        held = [closed_then_silent(port, tls) for _ in range(CLIENTS)]
        began = time.monotonic()
        while open_connections(port, tls) > 0 and time.monotonic() - began < 10:
            time.sleep(0.1)
        after = time.monotonic() - began
        left = open_connections(port, tls)
        check(left == 0 and after < 6, f"{'wss' if tls else 'ws'}: the {CLIENTS} connections that "
              f"closed and went silent let go {after:.1f} s after: {left} left")
        held += [closed_then_silent(port, tls) for _ in range(CLIENTS)]
        stopping = time.monotonic()
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=15)
        took = time.monotonic() - stopping
        check(took < 4, f"{'wss' if tls else 'ws'}: a stop with {CLIENTS} such connections "
              f"fresh takes {took:.1f} s")
    finally:
        for s in held:
            s.close()
        if proc.poll() is None:
            stop_server(proc)


def main():
    pki = Pki()
    scenario(False, pki)
    scenario(True, pki)
    checks.finish("a silent peer after the closing handshake holds no connection")


if __name__ == "__main__":
    main()
