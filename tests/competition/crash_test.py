#!/usr/bin/python3
"""Results survive a crash. Several bot processes play ranked runs while the
server is killed with SIGKILL at random moments, several times, and
restarted on the same database: every result a client received is in the
database with the same numbers, no attempt is lost or counted twice, the
attempts a crash interrupted are given back, and SQLite's integrity check
passes. Also: a ranked run whose connection dropped ends as abandoned once
the resume window has passed.

Usage: crash_test.py BUILD_DIR
"""
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "support"))
sys.path.insert(0, os.path.dirname(__file__))
from ariadne_server import start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402
import scratch  # noqa: E402
from test_store import stores  # noqa: E402

from competition_client import Client, Refused  # noqa: E402
import websockets  # noqa: E402

BUILD = sys.argv[1] if len(sys.argv) > 1 else ""
SERVER = os.path.join(BUILD, "server/app/ariadne-server")
ADMIN = os.path.join(BUILD, "tools/ariadne-admin")
ATTEMPTS = 1000
checks = Checks()
check = checks.check


def admin(db, *args):
    return subprocess.run([ADMIN, "--db", db, *args], capture_output=True, text=True, timeout=30,
                          check=True).stdout


async def player(port, token, log_path, challenge="sprint"):
    """Plays ranked runs (the mazes of sets, one after another) until the
    connection breaks; appends each result it received, with its place in
    its set, to log_path as a JSON line."""
    try:
        client = await Client.connect(port, token)
        while True:
            await client.start(challenge)
            result = await client.play_dfs()
            with open(log_path, "a") as f:
                f.write(json.dumps({**result, "set": client.state.get("set")}) + "\n")
    except (OSError, websockets.ConnectionClosed, asyncio.TimeoutError, Refused):
        return


def player_process(port, token, log_path, challenge="sprint"):
    """A bot process: one Python process per competitor."""
    code = (f"import asyncio, sys; sys.path.insert(0, {os.path.dirname(__file__)!r}); "
            f"sys.path.insert(0, {os.path.join(os.path.dirname(__file__), '..', 'support')!r}); "
            f"import crash_test; asyncio.run(crash_test.player({port}, {token!r}, {log_path!r}, "
            f"{challenge!r}))")
    return subprocess.Popen([sys.executable, "-c", code])


def lines(path):
    """How many results a bot has logged so far."""
    try:
        with open(path) as f:
            return sum(1 for _ in f)
    except FileNotFoundError:
        return 0


def crash_sets(folder, rng):
    """SIGKILL while sets of 5 mazes are played: an attempt a kill cut in the
    middle of a maze is given back whole (every maze of it interrupted, the
    ones already ended too), and the next attempt gets a new set."""
    db = stores.fresh(folder, "sets")
    path = os.path.join(folder, "sets.json")
    mazes = 5
    with open(path, "w") as f:
        json.dump({"name": "set-crash", "seeds": "shared", "challenges": [
            {"id": "relay", "maze": {"generator": "prim", "width": 6, "height": 6},
             "mazes": mazes, "attempts": ATTEMPTS}]}, f)
    names = ["s1", "s2"]
    tokens = {n: admin(db, "add-competitor", n).strip() for n in names}
    logs = {n: os.path.join(folder, f"{n}.jsonl") for n in names}
    for round_ in range(4):
        proc, port = start_server(SERVER, "--competition", path, "--db", db)
        bots = [player_process(port, tokens[n], logs[n], "relay") for n in names]
        # Once every bot has played a few mazes in this round (a loaded
        # machine starts them slowly), then a random moment into the play.
        wanted = {n: lines(logs[n]) + 3 for n in names}
        deadline = time.monotonic() + 60
        while any(lines(logs[n]) < wanted[n] for n in names) and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(rng.uniform(0.0, 0.3))
        if round_ < 3:
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=15)
        else:
            stop_server(proc)
        for bot in bots:
            bot.wait(timeout=60)
    # The graceful stop left mazes in play: the next start gives them back.
    proc, port = start_server(SERVER, "--competition", path, "--db", db)
    stop_server(proc)
    runs = json.loads(admin(db, "export-runs"))
    given_back = 0
    for name in names:
        mine = [r for r in runs if r["competitor"] == name]
        blocks = {}
        for r in mine:
            blocks.setdefault((r["deal"] - 1) // mazes, []).append(r)
        counted = []
        for block, members in sorted(blocks.items()):
            statuses = {r["status"] == "interrupted" for r in members}
            check(len(statuses) == 1, f"{name}: a set half given back: {members}")
            deals = sorted(r["deal"] for r in members)
            check(deals == list(range(block * mazes + 1, block * mazes + 1 + len(deals))),
                  f"{name}: a set's mazes are its block's deals in order: {deals}")
            check(len({r["attempt"] for r in members}) == 1, f"{name}: one attempt a set")
            if True in statuses:
                given_back += 1
            else:
                counted.append(members[0]["attempt"])
        check(counted == list(range(1, len(counted) + 1)), f"{name}: attempts {counted}")
        # Every result received is stored with the same numbers and place.
        with open(logs[name]) as f:
            received = [json.loads(line) for line in f]
        stored = {(r["attempt"], (r["deal"] - 1) % mazes + 1, r["steps"], r["score"])
                  for r in mine}
        check(len(received) > 0 and all(
            (g["set"]["attempt"], g["set"]["maze"], g["steps"], g["score"]) in stored
            for g in received), f"{name}: results received are not all stored")
    check(given_back >= 1, "a kill gave a set back")
    check(admin(db, "check").strip() == "ok", "integrity check of the sets' database")
    return given_back


def main():
    folder = scratch.folder("ariadne-crash-")
    db = stores.fresh(folder, "crash")
    path = os.path.join(folder, "crash.json")
    with open(path, "w") as f:
        json.dump({"name": "crash-cup", "seeds": "per_competitor", "challenges": [
            {"id": "sprint", "maze": {"generator": "prim", "width": 8, "height": 8},
             "attempts": ATTEMPTS}]}, f)
    names = ["p1", "p2", "p3", "p4"]
    tokens = {n: admin(db, "add-competitor", n).strip() for n in names}
    logs = {n: os.path.join(folder, f"{n}.jsonl") for n in names}
    rng = random.Random(int(os.environ.get("ARIADNE_CRASH_SEED", "7")))
    kills = 0
    for round_ in range(4):
        proc, port = start_server(SERVER, "--competition", path, "--db", db)
        bots = [player_process(port, tokens[n], logs[n]) for n in names]
        # Once every bot has a result in this round (a loaded machine starts
        # its processes slowly), then a random moment into the play, then
        # SIGKILL: no chance to tidy up.
        wanted = {n: lines(logs[n]) + 1 for n in names}
        deadline = time.monotonic() + 60
        while any(lines(logs[n]) < wanted[n] for n in names) and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(rng.uniform(0.0, 0.9))
        if round_ < 3:
            proc.send_signal(signal.SIGKILL)
            kills += 1
            proc.wait(timeout=15)
        else:
            stop_server(proc)
        for bot in bots:
            bot.wait(timeout=60)
    check(kills == 3, "three kills")
    runs = json.loads(admin(db, "export-runs"))  # in the order played
    for name in names:
        with open(logs[name]) as f:
            received = [json.loads(line) for line in f]
        mine = [r for r in runs if r["competitor"] == name]
        counted = [r for r in mine if r["status"] != "interrupted"]
        # in_play: in play at the final, graceful stop; given back at the next start.
        ended = [r for r in counted if r["status"] != "in_play"]
        counted = ended
        check(len(received) > 0, f"{name} received results")
        # Every result received is in the database, with the same numbers,
        # in the same order (a subsequence: see below).
        recorded = [(r["status"], r["steps"], r["bumps"], r["score"], r["optimal"]) for r in ended]
        got = [(r["status"], r["steps"], r["bumps"], r["score"], r["optimal"]) for r in received]
        rest = iter(recorded)
        check(all(any(g == r for r in rest) for g in got),
              f"{name}: {len(got)} results received are not all in the database, in order")
        # A result may be recorded and never received (the kill came between
        # the commit and the reply): at most one per kill.
        check(len(recorded) - len(got) <= kills, f"{name}: {len(recorded) - len(got)} unseen")
        # Attempts counted once each, 1..n with no gap; deals never reused.
        check([r["attempt"] for r in counted] == list(range(1, len(counted) + 1)),
              f"{name}: attempts {[r['attempt'] for r in counted]}")
        deals = [r["deal"] for r in mine]
        check(sorted(deals) == list(range(1, len(mine) + 1)), f"{name}: deals {deals}")
    interrupted = [r for r in runs if r["status"] == "interrupted"]
    check(len(interrupted) >= 1, "a kill interrupted a run in play")
    check(admin(db, "check").strip() == "ok", "integrity check")
    # The resume window: a dropped run ends as abandoned when it passes.
    proc, port = start_server(SERVER, "--competition", path, "--db", db, "--resume-seconds", "1")

    async def drop():
        c = await Client.connect(port, tokens["p1"])
        first = await c.start("sprint")
        c.ws.transport.abort()
        return first["run"]
    # The graceful stop left runs in play; this start gave them back.
    runs = json.loads(admin(db, "export-runs"))
    check(not any(r["status"] == "in_play" for r in runs), "a run left in play after a restart")
    asyncio.run(drop())
    before = len(json.loads(admin(db, "export-runs")))
    deadline = time.monotonic() + 15
    status = None
    while time.monotonic() < deadline:
        last = [r for r in json.loads(admin(db, "export-runs")) if r["competitor"] == "p1"][-1]
        status = last["status"]
        if status != "in_play":
            break
        time.sleep(0.1)
    check(status == "abandoned", f"a dropped run past its window is {status}")
    check(len(json.loads(admin(db, "export-runs"))) == before, "no run added")
    stop_server(proc)
    sets_given_back = crash_sets(folder, rng)
    print(f"{kills} kills, {len(runs)} runs, {len(interrupted)} interrupted, "
          f"{sets_given_back} sets given back")
    checks.finish()


if __name__ == "__main__":
    main()
