#!/usr/bin/python3
"""The store's answers lost and withheld: a server on PostgreSQL through a
proxy (tests/support/pg_proxy.py) that cuts a connection right after a
chosen transaction's COMMIT reached the database, or holds every byte
(a failover behind a proxy that still accepts connections).

- A claim's COMMIT answer lost: the start is answered once, its maze
  played and ranked; no second deal, nothing left in play.
- A result's COMMIT answer lost: the competitor gets its result, ranked,
  the same the database holds.
- Every byte held for longer than the 30 s hold while a run ends: the
  competitor is told the run is not ranked within the hold (a statement
  waits 15 s at most, and that counts in it); once the database
  answers again its attempt is given back there and nothing stays in
  play, so the next start plays that attempt again.

Usage: store_faults_test.py BUILD_DIR
"""
import asyncio
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "support"))
sys.path.insert(0, os.path.dirname(__file__))
from ariadne_server import start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402
import scratch  # noqa: E402
from postgres import Postgres  # noqa: E402
from pg_proxy import PgProxy  # noqa: E402

from competition_client import Client, Refused  # noqa: E402
from crash_test import admin  # noqa: E402
import websockets  # noqa: E402

BUILD = sys.argv[1] if len(sys.argv) > 1 else ""
SERVER = os.path.join(BUILD, "server/app/ariadne-server")
checks = Checks()
check = checks.check


def stored(db, name):
    return [r for r in json.loads(admin(db, "export-runs")) if r["competitor"] == name]


async def lost_commits(port, db, proxy, token):
    # The claim: the start's row committed, its answer lost, the job run again.
    proxy.cut_after_commit("insert_run")
    client = await Client.connect(port, token)
    await client.start("sprint")
    result = await client.play_dfs()
    check(proxy.cuts == 1, f"the claim's COMMIT answer was cut ({proxy.cuts})")
    check(result is not None and result["status"] == "found",
          f"the claimed maze played to its end: {result}")
    rows = stored(db, "ann")
    check([(r["deal"], r["attempt"], r["status"]) for r in rows] == [(1, 1, "found")],
          f"one deal, ranked, nothing dealt twice: {rows}")
    # The result: its row committed, its answer lost, the job run again.
    proxy.cut_after_commit("finish_run")
    await client.start("sprint")
    result = await client.play_dfs()
    check(proxy.cuts == 2, f"the result's COMMIT answer was cut ({proxy.cuts})")
    rows = stored(db, "ann")
    check(result is not None and len(rows) == 2 and rows[1]["status"] == result["status"]
          and rows[1]["steps"] == result["steps"] and rows[1]["score"] == result["score"],
          f"the result sent is the one stored: {result} / {rows[-1:]}")
    await client.close()


async def withheld(port, db, proxy, token):
    # The reply waits up to the hold (30 s); the kit's own limit is longer.
    client = await Client.connect(port, token, timeout=120)
    await client.start("sprint")
    proxy.blackhole(True)
    began = time.monotonic()
    told = None
    try:
        await client.play_dfs()
    except Refused as error:
        told = f"{error.code}: {error}"
    except websockets.exceptions.ConnectionClosed as error:
        told = f"closed {error.rcvd.code if error.rcvd else None}"
    took = time.monotonic() - began
    print(f"every byte held: the competitor told after {took:.1f} s: {told}")
    # Told within the hold and one probe of the database (a connection's 5 s
    # timeout); on a loaded machine the kit's own keepalive (40 s) may end
    # the connection first.
    check(told is not None and ("not ranked" in told or "closed" in told) and took < 50,
          f"a result the database never took: told after {took:.0f} s: {told}")
    proxy.blackhole(False)
    # The attempt given back once the database answers: nothing in play.
    deadline = time.monotonic() + 30
    rows = stored(db, "bo")
    while any(r["status"] == "in_play" for r in rows) and time.monotonic() < deadline:
        await asyncio.sleep(0.5)
        rows = stored(db, "bo")
    print(f"the attempt given back {time.monotonic() - began - took:.1f} s after the bytes flowed")
    check([r["status"] for r in rows] == ["interrupted"],
          f"its attempt given back once the database answers: {rows}")
    again = await Client.connect(port, token)
    await again.start("sprint")
    result = await again.play_dfs()
    rows = stored(db, "bo")
    check(result is not None and rows[-1]["attempt"] == 1 and rows[-1]["status"] == "found",
          f"the attempt played again: {[(r['attempt'], r['status']) for r in rows]}")
    await again.close()


def main():
    folder = scratch.folder("ariadne-store-faults-")
    with Postgres() as pg:  # stopped whatever fails
        scenario(pg, folder)
    checks.finish()


def scenario(pg, folder):
    proxy = PgProxy(pg.port)
    db = pg.database("faults")
    path = os.path.join(folder, "faults.json")
    with open(path, "w") as f:
        json.dump({"name": "faults-cup", "challenges": [
            {"id": "sprint", "maze": {"generator": "prim", "width": 8, "height": 8},
             "attempts": 5}]}, f)
    tokens = {n: admin(db, "add-competitor", n).strip() for n in ("ann", "bo")}
    log = open(os.path.join(folder, "server.log"), "w+")
    proc, port = start_server(SERVER, "--competition", path, "--db", proxy.uri(db), log=log)
    try:
        asyncio.run(lost_commits(port, db, proxy, tokens["ann"]))
        asyncio.run(withheld(port, db, proxy, tokens["bo"]))
    finally:
        proxy.blackhole(False)
        checks.check_eq(stop_server(proc), 0, "the server stops cleanly")
        proxy.close()
    check(admin(db, "check").strip() == "ok", "integrity check")


if __name__ == "__main__":
    main()
