"""The spectator stream (/spectate/{run}) on the wire, against the real server:
refusals before the upgrade, limits, a spectator that speaks is closed, one
that does not read is dropped while the player plays on at full speed, and
secrecy: before the end only cells the drone stood on appear; for a ranked run
nothing of its maze, treasure or seed appears until the competition closes.
Usage: spectator_test.py BUILD_DIR"""
import asyncio
import datetime
import json
import os
import socket
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "support"))
sys.path.insert(0, os.path.join(here, "..", "..", "clients", "python"))
from ariadne_server import http_get, start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402
from ariadne_client import Drone, explore  # noqa: E402
import jsonschema  # noqa: E402
import websockets  # noqa: E402

with open(os.path.join(here, "..", "..", "protocol", "protocol.schema.json")) as f:
    SCHEMA = json.load(f)

build = sys.argv[1]
SERVER = os.path.join(build, "server/app/ariadne-server")
ADMIN = os.path.join(build, "tools/ariadne-admin")
checks = Checks(verbose=True)
check = checks.check


def conforms(document, definition):
    """True when document is a $defs/definition of protocol.schema.json."""
    schema = {k: v for k, v in SCHEMA.items() if k != "oneOf"}
    schema["$ref"] = f"#/$defs/{definition}"
    try:
        jsonschema.validate(document, schema)
        return True
    except jsonschema.ValidationError as e:
        print(f"  {definition}: {e.message}")
        return False


get = http_get  # (status, text)


async def refused_status(url):
    try:
        async with websockets.connect(url):
            return 101
    except websockets.exceptions.InvalidStatusCode as e:
        return e.status_code


def visited_cells(snapshot, trails):
    """Every cell the drone stood on, from the start and the trails."""
    x, y = snapshot["start"]["x"], snapshot["start"]["y"]
    cells = {(x, y)}
    for trail in trails:
        for letter in trail:
            if letter.isupper():
                dx, dy = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}[letter]
                x, y = x + dx, y + dy
                cells.add((x, y))
    return cells


async def practice(port):
    url = f"ws://127.0.0.1:{port}"
    check(await refused_status(f"{url}/spectate/999") == 404, "an unknown run: 404 before the upgrade")
    check(await refused_status(f"{url}/spectate/x") == 404, "a run that is not a number: 404")
    drone = await Drone.connect(f"{url}/ws", "watched")
    first = await drone.request({"type": "start", "maze": {
        "generator": "prim", "width": 30, "height": 30, "seed": 9}})
    run = first["run"]
    check(await refused_status(f"{url}/spectate/{run}?from=x") == 400, "a bad from: 400")
    check(await refused_status(f"{url}/spectate/{run}?from=99999") == 400, "a from ahead of the run: 400")

    watcher = await websockets.connect(f"{url}/spectate/{run}")
    snapshot = json.loads(await watcher.recv())
    check(snapshot["type"] == "snapshot" and snapshot["seq"] == 1, "the stream starts with a snapshot")
    fog = snapshot["sensed"]
    check(len(fog) == 900 and fog.count(".") == 899, "the snapshot shows the start cell only")
    check("seed" not in snapshot and "treasure" not in json.dumps(snapshot).replace("treasures", ""),
          "the snapshot carries no seed and no treasure")
    boot = snapshot.get("boot", "")
    check(len(boot) == 16 and all(c in "0123456789abcdef" for c in boot),
          f"the snapshot names the server's start: {boot!r}")
    other = f"{int(boot, 16) ^ 1:016x}" if boot else "0" * 16
    check(await refused_status(f"{url}/spectate/{run}?from=1&boot={other}") == 409,
          "resuming with another start's boot: 409")
    check(await refused_status(f"{url}/spectate/{run}?from=1&boot=xyz") == 400, "a bad boot: 400")

    # A second spectator fills this run's limit; a third is refused.
    second = await websockets.connect(f"{url}/spectate/{run}")
    check(await refused_status(f"{url}/spectate/{run}") == 503, "past the per-run limit: 503")
    # A spectator that speaks is closed with 1008.
    await second.send("hello")
    try:
        while True:
            await second.recv()
    except websockets.exceptions.ConnectionClosed as e:
        check(e.code == 1008, f"a spectator that speaks is closed with 1008 (got {e.code})")

    await explore(drone)
    result = drone.state["result"]
    await drone.close()
    trails, messages = [], []
    async for text in watcher:
        message = json.loads(text)
        messages.append(message)
        if message["type"] == "steps":
            trails.append(message["trail"])
    end = messages[-1]
    check(end["type"] == "end" and end["result"]["steps"] == result["steps"],
          "the stream ends with the result")
    check(all(conforms(m, "spectator_message") for m in [snapshot] + messages),
          "every message is a spectator_message of protocol.schema.json")
    visited = visited_cells(snapshot, trails)
    # Until the end: an "open" digit per move, for the cell the drone stood on.
    before_end = json.dumps(messages[:-1])
    check("walls" not in before_end and "seed" not in before_end and "replay" not in before_end,
          "nothing before the end carries walls, a seed or a replay")
    check(len(visited) <= 900 and sum(len(t) for t in trails) == result["steps"] + result["bumps"],
          "the trails hold every move attempt once")
    check(end["replay"] == f"/api/replays/{run}", "the end names the run's replay")
    replay = json.loads(get(port, end["replay"])[1])
    truth = replay["maze"]["walls"]
    position = (snapshot["start"]["x"], snapshot["start"]["y"])
    shown = {}
    for m in messages[:-1]:
        for letter, digit in zip(m["trail"], m["open"]):
            if letter.isupper():
                dx, dy = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}[letter]
                position = (position[0] + dx, position[1] + dy)
            shown[position] = digit
    check(set(shown) <= visited, "no cell the drone never stood on was shown")
    check(all(truth[y * 30 + x] == d for (x, y), d in shown.items()),
          "each cell was shown as the drone sensed it")
    check(replay["moves"] == "".join(t.upper() for t in trails),
          "the end's replay holds the moves the stream showed")
    check(end["result"].get("seed") == 9, "a practice run's end shows its seed")
    status, runs = get(port, "/api/runs")
    entry = next(r for r in json.loads(runs) if r["run"] == run)
    check(status == 200 and entry["maze"] == "prim" and "seed" not in entry,
          "/api/runs lists the run without a seed")
    async with websockets.connect(f"{url}/spectate/{run}?from=1&boot={boot}") as resumed:
        first_resumed = json.loads(await resumed.recv())
        check(first_resumed["type"] != "snapshot" and first_resumed["seq"] > 1,
              "resuming with this start's boot gets what came after, no snapshot")


async def non_reader(port):
    """A spectator that never reads is dropped; the player is not slowed."""
    url = f"ws://127.0.0.1:{port}"
    drone = await Drone.connect(f"{url}/ws", "fast")
    first = await drone.request({"type": "start", "max_steps": 1_000_000_000, "maze": {
        "generator": "prim", "width": 300, "height": 300, "seed": 2}})
    run = first["run"]
    # A raw socket with a tiny receive buffer: the handshake, then silence.
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.connect(("127.0.0.1", port))
    raw.sendall((f"GET /spectate/{run} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                 "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n").encode())

    def spectators():
        return next(r for r in json.loads(get(port, "/api/runs")[1]) if r["run"] == run)["spectators"]

    # /api/runs is rebuilt a few times a second at most: wait for it to show the spectator.
    deadline = time.monotonic() + 10
    while spectators() != 1 and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    check(spectators() == 1, "the silent spectator is admitted")
    # Back and forth through an open side of the start cell, in long paths.
    side = first["open"][0]
    there_and_back = (side + {"N": "S", "E": "W", "S": "N", "W": "E"}[side]) * 2000
    began = time.monotonic()
    rounds, rates = 0, []
    while spectators() == 1 and time.monotonic() - began < 60:
        t = time.monotonic()
        reply = await drone.request({"type": "path", "dirs": there_and_back})
        rates.append(4000 / (time.monotonic() - t))
        rounds += 1
    check(spectators() == 0, f"the silent spectator was dropped ({time.monotonic() - began:.1f} s)")
    after = []
    for _ in range(20):
        t = time.monotonic()
        await drone.request({"type": "path", "dirs": there_and_back})
        after.append(4000 / (time.monotonic() - t))
    check(reply["steps"] == rounds * 4000, "every move counted while it was connected")
    median = lambda xs: sorted(xs)[len(xs) // 2]  # noqa: E731
    print(f"moves a second: {median(rates):.0f} while it was connected, {median(after):.0f} after")
    check(drone.state.get("status", "active") == "active", "the run played on")
    raw.close()
    await drone.close()


async def ranked(folder):
    db = os.path.join(folder, "cup.db")
    token = subprocess.run([ADMIN, "--db", db, "add-competitor", "ann"], check=True,
                           capture_output=True, text=True).stdout.strip()
    closes = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=4)
    path = os.path.join(folder, "cup.json")
    with open(path, "w") as f:
        json.dump({"name": "secret-cup", "seeds": "shared",
                   "closes_at": closes.strftime("%Y-%m-%dT%H:%M:%SZ"),
                   "challenges": [{"id": "hidden", "maze": {"generator": "kruskal", "width": 20,
                                                            "height": 20}}]}, f)
    proc, port = start_server(SERVER, "--competition", path, "--db", db)
    try:
        url = f"ws://127.0.0.1:{port}"
        drone = await Drone.connect(f"{url}/ws", "ann", token=token)
        first = await drone.start_challenge("hidden")
        run = first["run"]
        # Its trail would show where the deal's treasure lies: no spectators yet.
        check(await refused_status(f"{url}/spectate/{run}") == 403,
              "a live ranked run cannot be watched before the close")
        await explore(drone)
        await drone.close()
        check(await refused_status(f"{url}/spectate/{run}") == 403,
              "nor an ended one")
        status, _ = get(port, f"/api/replays/{run}")
        check(status == 403, f"its replay is refused before the close (got {status})")
        status, runs = get(port, "/api/runs")
        entry = next(r for r in json.loads(runs) if r["run"] == run)
        check("kruskal" not in runs and "seed" not in runs and entry["maze"] == "hidden",
              "/api/runs names its challenge, not its maze")
        check(entry["steps"] is None and entry["bumps"] is None and entry["found"] is None,
              "/api/runs shows none of its counters before the close")
        # After the close it is published.
        while json.loads(get(port, "/api/competition")[1])["state"] != "closed":
            await asyncio.sleep(0.2)
        status, text = get(port, f"/api/replays/{run}")
        replay = json.loads(text) if status == 200 else {}
        check(status == 200 and replay["source"]["generator"] == "kruskal",
              "after the close its replay is published")
        check(conforms(replay, "replay"), "it is a replay of protocol.schema.json")
        async with websockets.connect(f"{url}/spectate/{run}") as late:
            end = [json.loads(t) async for t in late][-1]
        check(end["replay"] is not None and "seed" in end["result"],
              "after the close its stream ends with the maze and the seed")
        # After a restart the run is no longer in memory: its replay is rebuilt
        # from the store, the same.
        stop_server(proc)
        proc, port = start_server(SERVER, "--competition", path, "--db", db)
        status, stored = get(port, f"/api/replays/{run}")
        # The same document; only its start time is the attempt's, not the run's.
        same = {k: v for k, v in json.loads(stored).items() if k != "started_at"} == \
            {k: v for k, v in replay.items() if k != "started_at"} if status == 200 else False
        check(same, f"after a restart the store gives the same replay (got {status})")
        replay_file = os.path.join(folder, "ranked.json")
        with open(replay_file, "w") as f:
            f.write(text)
        verify = subprocess.run([os.path.join(build, "clients/runner/ariadne-bot"),
                                 "--verify-replay", replay_file], capture_output=True, text=True)
        check(verify.returncode == 0, "ariadne-bot --verify-replay accepts it")
        replay["moves"] = replay["moves"][:-1] + ("N" if replay["moves"][-1] != "N" else "E")
        with open(replay_file, "w") as f:
            json.dump(replay, f)
        verify = subprocess.run([os.path.join(build, "clients/runner/ariadne-bot"),
                                 "--verify-replay", replay_file], capture_output=True, text=True)
        check(verify.returncode == 1 and "MISMATCH" in verify.stderr,
              "and refuses it with one move changed")
    finally:
        stop_server(proc)


async def too_long(port):
    """A run longer than --max-replay-moves keeps no replay; its stream still ends."""
    url = f"ws://127.0.0.1:{port}"
    drone = await Drone.connect(f"{url}/ws", "long")
    first = await drone.request({"type": "start", "maze": {
        "generator": "prim", "width": 20, "height": 20, "seed": 2}})
    run = first["run"]
    watcher = await websockets.connect(f"{url}/spectate/{run}")
    side = first["open"][0]
    back = {"N": "S", "E": "W", "S": "N", "W": "E"}[side]
    await drone.request({"type": "path", "dirs": (side + back) * 1000})
    await drone.abandon()
    messages = [json.loads(t) async for t in watcher]
    end = messages[-1]
    check(end["type"] == "end" and end["replay"] is None and end["result"]["steps"] == 2000,
          "past --max-replay-moves the stream ends with the result and no replay")
    status, text = get(port, f"/api/replays/{run}")
    check(status == 410, f"and /api/replays says it was not kept (got {status} {text.strip()})")
    await drone.close()


async def one_address(port):
    """--max-spectators-per-ip 2: a third stream from one address is refused
    (429: the address's doing, which a proxy must not take for a failing
    server), another address still watches, and a stream closed
    frees its place."""
    url = f"ws://127.0.0.1:{port}"
    drone = await Drone.connect(f"{url}/ws", "watched")
    run = (await drone.request({"type": "start", "maze": {
        "generator": "prim", "width": 8, "height": 8, "seed": 3}}))["run"]
    mine = [await websockets.connect(f"{url}/spectate/{run}") for _ in range(2)]
    try:
        async with websockets.connect(f"{url}/spectate/{run}"):
            check(False, "a third stream from one address was admitted")
    except websockets.exceptions.InvalidStatusCode as e:
        check(e.status_code == 429, f"a third stream from one address: 429 (got {e.status_code})")
    neighbour = await websockets.connect(f"{url}/spectate/{run}", local_addr=("127.0.0.2", 0))
    snapshot = json.loads(await neighbour.recv())
    check(snapshot["type"] == "snapshot", "another address still watches the run")
    await mine[0].close()
    again = None
    for _ in range(100):  # its place is freed once the server has seen it close
        try:
            again = await websockets.connect(f"{url}/spectate/{run}")
            break
        except websockets.exceptions.InvalidStatusCode:
            await asyncio.sleep(0.02)
    check(again is not None, "a stream closed frees its address's place")
    for ws in [mine[1], neighbour] + ([again] if again else []):
        await ws.close()
    await drone.close()


async def on_server(scenario, *args):
    """Runs scenario(port) against a server started with args."""
    proc, port = start_server(SERVER, *args)
    try:
        await scenario(port)
    finally:
        stop_server(proc)


async def main():
    await on_server(practice, "--max-spectators-per-run", "2", "--max-spectators", "10")
    await on_server(one_address, "--max-spectators-per-ip", "2", "--max-spectators-per-run", "10")
    # Enough moves kept that the stream outruns any socket buffer.
    # A billion moves a run: its move log may take 1 GB, beyond the default memory share.
    await on_server(non_reader, "--max-replay-moves", "1000000000", "--max-memory-mib", "4096",
                    "--max-memory-per-ip-mib", "4096")
    await on_server(too_long, "--max-replay-moves", "1000")
    with tempfile.TemporaryDirectory() as folder:
        await ranked(folder)
    checks.finish("the spectator stream keeps its promises")


asyncio.run(main())
