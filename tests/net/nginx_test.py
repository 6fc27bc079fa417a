"""nginx in front of Ariadne, with the shipped docker/nginx/ariadne.conf
itself: the test renders it into an nginx.conf of its own (its listen
addresses, certificate paths, upstream port and webroot swapped for the
test's; every value it swaps must be in the file as often as it expects) and
runs Debian's nginx on it, in a temporary prefix, stopped by its PID.
Through nginx, with real sockets and a throwaway CA (tests/support/pki.py):
the TLS versions nginx serves; ariadne-bot's games over wss://, the Python
kit's, --ping over https://; the pages and /api as Ariadne serves them
directly; a spectator over wss://; a ranked run with a token; the client's
address in Ariadne's log (from 127.0.0.5; a client's own X-Forwarded-For
through nginx changes nothing, sent directly to Ariadne it is ignored); a
WebSocket idle past proxy_read_timeout (3 s here) kept open by Ariadne's
pings, and closed by nginx without them; port 80's redirect and its ACME
challenge files.
Usage: nginx_test.py BUILD_DIR [CONF] (CONF: another copy of ariadne.conf)"""
import asyncio
import datetime
import http.client
import json
import os
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "support"))
from ariadne_server import start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402
from pki import Pki  # noqa: E402
import scratch  # noqa: E402

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
if not os.access(NGINX, os.X_OK):
    print("SKIP: nginx is not installed (Debian's nginx package)")
    sys.exit(77)
try:
    import websockets
except ImportError:
    print("SKIP: python3-websockets is not installed")
    sys.exit(77)

build = sys.argv[1]
CONF = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "docker", "nginx", "ariadne.conf")
SERVER = os.path.join(build, "server/app/ariadne-server")
ADMIN = os.path.join(build, "tools/ariadne-admin")
BOT = os.path.join(build, "clients/runner/ariadne-bot")
KIT = os.path.join(ROOT, "clients", "python", "ariadne_client.py")
CLIENT_ADDRESS = "127.0.0.5"  # a loopback address of its own: not nginx's 127.0.0.1
SPOOFED = "203.0.113.7"
checks = Checks(verbose=True)
check = checks.check
pki = Pki()
CERT, KEY = pki.server("nginx")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def render(text, http_port, https_port, upstream_port, webroot, timeout=None):
    """The shipped server blocks with the test's values in place of the
    production ones. A value missing (or there more often than expected)
    stops the test: the file and the test must change together."""
    swaps = [("listen 80;", f"listen 127.0.0.1:{http_port};"),
             ("listen [::]:80;", ""),
             ("listen 443 ssl;", f"listen 127.0.0.1:{https_port} ssl;"),
             ("listen [::]:443 ssl;", ""),
             ("/etc/letsencrypt/live/example.org/fullchain.pem", CERT),
             ("/etc/letsencrypt/live/example.org/privkey.pem", KEY),
             ("root /var/www/letsencrypt;", f"root {webroot};"),
             ("server 127.0.0.1:8080;", f"server 127.0.0.1:{upstream_port};"),
             # The redirect names the test's https port (production's is 443).
             ("return 301 https://$host$request_uri;",
              f"return 301 https://$host:{https_port}$request_uri;")]
    if timeout:
        swaps += [("proxy_read_timeout 75s;", f"proxy_read_timeout {timeout};"),
                  ("proxy_send_timeout 75s;", f"proxy_send_timeout {timeout};")]
    for old, new in swaps:
        if text.count(old) != 1:
            raise SystemExit(f"FAIL: {CONF} has {old!r} {text.count(old)} times, the test "
                             "expects it once: change tests/net/nginx_test.py with the file")
        text = text.replace(old, new)
    return text


class Nginx:
    """Debian's nginx on the rendered configuration, in the foreground, in a
    prefix of its own (logs, pid, temporary files), on free ports of
    127.0.0.1; ready once https://localhost:PORT/healthz answers ok through
    it (so Ariadne must run first)."""

    def __init__(self, folder, upstream_port, timeout=None):
        self.prefix = tempfile.mkdtemp(prefix="nginx-", dir=folder)
        self.webroot = os.path.join(self.prefix, "webroot")
        os.makedirs(os.path.join(self.webroot, ".well-known", "acme-challenge"))
        self.error_log = os.path.join(self.prefix, "error.log")
        self.upstream_port = upstream_port
        self.timeout = timeout
        self.proc = None

    def _write(self):
        self.http_port, self.https_port = free_port(), free_port()
        with open(CONF) as f:
            shipped = render(f.read(), self.http_port, self.https_port, self.upstream_port,
                             self.webroot, self.timeout)
        with open(os.path.join(self.prefix, "ariadne.conf"), "w") as f:
            f.write(shipped)
        p = self.prefix
        # As root, nginx's workers would run as nobody, who cannot read the
        # test's folders (0700): they keep the test's own user.
        user = "user root;" if os.geteuid() == 0 else ""
        with open(os.path.join(p, "nginx.conf"), "w") as f:
            f.write(f"""daemon off;
{user}
worker_processes 1;
pid {p}/nginx.pid;
error_log {self.error_log} info;
events {{ worker_connections 256; }}
http {{
    default_type application/octet-stream;
    log_format test '$remote_addr "$request" $status upstream $upstream_addr '
                    '$upstream_status $request_time s';
    access_log {p}/access.log test;
    client_body_temp_path {p}/client_body;
    proxy_temp_path {p}/proxy;
    fastcgi_temp_path {p}/fastcgi;
    uwsgi_temp_path {p}/uwsgi;
    scgi_temp_path {p}/scgi;
    include {p}/ariadne.conf;
}}
""")

    def start(self):
        # A free port may be taken between the probe and nginx's bind: again.
        for _ in range(3):
            self._write()
            self.proc = subprocess.Popen([NGINX, "-p", self.prefix, "-c", "nginx.conf", "-e",
                                          self.error_log], stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL)
            if self._ready():
                return self
            if "Address already in use" not in self.log():
                break
        raise SystemExit(f"FAIL: nginx did not start (exit {self.proc.poll()}):\n"
                         f"{self.log()[-3000:]}")

    def _ready(self, limit=30.0):
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            try:
                if https_get(self.https_port, "/healthz", timeout=2)[0] == 200:
                    return True
            except (OSError, http.client.HTTPException):
                pass
            time.sleep(0.05)
        self.proc.kill()
        self.proc.wait()
        return False

    def log(self):
        try:
            with open(self.error_log, errors="replace") as f:
                return f.read()
        except OSError:
            return ""

    def stop(self):
        """SIGTERM (nginx's fast shutdown); its exit code."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                return self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                print(f"nginx (pid {self.proc.pid}) ignored SIGTERM: SIGKILL", file=sys.stderr)
                self.proc.kill()
        return self.proc.wait()


def tls_context(maximum=None):
    context = ssl.create_default_context(cafile=pki.ca)
    if maximum:
        context.maximum_version = maximum
    return context


def https_get(port, path, host="localhost", timeout=10):
    """GET https://HOST:PORT/PATH verified against the test CA:
    (status, headers, body); redirects are not followed."""
    connection = http.client.HTTPSConnection(host, port, timeout=timeout, context=tls_context())
    try:
        connection.request("GET", path)
        reply = connection.getresponse()
        return reply.status, reply.headers, reply.read().decode(errors="replace")
    finally:
        connection.close()


def http_get(port, path, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path, headers=headers or {})
        reply = connection.getresponse()
        return reply.status, reply.headers, reply.read().decode(errors="replace")
    finally:
        connection.close()


def guarded(what, action, *args):
    """action(*args), an exception in it one failed check (say, a WebSocket
    handshake nginx broke), so that the other checks still run."""
    try:
        return action(*args)
    except Exception as error:  # noqa: BLE001: any of them is the failure
        checks.fail(f"{what}: {type(error).__name__}: {error}")
        return None


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=120, **kw)


def wait_for_line(log_path, text, deadline=10.0):
    """The first line of the log holding text, once it is there (None past the deadline)."""
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        with open(log_path, errors="replace") as f:
            for line in f:
                if text in line:
                    return line.strip()
        time.sleep(0.05)
    return None


def bound_socket(port):
    """A TCP connection to 127.0.0.1:PORT from CLIENT_ADDRESS."""
    s = socket.socket()
    s.bind((CLIENT_ADDRESS, 0))
    s.connect(("127.0.0.1", port))
    return s


async def hello_over(url, sock=None, headers=None, **kw):
    """Opens url (over sock when given), says hello; (ws, welcome)."""
    tls = {"ssl": tls_context(), "server_hostname": "localhost"} if url.startswith("wss:") else {}
    ws = await websockets.connect(url, sock=sock, extra_headers=headers or {}, open_timeout=10,
                                  close_timeout=1, **tls, **kw)
    await ws.send(json.dumps({"type": "hello", "name": "nginx-test"}))
    welcome = json.loads(await asyncio.wait_for(ws.recv(), 10))
    return ws, welcome


async def session_of(url, sock=None, headers=None):
    ws, welcome = await hello_over(url, sock, headers)
    await ws.close()
    return welcome.get("session")


async def spectate(port, run_id):
    """The messages a spectator of a finished run gets over wss:// through nginx."""
    got = []
    async with websockets.connect(f"wss://localhost:{port}/spectate/{run_id}", ssl=tls_context(),
                                  max_size=1 << 22, open_timeout=10) as ws:
        try:
            while True:
                got.append(json.loads(await asyncio.wait_for(ws.recv(), 10)))
        except websockets.exceptions.ConnectionClosedOK:
            pass
    return [m.get("type") for m in got]


def tls_versions(port):
    with socket.create_connection(("127.0.0.1", port)) as raw:
        with tls_context().wrap_socket(raw, server_hostname="localhost") as tls:
            check(tls.version() == "TLSv1.3", f"nginx serves TLS 1.3: {tls.version()}")
    with socket.create_connection(("127.0.0.1", port)) as raw:
        with tls_context(maximum=ssl.TLSVersion.TLSv1_2).wrap_socket(
                raw, server_hostname="localhost") as tls:
            check(tls.version() == "TLSv1.2", f"and TLS 1.2: {tls.version()}")
    old = subprocess.run(["openssl", "s_client", "-connect", f"127.0.0.1:{port}", "-tls1_1",
                          "-cipher", "DEFAULT@SECLEVEL=0"], input="", capture_output=True,
                         text=True, timeout=30)
    check("alert protocol version" in old.stdout + old.stderr and "Cipher is (NONE)" in old.stdout,
          "and refuses TLS 1.1 (a protocol version alert)")


def practice(folder):
    """Open play, pages, addresses and port 80, through nginx with the shipped timeouts."""
    log_path = os.path.join(folder, "practice.log")
    with open(log_path, "w") as log:
        proc, upstream = start_server(SERVER, "--tls-proxy", "127.0.0.1", "--log-level", "info",
                                      log=log)
    nginx = None
    try:
        nginx = Nginx(folder, upstream).start()
        port = nginx.https_port
        status, headers, body = https_get(port, "/healthz")
        check(status == 200 and body.strip() == "ok", f"https:// /healthz through nginx: {status}")
        check(headers.get("Strict-Transport-Security") == "max-age=63072000",
              f"with HSTS: {headers.get('Strict-Transport-Security')}")
        tls_versions(port)

        url = f"wss://localhost:{port}/ws"
        done = run([BOT, "--url", url, "--ca", pki.ca, "--bot", "dfs", "--seeds", "1-3", "-q"])
        check(done.returncode == 0 and "dfs" in done.stdout,
              f"ariadne-bot plays 3 runs over wss:// through nginx (exit {done.returncode}) "
              f"{done.stdout[-300:]} {done.stderr[-300:]}")
        done = run(["/usr/bin/python3", KIT, "--url", f"wss://127.0.0.1:{port}/ws", "--ca", pki.ca,
                    "--seed", "5", "--size", "10x10"])
        check(done.returncode == 0 and '"status": "found"' in done.stdout,
              f"the Python kit plays over wss:// through nginx (exit {done.returncode}) "
              f"{done.stdout[-300:]} {done.stderr[-300:]}")
        done = run([BOT, "--ping", f"https://localhost:{port}/", "--ca", pki.ca])
        check(done.returncode == 0, f"ariadne-bot --ping https:// through nginx: "
              f"exit {done.returncode} {done.stderr}")

        status, _, body = https_get(port, "/api/runs")
        runs = json.loads(body) if status == 200 else []
        check(len(runs) == 4 and all(r.get("status") == "found" for r in runs),
              f"/api/runs through nginx lists the 4 runs, found: {status} {body[:300]}")
        first = runs[-1]["run"] if runs else 1
        for path in ("/", f"/watch/{first}", "/play", "/replay", "/api/server", "/api/generators",
                     f"/api/replays/{first}"):
            status, headers, body = https_get(port, path)
            direct = http_get(upstream, path)
            check(status == 200 and body == direct[2] and
                  headers.get("Content-Type") == direct[1].get("Content-Type"),
                  f"{path} through nginx is what Ariadne serves: {status} "
                  f"{headers.get('Content-Type')}, {len(body)} bytes")
        check(https_get(port, "/no/such/page")[0] == 404, "and an unknown page is Ariadne's 404")
        kinds = guarded("a spectator over wss:// through nginx", asyncio.run,
                        spectate(port, first))
        if kinds is not None:
            check(kinds[:1] == ["snapshot"] and kinds[-1:] == ["end"],
                  f"a spectator over wss:// through nginx: {kinds}")

        guarded("the client's address", addresses, port, upstream, log_path)
        guarded("port 80", port_80, nginx)
    finally:
        if nginx:
            checks.check_eq(nginx.stop(), 0, "nginx stops cleanly on SIGTERM")
        checks.check_eq(stop_server(proc), 0, "the server behind nginx stops cleanly")


def addresses(port, upstream, log_path):
    """Ariadne logs the client's own address through nginx, whatever the
    client claims; a claim sent straight to Ariadne is ignored."""
    # Through nginx from 127.0.0.5, claiming to be 203.0.113.7: nginx appends
    # 127.0.0.5 and Ariadne takes that last entry.
    for claim in (None, SPOOFED):
        headers = {"X-Forwarded-For": claim} if claim else {}
        session = asyncio.run(session_of(f"wss://localhost:{port}/ws", bound_socket(port), headers))
        line = wait_for_line(log_path, f"session {session} connected") or ""
        check(f"connected from {CLIENT_ADDRESS} (through 127.0.0.1:" in line and
              SPOOFED not in line,
              f"through nginx, {'claiming ' + claim if claim else 'no claim'}: Ariadne logs the "
              f"client {CLIENT_ADDRESS}: {line!r}")
    # Straight to Ariadne from 127.0.0.5, which it does not trust.
    session = asyncio.run(session_of(f"ws://127.0.0.1:{upstream}/ws", bound_socket(upstream),
                                     {"X-Forwarded-For": SPOOFED}))
    line = wait_for_line(log_path, f"session {session} connected") or ""
    check(f"connected from {CLIENT_ADDRESS}:" in line and "through" not in line,
          f"an X-Forwarded-For sent straight to Ariadne from {CLIENT_ADDRESS} is ignored: {line!r}")
    with open(log_path, errors="replace") as f:
        log = f.read()
    check(SPOOFED not in log, f"{SPOOFED} is nowhere in Ariadne's log")
    # ariadne-bot's own games came from nginx's side too: 127.0.0.1 through 127.0.0.1.
    check("connected from 127.0.0.1 (through 127.0.0.1:" in log,
          "the games from 127.0.0.1 are logged as through the proxy")


def port_80(nginx):
    status, headers, _ = http_get(nginx.http_port, "/watch/1")
    location = headers.get("Location")
    wanted = f"https://127.0.0.1:{nginx.https_port}/watch/1"
    check(status == 301 and location == wanted,
          f"http:// /watch/1 answers 301 to https://: {status} {location}")
    status, _, body = https_get(nginx.https_port, "/watch/1", host="127.0.0.1")
    check(status == 200 and "<html" in body.lower(), f"where the watch page is: {status}")
    upgrade = {"Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
               "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}
    status, headers, _ = http_get(nginx.http_port, "/ws", upgrade)
    check(status == 301 and headers.get("Location", "").startswith("https://"),
          f"a ws:// upgrade on port 80 is redirected, not passed on: {status}")
    token = "Xq3-example_token"
    content = "Xq3-example_token.thumbprint\n"
    with open(os.path.join(nginx.webroot, ".well-known", "acme-challenge", token), "w") as f:
        f.write(content)
    status, headers, body = http_get(nginx.http_port, f"/.well-known/acme-challenge/{token}")
    check(status == 200 and body == content and headers.get("Content-Type") == "text/plain",
          f"the ACME challenge is served from the webroot over http://: {status} "
          f"{headers.get('Content-Type')} {body!r}")
    status, _, _ = http_get(nginx.http_port, "/.well-known/acme-challenge/missing")
    check(status == 404, f"a missing challenge is a 404, not a redirect: {status}")


def ranked(folder):
    """A ranked run with a token over wss:// through nginx (Ariadne on 127.0.0.1, --tls-proxy)."""
    db = os.path.join(folder, "cup.db")
    token = run([ADMIN, "--db", db, "add-competitor", "ann"]).stdout.strip()
    closes = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(hours=1)
    path = os.path.join(folder, "cup.json")
    with open(path, "w") as f:
        json.dump({"name": "nginx-cup", "closes_at": closes.strftime("%Y-%m-%dT%H:%M:%SZ"),
                   "challenges": [{"id": "small", "maze": {"generator": "prim", "width": 8,
                                                           "height": 8}}]}, f)
    log_path = os.path.join(folder, "ranked.log")
    with open(log_path, "w") as log:
        proc, upstream = start_server(SERVER, "--competition", path, "--db", db, "--tls-proxy",
                                      "127.0.0.1", "--log-level", "info", log=log)
    nginx = None
    try:
        nginx = Nginx(folder, upstream).start()
        port = nginx.https_port
        done = run([BOT, "--url", f"wss://localhost:{port}/ws", "--ca", pki.ca, "--token", token,
                    "--challenge", "all", "--bot", "dfs"])
        check(done.returncode == 0 and "competitor ann" in done.stdout,
              f"a ranked run with a token over wss:// through nginx (exit {done.returncode}) "
              f"{done.stdout[-300:]} {done.stderr[-300:]}")
        check("in clear" not in done.stderr, "no clear-token warning over wss://")
        status, _, body = https_get(port, "/api/leaderboard")
        check(status == 200 and "ann" in body, f"the leaderboard through nginx shows ann: {status}")
        status, _, body = https_get(port, "/api/competition")
        check(status == 200 and "nginx-cup" in body, f"/api/competition through nginx: {status}")
    finally:
        if nginx:
            checks.check_eq(nginx.stop(), 0, "nginx stops cleanly")
        checks.check_eq(stop_server(proc), 0, "the competition server stops cleanly")


IDLE = 5.0  # seconds a connection stays silent, past nginx's 3 s proxy_read_timeout


async def idle_scenario(port):
    """A drone starts a run, then sends nothing for IDLE seconds (its own
    library pings nothing either: only Ariadne's pings cross nginx), then
    asks for a sense. (how it ended, seconds of silence, its session, the
    sense's state or None)."""
    ws, welcome = await hello_over(f"wss://localhost:{port}/ws", ping_interval=None)
    session = welcome.get("session")
    await ws.send(json.dumps({"type": "start", "maze": {"generator": "prim", "width": 8,
                                                        "height": 8, "seed": 1}}))
    await asyncio.wait_for(ws.recv(), 10)
    began = time.monotonic()
    try:
        message = await asyncio.wait_for(ws.recv(), IDLE)
        return f"an unexpected message: {message[:100]}", 0.0, session, None
    except asyncio.TimeoutError:
        pass
    except websockets.exceptions.ConnectionClosed as closed:
        return f"closed ({closed.code})", time.monotonic() - began, session, None
    silent = time.monotonic() - began
    await ws.send(json.dumps({"type": "sense"}))
    state = json.loads(await asyncio.wait_for(ws.recv(), 10))
    await ws.close()
    return "open", silent, session, state


def idle(folder):
    """proxy_read_timeout 3s: Ariadne's pings every second keep an idle
    WebSocket open; with --ping-seconds 0 nginx closes it after 3 s. Both
    side by side, so the test waits IDLE seconds once."""
    started = []
    logs = []
    try:
        for ping in ("1", "0"):
            logs.append(os.path.join(folder, f"idle-ping-{ping}.log"))
            with open(logs[-1], "w") as log:
                proc, upstream = start_server(SERVER, "--tls-proxy", "127.0.0.1", "--ping-seconds",
                                              ping, "--log-level", "info", log=log)
            started.append([proc, None])
            started[-1][1] = Nginx(folder, upstream, timeout="3s").start()

        async def both():
            return await asyncio.gather(*(idle_scenario(nginx.https_port)
                                          for _, nginx in started))
        (kept, kept_for, _, state), (cut, cut_after, cut_session, _) = asyncio.run(both())
        check(kept == "open" and kept_for >= IDLE - 0.1 and "position" in (state or {}),
              f"--ping-seconds 1: a WebSocket idle {kept_for:.1f} s past nginx's 3 s read "
              f"timeout stays open and answers a sense: {kept} {state}")
        check(cut.startswith("closed") and 2.5 <= cut_after <= 4.5,
              f"--ping-seconds 0: nginx closes the idle WebSocket after its 3 s: {cut} after "
              f"{cut_after:.1f} s")
        timed_out = [line for line in started[1][1].log().splitlines()
                     if "upstream timed out" in line]
        check(bool(timed_out) and "while proxying upgraded connection" in timed_out[0],
              f"nginx says why (at info level): {timed_out[:1]}")
        # Ariadne sees a connection end like any other: its unranked run is abandoned.
        closed = wait_for_line(logs[1], f"session {cut_session} 'nginx-test' closed")
        abandoned = wait_for_line(logs[1], f"session {cut_session} ('nginx-test') run 1 abandoned")
        check(closed and abandoned, f"and Ariadne saw it end: {abandoned!r}, {closed!r}")
    finally:
        for proc, nginx in started:
            if nginx:
                checks.check_eq(nginx.stop(), 0, "nginx (3 s timeouts) stops cleanly")
            checks.check_eq(stop_server(proc), 0, "its server stops cleanly")


def main():
    began = time.monotonic()
    folder = scratch.folder("ariadne-nginx-")
    guarded("through nginx", practice, folder)
    guarded("a ranked run through nginx", ranked, folder)
    guarded("idle WebSockets through nginx", idle, folder)
    checks.finish(f"nginx in front of Ariadne ({CONF}): TLS, games, pages, a ranked run, the "
                  f"client's address, pings past the read timeout, port 80 "
                  f"({time.monotonic() - began:.1f} s)")


if __name__ == "__main__":
    main()
