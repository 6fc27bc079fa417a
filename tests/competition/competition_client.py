"""The Python starter kit's drone, as the competition tests use it: every
reply kept (for checks on the wire), a depth-first bot that can stop after a
number of moves."""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "clients", "python"))
from ariadne_client import DELTA, OPPOSITE, Drone, ServerError  # noqa: E402

Refused = ServerError


class Client(Drone):
    def __init__(self, ws, timeout):
        super().__init__(ws, timeout)
        self.frames = []  # every reply, as JSON text

    @classmethod
    async def connect(cls, port, token=None, name="test"):
        return await super().connect(f"ws://127.0.0.1:{port}/ws", name, 30.0, token)

    async def request(self, message):
        try:
            reply = await super().request(message)
        except ServerError as error:
            self.frames.append(str(error))
            raise
        self.frames.append(json.dumps(reply))
        return reply

    async def start(self, challenge):
        return await self.start_challenge(challenge)

    async def play_dfs(self, max_moves=None):
        """Depth-first search to the end of the run (or max_moves moves)."""
        visited = {self.position}
        way_back = []
        moves = 0
        while not self.finished:
            if max_moves is not None and moves >= max_moves:
                return None
            x, y = self.position
            fresh = [d for d in self.open_sides
                     if (x + DELTA[d][0], y + DELTA[d][1]) not in visited]
            if fresh:
                direction = fresh[0]
                way_back.append(OPPOSITE[direction])
            elif way_back:
                direction = way_back.pop()
            else:
                await self.abandon()
                break
            await self.move(direction)
            moves += 1
            visited.add(self.position)
        return self.state["result"]


def ratio(result):
    if result["status"] != "found":
        return 0.0
    return result["optimal"] / max(result["score"], result["optimal"])
