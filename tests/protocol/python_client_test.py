#!/usr/bin/env python3
"""A protocol v1 client written from protocol/PROTOCOL.md alone, in another
language, against the real ariadne-server binary (started on a free port): it explores by depth-first
search with physical backtracking and checks that its own step count is the
server's score. Also checks a few error replies.

Usage: python_client_test.py PATH/TO/ariadne-server MAZE_DIR
Exit code 77 (skipped) when the websockets package is missing.
"""
import asyncio
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "support"))
from ariadne_server import start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402

try:
    import jsonschema
    import websockets
except ImportError as missing:
    print(f"SKIP: {missing.name} is not installed (apt-get install python3-websockets python3-jsonschema)")
    sys.exit(77)

SCHEMA_PATH = os.path.join(os.path.dirname(__file__), "..", "..", "protocol", "protocol.schema.json")
with open(SCHEMA_PATH) as schema_file:
    SCHEMA = json.load(schema_file)


def conforms(message, kind):
    """Every message that crosses the wire must match protocol.schema.json."""
    schema = {"$ref": f"#/$defs/{kind}", "$defs": SCHEMA["$defs"]}
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(message))
    if errors:
        raise AssertionError(f"{message} does not match the {kind} schema: {errors[0].message}")

checks = Checks()
check = checks.check

OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
DELTA = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0)}


async def call(ws, message):
    conforms(message, "client_message")
    await ws.send(json.dumps(message))
    reply = json.loads(await ws.recv())
    conforms(reply, "server_message")
    return reply


async def explore(ws, state):
    """Depth-first search over what the drone senses; returns (state, steps)."""
    steps = 0
    seen = {(state["position"]["x"], state["position"]["y"])}
    back = []
    while "result" not in state:
        here = (state["position"]["x"], state["position"]["y"])
        fresh = [d for d in state["open"]
                 if (here[0] + DELTA[d][0], here[1] + DELTA[d][1]) not in seen]
        if fresh:
            move = fresh[0]
            back.append(OPPOSITE[move])
        elif back:
            move = back.pop()
        else:
            break
        state = await call(ws, {"type": "move", "dir": move})
        assert state["type"] == "state" and state["moved"], state
        steps += 1
        seen.add((state["position"]["x"], state["position"]["y"]))
    return state, steps


async def play(port):
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws") as ws:
        reply = await call(ws, {"type": "sense", "id": 1})
        check(reply == {"type": "error", "id": 1, "code": "hello_required",
                        "message": reply.get("message")}, f"sense before hello: {reply}")
        welcome = await call(ws, {"type": "hello", "name": "python-dfs"})
        check(welcome["type"] == "welcome" and welcome["protocol"] == 1, f"welcome: {welcome}")

        for maze in ({"generator": "hunt_and_kill", "width": 16, "height": 16, "seed": 42},
                     {"generator": "kruskal", "width": 10, "height": 7, "seed": 3, "loops": 0.5},
                     {"name": "hedge5x5"}):
            state = await call(ws, {"type": "start", "maze": maze, "id": "go"})
            check(state["type"] == "state" and state["id"] == "go" and state["steps"] == 0,
                  f"start {maze}: {state}")
            state, steps = await explore(ws, state)
            result = state.get("result", {})
            check(result.get("status") == "found", f"{maze}: not found: {state}")
            check(result.get("steps") == steps and result.get("score") == steps,
                  f"{maze}: my {steps} steps, server says {result}")
            check(0 < result.get("efficiency", 0) <= 1, f"{maze}: efficiency {result}")

        check((await call(ws, {"type": "move", "dir": "N"}))["code"] == "no_run", "move after result")
        check((await call(ws, {"type": "start", "maze": {"name": "nope"}}))["code"] == "unknown_maze",
              "unknown maze")
        await ws.send(json.dumps({"type": "move", "dir": "up"}))
        check(json.loads(await ws.recv())["code"] == "bad_request", "bad dir")
        await ws.send("{not json")
        reply = json.loads(await ws.recv())
        conforms(reply, "server_message")
        check(reply["code"] == "bad_json", "bad json")

        # The path command counts exactly like single moves.
        start = {"type": "start", "maze": {"generator": "prim", "width": 8, "height": 8, "seed": 9}}
        await call(ws, start)
        batched = await call(ws, {"type": "path", "dirs": "NNNNEEEE"})
        await call(ws, {"type": "abandon"})
        state = await call(ws, start)
        for letter in "NNNNEEEE":
            state = await call(ws, {"type": "move", "dir": letter})
            if not state["moved"] or state["treasure"]:
                break
        check((state["position"], state["steps"], state["bumps"]) ==
              (batched["position"], batched["steps"], batched["bumps"]),
              f"path {batched} differs from single moves {state}")


def main():
    proc, port = start_server(sys.argv[1], "--maze-dir", sys.argv[2])
    try:
        asyncio.run(asyncio.wait_for(play(port), 60))
    finally:
        code = stop_server(proc, timeout=10)
    check(code == 0, f"the server exited with {code} on SIGTERM")
    checks.finish()


if __name__ == "__main__":
    main()
