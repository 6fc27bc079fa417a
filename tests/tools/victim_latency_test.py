#!/usr/bin/python3
"""A well-behaved client's latency while other addresses attack the server
(issue 20's findings 2, 5, 6 and 8), each attack against a quiet measure
taken in the same test, just before it, so that the machine's noise cancels:

- wrong tokens: four addresses flood hellos with wrong tokens; a competitor's
  login (its token looked up in the store) and a player's moves;
- the baseline: four addresses ask /api/baseline for its costliest maze over
  and over; a player's starts that go to the job pool;
- /api/runs polled by eight clients of one address, 200 runs listed; a
  player's moves;
- costly starts from one address, a fresh connection for each (its share of
  set-up work outlives its connections): no more set up than from one kept
  connection, and a player's starts;
- spectators of a run of a million moves, opened and closed again by four
  addresses (each makes the server play the run again: a catch-up on the
  job pool); a player's starts.

The attackers run in their own processes, from 127.0.0.2 to 127.0.0.5 (the
server counts budgets by address). Each victim figure is a mean (a rare
long wait behind another's job shows there, not in a median); it may grow
at most RATIO-fold, or by FLOOR_MS where the quiet figure is a fraction of a
millisecond and the attackers' own CPU on two cores is the rest. A player's
small start must not wait for another's set-up at all: before the pool's
quick worker, one waited 0.34 s behind a costly start (4x on average).

Usage: victim_latency_test.py BUILD_DIR
"""
import asyncio
import json
import multiprocessing
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "support"))
from ariadne_server import start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402

try:
    import websockets
except ImportError:
    print("SKIP: python3-websockets is not installed")
    sys.exit(77)

BUILD = sys.argv[1] if len(sys.argv) > 1 else ""
SERVER = os.path.join(BUILD, "server/app/ariadne-server")
ADMIN = os.path.join(BUILD, "tools/ariadne-admin")
BOT = os.path.join(BUILD, "clients/runner/ariadne-bot")
ATTACKERS = ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"]
WINDOW = 4.0  # seconds each victim figure is measured, quiet and attacked
RATIO = 3.0
FLOOR_MS = 3.0
SLOWEST_MS = 25.0
BASELINE = "/api/baseline?generator=wilson&width=64&height=64&loops=0&seed="
COSTLY_START = {"generator": "wilson", "width": 1024, "height": 1024}
VICTIM_START = {"generator": "recursive_backtracker", "width": 128, "height": 128}
checks = Checks()
check = checks.check


def ms(seconds):
    return seconds * 1000.0


# ---- the attackers (each in its own process) --------------------------------

async def http_loop(port, address, path_of, until, counts):
    """GET requests on one kept-alive connection (a fresh one when the server
    closes it), counting answers by status."""
    reader = writer = None
    n = 0
    while time.monotonic() < until:
        try:
            if writer is None:
                reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                               local_addr=(address, 0))
            n += 1
            writer.write(f"GET {path_of(n)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
            head = await reader.readuntil(b"\r\n\r\n")
            lines = head.decode().split("\r\n")
            status = lines[0].split(" ")[1]
            length = next((int(h.split(":", 1)[1]) for h in lines[1:]
                           if h.lower().startswith("content-length:")), 0)
            await reader.readexactly(length)
            counts[status] = counts.get(status, 0) + 1
            if status != "200":
                # Refused at once: a short pause keeps the work asked for
                # at the pool's door, not a flood of bytes on the I/O thread.
                await asyncio.sleep(0.01)
            if any(h.lower() == "connection: close" for h in lines[1:]):
                writer.close()
                writer = None
        except (OSError, asyncio.IncompleteReadError):
            counts["lost"] = counts.get("lost", 0) + 1
            writer = None
    if writer is not None:
        writer.close()


def ws(port, address):
    """A WebSocket connection from `address` (await it, or use it with async with)."""
    return websockets.connect(f"ws://127.0.0.1:{port}/ws", local_addr=(address, 0),
                                    max_size=None, open_timeout=10)


async def wrong_tokens_loop(port, address, until, counts):
    """Hellos with wrong tokens until the server closes the connection, then
    another connection."""
    while time.monotonic() < until:
        try:
            async with ws(port, address) as c:
                while time.monotonic() < until:
                    await c.send(json.dumps({"type": "hello", "name": "guess",
                                             "token": secrets.token_hex(24)}))
                    reply = json.loads(await c.recv())
                    key = reply.get("code", reply["type"])
                    counts[key] = counts.get(key, 0) + 1
        except (OSError, websockets.ConnectionClosed):
            counts["closed"] = counts.get("closed", 0) + 1


async def starts_loop(port, address, until, counts, fresh):
    """Costly starts, each abandoned once set up: on one kept connection, or
    on a fresh connection each (the share must outlive the connection)."""
    c = None
    while time.monotonic() < until:
        try:
            if c is None:
                c = await ws(port, address)
                await c.send(json.dumps({"type": "hello", "name": "starter"}))
                await c.recv()
            await c.send(json.dumps({"type": "start", "maze": COSTLY_START}))
            reply = json.loads(await c.recv())
            if reply["type"] == "state":
                counts["set_up"] = counts.get("set_up", 0) + 1
                await c.send(json.dumps({"type": "abandon"}))
                await c.recv()
            else:
                counts[reply["code"]] = counts.get(reply["code"], 0) + 1
                # A refused start is answered at once: a short pause keeps
                # this loop from being a plain flood of bytes.
                await asyncio.sleep(0.01)
            if fresh:
                await c.close()
                c = None
        except (OSError, websockets.ConnectionClosed):
            counts["closed"] = counts.get("closed", 0) + 1
            c = None
    if c is not None:
        await c.close()


async def catch_up_loop(port, address, run, until, counts):
    """Spectators of `run`, each closed after its first message (the view
    the server played again for it), or refused."""
    while time.monotonic() < until:
        try:
            async with websockets.connect(f"ws://127.0.0.1:{port}/spectate/{run}",
                                          local_addr=(address, 0), max_size=None,
                                          open_timeout=10) as c:
                first = json.loads(await c.recv())
                counts[first["type"]] = counts.get(first["type"], 0) + 1
        except websockets.ConnectionClosed as e:
            counts[str(e.rcvd.code if e.rcvd else "closed")] = counts.get(
                str(e.rcvd.code if e.rcvd else "closed"), 0) + 1
            await asyncio.sleep(0.01)
        except (OSError, websockets.InvalidStatusCode) as e:
            counts[type(e).__name__] = counts.get(type(e).__name__, 0) + 1
            await asyncio.sleep(0.01)


def attack(kind, port, seconds, engaged, results, run=None):
    async def main():
        until = time.monotonic() + seconds
        counts = {}
        if kind == "wrong_tokens":
            loops = [wrong_tokens_loop(port, a, until, counts) for a in ATTACKERS for _ in range(8)]
        elif kind == "baseline":
            loops = [http_loop(port, a, lambda n: BASELINE + str(n), until, counts)
                     for a in ATTACKERS for _ in range(4)]
        elif kind == "runs":
            loops = [http_loop(port, ATTACKERS[0], lambda n: "/api/runs", until, counts)
                     for _ in range(8)]
        elif kind == "catch_up":
            loops = [catch_up_loop(port, a, run, until, counts) for a in ATTACKERS for _ in range(4)]
        else:  # "fresh_starts" or "kept_starts"
            loops = [starts_loop(port, ATTACKERS[0], until, counts, kind == "fresh_starts")
                     for _ in range(2)]
        engaged.set()
        try:
            await asyncio.gather(*loops)
        except Exception as e:  # reported to the test, which fails on it
            counts["error"] = repr(e)
        results.put(counts)

    asyncio.run(main())


class Attack:
    """An attacker process for `seconds`, engaged before the victim measures."""

    def __init__(self, kind, port, seconds, run=None):
        ctx = multiprocessing.get_context("fork")
        self.engaged, self.results = ctx.Event(), ctx.Queue()
        self.proc = ctx.Process(target=attack, args=(kind, port, seconds, self.engaged,
                                                     self.results, run))

    def __enter__(self):
        self.proc.start()
        check(self.engaged.wait(10), "the attacker started")
        return self

    def __exit__(self, *exc):
        self.proc.join(60)
        if self.proc.is_alive():
            self.proc.kill()

    def counts(self):
        """The attackers' answers by kind, once its time is up (read before the
        process is joined, as a multiprocessing queue wants)."""
        return self.results.get(timeout=60)


# ---- the victim (this process, 127.0.0.1) ------------------------------------

async def hello(c):
    await c.send(json.dumps({"type": "hello", "name": "player"}))
    reply = json.loads(await c.recv())
    check(reply["type"] == "welcome", f"the player's hello: {reply}")


async def moves(port, seconds):
    """Move round trips of one player, one move in flight, for `seconds`."""
    times = []
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws", max_size=None) as c:
        await hello(c)
        await c.send(json.dumps({"type": "start", "maze": {
            "generator": "recursive_backtracker", "width": 256, "height": 256, "seed": 1}}))
        check(json.loads(await c.recv())["type"] == "state", "the victim's run started")
        until = time.monotonic() + seconds
        n = 0
        while time.monotonic() < until:
            n += 1
            began = time.perf_counter()
            await c.send(json.dumps({"type": "move", "dir": "N" if n % 2 else "S"}))
            reply = json.loads(await c.recv())
            times.append(time.perf_counter() - began)
            if reply["type"] != "state" or "result" in reply:
                check(False, f"the victim's move: {reply}")
                break
    return times


async def starts(port, seconds):
    """Round trips of starts set up on the job pool (each abandoned)."""
    times, refused = [], []
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws", max_size=None) as c:
        await hello(c)
        until = time.monotonic() + seconds
        n = 0
        while time.monotonic() < until:
            n += 1
            began = time.perf_counter()
            await c.send(json.dumps({"type": "start", "maze": {**VICTIM_START, "seed": n}}))
            reply = json.loads(await c.recv())
            times.append(time.perf_counter() - began)
            if reply["type"] != "state":
                refused.append(reply.get("code"))
                continue
            await c.send(json.dumps({"type": "abandon"}))
            await c.recv()
            await asyncio.sleep(0.05)
    check(not refused, f"the victim's starts all set up: {refused[:5]}")
    return times


async def logins(port, token, seconds):
    """A competitor's logins: connect, hello with its token, welcome."""
    times = []
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        began = time.perf_counter()
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws?c=victim") as c:
            await c.send(json.dumps({"type": "hello", "name": "victim", "token": token}))
            reply = json.loads(await c.recv())
            times.append(time.perf_counter() - began)
            if reply["type"] != "welcome" or reply.get("competitor") != "victim":
                check(False, f"the victim's login: {reply}")
                break
        await asyncio.sleep(0.02)
    return times


def figure(times):
    """Median, p90, mean and max in ms."""
    ordered = sorted(times)
    return (ms(statistics.median(ordered)), ms(ordered[int(len(ordered) * 0.9)]),
            ms(statistics.fmean(ordered)), ms(ordered[-1]))


def compare(what, quiet, attacked, waits_for_none=False):
    """The attacked mean against the quiet one: the mean is what the player
    loses, the rare long wait behind another's job included. waits_for_none:
    also the slowest under attack, which must not have waited for another's
    set-up (a costly one takes a third of a second or more)."""
    (q, q90, qm, qx), (a, a90, am, ax) = figure(quiet), figure(attacked)
    print(f"{what}: quiet median {q:.2f} ms (p90 {q90:.2f}, mean {qm:.2f}, max {qx:.2f}, "
          f"{len(quiet)} samples), attacked {a:.2f} ms (p90 {a90:.2f}, mean {am:.2f}, "
          f"max {ax:.2f}, {len(attacked)} samples): mean {am / qm:.1f}x")
    check(am <= max(RATIO * qm, qm + FLOOR_MS),
          f"{what}: the mean under attack {am:.2f} ms is within {RATIO:g}x the quiet "
          f"{qm:.2f} ms (or {FLOOR_MS:g} ms more)")
    if waits_for_none:
        check(ax <= q90 + SLOWEST_MS, f"{what}: the slowest under attack {ax:.2f} ms is within "
              f"{SLOWEST_MS:g} ms of the quiet p90 {q90:.2f} ms")


def under_attack(kind, port, victim, run=None):
    """The victim measured quiet, then under the attack: (quiet, attacked, counts)."""
    quiet = asyncio.run(victim())
    with Attack(kind, port, WINDOW + 1.0, run) as a:
        attacked = asyncio.run(victim())
        counts = a.counts()
    print(f"{kind}: the attackers' answers {counts}")
    check("error" not in counts, f"{kind}: the attackers ran: {counts.get('error')}")
    return quiet, attacked, counts


async def long_run(port, moves):
    """A finished run of `moves` moves (back and forth through a side of its
    start cell), kept by the server for replays and spectators: its number."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws", max_size=None) as c:
        await hello(c)
        for seed in range(1, 20):
            await c.send(json.dumps({"type": "start", "max_steps": 2 * moves, "maze": {
                "generator": "recursive_backtracker", "width": 256, "height": 256, "seed": seed}}))
            state = json.loads(await c.recv())
            side = state["open"][0]
            back = {"N": "S", "S": "N", "E": "W", "W": "E"}[side]
            done, ended = 0, False
            while done < moves and not ended:
                dirs = ((side + back) * 2048)[:moves - done]  # exactly `moves`: the log not full
                await c.send(json.dumps({"type": "path", "dirs": dirs}))
                reply = json.loads(await c.recv())
                ended = "result" in reply
                done = reply["steps"] + reply["bumps"]
            if not ended:
                await c.send(json.dumps({"type": "abandon"}))
                await c.recv()
                return state["run"]
    check(False, "a run of a million moves was played")
    return None


def competition_files(folder):
    path = os.path.join(folder, "cup.json")
    with open(path, "w") as f:
        json.dump({"name": "victim-cup", "practice": True, "seeds": "shared", "challenges": [
            {"id": "one", "maze": {"generator": "hunt_and_kill", "width": 16, "height": 16}}]}, f)
    db = os.path.join(folder, "cup.db")
    token = subprocess.run([ADMIN, "--db", db, "add-competitor", "victim"], capture_output=True,
                           text=True, timeout=30, check=True).stdout.strip()
    return path, db, token


def main():
    with tempfile.TemporaryDirectory() as folder:
        cup, db, token = competition_files(folder)
        proc, port = start_server(SERVER, "--competition", cup, "--db", db)
        try:
            quiet, attacked, counts = under_attack(
                "wrong_tokens", port, lambda: logins(port, token, WINDOW))
            compare("a competitor's login during a wrong-token flood", quiet, attacked)
            check(counts.get("rate_limited", 0) > counts.get("unauthorized", 0),
                  f"most wrong tokens are refused before their lookup: {counts}")
            quiet, attacked, _ = under_attack("wrong_tokens", port, lambda: moves(port, WINDOW))
            compare("a player's moves during a wrong-token flood", quiet, attacked)

            quiet, attacked, counts = under_attack("baseline", port, lambda: starts(port, WINDOW))
            compare("a player's starts during a baseline flood", quiet, attacked,
                    waits_for_none=True)
            check(counts.get("200", 0) >= 1 and counts.get("429", 0) > counts.get("200", 0),
                  f"the baseline flood is mostly refused, past its share: {counts}")

            # 300 runs played: the 200 kept (--keep-replays) listed.
            done = subprocess.run([BOT, "--url", f"ws://127.0.0.1:{port}/ws", "--bot", "dfs",
                                   "--seeds", "1-300", "-j", "4", "--quiet"],
                                  capture_output=True, text=True, timeout=120)
            check(done.returncode == 0, f"300 runs played: {done.stderr[-300:]}")
            quiet, attacked, counts = under_attack("runs", port, lambda: moves(port, WINDOW))
            compare("a player's moves while /api/runs is polled", quiet, attacked)
            check(counts.get("200", 0) > 100, f"the pollers were answered: {counts}")

            _, _, kept = under_attack("kept_starts", port, lambda: starts(port, WINDOW))
            quiet, attacked, fresh = under_attack("fresh_starts", port,
                                                  lambda: starts(port, WINDOW))
            compare("a player's starts during costly starts on fresh connections",
                    quiet, attacked, waits_for_none=True)
            check(fresh.get("set_up", 0) <= kept.get("set_up", 0) + 2,
                  f"costly starts set up: {fresh.get('set_up', 0)} on fresh connections, "
                  f"{kept.get('set_up', 0)} on kept ones")

            run = asyncio.run(long_run(port, 1_000_000))
            quiet, attacked, counts = under_attack("catch_up", port, lambda: starts(port, WINDOW),
                                                   run)
            compare("a player's starts while spectators catch up on a million moves",
                    quiet, attacked, waits_for_none=True)
            check(counts.get("snapshot", 0) >= 4 and counts.get("1013", 0) > 0,
                  f"the spectators were served up to their addresses' shares: {counts}")
        finally:
            code = stop_server(proc)
            check(code == 0, f"the server stopped cleanly: {code}")
    checks.finish("a player's latency holds under the attacks")


if __name__ == "__main__":
    main()
