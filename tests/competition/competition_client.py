"""A raw competition client for the tests: hello with a token, ranked starts, a
depth-first bot, and every frame the server sent kept for checks on the wire."""
import asyncio
import json

import websockets

DELTA = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}


class Refused(Exception):
    def __init__(self, reply):
        super().__init__(f"{reply['code']}: {reply['message']}")
        self.code = reply["code"]


class Client:
    def __init__(self, ws):
        self.ws = ws
        self.frames = []  # every text frame received
        self.state = {}
        self.welcome = None

    @classmethod
    async def connect(cls, port, token=None, name="test"):
        ws = await asyncio.wait_for(websockets.connect(f"ws://127.0.0.1:{port}/ws"), 10)
        client = cls(ws)
        hello = {"type": "hello", "name": name}
        if token is not None:
            hello["token"] = token
        client.welcome = await client.request(hello)
        if "state" in client.welcome:
            client.state = client.welcome["state"]
        return client

    async def request(self, message):
        await self.ws.send(json.dumps(message))
        text = await asyncio.wait_for(self.ws.recv(), 30)
        self.frames.append(text)
        reply = json.loads(text)
        if reply["type"] == "error":
            raise Refused(reply)
        if reply["type"] == "state":
            self.state = reply
        return reply

    async def start(self, challenge):
        return await self.request({"type": "start", "challenge": challenge})

    async def move(self, direction):
        return (await self.request({"type": "move", "dir": direction}))["moved"]

    async def play_dfs(self, max_moves=None):
        """Depth-first search to the end of the run (or max_moves moves)."""
        visited = {self.position()}
        way_back = []
        moves = 0
        while "result" not in self.state:
            if max_moves is not None and moves >= max_moves:
                return None
            x, y = self.position()
            fresh = [d for d in self.state["open"]
                     if (x + DELTA[d][0], y + DELTA[d][1]) not in visited]
            if fresh:
                direction = fresh[0]
                way_back.append(OPPOSITE[direction])
            elif way_back:
                direction = way_back.pop()
            else:
                await self.request({"type": "abandon"})
                break
            await self.move(direction)
            moves += 1
            visited.add(self.position())
        return self.state["result"]

    def position(self):
        return self.state["position"]["x"], self.state["position"]["y"]

    async def close(self):
        await self.ws.close()


def ratio(result):
    if result["status"] != "found":
        return 0.0
    return result["optimal"] / max(result["score"], result["optimal"])
