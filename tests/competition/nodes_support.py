"""What the nodes tests share: the race for a competitor's only attempt
across several servers (every competitor starts the challenge on every
server at once, each start's outcome checked, every run played to its end,
what each competitor's clients received returned), and what the servers
publish, read from each.

Each function that checks takes the scenario's `check` (tests/support/checks.py)."""
import asyncio
import json
import time

from ariadne_server import http_get

from competition_client import Client, Refused
import websockets


async def start_once(port, token, challenge, check):
    """One connection's start of the challenge: (client, its reply, port), or
    (None, the refusal, port); or (None, None, port) when the competitor's
    hello on the other server replaced this connection before its start
    was answered. A welcome that carries a state took over the run the other
    server started: (client, that state, port), its reply "handed"."""
    client = await Client.connect(port, token)
    if "state" in client.welcome:
        return client, dict(client.welcome["state"], handed=True), port
    try:
        reply = await client.start(challenge)
        return client, reply, port
    except Refused as error:
        await client.ws.close()
        return None, str(error), port
    except websockets.exceptions.ConnectionClosed:
        check(client.ws.close_code == 1008, f"replaced: {client.ws.close_code}")
        return None, None, port


async def play_out(client, check):
    """Plays the run to its end: its result, or None when the competitor's
    hello on the other server replaced this connection first (1008: its run
    is handed over or given back)."""
    try:
        result = await client.play_dfs()
        await client.ws.close()
        return result
    except (Refused, websockets.exceptions.ConnectionClosed):
        await client.ws.wait_closed()
        check(client.ws.close_code == 1008, f"replaced: {client.ws.close_code}")
        return None


async def race_round(ports, tokens, challenge, runs_of, check):
    """Every competitor of `tokens` (name -> token) starts `challenge` (one
    attempt) on every server of `ports` at once: exactly one start of each
    plays (perhaps handed over to the later hello, or waiting for a
    takeover), every other is refused no_attempts_left or replaced
    unanswered, and the store (`runs_of()`, export-runs) never holds two
    runs of one competitor's attempt. A competitor whose every start was
    replaced or given back plays its attempt again where its latest hello
    was; a run left parked is taken over by a new hello. Returns name -> the
    results its clients received, in order."""
    names = list(tokens)
    tries = [start_once(port, tokens[name], challenge, check) for name in names for port in ports]
    outcomes = await asyncio.gather(*tries)
    played = [reply for client, reply, _ in outcomes if client is not None]
    refused = [reply for client, reply, _ in outcomes if client is None and reply]
    # A start may also be answered on a connection the competitor's later
    # hello has just replaced (its close follows).
    check(all("no_attempts_left" in r or "took your seat" in r for r in refused),
          f"{challenge}: the others are refused no_attempts_left: {refused[:3]}")
    for handed in (False, True):
        numbers = [reply["run"] for reply in played if reply.get("handed", False) == handed]
        check(len(set(numbers)) == len(numbers), f"{challenge}: run numbers unique: {numbers}")
    received = {name: [] for name in names}
    for i, (client, _, _) in enumerate(outcomes):
        if client is not None:
            result = await play_out(client, check)
            if result is not None:
                received[names[i // len(ports)]].append(result)
    replayed = resumed = 0
    for i, name in enumerate(names):
        held = [r for r in runs_of() if r["challenge"] == challenge and r["competitor"] == name
                and r["status"] != "interrupted"]
        check(len(held) <= 1, f"{challenge} {name}: never two runs of its one attempt: {held}")
        if not held:
            replayed += 1
            again = await Client.connect(outcomes[(i + 1) * len(ports) - 1][2], tokens[name])
            await again.start(challenge)
            result = await again.play_dfs()
            check(result is not None and result["status"] == "found",
                  f"{challenge} {name}: played again: {result}")
            received[name].append(result)
            await again.ws.close()
        elif held[0]["status"] == "in_play":
            resumed += 1
            back = await Client.connect(ports[i % len(ports)], tokens[name])
            state = back.welcome.get("state")
            check(state is not None and state["run"] == held[0]["run"],
                  f"{challenge} {name}: its run in play taken over: {back.welcome}")
            if state is not None:
                received[name].append(await back.play_dfs())
            await back.ws.close()
    handed = sum(1 for r in played if r.get("handed"))
    print(f"{challenge}: {len(played)} played ({handed} handed over), {len(refused)} refused; "
          f"then {replayed} played again, {resumed} taken over")
    return received


def metric(port, name):
    """A counter or gauge of a server's /metrics (0 when absent)."""
    status, text = http_get(port, "/metrics")
    for line in text.splitlines() if status == 200 else []:
        if line.startswith(name + " "):
            return int(line.split()[1])
    return 0


def wait_for_nodes(ports, count, seconds=10):
    """Until every server counts `count` servers on the store (its /metrics)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if all(metric(port, "ariadne_store_nodes") == count for port in ports):
            return True
        time.sleep(0.1)
    return False


def published(port, check):
    """What a server publishes of the competition, its times of writing aside."""
    status, board = http_get(port, "/api/leaderboard")
    check(status == 200, f"/api/leaderboard: {status}")
    board = json.loads(board)
    board.pop("generated_at", None)
    status, competition = http_get(port, "/api/competition")
    check(status == 200, f"/api/competition: {status}")
    return board, json.loads(competition)


def same_within(ports, seconds, ready, check):
    """Polls until every server publishes the same, and ready(the board) holds:
    (the time it took, the reading), or (None, every server's reading)."""
    began = time.monotonic()
    while True:
        readings = [published(port, check) for port in ports]
        if all(r == readings[0] for r in readings) and ready(readings[0][0]):
            return time.monotonic() - began, readings[0]
        if time.monotonic() - began > seconds:
            return None, readings
        time.sleep(0.1)
