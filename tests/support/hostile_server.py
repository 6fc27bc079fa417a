"""A WebSocket server that lies, for testing clients against a server they do
not control. It speaks enough of protocol v1 to be believed (a welcome, state
replies to start, sense, move, path and abandon), and the path of the
client's URL picks the lie:

    /ws/edge_open    the start cell is open on every side, outside the maze too
    /ws/outside      the first move arrives west of the maze
    /ws/stuck        every move says it moved and the drone never leaves its cell
    /ws/huge         the start reply announces a 40000x40000 maze
    /ws/never_ends   an open field with no treasure: the run goes on past the
                     max_steps the server itself announced, and abandon ends nothing
    /ws/big_frame    the start reply is a frame of 4 MB
    /ws/not_json     the start reply is not JSON
    /ws/bad_frame    the start reply is a frame no WebSocket may send (a
                     reserved opcode), then silence: the client's close is
                     never answered and the connection never closed
    /ws/endless      the start reply announces a frame of 2^63 - 1 bytes and
                     streams junk as fast as the client reads, its close
                     never answered (not in MODES: the tests time how soon a
                     client gives up); /ws/endless_hello: the same for hello
    /ws/slow         honest, but each reply takes 0.2 s and max_steps is a billion:
                     a run that outlasts any deadline (not in MODES: the tests
                     give it a client's short --max-run-seconds)
    /ws/random-SEED  a fuzzer: honest moves, one reply in three then bent at
                     random (seeded): positions off the grid, sides that lead
                     out, counters that jump, fields missing or of another type

    with HostileServer() as server:
        url = server.url("edge_open")
"""
import asyncio
import json
import random
import threading

import websockets

DELTA = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
MODES = ("edge_open", "outside", "stuck", "huge", "never_ends", "big_frame", "not_json",
         "bad_frame")


class _Game:
    """One connection's pretend run."""

    def __init__(self, mode):
        self.mode = mode
        self.width = self.height = 16
        self.x = self.y = 0
        self.steps = 0
        self.random = random.Random(mode) if mode.startswith("random-") else None

    def bend(self, reply):
        """The fuzzer's lie, one reply in three."""
        r = self.random
        if r is None or r.random() > 1 / 3:
            return reply
        kind = r.randrange(8)
        if kind == 0:
            reply["position"] = {"x": r.randint(-3, self.width + 3),
                                 "y": r.randint(-3, self.height + 3)}
        elif kind == 1:
            reply["open"] = r.sample(["N", "E", "S", "W"], r.randint(0, 4))
        elif kind == 2:
            reply["open"] = ["N", "E", "S", "W", r.choice(["Q", "", "NE", 7])]
        elif kind == 3:
            reply["steps"] = r.choice([reply["steps"] + r.randint(-5, 5), -1, 2**63, 1.5])
        elif kind == 4:
            reply.pop(r.choice(["position", "open", "steps", "bumps", "found"]), None)
        elif kind == 5:
            reply["moved"] = not reply.get("moved", False)
        elif kind == 6:
            reply["done"] = r.randint(-2, 70)
        else:
            reply[r.choice(["position", "open", "treasure", "found"])] = r.choice(
                [None, "x", [], {}, 3])
        return reply

    def open_sides(self):
        if self.mode == "edge_open":
            return list(DELTA)
        return [d for d, (dx, dy) in DELTA.items()
                if 0 <= self.x + dx < self.width and 0 <= self.y + dy < self.height]

    def state(self, **extra):
        return {"type": "state", "run": 1, "position": {"x": self.x, "y": self.y},
                "open": self.open_sides(), "treasure": False, "steps": self.steps,
                "bumps": 0, "found": 0, "treasures": 1, **extra}

    def start(self, message):
        maze = message.get("maze") or {}
        self.width = maze.get("width", 16)
        self.height = maze.get("height", 16)
        if self.mode == "not_json":
            return "{this is not json"
        if self.random is not None and self.random.random() < 0.1:
            # Now and then a maze of another size than the one asked for.
            self.width = self.random.choice([1, 2, 5, 40, 0, -4])
            self.height = self.random.choice([1, 3, 40, 0])
        first = self.state(width=self.width, height=self.height, seed=1,
                           max_steps=10**9 if self.mode == "slow" else 50,
                           maze=maze.get("generator", "challenge"))
        if self.mode == "huge":
            first.update(width=40000, height=40000)
        if self.mode == "big_frame":
            first["maze"] = "x" * (4 << 20)
        return first

    def move(self, direction):
        self.steps += 1
        if self.mode == "stuck":
            return self.state(moved=True)
        if self.mode == "outside":
            self.x = -1
            return self.state(moved=True)
        dx, dy = DELTA[direction]
        if direction in self.open_sides():
            self.x += dx
            self.y += dy
            return self.state(moved=True)
        self.steps -= 1
        return self.state(moved=False)


async def _serve(ws, path=None):
    try:
        await _play(ws, (path or ws.path).rstrip("/").rsplit("/", 1)[-1])
    except websockets.exceptions.ConnectionClosed:
        pass  # the client gave up on the lie: what the tests want


async def _play(ws, mode):
    game = _Game(mode)
    async for text in ws:
        message = json.loads(text)
        if mode == "slow" and message.get("type") not in ("hello", "start"):
            await asyncio.sleep(0.2)
        kind = message.get("type")
        if kind == "hello" and mode != "endless_hello":
            reply = {"type": "welcome", "protocol": 1, "server": "hostile", "session": "lies"}
        elif mode in ("endless", "endless_hello") and kind in ("start", "hello"):
            # FIN, text, the 64-bit length 2^63 - 1, no mask; then junk, the
            # client's close frame never read (so never answered) and its
            # end of sending ignored, until it hangs up.
            ws.transport.pause_reading()
            ws.transport.write(bytes([0x81, 127]) + (2**63 - 1).to_bytes(8, "big"))
            junk = b"x" * 65536
            try:
                while not ws.transport.is_closing():
                    if ws.transport.get_write_buffer_size() < (1 << 20):
                        ws.transport.write(junk)
                    else:
                        await asyncio.sleep(0.005)  # as fast as the client reads
            except RuntimeError:  # the library's end of writing
                pass
            return
        elif kind == "start" and mode == "bad_frame":
            # FIN and opcode 3 (reserved), no payload; then nothing is read,
            # so the client's close frame is never answered.
            ws.transport.write(bytes([0x83, 0x00]))
            ws.transport.pause_reading()
            # Longer than a client may take to give up (a few seconds), short
            # enough for the server's own stop.
            await asyncio.sleep(6)
            ws.transport.abort()
            return
        elif kind == "start":
            reply = game.start(message)
        elif kind == "move":
            reply = game.move(message.get("dir"))
        elif kind == "path":
            done = 0
            for letter in message.get("dirs", ""):
                done += 1
                if not game.move(letter)["moved"]:
                    break
            reply = game.state(done=done)
        else:
            reply = game.state()
        if isinstance(reply, dict) and kind != "hello":
            reply = game.bend(reply)
        await ws.send(reply if isinstance(reply, str) else json.dumps(reply))


class HostileServer:
    """Runs the lying server on 127.0.0.1 (a free port) in a thread."""

    def __enter__(self):
        self._loop = asyncio.new_event_loop()
        ready = threading.Event()

        def run():
            asyncio.set_event_loop(self._loop)
            self._server = self._loop.run_until_complete(
                websockets.serve(_serve, "127.0.0.1", 0, max_size=1 << 20, close_timeout=1))
            self.port = self._server.sockets[0].getsockname()[1]
            ready.set()
            self._loop.run_forever()

        self._thread = threading.Thread(target=run, daemon=True)
        self._thread.start()
        ready.wait()
        return self

    def url(self, mode):
        return f"ws://127.0.0.1:{self.port}/ws/{mode}"

    def __exit__(self, *exc):
        async def shut():
            self._server.close()  # and every connection still open
            await self._server.wait_closed()
        asyncio.run_coroutine_threadsafe(shut(), self._loop).result(timeout=10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
