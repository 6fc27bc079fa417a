#!/usr/bin/env python3
"""--close-grace-seconds: a ranked run still in play when the competition
closes ends as timeout once the grace has passed, by the server's own timer
(its competitor sends nothing), and its replay is then published.

Usage: close_grace_test.py BUILD_DIR
"""
import asyncio
import datetime
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from ariadne_server import start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402
from test_store import stores  # noqa: E402

try:
    import websockets
except ImportError:
    print("SKIP: python3-websockets is not installed (scripts/test.sh installs it)")
    sys.exit(77)

build = sys.argv[1]
SERVER = os.path.join(build, "server/app/ariadne-server")
ADMIN = os.path.join(build, "tools/ariadne-admin")
checks = Checks()
check = checks.check


def status_of(port, path):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, ""


async def scenario(port, token):
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws") as ws:
        async def ask(message):
            await ws.send(json.dumps(message))
            return json.loads(await asyncio.wait_for(ws.recv(), 30))
        check((await ask({"type": "hello", "name": "ann", "token": token}))["type"] == "welcome",
              "the competitor says hello")
        first = await ask({"type": "start", "challenge": "slow"})
        run = first["run"]
        check("result" not in first, "a ranked run starts before the close")
        # Then nothing: the run would wait for its hour. The server ends it.
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            runs = json.loads(status_of(port, "/api/runs")[1] or "[]")
            if any(r["run"] == run and r["status"] != "active" for r in runs):
                break
            await asyncio.sleep(0.2)
        state = await ask({"type": "sense"})
        check(state.get("result", {}).get("status") == "timeout",
              f"the run ended as timeout once the grace passed: {state.get('result')}")
        status, _ = status_of(port, f"/api/replays/{run}")
        check(status == 200, f"and its replay is published (got {status})")


def main():
    with tempfile.TemporaryDirectory() as folder:
        db = stores.fresh(folder, "cup")
        token = subprocess.run([ADMIN, "--db", db, "add-competitor", "ann"], check=True,
                               capture_output=True, text=True).stdout.strip()
        closes = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=3)
        path = os.path.join(folder, "cup.json")
        with open(path, "w") as f:
            json.dump({"name": "grace-cup", "seeds": "shared",
                       "closes_at": closes.strftime("%Y-%m-%dT%H:%M:%SZ"),
                       "challenges": [{"id": "slow", "maze": {"generator": "prim", "width": 20,
                                                              "height": 20}}]}, f)
        proc, port = start_server(SERVER, "--competition", path, "--db", db,
                                  "--close-grace-seconds", "1")
        try:
            asyncio.run(scenario(port, token))
        finally:
            checks.check_eq(stop_server(proc), 0, "the server stops cleanly")
    checks.finish("a ranked run in play ends once the close's grace has passed")


if __name__ == "__main__":
    main()
