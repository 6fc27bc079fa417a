"""TLS on the server's one port, with real sockets and a throwaway CA
(tests/support/pki.py, Debian's openssl): plain and TLS side by side, ALPN
and the protocol versions, --tls-only's answer, the C++ clients (ariadne-bot,
ariadne-pipe, ariadne-load, --ping) over wss:// and https:// and their
refusals of a certificate from another CA, for another name or expired; a
ranked run with a token over wss://; a certificate reload on SIGHUP (a new
connection sees the new serial, an open one plays on to its end; a broken
file keeps the old one); hostile TLS clients (garbage, a stalled handshake, a
flood of handshakes, a renegotiation, a flood of KeyUpdates) beside a player
whose p99 (p50 against a quiet run for the KeyUpdates) is measured;
X-Forwarded-For read only from a trusted proxy; a competition bound beyond
loopback without TLS refused.
Usage: tls_test.py BUILD_DIR"""
import asyncio
import datetime
import json
import os
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "support"))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "clients", "python"))
from ariadne_server import start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402
from pki import Pki  # noqa: E402

try:
    import websockets
except ImportError:
    print("SKIP: python3-websockets is not installed")
    sys.exit(77)
from ariadne_client import Drone, explore  # noqa: E402

build = sys.argv[1]
SERVER = os.path.join(build, "server/app/ariadne-server")
ADMIN = os.path.join(build, "tools/ariadne-admin")
BOT = os.path.join(build, "clients/runner/ariadne-bot")
PIPE = os.path.join(build, "clients/bridge/ariadne-pipe")
LOAD = os.path.join(build, "clients/load/ariadne-load")
FLOOD = os.path.join(build, "tests/tls/key_update_flood")
DFS_BOT = os.path.join(os.path.dirname(__file__), "..", "..", "clients", "bridge", "examples",
                       "dfs_bot.sh")
checks = Checks(verbose=True)
check = checks.check
pki = Pki()
GOOD = pki.server("good")


def client_context(alpn=None, maximum=None):
    context = ssl.create_default_context(cafile=pki.ca)
    if alpn:
        context.set_alpn_protocols(alpn)
    if maximum:
        context.maximum_version = maximum
    return context


def https_get(port, path, context=None, host="localhost"):
    """GET https://HOST:PORT/PATH verified against the test CA: (status, body)."""
    opener = urllib.request.build_opener(
        urllib.request.ProxyHandler({}),
        urllib.request.HTTPSHandler(context=context or client_context()))
    try:
        with opener.open(f"https://{host}:{port}{path}", timeout=10) as reply:
            return reply.status, reply.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def raw_exchange(port, data, wait=10.0, source="127.0.0.1"):
    """Sends bytes on a fresh TCP connection; (what came back until the
    server closed, seconds it took)."""
    with socket.create_connection(("127.0.0.1", port), timeout=wait,
                                  source_address=(source, 0)) as s:
        began = time.monotonic()
        s.sendall(data)
        got = b""
        try:
            while chunk := s.recv(4096):
                got += chunk
        except (ConnectionResetError, socket.timeout):
            pass
        return got, time.monotonic() - began


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=120, **kw)


def one_line(text):
    return [line for line in text.splitlines() if line.strip()]


def runs_on(port):
    status, body = https_get(port, "/api/runs")
    return json.loads(body) if status == 200 else None


def peer_serial(ws):
    cert = ws.transport.get_extra_info("ssl_object").getpeercert()
    return cert["serialNumber"].upper()


async def open_drone(port, name, context=None, headers=None):
    ws = await websockets.connect(f"wss://localhost:{port}/ws", ssl=context or client_context(),
                                  max_size=1 << 20, extra_headers=headers or {})
    drone = Drone(ws, 30.0)
    drone.welcome = await drone.request({"type": "hello", "name": name})
    return drone


def one_port():
    """Plain and TLS on one port; ALPN, versions; the C++ clients over TLS."""
    proc, port = start_server(SERVER, "--tls-cert", GOOD[0], "--tls-key", GOOD[1])
    try:
        status, body = https_get(port, "/healthz")
        check(status == 200 and body.strip() == "ok", f"https://localhost/healthz: {status} {body!r}")
        status, body = https_get(port, "/healthz", host="127.0.0.1")
        check(status == 200, f"https://127.0.0.1 (an IP in the certificate): {status}")
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as reply:
            check(reply.read().decode().strip() == "ok", "plain http:// on the same port")
        with socket.create_connection(("127.0.0.1", port)) as raw:
            with client_context(alpn=["h2", "http/1.1"]).wrap_socket(
                    raw, server_hostname="localhost") as tls:
                check(tls.selected_alpn_protocol() == "http/1.1",
                      f"ALPN picks http/1.1 over h2: {tls.selected_alpn_protocol()}")
                check(tls.version() == "TLSv1.3", f"TLS 1.3 by default: {tls.version()}")
        with socket.create_connection(("127.0.0.1", port)) as raw:
            with client_context(maximum=ssl.TLSVersion.TLSv1_2).wrap_socket(
                    raw, server_hostname="localhost") as tls:
                check(tls.version() == "TLSv1.2", f"TLS 1.2 is served: {tls.version()}")
        old = subprocess.run(["openssl", "s_client", "-connect", f"127.0.0.1:{port}", "-tls1_1",
                              "-cipher", "DEFAULT@SECLEVEL=0"], input="", capture_output=True,
                             text=True, timeout=30)
        check("alert protocol version" in old.stdout + old.stderr and
              "Cipher is (NONE)" in old.stdout, "TLS 1.1 is refused (a protocol version alert)")

        url = f"wss://localhost:{port}/ws"
        done = run([BOT, "--url", url, "--ca", pki.ca, "--bot", "dfs", "--seeds", "1-3", "-q"])
        check(done.returncode == 0 and "dfs" in done.stdout,
              f"ariadne-bot plays 3 runs over wss:// (exit {done.returncode}) {done.stderr}")
        env = dict(os.environ, ARIADNE_CA=pki.ca)
        done = run([PIPE, "--url", url, "--generator", "prim", "--size", "8x8", "--seed", "3", "--",
                    "/bin/bash", DFS_BOT], env=env)
        check(done.returncode == 0 and '"status":"found"' in done.stdout,
              f"ariadne-pipe (ARIADNE_CA) plays over wss://: exit {done.returncode} "
              f"{done.stdout[-200:]} {done.stderr[-300:]}")
        done = run([BOT, "--ping", f"https://127.0.0.1:{port}/", "--ca", pki.ca])
        check(done.returncode == 0, f"ariadne-bot --ping https:// (exit {done.returncode}) "
              f"{done.stderr}")
        done = run([LOAD, "--url", url, "--ca", pki.ca, "--connections", "4", "--duration", "1",
                    "--warmup", "0.2"])
        figures = json.loads(done.stdout.splitlines()[-1]) if done.returncode == 0 else {}
        check(figures.get("moves_per_s", 0) > 0 and figures.get("errors", 1) == 0,
              f"ariadne-load plays over wss:// (exit {done.returncode}) {done.stderr[-300:]}")
        done = run([BOT, "--url", f"ws://127.0.0.1:{port}/ws", "--bot", "dfs", "--seeds", "1",
                    "-q"])
        check(done.returncode == 0, "ariadne-bot over plain ws:// on the same port")
        metrics = https_get(port, "/metrics")[1]
        check("ariadne_tls_handshakes_total" in metrics, "/metrics counts TLS handshakes")
    finally:
        checks.check_eq(stop_server(proc), 0, "the server stops cleanly")


def tls_only():
    proc, port = start_server(SERVER, "--tls-cert", GOOD[0], "--tls-key", GOOD[1], "--tls-only")
    try:
        got, _ = raw_exchange(port, b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        text = got.decode(errors="replace")
        check(text.startswith("HTTP/1.1 400") and "https://" in text and "wss://" in text,
              f"--tls-only answers plain HTTP with a 400 naming https:// and wss://: {text[:200]!r}")
        upgrade = (b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        got, _ = raw_exchange(port, upgrade)
        check(got.startswith(b"HTTP/1.1 400"), f"and a plain ws:// upgrade too: {got[:40]!r}")
        check(https_get(port, "/healthz")[0] == 200, "https:// is served")
        done = run([BOT, "--url", f"ws://127.0.0.1:{port}/ws", "--bot", "dfs", "--seeds", "1"])
        check(done.returncode != 0, "ariadne-bot over ws:// fails against --tls-only")
    finally:
        checks.check_eq(stop_server(proc), 0, "the --tls-only server stops cleanly")


def refusals():
    """Every C++ client refuses a certificate it must not trust, with the reason."""
    cases = {"another CA": (pki.other_ca_server("stranger"), "self-signed certificate"),
             "another name": (pki.server("wrongname", names=["elsewhere.example"]),
                              "hostname mismatch"),
             "an expired certificate": (pki.server("expired", expired=True),
                                        "certificate has expired")}
    for what, ((cert, key), reason) in cases.items():
        proc, port = start_server(SERVER, "--tls-cert", cert, "--tls-key", key)
        try:
            url = f"wss://localhost:{port}/ws"
            for name, command in (
                    ("ariadne-bot", [BOT, "--url", url, "--ca", pki.ca, "--bot", "dfs", "--seeds",
                                     "1", "-q"]),
                    ("ariadne-pipe", [PIPE, "--url", url, "--ca", pki.ca, "--", "/usr/bin/python3",
                                      DFS_BOT]),
                    ("ariadne-load", [LOAD, "--url", url, "--ca", pki.ca, "--connections", "2",
                                      "--duration", "0.5"]),
                    ("ariadne-bot --ping", [BOT, "--ping", f"https://localhost:{port}/", "--ca",
                                            pki.ca])):
                done = run(command)
                lines = one_line(done.stderr)
                check(done.returncode != 0 and len(lines) == 1 and reason in lines[0],
                      f"{name} refuses {what}: exit {done.returncode}, {lines}")
            insecure = {"another CA": ctx_unverified()}.get(what)
            if insecure:
                status, body = https_get(port, "/api/runs", context=insecure)
                check(status == 200 and json.loads(body) == [], "and no game was played")
                done = run([BOT, "--url", url, "--insecure", "--bot", "dfs", "--seeds", "1", "-q"])
                check(done.returncode == 0 and "warning: --insecure" in done.stderr,
                      f"--insecure plays and warns: {done.stderr.strip()}")
        finally:
            stop_server(proc)


def ctx_unverified():
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def ranked():
    with tempfile.TemporaryDirectory() as folder:
        db = os.path.join(folder, "cup.db")
        token = run([ADMIN, "--db", db, "add-competitor", "ann"]).stdout.strip()
        closes = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(hours=1)
        path = os.path.join(folder, "cup.json")
        with open(path, "w") as f:
            json.dump({"name": "tls-cup", "closes_at": closes.strftime("%Y-%m-%dT%H:%M:%SZ"),
                       "challenges": [{"id": "small", "maze": {"generator": "prim", "width": 8,
                                                               "height": 8}}]}, f)
        proc, port = start_server(SERVER, "--competition", path, "--db", db, "--tls-cert", GOOD[0],
                                  "--tls-key", GOOD[1])
        try:
            done = run([BOT, "--url", f"wss://localhost:{port}/ws", "--ca", pki.ca, "--token",
                        token, "--challenge", "all", "--bot", "dfs"])
            check(done.returncode == 0 and "competitor ann" in done.stdout,
                  f"a ranked run with a token over wss:// (exit {done.returncode}) "
                  f"{done.stdout[-200:]} {done.stderr[-200:]}")
            check("in clear" not in done.stderr, "no clear-token warning over wss://")
            board = json.loads(https_get(port, "/api/leaderboard")[1])
            check(json.dumps(board).count("ann") >= 1, "the leaderboard shows ann")
        finally:
            checks.check_eq(stop_server(proc), 0, "the competition server stops cleanly")
        # Beyond loopback with neither TLS nor a proxy: refused before anything is bound.
        done = run([SERVER, "--competition", path, "--db", db, "--bind", "0.0.0.0", "--port", "0"])
        check(done.returncode == 2 and "--tls-proxy" in done.stderr and "--tls-cert" in done.stderr,
              f"a competition on 0.0.0.0 without TLS is refused: {done.returncode} {done.stderr}")


def wait_for_line(log_path, text, deadline=10.0):
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        with open(log_path, errors="replace") as f:
            if text in f.read():
                return True
        time.sleep(0.05)
    return False


async def reload_scenario(proc, port, cert, key, log_path):
    first_serial = pki.serial(cert)
    old = await open_drone(port, "before")
    check(peer_serial(old.ws) == first_serial, "the first connection sees the first certificate")
    start = await old.request({"type": "start", "generator": "prim", "width": 12, "height": 12,
                               "seed": 9})
    old.begin(start, None)
    await explore(old, 10)
    # A renewal: new files in place, then SIGHUP.
    renewed_cert, renewed_key = pki.server("renewed")
    os.replace(renewed_cert, cert)
    os.replace(renewed_key, key)
    proc.send_signal(1)
    check(wait_for_line(log_path, "TLS certificate reloaded"), "SIGHUP: one line says reloaded")
    new = await open_drone(port, "after")
    check(peer_serial(new.ws) == pki.serial(cert) != first_serial,
          "a new connection sees the new certificate's serial")
    await explore(old)
    result = old.state.get("result", {})
    check(result.get("status") == "found", f"the older connection played on to its end: {result}")
    await new.ws.close()
    await old.ws.close()
    # A broken key: the old (renewed) certificate stays.
    with open(key, "w") as f:
        f.write("not a key\n")
    proc.send_signal(1)
    check(wait_for_line(log_path, "not reloaded, the old one stays"), "a broken file: one error line")
    again = await open_drone(port, "still")
    check(peer_serial(again.ws) == pki.serial(cert), "and the server serves the last good one")
    await again.ws.close()


def reload():
    with tempfile.TemporaryDirectory() as folder:
        cert, key = os.path.join(folder, "live.pem"), os.path.join(folder, "live.key")
        for source, target in ((GOOD[0], cert), (GOOD[1], key)):
            with open(source) as f, open(target, "w") as g:
                g.write(f.read())
        log_path = os.path.join(folder, "server.log")
        with open(log_path, "w") as log:
            proc, port = start_server(SERVER, "--tls-cert", cert, "--tls-key", key, "--log-level",
                                      "info", log=log)
            try:
                asyncio.run(reload_scenario(proc, port, cert, key, log_path))
            finally:
                checks.check_eq(stop_server(proc), 0, "the reloaded server stops cleanly")


def client_hello():
    """The first bytes of a real ClientHello, as Python's ssl writes it."""
    incoming, outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
    tls = client_context().wrap_bio(incoming, outgoing, server_hostname="localhost")
    try:
        tls.do_handshake()
    except ssl.SSLWantReadError:
        pass
    return outgoing.read()


def hostile():
    """Garbage, stalled handshakes, a flood of handshakes and a renegotiation
    from 127.0.0.2, while a player on 127.0.0.1 is measured."""
    proc, port = start_server(SERVER, "--tls-cert", GOOD[0], "--tls-key", GOOD[1],
                              "--max-connections-per-ip", "64")
    try:
        got, took = raw_exchange(port, b"\x16\x03\x01\x02\x00" + os.urandom(512), source="127.0.0.2")
        check(took < 3, f"garbage after a TLS record header: dropped in {took:.2f} s")
        got, took = raw_exchange(port, os.urandom(700).replace(b"\x16", b"\x17"),
                                 source="127.0.0.2")
        check(took < 6, f"garbage that is neither TLS nor HTTP: dropped in {took:.2f} s")
        hello = client_hello()
        got, took = raw_exchange(port, hello[:40], source="127.0.0.2")
        check(3 < took < 8, f"a handshake stalled after 40 bytes: dropped in {took:.2f} s")

        renegotiation = subprocess.run(
            ["openssl", "s_client", "-connect", f"127.0.0.1:{port}", "-tls1_2", "-servername",
             "localhost", "-CAfile", pki.ca], input="R\n", capture_output=True, text=True,
            timeout=30)
        both = renegotiation.stdout + renegotiation.stderr
        check("RENEGOTIATING" in both and ("no renegotiation" in both or "alert" in both),
              f"a renegotiation is refused: {both[-300:]!r}")

        baseline = measure_player(port)
        stalled = []
        for _ in range(100):
            try:
                s = socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.2", 0))
                s.sendall(hello[:40])
                stalled.append(s)
            except OSError:
                break
        handshakes = [0]

        def flood(stop):
            context = ctx_unverified()
            while not stop.is_set():
                try:
                    with socket.create_connection(("127.0.0.1", port), timeout=5,
                                                  source_address=("127.0.0.2", 0)) as raw:
                        with context.wrap_socket(raw, server_hostname="localhost"):
                            handshakes[0] += 1
                except OSError:
                    pass
        try:
            attacked = measure_beside(port, flood)
        finally:
            for s in stalled:
                s.close()
        print(f"player p99: {baseline['p99_us']:.0f} us alone, {attacked['p99_us']:.0f} us "
              f"under {len(stalled)} stalled handshakes and {handshakes[0]} full ones")
        check(handshakes[0] > 10, f"the flood made full handshakes ({handshakes[0]})")
        check(attacked["errors"] == 0 and attacked["moves_per_s"] > 0,
              "the player kept playing through the attack")
        # Generous: a handshake costs the one server core about a millisecond.
        check(attacked["p99_us"] < 100_000, f"its p99 stayed under 100 ms ({attacked['p99_us']} us)")
        check(https_get(port, "/healthz")[0] == 200, "the server still serves")
        key_updates(port, baseline)
    finally:
        checks.check_eq(stop_server(proc), 0, "the attacked server stops cleanly")


def key_updates(port, baseline):
    """TLS 1.3 KeyUpdate records that ask for an answer, as fast as the
    socket takes them and never reading, from two connections that start
    again when cut: the server ends each after its budget, and the player's
    median moves little."""
    sent, cut = [0], [0]

    def flood(stop):
        while not stop.is_set():
            done = run([FLOOD, str(port), "3"])
            if done.returncode != 0:
                break
            count, how = done.stdout.split()
            sent[0] += int(count)
            cut[0] += how == "cut"
    attacked = measure_beside(port, flood)
    ratio = attacked["p50_us"] / max(baseline["p50_us"], 1)
    print(f"player p50: {baseline['p50_us']:.0f} us alone, {attacked['p50_us']:.0f} us under "
          f"{sent[0]} key updates ({cut[0]} flooding connections cut): {ratio:.1f}x")
    check(cut[0] >= 2, f"the server ends a connection that floods key updates ({cut[0]} cut)")
    check(attacked["errors"] == 0 and attacked["moves_per_s"] > 0,
          "the player kept playing through the key updates")
    # Unbounded, such a flood made the median some 280 times as long.
    check(ratio < 10, f"its median stayed within 10x of the quiet one ({ratio:.1f}x)")


def measure_beside(port, attack):
    """The player measured while two threads run attack(stop) until stop is set."""
    stop = threading.Event()
    threads = [threading.Thread(target=attack, args=(stop,)) for _ in range(2)]
    for t in threads:
        t.start()
    try:
        return measure_player(port)
    finally:
        stop.set()
        for t in threads:
            t.join()


def measure_player(port):
    done = run([LOAD, "--url", f"wss://localhost:{port}/ws", "--ca", pki.ca, "--connections", "2",
                "--duration", "2", "--warmup", "0.3"])
    if done.returncode != 0:
        checks.fail(f"ariadne-load failed: {done.stderr[-300:]}")
        return {"errors": 1, "moves_per_s": 0, "p99_us": 1e9}
    return json.loads(done.stdout.splitlines()[-1])


def forwarded():
    """X-Forwarded-For: ignored from anyone, read from a trusted proxy."""
    with tempfile.TemporaryDirectory() as folder:
        for trusted in (False, True):
            log_path = os.path.join(folder, f"server-{trusted}.log")
            extra = ["--trusted-proxy", "127.0.0.1", "--max-connections-per-ip", "2"] if trusted else []
            with open(log_path, "w") as log:
                proc, port = start_server(SERVER, "--tls-cert", GOOD[0], "--tls-key", GOOD[1],
                                          "--log-level", "info", *extra, log=log)
                try:
                    asyncio.run(forwarded_scenario(port, trusted, log_path))
                finally:
                    stop_server(proc)


async def forwarded_scenario(port, trusted, log_path):
    spoofed = {"X-Forwarded-For": "198.51.100.1, 203.0.113.7"}
    drone = await open_drone(port, "spoofer", headers=spoofed)
    await drone.ws.close()
    check(wait_for_line(log_path, "closed"), "the session ended")
    with open(log_path) as f:
        log = f.read()
    if not trusted:
        check("connected from 127.0.0.1:" in log and "203.0.113.7" not in log,
              "a client's own X-Forwarded-For is ignored")
        return
    check("connected from 203.0.113.7 (through 127.0.0.1:" in log and "198.51.100.1" not in log,
          "from a trusted proxy, its last X-Forwarded-For entry is the client")
    # The client's own connection budget (2), not the proxy's.
    held = [await open_drone(port, f"a{i}", headers={"X-Forwarded-For": "203.0.113.8"})
            for i in range(2)]
    try:
        await open_drone(port, "a3", headers={"X-Forwarded-For": "203.0.113.8"})
        check(False, "a third connection from one forwarded client is refused")
    except websockets.exceptions.InvalidStatusCode as e:
        check(e.status_code == 429, f"a third connection from one forwarded client: {e.status_code}")
    other = await open_drone(port, "b", headers={"X-Forwarded-For": "203.0.113.9"})
    check(other.welcome.get("type") == "welcome", "another client behind the same proxy is served")
    for d in [*held, other]:
        await d.ws.close()


def main():
    one_port()
    tls_only()
    refusals()
    ranked()
    reload()
    hostile()
    forwarded()
    checks.finish("TLS on one port: clients, refusals, reload, hostile handshakes, proxies")


if __name__ == "__main__":
    main()
