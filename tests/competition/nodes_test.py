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
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "support"))
sys.path.insert(0, os.path.dirname(__file__))
from ariadne_server import http_get, start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402
from test_store import stores  # noqa: E402

from competition_client import Client, Refused  # noqa: E402
import websockets  # noqa: E402

BUILD = sys.argv[1] if len(sys.argv) > 1 else ""
SERVER = os.path.join(BUILD, "server/app/ariadne-server")
ADMIN = os.path.join(BUILD, "server/tools/ariadne-admin")
COMPETITORS = 25
checks = Checks()
check = checks.check


def admin(db, *args):
    done = subprocess.run([ADMIN, "--db", db, *args], capture_output=True, text=True, timeout=60)
    check(done.returncode == 0, f"ariadne-admin {' '.join(args)}: {done.stderr}")
    return done.stdout


def runs_of(db):
    return json.loads(admin(db, "export-runs"))


async def start_once(port, token):
    """One connection's start of the challenge: (client, its reply, port), or
    (None, the refusal, port); or (None, None, port) when the competitor's
    hello on the other server replaced this connection before its start
    was answered. A welcome that carries a state took over the run the other
    server started: (client, that state, port), its reply "handed"."""
    client = await Client.connect(port, token)
    if "state" in client.welcome:
        return client, dict(client.welcome["state"], handed=True), port
    try:
        reply = await client.start("once")
        return client, reply, port
    except Refused as error:
        await client.ws.close()
        return None, str(error), port
    except websockets.exceptions.ConnectionClosed:
        check(client.ws.close_code == 1008, f"replaced: {client.ws.close_code}")
        return None, None, port


async def play_anew(port, token):
    client = await Client.connect(port, token)
    await client.start("once")
    result = await client.play_dfs()
    check(result is not None and result["status"] == "found", f"played again: {result}")
    await client.ws.close()


async def play_out(client):
    """Plays the run to its end, unless the competitor's hello on the other
    server replaced this connection first (1008: its run is given back)."""
    try:
        await client.play_dfs()
        await client.ws.close()
    except (Refused, websockets.exceptions.ConnectionClosed):
        await client.ws.wait_closed()
        check(client.ws.close_code == 1008, f"replaced: {client.ws.close_code}")


async def race(ports, tokens):
    """Every competitor starts on every server at once."""
    tries = [start_once(port, token) for token in tokens for port in ports]
    return await asyncio.gather(*tries)


def metric(port, name):
    status, text = http_get(port, "/metrics")
    for line in text.splitlines() if status == 200 else []:
        if line.startswith(name + " "):
            return int(line.split()[1])
    return 0


def nodes_seen(port):
    return metric(port, "ariadne_store_nodes")


def wait_for_nodes(ports, count, seconds=10):
    """Until every server counts `count` servers on the store (its /metrics)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if all(nodes_seen(port) == count for port in ports):
            return True
        time.sleep(0.1)
    return False


def published(port):
    """What a server publishes of the competition, its times of writing aside."""
    status, board = http_get(port, "/api/leaderboard")
    check(status == 200, f"/api/leaderboard: {status}")
    board = json.loads(board)
    board.pop("generated_at", None)
    status, competition = http_get(port, "/api/competition")
    check(status == 200, f"/api/competition: {status}")
    return board, json.loads(competition)


def found_on_board(board):
    return sum(row["challenges"]["once"]["status"] == "found" for row in board["rows"])


def same_within(ports, seconds, found):
    """Polls until every server publishes the same, with `found` results on
    the board: the time it took, or None."""
    began = time.monotonic()
    while True:
        readings = [published(port) for port in ports]
        if all(r == readings[0] for r in readings) and found_on_board(readings[0][0]) == found:
            return time.monotonic() - began, readings[0]
        if time.monotonic() - began > seconds:
            return None, readings
        time.sleep(0.1)


async def hold(port, token, challenge):
    """A run started and left in play (the connection kept): client, run."""
    client = await Client.connect(port, token)
    reply = await client.start(challenge)
    return client, reply["run"]


async def scenario():
    folder = tempfile.mkdtemp(prefix="ariadne-nodes-")
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
        outcomes = await race([port_a, port_b], [tokens[n] for n in names])
        # Each competitor's two starts: one plays, the other is refused; but
        # the later hello replaces the earlier connection (as on one
        # server), so a start may also find its connection gone, its run
        # handed over to the later hello (which plays it on), or given back
        # (when claimed just as the competitor left) while the other start
        # plays the attempt again.
        played = [reply for client, reply, _ in outcomes if client is not None]
        refused = [reply for client, reply, _ in outcomes if client is None and reply]
        check(all("no_attempts_left" in r for r in refused),
              f"the others are refused no_attempts_left: {refused[:3]}")
        for handed in (False, True):
            numbers = [reply["run"] for reply in played if reply.get("handed", False) == handed]
            check(len(set(numbers)) == len(numbers), f"run numbers unique: {numbers}")
        print(f"race: {len(played)} played ({sum(1 for r in played if r.get('handed'))} "
              f"handed over), {len(refused)} refused")
        for client, _, _ in outcomes:
            if client is not None:
                await play_out(client)
        # A competitor whose every start was replaced or given back has its
        # attempt still: it plays it where its latest hello was. One whose
        # run went to a connection that had closed finds it waiting (parked
        # where it went): a hello on either server takes it over.
        replayed = resumed = 0
        for i, name in enumerate(names):
            held = [r for r in runs_of(db)
                    if r["challenge"] == "once" and r["competitor"] == name
                    and r["status"] != "interrupted"]
            check(len(held) <= 1, f"{name}: never two runs of its one attempt: {held}")
            if not held:
                replayed += 1
                await play_anew(outcomes[2 * i + 1][2], tokens[name])
            elif held[0]["status"] == "in_play":
                resumed += 1
                back = await Client.connect(port_b if i % 2 else port_a, tokens[name])
                state = back.welcome.get("state")
                check(state is not None and state["run"] == held[0]["run"],
                      f"{name}: its run in play taken over: {back.welcome}")
                result = await back.play_dfs() if state else None
                check(result is not None and result["status"] == "found", f"{name}: {result}")
                await back.ws.close()
        print(f"after the race: {replayed} played again, {resumed} taken over")
        once = [r for r in runs_of(db) if r["challenge"] == "once"]
        found = [r["competitor"] for r in once if r["status"] == "found"]
        check(sorted(found) == sorted(names),
              f"one found run each ({replayed} played again, {resumed} taken over): "
              f"{[(r['competitor'], r['status']) for r in once]}")
        took, seen = same_within([port_a, port_b], 1.0, COMPETITORS)
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
