#!/usr/bin/python3
"""Several servers on one competition database (ARIADNE_TEST_STORE's kind).
Two servers, --node a and --node b:
- 25 competitors each start their only attempt on both servers at once (50
  starts): exactly one start of each competitor plays (its run perhaps
  handed over to the later hello, or waiting there for a takeover), any
  other is refused no_attempts_left or replaced unanswered, and the store
  holds one run per competitor;
- the two servers number their runs apart (blocks claimed in the store);
- the leaderboard, /api/competition and export-runs read the same from both
  within a second of the results; a competitor who played on one server is
  shown its attempts on the other;
- a token revoked with ariadne-admin ends its connection on the other server
  within 2 s;
- a competitor's hello on one server closes its connection on the other
  (1008 replaced) within 2 s, and the run it had in play there follows it:
  the welcome carries that run's state (the same run, position and
  counters), played on to its end; hopping on through a third server and
  back keeps the same maze (no trading a maze for a new one);
- a server that starts again beside the other gives back only its own runs
  in play: the other's run goes on and its result is recorded;
- a server killed with SIGKILL: the living one gives its runs back once its
  heartbeat is old enough (after node_dead_after, 12 s; at most 15 s);
- a second server under a name that lives is refused.

Usage: nodes_test.py BUILD_DIR
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
from checks import Checks  # noqa: E402
import scratch  # noqa: E402
from test_store import stores  # noqa: E402

from competition_client import Client  # noqa: E402
from nodes_support import metric, race_round, same_within, wait_for_nodes  # noqa: E402

BUILD = sys.argv[1] if len(sys.argv) > 1 else ""
SERVER = os.path.join(BUILD, "server/app/ariadne-server")
ADMIN = os.path.join(BUILD, "tools/ariadne-admin")
COMPETITORS = 25
checks = Checks()
check = checks.check


def admin(db, *args):
    done = subprocess.run([ADMIN, "--db", db, *args], capture_output=True, text=True, timeout=60)
    check(done.returncode == 0, f"ariadne-admin {' '.join(args)}: {done.stderr}")
    return done.stdout


def runs_of(db):
    return json.loads(admin(db, "export-runs"))


def found_on_board(board):
    return sum(row["challenges"]["once"]["status"] == "found" for row in board["rows"])


async def hold(port, token, challenge):
    """A run started and left in play (the connection kept): client, run."""
    client = await Client.connect(port, token)
    reply = await client.start(challenge)
    return client, reply["run"]


async def scenario():
    folder = scratch.folder("ariadne-nodes-")
    db = stores.fresh(folder, "nodes")
    path = os.path.join(folder, "cup.json")
    with open(path, "w") as f:
        json.dump({"name": "nodes-cup", "seeds": "per_competitor", "challenges": [
            {"id": "once", "maze": {"generator": "prim", "width": 8, "height": 8},
             "attempts": 1},
            {"id": "long", "maze": {"generator": "prim", "width": 8, "height": 8},
             "attempts": 5},
            {"id": "roam", "maze": {"generator": "prim", "width": 32, "height": 32},
             "attempts": 1}]}, f)
    names = [f"c{i}" for i in range(COMPETITORS)]
    tokens = {n: admin(db, "add-competitor", n).strip() for n in names + ["keeper", "victim", "mover"]}
    base = ["--competition", path, "--db", db, "--resume-seconds", "60"]
    a, port_a = start_server(SERVER, *base, "--node", "a")
    b, port_b = start_server(SERVER, *base, "--node", "b")
    c = None
    try:
        check(wait_for_nodes([port_a, port_b], 2), "each server sees the other beat")
        # The race for the only attempt, across both servers.
        received = await race_round([port_a, port_b], {n: tokens[n] for n in names}, "once",
                                    lambda: runs_of(db), check)
        once = [r for r in runs_of(db) if r["challenge"] == "once"]
        found = [r["competitor"] for r in once if r["status"] == "found"]
        check(sorted(found) == sorted(names),
              f"one found run each: {[(r['competitor'], r['status']) for r in once]}")
        check(all(len(got) == 1 and got[0]["status"] == "found" for got in received.values()),
              f"one result received each: {received}")
        took, seen = same_within([port_a, port_b], 1.0, lambda board: found_on_board(board) == COMPETITORS,
                                 check)
        if took is None:
            for x, y in zip(seen[0], seen[1]):
                if x != y:
                    print(f"differs:\n{json.dumps(x)[:1500]}\n{json.dumps(y)[:1500]}")
        check(took is not None, "both servers publish every result, the same, within 1 s")
        # Each competitor, on the server it did not play on, has no attempt left.
        for name in names[:4]:
            for port in (port_a, port_b):
                other = await Client.connect(port, tokens[name])
                left = {c["id"]: c["attempts_left"] for c in await other.challenges()}
                check(left["once"] == 0, f"{name} on port {port}: attempts left {left}")
                await other.ws.close()

        # A token revoked: its connection on either server ends within 2 s.
        watched = [await Client.connect(port_b, tokens["victim"])]
        revoked = time.monotonic()
        admin(db, "revoke", "victim")
        for client in watched:
            try:
                await asyncio.wait_for(client.ws.wait_closed(), 4)
            except asyncio.TimeoutError:
                pass
            check(client.ws.closed and time.monotonic() - revoked <= 2.0,
                  f"the revoked token's connection closed after {time.monotonic() - revoked:.1f} s")
        tokens["victim"] = admin(db, "rotate-token", "victim").strip()

        # A hello on b while the competitor plays on a: a's connection closes
        # (1008 replaced) within 2 s, and its run follows the competitor to
        # b, moves and all; on to c, and back to a: always the same maze.
        mover = await Client.connect(port_a, tokens["mover"])
        first = await mover.start("roam")
        moved_by = hops = 0
        handed_before = {way: sum(metric(port, f"ariadne_runs_handed_{way}_total")
                                  for port in (port_a, port_b)) for way in ("out", "in")}
        # A third server joins for the hops: a -> b -> c -> a.
        c, port_c = start_server(SERVER, *base, "--node", "c")
        check(wait_for_nodes([port_a, port_b, port_c], 3), "the three servers see each other beat")
        for hop, port in enumerate([port_b, port_c, port_a]):
            # Bumps into a wall first (never the treasure), then a few moves on.
            closed = [d for d in "NESW" if d not in mover.state["open"]]
            if closed:
                await mover.move(closed[0])
            ended = await mover.play_dfs(max_moves=3)
            moved_by += 4 if closed else 3
            if ended is not None:
                print(f"hop {hop}: the treasure was found first; no more hops")
                break
            before = dict(mover.state)
            hopped = time.monotonic()
            mover_next = await Client.connect(port, tokens["mover"])
            welcomed = time.monotonic() - hopped
            try:
                await asyncio.wait_for(mover.ws.wait_closed(), 5)
            except asyncio.TimeoutError:
                pass
            took = time.monotonic() - hopped
            check(mover.ws.closed and mover.ws.close_code == 1008 and took <= 2.0,
                  f"hop {hop}: the old connection replaced: {mover.ws.close_code} after {took:.1f} s")
            state = mover_next.welcome.get("state")
            check(state is not None and welcomed <= 3.0,
                  f"hop {hop}: the run taken over within 3 s ({welcomed:.1f} s): {mover_next.welcome}")
            if state is None:
                break
            check(state["run"] == first["run"] and state["set"] == first["set"],
                  f"hop {hop}: the same run: {first} then {state}")
            same = {k: (before.get(k), state.get(k)) for k in ("position", "steps", "bumps", "open")}
            check(all(x == y for x, y in same.values()) and state["steps"] + state["bumps"] == moved_by,
                  f"hop {hop}: where it stood, after {moved_by} moves: {same}")
            mover = mover_next
            hops += 1
        result = mover.state.get("result") or await mover.play_dfs()
        check(result is not None and result["status"] == "found", f"played on b: {result}")
        await mover.ws.close()
        by_run = {r["run"]: r for r in runs_of(db)}
        ended = by_run[first["run"]]
        check(ended["status"] == "found" and ended["steps"] == result["steps"]
              and ended["attempt"] == first["set"]["attempt"],
              f"the run's result recorded once, as played: {ended} / {result}")
        mover_runs = [r for r in runs_of(db) if r["competitor"] == "mover"]
        check(len(mover_runs) == 1, f"no other maze dealt to the mover: {mover_runs}")
        for way in ("out", "in"):
            counted = sum(metric(port, f"ariadne_runs_handed_{way}_total")
                          for port in (port_a, port_b, port_c)) - handed_before[way]
            check(counted == hops, f"/metrics counts the {hops} runs handed {way}: {counted}")
        stop_server(c)

        # A restart of a beside b: b's run goes on, a's is given back.
        keeper, keeper_run = await hold(port_b, tokens["keeper"], "long")
        victim, victim_run = await hold(port_a, tokens["victim"], "long")
        # a claimed the first block of run numbers, b (started after it) the next.
        check(victim_run < 1_000_000 < keeper_run,
              f"the servers number apart: a's {victim_run}, b's {keeper_run}")
        # Killed: its run stays in play in the store until it starts again
        # (within 3 s: it makes sure first that the old a beats no more).
        a.send_signal(signal.SIGKILL)
        a.wait(timeout=10)
        a, port_a = start_server(SERVER, *base, "--node", "a")
        result = await keeper.play_dfs()
        await keeper.ws.close()
        try:
            await victim.ws.close()
        except Exception:  # noqa: BLE001 - the server went away under it
            pass
        check(result is not None and result["status"] == "found",
              f"b's run plays on through a's restart: {result}")
        by_run = {r["run"]: r for r in runs_of(db)}
        check(by_run[keeper_run]["status"] == "found", f"b's result recorded: {by_run[keeper_run]}")
        check(by_run[victim_run]["status"] == "interrupted",
              f"a's own run given back at its restart: {by_run[victim_run]}")

        # A second server named b while b lives: refused.
        twin = subprocess.run([SERVER, "--port", "0", "--bind", "127.0.0.1", *base, "--node", "b"],
                              capture_output=True, text=True, timeout=60)
        check(twin.returncode != 0 and "is running on" in twin.stderr,
              f"a living name is refused: {twin.returncode} {twin.stderr[-300:]}")

        # b dies with a run in play: a gives it back once b is known dead.
        held, orphan = await hold(port_b, tokens["keeper"], "long")
        b.send_signal(signal.SIGKILL)
        b.wait(timeout=10)
        killed = time.monotonic()
        status = None
        while time.monotonic() - killed < 30:
            status = {r["run"]: r for r in runs_of(db)}[orphan]["status"]
            if status != "in_play":
                break
            time.sleep(0.5)
        elapsed = time.monotonic() - killed
        check(status == "interrupted", f"the dead server's run given back: {status}")
        check(10 <= elapsed <= 16, f"given back {elapsed:.1f} s after the kill (12 s, at most 15)")
    finally:
        stop_server(a)
        if b.poll() is None:
            stop_server(b)
        if c is not None and c.poll() is None:
            stop_server(c)
    print(f"two nodes on {stores.kind}: {COMPETITORS} races, a restart, a death")


def main():
    asyncio.run(scenario())
    checks.finish()


if __name__ == "__main__":
    main()
