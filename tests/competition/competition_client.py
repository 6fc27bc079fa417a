"""The Python starter kit's drone, as the competition tests use it: every
reply kept (for checks on the wire), a depth-first bot that can stop after a
number of moves."""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "clients", "python"))
try:
    import websockets  # noqa: F401
except ImportError:  # the kit needs it: every competition test skips without it
    print("SKIP: python3-websockets is not installed")
    sys.exit(77)
from ariadne_client import Drone, ServerError, explore  # noqa: E402

Refused = ServerError


class Client(Drone):
    def __init__(self, ws, timeout):
        super().__init__(ws, timeout)
        self.frames = []  # every reply, as JSON text

    @classmethod
    async def connect(cls, port, token=None, name="test", timeout=30.0):
        # These tests check one server's answers to one connection, so a lost
        # connection stays lost; the kit's mending is the cluster test's.
        return await super().connect(f"ws://127.0.0.1:{port}/ws", name, timeout, token,
                                     reconnect=False)

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
        """The kit's depth-first bot to the end of the run (or max_moves
        moves); the result, or None when stopped before the end."""
        await explore(self, max_moves)
        return self.state.get("result")


def ratio(result):
    if result["status"] != "found":
        return 0.0
    return result["optimal"] / max(result["score"], result["optimal"])
