#!/usr/bin/env python3
"""The memory budget against a real server: an address's runs claim their move
logs' worst case until its share is spent (server_busy, with a sentence),
another address keeps its own share until the total is spent, spectators and
answers are refused the same way, the claims show on /metrics and all come
back when the runs end; the server's memory, read from /proc, grows with
the logs the runs really fill and stays within what was claimed.

Usage: memory_budget_scenario.py ARIADNE_SERVER [--sanitized]
(--sanitized: the server runs under AddressSanitizer, whose shadow memory and
quarantine make its RSS no measure of what it holds: that part is skipped)
"""
import asyncio
import http.client
import json
import os
import socket
import sys
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from ariadne_server import start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402

try:
    import websockets
except ImportError:
    print("SKIP: python3-websockets is not installed (scripts/test.sh installs it)")
    sys.exit(77)

MIB = 1 << 20
checks = Checks()
check = checks.check


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def held(port):
    text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10).read().decode()
    out = {}
    for line in text.splitlines():
        if line.startswith("ariadne_memory_held_bytes{"):
            use = line.split('"')[1]
            out[use] = int(line.split()[-1])
    return out


async def connect(port, source, path="/ws"):
    """A WebSocket from the address `source` (a 127.x address)."""
    sock = socket.socket()
    sock.bind((source, 0))
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    return await websockets.connect(f"ws://127.0.0.1:{port}{path}", sock=sock)


async def ask(ws, message):
    await ws.send(json.dumps(message))
    return json.loads(await asyncio.wait_for(ws.recv(), 30))


async def start_runs(port, source, count):
    """Opens connections from source, each starting a run whose log may take
    a full MiB, until one is refused or count are in play."""
    players, refusal = [], None
    for _ in range(count):
        ws = await connect(port, source)
        await ask(ws, {"type": "hello", "name": "memory"})
        reply = await ask(ws, {"type": "start", "max_steps": 1_000_000_000,
                               "maze": {"generator": "prim", "width": 8, "height": 8}})
        if reply["type"] == "error":
            refusal = reply
            await ws.close()
            break
        players.append((ws, reply))
    return players, refusal


async def fill_log(ws, first, moves):
    """Walks back and forth through the start cell's first open side: a path
    of steps with no bump, until the run has made `moves` moves (False when
    the treasure was next door and ended the run)."""
    side = first["open"][0]
    back = {"N": "S", "S": "N", "E": "W", "W": "E"}[side]
    done = 0
    while done < moves:
        reply = await ask(ws, {"type": "path", "dirs": (side + back) * 2048})
        if "result" in reply:
            return False
        done = reply["steps"] + reply["bumps"]
    return True


def get(port, target, source="127.0.0.1", headers=False):
    """(status, body), with headers: (status, body, the reply's headers)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30,
                                            source_address=(source, 0))
    connection.request("GET", target)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return (response.status, body, response.headers) if headers else (response.status, body)


async def cached_replays_are_charged(port):
    """A replay already built costs its address what building it did: fetched
    again and again, it runs into the address's share of set-up work."""
    players, _ = await start_runs(port, "127.0.0.1", 1)
    ws, first = players[0]
    while not await fill_log(ws, first, 900_000):  # the treasure was next door: again
        await ws.close()
        players, _ = await start_runs(port, "127.0.0.1", 1)
        ws, first = players[0]
    await ask(ws, {"type": "abandon"})
    await ws.close()
    # Each fetch costs its address 4 units a move (3.6 million); the share
    # earns 20 million a second: fetched back to back, 429 comes.
    statuses = []
    while len(statuses) < 300 and 429 not in statuses:
        status, _, headers = get(port, f"/api/replays/{first['run']}", headers=True)
        statuses.append(status)
    check(statuses[0] == 200 and statuses[1] == 200, f"the replay is served: {statuses[:3]}")
    check(429 in statuses, f"fetched again and again, it runs into the share: {statuses}")
    # The refusal says when to come back (what curl --retry waits), and then
    # the replay is served.
    wait = headers.get("Retry-After", "")
    check(wait.isdigit() and 1 <= int(wait) <= 5, f"429's Retry-After: {wait!r}")
    if wait.isdigit():
        time.sleep(int(wait))  # the share refills with time: this is the time it said
        check(get(port, f"/api/replays/{first['run']}")[0] == 200,
              f"after Retry-After's {wait} s the replay is served")
    check(get(port, f"/api/replays/{first['run']}", "127.0.0.2")[0] == 200,
          "another address is still served")


async def scenario(port, pid, measure):
    share = 64 * MIB
    a_players, a_refusal = await start_runs(port, "127.0.0.1", 200)
    check(a_refusal is not None and a_refusal["code"] == "server_busy",
          f"an address's runs stop at its memory share: {a_refusal}")
    check(a_refusal is not None and "memory" in a_refusal["message"],
          "the refusal says it is memory")
    # What a run of a million kept moves claims (server/live/move_log.hpp's bytes_for).
    claim = 1_000_000 + (1_000_000 // 65536 + 16) * 64
    checks.check_eq(len(a_players), share // claim, "runs that fit in an address's 64 MiB")
    memory = held(port)
    check(share - 2 * MIB < memory.get("move_logs", 0) <= share,
          f"/metrics shows the move logs' claims: {memory}")

    b_players, b_refusal = await start_runs(port, "127.0.0.2", 200)
    check(b_refusal is not None and b_refusal["code"] == "server_busy",
          "another address has its own share, up to the total")
    checks.check_eq(len(b_players), 96 * MIB // claim - len(a_players),
                    "runs the total (96 MiB) leaves the second address")

    # A spectator needs memory too: refused to a spent address.
    try:
        async with await connect(port, "127.0.0.1", f"/spectate/{a_players[0][1]['run']}"):
            checks.fail("a spectator from a spent address was let in")
    except websockets.exceptions.InvalidStatusCode as e:
        check(e.status_code == 503, f"a spectator past the memory share gets 503: {e.status_code}")

    # Twenty runs really fill their logs: the server's memory grows with them
    # and stays within what they claimed.
    if measure:
        await fill_and_measure(pid, a_players)
    for ws, _ in a_players + b_players:
        await ws.close()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and held(port).get("move_logs", 0) != 0:
        await asyncio.sleep(0.05)
    check(held(port).get("move_logs", 1) == 0, "every claim comes back when the runs end")
    kept_within_cap(port, "after the runs")
    again, refusal = await start_runs(port, "127.0.0.1", 3)
    check(len(again) == 3 and refusal is None, "and the address may start runs again")
    for ws, _ in again:
        await ws.close()
    await cached_replays_are_charged(port)
    kept_within_cap(port, "with a replay kept")


def kept_within_cap(port, when):
    """The finished runs kept are counted, within an eighth of the total (12 MiB)."""
    kept = held(port).get("kept_runs", 0)
    check(0 < kept <= 12 * MIB, f"{when}: the finished runs kept hold {kept} bytes, counted")


async def fill_and_measure(pid, a_players):
    before = rss_kib(pid)
    filled = 0
    for ws, first in a_players[:30]:
        if filled < 20 and await fill_log(ws, first, 1_000_000):
            filled += 1
    grown = (rss_kib(pid) - before) / 1024
    check(filled == 20, f"twenty runs made a million moves each: {filled}")
    check(0.8 * filled <= grown <= filled * 1.05 + 16,
          f"the server grew by the logs it kept ({grown:.1f} MiB for {filled} MiB of moves),"
          " within the claims")


def main():
    proc, port = start_server(sys.argv[1], "--max-memory-mib", "96",
                              "--max-memory-per-ip-mib", "64", "--rate-limit", "0")
    try:
        asyncio.run(scenario(port, proc.pid, "--sanitized" not in sys.argv[2:]))
    finally:
        checks.check_eq(stop_server(proc), 0, "the server stops cleanly")
    checks.finish("the memory budget holds per address and in total")


if __name__ == "__main__":
    main()
