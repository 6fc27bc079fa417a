#!/usr/bin/python3
"""ariadne-admin copy moves a competition between SQLite and PostgreSQL.
A competition is played on one kind of store (ARIADNE_TEST_STORE's), copied
into the other kind and back: the copies read the same as the original
(every run with its numbers, the leaderboard, the competitors and their
state, the schedule and the announcement), the tokens work on a server
started on the copy, which numbers its runs on after the original's and
gives back what was left in play; a copy into a database that holds a
competition is refused and changes nothing; a source that does not exist
is an error.

Usage: copy_test.py BUILD_DIR
"""
import asyncio
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "support"))
sys.path.insert(0, os.path.dirname(__file__))
from ariadne_server import start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402
import scratch  # noqa: E402
from test_store import stores  # noqa: E402

from competition_client import Client  # noqa: E402

BUILD = sys.argv[1] if len(sys.argv) > 1 else ""
SERVER = os.path.join(BUILD, "server/app/ariadne-server")
ADMIN = os.path.join(BUILD, "tools/ariadne-admin")
checks = Checks()
check = checks.check


def admin(*args):
    return subprocess.run([ADMIN, *args], capture_output=True, text=True, timeout=60)


def report(db, *args):
    done = admin("--db", db, *args)
    check(done.returncode == 0, f"ariadne-admin {' '.join(args)} on {db}: {done.stderr}")
    return done.stdout


def reading(db):
    """What an organizer reads of a competition, generated times aside."""
    board = json.loads(report(db, "leaderboard", "--format", "json"))
    board.pop("generated_at", None)
    status = [line for line in report(db, "status").splitlines() if "now" not in line.lower()]
    return {"runs": json.loads(report(db, "export-runs")), "board": board,
            "competitors": json.loads(report(db, "list-competitors", "--format", "json")),
            "status": status}


def other_store(folder, name):
    """A new, empty database of the other kind than the tests' own."""
    if stores.kind == "sqlite":
        return stores.postgres().database(name)
    return os.path.join(folder, name + ".db")


async def play(port, token, runs, leave_one=False):
    client = await Client.connect(port, token)
    numbers = []
    for _ in range(runs):
        numbers.append((await client.start("sprint"))["run"])
        await client.play_dfs()
    if leave_one:
        numbers.append((await client.start("sprint"))["run"])
    await client.ws.close()
    return numbers


def main():
    folder = scratch.folder("ariadne-copy-")
    source = stores.fresh(folder, "copy_source")
    path = os.path.join(folder, "cup.json")
    with open(path, "w") as f:
        json.dump({"name": "copy-cup", "seeds": "per_competitor", "challenges": [
            {"id": "sprint", "maze": {"generator": "prim", "width": 8, "height": 8},
             "attempts": 10}]}, f)
    tokens = {n: report(source, "add-competitor", n).strip() for n in ("c1", "c2", "c3")}
    proc, port = start_server(SERVER, "--competition", path, "--db", source)
    try:
        asyncio.run(play(port, tokens["c1"], 3))
        asyncio.run(play(port, tokens["c2"], 2, leave_one=True))
    finally:
        stop_server(proc)
    report(source, "revoke", "c3")
    report(source, "announce", "we have moved")
    original = reading(source)
    check(len(original["runs"]) == 6, f"six runs played: {original['runs']}")

    target = other_store(folder, "copy_target")
    done = admin("copy", "--from", source, "--to", target)
    check(done.returncode == 0 and "copied 3 competitors, 1 challenges, 6 runs" in done.stdout,
          f"copy: {done.stdout}{done.stderr}")
    check("PASSWORD" not in done.stdout, "the output shows no password")
    check(reading(target) == original, "the copy reads as the original")
    check(report(target, "check").strip() == "ok", "the copy's integrity check")

    # Back into the first kind: the same again.
    back = stores.fresh(folder, "copy_back")
    done = admin("copy", "--from", target, "--to", back)
    check(done.returncode == 0, f"copy back: {done.stderr}")
    check(reading(back) == original, "the copy of the copy reads as the original")

    # A target that holds a competition, a missing source, the same database.
    done = admin("copy", "--from", source, "--to", target)
    check(done.returncode == 2 and "holds a competition already" in done.stderr,
          f"a full target: {done.returncode} {done.stderr}")
    check(reading(target) == original, "a refused copy changed nothing")
    done = admin("copy", "--from", os.path.join(folder, "missing.db"), "--to",
                 os.path.join(folder, "new.db"))
    check(done.returncode == 2 and "no database at" in done.stderr, f"missing: {done.stderr}")
    check(not os.path.exists(os.path.join(folder, "new.db")), "a failed copy makes no file")
    done = admin("copy", "--from", source, "--to", source)
    check(done.returncode == 2 and "the same database" in done.stderr, f"same: {done.stderr}")

    # A server on the copy: tokens work, the run left in play is given back,
    # and new runs are numbered after every run of the original.
    proc, port = start_server(SERVER, "--competition", path, "--db", target)
    try:
        numbers = asyncio.run(play(port, tokens["c1"], 1))
    finally:
        stop_server(proc)
    highest = max(r["run"] for r in original["runs"])
    check(numbers[0] > highest, f"a new run numbered {numbers[0]} after {highest}")
    runs = json.loads(report(target, "export-runs"))
    c1 = [r for r in runs if r["competitor"] == "c1"]
    check([r["attempt"] for r in c1] == [1, 2, 3, 4], f"c1's attempts go on: {c1}")
    c2 = [r["status"] for r in runs if r["competitor"] == "c2"]
    check(c2[-1] == "interrupted", f"the run left in play is given back: {c2}")
    print(f"copied {stores.kind} -> {'postgresql' if stores.kind == 'sqlite' else 'sqlite'} "
          f"-> {stores.kind}: {len(original['runs'])} runs")
    checks.finish()


if __name__ == "__main__":
    main()
