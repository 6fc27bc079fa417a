#!/usr/bin/env python3
"""The Python and JavaScript kits over wss://, with real sockets and a
throwaway CA (tests/support/pki.py): each kit (ariadne_client.py, and the JS
kit in Node through examples/dfs-bot.mjs) plays a full game with the CA given
by --ca, then by $ARIADNE_CA (against localhost: a DNS name checked), and
over plain ws:// on the same port, and each API (Drone.connect, connect) one
with the CA's PEM text as ca; the server's /api/runs, read over https:// with
the CA, lists every one of those runs as found. Without the CA, and
against servers whose certificate comes from a CA nobody trusts, names
another host or has expired, each kit exits non-zero with one line naming
OpenSSL's or Node's reason, and no game was played (no WebSocket connection
on /metrics, /api/runs empty). --insecure against the untrusted CA plays, and
warns each time.

Usage: tls_kits_test.py PATH/TO/ariadne-server SOURCE_DIR
"""
import asyncio
import json
import os
import shutil
import ssl
import subprocess
import sys
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "support"))
from ariadne_server import http_get, start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402
from pki import Pki  # noqa: E402

try:
    import websockets  # noqa: F401
except ImportError:
    print("SKIP: python3-websockets is not installed (apt-get install python3-websockets)")
    sys.exit(77)

SERVER, SOURCE = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.join(SOURCE, "clients", "python"))
from ariadne_client import Drone, explore  # noqa: E402
NODE = shutil.which("node")
if NODE is None or not os.path.isdir(os.path.join(SOURCE, "clients/js/node_modules/ws")):
    print("SKIP: node or the JS kit's packages are missing (npm ci in clients/js)")
    sys.exit(77)
# Each kit's command, and the player and bot names its hello gives.
KITS = {
    "python": ([sys.executable, os.path.join(SOURCE, "clients/python/ariadne_client.py")],
               ("python-dfs", "python-kit/dfs")),
    "js": ([NODE, os.path.join(SOURCE, "clients/js/examples/dfs-bot.mjs")],
           ("js-dfs", "js-kit/dfs")),
}
MAZE = ["--generator", "prim", "--size", "12x10"]
# What the runtime says, as each kit must pass it on: OpenSSL's words through
# Python's ssl, Node's own.
UNKNOWN_CA = {"python": "certificate verify failed: self-signed certificate in certificate chain",
              "js": "self-signed certificate in certificate chain"}
WRONG_NAME = {"python": "certificate verify failed: IP address mismatch",
              "js": "Hostname/IP does not match certificate's altnames"}
EXPIRED = {"python": "certificate verify failed: certificate has expired",
           "js": "certificate has expired"}
# The JS kit's API in Node: connect with ca as PEM text (argv: URL, the CA's file).
JS_API = """
import { readFileSync } from 'node:fs';
import { connect, depthFirst } from '%s';
const [url, caFile] = process.argv.slice(1);
const drone = await connect(url, { name: 'js-api', ca: readFileSync(caFile, 'utf8') });
await drone.start({ maze: { generator: 'prim', width: 8, height: 8, seed: 15 } });
console.log('result:', JSON.stringify(await depthFirst(drone)));
drone.close();
"""
WARNING = "warning: insecure: the server's certificate is not checked"

checks = Checks(verbose=True)
check = checks.check
pki = Pki()


def play(kit, url, *args, ca_env=None):
    """Runs a kit's DFS bot; nothing from this shell decides what it trusts
    but the arguments (and ca_env, as $ARIADNE_CA)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("ARIADNE_CA", "NODE_EXTRA_CA_CERTS", "SSL_CERT_FILE", "SSL_CERT_DIR")}
    if ca_env:
        env["ARIADNE_CA"] = ca_env
    return subprocess.run([*KITS[kit][0], "--url", url, *MAZE, *args], capture_output=True,
                          text=True, timeout=60, env=env)


def result_of(run):
    """The result a kit printed, or None."""
    lines = [line for line in run.stdout.splitlines() if line.startswith("result: ")]
    return json.loads(lines[-1][len("result: "):]) if lines else None


def played(run, what):
    result = result_of(run)
    good = run.returncode == 0 and result is not None and result["status"] == "found"
    check(good, f"{what}: found the treasure" + ("" if good else
          f" (exit {run.returncode})\n{run.stdout}{run.stderr}"))
    return result


def refused(run, reason, what):
    """A refusal: a non-zero exit, one line on stderr naming the reason, no run."""
    lines = run.stderr.strip().splitlines()
    check(run.returncode != 0 and len(lines) == 1 and reason in lines[0] and not run.stdout,
          f"{what}: exit {run.returncode}, one line naming {reason!r}: {run.stderr!r}")


def https_get(port, path, context):
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}),
                                         urllib.request.HTTPSHandler(context=context))
    with opener.open(f"https://127.0.0.1:{port}{path}", timeout=10) as reply:
        return reply.read().decode()


def runs_when(get, wanted, what):
    """/api/runs once it lists `wanted` runs (it may be 250 ms old): the list."""
    deadline = time.monotonic() + 10
    while len(runs := json.loads(get("/api/runs"))) < wanted and time.monotonic() < deadline:
        time.sleep(0.05)
    check(len(runs) == wanted, f"{what}: /api/runs lists {len(runs)} runs, wanted {wanted}")
    return runs


async def python_api_game(url, ca):
    """The Python kit's API: Drone.connect with ca as PEM text; the result."""
    drone = await Drone.connect(url, "python-api", ca=ca, insecure=False)
    try:
        await drone.start(generator="prim", width=8, height=8, seed=15)
        await explore(drone)
        return drone.state["result"]
    finally:
        await drone.close()


def api_games(url):
    """A game through each kit's API with the CA's PEM text as ca: the
    (player, bot, steps, status) of those that found the treasure."""
    games = []
    with open(pki.ca) as f:
        pem = f.read()
    try:
        result = asyncio.run(python_api_game(url, pem))
    except Exception as error:  # whatever it is, this check failed
        result = {"status": f"{type(error).__name__}: {error}"}
    if check(result["status"] == "found", f"Drone.connect(ca=PEM text): {result['status']}"):
        games.append(("python-api", "", result["steps"], "found"))
    module = "file://" + os.path.join(SOURCE, "clients/js/ariadne.mjs")
    run = subprocess.run([NODE, "--input-type=module", "-e", JS_API % module, url, pki.ca],
                         capture_output=True, text=True, timeout=60)
    if result := played(run, "connect(url, { ca: PEM text })"):
        games.append(("js-api", "", result["steps"], "found"))
    return games


def metric(port, name):
    for line in http_get(port, "/metrics")[1].splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    return None


def the_good_server():
    cert, key = pki.server("good")
    proc, port = start_server(SERVER, "--tls-cert", cert, "--tls-key", key)
    try:
        mine = []  # (player, bot, steps, status) of every game a kit reported
        for kit, (_, names) in KITS.items():
            for url, args, ca_env, what in (
                    (f"wss://127.0.0.1:{port}/ws", ["--ca", pki.ca, "--seed", "11"], None,
                     "wss:// with --ca"),
                    (f"wss://localhost:{port}/ws", ["--seed", "12"], pki.ca,
                     "wss://localhost with $ARIADNE_CA"),
                    (f"ws://127.0.0.1:{port}/ws", ["--seed", "13"], None,
                     "plain ws:// on the same port")):
                result = played(play(kit, url, *args, ca_env=ca_env), f"{kit}: {what}")
                if result:
                    mine.append((*names, result["steps"], "found"))
            # No CA given: the system's trust store, which has never heard of the test CA.
            refused(play(kit, f"wss://127.0.0.1:{port}/ws", "--seed", "14"),
                    UNKNOWN_CA[kit], f"{kit}: wss:// with the system's CAs only")
            refused(play(kit, f"wss://127.0.0.1:{port}/ws", "--ca", pki.path("missing.pem")),
                    "missing.pem", f"{kit}: a CA file that does not exist")
        mine += api_games(f"wss://127.0.0.1:{port}/ws")
        verified = ssl.create_default_context(cafile=pki.ca)
        runs = runs_when(lambda path: https_get(port, path, verified), len(mine),
                         "the good server, over https:// with the CA")
        listed = sorted((r["player"], r["bot"] or "", r["steps"], r["status"]) for r in runs)
        checks.check_eq(listed, sorted(mine), "/api/runs has the kits' games, each found")
    finally:
        stop_server(proc)


def a_bad_server(label, reasons, cert, key):
    proc, port = start_server(SERVER, "--tls-cert", cert, "--tls-key", key)
    try:
        for kit in KITS:
            refused(play(kit, f"wss://127.0.0.1:{port}/ws", "--ca", pki.ca, "--seed", "21"),
                    reasons[kit], f"{kit} against a server with {label}")
        # The server's own view, over plain http:// (it serves both on its port).
        check(metric(port, "ariadne_connections_total") == 0
              and metric(port, "ariadne_runs_started_total") == 0,
              f"{label}: no WebSocket connection and no run reached the server")
        # The list's first reading: built now, after the kits.
        listed = json.loads(http_get(port, "/api/runs")[1])
        check(listed == [], f"{label}: /api/runs is empty: {listed}")
        if reasons is not UNKNOWN_CA:
            return
        for kit in KITS:
            run = play(kit, f"wss://127.0.0.1:{port}/ws", "--insecure", "--seed", "22")
            played(run, f"{kit} --insecure against a server with {label}")
            check(WARNING in run.stderr, f"{kit} --insecure warns: {run.stderr!r}")
        runs = runs_when(lambda path: http_get(port, path)[1], len(KITS),
                         f"{label} after --insecure")
        checks.check_eq(sorted(r["bot"] for r in runs), sorted(n[1] for _, n in KITS.values()),
                        "the insecure games are the only runs")
    finally:
        stop_server(proc)


def main():
    play_all()
    checks.finish("both kits verify wss:// servers and say why they refuse one")


def play_all():
    the_good_server()
    a_bad_server("a certificate from a CA nobody trusts", UNKNOWN_CA,
                 *pki.other_ca_server("stranger"))
    a_bad_server("a certificate for another name", WRONG_NAME,
                 *pki.server("wrong", names=["elsewhere.example"]))
    a_bad_server("an expired certificate", EXPIRED, *pki.server("expired", expired=True))


if __name__ == "__main__":
    main()
