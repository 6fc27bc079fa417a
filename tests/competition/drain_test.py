#!/usr/bin/python3
"""A server that leaves on purpose (SIGTERM, --drain-seconds): it takes no
new drone connection (HTTP 503 before the handshake, what makes nginx try
another server) and /healthz says it drains; a connection without a run in
play is closed with 1001 at once, one that plays is closed right after its
run's result; a ranked run still in play at the end of the drain, and one
waiting for its competitor to come back, are closed and their attempts
given back in the store before the server exits (0), so that their
competitors may play them again elsewhere at once. Without runs in play the
drain ends at once.

Usage: drain_test.py BUILD_DIR
"""
import asyncio
import json
import os
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "support"))
sys.path.insert(0, os.path.dirname(__file__))
from ariadne_server import http_get, start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402
import scratch  # noqa: E402
from test_store import stores  # noqa: E402

from competition_client import Client, Refused  # noqa: E402
import websockets  # noqa: E402

BUILD = sys.argv[1] if len(sys.argv) > 1 else ""
SERVER = os.path.join(BUILD, "server/app/ariadne-server")
ADMIN = os.path.join(BUILD, "tools/ariadne-admin")
DRAIN = 4
checks = Checks()
check = checks.check


def admin(db, *args):
    return subprocess.run([ADMIN, "--db", db, *args], capture_output=True, text=True, timeout=30,
                          check=True).stdout


async def closed_with(client, within):
    """The close code the server sent within `within` seconds (None: still open)."""
    try:
        await asyncio.wait_for(client.ws.wait_closed(), within)
    except asyncio.TimeoutError:
        return None
    return client.ws.close_code


async def wait_for(predicate, within):
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if predicate():
            return True
        await asyncio.sleep(0.05)
    return predicate()


async def drain(proc, port, tokens):
    idle = await Client.connect(port, name="idle")
    practice = await Client.connect(port, name="practice")
    await practice.request({"type": "start",
                            "maze": {"generator": "prim", "width": 12, "height": 12, "seed": 5}})
    finisher = await Client.connect(port, tokens["finisher"])
    await finisher.start("sprint")
    stayer = await Client.connect(port, tokens["stayer"])
    stayed = (await stayer.start("sprint"))["run"]
    leaver = await Client.connect(port, tokens["leaver"])
    left = (await leaver.start("sprint"))["run"]
    leaver.ws.transport.abort()  # parked, waiting --resume-seconds for its competitor
    await asyncio.sleep(0)

    began = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    code = await closed_with(idle, 3)
    check(code == 1001, f"a connection without a run closed with {code}, not 1001")
    check(await wait_for(lambda: http_get(port, "/healthz") == (503, "draining\n"), 3),
          f"/healthz while draining: {http_get(port, '/healthz')}")
    check(http_get(port, "/readyz") == (503, "draining\n"), f"/readyz: {http_get(port, '/readyz')}")
    try:
        late = await Client.connect(port, name="late")
        check(False, "a new drone connection was taken while draining")
        await late.close()
    except websockets.InvalidStatusCode as refused:
        check(refused.status_code == 503, f"a new drone connection: HTTP {refused.status_code}")
    status, _ = http_get(port, "/api/runs")
    check(status == 200, f"the pages are still served while draining: /api/runs {status}")

    # Runs in play go on; each connection closes right after its result.
    result = await practice.play_dfs()
    check(result is not None and result["status"] == "found", f"practice result {result}")
    code = await closed_with(practice, 3)
    check(code == 1001, f"after its result, a practice connection closed with {code}")
    ranked = await finisher.play_dfs()
    check(ranked is not None and ranked["status"] == "found", f"ranked result {ranked}")
    code = await closed_with(finisher, 3)
    check(code == 1001, f"after its result, a ranked connection closed with {code}")

    # The stayer's run lasts past the drain: closed at its end, given back.
    await stayer.request({"type": "sense"})
    code = await closed_with(stayer, DRAIN + 5)
    waited = time.monotonic() - began
    check(code == 1001, f"a ranked run in play at the drain's end closed with {code}")
    check(DRAIN - 0.5 <= waited <= DRAIN + 5, f"the drain lasted {waited:.1f} s, not {DRAIN}")
    return ranked, stayed, left


def main():
    folder = scratch.folder("ariadne-drain-")
    db = stores.fresh(folder, "drain")
    path = os.path.join(folder, "drain.json")
    with open(path, "w") as f:
        json.dump({"name": "drain-cup", "seeds": "per_competitor", "practice": True,
                   "challenges": [{"id": "sprint", "attempts": 2,
                                   "maze": {"generator": "prim", "width": 8, "height": 8}}]}, f)
    names = ["finisher", "stayer", "leaver"]
    tokens = {n: admin(db, "add-competitor", n).strip() for n in names}

    proc, port = start_server(SERVER, "--competition", path, "--db", db, "--node", "n1",
                              "--drain-seconds", str(DRAIN), "--resume-seconds", "60")
    ranked, stayed, left = asyncio.run(drain(proc, port, tokens))
    try:
        code = proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        code = None
    check(code == 0, f"the server exited with {code} after its drain")
    stop_server(proc)

    # Given back at the stop, not at a later start: nothing is left in play.
    runs = {r["competitor"]: r for r in json.loads(admin(db, "export-runs"))}
    check(runs["finisher"]["status"] == "found" and runs["finisher"]["steps"] == ranked["steps"]
          and runs["finisher"]["attempt"] == 1, f"the result played in the drain: {runs['finisher']}")
    for name, run in (("stayer", stayed), ("leaver", left)):
        check(runs[name]["status"] == "interrupted" and runs[name]["run"] == run,
              f"{name}'s run at the drain's end is {runs[name]}, not interrupted")

    # Their attempts are theirs again; a drain with nothing in play is quick.
    proc, port = start_server(SERVER, "--competition", path, "--db", db, "--node", "n1",
                              "--drain-seconds", "30")

    async def attempts_left():
        left = {}
        for name in names:
            c = await Client.connect(port, tokens[name])
            left[name] = {ch["id"]: ch["attempts_left"] for ch in await c.challenges()}["sprint"]
            await c.close()
        return left
    left = asyncio.run(attempts_left())
    check(left == {"finisher": 1, "stayer": 2, "leaver": 2}, f"attempts left {left}")
    began = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    try:
        code = proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        code = None
    check(code == 0 and time.monotonic() - began < 3,
          f"an idle server's drain took {time.monotonic() - began:.1f} s (exit {code})")
    stop_server(proc)
    try:
        asyncio.run(Client.connect(port, name="after"))
        check(False, "a connection after the exit")
    except (OSError, Refused):
        pass
    checks.finish()


if __name__ == "__main__":
    main()
