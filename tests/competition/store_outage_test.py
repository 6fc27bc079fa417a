#!/usr/bin/python3
"""PostgreSQL restarted and crashed under load. Bot processes play ranked
runs while the database is stopped (a fast shutdown, then a crash) and
started again a moment later on the same port: every result a client
received is in the database with its numbers, no result is refused for want
of the store, ranked starts and logins answer server_busy at worst (never
unauthorized), practice runs go on meanwhile, the server finds the database
again by itself, and its log says so in a few lines, not a line a move.

Usage: store_outage_test.py BUILD_DIR
"""
import asyncio
import json
import os
import signal
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "support"))
sys.path.insert(0, os.path.dirname(__file__))
from ariadne_server import http_get, start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402
import scratch  # noqa: E402
from postgres import Postgres  # noqa: E402

from competition_client import Client, Refused  # noqa: E402
from crash_test import admin  # noqa: E402
import websockets  # noqa: E402

BUILD = sys.argv[1] if len(sys.argv) > 1 else ""
SERVER = os.path.join(BUILD, "server/app/ariadne-server")
checks = Checks()
check = checks.check


def note(log_path, entry):
    with open(log_path, "a") as f:
        f.write(json.dumps(entry) + "\n")


async def player(port, token, log_path, stop_path):
    """Plays ranked runs until stop_path exists, through every outage: a busy
    start is tried again, a dropped connection reconnects (and plays on the
    run it takes over). Logs each result received, each busy answer and each
    closed connection."""
    while not os.path.exists(stop_path):
        try:
            client = await Client.connect(port, token)
            if client.state and client.state.get("result") is None:
                note(log_path, {"result": await client.play_dfs()})
            while not os.path.exists(stop_path):
                try:
                    await client.start("sprint")
                except Refused as error:
                    note(log_path, {"refused": error.code, "message": str(error)})
                    if error.code != "server_busy":
                        return
                    await asyncio.sleep(0.3)
                    continue
                note(log_path, {"result": await client.play_dfs()})
        except Refused as error:  # the hello
            note(log_path, {"refused": error.code, "message": str(error)})
            if error.code != "server_busy":
                return
            await asyncio.sleep(0.3)
        except websockets.ConnectionClosed as closed:
            note(log_path, {"closed": closed.rcvd.code if closed.rcvd else None})
        except (OSError, asyncio.TimeoutError) as error:
            note(log_path, {"closed": str(error)})


def player_process(port, token, log_path, stop_path):
    here = os.path.dirname(__file__)
    code = (f"import asyncio, sys; sys.path.insert(0, {here!r}); "
            f"sys.path.insert(0, {os.path.join(here, '..', 'support')!r}); "
            f"import store_outage_test as t; "
            f"asyncio.run(t.player({port}, {token!r}, {log_path!r}, {stop_path!r}))")
    return subprocess.Popen([sys.executable, "-c", code])


def entries(path):
    try:
        with open(path) as f:
            return [json.loads(line) for line in f]
    except FileNotFoundError:
        return []


def results(path):
    return [e["result"] for e in entries(path) if "result" in e]


class Practice(threading.Thread):
    """Plays practice runs without a pause on a connection of its own; keeps
    when each one ended."""

    def __init__(self, port, stop):
        super().__init__(daemon=True)
        self.port, self.stop, self.ended, self.errors = port, stop, [], []

    def run(self):
        asyncio.run(self.play())

    async def play(self):
        client = await Client.connect(self.port, name="practice")
        while not self.stop.is_set():
            try:
                await client.request({"type": "start", "maze": {
                    "generator": "prim", "width": 8, "height": 8, "seed": len(self.ended) + 1}})
                await client.play_dfs()
                self.ended.append(time.monotonic())
            except Exception as error:  # noqa: BLE001: any failure is the finding
                self.errors.append(repr(error))
                return


def wait_for_results(logs, more, limit=60):
    """Until every bot has logged `more` results beyond what it has now."""
    wanted = {n: len(results(p)) + more for n, p in logs.items()}
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if all(len(results(p)) >= wanted[n] for n, p in logs.items()):
            return True
        time.sleep(0.05)
    return False


def hello_during(port, token):
    """A login while the database is down: a welcome (the lookup waited for
    the database) or server_busy, never a token called unknown."""
    async def go():
        try:
            client = await Client.connect(port, token)
            await client.ws.close()
            return "welcome"
        except Refused as error:
            return error.code
    return asyncio.run(go())


def main():
    folder = scratch.folder("ariadne-outage-")
    pg = Postgres().start()
    db = pg.database("outage")
    path = os.path.join(folder, "outage.json")
    with open(path, "w") as f:
        json.dump({"name": "outage-cup", "seeds": "per_competitor", "challenges": [
            {"id": "sprint", "maze": {"generator": "prim", "width": 8, "height": 8},
             "attempts": 100000}]}, f)
    names = ["o1", "o2", "o3", "o4"]
    tokens = {n: admin(db, "add-competitor", n).strip() for n in names + ["prober"]}
    logs = {n: os.path.join(folder, f"{n}.jsonl") for n in names}
    stop_path = os.path.join(folder, "stop")
    server_log = open(os.path.join(folder, "server.log"), "w+")
    proc, port = start_server(SERVER, "--competition", path, "--db", db, log=server_log)
    bots = [player_process(port, tokens[n], logs[n], stop_path) for n in names]
    stop_practice = threading.Event()
    practice = Practice(port, stop_practice)
    practice.start()
    outages = []
    hellos = []
    try:
        check(wait_for_results(logs, 5), "the bots play before any outage")
        for mode in (signal.SIGINT, signal.SIGKILL, signal.SIGINT):
            down = time.monotonic()
            pg.stop(mode)
            hellos.append(hello_during(port, tokens["prober"]))
            # /readyz turns new players away once the writes fail (within
            # 10 s); the outage lasts 2 s at least, long enough for every bot
            # to meet it, well under the hold.
            not_ready = (503, "the competition's store does not answer\n")
            readiness = set()
            while not_ready not in readiness and time.monotonic() < down + 10:
                readiness.add(http_get(port, "/readyz"))
                time.sleep(0.1)
            check(not_ready in readiness, f"/readyz in an outage ({mode.name}): {readiness}")
            time.sleep(max(0.0, down + 2 - time.monotonic()))
            pg.start()
            up = time.monotonic()
            outages.append((down, up))
            check(wait_for_results(logs, 5), f"the bots play again after an outage ({mode.name})")
            check(http_get(port, "/readyz") == (200, "ready\n"),
                  f"/readyz after the outage: {http_get(port, '/readyz')}")
    finally:
        open(stop_path, "w").close()
        for bot in bots:
            try:
                bot.wait(timeout=60)
            except subprocess.TimeoutExpired:
                bot.kill()
        stop_practice.set()
        practice.join(timeout=30)
        stop_server(proc)
    check(practice.errors == [], f"practice failed: {practice.errors}")
    for down, up in outages:
        during = [t for t in practice.ended if down <= t <= up]
        check(len(during) >= 1, f"no practice run ended while the database was down "
                                f"({up - down:.1f} s)")
    check(all(h in ("welcome", "server_busy") for h in hellos), f"logins when down: {hellos}")
    runs = json.loads(admin(db, "export-runs"))  # in the order played
    busy = 0
    for name in names:
        mine = entries(logs[name])
        busy += sum(1 for e in mine if e.get("refused") == "server_busy")
        check(not any("refused" in e and e["refused"] != "server_busy" for e in mine),
              f"{name}: refused otherwise than busy: {[e for e in mine if 'refused' in e]}")
        # A result held through the outage is written, then sent: none lost.
        check(not any(e.get("closed") == 1011 for e in mine), f"{name}: a result was not recorded")
        received = [(r["status"], r["steps"], r["score"], r["optimal"]) for r in results(logs[name])]
        stored = [(r["status"], r["steps"], r["score"], r["optimal"]) for r in runs
                  if r["competitor"] == name and r["status"] not in ("in_play", "interrupted")]
        rest = iter(stored)
        check(len(received) >= 15 and all(any(g == s for s in rest) for g in received),
              f"{name}: {len(received)} results received are not all in the database, in order")
        attempts = [r["attempt"] for r in runs if r["competitor"] == name
                    and r["status"] != "interrupted"]
        check(attempts == list(range(1, len(attempts) + 1)), f"{name}: attempts {attempts}")
    check(admin(db, "check").strip() == "ok", "integrity check")
    server_log.seek(0)
    text = server_log.read()
    store_lines = [line for line in text.splitlines()
                   if "store:" in line or "leaderboard:" in line or "competition:" in line]
    check(text.count("the database answers again") == len(outages),
          "one recovery line an outage:\n" + "\n".join(store_lines))
    # Per outage: its start, its end, the failure that began it, the
    # leaderboard's reader losing and finding the database.
    check(len(store_lines) <= 6 * len(outages), f"{len(store_lines)} store lines in the log:\n"
          + "\n".join(store_lines[:40]))
    pg.close()
    print(f"{len(outages)} outages, {len(runs)} runs, {busy} busy answers, "
          f"{len(practice.ended)} practice runs, logins when down: {hellos}, "
          f"{len(store_lines)} store lines logged")
    checks.finish()


if __name__ == "__main__":
    main()
