#!/usr/bin/python3
"""Several servers on one competition database, under load
(ARIADNE_TEST_STORE's kind). Three servers, --node a, b and c:
- rounds of the race for a competitor's only attempt: in each round 25
  competitors start the round's challenge on two of the servers at once (50
  concurrent starts), the pair changing round to round; in every round
  exactly one run of each competitor's attempt (tests/competition/nodes_support.py);
- the leaderboard and /api/competition the same from the three servers, and
  the board's marks and totals those the test computes from the results its
  clients received;
- SIGKILL of a while bots play ranked runs on a and b: every result a client
  received is in the database with its numbers, a's runs in play are given
  back once its heartbeat is old enough (at most 15 s), and b's runs go on
  untouched: each recorded as its client saw it, none given back.
Under the sanitizers the bounds on time stretch (tests/support/build_kind.py).

Usage: nodes_load_test.py BUILD_DIR
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
from ariadne_server import start_server, stop_server  # noqa: E402
from build_kind import slowdown  # noqa: E402
from checks import Checks  # noqa: E402
import scratch  # noqa: E402
from test_store import stores  # noqa: E402

from competition_client import Client, Refused  # noqa: E402
from nodes_support import race_round, same_within, wait_for_nodes  # noqa: E402
import websockets  # noqa: E402

BUILD = sys.argv[1] if len(sys.argv) > 1 else ""
SERVER = os.path.join(BUILD, "server/app/ariadne-server")
ADMIN = os.path.join(BUILD, "tools/ariadne-admin")
SLOW = slowdown(BUILD)
RACERS = 25
ROUNDS = 4
PLAYERS = 8  # per server, in the kill
checks = Checks()
check = checks.check


def admin(db, *args):
    done = subprocess.run([ADMIN, "--db", db, *args], capture_output=True, text=True, timeout=60)
    check(done.returncode == 0, f"ariadne-admin {' '.join(args)}: {done.stderr}")
    return done.stdout


def runs_of(db):
    return json.loads(admin(db, "export-runs"))


def mark_of(results):
    """A one-attempt challenge's mark from its result (docs/competition.md):
    the optimal path over the score, a treasure at the start marked 1."""
    if not results or results[0]["status"] != "found":
        return 0.0
    r = results[0]
    return (1 if r["optimal"] == 0 and r["score"] == 0 else r["optimal"]) / max(r["score"], r["optimal"], 1)


def board_matches(board, expected, others):
    """The board against the totals of the clients' results: exact when it
    shows the details, else as published (marks to 2 places, totals to none)."""
    rows = {r["competitor"]: r for r in board["rows"]}

    def shown(got, exact, places):
        if got is None:
            return False
        if any(cell["optimal"] is not None for r in board["rows"] for cell in r["challenges"].values()
               if cell["status"] is not None):
            return abs(got - exact) < 1e-9
        return abs(got - exact) <= 10.0 ** -places / 2 + 1e-9

    for name, (total, marks) in expected.items():
        row = rows.get(name)
        check(row is not None and shown(row["total"], total, 0) and row["found"] == len(marks),
              f"board row {name}: {row}, wanted the total {total} of {marks}")
        for challenge, mark in marks.items():
            if row is not None:
                check(shown(row["challenges"][challenge]["mark"], mark, 2),
                      f"{name} {challenge}: {row['challenges'][challenge]}, wanted {mark}")
    check(all(rows[name]["total"] == 0 for name in others if name in rows),
          "the competitors who did not race have nothing")
    ranked = sorted(board["rows"], key=lambda r: r["rank"])
    check(all(x["total"] >= y["total"] for x, y in zip(ranked, ranked[1:])), "ranked by total")


async def player(port, token, log, stop):
    """Plays ranked runs until told to stop (after a result) or its server
    dies: logs each run it started, {run, result} (result None while in play)."""
    try:
        client = await Client.connect(port, token)
        while not stop.is_set():
            reply = await client.start("many")
            entry = {"run": reply["run"], "result": None}
            log.append(entry)
            entry["result"] = await client.play_dfs()
        await client.ws.close()
    except (OSError, websockets.exceptions.ConnectionClosed, asyncio.TimeoutError, Refused):
        return


def numbers(result):
    return tuple(result[k] for k in ("status", "steps", "bumps", "score", "optimal"))


async def until(condition, seconds):
    """Waits on the players' own progress (not on a server), at most `seconds`."""
    deadline = time.monotonic() + seconds * SLOW
    while not condition() and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    return condition()


def runs_given_back(db, names, killed):
    """Reads the store until none of names' runs is in play (at most 30 s
    after the kill): those still in play, and when they were seen gone."""
    while True:
        stuck = [r for r in runs_of(db) if r["competitor"] in names and r["status"] == "in_play"]
        if not stuck or time.monotonic() - killed > 30 * SLOW:
            return stuck, time.monotonic() - killed
        time.sleep(0.25)


async def kill_under_load(db, servers, tokens):
    """Bots play on a and b; a is killed with SIGKILL in the middle."""
    (a, port_a), (b, port_b) = servers
    stop = asyncio.Event()
    logs = {name: [] for name in tokens}
    side = {name: (port_a if name.startswith("pa") else port_b) for name in tokens}
    plays = [asyncio.create_task(player(side[n], tokens[n], logs[n], stop)) for n in tokens]
    a_names = [n for n in tokens if side[n] == port_a]
    b_names = [n for n in tokens if side[n] == port_b]

    def ended(names, at_least):
        return all(sum(1 for e in logs[n] if e["result"]) >= at_least for n in names)

    check(await until(lambda: ended(tokens, 3), 60), "every bot plays three runs before the kill")
    # The kill lands while a run of a is in play: the bots play on this event
    # loop, so none moves between this look and the signal. (Under load a bot
    # spends most of its time waiting on a start; all eight could be waiting.)
    check(await until(lambda: any(logs[n] and logs[n][-1]["result"] is None for n in a_names), 30),
          "a run in play on a before the kill")
    a.send_signal(signal.SIGKILL)
    a.wait(timeout=10)
    killed = time.monotonic()
    # a's runs in play when it died: given back once it is known dead,
    # watched from the kill on, beside b's play.
    given_back = asyncio.create_task(asyncio.to_thread(runs_given_back, db, a_names, killed))
    before = {n: len(logs[n]) for n in b_names}
    check(await until(lambda: all(len(logs[n]) >= before[n] + 3 for n in b_names), 60),
          "b's bots play on after a's death")
    stop.set()
    await asyncio.gather(*plays)
    cut = {e["run"] for n in a_names for e in logs[n] if e["result"] is None}
    check(len(cut) >= 1, f"the kill cut runs in play on a: {len(cut)}")
    stuck, elapsed = await given_back
    check(not stuck and elapsed <= 16 * SLOW, f"a's runs given back {elapsed:.1f} s after the kill: {stuck}")
    runs = runs_of(db)
    by_run = {r["run"]: r for r in runs}
    # A cut run is given back, or its result was committed just before the
    # kill and never reached the client (bounded to one per competitor below).
    check(all(run in by_run and by_run[run]["status"] in ("interrupted", "found")
              for run in cut),
          f"the runs the kill cut, interrupted or committed: {[by_run.get(run) for run in cut]}")
    check(any(by_run[run]["status"] == "interrupted" for run in cut if run in by_run),
          "the kill gave back at least one cut run")
    for name in tokens:
        got = [e for e in logs[name] if e["result"]]
        check(all(e["run"] in by_run and numbers(by_run[e["run"]]) == numbers(e["result"]) for e in got),
              f"{name}: the {len(got)} results it received are in the store with their numbers")
        mine = sorted((r for r in runs if r["competitor"] == name), key=lambda r: r["run"])
        if name in b_names:
            check([r["run"] for r in mine] == [e["run"] for e in got]
                  and all(r["status"] == "found" for r in mine),
                  f"{name} on b: every run recorded as received, none given back: "
                  f"{[(r['run'], r['status']) for r in mine]}")
        else:
            # A result may be committed and never received (the kill came
            # between the commit and the reply): at most one.
            unseen = [r for r in mine if r["status"] != "interrupted"
                      and r["run"] not in {e["run"] for e in got}]
            check(len(unseen) <= 1, f"{name} on a: results never received: {unseen}")
    print(f"the kill: {sum(len(logs[n]) for n in a_names)} runs on a ({len(cut)} cut, "
          f"given back after {elapsed:.1f} s), {sum(len(logs[n]) for n in b_names)} on b")


async def scenario():
    folder = scratch.folder("ariadne-nodes-load-")
    db = stores.fresh(folder, "nodes-load")
    path = os.path.join(folder, "cup.json")
    rounds = [f"r{k}" for k in range(ROUNDS)]
    with open(path, "w") as f:
        json.dump({"name": "nodes-load-cup", "seeds": "per_competitor", "challenges": [
            *({"id": r, "maze": {"generator": "prim", "width": 8, "height": 8}, "attempts": 1}
              for r in rounds),
            {"id": "many", "maze": {"generator": "prim", "width": 8, "height": 8},
             "attempts": 100000}]}, f)
    racers = [f"c{i}" for i in range(RACERS)]
    players = [f"p{s}{i}" for s in "ab" for i in range(PLAYERS)]
    tokens = {n: admin(db, "add-competitor", n).strip() for n in racers + players}
    base = ["--competition", path, "--db", db]
    servers = [start_server(SERVER, *base, "--node", node) for node in "abc"]
    ports = [port for _, port in servers]
    try:
        check(wait_for_nodes(ports, 3), "the three servers see each other beat")
        received = {name: {} for name in racers}
        for k, challenge in enumerate(rounds):
            pair = [ports[k % 3], ports[(k + 1) % 3]]
            got = await race_round(pair, {n: tokens[n] for n in racers}, challenge,
                                   lambda: runs_of(db), check)
            for name, results in got.items():
                check(len(results) == 1 and results[0]["status"] == "found",
                      f"{challenge} {name}: one result received: {results}")
                received[name][challenge] = results
        runs = runs_of(db)
        check(len({r["run"] for r in runs}) == len(runs) == RACERS * ROUNDS
              + sum(1 for r in runs if r["status"] == "interrupted"),
              f"run numbers unique, one counted run per attempt: {len(runs)} runs")
        expected = {}
        for name, results in received.items():
            marks = {c: mark_of(results[c]) for c in rounds}
            expected[name] = (100 * sum(marks.values()) / (ROUNDS + 1), marks)
        took, seen = same_within(ports, 1.0, lambda board: board["ranked_runs"] >= RACERS * ROUNDS,
                                 check)
        check(took is not None, f"the three servers publish the same within 1 s: {took}")
        board_matches(seen[0] if took is not None else seen[0][0], expected, players)
        await kill_under_load(db, servers[:2], {n: tokens[n] for n in players})
    finally:
        for proc, _ in servers:
            if proc.poll() is None:
                stop_server(proc)
    print(f"three nodes on {stores.kind}: {ROUNDS} rounds of {2 * RACERS} starts, a kill under load")


def main():
    asyncio.run(scenario())
    checks.finish()


if __name__ == "__main__":
    main()
