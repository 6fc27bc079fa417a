#!/usr/bin/env python3
"""Ariadne starter kit: a protocol v1 client and a depth-first-search bot.

Needs only Debian's python3-websockets. Run a server, then:

    python3 clients/python/ariadne_client.py --url ws://127.0.0.1:8080/ws --seed 42

Write your own bot by replacing `explore` (see README, "Write your own bot").
"""
import argparse
import asyncio
import json
import sys

import websockets

OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
DELTA = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}


class ServerError(Exception):
    """The server answered with an error reply."""

    def __init__(self, reply):
        super().__init__(f"{reply['code']}: {reply['message']}")
        self.code = reply["code"]


class Drone:
    """One connection to an Ariadne server: what a drone may do and know."""

    def __init__(self, ws, timeout):
        self.ws = ws
        self.timeout = timeout
        self.state = {}
        self.welcome = {}

    @classmethod
    async def connect(cls, url, name, timeout=30.0, token=None):
        """Connects and says hello; every reply must come within timeout seconds.
        With a competitor's token, the welcome lists the competition's challenges;
        if it carries a "state", this connection took over a ranked run in play."""
        ws = await asyncio.wait_for(websockets.connect(url), timeout)
        drone = cls(ws, timeout)
        hello = {"type": "hello", "name": name}
        if token:
            hello["token"] = token
        drone.welcome = await drone.request(hello)
        if "state" in drone.welcome:
            drone.state = drone.welcome["state"]
        return drone

    async def request(self, message):
        """Sends one message and returns its reply (every message gets one).
        A server that does not answer within the timeout raises TimeoutError."""
        await self.ws.send(json.dumps(message))
        try:
            text = await asyncio.wait_for(self.ws.recv(), self.timeout)
        except asyncio.TimeoutError:
            raise TimeoutError(f"no reply within {self.timeout} s") from None
        reply = json.loads(text)
        if reply["type"] == "error":
            raise ServerError(reply)
        if reply["type"] == "state":
            self.state = reply
        return reply

    async def start(self, **maze):
        return await self.request({"type": "start", "maze": maze})

    async def start_challenge(self, challenge):
        """A ranked run on a competition's challenge (needs a token)."""
        return await self.request({"type": "start", "challenge": challenge})

    async def move(self, direction):
        """Moves one cell; True if it moved, False if it bumped into a wall."""
        return (await self.request({"type": "move", "dir": direction}))["moved"]

    async def abandon(self):
        return await self.request({"type": "abandon"})

    async def close(self):
        await self.ws.close()

    # What the drone senses where it stands.
    @property
    def position(self):
        return self.state["position"]["x"], self.state["position"]["y"]

    @property
    def open_sides(self):
        return self.state["open"]

    @property
    def finished(self):
        return "result" in self.state


async def explore(drone, max_moves=None):
    """Depth-first search: enter a side not yet visited (trying N, E, S, W in
    that order), else walk back; after each treasure found, a new search from
    where the drone stands. Stops after max_moves moves when given. Returns
    the number of steps this bot took."""
    steps = 0
    visited = {drone.position}
    way_back = []
    found = drone.state["found"]
    while not drone.finished and (max_moves is None or steps < max_moves):
        if drone.state["found"] != found:
            found = drone.state["found"]
            visited = {drone.position}
            way_back = []
        x, y = drone.position
        fresh = [d for d in drone.open_sides
                 if (x + DELTA[d][0], y + DELTA[d][1]) not in visited]
        if fresh:
            direction = fresh[0]
            way_back.append(OPPOSITE[direction])
        elif way_back:
            direction = way_back.pop()
        else:
            await drone.abandon()  # nothing left to explore
            break
        await drone.move(direction)
        steps += 1
        visited.add(drone.position)
    return steps


async def main():
    parser = argparse.ArgumentParser(description="Play one Ariadne maze with a DFS bot.")
    parser.add_argument("--url", default="ws://127.0.0.1:8080/ws")
    parser.add_argument("--name", default="python-dfs")
    parser.add_argument("--generator", default="hunt_and_kill")
    parser.add_argument("--size", default="16x16", help="WxH")
    parser.add_argument("--seed", type=int, help="default: the server picks one")
    parser.add_argument("--loops", type=float, default=0.0)
    parser.add_argument("--treasures", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=30.0,
                        help="seconds to wait for each reply (default 30)")
    parser.add_argument("--token", help="a competitor's token (competition mode)")
    parser.add_argument("--challenge", help="play a ranked run on this challenge (needs --token)")
    args = parser.parse_args()
    if args.challenge and not args.token:
        parser.error("--challenge needs --token")
    width, height = (int(side) for side in args.size.split("x"))
    maze = {"generator": args.generator, "width": width, "height": height, "loops": args.loops}
    options = {"treasures": args.treasures} if args.treasures != 1 else {}
    if args.seed is not None:
        maze["seed"] = args.seed

    drone = await Drone.connect(args.url, args.name, args.timeout, args.token)
    try:
        if args.challenge:
            first = await drone.start_challenge(args.challenge)
            print(f"run {first['run']}: challenge {first['maze']} {first['width']}x{first['height']}")
        else:
            first = await drone.request({"type": "start", "maze": maze, **options})
            print(f"run {first['run']}: {first['maze']} {first['width']}x{first['height']}"
                  f" seed {first['seed']}")
        steps = await explore(drone)
    finally:
        await drone.close()
    result = drone.state["result"]
    print(f"{result['status']}: {steps} steps by my count; server score {result['score']},"
          f" optimal {result['optimal']}, efficiency {result['efficiency']:.3f}")
    print("result:", json.dumps(result))
    return 0 if result["status"] == "found" else 1


if __name__ == "__main__":
    try:
        sys.exit(asyncio.run(main()))
    except (OSError, ServerError) as error:
        print(f"ariadne_client: {error}", file=sys.stderr)
        sys.exit(2)
